// `sgf report` opened in headless Chromium (Debian's /usr/bin/chromium; the tests skip without
// it): the DOM after the page's script has run has one row per game, one diagram per finding with
// a position up to --max-diagrams, and diagrams whose stones match a replay of the record made
// here with the board alone. Each test leaves a screenshot in the working folder
// (build/tests/report-*.png) to look at.
#include "lib/rules/board.h"
#include "lib/sgf/values.h"
#include "parsers/record/record.h"
#include "tests/cli/cli_support.h"
#include "tests/support/board_svg.h"
#include "tests/support/text.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace sgf {
namespace {

using sgf::testing_support::occurrences;

namespace fs = std::filesystem;
using testing_support::CliTest;
using testing_support::lines_of;
using testing_support::Outcome;
using testing_support::points_in;
using testing_support::read_file;

const fs::path chromium = "/usr/bin/chromium";

std::string unescape(std::string s) {
  const std::pair<std::string, std::string> entities[] = {
      {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}};
  for (const auto &[from, to] : entities)
    for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
      s.replace(at, from.size(), to);
  return s;
}

// The value of attribute `name` in the tag that starts at `tag`.
std::string attribute(const std::string &dom, size_t tag, const std::string &name) {
  const size_t end = dom.find('>', tag);
  const std::string key = " " + name + "=\"";
  const size_t at = dom.find(key, tag);
  if (at == std::string::npos || at > end)
    return {};
  const size_t from = at + key.size();
  return unescape(dom.substr(from, dom.find('"', from) - from));
}

// The stones on the board after `node`, replayed here from the record with the board alone:
// setup stones, then each move with its captures (a move on an occupied point is left out, as
// the record's own diagram shows the point as it was).
int stones_after(const Game &game, NodeIndex node) {
  std::vector<NodeIndex> line;
  for (NodeIndex n = node; n != no_node; n = game.nodes[n].parent)
    line.push_back(n);
  std::reverse(line.begin(), line.end());
  const BoardSize size = board_size_of(game).value_or(BoardSize{});
  rules::Board board(size);
  for (NodeIndex n : line) {
    const Node &nd = game.nodes[n];
    for (const Property &p : nd.properties) {
      const rules::Stone s = p.id == "AB"   ? rules::Stone::black
                             : p.id == "AW" ? rules::Stone::white
                                            : rules::Stone::empty;
      if (p.id == "AB" || p.id == "AW" || p.id == "AE")
        for (Point pt : to_point_list(p, size).value_or(std::vector<Point>{}))
          board.set(pt, s);
    }
    if (auto move = move_of(nd, size); move && !move->pass && size.contains(move->point) &&
                                       board.at(move->point) == rules::Stone::empty)
      board.play(move->point, move->color, true);
  }
  int n = 0;
  for (int y = 0; y < size.height; ++y)
    for (int x = 0; x < size.width; ++x)
      n += board.at({x, y}) != rules::Stone::empty;
  return n;
}

class ReportInChromium : public CliTest {
protected:
  void SetUp() override {
    if (!fs::exists(chromium))
      GTEST_SKIP() << chromium << " is missing (scripts/deps installs it)";
    CliTest::SetUp();
  }

  std::string browser(const std::string &options, const fs::path &page) {
    Outcome run = shell("timeout 300 " + chromium.string() +
                        " --headless --no-sandbox --disable-gpu --hide-scrollbars " + options +
                        " 'file://" + page.string() + "'");
    EXPECT_EQ(run.status, 0) << run.err;
    return run.out;
  }

  // The report of `inputs`, then what Chromium makes of it: checks rows, diagrams and stones,
  // takes a screenshot and prints the load time.
  void check_report(const std::string &inputs, size_t games, size_t max_diagrams,
                    const std::string &name) {
    const fs::path page = dir_ / (name + ".html");
    Outcome report =
        shell(std::string(SGF_EXE) + " report -j2 --max-diagrams " + std::to_string(max_diagrams) +
              " " + inputs + " -o '" + page.string() + "'");
    ASSERT_LE(report.status, 1) << report.err;
    const std::string html = read_file(page);
    ASSERT_FALSE(html.empty());

    // The findings with a position, from `sgf check --json` on the same inputs: those at a node
    // after the root, and the counts that disagree with RE.
    Outcome check = shell(std::string(SGF_EXE) + " check -j2 --json " + inputs);
    size_t with_position = 0, findings = 0;
    for (const std::string &line : lines_of(check.out)) {
      auto j = nlohmann::json::parse(line);
      ++findings;
      with_position +=
          (j["node"].is_number() && j["node"].get<int>() > 0) || j["code"] == "result-mismatch";
    }
    const size_t diagrams = std::min(with_position, max_diagrams);

    const std::string dom = browser("--dump-dom", page);
    ASSERT_NE(dom.find("</html>"), std::string::npos) << dom.substr(0, 500);
    EXPECT_EQ(occurrences(dom, "<tr id=\"r"), games);
    EXPECT_EQ(occurrences(dom, "<div class=\"finding "), findings);
    EXPECT_EQ(occurrences(dom, "<figure class=\"board\""), diagrams);
    EXPECT_EQ(occurrences(dom, "<svg class=\"go "), diagrams);
    // The grids, stones and marks the diagrams use, defined once.
    EXPECT_EQ(occurrences(dom, "<svg class=\"go-defs\""), diagrams > 0 ? 1u : 0u);
    EXPECT_EQ(occurrences(dom, "<p class=\"no-diagram\">"), with_position - diagrams);
    // The script ran: step buttons on every diagram, the filter shown.
    EXPECT_EQ(occurrences(dom, "<div class=\"steps\">"), diagrams);
    EXPECT_NE(dom.find("<p id=\"controls\">"), std::string::npos);
    // The neighbours in words, for a reader without the script, give way to the buttons.
    EXPECT_EQ(occurrences(html, "<p class=\"around\">") > 0, diagrams > 0);
    EXPECT_EQ(occurrences(dom, "<p class=\"around\">"), 0u);

    // Every diagram of a superko or ko finding shows the stones of the record at its node.
    size_t sampled = 0;
    for (size_t fig = dom.find("<figure class=\"board\""); fig != std::string::npos;
         fig = dom.find("<figure class=\"board\"", fig + 1)) {
      const size_t finding = dom.rfind("<div class=\"finding ", fig);
      const size_t code = dom.find("<code>", finding);
      const std::string code_text = dom.substr(code + 6, dom.find('<', code + 6) - code - 6);
      if (code_text != "superko" && code_text != "ko")
        continue;
      const size_t article = dom.rfind("<article class=\"game\"", fig);
      const std::string file = attribute(dom, article, "data-file");
      const int game = std::stoi(attribute(dom, article, "data-game"));
      const int node = std::stoi(attribute(dom, fig, "data-node"));
      const std::string svg = dom.substr(fig, dom.find("</figure>", fig) - fig);
      ParseResult parsed = parse_record(read_file(file), file);
      ASSERT_LT(static_cast<size_t>(game), parsed.collection.games.size()) << file;
      const Game &g = parsed.collection.games[static_cast<size_t>(game)];
      EXPECT_EQ(points_in(svg, "black-stones") + points_in(svg, "white-stones"),
                static_cast<size_t>(stones_after(g, static_cast<NodeIndex>(node))))
          << file << " game " << game << " node " << node;
      ++sampled;
    }
    EXPECT_GT(sampled, 0u);
    std::printf("%s: %zu games, %zu findings, %zu diagrams, %zu ko/superko diagrams' stones "
                "checked, %zu bytes\n",
                name.c_str(), games, findings, diagrams, sampled, html.size());

    // Stepping: a copy whose extra script presses "before" on the first diagram that has one,
    // and records the stones drawn against those the page's data give; and the load time.
    std::string timed = html;
    const std::string probe =
        "<script>addEventListener('load', function () {"
        "var loaded = performance.now();"
        "var f = document.querySelector('figure.board[data-prev]');"
        "if (f) { f.querySelector('button[data-step=prev]').click();"
        "var s = f.getAttribute('data-prev');"
        "document.body.setAttribute('data-expected', s.length - s.split('.').length + 1);"
        "var drawn = {};"
        "f.querySelectorAll('svg .black-stones, svg .white-stones').forEach(function (p) {"
        "var v = p.getAttribute('d').slice(1).split(' ');"
        "for (var i = 0; i + 1 < v.length; i += 2) drawn[v[i] + ' ' + v[i + 1]] = 1; });"
        "document.body.setAttribute('data-drawn', Object.keys(drawn).length); }"
        "requestAnimationFrame(function () {"
        "document.body.setAttribute('data-load-ms', loaded.toFixed(0)); }); });</script>";
    timed.insert(timed.rfind("</body>"), probe);
    const fs::path timed_page = dir_ / (name + "-timed.html");
    std::ofstream(timed_page, std::ios::binary) << timed;
    const std::string stepped = browser("--dump-dom", timed_page);
    const size_t body = stepped.find("<body");
    ASSERT_NE(body, std::string::npos);
    if (diagrams > 0) {
      EXPECT_EQ(attribute(stepped, body, "data-drawn"), attribute(stepped, body, "data-expected"));
    }
    std::printf("%s: load event after %s ms in Chromium (load average %s)\n", name.c_str(),
                attribute(stepped, body, "data-load-ms").c_str(),
                lines_of(read_file("/proc/loadavg")).front().substr(0, 14).c_str());

    const fs::path png = fs::current_path() / ("report-" + name + ".png");
    browser("--window-size=1280,1800 --screenshot='" + png.string() + "'", page);
    EXPECT_GT(fs::exists(png) ? fs::file_size(png) : 0, 10'000u) << png;
    std::printf("%s: screenshot %s\n", name.c_str(), png.c_str());
  }
};

// Games in the records: each game is a row, and a record with no game one row too.
size_t games_in(const std::vector<fs::path> &files) {
  size_t n = 0;
  for (const fs::path &f : files)
    n += std::max<size_t>(1, parse_record(read_file(f), f.string()).collection.games.size());
  return n;
}

TEST_F(ReportInChromium, Demo) {
  const fs::path demo = fs::path(SGF_TESTDATA) / "demo";
  std::vector<fs::path> files;
  for (const auto &e : fs::directory_iterator(demo))
    if (e.path().extension() == ".sgf")
      files.push_back(e.path());
  ASSERT_EQ(files.size(), 5u);
  check_report("'" + demo.string() + "'", games_in(files), 1000, "demo");
}

// Every eighth .sgf file of the corpus in byte order, the first 2,000: records counted on
// servers, rule corner cases, broken files and many charsets. 100 diagrams at most, fewer than
// the findings with a position, to see the limit hold.
TEST_F(ReportInChromium, CorpusSampleOf2000Games) {
  const fs::path corpus = SGF_CORPUS;
  if (!fs::is_directory(corpus))
    GTEST_SKIP() << corpus << " is absent";
  std::vector<std::string> all;
  for (const auto &e : fs::recursive_directory_iterator(corpus)) {
    std::string ext = e.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (e.is_regular_file() && ext == ".sgf")
      all.push_back(e.path().string());
  }
  std::sort(all.begin(), all.end());
  std::vector<fs::path> sample;
  for (size_t i = 0; i < all.size() && sample.size() < 2000; i += 8)
    sample.push_back(all[i]);
  ASSERT_EQ(sample.size(), 2000u);
  const fs::path list = dir_ / "sample.txt";
  {
    std::ofstream out(list, std::ios::binary);
    for (const fs::path &p : sample)
      out << p.string() << '\0';
  }
  check_report("-0 --files-from '" + list.string() + "'", games_in(sample), 100, "corpus-2000");
}

} // namespace
} // namespace sgf

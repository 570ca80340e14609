// End-to-end cases of `sgf annotate`: the output parses back without new errors and differs
// from the input only by the annotations (comments appended to C, MA/TB/TW points added, RE
// with --fix-result), compared tree against tree; --in-place; exit statuses.
#include "lib/sgf/validate.h"
#include "lib/sgf/values.h"
#include "parsers/sgf/parse.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/cli/cli_support.h"

using sgf::testing_support::CliTest;
using sgf::testing_support::Outcome;
using sgf::testing_support::read_file;

namespace {

namespace fs = std::filesystem;
using namespace sgf;

class AnnotateCli : public CliTest {
protected:
  Outcome annotate(const std::string &args) {
    return shell(std::string("cd '") + SGF_TESTDATA + "/render' && '" + SGF_EXE +
                 "' annotate --no-progress " + args);
  }
};

std::string input(const std::string &name) {
  return read_file(std::string(SGF_TESTDATA) + "/render/" + name);
}

// What annotate may change: C grows at its end (or appears), MA/TB/TW gain points (or appear),
// RE changes when `re_may_change`, SGFANNOTATE (its list of what it wrote) appears. Returns the
// first other difference, or "".
std::string tree_difference(const Collection &before, const Collection &after, bool re_may_change) {
  if (before.games.size() != after.games.size())
    return "game count";
  for (size_t g = 0; g < before.games.size(); ++g) {
    const Game &a = before.games[g];
    const Game &b = after.games[g];
    if (a.nodes.size() != b.nodes.size())
      return "node count";
    for (size_t n = 0; n < a.nodes.size(); ++n) {
      const Node &x = a.nodes[n];
      const Node &y = b.nodes[n];
      const std::string where = "game " + std::to_string(g) + " node " + std::to_string(n);
      if (x.parent != y.parent || x.first_child != y.first_child ||
          x.next_sibling != y.next_sibling)
        return where + ": links";
      size_t j = 0;
      for (const Property &p : x.properties) {
        // Added properties may come between the original ones only at the end; skip none here.
        if (j >= y.properties.size() || y.properties[j].id != p.id)
          return where + ": property " + p.id + " missing or moved";
        const Property &q = y.properties[j++];
        if (p.id == "C") {
          if (q.values.size() != 1 || q.values[0].text.rfind(p.values[0].text, 0) != 0)
            return where + ": C not kept as its beginning";
        } else if (p.id == "MA" || p.id == "TB" || p.id == "TW") {
          if (q.values.size() < p.values.size() ||
              !std::equal(p.values.begin(), p.values.end(), q.values.begin(),
                          [](const Value &u, const Value &v) { return u.text == v.text; }))
            return where + ": " + p.id + " values changed";
        } else if (p.id == "RE" && re_may_change) {
          continue;
        } else {
          if (p.values.size() != q.values.size())
            return where + ": " + p.id + " value count";
          for (size_t v = 0; v < p.values.size(); ++v)
            if (p.values[v].text != q.values[v].text)
              return where + ": " + p.id + " value " + p.values[v].text + " became " +
                     q.values[v].text;
        }
      }
      for (; j < y.properties.size(); ++j) {
        const std::string &id = y.properties[j].id;
        if (id != "C" && id != "MA" && id != "TB" && id != "TW" && id != "SGFANNOTATE" &&
            !(id == "RE" && re_may_change))
          return where + ": added property " + id;
      }
    }
  }
  return "";
}

size_t errors(const Diagnostics &ds) {
  return size_t(std::count_if(ds.begin(), ds.end(),
                              [](const Diagnostic &d) { return d.severity == Severity::error; }));
}

void expect_only_annotations(const std::string &name, const std::string &output,
                             bool re_may_change = false) {
  SCOPED_TRACE(name);
  ParseResult before = parse_sgf(input(name));
  ParseResult after = parse_sgf(output);
  ASSERT_TRUE(after.ok()) << output;
  EXPECT_EQ(tree_difference(before.collection, after.collection, re_may_change), "");
  // The annotations bring no specification error of their own.
  EXPECT_LE(errors(validate(after.collection)), errors(validate(before.collection)));
}

TEST_F(AnnotateCli, FindingsBecomeCommentsAndMarks) {
  Outcome r = annotate("long-life.sgf");
  // White's throw-in comes back round an eternal life that neither side leaves: under Chinese
  // rules (Article 11.3) a draw or a replay, a warning, not a superko error.
  EXPECT_EQ(r.status, 0) << r.err;
  expect_only_annotations("long-life.sgf", r.out);
  Game g = parse_sgf(r.out).collection.games.at(0);
  // The node with the cycle finding names it in its comment and marks its move's point.
  int found = 0;
  for (const Node &n : g.nodes) {
    const Property *c = n.find("C");
    if (!c || to_text(c->values[0].text).find("warning[cycle]: eternal life") == std::string::npos)
      continue;
    ++found;
    auto move = move_of(n, {9, 9});
    ASSERT_TRUE(move && !move->pass);
    ASSERT_TRUE(n.find("MA"));
    EXPECT_EQ(n.find("MA")->values[0].text, point_to_sgf(move->point));
  }
  EXPECT_EQ(found, 1); // the throw-in: the cycle is one finding
  // The last node keeps its comment first and gains the score after it.
  const std::string last = to_text(g.nodes.back().find("C")->values[0].text);
  EXPECT_EQ(last.rfind("Black plays at a7 again.\n\nsgf annotate: ", 0), 0u) << last;
  EXPECT_NE(last.find("\n\nsgf annotate: score B+"), std::string::npos) << last;
}

TEST_F(AnnotateCli, ScoreAndTerritoryOnTheFinalNode) {
  Outcome r = annotate("ji1-no-markup.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  expect_only_annotations("ji1-no-markup.sgf", r.out);
  Game g = parse_sgf(r.out).collection.games.at(0);
  const Node &last = g.nodes.back();
  EXPECT_NE(to_text(last.find("C")->values[0].text).find("score W+2.5 under chinese"),
            std::string::npos);
  // The territory is marked only on a board the scorer calls finished, and then it is the
  // territory the record's own markup gives (ji1.sgf): 27 points for Black, 18 for White.
  const std::string comment = to_text(last.find("C")->values[0].text);
  if (comment.find("The board is not finished: the territory is not marked") != std::string::npos) {
    EXPECT_FALSE(last.find("TB") || last.find("TW"));
  } else {
    ASSERT_TRUE(last.find("TB") && last.find("TW")) << comment;
    EXPECT_EQ(last.find("TB")->values.size(), 27u);
    EXPECT_EQ(last.find("TW")->values.size(), 18u);
    Game marked = parse_sgf(input("ji1.sgf")).collection.games.at(0);
    auto tb = to_point_list(*last.find("TB"), {9, 9});
    auto tb_record = to_point_list(*marked.nodes.back().find("TB"), {9, 9});
    ASSERT_TRUE(tb && tb_record);
    auto less = [](Point a, Point b) { return std::tie(a.y, a.x) < std::tie(b.y, b.x); };
    std::sort(tb->begin(), tb->end(), less);
    std::sort(tb_record->begin(), tb_record->end(), less);
    EXPECT_EQ(*tb, *tb_record);
  }

  // A record that marks its own territory keeps it as it is.
  r = annotate("ji1.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  expect_only_annotations("ji1.sgf", r.out);
}

TEST_F(AnnotateCli, FixResultRewritesAWrongWinner) {
  Outcome plain = annotate("ji1-wrong-result.sgf");
  expect_only_annotations("ji1-wrong-result.sgf", plain.out);
  EXPECT_NE(plain.out.find("RE[B+2.5]"), std::string::npos);

  Outcome r = annotate("--fix-result ji1-wrong-result.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  expect_only_annotations("ji1-wrong-result.sgf", r.out, true);
  Game g = parse_sgf(r.out).collection.games.at(0);
  EXPECT_EQ(g.root().find("RE")->values[0].text, "W+2.5");
  EXPECT_NE(to_text(g.root().find("C")->values[0].text).find("RE was [B+2.5]"), std::string::npos);
  // A right result is left alone.
  Outcome right = annotate("--fix-result ji1.sgf");
  EXPECT_NE(right.out.find("RE[W+2.5]"), std::string::npos);
  EXPECT_EQ(right.out.find("RE was"), std::string::npos);
  // --rule overrides one rule of the count, as in sgf score: komi 0.5 turns W+2.5 into B+4.5.
  Outcome komi = annotate("--rule komi=0.5 ji1.sgf");
  EXPECT_EQ(komi.status, 0) << komi.err;
  EXPECT_NE(komi.out.find("score B+4.5 under chinese rules (komi 0.5)"), std::string::npos)
      << komi.out;
  EXPECT_EQ(annotate("--rule komi=lots ji1.sgf").status, 2);
}

TEST_F(AnnotateCli, InPlaceAndOutputFile) {
  fs::copy_file(std::string(SGF_TESTDATA) + "/render/nhk-newyear2002-4.sgf", dir_ / "g.sgf");
  fs::permissions(dir_ / "g.sgf", fs::perms::owner_write, fs::perm_options::add);
  Outcome r = annotate("-i '" + (dir_ / "g.sgf").string() + "'"); // -i is --in-place
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  const std::string changed = read_file(dir_ / "g.sgf");
  EXPECT_NE(changed.find("sgf annotate: score W+7.5"), std::string::npos);
  expect_only_annotations("nhk-newyear2002-4.sgf", changed);

  r = annotate("nhk-newyear2002-4.sgf -o '" + (dir_ / "copy.sgf").string() + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_file(dir_ / "copy.sgf"), changed);
  // The input is never touched without --in-place.
  EXPECT_EQ(input("nhk-newyear2002-4.sgf").find("sgf annotate"), std::string::npos);

  EXPECT_EQ(annotate("--in-place -o x.sgf nhk-newyear2002-4.sgf").status, 2);
  EXPECT_EQ(annotate("--rules nonsense nhk-newyear2002-4.sgf").status, 2);
  EXPECT_EQ(annotate("--in-place - < nhk-newyear2002-4.sgf").status, 2);
  EXPECT_EQ(annotate("--format json nhk-newyear2002-4.sgf").status, 2);
}

} // namespace

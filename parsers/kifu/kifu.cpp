#include "parsers/kifu/kifu.h"

#include "parsers/sgf/foreign.h"

#include <boost/fusion/include/at_c.hpp>
#include <boost/fusion/include/vector.hpp>
#include <boost/spirit/home/x3.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <vector>

namespace sgf {
namespace {

namespace x3 = boost::spirit::x3;
using foreign::Line;

const auto game_id = +x3::char_('0', '9') >> '\t';
// One move: ";B[dd]", ";W[]" (a pass).
const auto move = x3::lit(';') >> x3::char_("BW") >> '[' >> x3::repeat(0, 2)[x3::char_("a-s")] >>
                  ']';

struct IndexEntry {
  std::vector<std::string_view> fields;
};

std::vector<std::string_view> split_tabs(std::string_view s) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    size_t tab = s.find('\t', start);
    out.push_back(s.substr(start, tab == s.npos ? s.npos : tab - start));
    if (tab == s.npos)
      return out;
    start = tab + 1;
  }
}

// "B+Resign" → "B+R", "W+Time" → "W+T", "B+Offline" (the loser disconnected) → "B+F",
// "W+2.5", "B+" unchanged.
std::string kifu_result(std::string_view r) {
  if (r.size() < 2 || (r[0] != 'B' && r[0] != 'W') || r[1] != '+')
    return {};
  std::string_view how = r.substr(2);
  std::string out(r.substr(0, 2));
  if (how == "Resign")
    return out + "R";
  if (how == "Time")
    return out + "T";
  if (how == "Offline")
    return out + "F";
  return out + std::string(how);
}

class KifuReader {
public:
  KifuReader(std::string_view text, std::string_view index, foreign::Collector &out)
      : lines_(foreign::split_lines(text)), out_(out) {
    for (const Line &line : foreign::split_lines(index)) {
      auto fields = split_tabs(line.text);
      if (fields.size() >= 9)
        index_[fields[0]] = fields;
    }
  }

  void run() {
    bool any = false;
    for (const Line &line : lines_) {
      if (trim(line.text).empty())
        continue;
      any = true;
      read_game(line);
      if (out_.stopped())
        return; // past a limit
    }
    if (!any)
      push(Severity::error, "empty-file", "the file holds no kifu line", {1, 1}, -1);
  }

private:
  void read_game(const Line &line) {
    std::string_view t = line.text;
    const char *first = t.data(), *last = t.data() + t.size();
    if (!x3::parse(first, last, game_id)) {
      push(Severity::error, "kifu-bad-line", "not a kifu line (expected an id, a tab, the moves)",
           foreign::start_of(line), -1);
      return;
    }
    std::string_view id(t.data(), first - t.data() - 1);
    Game *game = out_.new_game(foreign::start_of(line));
    if (!game)
      return;
    // A move is six bytes or more (";B[dd]"): room for them all before the root is made.
    foreign::GameBuilder builder(out_, *game, foreign::start_of(line),
                                 static_cast<size_t>(last - first) / 6 + 1);
    const int game_index = builder.game_index();
    builder.root("GM", "1");
    builder.root("FF", "4");
    builder.root("SZ", "19");
    builder.root("GN", id);
    if (auto it = index_.find(id); it != index_.end())
      game_info(builder, it->second);
    else if (!index_.empty())
      push(Severity::warning, "kifu-no-index-entry",
           "game " + std::string(id) + " is not in kifu.index: moves only", foreign::start_of(line),
           game_index);
    NodeIndex node = builder.root_index();
    // Columns are counted on from the previous move: a game is one long line.
    const char *counted = t.data();
    uint32_t col = 1;
    auto position = [&](const char *at) {
      for (; counted < at; ++counted)
        col += (static_cast<unsigned char>(*counted) & 0xC0) != 0x80;
      return SourcePos{line.number, col};
    };
    while (first < last) {
      const char *at = first;
      boost::fusion::vector<char, std::string> v; // a short string: no allocation
      if (!x3::parse(first, last, move, v)) {
        push(Severity::error, "kifu-bad-move",
             "bad move (expected ;B[xy] or ;W[xy]): the rest of the line is ignored", position(at),
             game_index);
        return;
      }
      const std::string &point = boost::fusion::at_c<1>(v);
      if (point.size() == 1) {
        push(Severity::error, "kifu-bad-move", "a move with one coordinate", position(at),
             game_index);
        continue;
      }
      node = builder.move(node, boost::fusion::at_c<0>(v), point, position(at));
      if (node == no_node)
        return; // past a limit
    }
  }

  // Index columns: id, date ("C2017.05.08 16:04"), white, white's id, white's nation, black,
  // black's id, black's nation, result, moves, "byo-yomi seconds/periods main-time minutes".
  void game_info(foreign::GameBuilder &builder, const std::vector<std::string_view> &f) {
    std::string_view date = f[1];
    if (date.starts_with("C"))
      date.remove_prefix(1);
    int y = 0, m = 0, d = 0;
    if (std::sscanf(std::string(date).c_str(), "%d.%d.%d", &y, &m, &d) == 3)
      if (std::string dt = foreign::date_text(y, m, d); !dt.empty())
        builder.root("DT", dt);
    builder.root("PW", f[2]);
    builder.root("PB", f[5]);
    // The dataset's komi: 6.5, Tygem's for even games (its README), under the Korean rules
    // Tygem plays by (territory counting, simple ko).
    builder.root("RU", "Korean");
    builder.root("KM", "6.5");
    if (std::string re = kifu_result(f[8]); !re.empty())
      builder.root("RE", re);
    if (f.size() > 10) {
      int seconds = 0, periods = 0, minutes = 0;
      if (std::sscanf(std::string(f[10]).c_str(), "%d/%d %dm", &seconds, &periods, &minutes) == 3) {
        builder.root("TM", std::to_string(minutes * 60));
        builder.root("OT", std::to_string(periods) + "x" + std::to_string(seconds) + " byo-yomi");
      }
    }
    builder.root("GC", "players' ids: white " + std::string(f[3]) + ", black " + std::string(f[6]) +
                           "; nations (0 Korea, 1 Japan, 2 China, 3 USA, 4 "
                           "Taiwan, 5 China): white " +
                           std::string(f[4]) + ", black " + std::string(f[7]));
  }

  void push(Severity s, std::string code, std::string message, SourcePos pos, int game) {
    out_.report(s, std::move(code), std::move(message), pos, game);
  }

  std::vector<Line> lines_;
  foreign::Collector &out_;
  std::unordered_map<std::string_view, std::vector<std::string_view>> index_;
};

} // namespace

bool looks_like_kifu(std::string_view bytes) {
  const char *first = bytes.data(), *last = bytes.data() + std::min<size_t>(bytes.size(), 64);
  return x3::parse(first, last, game_id >> ';' >> x3::char_("BW") >> '[');
}

ParseResult parse_kifu(std::string_view bytes, std::string_view index,
                       const ParseOptions &options) {
  ParseResult result;
  DecodedText decoded = foreign::decode(bytes, options.charset, "kifu");
  // The index holds the names: UTF-8, as the dataset says.
  DecodedText index_text = foreign::decode(index, {}, "kifu.index");
  result.charset = decoded.charset;
  result.diagnostics = std::move(decoded.diagnostics);
  foreign::Collector collector(result, options.limits);
  if (index.empty() && !decoded.text.empty())
    collector.report(Severity::note, "kifu-no-index",
                     "no kifu.index beside this file: the games have their moves only",
                     SourcePos{1, 1}, -1);
  KifuReader(decoded.text, index_text.text, collector).run();
  collector.finish();
  return result;
}

std::string read_kifu_index_beside(std::string_view path) {
  if (path.empty() || path == "-" || path.find("!/") != std::string_view::npos)
    return {};
  namespace fs = std::filesystem;
  fs::path file(path);
  for (const fs::path &candidate :
       {file.parent_path().parent_path() / "kifu.index", file.parent_path() / "kifu.index"}) {
    std::error_code error;
    if (!fs::is_regular_file(candidate, error))
      continue;
    std::ifstream in(candidate, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  return {};
}

} // namespace sgf

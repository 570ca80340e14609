#include "parsers/ngf/ngf.h"

#include "lib/sgf/result.h"
#include "parsers/sgf/foreign.h"
#include "parsers/sgf/foreign_grammar.h"

#include <boost/fusion/include/at_c.hpp>
#include <boost/fusion/include/vector.hpp>
#include <boost/spirit/home/x3.hpp>

#include <optional>
#include <vector>

namespace sgf {
namespace {

namespace x3 = boost::spirit::x3;
using foreign::Line;

// A move line: "PM", the move number in two letters (A-Z base 26: "AB" is move 1), the colour
// B or W, then the column and the row as letters with 'B' for the first line ('A' is the pass),
// written twice in mirror order ("REER": column R, row E). A letter is a range, two comparisons,
// rather than a character set's table.
const auto letter = x3::char_('A', 'Z');
const auto move_line = x3::lit("PM") >> letter >> letter >>
                       (x3::char_('B') | x3::char_('W')) >> letter >> letter >> letter >> letter;
const auto integer_line = foreign::grammar::opt_blanks >> x3::int_ >> foreign::grammar::opt_blanks;

std::optional<int> to_int(std::string_view s) {
  int value = 0;
  const char *first = s.data(), *last = s.data() + s.size();
  if (x3::parse(first, last, integer_line, value) && first == last)
    return value;
  return std::nullopt;
}

// "9DP" → "9p", "7D*" → "7d*", "5K" → "5k"; other ranks ("五段") unchanged.
std::string ngf_rank(std::string_view rank) {
  std::string out(rank);
  if (size_t at = out.find("DP"); at != std::string::npos)
    out.replace(at, 2, "p");
  else if (size_t d = out.find('D'); d != std::string::npos && d > 0)
    out[d] = 'd';
  else if (size_t k = out.find('K'); k != std::string::npos && k > 0)
    out[k] = 'k';
  return out;
}

// "name   rank": the rank is the last word.
std::pair<std::string, std::string> name_and_rank(std::string_view s) {
  s = trim(s);
  size_t space = s.find_last_of(" \t");
  if (space == std::string_view::npos)
    return {std::string(s), {}};
  return {std::string(trim(s.substr(0, space))), ngf_rank(s.substr(space + 1))};
}

} // namespace

std::string result_from_text(std::string_view text) {
  // The point counts of both sides follow ">>": "Black Win 6.5 >> White(50):Black(63)".
  return to_re(read_result(text.substr(0, text.find(">>"))));
}

namespace {

class NgfReader {
  // A move line ("PMABBWAAHH") is about 10 bytes, and they are nearly all of a record's lines.
  static constexpr size_t bytes_per_line = 8;

public:
  NgfReader(std::string_view text, foreign::Collector &out)
      : lines_(foreign::split_lines(text, bytes_per_line)), out_(out) {}

  void run() {
    while (!lines_.empty() && trim(lines_.back().text).empty())
      lines_.pop_back();
    if (lines_.empty()) {
      push(Severity::error, "empty-file", "the file holds no NGF data", {1, 1});
      return;
    }
    size_t first_move = 0;
    while (first_move < lines_.size() && !lines_[first_move].text.starts_with("PM"))
      ++first_move;
    game_ = out_.new_game({1, 1});
    if (!game_)
      return;
    // A node at most for each move line: room for them all before the root is made.
    foreign::GameBuilder builder(out_, *game_, {1, 1}, lines_.size() - first_move + 1);
    builder.root("GM", "1");
    builder.root("FF", "4");
    // WBaduk and Cyberoro play by Korean rules (territory counting), which no NGF header names.
    builder.root("RU", "Korean");
    if (lines_[0].text.starts_with("GI"))
      read_gi_header(builder, first_move);
    else
      read_header(builder, first_move);
    read_moves(builder, first_move);
  }

private:
  const Line *header_line(size_t i, size_t first_move) {
    return i < first_move ? &lines_[i] : nullptr;
  }

  // The 12 header lines: title, size, white "name rank", black, place, handicap, (unknown),
  // komi without its half point, "YYYYMMDD [hh:mm]", time in minutes, result text, moves.
  void read_header(foreign::GameBuilder &builder, size_t first_move) {
    if (first_move < 12)
      push(Severity::error, "ngf-short-header",
           "the NGF header has " + std::to_string(first_move) + " lines instead of 12",
           first_move < lines_.size() ? foreign::start_of(lines_[first_move]) : end_pos());
    auto text = [&](size_t i) {
      const Line *l = header_line(i, first_move);
      return l ? trim(l->text) : std::string_view();
    };
    auto pos = [&](size_t i) {
      const Line *l = header_line(i, first_move);
      return l ? foreign::start_of(*l) : SourcePos{};
    };
    auto number = [&](size_t i, const char *what) -> std::optional<int> {
      const Line *l = header_line(i, first_move);
      if (!l)
        return std::nullopt;
      auto v = to_int(l->text);
      if (!v)
        push(Severity::error, "ngf-bad-header",
             std::string("line ") + std::to_string(i + 1) + " should be the " + what +
                 " (a number)",
             foreign::start_of(*l));
      return v;
    };
    size_ = number(1, "board size").value_or(19);
    if (size_ < 2 || size_ > 52) {
      push(Severity::error, "ngf-bad-header", "board size " + std::to_string(size_) + " ignored",
           pos(1));
      size_ = 19;
    }
    builder.root("SZ", std::to_string(size_), pos(1));
    if (!text(0).empty())
      builder.root("GN", text(0), pos(0));
    for (auto [line, name_id, rank_id] :
         {std::tuple{size_t{3}, "PB", "BR"}, std::tuple{size_t{2}, "PW", "WR"}}) {
      auto [name, rank] = name_and_rank(text(line));
      if (!name.empty())
        builder.root(name_id, name, pos(line));
      if (!rank.empty())
        builder.root(rank_id, rank, pos(line));
    }
    std::string_view date = text(8);
    if (date.size() >= 8)
      if (auto y = to_int(date.substr(0, 4)), m = to_int(date.substr(4, 2)),
          d = to_int(date.substr(6, 2));
          y && m && d)
        if (std::string dt = foreign::date_text(*y, *m, *d); !dt.empty())
          builder.root("DT", dt, pos(8));
    if (!text(4).empty())
      builder.root("PC", text(4), pos(4));
    if (auto minutes = number(9, "time in minutes"); minutes && *minutes > 0)
      builder.root("TM", std::to_string(*minutes * 60), pos(9));
    std::string re = result_from_text(text(10));
    if (!re.empty())
      builder.root("RE", re, pos(10));
    else if (!text(10).empty())
      push(Severity::warning, "ngf-unknown-result",
           "result text names no winner: kept in the game comment", pos(10));
    if (!text(10).empty())
      builder.root("GC", "NGF result: " + std::string(text(10)));
    handicap(builder, number(5, "handicap").value_or(0), pos(5));
    // Komi is written without its half point: even games add it, handicap games do not.
    if (auto komi = number(7, "komi"))
      builder.root("KM", real_text(*komi + (handicap_ >= 2 ? 0.0 : 0.5)), pos(7));
    expected_moves_ = number(11, "number of moves");
  }

  // The older layout whose header lines start with "GI": title, white, black, two empty
  // fields, date "YYYY-M-D", size, handicap, (unknown), komi without its half point, moves; the
  // result comes after the moves, in "IDB[moves] text[EndTxt]".
  void read_gi_header(foreign::GameBuilder &builder, size_t first_move) {
    std::vector<const Line *> gi;
    for (size_t i = 0; i < first_move; ++i)
      if (lines_[i].text.starts_with("GI"))
        gi.push_back(&lines_[i]);
    auto text = [&](size_t i) {
      return i < gi.size() ? trim(gi[i]->text.substr(2)) : std::string_view();
    };
    auto pos = [&](size_t i) { return i < gi.size() ? foreign::start_of(*gi[i]) : SourcePos{}; };
    if (gi.size() < 11)
      push(Severity::error, "ngf-short-header",
           "the NGF header has " + std::to_string(gi.size()) + " GI lines instead of 11",
           gi.empty() ? SourcePos{1, 1} : pos(gi.size() - 1));
    size_ = to_int(text(6)).value_or(19);
    if (size_ < 2 || size_ > 52)
      size_ = 19;
    builder.root("SZ", std::to_string(size_), pos(6));
    if (!text(0).empty())
      builder.root("EV", text(0), pos(0));
    for (auto [line, name_id, rank_id] :
         {std::tuple{size_t{2}, "PB", "BR"}, std::tuple{size_t{1}, "PW", "WR"}}) {
      auto [name, rank] = name_and_rank(text(line));
      if (!name.empty())
        builder.root(name_id, name, pos(line));
      if (!rank.empty())
        builder.root(rank_id, rank, pos(line));
    }
    int y = 0, m = 0, d = 0;
    std::string date(text(5));
    if (std::sscanf(date.c_str(), "%d-%d-%d", &y, &m, &d) == 3)
      if (std::string dt = foreign::date_text(y, m, d); !dt.empty())
        builder.root("DT", dt, pos(5));
    // A result line after the moves; of several, the last (RE and GC take one value).
    for (size_t i = first_move; i < lines_.size(); ++i) {
      std::string_view t = lines_[i].text;
      if (!t.starts_with("IDB["))
        continue;
      size_t close = t.find(']');
      std::string_view rest = t.substr(close == t.npos ? t.size() : close + 1);
      rest = rest.substr(0, rest.find("[EndTxt]"));
      rest = trim(rest);
      if (std::string re = result_from_text(rest); !re.empty())
        builder.set_root("RE", re, foreign::start_of(lines_[i]));
      if (!rest.empty())
        builder.set_root("GC", "NGF result: " + std::string(rest));
    }
    handicap(builder, to_int(text(7)).value_or(0), pos(7));
    if (auto komi = to_int(text(9)))
      builder.root("KM", real_text(*komi + (handicap_ >= 2 ? 0.0 : 0.5)), pos(9));
    expected_moves_ = to_int(text(10));
  }

  void handicap(foreign::GameBuilder &builder, int stones, SourcePos pos) {
    if (stones < 2)
      return;
    if (stones > 9) {
      push(Severity::warning, "ngf-bad-header", "handicap " + std::to_string(stones) + " ignored",
           pos);
      return;
    }
    handicap_ = stones;
    builder.root("HA", std::to_string(stones), pos);
    for (const std::string &p : foreign::handicap_points(stones, size_, false))
      builder.root("AB", p, pos);
  }

  void read_moves(foreign::GameBuilder &builder, size_t i) {
    NodeIndex last = builder.root_index();
    int moves = 0, passes = 0;
    for (; i < lines_.size(); ++i) {
      const Line &line = lines_[i];
      std::string_view text = trim(line.text);
      if (!text.starts_with("PM"))
        continue; // GI and IDB lines of the older layout, blank lines
      SourcePos pos = foreign::start_of(line);
      const char *first = text.data(), *end = text.data() + text.size();
      boost::fusion::vector<char, char, char, char, char, char, char> v;
      if (!x3::parse(first, end, move_line, v) || first != end) {
        push(Severity::error, "ngf-bad-move",
             "bad move line (expected PM, two letters, B or W, four letters)", pos);
        continue;
      }
      using boost::fusion::at_c;
      int number = (at_c<0>(v) - 'A') * 26 + (at_c<1>(v) - 'A');
      if (number != moves + 1)
        push(Severity::warning, "ngf-move-number",
             "move numbered " + std::to_string(number) + " where " + std::to_string(moves + 1) +
                 " was expected",
             pos);
      ++moves;
      int x = at_c<3>(v) - 'B', y = at_c<4>(v) - 'B';
      if (at_c<3>(v) != at_c<6>(v) || at_c<4>(v) != at_c<5>(v))
        push(Severity::warning, "ngf-bad-move",
             "the mirrored coordinates disagree: the first pair is used", pos);
      foreign::PointLetters point; // none: a pass
      if (x == -1 && y == -1) {
        ++passes;
      } else {
        point = foreign::point_letters(x, y, size_);
        if (point.empty()) {
          push(Severity::error, "ngf-bad-move", "move off the board", pos);
          continue;
        }
      }
      last = builder.move(last, at_c<2>(v), point, pos);
      if (last == no_node)
        return; // past a limit
    }
    // Records count the moves without the passes, and sometimes a final pass is not counted.
    if (expected_moves_ && *expected_moves_ != moves && *expected_moves_ != moves - passes)
      push(Severity::warning, "truncated",
           "the header announces " + std::to_string(*expected_moves_) + " moves but " +
               std::to_string(moves) + " follow",
           end_pos());
  }

  SourcePos end_pos() const {
    const Line &l = lines_.back();
    return foreign::position(l, l.text.data() + l.text.size());
  }

  void push(Severity s, std::string code, std::string message, SourcePos pos) {
    out_.report(s, std::move(code), std::move(message), pos, game_ ? 0 : -1);
  }

  std::vector<Line> lines_;
  foreign::Collector &out_;
  Game *game_ = nullptr;
  int size_ = 19;
  int handicap_ = 0;
  std::optional<int> expected_moves_;
};

} // namespace

bool looks_like_ngf(std::string_view bytes) {
  // The first 16 lines: the older layout starts with "GI"; the usual one has the board size
  // alone on line 2 and a move line ("PM") or the end of a 12-line header.
  std::vector<foreign::Line> lines = foreign::split_lines(bytes.substr(0, 4096));
  if (lines.empty())
    return false;
  if (lines[0].text.starts_with("GI"))
    return lines.size() > 1 && lines[1].text.starts_with("GI");
  if (lines.size() < 12 || !to_int(lines[1].text))
    return false;
  for (size_t i : {size_t{5}, size_t{6}, size_t{7}, size_t{11}})
    if (!to_int(lines[i].text))
      return false;
  return true;
}

ParseResult parse_ngf(std::string_view bytes, const ParseOptions &options) {
  return foreign::read_decoded<NgfReader>(bytes, options, "NGF");
}

} // namespace sgf

#include "parsers/gib/gib.h"

#include "parsers/sgf/foreign.h"
#include "parsers/sgf/foreign_grammar.h"

#include <boost/fusion/include/at_c.hpp>
#include <boost/fusion/include/vector.hpp>
#include <boost/spirit/home/x3.hpp>

#include <charconv>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace sgf {
namespace {

namespace x3 = boost::spirit::x3;
using foreign::Line;

// The lines of the game section (between "\GS" and "\GE"). Numbers are separated by blanks.
//   STO 0 <move number> <colour 1 black, 2 white> <x> <y>   a stone (0-based from upper left)
//   SKI 0 <move number>                                      a pass
//   INI 0 1 <handicap> &4 [text]                             the start position
using foreign::grammar::blanks;
using foreign::grammar::move_number;
using foreign::grammar::opt_blanks;
using foreign::grammar::small_number;
// The move and pass rules start after their keyword, which read_game tests to pick the rule;
// the first number (0 in every record) is checked but not kept.
const auto sto_line = blanks >> x3::omit[move_number] >> blanks >> move_number >> blanks >>
                      small_number >> blanks >> small_number >> blanks >> small_number >>
                      opt_blanks;
const auto ski_line = blanks >> x3::omit[move_number] >> blanks >> move_number >> opt_blanks;
const auto ini_line =
    x3::lit("INI") >> blanks >> x3::int_ >> blanks >> x3::int_ >> blanks >> x3::int_;
// A header line: \[KEY=VALUE\]
const auto header_key = x3::lit("\\[") >> x3::omit[+x3::char_("A-Z0-9_")] >> '=';

std::optional<int> to_int(std::string_view s) {
  s = trim(s);
  int value = 0;
  auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (error != std::errc() || end != s.data() + s.size())
    return std::nullopt;
  return value;
}

// "KEY:VALUE,KEY:VALUE" (GAMEINFOMAIN, GAMEINFOSUB): the fields in their order, as views into
// the text; a dozen, looked up a few times each.
using Fields = std::vector<std::pair<std::string_view, std::string_view>>;
constexpr size_t fields_in_info = 16; // GAMEINFOMAIN has 10 fields, GAMEINFOSUB 6

Fields split_fields(std::string_view s) {
  Fields fields;
  fields.reserve(fields_in_info); // at once, not a growth at every power of two
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    std::string_view field =
        s.substr(start, comma == std::string_view::npos ? s.npos : comma - start);
    size_t colon = field.find(':');
    if (colon != std::string_view::npos)
      fields.emplace_back(trim(field.substr(0, colon)), trim(field.substr(colon + 1)));
    if (comma == std::string_view::npos)
      break;
    start = comma + 1;
  }
  return fields;
}

// The value of the first field named `key`.
std::optional<std::string_view> find_field(const Fields &fields, std::string_view key) {
  for (const auto &[name, value] : fields)
    if (name == key)
      return value;
  return std::nullopt;
}

// A header value: a view into the text, or into the reader's own copy when it runs over
// several lines and is joined.
struct HeaderField {
  std::string_view value;
  SourcePos pos;
};

// The date from GAMEDATE ("2020- 6-14- 1-26-14", or "2012年11月22日 下午 6:3"), else from
// GAMEINFOSUB's GDATE, else from GAMETAG's "C2012:11:22:18:03".
std::string gib_date(std::string_view text) {
  int numbers[3] = {0, 0, 0};
  int found = 0;
  const char *p = text.data(), *end = p + text.size();
  while (p < end && found < 3) {
    while (p < end && (*p < '0' || *p > '9'))
      ++p;
    int value = 0;
    const char *start = p;
    while (p < end && *p >= '0' && *p <= '9' && p - start < 5)
      value = value * 10 + (*p++ - '0');
    if (p > start)
      numbers[found++] = value;
  }
  return found == 3 ? foreign::date_text(numbers[0], numbers[1], numbers[2]) : std::string();
}

// GRLT, the result code, with ZIPSU the margin in tenths of a point. The codes seen in real
// records, checked against their GAMERESULT text: 0 black wins by points, 1 white wins by points,
// 3 black wins by resignation, 4 white by resignation, 5 black wins when white disconnects,
// 6 white when black disconnects ("white wins by disconnection"), 7 black wins on time, 8 white
// on time; 255 the game has no result. A disconnection is a forfeit (F) in SGF.
std::optional<std::string> gib_result(int code, int margin_tenths) {
  switch (code) {
  case 0:
  case 1: {
    std::string winner = code == 0 ? "B" : "W";
    if (margin_tenths == 0)
      return std::string("0"); // a zero margin is a draw
    return winner + "+" + real_text(margin_tenths / 10.0);
  }
  case 3:
    return std::string("B+R");
  case 4:
    return std::string("W+R");
  case 5:
    return std::string("B+F");
  case 6:
    return std::string("W+F");
  case 7:
    return std::string("B+T");
  case 8:
    return std::string("W+T");
  default:
    return std::nullopt;
  }
}

class GibReader {
  // Move lines ("STO 0 12 1 16 2 ", about 16 bytes) are most of a record's lines, beside a few
  // dozen longer header lines: room for a line every 16 bytes holds them all, where the average
  // of a whole record, near 20, would leave the vector to grow once and copy every line.
  static constexpr size_t bytes_per_line = 16;
  static constexpr size_t header_fields = 48;

public:
  GibReader(std::string_view text, foreign::Collector &out)
      : lines_(foreign::split_lines(text, bytes_per_line)), out_(out) {}

  void run() {
    size_t i = 0;
    while (i < lines_.size() && trim(lines_[i].text).empty())
      ++i;
    if (i == lines_.size()) {
      error("empty-file", "the file holds no GIB data", {1, 1});
      return;
    }
    if (trim(lines_[i].text) != "\\HS") {
      error("gib-no-header", "no GIB header: the record must start with \\HS",
            foreign::start_of(lines_[i]));
      return;
    }
    game_ = out_.new_game(foreign::start_of(lines_[i]));
    if (!game_)
      return;
    // A node at most for each line after the first: room for them all before the root is made.
    foreign::GameBuilder builder(out_, *game_, foreign::start_of(lines_[i]), lines_.size() - i);
    builder.root("GM", "1");
    builder.root("FF", "4");
    builder.root("SZ", "19");
    // Tygem plays by Korean rules (territory counting, simple ko; komi 6.5), whatever the
    // client's language (GIBOKIND).
    builder.root("RU", "Korean");
    i = read_header(i + 1);
    write_header(builder);
    read_game(i, builder);
  }

private:
  size_t read_header(size_t i) {
    // Room for the fields of a Tygem header (three dozen) at once, not a growth at every power
    // of two.
    header_.reserve(header_fields);
    for (; i < lines_.size(); ++i) {
      const Line &line = lines_[i];
      std::string_view text = trim(line.text);
      if (text == "\\HE")
        return i + 1;
      if (text.empty())
        continue;
      const char *first = text.data(), *last = text.data() + text.size();
      if (!x3::parse(first, last, header_key)) {
        warning("gib-bad-header-line", "header line ignored: not \\[KEY=VALUE\\]",
                foreign::position(line, text.data()));
        continue;
      }
      // The key points into the text, which outlives the reader: between "\[" and "=".
      const std::string_view key = text.substr(2, static_cast<size_t>(first - text.data()) - 3);
      std::string_view rest(first, last - first);
      // What comes before the value is ASCII (blanks, "\[", the key, "="): a column a byte.
      const SourcePos pos{line.number, static_cast<uint32_t>(first - line.text.data()) + 1};
      if (rest.ends_with("\\]")) { // on one line, as nearly all are: a view, no copy
        rest.remove_suffix(2);
        add_field(key, {rest, pos});
        continue;
      }
      // A value may run over several lines (GAMETIME in some records): up to the "\]".
      std::string value;
      while (!rest.ends_with("\\]")) {
        if (i + 1 >= lines_.size() || trim(lines_[i + 1].text).starts_with("\\")) {
          warning("gib-bad-header-line", "header value without its closing \\]", pos);
          break;
        }
        value += rest;
        value += ' ';
        rest = trim(lines_[++i].text);
      }
      if (rest.ends_with("\\]"))
        rest.remove_suffix(2);
      value += rest;
      add_field(key, {joined_.emplace_back(std::move(value)), pos});
    }
    error("truncated", "the GIB header does not end (no \\HE)", end_pos());
    return lines_.size();
  }

  // Every field is kept, in the order read, and a lookup finds the first: the first value given
  // for a key is the one used, without a search of the header at each line.
  void add_field(std::string_view key, HeaderField f) { header_.emplace_back(key, f); }

  const HeaderField *field(std::string_view key) const {
    for (const auto &[name, f] : header_)
      if (name == key)
        return &f;
    return nullptr;
  }

  void write_header(foreign::GameBuilder &builder) {
    auto info = field("GAMEINFOMAIN");
    const Fields main = info ? split_fields(info->value) : Fields{};
    auto main_int = [&](std::string_view key) -> std::optional<int> {
      auto value = find_field(main, key);
      return value ? to_int(*value) : std::nullopt;
    };
    auto header_int = [&](std::string_view key) -> std::optional<int> {
      const HeaderField *f = field(key);
      return f ? to_int(f->value) : std::nullopt;
    };

    for (auto [key, name_id, rank_id] :
         {std::tuple{"GAMEBLACKNAME", "PB", "BR"}, std::tuple{"GAMEWHITENAME", "PW", "WR"}}) {
      if (const HeaderField *f = field(key)) {
        auto [name, rank] = foreign::split_name_rank(f->value);
        if (!name.empty())
          builder.root(name_id, name, f->pos);
        if (!rank.empty())
          builder.root(rank_id, rank, f->pos);
      }
    }
    std::string date;
    if (const HeaderField *f = field("GAMEDATE"))
      date = gib_date(f->value);
    if (date.empty())
      if (auto sub = field("GAMEINFOSUB")) {
        if (auto gdate = find_field(split_fields(sub->value), "GDATE"))
          date = gib_date(*gdate);
      }
    if (!date.empty())
      builder.root("DT", date, field("GAMEDATE") ? field("GAMEDATE")->pos : SourcePos{});
    if (const HeaderField *f = field("GAMENAME"); f && !trim(f->value).empty())
      builder.root("EV", trim(f->value), f->pos);
    if (const HeaderField *f = field("GAMEPLACE"); f && !trim(f->value).empty())
      builder.root("PC", trim(f->value), f->pos);

    // Komi: GONGJE (공제, what Black gives) in tenths of a point; in handicap games DUM (덤)
    // is what White receives, in points ("3 Handicap : White Dum(5)").
    std::optional<int> gongje = main_int("GONGJE");
    if (!gongje)
      gongje = header_int("GAMEGONGJE");
    std::optional<int> dum = main_int("DUM");
    if (!dum)
      dum = header_int("GAMEDUM");
    if (gongje && *gongje != 0)
      komi_ = real_text(*gongje / 10.0);
    else if (dum && *dum != 0)
      komi_ = real_text(*dum);
    else if (gongje || dum)
      komi_ = "0";

    // Result.
    std::optional<int> code = main_int("GRLT");
    std::optional<int> zipsu = main_int("ZIPSU");
    if (!zipsu)
      zipsu = header_int("GAMEZIPSU");
    const HeaderField *result_text = field("GAMERESULT");
    SourcePos result_pos = info ? info->pos : SourcePos{};
    if (code) {
      if (auto re = gib_result(*code, zipsu.value_or(0)))
        builder.root("RE", *re, result_pos);
      else if (*code != 255)
        warning("gib-unknown-result",
                "unknown result code GRLT:" + std::to_string(*code) + " (\"" +
                    (result_text ? std::string(result_text->value) : std::string()) +
                    "\"): no RE written",
                result_pos);
    }

    // Time: GTIME "main-seconds per period-periods" in seconds.
    if (auto gtime = find_field(main, "GTIME")) {
      int seconds = 0, period = 0, periods = 0;
      if (foreign::grammar::three_numbers(*gtime, '-', seconds, period, periods)) {
        builder.root("TM", std::to_string(seconds), info->pos);
        if (periods > 0 && period > 0)
          builder.root("OT", std::to_string(periods) + "x" + std::to_string(period) + " byo-yomi",
                       info->pos);
      }
    }

    // The game comment, then what SGF has no property for, as the server showed it: one GC
    // (a second value would make it a list, which GC is not). Appended piece by piece to one
    // string, not joined through a string for each piece.
    std::string comment;
    const HeaderField *game_comment = field("GAMECOMMENT");
    if (game_comment)
      comment = trim(game_comment->value);
    for (std::string_view key : {"GAMECONDITION", "GAMETIME", "GAMERESULT"})
      if (const HeaderField *f = field(key); f && !trim(f->value).empty()) {
        if (!comment.empty())
          comment += '\n';
        comment.append(key).append(": ").append(trim(f->value));
      }
    if (!comment.empty())
      builder.root("GC", comment, game_comment ? game_comment->pos : SourcePos{});
  }

  void read_game(size_t i, foreign::GameBuilder &builder) {
    while (i < lines_.size() && trim(lines_[i].text) != "\\GS")
      ++i;
    if (i >= lines_.size()) {
      error("truncated", "no game section (\\GS) after the GIB header", end_pos());
      finish_root(builder, 0);
      return;
    }
    NodeIndex last = builder.root_index();
    int handicap = 0;
    int expected = 0; // the number of the next move, from the last one read
    bool ended = false;
    for (++i; i < lines_.size(); ++i) {
      const Line &line = lines_[i];
      std::string_view text = trim(line.text);
      if (text == "\\GE") {
        ended = true;
        break;
      }
      const char *first = text.data(), *last_char = text.data() + text.size();
      const SourcePos pos = foreign::start_of_trimmed(line, text);
      if (text.starts_with("STO")) {
        boost::fusion::vector<unsigned, unsigned, unsigned, unsigned> v;
        first += 3; // "STO"
        if (!x3::parse(first, last_char, sto_line, v) || first != last_char) {
          error("gib-bad-move", "bad move line (expected STO 0 <number> <colour> <x> <y>)", pos);
          continue;
        }
        int number = boost::fusion::at_c<0>(v), colour = boost::fusion::at_c<1>(v);
        int x = boost::fusion::at_c<2>(v), y = boost::fusion::at_c<3>(v);
        if (colour != 1 && colour != 2) {
          error("gib-bad-move", "bad colour " + std::to_string(colour) + " (1 black, 2 white)",
                pos);
          continue;
        }
        const foreign::PointLetters point = foreign::point_letters(x, y, 19);
        if (point.empty()) {
          error("gib-bad-move",
                "move off the 19x19 board (" + std::to_string(x) + "," + std::to_string(y) + ")",
                pos);
          continue;
        }
        check_number(number, expected, pos);
        last = builder.move(last, colour == 1 ? 'B' : 'W', point, pos);
        if (last == no_node)
          return; // past a limit
        last_colour_ = colour == 1 ? 'B' : 'W';
      } else if (text.starts_with("SKI")) {
        unsigned number = 0;
        first += 3; // "SKI"
        if (!x3::parse(first, last_char, ski_line, number) || first != last_char) {
          error("gib-bad-move", "bad pass line (expected SKI 0 <number>)", pos);
          continue;
        }
        check_number(static_cast<int>(number), expected, pos);
        // A pass names no colour: it is the other player's turn.
        char colour = last_colour_ == 'B'   ? 'W'
                      : last_colour_ == 'W' ? 'B'
                                            : (handicap >= 2 ? 'W' : 'B');
        last = builder.move(last, colour, "", pos);
        if (last == no_node)
          return;
        last_colour_ = colour;
      } else if (text.starts_with("INI")) {
        boost::fusion::vector<int, int, int> v;
        if (!x3::parse(first, last_char, ini_line, v)) {
          error("gib-bad-move", "bad start line (expected INI 0 1 <handicap> &4)", pos);
          continue;
        }
        handicap = boost::fusion::at_c<2>(v);
        if (handicap < 0 || handicap == 1 || handicap > 9) {
          warning("gib-bad-handicap", "handicap " + std::to_string(handicap) + " ignored", pos);
          handicap = 0;
        }
        expected = 2; // INI is number 1; moves count from 2
        std::string_view rest = trim(std::string_view(first, last_char - first));
        if (rest.starts_with("&4"))
          rest = trim(rest.substr(2));
        if (!rest.empty())
          builder.comment(builder.root_index(), rest);
        finish_root(builder, handicap);
      }
      // Other lines ("2 1 0", "<count> 0 &4", IDX, REM) carry no moves.
    }
    if (!ended)
      error("truncated", "the game section does not end (no \\GE): the record is cut short",
            end_pos());
    if (!root_finished_)
      finish_root(builder, handicap);
  }

  // HA, AB and KM, once the handicap is known (KM is written after HA, in the order of FF[4]'s
  // game-info properties as the writer keeps them).
  void finish_root(foreign::GameBuilder &builder, int handicap) {
    if (root_finished_)
      return;
    root_finished_ = true;
    if (handicap >= 2) {
      builder.root("HA", std::to_string(handicap));
      for (const std::string &p : foreign::handicap_points(handicap, 19, true))
        builder.root("AB", p);
    }
    if (!komi_.empty())
      builder.root("KM", komi_);
  }

  // Inline, once per move; the warning, rare, is a call of its own.
  void check_number(int number, int &expected, SourcePos pos) {
    if (expected != 0 && number != expected)
      warn_number(number, expected, pos);
    expected = number + 1;
  }

  [[gnu::noinline]] void warn_number(int number, int expected, SourcePos pos) {
    warning("gib-move-number",
            "move numbered " + std::to_string(number) + " where " + std::to_string(expected) +
                " was expected",
            pos);
  }

  SourcePos end_pos() const {
    if (lines_.empty())
      return {1, 1};
    const Line &l = lines_.back();
    return foreign::position(l, l.text.data() + l.text.size());
  }

  void error(std::string code, std::string message, SourcePos pos) {
    push(Severity::error, std::move(code), std::move(message), pos);
  }
  void warning(std::string code, std::string message, SourcePos pos) {
    push(Severity::warning, std::move(code), std::move(message), pos);
  }
  void push(Severity s, std::string code, std::string message, SourcePos pos) {
    out_.report(s, std::move(code), std::move(message), pos, game_ ? 0 : -1);
  }

  std::vector<Line> lines_;
  foreign::Collector &out_;
  Game *game_ = nullptr;
  // A few dozen keys, each looked up about once: a list in the order read.
  std::vector<std::pair<std::string_view, HeaderField>> header_;
  // The values joined from several lines, which a deque keeps in place as it grows.
  std::deque<std::string> joined_;
  std::string komi_;
  char last_colour_ = 0;
  bool root_finished_ = false;
};

// The charset of the client that wrote the record, from GIBOKIND, the first header line (the
// header is ASCII up to its values): Tygem's Korean client writes EUC-KR (read as its superset
// CP949), the Chinese one GB2312 (read as GB18030); the others ("Global") write UTF-8, or say
// nothing the detector could not.
std::string_view client_charset(std::string_view bytes) {
  constexpr std::string_view marker = "\\[GIBOKIND=";
  const size_t key = bytes.substr(0, bytes.find("\\HE")).find(marker);
  if (key == std::string_view::npos)
    return {};
  const std::string_view value = bytes.substr(key + marker.size());
  if (value.starts_with("Korea\\]"))
    return "CP949";
  if (value.starts_with("China\\]"))
    return "GB18030";
  return {};
}

} // namespace

bool looks_like_gib(std::string_view bytes) {
  return foreign::starts_with_after_blanks(bytes, "\\HS");
}

ParseResult parse_gib(std::string_view bytes, const ParseOptions &options) {
  return foreign::read_decoded<GibReader>(bytes, options, "GIB", false, client_charset(bytes));
}

} // namespace sgf

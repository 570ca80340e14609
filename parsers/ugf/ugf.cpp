#include "parsers/ugf/ugf.h"

#include "parsers/sgf/foreign.h"
#include "parsers/sgf/foreign_grammar.h"

#include <boost/fusion/include/at_c.hpp>
#include <boost/fusion/include/vector.hpp>
#include <boost/spirit/home/x3.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <vector>

namespace sgf {
namespace {

namespace x3 = boost::spirit::x3;
using foreign::Line;

// [Data]: "QP,B1,12,0": column and row as letters (A is the left column and the bottom row,
// IGS coordinates), colour with a digit, the move number (0 for a handicap stone), time used.
// What follows the fields read (the time) is not kept, so the rules stop there.
// A point off the board, a pass, is still read (foreign_grammar.h: numbers up to 99).
using foreign::grammar::move_number;
using foreign::grammar::small_number;
// A letter is two ranges, a few comparisons, rather than a character set's table.
const auto letter = x3::char_('A', 'Z') | x3::char_('a', 'z');
const auto data_line = letter >> letter >> ',' >>
                       (x3::char_('B') | x3::char_('W') | x3::char_('b') | x3::char_('w')) >>
                       x3::omit[*x3::char_('0', '9')] >> ',' >> move_number;
// [ReviewNode]: "NODE,<number>,<colour 0 none 1 black 2 white>,<x>,<y>" with 1-based x from
// the left and y from the bottom; "VARIATION," and "VARIATIONEND," bracket an alternative to
// the node that follows them.
// The rule starts after "NODE", which build_review tests to tell a node from a bracket.
const auto node_line = x3::lit(',') >> move_number >> ',' >> small_number >> ',' >> small_number >>
                       ',' >> small_number;

// A move as read, its point as numbers (0-based from the upper left, as point_letters takes
// them): plain data, copied as the review's sequences grow, its letters made once in the tree.
struct ReviewMove {
  int number = 0;
  char colour = 0; // 0 for the root
  int x = -1, y = -1;
  SourcePos pos;
};

// A line of play and the alternatives that branch off it.
struct Sequence {
  std::vector<ReviewMove> moves;
  std::vector<Sequence> variations;
  size_t replaces = 0; // in an alternative: the index of the move it replaces in its parent's
};

class UgfReader {
  // A move or review line is 10 to 16 bytes, and they are nearly all of a record's lines.
  static constexpr size_t bytes_per_line = 12;

public:
  UgfReader(std::string_view text, foreign::Collector &out)
      : text_(text), lines_(foreign::split_lines(text, bytes_per_line)), out_(out) {}

  void run() {
    split_sections();
    if (std::none_of(sections_.begin(), sections_.end(),
                     [](const Section &s) { return s.name == "Header"; })) {
      push(Severity::error, "ugf-no-header", "no [Header] section", {1, 1});
      return;
    }
    game_ = out_.new_game({1, 1});
    if (!game_)
      return;
    // A node at most for each line, of moves or of the review: room for them all before the
    // root is made.
    foreign::GameBuilder builder(out_, *game_, {1, 1}, lines_.size() + 1);
    builder.root("GM", "1");
    builder.root("FF", "4");
    read_header(builder);
    bool has_review = false; // a line in [ReviewNode]
    for_lines("ReviewNode", [&](const Line &, std::string_view) {
      has_review = true;
      return false; // one is enough
    });
    read_data(builder, !has_review);
    if (has_review)
      build_review(builder);
    else
      build_data_moves(builder);
    read_comments(builder);
  }

private:
  // A section is the run of lines after a "[Name]" line up to the next one, held as a range of
  // lines_ (blank lines included, for_lines skips them); lines before any [Name], or after "[]",
  // belong to none.
  struct Section {
    std::string_view name;
    size_t begin = 0, end = 0; // lines_[begin, end)
  };

  // Only a line holding a '[' can be a "[Name]" line: a library search finds them (moves and
  // review nodes have none), and the line of each is found among lines_ by its address.
  void split_sections() {
    for (size_t at = text_.find('['); at != std::string_view::npos;) {
      const char *bracket = text_.data() + at;
      auto line = std::upper_bound(lines_.begin(), lines_.end(), bracket,
                                   [](const char *p, const Line &l) { return p < l.text.data(); }) -
                  1;
      const auto i = static_cast<size_t>(line - lines_.begin());
      std::string_view t = trim(line->text);
      if (t.size() >= 2 && t.data() == bracket && t.back() == ']') {
        if (!sections_.empty())
          sections_.back().end = i;
        sections_.push_back({t.substr(1, t.size() - 2), i + 1, lines_.size()});
      }
      // On from the next line: the rest of this one decides nothing more.
      at = text_.find('[',
                      static_cast<size_t>(line->text.data() + line->text.size() - text_.data()));
    }
  }

  // Calls f(line, its text from its first non-blank) for each non-blank line of the sections
  // named `name`, in file order (a name given twice gathers both), while f returns true. The
  // blanks at the end are left: the move rules stop before them, a comment trims them.
  template <typename F> void for_lines(std::string_view name, F &&f) const {
    if (name.empty())
      return;
    for (const Section &section : sections_) {
      if (section.name != name)
        continue;
      for (size_t i = section.begin; i < section.end; ++i)
        if (std::string_view t = trim_front(lines_[i].text); !t.empty() && !f(lines_[i], t))
          return;
    }
  }

  // A header value whole and its first comma-separated fields, held in place: the reader looks
  // at three at most. Empty for a key that is not there.
  struct Fields {
    std::string_view whole;
    std::array<std::string_view, 4> first;
    bool present = false;
    bool empty() const { return !present; }
  };

  static Fields fields(std::string_view value) {
    Fields out;
    out.whole = value;
    out.present = true;
    size_t start = 0;
    for (std::string_view &f : out.first) {
      size_t comma = value.find(',', start);
      f = trim(value.substr(start, comma == value.npos ? value.npos : comma - start));
      if (comma == value.npos)
        break;
      start = comma + 1;
    }
    return out;
  }

  void read_header(foreign::GameBuilder &builder) {
    // Keys and values point into the text, which outlives the reader; a key given again
    // replaces its value. Some twenty keys, each looked up about once: a list, not a map.
    struct Entry {
      std::string_view key, value;
      const Line *line; // the value's position is worked out only for a key looked up
    };
    std::vector<Entry> header;
    auto find = [&](std::string_view key) -> Entry * {
      for (Entry &e : header)
        if (e.key == key)
          return &e;
      return nullptr;
    };
    header.reserve(24);
    for_lines("Header", [&](const Line &line, std::string_view) {
      size_t eq = line.text.find('=');
      if (eq == std::string_view::npos) {
        push(Severity::warning, "ugf-bad-line", "header line ignored: not KEY=VALUE",
             foreign::start_of(line));
        return true;
      }
      Entry e{trim(line.text.substr(0, eq)), line.text.substr(eq + 1), &line};
      if (Entry *old = find(e.key))
        *old = e;
      else
        header.push_back(e);
      return true;
    });
    auto get = [&](std::string_view key) -> std::pair<Fields, SourcePos> {
      const Entry *e = find(key);
      if (!e)
        return {{}, {}};
      return {fields(e->value), foreign::position(*e->line, e->value.data())};
    };
    if (auto [crypt, pos] = get("Crypt");
        crypt.first[1] != "" && crypt.first[1] != "PLAIN_UGF_FILE")
      push(Severity::error, "ugf-encrypted", "an encrypted UGF record cannot be read", pos);
    if (auto [size, pos] = get("Size"); !size.empty()) {
      size_ = std::atoi(std::string(size.first[0]).c_str());
      if (size_ < 2 || size_ > 52) {
        push(Severity::error, "ugf-bad-header", "bad board size", pos);
        size_ = 19;
      }
      builder.root("SZ", std::to_string(size_), pos);
    } else {
      builder.root("SZ", "19");
    }
    for (auto [key, name_id, rank_id] :
         {std::tuple{"PlayerB", "PB", "BR"}, std::tuple{"PlayerW", "PW", "WR"}}) {
      auto [f, pos] = get(key);
      if (!f.first[0].empty())
        builder.root(name_id, f.first[0], pos);
      if (!f.first[1].empty())
        builder.root(rank_id, f.first[1], pos);
    }
    if (auto [date, pos] = get("Date"); !date.empty()) {
      int y = 0, m = 0, d = 0;
      if (foreign::grammar::three_numbers(date.first[0], '/', y, m, d))
        if (std::string dt = foreign::date_text(y, m, d); !dt.empty())
          builder.root("DT", dt, pos);
    }
    if (auto [title, pos] = get("Title"); !title.empty()) {
      if (!title.first[1].empty())
        builder.root("EV", title.first[1], pos);
      if (!title.first[2].empty())
        builder.root("GN", title.first[2], pos);
    }
    if (auto [place, pos] = get("Place"); !place.first[0].empty())
      builder.root("PC", place.first[0], pos);
    if (auto [rule, pos] = get("Rule"); !rule.first[0].empty()) {
      std::string_view r = rule.first[0];
      builder.root("RU",
                   r == "JPN"   ? "Japanese"
                   : r == "CHN" ? "Chinese"
                   : r == "KOR" ? "Korean"
                                : r,
                   pos);
    }
    if (auto [hdcp, pos] = get("Hdcp"); !hdcp.empty()) {
      handicap_ = std::atoi(std::string(hdcp.first[0]).c_str());
      if (handicap_ >= 2)
        builder.root("HA", std::to_string(handicap_), pos);
      if (auto komi = std::string(hdcp.first[1]); !komi.empty())
        builder.root("KM", real_text(std::atof(komi.c_str())), pos);
    }
    // Winner=B,7.50: the winner and the margin in points. Only positive margins are known from
    // real records; any other margin gives the winner alone ("B+").
    if (auto [winner, pos] = get("Winner"); !winner.empty()) {
      std::string_view colour = winner.first[0];
      std::string margin(winner.first[1]);
      double value = margin.empty() ? 0 : std::atof(margin.c_str());
      if (colour == "B" || colour == "W") {
        std::string re = std::string(colour) + "+";
        if (value > 0)
          re += real_text(value);
        else
          push(Severity::note, "ugf-unknown-result",
               "Winner margin '" + margin + "' is not a number of points: RE gives the winner only",
               pos);
        builder.root("RE", re, pos);
      }
    }
    if (auto [copyright, pos] = get("Copyright"); !copyright.first[0].empty())
      builder.root("CP", copyright.whole, pos);
    std::string kept;
    for (const char *key : {"Ptime", "Writer", "Comment", "Ver"})
      if (const Entry *e = find(key); e && !trim(e->value).empty()) {
        // Appended piece by piece: no string made for each piece and for each join.
        if (!kept.empty())
          kept += '\n';
        kept.append(key).append("=").append(trim(e->value));
      }
    if (!kept.empty())
      builder.root("GC", kept);
  }

  // The handicap stones go to the root; the moves are kept only when `keep_moves` (a review
  // gives the game's tree itself).
  void read_data(foreign::GameBuilder &builder, bool keep_moves) {
    for_lines("Data", [&](const Line &line, std::string_view t) {
      const char *first = t.data(), *last = t.data() + t.size();
      boost::fusion::vector<char, char, char, unsigned> v;
      SourcePos pos = foreign::start_of(line);
      if (!x3::parse(first, last, data_line, v)) {
        push(Severity::error, "ugf-bad-move", "bad move line (expected XY,B1,<number>,<time>)",
             pos);
        return true;
      }
      using boost::fusion::at_c;
      if (at_c<3>(v) != 0 && !keep_moves)
        return true; // a move, which the review gives: it only had to read as one
      int x = (at_c<0>(v) | 0x20) - 'a';
      int y = size_ - 1 - ((at_c<1>(v) | 0x20) - 'a');
      char colour = static_cast<char>(at_c<2>(v) & ~0x20);
      if (at_c<3>(v) == 0) {
        const foreign::PointLetters point = foreign::point_letters(x, y, size_);
        if (point.empty())
          push(Severity::error, "ugf-bad-move", "handicap stone off the board", pos);
        else
          builder.root("AB", point, pos);
        return true;
      }
      data_moves_.push_back(
          {static_cast<int>(at_c<3>(v)), colour, x, y, pos}); // off the board: a pass
      return true;
    });
  }

  void build_data_moves(foreign::GameBuilder &builder) {
    NodeIndex last = builder.root_index();
    for (const ReviewMove &m : data_moves_)
      if ((last = builder.move(last, m.colour, foreign::point_letters(m.x, m.y, size_), m.pos)) ==
          no_node)
        return; // past a limit
  }

  // The review tree from [ReviewNode]: the main line, with each VARIATION ... VARIATIONEND an
  // alternative to the node that follows it.
  void build_review(foreign::GameBuilder &builder) {
    size_t lines = 0; // in [ReviewNode], blank ones included
    for (const Section &section : sections_)
      if (section.name == "ReviewNode")
        lines += section.end - section.begin;
    // Review nodes are numbered from 1, one per line: room for them all at once.
    nodes_.assign(lines + 2, no_node);
    Sequence main;
    main.moves.reserve(lines);
    std::vector<Sequence *> open = {&main};
    auto bad_line = [&](SourcePos pos) {
      push(Severity::error, "ugf-bad-move", "bad review line (expected NODE,n,colour,x,y)", pos);
    };
    const Line *last_line = nullptr;
    bool too_deep = false;
    for_lines("ReviewNode", [&](const Line &line, std::string_view t) {
      last_line = &line;
      SourcePos pos = foreign::start_of(line);
      if (t.starts_with("NODE")) { // nearly every line
        const char *first = t.data() + 4, *last = t.data() + t.size();
        boost::fusion::vector<unsigned, unsigned, unsigned, unsigned> v;
        if (!x3::parse(first, last, node_line, v)) {
          bad_line(pos);
          return true;
        }
        using boost::fusion::at_c;
        ReviewMove m;
        m.number = static_cast<int>(at_c<0>(v));
        const unsigned colour = at_c<1>(v);
        m.colour = colour == 1 ? 'B' : colour == 2 ? 'W' : 0;
        m.x = static_cast<int>(at_c<2>(v)) - 1;
        m.y = size_ - static_cast<int>(at_c<3>(v));
        m.pos = pos;
        open.back()->moves.push_back(m);
        return true;
      }
      if (t.starts_with("VARIATIONEND")) {
        if (open.size() == 1) {
          push(Severity::error, "ugf-bad-variation", "VARIATIONEND without VARIATION", pos);
          return true;
        }
        open.pop_back();
        return true;
      }
      if (t.starts_with("VARIATION")) {
        if (open.size() > 1000) {
          push(Severity::error, "ugf-bad-variation", "variations nested too deep", pos);
          too_deep = true;
          return false;
        }
        Sequence &parent = *open.back();
        Sequence &alternative = parent.variations.emplace_back();
        alternative.replaces = parent.moves.size();
        open.push_back(&alternative);
        return true;
      }
      bad_line(pos);
      return true;
    });
    if (too_deep)
      return;
    if (open.size() > 1)
      push(Severity::error, "truncated", "a VARIATION does not end (no VARIATIONEND)",
           foreign::start_of(*last_line));
    emit(builder, main, builder.root_index(), 0);
  }

  // Appends a sequence under `parent`, then its alternatives; nodes land in pre-order (an
  // alternative's subtree after the whole line it branches from).
  void emit(foreign::GameBuilder &builder, const Sequence &seq, NodeIndex parent, int depth) {
    std::vector<NodeIndex> parents; // the parent of each move of the sequence
    parents.reserve(seq.moves.size() + 1);
    NodeIndex last = parent;
    for (const ReviewMove &m : seq.moves) {
      parents.push_back(last);
      if (m.colour == 0 && m.number <= 1 && last == builder.root_index()) {
        remember(m.number, builder.root_index()); // NODE,1 is the root
        continue;
      }
      if (m.colour == 0)
        continue;
      last = builder.move(last, m.colour, foreign::point_letters(m.x, m.y, size_), m.pos);
      if (last == no_node)
        return; // past a limit
      remember(m.number, last);
    }
    parents.push_back(last);
    // Later branch points first: their nodes come before the earlier ones' in pre-order.
    std::vector<const Sequence *> order;
    for (const Sequence &v : seq.variations)
      order.push_back(&v);
    std::stable_sort(order.begin(), order.end(),
                     [](auto *a, auto *b) { return a->replaces > b->replaces; });
    for (const Sequence *v : order)
      emit(builder, *v, parents[v->replaces], depth + 1);
  }

  void remember(int number, NodeIndex node) {
    if (number < 0 || number > 1'000'000)
      return; // a number no review reaches: its comments find no node
    if (static_cast<size_t>(number) >= nodes_.size())
      nodes_.resize(number + 1, no_node);
    nodes_[number] = node;
  }

  // [ReviewComment]: ".Comment,<node number>" then the comment's lines.
  void read_comments(foreign::GameBuilder &builder) {
    NodeIndex target = no_node;
    for_lines("ReviewComment", [&](const Line &line, std::string_view text) {
      std::string_view t = line.text;
      if (t.starts_with(".Comment,")) {
        int number = std::atoi(std::string(t.substr(9)).c_str());
        target =
            number >= 0 && static_cast<size_t>(number) < nodes_.size() ? nodes_[number] : no_node;
        if (target == no_node)
          push(Severity::warning, "ugf-bad-comment",
               "comment for node " + std::to_string(number) + ", which the review does not have",
               foreign::start_of(line));
        return true;
      }
      if (target != no_node)
        builder.comment(target, trim(text));
      return true;
    });
  }

  void push(Severity s, std::string code, std::string message, SourcePos pos) {
    out_.report(s, std::move(code), std::move(message), pos, game_ ? 0 : -1);
  }

  std::string_view text_;
  std::vector<Line> lines_;
  foreign::Collector &out_;
  Game *game_ = nullptr;
  std::vector<Section> sections_;
  std::vector<ReviewMove> data_moves_;
  std::vector<NodeIndex> nodes_; // review node number → tree node (no_node: none)
  int size_ = 19;
  int handicap_ = 0;
};

} // namespace

bool looks_like_ugf(std::string_view bytes) {
  return foreign::starts_with_after_blanks(bytes, "[Header]");
}

ParseResult parse_ugf(std::string_view bytes, const ParseOptions &options) {
  // Lang= names the charset (SJIS, GB, KOR, UTF8, ...) when the caller did not force one.
  // ASCII text reads the same in all of them, without a conversion.
  ParseOptions named = options;
  std::string &charset = named.charset;
  bool ascii = is_ascii(bytes);
  if (charset.empty() && !ascii)
    if (size_t at = bytes.substr(0, 512).find("\nLang="); at != std::string_view::npos) {
      std::string_view lang = bytes.substr(at + 6, bytes.find_first_of("\r\n", at + 6) - at - 6);
      charset = lang == "SJIS"   ? "CP932"
                : lang == "GB"   ? "GB18030"
                : lang == "KOR"  ? "CP949"
                : lang == "BIG5" ? "CP950"
                : lang == "UTF8" ? "UTF-8"
                                 : "";
    }
  return foreign::read_decoded<UgfReader>(bytes, named, "UGF", ascii);
}

} // namespace sgf

#include "lib/sgf/validate.h"

#include "lib/sgf/spec.h"
#include "lib/sgf/values.h"

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <fmt/format.h>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>

namespace sgf {

namespace {

using spec::Group;
using spec::Placement;
using spec::PropertyInfo;
using spec::ValueType;

constexpr SpecCode codes[] = {
    {"root-property-misplaced", Severity::error,
     "a root property (FF, GM, SZ, CA, AP, ST) outside the root node"},
    {"game-info-misplaced", Severity::error,
     "a game-info property in a node below the game-info node of its path"},
    {"game-info-repeated", Severity::error,
     "a game-info property already given higher up on the same path"},
    {"setup-and-move", Severity::error, "setup properties (AB, AW, AE, PL) and a move in one node"},
    {"two-moves-in-node", Severity::error, "B and W in the same node"},
    {"duplicate-property", Severity::error,
     "the same property twice in one node (a warning for lists such as AB[pd]AB[dp])"},
    {"bad-value", Severity::error,
     "a value that is not of the property's type (a note for AP without a version)"},
    {"too-many-values", Severity::error, "several values for a property that takes one"},
    {"empty-value", Severity::error,
     "an empty value where the type needs one (a note for empty text)"},
    {"point-off-board", Severity::error, "a point or move outside the board that SZ gives"},
    {"duplicate-point", Severity::error,
     "one point set up twice in a node (a warning for two marks or two labels on one point)"},
    {"annotation-conflict", Severity::error,
     "judgements that exclude each other in one node (GB and GW, BM and TE, ...)"},
    {"annotation-without-move", Severity::error,
     "a move judgement (BM, TE, DO, IT) in a node without a move"},
    {"ko-without-move", Severity::error, "KO in a node without a move"},
    {"not-go", Severity::error,
     "GM other than 1: the game is not Go and its moves are not checked"},
    {"bad-board-size", Severity::error,
     "SZ is not a size from 1 to 52 (a warning for a square board written as SZ[n:n], and for "
     "a rectangular board before FF[4])"},
    {"bad-file-format", Severity::error, "FF is not a format from 1 to 4"},
    {"old-pass", Severity::warning, "an empty move (the FF[4] pass) in an FF[1]-FF[3] record"},
    {"bad-game-info", Severity::warning, "DT, RE or TM not written the way FF[4] defines"},
    {"old-property", Severity::warning, "an FF[1]-FF[3] property that FF[4] does not define"},
    {"unknown-property", Severity::warning,
     "a property that no FF version defines: misspelt, or private (a note for the private "
     "properties known applications write)"},
    {"mixed-games", Severity::warning, "games of different types (GM) or formats (FF) in one file"},
};

bool is_digits(std::string_view s, size_t n) {
  if (s.size() != n)
    return false;
  for (char c : s)
    if (c < '0' || c > '9')
      return false;
  return true;
}

// FF[4] dates: "YYYY[-MM[-DD]]", then shortened dates after commas ("1996-05-06,07", "MM-DD").
bool valid_date(std::string_view text) {
  bool first = true;
  while (true) {
    size_t comma = text.find(',');
    std::string_view part = text.substr(0, comma);
    bool ok = false;
    if (part.size() >= 4 && is_digits(part.substr(0, 4), 4)) {
      ok = part.size() == 4 ||
           (part.size() == 7 && part[4] == '-' && is_digits(part.substr(5), 2)) ||
           (part.size() == 10 && part[4] == '-' && is_digits(part.substr(5, 2), 2) &&
            part[7] == '-' && is_digits(part.substr(8), 2));
    } else if (!first) {
      ok = is_digits(part, 2) || (part.size() == 5 && is_digits(part.substr(0, 2), 2) &&
                                  part[2] == '-' && is_digits(part.substr(3), 2));
    }
    if (!ok)
      return false;
    if (comma == std::string_view::npos)
      return true;
    text.remove_prefix(comma + 1);
    first = false;
  }
}

// FF[4] results: 0, Draw, Void, ?, or B+/W+ followed by nothing, a score, R(esign), T(ime) or
// F(orfeit).
bool valid_result(std::string_view re) {
  if (re == "0" || re == "Draw" || re == "Void" || re == "?")
    return true;
  if (re.size() < 2 || (re[0] != 'B' && re[0] != 'W') || re[1] != '+')
    return false;
  std::string_view how = re.substr(2);
  return how.empty() || how == "R" || how == "Resign" || how == "T" || how == "Time" ||
         how == "F" || how == "Forfeit" || (to_real(how) && how.find(' ') == how.npos);
}

bool is_move(std::string_view id) {
  return id.size() == 1 && (id[0] == 'B' || id[0] == 'W');
}

bool is_setup(std::string_view id) {
  return id == "AB" || id == "AW" || id == "AE";
}

// values.h's has_move() looks B and W up by name, twice; this is once per node of every game.
bool holds_move(const Node &node) {
  return std::any_of(node.properties.begin(), node.properties.end(),
                     [](const Property &p) { return is_move(p.id); });
}

// A bit for each identifier of one or two capital letters (every FF[4] one), so that a node's
// repeated properties are found without comparing strings; none for any other identifier.
constexpr size_t short_ids = 26 * 27;
std::optional<size_t> short_id_bit(std::string_view id) {
  auto letter = [](char c) { return c >= 'A' && c <= 'Z'; };
  if (id.empty() || id.size() > 2 || !letter(id[0]) || (id.size() == 2 && !letter(id[1])))
    return std::nullopt;
  return static_cast<size_t>(id[0] - 'A') * 27 + (id.size() == 2 ? id[1] - 'A' + 1 : 0);
}

// The points of a board up to 52×52, for finding a point named twice in one node.
using PointSet = std::bitset<52 * 52>;

} // namespace

MoveReading::MoveReading(const Node &root) {
  if (const std::string *text = first_value(root, "FF"))
    if (auto v = to_number(*text); v && *v >= 1 && *v <= 4)
      ff = *v;
  if (const std::string *text = first_value(root, "GM"))
    if (auto v = to_number(*text); v && *v != 1)
      go = false;
  if (const std::string *text = first_value(root, "SZ"))
    if (auto v = to_board_size(*text))
      size = *v;
}

bool MoveReading::plain(std::string_view text) const {
  if (text.empty())
    return ff >= 4; // else an old-pass
  if (!go)
    return true;
  // A point on the board first: nearly every move is one, and "tt", the only other pass, is
  // never on a board where it is a pass.
  if (const std::optional<Point> point = decode_point(text); point && size.contains(*point))
    return true;
  return is_pass(text, size);
}

namespace {

class Validator {
public:
  Validator(const Game &game, int game_index, size_t limit)
      : game_(game), game_index_(game_index), limit_(limit) {}

  // A validator that keeps only the errors a count rests on (count_info_errors): the first about
  // each of SZ, KM and HA, whatever the limits.
  static Validator for_count_info(const Game &game, int game_index) {
    Validator v(game, game_index, SIZE_MAX);
    v.count_info_only_ = true;
    if (game.empty())
      return v;
    for (const Property &p : game.root().properties)
      for (uint8_t which = 0; which < 3; ++which)
        if (p.id == kCountInfo[which])
          for (const Value &value : p.values)
            v.count_info_at_.emplace_back(place(value.pos), which);
    std::ranges::sort(v.count_info_at_);
    return v;
  }

  Diagnostics run() {
    if (game_.empty())
      return {};
    move_number_.resize(game_.nodes.size());
    holds_move_.resize(game_.nodes.size());
    std::vector<int> info_node(game_.nodes.size(), -1); // the game-info node above, per node
    const size_t nodes = count_info_only_ ? 1 : game_.nodes.size();
    for (size_t n = 0; n < nodes; ++n) {
      const Node &node = game_.nodes[n];
      // Parents come first in pre-order, so their move numbers are known by now.
      const bool has_parent = node.parent != no_node;
      const int moves_before = has_parent ? move_number_[node.parent] : 0;
      info_node[n] = has_parent ? info_node[node.parent] : -1;
      // The common node first: a plain move holds a move and needs no further check.
      if (n != 0 && plain_move(node)) {
        holds_move_[n] = 1;
        move_number_[n] = moves_before + 1;
        continue;
      }
      holds_move_[n] = holds_move(node);
      move_number_[n] = moves_before + holds_move_[n];
      if (n == 0)
        check_root();
      if (n != 0 || !plain_move(node))
        check_node(n, info_node);
    }
    return std::move(out_);
  }

  size_t suppressed() const { return suppressed_; }
  Severity worst_suppressed() const { return worst_suppressed_; }

private:
  const Game &game_;
  int game_index_;
  MoveReading reading_;             // from the root, once check_root() has run
  std::vector<int> move_number_;    // per node: the moves from the root down to it, itself included
  std::vector<uint8_t> holds_move_; // per node: 1 when it holds B or W
  Diagnostics out_;
  // The points of the node being checked that are set up, marked and labelled. Kept here and
  // cleared on first use in a node: most nodes hold one move and no list of points.
  enum PointSetIndex { setup, marked, labelled, no_set = -1 };
  PointSet sets_[3];
  unsigned used_sets_ = 0;
  std::unordered_set<std::string_view> ids_; // the identifiers seen in a node of many properties
  size_t limit_;
  size_t suppressed_ = 0;
  Severity worst_suppressed_ = Severity::note;
  static constexpr std::string_view kCountInfo[3] = {"SZ", "KM", "HA"};
  bool count_info_only_ = false;
  // The places of the root's SZ, KM and HA values, sorted, each with its index in kCountInfo.
  std::vector<std::pair<uint64_t, uint8_t>> count_info_at_;
  unsigned count_info_found_ = 0; // a bit per index in kCountInfo

  static uint64_t place(SourcePos pos) { return uint64_t{pos.line} << 32 | pos.col; }
  // Whether an error at `pos` is the first about one of the root's SZ, KM and HA values.
  bool first_count_info_error(SourcePos pos) {
    auto at = std::ranges::lower_bound(count_info_at_, std::pair{place(pos), uint8_t{0}});
    if (at == count_info_at_.end() || at->first != place(pos) ||
        (count_info_found_ & (1u << at->second)) != 0)
      return false;
    count_info_found_ |= 1u << at->second;
    return true;
  }

  // The diagnostic added, or nullptr when it is over the limit (counted, not kept) or not kept
  // at all (for_count_info).
  Diagnostic *add(Severity severity, std::string_view code, std::string message, SourcePos pos,
                  size_t node) {
    if (count_info_only_ &&
        (severity != Severity::error || node != 0 || !first_count_info_error(pos)))
      return nullptr;
    if (out_.size() >= limit_) {
      ++suppressed_;
      worst_suppressed_ = std::max(worst_suppressed_, severity);
      return nullptr;
    }
    Diagnostic &d = out_.emplace_back();
    d.severity = severity;
    d.code = code;
    d.message = std::move(message);
    d.pos = pos;
    d.game = game_index_;
    d.node = static_cast<int>(node);
    if (holds_move_[node])
      d.move = move_number_[node];
    return &d;
  }

  // FF, GM and SZ decide how everything else is read (reading_), so they are looked at first.
  void check_root() {
    const Node &root = game_.root();
    reading_ = MoveReading(root);
    if (const Property *ff = root.find("FF"); ff && !ff->values.empty()) {
      auto v = to_number(ff->values.front().text);
      if (v && (*v < 1 || *v > 4))
        add(Severity::error, "bad-file-format",
            fmt::format("unknown file format FF[{}]: only FF[1] to FF[4] exist", *v),
            ff->values.front().pos, 0);
    }
    if (!reading_.go) {
      const Value &gm = root.find("GM")->values.front();
      add(Severity::error, "not-go",
          fmt::format("GM[{}] is not Go (GM[1]): moves and points are not checked",
                      *to_number(gm.text)),
          gm.pos, 0);
    }
    if (const Property *sz = root.find("SZ"); sz && !sz->values.empty()) {
      const Value &value = sz->values.front();
      if (auto size = to_board_size(value.text)) {
        auto composed = split_compose(value.text);
        if (composed && size->width == size->height)
          add(Severity::warning, "bad-board-size",
              fmt::format("square board written as a rectangle: SZ[{}] is SZ[{}]", value.text,
                          size->width),
              value.pos, 0);
        else if (composed && reading_.ff < 4) // columns:rows came with FF[4]
          add(Severity::warning, "bad-board-size",
              fmt::format("SZ[{}]: a rectangular board is not defined in FF[{}] (FF[4] only)",
                          value.text, reading_.ff),
              value.pos, 0);
      } else {
        add(Severity::error, "bad-board-size",
            fmt::format("SZ[{}] is not a board size from 1 to 52 (or columns:rows); 19×19 assumed",
                        value.text),
            value.pos, 0);
      }
    }
  }

  // Whether the node holds one move on the board (or a pass) and nothing else: the common node,
  // about which check_node would have nothing to say, without looking the move up in the table.
  bool plain_move(const Node &node) const {
    if (node.properties.size() != 1)
      return false;
    const Property &p = node.properties.front();
    return is_move(p.id) && p.values.size() == 1 && reading_.plain(p.values.front().text);
  }

  void check_node(size_t n, std::vector<int> &info_node) {
    const Node &node = game_.nodes[n];
    const Property *first_move = nullptr;
    const Property *first_setup = nullptr;
    const Property *position_judgement = nullptr;
    const Property *move_judgement = nullptr;
    const Property *ko = nullptr;
    bool holds_info = false;
    used_sets_ = 0;
    // Identifiers of one or two letters are a bit each. Longer ones: small nodes are the rule
    // and a scan is fastest for them; a hostile node with a million properties stays linear with
    // a hash set, kept across nodes (an empty one made and freed per node cost a memset call to
    // clear its bucket, every node).
    const bool many = node.properties.size() > 16;
    if (many)
      ids_.clear();
    std::bitset<short_ids> short_seen;
    for (size_t i = 0; i < node.properties.size(); ++i) {
      const Property &p = node.properties[i];
      const std::string_view id = p.id;
      bool repeated = false;
      if (const std::optional<size_t> bit = short_id_bit(id)) {
        repeated = short_seen.test(*bit);
        short_seen.set(*bit);
      } else if (many) {
        repeated = !ids_.insert(id).second;
      } else {
        for (size_t j = 0; j < i && !repeated; ++j)
          repeated = node.properties[j].id == id;
      }
      const PropertyInfo *info = spec::find(p.id);
      // AB[pd]AB[dp] (old GNU Go) means AB[pd][dp]: harmless for lists, an error for the rest.
      if (repeated)
        add(info && spec::is_list(info->type) ? Severity::warning : Severity::error,
            "duplicate-property",
            info && spec::is_list(info->type)
                ? fmt::format("property {} appears twice in the node (its values add up)", p.id)
                : fmt::format("property {} appears twice in the node", p.id),
            p.pos, n);
      if (!info) {
        if (const spec::PrivateProperty *known = spec::find_private(p.id))
          add(Severity::note, "unknown-property",
              fmt::format("private property {} ({}: {})", p.id, known->application,
                          known->description),
              p.pos, n);
        else
          add(Severity::warning, "unknown-property",
              p.id.size() > 2
                  ? fmt::format("unknown property {} (FF[4] identifiers have at most two letters)",
                                p.id)
                  : fmt::format("unknown property {}: no SGF version or known application "
                                "defines it",
                                p.id),
              p.pos, n);
        continue;
      }
      if (info->old)
        add(Severity::warning, "old-property",
            info->replacement.empty()
                ? fmt::format("{} ({}) is not defined in FF[4]", p.id, info->description)
                : fmt::format("{} ({}) is not defined in FF[4]: use {}", p.id, info->description,
                              info->replacement),
            p.pos, n);

      switch (info->placement) {
      case Placement::root:
        if (n != 0)
          add(Severity::error, "root-property-misplaced",
              fmt::format("root property {} outside the root node", p.id), p.pos, n);
        break;
      case Placement::game_info:
        holds_info = true;
        check_info_placement(n, p, info_node);
        break;
      case Placement::setup:
        if (!first_setup)
          first_setup = &p;
        break;
      case Placement::move:
        if (is_move(id)) {
          if (!first_move)
            first_move = &p;
          else if (first_move->id != p.id)
            add(Severity::error, "two-moves-in-node",
                fmt::format("{} and {} moves in the same node", first_move->id, p.id), p.pos, n);
        }
        break;
      case Placement::any:
        break;
      }
      if (id == "KO")
        ko = &p;
      if (info->group == Group::position_judgement) {
        if (position_judgement && position_judgement->id != p.id)
          add(Severity::error, "annotation-conflict",
              fmt::format("{} contradicts {} in the same node", p.id, position_judgement->id),
              p.pos, n);
        position_judgement = &p;
      } else if (info->group == Group::move_judgement) {
        if (move_judgement && move_judgement->id != p.id)
          add(Severity::error, "annotation-conflict",
              fmt::format("{} contradicts {} in the same node", p.id, move_judgement->id), p.pos,
              n);
        move_judgement = &p;
      }
      check_values(n, p, *info,
                   info->group == Group::markup ? marked
                   : is_setup(id)               ? setup
                   : id == "LB"                 ? labelled
                                                : no_set);
    }
    if (holds_info && info_node[n] < 0)
      info_node[n] = static_cast<int>(n);
    if (first_move && first_setup)
      add(Severity::error, "setup-and-move",
          fmt::format("setup property {} and move {} in the same node", first_setup->id,
                      first_move->id),
          first_setup->pos, n);
    if (!first_move && move_judgement)
      add(Severity::error, "annotation-without-move",
          fmt::format("move judgement {} in a node without a move", move_judgement->id),
          move_judgement->pos, n);
    if (!first_move && ko)
      add(Severity::error, "ko-without-move", "KO in a node without a move", ko->pos, n);
  }

  void check_info_placement(size_t n, const Property &p, const std::vector<int> &info_node) {
    int above = info_node[n];
    if (above < 0 || above == static_cast<int>(n))
      return;
    const Node &info = game_.nodes[static_cast<size_t>(above)];
    // Looking the id up in a huge (hostile) game-info node would make this quadratic.
    if (info.properties.size() <= 256 && info.has(p.id))
      add(Severity::error, "game-info-repeated",
          fmt::format("game-info property {} already given in the game-info node at line {}", p.id,
                      info.pos.line),
          p.pos, n);
    else
      add(Severity::error, "game-info-misplaced",
          fmt::format("game-info property {} outside the game-info node (line {})", p.id,
                      info.pos.line),
          p.pos, n);
  }

  // Checks a point's letters and its place on the board; returns it when it is on the board.
  std::optional<Point> check_point(size_t n, const Property &p, const Value &v,
                                   std::string_view letters) {
    auto point = decode_point(letters);
    if (!point) {
      add(Severity::error, "bad-value",
          fmt::format("{}[{}]: \"{}\" is not a point (two letters a-z, A-Z)", p.id, v.text,
                      letters),
          v.pos, n);
      return std::nullopt;
    }
    if (!reading_.go)
      return std::nullopt;
    if (!reading_.size.contains(*point)) {
      add(Severity::error, "point-off-board",
          fmt::format("{}[{}]: {} is off the {}×{} board", p.id, v.text, letters,
                      reading_.size.width, reading_.size.height),
          v.pos, n);
      return std::nullopt;
    }
    return point;
  }

  void mark(size_t n, const Property &p, const Value &v, Point a, Point b, int set,
            bool &reported) {
    if (set == no_set || reported)
      return;
    PointSet *seen = &sets_[set];
    if (!(used_sets_ & (1u << set))) { // first use in this node
      seen->reset();
      used_sets_ |= 1u << set;
    }
    for (int y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y)
      for (int x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x) {
        size_t bit = static_cast<size_t>(y * 52 + x);
        if (seen->test(bit)) {
          bool setup = is_setup(p.id);
          Diagnostic *d = add(setup ? Severity::error : Severity::warning, "duplicate-point",
                              fmt::format("{}[{}]: point {} already {} in this node", p.id, v.text,
                                          point_name({x, y}, reading_.size),
                                          setup          ? "set up"
                                          : p.id == "LB" ? "labelled"
                                                         : "marked"),
                              v.pos, n);
          if (d)
            d->point = point_to_sgf({x, y});
          reported = true; // one report per property is enough
          return;
        }
        seen->set(bit);
      }
  }

  void check_values(size_t n, const Property &p, const PropertyInfo &info, int seen) {
    const ValueType type = info.type;
    if (p.values.size() > 1 && !spec::is_list(type))
      add(Severity::error, "too-many-values",
          fmt::format("{} takes one value, not {}", p.id, p.values.size()), p.values[1].pos, n);
    bool reported_duplicate = false;
    size_t count = spec::is_list(type) ? p.values.size() : std::min<size_t>(p.values.size(), 1);
    for (size_t i = 0; i < count; ++i) {
      const Value &v = p.values[i];
      if (v.text.empty() || ((type == ValueType::text || type == ValueType::simpletext) &&
                             v.text.find_first_not_of(" \t\r\n") == std::string::npos)) {
        check_empty(n, p, v, type);
        continue;
      }
      check_value(n, p, v, type, seen, reported_duplicate);
    }
  }

  void check_empty(size_t n, const Property &p, const Value &v, ValueType type) {
    switch (type) {
    case ValueType::none:
    case ValueType::figure:
      return;
    case ValueType::point_elist:
      if (p.values.size() > 1)
        add(Severity::error, "bad-value",
            fmt::format("{}: the empty value must stand alone, not among points", p.id), v.pos, n);
      return;
    case ValueType::move:
      if (reading_.ff < 4)
        add(Severity::warning, "old-pass",
            fmt::format("{}[] is an FF[4] pass in an FF[{}] record (FF[3] writes tt)", p.id,
                        reading_.ff),
            v.pos, n);
      return;
    case ValueType::simpletext:
    case ValueType::text:
      add(Severity::note, "empty-value", fmt::format("empty {}[{}]", p.id, v.text), v.pos, n);
      return;
    default:
      // KM[], TM[], HA[]: game information left blank; nothing else depends on it being there.
      add(spec::find(p.id)->placement == Placement::game_info ? Severity::warning : Severity::error,
          "empty-value",
          fmt::format("empty {}[] where a {} is needed", p.id, spec::to_string(type)), v.pos, n);
    }
  }

  void bad(size_t n, const Property &p, const Value &v, std::string_view expected) {
    add(Severity::error, "bad-value", fmt::format("{}[{}] is not {}", p.id, v.text, expected),
        v.pos, n);
  }

  void check_value(size_t n, const Property &p, const Value &v, ValueType type, int seen,
                   bool &reported_duplicate) {
    const std::string_view id = p.id;
    switch (type) {
    case ValueType::none:
      add(Severity::error, "bad-value", fmt::format("{} takes no value, not [{}]", p.id, v.text),
          v.pos, n);
      return;
    case ValueType::number: {
      auto value = to_number(v.text);
      if (!value)
        return bad(n, p, v, "a number");
      if (id == "ST" && (*value < 0 || *value > 3))
        return bad(n, p, v, "a variation style from 0 to 3");
      if (id == "PM" && (*value < 0 || *value > 2))
        return bad(n, p, v, "a move-number style from 0 to 2");
      if ((id == "HA" || id == "OB" || id == "OW") && *value < 0)
        return bad(n, p, v, "a number of at least 0");
      // More handicap stones than points is no game, and a count would give them all back.
      if (const BoardSize size = reading_.size;
          id == "HA" && *value > long{size.width} * size.height)
        return bad(n, p, v,
                   fmt::format("a number of stones the {}×{} board holds (at most {})", size.width,
                               size.height, size.width * size.height));
      return;
    }
    case ValueType::real:
      if (to_real(v.text))
        return;
      if (id == "TM") // informative only, and real files write TM[10h], TM[3 hours]
        add(Severity::warning, "bad-game-info",
            fmt::format("TM[{}] is not a time in seconds", v.text), v.pos, n);
      else
        bad(n, p, v, "a real number");
      return;
    case ValueType::double_:
      if (!to_double(v.text))
        bad(n, p, v, "1 or 2");
      return;
    case ValueType::color:
      if (!to_color(v.text))
        bad(n, p, v, "a colour (B or W)");
      return;
    case ValueType::simpletext:
    case ValueType::text:
      if (id == "DT" && !valid_date(v.text))
        add(Severity::warning, "bad-game-info",
            fmt::format("DT[{}] is not an FF[4] date (YYYY-MM-DD)", v.text), v.pos, n);
      else if (id == "RE" && !valid_result(v.text))
        add(Severity::warning, "bad-game-info",
            fmt::format("RE[{}] is not an FF[4] result (B+R, W+3.5, 0, Void, ?)", v.text), v.pos,
            n);
      return;
    case ValueType::move:
      if (!reading_.go || is_pass(v.text, reading_.size))
        return;
      check_point(n, p, v, v.text);
      return;
    case ValueType::point_list:
    case ValueType::point_elist: {
      if (auto composed = split_compose(v.text)) {
        auto a = check_point(n, p, v, composed->first);
        auto b = check_point(n, p, v, composed->second);
        if (a && b)
          mark(n, p, v, *a, *b, seen, reported_duplicate);
        return;
      }
      if (auto a = check_point(n, p, v, v.text))
        mark(n, p, v, *a, *a, seen, reported_duplicate);
      return;
    }
    case ValueType::arrow_list: {
      auto composed = split_compose(v.text);
      if (!composed)
        return bad(n, p, v, "two points (point:point)");
      auto a = check_point(n, p, v, composed->first);
      auto b = check_point(n, p, v, composed->second);
      if (a && b && *a == *b)
        bad(n, p, v, "two different points");
      return;
    }
    case ValueType::label_list: {
      auto composed = split_compose(v.text);
      if (!composed)
        return bad(n, p, v, "a labelled point (point:text)");
      if (auto a = check_point(n, p, v, composed->first))
        mark(n, p, v, *a, *a, seen, reported_duplicate);
      return;
    }
    case ValueType::board_size:
      return; // read with the root
    case ValueType::application:
      if (!split_compose(v.text))
        add(Severity::note, "bad-value",
            fmt::format("AP[{}] has no version (FF[4] writes name:version)", v.text), v.pos, n);
      return;
    case ValueType::figure: {
      auto composed = split_compose(v.text);
      if (!composed || !to_number(composed->first))
        bad(n, p, v, "a figure (empty, or flags:name)");
      return;
    }
    }
  }
};

} // namespace

std::span<const SpecCode> spec_codes() {
  return codes;
}

Diagnostics validate(const Game &game, int game_index, size_t max_diagnostics) {
  Validator validator(game, game_index, max_diagnostics);
  Diagnostics out = validator.run();
  if (validator.suppressed()) {
    Diagnostic &d = out.emplace_back();
    d.severity = validator.worst_suppressed();
    d.code = "too-many-diagnostics";
    d.message = fmt::format("{} more diagnostic(s) of this game not shown", validator.suppressed());
    d.pos = game.pos;
    d.game = game_index;
  }
  return out;
}

Diagnostics count_info_errors(const Game &game, int game_index) {
  return Validator::for_count_info(game, game_index).run();
}

Diagnostics validate(const Collection &collection, size_t first_game, size_t max_diagnostics) {
  return validate(collection, first_game, nullptr, max_diagnostics);
}

Diagnostics validate(const Collection &part, size_t first_game, RecordValidation *of_record,
                     size_t max_diagnostics) {
  RecordValidation whole;
  RecordValidation &record = of_record ? *of_record : whole;
  Diagnostics out;
  // Once the record's budget is spent, games are still checked but only counted.
  size_t suppressed = 0;
  Severity worst = Severity::note;
  for (size_t g = 0; g < part.games.size(); ++g) {
    const Game &game = part.games[g];
    const size_t kept = record.kept + out.size();
    size_t budget = max_diagnostics > kept ? max_diagnostics - kept : 0;
    const size_t index = first_game + g; // in the record
    Validator validator(game, static_cast<int>(index), std::min<size_t>(budget, 1000));
    Diagnostics d = validator.run();
    if (validator.suppressed()) {
      suppressed += validator.suppressed();
      worst = std::max(worst, validator.worst_suppressed());
    }
    out.insert(out.end(), std::make_move_iterator(d.begin()), std::make_move_iterator(d.end()));
    if (game.empty())
      continue;
    const std::string *gm = first_value(game.root(), "GM");
    const std::string *ff = first_value(game.root(), "FF");
    std::string gm_text = gm ? *gm : "1", ff_text = ff ? *ff : "1";
    if (!to_number(gm_text) || !to_number(ff_text))
      continue; // reported as a bad value already
    if (!record.first_gm) {
      record.first_gm = gm_text;
      record.first_ff = ff_text;
      continue;
    }
    auto report = [&](bool &done, std::string_view what) {
      if (done)
        return;
      done = true;
      Diagnostic &m = out.emplace_back();
      m.severity = Severity::warning;
      m.code = "mixed-games";
      m.message = fmt::format("game {} has another {} than the first game: some programs will "
                              "read only part of the file",
                              index + 1, what);
      m.pos = game.pos;
      m.game = static_cast<int>(index);
      m.node = 0;
    };
    if (to_number(gm_text) != to_number(*record.first_gm))
      report(record.mixed_gm, "game type (GM)");
    if (to_number(ff_text) != to_number(*record.first_ff))
      report(record.mixed_ff, "file format (FF)");
  }
  record.kept += out.size();
  if (suppressed) {
    Diagnostic &d = out.emplace_back();
    d.severity = worst;
    d.code = "too-many-diagnostics";
    d.message = fmt::format("{} more diagnostic(s) not shown", suppressed);
  }
  return out;
}

} // namespace sgf

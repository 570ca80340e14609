// The SGF property table: every FF[4] property and the FF[1]-FF[3] ones still found in real files,
// with value type, placement and inheritance, looked up by identifier in constant time.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace sgf::spec {

// What the values of a property may be. Lists accept any number of values (at least one); an
// elist also accepts the single empty value; every other type takes exactly one value.
enum class ValueType : uint8_t {
  none,        // only the empty value: KO, DO, IT
  number,      // [+-]digits
  real,        // number with an optional fraction
  double_,     // 1 (normal) or 2 (emphasized)
  color,       // B or W
  simpletext,  // text on one line
  text,        // formatted text
  move,        // a point or a pass
  point_list,  // points and compressed rectangles "aa:cc": AB, AW, AE, MA, TR, CR, SQ, SL
  point_elist, // the same or a single empty value: DD, VW, TB, TW
  arrow_list,  // list of point:point: AR, LN
  label_list,  // list of point:simpletext: LB
  board_size,  // number or number:number: SZ
  application, // simpletext:simpletext: AP
  figure,      // none, or number:simpletext: FG
};

// Where a property may appear. Root properties belong to the root only; game-info properties to
// one node per path (the game-info node); setup and move properties must not share a node.
enum class Placement : uint8_t { root, game_info, setup, move, any };

// Properties of one group exclude each other within a node (SGFC's "contradicts").
enum class Group : uint8_t {
  none,
  position_judgement, // GB, GW, DM, UC: only one judgement of the position per node
  move_judgement,     // BM, TE, DO, IT: only one judgement of the move, and only with a move
  markup,             // MA, TR, CR, SQ, SL (and old M): one mark per point
};

struct PropertyInfo {
  std::string_view id;
  ValueType type;
  Placement placement;
  Group group = Group::none;
  bool inherit = false;         // applies to the whole subtree until changed (DD, VW)
  bool old = false;             // FF[1]-FF[3] only: not defined in FF[4]
  std::string_view replacement; // for an old property, the FF[4] one that replaces it
  std::string_view description; // a few words for messages and the man page
};

// The entry for an identifier ("B", "AB", "KI"), or nullptr when the property is unknown.
const PropertyInfo *find(std::string_view id);

// Every entry, sorted by identifier.
std::span<const PropertyInfo> all();

// A property no SGF version defines that an application writes on purpose, in every record of
// its kind: private by design, where an identifier known to no one is more likely a typo.
struct PrivateProperty {
  std::string_view id;
  std::string_view application;
  std::string_view description;
};

// The entry for a known application's private property ("TT", "KGSDE"), or nullptr.
const PrivateProperty *find_private(std::string_view id);

// Every known application's private property, sorted by identifier.
std::span<const PrivateProperty> all_private();

// Whether a property accepts more than one value.
constexpr bool is_list(ValueType t) {
  return t == ValueType::point_list || t == ValueType::point_elist || t == ValueType::arrow_list ||
         t == ValueType::label_list;
}

const char *to_string(ValueType);
const char *to_string(Placement);

} // namespace sgf::spec

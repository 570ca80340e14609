#include "lib/sgf/spec.h"

#include <algorithm>
#include <array>

namespace sgf::spec {

namespace {

using enum ValueType;
using P = Placement;
using G = Group;

// Sorted by identifier (a static_assert below keeps it so). Sources: the FF[4] specification
// (red-bean.com/sgf) and, for the FF[1]-FF[3] properties, SGFC's list of the ones it knows.
constexpr PropertyInfo table[] = {
    {"AB", point_list, P::setup, G::none, false, false, "", "add black stones"},
    {"AE", point_list, P::setup, G::none, false, false, "", "clear points"},
    {"AN", simpletext, P::game_info, G::none, false, false, "", "annotator"},
    {"AP", application, P::root, G::none, false, false, "", "application:version"},
    {"AR", arrow_list, P::any, G::none, false, false, "", "arrows"},
    {"AW", point_list, P::setup, G::none, false, false, "", "add white stones"},
    {"B", move, P::move, G::none, false, false, "", "black move"},
    {"BL", real, P::move, G::none, false, false, "", "black time left"},
    {"BM", double_, P::move, G::move_judgement, false, false, "", "bad move"},
    {"BR", simpletext, P::game_info, G::none, false, false, "", "black rank"},
    {"BS", number, P::game_info, G::none, false, true, "", "black species (FF[1]-FF[3])"},
    {"BT", simpletext, P::game_info, G::none, false, false, "", "black team"},
    {"C", text, P::any, G::none, false, false, "", "comment"},
    {"CA", simpletext, P::root, G::none, false, false, "", "charset"},
    {"CH", double_, P::any, G::none, false, true, "", "check mark (FF[1]-FF[3])"},
    {"CP", simpletext, P::game_info, G::none, false, false, "", "copyright"},
    {"CR", point_list, P::any, G::markup, false, false, "", "circles"},
    {"DD", point_elist, P::any, G::none, true, false, "", "dimmed points"},
    {"DM", double_, P::any, G::position_judgement, false, false, "", "even position"},
    {"DO", none, P::move, G::move_judgement, false, false, "", "doubtful move"},
    {"DT", simpletext, P::game_info, G::none, false, false, "", "date"},
    {"EL", number, P::any, G::none, false, true, "", "evaluation (FF[1]-FF[2])"},
    {"EV", simpletext, P::game_info, G::none, false, false, "", "event"},
    {"EX", move, P::any, G::none, false, true, "", "expected move (FF[1]-FF[2])"},
    {"FF", number, P::root, G::none, false, false, "", "file format"},
    {"FG", figure, P::any, G::none, false, false, "", "figure"},
    {"GB", double_, P::any, G::position_judgement, false, false, "", "good for black"},
    {"GC", text, P::game_info, G::none, false, false, "", "game comment"},
    {"GM", number, P::root, G::none, false, false, "", "game (1 is Go)"},
    {"GN", simpletext, P::game_info, G::none, false, false, "", "game name"},
    {"GW", double_, P::any, G::position_judgement, false, false, "", "good for white"},
    {"HA", number, P::game_info, G::none, false, false, "", "handicap (Go)"},
    {"HO", double_, P::any, G::none, false, false, "", "hotspot"},
    {"ID", simpletext, P::game_info, G::none, false, true, "", "game identifier (FF[3])"},
    {"IT", none, P::move, G::move_judgement, false, false, "", "interesting move"},
    {"KI", number, P::game_info, G::none, false, true, "KM", "integer komi (FF[1]-FF[2])"},
    {"KM", real, P::game_info, G::none, false, false, "", "komi (Go)"},
    {"KO", none, P::move, G::none, false, false, "", "execute an illegal move"},
    {"L", point_list, P::any, G::none, false, true, "LB", "letters (FF[1]-FF[2])"},
    {"LB", label_list, P::any, G::none, false, false, "", "labels"},
    {"LN", arrow_list, P::any, G::none, false, false, "", "lines"},
    {"LT", none, P::game_info, G::none, false, true, "", "lose on time (FF[3])"},
    {"M", point_list, P::any, G::markup, false, true, "MA", "marks (FF[1]-FF[2])"},
    {"MA", point_list, P::any, G::markup, false, false, "", "crosses"},
    {"MN", number, P::move, G::none, false, false, "", "move number"},
    {"N", simpletext, P::any, G::none, false, false, "", "node name"},
    {"OB", number, P::move, G::none, false, false, "", "black moves left (byo-yomi)"},
    {"OM", number, P::game_info, G::none, false, true, "", "moves per overtime (FF[3])"},
    {"ON", simpletext, P::game_info, G::none, false, false, "", "opening"},
    {"OP", real, P::game_info, G::none, false, true, "", "overtime length (FF[3])"},
    {"OT", simpletext, P::game_info, G::none, false, false, "", "overtime"},
    {"OV", real, P::game_info, G::none, false, true, "", "operator overhead (FF[3])"},
    {"OW", number, P::move, G::none, false, false, "", "white moves left (byo-yomi)"},
    {"PB", simpletext, P::game_info, G::none, false, false, "", "black player"},
    {"PC", simpletext, P::game_info, G::none, false, false, "", "place"},
    {"PL", color, P::setup, G::none, false, false, "", "player to move"},
    {"PM", number, P::any, G::none, true, false, "", "print move numbers"},
    {"PW", simpletext, P::game_info, G::none, false, false, "", "white player"},
    {"RE", simpletext, P::game_info, G::none, false, false, "", "result"},
    {"RG", point_list, P::any, G::none, false, true, "", "region (FF[1]-FF[3])"},
    {"RO", simpletext, P::game_info, G::none, false, false, "", "round"},
    {"RU", simpletext, P::game_info, G::none, false, false, "", "rules"},
    {"SC", point_list, P::any, G::none, false, true, "", "secure stones (FF[1]-FF[3])"},
    {"SE", point_list, P::any, G::none, false, true, "", "self-test moves (FF[3])"},
    {"SI", double_, P::any, G::none, false, true, "", "sigma (FF[3])"},
    {"SL", point_list, P::any, G::markup, false, false, "", "selected points"},
    {"SO", simpletext, P::game_info, G::none, false, false, "", "source"},
    {"SQ", point_list, P::any, G::markup, false, false, "", "squares"},
    {"ST", number, P::root, G::none, false, false, "", "variation style"},
    {"SZ", board_size, P::root, G::none, false, false, "", "board size"},
    {"TB", point_elist, P::any, G::none, false, false, "", "black territory (Go)"},
    {"TC", number, P::any, G::none, false, true, "", "territory count (FF[3])"},
    {"TE", double_, P::move, G::move_judgement, false, false, "", "tesuji"},
    {"TM", real, P::game_info, G::none, false, false, "", "time limit"},
    {"TR", point_list, P::any, G::markup, false, false, "", "triangles"},
    {"TW", point_elist, P::any, G::none, false, false, "", "white territory (Go)"},
    {"UC", double_, P::any, G::position_judgement, false, false, "", "unclear position"},
    {"US", simpletext, P::game_info, G::none, false, false, "", "user (enterer)"},
    {"V", real, P::any, G::none, false, false, "", "value (estimated score)"},
    {"VW", point_elist, P::any, G::none, true, false, "", "view (part of the board shown)"},
    {"W", move, P::move, G::none, false, false, "", "white move"},
    {"WL", real, P::move, G::none, false, false, "", "white time left"},
    {"WR", simpletext, P::game_info, G::none, false, false, "", "white rank"},
    {"WS", number, P::game_info, G::none, false, true, "", "white species (FF[1]-FF[3])"},
    {"WT", simpletext, P::game_info, G::none, false, false, "", "white team"},
};

constexpr size_t table_size = std::size(table);
static_assert(table_size < 255);
static_assert(std::is_sorted(std::begin(table), std::end(table),
                             [](const PropertyInfo &a, const PropertyInfo &b) {
                               return a.id < b.id;
                             }));

// Identifiers are one or two uppercase letters: 27 × 27 slots, the second one 0 for none.
constexpr int slot(std::string_view id) {
  if (id.empty() || id.size() > 2)
    return -1;
  int result = 0;
  for (size_t i = 0; i < 2; ++i) {
    int v = 0;
    if (i < id.size()) {
      if (id[i] < 'A' || id[i] > 'Z')
        return -1;
      v = id[i] - 'A' + 1;
    }
    result = result * 27 + v;
  }
  return result;
}

constexpr uint8_t absent = 255;

constexpr std::array<uint8_t, 27 * 27> index = [] {
  std::array<uint8_t, 27 * 27> result{};
  result.fill(absent);
  for (size_t i = 0; i < table_size; ++i)
    result[static_cast<size_t>(slot(table[i].id))] = static_cast<uint8_t>(i);
  return result;
}();

// Sorted by identifier. Each is written by its application in the records it exports, as the
// game collections in use show; a one-off identifier (LM[5.5] beside no KM) is not here.
constexpr PrivateProperty private_table[] = {
    {"BC", "the CWI collection", "black player's country"},
    {"DTX", "the CWI collection", "remark on the date"},
    {"EVX", "the CWI collection", "remark on the event"},
    {"GK", "Fox and Nihon Ki-in records", "kind of game"},
    {"HD", "Many Faces of Go and Korean records", "handicap"},
    {"IL", "GNU Go", "the point a ko makes illegal"},
    {"JD", "the CWI collection", "date in the Japanese calendar"},
    {"KGSDE", "KGS", "dead stones"},
    {"KGSSB", "KGS", "Black's score"},
    {"KGSSW", "KGS", "White's score"},
    {"LC", "Fox and Nihon Ki-in records", "byo-yomi periods"},
    {"MD", "Many Faces of Go", "search data"},
    {"MULTIGOGM", "MultiGo", "game type"},
    {"OH", "the CWI collection", "handicaps of a match"},
    {"PBX", "the CWI collection", "remark on the black player"},
    {"PWX", "the CWI collection", "remark on the white player"},
    {"PX", "the CWI collection", "a player, colours unknown"},
    {"PY", "the CWI collection", "the other player, colours unknown"},
    {"RD", "Fox and Nihon Ki-in records", "date"},
    {"REX", "the CWI collection", "remark on the result"},
    {"RL", "Fox and Many Faces of Go", "rules flag"},
    {"SY", "CGoban 1", "the program that wrote the record"},
    {"TL", "the CWI collection", "time used"},
    {"TT", "Fox", "byo-yomi seconds"},
    {"WC", "the CWI collection", "white player's country"},
};
static_assert(std::is_sorted(std::begin(private_table), std::end(private_table),
                             [](const PrivateProperty &a, const PrivateProperty &b) {
                               return a.id < b.id;
                             }));

} // namespace

const PrivateProperty *find_private(std::string_view id) {
  const auto *it =
      std::lower_bound(std::begin(private_table), std::end(private_table), id,
                       [](const PrivateProperty &p, std::string_view key) { return p.id < key; });
  return it != std::end(private_table) && it->id == id ? it : nullptr;
}

std::span<const PrivateProperty> all_private() {
  return private_table;
}

const PropertyInfo *find(std::string_view id) {
  int s = slot(id);
  if (s < 0 || index[static_cast<size_t>(s)] == absent)
    return nullptr;
  return &table[index[static_cast<size_t>(s)]];
}

std::span<const PropertyInfo> all() {
  return table;
}

const char *to_string(ValueType t) {
  switch (t) {
  case none:
    return "none";
  case number:
    return "number";
  case real:
    return "real";
  case double_:
    return "double";
  case color:
    return "color";
  case simpletext:
    return "simpletext";
  case text:
    return "text";
  case move:
    return "move";
  case point_list:
    return "list of points";
  case point_elist:
    return "list of points or empty";
  case arrow_list:
    return "list of point:point";
  case label_list:
    return "list of point:simpletext";
  case board_size:
    return "number or number:number";
  case application:
    return "simpletext:simpletext";
  case figure:
    return "none or number:simpletext";
  }
  return "?";
}

const char *to_string(Placement p) {
  switch (p) {
  case P::root:
    return "root";
  case P::game_info:
    return "game-info";
  case P::setup:
    return "setup";
  case P::move:
    return "move";
  case P::any:
    return "any";
  }
  return "?";
}

} // namespace sgf::spec

#include "lib/rules/rule_set.h"

#include "lib/sgf/text.h"
#include "lib/sgf/values.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace sgf::rules {

namespace {

// Letters and digits only, lowercased: "Tromp/Taylor", "New Zealand" and "ing goe" match.
std::string squeeze(std::string_view s) {
  std::string out;
  for (char c : s)
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

RuleSet make(std::string_view name) {
  RuleSet r;
  r.name = std::string(name);
  if (name == "chinese") {
    r.two_moves_lose = true;
  } else if (name == "japanese" || name == "korean") {
    r.ko = KoRule::simple;
    r.scoring = Scoring::territory;
    r.komi = 6.5;
    r.handicap_bonus = HandicapBonus::none;
    r.seki_territory = false;
    r.cycles_void = true;
    r.illegal = IllegalMove::loss;
    r.two_moves_lose = true;
  } else if (name == "aga") {
    r.ko = KoRule::situational;
    r.handicap_bonus = HandicapBonus::n_minus_1;
    r.pass_stones = true;
    r.illegal = IllegalMove::void_move;
  } else if (name == "ing") {
    // The Ing text's ko rule forbids only the immediate retake of a ko, and it names no other
    // repetition and no ruling on a cycle: a repeated position is legal, a cycle undecided.
    r.ko = KoRule::simple;
    r.suicide_allowed = true;
    r.komi = 8;
    r.illegal = IllegalMove::void_move;
  } else if (name == "nz") {
    r.ko = KoRule::situational;
    r.suicide_allowed = true;
    r.komi = 7;
    r.handicap_bonus = HandicapBonus::none;
    r.illegal = IllegalMove::void_move;
  } else if (name == "tromp-taylor") {
    r.suicide_allowed = true;
    r.handicap_bonus = HandicapBonus::none;
    r.remove_dead = false;
    r.open_dame = OpenDame::nobody;
    r.illegal = IllegalMove::void_move;
  }
  return r;
}

constexpr std::array<std::string_view, 7> names{"chinese", "japanese", "korean",      "aga",
                                                "ing",     "nz",       "tromp-taylor"};

} // namespace

std::optional<RuleSet> preset(std::string_view name) {
  const std::string n = ascii_lower(name);
  for (std::string_view known : names)
    if (n == known)
      return make(known);
  if (n == "tt" || n == "tromptaylor" || n == "tromp_taylor")
    return make("tromp-taylor");
  return std::nullopt;
}

std::vector<std::string> preset_names() {
  return {names.begin(), names.end()};
}

std::optional<RuleSet> preset_for_ru(std::string_view ru) {
  const std::string s = squeeze(ru);
  struct Spelling {
    std::string_view squeezed;
    std::string_view preset;
  };
  // Spellings seen in real records (KGS, Fox, OGS, CWI, engine tests).
  static constexpr Spelling exact[] = {
      {"jp", "japanese"},
      {"jpn", "japanese"},
      {"ja", "japanese"},
      {"j", "japanese"},
      {"nihonkiin", "japanese"},
      // Not a rule set but the match format of the Japanese jubango (handicap changing with the
      // score), played under Japanese rules.
      {"uchikomi", "japanese"},
      {"cn", "chinese"},
      {"chn", "chinese"},
      {"zh", "chinese"},
      {"c", "chinese"},
      {"chineseweiqiassociation", "chinese"},
      {"kr", "korean"},
      {"ko", "korean"},
      {"kor", "korean"},
      {"k", "korean"},
      {"aga", "aga"},
      {"usa", "aga"},
      {"american", "aga"},
      {"bga", "aga"},
      {"ing", "ing"},
      {"goe", "ing"},
      {"inggoe", "ing"},
      {"ings", "ing"},
      {"sst", "ing"},
      {"nz", "nz"},
      {"newzealand", "nz"},
      {"tt", "tromp-taylor"},
      {"tromptaylor", "tromp-taylor"},
  };
  for (const Spelling &sp : exact)
    if (s == sp.squeezed)
      return make(sp.preset);
  // Longer free text: "Japanese 1989", "Chinese (CWA)", "Korean rules", "AGA 2004", "Ing's".
  static constexpr Spelling prefix[] = {
      {"japan", "japanese"}, {"chin", "chinese"}, {"korea", "korean"},  {"aga", "aga"},
      {"ingsrule", "ing"},   {"ingrule", "ing"},  {"newzealand", "nz"}, {"tromp", "tromp-taylor"},
  };
  for (const Spelling &sp : prefix)
    if (s.starts_with(sp.squeezed))
      return make(sp.preset);
  return std::nullopt;
}

namespace {

// The keys whose two values set one flag of the rule set: the values in the order the help lists
// them, and whether the first one sets the flag.
struct FlagKey {
  std::string_view key;
  std::array<std::string_view, 2> values;
  bool first_sets;
  bool RuleSet::*flag;
};
constexpr FlagKey kFlagKeys[] = {
    {"suicide", {"forbidden", "allowed"}, false, &RuleSet::suicide_allowed},
    {"dead", {"removed", "kept"}, true, &RuleSet::remove_dead},
    {"teire", {"fill", "as-left"}, false, &RuleSet::counted_as_left},
    {"handicap-stones", {"fixed", "recorded"}, true, &RuleSet::fixed_handicap},
    {"open-points", {"estimate", "dame"}, true, &RuleSet::open_points_by_estimate},
};

} // namespace

std::optional<std::string> apply_override(RuleSet &r, std::string_view key_value) {
  const size_t eq = key_value.find('=');
  if (eq == std::string_view::npos)
    return "expected key=value, got '" + std::string(key_value) + "'";
  const std::string key = ascii_lower(key_value.substr(0, eq));
  const std::string value = ascii_lower(key_value.substr(eq + 1));
  auto bad = [&](std::string_view allowed) {
    return "bad value '" + value + "' for " + key + " (expected " + std::string(allowed) + ")";
  };
  for (const FlagKey &f : kFlagKeys) {
    if (key != f.key)
      continue;
    for (int i : {0, 1})
      if (value == f.values[i]) {
        r.*f.flag = (i == 0) == f.first_sets;
        return std::nullopt;
      }
    return bad(std::string(f.values[0]) + " or " + std::string(f.values[1]));
  }
  if (key == "ko") {
    if (value == "simple")
      r.ko = KoRule::simple;
    else if (value == "positional")
      r.ko = KoRule::positional;
    else if (value == "situational")
      r.ko = KoRule::situational;
    else
      return bad("simple, positional or situational");
  } else if (key == "scoring") {
    if (value == "area")
      r.scoring = Scoring::area;
    else if (value == "territory")
      r.scoring = Scoring::territory;
    else
      return bad("area or territory");
  } else if (key == "komi") {
    // Written as KM is (no exponent, no "inf" or "nan"): a number of points.
    const std::optional<double> k = to_real(value);
    if (!k)
      return bad("a number of points such as 6.5");
    r.komi = *k;
    r.komi_overridden = true;
  } else if (key == "handicap-bonus") {
    if (value == "0" || value == "none")
      r.handicap_bonus = HandicapBonus::none;
    else if (value == "n")
      r.handicap_bonus = HandicapBonus::n;
    else if (value == "n-1")
      r.handicap_bonus = HandicapBonus::n_minus_1;
    else
      return bad("0, n or n-1");
  } else if (key == "illegal") {
    if (value == "void")
      r.illegal = IllegalMove::void_move;
    else if (value == "loss")
      r.illegal = IllegalMove::loss;
    else if (value == "warning")
      r.illegal = IllegalMove::warning;
    else
      return bad("void, loss or warning");
  } else if (key == "dame") {
    if (value == "filled")
      r.open_dame = OpenDame::filled;
    else if (value == "shared")
      r.open_dame = OpenDame::shared;
    else if (value == "nobody")
      r.open_dame = OpenDame::nobody;
    else
      return bad("filled, shared or nobody");
  } else {
    return "unknown rule key '" + key +
           "' (expected ko, suicide, scoring, komi, handicap-bonus, illegal, dame, dead, teire, "
           "handicap-stones or open-points)";
  }
  return std::nullopt;
}

std::vector<Point> fixed_handicap_points(int n, BoardSize size) {
  const int side = size.width;
  const int most = side % 2 == 1 && side >= 9 ? 9 : 4;
  if (size.height != side || side < 7 || n < 2 || n > most)
    return {};
  const int near = side >= 13 ? 3 : 2, far = side - 1 - near, mid = side / 2;
  // Black's view: the upper right and lower left corners first, then upper left, lower right.
  std::vector<Point> points{{far, near}, {near, far}};
  if (n >= 3)
    points.push_back({near, near});
  if (n >= 4)
    points.push_back({far, far});
  if (n >= 6) {
    points.push_back({near, mid});
    points.push_back({far, mid});
  }
  if (n >= 8) {
    points.push_back({mid, near});
    points.push_back({mid, far});
  }
  if (n % 2 == 1 && n >= 5)
    points.push_back({mid, mid});
  return points;
}

bool overrides_komi(const std::vector<std::string> &overrides) {
  return std::ranges::any_of(overrides, [](std::string_view kv) {
    const size_t eq = kv.find('=');
    return eq != std::string_view::npos && ascii_lower(kv.substr(0, eq)) == "komi";
  });
}

} // namespace sgf::rules

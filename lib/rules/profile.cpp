// Server profiles and their recognition: see profile.h.
#include "lib/rules/profile.h"

#include "lib/rules/replay.h"
#include "lib/sgf/rank.h"
#include "lib/sgf/text.h"
#include "lib/sgf/values.h"

#include <fmt/format.h>

#include <array>
#include <cmath>

namespace sgf::rules {

namespace {

// The board counted as the players left it, as a server counts it when both pass: open dame
// shared (under area rules; no one's under territory rules), not filled in turn, and a point one
// colour encloses is its territory, whether a dame fill would call for a teire there or not.
void count_as_left(Profile &p) {
  p.open_dame = OpenDame::shared;
  p.counted_as_left = true;
}

Profile make(std::string_view name) {
  Profile p;
  p.name = std::string(name);
  if (name == "none") {
    p.conventions = "no server conventions: the rule set and KM as written";
  } else if (name == "fox") {
    // Fox Weiqi (AP[YuanYu] from the Fox client, AP[foxwq] after AP[GNU Go:3.8] from the other
    // exporter). KM is written in hundredths: of a point (KM[650], KM[750]), and of a stone under
    // area rules, where results are in stones too (KM[375] = 3.75 stones = 7.5 points, RE[W+1.25]).
    // An even game's KM[0] omits the komi played, which was the server's usual one. RE[B+0.0]
    // and RE[W+0.0] name a winner whose margin is not written, not a jigo won on a tiebreak.
    // Fox counts a territory game on the board as the players left it: a teire counts only when
    // the dame fill finds it whichever side begins, and a dame that the teire fill closes in
    // stays a dame (no player made the moves that would close it). Handicap stones are fixed,
    // on GTP's points (the AB of its records that have one); the foxwq exporter leaves out the
    // AB of some handicap games, whose moves never fall on those points and start with White.
    // A game stopped before the board is finished is counted by the server's own estimate of
    // who owns what: the open points go to the side that owns them.
    p.conventions = "KM x100 (hundredths of a point; of a stone under area rules), KM[0] on an "
                    "even game means 6.5 (territory) or 7.5 (area), teire and dame counted as "
                    "the players left the board, RE[B+0.0] a win by a margin not written, "
                    "handicap stones on the fixed points when the record has no AB, an "
                    "unfinished board's open points to the side the estimate gives them";
    p.km_hundredths = true;
    p.even_komi_territory = 6.5;
    p.even_komi_area = 7.5;
    p.counted_as_left = true;
    p.results.zero_margin_unwritten = true;
    p.fixed_handicap = true;
    p.open_points_by_estimate = true;
  } else if (name == "tygem") {
    // Tygem counts Korean territory; the SGF converters of its move lists write RU[Japanese] and
    // KM[6.5] for every game, so RU says nothing and the count is Korean territory. Its records
    // have no passes and stop at the last stone, dame and teire played or not as the players
    // did, and the server counts that board: open dame shared, and a point one colour encloses
    // is its territory whether or not a dame fill would have called for a teire there.
    p.conventions = "Korean territory counting whatever RU says (the converters write "
                    "RU[Japanese] KM[6.5] for every game), on the board as the players left it "
                    "(open dame shared, no teire deducted)";
    p.rules = "korean";
    count_as_left(p);
  } else if (name == "tom") {
    // Tom's records, like Tygem's, have no passes and stop at the last stone, and the server
    // counts the board as the players left it: open dame shared, not filled in turn, no teire.
    p.conventions = "the board counted as the players left it: open dame shared, no teire "
                    "deducted";
    count_as_left(p);
  } else if (name == "kgs") {
    // KGS counts an area game on the board as the players left it: open dame count for nobody,
    // the half-and-half share. Elsewhere (professional and AI records) an area result is the
    // count after the dame are filled in turn.
    p.conventions = "area counts share the open dame half and half, territory counts use the "
                    "static teire rule (the board as the players left it)";
    p.open_dame = OpenDame::shared;
  } else if (name == "cgos") {
    // The Computer Go Server scores every game by Tromp-Taylor: every stone on the board is alive
    // and an empty point counts only for the colour it alone reaches.
    p.conventions = "Tromp-Taylor scoring: no stone is removed, open dame are nobody's";
    p.open_dame = OpenDame::nobody;
    p.keeps_every_stone = true;
  } else if (name == "nngs") {
    // NNGS (the No Name Go Server, on which computer-go tournaments were played over the IGS
    // protocol) counts territory and prisoners, as IGS does, and its records write no RU:
    // without one the game is a territory count, not the default area count. The server counts
    // the board as the players left it when both pass and the dead stones are removed: open dame
    // are no one's, and a point one colour encloses is its territory, teire or not.
    p.conventions = "Japanese territory counting where the record names no rule set (the server "
                    "counts territory and prisoners; its records write no RU), on the board as the "
                    "players left it (no teire deducted)";
    p.unwritten_rules = "japanese";
    count_as_left(p);
  } else if (name == "ogs") {
    p.conventions = "no convention beyond the rule set: OGS writes RU and KM in points as played "
                    "and the players mark the dead stones";
  }
  return p;
}

constexpr std::array<std::string_view, 8> names{"none", "fox",  "tygem", "tom",
                                                "kgs",  "cgos", "nngs",  "ogs"};

bool contains(const std::string &haystack, std::string_view needle) {
  return haystack.find(needle) != std::string::npos;
}

// Every value of every property `id` of the root: a root can repeat a property (Fox's second
// AP[foxwq]).
template <typename Visit> void each_value(const Node &root, std::string_view id, Visit visit) {
  for (const Property &p : root.properties)
    if (p.id == id)
      for (const auto &v : p.values)
        visit(to_simple_text(v.text));
}

// A note about the record's root.
void add_note(Diagnostics &notes, std::string code, std::string message) {
  notes.push_back(make_diagnostic(Severity::note, std::move(code), std::move(message)));
  notes.back().node = 0;
}

} // namespace

std::optional<Profile> profile_preset(std::string_view name) {
  const std::string n = ascii_lower(name);
  for (std::string_view known : names)
    if (n == known)
      return make(known);
  return std::nullopt;
}

std::vector<std::string> profile_names() {
  return {names.begin(), names.end()};
}

ProfileChoice profile_for(const Node &root) {
  std::optional<ProfileChoice> found;
  auto pick = [&](std::string_view name, std::string reason) {
    if (!found)
      found = ProfileChoice{make(name), std::move(reason)};
  };
  // PC names the server the game was played on, AP the program that wrote the record: the
  // server's counting comes first (a game played on Tygem and saved by Fox's client counts as
  // Tygem counts).
  each_value(root, "PC", [&](const std::string &pc) {
    const std::string p = ascii_lower(pc);
    if (contains(p, "(kgs)") || contains(p, "gokgs.com"))
      pick("kgs", "PC[" + pc + "]");
    else if (contains(p, "cgos"))
      pick("cgos", "PC[" + pc + "]");
    else if (contains(p, "nngs")) // PC[NNGS], PC[cg_nngs], PC[NNGS Worldwide: nngs.cosmic.org ...]
      pick("nngs", "PC[" + pc + "]");
    else if (contains(p, "tygem") || contains(p, "타이젬")) // its Korean name
      pick("tygem", "PC[" + pc + "]");
    else if (p == "tom" || contains(p, "tom.com"))
      pick("tom", "PC[" + pc + "]");
    else if (contains(p, "online-go.com") || p.starts_with("ogs"))
      pick("ogs", "PC[" + pc + "]");
  });
  each_value(root, "AP", [&](const std::string &ap) {
    const std::string a = ascii_lower(ap);
    if (a.starts_with("yuanyu") || a.starts_with("foxwq"))
      pick("fox", "AP[" + ap + "]");
  });
  // Fox's clock properties (TC periods, TT seconds each) mark its records where no exporter
  // writes an AP of its own (some carry only AP[GNU Go:3.8]).
  const std::string *tc = first_value(root, "TC");
  const std::string *tt = first_value(root, "TT");
  if (tc && tt)
    pick("fox", "TC[" + to_simple_text(*tc) + "] TT[" + to_simple_text(*tt) + "]");
  if (found)
    return *found;
  return {make("none"), "no server recognised from PC or AP"};
}

namespace {

// Whether a player's rank (BR, WR) is a professional's.
bool professional(const Node &root, std::string_view rank_id) {
  const std::string *rank = first_value(root, rank_id);
  return rank && is_professional_rank(to_simple_text(*rank));
}

// How a record writes its komi: in points, or in hundredths (of a point; of a stone under area
// rules) as the profile says its server writes them, or as a guess where no profile says.
enum class KomiUnit { points, hundredths, guessed_hundredths };

// KM as the record wrote it and read in its unit.
struct WrittenKomi {
  const std::string *text = nullptr; // KM's value as written; null without KM
  std::optional<double> value;       // in points (under area rules, stones for `hundredths`)
  KomiUnit unit = KomiUnit::points;
};

WrittenKomi written_komi(const Game &game, const Profile &profile) {
  WrittenKomi km;
  km.text = game.empty() ? nullptr : first_value(game.root(), "KM");
  km.value = km.text ? to_real(*km.text) : std::nullopt;
  if (!km.value)
    return km;
  const double v = *km.value;
  // A komi of more points than the board has is no komi. Where no profile says how the record's
  // server writes KM, such a KM in whole quarter points is read as hundredths, as some servers
  // write it: a guess about the writer, said as one.
  const BoardSize size = board_size_of(game).value_or(BoardSize{});
  if (profile.km_hundredths && std::fabs(v) >= 100)
    km.unit = KomiUnit::hundredths;
  else if (std::fabs(v) > double(size.width) * size.height && std::floor(v) == v &&
           std::fmod(std::fabs(v), 25.0) == 0)
    km.unit = KomiUnit::guessed_hundredths;
  if (km.unit != KomiUnit::points)
    km.value = v / 100;
  return km;
}

// The counting of a game between professionals whose record names no rule set (most professional
// records name none). Area rules give a komi of 7.5 points (3¾ stones, Chinese rules since 2002),
// 8 (Ing rules) or one written in quarter points (a komi in stones). Any other komi (0, 4.5,
// 5, 5.5, 6.5), or none written, is taken for territory rules, under which professionals in Japan
// and Korea play: a Chinese game of the years of 2¾ stones (5.5 points) whose record writes no RU
// is counted by territory too, such records being far fewer than Japanese and Korean ones with that
// komi. Programs play area rules with 6.5 as well, so the komi alone does not tell: both players
// must hold professional ranks. `komi`: KM read in its unit (written_komi).
std::optional<std::string> professional_counting(const Node &root, std::optional<double> komi) {
  if (!professional(root, "BR") || !professional(root, "WR"))
    return std::nullopt;
  const double points = komi ? std::fabs(*komi) : 0;
  if (points == 7.5 || points == 8 || std::fmod(points * 2, 1.0) != 0)
    return std::nullopt; // a komi of area rules
  return "japanese";
}

// The rule set and its reason (the first step of rules_of_game).
GameRules choose_rules(const Game &game, const std::optional<RuleSet> &requested,
                       const Profile &profile, const WrittenKomi &km, Diagnostics &notes) {
  GameRules chosen{rules_for(game, requested, notes), "--rules", {}};
  if (requested)
    return chosen;
  const Node *root = game.empty() ? nullptr : &game.root();
  const std::string *ru = root ? first_value(*root, "RU") : nullptr;
  const std::string text = ru ? to_simple_text(*ru) : std::string();
  const std::string written = ru ? "RU[" + text + "]" : "no RU";
  const std::optional<RuleSet> named = ru ? preset_for_ru(text) : std::nullopt;
  std::optional<std::string> counting;
  if (root)
    counting = profile.rules || named ? profile.rules : profile.unwritten_rules;
  if (named && (!counting || *counting == named->name)) {
    chosen.reason = written;
    return chosen;
  }
  std::string by = counting ? "the " + profile.name + " profile's counting" : "the default";
  std::string why = profile.name + " profile";
  if (!counting && !named && root && (counting = professional_counting(*root, km.value))) {
    by = "a professional game with " + (km.text ? "KM[" + to_simple_text(*km.text) + "]" : "no KM");
    why = km.text ? by + ", a komi of territory rules" : by;
  }
  chosen.reason = written + (ru && !named ? " not recognised" : "") + ": " + by;
  RuleSet &rules = chosen.rules;
  if (!counting || rules.name == *counting)
    return chosen;
  std::optional<RuleSet> counted = preset(*counting);
  if (!counted)
    return chosen;
  std::erase_if(notes, [](const Diagnostic &d) { return d.code == "rules-assumed"; });
  const std::string from = named ? rules.name + " rules in the record, "
                           : ru  ? written + " names no rule set: "
                                 : written + ": ";
  add_note(notes, "rules-convention", from + *counting + " rules apply (" + why + ")");
  // The komi KM gives, else the counted rule set's own.
  if (rules.komi_overridden || km.value)
    counted->komi = rules.komi;
  counted->komi_overridden = rules.komi_overridden;
  counted->handicap = rules.handicap;
  rules = *counted;
  return chosen;
}

// The profile's conventions (the second step of rules_of_game): each change that departs from
// what the record says is a note.
void apply_profile(const Profile &profile, const WrittenKomi &km, RuleSet &rules,
                   Diagnostics &notes) {
  if (profile.open_dame && rules.open_dame == OpenDame::filled)
    rules.open_dame = *profile.open_dame;
  if (profile.keeps_every_stone)
    rules.remove_dead = false;
  rules.counted_as_left = rules.counted_as_left || profile.counted_as_left;
  rules.fixed_handicap = rules.fixed_handicap || profile.fixed_handicap;
  rules.open_points_by_estimate = rules.open_points_by_estimate || profile.open_points_by_estimate;

  if (rules.komi_overridden || !km.value)
    return;
  const double written = *km.value;
  const bool area = rules.scoring == Scoring::area;
  if (km.unit == KomiUnit::hundredths) {
    rules.komi = written * (area ? 2 : 1);
    add_note(
        notes, "komi-convention",
        area ? fmt::format("KM[{}] is {} stones: komi {} points ({} profile)", *km.text, written,
                           rules.komi, profile.name)
             : fmt::format("KM[{}] is komi {} ({} profile)", *km.text, rules.komi, profile.name));
    return;
  }
  if (km.unit == KomiUnit::guessed_hundredths) {
    rules.komi = written;
    add_note(notes, "komi-convention",
             fmt::format("KM[{}] is more points than the board has: read as hundredths, komi {} "
                         "(no profile says how this record's server writes KM)",
                         *km.text, rules.komi));
    return;
  }
  // HA[1] marks a game played without komi, and HA[2] up handicap games: their KM[0] stands.
  const std::optional<double> even_komi =
      area ? profile.even_komi_area : profile.even_komi_territory;
  if (written == 0 && even_komi && rules.handicap < 1) {
    rules.komi = *even_komi;
    add_note(notes, "komi-convention",
             fmt::format("KM[0] on an even game: komi {} assumed ({} profile: the records omit the "
                         "komi played)",
                         rules.komi, profile.name));
  }
}

// The note naming the stones RuleSet::fixed_handicap places in `game`, with where the convention
// comes from: the profile, else --rule.
void note_fixed_handicap(const Game &game, const RuleSet &rules, const Profile &profile,
                         Diagnostics &notes) {
  const std::vector<Point> stones = fixed_handicap_stones(game, rules);
  if (stones.empty())
    return;
  const BoardSize size = board_size_of(game).value_or(BoardSize{});
  notes.push_back(make_diagnostic(
      Severity::note, "handicap-convention",
      fmt::format("HA[{}] with no AB and White first: Black's handicap stones stand on the fixed "
                  "points {} ({})",
                  stones.size(), point_names(stones, size, " "),
                  profile.fixed_handicap ? profile.name + " profile"
                                         : "--rule handicap-stones=fixed")));
}

} // namespace

bool RulesRequest::gives_komi() const {
  return komi || overrides_komi(overrides);
}

GameRules rules_of_game(const Game &game, const RulesRequest &request, Diagnostics &notes) {
  ProfileChoice profile;
  if (request.profile)
    profile = {*request.profile, "--profile"};
  else if (!game.empty())
    profile = profile_for(game.root());
  const WrittenKomi km = written_komi(game, profile.profile);
  GameRules chosen = choose_rules(game, request.preset, profile.profile, km, notes);
  chosen.profile = std::move(profile);
  RuleSet &rules = chosen.rules;
  // A komi the user gives replaces KM, so the profile neither reads KM nor notes a convention.
  if (request.gives_komi())
    rules.komi_overridden = true;
  if (!game.empty())
    apply_profile(chosen.profile.profile, km, rules, notes);
  for (const std::string &kv : request.overrides)
    if (auto error = apply_override(rules, kv))
      notes.push_back(make_diagnostic(Severity::error, "bad-rule", *error));
  if (request.komi)
    rules.komi = *request.komi;
  note_fixed_handicap(game, rules, chosen.profile.profile, notes);
  return chosen;
}

} // namespace sgf::rules

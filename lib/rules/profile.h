// Server profiles: the conventions a server's records follow on top of their rule set (how KM is
// written, the komi of an even game, how open dame and teire count, which stones are removed), as
// plain data with named presets, and the one function that recognises a profile from a root.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/rules/rule_set.h"
#include "lib/sgf/result.h"
#include "lib/sgf/tree.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::rules {

struct Profile {
  std::string name = "none";
  std::string conventions; // what the server does and the evidence for it, one sentence
  // KM is written ×100 when above 100: hundredths of a point under territory scoring
  // (KM[650] = 6.5) and hundredths of a stone under area scoring (KM[375] = 3.75 stones =
  // 7.5 points, as Chinese Article 13 states komi in stones).
  bool km_hundredths = false;
  // The komi of an even game (HA absent or 0) whose record says KM[0]: the server writes 0
  // whatever was played. Per scoring method; nothing: KM[0] stands.
  std::optional<double> even_komi_territory;
  std::optional<double> even_komi_area;
  // Replaces the rule set's OpenDame::filled (never a rule set's own treatment of dame, such as
  // Tromp-Taylor's).
  std::optional<OpenDame> open_dame;
  bool counted_as_left = false;   // RuleSet::counted_as_left
  bool keeps_every_stone = false; // no stone is removed as dead (RuleSet::remove_dead false)
  // Counting method whatever RU says, when RU is an exporter's fixed default (not with --rules).
  std::optional<std::string> rules;
  // Counting method where RU names no rule set (none, or one sgf does not know): the server's
  // own, which its records leave unwritten (not with --rules).
  std::optional<std::string> unwritten_rules;
  // RuleSet::fixed_handicap: the server's handicap stones stand on GTP's fixed points, and its
  // exporter leaves out their AB (FF[4] asks for it).
  bool fixed_handicap = false;
  bool open_points_by_estimate = false; // RuleSet::open_points_by_estimate
  // How the server writes RE where FF[4] leaves it open (RE[B+0.0] for a margin not written).
  ResultConventions results;
};

// The profile of that name (case-insensitive: none, fox, tygem, tom, kgs, cgos, nngs, ogs), or
// nothing.
std::optional<Profile> profile_preset(std::string_view name);
// Names of every profile, in documentation order.
std::vector<std::string> profile_names();

struct ProfileChoice {
  Profile profile;
  std::string reason; // the root property that shows it ("AP[foxwq]"), or why none applies
};

// The profile a record's root shows: the server PC names, else the exporter AP (or Fox's clock
// properties) names; else `none`, with the reason "no server recognised".
ProfileChoice profile_for(const Node &root);

// What the user asks of a game's rules; each part left empty is the record's.
struct RulesRequest {
  std::optional<RuleSet> preset;      // --rules, overrides not applied
  std::optional<Profile> profile;     // --profile
  std::vector<std::string> overrides; // --rule key=value, applied after the preset and profile
  std::optional<double> komi;         // --komi

  // The user gives the komi (--komi or --rule komi=N): KM is not read.
  bool gives_komi() const;
};

// A game's rules and where they came from.
struct GameRules {
  RuleSet rules;
  std::string reason; // "--rules", "RU[Japanese]", "no RU: the default", "RU[Japanese]: the
                      // tygem profile's counting", "no RU: a professional game with KM[6.5]"
  ProfileChoice profile;
};

// The rules a game is played and counted under, one step after another:
// - the rule set: the requested preset (--rules); the profile's counting method whatever RU says
//   (Profile::rules); the preset RU names; the profile's counting method where RU names none
//   (Profile::unwritten_rules); where neither names one, japanese for a game between
//   professionals whose komi is not one of area rules (7.5, 8, in stones); chinese. KM and HA as
//   rules_for reads them;
// - the profile (the requested one, else the one the root shows) adds its conventions: komi read
//   from KM in its units, the even-game komi, dame, teire and dead-stone conventions, and the
//   handicap stones its records leave out;
// - the overrides and the komi the user gives, which always win.
// Each step that departs from what the record says is a note; an override that does not apply is
// an error.
GameRules rules_of_game(const Game &, const RulesRequest &, Diagnostics &notes);

} // namespace sgf::rules

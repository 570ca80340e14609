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

// The profile a record's root shows (PC, AP), or `none` with the reason "no server recognised".
ProfileChoice profile_for(const Node &root);

// The rule set of a game and where it came from, in this order: `requested` (--rules); the
// profile's counting method whatever RU says (Profile::rules); the preset RU names; the profile's
// counting method where RU names none (Profile::unwritten_rules); chinese. KM and HA as rules_for
// reads them. Where the profile's method replaces what RU names or the default, a note says so in
// place of rules_for's rules-assumed note.
struct RulesChoice {
  RuleSet rules;
  std::string reason; // "--rules", "RU[Japanese]", "no RU: the default", "RU[Japanese]: the
                      // tygem profile's counting"
};
RulesChoice choose_rules(const Game &, const std::optional<RuleSet> &requested, const Profile &,
                         Diagnostics &notes);

// Applies the profile's conventions to the rule set choose_rules chose: komi read from KM in the
// profile's units (unless the user gave the komi), the even-game komi, dame, teire and dead-stone
// conventions, and the handicap stones its records leave out. Each change that departs from what
// the record says is a note.
void apply_profile(const Profile &, const Node &root, RuleSet &, Diagnostics &notes);

// The note naming the stones RuleSet::fixed_handicap places in `game` (fixed_handicap_stones),
// with where the convention comes from: the profile, else --rule; nothing when none are placed.
std::optional<Diagnostic> fixed_handicap_note(const Game &, const RuleSet &, const Profile &);

} // namespace sgf::rules

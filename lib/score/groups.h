// Every chain of a final position with the status the count used, a reason a person can read and
// a probability, derived from the life verdicts and the evidence behind them (`sgf score
// --explain`).
#pragma once

#include "lib/rules/rule_set.h"
#include "lib/score/life.h"
#include "lib/score/position.h"

#include <string>
#include <vector>

namespace sgf::score {

enum class GroupStatus { alive, dead, seki, unknown };
const char *to_string(GroupStatus);

struct GroupReport {
  Color colour = Color::black;
  std::vector<Point> stones;
  GroupStatus status = GroupStatus::alive;
  std::string reason; // "pass-alive (Benson)", "dead: marked in TB/TW", "dead: playouts 0.93 White"
  double probability = 1; // that the status is right
};

// Below this probability a playout verdict is reported unknown: the count used it, but the
// playouts do not settle the chain.
constexpr double kSettledProbability = 0.6;

// One report per chain, in board order. The status is the one the count used (rules that remove
// no stone make every chain alive); the reason names the authority or evidence: the user, TB/TW,
// the engine, Benson's pass-alive test, the seki test, or the playouts' ownership of the chain's
// points (probability: the share of playouts in which its owner holds them).
std::vector<GroupReport> explain_groups(const Position &, const Life &, const rules::RuleSet &);

} // namespace sgf::score

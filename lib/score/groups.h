// Every group of a final position with the status the count used, a reason a person can read and
// a probability (`sgf score --explain`): lib/life's answers, as the rule set's counting uses them.
#pragma once

#include "lib/life/life.h"
#include "lib/rules/rule_set.h"

#include <string>
#include <vector>

namespace sgf::score {

struct GroupReport {
  Color colour = Color::black;
  std::vector<Point> stones;
  life::Status status = life::Status::alive;
  std::string reason;     // "pass-alive (Benson)", "dead: marked in TB/TW", "seki: 2 shared ..."
  double probability = 1; // that the status is right
};

// One report per group of `life.groups`, in board order. Rules that remove no stone make every
// group alive; dead stones from an authority (the user, TB/TW, an engine) say which.
std::vector<GroupReport> explain_groups(const life::Position &, const life::Life &,
                                        const rules::RuleSet &);

} // namespace sgf::score

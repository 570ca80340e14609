// Per-chain status and reason for `sgf score --explain`: see groups.h.
#include "lib/score/groups.h"

#include <fmt/format.h>

#include <cmath>

namespace sgf::score {

const char *to_string(GroupStatus s) {
  switch (s) {
  case GroupStatus::alive:
    return "alive";
  case GroupStatus::dead:
    return "dead";
  case GroupStatus::seki:
    return "seki";
  case GroupStatus::unknown:
    return "unknown";
  }
  return "unknown";
}

namespace {

// Why a chain is dead, or alive, by the authority that named the dead stones.
const char *verdict_by(DeadSource source, bool dead) {
  switch (source) {
  case DeadSource::user:
    return dead ? "dead: given with --dead" : "alive: not given with --dead";
  case DeadSource::markup:
    return dead ? "dead: marked in TB/TW" : "alive: not marked dead in TB/TW";
  case DeadSource::engine:
    return dead ? "dead: in the engine's final_status_list dead"
                : "alive: not in the engine's final_status_list dead";
  case DeadSource::estimator:
    break;
  }
  return dead ? "dead: the estimate" : "alive: the estimate";
}

GroupReport judge_chain(const std::vector<int> &points, const Position &pos, const Life &life,
                        const rules::RuleSet &rules) {
  GroupReport g;
  const int first = points.front();
  g.colour = pos.stones[first] == Stone::black ? Color::black : Color::white;
  for (int i : points)
    g.stones.push_back(pos.point(i));
  const bool dead = !life.verdicts.dead.empty() && life.verdicts.dead[first];
  const bool seki = !life.verdicts.seki.empty() && life.verdicts.seki[first];
  if (!rules.remove_dead) {
    g.reason = "alive: no stone is removed (Tromp-Taylor counting)";
    return g;
  }
  if (seki) {
    g.status = GroupStatus::seki;
    g.reason = "seki: shares liberties with an enemy chain and neither side can fill them";
    return g;
  }
  g.status = dead ? GroupStatus::dead : GroupStatus::alive;
  if (life.source != DeadSource::estimator) {
    g.reason = verdict_by(life.source, dead);
    return g;
  }
  if (!life.benson.empty() && life.benson[first] == 1) {
    g.reason = "pass-alive (Benson)";
    return g;
  }
  if (!life.benson.empty() && life.benson[first] == 2) {
    g.reason = "dead: inside an area pass-alive chains enclose (Benson)";
    return g;
  }
  if (life.ownership.empty()) {
    g.reason = verdict_by(life.source, dead);
    return g;
  }
  double sum = 0;
  for (int i : points)
    sum += life.ownership[i];
  const double black_share = (1 + sum / static_cast<double>(points.size())) / 2;
  const double own_share = g.colour == Color::black ? black_share : 1 - black_share;
  g.probability = dead ? 1 - own_share : own_share;
  const Color owner = dead ? opponent(g.colour) : g.colour;
  g.reason = fmt::format("{}: playouts {:.2f} {}", dead ? "dead" : "alive", g.probability,
                         owner == Color::black ? "Black" : "White");
  if (g.probability < kSettledProbability) {
    g.status = GroupStatus::unknown;
    g.reason += dead ? ", counted dead" : ", counted alive";
  }
  return g;
}

} // namespace

std::vector<GroupReport> explain_groups(const Position &pos, const Life &life,
                                        const rules::RuleSet &rules) {
  std::vector<GroupReport> out;
  for (const std::vector<int> &chain : chains_of(pos).points)
    out.push_back(judge_chain(chain, pos, life, rules));
  return out;
}

} // namespace sgf::score

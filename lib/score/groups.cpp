// Per-group status and reason for `sgf score --explain`: see groups.h.
#include "lib/score/groups.h"

namespace sgf::score {

namespace {

// Why a group is dead or alive when an authority named the dead stones.
const char *verdict_by(life::DeadSource source, bool dead) {
  switch (source) {
  case life::DeadSource::user:
    return dead ? "dead: given with --dead" : "alive: not given with --dead";
  case life::DeadSource::markup:
    return dead ? "dead: marked in TB/TW" : "alive: not marked dead in TB/TW";
  case life::DeadSource::engine:
    return dead ? "dead: in the engine's final_status_list dead"
                : "alive: not in the engine's final_status_list dead";
  case life::DeadSource::estimator:
    break;
  }
  return nullptr;
}

} // namespace

std::vector<GroupReport> explain_groups(const life::Position &pos, const life::Life &life,
                                        const rules::RuleSet &rules) {
  std::vector<GroupReport> out;
  for (const life::GroupLife &g : life.groups) {
    GroupReport r{.colour = rules::color_of(g.colour),
                  .stones = {},
                  .status = g.status,
                  .reason = g.reason,
                  .probability = g.probability};
    for (int i : g.stones)
      r.stones.push_back(pos.point(i));
    if (!rules.remove_dead) {
      r.status = life::Status::alive;
      r.reason = "alive: no stone is removed (Tromp-Taylor counting)";
      r.probability = 1;
    } else if (g.status != life::Status::seki) {
      if (const char *by = verdict_by(life.source, g.status == life::Status::dead))
        r.reason = by;
    }
    out.push_back(std::move(r));
  }
  return out;
}

} // namespace sgf::score

// The final position as counted, on the text diagram of lib/render: the one drawing of a scored
// board that `sgf score --diagram`, `--explain` and the JSON `diagram` share.
#pragma once

#include "lib/render/layout.h"
#include "lib/score/groups.h"
#include "lib/score/score_game.h"

#include <optional>
#include <string>
#include <vector>

namespace sgf::render {

// Whose point an intersection of the count is: territory, or a dead stone's point (taken by the
// other colour); none for live stones, dame, seki and teire.
std::optional<Color> territory_of(score::PointKind);

// The counted board: territory of each colour, dead chains crossed, chains in seki with a
// triangle, chains of unknown status with a square (`groups`: score::explain_groups), with
// coordinates and a caption naming the marks.
Layout count_layout(const score::GameScore &, const std::vector<score::GroupReport> &groups);

// count_layout as ASCII text, one string per line, without line ends.
std::vector<std::string> count_text(const score::GameScore &,
                                    const std::vector<score::GroupReport> &groups);

} // namespace sgf::render

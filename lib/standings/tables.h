// The standings as `sgf standings` writes them: a terminal table, TSV with a header line and JSON
// Lines, one row per player, and the cross table of who beat whom.
#pragma once

#include "lib/standings/standings.h"

#include <string>
#include <vector>

namespace sgf::standings {

// The terminal table: numbers first, the name last so that names of any width keep the columns
// straight. `points`: with the points of the chosen table and the games it could not score.
std::string text_table(const std::vector<PlayerRow> &rows, bool points);
std::string tsv_table(const std::vector<PlayerRow> &rows, bool points);
// One JSON object per player; with `cross`, each one's results against every opponent.
std::string json_lines(const std::vector<PlayerRow> &rows, bool points, const Table *cross);
// Row i, column j: i's wins-losses against j (and "=d" for draws); players by their place, as a
// terminal table or TSV.
std::string cross_table(const std::vector<PlayerRow> &rows, const Table &table, bool tsv);

} // namespace sgf::standings

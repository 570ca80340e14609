// The count of one game as `sgf score` writes it: a paragraph of text, a JSON object (one line
// of JSON Lines) and a TSV row, each naming the rules and the profile chosen and why.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/score/score_game.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace sgf::render {

// The game a count is of, and what its output shows besides the count.
struct CountReport {
  std::string_view file; // the record's name
  int game = 0;          // the game's index in its collection
  Diagnostics notes;     // what was assumed (rules, a komi convention), as the user keeps them
  bool diagram = false;  // the counted board drawn (count.h)
  bool explain = false;  // every group with its status, reason and probability; the text draws
                         // the board with them
};

std::string count_paragraph(const score::GameScore &, const CountReport &);
nlohmann::ordered_json count_json(const score::GameScore &, const CountReport &);
// file, game, rules, komi, result, recorded, dispute, confidence, Black's and White's totals,
// dead-stone source, "unfinished", profile, and why those rules and profile.
std::string count_tsv_row(const score::GameScore &, const CountReport &);

} // namespace sgf::render

// The disputes between a record's result (RE, as lib/sgf/result reads it) and the computed count:
// winner, margin, unfinished, no-result, malformed-result.
#pragma once

#include "lib/rules/rule_set.h"
#include "lib/score/counting.h"
#include "lib/sgf/point.h"
#include "lib/sgf/result.h"

#include <optional>
#include <string>
#include <vector>

namespace sgf::score {

enum class DisputeKind { winner, margin, unfinished, no_result, malformed_result };
const char *to_string(DisputeKind);

struct Judged {
  double margin = 0;       // computed: positive for Black
  bool unfinished = false; // the board is not finished
  bool ended_by_passes = false;
  bool cycle = false; // the game repeated a whole-board position
};

struct Dispute {
  DisputeKind kind;
  std::string message; // one sentence
  // RE is exactly what the other counting method gives on this board (a record that names one
  // method and was counted by the other): that method and its result.
  std::optional<rules::Scoring> re_fits = std::nullopt;
  std::string re_fits_result = {};
  // Else RE is exactly the count with the open dame filled in another order (fill_dame).
  bool re_fits_fill = false;
  // Else the one group whose other verdict makes the count exactly RE (a dead stone the players
  // left on the board as alive, a group they took off as dead): its stones and that verdict.
  std::vector<Point> re_fits_group = {};
  life::Status re_fits_status = life::Status::unknown;
  // RE is exactly the count, more than two points, for the other colour: the winner written wrong.
  bool re_swapped = false;
};

// The dispute between the record and the count, if any. Only counted results (RE with a
// margin or a draw) are compared on the margin; resignations and time losses are disputed only
// when the game ended by two passes on a finished board that the other side wins. A winner
// dispute whose RE is the count for the other colour says so ("RE is this count with the colours
// swapped"), and the notes below then add nothing.
std::optional<Dispute> find_dispute(const Result &, const Judged &, const rules::RuleSet &);

// The count of the same board and dead stones by the other method: territory as Japanese rules
// count it (no handicap bonus, no territory in seki) where `rules` count area, area as Chinese
// rules count it (handicap bonus N, seki eyes counted) where they count territory.
Count count_by_other_method(const life::Position &, const life::Verdicts &, const GameFacts &,
                            const rules::RuleSet &);

// Says on a margin or winner dispute that RE is exactly the other method's count ("RE fits a
// territory count of this board: B+2.5"). An area count leaves the margin a fixed parity (the two
// sides' points add up to the board less the shared points), so a result of the other parity
// often comes from a territory count. The count itself never changes: RE is only compared.
void note_other_count(Dispute &, const Result &, const Count &other);

// Says on a margin or winner dispute that RE is exactly the count with the open dame filled in
// another order ("RE fits the dame filled in another order: B+2.5"): the count fills them in every
// order of the points that a symmetry of the board gives and keeps the median outcome, and where
// equally good fills decide whether a chain must be answered, the players may have filled in
// another. Nothing when the other method already fits RE or no dame are filled.
void note_other_fill(Dispute &, const Result &, const life::Position &, const life::Verdicts &,
                     const GameFacts &, const rules::RuleSet &);

// Says on a margin or winner dispute that RE is exactly the count with one group's verdict
// turned (dead counted alive or alive counted dead), when exactly one group does it ("RE fits
// this board with the white stone at P13 alive"): RE then records the players' verdict on that
// group, not another count. Nothing when another count or fill already fits RE, or several
// groups do. The count itself never changes.
void note_turned_group(Dispute &, const Result &, const life::Position &, const life::Life &,
                       const GameFacts &, const rules::RuleSet &, double count_margin);

} // namespace sgf::score

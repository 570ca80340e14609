// Record conventions of servers that write SGF differently from what they played: applied to
// the rule set in one place, each with a note, so that a count never silently departs from KM.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/rules/rule_set.h"
#include "lib/score/counting.h"
#include "lib/score/disputes.h"
#include "lib/life/life.h"
#include "lib/sgf/tree.h"

namespace sgf::score {

// Fox (AP[YuanYu], the Fox Weiqi client) writes KM[0] on even games whatever komi was played:
// 238 such games of the counted corpus have RE[B+5.5]-style results, and their counts match RE
// with komi 6.5 under territory rules (185 exact, against 2 with komi 0) and with 7.5 under
// area rules (RE[W+1.25] in stones). On an even Fox game with KM[0] and no --komi, the komi is
// therefore 6.5 (territory) or 7.5 (area), with a note `komi-convention`. HA[1] marks a game
// played without komi, whose KM[0] stands.
void apply_conventions(const Game &, rules::RuleSet &, Diagnostics &);

// KGS (PC names the KGS Go Server) counts an area game on the board as the players left it:
// open dame count for nobody, which is the half-and-half share. Elsewhere (professional and AI
// records) an area result is the count after the dame are filled in turn (GameFacts::
// fills_first). Evidence from the counted corpus, area games with an odd number of dame: KGS
// 616 games, 94.5% exact with the share against 87.5% with filling; the others 444 games,
// 65.3% exact with filling against 54.7% with the share.
bool counts_open_dame_as_shared(const Game &);

// Fox (AP[YuanYu]) counts a territory game on the board as the players leave it, where a
// professional record stops before the last moves, which the players made
// (GameFacts::counted_as_left). Two consequences, each with its evidence on the counted corpus:
// - A teire is one the fill finds whichever side begins filling the dame, not one that appears
//   only when the owner's opponent begins. FineArt vs 天地皆醉, 2017-03-04 (RE W+0.5): with White
//   to fill first, White cuts at K11 before Black connects there to L11, and Black's F9 becomes a
//   teire (W+1.5); with Black first, Black connects and F9 stays territory. Of the 634 Fox
//   records, 4 more results exact and 1 less, the winners unchanged, in each of the six
//   configurations (seeds 0-2, with and without markup).
// - A dame that the teire fill closes in stays a dame. Seed 0 with markup, the territory games in
//   which closing such points in changes the count: of 6 Fox games 4 move away from RE (Li Long
//   vs revenge, 2017-05-30: RE B+0.5 with the point left a dame, B+1.5 with it closed in), of 10
//   professional games 8 come closer.
bool counts_board_as_left(const Game &);

// An area count leaves the margin a fixed parity: Black's and White's points add up to the board
// less the shared points, so two area counts of one board differ by an even number of points.
// When RE differs from the area count by an odd number of points, no area count of this board
// gives RE and the result may have been counted by territory (CWI's professional records mark
// every China-Japan game "Chinese", also those played in Japan). The territory count (no
// handicap bonus, no seki territory, as Japanese rules count) replaces the area count when it
// comes closer to RE; when it does not, the gap lies elsewhere (dead stones) and the record's
// rules stand. Not on an unfinished board, where the gap is the estimate's; not for KGS (open
// dame shared: any parity) nor for RE in stones. Evidence from the counted corpus, finished
// non-KGS area games whose RE has the other parity: 31 games, 0 exact by area, 13 exact by
// territory. Then `rules` becomes territory counting with a note `counting-convention` and the
// count is returned.
std::optional<Count> recount_by_territory(const Game &, const Recorded &, const Position &,
                                          const Life &, const GameFacts &, const Count &area,
                                          rules::RuleSet &, Diagnostics &);

} // namespace sgf::score

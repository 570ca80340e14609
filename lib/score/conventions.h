// Record conventions of servers that write SGF differently from what they played: applied to
// the rule set in one place, each with a note, so that a count never silently departs from KM.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/rules/rule_set.h"
#include "lib/sgf/tree.h"

namespace sgf::score {

// Fox (AP[YuanYu], the Fox Weiqi client) writes KM[0] on even games whatever komi was played:
// 238 such games of the counted corpus have RE[B+5.5]-style results, and their counts match RE
// with komi 6.5 under territory rules (185 exact, against 2 with komi 0) and with 7.5 under
// area rules (RE[W+1.25] in stones). On an even Fox game with KM[0] and no --komi, the komi is
// therefore 6.5 (territory) or 7.5 (area), with a note `komi-convention`.
void apply_conventions(const Game &, rules::RuleSet &, Diagnostics &);

// KGS (PC names the KGS Go Server) counts an area game on the board as the players left it:
// open dame count for nobody, which is the half-and-half share. Elsewhere (professional and AI
// records) an area result is the count after the dame are filled in turn (GameFacts::
// fills_first). Evidence from the counted corpus, area games with an odd number of dame: KGS
// 616 games, 94.5% exact with the share against 87.5% with filling; the others 444 games,
// 65.3% exact with filling against 54.7% with the share.
bool counts_open_dame_as_shared(const Game &);

} // namespace sgf::score

// The check of one record, shared by `sgf check` and `sgf annotate`: the parser's diagnostics,
// the specification (validate) and the rules of Go (replay), with the count of games that ended
// by passes compared with RE.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/rules/profile.h"
#include "lib/score/score_game.h"
#include "lib/sgf/tree.h"
#include "lib/sgf/validate.h"
#include "parsers/sgf/parse.h"
#include "parsers/sgf/summary.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::check {

struct CheckOptions {
  rules::RulesRequest rules; // --rules, --rule (checked by the caller beforehand)
  bool replay = true;        // false: syntax and specification only
  bool variations = true;    // replay every variation, not only the main line
  bool count = true;         // count games that ended by passes and compare the winner with RE
};

// A game's rules findings are capped: a record that breaks the rules at every move (hostile or
// corrupted) is summarised rather than listed in full.
constexpr std::size_t max_rules_diagnostics = 1000;

// Every code `sgf check` can report: the parser's, the specification's and the rules', in the
// order of the man page, each with its usual severity and meaning.
struct CheckCode {
  std::string_view code;
  Severity severity;
  std::string_view meaning;
};
std::vector<CheckCode> check_codes();

// GM is absent or 1 (a record of another game already has a not-go finding).
bool is_go(const Game &);

// The rules findings of game `index`, each once even when several variations share the node;
// a move off the board or a bad SZ that `spec` (validate's findings) already reports is left out.
// When the main line ended by two passes, a count (score_game) that names the other winner than
// RE is a result-mismatch error, once per game. With `count`, the game's count is stored there
// when one was made (for callers that show it, as `sgf report` does).
Diagnostics check_game(const Game &, int index, const Diagnostics &spec, const CheckOptions &,
                       std::optional<score::GameScore> *count = nullptr);

// The errors of a record that leave counts untrustworthy, as `sgf check` reports them: the
// parser's errors (a record cut at a limit, bytes that are not SGF; game -1 when they concern the
// whole record) and the specification's errors in the game information a count rests on
// (sgf::count_info_errors: SZ, KM, HA), whatever validate()'s limits hide. With `komi_given`
// (--komi, --rule komi=N) a KM that cannot be read is no obstacle. Sorted by game, the record's own
// first, for blockers_of_game. `sgf check` counts no game with such an error, and `sgf score`
// reports them instead of a count.
Diagnostics count_blockers(const ParseResult &, bool komi_given = false);

// The blockers (from count_blockers) that stop the count of game `index`: the record's own and
// that game's, in that order.
Diagnostics blockers_of_game(const Diagnostics &blockers, int index);

// Everything `sgf check` reports about a record, in compiler order: by place in the file,
// findings without a place first. The record may be a part of one (parse_sgf_in_parts): its
// games are then named by their index in the whole, and `record`, one for all the parts in
// order, makes what concerns the record as a whole the record's (validate). With `counts`, it is
// resized to the games given and holds the count of each game that was counted.
Diagnostics check_record(const ParseResult &, const CheckOptions &,
                         std::vector<std::optional<score::GameScore>> *counts = nullptr,
                         RecordValidation *record = nullptr);

// Whether check_record would find nothing at warning or above (notes aside) in a record that
// summarise_sgf reads, decided from the summaries without building the trees: plain games only
// (GameSummary::plain), no setup, no handicap, and moves that each leave a new position. Given
// to summarise_sgf as its each_game, it judges each game as the scan ends it, so that a
// collection of any size is judged in the memory of one game: the record is clean when the scan
// returns true. False when it cannot tell; then check_record decides. One for each record.
class CleanWithoutTree {
public:
  CleanWithoutTree(const RecordSummary &scan, const CheckOptions &options)
      : scan_(scan), options_(options) {}
  bool operator()(const GameSummary &game, size_t index);

private:
  const RecordSummary &scan_; // for its decoding's findings
  const CheckOptions &options_;
  RecordValidation record_; // what validate() carries from game to game
};

} // namespace sgf::check

// The check of one record: parser, specification, rules, and the count of games ended by passes.
#include "lib/check/check.h"

#include "lib/batch/pipeline.h"
#include "lib/report/codes.h"
#include "lib/rules/board.h"
#include "lib/rules/profile.h"
#include "lib/rules/replay.h"
#include "lib/score/disputes.h"
#include "lib/sgf/validate.h"
#include "lib/sgf/values.h"

#include <algorithm>
#include <bit>
#include <fmt/format.h>
#include <iterator>
#include <set>
#include <span>
#include <tuple>

namespace sgf::check {

namespace {

// Findings that `spec` already reports in its own words: a move off the board, a bad SZ.
void drop_spec_repeats(Diagnostics &found, int index, const Diagnostics &spec) {
  std::set<int> nodes_off_board;
  bool bad_size = false;
  for (const Diagnostic &s : spec) {
    if (s.game != index)
      continue;
    if (s.code == "point-off-board" || s.code == "bad-value")
      nodes_off_board.insert(s.node);
    bad_size |= s.code == "bad-board-size" && s.severity == Severity::error;
  }
  auto already = [&](const Diagnostic &d) {
    return (d.code == "off-board" && nodes_off_board.count(d.node)) ||
           (d.code == "board-size" && bad_size);
  };
  found.erase(std::remove_if(found.begin(), found.end(), already), found.end());
}

void cap(Diagnostics &found) {
  if (found.size() <= max_rules_diagnostics)
    return;
  Severity worst = Severity::note;
  for (size_t i = max_rules_diagnostics; i < found.size(); ++i)
    worst = std::max(worst, found[i].severity);
  const size_t more = found.size() - max_rules_diagnostics;
  found.resize(max_rules_diagnostics);
  Diagnostic &d = found.emplace_back();
  d.severity = worst;
  d.code = "too-many-diagnostics";
  d.message = fmt::format("{} more rules diagnostic(s) of this game not shown", more);
}

// Below this confidence the built-in estimator's verdict is too shaky to accuse a record of a
// wrong winner: it is reported as a warning, not an error.
constexpr double min_confidence_for_error = 0.3;

// The count of a game that both players passed out, against its RE: only a wrong winner is
// reported (a margin off by a point is often a counting convention; `sgf score` lists those),
// as an error when the count is confident and as a warning otherwise.
std::optional<Diagnostic> count_mismatch(const Game &game, const score::GameScore &gs) {
  if (!gs.dispute || gs.dispute->kind != score::DisputeKind::winner)
    return std::nullopt;
  Diagnostic d;
  d.severity = gs.life.confidence >= min_confidence_for_error ? Severity::error : Severity::warning;
  d.code = "result-mismatch";
  d.message = fmt::format("game ended by passes, counted under {} rules (komi {}; dead stones by "
                          "{}, confidence {:.2f}): {}",
                          gs.rules.name, score::format_number(gs.rules.komi),
                          life::to_string(gs.life.source), gs.life.confidence, gs.dispute->message);
  d.node = 0;
  d.pos = value_pos(game.root(), "RE");
  return d;
}

// Whether a count could name another winner than RE: only a counted result, a draw, or a win
// before any count (ended_before_count) recorded for a game both players passed out can be
// contradicted that way (score::find_dispute). The count is the costly part of the check, and
// most passed-out games that cannot be contradicted need not be counted at all.
bool may_dispute_winner(const Game &game) {
  const std::string *re = first_value(game.root(), "RE");
  if (!re)
    return false;
  const Ending e =
      read_result(to_simple_text(*re), rules::profile_for(game.root()).profile.results).ending;
  return e == Ending::score || e == Ending::draw || ended_before_count(e);
}

// Whether `d` points at a value of the root property `id`.
bool points_at(const Diagnostic &d, const Game &game, std::string_view id) {
  const Property *p = game.root().find(id);
  return p && std::any_of(p->values.begin(), p->values.end(),
                          [&d](const Value &v) { return v.pos == d.pos; });
}

bool quiet(const Diagnostics &found) {
  return std::none_of(found.begin(), found.end(),
                      [](const Diagnostic &d) { return d.severity >= Severity::warning; });
}

// The positions of a game, to find one that comes back: a Zobrist hash set sized for them.
class Positions {
public:
  explicit Positions(size_t count) : slots_(std::bit_ceil(2 * count + 2)) {}
  // False when `hash` (or one that differs from it in the lowest bit) is already in.
  bool insert(uint64_t hash) {
    hash |= 1; // 0 is an empty slot
    const size_t mask = slots_.size() - 1;
    size_t i = (hash >> 1) & mask;
    for (; slots_[i] != 0; i = (i + 1) & mask)
      if (slots_[i] == hash)
        return false;
    slots_[i] = hash;
    return true;
  }

private:
  std::vector<uint64_t> slots_;
};

// Whether replaying `moves` after `game`'s root (check_game, without the tree) would report
// nothing: in turn, each stone legal and the position after it new (so no ko, superko or
// repetition), no stone after two passes, and no count due.
bool replays_quietly(const Game &game, std::span<const GameSummary::Move> moves,
                     const CheckOptions &options) {
  const Node &root = game.root();
  // A move in the root, setup other than handicap stones, and clocks are replay's to judge.
  for (std::string_view id : {"B", "W", "AW", "AE", "PL", "BL", "WL", "OB", "OW"})
    if (root.has(id))
      return false;
  const std::optional<BoardSize> size = board_size_of(game);
  if (!size)
    return false;
  rules::Board board(*size);
  long placed = 0; // handicap stones
  if (const Property *ab = root.find("AB"))
    for (const Value &v : ab->values) {
      const std::optional<Point> p = decode_point(v.text);
      if (!p || !size->contains(*p) || board.at(*p) != rules::Stone::empty)
        return false;
      board.set(*p, rules::Stone::black);
      ++placed;
    }
  if (const std::string *ha = first_value(root, "HA")) {
    const std::optional<long> n = to_number(*ha);
    if (!n || placed != (*n >= 2 ? *n : 0))
      return false; // a handicap-mismatch, or stones placed as moves
  }
  Positions positions(moves.size() + 1);
  positions.insert(board.hash());
  std::optional<Color> last;
  int passes = 0; // in a row
  for (const GameSummary::Move &move : moves) {
    if (move.colour == last)
      return false;
    last = move.colour;
    if (is_pass(move.text, *size)) {
      ++passes;
      continue;
    }
    if (passes >= 2)
      return false; // play-after-end
    passes = 0;
    const rules::Loc l = board.loc(*decode_point(move.text));
    if (board.at_loc(l) != rules::Stone::empty || board.play_loc(l, move.colour, false).suicide ||
        !positions.insert(board.hash()))
      return false;
  }
  return !(options.count && passes >= 2 && may_dispute_winner(game));
}

} // namespace

bool CleanWithoutTree::operator()(const GameSummary &game, size_t index) {
  if (!quiet(scan_.decoded.diagnostics) || !game.plain)
    return false;
  Collection roots;
  roots.games.push_back(root_only(game));
  if (!quiet(validate(roots, index, &record_)))
    return false;
  const MoveReading reading(roots.games[0].root());
  return std::all_of(game.moves.begin(), game.moves.end(),
                     [&reading](const GameSummary::Move &m) { return reading.plain(m.text); }) &&
         (!options_.replay || replays_quietly(roots.games[0], game.moves, options_));
}

std::vector<CheckCode> check_codes() {
  std::vector<CheckCode> out;
  for (const CodeInfo &c : syntax_codes())
    out.push_back({c.code, c.severity, c.description});
  for (const SpecCode &c : spec_codes())
    out.push_back({c.code, c.severity, c.meaning});
  for (const CodeInfo &c : rules_codes())
    out.push_back({c.code, c.severity, c.description});
  return out;
}

bool is_go(const Game &game) {
  const std::string *gm = first_value(game.root(), "GM");
  return !gm || to_number(*gm) == 1;
}

Diagnostics check_game(const Game &game, int index, const Diagnostics &spec,
                       const CheckOptions &options, std::optional<score::GameScore> *count) {
  Diagnostics out;
  // The replay's rules are the count's: the server's handicap stones stand where its records
  // leave them out.
  const rules::RuleSet rule_set = rules::rules_of_game(game, options.rules, out).rules;
  rules::ReplayOptions replay_options;
  replay_options.variations = options.variations;
  replay_options.line_per_variation = false;
  std::vector<rules::LineReplay> lines = rules::replay(game, rule_set, replay_options);
  std::set<std::tuple<int, std::string, std::string>> seen;
  for (rules::LineReplay &line : lines)
    for (Diagnostic &d : line.diagnostics)
      if (seen.emplace(d.node, d.code, d.message).second)
        out.push_back(std::move(d));
  drop_spec_repeats(out, index, spec);
  cap(out);

  // Counting is the expensive part: only for games that ended by passes, and never a second
  // result-mismatch when the rules already found one (an illegal move's loss).
  const bool passed_out = !lines.empty() && lines.front().ended_by_passes;
  const bool has_mismatch = std::any_of(
      out.begin(), out.end(), [](const Diagnostic &d) { return d.code == "result-mismatch"; });
  if (options.count && passed_out && !has_mismatch && may_dispute_winner(game)) {
    score::ScoreOptions score_options;
    score_options.rules = options.rules;
    score::GameScore counted = score::score_game(game, score_options);
    if (auto d = count_mismatch(game, counted))
      out.push_back(std::move(*d));
    if (count)
      *count = std::move(counted);
  }

  for (Diagnostic &d : out) {
    d.game = index;
    if (!d.pos.known()) // a finding about the whole game points at its '('
      d.pos = game.pos;
  }
  return out;
}

Diagnostics count_blockers(const ParseResult &parsed, bool komi_given) {
  Diagnostics out;
  for (const Diagnostic &d : parsed.diagnostics)
    if (d.severity == Severity::error)
      out.push_back(d);
  const auto &games = parsed.collection.games;
  for (size_t g = 0; g < games.size(); ++g)
    for (Diagnostic &d : count_info_errors(games[g], static_cast<int>(parsed.first_game + g)))
      if (!(komi_given && points_at(d, games[g], "KM")))
        out.push_back(std::move(d));
  std::stable_sort(out.begin(), out.end(),
                   [](const Diagnostic &a, const Diagnostic &b) { return a.game < b.game; });
  return out;
}

Diagnostics blockers_of_game(const Diagnostics &blockers, int index) {
  // Sorted by game: a record can hold a million games, each looked up here.
  auto by_game = [](const Diagnostic &d, int game) { return d.game < game; };
  auto record_end = std::lower_bound(blockers.begin(), blockers.end(), 0, by_game);
  auto first = std::lower_bound(record_end, blockers.end(), index, by_game);
  auto last = first;
  while (last != blockers.end() && last->game == index)
    ++last;
  Diagnostics out(blockers.begin(), record_end);
  if (index >= 0)
    out.insert(out.end(), first, last);
  return out;
}

Diagnostics check_record(const ParseResult &parsed, const CheckOptions &options,
                         std::vector<std::optional<score::GameScore>> *counts,
                         RecordValidation *record) {
  Diagnostics all = parsed.diagnostics;
  if (counts)
    counts->assign(parsed.collection.games.size(), std::nullopt);
  Diagnostics spec = validate(parsed.collection, parsed.first_game, record);
  if (options.replay) {
    const Diagnostics blockers = count_blockers(parsed, options.rules.gives_komi());
    const auto &games = parsed.collection.games;
    // The games are checked in parallel: their findings are small, so a whole part's are held.
    batch::ordered_for(
        games.size(), games.size(),
        [&](size_t g) {
          const Game &game = games[g];
          if (game.empty() || !is_go(game))
            return Diagnostics{}; // not-go already says why
          // The game's index in the record, of which `parsed` may be a part.
          const int index = static_cast<int>(parsed.first_game + g);
          // A count on a guessed board or komi would accuse RE on no evidence.
          CheckOptions game_options = options;
          game_options.count = options.count && blockers_of_game(blockers, index).empty();
          return check_game(game, index, spec, game_options, counts ? &(*counts)[g] : nullptr);
        },
        [&](size_t, Diagnostics &&found) {
          all.insert(all.end(), std::make_move_iterator(found.begin()),
                     std::make_move_iterator(found.end()));
        });
  }
  all.insert(all.end(), std::make_move_iterator(spec.begin()), std::make_move_iterator(spec.end()));
  std::stable_sort(all.begin(), all.end(), [](const Diagnostic &a, const Diagnostic &b) {
    return std::tie(a.pos.line, a.pos.col) < std::tie(b.pos.line, b.pos.col);
  });
  return all;
}

} // namespace sgf::check

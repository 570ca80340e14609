// Server conventions for komi: see conventions.h for the evidence.
#include "lib/score/conventions.h"

#include "lib/sgf/values.h"

#include <fmt/format.h>

#include <cmath>

namespace sgf::score {

namespace {

bool is_fox(const Node &root) {
  const std::string *ap = first_value(root, "AP");
  return ap && to_simple_text(*ap).starts_with("YuanYu");
}

} // namespace

bool counts_open_dame_as_shared(const Game &game) {
  if (game.empty())
    return false;
  const std::string *pc = first_value(game.root(), "PC");
  if (!pc)
    return false;
  std::string place = to_simple_text(*pc);
  return place.find("(KGS)") != std::string::npos || place.find("gokgs.com") != std::string::npos;
}

bool counts_board_as_left(const Game &game) {
  return !game.empty() && is_fox(game.root());
}

std::optional<Count> recount_by_territory(const Game &game, const Recorded &recorded,
                                          const Position &position, const Life &life,
                                          const GameFacts &facts, const Count &area,
                                          rules::RuleSet &rules, Diagnostics &diagnostics) {
  if (rules.scoring != rules::Scoring::area || area.scoring != rules::Scoring::area ||
      recorded.ending != Ending::score || recorded.in_stones || !recorded.winner ||
      life.unfinished || counts_open_dame_as_shared(game))
    return std::nullopt;
  const std::optional<double> points = recorded.points();
  if (!points)
    return std::nullopt;
  const double signed_recorded = *recorded.winner == Color::white ? -*points : *points;
  const double apart = std::fabs(signed_recorded - area.margin);
  if (std::fabs(std::fmod(apart, 2.0) - 1.0) > 1e-6)
    return std::nullopt;
  rules::RuleSet territory = rules;
  territory.scoring = rules::Scoring::territory;
  territory.handicap_bonus = rules::HandicapBonus::none;
  territory.seki_territory = false;
  Count counted = count(position, life.verdicts, facts, territory);
  if (std::fabs(signed_recorded - counted.margin) >= apart - 1e-6)
    return std::nullopt;
  rules = territory;
  diagnostics.push_back(make_diagnostic(
      Severity::note, "counting-convention",
      fmt::format("RE[{}] is {} point{} from the area count, which no area count of this board "
                  "gives: counted by territory",
                  recorded.text, apart, apart == 1 ? "" : "s")));
  return counted;
}

void apply_conventions(const Game &game, rules::RuleSet &rules, Diagnostics &diagnostics) {
  // HA[1] is Fox's no-komi game (Black moves first, komi 0: 咆哮 vs CGI, 2017-09-24, RE[W+2.0]),
  // and HA[2] up are handicap games: their KM[0] is the komi played.
  if (game.empty() || rules.komi_overridden || rules.handicap >= 1)
    return;
  const Node &root = game.root();
  const std::string *km = first_value(root, "KM");
  if (!km || !is_fox(root))
    return;
  auto written = to_real(*km);
  if (!written || *written != 0)
    return;
  rules.komi = rules.scoring == rules::Scoring::territory ? 6.5 : 7.5;
  diagnostics.push_back(make_diagnostic(
      Severity::note, "komi-convention",
      fmt::format("KM[0] on an even Fox game: komi {} assumed (Fox records omit the komi played)",
                  rules.komi)));
}

} // namespace sgf::score

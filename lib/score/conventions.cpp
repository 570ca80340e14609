// Server conventions for komi: see conventions.h for the evidence.
#include "lib/score/conventions.h"

#include "lib/sgf/values.h"

#include <fmt/format.h>

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

void apply_conventions(const Game &game, rules::RuleSet &rules, Diagnostics &diagnostics) {
  if (game.empty() || rules.komi_overridden || rules.handicap >= 2)
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

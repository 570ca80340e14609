// Reading RE and comparing it with the count.
#include "lib/score/disputes.h"

#include "lib/score/counting.h"
#include "lib/sgf/values.h"

#include <fmt/format.h>

#include <cmath>
#include <iterator>

namespace sgf::score {

const char *to_string(DisputeKind k) {
  static constexpr const char *names[] = {"winner", "margin", "unfinished", "no-result",
                                          "malformed-result"};
  static_assert(std::size(names) == static_cast<size_t>(DisputeKind::malformed_result) + 1);
  return names[static_cast<size_t>(k)];
}

std::optional<Dispute> find_dispute(const Result &rec, const Judged &j,
                                    const rules::RuleSet &rules) {
  const std::string computed = result_string(j.margin);
  // 0: nobody (jigo), 1: Black, 2: White. Plain ints: GCC warns on optional<enum> compares.
  const int computed_winner = j.margin > 1e-9 ? 1 : j.margin < -1e-9 ? 2 : 0;
  const int recorded_side = !rec.winner ? 0 : *rec.winner == Color::black ? 1 : 2;
  if (rec.ending == Ending::malformed)
    return Dispute{DisputeKind::malformed_result, "RE[" + rec.text + "] is not a result"};
  if (j.cycle && rules.cycles_void && rec.ending != Ending::no_result &&
      rec.ending != Ending::unknown && rec.ending != Ending::missing)
    return Dispute{DisputeKind::no_result,
                   fmt::format("the game repeated a whole-board position, which is no result "
                               "under {} rules, but RE is {}",
                               rules.name, rec.text)};
  if (rec.ending == Ending::score || rec.ending == Ending::draw) {
    double recorded = rec.points().value_or(0);
    double signed_recorded = rec.winner == Color::white ? -recorded : recorded;
    if (std::fabs(signed_recorded - j.margin) < 1e-6)
      return std::nullopt;
    if (j.unfinished)
      return Dispute{DisputeKind::unfinished,
                     fmt::format("RE[{}] is a counted result but the board is not finished (the "
                                 "count gives {})",
                                 rec.text, computed)};
    Dispute d{recorded_side != computed_winner ? DisputeKind::winner : DisputeKind::margin,
              "RE[" + rec.text + "] but the count gives " + computed};
    // A point or two mirrored is a dame or teire counted otherwise, not a swap.
    d.re_swapped = d.kind == DisputeKind::winner && recorded > 2 &&
                   std::fabs(signed_recorded + j.margin) < 1e-6;
    if (d.re_swapped)
      d.message += "; RE is this count with the colours swapped (the winner written wrong?)";
    return d;
  }
  if (ended_before_count(rec.ending)) {
    // A win before any count is only contradicted by a game that both players passed out on a
    // finished board won by the other side.
    if (j.ended_by_passes && !j.unfinished && computed_winner != 0 && recorded_side != 0 &&
        computed_winner != recorded_side)
      return Dispute{DisputeKind::winner,
                     fmt::format("RE[{}] after both players passed, but the count gives {}",
                                 rec.text, computed)};
  }
  return std::nullopt;
}

Count count_by_other_method(const life::Position &position, const life::Verdicts &verdicts,
                            const GameFacts &facts, const rules::RuleSet &rules) {
  rules::RuleSet other = rules;
  if (rules.scoring == rules::Scoring::area) {
    other.scoring = rules::Scoring::territory;
    other.handicap_bonus = rules::HandicapBonus::none;
    other.seki_territory = false;
  } else {
    other.scoring = rules::Scoring::area;
    other.handicap_bonus = rules::HandicapBonus::n;
    other.seki_territory = true;
  }
  return count(position, verdicts, facts, other);
}

namespace {

// RE's margin in points, positive for Black, when RE is a counted result that a margin or winner
// dispute not yet explained (as a swap) can be explained by.
std::optional<double> disputed_margin(const Dispute &dispute, const Result &recorded) {
  const std::optional<double> points = recorded.points();
  if ((dispute.kind != DisputeKind::margin && dispute.kind != DisputeKind::winner) ||
      dispute.re_swapped || recorded.ending != Ending::score || !recorded.winner || !points)
    return std::nullopt;
  return *recorded.winner == Color::white ? -*points : *points;
}

} // namespace

void note_other_count(Dispute &dispute, const Result &recorded, const Count &other) {
  const std::optional<double> re = disputed_margin(dispute, recorded);
  if (!re || std::fabs(*re - other.margin) > 1e-6)
    return;
  dispute.re_fits = other.scoring;
  dispute.re_fits_result = other.result;
  dispute.message += std::string("; RE fits ") +
                     (other.scoring == rules::Scoring::area ? "an area" : "a territory") +
                     " count of this board: " + other.result;
}

void note_other_fill(Dispute &dispute, const Result &recorded, const life::Position &position,
                     const life::Verdicts &verdicts, const GameFacts &facts,
                     const rules::RuleSet &rules) {
  const std::optional<double> re = disputed_margin(dispute, recorded);
  if (!re || dispute.re_fits || !facts.fills_first)
    return;
  for (Symmetry s : all_symmetries()) {
    if (!keeps_shape(s, position.size))
      continue;
    const Count other = count(position, verdicts, facts, rules, s);
    if (std::fabs(other.margin - *re) > 1e-6)
      continue;
    dispute.re_fits_fill = true;
    dispute.message += "; RE fits the dame filled in another order: " + other.result;
    return;
  }
}

void note_turned_group(Dispute &dispute, const Result &recorded, const life::Position &position,
                       const life::Life &life, const GameFacts &facts, const rules::RuleSet &rules,
                       double count_margin) {
  const std::optional<double> re = disputed_margin(dispute, recorded);
  if (!re || dispute.re_fits || dispute.re_fits_fill)
    return;
  // Only a turn towards the side RE favours can reach RE, and no one counts a pass-alive group
  // dead.
  const life::Stone favoured = *re > count_margin ? life::Stone::black : life::Stone::white;
  const life::GroupLife *fits = nullptr;
  for (const life::GroupLife &group : life.groups) {
    const bool turns_towards = group.status == life::Status::dead
                                   ? group.colour == favoured
                                   : group.status != life::Status::unknown &&
                                         group.colour != favoured &&
                                         group.rule != life::Rule::pass_alive;
    if (!turns_towards)
      continue;
    life::Verdicts turned = life.verdicts;
    for (int i : group.stones)
      turned.dead[i] = group.status != life::Status::dead;
    if (group.status == life::Status::seki) // its partners, no longer in seki, keep their eyes
      turned.seki.clear();
    if (std::fabs(count(position, turned, facts, rules).margin - *re) > 1e-6)
      continue;
    if (fits)
      return; // two groups fit: RE names neither
    fits = &group;
  }
  if (!fits)
    return;
  dispute.re_fits_status =
      fits->status == life::Status::dead ? life::Status::alive : life::Status::dead;
  for (int i : fits->stones)
    dispute.re_fits_group.push_back(position.point(i));
  dispute.message += fmt::format("; RE fits this board with the {} {} at {} {}",
                                 fits->colour == life::Stone::black ? "black" : "white",
                                 fits->stones.size() == 1 ? "stone" : "stones",
                                 point_names(dispute.re_fits_group, position.size, ", "),
                                 life::to_string(dispute.re_fits_status));
}

} // namespace sgf::score

// `sgf score`'s output of a count; see count_report.h.
#include "lib/render/count_report.h"

#include "lib/render/count.h"
#include "lib/report/emit.h"
#include "lib/score/groups.h"
#include "lib/sgf/values.h"

#include <fmt/format.h>

#include <cmath>

namespace sgf::render {

namespace {

using nlohmann::ordered_json;

// One line per group: colour, status, stones, probability and reason.
std::string explain_text(const score::GameScore &gs,
                         const std::vector<score::GroupReport> &groups) {
  std::string t;
  for (const score::GroupReport &g : groups)
    t += fmt::format("  {} {} {} ({:.2f}): {}\n", g.colour == Color::black ? "black" : "white",
                     life::to_string(g.status), point_names(g.stones, gs.position.size, ","),
                     g.probability, g.reason);
  return t;
}

ordered_json points_json(const std::vector<Point> &points) {
  ordered_json out = ordered_json::array();
  for (Point p : points)
    out.push_back(point_to_sgf(p));
  return out;
}

ordered_json groups_json(const std::vector<score::GroupReport> &groups) {
  ordered_json out = ordered_json::array();
  for (const score::GroupReport &g : groups) {
    out.push_back({{"colour", g.colour == Color::black ? "B" : "W"},
                   {"stones", points_json(g.stones)},
                   {"status", life::to_string(g.status)},
                   {"reason", g.reason},
                   {"probability", std::round(g.probability * 1000) / 1000}});
  }
  return out;
}

ordered_json side_json(const score::SideCount &s) {
  return {{"stones", s.stones},
          {"territory", s.territory},
          {"prisoners", s.prisoners},
          {"dead_stones", s.dead_stones},
          {"pass_stones", s.pass_stones},
          {"seki_eyes", s.seki_eyes},
          {"teire", s.teire},
          {"dame_share", s.dame_share},
          {"komi", s.komi},
          {"handicap_bonus", s.handicap_bonus},
          {"total", s.total}};
}

std::string side_text(const char *name, const score::Count &c, Color side) {
  return fmt::format("  {}: {}\n", name, score::breakdown_text(c, side));
}

std::vector<score::GroupReport> groups_of(const score::GameScore &gs) {
  return score::explain_groups(gs.position, gs.life, gs.rules);
}

// A value, or null when there is none.
template <class T> ordered_json or_null(bool present, const T &value) {
  return present ? ordered_json(value) : ordered_json();
}

} // namespace

std::string count_paragraph(const score::GameScore &gs, const CountReport &report) {
  const auto &c = gs.count;
  std::string t = fmt::format("{} game {}: {} under {} (komi {})", shown(report.file), report.game,
                              c.result, gs.rules.name, score::format_number(gs.rules.komi));
  if (c.scoring == rules::Scoring::area && c.margin != 0)
    t += fmt::format(", {} by {} stones", c.margin > 0 ? "Black" : "White",
                     score::format_number(std::abs(c.margin_stones)));
  t += fmt::format("; recorded {}", gs.recorded.text.empty() ? "nothing" : shown(gs.recorded.text));
  if (gs.dispute)
    t += fmt::format("; dispute {}: {}", score::to_string(gs.dispute->kind),
                     shown(gs.dispute->message));
  t += "\n";
  t += fmt::format("  rules: {} ({}); profile: {} ({})\n", gs.rules.name, shown(gs.rules_reason),
                   gs.profile.profile.name, shown(gs.profile.reason));
  t += side_text("black", c, Color::black);
  t += side_text("white", c, Color::white);
  if (c.scoring == rules::Scoring::area && c.baseline > 0)
    t += fmt::format("  Black {} against the baseline {}\n", score::format_number(c.black.total),
                     score::format_number(c.baseline));
  t += fmt::format("  dead stones: {} black, {} white, by {} (confidence {:.2f}){}; dame {}, "
                   "seki points {}; winner right with probability {:.2f}\n",
                   c.white.dead_stones, c.black.dead_stones, life::to_string(gs.life.source),
                   gs.life.confidence, gs.life.unfinished ? ", board not finished" : "", c.dame,
                   c.seki_points, gs.confidence);
  for (const Diagnostic &d : report.notes)
    t += fmt::format("  note[{}]: {}\n", d.code, d.message);
  if (!report.diagram && !report.explain)
    return t;
  const std::vector<score::GroupReport> groups = groups_of(gs);
  if (report.explain)
    t += explain_text(gs, groups);
  for (const std::string &line : count_text(gs, groups))
    t += "  " + line + "\n";
  return t;
}

ordered_json count_json(const score::GameScore &gs, const CountReport &report) {
  const auto &c = gs.count;
  const bool area = c.scoring == rules::Scoring::area;
  const std::optional<score::Dispute> &dispute = gs.dispute;
  ordered_json j = {{"file", report.file}};
  add_file_bytes(j, report.file);
  j.update(ordered_json{
      {"game", report.game},
      {"rules", gs.rules.name},
      {"rules_reason", gs.rules_reason},
      {"profile", gs.profile.profile.name},
      {"profile_reason", gs.profile.reason},
      {"profile_conventions", gs.profile.profile.conventions},
      {"scoring", area ? "area" : "territory"},
      {"komi", gs.rules.komi},
      {"handicap", gs.facts.handicap},
      {"result", c.result},
      {"recorded", or_null(!gs.recorded.text.empty(), gs.recorded.text)},
      {"dispute", dispute ? ordered_json(score::to_string(dispute->kind)) : ordered_json()},
      {"dispute_message", dispute ? ordered_json(dispute->message) : ordered_json()},
      // The other counting method's result, when RE is exactly that (disputes.h).
      {"re_fits",
       dispute && dispute->re_fits
           ? ordered_json(
                 {{"scoring", *dispute->re_fits == rules::Scoring::area ? "area" : "territory"},
                  {"result", dispute->re_fits_result}})
           : ordered_json()},
      // Else RE is the count with the open dame filled in another order (disputes.h).
      {"re_fits_fill", dispute && dispute->re_fits_fill},
      // Else the one group whose other verdict gives RE (disputes.h).
      {"re_fits_group", dispute && !dispute->re_fits_group.empty()
                            ? ordered_json({{"stones", points_json(dispute->re_fits_group)},
                                            {"status", life::to_string(dispute->re_fits_status)}})
                            : ordered_json()},
      // RE is this count with the colours swapped; the three above are then null or false
      // (disputes.h).
      {"re_swapped", dispute && dispute->re_swapped},
      // Three decimals, as in the other formats: the estimator's float would print as
      // 0.5833333134651184.
      {"confidence", std::round(gs.confidence * 1000) / 1000},
      {"dead_stone_confidence", std::round(gs.life.confidence * 1000) / 1000},
      {"unfinished", gs.life.unfinished},
      {"dead_source", life::to_string(gs.life.source)},
      {"margin", c.margin},
      {"margin_stones", or_null(area, c.margin_stones)},
      {"baseline", or_null(area, c.baseline)},
      {"black", side_json(c.black)},
      {"white", side_json(c.white)},
      {"dame", c.dame},
      {"seki_points", c.seki_points},
      {"moves", gs.moves},
      {"ended_by_passes", gs.ended_by_passes},
  });
  if (gs.life.source == life::DeadSource::estimator)
    j["playouts"] = gs.life.playouts;
  j["notes"] = ordered_json::array();
  for (const Diagnostic &d : report.notes)
    j["notes"].push_back({{"code", d.code}, {"message", d.message}});
  if (!report.diagram && !report.explain)
    return j;
  const std::vector<score::GroupReport> groups = groups_of(gs);
  if (report.diagram)
    j["diagram"] = count_text(gs, groups);
  if (report.explain)
    j["groups"] = groups_json(groups);
  return j;
}

std::string count_tsv_row(const score::GameScore &gs, const CountReport &report) {
  const auto &c = gs.count;
  return fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.3f}\t{}\t{}\t{}\t{}\t{}\t{}\n",
                     tsv_cell(report.file), report.game, gs.rules.name,
                     score::format_number(gs.rules.komi), c.result, tsv_cell(gs.recorded.text),
                     gs.dispute ? score::to_string(gs.dispute->kind) : "", gs.confidence,
                     score::format_number(c.black.total), score::format_number(c.white.total),
                     life::to_string(gs.life.source), gs.life.unfinished ? "unfinished" : "",
                     gs.profile.profile.name, tsv_cell(gs.rules_reason + "; " + gs.profile.reason));
}

} // namespace sgf::render

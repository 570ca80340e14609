// `sgf annotate` as edits of the tree.
#include "lib/check/annotate.h"

#include "lib/sgf/validate.h"
#include "lib/sgf/values.h"
#include "lib/sgf/writer.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <iterator>

namespace sgf::check {

namespace {

constexpr std::string_view tag = "sgf annotate";

std::string describe(const Diagnostic &d) {
  return fmt::format("{}: {}[{}]: {}", tag, to_string(d.severity), d.code, d.message);
}

std::string side_text(const char *name, const score::Count &c, Color side) {
  return fmt::format("{}: {}", name, score::breakdown_text(c, side));
}

} // namespace

std::string score_text(const score::GameScore &gs) {
  const auto &c = gs.count;
  std::string t = fmt::format("{}: score {} under {} rules (komi {})", tag, c.result, gs.rules.name,
                              score::format_number(gs.rules.komi));
  if (c.scoring == rules::Scoring::area && c.margin != 0)
    t += fmt::format(", {} by {} stones", c.margin > 0 ? "Black" : "White",
                     score::format_number(std::abs(c.margin_stones)));
  t += "\n" + side_text("Black", c, Color::black);
  t += "\n" + side_text("White", c, Color::white);
  t += fmt::format("\nDead stones: {} black, {} white, by {} (confidence {:.2f}); dame {}, seki "
                   "points {}",
                   c.white.dead_stones, c.black.dead_stones, score::to_string(gs.life.source),
                   gs.life.confidence, c.dame, c.seki_points);
  if (gs.life.unfinished)
    t += "\nThe board is not finished: the territory is not marked";
  t += fmt::format("\nRecorded result: {}", gs.recorded.text.empty() ? "none" : gs.recorded.text);
  if (gs.dispute)
    t += fmt::format("\nDispute ({}): {}", score::to_string(gs.dispute->kind), gs.dispute->message);
  return t;
}

void append_comment(Node &node, const std::string &text) {
  if (Property *c = node.find("C"); c && !c->values.empty()) {
    std::string &raw = c->values.front().text;
    raw += escape_text((raw.empty() ? "" : "\n\n") + text);
    return;
  }
  Property &c = node.properties.emplace_back();
  c.id = "C";
  c.values.push_back({escape_text(text), {}});
}

void add_points(Node &node, std::string_view id, const std::vector<Point> &points, BoardSize size) {
  if (points.empty())
    return;
  Property *prop = node.find(id);
  std::vector<Point> have;
  if (prop)
    have = to_point_list(*prop, size).value_or(std::vector<Point>{});
  for (Point p : points) {
    if (std::find(have.begin(), have.end(), p) != have.end())
      continue;
    if (!prop) {
      prop = &node.properties.emplace_back();
      prop->id = std::string(id);
    }
    prop->values.push_back({point_to_sgf(p), {}});
    have.push_back(p);
  }
}

Annotated annotate(ParseResult parsed, const AnnotateOptions &plan) {
  Annotated out;
  out.collection = std::move(parsed.collection);
  Collection &col = out.collection;
  Diagnostics all = std::move(parsed.diagnostics);
  Diagnostics spec = validate(col);
  all.insert(all.end(), spec.begin(), spec.end());
  std::vector<score::GameScore> scores(col.games.size());
  std::vector<bool> scored(col.games.size(), false);
  for (size_t g = 0; g < col.games.size(); ++g) {
    const Game &game = col.games[g];
    if (game.empty() || !is_go(game))
      continue;
    CheckOptions check;
    check.requested = plan.requested;
    // The count's dispute goes into the score comment (and, with fix_result, into RE), not
    // among the findings: a result the annotation corrects is no error of the new record.
    check.count = false;
    if (plan.score) {
      score::ScoreOptions options;
      options.rules = plan.requested;
      scores[g] = score::score_game(game, options);
      scored[g] = true;
    }
    Diagnostics found = check_game(game, int(g), spec, check);
    all.insert(all.end(), std::make_move_iterator(found.begin()),
               std::make_move_iterator(found.end()));
  }
  // Notes (which rule set was assumed, and the like) are not problems of the record.
  all.erase(std::remove_if(all.begin(), all.end(),
                           [](const Diagnostic &d) { return d.severity == Severity::note; }),
            all.end());
  out.findings = all;

  // Every finding goes on its node (the root when the finding is about the game or the file),
  // with a cross on the point of the node's move.
  for (const Diagnostic &d : all) {
    const size_t g = d.game >= 0 ? size_t(d.game) : 0;
    if (g >= col.games.size() || col.games[g].empty())
      continue;
    Game &game = col.games[g];
    const NodeIndex n = d.node >= 0 && size_t(d.node) < game.nodes.size() ? NodeIndex(d.node) : 0;
    Node &node = game.nodes[n];
    append_comment(node, describe(d));
    const BoardSize size = board_size_of(game).value_or(BoardSize{});
    if (auto move = move_of(node, size); move && !move->pass)
      add_points(node, "MA", {move->point}, size);
  }

  for (size_t g = 0; g < col.games.size(); ++g) {
    if (!scored[g])
      continue;
    Game &game = col.games[g];
    const score::GameScore &gs = scores[g];
    const BoardSize size = board_size_of(game).value_or(BoardSize{});
    Node &last = game.nodes[game.main_line().back()];
    append_comment(last, score_text(gs));
    // The territory the count used, dead stones' points included, unless the record marks its
    // own (the count then took its dead stones from that markup).
    // Not on a board the scorer calls unfinished: a guessed territory written into the record
    // would read as a verdict.
    if (!gs.life.unfinished && !last.has("TB") && !last.has("TW")) {
      std::vector<Point> black, white;
      for (size_t i = 0; i < gs.count.kinds.size(); ++i) {
        const Point p{int(i) % size.width, int(i) / size.width};
        switch (gs.count.kinds[i]) {
        case score::PointKind::black_territory:
        case score::PointKind::dead_white:
          black.push_back(p);
          break;
        case score::PointKind::white_territory:
        case score::PointKind::dead_black:
          white.push_back(p);
          break;
        default:
          break;
        }
      }
      add_points(last, "TB", black, size);
      add_points(last, "TW", white, size);
    }
    if (plan.fix_result && gs.dispute && gs.dispute->kind == score::DisputeKind::winner) {
      Node &root = game.root();
      Property *re = root.find("RE");
      const std::string old = re && !re->values.empty() ? re->values.front().text : "";
      if (!re) {
        re = &root.properties.emplace_back();
        re->id = "RE";
      }
      re->values.clear();
      re->values.push_back({escape_text(gs.count.result), {}});
      append_comment(root, fmt::format("{}: RE was [{}]; the count gives {}", tag,
                                       to_simple_text(old), gs.count.result));
      out.result_fixed = true;
    }
  }
  return out;
}

} // namespace sgf::check

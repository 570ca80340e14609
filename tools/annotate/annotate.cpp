// `sgf annotate`: a copy of each record with the findings of `sgf check` written into it (a
// comment on the node, a cross on the point), the computed score and its breakdown as a comment
// on the final node with the territory as TB/TW, and with --fix-result a corrected RE.
// Everything else in the record is kept as it was.
#include "tools/sgf/commands.h"

#include "lib/batch/output.h"
#include "lib/rules/replay.h"
#include "lib/score/score_game.h"
#include "lib/sgf/validate.h"
#include "lib/sgf/values.h"
#include "lib/sgf/writer.h"
#include "parsers/sgf/parse.h"
#include "tools/common/batch_options.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <memory>
#include <set>
#include <tuple>

namespace sgf::tools {

namespace {

struct AnnotateOptions {
  BatchOptions batch;
  bool in_place = false;
  std::string rules; // preset name; empty: each record's RU
  bool fix_result = false;
  bool no_score = false;
};

struct Plan {
  std::optional<rules::RuleSet> requested;
  bool fix_result = false;
  bool score = true;
  bool in_place = false;
};

constexpr std::string_view tag = "sgf annotate";

bool is_go(const Game &game) {
  const std::string *gm = first_value(game.root(), "GM");
  return !gm || to_number(*gm) == 1;
}

// Appends `text` (plain) to the node's comment, after a blank line when there is one already.
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

// Adds points to a point-list property (MA, TB, TW), creating it when absent, skipping points
// it already lists (a point twice is a specification error).
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

std::string describe(const Diagnostic &d) {
  return fmt::format("{}: {}[{}]: {}", tag, to_string(d.severity), d.code, d.message);
}

// The rules findings of one game's main line, each once.
Diagnostics rules_findings(const Game &game, const rules::RuleSet &rule_set) {
  Diagnostics out;
  std::set<std::tuple<int, std::string, std::string>> seen;
  for (rules::LineReplay &line : rules::replay(game, rule_set))
    for (Diagnostic &d : line.diagnostics)
      if (seen.emplace(d.node, d.code, d.message).second)
        out.push_back(std::move(d));
  return out;
}

std::string side_text(const char *name, const score::SideCount &s, rules::Scoring scoring) {
  std::string t = fmt::format("{}: {}", name, score::format_number(s.total));
  if (scoring == rules::Scoring::area)
    t += fmt::format(" = {} stones + {} territory", s.stones, s.territory);
  else
    t += fmt::format(" = {} territory + {} prisoners + {} dead", s.territory, s.prisoners,
                     s.dead_stones);
  if (s.pass_stones)
    t += fmt::format(" + {} pass stones", s.pass_stones);
  if (s.seki_eyes && scoring == rules::Scoring::area)
    t += fmt::format(" + {} seki eyes", s.seki_eyes);
  if (s.dame_share)
    t += " + " + score::format_number(s.dame_share) + " dame share";
  if (s.komi)
    t += " + " + score::format_number(s.komi) + " komi";
  if (s.handicap_bonus)
    t += " + " + score::format_number(s.handicap_bonus) + " handicap";
  return t;
}

std::string score_text(const score::GameScore &gs) {
  const auto &c = gs.count;
  std::string t = fmt::format("{}: score {} under {} rules (komi {})", tag, c.result, gs.rules.name,
                              score::format_number(gs.rules.komi));
  if (c.scoring == rules::Scoring::area && c.margin != 0)
    t += fmt::format(", {} by {} stones", c.margin > 0 ? "Black" : "White",
                     score::format_number(std::abs(c.margin_stones)));
  t += "\n" + side_text("Black", c.black, c.scoring);
  t += "\n" + side_text("White", c.white, c.scoring);
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

struct Annotated {
  Collection collection;
  Diagnostics findings;
  bool result_fixed = false;
};

Annotated annotate(ParseResult parsed, const Plan &plan) {
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
    Diagnostics notes;
    const rules::RuleSet rule_set = rules::rules_for(game, plan.requested, notes);
    for (Diagnostic &d : rules_findings(game, rule_set)) {
      d.game = int(g);
      // A move off the board or a bad SZ is already a specification finding, as in sgf check.
      const bool already = std::any_of(spec.begin(), spec.end(), [&](const Diagnostic &s) {
        if (d.code == "off-board")
          return s.game == d.game && s.node == d.node &&
                 (s.code == "point-off-board" || s.code == "bad-value");
        if (d.code == "board-size")
          return s.game == d.game && s.code == "bad-board-size" && s.severity == Severity::error;
        return false;
      });
      if (!already)
        all.push_back(std::move(d));
    }
    if (plan.score) {
      score::ScoreOptions options;
      options.rules = plan.requested;
      scores[g] = score::score_game(game, options);
      scored[g] = true;
    }
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

RecordOutput annotate_record(const batch::Record &record, const Plan &plan) {
  RecordOutput out;
  ParseResult parsed = parse_sgf(record.bytes);
  if (parsed.collection.games.empty()) {
    out.status = 2;
    out.messages = fmt::format("{}: error[unreadable]: no game could be read\n", record.name);
    return out;
  }
  const std::string charset = parsed.charset;
  const bool read_whole = parsed.ok();
  Annotated a = annotate(std::move(parsed), plan);
  // The text is UTF-8 now: a record read in another charset says so in its CA.
  if (charset != "UTF-8" && charset != "ASCII" && !charset.empty())
    for (Game &game : a.collection.games)
      if (!game.empty())
        canonicalise_root(game.root());
  WriteOptions wo;
  wo.canonical_header = false;
  std::string text = write_sgf(a.collection, wo);
  out.status = has_error(a.findings) ? 1 : 0;
  size_t errors = 0, warnings = 0;
  for (const Diagnostic &d : a.findings)
    (d.severity == Severity::error ? errors : warnings) += 1;
  if (plan.in_place) {
    std::error_code ec;
    if (record.name == "-" || !std::filesystem::is_regular_file(record.name, ec)) {
      out.status = 2;
      out.messages += fmt::format("{}: error[unwritable]: cannot rewrite in place: not a plain "
                                  "file (standard input or an archive member)\n",
                                  record.name);
      return out;
    }
    if (!read_whole) { // what the parser could not read would be lost: never rewrite it
      out.status = std::max(out.status, 1);
      out.messages += fmt::format("{}: error[unreadable]: not rewritten in place: the record has "
                                  "syntax errors (sgf check shows them)\n",
                                  record.name);
      return out;
    }
    if (auto err = batch::write_file_atomically(record.name, text)) {
      out.status = 2;
      out.messages += fmt::format("{}: error[{}]: {}\n", record.name, err->code, err->message);
      return out;
    }
  } else {
    out.text = std::move(text);
  }
  return out;
}

} // namespace

void register_annotate(CLI::App &root, int &exit_status) {
  auto opts = std::make_shared<AnnotateOptions>();
  auto *cmd = root.add_subcommand(
      "annotate", "write the findings of check, the score and the territory into a copy of each "
                  "record");
  add_batch_options(*cmd, opts->batch);
  auto *in_place = cmd->add_flag("--in-place", opts->in_place,
                                 "replace each input file (atomically) instead of writing a copy");
  if (auto *o = cmd->get_option_no_throw("--output"))
    in_place->excludes(o);
  cmd->add_option("--rules", opts->rules, "rule set (default: each record's RU, else chinese)");
  cmd->add_flag("--fix-result", opts->fix_result,
                "rewrite RE when the count names the other winner (the old RE goes in a comment)");
  cmd->add_flag("--no-score", opts->no_score, "findings only: no score, no territory");
  cmd->callback([opts, &exit_status] {
    Plan plan;
    plan.fix_result = opts->fix_result;
    plan.score = !opts->no_score;
    plan.in_place = opts->in_place;
    if (opts->batch.format != "text") {
      std::fprintf(stderr, "sgf annotate: the output is SGF: --format %s does not apply\n",
                   opts->batch.format.c_str());
      exit_status = 2;
      return;
    }
    if (!opts->rules.empty()) {
      plan.requested = rules::preset(opts->rules);
      if (!plan.requested) {
        std::fprintf(stderr, "sgf annotate: unknown rule set '%s'\n", opts->rules.c_str());
        exit_status = 2;
        return;
      }
    }
    exit_status =
        run_batch(opts->batch, [plan](const batch::Record &r) { return annotate_record(r, plan); });
  });
}

} // namespace sgf::tools

// `sgf annotate` as edits of the tree.
#include "lib/check/annotate.h"

#include "lib/batch/pipeline.h"
#include "lib/sgf/validate.h"
#include "lib/sgf/values.h"
#include "lib/sgf/writer.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <iterator>
#include <optional>

namespace sgf::check {

namespace {

constexpr std::string_view tag = "sgf annotate";

// Line numbers name places in the file as read, not in the file annotate writes, and would
// change from one run to the next: on the node itself they say nothing more.
std::string without_line_numbers(std::string message) {
  for (std::string_view form : {" (line ", " at line "}) {
    for (size_t at = message.find(form); at != std::string::npos; at = message.find(form, at)) {
      size_t end = at + form.size();
      while (end < message.size() && message[end] >= '0' && message[end] <= '9')
        ++end;
      if (end == at + form.size()) {
        at = end;
        continue;
      }
      if (form[1] == '(' && end < message.size() && message[end] == ')')
        ++end;
      message.erase(at, end - at);
    }
  }
  return message;
}

std::string describe(const Diagnostic &d) {
  return fmt::format("{}: {}[{}]: {}", tag, to_string(d.severity), d.code,
                     without_line_numbers(d.message));
}

std::string side_text(const char *name, const score::Count &c, Color side) {
  return fmt::format("{}: {}", name, score::breakdown_text(c, side));
}

// What an earlier run's annotations of a node leave for this run to write again: the findings
// of that run's first reading of the file (syntax repairs: the rewritten file has none left to
// find) stay at the start of the annotations, `carried` bytes of the comment.
struct Earlier {
  bool comment_created = false; // no C before the first run
  size_t carried = 0;
};

// The comment's annotation part, after the record's own `own` bytes: it must start as annotate
// starts it, or the comment was edited since and is left alone.
bool annotations_start(std::string_view comment, size_t own) {
  if (own > comment.size())
    return false;
  std::string start = std::string(own > 0 ? "\n\n" : "") + std::string(tag) + ": ";
  return comment.substr(own).starts_with(start);
}

// Undoes what an earlier run wrote into the node, as its own property lists it (see
// own_property), and removes that property. A value that no longer matches the node (an edit
// since) undoes nothing.
Earlier strip_earlier(Node &node, BoardSize size) {
  Earlier earlier;
  const Property *own = node.find(own_property);
  if (!own)
    return earlier;
  std::vector<std::string> changes;
  for (const Value &v : own->values)
    changes.push_back(v.text);
  node.erase(own_property);
  std::optional<size_t> comment_own;
  size_t carried = 0;
  for (const std::string &change : changes) {
    const size_t colon = change.find(':'), equals = change.find('=');
    const std::string key = change.substr(0, std::min(colon, equals));
    if (key == "C") {
      comment_own =
          colon == std::string::npos ? 0 : std::strtoull(change.c_str() + colon + 1, nullptr, 10);
      earlier.comment_created = colon == std::string::npos;
    } else if (key == "P" && colon != std::string::npos) {
      carried = std::strtoull(change.c_str() + colon + 1, nullptr, 10);
    } else if (key == "MA" && colon != std::string::npos) {
      Property *ma = node.find("MA");
      const auto point = to_point(change.substr(colon + 1), size);
      if (!ma || !point)
        continue;
      auto &values = ma->values;
      values.erase(std::remove_if(values.begin(), values.end(),
                                  [&](const Value &v) { return to_point(v.text, size) == point; }),
                   values.end());
      if (ma->values.empty())
        node.erase("MA");
    } else if (key == "TB" || key == "TW") {
      node.erase(key);
    } else if (key == "RE" || key == "FF" || key == "CA") {
      if (equals == std::string::npos) {
        node.erase(key);
      } else if (Property *p = node.find(key)) {
        p->values.clear();
        p->values.push_back({change.substr(equals + 1), {}});
      }
    }
  }
  if (!comment_own)
    return earlier;
  Property *c = node.find("C");
  std::string *comment = c && !c->values.empty() ? &c->values.front().text : nullptr;
  if (!comment || !annotations_start(*comment, *comment_own) ||
      *comment_own + carried > comment->size()) {
    earlier.comment_created = false; // edited since: the comment is the record's own now
    return earlier;
  }
  comment->resize(*comment_own + carried);
  earlier.carried = carried;
  if (comment->empty() && earlier.comment_created)
    node.erase("C");
  return earlier;
}

// What this run writes into a node, listed in its own property so that the next run can undo
// it: "C" (the comment is annotate's) or "C:N" (annotate's text follows the record's own N
// bytes), "P:N" (its first N bytes are findings of syntax repairs), "MA:pt" (a cross added),
// "TB"/"TW" (territory added), "RE", "FF", "CA" (added) or "RE=old" (the value it replaced).
struct Marks {
  bool comment = false; // the comment has annotations
  bool comment_created = false;
  size_t own = 0, syntax = 0;
  size_t carried = 0; // of `syntax`, the bytes an earlier run wrote
  std::vector<std::string> changes;

  bool empty() const { return !comment && changes.empty(); }
  void write(Node &node) const {
    if (empty())
      return;
    Property &p = node.properties.emplace_back();
    p.id = std::string(own_property);
    if (comment)
      p.values.push_back({comment_created ? "C" : fmt::format("C:{}", own), {}});
    if (syntax > 0)
      p.values.push_back({fmt::format("P:{}", syntax), {}});
    for (const std::string &change : changes) // raw already: "RE=" + the value as stored
      p.values.push_back({change, {}});
  }
};

// Appends to the node's comment and notes it in `marks`.
void annotate_comment(Node &node, Marks &marks, const std::string &text, bool syntax) {
  const Property *c = node.find("C");
  const size_t before = c && !c->values.empty() ? c->values.front().text.size() : 0;
  // A repair that the rewritten file still needs (an unknown CA, say) is found again: once is
  // enough.
  if (syntax && marks.carried > 0 &&
      std::string_view(c->values.front().text)
              .substr(marks.own, marks.carried)
              .find(escape_text(text)) != std::string_view::npos)
    return;
  if (!marks.comment) {
    marks.comment = true;
    marks.comment_created = !c;
    marks.own = before;
  }
  append_comment(node, text);
  if (syntax)
    marks.syntax += node.find("C")->values.front().text.size() - before;
}

// A cross on the point of the node's move, if it has none.
void cross_move(Node &node, Marks &marks, BoardSize size) {
  const auto move = move_of(node, size);
  if (!move || move->pass)
    return;
  const Property *ma = node.find("MA");
  const auto listed = ma ? to_point_list(*ma, size) : std::nullopt;
  if (listed && std::find(listed->begin(), listed->end(), move->point) != listed->end())
    return;
  add_points(node, "MA", {move->point}, size);
  marks.changes.push_back("MA:" + point_to_sgf(move->point));
}

// An earlier run's value of a property this run changes in place: "ID=raw" or "ID" when absent.
std::string earlier_value(const Node &node, std::string_view id) {
  const Property *p = node.find(id);
  if (!p)
    return std::string(id);
  return std::string(id) + "=" + (p->values.empty() ? "" : p->values.front().text);
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
                   c.white.dead_stones, c.black.dead_stones, life::to_string(gs.life.source),
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

Annotated annotate(ParseResult parsed, const AnnotateOptions &plan, RecordValidation *record) {
  Annotated out;
  out.collection = std::move(parsed.collection);
  Collection &col = out.collection;
  // An earlier run's annotations go first: the record is checked and counted as it was before.
  std::vector<std::vector<Earlier>> earlier(col.games.size());
  std::vector<std::vector<Marks>> marks(col.games.size());
  bool converted = plan.convert_header;
  for (size_t g = 0; g < col.games.size(); ++g) {
    Game &game = col.games[g];
    const BoardSize size = board_size_of(game).value_or(BoardSize{});
    earlier[g].resize(game.nodes.size());
    marks[g].resize(game.nodes.size());
    for (size_t n = 0; n < game.nodes.size(); ++n) {
      if (const Property *own = game.nodes[n].find(own_property); own && n == 0)
        for (const Value &v : own->values) // the earlier run converted the text to UTF-8
          converted = converted || v.text.starts_with("FF") || v.text.starts_with("CA");
      earlier[g][n] = strip_earlier(game.nodes[n], size);
      if (earlier[g][n].carried > 0) {
        Marks &m = marks[g][n];
        const Property *c = game.nodes[n].find("C");
        m.comment = true;
        m.comment_created = earlier[g][n].comment_created;
        m.own = c->values.front().text.size() - earlier[g][n].carried;
        m.syntax = m.carried = earlier[g][n].carried;
        cross_move(game.nodes[n], m, size); // the carried findings are findings of the node
      }
    }
  }
  const size_t syntax_findings =
      std::count_if(parsed.diagnostics.begin(), parsed.diagnostics.end(),
                    [](const Diagnostic &d) { return d.severity != Severity::note; });
  Diagnostics all = std::move(parsed.diagnostics);
  const size_t first = parsed.first_game; // the record's index of col.games[0]
  Diagnostics spec = validate(col, first, record);
  all.insert(all.end(), spec.begin(), spec.end());
  // The games are checked and scored in parallel; the part's scores are all held, as the
  // annotation of each game needs its own.
  std::vector<std::optional<score::GameScore>> scores(col.games.size());
  batch::ordered_for(
      col.games.size(), col.games.size(),
      [&](size_t g) {
        const Game &game = col.games[g];
        if (game.empty() || !is_go(game))
          return Diagnostics{};
        CheckOptions check;
        check.rules = plan.rules;
        // The count's dispute goes into the score comment (and, with fix_result, into RE), not
        // among the findings: a result the annotation corrects is no error of the new record.
        check.count = false;
        if (plan.score) {
          score::ScoreOptions options;
          options.rules = plan.rules;
          scores[g] = score::score_game(game, options);
        }
        return check_game(game, int(first + g), spec, check);
      },
      [&](size_t, Diagnostics &&found) {
        all.insert(all.end(), std::make_move_iterator(found.begin()),
                   std::make_move_iterator(found.end()));
      });
  // Notes (which rule set was assumed, and the like) are not problems of the record.
  all.erase(std::remove_if(all.begin(), all.end(),
                           [](const Diagnostic &d) { return d.severity == Severity::note; }),
            all.end());
  out.findings = all;

  // Every finding goes on its node (the root when the finding is about the game or the file),
  // with a cross on the point of the node's move.
  for (size_t i = 0; i < all.size(); ++i) {
    const Diagnostic &d = all[i];
    // Every finding names a game of this part (the parser hands a diagnostic over with its
    // game), or none: those go on the part's first game.
    const size_t g = d.game >= 0 ? size_t(d.game) - first : 0;
    if (g >= col.games.size() || col.games[g].empty())
      continue;
    Game &game = col.games[g];
    const NodeIndex n = d.node >= 0 && size_t(d.node) < game.nodes.size() ? NodeIndex(d.node) : 0;
    Node &node = game.nodes[n];
    annotate_comment(node, marks[g][n], describe(d), i < syntax_findings);
    cross_move(node, marks[g][n], board_size_of(game).value_or(BoardSize{}));
  }

  for (size_t g = 0; g < col.games.size(); ++g) {
    if (!scores[g])
      continue;
    Game &game = col.games[g];
    const score::GameScore &gs = *scores[g];
    const BoardSize size = board_size_of(game).value_or(BoardSize{});
    const NodeIndex last_index = game.main_line().back();
    Node &last = game.nodes[last_index];
    Marks &last_marks = marks[g][last_index];
    annotate_comment(last, last_marks, score_text(gs), false);
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
      if (!black.empty())
        last_marks.changes.push_back("TB");
      if (!white.empty())
        last_marks.changes.push_back("TW");
    }
    if (plan.fix_result && gs.dispute && gs.dispute->kind == score::DisputeKind::winner) {
      Node &root = game.root();
      marks[g][0].changes.push_back(earlier_value(root, "RE"));
      Property *re = root.find("RE");
      const std::string old = re && !re->values.empty() ? re->values.front().text : "";
      if (!re) {
        re = &root.properties.emplace_back();
        re->id = "RE";
      }
      re->values.clear();
      re->values.push_back({escape_text(gs.count.result), {}});
      annotate_comment(root, marks[g][0],
                       fmt::format("{}: RE was [{}]; the count gives {}", tag, to_simple_text(old),
                                   gs.count.result),
                       false);
      out.result_fixed = true;
    }
  }

  for (size_t g = 0; g < col.games.size(); ++g) {
    Game &game = col.games[g];
    if (game.empty())
      continue;
    if (converted) {
      Node &root = game.root();
      for (const auto &[id, value] : {std::pair{"FF", "4"}, std::pair{"CA", "UTF-8"}})
        if (const Property *p = root.find(id);
            !p || p->values.size() != 1 || p->values.front().text != value)
          marks[g][0].changes.push_back(earlier_value(root, id));
      canonicalise_root(root);
    }
    for (size_t n = 0; n < game.nodes.size(); ++n)
      marks[g][n].write(game.nodes[n]);
  }
  return out;
}

} // namespace sgf::check

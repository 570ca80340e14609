// The report page: records → rows and findings → one HTML file; see report.h.
#include "lib/html/report.h"

#include "lib/html/page_assets.h"
#include "lib/render/count.h"
#include "lib/render/draw.h"
#include "lib/render/layout.h"
#include "lib/render/svg.h"
#include "lib/report/codes.h"
#include "lib/report/utf8.h"
#include "lib/score/score_game.h"
#include "lib/sgf/values.h"

#include <algorithm>
#include <fmt/format.h>
#include <iterator>

namespace sgf::html {

namespace {

std::string root_text(const Game &game, std::string_view id) {
  const std::string *v = first_value(game.root(), id);
  return v ? to_simple_text(*v) : std::string{};
}

std::string player(const Game &game, std::string_view name_id, std::string_view rank_id) {
  std::string name = root_text(game, name_id);
  std::string rank = root_text(game, rank_id);
  return rank.empty() ? name : name.empty() ? rank : name + " " + rank;
}

std::string stones_text(const render::Layout &layout) {
  std::string out;
  out.reserve(layout.cells.size());
  for (const render::Cell &c : layout.cells)
    out += c.stone == rules::Stone::black ? 'x' : c.stone == rules::Stone::white ? 'o' : '.';
  return out;
}

int index_of(Point p, BoardSize size) {
  return p.y * size.width + p.x;
}

// What a node shows: "after move 57, Black Q16", "after move 57 (a node without a move)".
std::string node_caption(const Game &game, const std::vector<NodeIndex> &line, BoardSize size) {
  const int moves = render::count_moves(game, line);
  const auto move = move_of(game.nodes[line.back()], size);
  if (line.size() == 1)
    return "the start of the game";
  const Node &last = game.nodes[line.back()];
  if (!move && (last.has("B") || last.has("W")))
    return fmt::format("after move {}, a move off the board", moves);
  if (!move)
    return moves == 0 ? "before the first move (a node without a move)"
                      : fmt::format("after move {} (a node without a move)", moves);
  const char *colour = move->color == Color::black ? "Black" : "White";
  if (move->pass)
    return fmt::format("after move {}, {} passes", moves, colour);
  return fmt::format("after move {}, {} {}", moves, colour, point_name(move->point, size));
}

// The point a finding is about: the value its place names when that is a point of the board (a
// stone listed twice, a move on an occupied point), else the node's move.
std::optional<Point> offending_point(const Diagnostic &d, const Node &node, BoardSize size) {
  if (d.pos.known())
    for (const Property &p : node.properties)
      for (const Value &v : p.values)
        if (v.pos == d.pos)
          if (auto point = to_point(v.text, size))
            return point;
  if (auto move = move_of(node, size); move && !move->pass && size.contains(move->point))
    return move->point;
  return std::nullopt;
}

std::optional<Neighbour> neighbour(const Game &game, const std::vector<NodeIndex> &line,
                                   const render::LayoutOptions &options, BoardSize size) {
  render::LayoutResult r = render::make_layout(game, line, options);
  if (!r.ok() || r.layout.size != size)
    return std::nullopt;
  Neighbour n;
  n.stones = stones_text(r.layout);
  n.caption = node_caption(game, line, size);
  if (auto move = move_of(game.nodes[line.back()], size); move && !move->pass)
    n.marked = index_of(move->point, size);
  return n;
}

render::LayoutOptions diagram_options() {
  render::LayoutOptions options;
  options.move = {render::MoveSpec::Kind::last, 0};
  options.marks = false; // the record's own marks would hide the finding's
  options.coordinates = true;
  return options;
}

// The position at `node` for finding `d`, with the positions before and after it.
std::optional<Diagram> position_diagram(const Game &game, const Diagnostic &d, NodeIndex node,
                                        int width) {
  if (node == 0 || node >= game.nodes.size())
    return std::nullopt;
  const render::LayoutOptions options = diagram_options();
  std::vector<NodeIndex> line = game.line_to(node);
  render::LayoutResult at = render::make_layout(game, line, options);
  if (!at.ok())
    return std::nullopt;
  const BoardSize size = at.layout.size;
  Diagram diagram;
  diagram.node = static_cast<int>(node);
  diagram.svg = board_svg(at.layout, width, offending_point(d, game.nodes[node], size));
  diagram.caption = node_caption(game, line, size);
  diagram.style = board_style(at.layout, width);
  diagram.previous = neighbour(game, {line.begin(), line.end() - 1}, options, size);
  if (NodeIndex child = game.nodes[node].first_child; child != no_node) {
    line.push_back(child);
    diagram.next = neighbour(game, line, options, size);
  }
  return diagram;
}

// The final position as counted: territory squares of each colour, dead stones faded under
// their owner's opponent's square (as TB/TW mark them).
std::optional<Diagram> count_diagram(const Game &game, const score::GameScore &gs, int width) {
  const std::vector<NodeIndex> line = game.main_line();
  if (line.empty())
    return std::nullopt;
  const render::LayoutOptions options = diagram_options();
  render::LayoutResult at = render::make_layout(game, line, options);
  if (!at.ok())
    return std::nullopt;
  render::Layout &layout = at.layout;
  const BoardSize size = layout.size;
  if (gs.position.size != size || gs.count.kinds.size() != layout.cells.size() ||
      gs.position.stones.size() != layout.cells.size())
    return std::nullopt;
  for (size_t i = 0; i < layout.cells.size(); ++i) {
    render::Cell &cell = layout.cells[i];
    cell.stone = gs.position.stones[i];
    const score::PointKind k = gs.count.kinds[i];
    if (const std::optional<Color> owner = render::territory_of(k))
      cell.territory = owner;
    if (k == score::PointKind::dead_black || k == score::PointKind::dead_white)
      cell.dimmed = true;
  }
  Diagram diagram;
  diagram.node = static_cast<int>(line.back());
  diagram.svg = board_svg(layout, width, std::nullopt);
  diagram.caption =
      fmt::format("the count ({}): squares mark territory, faded stones are dead", gs.count.result);
  diagram.style = board_style(layout, width);
  diagram.previous = neighbour(game, line, options, size);
  if (diagram.previous)
    diagram.previous->caption = "the final position, " + diagram.previous->caption;
  return diagram;
}

NodeIndex final_node(const Game &game) {
  const std::vector<NodeIndex> line = game.main_line();
  return line.empty() ? no_node : line.back();
}

bool is_count_finding(const Diagnostic &d) {
  return d.code == "result-mismatch" && d.node <= 0;
}

const char *severity_class(Severity s) {
  return s == Severity::error ? "error" : s == Severity::warning ? "warning" : "note";
}

std::string place_text(const Diagnostic &d) {
  std::string out;
  if (d.pos.known())
    out = fmt::format("line {}, column {}", d.pos.line, d.pos.col);
  if (d.move > 0)
    out += fmt::format("{}move {}", out.empty() ? "" : ", ", d.move);
  return out;
}

// The meaning of a code, from the documented lists.
std::string_view meaning_of(std::string_view code) {
  static const std::vector<check::CheckCode> codes = check::check_codes();
  for (const check::CheckCode &c : codes)
    if (c.code == code)
      return c.meaning;
  if (const CodeInfo *info = find_code(code))
    return info->description;
  return {};
}

} // namespace

std::string escape(std::string_view text) {
  std::string utf8;
  utf8.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const size_t n = utf8_sequence(text, i);
    if (n == 0) {
      utf8 += "\xEF\xBF\xBD"; // U+FFFD REPLACEMENT CHARACTER
      ++i;
    } else {
      utf8.append(text.substr(i, n));
      i += n;
    }
  }
  return render::escape_xml(utf8);
}

void add_part(RecordReport &report, const ParseResult &part, const ReportOptions &options,
              size_t &max_diagrams, RecordValidation *record) {
  std::vector<std::optional<score::GameScore>> counts;
  Diagnostics all = check::check_record(part, options.check, &counts, record);
  const auto &games = part.collection.games;
  const size_t first_row = report.games.size();
  for (size_t g = 0; g < games.size(); ++g) {
    GameRow row;
    row.game = static_cast<int>(part.first_game + g);
    if (!games[g].empty()) {
      row.black = player(games[g], "PB", "BR");
      row.white = player(games[g], "PW", "WR");
      row.recorded = root_text(games[g], "RE");
    }
    if (const auto &gs = counts[g]) {
      row.counted = gs->count.result;
      row.count_rules =
          fmt::format("{} rules, komi {}, dead stones by {}", gs->rules.name,
                      score::format_number(gs->rules.komi), life::to_string(gs->life.source));
      row.disputed = gs->dispute && (gs->dispute->kind == score::DisputeKind::winner ||
                                     gs->dispute->kind == score::DisputeKind::margin);
    }
    report.games.push_back(std::move(row));
  }
  if (report.games.empty())
    report.games.emplace_back();
  // Record-wide findings (game -1) belong to the record's first row.
  for (Diagnostic &d : all) {
    if (d.severity < options.minimum)
      continue;
    const bool in_part = d.game >= static_cast<int>(part.first_game) &&
                         static_cast<size_t>(d.game) - part.first_game < games.size();
    const size_t g = in_part ? static_cast<size_t>(d.game) - part.first_game : 0;
    Finding f;
    f.diagnostic = std::move(d);
    if (in_part) {
      const Game &game = games[g];
      const bool counted = is_count_finding(f.diagnostic) && counts[g];
      // A result the rules decided (a cycle, a second warning) concerns the final position.
      const NodeIndex node = is_count_finding(f.diagnostic) ? final_node(game)
                             : f.diagnostic.node > 0 ? static_cast<NodeIndex>(f.diagnostic.node)
                                                     : no_node;
      f.has_position = counted || (node != no_node && node > 0 && node < game.nodes.size());
      if (f.has_position && max_diagrams > 0) {
        f.diagram = counted ? count_diagram(game, *counts[g], options.diagram_width)
                            : position_diagram(game, f.diagnostic, node, options.diagram_width);
        max_diagrams -= f.diagram.has_value();
      }
    }
    report.games[in_part ? first_row + g : 0].findings.push_back(std::move(f));
  }
}

RecordReport report_record(std::string file, const ParseResult &parsed,
                           const ReportOptions &options, size_t max_diagrams) {
  RecordReport report;
  report.file = std::move(file);
  add_part(report, parsed, options, max_diagrams, nullptr);
  return report;
}

RecordReport unreadable_record(std::string file, const Diagnostic &error) {
  RecordReport report;
  report.file = std::move(file);
  report.games.emplace_back().findings.push_back({error, false, std::nullopt});
  return report;
}

void Page::add(RecordReport record) {
  ++records_;
  for (GameRow &game : record.games) {
    bool error = false, warning = false;
    std::map<CodeKey, bool> seen;
    for (Finding &f : game.findings) {
      const Diagnostic &d = f.diagnostic;
      error |= d.severity == Severity::error;
      warning |= d.severity == Severity::warning;
      (d.severity == Severity::error     ? errors_
       : d.severity == Severity::warning ? warnings_
                                         : notes_)++;
      const CodeKey key{d.code, d.severity};
      CodeCount &c = codes_[key];
      ++c.findings;
      if (!seen[key]) {
        seen[key] = true;
        ++c.games;
      }
      diagrams_wanted_ += f.has_position;
      if (f.diagram && diagrams_ >= max_diagrams_)
        f.diagram.reset();
      diagrams_ += f.diagram.has_value();
    }
    games_with_errors_ += error;
    games_with_warnings_ += warning;
    disputes_ += game.disputed;
    counted_ += !game.counted.empty();
    rows_.push_back({record.file, std::move(game)});
  }
}

std::string Page::summary_html() const {
  std::string out = "<section id=\"summary\">\n<h2>Summary</h2>\n<table class=\"figures\">\n";
  auto figure = [&](std::string_view what, size_t n, std::string_view filter = {}) {
    out += fmt::format("<tr><th scope=\"row\">{}</th><td{}>{}</td></tr>\n", what,
                       filter.empty() ? "" : fmt::format(" data-filter=\"{}\"", filter), n);
  };
  figure("records read", records_);
  figure("games", rows_.size(), "all");
  figure("games with errors", games_with_errors_, "error");
  figure("games with warnings", games_with_warnings_, "warning");
  figure("games counted (ended by passes)", counted_, "counted");
  figure("disputes: the count and RE disagree", disputes_, "dispute");
  figure("errors", errors_);
  figure("warnings", warnings_);
  out += fmt::format(
      "<tr><th scope=\"row\">diagrams</th><td>{} of {}{}</td></tr>\n", diagrams_, diagrams_wanted_,
      diagrams_ < diagrams_wanted_
          ? fmt::format(" (the limit, --max-diagrams {}, was reached)", max_diagrams_)
          : "");
  out += "</table>\n";
  if (!codes_.empty()) {
    std::vector<std::pair<CodeKey, CodeCount>> codes(codes_.begin(), codes_.end());
    std::stable_sort(codes.begin(), codes.end(), [](const auto &a, const auto &b) {
      return a.second.findings > b.second.findings;
    });
    out += "<h3>Findings by code</h3>\n<table class=\"codes\">\n<thead><tr><th>code</th>"
           "<th>severity</th><th>findings</th><th>games</th><th>meaning</th></tr></thead>\n"
           "<tbody>\n";
    for (const auto &[key, c] : codes)
      out += fmt::format("<tr class=\"{0}\"><td><code data-code=\"{1}\">{1}</code></td><td>{0}</td>"
                         "<td>{2}</td><td>{3}</td><td>{4}</td></tr>\n",
                         severity_class(key.second), escape(key.first), c.findings, c.games,
                         escape(meaning_of(key.first)));
    out += "</tbody>\n</table>\n";
  }
  return out + "</section>\n";
}

std::string Page::table_html() const {
  std::string out =
      "<section id=\"games\">\n<h2>Games</h2>\n"
      "<p id=\"controls\" hidden><label>Filter <input id=\"filter\" type=\"search\" "
      "placeholder=\"file, player, result or code\"></label> <label>Show <select id=\"show\">"
      "<option value=\"all\">every game</option><option value=\"findings\">games with "
      "findings</option><option value=\"error\">games with errors</option><option "
      "value=\"warning\">games with warnings</option><option value=\"dispute\">disputes</option>"
      "<option value=\"counted\">games counted</option></select></label> "
      "<span id=\"shown\"></span></p>\n"
      "<table id=\"games-table\" class=\"games\">\n<thead><tr><th data-type=\"number\">#</th>"
      "<th>file</th><th data-type=\"number\">game</th><th>Black</th><th>White</th>"
      "<th>result recorded</th><th>result counted</th><th data-type=\"number\">findings</th>"
      "</tr></thead>\n<tbody>\n";
  for (size_t i = 0; i < rows_.size(); ++i) {
    const GameRow &g = rows_[i].game;
    std::string classes;
    bool error = false, warning = false;
    std::string codes;
    for (const Finding &f : g.findings) {
      error |= f.diagnostic.severity == Severity::error;
      warning |= f.diagnostic.severity == Severity::warning;
    }
    if (!g.findings.empty())
      classes += " findings";
    if (error)
      classes += " error";
    if (warning)
      classes += " warning";
    if (g.disputed)
      classes += " dispute";
    if (!g.counted.empty())
      classes += " counted";
    for (size_t k = 0; k < g.findings.size(); ++k) {
      const Diagnostic &d = g.findings[k].diagnostic;
      codes += fmt::format(" <a href=\"#f{}-{}\" class=\"{}\">{}</a>", i + 1, k,
                           severity_class(d.severity), escape(d.code));
    }
    out += fmt::format(
        "<tr id=\"r{0}\"{1}><td>{0}</td><td class=\"file\">{2}</td><td>{3}</td><td>{4}</td>"
        "<td>{5}</td><td>{6}</td><td{7}>{8}</td><td data-sort=\"{9}\">{10}</td></tr>\n",
        i + 1, classes.empty() ? "" : fmt::format(" class=\"{}\"", classes.substr(1)),
        escape(rows_[i].file), g.game >= 0 ? std::to_string(g.game + 1) : "", escape(g.black),
        escape(g.white), escape(g.recorded),
        g.count_rules.empty() ? std::string{}
                              : fmt::format(" title=\"{}\"{}", escape(g.count_rules),
                                            g.disputed ? " class=\"disputed\"" : ""),
        escape(g.counted), g.findings.size(),
        g.findings.empty()
            ? std::string{}
            : fmt::format("<a href=\"#f{}\">{}</a>{}", i + 1, g.findings.size(), codes));
  }
  return out + "</tbody>\n</table>\n</section>\n";
}

std::string Page::findings_html() const {
  std::string out = "<section id=\"findings\">\n<h2>Findings</h2>\n";
  if (errors_ + warnings_ + notes_ == 0)
    out += "<p>No finding in any game.</p>\n";
  for (size_t i = 0; i < rows_.size(); ++i) {
    const GameRow &g = rows_[i].game;
    if (g.findings.empty())
      continue;
    std::string players;
    if (!g.black.empty() || !g.white.empty())
      players = fmt::format(": {} (B) vs {} (W)", escape(g.black.empty() ? "?" : g.black),
                            escape(g.white.empty() ? "?" : g.white));
    out += fmt::format("<article class=\"game\" id=\"f{0}\" data-file=\"{1}\" data-game=\"{2}\">\n"
                       "<h3><a href=\"#r{0}\">#{0}</a> {1}{3}{4}</h3>\n",
                       i + 1, escape(rows_[i].file), g.game,
                       g.game >= 0 ? fmt::format(", game {}", g.game + 1) : "", players);
    if (!g.recorded.empty() || !g.counted.empty())
      out += fmt::format("<p class=\"results\">RE[{}]{}</p>\n", escape(g.recorded),
                         g.counted.empty() ? std::string{}
                                           : fmt::format(", counted {} ({})", escape(g.counted),
                                                         escape(g.count_rules)));
    for (size_t k = 0; k < g.findings.size(); ++k) {
      const Finding &f = g.findings[k];
      const Diagnostic &d = f.diagnostic;
      const std::string place = place_text(d);
      out += fmt::format("<div class=\"finding {0}\" id=\"f{1}-{2}\">\n<p class=\"message\"><span "
                         "class=\"severity\">{0}</span> <code>{3}</code> {4}{5}</p>\n",
                         severity_class(d.severity), i + 1, k, escape(d.code),
                         place.empty() ? "" : "<span class=\"place\">" + place + ":</span> ",
                         escape(d.message));
      if (f.diagram) {
        const Diagram &dg = *f.diagram;
        std::string data =
            fmt::format(" data-node=\"{}\" data-width=\"{}\"", dg.node, dg.style.size.width);
        auto add = [&](const char *name, const std::optional<Neighbour> &n) {
          if (n)
            data += fmt::format(" data-{0}=\"{1}\" data-{0}-mark=\"{2}\" data-{0}-caption=\"{3}\"",
                                name, n->stones, n->marked, escape(n->caption));
        };
        add("prev", dg.previous);
        add("next", dg.next);
        // Without the script, the neighbours as words: the script draws them instead.
        std::string around;
        if (dg.previous)
          around = "before it: " + escape(dg.previous->caption);
        if (dg.next)
          around += (around.empty() ? "" : "; ") + ("next: " + escape(dg.next->caption));
        out +=
            fmt::format("<figure class=\"board\"{}>\n{}<figcaption>{}</figcaption>\n{}</figure>\n",
                        data, dg.svg, escape(dg.caption),
                        around.empty() ? "" : "<p class=\"around\">Position " + around + "</p>\n");
      } else if (f.has_position) {
        out += fmt::format("<p class=\"no-diagram\">No diagram: the page holds at most {} "
                           "(--max-diagrams).</p>\n",
                           max_diagrams_);
      }
      out += "</div>\n";
    }
    out += "</article>\n";
  }
  return out + "</section>\n";
}

std::string Page::html() const {
  std::vector<BoardStyle> styles;
  for (const Row &row : rows_)
    for (const Finding &f : row.game.findings)
      if (f.diagram)
        styles.push_back(f.diagram->style);
  std::string out = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"sgf report\">\n"
      "<title>sgf report: {} games, {} with "
      "errors</title>\n<style>\n{}{}</style>\n</head>\n<body>\n{}"
      "<header><h1>sgf report</h1><p>{} games in {} records: {} with errors, {} with warnings, "
      "{} dispute{}. <a href=\"#games\">Games</a> · <a href=\"#findings\">Findings</a></p>"
      "</header>\n<main>\n",
      rows_.size(), games_with_errors_, page_css(), board_css(styles),
      styles.empty() ? std::string{} : board_defs(styles), rows_.size(), records_,
      games_with_errors_, games_with_warnings_, disputes_, disputes_ == 1 ? "" : "s");
  out += summary_html();
  out += table_html();
  out += findings_html();
  out += fmt::format("</main>\n<script>\n{}</script>\n</body>\n</html>\n", page_script());
  return out;
}

} // namespace sgf::html

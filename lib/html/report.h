// `sgf report`'s page: every record checked and counted as `sgf check` does (lib/check), turned
// into one self-contained HTML file: a summary, a sortable table of games, and for each finding
// the position at its move as an inline SVG with the offending point marked.
#pragma once

#include "lib/check/check.h"
#include "lib/html/board_svg.h"
#include "lib/report/diagnostic.h"
#include "parsers/sgf/parse.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sgf::html {

// Text for HTML content and double-quoted attribute values: & < > " escaped; bytes that are not
// UTF-8 become U+FFFD and control characters other than tab and line feed are left out, so that
// any record's names reach the browser as characters (the page says <meta charset="utf-8">).
std::string escape(std::string_view text);

struct ReportOptions {
  check::CheckOptions check;
  Severity minimum = Severity::warning; // less severe findings are left out, as `sgf check` does
  int diagram_width = 340;              // pixels
};

// A position next to a finding's, for the page's script to draw in the finding's diagram.
struct Neighbour {
  std::string stones; // row-major, one character a point: '.' empty, 'x' black, 'o' white
  int marked = -1;    // row-major index of the move that led to this position; -1: none
  std::string caption;
};

struct Diagram {
  std::string svg;     // an inline <svg> element (board_svg) with the marked point ringed
  std::string caption; // what the diagram shows ("after move 57, Black Q16")
  int node = -1;       // the node shown (pre-order index in its game)
  BoardStyle style;    // the definitions its <svg> uses
  std::optional<Neighbour> previous, next;
};

// A finding has a position when it concerns a node after the root, or is a count that disagrees
// with RE (the final position then shows the counted territory and the dead stones).
struct Finding {
  Diagnostic diagnostic;
  bool has_position = false;
  std::optional<Diagram> diagram; // drawn for findings with a position, within the page's limit
};

// One row of the games table.
struct GameRow {
  int game = -1;           // index in its record; -1 for a record that holds no game
  std::string black;       // PB and BR ("Lee Sedol 9p"); empty when not recorded
  std::string white;       // PW and WR
  std::string recorded;    // RE as written
  std::string counted;     // the count's result ("B+3.5"); empty when the game was not counted
  std::string count_rules; // how it was counted ("japanese, komi 6.5, dead stones by estimator")
  bool disputed = false;   // the count and RE disagree (winner or margin)
  std::vector<Finding> findings;
};

struct RecordReport {
  std::string file;
  std::vector<GameRow> games; // one per game, or one with game -1 when the record holds none
};

// Checks and counts every game of a record as `sgf check` does, and draws the diagrams of at
// most `max_diagrams` of its findings with a position (in file order).
RecordReport report_record(std::string file, const ParseResult &, const ReportOptions &,
                           size_t max_diagrams);

// The same for a record read a part at a time (parse_sgf_in_parts): adds the rows of the part's
// games to `report` and draws at most `max_diagrams`, less those drawn; `record`, one for all the
// parts in order, carries what concerns the record as a whole (validate; none: the part is the
// whole record).
void add_part(RecordReport &report, const ParseResult &part, const ReportOptions &,
              size_t &max_diagrams, RecordValidation *record);

// A record that could not be read: one row, with its error as the finding.
RecordReport unreadable_record(std::string file, const Diagnostic &error);

// The page, built record by record in input order. The table lists every game; diagrams past
// `max_diagrams` are dropped (their findings stay, with a note), which bounds the size of the
// page on huge runs.
class Page {
public:
  explicit Page(size_t max_diagrams) : max_diagrams_(max_diagrams) {}
  void add(RecordReport record);
  // Diagrams the page still takes: a record added now keeps at most this many.
  size_t diagrams_left() const { return max_diagrams_ - diagrams_; }
  std::string html() const;

private:
  struct Row {
    std::string file;
    GameRow game;
  };
  struct CodeCount {
    size_t findings = 0, games = 0;
  };
  using CodeKey = std::pair<std::string, Severity>; // a code can come at two severities
  std::string summary_html() const;
  std::string table_html() const;
  std::string findings_html() const;

  size_t max_diagrams_;
  size_t diagrams_ = 0;        // drawn
  size_t diagrams_wanted_ = 0; // findings with a position
  size_t records_ = 0;
  std::vector<Row> rows_;
  std::map<CodeKey, CodeCount> codes_;
  size_t games_with_errors_ = 0, games_with_warnings_ = 0, disputes_ = 0, counted_ = 0;
  size_t errors_ = 0, warnings_ = 0, notes_ = 0;
};

} // namespace sgf::html

// What the readers of other record formats (parsers/gib, ngf, ugf, kifu) share: text lines with
// their positions, charset decoding with a note saying what was assumed, and a builder that turns
// header fields and moves into the lib/sgf tree the SGF reader produces.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/sgf/text.h"
#include "lib/sgf/tree.h"
#include "lib/sgf/values.h"
#include "parsers/sgf/charset.h"
#include "parsers/sgf/parse.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::foreign {

// One line of a record's UTF-8 text, without its line break ("\n", "\r\n" or "\r").
struct Line {
  std::string_view text;
  uint32_t number = 0; // 1-based
};

// The lines of a text. `bytes_per_line`: the length of a line on average in the caller's format
// (one-line game records are far longer than the 20 taken when none is given), for room
// for them all at once: one growth of the vector copies every line found so far.
std::vector<Line> split_lines(std::string_view text, size_t bytes_per_line = 20);

// The position of `at` (a pointer into line.text, or its end) as line and code-point column.
SourcePos position(const Line &line, const char *at);
inline SourcePos start_of(const Line &line) {
  return {line.number, 1};
}
// The position of `text`, the line's text from trim: the blanks it left out are one byte and
// one column each, so no code points need counting.
inline SourcePos start_of_trimmed(const Line &line, std::string_view text) {
  return {line.number, static_cast<uint32_t>(text.data() - line.text.data()) + 1};
}

Diagnostic located(Severity, std::string code, std::string message, SourcePos pos);

// Fills a reader's ParseResult under the limits the SGF reader keeps: games, nodes and the
// tree's memory per file (GameBuilder counts them as it adds them), the length of a comment, and
// diagnostics per file, those past the limit summarised at the end. A limit exceeded is one
// error, limit-exceeded; from then on nothing more is added and the reader stops, keeping what
// it has read, as the SGF reader does.
class Collector {
public:
  Collector(ParseResult &result, const ParseLimits &limits) : result_(result), limits_(limits) {}

  // Adds a located diagnostic about game `game` (-1: none).
  void report(Severity, std::string code, std::string message, SourcePos pos, int game);
  // A new game at the end of the collection; nullptr past max_games.
  Game *new_game(SourcePos pos);
  int index_of(const Game &game) const;
  // Room to make for `nodes` nodes at once: no more than the limits allow.
  size_t room_for(size_t nodes) const;
  // Counts `bytes` more of the tree, and a node when `node`; false past a limit.
  bool grow(size_t bytes, bool node, SourcePos pos, int game);
  // False, with the error, when a comment of `bytes` is longer than a value may be.
  bool value_fits(size_t bytes, SourcePos pos, int game);
  bool stopped() const { return stopped_; }
  // The summary of the diagnostics left out, if any: call once the reader is done.
  void finish();

private:
  void exceeded(std::string what, SourcePos pos, int game);

  ParseResult &result_;
  const ParseLimits &limits_;
  size_t nodes_ = 0;
  size_t tree_bytes_ = 0;
  size_t suppressed_ = 0;
  Severity suppressed_worst_ = Severity::note;
  bool stopped_ = false;
};

// True when the bytes start, after a UTF-8 byte order mark and blank lines, with `marker`.
bool starts_with_after_blanks(std::string_view bytes, std::string_view marker);

// Decodes the bytes as the SGF reader does (BOM, UTF-8, then detection with uchardet) and says in
// a note which charset a record that does not declare one was read as. `format` names the format
// in the note ("GIB"). `ascii`: the caller has found no byte above 0x7F in them (is_ascii), so
// they need not be looked at again to be taken as UTF-8. `likely`: the charset the record's
// header points to (decode_to_utf8).
DecodedText decode(std::string_view bytes, std::string_view forced_charset, std::string_view format,
                   bool ascii = false, std::string_view likely = {});

// Decodes the bytes (as `decode`) and runs a reader, constructed from the UTF-8 text and the
// collector of its result, over them.
template <typename Reader>
ParseResult read_decoded(std::string_view bytes, const ParseOptions &options,
                         std::string_view format, bool ascii = false,
                         std::string_view likely = {}) {
  ParseResult result;
  DecodedText decoded = decode(bytes, options.charset, format, ascii, likely);
  result.charset = decoded.charset;
  result.diagnostics = std::move(decoded.diagnostics);
  Collector collector(result, options.limits);
  Reader(decoded.text, collector).run();
  collector.finish();
  return result;
}

// "2020-06-14" from year, month, day; empty when they are not a date.
std::string date_text(int year, int month, int day);

// A player's name and rank from "name (rank)" or "name(rank)"; the rank is empty when there is
// none.
std::pair<std::string, std::string> split_name_rank(std::string_view);

// Handicap stones on a 19x19 board for 2 to 9 stones, in the order `placement` gives: "tygem"
// puts the third stone on the upper left star point (as Tygem and WBaduk do), "standard" on the
// lower right (Japanese and Chinese custom). Other sizes get no stones.
std::vector<std::string> handicap_points(int stones, int size, bool tygem_third_stone);

// Builds one game of the collector's: a root with properties, then moves, each node a child of
// a given node. Past a limit of the collector nothing more is added, and move
// returns no_node: the reader stops there.
class GameBuilder {
public:
  // `nodes`, when not 0: room for that many nodes (within the limits), made before the root. A
  // growth of the node vector later copies every node, the root's properties with them (a Node's
  // move is not noexcept, so std::vector does not move it), and leaves the root no room to spare
  // for the properties added after.
  GameBuilder(Collector &collector, Game &game, SourcePos pos, size_t nodes = 0);

  // Appends a value (escaped as SGF text) to the root property `id`, creating it.
  void root(std::string_view id, std::string_view text, SourcePos pos = {});
  // Sets a root property to one value, replacing what it held.
  void set_root(std::string_view id, std::string_view text, SourcePos pos = {});
  bool has_root(std::string_view id) const;

  // A move node under `parent`: colour 'B' or 'W', `point` two SGF letters or empty for a pass.
  NodeIndex move(NodeIndex parent, char colour, std::string_view point, SourcePos pos);
  // Appends text to the node's comment (C), a line at a time.
  void comment(NodeIndex node, std::string_view text);

  NodeIndex root_index() const { return 0; }
  int game_index() const { return index_; }

private:
  Collector &collector_;
  Game &game_;
  int index_;
};

// A point's two SGF letters, or none, held in place: one per move read, so no string is made.
struct PointLetters {
  char letters[2] = {};
  uint8_t size = 0;
  bool empty() const { return size == 0; }
  operator std::string_view() const { return {letters, size}; }
};

// Two SGF letters for column x and row y (0-based from the upper left); empty when outside
// the board. Inline: the readers call it once per move.
inline PointLetters point_letters(int x, int y, int size) {
  if (x < 0 || y < 0 || x >= size || y >= size || size > 52)
    return {};
  return {{value_letter(x), value_letter(y)}, 2};
}

} // namespace sgf::foreign

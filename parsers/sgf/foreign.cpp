#include "parsers/sgf/foreign.h"

#include "lib/sgf/values.h"
#include "parsers/sgf/charset.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sgf::foreign {

namespace {

// The lines of a text whose lines end at LF alone, appended to `lines`. False when a CR is
// found, for the caller to read the text again by the rules that know CR. A record's lines are
// short (12 to 20 bytes in GIB, UGF and NGF): a library search per line costs more than such a
// line, and its result, a length, steers a branch that is mispredicted about once a line. So the
// line feeds of 64 bytes are found at once as a bit mask (SSE2, on every x86-64) and taken from
// it one by one: a mispredicted branch per 64 bytes rather than per line.
bool split_lf_lines(std::string_view text, std::vector<Line> &lines) {
  const char *p = text.data(), *end = p + text.size(), *line = p;
  uint32_t number = 1;
  auto add = [&](const char *stop) {
    lines.push_back({{line, static_cast<size_t>(stop - line)}, number++});
    line = stop + 1;
  };
#if defined(__SSE2__)
  const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
  for (; end - p >= 64; p += 64) {
    uint64_t lf_mask = 0;
    int cr_mask = 0;
    for (int i = 0; i < 4; ++i) {
      const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * i));
      lf_mask |= static_cast<uint64_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, lf))) << (16 * i);
      cr_mask |= _mm_movemask_epi8(_mm_cmpeq_epi8(chunk, cr));
    }
    if (cr_mask != 0)
      return false;
    for (; lf_mask != 0; lf_mask &= lf_mask - 1)
      add(p + std::countr_zero(lf_mask));
  }
#endif
  for (; p < end; ++p) {
    if (*p == '\r')
      return false;
    if (*p == '\n')
      add(p);
  }
  if (line < end)
    add(end);
  return true;
}

} // namespace

std::vector<Line> split_lines(std::string_view text, size_t bytes_per_line) {
  // A line ends at LF, CR or CRLF. Room for lines of the caller's average length: a count of the
  // line breaks would cost another pass over the text.
  std::vector<Line> lines;
  lines.reserve(text.size() / std::max<size_t>(bytes_per_line, 1) + 1);
  if (split_lf_lines(text, lines))
    return lines;
  lines.clear();
  // Each terminator is found by a library search, each searched for again only once passed, so
  // the whole text is scanned about twice.
  uint32_t number = 1;
  size_t start = 0, next_lf = text.find('\n'), next_cr = text.find('\r');
  while (start < text.size()) {
    if (next_lf < start)
      next_lf = text.find('\n', start);
    if (next_cr < start)
      next_cr = text.find('\r', start);
    const size_t end_at = std::min({next_lf, next_cr, text.size()});
    lines.push_back({text.substr(start, end_at - start), number++});
    start = end_at +
            (end_at + 1 < text.size() && text[end_at] == '\r' && text[end_at + 1] == '\n' ? 2 : 1);
  }
  return lines;
}

SourcePos position(const Line &line, const char *at) {
  uint32_t col = 1;
  for (const char *p = line.text.data(); p < at && p < line.text.data() + line.text.size(); ++p)
    col += (static_cast<unsigned char>(*p) & 0xC0) != 0x80;
  return {line.number, col};
}

Diagnostic located(Severity severity, std::string code, std::string message, SourcePos pos) {
  Diagnostic d = make_diagnostic(severity, std::move(code), std::move(message));
  d.pos = pos;
  return d;
}

void Collector::report(Severity severity, std::string code, std::string message, SourcePos pos,
                       int game) {
  // Unlike the SGF reader's, these errors do not end the reading (a bad move line is one line):
  // they are capped with the rest, and the summary keeps the worst severity left out.
  if (result_.diagnostics.size() >= limits_.max_diagnostics) {
    ++suppressed_;
    suppressed_worst_ = std::max(suppressed_worst_, severity);
    return;
  }
  Diagnostic d = located(severity, std::move(code), std::move(message), pos);
  d.game = game;
  result_.diagnostics.push_back(std::move(d));
}

void Collector::exceeded(std::string what, SourcePos pos, int game) {
  // Always kept: the one error saying why the reading stopped.
  result_.diagnostics.push_back(located(Severity::error, "limit-exceeded", std::move(what), pos));
  result_.diagnostics.back().game = game;
  stopped_ = true;
}

Game *Collector::new_game(SourcePos pos) {
  if (stopped_)
    return nullptr;
  if (result_.collection.games.size() >= limits_.max_games) {
    exceeded("more than " + std::to_string(limits_.max_games) + " games", pos, -1);
    return nullptr;
  }
  return &result_.collection.games.emplace_back();
}

bool Collector::grow(size_t bytes, bool node, SourcePos pos, int game) {
  if (stopped_)
    return false;
  if (node && ++nodes_ > limits_.max_nodes) {
    exceeded("more than " + std::to_string(limits_.max_nodes) + " nodes", pos, game);
    return false;
  }
  tree_bytes_ += bytes;
  if (tree_bytes_ > limits_.max_tree_bytes) {
    exceeded("a tree of more than " + std::to_string(limits_.max_tree_bytes) + " bytes in memory",
             pos, game);
    return false;
  }
  return true;
}

int Collector::index_of(const Game &game) const {
  return static_cast<int>(&game - result_.collection.games.data());
}

size_t Collector::room_for(size_t nodes) const {
  return std::min({nodes, limits_.max_nodes, limits_.max_tree_bytes / sizeof(Node)});
}

bool Collector::value_fits(size_t bytes, SourcePos pos, int game) {
  if (bytes <= limits_.max_value_bytes)
    return true;
  exceeded("a comment longer than " + std::to_string(limits_.max_value_bytes) + " bytes", pos,
           game);
  return false;
}

void Collector::finish() {
  if (suppressed_ == 0)
    return;
  Diagnostic d;
  d.severity = suppressed_worst_;
  d.code = "too-many-diagnostics";
  d.message = std::to_string(suppressed_) + " more diagnostic(s) not shown";
  result_.diagnostics.push_back(std::move(d));
}

bool starts_with_after_blanks(std::string_view bytes, std::string_view marker) {
  size_t i = bytes.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  while (i < bytes.size() &&
         (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\r' || bytes[i] == '\n'))
    ++i;
  return bytes.substr(i).starts_with(marker);
}

DecodedText decode(std::string_view bytes, std::string_view forced_charset, std::string_view format,
                   bool ascii, std::string_view likely) {
  // What decode_to_utf8 makes of ASCII bytes when no charset is forced: no byte order mark, no
  // UTF-16 (which needs NUL bytes near the start), so UTF-8 as they are, without a note.
  if (ascii && forced_charset.empty() &&
      !std::memchr(bytes.data(), 0, std::min<size_t>(bytes.size(), 512))) {
    DecodedText decoded;
    decoded.text = bytes;
    decoded.charset = "UTF-8";
    return decoded;
  }
  DecodedText decoded = decode_to_utf8(bytes, forced_charset, CharsetHints::none, likely);
  // Point the replacement warnings at the first replaced character.
  size_t replaced = decoded.text.find("\xEF\xBF\xBD");
  for (Diagnostic &d : decoded.diagnostics)
    if ((d.code == "invalid-utf8" || d.code == "invalid-bytes") &&
        replaced != std::string_view::npos)
      for (const Line &line : split_lines(decoded.text))
        if (line.text.data() + line.text.size() >= decoded.text.data() + replaced) {
          d.pos = position(line, decoded.text.data() + replaced);
          break;
        }
  // The SGF reader's note speaks of a missing CA property, which these formats do not have.
  const bool from_header = !likely.empty() && decoded.charset == likely;
  for (Diagnostic &d : decoded.diagnostics)
    if (d.code == "charset-detected")
      d.message = std::string(format) + " records do not name their charset: read as " +
                  decoded.charset +
                  (from_header ? ", the charset of the client its header names" : "");
  return decoded;
}

std::string date_text(int year, int month, int day) {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1 || day > 31)
    return {};
  // Four digits, two and two (the checks above bound them): "%04d-%02d-%02d" without a format.
  std::string out = "0000-00-00";
  std::to_chars(out.data(), out.data() + 4, year);
  out[5] = static_cast<char>('0' + month / 10);
  out[6] = static_cast<char>('0' + month % 10);
  out[8] = static_cast<char>('0' + day / 10);
  out[9] = static_cast<char>('0' + day % 10);
  return out;
}

std::pair<std::string, std::string> split_name_rank(std::string_view s) {
  s = trim(s);
  if (s.empty() || s.back() != ')')
    return {std::string(s), {}};
  size_t open = s.rfind('(');
  if (open == std::string_view::npos || open == 0)
    return {std::string(s), {}};
  return {std::string(trim(s.substr(0, open))),
          std::string(trim(s.substr(open + 1, s.size() - open - 2)))};
}

std::vector<std::string> handicap_points(int stones, int size, bool tygem_third_stone) {
  if (size != 19 || stones < 2 || stones > 9)
    return {};
  // Star points: corners first (upper right, lower left), then the third and fourth corner, the
  // side points and the centre, as the handicap grows.
  std::vector<std::string> points = {"pd", "dp"};
  if (stones == 2)
    return points;
  if (stones == 3) {
    points.push_back(tygem_third_stone ? "dd" : "pp");
    return points;
  }
  points.insert(points.end(), {"dd", "pp"});
  if (stones >= 6)
    points.insert(points.end(), {"dj", "pj"});
  if (stones >= 8)
    points.insert(points.end(), {"jd", "jp"});
  if (stones % 2 == 1)
    points.push_back("jj");
  return points;
}

GameBuilder::GameBuilder(Collector &collector, Game &game, SourcePos pos, size_t nodes)
    : collector_(collector), game_(game), index_(collector.index_of(game)) {
  game_.pos = pos;
  if (nodes != 0 && game_.nodes.empty())
    game_.nodes.reserve(collector.room_for(nodes));
  // A root holds room for the game information.
  if (game_.nodes.empty() &&
      collector_.grow(sizeof(Node) + Game::root_properties * sizeof(Property), true, pos, index_))
    game_.add_node(no_node, pos);
}

void GameBuilder::root(std::string_view id, std::string_view text, SourcePos pos) {
  if (game_.nodes.empty())
    return;
  Node &root = game_.root();
  Property *property = root.find(id);
  std::string value = escape_text(text);
  if (!collector_.grow((property ? 0 : sizeof(Property)) + sizeof(Value) +
                           text_bytes_beyond_value(value.size()),
                       false, pos, index_))
    return;
  if (!property) {
    property = &root.properties.emplace_back();
    property->id = std::string(id);
    property->pos = pos;
  }
  property->values.emplace_back(std::move(value), pos);
}

void GameBuilder::set_root(std::string_view id, std::string_view text, SourcePos pos) {
  if (game_.nodes.empty())
    return;
  if (Property *property = game_.root().find(id))
    property->values.clear();
  root(id, text, pos);
}

bool GameBuilder::has_root(std::string_view id) const {
  return !game_.nodes.empty() && game_.root().has(id);
}

NodeIndex GameBuilder::move(NodeIndex parent, char colour, std::string_view point, SourcePos pos) {
  if (!collector_.grow(sizeof(Node) + sizeof(Property) + sizeof(Value), true, pos, index_))
    return no_node;
  NodeIndex index = game_.add_node(parent, pos);
  Property &property = game_.nodes[index].properties.emplace_back();
  property.id.push_back(colour); // the empty id's own room: no call to replace its text
  property.pos = pos;
  Value &value = property.values.emplace_back();
  if (point.size() == 2) { // a pass has none: two letters set one by one, not through memcpy
    value.text.push_back(point[0]);
    value.text.push_back(point[1]);
  } else {
    value.text.append(point.data(), point.size());
  }
  value.pos = pos;
  return index;
}

void GameBuilder::comment(NodeIndex node, std::string_view text) {
  if (collector_.stopped()) // the root itself may be missing
    return;
  Node &n = game_.nodes[node];
  Property *property = n.find("C");
  const bool added = !property;
  if (added) {
    property = &n.properties.emplace_back();
    property->id = "C";
    property->values.emplace_back();
  }
  std::string &comment = property->values.front().text;
  const size_t before = comment.size();
  if (!added)
    comment += "\n";
  append_escaped(comment, text);
  // Counted once written (a line of the record at most): taken back past a limit.
  if (collector_.value_fits(comment.size(), n.pos, index_) &&
      collector_.grow((added ? sizeof(Property) + sizeof(Value) : 0) +
                          text_bytes_beyond_value(comment.size()) - text_bytes_beyond_value(before),
                      false, n.pos, index_))
    return;
  if (added)
    n.properties.pop_back();
  else
    comment.resize(before);
}

} // namespace sgf::foreign

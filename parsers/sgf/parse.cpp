#include "parsers/sgf/parse.h"

#include "parsers/sgf/binary.h"
#include "parsers/sgf/charset.h"
#include "parsers/sgf/grammar.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <vector>

namespace sgf {
namespace {

// A short, printable piece of the text for messages.
std::string excerpt(const char *from, const char *to) {
  std::string s;
  for (; from < to; ++from) {
    unsigned char c = static_cast<unsigned char>(*from);
    if (s.size() >= 40 && (c & 0xC0) != 0x80) // never cut a character in half
      break;
    s += c < 0x20 || c == 0x7F ? ' ' : static_cast<char>(c);
  }
  while (!s.empty() && s.back() == ' ')
    s.pop_back();
  return s;
}

// The number of `byte` in [p, end), eight bytes at a time: a third faster than std::count.
size_t count_byte(const char *p, const char *end, char byte) {
  constexpr uint64_t ones = 0x0101010101010101ull, low7 = 0x7F7F7F7F7F7F7F7Full;
  size_t n = 0;
  while (end - p >= 8) {
    uint64_t lanes = 0; // a count per byte lane, summed before any can overflow
    for (int i = 0; i < 255 && end - p >= 8; ++i, p += 8) {
      uint64_t word;
      std::memcpy(&word, p, 8);
      uint64_t v = word ^ (ones * static_cast<unsigned char>(byte)); // 0 where the byte matches
      lanes += ~(((v & low7) + low7) | v | low7) >> 7;
    }
    lanes = (lanes & 0x00FF00FF00FF00FFull) + ((lanes >> 8) & 0x00FF00FF00FF00FFull);
    n += static_cast<size_t>((lanes * 0x0001000100010001ull) >> 48);
  }
  for (; p < end; ++p)
    n += *p == byte;
  return n;
}

bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_letter(char c) {
  return is_upper(c) || (c >= 'a' && c <= 'z');
}

bool has_byte(uint64_t word, unsigned char byte) {
  uint64_t v = word ^ (0x0101010101010101ull * byte);
  return ((v - 0x0101010101010101ull) & ~v & 0x8080808080808080ull) != 0;
}

// Turns byte offsets into 1-based lines and code-point columns. Queries come (nearly always) in
// increasing order. Lines are found with memchr, and a column is the distance from the line's
// start, less the UTF-8 continuation bytes on the way when the text is not all ASCII. Text with
// a '\r' anywhere (old Mac line breaks count as lines too) takes the byte-by-byte walk.
class PositionTracker {
public:
  PositionTracker(const char *begin, const char *end)
      : begin_(begin), end_(end), line_start_(begin), counted_(begin), last_(begin) {
    simple_ = !std::memchr(begin, '\r', static_cast<size_t>(end - begin));
    ascii_ = all_ascii(begin, end);
    find_newline(line_start_);
  }

  // Most queries fall on the line of the one before (a node's properties and values): that
  // answer is inline; anything else goes out of line, so that the common call saves no
  // registers for memchr.
  [[gnu::always_inline]] SourcePos at(const char *p) {
    if (simple_ && ascii_ && p >= line_start_) {
      if (p > newline_) [[unlikely]]
        next_lines(p);
      return {line_, static_cast<uint32_t>(p - line_start_) + 1};
    }
    return at_anywhere(p);
  }

private:
  // Forward to the line of p, in ASCII text without '\r' (a record with a node per line comes
  // here once a node): a small function, cheap to call. ASCII needs no count of continuation
  // bytes, so none is kept.
  [[gnu::noinline]] void next_lines(const char *p) {
    ++line_;
    line_start_ = newline_ + 1;
    // The word newline_in_word looked at is not looked at again.
    const bool looked = std::endian::native == std::endian::little && end_ - line_start_ >= 8;
    if (const char *nl = newline_in_word(line_start_))
      newline_ = nl;
    else
      find_newline_out_of_line(looked ? line_start_ + 8 : line_start_);
    if (newline_ < p) [[unlikely]]
      next_lines(p); // a tail call
  }
  // The first '\n' among the eight bytes at q, or null (none there, or fewer than eight left).
  // The lowest flagged byte of a word is always a real '\n' (a false flag can only follow a
  // true one); lowest is first on a little-endian machine.
  const char *newline_in_word(const char *q) const {
    if (std::endian::native != std::endian::little || end_ - q < 8)
      return nullptr;
    uint64_t word;
    std::memcpy(&word, q, 8);
    const uint64_t v = word ^ 0x0A0A0A0A0A0A0A0Aull;
    const uint64_t hit = (v - 0x0101010101010101ull) & ~v & 0x8080808080808080ull;
    return hit ? q + std::countr_zero(hit) / 8 : nullptr;
  }
  [[gnu::noinline]] void find_newline_out_of_line(const char *from) { find_newline(from); }
  [[gnu::noinline]] SourcePos at_anywhere(const char *p) {
    if (!simple_)
      return walk(p);
    if (p < line_start_) { // an earlier line: start again from the top
      line_start_ = counted_ = begin_;
      line_ = 1;
      continuations_ = 0;
      find_newline(line_start_);
    }
    while (newline_ < p) {
      ++line_;
      line_start_ = counted_ = newline_ + 1;
      continuations_ = 0;
      find_newline(line_start_);
    }
    auto col = static_cast<uint32_t>(p - line_start_) + 1;
    if (ascii_)
      return {line_, col};
    if (p < counted_) {
      counted_ = line_start_;
      continuations_ = 0;
    }
    for (; counted_ < p; ++counted_)
      continuations_ += (static_cast<unsigned char>(*counted_) & 0xC0) == 0x80;
    return {line_, col - continuations_};
  }

  static bool all_ascii(const char *p, const char *end) {
    for (; end - p >= 8; p += 8) {
      uint64_t word;
      std::memcpy(&word, p, 8);
      if (word & 0x8080808080808080ull)
        return false;
    }
    for (; p < end; ++p)
      if (static_cast<unsigned char>(*p) >= 0x80)
        return false;
    return true;
  }

  // `from`: the line's start, or a word past it that the caller has already looked at.
  void find_newline(const char *from) {
    // Most lines are short (a node or a few moves): their first sixteen bytes are looked at
    // here, a word at a time, before a call to memchr.
    const char *q = from;
    const char *words_end = line_start_ + (std::endian::native == std::endian::little ? 16 : 0);
    for (; q < words_end && end_ - q >= 8; q += 8)
      if (const char *nl = newline_in_word(q)) {
        newline_ = nl;
        return;
      }
    auto nl = static_cast<const char *>(std::memchr(q, '\n', static_cast<size_t>(end_ - q)));
    newline_ = nl ? nl : end_;
  }

  // Any text: '\n', "\r\n" and a lone '\r' each end a line.
  SourcePos walk(const char *p) {
    if (p < last_) {
      last_ = begin_;
      line_ = 1;
      col_ = 1;
    }
    // Eight bytes at a time while no line break is among them: long values and long lines.
    while (p - last_ >= 8) {
      uint64_t word;
      std::memcpy(&word, last_, 8);
      if (has_byte(word, '\n') || has_byte(word, '\r'))
        break;
      constexpr uint64_t high = 0x8080808080808080ull;
      uint64_t continuation = word & high & ~(word << 1);
      col_ += 8 - std::popcount(continuation);
      last_ += 8;
    }
    for (; last_ < p; ++last_) {
      char c = *last_;
      if (c == '\n' || (c == '\r' && (last_ + 1 == end_ || last_[1] != '\n'))) {
        ++line_;
        col_ = 1;
      } else if (c != '\r' && (static_cast<unsigned char>(c) & 0xC0) != 0x80) {
        ++col_;
      }
    }
    return {line_, col_};
  }

  const char *begin_;
  const char *end_;
  bool simple_ = true; // no '\r' in the text
  bool ascii_ = true;
  uint32_t line_ = 1;
  // The memchr way.
  const char *line_start_;
  const char *newline_ = nullptr; // the first '\n' at or after line_start_, or end_
  const char *counted_;           // continuation bytes of [line_start_, counted_) are counted
  uint32_t continuations_ = 0;
  // The walk.
  const char *last_;
  uint32_t col_ = 1;
};

// The text of a new, empty string. Identifiers and moves fit its inline buffer, and push_back
// inlines where assign calls into the library.
void set_text(std::string &s, const char *p, size_t n) {
  if (n <= 4) {
    for (size_t i = 0; i < n; ++i)
      s.push_back(p[i]);
  } else {
    s.assign(p, n);
  }
}

class Parser {
public:
  // `part`, when given, receives the games every `part_bytes` (parse_sgf_in_parts).
  Parser(std::string_view text, const ParseLimits &limits, ParseResult &out,
         const std::function<void(ParseResult &)> *part = nullptr, size_t part_bytes = 0)
      : begin_(text.data()), p_(text.data()), end_(text.data() + text.size()), limits_(limits),
        out_(out), pos_(text.data(), text.data() + text.size()), part_(part),
        part_bytes_(part_bytes) {}

  void run();
  const char *begin_;

private:
  enum class Junk { before_game, between_games, trailing };

  void diag(Severity severity, const char *code, std::string message, const char *at,
            int node = -1);
  void limit_exceeded(std::string message, const char *at);
  // Counts `bytes` more of the tree; false, with the error, past max_tree_bytes.
  bool tree_grows(size_t bytes, const char *at);
  void skip_space() {
    while (p_ < end_ && grammar::is_space(*p_))
      ++p_;
  }
  bool at_game_start() const {
    // A quick no for runs of '(' (hostile input), before the grammar's full answer.
    if (end_ - p_ >= 3 && p_[1] == '(' && p_[2] == '(')
      return false;
    return grammar::lookahead(p_, end_, grammar::game_start);
  }
  // `opened`: the game's '(' is at p_ (false when it was lost and p_ is at the first ';').
  void parse_game(bool opened = true);
  bool open_variation(std::vector<NodeIndex> &stack, NodeIndex current);
  void parse_properties(Game &game, NodeIndex node);
  bool parse_plain_move(Game &game, NodeIndex node);
  bool parse_value(Property &property, NodeIndex node);
  void skip_values();
  void skip_junk();
  NodeIndex new_node(Game &game, NodeIndex parent, const char *at);
  // Hands the games held over to part_ with their diagnostics and starts the next part, which
  // keeps the game being read, which opens at `next_game`: its `nodes` and `bytes` of the tree
  // and the diagnostics from index `kept_from` on.
  void hand_over(size_t nodes, size_t bytes, size_t kept_from, const char *next_game);
  std::string canonical_id(std::string_view raw, const char *at, NodeIndex node);

  const char *p_;
  const char *end_;
  const ParseLimits &limits_;
  ParseResult &out_;
  PositionTracker pos_;
  size_t nodes_ = 0;
  size_t tree_bytes_ = 0;
  size_t suppressed_ = 0;
  Severity suppressed_worst_ = Severity::note;
  size_t wrapper_parens_ = 0; // games wrapped in an extra "(" ... ")"
  bool stop_ = false;         // a limit was exceeded: keep what was read, read no further
  int game_index_ = -1;
  // For reserving each game's nodes at once (a reallocation moves every node): every node but
  // a repaired one starts with a ';', so the ';' bytes not yet read bound the nodes to come (a
  // few more in comments). Counted once for the whole text, then per game as it is read.
  size_t semicolons_left_ = 0;
  const char *semicolons_counted_ = nullptr; // the ';' before this point are off semicolons_left_
  size_t largest_game_ = 0;                  // nodes of the largest game read so far
  std::vector<NodeIndex> last_child_;        // of each node of the game being read
  const std::function<void(ParseResult &)> *part_;
  size_t part_bytes_;
  size_t handed_diagnostics_ = 0; // in the parts handed over
};

void Parser::diag(Severity severity, const char *code, std::string message, const char *at,
                  int node) {
  // Errors are few (each ends the reading) and always kept; warnings and notes are capped.
  if (handed_diagnostics_ + out_.diagnostics.size() >= limits_.max_diagnostics &&
      severity != Severity::error) {
    ++suppressed_;
    suppressed_worst_ = std::max(suppressed_worst_, severity);
    return;
  }
  Diagnostic &d = out_.diagnostics.emplace_back();
  d.severity = severity;
  d.code = code;
  d.message = std::move(message);
  d.pos = pos_.at(at);
  d.game = game_index_;
  d.node = node;
}

void Parser::limit_exceeded(std::string message, const char *at) {
  diag(Severity::error, "limit-exceeded", std::move(message), at);
  stop_ = true;
}

bool Parser::tree_grows(size_t bytes, const char *at) {
  tree_bytes_ += bytes;
  if (tree_bytes_ <= limits_.max_tree_bytes)
    return true;
  limit_exceeded(
      "a tree of more than " + std::to_string(limits_.max_tree_bytes) + " bytes in memory", at);
  return false;
}

NodeIndex Parser::new_node(Game &game, NodeIndex parent, const char *at) {
  if (++nodes_ > limits_.max_nodes) {
    limit_exceeded("more than " + std::to_string(limits_.max_nodes) + " nodes", at);
    return no_node;
  }
  // A root holds room for the game information.
  const bool root = parent == no_node && game.nodes.empty();
  if (!tree_grows(sizeof(Node) + (root ? Game::root_properties * sizeof(Property) : 0), at))
    return no_node;
  if (parent == no_node && !game.nodes.empty()) {
    // Only reachable through recovery: a second root. Hang it under the first one instead.
    parent = 0;
  }
  // Game::add_node walks the siblings to find the last one: quadratic for a node with many
  // variations. The parser keeps the last child of each node instead.
  auto index = static_cast<NodeIndex>(game.nodes.size());
  Node &node = game.nodes.emplace_back();
  node.pos = pos_.at(at);
  node.parent = parent;
  last_child_.push_back(no_node);
  if (parent == no_node)
    node.properties.reserve(Game::root_properties);
  if (parent != no_node) {
    NodeIndex &last = last_child_[parent];
    if (last == no_node)
      game.nodes[parent].first_child = index;
    else
      game.nodes[last].next_sibling = index;
    last = index;
  }
  return index;
}

// Skips bytes that cannot start any token, up to the next ';', '(', ')', or identifier
// followed by a value.
void Parser::skip_junk() {
  while (p_ < end_) {
    char c = *p_;
    if (c == ';' || c == '(' || c == ')' || c == '[')
      return;
    if (is_letter(c)) {
      if (grammar::lookahead(p_, end_, grammar::identifier >> grammar::skip_space >> '['))
        return;
      while (p_ < end_ && is_letter(*p_))
        ++p_;
      continue;
    }
    ++p_;
  }
}

void Parser::skip_values() {
  while (p_ < end_ && *p_ == '[') {
    if (!grammar::match(p_, end_, grammar::value)) {
      p_ = end_;
      return;
    }
    skip_space();
  }
}

// The first place in text before the first game that looks like SGF data (a value in brackets,
// with its identifier when one comes right before), or null: as SGFC warns, a game tree whose
// "(;" was lost reads as junk.
const char *sgf_like(const char *p, const char *end) {
  for (const char *open = p;
       (open = static_cast<const char *>(std::memchr(open, '[', static_cast<size_t>(end - open))));
       ++open) {
    if (!std::memchr(open, ']', static_cast<size_t>(end - open)))
      return nullptr;
    const char *start = open;
    while (start > p && start[-1] >= 'A' && start[-1] <= 'Z')
      --start;
    const bool alone = start == p || grammar::is_space(start[-1]) || start[-1] == ']' ||
                       start[-1] == ';' || start[-1] == '(';
    if (alone)
      return start;
  }
  return nullptr;
}

void Parser::run() {
  semicolons_left_ = count_byte(p_, end_, ';');
  semicolons_counted_ = p_;
  // No SGF text holds a NUL byte: a binary file, or a record padded with zeros.
  if (const void *nul = std::memchr(p_, '\0', static_cast<size_t>(end_ - p_))) {
    const char *first = static_cast<const char *>(nul);
    const size_t count = count_byte(first, end_, '\0');
    diag(Severity::warning, "nul-byte",
         count == 1 ? std::string("NUL byte in the file (binary data?)")
                    : "NUL byte in the file (binary data?), " + std::to_string(count) + " in all",
         first);
  }
  skip_space();
  if (p_ == end_) {
    diag(Severity::error, "empty-file", "the file holds no SGF data", begin_);
    return;
  }
  // Some exporters drop the '(' of a single-game file; the rest of the game reads as usual.
  if (grammar::lookahead(p_, end_, grammar::game_start_without_paren)) {
    diag(Severity::warning, "missing-open-paren",
         "the game tree starts without its '(': one is assumed", p_);
    parse_game(false);
  }
  bool junk_reported = false;
  while (p_ < end_ && !stop_) {
    skip_space();
    if (p_ == end_)
      break;
    if (*p_ == '(' && at_game_start()) {
      junk_reported = false;
      parse_game();
      continue;
    }
    if (*p_ == ')' && wrapper_parens_ > 0) {
      --wrapper_parens_;
      ++p_;
      continue;
    }
    // Junk: find where the next game starts, if one does.
    const char *junk = p_;
    ++p_;
    while (p_ < end_ && !(*p_ == '(' && at_game_start()))
      ++p_;
    if (junk_reported)
      continue;
    junk_reported = true;
    if (out_.collection.games.empty() && game_index_ < 0) {
      if (p_ == end_) {
        diag(Severity::error, "not-sgf", "no SGF game tree found (no \"(;\")", junk);
        return;
      }
      diag(Severity::warning, "junk-before-game", "text before the first game ignored", junk);
      if (const char *data = sgf_like(junk, p_))
        diag(Severity::warning, "sgf-before-game",
             "text before the first game looks like SGF data: a game tree without its \"(;\"?",
             data);
    } else if (p_ < end_) {
      diag(Severity::warning, "junk-between-games", "text between games ignored", junk);
    } else {
      diag(Severity::warning, "trailing-garbage", "text after the last game ignored", junk);
    }
  }
  if (suppressed_) {
    game_index_ = -1;
    Diagnostic d;
    d.severity = suppressed_worst_;
    d.code = "too-many-diagnostics";
    d.message = std::to_string(suppressed_) + " more diagnostic(s) not shown";
    out_.diagnostics.push_back(std::move(d));
  }
}

bool Parser::open_variation(std::vector<NodeIndex> &stack, NodeIndex current) {
  if (stack.size() >= limits_.max_depth) {
    limit_exceeded("variations nested deeper than " + std::to_string(limits_.max_depth) + " levels",
                   p_);
    return false;
  }
  stack.push_back(current);
  return true;
}

void Parser::parse_game(bool opened) {
  if (out_.first_game + out_.collection.games.size() >= limits_.max_games) {
    limit_exceeded("more than " + std::to_string(limits_.max_games) + " games", p_);
    return;
  }
  ++game_index_;
  const size_t nodes_before = nodes_, bytes_before = tree_bytes_;
  const size_t diagnostics_before = out_.diagnostics.size();
  Game game;
  game.pos = pos_.at(p_);
  // The ';' read since the last game started are no longer ahead (each byte is counted once, and
  // only when a further game comes: a single game needs no second count).
  semicolons_left_ -= std::min(semicolons_left_, count_byte(semicolons_counted_, p_, ';'));
  semicolons_counted_ = p_;
  // In a collection, games tend to be alike: after the first one, twice the largest so far is a
  // closer bound than the ';' of all the games to come.
  size_t estimate = std::min<size_t>({semicolons_left_, limits_.max_nodes, 1u << 20});
  if (largest_game_ > 0)
    estimate = std::min(estimate, 2 * largest_game_ + 16);
  game.nodes.reserve(estimate + 1);
  last_child_.clear();
  last_child_.reserve(game.nodes.capacity());
  const char *game_open = p_;
  if (opened)
    ++p_;
  // Each entry is the node a variation hangs from (no_node for the game itself).
  std::vector<NodeIndex> stack{no_node};
  NodeIndex current = no_node;
  bool need_node = true;    // after '(' a node must come
  bool after_close = false; // after ')' only '(' or ')' may come
  size_t ignored_opens = 0; // '(' ignored in a row: they count against the depth limit
  while (!stop_) {
    skip_space();
    if (p_ == end_) {
      diag(Severity::warning, "missing-close-paren",
           std::to_string(stack.size()) + " closing parenthes" + (stack.size() == 1 ? "is" : "es") +
               " missing at the end of the file",
           p_);
      break;
    }
    char c = *p_;
    if (c == ';') {
      if (after_close) {
        diag(Severity::warning, "node-outside-variation",
             "node after the end of a variation: read as a further variation", p_);
      }
      NodeIndex n = new_node(game, current, p_);
      if (n == no_node)
        break;
      ignored_opens = 0;
      ++p_;
      current = n;
      need_node = after_close = false;
      if (!parse_plain_move(game, n))
        parse_properties(game, n);
      continue;
    }
    if (c == '(') {
      if (game.nodes.empty() && stack.size() == 1) {
        diag(Severity::warning, "illegal-variation-start",
             "a game tree starting with \"((\": the extra '(' ignored", p_);
        ++wrapper_parens_;
        ++p_;
        continue;
      }
      if (need_node) {
        // "((": SGFC's reading, one '(' too many; the surplus ')' later closes the game early.
        if (stack.size() + ++ignored_opens > limits_.max_depth) {
          limit_exceeded(
              "variations nested deeper than " + std::to_string(limits_.max_depth) + " levels", p_);
          break;
        }
        diag(Severity::warning, "illegal-variation-start",
             "a variation starting with \"((\": the extra '(' ignored", p_);
        ++p_;
        continue;
      }
      if (!open_variation(stack, current))
        break;
      need_node = true;
      after_close = false;
      ++p_;
      continue;
    }
    if (c == ')') {
      if (need_node && !game.nodes.empty())
        diag(Severity::warning, "empty-variation", "empty variation \"()\" ignored", p_ - 1);
      current = stack.back();
      stack.pop_back();
      ++p_;
      need_node = false;
      after_close = true;
      if (stack.empty())
        break;
      continue;
    }
    if (is_letter(c) &&
        grammar::lookahead(p_, end_, grammar::identifier >> grammar::skip_space >> '[')) {
      if (need_node)
        diag(Severity::warning, "missing-semicolon",
             "properties without a node: a missing ';' assumed", p_);
      else {
        diag(Severity::warning, "node-outside-variation",
             "properties after the end of a variation: read as a further variation", p_);
      }
      NodeIndex n = new_node(game, current, p_);
      if (n == no_node)
        break;
      current = n;
      need_node = after_close = false;
      parse_properties(game, n);
      continue;
    }
    if (c == '[') {
      diag(Severity::warning, "value-without-identifier", "values without an identifier ignored",
           p_);
      skip_values();
      continue;
    }
    const char *junk = p_;
    ++p_;
    skip_junk();
    diag(Severity::warning, "illegal-chars",
         "illegal character(s) \"" + excerpt(junk, p_) + "\" ignored", junk);
  }
  if (game.nodes.empty()) {
    if (!stop_)
      diag(Severity::warning, "empty-game", "empty game tree \"()\" ignored", game_open);
    --game_index_;
    return;
  }
  largest_game_ = std::max(largest_game_, game.nodes.size());
  if (game.nodes.capacity() > 2 * game.nodes.size() + 64) // far fewer nodes than ';'
    game.nodes.shrink_to_fit();
  // A part is handed over as a further game comes, not as one ends: the last part then holds
  // the last game, and every diagnostic is in the part of the game it names (what follows the
  // last game included).
  if (part_ && bytes_before >= part_bytes_ && !out_.collection.games.empty())
    hand_over(nodes_ - nodes_before, tree_bytes_ - bytes_before, diagnostics_before, game_open);
  out_.collection.games.push_back(std::move(game));
}

void Parser::hand_over(size_t nodes, size_t bytes, size_t kept_from, const char *next_game) {
  Diagnostics kept(std::make_move_iterator(out_.diagnostics.begin() + ptrdiff_t(kept_from)),
                   std::make_move_iterator(out_.diagnostics.end()));
  out_.diagnostics.resize(kept_from);
  // Counted and kept first: the receiver may take the whole result away.
  handed_diagnostics_ += kept_from;
  const size_t games = out_.collection.games.size();
  std::string charset = out_.charset;
  out_.text_through = static_cast<size_t>(next_game - begin_);
  out_.text_size = static_cast<size_t>(end_ - begin_);
  (*part_)(out_);
  out_.charset = std::move(charset);
  out_.first_game += games;
  out_.collection.games.clear();
  out_.diagnostics = std::move(kept);
  nodes_ = nodes;
  tree_bytes_ = bytes;
}

std::string Parser::canonical_id(std::string_view raw, const char *at, NodeIndex node) {
  if (std::all_of(raw.begin(), raw.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
    return std::string(raw); // FF[4]: the common case
  std::string id;
  bool lower = false;
  for (char c : raw) {
    if (c >= 'A' && c <= 'Z')
      id += c;
    else
      lower = true;
  }
  if (!lower)
    return id;
  if (id.empty()) {
    for (char c : raw)
      id += static_cast<char>(c - 'a' + 'A');
    diag(Severity::warning, "lowercase-identifier",
         "identifier \"" + std::string(raw) + "\" read as \"" + id + "\"", at,
         static_cast<int>(node));
  } else {
    diag(Severity::warning, "lowercase-identifier",
         "identifier \"" + std::string(raw) + "\" read as \"" + id +
             "\" (lowercase letters dropped)",
         at, static_cast<int>(node));
  }
  return id;
}

// The common node, read at once: a single B or W with one point of two lowercase letters, and
// then (past any space) the next node, a variation or its end. It gives the node that
// parse_properties would give, with no diagnostic (none can arise from such a node); anything
// else is left to parse_properties. False when the node is not one of those.
[[gnu::flatten]] bool Parser::parse_plain_move(Game &game, NodeIndex node) {
  const char *p = p_;
  if (end_ - p < 5 || (p[0] != 'B' && p[0] != 'W') || p[1] != '[' || p[4] != ']')
    return false;
  auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
  if (!lower(p[2]) || !lower(p[3]))
    return false;
  const char *next = p + 5;
  while (next < end_ && grammar::is_space(*next))
    ++next;
  if (next < end_ && *next != ';' && *next != '(' && *next != ')')
    return false;
  if (limits_.max_identifier_bytes < 1 || limits_.max_value_bytes < 2)
    return false;
  Property &property = game.nodes[node].properties.emplace_back();
  property.pos = pos_.at(p);
  property.id.push_back(p[0]);
  Value &value = property.values.emplace_back();
  value.pos = pos_.at(p + 1);
  value.text.push_back(p[2]);
  value.text.push_back(p[3]);
  p_ = next;
  return true;
}

void Parser::parse_properties(Game &game, NodeIndex node) {
  while (!stop_) {
    skip_space();
    if (p_ == end_)
      return;
    char c = *p_;
    if (c == '[') {
      diag(Severity::warning, "value-without-identifier", "values without an identifier ignored",
           p_, static_cast<int>(node));
      skip_values();
      continue;
    }
    if (c == ';' || c == '(' || c == ')')
      return;
    if (!is_letter(c)) {
      const char *junk = p_++;
      skip_junk();
      diag(Severity::warning, "illegal-chars",
           "illegal character(s) \"" + excerpt(junk, p_) + "\" ignored", junk,
           static_cast<int>(node));
      continue;
    }
    const char *id_start = p_;
    // Uppercase letters: the FF[4] case. Lowercase ones (FF[1]-FF[3]) go to canonical_id.
    while (p_ < end_ && is_upper(*p_))
      ++p_;
    bool canonical = p_ == end_ || !is_letter(*p_);
    while (p_ < end_ && is_letter(*p_))
      ++p_;
    std::string_view raw(id_start, p_ - id_start);
    const char *id_end = p_;
    skip_space();
    if (p_ == end_ || *p_ != '[') {
      if (p_ == end_ || *p_ == ';' || *p_ == '(' || *p_ == ')') {
        diag(Severity::warning, "missing-value",
             "property " + std::string(raw.substr(0, 40)) + " without a value ignored", id_start,
             static_cast<int>(node));
        return;
      }
      // A word that is no identifier: skip it and what follows up to the next token.
      p_ = id_end;
      skip_junk();
      diag(Severity::warning, "illegal-chars",
           "illegal character(s) \"" + excerpt(id_start, p_) + "\" ignored", id_start,
           static_cast<int>(node));
      continue;
    }
    if (raw.size() > limits_.max_identifier_bytes) {
      diag(Severity::warning, "identifier-too-long",
           "property identifier longer than " + std::to_string(limits_.max_identifier_bytes) +
               " letters ignored, with its values",
           id_start, static_cast<int>(node));
      skip_values();
      continue;
    }
    Node &n = game.nodes[node];
    // The first property and its first value are held in the node.
    if (!n.properties.empty() && !tree_grows(sizeof(Property), id_start))
      return;
    SourcePos id_pos = pos_.at(id_start);
    Property &property = n.properties.emplace_back();
    property.pos = id_pos;
    if (canonical)
      set_text(property.id, raw.data(), raw.size());
    else
      property.id = canonical_id(raw, id_start, node);
    while (p_ < end_ && *p_ == '[') {
      if (!parse_value(property, node)) {
        if (property.values.empty()) // its only value was over the limit
          n.properties.pop_back();
        return;
      }
      skip_space();
    }
  }
}

// Reads one value at '['. Returns false when reading must stop (end of file, limit).
bool Parser::parse_value(Property &property, NodeIndex node) {
  const char *open = p_;
  SourcePos pos = pos_.at(open);
  const char *text = ++p_;
  p_ = grammar::value_end(p_, end_);
  // An unescaped ']' at the end of a line inside a text that clearly goes on: the next line does
  // not start with anything that may follow a value, and a later ']' closes the value.
  while (p_ < end_) {
    const char *q = p_ + 1;
    while (q < end_ && (*q == ' ' || *q == '\t'))
      ++q;
    if (q == end_ || (*q != '\n' && *q != '\r'))
      break;
    // A value ends a line in most records: the common tokens after it first, then the grammar.
    const char *next = q;
    while (next < end_ && grammar::is_space(*next))
      ++next;
    if (next == end_ || *next == '[' || *next == ';' || *next == '(' || *next == ')' ||
        grammar::lookahead(q, end_, grammar::after_value))
      break;
    const char *r = grammar::value_end(p_ + 1, end_);
    if (r == end_)
      break;
    diag(Severity::warning, "unescaped-bracket",
         "unescaped ']' inside a value at the end of a line: read as text", p_,
         static_cast<int>(node));
    p_ = r;
  }
  size_t size = static_cast<size_t>(p_ - text);
  if (size > limits_.max_value_bytes) {
    limit_exceeded("a value longer than " + std::to_string(limits_.max_value_bytes) + " bytes",
                   open);
    return false;
  }
  // The first value is held in the property.
  if (!tree_grows((property.values.empty() ? 0 : sizeof(Value)) + text_bytes_beyond_value(size),
                  open))
    return false;
  Value &value = property.values.emplace_back();
  value.pos = pos;
  set_text(value.text, text, size);
  if (p_ == end_) {
    diag(Severity::warning, "unclosed-value", "value not closed by ']' before the end of the file",
         open, static_cast<int>(node));
    return false;
  }
  ++p_; // ']'
  return true;
}

} // namespace

bool opens_game_tree(std::string_view text) {
  auto after_space = [](std::string_view t) {
    return t.substr(std::min(t.find_first_not_of(" \t\r\n"), t.size()));
  };
  const std::string_view start = after_space(text.substr(text.starts_with("\xEF\xBB\xBF") ? 3 : 0));
  return start.starts_with('(') && after_space(start.substr(1)).starts_with(';');
}

// Binary data (an image, an archive, a program) has control bytes all over; text never does.
// Bytes that open a game tree are a record, however damaged: what the writer gives back always
// starts so, and reads again whatever control bytes its values keep.
bool looks_binary(std::string_view text) {
  if (opens_game_tree(text))
    return false;
  std::string_view sample = text.substr(0, 64 << 10);
  size_t control = 0;
  auto count = [&](const char *p, const char *end) {
    for (; p < end; ++p) {
      auto c = static_cast<unsigned char>(*p);
      control +=
          c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\v' && c != '\f' && c != 0x1B;
    }
  };
  const char *p = sample.data(), *end = p + sample.size();
  for (; end - p >= 8; p += 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    // Only the words with a byte below 0x09 or from 0x0E to 0x1F are looked at byte by byte: not
    // those with a mere line break (nearly all words, in a record with a move per line).
    constexpr uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    constexpr uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    uint64_t below_tab = (word - ones * 0x09) & ~word & high;
    uint64_t between = (ones * (127 + 0x20) - (word & low7)) & ~word &
                       ((word & low7) + ones * (127 - 0x0D)) & high; // 0x0D < byte < 0x20
    if (below_tab | between)
      count(p, p + 8);
  }
  count(p, end);
  return control > 8 && control * 20 > sample.size();
}

namespace {

// The charset's findings about CA point at its value (looked up only for such a finding).
void point_at_ca(ParseResult &result) {
  if (result.first_game != 0 || result.collection.games.empty() ||
      result.collection.games[0].empty())
    return;
  const Property *ca = result.collection.games[0].root().find("CA");
  if (!ca || ca->values.empty())
    return;
  for (Diagnostic &d : result.diagnostics)
    if (d.game == 0 && d.node == 0 && !d.pos.known() && d.code.starts_with("charset-"))
      d.pos = ca->values.front().pos;
}

// parse_sgf, with the games handed to `part` every `part_bytes` when it is given; the rest of
// the record is left in `result`.
void read_sgf(std::string_view bytes, const ParseOptions &options, ParseResult &result,
              const std::function<void(ParseResult &)> *part, size_t part_bytes) {
  DecodedText decoded = decode_to_utf8(bytes, options.charset);
  result.charset = decoded.charset;
  result.diagnostics = std::move(decoded.diagnostics);
  // Point the replacement warnings at the first replaced character.
  for (Diagnostic &d : result.diagnostics) {
    if (d.code != "invalid-utf8" && d.code != "invalid-bytes")
      continue;
    size_t at = decoded.text.find("\xEF\xBF\xBD");
    if (at != std::string_view::npos)
      d.pos = PositionTracker(decoded.text.data(), decoded.text.data() + decoded.text.size())
                  .at(decoded.text.data() + at);
  }
  if (looks_binary(decoded.text)) {
    // Binary data has no charset: what the decoding guessed about one would only mislead.
    std::erase_if(result.diagnostics,
                  [](const Diagnostic &d) { return d.severity == Severity::note; });
    Diagnostic &d = result.diagnostics.emplace_back();
    d.severity = Severity::error;
    d.code = "not-sgf";
    d.message = "binary data, not an SGF record";
    d.pos = {1, 1};
    return;
  }
  // The first part points its charset findings at CA before it is handed over.
  std::function<void(ParseResult &)> first_at_ca;
  if (part)
    first_at_ca = [part](ParseResult &r) {
      point_at_ca(r);
      (*part)(r);
    };
  Parser(decoded.text, options.limits, result, part ? &first_at_ca : nullptr, part_bytes).run();
  result.text_through = result.text_size = decoded.text.size();
  point_at_ca(result);
}

} // namespace

ParseResult parse_sgf(std::string_view bytes, const ParseOptions &options) {
  ParseResult result;
  read_sgf(bytes, options, result, nullptr, 0);
  return result;
}

void parse_sgf_in_parts(std::string_view bytes, const ParseOptions &options, size_t part_bytes,
                        const std::function<void(ParseResult &)> &part) {
  ParseResult result;
  read_sgf(bytes, options, result, &part, part_bytes);
  part(result);
}

} // namespace sgf

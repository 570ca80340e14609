#include "parsers/sgf/summary.h"

#include "parsers/sgf/binary.h"
#include "parsers/sgf/grammar.h"

#include <algorithm>
#include <utility>

namespace sgf {

const std::string_view *GameSummary::first_value(std::string_view id) const {
  for (const auto &[property, value] : root)
    if (property == id)
      return &value;
  return nullptr;
}

Game root_only(const GameSummary &summary) {
  Game game;
  Node &root = game.nodes[game.add_node(no_node)];
  for (const auto &[id, text] : summary.root) {
    Property &p = root.properties.emplace_back();
    p.id = id;
    p.values.emplace_back(std::string(text), SourcePos{});
  }
  for (const auto &[index, text] : summary.more_values)
    root.properties[index].values.emplace_back(std::string(text), SourcePos{});
  return game;
}

namespace {

bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}

// The strict reading: the grammar of parse.cpp's Parser restricted to the paths on which it
// reports nothing. Every other path returns false where the Parser would warn, repair or stop.
class Scanner {
public:
  Scanner(std::string_view text, const ParseLimits &limits, size_t part_bytes, GameSummary &game,
          const EachGame &each_game)
      : p_(text.data()), end_(text.data() + text.size()), limits_(limits), part_bytes_(part_bytes),
        game_(game), each_game_(each_game) {}

  bool run() {
    skip_space();
    if (p_ == end_)
      return false; // empty-file
    while (true) {
      skip_space();
      if (p_ == end_)
        return true;
      if (!game())
        return false;
    }
  }

private:
  void skip_space() {
    while (p_ < end_ && grammar::is_space(*p_))
      ++p_;
  }

  // A game tree at p_: "(" then ";" (anything else at the top level is junk or a repair).
  bool game() {
    if (*p_ != '(' || games_ >= limits_.max_games)
      return false;
    ++p_;
    skip_space();
    if (p_ == end_ || *p_ != ';')
      return false;
    GameSummary &game = game_;
    game.root.clear();
    game.main_line_moves = 0;
    game.more_values.clear();
    game.plain = true;
    game.moves.clear();
    last_game_nodes_ = std::exchange(game_nodes_, 0);
    last_game_bytes_ = std::exchange(game_bytes_, 0);
    size_t depth = 1;         // open parentheses, the game's own included
    bool main_line = true;    // in pre-order, the main line is every node before the first ')'
    bool need_node = true;    // after '(' a node must come
    bool after_close = false; // after ')' only '(' or ')' may come
    bool root = true;
    while (true) {
      skip_space();
      if (p_ == end_)
        return false; // missing-close-paren
      char c = *p_;
      if (c == ';') {
        if (after_close ||
            !grows(1, sizeof(Node) + (root ? Game::root_properties * sizeof(Property) : 0)))
          return false;
        ++p_;
        need_node = false;
        bool move = false;
        if (!root && one_move()) {
          move = true;
          if (game.plain)
            game.moves.push_back(move_);
        } else {
          game.plain = game.plain && root;
          if (!properties(root ? &game : nullptr, move))
            return false;
        }
        root = false;
        game.main_line_moves += main_line && move;
      } else if (c == '(') {
        if (need_node || depth >= limits_.max_depth)
          return false;
        ++depth;
        ++p_;
        need_node = true;
        game.plain = false;
        after_close = false;
      } else if (c == ')') {
        if (need_node)
          return false; // empty-variation
        ++p_;
        main_line = false;
        after_close = true;
        if (--depth == 0)
          return each_game_(game, games_++);
      } else {
        return false;
      }
    }
  }

  // The properties of a node, up to the next ';', '(' or ')'. With `root`, each one's
  // identifier and first value go to it. `move`: the node has B or W.
  bool properties(GameSummary *root, bool &move) {
    for (bool first_property = true;; first_property = false) {
      skip_space();
      if (p_ == end_)
        return false;
      char c = *p_;
      if (c == ';' || c == '(' || c == ')')
        return true;
      if (!is_upper(c))
        return false; // lowercase (FF[3]) identifiers, stray values, junk
      const char *id = p_;
      while (p_ < end_ && is_upper(*p_))
        ++p_;
      std::string_view identifier(id, size_t(p_ - id));
      if ((p_ < end_ && *p_ >= 'a' && *p_ <= 'z') ||
          identifier.size() > limits_.max_identifier_bytes)
        return false;
      skip_space();
      if (p_ == end_ || *p_ != '[')
        return false; // missing-value, junk
      move = move || identifier == "B" || identifier == "W";
      if (!first_property && !grows(0, sizeof(Property)))
        return false;
      bool first = true;
      while (p_ < end_ && *p_ == '[') {
        const char *text = ++p_;
        p_ = grammar::value_end(p_, end_);
        // The Parser reads a ']' at the end of a line as text when the next line cannot follow
        // a value (grammar::after_value); the scan goes on after a ']' only to another value, a
        // node, a variation or a property, so it never takes such a ']' for the end.
        if (p_ == end_ || size_t(p_ - text) > limits_.max_value_bytes)
          return false; // unclosed-value, limit-exceeded
        // As the Parser counts a value: its text as written.
        if (!grows(0, (first ? 0 : sizeof(Value)) + text_bytes_beyond_value(size_t(p_ - text))))
          return false;
        if (root && first)
          root->root.emplace_back(identifier, std::string_view(text, size_t(p_ - text)));
        else if (root)
          root->more_values.emplace_back(root->root.size() - 1,
                                         std::string_view(text, size_t(p_ - text)));
        first = false;
        ++p_;
        skip_space();
      }
    }
  }

  // The node at p_ (after its ';') when it is the most common one by far: a move at a point
  // of two lowercase letters or a pass, then the next node or variation (";B[pd]\n;W[dd]"),
  // stored in move_. Otherwise p_ is left where it was, for properties().
  bool one_move() {
    const char *start = p_;
    if (end_ - start < 4 || (start[0] != 'B' && start[0] != 'W') || start[1] != '[')
      return false;
    if (start[2] == ']')
      p_ = start + 2;
    else if (end_ - start >= 5 && start[2] >= 'a' && start[2] <= 'z' && start[3] >= 'a' &&
             start[3] <= 'z' && start[4] == ']')
      p_ = start + 4;
    else
      return false;
    move_ = {start[0] == 'B' ? Color::black : Color::white,
             std::string_view(start + 2, size_t(p_ - start - 2))};
    ++p_;
    skip_space();
    if (p_ < end_ && (*p_ == ';' || *p_ == '(' || *p_ == ')'))
      return true;
    p_ = start;
    return false;
  }

  // Counts `nodes` more nodes and at most `bytes` more of the tree as the Parser counts them;
  // false when the Parser could exceed its limits there. Read whole, the record is the Parser's
  // one part. Read in parts, the games read are handed over once they hold part_bytes_, as the
  // game after them ends: a game is read after less than part_bytes_ (so fewer than
  // part_bytes_ / sizeof(Node) nodes) and the game before it.
  bool grows(size_t nodes, size_t bytes) {
    game_nodes_ += nodes;
    game_bytes_ += bytes;
    nodes_ += nodes;
    bytes_ += bytes;
    if (part_bytes_ == 0)
      return nodes_ <= limits_.max_nodes && bytes_ <= limits_.max_tree_bytes;
    return part_bytes_ / sizeof(Node) + last_game_nodes_ + game_nodes_ <= limits_.max_nodes &&
           part_bytes_ + last_game_bytes_ + game_bytes_ <= limits_.max_tree_bytes;
  }

  const char *p_;
  const char *end_;
  const ParseLimits &limits_;
  size_t part_bytes_;
  GameSummary &game_; // the game being read, reused
  const EachGame &each_game_;
  size_t games_ = 0;                                 // read
  size_t nodes_ = 0, bytes_ = 0;                     // the record's
  size_t game_nodes_ = 0, game_bytes_ = 0;           // the game's
  size_t last_game_nodes_ = 0, last_game_bytes_ = 0; // the game's before it
  GameSummary::Move move_{};                         // one_move()'s
};

} // namespace

bool summarise_sgf(std::string_view bytes, const ParseOptions &options, RecordSummary &out,
                   const EachGame &each_game, size_t part_bytes) {
  out.decoded = decode_to_utf8(bytes, options.charset);
  if (!out.decoded.owned.empty()) // a converted text is all of `owned`, which the move may relocate
    out.decoded.text = out.decoded.owned;
  // A NUL byte is a repair the parser reports (nul-byte): the full parse reads such a record.
  if (has_error(out.decoded.diagnostics) || looks_binary(out.decoded.text) ||
      out.decoded.text.find('\0') != std::string_view::npos)
    return false;
  return Scanner(out.decoded.text, options.limits, part_bytes, out.game, each_game).run();
}

} // namespace sgf

#include "lib/rules/replay.h"

#include "lib/sgf/result.h"
#include "lib/sgf/values.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <string>
#include <unordered_map>

namespace sgf::rules {

namespace {

constexpr std::string_view color_name(Color c) {
  return c == Color::black ? "Black" : "White";
}

const std::string &rule_name(const RuleSet &r) {
  return r.name;
}

// RE as read (lib/sgf/result); empty when the record has none.
sgf::Result recorded_result(const Game &game) {
  const std::string *re = game.empty() ? nullptr : first_value(game.root(), "RE");
  return re ? read_result(to_simple_text(*re)) : sgf::Result{};
}

// What the replay did to the board, in order, so that any earlier position can be rebuilt
// exactly (a superko report is confirmed against the real board, never a hash alone). The
// positions are entries too: position i is the board after entries 0 to i, `to_move` to play
// after `move` moves. A move's entry is its position, so the common move writes one record; a
// position without a change of its own (a pass, a void move, the end of a setup) has a `none`.
enum class Op : uint8_t { play_black, play_white, set_empty, set_black, set_white, none };
struct LogEntry {
  Loc loc;
  Op op;
  bool allow_suicide;
  Color to_move; // positions only
  int move;      // positions only
  // Kept by Replayer::logged, so that a span of the log is known to hold only plays without
  // being replayed: the plays up to this entry, and the last setup entry up to it (none: -1).
  uint32_t plays = 0;
  int32_t last_setup = -1;
};

bool is_play(Op op) {
  return op == Op::play_black || op == Op::play_white;
}

void apply(Board &board, const LogEntry &e) {
  switch (e.op) {
  case Op::play_black:
    board.play_loc(e.loc, Color::black, e.allow_suicide);
    break;
  case Op::play_white:
    board.play_loc(e.loc, Color::white, e.allow_suicide);
    break;
  case Op::set_empty:
    board.set(board.point(e.loc), Stone::empty);
    break;
  case Op::set_black:
    board.set(board.point(e.loc), Stone::black);
    break;
  case Op::set_white:
    board.set(board.point(e.loc), Stone::white);
    break;
  case Op::none:
    break;
  }
}

// Open-addressing table from a position key to the first occurrence of each distinct position
// with that key: a position that comes back is the position already stored, so a repetition
// adds nothing and a long cycle costs no more per move than a game without one. Only different
// positions whose keys share their upper half share a probe sequence (a hash collision).
// A slot keeps only the key's upper 32 bits, which also give its place (so that grow() can move
// it without the whole key): eight bytes, so the table a game clears and probes is half as big.
// A match is therefore a candidate, never a verdict: find_repeat() confirms every one on the
// whole board, as it did for a 64-bit collision.
class History {
public:
  // Empties the table, sized for about `expected` positions. At most a quarter full, so that
  // the probe of a new position nearly always meets an empty slot first: at half full, one
  // probe in five or so went on, a branch no predictor can learn (replay 5% slower).
  void clear(size_t expected) {
    size_t size = 64;
    while (size < expected * 4)
      size *= 2;
    // Slots are not initialised when the vector is sized (games of other lengths alternate,
    // and a vector of zeroed slots is filled a slot at a time): one memset clears them.
    if (slots_.capacity() < size)
      slots_ = std::vector<Slot>(size);
    else
      slots_.resize(size);
    std::memset(static_cast<void *>(slots_.data()), 0, size * sizeof(Slot));
    mask_ = size - 1;
    room_ = size / 2;
  }
  void insert(uint64_t key, uint32_t index) {
    if (room_ == 0)
      grow();
    const size_t i = put({check_of(key), index + 1});
    --room_;
    if (journal_) [[unlikely]]
      journal_->push_back(static_cast<uint32_t>(i));
  }
  struct Slot {
    Slot() {} // left uninitialised: the table is cleared by a memset
    Slot(uint32_t k, uint32_t i) : check(k), index(i) {}
    uint32_t check; // the key's upper half
    uint32_t index; // position index + 1; 0 is an empty slot
  };
  // The first slot on key's probe sequence that holds key or is empty, with room made first
  // for one more position (so that fill() may use an empty slot it returns).
  [[gnu::always_inline]] Slot *slot_for(uint64_t key) {
    if (room_ == 0) [[unlikely]]
      grow();
    Slot *const slots = slots_.data();
    const size_t mask = mask_;
    const uint32_t check = check_of(key);
    size_t i = check & mask;
    while (slots[i].index != 0 && slots[i].check != check)
      i = (i + 1) & mask;
    return &slots[i];
  }
  void fill(Slot *empty, uint64_t key, uint32_t index) {
    *empty = {check_of(key), index + 1};
    --room_;
    if (journal_) [[unlikely]]
      journal_->push_back(static_cast<uint32_t>(empty - slots_.data()));
  }
  // Every slot filled from now on is written to `journal` (nothing when null), so that undo()
  // can take positions out again, the last first. Linear probing allows that: a position
  // stored after another never made the earlier one's probe pass over its slot. The table
  // must not grow meanwhile (grow() moves slots): clear() it for every position to come.
  void journal(std::vector<uint32_t> *journal) { journal_ = journal; }
  void undo(size_t keep) {
    for (; journal_->size() > keep; journal_->pop_back()) {
      slots_[journal_->back()].index = 0;
      ++room_;
    }
  }
  // Calls f(index) for every position stored under a key sharing `key`'s upper half (every one
  // under `key` among them); stops when f returns true.
  template <class F> bool any(uint64_t key, F f) const {
    const uint32_t check = check_of(key);
    for (size_t i = check & mask_; slots_[i].index != 0; i = (i + 1) & mask_)
      if (slots_[i].check == check && f(slots_[i].index - 1))
        return true;
    return false;
  }

private:
  std::vector<Slot> slots_;
  size_t mask_ = 0;
  size_t room_ = 0; // positions that fit before the table is more than half full
  std::vector<uint32_t> *journal_ = nullptr;

  // Zobrist keys are uniform in every bit: the upper half is both the place and the check.
  static uint32_t check_of(uint64_t k) { return static_cast<uint32_t>(k >> 32); }
  size_t put(Slot s) {
    size_t i = s.check & mask_;
    while (slots_[i].index != 0)
      i = (i + 1) & mask_;
    slots_[i] = s;
    return i;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_ = std::vector<Slot>(old.size() * 2);
    std::memset(static_cast<void *>(slots_.data()), 0, slots_.size() * sizeof(Slot));
    mask_ = slots_.size() - 1;
    room_ += old.size() / 2;
    // From an empty slot on, so that every run of slots is moved in probe order and the
    // positions under one key stay in the order they arose (find_repeat() names the first).
    const size_t mask = old.size() - 1;
    size_t start = 0;
    while (old[start].index != 0)
      ++start;
    for (size_t j = 0; j < old.size(); ++j)
      if (const Slot &s = old[(start + j) & mask]; s.index != 0)
        put(s);
  }
};

const Value no_value; // a move property without a value: a pass

constexpr size_t prefetch_ahead = 4; // nodes

// The last clock values of one player, read only at the end of the line (KGS records have them
// on every move).
struct TimeState {
  const Value *time_left = nullptr;    // BL or WL
  const Value *periods_left = nullptr; // OB or OW
  NodeIndex node = no_node;
  int move = -1;
  SourcePos pos;
};

// Without PL, the side to move in a position set up before the moves is the colour of the
// first move that follows (White in a handicap game): Black when no move follows.
Color first_mover(const Game &game, NodeIndex from) {
  for (NodeIndex n = from; n != no_node; n = game.nodes[n].first_child)
    for (const Property &prop : game.nodes[n].properties)
      if (const std::string_view id = prop.id; id == "B" || id == "W")
        return id == "B" ? Color::black : Color::white;
  return Color::black;
}

// Whether AB, AW or AE come before (or with) the first move of the main line.
bool setup_before_first_move(const Game &game) {
  for (NodeIndex n = 0; n != no_node; n = game.nodes[n].first_child) {
    bool move = false;
    for (const Property &prop : game.nodes[n].properties) {
      const std::string_view id = prop.id; // compared by length first
      if (id == "AB" || id == "AW" || id == "AE")
        return true;
      move |= id == "B" || id == "W";
    }
    if (move)
      return false;
  }
  return false;
}

// The fixed points of the HA[2] to HA[9] black stones a record leaves out: nothing is set up
// before the first move and White moves first. Empty for any other record.
std::vector<Point> left_out_handicap(const Game &game, BoardSize size) {
  if (game.empty() || setup_before_first_move(game) || first_mover(game, 0) == Color::black)
    return {};
  const std::string *ha = first_value(game.root(), "HA");
  const std::optional<long> n = ha ? to_number(*ha) : std::nullopt;
  return n && *n >= 2 && *n <= 9 ? fixed_handicap_points(static_cast<int>(*n), size)
                                 : std::vector<Point>{};
}

std::vector<Point> fixed_handicap_stones(const Game &game, const RuleSet &rules, BoardSize size) {
  return rules.fixed_handicap ? left_out_handicap(game, size) : std::vector<Point>{};
}

// A LineReplay without its board, filled in as the line is replayed: the board stays the
// replayer's own until the end (a LineReplay would build an empty board of its own first).
struct LineState {
  std::vector<NodeIndex> line;
  bool cycle = false;
  int repetitions = 0;
  std::optional<Color> forfeit;
  Diagnostics diagnostics;
};

// Replays lines of one game. Everything it allocates is reused from line to line.
class Replayer {
public:
  Replayer(const Game &game, const RuleSet &rules, BoardSize size)
      : game_(game), rules_(rules), size_(size), small_(size.width <= 19 && size.height <= 19),
        plain_width_(static_cast<unsigned>(std::min(size.width, 26))),
        plain_height_(static_cast<unsigned>(std::min(size.height, 26))), board_(size),
        area_(size.width * size.height), interval_(std::max(128, area_ / 4)) {
    if (const std::string *ha = first_value(game.root(), "HA"))
      handicap_ = to_number(*ha);
  }

  // Replays `line`. Diagnostics are kept only for nodes where `report[node]` is set; line-level
  // checks (handicap, clocks, result) only when `whole_game` (the main line).
  // An empty `line` means the main line, walked as it is replayed (one pass over the nodes).
  // The last line may take the board instead of copying it.
  LineReplay run(std::vector<NodeIndex> line, const std::vector<char> *report, bool whole_game,
                 const ReplayOptions &options, bool last);
  // Replays every line of the tree, main line first, each node once: a variation starts from
  // the state saved where it branches off, not from the root. Diagnostics are reported on the
  // first line through their node; line-level checks on the main line.
  std::vector<LineReplay> run_tree(const ReplayOptions &options);

private:
  const Game &game_;
  const RuleSet &rules_;
  BoardSize size_;
  bool small_; // tt is a pass
  // The columns and rows a lower-case letter can name: min(side, 26).
  unsigned plain_width_, plain_height_;
  Board board_;
  std::optional<Board> scratch_; // earlier positions are rebuilt here, on a hash hit only
  // The stones (padded cells) of stored positions met again, so that a position that keeps
  // coming back (a ko fight, a long cycle) is compared with a copy instead of being rebuilt
  // from the log at every return. Within a budget; beyond it, positions are rebuilt.
  std::vector<Stone> snapshots_;
  std::unordered_map<uint32_t, uint32_t> snapshot_of_; // position index → snapshot number
  std::vector<Stone> current_cells_;                   // board_'s cells, for the comparisons
  int area_, interval_;
  std::optional<long> handicap_;

  // Per line.
  History history_;
  std::vector<LogEntry> log_;
  std::vector<Stone> checkpoints_;        // board after every interval_ log entries, padded
  std::vector<int> checkpoint_prisoners_; // captured_stones(black), (white) at each checkpoint
  int until_checkpoint_ = 0;              // log entries until the next checkpoint
  uint64_t last_key_ = 0;
  bool have_last_key_ = false;
  std::optional<Color> expected_;
  Loc ko_loc_ = -1;
  Color ko_banned_ = Color::black;
  int warnings_[2] = {0, 0};
  LineState *out_ = nullptr;
  bool follow_record_ = true;
  const std::vector<char> *report_ = nullptr;
  NodeIndex node_ = 0;
  int moves_ = 0; // on this line, passes included
  int consecutive_passes_ = 0;
  bool ended_ = false; // two consecutive passes were played
  int after_end_ = 0;  // stones played after two consecutive passes
  size_t after_end_diag_ = SIZE_MAX;
  int repetitions_ = 0; // repeated positions under simple ko
  int last_repetition_move_ = -1;
  size_t repetition_diag_ = SIZE_MAX;
  int forfeit_move_ = -1;
  std::string forfeit_reason_;
  // Handicap bookkeeping until White's first stone.
  bool white_has_moved_ = false;
  int setup_black_ = 0;         // black stones placed by AB before White's first move
  bool setup_position_ = false; // AW or AE before White's first move: a problem, not handicap
  int initial_black_ = 0;       // black stones played before White's first stone
  TimeState clock_[2];
  // A cycle both sides keep going round (a triple ko, eternal life): found at its first
  // repetition; the reports of its moves are held back, then either one finding names the cycle
  // when the line ends inside it, or, when a move leaves it, each is reported as usual.
  struct HeldReport {
    Color color;
    std::string code, message;
    int move;
    SourcePos pos;
    NodeIndex node;
  };
  struct Cycle {
    bool active = false;
    bool at_end = false; // the line ended inside the cycle
    int start = 0;       // the position after this move comes back
    int length = 0;      // moves from there to its first return
    int last_round = 0;  // the last move that came back to a position of the game
    std::string kind;    // "triple ko", "eternal life", ...
    std::vector<HeldReport> held;
  } cycle_;
  // The state after a branch point whose other children are still to be replayed.
  struct Branch {
    NodeIndex next; // the next child to replay from here
    size_t path;    // nodes on the line up to the branch point
    size_t log, journal, checkpoints, prisoners;
    int until_checkpoint;
    Board board;
    uint64_t last_key;
    bool have_last_key;
    std::optional<Color> expected;
    Loc ko_loc;
    Color ko_banned;
    int warnings[2];
    int moves, consecutive_passes;
    bool ended;
    int after_end, repetitions, last_repetition_move, forfeit_move;
    std::string forfeit_reason;
    bool white_has_moved, setup_position;
    int setup_black, initial_black;
    bool line_cycle;
    int line_repetitions;
    std::optional<Color> line_forfeit;
    Cycle cycle;
  };
  std::vector<Branch> *branches_ = nullptr; // only while the whole tree is replayed
  std::vector<uint32_t> journal_;           // history slots filled, for Branch::journal
  void branch(size_t path, NodeIndex next);
  // Back to the state of `b`, for its next child: moved out of `b` when it is the last.
  void resume(Branch &b, bool last, std::vector<NodeIndex> &path);

  void reset(size_t line_length);
  uint64_t key(uint64_t stones, Color to_move) const {
    return rules_.ko == KoRule::situational ? stones ^ Board::side_hash(to_move) : stones;
  }
  // Called once per move: inline, with the rare checkpoint out of line.
  [[gnu::always_inline]] void logged(LogEntry e) {
    const LogEntry *before = log_.empty() ? nullptr : &log_.back();
    e.plays = (before ? before->plays : 0) + is_play(e.op);
    e.last_setup = is_play(e.op) || e.op == Op::none ? (before ? before->last_setup : -1)
                                                     : static_cast<int32_t>(log_.size());
    log_.push_back(e);
    if (--until_checkpoint_ == 0)
      checkpoint();
  }
  [[gnu::noinline]] void checkpoint();
  void record_position(Color to_move, bool stored = false) {
    record_key(key(board_.hash(), to_move), to_move, stored);
  }
  // Stores board_ with `to_move` under k unless it is stored already: `stored` when the caller
  // has just found it, else it is looked up (only when k is a candidate).
  [[gnu::always_inline]] void record_key(uint64_t k, Color to_move, bool stored) {
    if (have_last_key_ && k == last_key_)
      return; // a pass under positional rules: the same position, already stored
    last_key_ = k;
    have_last_key_ = true;
    if (stored || find_repeat(k, to_move))
      return;
    if (cycle_.active) [[unlikely]]
      new_position();
    logged({-1, Op::none, false, to_move, moves_});
    history_.insert(k, static_cast<uint32_t>(log_.size() - 1));
  }
  void rebuild(Board &board, uint32_t log_length) const;
  void restore() { rebuild(board_, static_cast<uint32_t>(log_.size())); }
  std::optional<uint32_t> find_repeat(uint64_t k, Color to_move);
  // Whether board_ is the stored position `index` (with `to_move`, under situational superko).
  bool same_position(uint32_t index, Color to_move);
  Diagnostic *report(Severity severity, std::string code, std::string message, int move,
                     SourcePos pos);
  bool illegal(Color c, std::string code, std::string message, int move, SourcePos pos);
  void setup(const Property &prop, Stone s);
  [[gnu::noinline]] void play(Color c, const Value &value);
  // The common move (a point on the board, in turn, legal, no hash hit) with nothing to report;
  // false, with nothing changed, sends the move to play().
  [[gnu::always_inline]] bool play_quietly(Color c, Loc l, const Value &value);
  struct Step;
  Step decode(NodeIndex n, bool whole_game, bool visiting) const;
  // The point of a move written in lower-case letters on the board, else -1.
  Loc plain_loc(const std::string &text) const;
  bool node(NodeIndex n, bool whole_game, const ReplayOptions &options);
  // A move outside the inline path: quietly when it can be, else through play(). Out of line,
  // so that play_quietly is expanded only once more than in walk_main_line().
  [[gnu::noinline]] void play_any(Color c, Loc l, const Value &value);
  bool walk_main_line(std::vector<NodeIndex> &line, bool whole_game, bool visiting,
                      const ReplayOptions &options, NodeIndex start = 0);
  // A node the inline path of walk_main_line() does not take, and every node of a given line:
  // decoded in full.
  [[gnu::noinline]] bool slow_step(NodeIndex n, bool whole_game, bool visiting,
                                   const ReplayOptions &options);
  // The end of a move that reached the board: repetition and superko, the log, the position.
  [[gnu::always_inline]] void settle(Color c, Loc l, int move, SourcePos pos, bool checked,
                                     bool allow_suicide, Loc ko_point) {
    const Color next = opponent(c);
    const uint64_t k = key(board_.hash(), next);
    // One probe: the slot holding k (a possible repeat) or the empty one where k goes.
    History::Slot *slot = history_.slot_for(k);
    // A slot holding k is nearly always a repeat (the table is at most a quarter full and keys
    // agree in 32 bits); find_repeat() tells a collision from a repeat on the board.
    if (slot->index != 0) [[unlikely]] {
      settle_hit(c, l, move, pos, checked, allow_suicide, ko_point, k);
      return;
    }
    if (cycle_.active) [[unlikely]]
      new_position();
    logged({l, c == Color::black ? Op::play_black : Op::play_white, allow_suicide, next, moves_});
    consecutive_passes_ = 0;
    if (ko_point >= 0) {
      ko_loc_ = ko_point;
      ko_banned_ = next;
    }
    // k is not stored, so it cannot be last_key_. The move's entry is the position.
    history_.fill(slot, k, static_cast<uint32_t>(log_.size() - 1));
    last_key_ = k;
    have_last_key_ = true;
  }
  [[gnu::noinline, gnu::cold]] void settle_hit(Color c, Loc l, int move, SourcePos pos,
                                               bool checked, bool allow_suicide, Loc ko_point,
                                               uint64_t k);
  void finish_line(bool whole_game);
  // Whether the move of `c` at `l`, which recreates stored position `index`, goes round a cycle
  // both sides play: the one already found, or a new one (then it is started).
  bool going_round(uint32_t index, Color c, Loc l, bool allow_suicide);
  // The kind of cycle from stored position `index` to the move of `c` at `l`, when it is one
  // both sides play: each captured in it, and it is longer than a ko capture and its retake.
  std::optional<std::string> cycle_kind(uint32_t index, Color c, Loc l, bool allow_suicide);
  void hold(Color c, std::string code, std::string message, int move, SourcePos pos) {
    cycle_.held.push_back({c, std::move(code), std::move(message), move, pos, node_});
  }
  [[gnu::noinline, gnu::cold]] void new_position();
  void leave_cycle();
  void report_cycle();
  Color first_mover(NodeIndex from) const { return rules::first_mover(game_, from); }
  // Stores the position before the first move, unless setup comes first (then node() stores the
  // position after it; the empty board before a handicap was never a position of the game). The
  // fixed handicap stones stand on it when the rules say so (RuleSet::fixed_handicap).
  void start_position();
};

void Replayer::start_position() {
  if (setup_before_first_move(game_))
    return;
  for (Point p : fixed_handicap_stones(game_, rules_, size_)) {
    board_.set(p, Stone::black);
    logged({board_.loc(p), Op::set_black, false, Color::black, moves_});
    ++setup_black_;
  }
  record_position(first_mover(0));
}

void Replayer::reset(size_t line_length) {
  board_.clear();
  history_.clear(line_length + 2);
  log_.clear();
  log_.reserve(line_length + 2);
  checkpoints_.clear();
  checkpoint_prisoners_.clear();
  snapshots_.clear();
  snapshot_of_.clear();
  until_checkpoint_ = interval_;
  have_last_key_ = false;
  expected_.reset();
  ko_loc_ = -1;
  warnings_[0] = warnings_[1] = 0;
  moves_ = 0;
  consecutive_passes_ = 0;
  ended_ = false;
  after_end_ = 0;
  after_end_diag_ = SIZE_MAX;
  repetitions_ = 0;
  last_repetition_move_ = -1;
  repetition_diag_ = SIZE_MAX;
  forfeit_move_ = -1;
  forfeit_reason_.clear();
  white_has_moved_ = false;
  setup_black_ = initial_black_ = 0;
  setup_position_ = false;
  clock_[0] = clock_[1] = {};
  cycle_.active = cycle_.at_end = false;
  cycle_.held.clear();
}

void Replayer::checkpoint() {
  until_checkpoint_ = interval_;
  board_.append_cells(checkpoints_);
  checkpoint_prisoners_.push_back(board_.captured_stones(Color::black));
  checkpoint_prisoners_.push_back(board_.captured_stones(Color::white));
}

// The board after the first `log_length` logged actions: the nearest checkpoint, then at most
// interval_ actions, so that even a record full of violations costs linear time.
void Replayer::rebuild(Board &board, uint32_t log_length) const {
  const size_t chunk = log_length / static_cast<size_t>(interval_);
  board.clear();
  size_t start = 0;
  if (chunk > 0) {
    const Stone *cells = checkpoints_.data() + (chunk - 1) * board.cell_count();
    for (int y = 0; y < size_.height; ++y)
      for (int x = 0; x < size_.width; ++x)
        if (const Stone s = cells[board.loc({x, y})]; s != Stone::empty)
          board.set({x, y}, s);
    board.set_captured_stones(Color::black, checkpoint_prisoners_[(chunk - 1) * 2]);
    board.set_captured_stones(Color::white, checkpoint_prisoners_[(chunk - 1) * 2 + 1]);
    start = chunk * static_cast<size_t>(interval_);
  }
  for (size_t i = start; i < log_length; ++i)
    apply(board, log_[i]);
}

// The earlier position that board_ repeats (its first occurrence), confirmed stone by stone.
std::optional<uint32_t> Replayer::find_repeat(uint64_t k, Color to_move) {
  std::optional<uint32_t> found;
  current_cells_.clear();
  history_.any(k, [&](uint32_t index) {
    if (!same_position(index, to_move))
      return false; // a hash collision: nobody is accused
    found = index;
    return true;
  });
  return found;
}

bool Replayer::same_position(uint32_t index, Color to_move) {
  if (rules_.ko == KoRule::situational && log_[index].to_move != to_move)
    return false;
  const size_t cells = board_.cell_count();
  const Stone *stored = nullptr;
  if (const auto it = snapshot_of_.find(index); it != snapshot_of_.end()) {
    stored = snapshots_.data() + size_t{it->second} * cells;
  } else {
    if (!scratch_)
      scratch_.emplace(size_);
    rebuild(*scratch_, index + 1);
    // 32 MiB: two hundred thousand 19×19 positions, fifty thousand 52×52 ones.
    constexpr size_t snapshot_budget = size_t{32} << 20;
    if (snapshots_.size() + cells > snapshot_budget)
      return scratch_->same_stones(board_);
    snapshot_of_.emplace(index, static_cast<uint32_t>(snapshots_.size() / cells));
    scratch_->append_cells(snapshots_);
    stored = snapshots_.data() + snapshots_.size() - cells;
  }
  if (current_cells_.empty())
    board_.append_cells(current_cells_);
  return std::memcmp(stored, current_cells_.data(), cells) == 0;
}

Diagnostic *Replayer::report(Severity severity, std::string code, std::string message, int move,
                             SourcePos pos) {
  if (report_ && !(*report_)[node_])
    return nullptr;
  Diagnostic &d = out_->diagnostics.emplace_back();
  d.severity = severity;
  d.code = std::move(code);
  d.message = std::move(message);
  d.pos = pos;
  d.node = static_cast<int>(node_);
  d.move = move;
  if (move >= 0)
    if (const std::optional<Move> m = move_of(game_.nodes[node_], size_); m && !m->pass)
      d.point = point_to_sgf(m->point);
  return &d;
}

// A move the rules forbid: what it costs depends on the rule set. Returns whether the move
// stands on the board: where an illegal move loses, the game was decided but the stone was
// played; where it is void, the board follows the record unless the caller asked otherwise.
bool Replayer::illegal(Color c, std::string code, std::string message, int move, SourcePos pos) {
  const std::string who(color_name(c));
  switch (rules_.illegal) {
  case IllegalMove::void_move:
    message += ": the move is void and the turn is lost";
    break;
  case IllegalMove::loss:
    if (!out_->forfeit) {
      out_->forfeit = c;
      forfeit_move_ = move;
      forfeit_reason_ = "an illegal move (" + code + ")";
      message += ": " + who + " loses the game under " + rule_name(rules_) + " rules";
    } else {
      message += " (the game was already decided)";
    }
    break;
  case IllegalMove::warning: {
    const int n = ++warnings_[static_cast<int>(c)];
    if (n == 1) {
      message += ": the move is void, the turn is lost and " + who + " is warned";
    } else if (!out_->forfeit) {
      out_->forfeit = c;
      forfeit_move_ = move;
      forfeit_reason_ = "a second warning";
      message += ": the move is void; second warning, " + who + " loses the game under " +
                 rule_name(rules_) + " rules";
    } else {
      message += ": the move is void (warning " + std::to_string(n) + " to " + who + ")";
    }
    break;
  }
  }
  report(Severity::error, std::move(code), std::move(message), move, pos);
  return rules_.illegal == IllegalMove::loss || follow_record_;
}

void Replayer::setup(const Property &prop, Stone s) {
  const Op op = s == Stone::black   ? Op::set_black
                : s == Stone::white ? Op::set_white
                                    : Op::set_empty;
  // Points the setup leaves as they were (SGFC: "AddStone has no effect").
  std::string idle;
  int n_idle = 0;
  SourcePos idle_pos;
  const Value *value = nullptr;
  auto put = [&](Point p) {
    if (!size_.contains(p))
      return; // the spec check reports points off the board
    if (board_.at(p) == s) [[unlikely]] {
      idle += (n_idle++ == 0 ? "" : ", ") + point_name(p, size_);
      if (n_idle == 1)
        idle_pos = value->pos;
    }
    if (s == Stone::black && !white_has_moved_ && board_.at(p) != Stone::black)
      ++setup_black_;
    if (s != Stone::black && !white_has_moved_)
      setup_position_ = true;
    board_.set(p, s);
    logged({board_.loc(p), op, false, Color::black, moves_});
  };
  for (const Value &v : prop.values) {
    value = &v;
    if (auto composed = split_compose(v.text)) {
      auto a = decode_point(composed->first), b = decode_point(composed->second);
      if (!a || !b)
        continue;
      const auto [x0, x1] = std::minmax(a->x, b->x);
      const auto [y0, y1] = std::minmax(a->y, b->y);
      for (int y = y0; y <= std::min(y1, size_.height - 1); ++y)
        for (int x = x0; x <= std::min(x1, size_.width - 1); ++x)
          put({x, y});
    } else if (auto p = decode_point(v.text)) {
      put(*p);
    }
  }
  if (n_idle > 0) {
    const bool one = n_idle == 1;
    const std::string what =
        s == Stone::empty   ? (one ? "is already empty" : "are already empty")
        : s == Stone::black ? (one ? "already holds a black stone" : "already hold black stones")
                            : (one ? "already holds a white stone" : "already hold white stones");
    report(Severity::warning, "setup-no-effect",
           prop.id + " has no effect at " + idle + ": " + (one ? "the point " : "the points ") +
               what,
           -1, idle_pos);
  }
}

inline bool Replayer::play_quietly(Color c, Loc l, const Value &value) {
  if ((expected_ && *expected_ != c) || ended_)
    return false;
  if (board_.at_loc(l) != Stone::empty || (l == ko_loc_ && c == ko_banned_))
    return false;
  // A suicide is refused here and leaves the board as it was: play() takes it from the start.
  const Board::Play result = board_.play_loc(l, c, false);
  if (result.suicide)
    return false;
  const int move = ++moves_;
  expected_ = opponent(c);
  ko_loc_ = -1;
  if (c == Color::white)
    white_has_moved_ = true;
  else if (!white_has_moved_)
    ++initial_black_;
  settle(c, l, move, value.pos, false, rules_.suicide_allowed, result.ko_point);
  return true;
}

// One move of the record. Messages are only built for moves that are reported: this is the
// loop that has to run at tens of millions of moves per second.
void Replayer::play(Color c, const Value &value) {
  const int move = ++moves_;
  const SourcePos pos = value.pos;
  const std::string_view text = value.text;
  const Color next = opponent(c);
  const bool pass = text.empty() || (small_ && text == "tt");
  auto who = [c] { return std::string(color_name(c)); };

  // Whose turn: handicap stones written as consecutive black moves are not a wrong turn.
  if (expected_ && *expected_ != c) {
    const bool handicap_move = c == Color::black && !white_has_moved_ && setup_black_ == 0 &&
                               handicap_ && *handicap_ >= 2 && initial_black_ < *handicap_;
    if (!handicap_move) {
      std::string message = who() + " moves twice in a row";
      if (rules_.two_moves_lose && !out_->forfeit) {
        out_->forfeit = c;
        forfeit_move_ = move;
        forfeit_reason_ = "two moves in a row";
        message += ": " + who() + " loses the game under " + rule_name(rules_) + " rules";
      }
      report(Severity::error, "wrong-turn", std::move(message), move, pos);
    }
  }
  expected_ = next;
  const Loc ko = ko_loc_;
  const Color banned = ko_banned_;
  ko_loc_ = -1;

  if (pass) {
    ended_ = ended_ || ++consecutive_passes_ >= 2;
    record_position(next);
    return;
  }
  // A void move is no pass: two passes by one player around it are not both players passing.
  consecutive_passes_ = 0;
  const std::optional<Point> decoded = decode_point(text);
  const Point p = decoded.value_or(Point{-1, -1});
  if (!decoded || !size_.contains(p)) {
    report(Severity::error, "off-board",
           who() + "'s move [" + std::string(text) + "] is not a point of the " +
               std::to_string(size_.width) + "x" + std::to_string(size_.height) +
               " board: the move is void",
           move, pos);
    record_position(next);
    return;
  }
  auto at = [this, p] { return " at " + point_name(p, size_); };
  if (ended_) {
    if (++after_end_ == 1) {
      Diagnostic *d = report(Severity::warning, "play-after-end",
                             who() + " plays" + at() + " after both players passed", move, pos);
      after_end_diag_ = d ? static_cast<size_t>(d - out_->diagnostics.data()) : SIZE_MAX;
    }
  }
  if (c == Color::white)
    white_has_moved_ = true;
  else if (!white_has_moved_)
    ++initial_black_;

  const Loc l = board_.loc(p);
  if (board_.at_loc(l) != Stone::empty) {
    report(Severity::error, "occupied",
           who() + " plays" + at() + ", which is already occupied: the move is void", move, pos);
    record_position(next);
    return;
  }
  bool checked = false; // the move broke a rule and was reported, but it stands
  if (l == ko && c == banned) {
    checked = true;
    if (!illegal(c, "ko", who() + " retakes the ko" + at() + " at once", move, pos)) {
      record_position(next);
      return;
    }
  }
  bool allow_suicide = rules_.suicide_allowed || checked;
  Board::Play result = board_.play_loc(l, c, allow_suicide);
  if (result.suicide && !checked) {
    // Refused (suicide forbidden), or applied where suicide is allowed: a single stone's
    // suicide is never legal, since it only recreates the position.
    const int stones =
        result.self_captured > 0 ? result.self_captured : board_.preview(l, c, true).self_stones;
    const bool refused = result.self_captured == 0;
    const bool single = stones == 1;
    if (refused || single) {
      checked = true;
      const bool stands =
          refused || rules_.ko == KoRule::simple
              ? illegal(c, "suicide",
                        who() + "'s move" + at() + " leaves its own " +
                            (single ? std::string("stone") : std::to_string(stones) + " stones") +
                            " without liberties",
                        move, pos)
              : illegal(c, "superko",
                        who() + "'s single-stone suicide" + at() +
                            " recreates the position it was played in",
                        move, pos);
      if (!stands) {
        if (!refused)
          restore();
        record_position(next);
        return;
      }
      allow_suicide = true;
      if (refused)
        result = board_.play_loc(l, c, true);
    }
  }
  settle(c, l, move, pos, checked, allow_suicide, result.ko_point);
}

// A move whose position was stored before (by hash): superko or repetition, confirmed on the
// whole board. Rare, so out of the per-move path.
void Replayer::settle_hit(Color c, Loc l, int move, SourcePos pos, bool checked, bool allow_suicide,
                          Loc ko_point, uint64_t k) {
  const Color next = opponent(c);
  const Point p = board_.point(l);
  auto who = [c] { return std::string(color_name(c)); };
  auto at = [this, p] { return " at " + point_name(p, size_); };
  const std::optional<uint32_t> repeat = find_repeat(k, next);
  const bool round = repeat && !checked && going_round(*repeat, c, l, allow_suicide);
  if (!repeat && cycle_.active)
    new_position(); // a hash collision
  if (repeat) {
    out_->cycle = true;
    if (rules_.ko != KoRule::simple && !checked) {
      checked = true;
      std::string message =
          who() + "'s move" + at() + " recreates the " +
          (rules_.ko == KoRule::situational ? "situation" : "whole-board position") +
          (log_[*repeat].move == 0 ? std::string(" before the first move")
                                   : " after move " + std::to_string(log_[*repeat].move));
      // Inside a cycle the move stands: the rules judge the cycle, not each move of it.
      const bool stands = round ? (hold(c, "superko", std::move(message), move, pos), true)
                                : illegal(c, "superko", std::move(message), move, pos);
      if (!stands) {
        restore();
        record_position(next);
        return;
      }
    }
  }
  logged({l, c == Color::black ? Op::play_black : Op::play_white, allow_suicide, next, moves_});
  consecutive_passes_ = 0;
  if (ko_point >= 0) {
    ko_loc_ = ko_point;
    ko_banned_ = next;
  }
  if (repeat && !checked) {
    ++repetitions_;
    ++out_->repetitions;
    last_repetition_move_ = move;
    if (repetitions_ == 1) {
      std::string message = who() + "'s move" + at() +
                            " recreates an earlier whole-board position (a long cycle: "
                            "triple ko, eternal life or similar)";
      if (round) {
        hold(c, "repetition", std::move(message), move, pos);
      } else {
        Diagnostic *d = report(Severity::warning, "repetition", std::move(message), move, pos);
        repetition_diag_ = d ? static_cast<size_t>(d - out_->diagnostics.data()) : SIZE_MAX;
      }
    }
  }
  record_position(next, repeat.has_value());
}

void Replayer::branch(size_t path, NodeIndex next) {
  branches_->push_back(Branch{next,
                              path,
                              log_.size(),
                              journal_.size(),
                              checkpoints_.size(),
                              checkpoint_prisoners_.size(),
                              until_checkpoint_,
                              board_,
                              last_key_,
                              have_last_key_,
                              expected_,
                              ko_loc_,
                              ko_banned_,
                              {warnings_[0], warnings_[1]},
                              moves_,
                              consecutive_passes_,
                              ended_,
                              after_end_,
                              repetitions_,
                              last_repetition_move_,
                              forfeit_move_,
                              forfeit_reason_,
                              white_has_moved_,
                              setup_position_,
                              setup_black_,
                              initial_black_,
                              out_->cycle,
                              out_->repetitions,
                              out_->forfeit,
                              cycle_});
}

void Replayer::resume(Branch &b, bool last, std::vector<NodeIndex> &path) {
  path.resize(b.path);
  history_.undo(b.journal);
  log_.resize(b.log);
  checkpoints_.resize(b.checkpoints);
  checkpoint_prisoners_.resize(b.prisoners);
  until_checkpoint_ = b.until_checkpoint;
  // Copies of positions logged after the branch point describe the line just left.
  for (auto it = snapshot_of_.begin(); it != snapshot_of_.end();)
    it = it->first >= b.log ? snapshot_of_.erase(it) : std::next(it);
  if (last) {
    board_ = std::move(b.board);
    cycle_ = std::move(b.cycle);
  } else {
    board_ = b.board;
    cycle_ = b.cycle;
  }
  last_key_ = b.last_key;
  have_last_key_ = b.have_last_key;
  expected_ = b.expected;
  ko_loc_ = b.ko_loc;
  ko_banned_ = b.ko_banned;
  warnings_[0] = b.warnings[0];
  warnings_[1] = b.warnings[1];
  moves_ = b.moves;
  consecutive_passes_ = b.consecutive_passes;
  ended_ = b.ended;
  after_end_ = b.after_end;
  repetitions_ = b.repetitions;
  last_repetition_move_ = b.last_repetition_move;
  forfeit_move_ = b.forfeit_move;
  forfeit_reason_ = b.forfeit_reason;
  white_has_moved_ = b.white_has_moved;
  setup_position_ = b.setup_position;
  setup_black_ = b.setup_black;
  initial_black_ = b.initial_black;
  out_->cycle = b.line_cycle;
  out_->repetitions = b.line_repetitions;
  out_->forfeit = b.line_forfeit;
  // Findings before the branch point belong to an earlier line.
  after_end_diag_ = repetition_diag_ = SIZE_MAX;
}

std::vector<LineReplay> Replayer::run_tree(const ReplayOptions &options) {
  std::vector<LineReplay> lines;
  std::vector<Branch> branches;
  std::vector<char> fresh(game_.nodes.size(), 1);
  std::vector<NodeIndex> path;
  // Sized for every node of the tree, so that the history never grows and undo() holds.
  reset(game_.nodes.size());
  journal_.clear();
  history_.journal(&journal_);
  branches_ = &branches;
  follow_record_ = options.follow_record;
  start_position();
  NodeIndex start = 0;
  for (bool whole_game = true;; whole_game = false) {
    LineState out;
    out_ = &out;
    report_ = whole_game ? nullptr : &fresh;
    if (!whole_game) {
      Branch &b = branches.back();
      start = b.next;
      const NodeIndex after = game_.nodes[start].next_sibling;
      resume(b, after == no_node, path);
      if (after == no_node)
        branches.pop_back();
      else
        b.next = after;
    }
    walk_main_line(path, whole_game, false, options, start);
    finish_line(whole_game);
    out_ = nullptr;
    for (NodeIndex n : path)
      fresh[n] = 0;
    const bool last = branches.empty();
    if (whole_game || options.line_per_variation)
      lines.push_back(LineReplay{path, last ? std::move(board_) : Board(board_), moves_,
                                 consecutive_passes_, consecutive_passes_ >= 2, out.cycle,
                                 out.repetitions, out.forfeit, std::move(out.diagnostics)});
    else
      std::move(out.diagnostics.begin(), out.diagnostics.end(),
                std::back_inserter(lines.front().diagnostics));
    if (last)
      break;
  }
  history_.journal(nullptr);
  branches_ = nullptr;
  return lines;
}

bool Replayer::going_round(uint32_t index, Color c, Loc l, bool allow_suicide) {
  // Where superko voids the move and the board is to stay as the rule says, the move that
  // comes back round is void on the spot: no cycle is played on from it.
  if (!follow_record_ && rules_.ko != KoRule::simple && rules_.illegal != IllegalMove::warning)
    return false;
  if (!cycle_.active) {
    std::optional<std::string> kind = cycle_kind(index, c, l, allow_suicide);
    if (!kind)
      return false;
    cycle_.active = true;
    cycle_.start = log_[index].move;
    cycle_.length = moves_ - cycle_.start;
    cycle_.kind = std::move(*kind);
  }
  cycle_.last_round = moves_;
  return true;
}

// A new position: the players have left the cycle when two whole turns of it have passed
// without a return (one side may vary its move inside a cycle, as with two ways to take a ko,
// or the players exchange a threat elsewhere, and be back in it a few moves later).
void Replayer::new_position() {
  if (moves_ - cycle_.last_round > 2 * cycle_.length)
    leave_cycle();
}

// Chinese competition rules, Article 11.3: "triple ko, quadruple ko, eternal life and like rare
// cycles that neither side will leave" may be judged a draw or replayed; Japanese rules
// (Article 12): no result. Both are about cycles in which each side captures in turn, not a
// single player's repetition (a suicide, a retaken ko), which the ko rules judge move by move.
std::optional<std::string> Replayer::cycle_kind(uint32_t index, Color c, Loc l,
                                                bool allow_suicide) {
  const int length = moves_ - log_[index].move;
  if (length <= 2)
    return std::nullopt; // a ko and its retake: the ko rule's business
  // Every turn is a play (a pass or a void move lets the other side end it) and no setup comes
  // between: told from the log before anything is replayed, so that a record that repeats an
  // early position at every move costs no replay per move.
  const LogEntry &last = log_.back();
  if (last.last_setup > static_cast<int32_t>(index) ||
      last.plays - log_[index].plays + 1 != static_cast<uint32_t>(length))
    return std::nullopt;
  if (!scratch_)
    scratch_.emplace(size_);
  Board &b = *scratch_;
  rebuild(b, index + 1);
  int captures[2] = {0, 0}; // moves that captured, by colour
  int single = 0, multiple = 0;
  std::vector<Loc> points; // where the moves of the cycle were played
  auto count = [&](const Board::Play &played, Color who, Loc at) {
    points.push_back(at);
    if (played.captured == 0)
      return;
    ++captures[static_cast<int>(who)];
    ++(played.captured == 1 ? single : multiple);
  };
  for (size_t i = index + 1; i < log_.size(); ++i) {
    const LogEntry &e = log_[i];
    if (e.op == Op::none)
      continue;
    const Color who = e.op == Op::play_black ? Color::black : Color::white;
    count(b.play_loc(e.loc, who, e.allow_suicide), who, e.loc);
  }
  count(b.play_loc(l, c, allow_suicide), c, l);
  // Both sides capture, and more than one ko: a ko retaken after a pass is one player's
  // repetition.
  std::sort(points.begin(), points.end());
  const int places = static_cast<int>(std::unique(points.begin(), points.end()) - points.begin());
  if (captures[0] == 0 || captures[1] == 0 || places <= 2)
    return std::nullopt;
  const int quiet = length - single - multiple;
  // Eternal life: each side throws in and captures two stones in turn; sending two, returning
  // one: two stones captured, one taken back.
  if (multiple > 0)
    return std::string(single == 0 ? "eternal life" : "sending two, returning one");
  if (quiet > 0)
    return std::string("long cycle");
  // Each ko of the cycle is taken at its two points in turn, however often it is taken.
  const int kos = places / 2;
  static constexpr const char *fold[] = {"triple ko", "quadruple ko", "quintuple ko",
                                         "sextuple ko"};
  if (kos >= 3 && kos <= 6)
    return std::string(fold[kos - 3]);
  return std::to_string(kos) + "-fold ko";
}

void Replayer::leave_cycle() {
  cycle_.active = false;
  const NodeIndex node = node_;
  for (HeldReport &h : cycle_.held) {
    node_ = h.node;
    if (h.code == "repetition") {
      Diagnostic *d = report(Severity::warning, h.code, std::move(h.message), h.move, h.pos);
      repetition_diag_ = d ? static_cast<size_t>(d - out_->diagnostics.data()) : SIZE_MAX;
    } else {
      illegal(h.color, std::move(h.code), std::move(h.message), h.move, h.pos);
    }
  }
  cycle_.held.clear();
  node_ = node;
}

// The line ends inside a cycle: one finding, what the rule set makes of it.
void Replayer::report_cycle() {
  cycle_.active = false;
  cycle_.at_end = true;
  if (cycle_.held.empty())
    return;
  HeldReport &first = cycle_.held.front();
  node_ = first.node;
  const std::string where =
      cycle_.kind + ": neither side leaves the cycle from " +
      (cycle_.start == 0 ? std::string("the start") : "move " + std::to_string(cycle_.start));
  if (rules_.ko == KoRule::simple) {
    report(Severity::warning, "cycle",
           where + "; " +
               (rules_.cycles_void
                    ? "no result under " + rule_name(rules_) + " rules"
                    : rule_name(rules_) + " rules forbid only the immediate retake of a ko and "
                                          "give no ruling on a cycle"),
           first.move, first.pos);
  } else if (rules_.illegal == IllegalMove::warning) {
    report(Severity::warning, "cycle", where + "; Article 11.3: a draw or a replay", first.move,
           first.pos);
  } else {
    // Superko forbids the move that first comes back round; the later ones follow from it.
    illegal(first.color, std::move(first.code), std::move(first.message) + " (" + where + ")",
            first.move, first.pos);
  }
  cycle_.held.clear();
}

// What the rules read in one node, decoded before the replay: the common node (one move at a
// point, nothing else the rules read) is played straight from here.
struct Replayer::Step {
  const Value *move; // the move's value, for play() and the reports
  NodeIndex node;
  Loc loc; // quiet steps only
  Color color;
  bool quiet; // one move at a point on the board (a-z), no setup, PL or clock
};

Replayer::Step Replayer::decode(NodeIndex n, bool whole_game, bool visiting) const {
  const Node &node = game_.nodes[n];
  Step step{nullptr, n, -1, Color::black, false};
  int n_moves = 0;
  bool other = visiting;
  for (const Property &prop : node.properties) {
    const std::string_view id = prop.id;
    if (id.size() == 1) {
      if (id[0] == 'B' || id[0] == 'W') {
        ++n_moves;
        step.color = id[0] == 'B' ? Color::black : Color::white;
        step.move = prop.values.empty() ? &no_value : &prop.values.front();
      }
    } else if (id.size() == 2) {
      const char a = id[0], b = id[1];
      const bool setup = a == 'A' && (b == 'B' || b == 'W' || b == 'E');
      const bool clock =
          ((a == 'B' || a == 'W') && b == 'L') || (a == 'O' && (b == 'B' || b == 'W'));
      other |= setup || (a == 'P' && b == 'L') || (whole_game && clock);
    }
  }
  if (n_moves != 1 || other)
    return step;
  step.loc = plain_loc(step.move->text);
  step.quiet = step.loc >= 0;
  return step;
}

Loc Replayer::plain_loc(const std::string &text) const {
  if (text.size() != 2)
    return -1;
  // Lower-case letters only (decode_point's a-z); the board check also rules out tt, which is
  // a pass only on boards where it is off the board.
  // (An earlier test of (x | y) >= 26 also turned away points such as qp, 16 | 15 = 31: one
  // move in ten went the slow way.)
  const unsigned x = static_cast<unsigned char>(text[0]) - 'a';
  const unsigned y = static_cast<unsigned char>(text[1]) - 'a';
  if (x >= plain_width_ || y >= plain_height_)
    return -1;
  return board_.loc({static_cast<int>(x), static_cast<int>(y)});
}

bool Replayer::slow_step(NodeIndex n, bool whole_game, bool visiting,
                         const ReplayOptions &options) {
  const Step s = decode(n, whole_game, visiting);
  if (!s.quiet)
    return node(n, whole_game, options);
  play_any(s.color, s.loc, *s.move);
  return true;
}

void Replayer::play_any(Color c, Loc l, const Value &v) {
  if (l < 0 || !play_quietly(c, l, v))
    play(c, v);
}

// The main line, walked as it is replayed. The common node, a single B or W at a point, is
// played inline, with every call of its path expanded in this loop (flatten); anything else (and
// a move play_quietly refuses) goes through the out-of-line steps. True when the visitor stopped.
[[gnu::flatten]] bool Replayer::walk_main_line(std::vector<NodeIndex> &line, bool whole_game,
                                               bool visiting, const ReplayOptions &options,
                                               NodeIndex start) {
  const Node *const nodes = game_.nodes.data();
  const size_t n_nodes = game_.nodes.size();
  line.reserve(n_nodes);
  for (NodeIndex n = start; n != no_node; n = nodes[n].first_child) {
    // A first child with siblings: the state after its parent is where they start.
    if (nodes[n].next_sibling != no_node && n != start && branches_) [[unlikely]]
      branch(line.size(), nodes[n].next_sibling);
    // The main line is mostly stored in order: ask for the nodes a few moves ahead now, so
    // that a tree not in cache (a big game, or one parsed long ago) is not read a line at a
    // time. A wrong guess costs nothing but the prefetch, and a prefetch never faults: past
    // the last node it needs no test (the address is computed as an integer, not a pointer).
    const uintptr_t ahead =
        reinterpret_cast<uintptr_t>(nodes) + (n + prefetch_ahead) * sizeof(Node);
    for (size_t b = 0; b < sizeof(Node); b += 64)
      __builtin_prefetch(reinterpret_cast<const void *>(ahead + b));
    line.push_back(n);
    node_ = n;
    const auto &props = nodes[n].properties;
    if (!visiting && props.size() == 1) {
      const Property &prop = props.front();
      const char c0 = prop.id.size() == 1 ? prop.id[0] : '\0';
      if ((c0 == 'B' || c0 == 'W') && !prop.values.empty()) {
        const Value &v = prop.values.front();
        const Color c = c0 == 'B' ? Color::black : Color::white;
        if (const Loc l = plain_loc(v.text); l >= 0) {
          if (!play_quietly(c, l, v))
            play(c, v);
          continue;
        }
      }
    }
    if (!slow_step(n, whole_game, visiting, options))
      return true;
  }
  return false;
}

LineReplay Replayer::run(std::vector<NodeIndex> line, const std::vector<char> *report,
                         bool whole_game, const ReplayOptions &options, bool last_line) {
  const bool main_line = line.empty();
  reset(main_line ? game_.nodes.size() : line.size());
  LineState out;
  out.line = std::move(line);
  out_ = &out;
  report_ = report;
  follow_record_ = options.follow_record;
  start_position();
  const bool visiting = static_cast<bool>(options.visit);
  bool stopped = false;
  if (main_line) {
    stopped = walk_main_line(out.line, whole_game, visiting, options);
  } else {
    for (NodeIndex n : out.line) {
      node_ = n;
      if (!slow_step(n, whole_game, visiting, options)) {
        stopped = true;
        break;
      }
    }
  }
  if (stopped)
    out.line.resize(static_cast<size_t>(std::find(out.line.begin(), out.line.end(), node_) -
                                        out.line.begin() + 1));
  finish_line(whole_game);
  out_ = nullptr;
  auto done = [&](Board &&board) {
    return LineReplay{
        std::move(out.line),       std::move(board), moves_,          consecutive_passes_,
        consecutive_passes_ >= 2,  out.cycle,        out.repetitions, out.forfeit,
        std::move(out.diagnostics)};
  };
  return last_line ? done(std::move(board_)) : done(Board(board_));
}

// Any node, property by property; false when the visitor stops the line.
bool Replayer::node(NodeIndex n, bool whole_game, const ReplayOptions &options) {
  const Node &node = game_.nodes[n];
  const Property *moves[2] = {nullptr, nullptr};
  int n_moves = 0;
  const Property *pl = nullptr;
  bool changed = false, clock_seen = false;
  for (const Property &prop : node.properties) {
    const std::string_view id = prop.id;
    if (id.size() == 1) {
      if ((id[0] == 'B' || id[0] == 'W') && n_moves < 2)
        moves[n_moves++] = &prop;
      continue;
    }
    if (id.size() != 2)
      continue;
    if (id[0] == 'A' && (id[1] == 'B' || id[1] == 'W' || id[1] == 'E')) {
      setup(prop, id[1] == 'B' ? Stone::black : id[1] == 'W' ? Stone::white : Stone::empty);
      changed = true;
    } else if (id == "PL") {
      pl = &prop;
    } else if (whole_game && (id == "BL" || id == "WL" || id == "OB" || id == "OW") &&
               !prop.values.empty()) {
      TimeState &t = clock_[id[0] == 'B' || id[1] == 'B' ? 0 : 1];
      (id[1] == 'L' ? t.time_left : t.periods_left) = &prop.values.front();
      t.node = n;
      t.move = -2; // set once the node's moves are counted
      t.pos = prop.values.front().pos;
      clock_seen = true;
    }
  }
  if (changed) {
    expected_.reset();
    ko_loc_ = -1;
  }
  if (pl && !pl->values.empty())
    if (auto c = to_color(pl->values.front().text))
      expected_ = *c;
  if (changed)
    record_position(expected_.value_or(first_mover(n)));
  for (int i = 0; i < n_moves; ++i) {
    const Property &prop = *moves[i];
    const Color c = prop.id[0] == 'B' ? Color::black : Color::white;
    const Value &v = prop.values.empty() ? no_value : prop.values.front();
    play_any(c, plain_loc(v.text), v);
  }
  if (clock_seen)
    for (TimeState &t : clock_)
      if (t.move == -2)
        t.move = moves_;
  if (!options.visit)
    return true;
  std::optional<Move> last;
  if (n_moves > 0) {
    const Property &prop = *moves[n_moves - 1];
    const Value &v = prop.values.empty() ? no_value : prop.values.front();
    Move m{prop.id[0] == 'B' ? Color::black : Color::white, is_pass(v.text, size_), {}};
    if (!m.pass)
      if (auto p = decode_point(v.text))
        m.point = *p;
    last = m;
  }
  return options.visit(Position{board_, n, moves_, last, expected_.value_or(Color::black)});
}

void Replayer::finish_line(bool whole_game) {
  LineState &out = *out_;
  // The line ends inside the cycle only when its last move came back round: a record that
  // goes on from a new position and stops (a resignation) left it.
  if (cycle_.active && moves_ != cycle_.last_round)
    leave_cycle();
  if (cycle_.active)
    report_cycle();
  if (after_end_ > 1 && after_end_diag_ != SIZE_MAX)
    out.diagnostics[after_end_diag_].message +=
        " (" + std::to_string(after_end_ - 1) + " more stones follow)";
  if (repetitions_ > 1 && repetition_diag_ != SIZE_MAX)
    out.diagnostics[repetition_diag_].message += "; " + std::to_string(repetitions_) +
                                                 " repeated positions, the last at move " +
                                                 std::to_string(last_repetition_move_);
  if (!whole_game)
    return;
  report_ = nullptr;
  // RE is read only when a finding needs it: most games have none.
  std::optional<sgf::Result> recorded;
  auto result = [&]() -> const sgf::Result & {
    if (!recorded)
      recorded = recorded_result(game_);
    return *recorded;
  };
  const Node &root = game_.root();

  // Handicap: HA against the black stones placed before White's first stone. A position set up
  // with white stones too (a problem, an engine test) has no handicap stones to count.
  if (handicap_ && !setup_position_) {
    const int placed = setup_black_ > 0 ? setup_black_ : initial_black_ >= 2 ? initial_black_ : 0;
    const long expected = *handicap_ >= 2 ? *handicap_ : 0;
    if (placed != expected && (white_has_moved_ || placed > expected)) {
      node_ = 0;
      const char *how = setup_black_ > 0 ? " handicap stones with AB" : " stones in a row";
      // Some servers' records leave out the AB of fixed handicap stones: say how to have them.
      const bool left_out = placed == 0 && !left_out_handicap(game_, size_).empty();
      report(
          Severity::error, "handicap-mismatch",
          "HA[" + std::to_string(*handicap_) + "] but Black placed " + std::to_string(placed) +
              (setup_black_ > 0 || placed > 0 ? how : " handicap stones") +
              " before White's first move" +
              (left_out ? " (--rule handicap-stones=fixed places them on the fixed points)" : ""),
          -1, value_pos(root, "HA"));
    }
  }

  // Clocks: a player at zero time with no period left should have lost on time.
  for (Color c : {Color::black, Color::white}) {
    const TimeState &t = clock_[static_cast<int>(c)];
    const std::optional<double> time_left = t.time_left ? to_real(t.time_left->text) : std::nullopt;
    const std::optional<long> periods_left =
        t.periods_left ? to_number(t.periods_left->text) : std::nullopt;
    if (!time_left || *time_left > 0 || (periods_left && *periods_left > 0))
      continue;
    if (result().winner == opponent(c) && result().ending == Ending::time)
      continue;
    node_ = t.node;
    const char l = c == Color::black ? 'B' : 'W';
    std::string clock = std::string(1, l) + "L[" + t.time_left->text + "]";
    if (periods_left)
      clock += std::string(" O") + l + "[" + t.periods_left->text + "]";
    report(Severity::warning, "time-loss",
           std::string(color_name(c)) + " is out of time (" + clock + ") but RE is " +
               (result().text.empty() ? std::string("missing") : "[" + result().text + "]"),
           t.move > 0 ? t.move : -1, t.pos);
  }

  // The result the rules decide against the one recorded.
  auto re_pos = [&root] { return value_pos(root, "RE"); };
  // A cycle the rules settle without a winner: no result (simple ko, when the rules say so) or a
  // draw or replay. Rules that give no ruling on a cycle leave any RE standing.
  const bool drawn_cycle =
      cycle_.at_end &&
      (rules_.ko == KoRule::simple ? rules_.cycles_void : rules_.illegal == IllegalMove::warning);
  if (!out.forfeit && !drawn_cycle)
    return;
  if (out.forfeit && result().winner == out.forfeit) {
    node_ = 0;
    report(Severity::error, "result-mismatch",
           std::string(color_name(*out.forfeit)) + " lost by " + forfeit_reason_ + " at move " +
               std::to_string(forfeit_move_) + " under " + rule_name(rules_) +
               " rules, but RE is [" + result().text + "]",
           -1, re_pos());
  } else if (drawn_cycle && !out.forfeit && result().winner) {
    node_ = 0;
    report(Severity::warning, "result-mismatch",
           "the game ends in a " + cycle_.kind + " from move " + std::to_string(cycle_.start) +
               ", which is " +
               (rules_.ko == KoRule::simple ? std::string("no result")
                                            : std::string("a draw or a replay (Article 11.3)")) +
               " under " + rule_name(rules_) + " rules, but RE is [" + result().text + "]",
           -1, re_pos());
  }
}

} // namespace

std::vector<Point> fixed_handicap_stones(const Game &game, const RuleSet &rules) {
  const std::optional<BoardSize> size = game.empty() ? std::nullopt : board_size_of(game);
  return size ? fixed_handicap_stones(game, rules, *size) : std::vector<Point>{};
}

RuleSet rules_for(const Game &game, const std::optional<RuleSet> &requested, Diagnostics &notes) {
  RuleSet rules;
  const Node *root = game.empty() ? nullptr : &game.root();
  const std::string *ru = root ? first_value(*root, "RU") : nullptr;
  if (requested) {
    rules = *requested;
  } else if (auto from_ru = ru ? preset_for_ru(to_simple_text(*ru)) : std::nullopt) {
    rules = *from_ru;
  } else {
    rules = *preset("chinese");
    Diagnostic &d = notes.emplace_back();
    d.severity = Severity::note;
    d.code = "rules-assumed";
    d.message =
        ru ? "RU[" + to_simple_text(*ru) + "] is not a known rule set: chinese rules assumed"
           : "no RU: chinese rules assumed";
    if (ru) {
      const Property *p = root->find("RU");
      d.pos = p->values.front().pos;
    }
    d.node = root ? 0 : -1;
  }
  if (root && !rules.komi_overridden)
    if (const std::string *km = first_value(*root, "KM"))
      if (auto komi = to_real(*km))
        rules.komi = *komi;
  // HA as validate reads it: no more stones than the board has points.
  const BoardSize size = board_size_of(game).value_or(BoardSize{});
  if (root)
    if (const std::string *ha = first_value(*root, "HA"))
      if (auto n = to_number(*ha); n && *n >= 0 && *n <= long{size.width} * size.height)
        rules.handicap = static_cast<int>(*n);
  return rules;
}

std::vector<LineReplay> replay(const Game &game, const RuleSet &rules,
                               const ReplayOptions &options) {
  std::vector<LineReplay> lines;
  if (game.empty())
    return lines;
  const std::optional<BoardSize> size = board_size_of(game);
  if (!size) {
    LineReplay &bad = lines.emplace_back();
    bad.line = game.main_line();
    Diagnostic &d = bad.diagnostics.emplace_back();
    d.code = "board-size";
    const Property *sz = game.root().find("SZ");
    d.message = "SZ[" + (sz && !sz->values.empty() ? sz->values.front().text : std::string()) +
                "] is not a board from 1x1 to 52x52: the game is not replayed";
    d.pos = value_pos(game.root(), "SZ");
    d.node = 0;
    return lines;
  }
  Replayer replayer(game, rules, *size);
  if (!options.variations) {
    lines.push_back(replayer.run({}, nullptr, true, options, true));
    return lines;
  }
  // A visitor sees every line from the root, each node again on each line through it.
  if (!options.visit)
    return replayer.run_tree(options);
  lines.push_back(replayer.run({}, nullptr, true, options, false));
  const std::vector<NodeIndex> main = lines.front().line;
  std::vector<char> fresh(game.nodes.size(), 1);
  for (NodeIndex n : main)
    fresh[n] = 0;
  const NodeIndex main_leaf = main.back();
  std::vector<NodeIndex> line;
  for (NodeIndex leaf = 0; leaf < game.nodes.size(); ++leaf) {
    if (game.nodes[leaf].first_child != no_node || leaf == main_leaf)
      continue;
    line.clear();
    for (NodeIndex n = leaf; n != no_node; n = game.nodes[n].parent)
      line.push_back(n);
    std::reverse(line.begin(), line.end());
    lines.push_back(replayer.run(line, &fresh, false, options, false));
    for (NodeIndex n : line)
      fresh[n] = 0;
  }
  return lines;
}

Board position_after(const Game &game, const std::vector<NodeIndex> &line, const RuleSet &rules) {
  const std::optional<BoardSize> size = game.empty() ? std::nullopt : board_size_of(game);
  if (!size)
    return Board();
  if (line.empty())
    return Board(*size);
  Replayer replayer(game, rules, *size);
  std::vector<char> silent(game.nodes.size(), 0);
  return replayer.run(line, &silent, false, {}, true).board;
}

} // namespace sgf::rules

// The ncurses screen of `sgf view`: the board on the left, a panel with the game, the move, the
// comment and `sgf check`'s findings on the right, a status line at the bottom.
#include "tools/view/screen.h"

#include "lib/batch/output.h"
#include "lib/render/cairo.h"
#include "lib/render/svg.h"
#include "lib/rules/profile.h"
#include "lib/rules/replay.h"
#include "lib/sgf/text.h"
#include "lib/sgf/values.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <langinfo.h>
#include <locale.h>
#include <map>
#include <ncurses.h>
#include <unistd.h>

namespace sgf::tools {

namespace {

volatile std::sig_atomic_t stop_signal = 0;

extern "C" void on_stop_signal(int sig) {
  stop_signal = sig;
}

// Restores the terminal however the viewer ends (return, exception, signal flag).
class Curses {
public:
  Curses() {
    // The keys come from the terminal, which standard input is not when it holds the record
    // (`sgf view - < game.sgf`).
    if (isatty(STDIN_FILENO)) {
      initscr();
    } else if ((keys_ = std::fopen("/dev/tty", "r"))) {
      screen_ = newterm(nullptr, stdout, keys_);
      if (screen_)
        set_term(screen_);
    }
    ok_ = stdscr != nullptr;
    if (!ok_)
      return;
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    timeout(150); // getch returns now and then, so that a signal's flag is seen
    const char *no_colour = std::getenv("NO_COLOR"); // no-color.org: set and non-empty
    colour_ = has_colors() && !(no_colour && *no_colour);
    if (colour_) {
      start_color();
      use_default_colors();
      init_pair(board_pair, COLOR_BLACK, COLOR_YELLOW);
      init_pair(white_pair, COLOR_WHITE, COLOR_YELLOW);
      init_pair(error_pair, COLOR_RED, -1);
      init_pair(title_pair, COLOR_CYAN, -1);
    }
    // After initscr, which installs ncurses' own handlers: the loop ends on the flag instead.
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    for (int sig : {SIGINT, SIGTERM, SIGHUP})
      sigaction(sig, &action, nullptr);
  }
  ~Curses() {
    if (ok_)
      endwin();
    if (screen_)
      delscreen(screen_);
    if (keys_)
      std::fclose(keys_);
  }
  Curses(const Curses &) = delete;
  Curses &operator=(const Curses &) = delete;
  bool ok() const { return ok_; }
  bool colour() const { return colour_; }
  static constexpr short board_pair = 1, white_pair = 2, error_pair = 3, title_pair = 4;

private:
  bool ok_ = false;
  bool colour_ = false;
  FILE *keys_ = nullptr;     // /dev/tty, when standard input is not the terminal
  SCREEN *screen_ = nullptr; // the screen on it
};

// Where the viewer is in the game tree and how to move through it.
class Navigator {
public:
  explicit Navigator(const Game &game) : game_(game) {}
  NodeIndex current() const { return current_; }
  void set(NodeIndex n) { current_ = n; }
  std::vector<NodeIndex> line() const {
    std::vector<NodeIndex> path;
    for (NodeIndex n = current_; n != no_node; n = game_.nodes[n].parent)
      path.push_back(n);
    std::reverse(path.begin(), path.end());
    return path;
  }
  // The line through the current node, continued by first children to its end.
  std::vector<NodeIndex> full_line() const {
    auto path = line();
    for (NodeIndex n = game_.nodes[current_].first_child; n != no_node;
         n = game_.nodes[n].first_child)
      path.push_back(n);
    return path;
  }
  int move_number() const { return moves_in(line()); }
  int total_moves() const { return moves_in(full_line()); }
  void next() {
    if (game_.nodes[current_].first_child != no_node)
      current_ = game_.nodes[current_].first_child;
  }
  void previous() {
    if (game_.nodes[current_].parent != no_node)
      current_ = game_.nodes[current_].parent;
  }
  void first() { current_ = 0; }
  void last() {
    while (game_.nodes[current_].first_child != no_node)
      current_ = game_.nodes[current_].first_child;
  }
  // The node of move n on the current line (0: the root); the last node when n is beyond it.
  void go_to(int n) {
    auto path = full_line();
    int moves = 0;
    current_ = path.front();
    for (NodeIndex node : path) {
      if (moves >= n)
        break;
      current_ = node;
      moves += has_move(game_.nodes[node]) ? 1 : 0;
    }
    if (moves < n)
      current_ = path.back();
  }
  void jump(int delta) { go_to(std::max(0, move_number() + delta)); }
  // The current node's siblings: the other moves played here in the record.
  std::vector<NodeIndex> siblings() const {
    NodeIndex parent = game_.nodes[current_].parent;
    return parent == no_node ? std::vector<NodeIndex>{current_} : game_.children(parent);
  }
  void sibling(int delta) {
    auto all = siblings();
    auto at = std::find(all.begin(), all.end(), current_) - all.begin();
    long to = std::clamp<long>(at + delta, 0, long(all.size()) - 1);
    current_ = all[size_t(to)];
  }

private:
  int moves_in(const std::vector<NodeIndex> &path) const {
    int moves = 0;
    for (NodeIndex n : path)
      moves += has_move(game_.nodes[n]) ? 1 : 0;
    return moves;
  }
  const Game &game_;
  NodeIndex current_ = 0;
};

struct Toggles {
  bool numbers = false;
  bool coordinates = false;
  bool big = false;
  bool help = false;
};

// The diagram of the current position, with move numbers on the stones when asked (the number
// of the move that put the stone there).
render::Layout position_layout(const Game &game, const std::vector<NodeIndex> &line,
                               const Toggles &t) {
  render::LayoutOptions lo;
  lo.move.kind = render::MoveSpec::Kind::last;
  lo.coordinates = t.coordinates;
  lo.last_move = true;
  render::Layout layout = render::make_layout(game, line, lo).layout;
  if (t.numbers) {
    const BoardSize size = layout.size;
    std::map<std::pair<int, int>, std::pair<int, Color>> placed;
    int number = 0;
    for (NodeIndex n : line) {
      if (!has_move(game.nodes[n]))
        continue;
      ++number;
      if (auto move = move_of(game.nodes[n], size); move && !move->pass)
        placed[{move->point.x, move->point.y}] = {number, move->color};
    }
    for (const auto &[xy, who] : placed) {
      render::Cell &cell = layout.at(Point{xy.first, xy.second});
      const auto stone = who.second == Color::black ? rules::Stone::black : rules::Stone::white;
      if (cell.stone == stone)
        cell.number = who.first;
    }
  }
  return layout;
}

std::string root_text(const Game &game, const char *id) {
  const std::string *raw = first_value(game.root(), id);
  return raw ? to_simple_text(*raw) : std::string();
}

// Words wrapped to `width` columns (code points; wide characters may overrun a little).
std::vector<std::string> wrap(const std::string &text, int width) {
  std::vector<std::string> lines;
  std::string line;
  int used = 0;
  auto flush = [&] {
    lines.push_back(line);
    line.clear();
    used = 0;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      flush();
      continue;
    }
    if ((c & 0xC0) != 0x80) {
      if (used >= width)
        flush();
      ++used;
    }
    line += char(c);
  }
  if (!line.empty())
    lines.push_back(line);
  return lines;
}

// The rules the record is replayed under, as sgf check replays it.
rules::RuleSet rules_of(const Game &game) {
  Diagnostics notes;
  return rules::rules_of_game(game, {}, notes).rules;
}

class Screen {
public:
  Screen(const ViewOptions &o, std::string_view record, const Game &game,
         const Diagnostics &findings, bool colour)
      : options_(o), record_(record), game_(game), nav_(game), colour_(colour),
        rules_(rules_of(game)) {
    for (const Diagnostic &d : findings)
      if (d.game == o.game && d.node >= 0)
        findings_[NodeIndex(d.node)].push_back(d);
    const char *codeset = nl_langinfo(CODESET);
    unicode_ = !o.ascii && codeset && std::string_view(codeset) == "UTF-8";
  }
  Navigator &nav() { return nav_; }

  void draw() {
    erase();
    const auto line = nav_.line();
    const render::Layout layout = position_layout(game_, line, toggles_);
    const int cell = toggles_.big ? 4 : (toggles_.numbers ? 3 : 2);
    const int board_w = 3 + layout.size.width * cell + (toggles_.coordinates ? 3 : 0);
    const int board_h = layout.size.height + (toggles_.coordinates ? 2 : 0);
    if (COLS < board_w || LINES < board_h + 1) {
      mvprintw(0, 0, "terminal too small: %dx%d, need %dx%d", COLS, LINES, board_w, board_h + 1);
      if (toggles_.big || toggles_.numbers)
        mvprintw(1, 0, "press b or n to go back to the small board");
      refresh();
      return;
    }
    draw_board(layout, cell);
    draw_panel(layout, board_w + 1, line);
    draw_status();
    if (toggles_.help)
      draw_help();
    refresh();
  }

  // Returns false when the user quits.
  bool key(int ch) {
    if (toggles_.help) {
      toggles_.help = false;
      return true;
    }
    message_.clear();
    switch (ch) {
    case 'q':
    case 'Q':
    case 27: // Esc
      return false;
    case KEY_RIGHT:
    case 'l':
    case ' ':
      nav_.next();
      break;
    case KEY_LEFT:
    case 'h':
    case KEY_BACKSPACE:
      nav_.previous();
      break;
    case KEY_HOME:
    case '0':
    case '^':
      nav_.first();
      break;
    case KEY_END:
    case '$':
    case 'G':
      nav_.last();
      break;
    case KEY_NPAGE:
    case 'L':
      nav_.jump(10);
      break;
    case KEY_PPAGE:
    case 'H':
      nav_.jump(-10);
      break;
    case KEY_UP:
    case 'k':
      nav_.sibling(-1);
      break;
    case KEY_DOWN:
    case 'j':
      nav_.sibling(1);
      break;
    case 'n':
      toggles_.numbers = !toggles_.numbers;
      break;
    case 'c':
      toggles_.coordinates = !toggles_.coordinates;
      break;
    case 'b':
      toggles_.big = !toggles_.big;
      break;
    case '?':
      toggles_.help = true;
      break;
    case 'g':
      if (auto n = prompt("go to move: ", ""); n && !n->empty()) {
        if (auto number = to_number(*n); number && *number >= 0)
          nav_.go_to(int(std::min<long>(*number, 100000)));
        else
          message_ = "not a move number: " + *n;
      }
      break;
    case 's':
      screenshot();
      break;
    default:
      break;
    }
    return true;
  }

private:
  void draw_board(const render::Layout &layout, int cell) {
    const int top = toggles_.coordinates ? 1 : 0;
    const int left = 3;
    const std::vector<Point> stars = layout.star_points;
    if (toggles_.coordinates)
      for (int x = 0; x < layout.size.width; ++x) {
        mvaddstr(0, left + x * cell, render::column_name(x).c_str());
        mvaddstr(top + layout.size.height, left + x * cell, render::column_name(x).c_str());
      }
    for (int y = 0; y < layout.size.height; ++y) {
      const std::string row = render::row_name(y, layout.size.height);
      mvprintw(top + y, 0, "%2s", row.c_str());
      if (toggles_.coordinates)
        mvprintw(top + y, left + layout.size.width * cell, "%s", row.c_str());
      for (int x = 0; x < layout.size.width; ++x) {
        const Point p{x, y};
        const render::Cell &c = layout.at(p);
        const bool star = std::find(stars.begin(), stars.end(), p) != stars.end();
        draw_point(layout, p, c, star, top + y, left + x * cell, cell);
      }
    }
  }

  void draw_point(const render::Layout &layout, Point p, const render::Cell &c, bool star, int row,
                  int col, int cell) {
    std::string symbol;
    attr_t attributes = A_NORMAL;
    short pair = colour_ ? Curses::board_pair : 0;
    if (c.stone == rules::Stone::black || c.stone == rules::Stone::white) {
      const bool black = c.stone == rules::Stone::black;
      if (c.number) {
        symbol = std::to_string(c.number);
        if (!toggles_.big && int(symbol.size()) >= cell)
          symbol = symbol.substr(symbol.size() - size_t(cell - 1));
        // Black's numbers in reverse video, White's plain: the colour stays readable.
        attributes |= black ? A_REVERSE : A_BOLD;
      } else if (unicode_)
        symbol = black ? "●" : "○";
      else
        symbol = black ? "X" : "O";
      if (colour_ && !black)
        pair = Curses::white_pair;
      if (c.last_move)
        attributes |= A_UNDERLINE;
      attributes |= A_BOLD;
    } else if (unicode_) {
      const bool top = p.y == 0, bottom = p.y == layout.size.height - 1;
      const bool left = p.x == 0, right = p.x == layout.size.width - 1;
      symbol = top      ? (left    ? "┌"
                           : right ? "┐"
                                   : "┬")
               : bottom ? (left    ? "└"
                           : right ? "┘"
                                   : "┴")
               : left   ? "├"
               : right  ? "┤"
               : star   ? "╋"
                        : "┼";
    } else
      symbol = star ? "+" : ".";
    const bool right_edge = p.x == layout.size.width - 1;
    const std::string filler = unicode_ && !right_edge ? "─" : " ";
    std::string text = symbol;
    int width = int(c.number ? symbol.size() : 1);
    for (; width < cell; ++width)
      text += right_edge ? " " : filler;
    if (pair)
      attron(COLOR_PAIR(pair));
    attron(attributes);
    mvaddstr(row, col, text.c_str());
    attroff(attributes);
    if (pair)
      attroff(COLOR_PAIR(pair));
  }

  void draw_panel(const render::Layout &layout, int col, const std::vector<NodeIndex> &line) {
    const int width = COLS - col - 1;
    if (width < 12)
      return;
    int row = 0;
    auto put = [&](const std::string &text, attr_t a = A_NORMAL, short pair = 0) {
      if (row >= LINES - 1)
        return;
      if (pair && colour_)
        attron(COLOR_PAIR(pair));
      attron(a);
      for (const std::string &piece : wrap(text, width)) {
        if (row >= LINES - 1)
          break;
        mvaddnstr(row++, col, piece.c_str(), -1);
      }
      attroff(a);
      if (pair && colour_)
        attroff(COLOR_PAIR(pair));
    };
    auto player = [&](const char *side, const char *name, const char *rank) {
      std::string who = root_text(game_, name);
      std::string r = root_text(game_, rank);
      return std::string(side) + " " + (who.empty() ? "?" : who) + (r.empty() ? "" : " " + r);
    };
    put(player(unicode_ ? "●" : "X", "PB", "BR"), A_BOLD);
    put(player(unicode_ ? "○" : "O", "PW", "WR"), A_BOLD);
    const std::string result = root_text(game_, "RE");
    if (!result.empty())
      put("Result " + result);
    const Node &node = game_.nodes[nav_.current()];
    std::string move_text = fmt::format("Move {}/{}", nav_.move_number(), nav_.total_moves());
    if (auto move = move_of(node, layout.size))
      move_text +=
          fmt::format(" {} {}", letter(move->color),
                      move->pass ? std::string("pass") : point_name(move->point, layout.size));
    put(move_text);
    const auto siblings = nav_.siblings();
    if (siblings.size() > 1) {
      auto at = std::find(siblings.begin(), siblings.end(), nav_.current()) - siblings.begin();
      put(fmt::format("Variation {}/{} (up/down)", at + 1, siblings.size()));
    }
    const rules::Board board = rules::position_after(game_, line, rules_);
    put(fmt::format("Captures B {}  W {}", board.captured_stones(Color::white),
                    board.captured_stones(Color::black)));
    if (auto found = findings_.find(nav_.current()); found != findings_.end())
      for (const Diagnostic &d : found->second)
        put(fmt::format("{} {}: {}", d.severity == Severity::error ? "error" : "warning", d.code,
                        d.message),
            A_BOLD, Curses::error_pair);
    if (const std::string *comment = first_value(node, "C")) {
      ++row;
      put(to_text(*comment));
    }
  }

  void draw_status() {
    std::string line = message_.empty()
                           ? std::string("? help  q quit  ←/→ move  g go to  s screenshot")
                           : message_;
    if (!unicode_)
      line = message_.empty() ? "? help  q quit  h/l move  g go to  s screenshot" : message_;
    attron(A_REVERSE);
    mvaddnstr(LINES - 1, 0, line.c_str(), COLS - 1);
    attroff(A_REVERSE);
  }

  void draw_help() {
    static const char *lines[] = {
        "Keys",
        "Right l Space   next move",
        "Left h          previous move",
        "Home 0 ^        first (the empty board)",
        "End $ G         last move",
        "PgDn L / PgUp H 10 moves forward / back",
        "Up k / Down j   previous / next variation here",
        "g N Enter       go to move N",
        "n               move numbers on the stones",
        "c               coordinates",
        "b               big board",
        "s               screenshot (.jpg .png .svg)",
        "q Esc           quit",
        "",
        "any key closes this help",
    };
    const int h = int(std::size(lines)) + 2, w = 48;
    WINDOW *box_window = newwin(std::min(h, LINES), std::min(w, COLS), 1, 2);
    if (!box_window)
      return;
    werase(box_window);
    box(box_window, '|', '-'); // plain characters: line drawing fails on some terminals
    for (int i = 0; i < int(std::size(lines)) && i + 1 < LINES - 1; ++i)
      mvwaddnstr(box_window, i + 1, 2, lines[i], w - 4);
    wnoutrefresh(stdscr);
    wnoutrefresh(box_window);
    doupdate();
    delwin(box_window);
  }

  // A line typed on the status line; nothing when cancelled (Esc) or on a stop signal.
  std::optional<std::string> prompt(const std::string &question, std::string text) {
    curs_set(1);
    std::optional<std::string> answer;
    while (!stop_signal) {
      move(LINES - 1, 0);
      clrtoeol();
      mvaddnstr(LINES - 1, 0, (question + text).c_str(), COLS - 1);
      refresh();
      int ch = getch();
      if (ch == ERR)
        continue;
      if (ch == '\n' || ch == KEY_ENTER || ch == '\r') {
        answer = text;
        break;
      }
      if (ch == 27)
        break;
      if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
        while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80)
          text.pop_back();
        if (!text.empty())
          text.pop_back();
      } else if (ch == 21) // Ctrl-U
        text.clear();
      else if (ch >= 32 && ch < 256)
        text += char(ch);
    }
    curs_set(0);
    return answer;
  }

  void screenshot() {
    // Named after the record (an archive member's own name), or "game" for standard input.
    const std::string stem =
        record_ == "<stdin>" ? "game" : std::filesystem::path(record_).stem().string();
    const std::string suggested = fmt::format("{}-{}.jpg", stem, nav_.move_number());
    auto name = prompt("screenshot file (.jpg .png .svg): ", suggested);
    if (!name)
      return;
    if (name->empty())
      *name = suggested;
    const std::string ext = ascii_lower(std::filesystem::path(*name).extension().string());
    const render::Layout layout = position_layout(game_, nav_.line(), toggles_);
    render::Encoded data;
    if (ext == ".jpg" || ext == ".jpeg")
      data = render::render_jpg(layout, 800);
    else if (ext == ".png")
      data = render::render_png(layout, 800);
    else if (ext == ".svg")
      data.bytes = render::render_svg(layout, 800);
    else {
      message_ = "screenshot: the name must end in .jpg, .png or .svg: " + *name;
      return;
    }
    if (!data.ok()) {
      message_ = "screenshot: " + data.error;
      return;
    }
    // Never over a file: the name is often the suggested one, given with a single key.
    batch::WriteOptions keep;
    keep.keep_existing = true;
    if (auto err = batch::write_output(*name, data.bytes, keep)) {
      message_ = err->code == "exists" ? "screenshot: " + *name + " exists: not replaced"
                                       : "screenshot: " + *name + ": " + err->message;
      return;
    }
    message_ = "screenshot written: " + *name;
  }

  const ViewOptions &options_;
  std::string record_;
  const Game &game_;
  Navigator nav_;
  bool colour_;
  bool unicode_ = false;
  Toggles toggles_;
  std::map<NodeIndex, Diagnostics> findings_;
  rules::RuleSet rules_; // the record's, for the captures
  std::string message_;
};

} // namespace

int run_screen(const ViewOptions &o, std::string_view record, const Game &game,
               render::MoveSpec start, const Diagnostics &findings) {
  setlocale(LC_ALL, "");
  stop_signal = 0;
  Curses curses;
  if (!curses.ok()) {
    std::fprintf(stderr, "sgf view: cannot set up the terminal\n");
    return 2;
  }
  Screen screen(o, record, game, findings, curses.colour());
  Navigator &nav = screen.nav();
  nav.last();
  const int total = nav.total_moves();
  switch (start.kind) {
  case render::MoveSpec::Kind::first:
    nav.first();
    break;
  case render::MoveSpec::Kind::number:
    nav.go_to(start.n);
    break;
  case render::MoveSpec::Kind::back:
    nav.go_to(std::max(0, total - start.n));
    break;
  case render::MoveSpec::Kind::last:
    break;
  }
  screen.draw();
  while (!stop_signal) {
    const int ch = getch();
    if (ch == ERR)
      continue;
    if (!screen.key(ch))
      break;
    screen.draw();
  }
  return 0;
}

} // namespace sgf::tools

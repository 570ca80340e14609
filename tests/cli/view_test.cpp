// `sgf view` as a person uses it: driven in tmux (send-keys, capture-pane) through a real game of
// the corpus, its screen compared with `sgf render` at the same move, its screenshot decoded and
// compared stone by stone, and the terminal checked after SIGINT and SIGTERM.
#include "tests/cli/cli_support.h"

#include "lib/render/draw.h"
#include "lib/render/layout.h"
#include "parsers/sgf/parse.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <jpeglib.h>
#include <thread>

namespace sgf::testing_support {
namespace {

const char *game_path =
    "counted/ai_computer-go-dataset/AI/AlphaGo 2.0/AG vs AG - G55 - English.sgf";

// The board rows of an ASCII screen or `sgf render` text: row 19 first, one character a point
// ('X', 'O' or '.'; star points are '.').
std::vector<std::string> board_rows(const std::string &text, bool screen) {
  std::vector<std::string> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (screen) { // "19 X . O ..." with the panel on the right
      if (line.size() < 3 + 37 || !std::isdigit(static_cast<unsigned char>(line[1])))
        continue;
      line = line.substr(3, 37);
    }
    std::string row;
    for (size_t i = 0; i < line.size(); i += 2)
      row += line[i] == '+' ? '.' : line[i];
    if (row.size() == 19)
      rows.push_back(row);
  }
  return rows;
}

class ViewInTmux : public CliTest {
protected:
  void SetUp() override {
    CliTest::SetUp();
    source_ = std::filesystem::path(SGF_CORPUS) / game_path;
    if (!std::filesystem::exists(source_))
      GTEST_SKIP() << "corpus absent: " << source_;
    if (std::system("tmux -V >/dev/null 2>&1") != 0)
      GTEST_SKIP() << "tmux absent";
    std::filesystem::copy_file(source_, dir_ / "game.sgf");
    socket_ = "sgf-view-test-" + std::to_string(::getpid()) + "-" +
              testing::UnitTest::GetInstance()->current_test_info()->name();
  }
  void TearDown() override {
    if (!socket_.empty())
      shell("tmux -L '" + socket_ + "' kill-server");
    CliTest::TearDown();
  }
  // Starts the viewer in an 80x24 pane; after it ends the pane prints its status and the
  // terminal's settings.
  void start(const std::string &arguments, const std::string &file = "game.sgf") {
    std::string inner = "cd '" + dir_.string() +
                        "' && TERM=screen LANG=C.UTF-8 '" SGF_EXE "' view " + file + " " +
                        arguments + "; echo EXITED $?; stty -a; sleep 60";
    Outcome run = shell("tmux -L '" + socket_ + "' new-session -d -x 80 -y 24 \"" + inner + "\"");
    ASSERT_EQ(run.status, 0) << run.err;
  }
  std::string screen() { return shell("tmux -L '" + socket_ + "' capture-pane -p").out; }
  void keys(const std::string &keys) { shell("tmux -L '" + socket_ + "' send-keys " + keys); }
  // Waits up to ten seconds for the screen to show `text`.
  bool wait_for(const std::string &text) {
    return eventually([&] { return screen().find(text) != std::string::npos; });
  }
  // The board rows on the screen once they are `expected`, else after ten seconds as they are
  // then: a capture can fall between two writes of one redraw, after the panel and before the
  // last rows.
  std::vector<std::string> board_once_drawn(const std::vector<std::string> &expected) {
    std::vector<std::string> rows;
    eventually([&] { return (rows = board_rows(screen(), true)) == expected; });
    return rows;
  }
  template <class Condition> static bool eventually(Condition condition) {
    for (int i = 0; i < 100; ++i) {
      if (condition())
        return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }
  int viewer_pid() {
    const int pane =
        std::atoi(shell("tmux -L '" + socket_ + "' display -p '#{pane_pid}'").out.c_str());
    if (pane <= 0)
      return -1;
    const int pid = std::atoi(shell("pgrep -P " + std::to_string(pane) + " sgf").out.c_str());
    return pid > 0 ? pid : -1; // never 0: kill(0) would signal this test's own process group
  }
  std::filesystem::path source_;
  std::string socket_;
};

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
};

std::optional<Image> decode_jpeg(const std::string &bytes) {
  jpeg_decompress_struct info{};
  jpeg_error_mgr errors{};
  info.err = jpeg_std_error(&errors);
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, reinterpret_cast<const unsigned char *>(bytes.data()), bytes.size());
  if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK) {
    jpeg_destroy_decompress(&info);
    return std::nullopt;
  }
  info.out_color_space = JCS_RGB;
  jpeg_start_decompress(&info);
  Image image{int(info.output_width), int(info.output_height), {}};
  image.rgb.resize(size_t(image.width) * size_t(image.height) * 3);
  while (info.output_scanline < info.output_height) {
    unsigned char *row = image.rgb.data() + size_t(info.output_scanline) * size_t(image.width) * 3;
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return image;
}

TEST_F(ViewInTmux, ReplayToMove100NumbersScreenshotAndSigint) {
  start("--ascii --move first");
  ASSERT_TRUE(wait_for("Move 0/313")) << screen();
  keys("g 1 0 0 Enter");
  ASSERT_TRUE(wait_for("Move 100/313")) << screen();
  const Outcome render =
      shell("'" SGF_EXE "' render '" + (dir_ / "game.sgf").string() + "' --move 100");
  const auto expected = board_rows(render.out, false);
  ASSERT_EQ(expected.size(), 19u) << render.out;
  EXPECT_EQ(board_once_drawn(expected), expected) << screen();

  // Back and forth: two forward, one back, ten back, ten forward, one back.
  keys("l l h");
  ASSERT_TRUE(wait_for("Move 101/313")) << screen();
  keys("H");
  ASSERT_TRUE(wait_for("Move 91/313")) << screen();
  keys("PageDown");
  ASSERT_TRUE(wait_for("Move 101/313")) << screen();
  keys("Left");
  ASSERT_TRUE(wait_for("Move 100/313")) << screen();
  EXPECT_EQ(board_once_drawn(expected), expected) << screen();

  // Numbers on the stones: move 100 (White K17) shows its last two digits, then back.
  keys("n");
  ASSERT_TRUE(wait_for("17 .  .  .  .  ")) << screen();
  EXPECT_TRUE(wait_for("00 ")) << screen();
  keys("n");
  ASSERT_TRUE(wait_for("17 . . . . ")) << screen();
  EXPECT_EQ(board_once_drawn(expected), expected) << screen();

  // The screenshot: the suggested name, written through lib/render.
  keys("s Enter");
  ASSERT_TRUE(wait_for("screenshot written: game-100.jpg")) << screen();
  const auto image = decode_jpeg(read_file(dir_ / "game-100.jpg"));
  ASSERT_TRUE(image);
  EXPECT_EQ(image->width, 800);
  // Each point's colour in the image, a little off the centre (away from the grid lines and
  // the last-move mark), against the stones of `sgf render`.
  ParseResult parsed = parse_sgf(read_file(dir_ / "game.sgf"));
  render::LayoutOptions lo;
  lo.move = {render::MoveSpec::Kind::number, 100};
  lo.last_move = true;
  const render::Layout layout = render::make_layout(parsed.collection.games.at(0), lo).layout;
  const render::Geometry g = render::geometry(layout, 800);
  int compared = 0;
  for (int y = 0; y < 19; ++y)
    for (int x = 0; x < 19; ++x) {
      const int px = int(g.x(x, layout.window) + g.unit * 0.25);
      const int py = int(g.y(y, layout.window) + g.unit * 0.25);
      ASSERT_LT(py, image->height);
      const unsigned char *p = &image->rgb[(size_t(py) * size_t(image->width) + size_t(px)) * 3];
      const int brightness = (p[0] + p[1] + p[2]) / 3;
      const char seen = brightness < 90 ? 'X' : std::min({p[0], p[1], p[2]}) > 190 ? 'O' : '.';
      EXPECT_EQ(seen, expected[size_t(y)][size_t(x)]) << "point " << x << "," << y;
      ++compared;
    }
  EXPECT_EQ(compared, 361);
  // The suggested name again: the first screenshot stays.
  const std::string first = read_file(dir_ / "game-100.jpg");
  keys("s Enter");
  ASSERT_TRUE(wait_for("game-100.jpg exists: not replaced")) << screen();
  EXPECT_EQ(read_file(dir_ / "game-100.jpg"), first);

  // SIGINT: the viewer ends and the terminal is back in its normal modes.
  const int pid = viewer_pid();
  ASSERT_GT(pid, 0);
  ::kill(pid, SIGINT);
  ASSERT_TRUE(wait_for("EXITED 0")) << screen();
  ASSERT_TRUE(wait_for(" icanon")) << screen(); // stty prints after the status
  const std::string after = screen();
  EXPECT_NE(after.find(" echo "), std::string::npos) << after;
  EXPECT_EQ(after.find("-icanon"), std::string::npos) << after;
  EXPECT_EQ(after.find("-echo "), std::string::npos) << after;
  EXPECT_EQ(shell("tmux -L '" + socket_ + "' display -p '#{alternate_on}'").out, "0\n");
}

TEST_F(ViewInTmux, SigtermAndHelpAndUnicode) {
  start("--move 50");
  ASSERT_TRUE(wait_for("Move 50/313")) << screen();
  EXPECT_TRUE(wait_for("●")) << screen();
  keys("?");
  ASSERT_TRUE(wait_for("go to move N")) << screen();
  keys("x End");
  ASSERT_TRUE(wait_for("Move 313/313")) << screen();
  // Resizes: too narrow for the board, then back.
  shell("tmux -L '" + socket_ + "' resize-window -x 40 -y 20");
  ASSERT_TRUE(wait_for("terminal too small")) << screen();
  shell("tmux -L '" + socket_ + "' resize-window -x 80 -y 24");
  ASSERT_TRUE(wait_for("Move 313/313")) << screen();
  keys("b");
  ASSERT_TRUE(wait_for("19 ┌───┬───┬")) << screen();
  const int pid = viewer_pid();
  ASSERT_GT(pid, 0);
  ::kill(pid, SIGTERM);
  ASSERT_TRUE(wait_for("EXITED 0")) << screen();
  ASSERT_TRUE(wait_for(" icanon")) << screen();
  EXPECT_EQ(screen().find("-icanon"), std::string::npos) << screen();
}

TEST_F(ViewInTmux, TheFindingsOfCheckAtTheMove) {
  // Move 189 of this record retakes a ko at once (sgf check: error "ko" at move 189).
  std::filesystem::copy_file(std::filesystem::path(SGF_GOLDEN_CASES) / "check-json-ko/input.sgf",
                             dir_ / "game.sgf", std::filesystem::copy_options::overwrite_existing);
  start("--ascii --move 188");
  ASSERT_TRUE(wait_for("Move 188/")) << screen();
  EXPECT_EQ(screen().find("error ko"), std::string::npos) << screen();
  keys("Right");
  ASSERT_TRUE(wait_for("Move 189/")) << screen();
  EXPECT_TRUE(wait_for("error ko: Black retakes the ko")) << screen();
  keys("q");
  ASSERT_TRUE(wait_for("EXITED 0")) << screen();
}

TEST_F(ViewInTmux, NotATerminalPrintsTheRenderText) {
  const std::string file = "'" + (dir_ / "game.sgf").string() + "'";
  Outcome view = shell("'" SGF_EXE "' view " + file + " --move 100 | cat");
  Outcome render = shell("'" SGF_EXE "' render " + file + " --move 100");
  EXPECT_EQ(view.status, 0) << view.err;
  EXPECT_EQ(view.out, render.out);
}

// The record is read as render reads it: another format, a collection's games counted from 0,
// standard input (the keys then come from the terminal).
TEST_F(ViewInTmux, ReadsItsInputAsRenderDoes) {
  const std::string gib = "'" + std::string(SGF_TESTDATA) + "/formats/utf8.gib'";
  Outcome view = shell("'" SGF_EXE "' view " + gib + " --move 30");
  EXPECT_EQ(view.status, 0) << view.err;
  EXPECT_EQ(view.out, shell("'" SGF_EXE "' render " + gib + " --move 30").out);
  EXPECT_NE(view.out.find('X'), std::string::npos) << view.out;

  std::ofstream(dir_ / "two.sgf") << read_file(dir_ / "game.sgf")
                                  << read_file(std::string(SGF_GOLDEN_CASES) +
                                               "/check-json-ko/input.sgf");
  const std::string two = "'" + (dir_ / "two.sgf").string() + "'";
  view = shell("'" SGF_EXE "' view " + two + " --game 1 --move 50");
  EXPECT_EQ(view.status, 0) << view.err;
  EXPECT_EQ(view.out, shell("'" SGF_EXE "' render " + two + " --game 1 --move 50").out);
  EXPECT_NE(view.out, shell("'" SGF_EXE "' view " + two + " --game 0 --move 50").out);
  view = shell("'" SGF_EXE "' view " + two + " --game 2");
  EXPECT_EQ(view.status, 2);
  EXPECT_NE(view.err.find("no game 2 (the record holds 2, numbered from 0)"), std::string::npos)
      << view.err;

  start("--ascii --move first < game.sgf", "-");
  ASSERT_TRUE(wait_for("Move 0/")) << screen();
  keys("Right");
  ASSERT_TRUE(wait_for("Move 1/")) << screen();
  keys("q");
  ASSERT_TRUE(wait_for("EXITED 0")) << screen();
}

} // namespace
} // namespace sgf::testing_support

// End-to-end cases of `sgf render`: formats from -o's extension, sizes checked with `file` and
// `pdftoppm`, --per-diagram file naming and PDF pages, errors and exit statuses.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/cli/cli_support.h"

using sgf::testing_support::CliTest;
using sgf::testing_support::Outcome;
using sgf::testing_support::read_file;

namespace {

namespace fs = std::filesystem;

class RenderCli : public CliTest {
protected:
  // Runs a shell command line from testdata/render with $SGF and $OUT set.
  Outcome in_testdata(const std::string &command) {
    return shell(std::string("cd '") + SGF_TESTDATA + "/render' && SGF='" + SGF_EXE + "' OUT='" +
                 dir_.string() + "' && " + command);
  }
  Outcome render(const std::string &args) { return in_testdata("\"$SGF\" render " + args); }
};

TEST_F(RenderCli, TextToStdoutByDefault) {
  Outcome r = render("nhk-newyear2002-4.sgf --move 36 --last-move");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, read_file(std::string(SGF_TESTDATA) + "/render/expected/nhk-move36.txt"));
}

TEST_F(RenderCli, FormatsFromTheExtensionAtTheRequestedSize) {
  Outcome r =
      render("triple-ko-1.sgf --move 150 --coords --last-move --size 640 -o \"$OUT/a.png\"");
  ASSERT_EQ(r.status, 0) << r.err;
  Outcome f = in_testdata("file -b \"$OUT/a.png\"");
  EXPECT_EQ(f.out.rfind("PNG image data, 640 x 640", 0), 0u) << f.out;

  r = render("triple-ko-1.sgf --size 300 -o \"$OUT/a.jpg\"");
  ASSERT_EQ(r.status, 0) << r.err;
  f = in_testdata("file -b \"$OUT/a.jpg\"");
  EXPECT_NE(f.out.find("JPEG image data"), std::string::npos) << f.out;
  EXPECT_NE(f.out.find("300x300"), std::string::npos) << f.out;

  r = render("triple-ko-1.sgf --size 500 -o \"$OUT/a.pdf\"");
  ASSERT_EQ(r.status, 0) << r.err;
  f = in_testdata("pdftoppm -r 72 -png \"$OUT/a.pdf\" \"$OUT/page\" && file -b \"$OUT\"/page*.png");
  EXPECT_EQ(f.status, 0) << f.err;
  EXPECT_EQ(f.out.rfind("PNG image data, 500 x 500", 0), 0u) << f.out;

  r = render("triple-ko-1.sgf -o \"$OUT/a.svg\"");
  ASSERT_EQ(r.status, 0) << r.err;
  f = in_testdata(
      "xmlstarlet val -q -w \"$OUT/a.svg\" && grep -c 'class=\"black-stone\"' \"$OUT/a.svg\"");
  EXPECT_EQ(f.status, 0) << f.err;
  Outcome txt = render("triple-ko-1.sgf");
  size_t black = 0;
  for (char c : txt.out)
    black += c == 'X';
  EXPECT_EQ(f.out, std::to_string(black) + "\n");
}

TEST_F(RenderCli, PerDiagramFilesAndPdfPages) {
  Outcome r = render("triple-ko-1.sgf --per-diagram 50 -o \"$OUT/game.svg\"");
  ASSERT_EQ(r.status, 0) << r.err;
  for (int i = 1; i <= 4; ++i)
    EXPECT_TRUE(fs::exists(dir_ / ("game-" + std::to_string(i) + ".svg"))) << i;
  EXPECT_FALSE(fs::exists(dir_ / "game-5.svg"));
  EXPECT_FALSE(fs::exists(dir_ / "game.svg"));
  const std::string last = read_file(dir_ / "game-4.svg");
  EXPECT_NE(last.find("moves 151-172"), std::string::npos);

  r = render("triple-ko-1.sgf --per-diagram 100 --restart-numbers -o \"$OUT/game.pdf\"");
  ASSERT_EQ(r.status, 0) << r.err;
  Outcome f = in_testdata("pdfinfo \"$OUT/game.pdf\" | grep '^Pages:'");
  EXPECT_NE(f.out.find(" 2"), std::string::npos) << f.out;

  Outcome t = render("triple-ko-1.sgf --per-diagram 100");
  EXPECT_EQ(t.status, 0);
  EXPECT_NE(t.out.find("moves 1-100"), std::string::npos);
  EXPECT_NE(t.out.find("moves 101-172"), std::string::npos);
  EXPECT_NE(t.out.find("152 at 106"), std::string::npos);
}

TEST_F(RenderCli, GameOfACollectionAndUnicodeKifu) {
  // Two records in one file: --game 1 draws the second (games count from 0, as in JSON).
  Outcome r =
      in_testdata("cat long-life.sgf nhk-newyear2002-4.sgf > \"$OUT/two.sgf\" && \"$SGF\" render "
                  "\"$OUT/two.sgf\" --game 1 --move 36 --last-move");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, read_file(std::string(SGF_TESTDATA) + "/render/expected/nhk-move36.txt"));
  EXPECT_EQ(render("nhk-newyear2002-4.sgf --game 1").status, 2); // one game: game 0
  // Unicode kifu: numbers sit on the lines, which run through the padding.
  r = render("minigo-880109.sgf --moves 1-20 --unicode");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("├──┼─20─13──┼──4──╋──┼──┤\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Black: odd numbers, White: even numbers\n"), std::string::npos);
}

TEST_F(RenderCli, UsageAndInputErrorsExitTwo) {
  EXPECT_EQ(render("nhk-newyear2002-4.sgf --move 99").status, 2);
  EXPECT_EQ(render("nhk-newyear2002-4.sgf --move sideways").status, 2);
  EXPECT_EQ(render("nhk-newyear2002-4.sgf --window A1:Z30").status, 2);
  EXPECT_EQ(render("nhk-newyear2002-4.sgf --game 2").status, 2);
  EXPECT_EQ(render("no-such-file.sgf").status, 2);
  EXPECT_EQ(render("triple-ko-1.sgf --per-diagram 50 --format png").status, 2);
  Outcome r = render("nhk-newyear2002-4.sgf -o /no/such/folder/x.png");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unwritable"), std::string::npos) << r.err;
  // A number below an option's least value says which is wanted.
  r = render("nhk-newyear2002-4.sgf --game -1");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--game: 0 or more wanted, not -1"), std::string::npos) << r.err;
  r = render("nhk-newyear2002-4.sgf --per-diagram 0");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--per-diagram: 1 or more wanted, not 0"), std::string::npos) << r.err;
}

// Image bytes never go to a terminal (script gives one); text and SVG do, and a pipe takes any.
TEST_F(RenderCli, ImagesAreNotWrittenToATerminal) {
  if (std::system("command -v script >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "no script(1) to give a terminal";
  const std::string on_a_terminal = std::string("script -qec \"'") + SGF_EXE + "' render ";
  for (const char *format : {"png", "jpg", "pdf"}) {
    Outcome tty =
        in_testdata(on_a_terminal + "nhk-newyear2002-4.sgf --format " + format + "\" /dev/null");
    EXPECT_EQ(tty.status, 2) << format;
    EXPECT_NE(tty.out.find("is not written to a terminal"), std::string::npos) << tty.out;
    EXPECT_EQ(tty.out.find("PNG"), std::string::npos);
    Outcome piped = render(std::string("nhk-newyear2002-4.sgf --format ") + format + " | wc -c");
    EXPECT_GT(std::stoi(piped.out), 1000) << format;
  }
  Outcome text = in_testdata(on_a_terminal + "nhk-newyear2002-4.sgf\" /dev/null");
  EXPECT_EQ(text.status, 0) << text.out;
}

// Render reads its input as every command does: a folder or an archive gives its first record
// (and says so when there are more), standard input too (named - or by no name), and the size limit
// holds.
TEST_F(RenderCli, FoldersAndArchivesGiveTheirFirstRecord) {
  const std::string expected =
      read_file(std::string(SGF_TESTDATA) + "/render/expected/nhk-move36.txt");
  Outcome r =
      in_testdata("mkdir \"$OUT/games\" && cp nhk-newyear2002-4.sgf \"$OUT/games/a.sgf\" && "
                  "cp triple-ko-1.sgf \"$OUT/games/b.sgf\" && \"$SGF\" render "
                  "\"$OUT/games\" --move 36 --last-move");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, expected);
  EXPECT_NE(r.err.find("holds more than one record: reading the first, " +
                       (dir_ / "games/a.sgf").string()),
            std::string::npos)
      << r.err;
  r = in_testdata("tar -czf \"$OUT/one.tgz\" nhk-newyear2002-4.sgf && \"$SGF\" render "
                  "\"$OUT/one.tgz\" --move 36 --last-move");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, expected);
  EXPECT_EQ(r.err, "");
  r = in_testdata("\"$SGF\" render - --move 36 --last-move <\"$OUT/one.tgz\"");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, expected);
  r = in_testdata("\"$SGF\" render --move 36 --last-move <nhk-newyear2002-4.sgf");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, expected);
  r = in_testdata("mkdir \"$OUT/empty\" && \"$SGF\" render \"$OUT/empty\"");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("no record to read"), std::string::npos) << r.err;
}

TEST_F(RenderCli, AnEndlessInputStopsAtTheSizeLimitInBoundedMemory) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves more address space than ulimit -v allows; the "
                  "release build runs this test";
#endif
  // 1 GB of address space: the 512 MiB limit fits, reading on past it would not.
  Outcome r = in_testdata("ulimit -v 1000000 && \"$SGF\" render /dev/zero");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("/dev/zero: error[unreadable]: cannot read: larger than the limit"),
            std::string::npos)
      << r.err;
}

TEST_F(RenderCli, WriteErrorsAndUnknownExtensionsExitTwo) {
  Outcome r = in_testdata("( \"$SGF\" render nhk-newyear2002-4.sgf >/dev/full )");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("error[unwritable]: cannot write standard output: No space left on device"),
            std::string::npos)
      << r.err;
  r = in_testdata("( \"$SGF\" render nhk-newyear2002-4.sgf --format png >/dev/full )");
  EXPECT_EQ(r.status, 2) << r.err;
  r = render("nhk-newyear2002-4.sgf -o \"$OUT/x.gif\"");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("names no format"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "x.gif"));
  EXPECT_EQ(render("nhk-newyear2002-4.sgf -o \"$OUT/diagram\"").status, 2);
  // --format says what to write whatever the name.
  r = render("nhk-newyear2002-4.sgf --format svg -o \"$OUT/x.gif\"");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_file(dir_ / "x.gif").rfind("<?xml", 0), 0u);
}

} // namespace

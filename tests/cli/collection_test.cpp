// The collection commands end to end: split then merge gives the same games back, split
// --variations gives one game per leaf, each replaying with exactly the findings of its line in the
// original, and split never overwrites.
#include "lib/collection/lines.h"
#include "lib/rules/replay.h"
#include "parsers/sgf/parse.h"
#include "tests/cli/cli_support.h"
#include "tests/support/text.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

using sgf::testing_support::CliTest;
using sgf::testing_support::Outcome;
using sgf::testing_support::read_file;

namespace sgf {
namespace {

using sgf::testing_support::occurrences;

namespace fs = std::filesystem;

const std::string exe = SGF_EXE;
const fs::path testdata = SGF_TESTDATA;

std::vector<fs::path> files_in(const fs::path &folder) {
  std::vector<fs::path> files;
  for (const auto &entry : fs::directory_iterator(folder))
    files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

class Collection : public CliTest {
protected:
  Outcome run(const std::string &args) {
    return shell("cd '" + dir_.string() + "' && '" + exe + "' " + args);
  }
};

TEST_F(Collection, SplitThenMergeGivesTheSameGames) {
  const std::string inputs = "'" + (testdata / "check").string() + "' '" +
                             (testdata / "collection").string() + "' '" +
                             (testdata / "check/sgfc-test.sgf").string() + "'";
  ASSERT_EQ(run("merge -q " + inputs + " -o all.sgf").status, 0);
  Outcome split = run("split -q -d parts all.sgf");
  ASSERT_EQ(split.status, 0) << split.err;
  ParseResult all = parse_sgf(read_file(dir_ / "all.sgf"));
  EXPECT_EQ(files_in(dir_ / "parts").size(), all.collection.games.size());
  EXPECT_GE(all.collection.games.size(), 15u);
  ASSERT_EQ(run("merge -q parts -o back.sgf").status, 0);
  EXPECT_EQ(read_file(dir_ / "back.sgf"), read_file(dir_ / "all.sgf"));
}

// The record has 20 leaves (19 variations beside the main line; counted in the file's
// brackets by hand).
TEST_F(Collection, SplitVariationsGivesOneGamePerLeafWithTheLinesFindings) {
  const fs::path record = testdata / "collection/fox-variations.sgf";
  Outcome split = run("split -q --variations -d lines '" + record.string() + "'");
  ASSERT_EQ(split.status, 0) << split.err;
  const std::vector<fs::path> files = files_in(dir_ / "lines");
  ASSERT_EQ(files.size(), 20u);

  ParseResult original = parse_sgf(read_file(record));
  const Game &game = original.collection.games.at(0);
  Diagnostics notes;
  const rules::RuleSet rule_set = rules::rules_for(game, std::nullopt, notes);
  rules::ReplayOptions every_line;
  every_line.variations = true;
  const auto lines = rules::replay(game, rule_set, every_line);
  const auto leaves = collection::leaves(game);
  ASSERT_EQ(leaves.size(), files.size());
  for (size_t k = 0; k < files.size(); ++k) {
    auto line = std::find_if(lines.begin(), lines.end(), [&](const rules::LineReplay &r) {
      return r.line.back() == leaves[k];
    });
    ASSERT_NE(line, lines.end());
    ParseResult piece = parse_sgf(read_file(files[k]));
    ASSERT_TRUE(piece.ok()) << files[k];
    const Game &alone = piece.collection.games.at(0);
    EXPECT_EQ(alone.nodes.size(), game.line_to(leaves[k]).size());
    const auto replayed = rules::replay(alone, rule_set).front();
    EXPECT_EQ(replayed.moves, line->moves) << files[k];
    ASSERT_EQ(replayed.diagnostics.size(), line->diagnostics.size()) << files[k];
    for (size_t d = 0; d < replayed.diagnostics.size(); ++d)
      EXPECT_EQ(replayed.diagnostics[d].code, line->diagnostics[d].code) << files[k];
  }
}

// `sgf convert -d` names files by split's rule (lib/collection/headers.h): the same
// placeholders, convert's old {N} and {FILE} as aliases; an existing file is numbered around.
TEST_F(Collection, ConvertNamesFilesBySplitsRule) {
  const std::string gibs = "'" + (testdata / "formats/utf8.gib").string() + "' '" +
                           (testdata / "formats/points.gib").string() + "'";
  Outcome first = run("convert -q -d out --name '{n}_{file}-{game}-{PB}' " + gibs);
  ASSERT_EQ(first.status, 0) << first.err;
  // PB[jy512] and PB[zxcv2358], each game the first of its record.
  EXPECT_EQ(first.out, "out/00001_utf8-1-jy512.sgf\nout/00002_points-1-zxcv2358.sgf\n");
  Outcome old_spelling = run("convert -q -d out --name '{n}_{FILE}-{N}-{PB}' " + gibs);
  ASSERT_EQ(old_spelling.status, 0) << old_spelling.err;
  EXPECT_EQ(old_spelling.out, "out/00001_utf8-1-jy512-2.sgf\nout/00002_points-1-zxcv2358-2.sgf\n");
  const std::string kept = read_file(dir_ / "out/00001_utf8-1-jy512.sgf");
  fs::resize_file(dir_ / "out/00001_utf8-1-jy512.sgf", 3);
  Outcome forced = run("convert -q --force -d out --name '{n}_{file}-{game}-{PB}' " + gibs);
  ASSERT_EQ(forced.status, 0) << forced.err;
  EXPECT_EQ(forced.out, first.out);
  EXPECT_EQ(read_file(dir_ / "out/00001_utf8-1-jy512.sgf"), kept);
}

// split takes its inputs as every command does: a NUL-separated list, a record of another
// format (written as SGF, as convert writes it), one share of a sharded run.
TEST_F(Collection, SplitReadsItsInputsAsEveryCommand) {
  const fs::path gib = testdata / "formats/utf8.gib", ngf = testdata / "formats/even.ngf";
  {
    std::ofstream list(dir_ / "list");
    list << gib.string() << '\0' << ngf.string() << '\0';
  }
  Outcome split = run("split -q -0 --files-from list -n '{PB}' -d out");
  ASSERT_EQ(split.status, 0) << split.err;
  ASSERT_EQ(std::count(split.out.begin(), split.out.end(), '\n'), 2) << split.out;
  EXPECT_TRUE(split.out.starts_with("out/jy512.sgf\n")) << split.out;
  Outcome converted = run("convert '" + gib.string() + "'");
  ASSERT_EQ(converted.status, 0) << converted.err;
  EXPECT_EQ(read_file(dir_ / "out/jy512.sgf"), converted.out);
  Outcome shares[2] = {
      run("split -q --shard 1/2 -d one '" + gib.string() + "' '" + ngf.string() + "'"),
      run("split -q --shard 2/2 -d two '" + gib.string() + "' '" + ngf.string() + "'")};
  EXPECT_EQ(std::count(shares[0].out.begin(), shares[0].out.end(), '\n') +
                std::count(shares[1].out.begin(), shares[1].out.end(), '\n'),
            2)
      << shares[0].out << shares[1].out;
}

// A record one of whose games cannot be turned is not written at all, and every such game is
// named: a quarter turn keeps the shape of no rectangular board.
TEST_F(Collection, TransformNamesEveryGameItCannotTurn) {
  std::ofstream(dir_ / "rect.sgf")
      << "(;GM[1]FF[4]SZ[19:9];B[aa])(;GM[1]FF[4]SZ[9];B[bb])(;GM[1]FF[4]SZ[13:9];B[cc])";
  Outcome turned = run("transform --rotate 90 rect.sgf");
  EXPECT_EQ(turned.status, 1);
  EXPECT_EQ(turned.out, "");
  EXPECT_NE(turned.err.find("a 19x9 board"), std::string::npos) << turned.err;
  EXPECT_NE(turned.err.find("a 13x9 board"), std::string::npos) << turned.err;
  EXPECT_EQ(run("transform --rotate 180 rect.sgf").status, 0);
}

TEST_F(Collection, SplitNumbersClashesAndNeverOverwrites) {
  const fs::path record = testdata / "collection/fox-variations.sgf";
  Outcome first = run("split --variations -n '{PB}' -d out '" + record.string() + "'");
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_TRUE(fs::exists(dir_ / "out/CGI.sgf"));
  EXPECT_TRUE(fs::exists(dir_ / "out/CGI-2.sgf"));
  EXPECT_TRUE(fs::exists(dir_ / "out/CGI-20.sgf"));
  const std::string before = read_file(dir_ / "out/CGI.sgf");
  fs::resize_file(dir_ / "out/CGI.sgf", 3);
  Outcome again = run("split -n '{PB}' -d out '" + record.string() + "'");
  EXPECT_EQ(again.status, 2);
  EXPECT_NE(again.err.find("not overwriting"), std::string::npos) << again.err;
  EXPECT_EQ(fs::file_size(dir_ / "out/CGI.sgf"), 3u);
  ASSERT_EQ(run("split --force -n '{PB}' -d out '" + record.string() + "'").status, 0);
  EXPECT_GT(read_file(dir_ / "out/CGI.sgf").size(), before.size());
}

// --force never writes into a folder the inputs are read from: split's 00002.sgf would replace
// the input 00002.sgf before it is read, losing its games.
TEST_F(Collection, ForceIntoTheInputsFolderIsRefused) {
  const std::string a = "'" + (testdata / "collection/globis08-6.sgf").string() + "'";
  const std::string b = "'" + (testdata / "collection/lg29-6.sgf").string() + "'";
  fs::create_directories(dir_ / "games");
  for (const char *name : {"00001.sgf", "00002.sgf", "00003.sgf"})
    ASSERT_EQ(run("merge " + a + " " + b + " -o games/" + name).status, 0);
  std::ofstream(dir_ / "list") << "games/00003.sgf\n";
  const auto before = files_in(dir_ / "games");
  for (const std::string command :
       {"split -q --force -d games games", "split -q --force -d games/deeper games",
        "convert -q --force -d games games/00001.sgf",
        "split -q --force -d games --files-from list"}) {
    Outcome refused = run(command);
    EXPECT_EQ(refused.status, 2) << command;
    EXPECT_NE(refused.err.find("a game written there could replace a record before it is read"),
              std::string::npos)
        << command << ": " << refused.err;
    EXPECT_EQ(files_in(dir_ / "games"), before) << command;
  }
  Outcome elsewhere = run("split -q --force -d parts games");
  EXPECT_EQ(elsewhere.status, 0) << elsewhere.err;
  EXPECT_EQ(files_in(dir_ / "parts").size(), 6u);
}

// A name in the folder held by a dangling symbolic link is held: split refuses it and convert
// numbers around it, and neither writes through the link to wherever it points. With --force a
// name the command chose replaces only a regular file: a link to a file elsewhere, a FIFO and a
// folder there are refused and left as they are (the FIFO not opened, which would wait forever).
TEST_F(Collection, SplitAndConvertNeverWriteThroughALinkInTheFolder) {
  const fs::path gib = testdata / "formats/utf8.gib";
  fs::create_directories(dir_ / "out");
  fs::create_symlink("../outside.sgf", dir_ / "out/jy512.sgf");
  Outcome split = run("split -n '{PB}' -d out '" + gib.string() + "'");
  EXPECT_EQ(split.status, 2);
  EXPECT_NE(split.err.find("not overwriting out/jy512.sgf"), std::string::npos) << split.err;
  Outcome converted = run("convert -q -d out --name '{PB}' '" + gib.string() + "'");
  ASSERT_EQ(converted.status, 0) << converted.err;
  EXPECT_EQ(converted.out, "out/jy512-2.sgf\n");
  EXPECT_FALSE(fs::exists(dir_ / "outside.sgf"));
  EXPECT_TRUE(fs::is_symlink(dir_ / "out/jy512.sgf"));

  std::ofstream(dir_ / "outside.sgf") << "precious";
  ASSERT_EQ(shell("cd '" + dir_.string() + "/out' && mkfifo fifo.sgf && mkdir folder.sgf").status,
            0);
  for (const char *name : {"jy512", "fifo", "folder"})
    for (const char *command : {"split", "convert"}) {
      Outcome forced = shell("cd '" + dir_.string() + "' && timeout 20 '" + exe + "' " + command +
                             " -q --force -d out -n '" + name + "' '" + gib.string() + "'");
      EXPECT_EQ(forced.status, 2) << command << " " << name << ": " << forced.err;
      EXPECT_NE(forced.err.find("a name the command chose replaces only a regular file"),
                std::string::npos)
          << forced.err;
    }
  EXPECT_EQ(read_file(dir_ / "outside.sgf"), "precious");
  EXPECT_TRUE(fs::is_symlink(dir_ / "out/jy512.sgf"));
  EXPECT_TRUE(fs::is_fifo(dir_ / "out/fifo.sgf"));
  EXPECT_TRUE(fs::is_directory(dir_ / "out/folder.sgf"));
}

// Runs at once into one folder, each naming every game alike: every game of every run is
// written, each under a name of its own, and no temporary file is left.
TEST_F(Collection, ConvertRunsAtOnceIntoOneFolderLoseNoGame) {
  const std::string gib = "'" + (testdata / "formats/utf8.gib").string() + "'";
  std::string inputs;
  for (int i = 0; i < 40; ++i)
    inputs += " " + gib;
  std::string runs;
  for (int i = 0; i < 4; ++i)
    runs += "'" + exe + "' convert -q -d out --name same" + inputs + " >/dev/null & ";
  ASSERT_EQ(shell("cd '" + dir_.string() + "' && { " + runs + "wait; }").status, 0);
  size_t files = 0, temporary = 0;
  for (const auto &entry : fs::directory_iterator(dir_ / "out")) {
    ++files;
    temporary += entry.path().filename().string().ends_with(".sgf-tmp");
    EXPECT_EQ(read_file(entry.path()).back(), '\n') << entry.path();
  }
  EXPECT_EQ(files, 160u);
  EXPECT_EQ(temporary, 0u);
}

// The Mlily Cup game filed twice (the second copy two moves short): --keep longest keeps the
// full record and --move-to moves the other away; without --move-to nothing is touched.
// Messages follow --format as every command's do: one JSON object per line with --format json,
// and the same findings as the text lines.
TEST_F(Collection, MergeWritesItsMessagesInTheFormatAsked) {
  const std::string record = "'" + (testdata / "check/sgfc-test.sgf").string() + "'";
  Outcome text = run("merge " + record + " -o text.sgf");
  Outcome json = run("merge --format json " + record + " -o json.sgf");
  ASSERT_EQ(text.status, 0) << text.err;
  ASSERT_EQ(json.status, 0) << json.err;
  EXPECT_EQ(read_file(dir_ / "json.sgf"), read_file(dir_ / "text.sgf"));
  std::vector<std::string> text_codes, json_codes;
  std::istringstream text_lines(text.err), json_lines(json.err);
  for (std::string line; std::getline(text_lines, line);)
    text_codes.push_back(line.substr(line.find('[') + 1, line.find(']') - line.find('[') - 1));
  for (std::string line; std::getline(json_lines, line);) {
    ASSERT_EQ(line.substr(0, 9), "{\"code\":\"") << line;
    json_codes.push_back(line.substr(9, line.find('"', 9) - 9));
  }
  EXPECT_GE(json_codes.size(), 3u);
  EXPECT_EQ(json_codes, text_codes);
}

// A collection on standard input (named -, or not named) is read once and its games 0 and 1
// compared, as two files are.
TEST_F(Collection, DiffComparesTheGamesOfACollectionOnStandardInput) {
  const std::string a = "'" + (testdata / "collection/globis08-6.sgf").string() + "'";
  const std::string b = "'" + (testdata / "collection/lg29-6.sgf").string() + "'";
  Outcome files = run("diff " + a + " " + b);
  Outcome piped = run("merge " + a + " " + b + " | '" + exe + "' diff -");
  ASSERT_EQ(files.status, 1) << files.err;
  ASSERT_EQ(piped.status, 1) << piped.err;
  const auto after_names = [](const std::string &text) {
    return text.substr(text.find('\n', text.find('\n') + 1));
  };
  EXPECT_EQ(piped.out.substr(0, piped.out.find('@')), "--- <stdin> game 0\n+++ <stdin> game 1\n");
  EXPECT_EQ(after_names(piped.out), after_names(files.out));
  Outcome unnamed = run("merge " + a + " " + b + " | '" + exe + "' diff"); // - by default
  EXPECT_EQ(unnamed.status, 1) << unnamed.err;
  EXPECT_EQ(unnamed.out, piped.out);
  Outcome twice = run("diff - - <" + a);
  EXPECT_EQ(twice.status, 2);
  EXPECT_NE(twice.err.find("standard input can be read only once"), std::string::npos) << twice.err;
}

TEST_F(Collection, DedupeMovesOnlyTheCopiesNotKept) {
  const fs::path dir = testdata / "collection";
  fs::copy_file(dir / "mlily04-6-two-moves-missing.sgf", dir_ / "a.sgf");
  fs::copy_file(dir / "mlily04-8.sgf", dir_ / "b.sgf");
  Outcome listed = run("dedupe --keep longest a.sgf b.sgf");
  EXPECT_EQ(listed.status, 1);
  EXPECT_EQ(listed.out, "near: 2 games\n"
                        "  near        a.sgf (149 moves; differs in RU WR)\n"
                        "  keep        b.sgf (151 moves)\n");
  EXPECT_TRUE(fs::exists(dir_ / "a.sgf"));
  Outcome here = run("dedupe -q --keep longest --move-to . a.sgf b.sgf"); // already there
  EXPECT_NE(here.err.find("a.sgf: note[left-in-place]: left in place: already in ."),
            std::string::npos)
      << here.err;
  EXPECT_TRUE(fs::exists(dir_ / "a.sgf"));
  EXPECT_FALSE(fs::exists(dir_ / "a-2.sgf"));
  Outcome moved = run("dedupe -q --keep longest --move-to dupes a.sgf b.sgf");
  EXPECT_EQ(moved.status, 1) << moved.err;
  EXPECT_FALSE(fs::exists(dir_ / "a.sgf"));
  EXPECT_TRUE(fs::exists(dir_ / "dupes/a.sgf"));
  EXPECT_TRUE(fs::exists(dir_ / "b.sgf"));
}

// An input that gives no game (an empty file, binary data) is an input dedupe could not read:
// status 2 whether or not the readable games hold duplicates, which are still listed; a record
// read in part is searched without changing the status.
// The file the kept game is read from is never deleted or moved, whether it is named twice
// (the same file, a folder given twice) or the kept name is a link to it: the game would be lost.
TEST_F(Collection, DedupeNeverDeletesTheFileOfTheKeptGame) {
  const fs::path game = testdata / "collection" / "globis08-6.sgf";
  fs::create_directories(dir_ / "games");
  fs::copy_file(game, dir_ / "games" / "x.sgf");
  Outcome twice = run("dedupe --delete games/x.sgf ./games/x.sgf");
  EXPECT_EQ(twice.status, 1) << twice.err;
  EXPECT_EQ(read_file(dir_ / "games" / "x.sgf"), read_file(game));
  EXPECT_NE(twice.err.find("left in place: the same file as the kept games/x.sgf"),
            std::string::npos)
      << twice.err;
  Outcome folder_twice = run("dedupe --move-to dupes games games");
  EXPECT_EQ(folder_twice.status, 1) << folder_twice.err;
  EXPECT_EQ(read_file(dir_ / "games" / "x.sgf"), read_file(game));
  EXPECT_FALSE(fs::exists(dir_ / "dupes" / "x.sgf"));
  fs::rename(dir_ / "games" / "x.sgf", dir_ / "games" / "b.sgf");
  fs::create_symlink("b.sgf", dir_ / "games" / "a.sgf"); // a.sgf, kept, reads b.sgf
  Outcome linked = run("dedupe --delete games");
  EXPECT_EQ(linked.status, 1) << linked.err;
  EXPECT_NE(linked.out.find("keep        games/a.sgf"), std::string::npos) << linked.out;
  EXPECT_EQ(read_file(dir_ / "games" / "a.sgf"), read_file(game));
}

TEST_F(Collection, DedupeFailsOnAnInputThatHoldsNoGame) {
  const fs::path dir = testdata / "collection";
  fs::copy_file(dir / "mlily04-6-two-moves-missing.sgf", dir_ / "a.sgf");
  fs::copy_file(dir / "mlily04-8.sgf", dir_ / "b.sgf");
  std::ofstream(dir_ / "empty.sgf").flush();
  std::ofstream(dir_ / "binary.sgf", std::ios::binary) << std::string("\177ELF\0\0\1", 7);
  const std::string record = read_file(dir / "globis08-6.sgf");
  std::ofstream(dir_ / "cut.sgf") << record.substr(0, record.size() / 2);
  EXPECT_EQ(run("dedupe a.sgf cut.sgf").status, 0);
  for (const char *bad : {"empty.sgf", "binary.sgf"}) {
    Outcome alone = run(std::string("dedupe cut.sgf ") + bad);
    EXPECT_EQ(alone.status, 2) << bad;
    EXPECT_NE(alone.err.find(std::string(bad) + ":1:1: error["), std::string::npos) << alone.err;
    Outcome with_duplicates = run(std::string("dedupe a.sgf b.sgf ") + bad);
    EXPECT_EQ(with_duplicates.status, 2) << bad;
    EXPECT_NE(with_duplicates.out.find("near: 2 games"), std::string::npos) << with_duplicates.out;
  }
}

// A collection past the node limit of one record (10,000,000), which the commands read a part at
// a time: 105 games of 100,031 nodes, the last with the first's moves.
constexpr int big_games = 105, big_empty_nodes = 100'000;

void write_big_collection(const fs::path &path) {
  std::ofstream out(path, std::ios::binary);
  for (int g = 0; g < big_games; ++g) {
    const int first = g == big_games - 1 ? 0 : g;
    out << "(;GM[1]FF[4]SZ[19]GN[g" << g << "]PB[Black]PW[White]RE[B+R];B["
        << char('a' + first % 19) << char('a' + first / 19) << "]";
    for (int m = 0; m < 30; ++m) // the same 30 moves on the far edge in every game
      out << (m % 2 ? ";B[" : ";W[") << char('a' + m % 15) << (m < 15 ? 'r' : 's') << "]";
    out << std::string(big_empty_nodes, ';') << ")\n";
  }
}

// Every game, under the record's game indices, and the last game compared with the first.
TEST_F(Collection, ReadingCommandsReadACollectionPastTheNodeLimit) {
  write_big_collection(dir_ / "big.sgf");
  Outcome info = run("info --fields game,GN big.sgf");
  EXPECT_EQ(info.status, 0) << info.err;
  const std::vector<std::string> rows = sgf::testing_support::lines_of(info.out);
  ASSERT_EQ(rows.size(), size_t(big_games) + 1) << info.err;
  EXPECT_EQ(rows.back(), "104\tg104");
  Outcome standings = run("standings big.sgf");
  EXPECT_EQ(standings.status, 0) << standings.err;
  EXPECT_NE(standings.out.find("   105   105     0"), std::string::npos) << standings.out;
  Outcome dedupe = run("dedupe big.sgf");
  EXPECT_EQ(dedupe.status, 1) << dedupe.err;
  EXPECT_NE(dedupe.out.find("big.sgf game 104"), std::string::npos) << dedupe.out;
  EXPECT_EQ(dedupe.err, "");
  Outcome report = run("report big.sgf -o big.html");
  EXPECT_EQ(report.status, 0) << report.err;
  const std::string page = read_file(dir_ / "big.html");
  EXPECT_NE(page.find(">104<"), std::string::npos); // the last game's row
  EXPECT_EQ(page.find("limit-exceeded"), std::string::npos);
  Outcome diff = run("diff big.sgf --games 0 104"); // one game of each part
  EXPECT_EQ(diff.status, 1) << diff.err;
  EXPECT_NE(diff.out.find("-GN[g0]\n+GN[g104]\n"), std::string::npos) << diff.out;
}

// Every node of every game written.
TEST_F(Collection, WritingCommandsWriteACollectionPastTheNodeLimit) {
  write_big_collection(dir_ / "big.sgf");
  Outcome fmt = run("fmt big.sgf");
  EXPECT_EQ(fmt.status, 0) << fmt.err;
  EXPECT_EQ(occurrences(fmt.out, "(;"), size_t(big_games));
  EXPECT_EQ(occurrences(fmt.out, ";"), size_t(big_games) * (big_empty_nodes + 32));
  Outcome convert = run("convert big.sgf");
  EXPECT_EQ(convert.status, 0) << convert.err;
  EXPECT_EQ(convert.out, fmt.out);
  Outcome merge = run("merge big.sgf");
  EXPECT_EQ(merge.status, 0) << merge.err;
  EXPECT_EQ(merge.out, fmt.out);
  // Text after the last game, read in the last part: its warning goes on the last game.
  std::ofstream(dir_ / "big.sgf", std::ios::app) << "\ntrailing text\n";
  Outcome annotate = run("annotate big.sgf");
  EXPECT_EQ(annotate.status, 0) << annotate.err;
  EXPECT_EQ(occurrences(annotate.out, "sgf annotate: score "), size_t(big_games));
  const size_t warning = annotate.out.find("text after the last game ignored");
  EXPECT_NE(warning, std::string::npos);
  EXPECT_GT(warning, annotate.out.rfind("(;"));
  Outcome strip = run("strip --drop GN big.sgf");
  EXPECT_EQ(strip.status, 0) << strip.err;
  EXPECT_EQ(occurrences(strip.out, "(;"), size_t(big_games));
  EXPECT_EQ(occurrences(strip.out, "GN["), 0u);
}

} // namespace
} // namespace sgf

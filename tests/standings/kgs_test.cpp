// `sgf standings` over every KGS game of the shared corpus, checked for a sample of players
// against an independent count (count_results.py: its own SGF scanner and its own table).
#include "tests/cli/cli_support.h"

#include <algorithm>
#include <filesystem>

namespace sgf::testing_support {
namespace {

class StandingsCorpus : public CliTest {};

TEST_F(StandingsCorpus, KgsTotalsAgreeWithAnIndependentCount) {
  const std::filesystem::path archive = std::filesystem::path(SGF_CORPUS) / "big/kgs-6d.tar.bz2";
  if (!std::filesystem::exists(archive))
    GTEST_SKIP() << "corpus absent: " << archive;
  if (std::system("python3 -c '' 2>/dev/null") != 0)
    GTEST_SKIP() << "python3 absent";
  const std::filesystem::path script =
      std::filesystem::path(SGF_GOLDEN_CASES).parent_path() / "standings/count_results.py";
  Outcome run = shell("python3 '" + script.string() + "' '" SGF_EXE "' '" + archive.string() + "'");
  EXPECT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("checked 20"), std::string::npos) << run.out;
}

TEST_F(StandingsCorpus, FormatsAndAnUnknownRank) {
  std::ofstream(dir_ / "games.sgf") << "(;PB[Ann]BR[1d]PW[Bo]WR[3d]RE[B+R];B[aa];W[bb])"
                                       "(;PB[ann]BR[1d]PW[Cy]WR[strong]RE[W+Escape];B[cc])";
  Outcome json = shell("'" SGF_EXE "' standings --format json --points seed-ladder '" +
                       (dir_ / "games.sgf").string() + "'");
  EXPECT_EQ(json.status, 0) << json.err;
  EXPECT_NE(json.out.find(R"({"player":"Ann","games":2,"wins":1,"losses":1,"draws":0,)"),
            std::string::npos)
      << json.out;
  Outcome tsv = shell("'" SGF_EXE "' standings --format tsv --crosstable '" +
                      (dir_ / "games.sgf").string() + "'");
  EXPECT_EQ(tsv.out.rfind("player\tgames\twins\tlosses\tdraws\tno_results\t", 0), 0u);
  EXPECT_NE(tsv.out.find("\nAnn\t2\t1\t1\t0\t0\t"), std::string::npos) << tsv.out;
  // Both games are within 50 moves, so no rank matters: nothing is left unscored.
  EXPECT_EQ(json.err, "");
}

TEST_F(StandingsCorpus, AnUnknownRankIsReported) {
  std::string moves;
  for (int i = 0; i < 60; ++i)
    moves +=
        std::string(";") + (i % 2 ? "W[" : "B[") + char('a' + i % 19) + char('a' + i / 19) + "]";
  std::ofstream(dir_ / "g.sgf") << "(;PB[Ann]BR[1d]PW[Cy]WR[strong]RE[B+R]" + moves + ")";
  Outcome run =
      shell("'" SGF_EXE "' standings --points seed-ladder '" + (dir_ / "g.sgf").string() + "'");
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.err.find("points not counted: unknown rank 'strong' (White)"), std::string::npos)
      << run.err;
  EXPECT_NE(run.out.find("unscored"), std::string::npos);
}

// A side with no name is left out of the table, and a note says how many were.
TEST_F(StandingsCorpus, SidesWithoutANameAreCountedInANote) {
  std::ofstream(dir_ / "g.sgf")
      << "(;PW[Al]RE[B+R];B[aa])(;PB[ ]PW[]RE[W+R])(;PB[Bo]PW[Al]RE[B+2])";
  Outcome run = shell("'" SGF_EXE "' standings --format tsv '" + (dir_ / "g.sgf").string() + "'");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(std::count(run.out.begin(), run.out.end(), '\n'), 3) << run.out; // header, Bo, Al
  EXPECT_NE(run.out.find("\nBo\t1\t1\t0\t"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\nAl\t2\t0\t2\t"), std::string::npos) << run.out;
  EXPECT_NE(run.err.find("note[unnamed-player]: 3 side(s) of a game with no player name"),
            std::string::npos)
      << run.err;
}

TEST_F(StandingsCorpus, AHundredThousandGamesInOneFile) {
  // 1,000 players P0..P999; game i: P(i mod 1000) beats P((i+1) mod 1000) as Black, so every
  // player has 100 wins and 100 losses.
  std::string sgf;
  for (int i = 0; i < 100000; ++i)
    sgf += "(;PB[P" + std::to_string(i % 1000) + "]PW[P" + std::to_string((i + 1) % 1000) +
           "]RE[B+R];B[aa])";
  std::ofstream(dir_ / "many.sgf") << sgf;
  Outcome run =
      shell("'" SGF_EXE "' standings --format tsv -j2 '" + (dir_ / "many.sgf").string() + "'");
  ASSERT_EQ(run.status, 0) << run.err;
  std::istringstream lines(run.out);
  std::string line;
  std::getline(lines, line); // header
  int players = 0;
  while (std::getline(lines, line)) {
    ++players;
    EXPECT_NE(line.find("\t200\t100\t100\t0\t0\t100\t100\t0\t100\t0\t100\t"), std::string::npos)
        << line;
  }
  EXPECT_EQ(players, 1000);
}

} // namespace
} // namespace sgf::testing_support

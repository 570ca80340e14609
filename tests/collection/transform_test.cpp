// The board symmetries and colour swap over whole games: round trips on 1,002 real games,
// normalise's single record for all eight orientations, and the rules' findings moving with
// the points.
#include "lib/collection/transform.h"

#include "lib/rules/replay.h"
#include "lib/sgf/values.h"
#include "lib/sgf/writer.h"
#include "tests/collection/sample.h"

#include <gtest/gtest.h>

namespace sgf::collection {
namespace {

std::string written(const Game &game) {
  return write_sgf(game, WriteOptions{false, 79});
}

Game parse_one(std::string_view text) {
  ParseResult parsed = parse_sgf(text);
  EXPECT_TRUE(parsed.ok());
  return parsed.collection.games.at(0);
}

TEST(Transform, EveryPointPropertyMoves) {
  Game game = parse_one("(;SZ[19]AB[aa:bc]AW[pd]AE[cc]TB[ab]TW[sr]VW[aa:ss]LB[pd:A]AR[aa:dd]"
                        "LN[ab:cd];B[pd]CR[qq]SQ[aa]TR[ba]MA[ca]SL[da]DD[ea];W[tt];B[])");
  ASSERT_FALSE(transform_game(game, rotate_90));
  EXPECT_EQ(written(game),
            "(;SZ[19]AB[qa:sb]AW[pp]AE[qc]TB[ra]TW[bs]VW[aa:ss]LB[pp:A]AR[sa:pd]LN[ra:pc]\n"
            ";B[pp]CR[cq]SQ[sa]TR[sb]MA[sc]SL[sd]DD[se]\n;W[tt];B[])\n");
}

TEST(Transform, RectangularBoardsTakeOnlyShapeKeepingSymmetries) {
  Game game = parse_one("(;SZ[19:13];B[ab])");
  EXPECT_TRUE(transform_game(game, rotate_90));
  EXPECT_EQ(written(game), "(;SZ[19:13]\n;B[ab])\n");
  ASSERT_FALSE(transform_game(game, rotate_180));
  EXPECT_EQ(written(game), "(;SZ[19:13]\n;B[sl])\n");
}

TEST(SwapColours, PlayersResultMovesSetupAndKomi) {
  Game game = parse_one("(;PB[A]PW[B]BR[3d]WR[5d]RE[B+2.5]KM[6.5]AB[dd]TW[aa]PL[W];B[pd]BL[30]"
                        "OB[2];W[dp]GW[1])");
  swap_colours(game);
  EXPECT_EQ(written(game), "(;PW[A]PB[B]WR[3d]BR[5d]RE[W+2.5]KM[-6.5]AW[dd]TB[aa]PL[B]\n"
                           ";W[pd]WL[30]OW[2]\n;B[dp]GB[1])\n");
  swap_colours(game);
  EXPECT_EQ(written(game), "(;PB[A]PW[B]BR[3d]WR[5d]RE[B+2.5]KM[6.5]AB[dd]TW[aa]PL[W]\n"
                           ";B[pd]BL[30]OB[2]\n;W[dp]GW[1])\n");
}

class CorpusSample : public testing::Test {
protected:
  static void SetUpTestSuite() { sample_ = testing_support::corpus_sample(334); }
  void SetUp() override {
    if (sample_.empty())
      GTEST_SKIP() << "no corpus at " << SGF_CORPUS;
  }
  static std::vector<testing_support::SampleGame> sample_;
};
std::vector<testing_support::SampleGame> CorpusSample::sample_;

TEST_F(CorpusSample, EachOrientationThenItsInverseGivesTheTreeBack) {
  ASSERT_GE(sample_.size(), 1000u);
  size_t checked = 0;
  for (const auto &[name, game] : sample_) {
    const std::string original = written(game);
    const BoardSize size = board_size_of(game).value_or(BoardSize{});
    for (Symmetry s : all_symmetries()) {
      if (!keeps_shape(s, size))
        continue;
      Game copy = game;
      ASSERT_FALSE(transform_game(copy, s)) << name;
      ASSERT_FALSE(transform_game(copy, inverse(s))) << name;
      ASSERT_EQ(written(copy), original) << name << " " << sgf::name(s);
      swap_colours(copy);
      swap_colours(copy);
      ASSERT_EQ(written(copy), original) << name << " swapped twice";
      ++checked;
    }
  }
  EXPECT_GE(checked, 8000u);
}

TEST_F(CorpusSample, NormaliseOfAllEightOrientationsGivesOneRecord) {
  for (const auto &[name, game] : sample_) {
    const BoardSize size = board_size_of(game).value_or(BoardSize{});
    std::string first;
    for (Symmetry s : all_symmetries()) {
      if (!keeps_shape(s, size))
        continue;
      Game copy = game;
      ASSERT_FALSE(transform_game(copy, s));
      ASSERT_FALSE(normalise(copy));
      std::string text = written(copy);
      if (first.empty())
        first = text;
      ASSERT_EQ(text, first) << name << " from " << sgf::name(s);
    }
  }
}

// A rectangle written from another corner (VW[ea:bb]) in a game already in its canonical
// orientation (its only move, ab, is the smallest point of its eight images): normalise writes it
// top-left:bottom-right, as it does from every other orientation.
TEST(Normalise, ARectangleComesOutOneWayFromTheCanonicalOrientationToo) {
  const Game game = parse_one("(;FF[4]SZ[19]VW[ea:bb];B[ab])");
  ASSERT_EQ(canonical_symmetry(game), identity);
  std::string first;
  for (Symmetry s : all_symmetries()) {
    Game copy = game;
    ASSERT_FALSE(transform_game(copy, s));
    ASSERT_FALSE(normalise(copy));
    const std::string text = written(copy);
    if (first.empty())
      first = text;
    EXPECT_EQ(text, first) << sgf::name(s);
  }
  EXPECT_NE(first.find("VW[ba:eb]"), std::string::npos) << first;
}

// The rules see the same game: the same findings (code, node, move) and the final board's
// stones at the transformed points. (Swapping colours is no symmetry of the rules: handicap
// stones are Black's and Black moves first.)
// On the real games of SGF_CORPUS/rules/replay_flagged (ko retakes, moves on occupied points,
// mid-game passes, repeated positions) and every third game of the sample.
TEST_F(CorpusSample, RulesFindingsMoveWithThePoints) {
  std::vector<testing_support::SampleGame> games =
      testing_support::read_games(std::filesystem::path(SGF_CORPUS) / "rules/replay_flagged");
  ASSERT_FALSE(games.empty());
  for (size_t i = 0; i < sample_.size(); i += 3)
    games.push_back(sample_[i]);
  size_t findings = 0;
  for (const auto &[name, game] : games) {
    const BoardSize size = board_size_of(game).value_or(BoardSize{});
    Diagnostics notes;
    const rules::RuleSet rule_set = rules::rules_for(game, std::nullopt, notes);
    const rules::LineReplay before = rules::replay(game, rule_set).front();
    findings += before.diagnostics.size();
    for (Symmetry s : {rotate_90, flip, rotate_270}) {
      if (!keeps_shape(s, size))
        continue;
      Game copy = game;
      ASSERT_FALSE(transform_game(copy, s));
      const rules::LineReplay after = rules::replay(copy, rule_set).front();
      ASSERT_EQ(after.diagnostics.size(), before.diagnostics.size()) << name;
      for (size_t d = 0; d < before.diagnostics.size(); ++d) {
        EXPECT_EQ(after.diagnostics[d].code, before.diagnostics[d].code) << name;
        EXPECT_EQ(after.diagnostics[d].node, before.diagnostics[d].node) << name;
        EXPECT_EQ(after.diagnostics[d].move, before.diagnostics[d].move) << name;
      }
      for (int x = 0; x < size.width; ++x)
        for (int y = 0; y < size.height; ++y)
          ASSERT_EQ(after.board.at(apply(s, Point{x, y}, size)), before.board.at(Point{x, y}))
              << name;
    }
  }
  EXPECT_GT(findings, 100u) << "the games should hold rules findings to compare";
}

} // namespace
} // namespace sgf::collection

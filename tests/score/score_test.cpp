// Scoring: the counting examples of the rules texts (seeds 000-002), seki, handicap
// compensation, dead stones under area and territory, RE forms and disputes, the GTP engine
// (GNU Go), real counted games, and the same count however the board is turned.
#include "lib/collection/transform.h"
#include "lib/engine/gtp_engine.h"
#include "lib/life/life.h"
#include "lib/rules/rule_set.h"
#include "lib/score/counting.h"
#include "lib/score/disputes.h"
#include "lib/score/score_game.h"
#include "lib/sgf/writer.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace sgf::score {
namespace {

using testing_support::from_rows;
using testing_support::read_file;
using testing_support::rules_named;

// Seed 001 (Singapore Weiqi Association): a 13×13 game, Black 39 stones and 45 points of area,
// White 39 stones and 46: Black 84, White 85, White wins by one point without komi.
TEST(Counting, ThirteenByThirteenExampleOfTheRulesText) {
  life::Position p(BoardSize{13, 13});
  // Black's area is the first 84 points in reading order, White's the other 85; the stones
  // sit on the border between them plus enough inside to make 39 each.
  const int n = 169, black_area = 84;
  auto border = [&](int i) {
    bool touches_other = false;
    life::for_each_neighbour(p.size, i,
                             [&](int j) { touches_other |= (j < black_area) != (i < black_area); });
    return touches_other;
  };
  int black = 0, white = 0;
  for (int i = 0; i < n; ++i)
    if (border(i)) {
      p.stones[i] = i < black_area ? life::Stone::black : life::Stone::white;
      (i < black_area ? black : white)++;
    }
  for (int i = black_area - 1; black < 39; --i)
    if (p.stones[i] == life::Stone::empty && !border(i) && i % 13 != 0 && i > 26) {
      p.stones[i] = life::Stone::black;
      ++black;
    }
  for (int i = black_area; white < 39; ++i)
    if (p.stones[i] == life::Stone::empty && !border(i) && i % 13 != 12) {
      p.stones[i] = life::Stone::white;
      ++white;
    }
  rules::RuleSet r = rules_named("chinese");
  r.komi = 0;
  Count c = count(p, {}, {}, r);
  EXPECT_EQ(c.black.stones, 39);
  EXPECT_EQ(c.white.stones, 39);
  EXPECT_EQ(c.black.territory, 45);
  EXPECT_EQ(c.white.territory, 46);
  EXPECT_EQ(c.black.total, 84);
  EXPECT_EQ(c.white.total, 85);
  EXPECT_EQ(c.dame, 0);
  EXPECT_EQ(c.result, "W+1");
  EXPECT_DOUBLE_EQ(c.baseline, 84.5);
}

// Seed 000, Article 9: 180½ of 361 points to win; seed 002: komi 3¾ stones (7.5 points).
TEST(Counting, HalfTheBoardBaselineAndResultsInStones) {
  life::Position p(BoardSize{19, 19});
  // Black owns columns 0-8 and 10 points of column 9 (181 points), White the rest (180).
  for (int y = 0; y < 19; ++y) {
    p.set({8, y}, life::Stone::black);
    p.set({10, y}, life::Stone::white);
    p.set({9, y}, y < 10 ? life::Stone::black : life::Stone::white);
  }
  rules::RuleSet r = rules_named("chinese");
  r.komi = 0;
  Count c = count(p, {}, {}, r);
  EXPECT_DOUBLE_EQ(c.baseline, 180.5);
  EXPECT_EQ(c.black.total, 181);
  EXPECT_EQ(c.white.total, 180);
  EXPECT_EQ(c.result, "B+1"); // 181 > 180½: Black wins by ½ stone
  EXPECT_DOUBLE_EQ(c.margin_stones, 0.5);
  r.komi = 7.5; // 3¾ stones: Black needs 184¼ to win
  c = count(p, {}, {}, r);
  EXPECT_EQ(c.result, "W+6.5");
  EXPECT_DOUBLE_EQ(c.margin_stones, -3.25);
  // A dame point between the walls is shared half and half.
  p.set({9, 9}, life::Stone::empty);
  c = count(p, {}, {}, r);
  EXPECT_EQ(c.dame, 1);
  EXPECT_DOUBLE_EQ(c.black.dame_share, 0.5);
  EXPECT_DOUBLE_EQ(c.black.total, 180.5);
}

// Two inner chains share their only two liberties (c1, c2... the 'd' column): neither side can
// fill one without being captured. Outer walls are alive.
const std::vector<std::string> kSeki = {
    ".XO.XO...", //
    ".XO.XO...", //
    ".XOOXO...", //
    ".XXXOO...", //
};

TEST(Seki, DetectedAndCountedByAreaButNotByTerritory) {
  life::Position p = from_rows(kSeki);
  std::vector<uint8_t> dead(p.points(), 0);
  std::vector<uint8_t> seki = find_seki(p, dead);
  EXPECT_TRUE(seki[p.index({4, 0})]);  // the inner black chain
  EXPECT_TRUE(seki[p.index({2, 0})]);  // the inner white chain
  EXPECT_FALSE(seki[p.index({1, 0})]); // the outer black wall
  EXPECT_FALSE(seki[p.index({5, 0})]);
  life::Verdicts v{dead, seki};

  rules::RuleSet chinese = rules_named("chinese");
  chinese.komi = 0;
  Count area = count(p, v, {}, chinese);
  EXPECT_EQ(area.seki_points, 2);
  EXPECT_EQ(area.black.total, 9 + 4 + 1); // stones, territory, half the shared liberties
  EXPECT_EQ(area.white.total, 9 + 12 + 1);

  rules::RuleSet japanese = rules_named("japanese");
  japanese.komi = 0;
  Count territory = count(p, v, {}, japanese);
  EXPECT_EQ(territory.black.total, 4);
  EXPECT_EQ(territory.white.total, 12);
  EXPECT_EQ(territory.kinds[p.index({3, 0})], PointKind::seki);

  // An eye of a chain in seki: counted under area, not under territory (Japanese rules).
  std::vector<uint8_t> outer_in_seki = seki;
  for (int y = 0; y < 4; ++y)
    outer_in_seki[p.index({1, y})] = 1;
  outer_in_seki[p.index({2, 3})] = outer_in_seki[p.index({3, 3})] = 1;
  life::Verdicts v2{dead, outer_in_seki};
  EXPECT_EQ(count(p, v2, {}, chinese).black.total, 14);
  Count t2 = count(p, v2, {}, japanese);
  EXPECT_EQ(t2.black.total, 0);
  EXPECT_EQ(t2.black.seki_eyes, 4);
  EXPECT_EQ(t2.kinds[p.index({0, 0})], PointKind::black_seki_eye);
}

TEST(Seki, ApproachableNeutralPointsAreDame) {
  // The same shape with a third shared point: either side can fill one, so no seki.
  life::Position p = from_rows({
      ".XO.XO...", //
      ".XO.XO...", //
      ".XO.XO...", //
      ".XXXOO...", //
  });
  std::vector<uint8_t> seki = find_seki(p, std::vector<uint8_t>(p.points(), 0));
  EXPECT_FALSE(seki[p.index({4, 0})]);
}

TEST(Seki, ChainTheOpponentCanAtariSafelyIsNotInSeki) {
  // Neither side can play at a1 (each would be in atari), but Black can safely take White's other
  // liberty, c1, and then capture: White's three stones are dead, not in seki (KGS 2017-03-06-10).
  life::Position p = from_rows({
      ".O.X.", //
      "XOOX.", //
      ".XXX.", //
      ".....", //
  });
  std::vector<uint8_t> seki = find_seki(p, std::vector<uint8_t>(p.points(), 0));
  EXPECT_FALSE(seki[p.index({1, 0})]); // the white chain
  EXPECT_FALSE(seki[p.index({0, 1})]); // the lone black stone beside it
}

// KGS 2001-07-30-8: Black's eight stones at L12-J10 and White's group beside them have no eyes
// and share their only three liberties (M11, N11, O11). Both groups are in seki; the count, which
// RE matches, takes the three points as dame.
TEST(Seki, EyelessGroupsSharingThreeLibertiesInARealGame) {
  GameScore gs = testing_support::score_testdata("japanese-eyeless-seki-kgs-2001-07-30-8.sgf");
  EXPECT_EQ(gs.count.result, "W+29.5");
  EXPECT_FALSE(gs.dispute.has_value());
  for (const char *at : {"L12", "M12"}) {
    const int i = gs.position.index(*point_from_name(at, gs.position.size));
    const auto group = std::ranges::find_if(
        gs.life.groups, [&](const life::GroupLife &g) { return std::ranges::count(g.stones, i); });
    ASSERT_NE(group, gs.life.groups.end()) << at;
    EXPECT_EQ(group->status, life::Status::seki) << at;
    EXPECT_EQ(group->reason, "seki: 3 shared liberties") << at;
  }
  const int m11 = gs.position.index(*point_from_name("M11", gs.position.size));
  EXPECT_EQ(gs.count.kinds[m11], PointKind::dame);
}

// Seed 002: Black gives back half the handicap stones (chinese: N points to White); AGA: N-1.
TEST(Counting, FourStoneHandicapUnderChineseAndAga) {
  life::Position p = from_rows(kSeki);
  GameFacts facts;
  facts.handicap = 4;
  rules::RuleSet chinese = rules_named("chinese");
  chinese.komi = 0.5;
  Count c = count(p, {}, facts, chinese);
  EXPECT_DOUBLE_EQ(c.white.handicap_bonus, 4);
  rules::RuleSet aga = rules_named("aga");
  aga.komi = 0.5;
  Count a = count(p, {}, facts, aga);
  EXPECT_DOUBLE_EQ(a.white.handicap_bonus, 3);
  EXPECT_DOUBLE_EQ(c.margin - a.margin, -1);
  rules::RuleSet japanese = rules_named("japanese");
  EXPECT_DOUBLE_EQ(count(p, {}, facts, japanese).white.handicap_bonus, 0);
}

// The same final position with dead stones inside territory, counted by area and by
// territory: the margins differ by exactly (prisoners and dead stones) minus (stones on board).
TEST(Counting, DeadStonesInsideTerritoryAreaVersusTerritory) {
  life::Position p = from_rows({
      "...X.O...", //
      ".O.X.O.X.", //
      "...X.O.X.", //
      "...X.O...", //
      "...X.O...", //
  });
  std::vector<uint8_t> dead(p.points(), 0);
  dead[p.index({1, 1})] = 1;
  dead[p.index({7, 1})] = dead[p.index({7, 2})] = 1;
  life::Verdicts v{dead, std::vector<uint8_t>(p.points(), 0)};
  GameFacts facts;
  facts.prisoners_black = 5;
  facts.prisoners_white = 1;
  rules::RuleSet chinese = rules_named("chinese");
  chinese.komi = 0;
  rules::RuleSet japanese = rules_named("japanese");
  japanese.komi = 0;
  Count area = count(p, v, facts, chinese);
  Count terr = count(p, v, facts, japanese);
  EXPECT_EQ(area.black.stones, 5);
  EXPECT_EQ(area.white.stones, 5);
  EXPECT_EQ(area.black.territory, 15); // the dead white stone's point included
  EXPECT_EQ(area.white.territory, 15);
  EXPECT_EQ(terr.black.dead_stones, 1);
  EXPECT_EQ(terr.white.dead_stones, 2);
  EXPECT_EQ(area.result, "0");
  EXPECT_EQ(terr.result, "B+3");
  double expected = (5 - 1) + (1 - 2) - (area.black.stones - area.white.stones);
  EXPECT_DOUBLE_EQ(terr.margin - area.margin, expected);
  EXPECT_EQ(area.kinds[p.index({1, 1})], PointKind::dead_white);
}

TEST(Counting, TeireUnderTerritory) {
  // White's corner chain has two liberties: the dame at (2,0) and its own point (0,0). Once Black
  // fills the dame White must connect at (0,0), so that point is no territory.
  life::Position q = from_rows({
      ".OXX.", //
      "O.OX.", //
      "OOOX.", //
  });
  std::vector<PointKind> kinds = classify(q, {}, true, true);
  EXPECT_EQ(kinds[q.index({1, 1})], PointKind::white_territory);
  life::Position r = from_rows({
      ".O.X.", //
      "OOXX.", //
      "XXX..", //
      ".....", //
  });
  kinds = classify(r, {}, true, true);
  EXPECT_EQ(kinds[r.index({2, 0})], PointKind::dame);
  EXPECT_EQ(kinds[r.index({0, 0})], PointKind::white_teire);
}

// Area counting counts a finished board: open dame are filled in turn, so with an odd number of
// them the side that fills first has one more point; without that fact they are shared.
// The fill rescans the board every turn: beyond a 19x19 board's worth of open dame (a large,
// nearly empty board) it gives way to the parity share instead of running quadratic.
TEST(Counting, NoDameFillBeyondANineteenBoardOfDame) {
  // Open dame two points apart: every fill is a lone stone with four liberties, so the fill
  // itself never stops early.
  const BoardSize size{52, 52};
  std::vector<uint8_t> board(52 * 52, 0), dame(52 * 52, 0);
  std::vector<int> spaced;
  for (int y = 2; y < 52; y += 2)
    for (int x = 2; x < 52; x += 2)
      spaced.push_back(y * 52 + x);
  for (int k = 0; k < kMostDameFilled; ++k)
    dame[spaced[k]] = 1;
  auto filled = fill_dame(size, board, dame, Color::black);
  ASSERT_TRUE(filled);
  EXPECT_EQ(filled->black, (kMostDameFilled + 1) / 2);
  EXPECT_EQ(filled->white, kMostDameFilled / 2);
  dame[spaced[kMostDameFilled]] = 1;
  EXPECT_FALSE(fill_dame(size, board, dame, Color::black));
}

TEST(Counting, OddDameGoToTheSideThatFillsFirstUnderArea) {
  life::Position p = from_rows({"X.O", "X.O", "X.O"});
  rules::RuleSet chinese = rules_named("chinese");
  chinese.komi = 0;
  GameFacts facts;
  life::Verdicts none;
  Count shared = count(p, none, facts, chinese);
  EXPECT_EQ(shared.dame, 3);
  EXPECT_DOUBLE_EQ(shared.margin, 0);
  facts.fills_first = Color::black;
  Count black_first = count(p, none, facts, chinese);
  EXPECT_DOUBLE_EQ(black_first.black.dame_share, 2);
  EXPECT_DOUBLE_EQ(black_first.white.dame_share, 1);
  EXPECT_DOUBLE_EQ(black_first.margin, 1);
  facts.fills_first = Color::white;
  EXPECT_DOUBLE_EQ(count(p, none, facts, chinese).margin, -1);
  // Territory counting ignores dame; AGA's pass stones already even out who fills last.
  EXPECT_DOUBLE_EQ(count(p, none, facts, rules_named("japanese")).margin + 6.5, 0);
  rules::RuleSet aga = rules_named("aga");
  aga.komi = 0;
  EXPECT_DOUBLE_EQ(count(p, none, facts, aga).margin, 0);
}

// The first game of testdata/score/<record> counted with `options` as recorded and turned by
// every symmetry of the board, the dead stones (those of the count as recorded) turned with it:
// the same result and teire. Returns the count as recorded.
Count expect_the_same_count_turned(const std::string &record, ScoreOptions options) {
  const BoardSize size{19, 19};
  const GameScore as_recorded = testing_support::score_testdata(record, options);
  EXPECT_EQ(as_recorded.count.kinds.size(), 361u);
  std::vector<Point> dead;
  for (int i = 0; i < static_cast<int>(as_recorded.count.kinds.size()); ++i)
    if (as_recorded.count.kinds[i] == PointKind::dead_black ||
        as_recorded.count.kinds[i] == PointKind::dead_white)
      dead.push_back({i % 19, i / 19});
  const Game game =
      parse_sgf(read_file(std::string(SGF_TESTDATA) + "/score/" + record)).collection.games.at(0);
  for (Symmetry s : all_symmetries()) {
    Game turned = game;
    EXPECT_FALSE(collection::transform_game(turned, s));
    options.dead.emplace();
    for (Point p : dead)
      options.dead->push_back(apply(s, p, size));
    const Count c = score_game(turned, options).count;
    EXPECT_EQ(c.result, as_recorded.count.result) << name(s);
    EXPECT_EQ(c.white.teire, as_recorded.count.white.teire) << name(s);
    EXPECT_EQ(c.black.teire, as_recorded.count.black.teire) << name(s);
  }
  return as_recorded.count;
}

// A Fox game counted by territory whose dame are filled in turn: in the points' order White's
// chains need two teire (B+1.5, as RE), in the order of the board turned a quarter only one.
TEST(Counting, TheDameFillDoesNotDependOnHowTheBoardIsTurned) {
  const Count c =
      expect_the_same_count_turned("fox-dame-fill-order-1570701359010001931.sgf", ScoreOptions{});
  EXPECT_EQ(c.scoring, rules::Scoring::territory);
  EXPECT_GT(c.dame, 0);
  EXPECT_GT(c.black.dead_stones + c.white.dead_stones, 0);
}

// A position whose dame no fill can fill without a capture, so that the static teire rule
// decides: judged chain by chain on a board that the rule's own marks changed, White's C7 was
// a teire in the points' order and territory in the order of the board turned a quarter.
TEST(Counting, TheTeireRuleDoesNotDependOnHowTheBoardIsTurned) {
  ScoreOptions options;
  options.rules.preset = rules_named("korean");
  options.rules.preset->open_dame = rules::OpenDame::filled;
  options.rules.preset->counted_as_left = false;
  options.dead.emplace(); // every stone alive
  const Count c = expect_the_same_count_turned("territory-teire-rule-in-any-order.sgf", options);
  EXPECT_EQ(c.kinds[12 * 19 + 2], PointKind::white_territory); // C7
}

TEST(Benson, PassAliveGroupWithTwoEyes) {
  life::Position p = from_rows({
      ".X.X.O", //
      "XXXXXO", //
      "OOOOOO", //
  });
  std::vector<uint8_t> alive = pass_alive(p);
  EXPECT_EQ(alive[p.index({1, 0})], 1);
  // White has no eyes and one liberty inside Black's enclosure: Benson calls it dead.
  EXPECT_EQ(alive[p.index({0, 2})], 2);
}

TEST(Disputes, Kinds) {
  rules::RuleSet japanese = rules_named("japanese");
  Judged j;
  j.margin = 3.5;
  j.ended_by_passes = true;
  EXPECT_FALSE(find_dispute(read_result("B+3.5"), j, japanese));
  EXPECT_EQ(find_dispute(read_result("B+5.5"), j, japanese)->kind, DisputeKind::margin);
  EXPECT_EQ(find_dispute(read_result("W+3.5"), j, japanese)->kind, DisputeKind::winner);
  EXPECT_EQ(find_dispute(read_result("Jigo"), j, japanese)->kind, DisputeKind::winner);
  EXPECT_EQ(find_dispute(read_result("X+"), j, japanese)->kind, DisputeKind::malformed_result);
  // A resignation after two passes on a finished board that the other side wins.
  EXPECT_EQ(find_dispute(read_result("W+R"), j, japanese)->kind, DisputeKind::winner);
  j.ended_by_passes = false;
  EXPECT_FALSE(find_dispute(read_result("W+R"), j, japanese));
  j.unfinished = true;
  EXPECT_EQ(find_dispute(read_result("B+10.5"), j, japanese)->kind, DisputeKind::unfinished);
  j.unfinished = false;
  j.cycle = true;
  EXPECT_EQ(find_dispute(read_result("B+3.5"), j, japanese)->kind, DisputeKind::no_result);
  EXPECT_FALSE(find_dispute(read_result("Void"), j, japanese));
  rules::RuleSet chinese = rules_named("chinese");
  EXPECT_FALSE(find_dispute(read_result("B+3.5"), j, chinese)); // cycles do not void chinese
  // Results in stones: W+1.25 under chinese is 2.5 points.
  j.cycle = false;
  j.margin = -2.5;
  EXPECT_FALSE(find_dispute(read_result("W+1.25"), j, chinese));
}

TEST(RealGames, CountedResultsReproduced) {
  struct Case {
    const char *file;
    const char *rules;
    const char *result;
    life::DeadSource source;
  };
  const Case cases[] = {
      {"japanese-9x9-DO2.sgf", "japanese", "B+0.5", life::DeadSource::estimator},
      {"chinese-9x9-markup-JI1.sgf", "chinese", nullptr, life::DeadSource::markup},
      {"aga-kgs-2003-10-26-33.sgf", "aga", nullptr, life::DeadSource::estimator},
      {"japanese-markup-kgs-2017-04-13-14.sgf", "japanese", nullptr, life::DeadSource::markup},
      {"nz-kgs-2006-11-02-1.sgf", "nz", nullptr, life::DeadSource::estimator},
      {"japanese-kgs-2006-01-17-5.sgf", "japanese", nullptr, life::DeadSource::estimator},
      {"japanese-teire-two-dame-kgs-2017-01-01-26.sgf", "japanese", "W+12.5",
       life::DeadSource::markup},
      {"japanese-connect-through-dame-kgs-2017-02-26-8.sgf", "japanese", "B+11.5",
       life::DeadSource::markup},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.file);
    GameScore gs = testing_support::score_testdata(c.file);
    EXPECT_EQ(gs.rules.name, c.rules);
    EXPECT_EQ(gs.life.source, c.source);
    EXPECT_FALSE(gs.dispute) << gs.count.result << " vs " << gs.recorded.text;
    if (c.result) {
      EXPECT_EQ(gs.count.result, c.result);
    }
  }
}

// Teire as KGS counts them (its TB/TW markup): the last own liberty of a chain whose other
// liberties are dame is no territory, unless the owner can fill dame to join another chain of
// his with more territory.
TEST(RealGames, TeireAfterJoiningChainsThroughDame) {
  GameScore two_dame =
      testing_support::score_testdata("japanese-teire-two-dame-kgs-2017-01-01-26.sgf");
  EXPECT_EQ(two_dame.count.kinds[two_dame.position.index({0, 4})], PointKind::white_teire); // ae
  EXPECT_EQ(two_dame.count.result, "W+12.5");
  GameScore joins =
      testing_support::score_testdata("japanese-connect-through-dame-kgs-2017-02-26-8.sgf");
  EXPECT_EQ(joins.count.kinds[joins.position.index({8, 8})], PointKind::white_territory); // ii
  EXPECT_EQ(joins.count.result, "B+11.5");
  // Filling the first teire point leaves the chain with one own point again: a second teire.
  GameScore twice = testing_support::score_testdata("japanese-teire-twice-kgs-2017-03-03-5.sgf");
  EXPECT_EQ(twice.life.source, life::DeadSource::markup);
  EXPECT_EQ(twice.count.kinds[twice.position.index({0, 3})], PointKind::white_teire); // ad
  EXPECT_EQ(twice.count.result, "B+24.5");
  // The owner joins chains through a region of several dame, not only through one dame point.
  GameScore region =
      testing_support::score_testdata("japanese-connect-through-dame-region-kgs-2017-03-13-3.sgf");
  EXPECT_EQ(region.count.kinds[region.position.index({16, 15})], PointKind::black_territory);
  EXPECT_EQ(region.count.result, "B+13.5");
}

// Fox writes KM[0] on even games: the komi played was 6.5 under its Japanese rules, applied
// with a note; an explicit --komi wins.
TEST(RealGames, FoxKm0IsKomi65WithANote) {
  GameScore gs = testing_support::score_testdata("fox-km0-japanese-FineArt.sgf");
  EXPECT_EQ(gs.rules.name, "japanese");
  EXPECT_DOUBLE_EQ(gs.rules.komi, 6.5);
  EXPECT_EQ(gs.count.result, "B+2.5");
  EXPECT_FALSE(gs.dispute);
  bool noted = false;
  for (const Diagnostic &d : gs.diagnostics)
    noted |= d.code == "komi-convention" && d.severity == Severity::note;
  EXPECT_TRUE(noted);
  ScoreOptions zero;
  zero.rules.komi = 0.0;
  GameScore given = testing_support::score_testdata("fox-km0-japanese-FineArt.sgf", zero);
  EXPECT_DOUBLE_EQ(given.rules.komi, 0);
  EXPECT_EQ(given.count.result, "B+9");
  for (const Diagnostic &d : given.diagnostics)
    EXPECT_NE(d.code, "komi-convention");
}

// HA[1] on a Fox record is a game without komi (Black simply moves first): its KM[0] stands.
TEST(RealGames, FoxHa1KeepsKm0) {
  GameScore gs = testing_support::score_testdata("fox-ha1-no-komi-CGI.sgf");
  EXPECT_DOUBLE_EQ(gs.rules.komi, 0);
  EXPECT_EQ(gs.count.result, "W+2");
  EXPECT_FALSE(gs.dispute);
  for (const Diagnostic &d : gs.diagnostics)
    EXPECT_NE(d.code, "komi-convention");
}

// A professional area game recorded without its last dame moves: RE is the count after the 9
// open dame are filled, Black (to move) first, so Black has 5 of them, not 4½.
TEST(RealGames, OpenDameFilledInTurnInAProfessionalAreaGame) {
  GameScore gs = testing_support::score_testdata("chinese-open-dame-Chunlan-01-11.sgf");
  EXPECT_EQ(gs.rules.name, "chinese");
  EXPECT_EQ(gs.count.dame, 9);
  EXPECT_DOUBLE_EQ(gs.count.black.dame_share, 5);
  EXPECT_DOUBLE_EQ(gs.count.white.dame_share, 4);
  EXPECT_EQ(gs.count.result, "B+7.5");
  EXPECT_FALSE(gs.dispute);
}

// A finished game settles long before the playout limit; the verdicts do not depend on it.
TEST(Estimator, StopsOnceEveryVerdictIsSignificant) {
  GameScore gs = testing_support::score_testdata("japanese-9x9-DO2.sgf");
  EXPECT_GE(gs.life.playouts, 8);
  EXPECT_LT(gs.life.playouts, life::kDefaultPlayouts);
  ScoreOptions many;
  many.estimator.playouts = 24;
  EXPECT_EQ(testing_support::score_testdata("japanese-9x9-DO2.sgf", many).count.result,
            gs.count.result);
}

// Chains of one colour that share a liberty get one verdict, from the ownership of all their
// stones: in 2003-09-18-17 White's two stones at ee-fe share df's liberty with the group that
// lives in seki (the playouts capture them alone half the time); in 2003-07-23-27 the white
// stones at the top right are captured with the chains they share liberties with.
TEST(RealGames, ChainsSharingALibertyLiveOrDieTogether) {
  GameScore seki = testing_support::score_testdata("japanese-group-verdict-kgs-2003-09-18-17.sgf");
  EXPECT_EQ(seki.life.source, life::DeadSource::estimator);
  EXPECT_FALSE(seki.life.verdicts.dead[seki.position.index({4, 4})]);
  EXPECT_FALSE(seki.life.verdicts.dead[seki.position.index({5, 4})]);
  EXPECT_EQ(seki.count.result, "B+3.5");
  EXPECT_FALSE(seki.dispute);
  GameScore dead = testing_support::score_testdata("japanese-group-verdict-kgs-2003-07-23-27.sgf");
  EXPECT_TRUE(dead.life.verdicts.dead[dead.position.index({13, 3})]); // nd
  EXPECT_TRUE(dead.life.verdicts.dead[dead.position.index({11, 5})]); // lf
  EXPECT_EQ(dead.count.result, "B+24.5");
  EXPECT_FALSE(dead.dispute);
}

// A group the playouts capture about half the time, beside an enemy group they keep and not in
// seki, is dead: on these two KGS records the estimator alone (markup ignored) finds exactly the
// dead stones the players agreed on (TB/TW), where it kept the white stones at the top right of
// 2017-02-25-13 (W+49.5) and Black's at the left of 2017-04-03-2 (B+60.5) alive.
TEST(RealGames, CoinFlipGroupBesideALiveEnemyIsDead) {
  for (const char *file : {"chinese-coin-flip-dead-kgs-2017-02-25-13.sgf",
                           "japanese-coin-flip-dead-kgs-2017-04-03-2.sgf"}) {
    SCOPED_TRACE(file);
    GameScore markup = testing_support::score_testdata(file);
    ASSERT_EQ(markup.life.source, life::DeadSource::markup);
    ScoreOptions no_markup;
    no_markup.use_markup = false;
    GameScore estimate = testing_support::score_testdata(file, no_markup);
    EXPECT_EQ(estimate.life.source, life::DeadSource::estimator);
    EXPECT_EQ(estimate.life.verdicts.dead, markup.life.verdicts.dead);
    EXPECT_EQ(estimate.count.result, markup.count.result);
    EXPECT_FALSE(estimate.dispute);
  }
}

TEST(RealGames, WrongWinnerIsADispute) {
  GameScore gs = testing_support::score_testdata("wrong-winner-DO2.sgf");
  ASSERT_TRUE(gs.dispute);
  EXPECT_EQ(gs.dispute->kind, DisputeKind::winner);
}

TEST(RealGames, UserDeadStonesOverrideTheEstimate) {
  ScoreOptions options;
  options.dead = std::vector<Point>{}; // nothing dead: the user's word
  GameScore gs = testing_support::score_testdata("japanese-9x9-DO2.sgf", options);
  EXPECT_EQ(gs.life.source, life::DeadSource::user);
  EXPECT_EQ(gs.count.black.dead_stones + gs.count.white.dead_stones, 0);
}

std::string find_gnugo() {
  for (const char *path : {"/usr/games/gnugo", "/usr/bin/gnugo", "/usr/local/bin/gnugo"})
    if (access(path, X_OK) == 0)
      return path;
  return {};
}

TEST(Engine, GnuGoJudgesDeadStones) {
  std::string gnugo = find_gnugo();
  if (gnugo.empty())
    GTEST_SKIP() << "gnugo is not installed";
  ScoreOptions options;
  options.engine = gnugo + " --mode gtp --level 1";
  GameScore gs = testing_support::score_testdata("japanese-9x9-DO2.sgf", options);
  EXPECT_EQ(gs.life.source, life::DeadSource::engine);
  for (const Diagnostic &d : gs.diagnostics)
    EXPECT_NE(d.code, "engine-failed") << d.message;
  EXPECT_EQ(gs.count.result, "B+0.5");
}

TEST(Engine, IsGivenTheGameWithoutReAndWithTheHandicapStonesTheRulesPlace) {
  // An engine that keeps the record it is asked to load and finds no stone dead. The record is a
  // Fox game with HA[2] and no AB: the count places the stones, so the engine's board must hold
  // them too, or its dead stones would be those of another position.
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / ("engine-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path given = dir / "given.sgf";
  ScoreOptions options;
  options.engine = "while read -r command argument; do [ \"$command\" = loadsgf ] && cp "
                   "\"$argument\" '" +
                   given.string() + "'; printf '= \\n\\n'; done";
  GameScore gs = testing_support::score_testdata("profiles/fox-foxwq-handicap-no-ab.sgf", options);
  EXPECT_EQ(gs.life.source, life::DeadSource::engine);
  const std::string record = testing_support::read_file(given);
  EXPECT_EQ(record.find("RE["), std::string::npos) << record;
  EXPECT_NE(record.find("AB[pd][dp]"), std::string::npos) << record;
  std::filesystem::remove_all(dir);
}

TEST(Engine, FailureIsADiagnosticAndTheEstimatorTakesOver) {
  ScoreOptions options;
  options.engine = "exit 3";
  options.engine_timeout_ms = 5000;
  GameScore gs = testing_support::score_testdata("japanese-9x9-DO2.sgf", options);
  EXPECT_EQ(gs.life.source, life::DeadSource::estimator);
  ASSERT_FALSE(gs.diagnostics.empty());
  bool found = false;
  for (const Diagnostic &d : gs.diagnostics)
    found |= d.code == "engine-failed";
  EXPECT_TRUE(found);
}

// A sample of the counted corpus: most counted results are reproduced exactly.
TEST(Corpus, CountedSampleAgreesWithRecordedResults) {
  std::string index = std::string(SGF_CORPUS) + "/counted/index.tsv";
  std::ifstream in(index);
  if (!in)
    GTEST_SKIP() << "no corpus at " << SGF_CORPUS;
  std::string line;
  std::getline(in, line);
  int games = 0, exact = 0, winner = 0, row = 0;
  while (std::getline(in, line) && games < 150) {
    if (row++ % 60 != 0)
      continue;
    std::string file = line.substr(0, line.find('\t'));
    ParseResult parsed = parse_sgf(read_file(std::string(SGF_CORPUS) + "/counted/" + file));
    if (parsed.collection.games.empty())
      continue;
    GameScore gs = score_game(parsed.collection.games.front(), {});
    ++games;
    auto rec = gs.recorded.points();
    if (!rec)
      continue;
    double signed_rec = gs.recorded.winner == Color::white ? -*rec : *rec;
    exact += std::abs(signed_rec - gs.count.margin) < 1e-6;
    winner += (signed_rec > 0) == (gs.count.margin > 0);
  }
  ASSERT_GT(games, 100);
  EXPECT_GT(exact, games * 75 / 100) << exact << " of " << games;
  EXPECT_GT(winner, games * 90 / 100) << winner << " of " << games;
}

TEST(Cli, JsonKeysAndExitStatus) {
  std::string cmd = std::string(SGF_EXE) + " score --format json --no-progress " + SGF_TESTDATA +
                    "/score/japanese-9x9-DO2.sgf";
  FILE *f = popen(cmd.c_str(), "r");
  ASSERT_NE(f, nullptr);
  std::string out;
  std::array<char, 4096> buf;
  while (size_t k = fread(buf.data(), 1, buf.size(), f))
    out.append(buf.data(), k);
  int status = pclose(f);
  EXPECT_EQ(WEXITSTATUS(status), 0);
  for (const char *key : {"\"file\"", "\"game\"", "\"rules\"", "\"komi\"", "\"result\"",
                          "\"recorded\"", "\"dispute\":null", "\"confidence\"", "\"black\"",
                          "\"white\"", "\"dame\"", "\"seki_points\""})
    EXPECT_NE(out.find(key), std::string::npos) << key << " in " << out;
  cmd = std::string(SGF_EXE) + " score --disputes --no-progress " + SGF_TESTDATA +
        "/score/wrong-winner-DO2.sgf " + SGF_TESTDATA + "/score/japanese-9x9-DO2.sgf";
  f = popen(cmd.c_str(), "r");
  ASSERT_NE(f, nullptr);
  out.clear();
  while (size_t k = fread(buf.data(), 1, buf.size(), f))
    out.append(buf.data(), k);
  status = pclose(f);
  EXPECT_EQ(WEXITSTATUS(status), 1);
  EXPECT_NE(out.find("wrong-winner"), std::string::npos);
  EXPECT_EQ(out.find("japanese-9x9-DO2.sgf game"), std::string::npos) << out;
}

} // namespace
} // namespace sgf::score

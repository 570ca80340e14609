// Standings: results and ranks as written in records, the game server's ladder table line by
// line (points worked out by hand from ../shared/seeds/000, 計分規則), and the tally by player.
#include "lib/standings/standings.h"
#include "parsers/sgf/parse.h"

#include <gtest/gtest.h>

#include <string>

namespace sgf::standings {
namespace {

// A record of `moves` moves on distinct points (legality does not matter to standings).
std::string record(const std::string &pb, const std::string &br, const std::string &pw,
                   const std::string &wr, const std::string &re, int moves) {
  std::string sgf =
      "(;GM[1]FF[4]SZ[19]PB[" + pb + "]BR[" + br + "]PW[" + pw + "]WR[" + wr + "]RE[" + re + "]";
  for (int i = 0; i < moves; ++i)
    sgf += std::string(";") + (i % 2 ? "W[" : "B[") + char('a' + i % 19) + char('a' + i / 19) + "]";
  return sgf + ")";
}

GameSummary game(const std::string &br, const std::string &wr, const std::string &re, int moves) {
  ParseResult parsed = parse_sgf(record("Black", br, "White", wr, re, moves));
  EXPECT_EQ(parsed.collection.games.size(), 1u);
  return summarise(parsed.collection.games.at(0));
}

struct Line {
  const char *what;
  const char *br, *wr, *re;
  int moves;
  double black, white; // worked out by hand from the table
};

// Grades: kyu k = 1-k, dan d = d, pro p = 9+p. Gap = winner's grade - loser's grade.
const Line table_lines[] = {
    // Line 1: within 50 moves (以內 includes 50), nobody scores, whatever the ranks.
    {"50 moves", "1d", "1d", "B+R", 50, 0, 0},
    {"50 moves, a runaway", "1d", "5d", "B+Escape", 50, 0, 0},
    {"51 moves, equal ranks: the winner is less than 2 above", "1d", "1d", "B+R", 51, 5, 0},
    // Line 2: the winner's gap.
    {"gap 1", "2d", "1d", "B+3.5", 120, 5, 0},
    {"gap 2 (3d over 1d)", "3d", "1d", "B+R", 120, 2, 0},
    {"gap 3 (1d over 3k: 1 - (1-3))", "1d", "3k", "B+T", 120, 2, 0},
    {"gap 4: nothing for both (初段 over 4k)", "初段", "4k", "B+R", 120, 0, 0},
    {"gap 6: nothing for both (9段 over 三段)", "9段", "三段", "B+R", 200, 0, 0},
    {"winner below: 5k beats 1d, the loser 5 above loses 5", "5k", "1d", "B+R", 120, 5, -5},
    {"loser exactly 4 above (以上 includes 4): 2k beats 三段", "2k", "三段", "B+R", 120, 5, -5},
    {"loser 3 above loses nothing: 6d beats 9단", "6d", "9단", "B+R", 120, 5, 0},
    {"White wins by time, 5級 over 3k", "3k", "5級", "W+T", 120, 0, 5},
    {"professional: 2p over 9段 is gap 2", "2p", "9段", "B+R", 150, 2, 0},
    // Line 3: a draw.
    {"draw written 0", "1d", "5k", "0", 200, 0, 0},
    {"draw written Jigo", "1d", "1d", "Jigo", 200, 0, 0},
    // Line 4: the side that ran away loses three times the normal points.
    {"runaway, equal ranks: 3 x 5", "1d", "1d", "B+Escape", 80, 5, -15},
    {"runaway 2 below the winner: 3 x 2", "5d", "3d", "B+Runaway", 80, 2, -6},
    {"runaway 4 above the winner: the normal 5-point loss, tripled", "1d", "5d", "B+Escape", 80, 5,
     -15},
    {"runaway 4 below the winner: nothing to triple", "5d", "1d", "B+Escape", 80, 0, 0},
    {"White's opponent ran away (黑逃跑)", "1d", "2d", "W+Escape", 80, -15, 5},
    // No game.
    {"void", "1d", "1d", "Void", 120, 0, 0},
    {"unknown result", "1d", "1d", "?", 120, 0, 0},
};

TEST(SeedLadder, EveryLineOfTheTable) {
  for (const Line &line : table_lines) {
    SCOPED_TRACE(line.what);
    GamePoints p = seed_ladder_points(game(line.br, line.wr, line.re, line.moves));
    ASSERT_TRUE(p.black && p.white) << p.unscored;
    EXPECT_EQ(*p.black, line.black);
    EXPECT_EQ(*p.white, line.white);
  }
}

TEST(SeedLadder, AnUnknownRankIsSaidNotGuessed) {
  GamePoints p = seed_ladder_points(game("1d", "", "B+R", 120));
  EXPECT_FALSE(p.black);
  EXPECT_FALSE(p.white);
  EXPECT_EQ(p.unscored, "no rank (White)");
  p = seed_ladder_points(game("strong", "1d", "W+R", 120));
  EXPECT_EQ(p.unscored, "unknown rank 'strong' (Black)");
  // Where the rank does not matter, the points are known.
  p = seed_ladder_points(game("", "", "B+R", 30));
  EXPECT_EQ(p.black, 0);
}

TEST(SeedLadder, TotalsOverAHandMadeCollection) {
  // Ann (1d) and Bo (3d) and Cy (5k); totals by hand:
  // 1. Ann beats Bo (gap -2: +5; Bo 2 above: 0)     Ann 5, Bo 0
  // 2. Bo beats Ann (gap 2: +2)                     Bo 2
  // 3. Cy beats Bo (gap -7: +5; Bo 7 above: -5)    Cy 5, Bo -5
  // 4. Bo beats Cy, 40 moves: nothing
  // 5. Ann runs away from Cy (gap -5: 5, Ann 3 x 5) Cy 5, Ann -15
  // 6. Ann and Cy draw                              0
  std::string sgf =
      record("Ann", "1d", "Bo", "3d", "B+R", 100) + record("Bo", "3d", "Ann", "1d", "B+2.5", 100) +
      record("Cy", "5k", "Bo", "3d", "B+T", 100) + record("Bo", "3d", "Cy", "5k", "B+R", 40) +
      record("Ann", "1d", "Cy", "5k", "W+Escape", 100) +
      record("Cy", "5k", "Ann", "1d", "Draw", 100);
  ParseResult parsed = parse_sgf(sgf);
  Table table(PointsScheme::seed_ladder, nullptr);
  for (const Game &g : parsed.collection.games)
    EXPECT_EQ(table.add(summarise(g)), "");
  auto rows = table.rows();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].player, "Cy");
  EXPECT_EQ(rows[0].points, 10);
  EXPECT_EQ(rows[0].wins, 2);
  EXPECT_EQ(rows[0].losses, 1);
  EXPECT_EQ(rows[0].draws, 1);
  EXPECT_EQ(rows[0].wins_by[size_t(Ending::ran_away)], 1);
  EXPECT_EQ(rows[1].player, "Bo");
  EXPECT_EQ(rows[1].points, -3);
  EXPECT_EQ(rows[1].black_games, 2);
  EXPECT_EQ(rows[1].black_wins, 2);
  EXPECT_EQ(rows[1].white_losses, 2);
  EXPECT_EQ(rows[2].player, "Ann");
  EXPECT_EQ(rows[2].points, -10);
  EXPECT_EQ(rows[2].losses_by[size_t(Ending::ran_away)], 1);
  EXPECT_DOUBLE_EQ(*rows[2].win_rate(), 1.5 / 4);
}

TEST(Points, CommonSchemes) {
  GameSummary win = game("1d", "1d", "W+R", 100), draw = game("1d", "1d", "Jigo", 100);
  EXPECT_EQ(game_points(PointsScheme::win1_draw_half, win).white, 1);
  EXPECT_EQ(game_points(PointsScheme::win1_draw_half, win).black, 0);
  EXPECT_EQ(game_points(PointsScheme::win1_draw_half, draw).black, 0.5);
  EXPECT_EQ(game_points(PointsScheme::win3_draw1, win).white, 3);
  EXPECT_EQ(game_points(PointsScheme::win2_draw1, draw).white, 1);
}

TEST(Names, MatchedAfterUnicodeAndCaseFolding) {
  EXPECT_EQ(normalise_name("  Lee   Sedol "), "lee sedol");
  EXPECT_EQ(normalise_name("ＬＥＥ Sedol"), "lee sedol");               // full-width letters (NFKC)
  EXPECT_EQ(normalise_name("Caf\u00e9"), normalise_name("Cafe\u0301")); // composed or not
  EXPECT_EQ(normalise_name("STRASSE"), normalise_name("straße"));       // case folding
}

TEST(Names, AliasesMergeSpellings) {
  int bad = 0;
  auto aliases = Aliases::parse("# players\nLee Sedol\t이세돌\tlee se-dol\n\nGu Li\t古力\n", &bad);
  ASSERT_TRUE(aliases);
  Table table(PointsScheme::win1_draw_half, &*aliases);
  table.add({"이세돌", "古力", "9p", "9p", read_result("B+R"), 200});
  table.add({"古力", "LEE SE-DOL", "9p", "9p", read_result("W+R"), 200});
  table.add({"ＧＵ ＬＩ", "lee sedol", "9p", "9p", read_result("B+2.5"), 200});
  auto rows = table.rows();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].player, "Lee Sedol");
  EXPECT_EQ(rows[0].games, 3);
  EXPECT_EQ(rows[0].points, 2);
  EXPECT_EQ(rows[1].player, "Gu Li");
  EXPECT_EQ(table.heads().at("lee sedol").at("gu li").wins, 2);
  EXPECT_FALSE(Aliases::parse("A\tB\nC\tb\n", &bad));
  EXPECT_EQ(bad, 2);
}

} // namespace
} // namespace sgf::standings

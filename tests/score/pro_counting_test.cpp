// Area counts of professional records that stop before the last dame are filled: the dame are
// filled in turn as players fill them, answering each fill that puts a chain in atari.
#include "lib/rules/rule_set.h"
#include "lib/score/counting.h"
#include "lib/score/score_game.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace sgf::score {
namespace {

using testing_support::from_rows;
using testing_support::rules_named;

// The record scored with the dead stones given (those the estimator finds).
GameScore score_with_dead(const std::string &name, const char *dead) {
  return testing_support::score_testdata_with_dead("pro/" + name, dead);
}

// An area count's open dame, each side's share of them and the result they give.
void expect_dame_split(const GameScore &gs, int dame, double black, double white,
                       const char *result) {
  EXPECT_EQ(gs.count.dame, dame);
  EXPECT_DOUBLE_EQ(gs.count.black.dame_share, black);
  EXPECT_DOUBLE_EQ(gs.count.white.dame_share, white);
  EXPECT_EQ(gs.count.result, result);
}

// Black's fill at b1 puts White's c1 in atari and White must answer at d1, while White cannot
// fill b1 itself without self-atari: Black gains a turn, so of the five dame (b1 and g1-g4)
// Black takes three whoever fills first (filling in turn without it: the first side takes three).
life::Position forcing_position() {
  return from_rows({"X.O.OO.X.", //
                    "XXXO.O.X.", //
                    "..XO.O.X.", //
                    "..XOOO.X."});
}

// The dame fill of `p`'s points `dame`, whichever side fills first: the points each side
// fills and those left shared.
void expect_fill(const life::Position &p, const std::vector<Point> &dame, int black, int white,
                 int left) {
  std::vector<uint8_t> board(p.points()), is_dame(p.points());
  for (int i = 0; i < p.points(); ++i)
    board[i] = static_cast<uint8_t>(p.stones[i]);
  for (Point d : dame)
    is_dame[p.index(d)] = 1;
  for (Color first : {Color::black, Color::white}) {
    auto fill = fill_dame(p.size, board, is_dame, first);
    ASSERT_TRUE(fill);
    EXPECT_EQ(fill->black, black);
    EXPECT_EQ(fill->white, white);
    EXPECT_EQ(fill->left, left);
  }
}

TEST(ProCounting, AForcingFillGainsATurn) {
  expect_fill(forcing_position(), {{1, 0}, {6, 0}, {6, 1}, {6, 2}, {6, 3}}, 3, 2, 0);
}

TEST(ProCounting, AreaCountFillsTheDameWithForcingFills) {
  rules::RuleSet chinese = rules_named("chinese");
  chinese.komi = 0;
  GameFacts facts;
  facts.fills_first = Color::white;
  Count c = count(forcing_position(), life::Verdicts{}, facts, chinese);
  EXPECT_EQ(c.dame, 5);
  EXPECT_DOUBLE_EQ(c.black.total, 21); // 10 stones + 8 territory + 3 dame
  EXPECT_DOUBLE_EQ(c.white.total, 15); // 10 stones + 3 territory + 2 dame
  EXPECT_DOUBLE_EQ(c.margin, 6);
  // Without the fact the dame are shared; territory counting ignores them.
  EXPECT_DOUBLE_EQ(count(forcing_position(), life::Verdicts{}, GameFacts{}, chinese).margin, 5);
}

// Chunlan Cup 10, T19 (RE B+1.5, komi 7.5): ten open dame; filled in turn they are five each
// and White wins by half a point, but Black's fills force White twice, which gives Black six.
TEST(ProCounting, ForcingDameDecideAProfessionalAreaGame) {
  GameScore gs =
      score_with_dead("chinese-forcing-dame-Chunlan-10-T19.sgf", "gh,ql,ip,qp,jq,kq,mq,qq,fr,rr");
  expect_dame_split(gs, 10, 6, 4, "B+1.5");
  EXPECT_FALSE(gs.dispute);
}

// China-Japan Super Go 1, game 13 (Japanese, komi 5.5, RE B+2.5): White's chain at ds-fs has
// the dame er and its own point gs. White could join it to ep by filling er and eq, so the
// static teire rule leaves gs in White's territory, but Black is to move and fills er with
// atari first: gs is a teire, and the count gives RE (B+1.5 without it). Black's af is a teire
// either way (Black cannot fill bh without self-atari).
TEST(ProCounting, TeireAreTheAnswersToForcingFillsUnderTerritory) {
  GameScore gs = score_with_dead("japanese-forced-teire-CJSG-01-13.sgf", "ge,je,ek,fm,gm,fn,kq,os");
  EXPECT_EQ(gs.rules.name, "japanese");
  const auto at = [&](const char *p) {
    return gs.count.kinds[gs.position.index({p[0] - 'a', p[1] - 'a'})];
  };
  EXPECT_EQ(at("gs"), PointKind::white_teire);
  EXPECT_EQ(at("af"), PointKind::black_teire);
  EXPECT_EQ(gs.count.result, "B+2.5");
  EXPECT_FALSE(gs.dispute);
}

// China-Japan Super Go 1, game 10 (Japanese, komi 5.5, RE B+6.5): Black's oa has the dame na
// and its own point ob, and beside it lies White's dead stone pa. Taken off the board first,
// pa would leave oa a second liberty; on the board, where it stays while the dame are filled,
// White's fill at na puts oa in atari and Black must fill ob: a teire, and the count gives RE
// (B+7.5 without it).
TEST(ProCounting, DeadStonesOnTheBoardCallForTeire) {
  GameScore gs = score_with_dead("japanese-teire-beside-dead-stones-CJSG-01-10.sgf",
                                 "pa,pc,fg,ng,oh,ni,ep,jp");
  EXPECT_EQ(gs.rules.name, "japanese");
  EXPECT_EQ(gs.count.kinds[gs.position.index({14, 1})], PointKind::black_teire); // ob
  EXPECT_EQ(gs.count.result, "B+6.5");
  EXPECT_FALSE(gs.dispute);
}

// Fox, 2017-07-05, Terminator against Li Long (Japanese, komi 6.5 by the Fox convention, RE
// W+0.5): in the fill White's J4 puts Black's G4-G6 in atari, Black's answer at H5 leaves it
// one liberty at J5, and White's fill there would take the chain the count holds alive. A dame
// fill takes no live chain (its owner connects it on his turn): Black connects at J5 and the
// teire come from the fill, W+0.5. Before, the capture emptied the chain's liberties, the fill
// gave up, and the static teire rule gave B+0.5.
TEST(ProCounting, AFillTakesNoChainTheCountHoldsAlive) {
  GameScore gs = score_with_dead("fox-fill-takes-no-live-chain-Li-Long-2017-07-05.sgf",
                                 "pc,re,ff,of,ji,mm,mn,bo,bp,cp,dp,aq,bq,ar");
  EXPECT_EQ(gs.count.kinds[gs.position.index({6, 13})], PointKind::black_stone); // G6 (gn)
  EXPECT_EQ(gs.count.result, "W+0.5");
  EXPECT_FALSE(gs.dispute);
}

// Fox, FineArt against 协鑫集成, 2016-11-03 (Japanese, komi 6.5 by the Fox convention, RE
// W+0.5): White's bj stands in atari between Black's dead stones bi, bk and cj when the record
// stops. Both players left it so, judging that the dead stones cannot take it: White need not
// answer at aj, and the count keeps RE (B+0.5 with aj a teire).
TEST(ProCounting, AnAtariLeftByDeadStonesNeedsNoTeire) {
  GameScore gs =
      score_with_dead("fox-dead-stones-left-in-atari-FineArt-2016-11-03.sgf",
                      "rb,cc,qc,hd,kd,md,ge,jf,hg,kg,ch,eh,bi,ci,ki,cj,bk,ck,cl,cm,om,hn,"
                      "jn,fo,go,mo,gp,op,qp,rp,sp,hq,mq,oq,pq,ir,jr,kr,lr,pr,qr,ps,rs");
  EXPECT_EQ(gs.count.kinds[gs.position.index({0, 9})], PointKind::white_territory); // aj
  EXPECT_EQ(gs.count.result, "W+0.5");
  EXPECT_FALSE(gs.dispute);
}

// 13th China-Japan exchange 1985, Nie Weiping against Honda Kunihisa (Chinese, komi 5.5, RE
// B+1.5): the record stops on two open kos, Black's mg in atari at ng and White's ga at ha,
// with nine dame. Black, to move, connects at ng and White at ha before the dame are filled, and
// Black takes four of them. Before, the fill gave way to the parity share on any chain in the
// opponent's atari: five for Black, B+3.5.
TEST(ProCounting, OpenKosAreConnectedBeforeTheDame) {
  GameScore gs = score_with_dead("chinese-open-kos-CJGoExchange-1985-24.sgf", "nd,mi,iq");
  expect_dame_split(gs, 9, 4, 5, "B+1.5");
  EXPECT_FALSE(gs.dispute);
}

// 2nd China-Japan exchange 1974, Nie Weiping against Miyamoto Naoki (Chinese, komi 5, RE B+4):
// the record stops on an open ko (Black's ar in atari at as) with 22 dame, and White's first
// fill at gd puts a second black chain in atari. Black connects one of them and then the other
// on his next turn, and the dame go ten to twelve. Before, two chains to save at once gave the
// fill up for the parity share: eleven each, B+6.
TEST(ProCounting, TwoChainsInAtariAreConnectedInTurn) {
  GameScore gs =
      score_with_dead("chinese-two-ataris-CJGoExchange-1974-12-09.sgf", "qc,ng,pj,fp,gp");
  expect_dame_split(gs, 22, 10, 12, "B+4");
  EXPECT_FALSE(gs.dispute);
}

// 10-game match Go Seigen against Iwamoto Kaoru, game of 1948-09-01 (Japanese, no komi, RE B+3):
// White's dame fill at dd leaves Black's chain cd-ef one liberty, its eye bf, beside White's dead
// stones ff, gf, eg and fg, which stand in atari at gg themselves. Black takes them off at gg,
// a teire inside his territory, as connecting at bf would be suicide. Before, the fill answered
// at bf, gave up and fell back on the static rule, which finds no teire: B+4.
TEST(ProCounting, AnAtariBesideDeadStonesInAtariIsAnsweredByTakingThem) {
  GameScore gs = score_with_dead("japanese-teire-captures-dead-stones-Go_Seigen-1948-09-01.sgf",
                                 "rb,jc,sc,ff,gf,eg,fg,il,qo,fp,ir");
  EXPECT_EQ(gs.rules.name, "japanese");
  EXPECT_EQ(gs.count.kinds[gs.position.index({6, 6})], PointKind::black_teire);     // gg
  EXPECT_EQ(gs.count.kinds[gs.position.index({1, 5})], PointKind::black_territory); // bf
  EXPECT_EQ(gs.count.result, "B+3");
  EXPECT_FALSE(gs.dispute);
}

// 17th Asian TV Cup, Liu Xing against Cho Hanseung, 2005 (Chinese, komi 7.5, RE W+0.5): Black's
// dead stones bd and cd stay on the board while the 13 dame are filled, so Black's fill at df
// leaves White's chain ce-fg one liberty, and White answers inside his area at be and then ad:
// Black takes 8 of the dame. Filled without the dead stones, the dame go 7 to 6 (W+2.5). Dead
// chains already in atari when the record stops are left out, as in Chunlan Cup 1, game 11
// (RealGames.OpenDameFilledInTurnInAProfessionalAreaGame), where White's stone pd is one.
TEST(ProCounting, DeadStonesStayOnTheBoardInTheAreaFill) {
  GameScore gs = score_with_dead("chinese-dead-stones-in-the-fill-AsianTV-17-2.sgf",
                                 "bd,cd,he,gf,hf,if,pl,jm,pm,qm,hn,pn,cr,bs");
  EXPECT_EQ(gs.rules.name, "chinese");
  expect_dame_split(gs, 13, 8, 5, "W+0.5");
  EXPECT_FALSE(gs.dispute);
}

// 46th Kisei, league C, round 2, Ohashi Hirofumi against Sada Atsushi (JPN, komi 6.5, RE W+6.5):
// White's dead stone oc (P17) stands in atari, its liberty od a dame between Black's and White's
// stones. As the record stops, its region holds dame, so oc was no one's point; once the dame are
// filled, Black has taken it off at od and its point is surrounded by Black alone: Black's
// territory, and the count gives RE (W+7.5 with oc a dame; GNU Go's aftermath count agrees).
TEST(ProCounting, ADeadStoneTheFillClosesInIsTerritory) {
  GameScore gs =
      score_with_dead("japanese-dead-stone-closed-in-Kisei-46-C06.sgf", "oc,dm,kj,qj,jo,kp,lq");
  EXPECT_EQ(gs.rules.name, "japanese");
  EXPECT_EQ(gs.count.black.territory, 52);
  EXPECT_EQ(gs.count.result, "W+6.5");
  EXPECT_FALSE(gs.dispute);
}

// 8th Japan-China exchange, round 5, Minami Yoshimi against Kong Xiangming, 1980-06-18 (Japanese,
// komi 5.5, RE W+1.5): the dame kk, lk, mk and nl lie around Black's dead stone nk. Once White
// has filled lk and Black kk, mk and nl touch White's stones alone: White's territory, which no
// player fills. White must still connect at mk when Black's fills put lk in atari (a teire), and
// nl is White's point; filled as a dame, it gave W+0.5.
TEST(ProCounting, ADameTheFillClosesInIsTerritory) {
  GameScore gs =
      score_with_dead("japanese-dame-closed-in-CJGoExchange-1980-06-18.sgf", "cp,nk,oo,of");
  EXPECT_EQ(gs.rules.name, "japanese");
  EXPECT_EQ(gs.count.kinds[gs.position.index({13, 11})], PointKind::white_territory); // nl
  EXPECT_EQ(gs.count.kinds[gs.position.index({12, 10})], PointKind::white_teire);     // mk
  EXPECT_EQ(gs.count.result, "W+1.5");
  EXPECT_FALSE(gs.dispute);
}

// Fox, 2017-05-30, Li Long against revenge (Japanese, komi 6.5 by the Fox convention, RE B+0.5):
// once Black has filled kk, the dame lk touches Black's stones alone. Fox counts the board as
// the players left it, lk open: RE gives it to no one (B+1.5 with lk Black's territory).
TEST(ProCounting, FoxCountsTheDameTheFillClosesInForNoOne) {
  GameScore gs = score_with_dead("fox-dame-left-open-Li-Long-2017-05-30.sgf",
                                 "ob,mc,oc,qc,pf,pg,nh,ph,ni,qi,ap");
  EXPECT_TRUE(gs.facts.counted_as_left);
  EXPECT_EQ(gs.count.kinds[gs.position.index({11, 10})], PointKind::dame); // lk
  EXPECT_EQ(gs.count.result, "B+0.5");
  EXPECT_FALSE(gs.dispute);
}

// 5th Chunlan Cup, round 2 (RE W+0.5, komi 7.5): once the nine other dame are filled, ss lies
// between Black's rs and White's sp-rr, each left with one other liberty, so neither fills it
// without self-atari. It is no seki point: Black, to move, connects rs to qr at qs inside his
// area and then fills ss, so Black takes it (W+1.5 with the point shared).
TEST(ProCounting, APointNeitherSideCanFillGoesToTheSideToMove) {
  GameScore gs =
      score_with_dead("chinese-late-dame-Chunlan-05-15.sgf", "fc,ed,gd,ge,cj,ej,ok,gn,qn,rn,do,er");
  expect_dame_split(gs, 10, 6, 4, "W+0.5");
}

// The shared liberties of a seki, which neither side can prepare from inside its own area,
// stay shared: each chain's only liberties are the two dame.
TEST(ProCounting, SekiLibertiesStayShared) {
  expect_fill(from_rows({"X.O", //
                         "X.O"}),
              {{1, 0}, {1, 1}}, 0, 0, 2);
}

} // namespace
} // namespace sgf::score

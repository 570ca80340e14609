// Server profiles on real records of each source (testdata/score/profiles): recognition from the
// root, the conventions they add (komi units, even-game komi, dame, teire, dead stones), and
// --profile, --rule and --komi winning over what the record suggests.
#include "lib/rules/profile.h"
#include "lib/score/disputes.h"
#include "lib/score/score_game.h"
#include "parsers/record/record.h"
#include "tests/support/score.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <string>

namespace sgf::score {
namespace {

using testing_support::from_rows;
using testing_support::rules_named;
using testing_support::score_testdata;

GameScore score_profile(const std::string &name, const ScoreOptions &options = {}) {
  return score_testdata("profiles/" + name, options);
}

ScoreOptions with_profile(const char *name) {
  ScoreOptions options;
  options.rules.profile = rules::profile_preset(name);
  EXPECT_TRUE(options.rules.profile) << name;
  return options;
}

TEST(Profiles, FoxExporterFoxwqEvenGameKm0IsKomi6Point5ByTerritory) {
  GameScore gs = score_profile("fox-foxwq-km0.sgf"); // AP[GNU Go:3.8] then AP[foxwq], KM[0]
  EXPECT_EQ(gs.profile.profile.name, "fox");
  EXPECT_EQ(gs.profile.reason, "AP[foxwq]");
  EXPECT_EQ(gs.rules.name, "japanese");
  EXPECT_EQ(gs.rules_reason, "RU[Japanese]");
  EXPECT_EQ(gs.rules.komi, 6.5);
  EXPECT_TRUE(gs.rules.counted_as_left);
}

TEST(Profiles, FoxKm650IsHundredthsOfAPoint) {
  GameScore gs = score_profile("fox-foxwq-km650.sgf");
  EXPECT_EQ(gs.profile.profile.name, "fox");
  EXPECT_EQ(gs.rules.komi, 6.5);
}

TEST(Profiles, FoxKm375OnAnAreaGameIsStones) {
  // RU[Chinese] KM[375] RE[B+0.75]: 3.75 stones of komi, 7.5 points; the result is in stones.
  GameScore gs = score_profile("fox-foxwq-km375.sgf");
  EXPECT_EQ(gs.profile.profile.name, "fox");
  EXPECT_EQ(gs.rules.scoring, rules::Scoring::area);
  EXPECT_EQ(gs.rules.komi, 7.5);
  EXPECT_EQ(gs.count.white.komi, 7.5);
}

TEST(Profiles, FoxZeroMarginNamesTheWinnerAlone) {
  // RE[B+0.0]: Fox's result of a game whose margin it did not write (most such boards are not
  // finished). Without the profile it reads as a jigo Black won on a tiebreak, which the count
  // (B+3.5) disputes.
  GameScore gs = score_profile("fox-zero-margin.sgf");
  EXPECT_EQ(gs.profile.profile.name, "fox");
  EXPECT_EQ(gs.recorded.ending, Ending::unknown);
  EXPECT_EQ(gs.recorded.winner, Color::black);
  EXPECT_FALSE(gs.dispute.has_value());
  GameScore none = score_profile("fox-zero-margin.sgf", with_profile("none"));
  EXPECT_EQ(none.recorded.ending, Ending::score);
  EXPECT_EQ(none.recorded.points(), 0);
  ASSERT_TRUE(none.dispute.has_value());
  EXPECT_EQ(none.dispute->kind, DisputeKind::margin);
}

TEST(Profiles, FoxHandicapStonesStandOnTheFixedPointsWhenTheRecordLeavesThemOut) {
  // HA[2] and no AB; White plays first. With the two stones the count agrees with RE, without
  // them the board looks unfinished and far from it (its open points left as dame: the estimate,
  // which counts them, finds the stones' corners Black's all the same).
  const char *file = "fox-foxwq-handicap-no-ab.sgf";
  GameScore gs = score_profile(file);
  EXPECT_EQ(gs.profile.profile.name, "fox");
  EXPECT_TRUE(gs.rules.fixed_handicap);
  EXPECT_TRUE(std::ranges::any_of(gs.diagnostics, [](const Diagnostic &d) {
    return d.code == "handicap-convention" && d.message.find("D4") != std::string::npos;
  }));
  EXPECT_FALSE(gs.dispute.has_value());
  ScoreOptions recorded;
  recorded.rules.overrides = {"handicap-stones=recorded", "open-points=dame"};
  for (const ScoreOptions &options : {recorded, with_profile("none")}) {
    GameScore as_written = score_profile(file, options);
    EXPECT_FALSE(as_written.rules.fixed_handicap);
    EXPECT_TRUE(as_written.dispute.has_value());
    EXPECT_LT(as_written.count.margin, gs.count.margin - 10);
  }
}

TEST(Profiles, FoxYuanYuKm750IsHundredthsOfAPoint) {
  GameScore gs = score_profile("fox-yuanyu-km750.sgf");
  EXPECT_EQ(gs.profile.profile.name, "fox");
  EXPECT_EQ(gs.profile.reason, "AP[YuanYu]");
  EXPECT_EQ(gs.rules.komi, 7.5);
}

TEST(Profiles, FoxWithoutItsOwnApIsKnownByItsClockProperties) {
  GameScore gs = score_profile("fox-tc-tt-only.sgf"); // AP[GNU Go:3.8] only, TC[1] TT[15]
  EXPECT_EQ(gs.profile.profile.name, "fox");
  EXPECT_EQ(gs.profile.reason, "TC[1] TT[15]");
  EXPECT_EQ(gs.rules.komi, 6.5);
}

TEST(Profiles, KgsSharesOpenDame) {
  GameScore gs = score_profile("kgs-chinese.sgf");
  EXPECT_EQ(gs.profile.profile.name, "kgs");
  EXPECT_EQ(gs.rules.name, "chinese");
  EXPECT_EQ(gs.rules.open_dame, rules::OpenDame::shared);
  EXPECT_FALSE(gs.facts.fills_first.has_value());
}

TEST(Profiles, TygemCountsKoreanTerritoryOnTheBoardAsLeft) {
  GameScore gs = score_profile("tygem.sgf"); // PC[TYGEM], the converter's RU[Japanese]
  EXPECT_EQ(gs.profile.profile.name, "tygem");
  EXPECT_EQ(gs.profile.reason, "PC[TYGEM]");
  EXPECT_EQ(gs.rules.name, "korean");
  EXPECT_EQ(gs.rules_reason, "RU[Japanese]: the tygem profile's counting");
  EXPECT_EQ(gs.count.scoring, rules::Scoring::territory);
  EXPECT_EQ(gs.rules.komi, 6.5);
  EXPECT_EQ(gs.rules.open_dame, rules::OpenDame::shared);
}

// A game played on Tygem and saved by Fox's client (PC[Tygem], AP[YuanYu], no RU) is counted as
// Tygem counts it: Korean territory (an area count makes White's half-point win Black's).
TEST(Profiles, TheServerPlayedOnWinsOverTheProgramThatSavedTheRecord) {
  GameScore gs = score_profile("tygem-saved-by-fox.sgf");
  EXPECT_EQ(gs.profile.profile.name, "tygem");
  EXPECT_EQ(gs.profile.reason, "PC[Tygem]");
  EXPECT_EQ(gs.rules.name, "korean");
  EXPECT_EQ(gs.rules_reason, "no RU: the tygem profile's counting");
  EXPECT_EQ(gs.count.result, "W+0.5");
}

// Tygem's own GIB records name the server in the client's language: PC[타이젬 바둑] in Korean.
TEST(Profiles, TygemKnownByItsKoreanNameInItsOwnFormat) {
  const ParseResult parsed = parse_record(
      testing_support::read_file(std::string(SGF_TESTDATA) + "/formats/euc-kr.gib"), "euc-kr.gib");
  ASSERT_FALSE(parsed.collection.games.empty());
  const rules::ProfileChoice choice = rules::profile_for(parsed.collection.games[0].root());
  EXPECT_EQ(choice.profile.name, "tygem");
  EXPECT_EQ(choice.reason, "PC[타이젬 바둑]");
}

// A Tygem record counted as the server counts it, the board as the players left it, agrees with
// RE; counted by the static rule (--rule teire=fill) it does not. `x, y`: the point that differs,
// its kind in each count.
void expect_counted_as_left(const std::string &name, int x, int y, PointKind as_left,
                            const std::string &re, PointKind by_static_rule,
                            const std::string &static_result) {
  GameScore gs = score_profile(name);
  EXPECT_EQ(gs.profile.profile.name, "tygem");
  EXPECT_TRUE(gs.rules.counted_as_left);
  const int at = gs.position.index({x, y});
  EXPECT_EQ(gs.count.kinds[at], as_left);
  EXPECT_EQ(gs.count.result, re);
  EXPECT_FALSE(gs.dispute);
  ScoreOptions fill;
  fill.rules.overrides = {"teire=fill"};
  GameScore filled = score_profile(name, fill);
  EXPECT_EQ(filled.count.kinds[at], by_static_rule);
  EXPECT_EQ(filled.count.result, static_result);
}

// Tygem 9d, RE[B+3.5]: White's J12 is a static teire (the chain's other liberties are dame that
// Black can fill), but the server counts it as White's territory.
TEST(Profiles, TygemDeductsNoTeireLeftOpen) {
  expect_counted_as_left("tygem-teire-left-open.sgf", 8, 7, PointKind::white_territory, "B+3.5",
                         PointKind::white_teire, "B+4.5");
}

// Tygem 9d, RE[W+1.5]: Black's R19 is an eye of a group in seki, no territory under the Korean
// and Japanese rules, but the server counts every point one colour encloses.
TEST(Profiles, TygemCountsAnEyeInSekiAsTerritory) {
  expect_counted_as_left("tygem-seki-eye.sgf", 16, 0, PointKind::black_territory, "W+1.5",
                         PointKind::black_seki_eye, "W+2.5");
}

TEST(Profiles, TomCountsTheBoardAsLeft) {
  GameScore gs = score_profile("tom-komi-7.5.sgf");
  EXPECT_EQ(gs.profile.profile.name, "tom");
  EXPECT_EQ(gs.rules.name, "chinese");
  EXPECT_EQ(gs.rules.komi, 7.5);
  EXPECT_EQ(gs.rules.open_dame, rules::OpenDame::shared);
  EXPECT_TRUE(gs.rules.counted_as_left);
}

// OGS writes RU and KM as played: the profile names the server and changes nothing.
TEST(Profiles, OgsIsKnownByItsPlaceAndKeepsTheRecordsRulesAndKomi) {
  GameScore gs = score_profile("ogs.sgf"); // PC[OGS: https://online-go.com/game/1234]
  EXPECT_EQ(gs.profile.profile.name, "ogs");
  EXPECT_EQ(gs.profile.reason, "PC[OGS: https://online-go.com/game/1234]");
  EXPECT_EQ(gs.rules.name, "japanese");
  EXPECT_EQ(gs.rules_reason, "RU[Japanese]");
  EXPECT_EQ(gs.rules.komi, 6.5);
  EXPECT_EQ(gs.rules.open_dame, rules::preset("japanese")->open_dame);
  EXPECT_FALSE(gs.rules.counted_as_left);
  EXPECT_TRUE(gs.rules.remove_dead);
  for (const Diagnostic &d : gs.diagnostics)
    EXPECT_FALSE(d.code.ends_with("-convention")) << d.code << ": " << d.message;
}

TEST(Profiles, CgosSharesNoDame) {
  // PC[(CGOS) 9x9 Computer Go Server], RE[B+0.5]: five open dame count for nobody (Black 35
  // stones + 7 territory = 42, White 31 + 3 + 7.5 komi = 41.5); filled in turn or shared they
  // would give White the game.
  GameScore gs = score_profile("cgos-open-dame.sgf");
  EXPECT_EQ(gs.profile.profile.name, "cgos");
  EXPECT_EQ(gs.rules.open_dame, rules::OpenDame::nobody);
  EXPECT_EQ(gs.count.dame, 5);
  EXPECT_EQ(gs.count.black.dame_share + gs.count.white.dame_share, 0);
  EXPECT_EQ(gs.count.black.total, 42);
  EXPECT_EQ(gs.count.white.total, 41.5);
  EXPECT_FALSE(gs.dispute.has_value());
}

TEST(Profiles, CgosRemovesNoStone) {
  // RE[W+8.5]: every stone on the board counts, Black 34 + 6, White 31 + 10 + 7.5.
  GameScore gs = score_profile("cgos-every-stone-alive.sgf");
  EXPECT_EQ(gs.profile.profile.name, "cgos");
  EXPECT_FALSE(gs.rules.remove_dead);
  EXPECT_EQ(gs.count.black.dead_stones + gs.count.white.dead_stones, 0);
  EXPECT_EQ(gs.count.black.stones, 34);
  EXPECT_EQ(gs.count.white.stones, 31);
  EXPECT_EQ(gs.count.result, "W+8.5");
  EXPECT_FALSE(gs.dispute.has_value());
}

TEST(Profiles, TrompTaylorSharesNoDame) {
  // The middle column reaches both colours: nobody's under Tromp-Taylor, half each under
  // Chinese rules with the dame shared.
  const life::Position p = from_rows({"X.O", "X.O", "X.O"});
  rules::RuleSet tt = rules_named("tromp-taylor");
  tt.komi = 0;
  Count c = count(p, life::Verdicts{}, GameFacts{}, tt);
  EXPECT_EQ(c.black.total, 3);
  EXPECT_EQ(c.white.total, 3);
  EXPECT_EQ(c.dame, 3);
  rules::RuleSet chinese = rules_named("chinese");
  chinese.komi = 0;
  chinese.open_dame = rules::OpenDame::shared;
  EXPECT_EQ(count(p, life::Verdicts{}, GameFacts{}, chinese).black.total, 4.5);
}

// The open points of an unfinished board counted by the estimate: in a column open between the
// colours the estimate gives the top two points to Black and the bottom one to White; the middle
// one, close to even, stays dame. Under area and territory rules alike.
TEST(Profiles, OpenPointsCountForTheSideTheEstimateGivesThem) {
  const life::Position p = from_rows({"X.O", "X.O", "X.O", "X.O"});
  GameFacts facts;
  facts.estimate = {1, 0.9f, -1, 1, 0.5f, -1, 1, 0.2f, -1, 1, -0.6f, -1};
  for (const char *name : {"chinese", "japanese"}) {
    rules::RuleSet rules = rules_named(name);
    rules.komi = 0;
    rules.open_dame = rules::OpenDame::shared;
    const Count as_dame = count(p, life::Verdicts{}, GameFacts{}, rules);
    EXPECT_EQ(as_dame.dame, 4) << name;
    EXPECT_EQ(as_dame.margin, 0) << name;
    const Count estimated = count(p, life::Verdicts{}, facts, rules);
    EXPECT_EQ(estimated.dame, 1) << name;
    EXPECT_EQ(estimated.black.territory, 2) << name;
    EXPECT_EQ(estimated.white.territory, 1) << name;
    EXPECT_EQ(estimated.margin, 1) << name;
    EXPECT_EQ(estimated.kinds[4], PointKind::black_territory) << name;
    EXPECT_EQ(estimated.kinds[7], PointKind::dame) << name;
  }
}

// Fox counts a game stopped before the board is finished by its own estimate of who owns what
// (counted-more's Fox 9k records: RE[W+103.50] on a board whose open points, left as dame, give
// W+33.5). The count is the estimate's; --rule open-points=dame and --profile none leave the
// open points dame.
TEST(Profiles, FoxCountsAnUnfinishedBoardByTheEstimate) {
  GameScore gs = score_profile("fox-unfinished-board.sgf");
  EXPECT_EQ(gs.profile.profile.name, "fox");
  EXPECT_TRUE(gs.rules.open_points_by_estimate);
  EXPECT_TRUE(gs.life.unfinished);
  EXPECT_TRUE(std::ranges::any_of(
      gs.diagnostics, [](const Diagnostic &d) { return d.code == "count-convention"; }));
  ASSERT_TRUE(gs.recorded.points());
  EXPECT_NEAR(gs.count.margin, -*gs.recorded.points(), 5);
  ScoreOptions as_dame;
  as_dame.rules.overrides = {"open-points=dame"};
  for (const ScoreOptions &options : {as_dame, with_profile("none")}) {
    GameScore open = score_profile("fox-unfinished-board.sgf", options);
    EXPECT_FALSE(open.rules.open_points_by_estimate);
    EXPECT_TRUE(std::ranges::none_of(
        open.diagnostics, [](const Diagnostic &d) { return d.code == "count-convention"; }));
    EXPECT_GT(open.count.margin, gs.count.margin + 50);
    EXPECT_GT(open.count.dame, gs.count.dame);
  }
}

TEST(Profiles, TrompTaylorRulesShareNoDameOnARealRecord) {
  ScoreOptions options = with_profile("none");
  options.rules.preset = rules::preset("tromp-taylor");
  GameScore gs = score_profile("cgos-open-dame.sgf", options);
  EXPECT_EQ(gs.count.dame, 5);
  EXPECT_EQ(gs.count.black.total, 42);
  EXPECT_EQ(gs.count.white.total, 41.5);
  EXPECT_EQ(gs.count.result, "B+0.5");
}

TEST(Profiles, TrompTaylorRulesKeepTheirDameOnAKgsRecord) {
  ScoreOptions options;
  options.rules.preset = rules::preset("tromp-taylor");
  GameScore gs = score_profile("kgs-chinese.sgf", options);
  EXPECT_EQ(gs.profile.profile.name, "kgs");
  EXPECT_EQ(gs.rules_reason, "--rules");
  EXPECT_EQ(gs.rules.open_dame, rules::OpenDame::nobody);
  EXPECT_FALSE(gs.rules.remove_dead);
}

// NNGS records write no RU; the server counted territory and prisoners on the board as the
// players left it. The record's last white dame left Black's chain at A2 needing a teire at A3,
// which the server did not deduct: RE[B+27.5].
TEST(Profiles, NngsCountsTerritoryWhereTheRecordNamesNoRules) {
  GameScore gs = score_profile("nngs-teire-left-open.sgf"); // PC[NNGS], no RU
  EXPECT_EQ(gs.profile.profile.name, "nngs");
  EXPECT_EQ(gs.profile.reason, "PC[NNGS]");
  EXPECT_EQ(gs.rules.name, "japanese");
  EXPECT_EQ(gs.rules_reason, "no RU: the nngs profile's counting");
  EXPECT_EQ(gs.count.scoring, rules::Scoring::territory);
  const auto has = [&](const GameScore &g, const char *code) {
    return std::any_of(g.diagnostics.begin(), g.diagnostics.end(),
                       [&](const Diagnostic &d) { return d.code == code; });
  };
  EXPECT_TRUE(has(gs, "rules-convention"));
  EXPECT_FALSE(has(gs, "rules-assumed"));
  EXPECT_EQ(gs.count.result, "B+27.5");
  EXPECT_FALSE(gs.dispute);

  // The teire a Japanese count deducts, and the area count of a record with no known server.
  ScoreOptions teire;
  teire.rules.overrides = {"teire=fill"};
  EXPECT_EQ(score_profile("nngs-teire-left-open.sgf", teire).count.margin, gs.count.margin - 1);
  GameScore none = score_profile("nngs-teire-left-open.sgf", with_profile("none"));
  EXPECT_EQ(none.rules.name, "chinese");
  EXPECT_TRUE(has(none, "rules-assumed"));
  EXPECT_TRUE(none.dispute);
}

// Professional records rarely write RU. Professionals play territory rules with any komi but
// those of area rules (7.5, 8, a komi in stones), so each record below counts as RE says under the
// rules the chain takes for it, and where the other rule set is tried it gives the other winner: a
// game with KM[6.5] and a Honinbo league game with KM[5.5] count territory, a Nie Weiping Cup game
// with KM[7.5] area. A game of programs with KM[6.5] and no RU (the 2006 Computer Olympiad, area
// rules) keeps the default.
TEST(Profiles, ProfessionalsCountTerritoryUnlessTheKomiIsOneOfAreaRules) {
  struct Case {
    const char *file, *rules, *reason, *result, *other_rules, *other_result;
  };
  const Case cases[] = {
      {"professional-no-ru-km6.5.sgf", "japanese", "no RU: a professional game with KM[6.5]",
       "W+0.5", "chinese", "B+0.5"},
      {"professional-title-no-ru-km6.5.sgf", "japanese", // BR[9p, Kisei]
       "no RU: a professional game with KM[6.5]", "W+0.5", nullptr, nullptr},
      {"professional-no-ru-km5.5.sgf", "japanese", "no RU: a professional game with KM[5.5]",
       "W+0.5", "chinese", "B+1.5"},
      {"professional-no-ru-km7.5.sgf", "chinese", "no RU: the default", "W+0.5", "japanese",
       "B+0.5"},
      {"program-no-ru-km6.5.sgf", "chinese", "no RU: the default", "W+5.5", nullptr, nullptr},
  };
  for (const Case &c : cases) {
    GameScore gs = score_profile(c.file);
    EXPECT_EQ(gs.profile.profile.name, "none") << c.file;
    EXPECT_EQ(gs.rules.name, c.rules) << c.file;
    EXPECT_EQ(gs.rules_reason, c.reason) << c.file;
    EXPECT_EQ(gs.count.result, c.result) << c.file;
    EXPECT_FALSE(gs.dispute) << c.file;
    if (c.other_rules) {
      ScoreOptions other;
      other.rules.preset = rules::preset(c.other_rules);
      EXPECT_EQ(score_profile(c.file, other).count.result, c.other_result) << c.file;
    }
  }

  // A komi in hundredths is read as one: KM[750] is 7.5 points, KM[375] 3.75 (stones), KM[550] 5.5.
  for (auto [km, rules] : {std::pair{"750", "chinese"}, {"375", "chinese"}, {"550", "japanese"}}) {
    const ParseResult parsed =
        parse_sgf(std::string("(;GM[1]SZ[19]BR[9p]WR[9p]KM[") + km + "];B[pd])");
    ASSERT_EQ(parsed.collection.games.size(), 1u);
    Diagnostics notes;
    EXPECT_EQ(rules::rules_of_game(parsed.collection.games[0], {}, notes).rules.name, rules) << km;
  }
}

TEST(Profiles, RulesOptionAndAKnownRuWinOverTheServersOwnRules) {
  ScoreOptions given;
  given.rules.preset = rules_named("chinese");
  GameScore chinese = score_profile("nngs-teire-left-open.sgf", given);
  EXPECT_EQ(chinese.profile.profile.name, "nngs");
  EXPECT_EQ(chinese.rules.name, "chinese");
  EXPECT_EQ(chinese.rules_reason, "--rules");
  const ParseResult parsed = parse_sgf("(;PC[NNGS]RU[Chinese]SZ[9];B[ee])");
  ASSERT_EQ(parsed.collection.games.size(), 1u);
  GameScore ru = score_game(parsed.collection.games[0], {});
  EXPECT_EQ(ru.profile.profile.name, "nngs");
  EXPECT_EQ(ru.rules.name, "chinese");
  EXPECT_EQ(ru.rules_reason, "RU[Chinese]");
  // Without KM the komi is the server's rule set's own, not the default rule set's.
  const ParseResult no_km = parse_sgf("(;PC[NNGS]SZ[9];B[ee];W[];B[])");
  ASSERT_EQ(no_km.collection.games.size(), 1u);
  EXPECT_EQ(score_game(no_km.collection.games[0], {}).rules.komi, 6.5);
}

TEST(Profiles, ProfileOptionWinsOverTheRecord) {
  GameScore none = score_profile("fox-foxwq-km0.sgf", with_profile("none"));
  EXPECT_EQ(none.profile.profile.name, "none");
  EXPECT_EQ(none.profile.reason, "--profile");
  EXPECT_EQ(none.rules.komi, 0); // KM[0] as written
  EXPECT_FALSE(none.rules.counted_as_left);
  GameScore cgos = score_profile("kgs-chinese.sgf", with_profile("cgos"));
  EXPECT_EQ(cgos.profile.reason, "--profile");
  EXPECT_EQ(cgos.rules.open_dame, rules::OpenDame::nobody);
  EXPECT_FALSE(cgos.rules.remove_dead);
  GameScore fox = score_profile("tom-komi-7.5.sgf", with_profile("fox"));
  EXPECT_EQ(fox.profile.profile.name, "fox");
  EXPECT_EQ(fox.rules.open_dame, rules::OpenDame::filled);
}

TEST(Profiles, RuleOptionWinsOverTheProfile) {
  ScoreOptions options;
  options.rules.overrides = {"komi=5.5", "teire=fill"};
  GameScore fox = score_profile("fox-foxwq-km0.sgf", options);
  EXPECT_EQ(fox.profile.profile.name, "fox");
  EXPECT_EQ(fox.rules.komi, 5.5);
  EXPECT_FALSE(fox.rules.counted_as_left);
  options.rules.overrides = {"dame=filled"};
  GameScore kgs = score_profile("kgs-chinese.sgf", options);
  EXPECT_EQ(kgs.rules.open_dame, rules::OpenDame::filled);
  EXPECT_TRUE(kgs.facts.fills_first.has_value());
  options.rules.overrides = {"dead=removed", "dame=shared"};
  GameScore cgos = score_profile("cgos-every-stone-alive.sgf", options);
  EXPECT_TRUE(cgos.rules.remove_dead);
  EXPECT_EQ(cgos.rules.open_dame, rules::OpenDame::shared);
  ScoreOptions komi;
  komi.rules.komi = 0.5;
  EXPECT_EQ(score_profile("fox-foxwq-km650.sgf", komi).rules.komi, 0.5);
}

TEST(Profiles, KmIsTheKomiAsWrittenWhereItCanBeOne) {
  // KGS allows a komi of -100 points: the record's RE[B+55.00] is the count with it.
  GameScore kgs = score_profile("kgs-komi-minus-100.sgf");
  EXPECT_EQ(kgs.profile.profile.name, "kgs");
  EXPECT_EQ(kgs.rules.komi, -100);
  EXPECT_FALSE(std::ranges::any_of(
      kgs.diagnostics, [](const Diagnostic &d) { return d.code == "komi-convention"; }));
  // More points than the board has is no komi: read as hundredths where no profile says how
  // the server writes KM, and said.
  auto komi_of = [](const char *record) {
    const Game game = parse_sgf(record).collection.games.at(0);
    GameScore gs = score_game(game, {});
    const bool noted = std::ranges::any_of(
        gs.diagnostics, [](const Diagnostic &d) { return d.code == "komi-convention"; });
    return std::pair{gs.rules.komi, noted};
  };
  EXPECT_EQ(komi_of("(;RU[Japanese]KM[650];B[dd];W[];B[])"), std::pair(6.5, true));
  EXPECT_EQ(komi_of("(;RU[Japanese]KM[300];B[dd];W[];B[])"), std::pair(300.0, false));
  EXPECT_EQ(komi_of("(;RU[Japanese]SZ[9]KM[300];B[dd];W[];B[])"), std::pair(3.0, true));
  EXPECT_EQ(komi_of("(;RU[Japanese]KM[651];B[dd];W[];B[])"), std::pair(651.0, false));
}

TEST(Profiles, UnknownServerIsNone) {
  GameScore gs = score_testdata("pro/territory-result-Go_Seigen_Cup-03-16.sgf");
  EXPECT_EQ(gs.profile.profile.name, "none");
  EXPECT_EQ(gs.profile.reason, "no server recognised from PC or AP");
}

TEST(Profiles, EveryPresetIsDocumented) {
  for (const std::string &name : rules::profile_names()) {
    std::optional<rules::Profile> p = rules::profile_preset(name);
    ASSERT_TRUE(p) << name;
    EXPECT_EQ(p->name, name);
    EXPECT_FALSE(p->conventions.empty()) << name;
  }
  EXPECT_FALSE(rules::profile_preset("igs").has_value());
}

} // namespace
} // namespace sgf::score

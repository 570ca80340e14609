// Record conventions of the Fox server (AP[YuanYu]) on real Fox records from testdata/score/fox.
#include "lib/rules/rule_set.h"
#include "lib/score/counting.h"
#include "lib/score/score_game.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <string>

namespace sgf::score {
namespace {

using testing_support::read_file;

std::string fox_record(const std::string &name) {
  return read_file(std::string(SGF_TESTDATA) + "/score/fox/" + name);
}

GameScore score_text(const std::string &bytes, const ScoreOptions &options = {}) {
  ParseResult parsed = parse_sgf(bytes);
  EXPECT_FALSE(parsed.collection.games.empty());
  if (parsed.collection.games.empty())
    return {};
  return score_game(parsed.collection.games.front(), options, {});
}

bool has_note(const GameScore &gs, const std::string &code) {
  for (const Diagnostic &d : gs.diagnostics)
    if (d.code == code && d.severity == Severity::note)
      return true;
  return false;
}

// A Fox Japanese game with a seki in the top left corner (Black 1 eye, White 4): RE[B+4.50] is
// the count with the seki eyes as territory; the japanese preset alone gives B+7.5.
TEST(FoxConventions, SekiEyesCountAsTerritory) {
  const std::string bytes = fox_record("seki-eyes-jinmao-huzihao-010001303.sgf");
  GameScore gs = score_text(bytes);
  EXPECT_EQ(gs.rules.name, "japanese");
  EXPECT_TRUE(gs.rules.seki_territory);
  EXPECT_EQ(gs.count.black.seki_eyes, 1);
  EXPECT_EQ(gs.count.white.seki_eyes, 4);
  EXPECT_EQ(gs.count.result, "B+4.5");
  EXPECT_FALSE(gs.dispute);
  EXPECT_TRUE(has_note(gs, "seki-convention"));
  // The breakdown lists the seki eyes the total holds.
  EXPECT_EQ(breakdown_text(gs.count, Color::white),
            "69.5 = 52 territory + 5 prisoners + 1 dead + 4 seki eyes + 7.5 komi");

  // The same game without Fox's AP: the japanese preset leaves the seki eyes out.
  std::string plain = bytes;
  plain.erase(plain.find("AP[YuanYu]"), std::string("AP[YuanYu]").size());
  GameScore other = score_text(plain);
  EXPECT_FALSE(other.rules.seki_territory);
  EXPECT_EQ(other.count.result, "B+7.5");
  EXPECT_FALSE(has_note(other, "seki-convention"));
  EXPECT_EQ(breakdown_text(other.count, Color::white),
            "65.5 = 52 territory + 5 prisoners + 1 dead + 7.5 komi");
}

// Area scoring counts seki eyes already: the convention has nothing to change and says nothing.
TEST(FoxConventions, SekiConventionOnlyForTerritoryScoring) {
  ScoreOptions chinese;
  chinese.rules = rules::preset("chinese");
  GameScore gs = score_text(fox_record("seki-eyes-jinmao-huzihao-010001303.sgf"), chinese);
  EXPECT_EQ(gs.rules.name, "chinese");
  EXPECT_FALSE(has_note(gs, "seki-convention"));
}

} // namespace
} // namespace sgf::score

// The count never reads RE: every sampled game of the counted corpus (counted/ and counted-more/)
// scored as recorded and with RE removed gives the same result, totals, dead stones and points.
#include "lib/batch/inputs.h"
#include "lib/score/score_game.h"
#include "parsers/sgf/parse.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace sgf::score {
namespace {

namespace fs = std::filesystem;

// Every game with SGF_FULL_CORPUS=1 (about two minutes of one core); else every 4th, and every
// 32nd under AddressSanitizer, so that the test stays fast enough for every CI run.
size_t sample_step() {
  if (const char *full = std::getenv("SGF_FULL_CORPUS"); full && std::string(full) == "1")
    return 1;
#if defined(__SANITIZE_ADDRESS__)
  return 32;
#else
  return 4;
#endif
}

void expect_same_count(const std::string &name, const GameScore &as_recorded,
                       const GameScore &without_re) {
  EXPECT_EQ(as_recorded.count.result, without_re.count.result) << name;
  EXPECT_EQ(as_recorded.count.black.total, without_re.count.black.total) << name;
  EXPECT_EQ(as_recorded.count.white.total, without_re.count.white.total) << name;
  EXPECT_EQ(as_recorded.count.scoring, without_re.count.scoring) << name;
  EXPECT_EQ(as_recorded.rules.komi, without_re.rules.komi) << name;
  EXPECT_TRUE(as_recorded.life.verdicts.dead == without_re.life.verdicts.dead) << name;
  EXPECT_TRUE(as_recorded.count.kinds == without_re.count.kinds) << name;
}

// Scores the sampled records of `input` twice; returns how many games were compared.
int compare_with_and_without_re(const fs::path &input) {
  batch::InputSpec spec;
  spec.paths = {input.string()};
  batch::RecordSource source(spec);
  const size_t step = sample_step();
  int compared = 0;
  size_t n = 0;
  while (std::optional<batch::Record> record = source.next()) {
    if (record->error || n++ % step != 0)
      continue;
    ParseResult parsed = parse_sgf(record->bytes);
    if (parsed.collection.games.empty() || parsed.collection.games.front().empty())
      continue;
    Game game = parsed.collection.games.front();
    const GameScore as_recorded = score_game(game, {});
    auto &props = game.root().properties;
    const auto before = props.size();
    props.erase(
        std::remove_if(props.begin(), props.end(), [](const Property &p) { return p.id == "RE"; }),
        props.end());
    EXPECT_LT(props.size(), before) << record->name << " has no RE";
    const GameScore without_re = score_game(game, {});
    EXPECT_TRUE(without_re.recorded.text.empty()) << record->name;
    expect_same_count(record->name, as_recorded, without_re);
    ++compared;
  }
  return compared;
}

TEST(CountIgnoresResult, CountedCorpus) {
  const fs::path counted = fs::path(SGF_CORPUS) / "counted";
  if (!fs::exists(counted / "index.tsv"))
    GTEST_SKIP() << counted << " is absent";
  EXPECT_GT(compare_with_and_without_re(counted), 10'000 / static_cast<int>(sample_step()));
}

TEST(CountIgnoresResult, CountedMoreCorpus) {
  const fs::path more = fs::path(SGF_CORPUS) / "counted-more" / "games.tar.xz";
  if (!fs::exists(more))
    GTEST_SKIP() << more << " is absent";
  EXPECT_GT(compare_with_and_without_re(more), 3'900 / static_cast<int>(sample_step()));
}

} // namespace
} // namespace sgf::score

// libFuzzer target for what `sgf score` does with any bytes, under any rule set and any rule
// override: every game of the record is counted, and the count must add up. The last bytes of
// the input choose the rules, overrides and profile (FuzzedDataProvider reads from the end, so a
// seed record keeps its start); the rest is the record, in whatever format it looks like.
// Invariants: the margin is the difference of the totals and RE's spelling of it; every point of
// the board is counted once (an area count's points, dame shares and seki points add up to the
// board); a chain is dead or alive as a whole; the count is the same with RE removed (the count
// never reads the recorded result); and with every stone alive it is the same on the board
// turned a quarter.
#include "fuzz/options.h"
#include "fuzz/require.h"
#include "lib/check/check.h"
#include "lib/collection/transform.h"
#include "lib/score/score_game.h"
#include "parsers/record/record.h"

#include <fmt/core.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using sgf::fuzz::require;
namespace rules = sgf::rules;
namespace score = sgf::score;
using score::PointKind;

namespace {

// The overrides a fuzz input may pick, one bit each.
constexpr std::array<const char *, 12> kOverrides = {
    "dame=filled",     "dame=shared",           "dame=nobody",        "dead=kept",
    "teire=fill",      "teire=as-left",         "scoring=area",       "scoring=territory",
    "suicide=allowed", "handicap-stones=fixed", "handicap-bonus=n-1", "ko=situational"};

score::ScoreOptions options_from(FuzzedDataProvider &in) {
  score::ScoreOptions o;
  const std::vector<std::string> presets = rules::preset_names();
  // One more than the presets: the record's own RU.
  const size_t preset = in.ConsumeIntegralInRange<size_t>(0, presets.size());
  if (preset < presets.size())
    o.rules.preset = rules::preset(presets[preset]);
  const auto bits = in.ConsumeIntegral<uint16_t>();
  for (size_t i = 0; i < kOverrides.size(); ++i)
    if (bits & (1u << i))
      o.rules.overrides.emplace_back(kOverrides[i]);
  // One more than the profiles: the one the root shows.
  const std::vector<std::string> profiles = rules::profile_names();
  const size_t profile = in.ConsumeIntegralInRange<size_t>(0, profiles.size());
  if (profile < profiles.size())
    o.rules.profile = rules::profile_preset(profiles[profile]);
  o.estimator.playouts = 16; // a short estimate: the count's arithmetic is what is tested
  return o;
}

// With SGF_FUZZ_SHOW=FILE, the options on standard error and the record in FILE, so that a
// failing input can be replayed with `sgf score --playouts 16`.
void show(const score::ScoreOptions &o, const std::string &record) {
  const char *file = std::getenv("SGF_FUZZ_SHOW");
  if (!file)
    return;
  fmt::print(stderr, "--rules {} --profile {} --rule {}\n",
             o.rules.preset ? o.rules.preset->name : "(RU)",
             o.rules.profile ? o.rules.profile->name : "(PC, AP)",
             fmt::join(o.rules.overrides, " --rule "));
  if (FILE *f = std::fopen(file, "wb")) {
    std::fwrite(record.data(), 1, record.size(), f);
    std::fclose(f);
  }
}

int count_of(const score::Count &c, PointKind k) {
  return static_cast<int>(std::count(c.kinds.begin(), c.kinds.end(), k));
}

void require_adds_up(const score::GameScore &s) {
  const score::Count &c = s.count;
  require(std::isfinite(c.margin), "a finite margin");
  require(std::fabs(c.margin - (c.black.total - c.white.total)) < 1e-9,
          "the margin is the difference of the totals");
  require(c.result == score::result_string(c.margin), "the result spells the margin");
  require(c.kinds.size() == s.position.stones.size(), "a kind for every point");
  require(c.black.dead_stones == count_of(c, PointKind::dead_white) &&
              c.white.dead_stones == count_of(c, PointKind::dead_black),
          "dead stones are the dead points");
  require(c.black.stones == count_of(c, PointKind::black_stone) &&
              c.white.stones == count_of(c, PointKind::white_stone),
          "live stones are the stone points");
  // A side's territory is its surrounded points and the dead stones among them, the dame the
  // neutral points and the dead stones among them; a dead stone in a region no live stone
  // reaches (an empty board but for it) is nobody's.
  const int dead = c.black.dead_stones + c.white.dead_stones;
  const int dead_in_territory = c.black.territory - count_of(c, PointKind::black_territory) +
                                c.white.territory - count_of(c, PointKind::white_territory);
  const int dead_in_dame = c.dame - count_of(c, PointKind::dame);
  require(dead_in_territory >= 0 && dead_in_dame >= 0 && dead_in_territory + dead_in_dame <= dead,
          "territory and dame hold dead stones only");
  if (c.scoring == rules::Scoring::area && s.rules.open_dame != rules::OpenDame::nobody &&
      s.rules.remove_dead) {
    // Every point once: a side's stones, territory, teire and seki eyes, and the dame and seki
    // points shared between the sides; seki points are nobody's where the rules count none.
    auto points = [&](const score::SideCount &side) {
      return side.stones + side.territory + side.teire +
             (s.rules.seki_territory ? side.seki_eyes : 0) + side.dame_share;
    };
    const int nobodys = count_of(c, PointKind::none) + (dead - dead_in_territory - dead_in_dame) +
                        (s.rules.seki_territory ? 0 : c.seki_points);
    require(std::fabs(points(c.black) + points(c.white) - (s.position.points() - nobodys)) < 1e-9,
            "an area count counts every point once");
  }
  // A chain is dead or alive as a whole.
  const sgf::life::Position &pos = s.position;
  for (int i = 0; i < pos.points(); ++i) {
    if (pos.stones[i] == sgf::rules::Stone::empty)
      continue;
    auto is_dead = [&](int j) {
      return c.kinds[j] == PointKind::dead_black || c.kinds[j] == PointKind::dead_white;
    };
    sgf::life::for_each_neighbour(pos.size, i, [&](int j) {
      if (pos.stones[j] == pos.stones[i])
        require(is_dead(i) == is_dead(j), "a chain is dead or alive as a whole");
    });
  }
}

bool same_count(const score::Count &a, const score::Count &b) {
  return a.margin == b.margin && a.kinds == b.kinds && a.black.total == b.black.total &&
         a.white.total == b.white.total;
}

// With every stone alive (no estimate, whose random moves depend on the points' order), the
// count of a game turned a quarter is the same: classifying the points, the static teire rule,
// seki, the shares of dame and their fill in turn may not depend on where the board's first point
// is. Not checked where the rules place handicap stones on fixed points (they do not turn with
// the game).
bool counts_alike_turned(const sgf::Game &game, score::ScoreOptions options) {
  options.dead = std::vector<sgf::Point>{};
  const score::GameScore scored = score::score_game(game, options);
  sgf::Game turned = game;
  if (scored.rules.fixed_handicap || sgf::collection::transform_game(turned, sgf::rotate_90))
    return true;
  const score::Count &a = scored.count, &b = score::score_game(turned, options).count;
  if (a.margin != b.margin || a.dame != b.dame || a.seki_points != b.seki_points ||
      a.black.teire != b.black.teire || a.white.teire != b.white.teire) {
    fmt::print(stderr, "{} against {} turned\n", a.result, b.result);
    return false;
  }
  return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider in(data, size);
  const score::ScoreOptions options = options_from(in);
  const std::string bytes = in.ConsumeRemainingBytesAsString();
  show(options, bytes);
  const sgf::ParseOptions parse = sgf::fuzz::small_limits(2'000, 4);
  const sgf::ParseResult parsed = sgf::parse_record(bytes, "fuzz", {}, parse, std::string_view{});
  // The games `sgf score` counts: Go games whose record has no error a count rests on.
  const sgf::Diagnostics blockers = sgf::check::count_blockers(parsed);
  for (size_t g = 0; g < parsed.collection.games.size(); ++g) {
    const sgf::Game &game = parsed.collection.games[g];
    if (game.empty() || !sgf::check::is_go(game) ||
        !sgf::check::blockers_of_game(blockers, static_cast<int>(g)).empty())
      continue;
    const score::GameScore scored = score::score_game(game, options);
    require_adds_up(scored);
    sgf::Game without_result = game;
    without_result.root().erase("RE");
    require(same_count(scored.count, score::score_game(without_result, options).count),
            "the count is the same without RE");
    require(counts_alike_turned(game, options), "the count does not depend on the orientation");
  }
  return 0;
}

// Helpers the score tests share: rule-set presets by name, positions drawn as rows of text, and
// the score of a record in testdata/score, with given dead stones or not (header only, for
// tests/score).
#pragma once

#include "lib/rules/rule_set.h"
#include "lib/score/score_game.h"
#include "lib/sgf/values.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace sgf::testing_support {

inline rules::RuleSet rules_named(const char *name) {
  auto r = rules::preset(name);
  EXPECT_TRUE(r.has_value()) << name;
  return r.value_or(rules::RuleSet{});
}

// A position from rows of text: X black, O white, anything else empty.
inline life::Position from_rows(const std::vector<std::string> &rows) {
  life::Position p(BoardSize{static_cast<int>(rows[0].size()), static_cast<int>(rows.size())});
  for (int y = 0; y < p.size.height; ++y)
    for (int x = 0; x < p.size.width; ++x)
      p.set({x, y}, rows[y][x] == 'X'   ? life::Stone::black
                    : rows[y][x] == 'O' ? life::Stone::white
                                        : life::Stone::empty);
  return p;
}

// The first game of testdata/score/<name> scored with `options`.
inline score::GameScore score_testdata(const std::string &name,
                                       const score::ScoreOptions &options = {}) {
  std::string bytes = read_file(std::string(SGF_TESTDATA) + "/score/" + name);
  ParseResult parsed = parse_sgf(bytes);
  EXPECT_FALSE(parsed.collection.games.empty()) << name;
  if (parsed.collection.games.empty())
    return {};
  const Game &game = parsed.collection.games.front();
  return score::score_game(game, options);
}

// The first game of testdata/score/<name> scored with the dead stones `dead` (the chains through
// these 19x19 points, as --dead takes them), so that a test checks the count alone.
inline score::GameScore score_testdata_with_dead(const std::string &name, const char *dead) {
  score::ScoreOptions options;
  options.dead = sgf::parse_points(dead, BoardSize{19, 19});
  EXPECT_TRUE(options.dead) << dead;
  return score_testdata(name, options);
}

} // namespace sgf::testing_support

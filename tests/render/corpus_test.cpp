// Corpus-wide checks (skipped without the corpus): every game of other board sizes and of the
// rule corner cases draws at four moves; the position agrees with the rules engine's replay
// (which follows the record after an illegal move), and the SVG holds one circle per stone.
#include "lib/batch/inputs.h"
#include "lib/render/layout.h"
#include "lib/render/svg.h"
#include "lib/render/text.h"
#include "lib/rules/replay.h"
#include "parsers/sgf/parse.h"
#include "tests/support/text.h"

#include <filesystem>
#include <gtest/gtest.h>

namespace sgf::render {
namespace {

using sgf::testing_support::occurrences;

TEST(RenderCorpus, PositionsAgreeWithTheRulesEngine) {
  const std::string root = std::string(SGF_CORPUS) + "/rules";
  if (!std::filesystem::exists(root + "/cwi_other_sizes"))
    GTEST_SKIP() << "no corpus at " << SGF_CORPUS;
  batch::InputSpec spec;
  spec.paths = {root + "/cwi_other_sizes", root + "/cwi_unusual"};
  batch::RecordSource source(spec);
  int games = 0, diagrams = 0, disagreements = 0;
  while (auto record = source.next()) {
    if (record->error)
      continue;
    auto parsed = parse_sgf(record->bytes);
    for (const Game &game : parsed.collection.games) {
      if (game.empty())
        continue;
      ++games;
      const auto line = variation_line(game, 0);
      const int total = count_moves(game, line);
      std::vector<size_t> move_at;
      for (size_t i = 0; i < line.size(); ++i)
        if (game.nodes[line[i]].has("B") || game.nodes[line[i]].has("W"))
          move_at.push_back(i);
      for (int k = 1; k <= 4; ++k) {
        const int m = total * k / 4;
        LayoutOptions o;
        o.move = {MoveSpec::Kind::number, m};
        o.coordinates = true;
        auto made = make_layout(game, o);
        ASSERT_TRUE(made.ok()) << record->name << " move " << m;
        const Layout &l = made.layout;
        ++diagrams;
        // The rules engine on the same nodes, with its default of following the record.
        const size_t end = m == 0 ? 1 : move_at[size_t(m - 1)] + 1;
        const rules::Board board = rules::position_after(
            game, std::vector<NodeIndex>(line.begin(), line.begin() + std::ptrdiff_t(end)),
            *rules::preset("tromp-taylor"));
        const auto stones = board.stones();
        size_t differ = 0;
        for (size_t i = 0; i < stones.size() && i < l.cells.size(); ++i)
          differ += stones[i] != l.cells[i].stone;
        disagreements += differ != 0;
        EXPECT_EQ(differ, 0u) << record->name << " after move " << m;
        const std::string svg = render_svg(l, 400);
        EXPECT_EQ(occurrences(svg, "class=\"black-stone\""), size_t(l.count(rules::Stone::black)));
        EXPECT_EQ(occurrences(svg, "class=\"white-stone\""), size_t(l.count(rules::Stone::white)));
        const std::string text = render_text(l);
        EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), l.size.height + 2);
      }
    }
  }
  EXPECT_GT(games, 200);
  std::printf("%d games, %d diagrams, %d disagree with the rules engine\n", games, diagrams,
              disagreements);
}

} // namespace
} // namespace sgf::render

// libFuzzer target for the board's symmetries (sgf transform, dedupe's orientation): on every
// game any record gives, each symmetry that keeps the board's shape followed by its inverse gives
// back the same tree, swapping the colours twice does too (a komi's written '+' aside), and
// normalising any orientation of a game gives the same record as normalising the game itself.
#include "fuzz/options.h"
#include "fuzz/require.h"
#include "lib/collection/transform.h"
#include "lib/sgf/values.h"
#include "lib/sgf/writer.h"
#include "parsers/record/record.h"
#include "tests/support/tree_difference.h"

#include <cstdint>
#include <cstdio>
#include <string>

using sgf::fuzz::require;
namespace collection = sgf::collection;

namespace {

// Whether two games are the same tree (structure, identifiers, values as stored).
bool same_game(const sgf::Game &a, const sgf::Game &b) {
  sgf::Collection x, y;
  x.games = {a};
  y.games = {b};
  const std::string difference = sgf::testing_support::tree_difference(x, y);
  if (!difference.empty())
    std::fprintf(stderr, "%s\n", difference.c_str());
  return difference.empty();
}

// The game with each komi that reads as a number written without a '+': negating a komi twice
// gives its number back, not its written sign (KM[+.5] becomes KM[-.5], then KM[.5]).
sgf::Game without_plus_komi(sgf::Game game) {
  for (sgf::Node &node : game.nodes)
    if (sgf::Property *km = node.find("KM"))
      for (sgf::Value &v : km->values)
        if (const size_t at = v.text.find_first_not_of(' ');
            at != std::string::npos && v.text[at] == '+' && sgf::to_real(v.text).value_or(0) != 0)
          v.text.erase(at, 1);
  return game;
}

std::string normalised(sgf::Game game) {
  collection::normalise(game);
  return sgf::write_sgf(game);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const sgf::ParseOptions options = sgf::fuzz::small_limits(2'000, 4);
  const std::string_view bytes(reinterpret_cast<const char *>(data), size);
  const sgf::ParseResult parsed = sgf::parse_record(bytes, "fuzz", {}, options, std::string_view{});
  for (const sgf::Game &game : parsed.collection.games) {
    if (game.empty())
      continue;
    const std::optional<sgf::BoardSize> board = sgf::board_size_of(game);
    // The game as any symmetry writes it back: a compressed rectangle written from another
    // corner (kj:nh) comes back top-left:bottom-right (kh:nj), the same points.
    sgf::Game written = game;
    if (collection::transform_game(written, sgf::rotate_180) ||
        collection::transform_game(written, sgf::rotate_180))
      continue; // SZ is malformed: no symmetry applies
    for (sgf::Symmetry s : sgf::all_symmetries()) {
      sgf::Game there = game;
      if (collection::transform_game(there, s))
        continue; // the symmetry does not keep the board's shape, or SZ is malformed
      sgf::Game back = there;
      require(!collection::transform_game(back, sgf::inverse(s)),
              "the inverse applies where the symmetry did");
      require(same_game(back, s == sgf::identity ? game : written),
              "a symmetry and its inverse give back the game");
      if (board && board->width == board->height)
        require(normalised(there) == normalised(game), "every orientation normalises alike");
    }
    sgf::Game swapped = game;
    collection::swap_colours(swapped);
    collection::swap_colours(swapped);
    require(same_game(swapped, without_plus_komi(game)),
            "swapping the colours twice gives back the game");
  }
  return 0;
}

// The playout-based ownership estimate: random games from the final position in which neither
// side fills its own true eyes nor puts a chain of three or more stones into atari (so seki
// survives, while one- and two-stone throw-ins still kill groups with one eye), and each side first
// answers an atari next to the last move (captures, but not into a snapback, or extends out of
// it, or takes a chain in atari beside the threatened one instead of the snapback), then takes the
// vital point of a small eye space of its own that the last move closed (three to six points), then
// answers a chain left there with two liberties (nets it, chases a lone stone, or extends out of
// a net); otherwise, half the time, a MoGo 3x3 pattern move (hane, cut) next to the last move
// that is no self-atari, else a random move. Deterministic for a given seed.
#pragma once

#include "lib/life/position.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace sgf::life {

// Most playouts per game unless the user says otherwise: the one default of `sgf score`, `sgf
// check` and `sgf annotate`. The estimate stops as soon as every stone's verdict is significant
// (most final positions settle within a few dozen playouts; the limit bounds the rest).
constexpr int kDefaultPlayouts = 200;

struct EstimatorOptions {
  uint64_t seed = 0;
  int playouts = kDefaultPlayouts;
};

struct Ownership {
  std::vector<float> own; // per point, row-major: +1 always Black's, -1 always White's
  int playouts = 0;
};

// A test of an early estimate: given the stones most playouts so far captured (1 = dead), whether
// the board is settled with them.
using ConfirmDead = std::function<bool(const std::vector<uint8_t> &dead)>;

// `to_move`: the side to play first in every playout (the one that did not pass last).
// `confirm`, when set, is asked from kConfirmStop playouts on, until kEarlyStop, whenever every
// stone's verdict is significant and the dead stones are not those it last refused; when it
// confirms them the estimate stops there.
Ownership estimate_ownership(const Position &, Color to_move, const EstimatorOptions & = {},
                             const ConfirmDead &confirm = {});

} // namespace sgf::life

// The playout policy's constants and random numbers: one definition for the estimator and for the
// plain reference scan its test keeps, so that the two cannot drift apart.
#pragma once

#include "lib/life/position.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace sgf::life::playout {

constexpr uint8_t kEmpty = 0, kBlack = 1, kWhite = 2, kEdge = 3;
// Playouts before the estimate may stop early, after each of which it then checks, and the
// z-score every stone's mean ownership must reach (a contested stone runs to the limit). A stone
// owned one way in 16 of 20 playouts is settled; fewer playouts than 20 can all keep a group that
// the next ones capture, and stop the estimate too soon.
constexpr int kEarlyStop = 20;
// Playouts after which significant verdicts may stop the estimate, when a static test of the
// board confirms them (estimate_ownership's `confirm`): what fewer playouts miss is a group they
// keep without the eyes to live.
constexpr int kConfirmStop = 8;
constexpr double kSettledZ = 3.0;
// The largest chain a playout may put into atari (a throw-in): two stones kill bent shapes with
// one eye that a single stone cannot; three break seki, whose shared liberties a larger throw-in
// fills.
constexpr int kThrowInStones = 2;

// The largest eye space with a vital point (the rabbity six).
constexpr int kNakadePoints = 6;

// The vital point of a connected set of n <= kNakadePoints board cells of a padded board with row
// stride `stride` (an index into pts), or -1 when the shape has none: the middle of three, the
// centre of the pyramid four, of the crossed and the bulky five and of the rabbity six, each known
// by its points' neighbour counts inside the set. Whoever takes it first decides whether the eye
// space makes two eyes.
inline int vital_point(const int *pts, int n, int stride) {
  int deg[kNakadePoints] = {}, links = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const int d = pts[i] > pts[j] ? pts[i] - pts[j] : pts[j] - pts[i];
      if (d == 1 || d == stride) {
        ++deg[i];
        ++deg[j];
        ++links;
      }
    }
  int with[5] = {-1, -1, -1, -1, -1}; // per neighbour count, the last point with that many
  for (int i = 0; i < n; ++i)
    with[deg[i]] = i;
  switch (n) {
  case 3: // straight or bent
    return with[2];
  case 4: // the pyramid (the square's points all have two neighbours, the bent four's at most)
    return with[3];
  case 5: // crossed, or bulky (a square and one more point: the only five with five links)
    return with[4] >= 0 ? with[4] : links == 5 ? with[3] : -1;
  case 6: // rabbity: a cross and one point next to two of its arms
    return with[4] >= 0 && links == 6 ? with[4] : -1;
  default:
    return -1;
  }
}

// How often (percent) a move with no tactical reply is a pattern move next to the last move when
// there is one: the playouts need random moves too, and more pattern moves bias the groups they
// capture about half the time.
constexpr uint32_t kPatternPercent = 50;

// The MoGo 3x3 patterns (Gelly et al. 2006, as in michi, less its thin hane): hane, cuts, keima
// cut and edge moves, the move at the centre, for either colour, in all eight orientations. X and O
// are stones, x anything but X (o: but O), # the edge, ? anything. The code of a point's
// surroundings: its eight neighbours (the row above left to right, then left, right, then the row
// below), two bits each (kEmpty, kBlack, kWhite, kEdge).
inline const std::vector<bool> &pattern_table() {
  static const std::vector<bool> table = [] {
    static const char *const src[][3] = {
        {"XOX", "...", "???"}, {"XO.", "...", "?.?"}, {"XO?", "X..", "x.?"}, {".O.", "X..", "..."},
        {"XO?", "O.o", "?o?"}, {"XO?", "O.X", "???"}, {"?X?", "O.O", "ooo"}, {"OX?", "o.O", "???"},
        {"X.?", "O.?", "##?"}, {"OX?", "X.O", "###"}, {"?X?", "x.O", "###"}, {"?XO", "x.x", "###"},
        {"?OX", "X.O", "###"}};
    std::vector<bool> t(1u << 16, false);
    // The kinds (bit per kEmpty, kBlack, kWhite, kEdge) a pattern letter admits.
    auto kinds = [](char want, bool swap) -> unsigned {
      const unsigned X = 1u << (swap ? kWhite : kBlack), O = 1u << (swap ? kBlack : kWhite);
      switch (want) {
      case 'X':
        return X;
      case 'O':
        return O;
      case 'x':
        return 15u & ~X;
      case 'o':
        return 15u & ~O;
      case '.':
        return 1u << kEmpty;
      case '#':
        return 1u << kEdge;
      default:
        return 15u;
      }
    };
    // The neighbours' (dx, dy) in code order.
    static const int at[8][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0},
                                 {1, 0},   {-1, 1}, {0, 1},  {1, 1}};
    for (const auto &pat : src)
      for (int sym = 0; sym < 8; ++sym)
        for (bool swap : {false, true}) {
          // Every code whose eight kinds the pattern admits, built one neighbour at a time.
          std::vector<uint32_t> codes{0}, longer;
          for (int k = 0; k < 8; ++k) {
            int dx = at[k][0], dy = at[k][1];
            if (sym & 1)
              dx = -dx;
            if (sym & 2)
              dy = -dy;
            if (sym & 4)
              std::swap(dx, dy);
            const unsigned allowed = kinds(pat[dy + 1][dx + 1], swap);
            longer.clear();
            for (uint32_t code : codes)
              for (uint32_t v = 0; v < 4; ++v)
                if ((allowed >> v) & 1)
                  longer.push_back(code | v << (2 * k));
            codes.swap(longer);
          }
          for (uint32_t code : codes)
            t[code] = true;
        }
    return t;
  }();
  return table;
}

// xorshift64*: fast, and the same sequence on every platform for a given seed.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull) {
    if (s == 0)
      s = 1;
  }
  uint32_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return static_cast<uint32_t>((s * 0x2545F4914F6CDD1Dull) >> 32);
  }
  uint32_t below(uint32_t n) { return static_cast<uint32_t>((uint64_t{next()} * n) >> 32); }
};

// Whether every stone's side of zero (its verdict) is significant after `playouts`, given each
// point's sum of ownership (+1 Black, -1 White per playout): |m| >= z * se with m = S/N and se =
// sqrt((1 - m^2) / N), i.e. S^2 (1 + z^2/N) >= z^2 N.
inline bool significant(const Position &pos, const std::vector<int> &sum, int playouts) {
  const double N = playouts, z2 = kSettledZ * kSettledZ;
  for (size_t i = 0; i < sum.size(); ++i)
    if (pos.stones[i] != Stone::empty) {
      const double S = sum[i];
      if (S * S * (1 + z2 / N) < z2 * N)
        return false;
    }
  return true;
}

// Whether the estimate may stop after `playouts` of at most `limit`: every verdict significant. A
// finished game settles fast; a contested stone runs to the limit.
inline bool settled(const Position &pos, const std::vector<int> &sum, int playouts, int limit) {
  return playouts >= kEarlyStop && playouts < limit && significant(pos, sum, playouts);
}

} // namespace sgf::life::playout

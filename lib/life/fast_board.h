// The playouts' board: a padded board of fixed capacity whose chains keep their exact liberties as
// bit sets, so that the policy's atari and self-atari tests read a count instead of walking the
// chain. The move choice keeps, per colour, the empty points that may be acceptable: a point
// found unacceptable stays out until a stone around it (diagonals included) or a chain next to it
// changes, so the end of a playout, where almost every point is an eye, costs no rescans. Kept
// beside rules::Board because it plays the estimator's playouts several times faster
// (bench/playout-board); tests/life/fast_board_test.cpp checks it against rules::Board move by
// move. The hot loops over a point's four neighbours are unrolled by pragma: GCC at -O2 keeps
// them as loops.
#pragma once

#include "lib/life/playout_policy.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <vector>

namespace sgf::life::playout {
inline bool test_bit(const uint64_t *m, int i) {
  return (m[i >> 6] >> (i & 63)) & 1;
}
inline void set_bit(uint64_t *m, int i) {
  m[i >> 6] |= uint64_t{1} << (i & 63);
}

// Padded cells of a board: a row of edge cells above and below, one column of edge cells shared
// by the two sides, and one more cell so that every diagonal of a point is a cell.
constexpr int padded_cells(int w, int h) {
  return (h + 2) * (w + 1) + 1;
}

// N: the cells it can hold (19×19 fits in 421, 52×52 in 2,863).
template <int N> class FastBoard {
public:
  static constexpr int W = (N + 63) / 64; // words of a bit set over cells or list indices
  using Bits = std::array<uint64_t, W>;

  int w = 0, h = 0, stride = 0, n_empty = 0, ko = -1;
  std::array<uint8_t, N> cell;
  std::array<int16_t, N> head, next, size, nlibs; // size, nlibs, lo and libs: valid at heads
  std::array<int16_t, N> lo; // no liberty of the chain lies in a word of libs below this one
  std::array<int16_t, N> empties, empty_at; // the empty points, and each one's index there
  // Per colour (black first), bit i: empties[i] may be an acceptable move. A clear bit is a
  // point known unacceptable; touch() and refresh() set the bits of the points that a change
  // can make acceptable again.
  std::array<std::array<uint8_t, N + 8>, 2> ok; // bytes: a touch is a store, not a
                                                // read-modify-write; zero from n_empty on
  std::array<Bits, N> libs;
  // Per point, the count of each kind of cell among its four neighbours (nbr) and its four
  // diagonals (dia), one byte per kind: the eye and liberty tests read them in one load.
  std::array<uint32_t, N> nbr, dia;
  // Whether a chain at or next to the last stone placed has one liberty: else reply() has
  // nothing to answer.
  bool atari_near = false;
  static constexpr uint32_t kOne[4] = {1u, 1u << 8, 1u << 16, 1u << 24};
  static int count(uint32_t counts, uint8_t kind) { return (counts >> (8 * kind)) & 0xff; }

  // Whether f(r) holds for one of p's four neighbours, tried left, right, above, below (the order
  // of every scan of neighbours here). Written out: the compiler keeps a loop over a list of four.
  template <class F> bool any_nbr(int p, F &&f) const {
    return f(p - 1) || f(p + 1) || f(p - stride) || f(p + stride);
  }
  // Calls f(r) for p's four neighbours, left, right, above, below.
  template <class F> void each_nbr(int p, F &&f) const {
    f(p - 1);
    f(p + 1);
    f(p - stride);
    f(p + stride);
  }
  // Calls f(r) for p's four diagonals, above left, above right, below left, below right.
  template <class F> void each_dia(int p, F &&f) const {
    f(p - stride - 1);
    f(p - stride + 1);
    f(p + stride - 1);
    f(p + stride + 1);
  }

  void init(const Position &pos) {
    w = pos.size.width;
    h = pos.size.height;
    stride = w + 1;
    cell.fill(kEdge);
    head.fill(-1);
    next.fill(-1);
    empty_at.fill(-1);
    ok[0].fill(0);
    ok[1].fill(0);
    n_empty = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        int p = loc(x, y);
        cell[p] = kEmpty;
        add_empty(p);
      }
    nbr.fill(0);
    dia.fill(0);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        int p = loc(x, y);
        each_nbr(p, [&](int r) { nbr[p] += kOne[cell[r]]; });
        each_dia(p, [&](int r) { dia[p] += kOne[cell[r]]; });
      }
    for (int i = 0; i < pos.points(); ++i)
      if (pos.stones[i] == Stone::black || pos.stones[i] == Stone::white)
        place(loc(i % w, i / w), static_cast<uint8_t>(pos.stones[i]));
    ko = -1;
    // The start's candidates are settled once here instead of once per playout.
    for (uint8_t c = kBlack; c <= kWhite; ++c)
      for (int i = 0; i < n_empty; ++i)
        if (!acceptable(empties[i], c))
          ok[c - 1][i] = 0;
  }

  // The chain heads, for copy_from.
  std::vector<int> chain_heads() const {
    std::vector<int> heads;
    for (int p = 0; p < N; ++p)
      if ((cell[p] == kBlack || cell[p] == kWhite) && head[p] == p)
        heads.push_back(p);
    return heads;
  }

  // This board as `start`, whose chains have the given heads: of the liberty sets only theirs
  // are copied, the others being written before they are read.
  void copy_from(const FastBoard &start, const std::vector<int> &heads) {
    w = start.w;
    h = start.h;
    stride = start.stride;
    n_empty = start.n_empty;
    ko = -1;
    cell = start.cell;
    head = start.head;
    next = start.next;
    size = start.size;
    nlibs = start.nlibs;
    lo = start.lo;
    std::copy_n(start.empties.begin(), n_empty, empties.begin());
    empty_at = start.empty_at;
    ok = start.ok;
    nbr = start.nbr;
    dia = start.dia;
    atari_near = false;
    for (int hd : heads)
      libs[hd] = start.libs[hd];
  }

  int loc(int x, int y) const { return (y + 1) * stride + x + 1; }

  void set_cell(int p, uint8_t v) {
    const uint32_t d = kOne[v] - kOne[cell[p]];
    cell[p] = v;
    each_nbr(p, [&](int r) { nbr[r] += d; });
    each_dia(p, [&](int r) { dia[r] += d; });
  }

  void remove_empty(int p) {
    int i = empty_at[p];
    int l = --n_empty;
    int last = empties[l];
    empties[i] = static_cast<int16_t>(last);
    empty_at[last] = static_cast<int16_t>(i);
    empty_at[p] = -1;
    for (auto &m : ok) {
      m[i] = m[l];
      m[l] = 0;
    }
  }
  void add_empty(int p) {
    int i = n_empty++;
    empty_at[p] = static_cast<int16_t>(i);
    empties[i] = static_cast<int16_t>(p);
    ok[0][i] = 1;
    ok[1][i] = 1;
  }
  // The point p, if empty, may have become acceptable for either colour.
  void touch(int p) {
    if (cell[p] == kEmpty)
      for (auto &m : ok)
        m[empty_at[p]] = 1;
  }
  // A stone of c came at p. Its empty neighbours may now join c's chain there (place() touches
  // them as it takes them for liberties); for the opponent they lost an empty neighbour (the
  // chain's atari is refresh()'s). A diagonal can turn an eye of the opponent's false (a diagonal
  // is read by no other test).
  void touch_placed(int p, uint8_t c) {
    const uint8_t o = c ^ 3;
    auto &theirs = ok[o - 1];
    if (count(dia[p], kEmpty) > 0)
      each_dia(p, [&](int d) {
        if (cell[d] == kEmpty && count(nbr[d], o) + count(nbr[d], kEdge) == 4)
          theirs[empty_at[d]] = 1;
      });
  }
  // Calls f(liberty) for the liberties of the chain with head hd, lowest first, until f returns
  // true; whether it did.
  template <class F> bool any_lib(int hd, F &&f) const {
    int left = nlibs[hd];
    for (int k = lo[hd]; left > 0; ++k)
      for (uint64_t v = libs[hd][k]; v; v &= v - 1, --left)
        if (f((k << 6) + std::countr_zero(v)))
          return true;
    return false;
  }
  // Calls f(liberty) for each liberty of the chain with head hd.
  template <class F> void for_libs(int hd, F &&f) const {
    any_lib(hd, [&](int q) {
      f(q);
      return false;
    });
  }
  // The two liberties of a chain that has two, lowest first.
  void two_libs(int hd, int l[2]) const {
    int k = 0;
    for_libs(hd, [&](int q) { l[k++] = q; });
  }
  // The chain with head hd changed in a way its liberties' tests can see.
  void refresh(int hd) {
    for_libs(hd, [&](int q) { touch(q); });
  }
  // The same for a change that can make those liberties acceptable to c alone.
  void refresh_for(int hd, uint8_t c) {
    auto &m = ok[c - 1];
    for_libs(hd, [&](int q) { m[empty_at[q]] = 1; });
  }

  void add_lib(int hd, int q) {
    uint64_t &word = libs[hd][q >> 6];
    const uint64_t bit = uint64_t{1} << (q & 63);
    nlibs[hd] += (word & bit) == 0;
    word |= bit;
  }
  // Whether q was a liberty of the chain with head hd (and is no longer).
  bool remove_lib(int hd, int q) {
    uint64_t &word = libs[hd][q >> 6];
    const uint64_t bit = uint64_t{1} << (q & 63);
    if ((word & bit) == 0)
      return false;
    word &= ~bit;
    --nlibs[hd];
    return true;
  }

  void merge(int a, int b) { // a, b heads; result head is the larger chain's
    if (a == b)
      return;
    if (size[a] < size[b])
      std::swap(a, b);
    int s = b;
    do {
      head[s] = static_cast<int16_t>(a);
      s = next[s];
    } while (s != b);
    std::swap(next[a], next[b]);
    size[a] = static_cast<int16_t>(size[a] + size[b]);
    lo[a] = std::min(lo[a], lo[b]);
    for_libs(b, [&](int q) { add_lib(a, q); });
  }

  // Places a stone (legality checked by the caller), with captures; returns stones captured.
  // The chains next to p are handled in the order of p's neighbours, an opponent's chain at its
  // last neighbour, as the plain scan did, so that the list of empty points keeps its order.
  int place(int p, uint8_t c) {
    const uint8_t o = c ^ 3;
    remove_empty(p);
    set_cell(p, c);
    head[p] = static_cast<int16_t>(p);
    next[p] = static_cast<int16_t>(p);
    size[p] = 1;
    libs[p].fill(0);
    nlibs[p] = static_cast<int16_t>(count(nbr[p], kEmpty));
    lo[p] = static_cast<int16_t>((p - stride) >> 6);
    auto &mine = ok[c - 1];
    if (nlibs[p] > 0)
      each_nbr(p, [&](int r) {
        if (cell[r] == kEmpty) {
          set_bit(libs[p].data(), r);
          mine[empty_at[r]] = 1; // see touch_placed()
        }
      });
    const int q[4] = {p - 1, p + 1, p - stride, p + stride};
    // Stones of chains whose liberties' tests must be redone once the move is complete.
    int stale[4], nstale = 0;
    bool own_stale = false; // a chain joined had at most two liberties
    int captured = 0, captured_at = -1;
    n_gained = 0;
    // Unrolled, so that each neighbour's offset and the test for a later neighbour of the same
    // chain are constants.
#pragma GCC unroll 4
    for (int i = 0; i < 4; ++i) {
      const int r = q[i];
      const uint8_t cr = cell[r];
      if (cr == c) {
        int hr = head[r];
        if (remove_lib(hr, p) && nlibs[hr] < 2)
          own_stale = true;
        merge(head[p], hr);
      } else if (cr == o) {
        int hr = head[r];
        remove_lib(hr, p);
        if (nlibs[hr] == 0) {
          bool later = false;
          for (int j = i + 1; j < 4; ++j)
            later |= cell[q[j]] == o && head[q[j]] == hr;
          if (later)
            continue;
          if (size[hr] == 1)
            captured_at = hr;
          captured += remove_chain(hr);
        } else if (nlibs[hr] == 1) {
          stale[nstale++] = r;
        }
      }
    }
    touch_placed(p, c);
    // Only an atari (the opponent may capture) or more liberties for a chain that had at most
    // two (joining it may no longer be a self-atari) can make a point acceptable again. Past an
    // atari of c's chain, only to c: a chain of c's out of atari or with more liberties, and an
    // opponent's chain put in atari, only take moves away from the opponent.
    if (nlibs[head[p]] == 1)
      refresh(head[p]);
    else if (own_stale)
      refresh_for(head[p], c);
    for (int i = 0; i < nstale; ++i)
      refresh_for(head[stale[i]], c);
    for (int i = 0; i < n_gained; ++i)
      refresh_for(head[gained[i]], c);
    ko = -1;
    if (captured == 1 && size[head[p]] == 1 && nlibs[head[p]] == 1)
      ko = captured_at;
    // The opponent's chains next to p left in atari are the stale ones (captures give them
    // nothing), and c's are all p's.
    atari_near = nstale > 0 || nlibs[head[p]] == 1;
    return captured;
  }

  // Stones of chains that had at most two liberties before a capture gave them more.
  std::array<int16_t, 4 * N> gained;
  int n_gained = 0;

  // Kept out of line: inlined into each of place()'s unrolled neighbour tests it costs more.
  [[gnu::noinline]] int remove_chain(int hd) {
    int count = 0;
    int s = hd;
    do { // the stones leave in the order of the chain's list, as in the plain scan
      set_cell(s, kEmpty);
      add_empty(s);
      ++count;
      s = next[s];
    } while (s != hd);
    s = hd;
    do {
      int t = next[s];
      head[s] = -1;
      next[s] = -1;
      // The stones around s gain it as a liberty; the empty points around it have one more empty
      // neighbour, which can make them acceptable again. Diagonally s can only make eyes of the
      // capturer true, which makes no point acceptable.
      each_nbr(s, [&](int r) {
        const uint8_t cr = cell[r];
        if (cr == kBlack || cr == kWhite) {
          int hr = head[r];
          if (nlibs[hr] <= 2 && !test_bit(libs[hr].data(), s))
            gained[n_gained++] = static_cast<int16_t>(r);
          add_lib(hr, s);
          lo[hr] = std::min(lo[hr], static_cast<int16_t>(s >> 6));
        } else {
          touch(r);
        }
      });
      s = t;
    } while (s != hd);
    return count;
  }

  // The only liberty of the chain with head hd, or -1 when it has none or more than one.
  int only_liberty(int hd) const {
    if (nlibs[hd] != 1)
      return -1;
    int found = -1;
    for_libs(hd, [&](int q) { found = q; });
    return found;
  }

  // The tactical reply to the opponent's move at `last`, if any: capture a chain of the
  // opponent's left in atari next to it, else save an own chain it put in atari by extending
  // (when that gives the chain more than one liberty). Random playouts without this lose live
  // groups with wide, open eye space to invasions that are never answered. A lone stone whose
  // capture leaves the capturing chain in atari (a snapback) is not taken; when that stone put
  // a chain in atari, the chain is saved by taking another chain beside it in atari instead.
  // Taking such stones every time settles fights the wrong way (a group with two false eyes kept
  // alive). `last` is the stone the opponent just placed: the opponent's stones at and beside it
  // are one chain, tested once.
  int reply(int last, uint8_t c) const {
    if (last < 0)
      return -1;
    if (atari_near) { // else there is no atari to answer
      const int q[4] = {last - 1, last + 1, last - stride, last + stride};
      bool snap = false;
      const int lib = only_liberty(head[last]);
      if (lib >= 0 && lib != ko && acceptable(lib, c)) {
        if (!snapback(head[last], lib, c))
          return lib;
        snap = true;
      }
#pragma GCC unroll 4
      for (int r : q)
        if (cell[r] == c) {
          int lib = only_liberty(head[r]);
          if (lib >= 0 && lib != ko && !own_eye(lib, c) && libs_after(lib, c) >= 2)
            return lib;
        }
      if (snap)
#pragma GCC unroll 4
        for (int r : q)
          if (cell[r] == c && nlibs[head[r]] == 1) {
            const int t = capture_beside(head[r], c);
            if (t >= 0)
              return t;
          }
    }
    const int v = vital_reply(last, c);
    return v >= 0 ? v : two_liberty_reply(last, c);
  }

  // Whether c taking the lone stone with head hd at lib (its only liberty) walks into a snapback:
  // the stones joined there are left with that one point as their only liberty.
  bool snapback(int hd, int lib, uint8_t c) const {
    return size[hd] == 1 && count(nbr[lib], c) > 0 && libs_after(lib, c) == 0;
  }

  // The lowest liberty of the opponent's chains in atari beside the chain with head hd that c may
  // take without walking into a snapback, or -1.
  int capture_beside(int hd, uint8_t c) const {
    const uint8_t o = c ^ 3;
    int best = -1, s = hd;
    do {
      each_nbr(s, [&](int r) {
        if (cell[r] == o) {
          const int lib = only_liberty(head[r]);
          if (lib >= 0 && (best < 0 || lib < best) && lib != ko && acceptable(lib, c) &&
              !snapback(head[r], lib, c))
            best = lib;
        }
      });
      s = next[s];
    } while (s != hd);
    return best;
  }

  // The empty points (at most kNakadePoints) of the region that holds the empty point `from`,
  // bounded by c's stones, the edge and `wall` (a stone of the opponent's) alone, or 0 when it
  // holds more or touches another stone of the opponent's.
  int eye_space(int from, uint8_t c, int wall, int *pts) const {
    int n = 0;
    pts[n++] = from;
    Bits in{}; // the points gathered: a bit test instead of a search of pts
    set_bit(in.data(), from);
    const uint8_t o = c ^ 3;
    for (int k = 0; k < n; ++k) {
      const int s = pts[k];
      // A stone of the opponent's beside s other than `wall` ends the search (read from the
      // counts before walking the neighbours: most regions tried end so). Past this test the
      // neighbours are c's stones, the edge, `wall` and empty points: only these last matter.
      const int d = s > wall ? s - wall : wall - s;
      if (count(nbr[s], o) > (d == 1 || d == stride))
        return 0;
      if (count(nbr[s], kEmpty) == 0)
        continue;
      const bool more = any_nbr(s, [&](int r) {
        if (cell[r] != kEmpty || test_bit(in.data(), r))
          return false;
        if (n == kNakadePoints)
          return true;
        set_bit(in.data(), r);
        pts[n++] = r;
        return false;
      });
      if (more)
        return 0;
    }
    return n;
  }

  // The vital point of a small eye space of c's that the opponent's move at `last` closed (a
  // region of three to six empty points bounded by c's stones and that move): c takes it and
  // makes two eyes before the opponent kills the shape there. Also taking the vital point of the
  // eye space that `last` was played into breaks seki; doing it for the attacker kills live
  // groups whose owner would answer, and so does letting the attacker sacrifice three to six
  // stones whose capture leaves a killable shape.
  int vital_reply(int last, uint8_t c) const {
    // One walk before any region is gathered.
    auto may = [&](int r) { return may_hold_eye_space(r, c); };
    if (count(nbr[last], kEmpty) == 0 || !any_nbr(last, may))
      return -1;
    return vital_reply_near(last, c);
  }
  // Whether the region of r, beside the opponent's move, may be such a space: r empty with an
  // empty neighbour (else a space of one point) and no stone of the opponent's beside it but
  // that move (eye_space()'s first test).
  bool may_hold_eye_space(int r, uint8_t c) const {
    return cell[r] == kEmpty && count(nbr[r], kEmpty) > 0 && count(nbr[r], c ^ 3) == 1;
  }
  // vital_reply() past its first test: out of line, so that the test inlines into reply()
  // without this part's register saves.
  [[gnu::noinline]] int vital_reply_near(int last, uint8_t c) const {
    auto may = [&](int r) { return may_hold_eye_space(r, c); };
    for (int r : {last - 1, last + 1, last - stride, last + stride})
      if (may(r)) {
        int pts[kNakadePoints];
        const int n = eye_space(r, c, last, pts);
        const int i = n >= 3 ? vital_point(pts, n, stride) : -1;
        if (i >= 0 && pts[i] != ko && acceptable(pts[i], c))
          return pts[i];
      }
    return -1;
  }

  // Liberties (up to 3) of the chain c would make at p were `ex` taken too, captures not counted.
  int libs_with(int p, uint8_t c, int ex) const {
    int found = 0, seen[3];
    auto add = [&](int r) {
      if (r == p || r == ex)
        return false;
      for (int k = 0; k < found; ++k)
        if (seen[k] == r)
          return false;
      seen[found++] = r;
      return found >= 3;
    };
    if (count(nbr[p], kEmpty) > 0 && any_nbr(p, [&](int r) { return cell[r] == kEmpty && add(r); }))
      return 3;
    if (count(nbr[p], c) > 0 && any_nbr(p, [&](int r) {
          if (cell[r] != c)
            return false;
          const int hr = head[r];
          return nlibs[hr] >= 5 || any_lib(hr, add);
        }))
      return 3;
    return found;
  }

  // The reply to a chain next to `last` left with two liberties: c takes one of an opponent's
  // chain's when that is no self-atari and the chain, in atari, could neither extend out of it
  // nor capture a chain of c's around it (a net), else extends an own chain that such a net
  // threatens to three liberties. A lone stone is chased while extending gives it no more than
  // two liberties (the next reply chases it on). Without this the attacker of a group the
  // players agreed was dead rarely closes it in, and a defender's chain dies to a net it never
  // saw coming. Nets that allow a capture break seki, and so does chasing larger chains;
  // extending chains in no danger too lets lone invaders of wide open areas live. `last` is the
  // stone the opponent just placed: the opponent's stones at and beside it are one chain.
  int two_liberty_reply(int last, uint8_t c) const {
    auto two = [&](int r) { return two_liberties(r, c); };
    if (nlibs[head[last]] != 2 && !any_nbr(last, two)) // the common case
      return -1;
    return two_liberty_reply_near(last, c);
  }
  // A stone of c at r whose chain has two liberties.
  bool two_liberties(int r, uint8_t c) const {
    return cell[r] == c && nlibs[head[r]] == 2;
  }
  // two_liberty_reply() past its first test, out of line as vital_reply_near() is.
  [[gnu::noinline]] int two_liberty_reply_near(int last, uint8_t c) const {
    const uint8_t o = c ^ 3;
    const int hl = head[last];
    if (nlibs[hl] == 2) {
      int l[2];
      two_libs(hl, l);
      for (int i = 0; i < 2; ++i) {
        const int a = l[i], b = l[1 - i];
        if (a != ko && acceptable(a, c) && libs_with(a, c, b) >= 2 &&
            libs_with(b, o, a) < (size[hl] == 1 ? 3 : 2) && !counter_atari(hl, a, c))
          return a;
      }
    }
    auto two = [&](int r) { return two_liberties(r, c); };
    if (!any_nbr(last, two)) // the common case, told by a cheaper walk than the one below
      return -1;
    const int q[4] = {last - 1, last + 1, last - stride, last + stride};
#pragma GCC unroll 4
    for (int r : q)
      if (two(r)) {
        int l[2];
        two_libs(head[r], l);
        if (libs_with(l[0], c, l[1]) >= 2 && libs_with(l[1], c, l[0]) >= 2)
          continue; // not in danger: an atari at either is answered by extending at the other
        for (int a : l)
          if (a != ko && !own_eye(a, c) && libs_with(a, c, -1) >= 3)
            return a;
      }
    return -1;
  }

  // Whether a chain of c's in atari, other than those next to `a` (which c's move there joins),
  // touches the chain with head hd: netting that chain would let it capture its way out.
  bool counter_atari(int hd, int a, uint8_t c) const {
    const int around_a[4] = {head[a - 1], head[a + 1], head[a - stride], head[a + stride]};
    int s = hd;
    do {
      if (any_nbr(s, [&](int r) {
            return cell[r] == c && nlibs[head[r]] == 1 &&
                   std::find(around_a, around_a + 4, head[r]) == around_a + 4;
          }))
        return true;
      s = next[s];
    } while (s != hd);
    return false;
  }

  // Liberties (up to 2) of the chain c would make by playing at p, captures not counted.
  int libs_after(int p, uint8_t c) const {
    int found = count(nbr[p], kEmpty);
    if (found >= 2)
      return 2;
    int first = -1;
    if (found == 1)
      each_nbr(p, [&](int r) {
        if (cell[r] == kEmpty)
          first = r;
      });
    auto add = [&](int r) { // whether that makes two
      if (r == p || r == first)
        return false;
      if (found++ == 1)
        return true;
      first = r;
      return false;
    };
    const bool two = any_nbr(p, [&](int r) {
      if (cell[r] != c)
        return false;
      const int hr = head[r];
      return nlibs[hr] >= 3 || any_lib(hr, add); // three: two besides p
    });
    return two ? 2 : found;
  }

  // A true eye of c: every neighbour is c (or the edge) and the diagonals do not make it false.
  bool own_eye(int p, uint8_t c) const {
    if (count(nbr[p], c) + count(nbr[p], kEdge) != 4)
      return false;
    return count(dia[p], c ^ 3) + (count(dia[p], kEdge) > 0) < 2;
  }

  // Whether the playout policy may play c at p, ko aside: legal (no suicide), not an own eye,
  // and not a self-atari of a chain of more than kThrowInStones unless it captures. It reads the
  // eight points around p and the chains next to p: what the touch functions and refresh() cover.
  bool acceptable(int p, uint8_t c) const {
    if (own_eye(p, c))
      return false;
    return count(nbr[p], kEmpty) >= 2 || acceptable_crowded(p, c);
  }
  // acceptable() for a point that is no own eye and has at most one empty neighbour. Kept out of
  // line so that the common tests above inline into the callers without its register saves.
  [[gnu::noinline]] bool acceptable_crowded(int p, uint8_t c) const {
    const uint8_t o = c ^ 3;
    if (count(nbr[p], o) > 0 &&
        any_nbr(p, [&](int r) { return cell[r] == o && nlibs[head[r]] == 1; }))
      return true; // captures
    if (count(nbr[p], c) == 0)
      return count(nbr[p], kEmpty) == 1; // a lone stone in atari (a throw-in), or suicide
    const int libs_now = libs_after(p, c);
    if (libs_now != 1)
      return libs_now >= 2; // none: suicide
    // A chain in atari: the move may make it only as large as a throw-in.
    int hs[4], nh = 0, stones = 1;
    each_nbr(p, [&](int r) {
      if (cell[r] == c && std::find(hs, hs + nh, head[r]) == hs + nh) {
        hs[nh++] = head[r];
        stones += size[head[r]];
      }
    });
    return stones <= kThrowInStones;
  }

  // The code of the eight points around p for pattern_table(): the row above left to right, left,
  // right, the row below, two bits each.
  uint32_t pattern_code(int p) const {
    const uint8_t *above = &cell[p - stride], *row = &cell[p], *below = &cell[p + stride];
    return uint32_t{above[-1]} | uint32_t{above[0]} << 2 | uint32_t{above[1]} << 4 |
           uint32_t{row[-1]} << 6 | uint32_t{row[1]} << 8 | uint32_t{below[-1]} << 10 |
           uint32_t{below[0]} << 12 | uint32_t{below[1]} << 14;
  }

  // The empty points around `last` (its eight neighbours, in pattern order) where a 3x3 pattern
  // fits and c may play without putting itself in atari; how many, stored in out.
  int pattern_moves(int last, uint8_t c, int *out) const {
    const std::vector<bool> &table = pattern_table();
    int n = 0;
    if (count(nbr[last], kEmpty) + count(dia[last], kEmpty) == 0)
      return 0;
    const int at[8] = {last - stride - 1, last - stride,     last - stride + 1, last - 1,
                       last + 1,          last + stride - 1, last + stride,     last + stride + 1};
#pragma GCC unroll 8
    for (int p : at)
      if (cell[p] == kEmpty && p != ko && table[pattern_code(p)] && acceptable(p, c) &&
          libs_after(p, c) >= 2)
        out[n++] = p;
    return n;
  }

  // The index of the first candidate of m at or after `from`, or -1: eight at a time.
  int next_set(const std::array<uint8_t, N + 8> &m, int from) const {
    for (int i = from; i < n_empty; i += 8) {
      uint64_t v;
      std::memcpy(&v, m.data() + i, 8);
      if (v)
        return i + (std::endian::native == std::endian::little ? std::countr_zero(v)
                                                               : std::countl_zero(v)) /
                       8;
    }
    return -1;
  }

  // The first acceptable move for c among the empty points from index i0 on, wrapping around,
  // or -1; the points found unacceptable leave the candidates.
  int choose(int i0, uint8_t c) {
    auto &m = ok[c - 1];
    int ko_bit = -1; // the ko point is unacceptable for this move only
    if (ko >= 0 && m[empty_at[ko]]) {
      ko_bit = empty_at[ko];
      m[ko_bit] = 0;
    }
    int played = -1;
    int i = next_set(m, i0);
    if (i < 0)
      i = next_set(m, 0);
    while (i >= 0) {
      int p = empties[i];
      if (acceptable(p, c)) {
        played = p;
        break;
      }
      m[i] = 0;
      int j = next_set(m, i + 1);
      i = j >= 0 ? j : next_set(m, 0);
    }
    if (ko_bit >= 0)
      m[ko_bit] = 1;
    return played;
  }
};

} // namespace sgf::life::playout

// Area and territory counting of a classified position.
#include "lib/score/counting.h"

#include "lib/sgf/symmetry.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <utility>

namespace sgf::score {

const char *to_string(PointKind k) {
  static constexpr const char *names[] = {
      "black-stone",     "white-stone", "dead-black", "dead-white",     "black-territory",
      "white-territory", "dame",        "seki",       "black-seki-eye", "white-seki-eye",
      "black-teire",     "white-teire", "none"};
  static_assert(std::size(names) == static_cast<size_t>(PointKind::none) + 1);
  return names[static_cast<size_t>(k)];
}

namespace {

// Chains of a board of stones (0 empty, 1 black, 2 white) and their liberties.
struct Chains {
  std::vector<int> id;         // per point: chain index, -1 when empty
  life::PointLists points;     // per chain: its stones
  life::PointLists libs;       // per chain: its liberties, in point order
  std::vector<uint8_t> colour; // per chain
  std::vector<uint8_t> dead;   // per chain, filled by fill_dame: stones given up
};

life::Position position_of(BoardSize size, const std::vector<uint8_t> &colours) {
  life::Position pos(size);
  std::transform(colours.begin(), colours.end(), pos.stones.begin(),
                 [](uint8_t c) { return static_cast<life::Stone>(c); });
  return pos;
}

rules::Board board_of(BoardSize size, const std::vector<uint8_t> &colours) {
  return life::board_of(position_of(size, colours));
}

// The chains of the colours themselves, numbered in point order: the dame fill asks for them once
// per candidate move, too often to build a board each time.
Chains find_chains(BoardSize size, const std::vector<uint8_t> &board) {
  const life::Position pos = position_of(size, board);
  life::Components chains = life::chains_of(pos);
  life::PointLists libs = life::liberties_of(pos, chains);
  Chains c{std::move(chains.id), std::move(chains.points), std::move(libs), {}, {}};
  for (const std::span<const int> points : c.points)
    c.colour.push_back(board[points.front()]);
  return c;
}

// Teire (Japanese Article 8's eye points that are not territory because the owner must fill
// them), as classify() states them, unless the owner can fill dame himself to join another of
// his chains and so reach a second point of territory: the point is teire when the chain, joined
// with every own chain that touches the regions of dame it touches, still has it as its only
// liberty outside dame. One round of the rule; returns whether it marked a new point.
bool mark_teire_once(BoardSize size, const std::vector<uint8_t> &live,
                     std::vector<PointKind> &kinds) {
  bool marked = false;
  // Every chain is judged on the round's starting board: a teire marked for one chain must not
  // change the judgement of another in the same round, which would depend on the chains' order.
  const std::vector<PointKind> before = kinds;
  const Chains c = find_chains(size, live);
  const int nc = static_cast<int>(c.libs.size());
  const life::Components dame = life::components(
      life::Position(size), [&](int i) { return live[i] == 0 && before[i] == PointKind::dame; });
  // Per chain and per region of dame: the last chain whose group took it in.
  std::vector<int> in_group(nc, -1), dame_seen(dame.points.size(), -1), group, own_points;
  for (int id = 0; id < nc; ++id) {
    const uint8_t colour = c.colour[id];
    const PointKind own = colour == 1 ? PointKind::black_territory : PointKind::white_territory;
    const PointKind dead_other = colour == 1 ? PointKind::dead_white : PointKind::dead_black;
    // The chain's liberties must be dame and one own point; the group it reaches through dame
    // must have no other own point.
    group.assign(1, id);
    own_points.clear();
    in_group[id] = id;
    bool other = false;
    for (size_t g = 0; g < group.size() && own_points.size() <= 1 && !other; ++g)
      for (int l : c.libs[group[g]]) {
        if (before[l] == PointKind::dame) {
          if (std::exchange(dame_seen[dame.id[l]], id) == id)
            continue;
          for (int d : dame.points[dame.id[l]])
            life::for_each_neighbour(size, d, [&](int q) {
              if (live[q] == colour && std::exchange(in_group[c.id[q]], id) != id)
                group.push_back(c.id[q]);
            });
        } else if (before[l] == own || before[l] == dead_other) {
          if (std::find(own_points.begin(), own_points.end(), l) == own_points.end())
            own_points.push_back(l);
        } else if (g == 0) {
          other = true; // a seki point or eye: not this rule's case
        }
      }
    if (!other && own_points.size() == 1 && before[own_points[0]] == own) {
      kinds[own_points[0]] = colour == 1 ? PointKind::black_teire : PointKind::white_teire;
      marked = true;
    }
  }
  return marked;
}

// Filling a teire point can leave the enlarged chain with one own liberty again (a chain whose
// two eyes are both false): the rule repeats with the filled points as stones.
void mark_teire(BoardSize size, std::vector<uint8_t> live, std::vector<PointKind> &kinds) {
  const int n = static_cast<int>(live.size());
  while (mark_teire_once(size, live, kinds))
    for (int i = 0; i < n; ++i)
      if (kinds[i] == PointKind::black_teire || kinds[i] == PointKind::white_teire)
        live[i] = kinds[i] == PointKind::black_teire ? 1 : 2;
}

// What a stone of colour `p` on the empty point `at` would do: the liberties of the chain it
// joins, up to two (fewer is a self-atari, more tell nothing), whether it leaves an opponent
// chain with one liberty, and whether it takes a live chain of the opponent in atari (a ko, a cut,
// a stone left hanging: no dame fill, as such a chain is its owner's to connect on his turn).
struct FillEffect {
  int own_liberties = 0;
  bool ataris = false;
  bool takes_live_chain = false;
};

FillEffect effect_of(BoardSize size, const std::vector<uint8_t> &board, const Chains &c, int at,
                     uint8_t p) {
  FillEffect e;
  int libs[2];
  auto add_lib = [&](int l) {
    int &seen = e.own_liberties;
    if (seen < 2 && l != at && std::find(libs, libs + seen, l) == libs + seen)
      libs[seen++] = l;
  };
  life::for_each_neighbour(size, at, [&](int j) {
    if (board[j] == 0) {
      add_lib(j);
    } else if (board[j] == p) {
      for (int l : c.libs[c.id[j]])
        add_lib(l);
    } else if (!c.dead[c.id[j]]) {
      e.ataris |= c.libs[c.id[j]].size() == 2;
      e.takes_live_chain |= c.libs[c.id[j]].size() == 1;
    }
  });
  return e;
}

// Where the side whose chain `k` is in atari answers. Beside a dead chain of the opponent that
// is itself in atari, it takes that chain off: the capture gives `k` liberties for good, where
// a connection leaves the dead stones taking them and a later fill can call for a second teire.
// It connects instead where the connection also saves another of its chains in atari at the
// same liberty, which the capture would leave there.
int answer_to_atari(BoardSize size, const std::vector<uint8_t> &board, const Chains &c, int k) {
  const int connect = c.libs[k][0];
  const int n_chains = static_cast<int>(c.libs.size());
  for (int m = 0; m < n_chains; ++m)
    if (m != k && c.colour[m] == c.colour[k] && !c.dead[m] && c.libs[m].size() == 1 &&
        c.libs[m][0] == connect)
      return connect;
  int answer = connect;
  for (int i : c.points[k])
    life::for_each_neighbour(size, i, [&](int j) {
      if (board[j] != 0 && board[j] != c.colour[k] && c.dead[c.id[j]] &&
          c.libs[c.id[j]].size() == 1)
        answer = c.libs[c.id[j]][0];
    });
  return answer;
}

// Per point, 1 where the kind is `black`, 2 where it is `white`, else 0: the live stones or the
// dead ones as a board of colours, as fill_dame takes them.
std::vector<uint8_t> colours_of(const std::vector<PointKind> &kinds, PointKind black,
                                PointKind white) {
  std::vector<uint8_t> out(kinds.size());
  for (size_t i = 0; i < kinds.size(); ++i)
    out[i] = kinds[i] == black ? 1 : kinds[i] == white ? 2 : 0;
  return out;
}

std::vector<uint8_t> dead_colours(const std::vector<PointKind> &kinds) {
  return colours_of(kinds, PointKind::dead_black, PointKind::dead_white);
}

// The dead stones that stay on the board while the dame are filled under area counting: all
// but the chains already in atari when the record stops. Such a chain is the surrounding side's
// to take off with one move inside its own area whenever it likes, a prisoner the players count
// as taken: its liberty is no shortage of the surrounding stones, and no fill beside it forces.
std::vector<uint8_t> dead_held_in_the_fill(BoardSize size, const std::vector<uint8_t> &live,
                                           std::vector<uint8_t> dead) {
  std::vector<uint8_t> board = live;
  const int n = static_cast<int>(board.size());
  for (int i = 0; i < n; ++i)
    if (dead[i] != 0)
      board[i] = dead[i];
  const Chains c = find_chains(size, board);
  for (int i = 0; i < n; ++i)
    if (dead[i] != 0 && c.libs[c.id[i]].size() == 1)
      dead[i] = 0;
  return dead;
}

// Whether the opponent gains nothing by taking chain `k` of `board` (live and dead stones; `k`
// is live and in atari only because dead stones take its other liberties), so that its owner
// may leave it so. Either the taking stone is left in atari itself and is taken back (a
// snapback), or only dead stones touch the chain and they stay dead: the taker's prisoners are
// then paid for by the stones he gives up at the count, an even exchange. When a live stone of
// the opponent also touches the chain, taking it joins the dead stones to that live one (the
// taken chain's points become their shared liberties), and the owner must answer: a teire.
// Example: a white stone on the edge between a live black stone and a dead one is taken, and
// White's point beside the dead stone becomes a teire.
bool taking_it_gains_nothing(BoardSize size, const std::vector<uint8_t> &board,
                             const std::vector<uint8_t> &is_dead, const Chains &c, int k) {
  const int lib = c.libs[k][0];
  const uint8_t taker = 3 - c.colour[k];
  std::vector<uint8_t> after = board;
  bool beside_live = false;
  for (int i : c.points[k]) {
    after[i] = 0;
    life::for_each_neighbour(size, i,
                             [&](int j) { beside_live |= board[j] == taker && !is_dead[j]; });
  }
  after[lib] = taker;
  const Chains taken = find_chains(size, after);
  return taken.libs[taken.id[lib]].size() <= 1 || !beside_live;
}

// Per chain of a board of the fill (live stones, fill stones and dead stones), whether it holds a
// stone the verdicts keep alive.
std::vector<uint8_t> live_chains(const Chains &c, const std::vector<PointKind> &kinds) {
  std::vector<uint8_t> live(c.libs.size());
  for (size_t i = 0; i < c.id.size(); ++i)
    if (c.id[i] >= 0)
      live[c.id[i]] |= kinds[i] == PointKind::black_stone || kinds[i] == PointKind::white_stone;
  return live;
}

// Teire by shortage of liberties (damezumari), on the board once the dame are filled: a live
// chain left with two liberties, both points of its own territory, that the opponent puts in
// atari by a lone stone on one of them that cannot be taken at once, while connecting at the
// other leaves the chain one liberty. Its owner must connect beforehand, inside his territory:
// that point is a teire. When the intruding stone can be taken, or the connection escapes, the
// exchange costs nothing (the owner's move inside his territory is paid by the intruder, a
// prisoner). Not for a chain beside dead stones: taking them gives it liberties whenever it
// needs them. Returns the teire points.
std::vector<int> teire_by_shortage(BoardSize size, const std::vector<uint8_t> &board,
                                   const std::vector<PointKind> &kinds) {
  const Chains c = find_chains(size, board);
  const std::vector<uint8_t> live = live_chains(c, kinds);
  std::vector<int> out;
  std::optional<rules::Board> start, after; // the board, built for the first exchange tried
  // Places a stone as `colour` (no capture) and returns its chain's liberties, up to two.
  auto liberties_after = [&](int at, uint8_t colour) {
    const Point p{at % size.width, at / size.width};
    after->set(p, static_cast<life::Stone>(colour));
    return after->liberties(after->loc(p), 2);
  };
  for (size_t k = 0; k < c.libs.size(); ++k) {
    if (!live[k] || c.libs[k].size() != 2)
      continue;
    bool beside_dead = false;
    for (int i : c.points[k])
      life::for_each_neighbour(size, i, [&](int j) {
        beside_dead |= board[j] != 0 &&
                       (kinds[j] == PointKind::dead_black || kinds[j] == PointKind::dead_white);
      });
    if (beside_dead)
      continue;
    const uint8_t own = c.colour[k];
    const PointKind territory = own == 1 ? PointKind::black_territory : PointKind::white_territory;
    const int a = c.libs[k][0], b = c.libs[k][1];
    if (kinds[a] != territory || kinds[b] != territory)
      continue;
    for (auto [intruder, other] : {std::pair{a, b}, std::pair{b, a}}) {
      bool joins = false;
      life::for_each_neighbour(size, intruder, [&](int j) { joins |= board[j] == 3 - own; });
      if (joins)
        continue;
      if (!start)
        start = after = board_of(size, board);
      else
        after->assign(*start);
      if (liberties_after(intruder, 3 - own) < 2)
        continue; // taken at once (or no move at all)
      if (liberties_after(other, own) >= 2)
        continue; // the connection escapes
      out.push_back(other);
      break;
    }
  }
  return out;
}

// Eyes in seki, on the board once the dame are filled (Japanese Article 8: stones that are alive
// but possess dame are in seki, and the eye points they surround are not territory). A dame the
// fill leaves open is one that neither side can fill without self-atari (or taking a chain the
// count holds alive), a liberty the chains beside it share for good. A live chain beside one whose
// only other liberty is one point of its own territory lives in seki by that eye, and the point is
// no territory (counted as a teire). Returns those points. Where two chains share such a dame and
// each has an eye, both eyes go and the margin stands; it moves where one side has no eye there.
std::vector<int> seki_eyes_beside_open_dame(BoardSize size, const std::vector<uint8_t> &board,
                                            const std::vector<PointKind> &kinds) {
  const Chains c = find_chains(size, board);
  const std::vector<uint8_t> live = live_chains(c, kinds);
  std::vector<int> out;
  for (size_t k = 0; k < c.libs.size(); ++k) {
    if (!live[k])
      continue;
    const PointKind territory =
        c.colour[k] == 1 ? PointKind::black_territory : PointKind::white_territory;
    int eye = -1, eyes = 0, open = 0, other = 0;
    for (int l : c.libs[k]) {
      if (kinds[l] == PointKind::dame) {
        ++open;
      } else if (kinds[l] == territory) {
        eye = l;
        ++eyes;
      } else {
        ++other;
      }
    }
    if (open > 0 && eyes == 1 && other == 0)
      out.push_back(eye);
  }
  return out;
}

// Whether p's fill at `at` may leave an opponent chain short of liberties (teire_by_shortage):
// only a chain of three liberties, the other two in the opponent's territory, can be left so.
bool may_leave_short(BoardSize size, const std::vector<uint8_t> &board, const Chains &c,
                     const std::vector<PointKind> &kinds, int at, uint8_t p) {
  const PointKind theirs = p == 1 ? PointKind::white_territory : PointKind::black_territory;
  bool may = false;
  life::for_each_neighbour(size, at, [&](int j) {
    if (board[j] != 3 - p || c.libs[c.id[j]].size() != 3)
      return;
    int inside = 0;
    for (int l : c.libs[c.id[j]])
      inside += l != at && kinds[l] == theirs;
    may |= inside == 2;
  });
  return may;
}

// The open dame that neither side can fill without self-atari once the others are filled: a
// point between two chains that each keep one other liberty. Where a side's chain there has a
// liberty inside its own area, that side can first play inside its area (a move that costs no
// point under area counting) and then fill the point, and the opponent cannot stop it: the
// point is no seki point but a dame taken late. The side to move when the fill ends takes the
// first such point, the other side the next, in turn; a point that neither side can take so (a
// real seki liberty) stays shared.
void take_left_points(BoardSize size, const std::vector<uint8_t> &board,
                      const std::vector<uint8_t> &is_dead, std::vector<uint8_t> &open,
                      uint8_t to_move, DameFill &fill) {
  const Chains c = find_chains(size, board);
  auto can_take = [&](int q, uint8_t side) {
    bool yes = false;
    life::for_each_neighbour(size, q, [&](int j) {
      if (board[j] != side || is_dead[j])
        return;
      for (int l : c.libs[c.id[j]])
        yes |= l != q && !open[l];
    });
    return yes;
  };
  const int n = static_cast<int>(board.size());
  for (int q = 0; q < n; ++q) {
    if (!open[q])
      continue;
    const uint8_t taker = can_take(q, to_move)       ? to_move
                          : can_take(q, 3 - to_move) ? 3 - to_move
                                                     : 0;
    if (taker == 0)
      continue;
    open[q] = 0;
    (taker == 1 ? fill.black : fill.white)++;
    fill.left--;
    to_move = 3 - to_move;
  }
}

// A teire that cannot save its chain: once the teire point is filled, the chains it joins have
// no liberty left but dame, so the opponent's dame fill would capture them. Stones the verdicts
// keep alive in that state live only in seki with the opponent chains beside those dame, and
// under territory counting a group in seki has no territory (Japanese Article 8: both the teire
// point and the opposing chain's eye go uncounted). Returns the verdicts with those chains in
// seki, or nothing.
std::optional<life::Verdicts> seki_behind_teire(const life::Position &pos,
                                                const std::vector<PointKind> &kinds,
                                                const life::Verdicts &v) {
  // Without a teire point there is nothing to fill.
  auto is_teire = [](PointKind k) {
    return k == PointKind::black_teire || k == PointKind::white_teire;
  };
  if (std::none_of(kinds.begin(), kinds.end(), is_teire))
    return std::nullopt;
  const int n = static_cast<int>(kinds.size());
  const std::vector<uint8_t> stones =
      colours_of(kinds, PointKind::black_stone, PointKind::white_stone);
  std::vector<uint8_t> filled = stones; // the teire points filled
  for (int i = 0; i < n; ++i)
    if (is_teire(kinds[i]))
      filled[i] = kinds[i] == PointKind::black_teire ? 1 : 2;
  const Chains ours = find_chains(pos.size, filled), theirs = find_chains(pos.size, stones);
  // Each empty point's region of non-stones (dead stones' points included), to tell eyes apart.
  const life::Components regions = life::components(pos, [&](int i) { return stones[i] == 0; });
  std::optional<life::Verdicts> out;
  for (int t = 0; t < n; ++t) {
    if (!is_teire(kinds[t]))
      continue;
    // The filled group: the chain through the teire point, once it is filled.
    const int g = ours.id[t];
    const std::span<const int> libs = ours.libs[g];
    if (libs.empty() ||
        !std::all_of(libs.begin(), libs.end(), [&](int d) { return kinds[d] == PointKind::dame; }))
      continue;
    // The opponent chains beside those dame share the seki only if, like the teire side, they
    // have one eye at most: every liberty of theirs but those dame lies in one region of their
    // own territory. A chain with more (two eyes, or a wall around open territory) is alive on
    // its own, and the stones that cannot survive the fill are the verdicts' error, not a seki.
    std::vector<uint8_t> beside(theirs.libs.size());
    for (int d : libs)
      life::for_each_neighbour(pos.size, d, [&](int j) {
        if (stones[j] != 0 && stones[j] != filled[t])
          beside[theirs.id[j]] = 1;
      });
    bool one_eye = true;
    int eye = -1;
    for (size_t k = 0; k < beside.size(); ++k) {
      if (!beside[k])
        continue;
      for (int q : theirs.libs[k]) {
        if (ours.id[q] == g || kinds[q] == PointKind::dame)
          continue;
        const int r = regions.id[q];
        if (eye < 0)
          eye = r;
        one_eye &= r == eye && (kinds[q] == PointKind::black_territory ||
                                kinds[q] == PointKind::white_territory);
      }
    }
    // An eye of more than six points (past the rabbity six that a nakade can still kill) is
    // enough to live on its own: that side is not in seki either.
    if (!one_eye || std::count(beside.begin(), beside.end(), 1) == 0 ||
        (eye >= 0 && regions.points[eye].size() > 6))
      continue;
    if (!out) {
      out = v;
      out->seki.resize(n, 0);
    }
    for (int i = 0; i < n; ++i)
      if ((ours.id[i] == g && stones[i] != 0) || (theirs.id[i] >= 0 && beside[theirs.id[i]]))
        out->seki[i] |= 1;
  }
  return out;
}

// The dead stones whose points the dame fill closes in: per point of a dead stone, the colour
// (1 black, 2 white) of its captor when the region of that point on `filled` (the board once the
// dame are filled, the dead stones still on it taken off) touches the captor's stones only; else
// 0. A dead chain left beside open dame lies in no territory as the record stops, but once the
// dame are filled (the fill takes a chain in atari off, and its owner cannot extend it without
// self-atari) its point is surrounded by the captor alone: his territory, as Japanese Article 8
// counts the points of dead stones.
std::vector<uint8_t> dead_closed_in(const life::Position &pos, const std::vector<PointKind> &kinds,
                                    std::vector<uint8_t> filled) {
  const int n = pos.points();
  for (int i = 0; i < n; ++i)
    if (kinds[i] == PointKind::dead_black || kinds[i] == PointKind::dead_white)
      filled[i] = 0;
  const life::Components regions = life::components(pos, [&](int i) { return filled[i] == 0; });
  std::vector<uint8_t> touches(regions.points.size()); // per region: bit 1 black, bit 2 white
  for (size_t r = 0; r < regions.points.size(); ++r)
    for (int i : regions.points[r])
      life::for_each_neighbour(pos.size, i, [&](int j) { touches[r] |= filled[j]; });
  std::vector<uint8_t> captor(n);
  for (int i = 0; i < n; ++i) {
    const uint8_t by = kinds[i] == PointKind::dead_black   ? 2
                       : kinds[i] == PointKind::dead_white ? 1
                                                           : 0;
    if (by != 0 && touches[regions.id[i]] == by)
      captor[i] = by;
  }
  return captor;
}

// The open points that the fills so far have closed in: a region of empty points and dead stones
// that touches the live stones of one side only is that side's territory, which he does not fill.
// Takes them out of `open` and marks them in `closed` with that side.
void close_in(BoardSize size, const std::vector<uint8_t> &board,
              const std::vector<uint8_t> &is_dead, std::vector<uint8_t> &open,
              std::vector<uint8_t> &closed) {
  auto empty = [&](int i) { return board[i] == 0 || is_dead[i]; };
  const life::Components regions = life::components(life::Position(size), empty);
  for (const std::span<const int> region : regions.points) {
    uint8_t touches = 0; // bit 1 black, bit 2 white
    bool has_open = false;
    for (int i : region) {
      has_open |= open[i] != 0;
      life::for_each_neighbour(size, i, [&](int j) { touches |= empty(j) ? 0 : board[j]; });
    }
    if (!has_open || (touches != 1 && touches != 2))
      continue;
    for (int i : region)
      if (open[i]) {
        open[i] = 0;
        closed[i] = touches;
      }
  }
}

// The fill in the order of the points (fill_dame, below, plays it in every order).
std::optional<DameFill> fill_in_order(BoardSize size, std::vector<uint8_t> board,
                                      const std::vector<uint8_t> &is_dame, Color first,
                                      const std::vector<uint8_t> &dead,
                                      const std::vector<PointKind> *kinds, bool close_in_points) {
  DameFill fill;
  const int n = static_cast<int>(board.size());
  const std::vector<uint8_t> live_only = board;
  std::vector<uint8_t> is_dead(n);
  for (int i = 0; i < static_cast<int>(dead.size()) && i < n; ++i)
    if (dead[i] != 0 && board[i] == 0) {
      board[i] = dead[i];
      is_dead[i] = 1;
    }
  std::vector<uint8_t> open = is_dame;
  // A chain that the dead stones already hold in atari needs no answer, unless taking it would
  // gain (taking_it_gains_nothing). `left_at[i]`: the liberty of such a chain through i, or -1.
  std::vector<int> left_at(n, -1);
  if (std::find(is_dead.begin(), is_dead.end(), 1) != is_dead.end()) {
    const Chains with_dead = find_chains(size, board);
    const Chains live = find_chains(size, live_only);
    std::vector<int8_t> left(with_dead.libs.size(), -1); // per chain: unknown, no, yes
    for (int i = 0; i < n; ++i) {
      const int k = with_dead.id[i];
      if (board[i] == 0 || is_dead[i] || with_dead.libs[k].size() != 1 ||
          live.libs[live.id[i]].size() <= 1)
        continue;
      if (left[k] < 0)
        left[k] = taking_it_gains_nothing(size, board, is_dead, with_dead, k);
      if (left[k])
        left_at[i] = with_dead.libs[k][0];
    }
  }
  uint8_t p = first == Color::black ? 1 : 2;
  uint8_t next = p; // the side to move after the last fill
  int passes = 0;
  // Each turn fills one point; the loop ends after at most one turn per empty point and pass.
  if (close_in_points)
    fill.closed.assign(n, 0);
  rules::Board played = board_of(size, board);
  // The chains change only with a move: a pass leaves them for the next turn.
  Chains c;
  bool chains_current = false;
  for (int turn = 0; turn < 2 * n + 2 && passes < 2; ++turn, p = 3 - p) {
    if (close_in_points)
      close_in(size, board, is_dead, open, fill.closed);
    if (!chains_current) {
      c = find_chains(size, board);
      // A dead chain neither needs an answer nor gets captured: its owner gave it up.
      for (const std::span<const int> stones : c.points)
        c.dead.push_back(std::ranges::any_of(stones, [&](int i) { return is_dead[i] != 0; }));
      chains_current = true;
    }
    int atari_own = -1;
    for (size_t k = 0; k < c.libs.size(); ++k) {
      if (c.dead[k])
        continue;
      if (c.libs[k].empty())
        return std::nullopt; // a fill was suicide: the chains are short of liberties
      if (c.libs[k].size() == 1) {
        if (std::ranges::any_of(c.points[k], [&](int i) { return left_at[i] == c.libs[k][0]; }))
          continue;
        // The opponent's chain in atari (a ko or a cut the record stops on) is his to connect
        // on his turn, as the side to move connects its own first: a capture is no dame fill.
        if (c.colour[k] != p)
          continue;
        // Two chains of its own in atari (open kos, or an open ko and a fill's atari): it
        // connects one now and the other on its next turn, as the opponent does not capture.
        if (atari_own < 0)
          atari_own = answer_to_atari(size, board, c, static_cast<int>(k));
      }
    }
    int move = atari_own;
    std::optional<std::vector<int>> shortage_now; // this turn's shortage teire, found on demand
    if (move < 0) {
      int best = -1, best_rank = 0;
      for (int i = 0; i < n; ++i) {
        if (!open[i] || board[i] != 0)
          continue;
        FillEffect mine = effect_of(size, board, c, i, p);
        if (mine.own_liberties < 2)
          continue; // a self-atari the opponent would capture
        if (mine.takes_live_chain)
          continue; // the owner's to connect on his turn, as above
        // Rank: a fill that forces an answer, then one the opponent would have forced with.
        int rank = mine.ataris ? 3 : effect_of(size, board, c, i, 3 - p).ataris ? 2 : 1;
        // Under territory counting a fill that leaves an opponent chain short of liberties
        // forces a teire as an atari does.
        if (kinds && rank < 3 && may_leave_short(size, board, c, *kinds, i, p)) {
          if (!shortage_now)
            shortage_now = teire_by_shortage(size, board, *kinds);
          std::vector<uint8_t> after = board;
          after[i] = p;
          for (int t : teire_by_shortage(size, after, *kinds))
            if (std::ranges::find(*shortage_now, t) == shortage_now->end())
              rank = 3;
        }
        if (rank > best_rank) {
          best = i;
          best_rank = rank;
        }
        if (best_rank == 3)
          break; // no later point outranks a fill that forces an answer
      }
      move = best;
    }
    if (move < 0) {
      ++passes;
      continue;
    }
    passes = 0;
    next = 3 - p;
    chains_current = false;
    // A fill that takes a dead chain's last liberty takes it off the board; one that would take
    // a live chain, or its own, is no dame fill.
    const Point at{move % size.width, move / size.width};
    if (played.play(at, p == 1 ? Color::black : Color::white, false).suicide)
      return std::nullopt;
    board[move] = p;
    for (int i = 0; i < n; ++i) {
      if (board[i] == 0 || played.at({i % size.width, i / size.width}) != life::Stone::empty)
        continue;
      if (!is_dead[i])
        return std::nullopt;
      board[i] = 0;
      is_dead[i] = 0;
    }
    if (open[move]) {
      open[move] = 0;
      (p == 1 ? fill.black : fill.white)++;
    } else {
      fill.teire.push_back(move);
    }
  }
  for (int i = 0; i < n; ++i)
    fill.left += open[i];
  if (fill.left > 0)
    take_left_points(size, board, is_dead, open, next, fill);
  fill.board = std::move(board);
  return fill;
}

// Where a symmetry takes each point, as indices.
std::vector<int> points_under(Symmetry s, BoardSize size) {
  std::vector<int> to(static_cast<size_t>(size.width) * size.height);
  for (int i = 0; i < static_cast<int>(to.size()); ++i) {
    const Point p = apply(s, {i % size.width, i / size.width}, size);
    to[i] = p.y * size.width + p.x;
  }
  return to;
}

// A value per point moved to where the symmetry `to` (points_under) takes its point; and back.
template <class T> std::vector<T> moved(const std::vector<T> &v, const std::vector<int> &to) {
  std::vector<T> out(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    out[to[i]] = v[i];
  return out;
}

template <class T> std::vector<T> moved_back(const std::vector<T> &v, const std::vector<int> &to) {
  std::vector<T> out(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    out[i] = v[to[i]];
  return out;
}

// What a fill gains Black: under area counting the dame Black fills less those White fills; under
// territory counting White's teire and Black's closed-in points less Black's teire and White's.
int gain_for_black(const DameFill &fill, bool territory) {
  if (!territory)
    return fill.black - fill.white;
  int gain = 0;
  for (int t : fill.teire)
    gain += fill.board[t] == 2 ? 1 : -1;
  for (uint8_t side : fill.closed)
    gain += side == 1 ? 1 : side == 2 ? -1 : 0;
  return gain;
}

} // namespace

// The fill takes equally good points in the order of the points, and that order can decide
// whether a chain ends in atari and must be answered. So the fill is played in the order of every
// symmetry that keeps the board's shape, and the outcome is the median of theirs by what the fill
// gains (gain_for_black; of the two middle ones, the one better for the side that fills first): a
// count that does not depend on how the board is turned, nor on one order's extreme. An outcome
// most orders reach is the median, so the orders stop there; a failed fill (one that would
// capture a chain) is the outcome only when most orders fail.
std::optional<DameFill> fill_dame(BoardSize size, std::vector<uint8_t> board,
                                  const std::vector<uint8_t> &is_dame, Color first,
                                  const std::vector<uint8_t> &dead,
                                  const std::vector<PointKind> *kinds, bool close_in_points,
                                  std::optional<Symmetry> order) {
  // Each turn rescans the board: more dame than a 19x19 board has points (only on a large,
  // nearly empty board, where the parity rule does as well) would make the fill quadratic in a
  // hostile record's hands.
  if (std::count(is_dame.begin(), is_dame.end(), 1) > kMostDameFilled)
    return std::nullopt;
  struct Run {
    int gain = 0; // gain_for_black
    std::optional<DameFill> fill;
  };
  std::vector<Run> runs; // one per order
  std::vector<Symmetry> orders;
  for (Symmetry s : all_symmetries())
    if (order ? s == *order : keeps_shape(s, size))
      orders.push_back(s);
  const auto majority = static_cast<std::ptrdiff_t>(orders.size() / 2 + 1);
  for (Symmetry s : orders) {
    const std::vector<int> to = points_under(s, size);
    std::optional<std::vector<PointKind>> kinds_there;
    if (kinds)
      kinds_there = moved(*kinds, to);
    std::optional<DameFill> fill = fill_in_order(size, moved(board, to), moved(is_dame, to), first,
                                                 dead.size() == to.size() ? moved(dead, to) : dead,
                                                 kinds ? &*kinds_there : nullptr, close_in_points);
    if (fill) {
      for (int &t : fill->teire)
        t = static_cast<int>(std::find(to.begin(), to.end(), t) - to.begin());
      fill->board = moved_back(fill->board, to);
      if (!fill->closed.empty())
        fill->closed = moved_back(fill->closed, to);
    }
    const int gain = fill ? gain_for_black(*fill, kinds != nullptr) : 0;
    const Run &run = runs.emplace_back(Run{gain, std::move(fill)});
    auto same = [&](const Run &r) {
      return r.fill.has_value() == run.fill.has_value() && r.gain == run.gain;
    };
    if (std::ranges::count_if(runs, same) == majority)
      return std::move(std::ranges::find_if(runs, same)->fill);
  }
  // The first run of each outcome stands for it.
  const int sign = first == Color::black ? 1 : -1;
  std::erase_if(runs, [](const Run &r) { return !r.fill; });
  if (runs.empty())
    return std::nullopt;
  std::ranges::stable_sort(runs, {}, [&](const Run &r) { return sign * r.gain; });
  const int median = runs[runs.size() / 2].gain;
  return std::move(
      std::ranges::find_if(runs, [&](const Run &r) { return r.gain == median; })->fill);
}

namespace {

// What the teire fill of a territory count finds, `first` filling first: the teire (the points
// where a side answers an atari inside its own territory during the fill, the teire by shortage
// on the board when it ends, and the eyes in seki beside the dame it leaves open), and the points
// it closes in for one side (dead stones' points, and with `close_in_points` the open dame).
struct FillTeire {
  std::vector<int> teire;
  std::vector<uint8_t> closed;    // DameFill::closed: open points closed in (filled later or not)
  std::vector<uint8_t> closed_in; // per point left empty or dead: the side it is closed in for
};

// Nothing when the fill would capture a chain.
std::optional<FillTeire> teire_of_fill(const life::Position &pos,
                                       const std::vector<uint8_t> &stones,
                                       const std::vector<uint8_t> &dame, Color first,
                                       const std::vector<PointKind> &kinds, bool close_in_points,
                                       std::optional<Symmetry> order) {
  auto sim =
      fill_dame(pos.size, stones, dame, first, dead_colours(kinds), &kinds, close_in_points, order);
  if (!sim)
    return std::nullopt;
  FillTeire out;
  out.teire = sim->teire;
  for (auto *find : {teire_by_shortage, seki_eyes_beside_open_dame})
    for (int t : find(pos.size, sim->board, kinds))
      out.teire.push_back(t);
  out.closed_in = dead_closed_in(pos, kinds, sim->board);
  // A closed point its owner fills later (an answer to an atari) is a teire, not closed in.
  for (int i = 0; i < static_cast<int>(sim->closed.size()); ++i)
    if (sim->board[i] == 0)
      out.closed_in[i] |= sim->closed[i];
  out.closed = std::move(sim->closed);
  return out;
}

} // namespace

std::vector<PointKind> classify(const life::Position &pos, const life::Verdicts &v,
                                bool remove_dead, bool teire) {
  const int n = pos.points();
  auto is_dead = [&](int i) { return remove_dead && !v.dead.empty() && v.dead[i]; };
  // Shared liberties whose first fills are safe are dame: the fill takes them in turn.
  auto is_seki = [&](int i) { return !v.seki.empty() && (v.seki[i] & 1); };
  std::vector<PointKind> kinds(n, PointKind::none);
  std::vector<uint8_t> live(n); // 0 empty (dead removed), 1 black, 2 white
  for (int i = 0; i < n; ++i) {
    life::Stone s = pos.stones[i];
    if (s == life::Stone::black || s == life::Stone::white) {
      const bool dead = is_dead(i), black = s == life::Stone::black;
      kinds[i] = black ? (dead ? PointKind::dead_black : PointKind::black_stone)
                       : (dead ? PointKind::dead_white : PointKind::white_stone);
      live[i] = dead ? 0 : static_cast<uint8_t>(s);
    }
  }
  const life::Components regions = life::components(pos, [&](int i) { return live[i] == 0; });
  for (const std::span<const int> region : regions.points) {
    bool black = false, white = false, seki_black = false, seki_white = false;
    for (int i : region)
      life::for_each_neighbour(pos.size, i, [&](int j) {
        black |= live[j] == 1;
        white |= live[j] == 2;
        seki_black |= live[j] == 1 && is_seki(j);
        seki_white |= live[j] == 2 && is_seki(j);
      });
    PointKind k = PointKind::none;
    if (black && white)
      k = (seki_black || seki_white) ? PointKind::seki : PointKind::dame;
    else if (black)
      k = seki_black ? PointKind::black_seki_eye : PointKind::black_territory;
    else if (white)
      k = seki_white ? PointKind::white_seki_eye : PointKind::white_territory;
    for (int i : region)
      if (kinds[i] == PointKind::none) // dead stones keep their kind; count() finds their owner
        kinds[i] = k;
  }
  if (teire)
    mark_teire(pos.size, live, kinds);
  return kinds;
}

std::string format_number(double v) {
  // Four decimals at most (komi in stones is 0.25 of a point); adding 0 turns -0 into 0.
  return fmt::format("{}", std::round(v * 1e4) / 1e4 + 0.0);
}

std::string result_string(double margin) {
  if (std::fabs(margin) < 1e-9)
    return "0";
  return (margin > 0 ? "B+" : "W+") + format_number(std::fabs(margin));
}

Count count(const life::Position &pos, const life::Verdicts &v, const GameFacts &facts,
            const rules::RuleSet &rules, std::optional<Symmetry> fill_order) {
  Count c;
  c.scoring = rules.scoring;
  c.seki_eyes_counted = rules.seki_territory;
  const int n = pos.points();
  const bool territory = rules.scoring == rules::Scoring::territory;
  // Teire under territory counting (Japanese Article 8: the points a player must fill to keep his
  // stones alive): where the dame are filled in turn, the points where a side answers an atari
  // inside its own territory during the fill, forcing fills first, the dead stones still on the
  // board; otherwise (or when the fill would capture) the static rule of mark_teire.
  const bool simulate_teire = territory && facts.fills_first && !rules.pass_stones;
  c.kinds = classify(pos, v, rules.remove_dead, territory && !simulate_teire);
  if (territory && !simulate_teire) {
    if (auto seki = seki_behind_teire(pos, c.kinds, v))
      c.kinds = classify(pos, *seki, rules.remove_dead, true);
    // Counted as the players left it, with the dame shared rather than filled, a point enclosed
    // by one colour's stones is that colour's territory: no fill makes the atari that calls for a
    // teire, and an eye of a group in seki counts as any enclosed point does. The static rule
    // still finds the seki behind a teire above.
    if (facts.counted_as_left)
      for (PointKind &k : c.kinds) {
        if (k == PointKind::black_teire || k == PointKind::black_seki_eye)
          k = PointKind::black_territory;
        else if (k == PointKind::white_teire || k == PointKind::white_seki_eye)
          k = PointKind::white_territory;
      }
  }
  // The live stones, which no teire rule nor fill below changes.
  const std::vector<uint8_t> live =
      colours_of(c.kinds, PointKind::black_stone, PointKind::white_stone);
  std::vector<uint8_t> closed_in; // per dead point: the side the fill leaves around it
  if (simulate_teire) {
    std::vector<uint8_t> dame(n);
    for (int i = 0; i < n; ++i)
      dame[i] = c.kinds[i] == PointKind::dame;
    auto fill = teire_of_fill(pos, live, dame, *facts.fills_first, c.kinds, !facts.counted_as_left,
                              fill_order);
    if (fill && facts.counted_as_left)
      if (auto other = teire_of_fill(pos, live, dame, opponent(*facts.fills_first), c.kinds, false,
                                     fill_order))
        std::erase_if(fill->teire, [&](int t) {
          return std::find(other->teire.begin(), other->teire.end(), t) == other->teire.end();
        });
    if (!fill) {
      c.kinds = classify(pos, v, rules.remove_dead, true);
    } else {
      closed_in = std::move(fill->closed_in);
      for (int t : fill->teire) {
        const uint8_t closed = fill->closed.empty() ? 0 : fill->closed[t];
        if (c.kinds[t] == PointKind::black_territory || closed == 1)
          c.kinds[t] = PointKind::black_teire;
        else if (c.kinds[t] == PointKind::white_territory || closed == 2)
          c.kinds[t] = PointKind::white_teire;
      }
    }
  }
  // The side (1 Black, 2 White) whose territory open point i is, else 0: a dame the fill closes
  // in (DameFill::closed), as the players' last moves would have closed it, or one the estimate
  // gives a side on a board counted by it (GameFacts::estimate).
  auto dame_owner = [&](int i) {
    if (!closed_in.empty() && closed_in[i] != 0)
      return static_cast<int>(closed_in[i]);
    if (!facts.estimate.empty() && std::fabs(facts.estimate[i]) >= kEstimateOwns)
      return facts.estimate[i] > 0 ? 1 : 2;
    return 0;
  };
  // Owner of every empty region, with dead stones' points included: recompute by a flood fill
  // over non-live points so that a dead stone inside territory counts as territory.
  int seki_shared = 0;
  std::vector<uint8_t> dame_at(n);
  const life::Components regions = life::components(pos, [&](int i) { return live[i] == 0; });
  for (const std::span<const int> region : regions.points) {
    bool black = false, white = false;
    PointKind k = PointKind::none; // the region's kind: that of its points not dead nor teire
    for (int i : region) {
      const PointKind ki = c.kinds[i];
      if (ki != PointKind::dead_black && ki != PointKind::dead_white &&
          ki != PointKind::black_teire && ki != PointKind::white_teire)
        k = ki;
      c.black.teire += ki == PointKind::black_teire;
      c.white.teire += ki == PointKind::white_teire;
      life::for_each_neighbour(pos.size, i, [&](int j) {
        black |= live[j] == 1;
        white |= live[j] == 2;
      });
    }
    if (k == PointKind::none) // a region of dead stones only: decide by its border
      k = black && white ? PointKind::dame
          : black        ? PointKind::black_territory
          : white        ? PointKind::white_territory
                         : PointKind::none;
    for (int i : region) {
      if (c.kinds[i] == PointKind::black_teire || c.kinds[i] == PointKind::white_teire)
        continue;
      // A dead stone in a region of dame: its captor's territory once the fill closes it in.
      PointKind ki = k;
      if (const int side = k == PointKind::dame ? dame_owner(i) : 0) {
        ki = side == 1 ? PointKind::black_territory : PointKind::white_territory;
        if (c.kinds[i] == PointKind::dame)
          c.kinds[i] = ki;
      }
      c.black.territory += ki == PointKind::black_territory;
      c.white.territory += ki == PointKind::white_territory;
      dame_at[i] = ki == PointKind::dame;
      c.dame += dame_at[i];
      seki_shared += ki == PointKind::seki;
      c.black.seki_eyes += ki == PointKind::black_seki_eye;
      c.white.seki_eyes += ki == PointKind::white_seki_eye;
    }
  }
  auto count_of = [&](PointKind k) {
    return static_cast<int>(std::count(c.kinds.begin(), c.kinds.end(), k));
  };
  c.black.stones = count_of(PointKind::black_stone);
  c.white.stones = count_of(PointKind::white_stone);
  c.black.dead_stones = count_of(PointKind::dead_white);
  c.white.dead_stones = count_of(PointKind::dead_black);
  c.seki_points = seki_shared + c.black.seki_eyes + c.white.seki_eyes;
  c.black.prisoners = facts.prisoners_black;
  c.white.prisoners = facts.prisoners_white;
  if (rules.pass_stones) {
    c.black.pass_stones = facts.passes_white;
    c.white.pass_stones = facts.passes_black;
  }
  c.white.komi = rules.komi;
  const int n_handicap = facts.handicap >= 2 ? facts.handicap : 0;
  if (rules.handicap_bonus == rules::HandicapBonus::n)
    c.white.handicap_bonus = n_handicap;
  else if (rules.handicap_bonus == rules::HandicapBonus::n_minus_1)
    c.white.handicap_bonus = n_handicap > 0 ? n_handicap - 1 : 0;
  // Open dame filled in turn: the side that fills first gets the odd one (not under pass-stone
  // rules, where passes already even out who fills last).
  const bool fills = facts.fills_first && !rules.pass_stones &&
                     rules.open_dame != rules::OpenDame::nobody &&
                     rules.scoring == rules::Scoring::area && c.dame > 0;
  std::optional<DameFill> filled;
  if (fills)
    filled = fill_dame(pos.size, live, dame_at, *facts.fills_first,
                       dead_held_in_the_fill(pos.size, live, dead_colours(c.kinds)), nullptr, false,
                       fill_order);
  const bool odd_dame = c.dame % 2 == 1 && fills && !filled;
  auto total = [&](SideCount &s) {
    if (rules.scoring == rules::Scoring::area) {
      s.total = s.stones + s.territory + s.teire + (rules.seki_territory ? s.seki_eyes : 0);
      // Tromp-Taylor: an empty point reaching both colours scores for nobody.
      s.dame_share = rules.open_dame == rules::OpenDame::nobody
                         ? 0
                         : (c.dame + (rules.seki_territory ? seki_shared : 0)) / 2.0;
      if (filled)
        s.dame_share +=
            (&s == &c.black ? filled->black : filled->white) - c.dame / 2.0 + filled->left / 2.0;
      if (odd_dame)
        s.dame_share += (&s == &c.black) == (*facts.fills_first == Color::black) ? 0.5 : -0.5;
      s.total += s.dame_share;
    } else {
      s.total = s.territory + s.prisoners + s.dead_stones + s.pass_stones +
                (rules.seki_territory ? s.seki_eyes : 0);
    }
    s.total += s.komi + s.handicap_bonus;
  };
  total(c.black);
  total(c.white);
  c.margin = c.black.total - c.white.total;
  c.result = result_string(c.margin);
  if (rules.scoring == rules::Scoring::area) {
    c.margin_stones = c.margin / 2;
    c.baseline = n / 2.0;
  }
  return c;
}

std::string breakdown_text(const Count &c, Color side) {
  const SideCount &s = side == Color::black ? c.black : c.white;
  const rules::Scoring scoring = c.scoring;
  std::string t = format_number(s.total);
  if (scoring == rules::Scoring::area)
    t += fmt::format(" = {} stones + {} territory", s.stones, s.territory);
  else
    t += fmt::format(" = {} territory + {} prisoners + {} dead", s.territory, s.prisoners,
                     s.dead_stones);
  if (s.pass_stones)
    t += fmt::format(" + {} pass stones", s.pass_stones);
  if (scoring == rules::Scoring::area && s.teire)
    t += fmt::format(" + {} teire", s.teire);
  if (s.seki_eyes && c.seki_eyes_counted)
    t += fmt::format(" + {} seki eyes", s.seki_eyes);
  if (s.dame_share)
    t += " + " + format_number(s.dame_share) + " dame share";
  auto signed_term = [&t](double value, std::string_view what) { // "+ 7.5 komi", "- 5.5 komi"
    if (value)
      t += fmt::format(" {} {} {}", value < 0 ? '-' : '+', format_number(std::abs(value)), what);
  };
  signed_term(s.komi, "komi");
  signed_term(s.handicap_bonus, "handicap");
  return t;
}

} // namespace sgf::score

// Life and death at the end of a game: Benson's pass-alive chains, seki, dead stones from the
// record's TB/TW markup, and the built-in judgement (Benson, then the playout estimate), each
// with a confidence and an `unfinished` verdict for boards that are not finished.
#pragma once

#include "lib/life/estimator.h"
#include "lib/life/position.h"

#include <string>
#include <vector>

namespace sgf::life {

// Per-point verdicts: dead stones (1 = dead), and stones in seki: bit 1 where the shared
// liberties are points neither side can fill, bit 2 where they are shared by two eyeless chains
// and the first fills are safe (three liberties or more), which an area count fills as dame.
struct Verdicts {
  std::vector<uint8_t> dead;
  std::vector<uint8_t> seki;
};

// Where the dead stones came from, in order of authority.
enum class DeadSource { user, markup, engine, estimator };
const char *to_string(DeadSource);

// Benson's unconditional life for both colours: per point, 1 for a stone of a pass-alive chain,
// 2 for a point of a region enclosed by pass-alive chains of one colour in which every empty
// point is a liberty of them (the opponent cannot live there: its stones are dead).
std::vector<uint8_t> pass_alive(const Position &);

// Stones in seki, given the dead stones (Verdicts::seki's marks): live chains around a small
// neutral region in which neither colour can play without putting its own chain into atari (or
// capturing nothing), and eyeless chains whose liberties are the same points.
std::vector<uint8_t> find_seki(const Position &, const std::vector<uint8_t> &dead);

// Whether the dead stones `dead` (1 = dead) settle the board without reading: every other group
// lives alone once they are taken off (two eye regions, one of seven points or more, or one of
// four to six empty points, off the corner, in no shape the opponent kills); no dead group has an
// eye region of its own (a region only its colour borders) but one false eye, from which it might
// make a second eye or a seki; and every chain beside a dead chain is alive and wins a capturing
// race against it: it lives alone as the board stands, or has more liberties, or has two or more
// and its group (groups_of) has more liberties than the dead chain's group. The playout estimate
// asks it to stop early (estimate_ownership's `confirm`).
bool settled_by_eyes(const Position &, const std::vector<uint8_t> &dead);

// Dead stones from territory markup (KGS writes TB/TW after counting): a stone inside the other
// colour's marked territory is dead, and with it its whole chain (the stones of a chain are
// captured together, so markup that covers part of one still means the chain).
std::vector<uint8_t> dead_from_markup(const Position &, const std::vector<Point> &tb,
                                      const std::vector<Point> &tw);

// Dead stones from a list of points: the whole chain of every point named.
std::vector<uint8_t> dead_from_points(const Position &, const std::vector<Point> &points);

// What a group is at the end of the game.
enum class Status : uint8_t { alive, dead, seki, unknown };
const char *to_string(Status);

// The named rules of the judgement, in the order they decide (life.cpp, judge_estimate). A
// group's rule is the last one that set its verdict.
enum class Rule : uint8_t {
  given,                  // dead stones from the user, the markup or an engine
  pass_alive,             // Benson's unconditional life
  inside_pass_alive,      // no room to live inside a region a pass-alive group encloses
  playout_majority,       // the side that owns the stones in most playouts
  seki_with_one_chain,    // a group reading kills whose capture would free the one chain around
  coin_flip_surrounded,   // a coin flip for the playouts among enemy groups they keep
  dead_among_safe,        // reading kills it moving second, among enemy groups the playouts keep
  enclosed_seki,          // shut in with the enemy around it, which cannot capture it
  race_by_reading,        // a capturing race the playouts misread, settled by reading
  group_by_reading,       // a group whose life turns on an enemy chain inside it, read out
  throw_in_false_seki,    // a seki that a throw-in reduces to one eye
  open_border_after_pass, // the weakest group beside a region both players left open
  false_seki_by_reading,  // a chain in seki that reading captures moving second
  aftermath,              // the dead stones cannot all be captured by legal moves
};

// One group (chains of one colour sharing liberties, with one verdict) and why it has it.
struct GroupLife {
  std::vector<int> stones; // point indices
  Stone colour = Stone::empty;
  Status status = Status::alive;
  Rule rule = Rule::given;
  // How likely the status is: 1 for a proof (Benson, reading, given stones), otherwise the share
  // of the playouts that agree with it (at least one half: a rule overrode the majority).
  double probability = 1;
  std::string reason; // for a person: "no eyes, inside a pass-alive group's region"
};

struct Life {
  DeadSource source = DeadSource::estimator;
  Verdicts verdicts;             // dead stones and stones in seki
  std::vector<GroupLife> groups; // every group of the position, with its status and reason
  // The aftermath check: every dead chain can be captured by legal moves (else its group is
  // unknown).
  bool captured_by_legal_moves = true;
  std::vector<float> ownership; // the playout estimate, when it ran (+1 Black, -1 White)
  int playouts = 0;             // playouts run (the estimate stops early once settled)
  double confidence = 1;        // in [0,1]: how sure the dead-stone verdicts are
  bool unfinished = false;      // large unsettled areas or open borders between the colours
  int open_border = 0;          // points of the largest neutral region
  int unsettled = 0;            // stones and territory points the estimate could not settle
};

// The aftermath check, after GNU Go's: the dead groups of `groups` are captured by legal moves,
// their opponent filling their liberties in any order that works. A dead group that cannot be
// captured so, or whose capture takes stones judged alive, turns unknown (Rule::aftermath).
// Returns whether every dead stone was captured.
bool capture_dead(const Position &, std::vector<GroupLife> &groups);

// Completes given dead stones (from the user, markup or an engine): seki, and the unfinished
// check on borders. Confidence 1: the verdicts come from an authority.
Life judge_given(const Position &, std::vector<uint8_t> dead, DeadSource source);

// The built-in judgement: Benson, the playout estimate for everything Benson leaves open, seki.
// `ended_by_passes`: both players passed, so no large region between the colours is still open
// (the weakest group beside one is dead).
Life judge_estimate(const Position &, Color to_move, const EstimatorOptions & = {},
                    bool ended_by_passes = false);

} // namespace sgf::life

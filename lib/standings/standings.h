// Standings over a collection: results (RE) and ranks (BR, WR) read into outcomes and grades,
// per-player tallies, and the points of a ladder table.
#pragma once

#include "lib/sgf/result.h"
#include "lib/sgf/tree.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::standings {

// A name folded for matching: Unicode NFKC with case folding, blanks trimmed and runs of blanks
// made one space.
std::string normalise_name(std::string_view name);

// One game as standings see it.
struct GameSummary {
  std::string black, white;           // names as written (PB, PW)
  std::string black_rank, white_rank; // BR, WR as written
  Result result;
  int moves = 0; // B and W nodes on the main line, passes included
};

// The summary of a game; RE is read by the conventions of the record's server profile.
GameSummary summarise(const Game &);

enum class PointsScheme { none, seed_ladder, win1_draw_half, win2_draw1, win3_draw1 };
std::optional<PointsScheme> parse_points_scheme(std::string_view name);
std::vector<std::string> points_scheme_names();

// The points each side gets; nothing for a side whose points depend on a rank that is unknown,
// with the reason in `unscored`.
struct GamePoints {
  std::optional<double> black, white;
  std::string unscored; // "unknown rank 'xx' (White)"; empty when both are scored
};

// The game server's ladder table (../shared/seeds/000, 計分規則):
// 1. a game finished within 50 moves (以內: 50 included) scores 0 for both;
// 2. the winner gets nothing when 4 or more grades above the loser, 2 points when 2 or 3 above,
//    5 points when less than 2 above (or below); the loser loses 5 points when 4 or more grades
//    above the winner (以上 includes the number), else nothing;
// 3. a draw scores 0 for both;
// 4. the side that ran away loses three times the normal points: three times what the win is
//    worth to its opponent under line 2 (which is 5 whenever the runaway was 4 or more grades
//    above, so that the normal 5-point loss is also tripled); the other side scores normally.
// Games without a decisive or drawn result (void, unknown) score 0 for both.
GamePoints seed_ladder_points(const GameSummary &);
GamePoints game_points(PointsScheme, const GameSummary &);

// Spellings that belong to one player: each line of an alias file is one player's spellings
// separated by tabs, the first being the name shown; blank lines and lines starting with '#'
// are skipped.
class Aliases {
public:
  // The parsed file, or the 1-based number of the first bad line (a spelling already given to
  // another player).
  static std::optional<Aliases> parse(std::string_view text, int *bad_line = nullptr);
  // The name a spelling stands for (its normalised key and the name to show), if any.
  const std::string *canonical(const std::string &key) const;

private:
  std::map<std::string, std::string> names_; // normalised spelling → shown name
};

struct PlayerRow {
  std::string player;
  int games = 0, wins = 0, losses = 0, draws = 0, no_results = 0;
  int black_games = 0, black_wins = 0, black_losses = 0;
  int white_games = 0, white_wins = 0, white_losses = 0;
  // Wins and losses by how the game ended, indexed by Ending (`unknown`: RE names the winner
  // alone).
  std::array<int, size_t(Ending::malformed) + 1> wins_by{}, losses_by{};
  double points = 0;
  int unscored = 0; // games whose points are unknown (a rank was unknown)
  // (wins + draws / 2) / (wins + losses + draws); nothing without such games.
  std::optional<double> win_rate() const;
};

// Who beat whom: results[a][b] counts a's wins, draws and losses against b.
struct Head {
  int wins = 0, draws = 0, losses = 0;
};

// The tally over games added one at a time; memory grows with the players, not the games.
class Table {
public:
  Table(PointsScheme scheme, const Aliases *aliases) : scheme_(scheme), aliases_(aliases) {}
  // Adds a game; returns why its points are unknown (empty when they are known).
  std::string add(const GameSummary &);
  // The rows, best first: by points (when counted), then wins, then fewer losses, then name.
  std::vector<PlayerRow> rows() const;
  const std::map<std::string, std::map<std::string, Head>> &heads() const { return heads_; }
  // The shown name of a normalised key.
  const std::string &shown(const std::string &key) const;
  int games() const { return games_; }
  int unnamed() const { return unnamed_; }

private:
  PlayerRow &row(const std::string &name, std::string &key);
  PointsScheme scheme_;
  const Aliases *aliases_;
  std::map<std::string, PlayerRow> rows_; // by normalised key
  std::map<std::string, std::map<std::string, Head>> heads_;
  int games_ = 0;
  int unnamed_ = 0;
};

// How a decisive game ended, as a column of the table: "resignation", "time", "forfeit", "points",
// "ran-away", or "unstated" (RE names the winner alone).
const char *win_kind_name(Ending);

} // namespace sgf::standings

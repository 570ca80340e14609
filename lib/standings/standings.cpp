#include "lib/standings/standings.h"

#include "lib/rules/profile.h"
#include "lib/sgf/rank.h"
#include "lib/sgf/text.h"
#include "lib/sgf/values.h"

#include <algorithm>
#include <cmath>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

namespace sgf::standings {

std::string normalise_name(std::string_view name) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2 *nfkc_cf = icu::Normalizer2::getNFKCCasefoldInstance(status);
  std::string folded;
  if (U_SUCCESS(status)) {
    icu::UnicodeString source = icu::UnicodeString::fromUTF8(
        icu::StringPiece(name.data(), static_cast<int32_t>(name.size())));
    icu::UnicodeString normalised = nfkc_cf->normalize(source, status);
    if (U_SUCCESS(status))
      normalised.toUTF8String(folded);
  }
  if (!U_SUCCESS(status))
    folded = ascii_lower(name);
  std::string out;
  for (char c : folded) {
    if (is_blank(c)) {
      if (!out.empty() && out.back() != ' ')
        out += ' ';
    } else
      out += c;
  }
  if (!out.empty() && out.back() == ' ')
    out.pop_back();
  return out;
}

GameSummary summarise(const Game &game) {
  GameSummary s;
  if (game.empty())
    return s;
  auto text = [&](const char *id) {
    const std::string *raw = first_value(game.root(), id);
    return raw ? to_simple_text(*raw) : std::string();
  };
  s.black = text("PB");
  s.white = text("PW");
  s.black_rank = text("BR");
  s.white_rank = text("WR");
  s.result = read_result(text("RE"), rules::profile_for(game.root()).profile.results);
  for (NodeIndex n : game.main_line())
    s.moves += has_move(game.nodes[n]) ? 1 : 0;
  return s;
}

std::optional<PointsScheme> parse_points_scheme(std::string_view name) {
  if (name == "none")
    return PointsScheme::none;
  if (name == "seed-ladder")
    return PointsScheme::seed_ladder;
  if (name == "win1-draw-half")
    return PointsScheme::win1_draw_half;
  if (name == "win2-draw1")
    return PointsScheme::win2_draw1;
  if (name == "win3-draw1")
    return PointsScheme::win3_draw1;
  return std::nullopt;
}

std::vector<std::string> points_scheme_names() {
  return {"none", "seed-ladder", "win1-draw-half", "win2-draw1", "win3-draw1"};
}

GamePoints seed_ladder_points(const GameSummary &g) {
  if (g.moves <= 50 || !g.result.winner) // lines 1 and 3; void and unknown results score nothing
    return {0.0, 0.0, {}};
  const bool black_won = g.result.winner == Color::black;
  const auto black_grade = parse_grade(g.black_rank);
  const auto white_grade = parse_grade(g.white_rank);
  if (!black_grade || !white_grade) {
    auto unknown = [](const std::string &rank, const char *side) {
      return (rank.empty() ? std::string("no rank") : "unknown rank '" + rank + "'") + " (" + side +
             ")";
    };
    std::string why;
    if (!black_grade)
      why = unknown(g.black_rank, "Black");
    if (!white_grade)
      why += (why.empty() ? "" : ", ") + unknown(g.white_rank, "White");
    return {std::nullopt, std::nullopt, why};
  }
  const int gap = black_won ? *black_grade - *white_grade : *white_grade - *black_grade;
  const double winner = gap >= 4 ? 0 : gap >= 2 ? 2 : 5; // line 2
  double loser = -gap >= 4 ? -5 : 0;
  if (g.result.ending == Ending::ran_away) // line 4: the loser ran away
    loser = -3 * std::max(winner, -loser);
  return black_won ? GamePoints{winner, loser, {}} : GamePoints{loser, winner, {}};
}

GamePoints game_points(PointsScheme scheme, const GameSummary &g) {
  if (scheme == PointsScheme::seed_ladder)
    return seed_ladder_points(g);
  double win = 0, draw = 0;
  switch (scheme) {
  case PointsScheme::win1_draw_half:
    win = 1, draw = 0.5;
    break;
  case PointsScheme::win2_draw1:
    win = 2, draw = 1;
    break;
  case PointsScheme::win3_draw1:
    win = 3, draw = 1;
    break;
  default:
    break;
  }
  if (g.result.winner)
    return g.result.winner == Color::black ? GamePoints{win, 0.0, {}} : GamePoints{0.0, win, {}};
  if (g.result.ending == Ending::draw)
    return {draw, draw, {}};
  return {0.0, 0.0, {}};
}

std::optional<Aliases> Aliases::parse(std::string_view text, int *bad_line) {
  Aliases aliases;
  int number = 0;
  while (!text.empty()) {
    size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++number;
    if (trim(line).empty() || trim(line).front() == '#')
      continue;
    std::string shown;
    while (true) {
      size_t tab = line.find('\t');
      std::string_view spelling = trim(line.substr(0, tab));
      if (!spelling.empty()) {
        if (shown.empty())
          shown = std::string(spelling);
        auto [it, added] = aliases.names_.emplace(normalise_name(spelling), shown);
        if (!added && it->second != shown) {
          if (bad_line)
            *bad_line = number;
          return std::nullopt;
        }
      }
      if (tab == std::string_view::npos)
        break;
      line.remove_prefix(tab + 1);
    }
  }
  return aliases;
}

const std::string *Aliases::canonical(const std::string &key) const {
  auto it = names_.find(key);
  return it == names_.end() ? nullptr : &it->second;
}

std::optional<double> PlayerRow::win_rate() const {
  const int counted = wins + losses + draws;
  if (counted == 0)
    return std::nullopt;
  return (wins + draws / 2.0) / counted;
}

PlayerRow &Table::row(const std::string &name, std::string &key) {
  key = normalise_name(name);
  std::string shown = name;
  if (aliases_)
    if (const std::string *canonical = aliases_->canonical(key)) {
      shown = *canonical;
      key = normalise_name(*canonical);
    }
  auto [it, added] = rows_.try_emplace(key);
  if (added)
    it->second.player = shown;
  return it->second;
}

std::string Table::add(const GameSummary &g) {
  ++games_;
  const GamePoints points = game_points(scheme_, g);
  const std::optional<Color> winner = g.result.winner;
  const bool drawn = g.result.ending == Ending::draw;
  std::string keys[2];
  for (int side = 0; side < 2; ++side) {
    const bool black = side == 0;
    const std::string &name = black ? g.black : g.white;
    if (trim(name).empty()) {
      ++unnamed_;
      continue;
    }
    PlayerRow &r = row(std::string(trim(name)), keys[side]);
    ++r.games;
    ++(black ? r.black_games : r.white_games);
    const bool won = winner == (black ? Color::black : Color::white);
    const bool lost = winner == (black ? Color::white : Color::black);
    if (won) {
      ++r.wins;
      ++(black ? r.black_wins : r.white_wins);
      ++r.wins_by[size_t(g.result.ending)];
    } else if (lost) {
      ++r.losses;
      ++(black ? r.black_losses : r.white_losses);
      ++r.losses_by[size_t(g.result.ending)];
    } else if (drawn)
      ++r.draws;
    else
      ++r.no_results;
    const auto &mine = black ? points.black : points.white;
    if (mine)
      r.points += *mine;
    else
      ++r.unscored;
  }
  if (!keys[0].empty() && !keys[1].empty() && keys[0] != keys[1]) {
    Head &b = heads_[keys[0]][keys[1]];
    Head &w = heads_[keys[1]][keys[0]];
    if (winner == Color::black)
      ++b.wins, ++w.losses;
    else if (winner == Color::white)
      ++w.wins, ++b.losses;
    else if (drawn)
      ++b.draws, ++w.draws;
  }
  return points.unscored;
}

const std::string &Table::shown(const std::string &key) const {
  static const std::string none;
  auto it = rows_.find(key);
  return it == rows_.end() ? none : it->second.player;
}

std::vector<PlayerRow> Table::rows() const {
  std::vector<PlayerRow> out;
  out.reserve(rows_.size());
  for (const auto &[key, r] : rows_)
    out.push_back(r);
  const bool by_points = scheme_ != PointsScheme::none;
  std::stable_sort(out.begin(), out.end(), [&](const PlayerRow &a, const PlayerRow &b) {
    if (by_points && a.points != b.points)
      return a.points > b.points;
    if (a.wins != b.wins)
      return a.wins > b.wins;
    if (a.losses != b.losses)
      return a.losses < b.losses;
    return a.player < b.player;
  });
  return out;
}

const char *win_kind_name(Ending ending) {
  switch (ending) {
  case Ending::resign:
    return "resignation";
  case Ending::time:
    return "time";
  case Ending::forfeit:
    return "forfeit";
  case Ending::score:
    return "points";
  case Ending::ran_away:
    return "ran-away";
  default:
    return "unstated";
  }
}

} // namespace sgf::standings

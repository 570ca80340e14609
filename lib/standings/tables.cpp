// `sgf standings`' tables; see tables.h.
#include "lib/standings/tables.h"

#include "lib/report/emit.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace sgf::standings {

namespace {

// How decisive games ended: the endings of a result with a winner.
constexpr Ending kinds[] = {Ending::resign, Ending::time,     Ending::forfeit,
                            Ending::score,  Ending::ran_away, Ending::unknown};

std::string rate_text(const PlayerRow &r) {
  auto rate = r.win_rate();
  return rate ? fmt::format("{:.3f}", *rate) : std::string("-");
}

std::string points_text(double points) {
  return fmt::format("{:g}", points);
}

} // namespace

std::string tsv_table(const std::vector<PlayerRow> &rows, bool points) {
  std::string out = "player\tgames\twins\tlosses\tdraws\tno_results\tblack_games\tblack_wins\t"
                    "black_losses\twhite_games\twhite_wins\twhite_losses\twin_rate";
  for (Ending k : kinds)
    out += std::string("\twins_") + win_kind_name(k);
  for (Ending k : kinds)
    out += std::string("\tlosses_") + win_kind_name(k);
  out += points ? "\tpoints\tunscored\n" : "\n";
  for (const PlayerRow &r : rows) {
    out +=
        fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}", tsv_cell(r.player),
                    r.games, r.wins, r.losses, r.draws, r.no_results, r.black_games, r.black_wins,
                    r.black_losses, r.white_games, r.white_wins, r.white_losses, rate_text(r));
    for (Ending k : kinds)
      out += "\t" + std::to_string(r.wins_by[size_t(k)]);
    for (Ending k : kinds)
      out += "\t" + std::to_string(r.losses_by[size_t(k)]);
    out += points ? fmt::format("\t{}\t{}\n", points_text(r.points), r.unscored) : "\n";
  }
  return out;
}

std::string json_lines(const std::vector<PlayerRow> &rows, bool points, const Table *cross) {
  std::string out;
  for (const PlayerRow &r : rows) {
    nlohmann::ordered_json j;
    j["player"] = r.player;
    j["games"] = r.games;
    j["wins"] = r.wins;
    j["losses"] = r.losses;
    j["draws"] = r.draws;
    j["no_results"] = r.no_results;
    j["points"] = points ? nlohmann::ordered_json(r.points) : nlohmann::ordered_json();
    if (points)
      j["unscored"] = r.unscored;
    j["black"] = {{"games", r.black_games}, {"wins", r.black_wins}, {"losses", r.black_losses}};
    j["white"] = {{"games", r.white_games}, {"wins", r.white_wins}, {"losses", r.white_losses}};
    auto rate = r.win_rate();
    j["win_rate"] = rate ? nlohmann::ordered_json(*rate) : nlohmann::ordered_json();
    for (const char *side : {"wins_by", "losses_by"}) {
      nlohmann::ordered_json by = nlohmann::ordered_json::object();
      for (Ending k : kinds) {
        int n = (side[0] == 'w' ? r.wins_by : r.losses_by)[size_t(k)];
        if (n)
          by[win_kind_name(k)] = n;
      }
      j[side] = by;
    }
    if (cross) {
      nlohmann::ordered_json against = nlohmann::ordered_json::object();
      auto mine = cross->heads().find(normalise_name(r.player));
      if (mine != cross->heads().end())
        for (const auto &[key, head] : mine->second)
          against[cross->shown(key)] = {
              {"wins", head.wins}, {"draws", head.draws}, {"losses", head.losses}};
      j["against"] = against;
    }
    out += json_line(j);
  }
  return out;
}

std::string text_table(const std::vector<PlayerRow> &rows, bool points) {
  std::string out =
      fmt::format("{:>5} {:>6} {:>5} {:>5} {:>5} {:>4} {:>11} {:>11} {:>6}", "#", "games", "wins",
                  "loss", "draw", "nr", "black W-L", "white W-L", "win%");
  out += points ? fmt::format(" {:>7} {:>8}", "points", "unscored") : "";
  out += "  player\n";
  int place = 0;
  for (const PlayerRow &r : rows) {
    auto rate = r.win_rate();
    out += fmt::format("{:>5} {:>6} {:>5} {:>5} {:>5} {:>4} {:>11} {:>11} {:>6}", ++place, r.games,
                       r.wins, r.losses, r.draws, r.no_results,
                       fmt::format("{}-{}", r.black_wins, r.black_losses),
                       fmt::format("{}-{}", r.white_wins, r.white_losses),
                       rate ? fmt::format("{:.1f}", *rate * 100) : "-");
    out += points ? fmt::format(" {:>7} {:>8}", points_text(r.points), r.unscored) : "";
    out += "  " + shown(r.player) + "\n";
  }
  return out;
}

std::string cross_table(const std::vector<PlayerRow> &rows, const Table &table, bool tsv_form) {
  std::vector<std::string> keys;
  for (const PlayerRow &r : rows)
    keys.push_back(normalise_name(r.player));
  std::string out = tsv_form ? "player" : fmt::format("\n{:>5}", "#");
  for (size_t j = 0; j < rows.size(); ++j)
    out += tsv_form ? "\t" + tsv_cell(rows[j].player) : fmt::format(" {:>7}", j + 1);
  out += tsv_form ? "\n" : "  player\n";
  for (size_t i = 0; i < rows.size(); ++i) {
    out += tsv_form ? tsv_cell(rows[i].player) : fmt::format("{:>5}", i + 1);
    auto mine = table.heads().find(keys[i]);
    for (size_t j = 0; j < rows.size(); ++j) {
      std::string cell = i == j ? "x" : "";
      if (mine != table.heads().end())
        if (auto it = mine->second.find(keys[j]); it != mine->second.end()) {
          cell = fmt::format("{}-{}", it->second.wins, it->second.losses);
          if (it->second.draws)
            cell += fmt::format("={}", it->second.draws);
        }
      out += tsv_form ? "\t" + cell : fmt::format(" {:>7}", cell);
    }
    out += tsv_form ? "\n" : "  " + shown(rows[i].player) + "\n";
  }
  return out;
}

} // namespace sgf::standings

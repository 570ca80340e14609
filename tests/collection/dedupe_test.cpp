// dedupe on constructed copies of a real game (every orientation, colours swapped, other
// headers, cut short, a move mistyped or missed), on two real games that share their opening,
// and the fingerprints of the scan against the tree's.
#include "lib/collection/dedupe.h"

#include "lib/batch/inputs.h"
#include "lib/collection/transform.h"
#include "lib/sgf/values.h"
#include "parsers/sgf/parse.h"
#include "parsers/sgf/summary.h"
#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <numeric>
#include <optional>
#include <random>

namespace sgf::collection {
namespace {

using testing_support::read_file;

Game read_game(const std::filesystem::path &path) {
  ParseResult parsed = parse_sgf(read_file(path));
  EXPECT_TRUE(parsed.ok()) << path;
  return parsed.collection.games.at(0);
}

// A 172-move professional game with a two-stone handicap (AB in the root).
Game real_game() {
  return read_game(std::filesystem::path(SGF_TESTDATA) / "check/pro-clean.sgf");
}

std::vector<NodeIndex> move_nodes(const Game &game) {
  std::vector<NodeIndex> nodes;
  for (NodeIndex i : game.main_line())
    if (has_move(game.nodes[i]))
      nodes.push_back(i);
  return nodes;
}

void set_value(Game &game, NodeIndex node, std::string_view id, std::string value) {
  for (Property &p : game.nodes[node].properties)
    if (p.id == id)
      p.values[0].text = std::move(value);
}

TEST(Dedupe, SameGameInEveryOrientationWithColoursSwapped) {
  const Game original = real_game();
  std::vector<Fingerprint> prints{fingerprint(original, "original.sgf", 0)};
  for (Symmetry s : all_symmetries()) {
    if (s == identity)
      continue;
    Game turned = original;
    ASSERT_FALSE(transform_game(turned, s));
    prints.push_back(fingerprint(turned, std::string(name(s)) + ".sgf", 0));
    swap_colours(turned);
    prints.push_back(fingerprint(turned, std::string(name(s)) + "-swapped.sgf", 0));
  }
  Game swapped = original;
  swap_colours(swapped);
  prints.push_back(fingerprint(swapped, "swapped.sgf", 0));
  const auto groups = find_duplicates(prints);
  ASSERT_EQ(groups.size(), 1u);
  ASSERT_EQ(groups[0].members.size(), prints.size());
  EXPECT_EQ(groups[0].kind, DuplicateKind::colours);
  EXPECT_EQ(groups[0].members[1].kind, DuplicateKind::orientation); // flip (x)
  EXPECT_EQ(groups[0].members[2].kind, DuplicateKind::colours);
  EXPECT_EQ(groups[0].members.back().kind, DuplicateKind::colours);
  // The swapped copies name the players the other way round (RE[Void] stays as it is).
  EXPECT_EQ(groups[0].members[2].differing_headers,
            (std::vector<std::string>{"BR", "PB", "PW", "WR"}));
}

TEST(Dedupe, KindsOfEachCopy) {
  const Game original = real_game();
  const std::vector<NodeIndex> moves = move_nodes(original);
  ASSERT_EQ(moves.size(), 172u);

  Game same = original;
  Game other_headers = original;
  set_value(other_headers, 0, "PC", "Edo");
  Game cut_short = original;
  cut_short.nodes[moves[149]].first_child = no_node; // saved after move 150
  Game mistyped = original;
  set_value(mistyped, moves[100], "W", "aa"); // move 101 typed wrong
  Game missed = original;                     // move 121 not recorded
  missed.nodes[moves[119]].first_child = moves[121];
  missed.nodes[moves[121]].parent = moves[119];
  Game unrelated = original;
  set_value(unrelated, 0, "DT", "1840-01-01"); // another date: not the same game when cut short
  unrelated.nodes[moves[99]].first_child = no_node;

  const auto groups = find_duplicates(
      {fingerprint(original, "a", 0), fingerprint(same, "b", 0), fingerprint(other_headers, "c", 0),
       fingerprint(cut_short, "d", 0), fingerprint(mistyped, "e", 0), fingerprint(missed, "f", 0),
       fingerprint(unrelated, "g", 0)});
  ASSERT_EQ(groups.size(), 1u);
  const auto &members = groups[0].members;
  ASSERT_EQ(members.size(), 6u);
  EXPECT_EQ(members[1].kind, DuplicateKind::identical);
  EXPECT_EQ(members[2].kind, DuplicateKind::headers);
  EXPECT_EQ(members[2].differing_headers, std::vector<std::string>{"PC"});
  EXPECT_EQ(members[3].kind, DuplicateKind::prefix);
  EXPECT_EQ(members[4].kind, DuplicateKind::near);
  EXPECT_EQ(members[5].kind, DuplicateKind::near);
  EXPECT_EQ(groups[0].kind, DuplicateKind::near);
}

// A record that is the start of another but names the other winner is another game (a bot's
// fixed opening, lost on time at move 30); with no winner given it may be the game cut short.
TEST(Dedupe, APrefixWithAnotherWinnerIsAnotherGame) {
  Game full = real_game();
  set_value(full, 0, "RE", "B+R");
  Game lost_on_time = full;
  set_value(lost_on_time, 0, "RE", "W+T");
  lost_on_time.nodes[move_nodes(full)[29]].first_child = no_node;
  EXPECT_TRUE(
      find_duplicates({fingerprint(full, "a", 0), fingerprint(lost_on_time, "b", 0)}).empty());
  Game unfinished = lost_on_time;
  set_value(unfinished, 0, "RE", "?");
  EXPECT_EQ(find_duplicates({fingerprint(full, "a", 0), fingerprint(unfinished, "b", 0)}).size(),
            1u);
}

TEST(Dedupe, KeepRules) {
  const Game original = real_game();
  Game longer_info = original;
  longer_info.nodes[0].properties.emplace_back();
  longer_info.nodes[0].properties.back().id = "EV";
  longer_info.nodes[0].properties.back().values.emplace_back("Castle game", SourcePos{});
  Game cut_short = original;
  cut_short.nodes[move_nodes(original)[149]].first_child = no_node;
  const std::vector<Fingerprint> prints{fingerprint(cut_short, "short", 0),
                                        fingerprint(original, "full", 0),
                                        fingerprint(longer_info, "info", 0)};
  const auto groups = find_duplicates(prints);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(member_to_keep(groups[0], prints, KeepRule::first), 0u);
  EXPECT_EQ(member_to_keep(groups[0], prints, KeepRule::longest), 1u);
  EXPECT_EQ(member_to_keep(groups[0], prints, KeepRule::most_info), 2u);
}

// Two professional games (LG Cup 29 and Globis Cup 8, other players and dates) whose first 52
// moves are the same: not one game.
TEST(Dedupe, DifferentGamesSharingALongOpeningStayApart) {
  const std::filesystem::path dir = std::filesystem::path(SGF_TESTDATA) / "collection";
  const std::vector<Fingerprint> prints{fingerprint(read_game(dir / "lg29-6.sgf"), "lg", 0),
                                        fingerprint(read_game(dir / "globis08-6.sgf"), "gl", 0)};
  ASSERT_GE(prints[0].canonical.size(), 200u);
  ASSERT_TRUE(std::equal(prints[0].canonical.begin(), prints[0].canonical.begin() + 52,
                         prints[1].canonical.begin()));
  EXPECT_TRUE(find_duplicates(prints).empty());
  // Even without the dates, which keep prefixes and near-duplicates apart.
  std::vector<Fingerprint> undated = prints;
  for (Fingerprint &f : undated)
    std::erase_if(f.headers, [](const auto &h) { return h.first == "DT"; });
  EXPECT_TRUE(find_duplicates(undated).empty());
}

// The 4th Mlily Cup game Ke Jie - Wu Guangya filed twice in the CWI collection: the second copy
// lacks moves 69 and 70 (B[qk] W[pk]) and gives WR[7p] for WR[6p] and RU.
TEST(Dedupe, RealRecordWithTwoMovesMissingIsANearDuplicate) {
  const std::filesystem::path dir = std::filesystem::path(SGF_TESTDATA) / "collection";
  const std::vector<Fingerprint> prints{
      fingerprint(read_game(dir / "mlily04-8.sgf"), "8", 0),
      fingerprint(read_game(dir / "mlily04-6-two-moves-missing.sgf"), "6", 0)};
  const auto groups = find_duplicates(prints);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].kind, DuplicateKind::near);
  EXPECT_EQ(groups[0].members[1].differing_headers, (std::vector<std::string>{"RU", "WR"}));
}

// --- The index against a comparison of every pair ---------------------------------------------

// Edit distance, the whole table: slow and plain, the reference for the index's bounded one.
size_t edit_distance(const std::vector<uint16_t> &a, const std::vector<uint16_t> &b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i)
    for (size_t j = 0; j <= b.size(); ++j)
      d[i][j] = i == 0   ? j
                : j == 0 ? i
                         : std::min({d[i - 1][j] + 1, d[i][j - 1] + 1,
                                     d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
  return d[a.size()][b.size()];
}

std::string header_of(const Fingerprint &f, std::string_view id) {
  for (const auto &[key, value] : f.headers)
    if (key == id)
      return value;
  return {};
}

// What find_duplicates documents, pair by pair: the same moves; or, for games sharing a window of
// the opening, a prefix or at most max(1, min(5, moves/50)) edits apart, unless the dates or the
// winners differ.
bool related(const Fingerprint &a, const Fingerprint &b, const DedupeOptions &options) {
  if (a.width != b.width || a.height != b.height)
    return false;
  if (a.canonical == b.canonical)
    return true;
  auto window = [&](const Fingerprint &f, size_t start) {
    return std::vector<uint16_t>(f.canonical.begin() + long(start),
                                 f.canonical.begin() + long(start + options.window));
  };
  bool shared = false;
  for (size_t start : {size_t{0}, options.window})
    shared = shared ||
             (a.canonical.size() >= start + options.window &&
              b.canonical.size() >= start + options.window && window(a, start) == window(b, start));
  if (!shared)
    return false;
  auto winner = [](const Fingerprint &f) {
    const std::string result = header_of(f, "RE");
    const char w = result.size() >= 2 && result[1] == '+' ? char(std::toupper(result[0])) : 0;
    return w == 'B' || w == 'W' ? w : 0;
  };
  const std::string a_date = header_of(a, "DT"), b_date = header_of(b, "DT");
  if ((!a_date.empty() && !b_date.empty() && a_date != b_date) ||
      (winner(a) && winner(b) && winner(a) != winner(b)))
    return false;
  const auto &shorter = a.canonical.size() <= b.canonical.size() ? a.canonical : b.canonical;
  const auto &longer = a.canonical.size() <= b.canonical.size() ? b.canonical : a.canonical;
  if (std::equal(shorter.begin(), shorter.end(), longer.begin()))
    return true;
  const size_t limit = std::clamp<size_t>(shorter.size() / 50, 1, 5);
  return longer.size() - shorter.size() <= limit && edit_distance(shorter, longer) <= limit;
}

// Copies of four real games, each cut short, mistyped, with moves missed or added, or under
// another date or winner, among games that share a long opening: the groups find_duplicates
// makes are the connected sets of the relation tested on every pair.
TEST(Dedupe, TheIndexGroupsAsEveryPairComparedWould) {
  const std::filesystem::path dir = std::filesystem::path(SGF_TESTDATA) / "collection";
  std::vector<Fingerprint> prints;
  for (const char *name : {"lg29-6.sgf", "globis08-6.sgf", "mlily04-8.sgf"})
    prints.push_back(fingerprint(read_game(dir / name), name, 0));
  prints.push_back(fingerprint(real_game(), "pro-clean", 0));
  const size_t originals = prints.size();
  std::mt19937 random(20261205);
  auto below = [&](size_t n) { return std::uniform_int_distribution<size_t>(0, n - 1)(random); };
  for (int copy = 0; copy < 160; ++copy) {
    Fingerprint f = prints[below(originals)];
    std::vector<uint16_t> &points = f.canonical;
    const size_t edits = 1 + below(7);
    switch (below(4)) {
    case 0:
      points.resize(40 + below(points.size() - 40));
      break;
    case 1:
      for (size_t k = 0; k < edits; ++k)
        points[below(points.size())] = static_cast<uint16_t>(below(361));
      break;
    case 2:
      for (size_t k = 0; k < edits; ++k)
        points.erase(points.begin() + long(below(points.size())));
      break;
    default:
      for (size_t k = 0; k < edits; ++k)
        points.insert(points.begin() + long(below(points.size())),
                      static_cast<uint16_t>(below(361)));
    }
    if (below(5) == 0)
      f.headers = {{"DT", "1840-0" + std::to_string(1 + below(3)) + "-01"}};
    else if (below(5) == 0)
      f.headers = {{"RE", below(2) ? "B+R" : "W+R"}};
    f.file = "copy" + std::to_string(copy);
    prints.push_back(std::move(f));
  }

  // Games with the same moves are one game; the other relations are those of the first of them.
  const DedupeOptions options;
  auto first_with_its_moves = [&](size_t i) {
    size_t j = 0;
    while (prints[j].canonical != prints[i].canonical || prints[j].width != prints[i].width)
      ++j;
    return j == i;
  };
  std::vector<size_t> component(prints.size());
  std::iota(component.begin(), component.end(), 0);
  for (bool changed = true; changed;) { // the smallest index reachable, to a fixed point
    changed = false;
    for (size_t a = 0; a < prints.size(); ++a)
      for (size_t b = a + 1; b < prints.size(); ++b)
        if (component[a] != component[b] && prints[a].canonical.size() >= options.min_moves &&
            prints[b].canonical.size() >= options.min_moves &&
            (prints[a].canonical == prints[b].canonical ||
             (first_with_its_moves(a) && first_with_its_moves(b))) &&
            related(prints[a], prints[b], options)) {
          component[a] = component[b] = std::min(component[a], component[b]);
          changed = true;
        }
  }
  std::map<size_t, std::vector<size_t>> expected;
  for (size_t i = 0; i < prints.size(); ++i)
    expected[component[i]].push_back(i);
  std::erase_if(expected, [](const auto &group) { return group.second.size() < 2; });

  std::map<size_t, std::vector<size_t>> found;
  for (const DuplicateGroup &group : find_duplicates(prints, options))
    for (const GroupMember &member : group.members)
      found[group.members.front().index].push_back(member.index);
  EXPECT_EQ(found, expected);
  // Copies of each original grouped (two of them share a long opening, which prefixes join),
  // and some kept apart.
  EXPECT_GE(expected.size(), 3u);
  EXPECT_LT(found.begin()->second.size() + std::next(found.begin())->second.size() +
                std::next(found.begin(), 2)->second.size(),
            prints.size());
}

bool same(const Fingerprint &a, const Fingerprint &b) {
  return a.file == b.file && a.game == b.game && a.width == b.width && a.height == b.height &&
         a.canonical == b.canonical && a.points_as_written == b.points_as_written &&
         a.colours == b.colours && a.colours_swapped == b.colours_swapped && a.headers == b.headers;
}

TEST(Dedupe, TheScanOfAPlainGameGivesTheTreesFingerprint) {
  const std::string text = read_file(std::filesystem::path(SGF_TESTDATA) / "check/pro-clean.sgf");
  RecordSummary scan;
  std::vector<Fingerprint> scanned;
  ASSERT_TRUE(summarise_sgf(text, {}, scan, [&scanned](const GameSummary &game, size_t index) {
    scanned.push_back(fingerprint(game, "x", int(index)));
    return game.plain;
  }));
  const Fingerprint tree = fingerprint(real_game(), "x", 0);
  EXPECT_EQ(tree.canonical.size(), 172u + 2u); // the moves after the two handicap stones
  ASSERT_EQ(scanned.size(), 1u);
  EXPECT_TRUE(same(scanned[0], tree));
}

// Every plain game of the big archives (every fifth record; every fiftieth under
// AddressSanitizer): the scan's fingerprint is the tree's.
TEST(DedupeCorpus, TheScanGivesTheTreesFingerprints) {
  const std::filesystem::path big = std::filesystem::path(SGF_CORPUS) / "big";
  if (!std::filesystem::exists(big / "kgs-6d.tar.bz2"))
    GTEST_SKIP() << big << " not present";
#if defined(__SANITIZE_ADDRESS__)
  constexpr size_t stride = 50;
#else
  constexpr size_t stride = 5;
#endif
  batch::InputSpec spec;
  spec.paths = {(big / "pro-cwi.tar.xz").string(), (big / "kgs-6d.tar.bz2").string(),
                (big / "ai.zip").string()};
  batch::RecordSource source(spec);
  size_t seen = 0, plain = 0;
  RecordSummary scan;
  std::vector<std::optional<Fingerprint>> scanned; // per game, of the plain ones
  const auto take = [&](const GameSummary &game, size_t index) {
    scanned.resize(index + 1);
    if (game.plain)
      scanned[index] = fingerprint(game, "x", int(index));
    return true;
  };
  while (std::optional<batch::Record> record = source.next()) {
    scanned.clear();
    if (record->error || seen++ % stride != 0 || !summarise_sgf(record->bytes, {}, scan, take))
      continue;
    const ParseResult parsed = parse_sgf(record->bytes);
    ASSERT_EQ(scanned.size(), parsed.collection.games.size()) << record->name;
    for (size_t g = 0; g < scanned.size(); ++g) {
      if (!scanned[g])
        continue;
      ++plain;
      ASSERT_TRUE(same(*scanned[g], fingerprint(parsed.collection.games[g], "x", int(g))))
          << record->name << " game " << g;
    }
  }
  EXPECT_GT(plain, seen / stride * 9 / 10);
}

} // namespace
} // namespace sgf::collection

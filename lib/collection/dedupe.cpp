// The duplicate index: exact canonical hashes for the same moves, windows of the opening for
// prefixes and near-duplicates, and a union-find over the matches.
#include "lib/collection/dedupe.h"

#include "lib/collection/transform.h"
#include "lib/sgf/spec.h"
#include "lib/sgf/values.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>

namespace sgf::collection {

namespace {

uint64_t hash_step(uint64_t h, uint64_t value) {
  h ^= value + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

uint64_t hash_points(const uint16_t *begin, const uint16_t *end, uint64_t seed) {
  uint64_t h = seed;
  for (const uint16_t *p = begin; p != end; ++p)
    h = hash_step(h, *p);
  return h;
}

} // namespace

const char *to_string(DuplicateKind kind) {
  switch (kind) {
  case DuplicateKind::identical:
    return "identical";
  case DuplicateKind::headers:
    return "headers";
  case DuplicateKind::orientation:
    return "orientation";
  case DuplicateKind::colours:
    return "colours";
  case DuplicateKind::prefix:
    return "prefix";
  case DuplicateKind::near:
    return "near";
  }
  return "near";
}

namespace {

// The fingerprint of `game`'s main line followed by the moves `more` (a plain game's after its
// root alone, from the scan).
Fingerprint fingerprint_of(const Game &game, std::span<const GameSummary::Move> more,
                           std::string file, int index) {
  Fingerprint f;
  f.file = std::move(file);
  f.game = index;
  if (game.empty())
    return f;
  const BoardSize size = board_size_of(game).value_or(BoardSize{});
  f.width = uint16_t(size.width);
  f.height = uint16_t(size.height);
  LinePoints line = read_main_line(game, size);
  for (const GameSummary::Move &m : more)
    line.codes.push_back(move_code(m.text, size));
  const std::vector<uint16_t> written = points_under(line, identity, size);
  f.points_as_written = hash_points(written.data(), written.data() + written.size(), 1);
  f.canonical = canonical_points(line, size);
  uint64_t colours = 2, swapped = 2;
  auto add_move = [&](bool black) {
    colours = hash_step(colours, black ? 1 : 2);
    swapped = hash_step(swapped, black ? 2 : 1);
  };
  for (NodeIndex i = 0; i != no_node; i = game.nodes[i].first_child) {
    const Node &node = game.nodes[i];
    if (node.has("B") || node.has("W"))
      add_move(node.has("B"));
    for (const Property &property : node.properties) {
      const spec::PropertyInfo *info = spec::find(property.id);
      if (info && info->placement == spec::Placement::game_info && !property.values.empty())
        f.headers.emplace_back(property.id, to_simple_text(property.values[0].text));
    }
  }
  for (const GameSummary::Move &m : more)
    add_move(m.colour == Color::black);
  f.colours = colours;
  f.colours_swapped = swapped;
  std::sort(f.headers.begin(), f.headers.end());
  return f;
}

} // namespace

Fingerprint fingerprint(const Game &game, std::string file, int index) {
  return fingerprint_of(game, {}, std::move(file), index);
}

Fingerprint fingerprint(const GameSummary &game, std::string file, int index) {
  return fingerprint_of(root_only(game), game.moves, std::move(file), index);
}

namespace {

class DisjointSets {
public:
  explicit DisjointSets(size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
  size_t find(size_t x) {
    while (parent_[x] != x)
      x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  void unite(size_t a, size_t b) {
    a = find(a);
    b = find(b);
    if (a != b)
      parent_[std::max(a, b)] = std::min(a, b); // the earliest game is the root
  }

private:
  std::vector<size_t> parent_;
};

const std::string *header(const Fingerprint &f, std::string_view id) {
  for (const auto &[key, value] : f.headers)
    if (key == id)
      return &value;
  return nullptr;
}

// The winner RE names ('B' or 'W'), or 0.
char winner(const Fingerprint &f) {
  const std::string *re = header(f, "RE");
  if (!re || re->size() < 2 || (*re)[1] != '+')
    return 0;
  const char c = char(std::toupper(static_cast<unsigned char>((*re)[0])));
  return c == 'B' || c == 'W' ? c : 0;
}

// Both records give a date and the dates differ, or both name a winner and not the same one:
// different games, however alike their moves (a bot's fixed opening, a game lost on time early).
bool records_conflict(const Fingerprint &a, const Fingerprint &b) {
  const std::string *x = header(a, "DT"), *y = header(b, "DT");
  if (x && y && !x->empty() && !y->empty() && *x != *y)
    return true;
  const char p = winner(a), q = winner(b);
  return p && q && p != q;
}

bool is_prefix(const std::vector<uint16_t> &shorter, const std::vector<uint16_t> &longer) {
  return shorter.size() < longer.size() &&
         std::equal(shorter.begin(), shorter.end(), longer.begin());
}

size_t allowed_differences(size_t moves) {
  return std::clamp<size_t>(moves / 50, 1, 5);
}

// Edit distance (substitutions, insertions, deletions) if it is at most `limit`, else limit+1.
// A common start and a common end cost no edit: only what lies between them is computed, and of
// that only the diagonal band of width 2·limit+1 (further off it the distance is over the limit),
// so that games sharing a long opening cost little more than the comparison of that opening.
size_t bounded_edit_distance(std::span<const uint16_t> a, std::span<const uint16_t> b,
                             size_t limit) {
  const auto common = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
  a = a.subspan(static_cast<size_t>(common.first - a.begin()));
  b = b.subspan(static_cast<size_t>(common.second - b.begin()));
  while (!a.empty() && !b.empty() && a.back() == b.back()) {
    a = a.first(a.size() - 1);
    b = b.first(b.size() - 1);
  }
  const long n = static_cast<long>(a.size()), m = static_cast<long>(b.size());
  const long band = static_cast<long>(limit);
  if (std::abs(n - m) > band)
    return limit + 1;
  const size_t beyond = limit + 1;
  // row[k] is the distance between a's first i points and b's first j = i + k - band; the cell
  // after the band stays beyond, for the step down from the row above.
  const size_t width = 2 * limit + 1;
  std::vector<size_t> cells(2 * (width + 1), beyond);
  size_t *above = cells.data(), *row = above + width + 1;
  for (long k = band; k < static_cast<long>(width) && k - band <= m; ++k)
    above[static_cast<size_t>(k)] = static_cast<size_t>(k - band);
  for (long i = 1; i <= n; ++i) {
    size_t best = beyond;
    for (size_t k = 0; k < width; ++k) {
      const long j = i + static_cast<long>(k) - band;
      size_t cell = beyond;
      if (j == 0) {
        cell = std::min(static_cast<size_t>(i), beyond);
      } else if (j > 0 && j <= m) {
        cell = above[k] + (a[static_cast<size_t>(i - 1)] == b[static_cast<size_t>(j - 1)] ? 0 : 1);
        cell = std::min({cell, above[k + 1] + 1, k > 0 ? row[k - 1] + 1 : beyond, beyond});
      }
      row[k] = cell;
      best = std::min(best, cell);
    }
    if (best > limit)
      return beyond;
    std::swap(above, row);
  }
  return above[static_cast<size_t>(m - n + band)];
}

// The moves first: most pairs compared differ there, and the headers cost more to compare.
std::optional<DuplicateKind> loose_relation(const Fingerprint &a, const Fingerprint &b) {
  if (a.width != b.width || a.height != b.height)
    return std::nullopt;
  const auto &shorter = a.canonical.size() <= b.canonical.size() ? a.canonical : b.canonical;
  const auto &longer = a.canonical.size() <= b.canonical.size() ? b.canonical : a.canonical;
  std::optional<DuplicateKind> kind;
  if (is_prefix(shorter, longer))
    kind = DuplicateKind::prefix;
  else if (const size_t limit = allowed_differences(shorter.size());
           bounded_edit_distance(shorter, longer, limit) <= limit)
    kind = DuplicateKind::near;
  if (kind && records_conflict(a, b))
    return std::nullopt;
  return kind;
}

DuplicateKind relation_to_first(const Fingerprint &first, const Fingerprint &other) {
  if (first.canonical == other.canonical) {
    const bool same_colours = first.colours == other.colours;
    if (first.points_as_written == other.points_as_written && same_colours)
      return first.headers == other.headers ? DuplicateKind::identical : DuplicateKind::headers;
    return same_colours ? DuplicateKind::orientation : DuplicateKind::colours;
  }
  const auto &shorter =
      first.canonical.size() <= other.canonical.size() ? first.canonical : other.canonical;
  const auto &longer =
      first.canonical.size() <= other.canonical.size() ? other.canonical : first.canonical;
  return is_prefix(shorter, longer) ? DuplicateKind::prefix : DuplicateKind::near;
}

std::vector<std::string> differing_headers(const Fingerprint &a, const Fingerprint &b) {
  std::vector<std::string> ids;
  size_t i = 0, j = 0;
  while (i < a.headers.size() || j < b.headers.size()) {
    if (j == b.headers.size() || (i < a.headers.size() && a.headers[i].first < b.headers[j].first))
      ids.push_back(a.headers[i++].first);
    else if (i == a.headers.size() || b.headers[j].first < a.headers[i].first)
      ids.push_back(b.headers[j++].first);
    else {
      if (a.headers[i].second != b.headers[j].second)
        ids.push_back(a.headers[i].first);
      ++i;
      ++j;
    }
  }
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

} // namespace

GroupMember relate(const Fingerprint &reference, const Fingerprint &other, size_t other_index) {
  return GroupMember{other_index, relation_to_first(reference, other),
                     differing_headers(reference, other)};
}

namespace {

uint64_t board_seed(const Fingerprint &f) {
  return uint64_t(f.width) << 16 | f.height;
}

// How many times each point occurs, odd or even, folded into 256 bits. An edit changes at most
// two of them (a substitution takes one point away and adds another; an insertion or a deletion
// changes one), so sequences whose parities differ in more than 2·limit bits are more than
// `limit` edits apart.
using Parities = std::array<uint64_t, 4>;

Parities parities(const std::vector<uint16_t> &points) {
  Parities bits{};
  for (uint16_t p : points)
    bits[p / 64 % 4] ^= uint64_t{1} << (p % 64);
  return bits;
}

size_t differing_bits(const Parities &a, const Parities &b) {
  size_t n = 0;
  for (size_t i = 0; i < a.size(); ++i)
    n += static_cast<size_t>(std::popcount(a[i] ^ b[i]));
  return n;
}

// Calls `visit` on every pair of the bucket that loose_relation could relate, and on few others,
// without the cost of every pair: a prefix comes right before its extensions in lexicographic
// order, and a near-duplicate is within allowed_differences of the shorter's length (an edit
// distance is at least the difference in length) and of its parities. `parity` holds each
// game's parities. Reorders the bucket.
template <typename Visit>
void for_each_candidate_pair(const std::vector<Fingerprint> &games,
                             const std::vector<Parities> &parity, std::vector<size_t> &bucket,
                             Visit visit) {
  auto points = [&](size_t i) -> const std::vector<uint16_t> & { return games[i].canonical; };
  std::sort(bucket.begin(), bucket.end(),
            [&](size_t x, size_t y) { return points(x) < points(y); });
  // Starts with: equal ones too, so that a run of extensions never stops early.
  auto extends = [&](size_t x, size_t y) {
    const auto &shorter = points(x), &longer = points(y);
    return shorter.size() <= longer.size() &&
           std::equal(shorter.begin(), shorter.end(), longer.begin());
  };
  for (size_t x = 0; x < bucket.size(); ++x)
    for (size_t y = x + 1; y < bucket.size() && extends(bucket[x], bucket[y]); ++y)
      visit(bucket[x], bucket[y]);
  std::stable_sort(bucket.begin(), bucket.end(),
                   [&](size_t x, size_t y) { return points(x).size() < points(y).size(); });
  for (size_t x = 0; x < bucket.size(); ++x) {
    const size_t length = points(bucket[x]).size(), limit = allowed_differences(length);
    for (size_t y = x + 1; y < bucket.size() && points(bucket[y]).size() - length <= limit; ++y)
      if (differing_bits(parity[bucket[x]], parity[bucket[y]]) <= 2 * limit)
        visit(bucket[x], bucket[y]);
  }
}

} // namespace

std::vector<DuplicateGroup> find_duplicates(const std::vector<Fingerprint> &games,
                                            const DedupeOptions &options) {
  DisjointSets sets(games.size());
  std::vector<size_t> eligible;
  for (size_t i = 0; i < games.size(); ++i)
    if (games[i].canonical.size() >= options.min_moves)
      eligible.push_back(i);

  // The same moves in any orientation and colours: one bucket per canonical hash.
  std::unordered_map<uint64_t, std::vector<size_t>> exact;
  for (size_t i : eligible) {
    const auto &points = games[i].canonical;
    exact[hash_points(points.data(), points.data() + points.size(), board_seed(games[i]))]
        .push_back(i);
  }
  for (const auto &[hash, bucket] : exact)
    for (size_t k = 1; k < bucket.size(); ++k)
      if (games[bucket[k]].canonical == games[bucket[0]].canonical &&
          games[bucket[k]].width == games[bucket[0]].width)
        sets.unite(bucket[0], bucket[k]);
  exact.clear();
  // One game stands for each set of the same moves: the first. Taken now, before the windows
  // join sets: a game joined to another by the first window may still be related through the
  // second to a game the other is not.
  std::vector<size_t> representatives;
  for (size_t i : eligible)
    if (sets.find(i) == i)
      representatives.push_back(i);

  // Prefixes and near-duplicates: only games sharing a window of the opening are compared.
  std::vector<Parities> parity(games.size());
  for (size_t i : representatives)
    parity[i] = parities(games[i].canonical);
  for (size_t start : {size_t{0}, options.window}) {
    std::unordered_map<uint64_t, std::vector<size_t>> windows;
    for (size_t i : representatives) {
      const auto &points = games[i].canonical;
      if (points.size() < start + options.window)
        continue;
      windows[hash_points(points.data() + start, points.data() + start + options.window,
                          board_seed(games[i]) + start)]
          .push_back(i);
    }
    for (auto &[hash, bucket] : windows)
      for_each_candidate_pair(games, parity, bucket, [&](size_t x, size_t y) {
        if (sets.find(x) != sets.find(y) && loose_relation(games[x], games[y]))
          sets.unite(x, y);
      });
  }

  std::unordered_map<size_t, size_t> group_of_root;
  std::vector<DuplicateGroup> groups;
  for (size_t i : eligible) {
    const size_t root = sets.find(i);
    auto [it, added] = group_of_root.try_emplace(root, groups.size());
    if (added)
      groups.push_back(DuplicateGroup{DuplicateKind::identical, {}});
    DuplicateGroup &group = groups[it->second];
    if (group.members.empty()) {
      group.members.push_back(GroupMember{i, DuplicateKind::identical, {}});
      continue;
    }
    group.members.push_back(relate(games[group.members.front().index], games[i], i));
    group.kind = std::max(group.kind, group.members.back().kind);
  }
  std::erase_if(groups, [](const DuplicateGroup &g) { return g.members.size() < 2; });
  return groups;
}

size_t member_to_keep(const DuplicateGroup &group, const std::vector<Fingerprint> &games,
                      KeepRule rule) {
  size_t best = 0;
  for (size_t k = 1; k < group.members.size(); ++k) {
    const Fingerprint &candidate = games[group.members[k].index];
    const Fingerprint &kept = games[group.members[best].index];
    if (rule == KeepRule::longest && candidate.canonical.size() > kept.canonical.size())
      best = k;
    if (rule == KeepRule::most_info && candidate.headers.size() > kept.headers.size())
      best = k;
  }
  return best;
}

} // namespace sgf::collection

// --shard K/N: parsing, the published FNV-1a vectors, the reduction to a share, and
// RecordSource's split of folders, archives and named files into disjoint, complete shares
// whose keys do not depend on where the collection sits.
#include "lib/batch/inputs.h"
#include "lib/batch/shard.h"

#include "tests/batch/helpers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

namespace sgf::batch {
namespace {

using namespace testing;

TEST(ParseShard, TakesKOfNWithKFromOneToN) {
  auto first = parse_shard("1/1");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->index, 1u);
  EXPECT_EQ(first->count, 1u);
  auto third = parse_shard("3/16");
  ASSERT_TRUE(third);
  EXPECT_EQ(third->index, 3u);
  EXPECT_EQ(third->count, 16u);
  EXPECT_TRUE(parse_shard("16/16"));
}

TEST(ParseShard, RefusesAnythingElse) {
  for (const char *bad : {"", "0/3", "4/3", "1/0", "0/0", "x", "1", "1/", "/2", "-1/2", "+1/2",
                          " 1/2", "1/2 ", "1/2/3", "1.0/2", "1/99999999999999999999999"})
    EXPECT_FALSE(parse_shard(bad)) << '"' << bad << '"';
}

TEST(ShardHash, IsFnv1a64) {
  // The test vectors published with FNV (www.isthe.com/chongo/tech/comp/fnv).
  EXPECT_EQ(shard_hash(""), 0xcbf29ce484222325u);
  EXPECT_EQ(shard_hash("a"), 0xaf63dc4c8601ec8cu);
  EXPECT_EQ(shard_hash("foobar"), 0x85944171f73967e8u);
}

TEST(ShardOf, IsTheHighHalfOfHashTimesCount) {
  // 0xaf63... is 0.685 of 2^64: share 2 of 2, 3 of 4 (0.5 to 0.75), 7 of 10 (0.6 to 0.7).
  EXPECT_EQ(shard_of("a", 2), 2u);
  EXPECT_EQ(shard_of("a", 4), 3u);
  EXPECT_EQ(shard_of("a", 10), 7u);
  // 0xcbf2... is 0.797 of 2^64: share 4 of 4, 8 of 10.
  EXPECT_EQ(shard_of("", 4), 4u);
  EXPECT_EQ(shard_of("", 10), 8u);
  EXPECT_EQ(shard_of("a", 1), 1u);
}

TEST(ShardOf, SpreadsNamesOfOneFolderEvenly) {
  // Names that differ in a digit or two, as a server's archive names its games.
  const uint64_t count = 7;
  std::map<uint64_t, int> sizes;
  for (int i = 0; i < 14'000; ++i)
    ++sizes[shard_of("2019/05/game-" + std::to_string(i) + ".sgf", count)];
  ASSERT_EQ(sizes.size(), count);
  for (auto [share, size] : sizes) {
    EXPECT_GE(share, 1u);
    EXPECT_LE(share, count);
    EXPECT_NEAR(size, 2'000, 200) << "share " << share;
  }
}

std::vector<std::string> names_in(InputSpec spec, Shard shard = {}) {
  spec.shard = shard;
  RecordSource source(std::move(spec));
  std::vector<std::string> names;
  while (auto record = source.next())
    names.push_back(record->name);
  return names;
}

// The names of a sharded run, with `prefix` taken off each.
std::vector<std::string> below(const std::vector<std::string> &names, const std::string &prefix) {
  std::vector<std::string> out;
  for (const auto &name : names) {
    EXPECT_EQ(name.rfind(prefix, 0), 0u) << name;
    out.push_back(name.substr(prefix.size()));
  }
  return out;
}

// Every record in exactly one share, each share in the order of the whole run.
void expect_partition(const InputSpec &spec, uint64_t count) {
  auto all = names_in(spec);
  std::vector<std::string> joined;
  for (uint64_t k = 1; k <= count; ++k) {
    auto share = names_in(spec, {k, count});
    EXPECT_TRUE(std::includes(all.begin(), all.end(), share.begin(), share.end(),
                              [&](const std::string &a, const std::string &b) {
                                return std::find(all.begin(), all.end(), a) <
                                       std::find(all.begin(), all.end(), b);
                              }))
        << "share " << k << " is not in the order of the whole run";
    joined.insert(joined.end(), share.begin(), share.end());
  }
  std::sort(all.begin(), all.end());
  std::sort(joined.begin(), joined.end());
  EXPECT_EQ(joined, all);
}

Entries games(int count) {
  Entries entries;
  for (int i = 0; i < count; ++i)
    entries.emplace_back("sub" + std::to_string(i % 3) + "/g" + std::to_string(i) + ".sgf",
                         "(;GM[1]FF[4]C[" + std::to_string(i) + "])");
  return entries;
}

void write_folder(const fs::path &root, const Entries &entries) {
  for (const auto &[name, bytes] : entries)
    write_text(root / name, bytes);
}

TEST(ShardedInputs, AFolderWalkIsSplitIntoDisjointCompleteShares) {
  TempDir dir;
  write_folder(dir / "games", games(60));
  InputSpec spec;
  spec.paths = {(dir / "games").string()};
  ASSERT_EQ(names_in(spec).size(), 60u);
  for (uint64_t count : {2u, 3u, 5u})
    expect_partition(spec, count);
  // Share 1/1 is the whole run.
  EXPECT_EQ(names_in(spec, {1, 1}), names_in(spec));
}

TEST(ShardedInputs, FolderRecordsAreKeyedBelowTheFolderNamed) {
  // The same collection at two mount points splits the same way.
  TempDir dir;
  write_folder(dir / "here" / "games", games(40));
  write_folder(dir / "elsewhere" / "deeper" / "copy", games(40));
  InputSpec here, there;
  here.paths = {(dir / "here" / "games").string()};
  there.paths = {(dir / "elsewhere" / "deeper" / "copy").string()};
  for (uint64_t k = 1; k <= 3; ++k) {
    auto a = below(names_in(here, {k, 3}), here.paths[0]);
    auto b = below(names_in(there, {k, 3}), there.paths[0]);
    EXPECT_EQ(a, b) << "share " << k;
    EXPECT_FALSE(a.empty()) << "share " << k;
    for (const auto &name : a) // "/sub1/g4.sgf": keyed "sub1/g4.sgf"
      EXPECT_EQ(shard_of(name.substr(1), 3), k) << name;
  }
}

TEST(ShardedInputs, ArchiveMembersAreKeyedByTheirPathInside) {
  TempDir dir;
  write_archive(dir / "a.zip", Kind::zip, games(30));
  write_archive(dir / "renamed.tar.gz", Kind::tar_gz, games(30));
  InputSpec zip, tar;
  zip.paths = {(dir / "a.zip").string()};
  tar.paths = {(dir / "renamed.tar.gz").string()};
  expect_partition(zip, 3);
  for (uint64_t k = 1; k <= 3; ++k) {
    auto members = below(names_in(zip, {k, 3}), zip.paths[0] + "!/");
    EXPECT_EQ(members, below(names_in(tar, {k, 3}), tar.paths[0] + "!/")) << "share " << k;
    for (const auto &member : members)
      EXPECT_EQ(shard_of(member, 3), k) << member;
  }
}

TEST(ShardedInputs, NamedFilesAreKeyedByThePathAsGiven) {
  TempDir dir;
  InputSpec spec;
  for (int i = 0; i < 20; ++i) {
    auto path = dir / ("n" + std::to_string(i) + ".sgf");
    write_text(path, "(;GM[1])");
    spec.paths.push_back(path.string());
  }
  spec.paths.push_back((dir / "missing.sgf").string()); // its error goes with its key
  expect_partition(spec, 4);
  for (uint64_t k = 1; k <= 4; ++k)
    for (const auto &name : names_in(spec, {k, 4}))
      EXPECT_EQ(shard_of(name, 4), k) << name;
}

TEST(ShardedInputs, ADamagedArchiveIsReportedByEveryShare) {
  TempDir dir;
  auto cut = cut_corpus_archive(dir);
  if (!cut)
    GTEST_SKIP() << "the corpus's big/pro-cwi.tar.xz is absent";
  InputSpec spec;
  spec.paths = {*cut};
  size_t whole = names_in(spec).size() - 1; // the records before the damage
  size_t read = 0;
  for (uint64_t k = 1; k <= 3; ++k) {
    spec.shard = {k, 3};
    RecordSource source(spec);
    std::vector<Record> records;
    while (auto record = source.next())
      records.push_back(std::move(*record));
    ASSERT_FALSE(records.empty());
    EXPECT_TRUE(records.back().error) << "share " << k << " did not say the archive is damaged";
    for (size_t i = 0; i + 1 < records.size(); ++i)
      EXPECT_FALSE(records[i].error) << records[i].name;
    read += records.size() - 1;
  }
  EXPECT_EQ(read, whole);
}

} // namespace
} // namespace sgf::batch

// --shard K/N: the K-th of N stable shares of a run's inputs, so that N machines can each take
// one share and their outputs together are the one-machine run's.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace sgf::batch {

// Share `index` (1 to count) of `count`; the default, 1/1, is every record.
struct Shard {
  uint64_t index = 1;
  uint64_t count = 1;
};

// "K/N" with 1 ≤ K ≤ N (decimal, no sign, no spaces); nothing for anything else.
std::optional<Shard> parse_shard(std::string_view text);

// 64-bit FNV-1a of the key's bytes (the published offset basis and prime, so that any language
// can compute the split: FNV-1a("a") is 0xaf63dc4c8601ec8c).
uint64_t shard_hash(std::string_view key);

// The share (1 to count) a record's key falls in: the high 64 bits of shard_hash(key) × count
// (the product's high half uses every bit of the hash; FNV's low bits alone repeat the parity
// of the key's bytes). It depends on the key's bytes only: never on the machine, the inode or
// the time.
uint64_t shard_of(std::string_view key, uint64_t count);

inline bool owns(const Shard &shard, std::string_view key) {
  return shard.count <= 1 || shard_of(key, shard.count) == shard.index;
}

} // namespace sgf::batch

// The split of --shard: FNV-1a over the record's key, reduced to a share by a multiply.
#include "lib/batch/shard.h"

#include <charconv>

namespace sgf::batch {

namespace {

std::optional<uint64_t> parse_count(std::string_view digits) {
  uint64_t value = 0;
  if (digits.empty() || digits.front() < '0' || digits.front() > '9')
    return std::nullopt; // from_chars would take a sign or nothing
  auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size())
    return std::nullopt;
  return value;
}

} // namespace

std::optional<Shard> parse_shard(std::string_view text) {
  size_t slash = text.find('/');
  if (slash == std::string_view::npos)
    return std::nullopt;
  auto index = parse_count(text.substr(0, slash));
  auto count = parse_count(text.substr(slash + 1));
  if (!index || !count || *index < 1 || *index > *count)
    return std::nullopt;
  return Shard{*index, *count};
}

uint64_t shard_hash(std::string_view key) {
  uint64_t hash = 0xcbf29ce484222325; // FNV-1a 64-bit offset basis
  for (unsigned char byte : key) {
    hash ^= byte;
    hash *= 0x100000001b3; // FNV 64-bit prime
  }
  return hash;
}

uint64_t shard_of(std::string_view key, uint64_t count) {
  return uint64_t((static_cast<unsigned __int128>(shard_hash(key)) * count) >> 64) + 1;
}

} // namespace sgf::batch

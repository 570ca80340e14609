// What a file was when it was read, to tell at a later write whether another program has changed
// it since: --in-place must not replace what was written meanwhile with what was read before.
#pragma once

#include <sys/stat.h>

#include <cstdint>

namespace sgf::batch {

struct FileStamp {
  dev_t device = 0;
  ino_t inode = 0;
  off_t size = 0;
  int64_t modified_ns = 0; // st_mtim
  bool operator==(const FileStamp &) const = default;
};

inline FileStamp stamp_of(const struct stat &info) {
  return {info.st_dev, info.st_ino, info.st_size,
          int64_t(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec};
}

} // namespace sgf::batch

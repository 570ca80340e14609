// bench_e2e: the read floor of bench/e2e/run, the least any command must spend on a list of
// files: each file opened, sized and read whole into one reused buffer, nothing parsed.
// Usage: bench_e2e LIST (NUL-separated paths, as find -print0 writes). Prints files and bytes.
#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: bench_e2e LIST\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::string list((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<char> buffer;
  size_t files = 0, bytes = 0, failed = 0;
  for (size_t start = 0; start < list.size();) {
    size_t end = list.find('\0', start);
    if (end == std::string::npos)
      end = list.size();
    std::string path = list.substr(start, end - start);
    start = end + 1;
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    struct stat st {};
    if (fd < 0 || ::fstat(fd, &st) != 0) {
      ++failed;
      if (fd >= 0)
        ::close(fd);
      continue;
    }
    if (buffer.size() < size_t(st.st_size) + 1)
      buffer.resize(size_t(st.st_size) + 1);
    ssize_t got = ::read(fd, buffer.data(), buffer.size());
    ::close(fd);
    if (got < 0) {
      ++failed;
      continue;
    }
    ++files;
    bytes += size_t(got);
  }
  std::printf("files=%zu bytes=%zu failed=%zu\n", files, bytes, failed);
  return failed ? 1 : 0;
}

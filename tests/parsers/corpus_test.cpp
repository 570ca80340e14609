// Every broken or oddly encoded record of the shared corpus is read or rejected with located
// errors, and whatever is read is valid UTF-8. Runs under the sanitizers in CI.
#include "lib/report/utf8.h"
#include "parsers/sgf/charset.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace sgf {
namespace {

namespace fs = std::filesystem;

using sgf::testing_support::read_file;

void check_folder(const char *name, size_t min_files) {
  fs::path root = fs::path(SGF_CORPUS) / name;
  if (!fs::exists(root))
    GTEST_SKIP() << root << " not present";
  size_t files = 0, read = 0, rejected = 0;
  for (const auto &entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file())
      continue;
    ++files;
    std::string bytes = read_file(entry.path());
    ParseResult r = parse_sgf(bytes);
    SCOPED_TRACE(entry.path().string());
    if (r.ok()) {
      ++read;
      EXPECT_FALSE(r.collection.games.empty());
    } else {
      ++rejected;
      for (const Diagnostic &d : r.diagnostics) {
        if (d.severity == Severity::error) {
          EXPECT_TRUE(d.pos.known()) << d.code << ": " << d.message;
        }
      }
    }
    EXPECT_FALSE(r.charset.empty());
    for (const Game &g : r.collection.games) {
      ASSERT_FALSE(g.nodes.empty());
      for (const Node &n : g.nodes) {
        EXPECT_TRUE(n.pos.known());
        for (const Property &p : n.properties) {
          EXPECT_FALSE(p.id.empty());
          for (const Value &v : p.values)
            ASSERT_TRUE(is_valid_utf8(v.text)) << p.id << " at " << v.pos.line;
        }
      }
    }
  }
  EXPECT_GE(files, min_files);
  std::printf("%s: %zu files, %zu read, %zu rejected\n", name, files, read, rejected);
}

TEST(Corpus, Malformed) {
  check_folder("malformed", 250);
}

TEST(Corpus, Encodings) {
  check_folder("encodings", 50);
}

TEST(Corpus, FoxTruncatedUtf8) {
  fs::path root = fs::path(SGF_CORPUS) / "encodings/real_fox_truncated_utf8";
  if (!fs::exists(root))
    GTEST_SKIP();
  size_t files = 0;
  for (const auto &entry : fs::directory_iterator(root)) {
    ParseResult r = parse_sgf(read_file(entry.path()));
    SCOPED_TRACE(entry.path().string());
    ++files;
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.charset, "UTF-8");
    ASSERT_EQ(r.diagnostics.size(), 1u);
    EXPECT_EQ(r.diagnostics[0].code, "invalid-utf8");
    EXPECT_GT(r.collection.games[0].nodes.size(), 10u);
  }
  EXPECT_EQ(files, 16u);
}

} // namespace
} // namespace sgf

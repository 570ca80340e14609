// The batch options through the real `sgf` binary: order with -j, archives, --files-from -0 on
// stdin, and the exit status when an input is missing. `sgf info` is the command used because
// its first column is the record's name.
#include "tests/batch/helpers.h"

#include <gtest/gtest.h>

#include <sys/wait.h>

namespace sgf::batch {
namespace {

using namespace testing;

struct Outcome {
  int status = -1;
  std::string out;
};

Outcome run(const std::string &command) {
  Outcome result;
  FILE *pipe = ::popen(command.c_str(), "r");
  if (!pipe)
    return result;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
    result.out.append(buffer, n);
  int status = ::pclose(pipe);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::vector<std::string> first_column(const std::string &tsv) {
  std::vector<std::string> names;
  std::istringstream in(tsv);
  std::string line;
  std::getline(in, line); // header
  while (std::getline(in, line))
    names.push_back(line.substr(0, line.find('\t')));
  return names;
}

std::string quoted(const fs::path &path) {
  return "'" + path.string() + "'";
}

TEST(Cli, OrderArchivesAndMissingInputs) {
  if (!fs::exists(SGF_EXE))
    GTEST_SKIP() << SGF_EXE << " is not built";
  TempDir dir;
  fs::path folder = testdata() / "folder";
  auto zip = dir / "games.zip";
  write_archive(zip, Kind::zip,
                {{"z/d.sgf", read_file(folder / "sub/deeper/d.sgf")},
                 {"a.sgf", read_file(folder / "a.sgf")}});
  std::string expected_folder[] = {(folder / "B.SGF").string(), (folder / "a.sgf").string(),
                                   (folder / "sub/c.sgf").string(),
                                   (folder / "sub/deeper/d.sgf").string()};
  for (const char *jobs : {"1", "2"}) {
    Outcome r =
        run(std::string(SGF_EXE) + " info --no-progress -j " + jobs + " " + quoted(zip) + " " +
            quoted(folder) + " " + quoted(dir / "missing.sgf") + " 2>" + quoted(dir / "err"));
    EXPECT_EQ(r.status, 2) << "a missing input means the command could not do all its job";
    std::vector<std::string> expected = {zip.string() + "!/z/d.sgf", zip.string() + "!/a.sgf"};
    expected.insert(expected.end(), std::begin(expected_folder), std::end(expected_folder));
    EXPECT_EQ(first_column(r.out), expected) << "-j " << jobs;
    std::string err = read_file(dir / "err");
    EXPECT_NE(err.find("missing.sgf"), std::string::npos) << err;
    EXPECT_NE(err.find("unreadable"), std::string::npos) << err;
  }
}

TEST(Cli, FilesFromStdinNulSeparated) {
  if (!fs::exists(SGF_EXE))
    GTEST_SKIP() << SGF_EXE << " is not built";
  fs::path folder = testdata() / "folder";
  Outcome r = run("find " + quoted(folder) + " -iname '*.sgf' -print0 | LC_ALL=C sort -z | " +
                  SGF_EXE + " info -j 2 -0 --files-from -");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(first_column(r.out),
            (std::vector<std::string>{(folder / "B.SGF").string(), (folder / "a.sgf").string(),
                                      (folder / "sub/c.sgf").string(),
                                      (folder / "sub/deeper/d.sgf").string()}));
}

TEST(Cli, OutputFileIsWrittenWhole) {
  if (!fs::exists(SGF_EXE))
    GTEST_SKIP() << SGF_EXE << " is not built";
  TempDir dir;
  fs::path folder = testdata() / "folder";
  Outcome r =
      run(std::string(SGF_EXE) + " info -o " + quoted(dir / "out.tsv") + " " + quoted(folder));
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(r.out.empty());
  EXPECT_EQ(first_column(read_file(dir / "out.tsv")).size(), 4u);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1)
      << "a temporary file was left behind";
}

} // namespace
} // namespace sgf::batch

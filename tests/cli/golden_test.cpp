// The golden end-to-end cases: every folder tests/cli/<case>/ holds `args` (the command line after
// `sgf`, run by the shell in that folder), its inputs, `expected` (stdout), optionally
// `expected-stderr`, and `status` (the exit status). SGF_UPDATE_GOLDEN=1 rewrites the expected
// files from what the built `sgf` prints, for review with `git diff` when behaviour changes on
// purpose.
#include "tests/cli/cli_support.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using sgf::testing_support::CliTest;
using sgf::testing_support::Outcome;
using sgf::testing_support::read_file;

namespace {

namespace fs = std::filesystem;

const fs::path cases_dir = SGF_GOLDEN_CASES;

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  for (const fs::directory_entry &entry : fs::directory_iterator(cases_dir))
    if (entry.is_directory() && fs::exists(entry.path() / "args"))
      names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
    text.pop_back();
  return text;
}

void write_file(const fs::path &path, const std::string &bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

class Golden : public CliTest, public testing::WithParamInterface<std::string> {};

TEST_P(Golden, OutputAndStatusMatch) {
  const fs::path dir = cases_dir / GetParam();
  const std::string args = trimmed(read_file(dir / "args"));
  ASSERT_FALSE(args.empty()) << dir << "/args is empty";
  // NO_COLOR and a non-terminal stderr: the output a pipeline sees. Stdin is empty unless the
  // args redirect it (a later redirection wins).
  Outcome run =
      shell("cd '" + dir.string() + "' && NO_COLOR=1 '" + SGF_EXE + "' </dev/null " + args);
  if (const char *update = std::getenv("SGF_UPDATE_GOLDEN"); update && *update == '1') {
    write_file(dir / "expected", run.out);
    write_file(dir / "status", std::to_string(run.status) + "\n");
    if (fs::exists(dir / "expected-stderr") || !run.err.empty())
      write_file(dir / "expected-stderr", run.err);
    GTEST_SKIP() << "rewrote the expected files of " << GetParam();
  }
  EXPECT_EQ(run.status, std::stoi(read_file(dir / "status"))) << "stderr:\n" << run.err;
  EXPECT_EQ(run.out, read_file(dir / "expected")) << "sgf " << args;
  if (fs::exists(dir / "expected-stderr")) {
    EXPECT_EQ(run.err, read_file(dir / "expected-stderr")) << "sgf " << args;
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, Golden, testing::ValuesIn(case_names()),
                         [](const testing::TestParamInfo<std::string> &info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

} // namespace

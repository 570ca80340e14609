// What every end-to-end test of the `sgf` executable needs: a scratch folder per test and a way
// to run a shell command line and collect its output and exit status.
#pragma once

#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace sgf::testing_support {

using sgf::testing_support::read_file;

// The lines of a program's output, without their line breaks.
inline std::vector<std::string> lines_of(const std::string &text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

struct Outcome {
  std::string out, err;
  int status = -1;
};

class CliTest : public testing::Test {
protected:
  void SetUp() override {
    std::string pattern = (std::filesystem::temp_directory_path() / "sgf-cli-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  // Runs `command` through the shell with stdout and stderr captured.
  Outcome shell(const std::string &command) {
    std::filesystem::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
    std::string line = command + " >'" + out.string() + "' 2>'" + err.string() + "'";
    int raw = std::system(line.c_str());
    Outcome run;
    run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    run.out = read_file(out);
    run.err = read_file(err);
    return run;
  }
  std::filesystem::path dir_;
};

} // namespace sgf::testing_support

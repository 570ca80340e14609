// --shard K/N end to end: on a real folder of nested records the shares' JSON Lines, put in
// folder-walk order by file, are the one-machine run's output byte for byte; every batch
// command takes the option and refuses a bad K/N as a usage error.
#include "tests/cli/cli_support.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace sgf::testing_support {
namespace {

// Folder-walk order: names compared byte by byte, folder by folder ('/' below every byte).
std::string walk_key(std::string file) {
  std::replace(file.begin(), file.end(), '/', '\x01');
  return file;
}

// The lines of several outputs, stably sorted by their "file" in folder-walk order: a record's
// lines all come from one share, so they keep their order.
std::string sorted_by_file(const std::vector<std::string> &outputs) {
  std::vector<std::pair<std::string, std::string>> keyed;
  for (const auto &output : outputs)
    for (const auto &line : lines_of(output))
      keyed.emplace_back(walk_key(nlohmann::json::parse(line).at("file").get<std::string>()), line);
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto &a, const auto &b) { return a.first < b.first; });
  std::string text;
  for (const auto &[key, line] : keyed)
    text += line + '\n';
  return text;
}

class Shard : public CliTest {};

TEST_F(Shard, SharesOfARealFolderGiveTheOneMachineOutput) {
  std::filesystem::path folder = std::filesystem::path(SGF_CORPUS) / "rules";
  if (!std::filesystem::exists(folder))
    GTEST_SKIP() << folder << " is absent";
  std::string run =
      std::string(SGF_EXE) + " check --format json --no-progress '" + folder.string() + "'";
  Outcome whole = shell(run);
  ASSERT_EQ(whole.status, 1) << whole.err; // the folder holds illegal moves
  ASSERT_GT(lines_of(whole.out).size(), 1'000u);
  // A folder walk is already in this order: sorting changes nothing.
  EXPECT_EQ(sorted_by_file({whole.out}), whole.out);
  for (int count : {2, 3}) {
    std::vector<std::string> shares;
    int worst = 0;
    for (int k = 1; k <= count; ++k) {
      Outcome share = shell(run + " --shard " + std::to_string(k) + "/" + std::to_string(count));
      ASSERT_LE(share.status, 1) << share.err;
      worst = std::max(worst, share.status);
      ASSERT_FALSE(share.out.empty()) << "share " << k << "/" << count;
      ASSERT_LT(share.out.size(), whole.out.size());
      shares.push_back(share.out);
    }
    EXPECT_EQ(worst, whole.status);
    EXPECT_TRUE(sorted_by_file(shares) == whole.out) << count << " shares";
  }
  Outcome one = shell(run + " --shard 1/1");
  EXPECT_TRUE(one.out == whole.out);
}

TEST_F(Shard, EveryBatchCommandRefusesABadShare) {
  std::string demo = std::string(SGF_TESTDATA) + "/demo";
  for (const char *command : {"check", "score", "info", "fmt", "annotate", "convert", "transform",
                              "strip", "merge", "dedupe", "standings"}) {
    for (const char *bad : {"0/3", "4/3", "1/0", "2", "a/b"}) {
      Outcome run =
          shell(std::string(SGF_EXE) + " " + command + " --shard " + bad + " '" + demo + "'");
      EXPECT_EQ(run.status, 2) << command << " --shard " << bad << ": " << run.err;
      EXPECT_NE(run.err.find("--shard"), std::string::npos) << run.err;
    }
    Outcome help = shell(std::string(SGF_EXE) + " " + command + " --help");
    EXPECT_NE(help.out.find("--shard"), std::string::npos) << command;
  }
}

TEST_F(Shard, AShareWithNoRecordSaysWhichShare) {
  // Two named files cannot fill eight shares: some share is empty, and says so.
  std::string demo = std::string(SGF_TESTDATA) + "/demo";
  int empty = 0;
  for (int k = 1; k <= 8; ++k) {
    Outcome run = shell(std::string(SGF_EXE) + " info --shard " + std::to_string(k) + "/8 '" +
                        demo + "/broken.sgf' '" + demo + "/illegal_ko_1.sgf'");
    if (run.out.find("broken.sgf") == std::string::npos &&
        run.out.find("illegal_ko_1.sgf") == std::string::npos) {
      ++empty;
      EXPECT_NE(run.err.find("share " + std::to_string(k) + "/8 of the inputs holds no record"),
                std::string::npos)
          << run.err;
    }
  }
  EXPECT_GE(empty, 6);
}

} // namespace
} // namespace sgf::testing_support

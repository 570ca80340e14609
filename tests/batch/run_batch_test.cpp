// The shared command-line layer: option parsing, run_batch's ordering, statuses and output
// file. the shared tool code (tools/*.cpp) is part of the `sgf` executable, so its sources are
// compiled in here.
#include "tools/batch_options.cpp"
#include "tools/terminal.cpp"

#include "tests/batch/helpers.h"

#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <thread>

namespace sgf::tools {
namespace {

using namespace sgf::batch::testing;

BatchOptions parse(std::vector<std::string> args) {
  CLI::App app;
  BatchOptions options;
  add_batch_options(app, options);
  std::reverse(args.begin(), args.end()); // CLI11 takes them last first
  app.parse(args);
  return options;
}

TEST(BatchOptions, Defaults) {
  auto options = parse({});
  EXPECT_TRUE(options.inputs.paths.empty());
  // SGF and the other record formats every command reads (parsers/record).
  EXPECT_EQ(options.inputs.globs,
            (std::vector<std::string>{"*.sgf", "*.gib", "*.ngf", "*.ugf", "*.ugi"}));
  EXPECT_EQ(options.inputs.format, "");
  EXPECT_EQ(options.jobs, 0);
  EXPECT_EQ(options.format, "text");
  EXPECT_FALSE(options.quiet);
  EXPECT_FALSE(options.no_progress);
  EXPECT_FALSE(options.inputs.null_separated);
  EXPECT_TRUE(options.output.empty());
}

TEST(BatchOptions, Everything) {
  auto options = parse({"a.sgf", "--glob", "*.txt", "games", "--glob", "*.SGF", "-j", "2", "-0",
                        "--files-from", "list", "--format", "json", "-o", "out.jsonl", "--quiet",
                        "--no-progress", "-"});
  EXPECT_EQ(options.inputs.paths, (std::vector<std::string>{"a.sgf", "games", "-"}));
  EXPECT_EQ(options.inputs.globs, (std::vector<std::string>{"*.txt", "*.SGF"}));
  EXPECT_EQ(options.jobs, 2);
  EXPECT_TRUE(options.inputs.null_separated);
  EXPECT_EQ(options.inputs.files_from, "list");
  EXPECT_EQ(options.format, "json");
  EXPECT_EQ(options.output, "out.jsonl");
  EXPECT_TRUE(options.quiet);
  EXPECT_TRUE(options.no_progress);
}

TEST(BatchOptions, BadValuesAreUsageErrors) {
  EXPECT_THROW(parse({"--format", "xml"}), CLI::ParseError);
  EXPECT_THROW(parse({"-j", "-3"}), CLI::ParseError);
  EXPECT_THROW(parse({"-j", "many"}), CLI::ParseError);
}

TEST(Format, NamesAndColour) {
  EXPECT_EQ(parse_format("json"), Format::json);
  EXPECT_EQ(parse_format("tsv"), Format::tsv);
  EXPECT_EQ(parse_format("text"), Format::text);
  EXPECT_FALSE(parse_format("JSON"));
  EXPECT_STREQ(to_string(Format::tsv), "tsv");
  EXPECT_FALSE(colour_for_output("out.txt")); // a file never gets colour
  ::setenv("NO_COLOR", "1", 1);
  EXPECT_FALSE(colour_enabled(stdout));
  EXPECT_FALSE(colour_enabled(stderr));
  ::unsetenv("NO_COLOR");
  EXPECT_EQ(colour_enabled(stdout), ::isatty(1) == 1);
}

BatchOptions numbered(const TempDir &dir, int n, int jobs) {
  for (int i = 0; i < n; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "%03d.sgf", i);
    write_text(dir / "in" / name, std::to_string(i));
  }
  BatchOptions options;
  options.inputs.paths = {(dir / "in").string()};
  options.jobs = jobs;
  options.output = (dir / "out.txt").string();
  return options;
}

std::string expected_numbers(int n) {
  std::string s = "header\n";
  for (int i = 0; i < n; ++i)
    s += std::to_string(i) + "\n";
  return s;
}

class RunBatch : public ::testing::TestWithParam<int> {};

TEST_P(RunBatch, OutputInInputOrderAndMessagesToo) {
  TempDir dir;
  auto options = numbered(dir, 120, GetParam());
  std::mt19937 random(1);
  std::vector<int> pauses;
  for (int i = 0; i < 120; ++i)
    pauses.push_back(int(random() % 500));
  ::testing::internal::CaptureStderr();
  int status = run_batch(
      options,
      [&](const batch::Record &r) {
        int i = std::stoi(r.bytes);
        std::this_thread::sleep_for(std::chrono::microseconds(pauses[size_t(i)]));
        RecordOutput out;
        out.text = r.bytes + "\n";
        if (i % 50 == 7)
          out.messages = "message " + r.bytes + "\n";
        out.status = i == 57 ? 1 : 0;
        return out;
      },
      "header\n");
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, 1);
  EXPECT_EQ(read_file(options.output), expected_numbers(120));
  EXPECT_EQ(err, "message 7\nmessage 57\nmessage 107\n");
}

INSTANTIATE_TEST_SUITE_P(Jobs, RunBatch, ::testing::Values(1, 2));

TEST(RunBatchStatus, UnreadableInputIsStatusTwoAndTheRestIsDone) {
  TempDir dir;
  auto options = numbered(dir, 3, 2);
  options.inputs.paths.insert(options.inputs.paths.begin(), (dir / "missing.sgf").string());
  int calls = 0;
  ::testing::internal::CaptureStderr();
  int status = run_batch(options, [&](const batch::Record &r) {
    ++calls;
    return RecordOutput{r.bytes + "\n", "", 0};
  });
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, 2);
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(read_file(options.output), "0\n1\n2\n");
  EXPECT_NE(err.find("missing.sgf"), std::string::npos) << err;
  EXPECT_NE(err.find("error[unreadable]"), std::string::npos) << err;
}

TEST(RunBatchStatus, UnwritableOutputIsStatusTwo) {
  TempDir dir;
  auto options = numbered(dir, 2, 1);
  options.output = (dir / "no/such/folder/out.txt").string();
  ::testing::internal::CaptureStderr();
  int status = run_batch(options, [](const batch::Record &) { return RecordOutput{"x", "", 0}; });
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, 2);
  EXPECT_NE(err.find("error[unwritable]"), std::string::npos) << err;
  EXPECT_NE(err.find("no/such/folder/out.txt"), std::string::npos) << err;
}

TEST(RunBatchStatus, ToStdout) {
  TempDir dir;
  auto options = numbered(dir, 5, 2);
  options.output.clear();
  ::testing::internal::CaptureStdout();
  int status = run_batch(
      options,
      [](const batch::Record &r) {
        return RecordOutput{r.bytes + "\n", "", 0};
      },
      "header\n");
  std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_EQ(status, 0);
  EXPECT_EQ(out, expected_numbers(5));
}

} // namespace
} // namespace sgf::tools

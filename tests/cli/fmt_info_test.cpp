// End-to-end cases of `sgf fmt` and `sgf info`: the built executable (SGF_EXE) on records in
// testdata/sgf, checking output, messages and exit statuses.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "tests/cli/cli_support.h"

using sgf::testing_support::CliTest;
using sgf::testing_support::Outcome;
using sgf::testing_support::read_file;

namespace {

namespace fs = std::filesystem;

void spit(const fs::path &path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

fs::path testdata(const char *name) {
  return fs::path(SGF_TESTDATA) / "sgf" / name;
}

// A scratch folder per test, removed afterwards.
class Cli : public CliTest {
protected:
  // Runs `sgf <args>` through the shell, with `stdin_file` as standard input when given.
  Outcome sgf(const std::string &args, const std::string &stdin_file = "/dev/null") {
    return shell(std::string("NO_COLOR=1 '") + SGF_EXE + "' " + args + " <'" + stdin_file + "'");
  }

  std::string q(const fs::path &p) { return "'" + p.string() + "'"; }
};

TEST_F(Cli, FmtWritesTheCanonicalForm) {
  Outcome run = sgf("fmt " + q(testdata("edge-cases.sgf")));
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out, read_file(testdata("edge-cases.canonical.sgf")));
  EXPECT_EQ(run.err, "");
}

TEST_F(Cli, FmtIsIdempotent) {
  Outcome run = sgf("fmt " + q(testdata("edge-cases.canonical.sgf")));
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out, read_file(testdata("edge-cases.canonical.sgf")));
  for (const char *name : {"ff4_ex.sgf", "bad-ladder.1.sgf", "korean-euc-kr.sgf"}) {
    fs::path once = dir_ / name;
    Outcome first = sgf("fmt -o " + q(once) + " " + q(testdata(name)));
    ASSERT_EQ(first.status, 0) << first.err;
    Outcome second = sgf("fmt " + q(once));
    EXPECT_EQ(second.out, read_file(once)) << name;
    Outcome check = sgf("fmt --check " + q(once));
    EXPECT_EQ(check.status, 0) << name;
    EXPECT_EQ(check.out, "");
  }
}

TEST_F(Cli, FmtConvertsToUtf8) {
  Outcome run = sgf("fmt " + q(testdata("korean-euc-kr.sgf")));
  EXPECT_EQ(run.status, 0);
  EXPECT_NE(run.out.find("CA[UTF-8]"), std::string::npos);
  EXPECT_NE(run.out.find("PB[\xec\x9d\xb4\xec\x84\xb8\xeb\x8f\x8c]"), std::string::npos); // 이세돌
}

TEST_F(Cli, FmtCheckListsFilesThatWouldChange) {
  fs::path canonical = dir_ / "canonical.sgf";
  fs::copy_file(testdata("edge-cases.canonical.sgf"), canonical);
  Outcome run = sgf("fmt --check " + q(testdata("edge-cases.sgf")) + " " + q(canonical) + " " +
                    q(testdata("ff4_ex.sgf")));
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.out,
            testdata("edge-cases.sgf").string() + "\n" + testdata("ff4_ex.sgf").string() + "\n");
  Outcome clean = sgf("fmt --check " + q(canonical));
  EXPECT_EQ(clean.status, 0);
  EXPECT_EQ(clean.out, "");
}

TEST_F(Cli, FmtInPlaceRewritesOnlyWhatParses) {
  fs::path good = dir_ / "good.sgf", broken = dir_ / "broken.sgf";
  fs::copy_file(testdata("edge-cases.sgf"), good);
  std::string garbage = "this is not a game record";
  spit(broken, garbage);
  Outcome run = sgf("fmt --in-place " + q(good) + " " + q(broken));
  EXPECT_EQ(run.status, 1); // a record that cannot be parsed is a problem in the input
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(read_file(good), read_file(testdata("edge-cases.canonical.sgf")));
  EXPECT_EQ(read_file(broken), garbage);
  EXPECT_NE(run.err.find(broken.string() + ":1:1: error["), std::string::npos) << run.err;
  // Nothing left behind but the two files.
  size_t entries = 0;
  for ([[maybe_unused]] const auto &e : fs::directory_iterator(dir_))
    ++entries;
  EXPECT_EQ(entries, 4u); // good, broken, stdout, stderr
}

TEST_F(Cli, FmtInPlaceRefusesStandardInput) {
  Outcome run = sgf("fmt -i -", testdata("edge-cases.sgf").string());
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("error[unwritable]"), std::string::npos) << run.err;
}

TEST_F(Cli, FmtReportsRepairsAsWarnings) {
  fs::path junk = dir_ / "junk.sgf";
  spit(junk, "junk before (;GM[1]SZ[9];B[ee];W[cc]");
  Outcome run = sgf("fmt " + q(junk));
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out, "(;GM[1]FF[4]CA[UTF-8]SZ[9]\n;B[ee];W[cc])\n");
  EXPECT_NE(run.err.find(junk.string() + ":1:"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find(": warning["), std::string::npos) << run.err;
  Outcome quiet = sgf("fmt --quiet " + q(junk));
  EXPECT_EQ(quiet.err, "");
}

TEST_F(Cli, FmtReadsStandardInputAndRejectsBadUsage) {
  Outcome run = sgf("fmt", testdata("edge-cases.sgf").string());
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out, read_file(testdata("edge-cases.canonical.sgf")));
  EXPECT_EQ(sgf("fmt --check -i " + q(testdata("edge-cases.sgf"))).status, 2);
  EXPECT_EQ(sgf("fmt --no-such-option").status, 2);
}

TEST_F(Cli, InfoTsv) {
  Outcome run =
      sgf("info " + q(testdata("Hashimoto-vs-Rin.sgf")) + " " + q(testdata("edge-cases.sgf")));
  EXPECT_EQ(run.status, 0) << run.err;
  std::string h = testdata("Hashimoto-vs-Rin.sgf").string(), e = testdata("edge-cases.sgf");
  EXPECT_EQ(run.out,
            "file\tgame\tPB\tBR\tPW\tWR\tDT\tEV\tRO\tPC\tRU\tKM\tHA\tSZ\tRE\tTM\tOT\tmoves\n" + h +
                "\t0\tHashimoto Shoji\t9p\tRin Kaiho\tJudan\t1975-09-04,05\t\t\t\t\t5.5\t\t21\tB+"
                "R\t10h\t\t145\n" +
                e + "\t0\t\t\t\t\t\t\t\t\t\t\t\t52\t\t\t\t6\n" + e +
                "\t1\tBlack\t\tWhite\t\t\t\t\t\t\t750\t\t19:13\t\t\t\t3\n");
  Outcome tsv = sgf("info --format tsv " + q(testdata("Hashimoto-vs-Rin.sgf")) + " " +
                    q(testdata("edge-cases.sgf")));
  EXPECT_EQ(tsv.out, run.out);
}

TEST_F(Cli, InfoTsvCellsStayOnOneLine) {
  fs::path odd = dir_ / "odd.sgf";
  spit(odd,
       "(;GM[1]PB[Lee\tSedol\nand\\\nfriend]RE[W+\\]R];B[aa];W[tt];B[]C[x](;W[bb])(;W[cc];B[dd]))");
  Outcome run = sgf("info " + q(odd));
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out.substr(run.out.find('\n') + 1),
            odd.string() + "\t0\tLee Sedol andfriend\t\t\t\t\t\t\t\t\t\t\t\tW+]R\t\t\t4\n");
}

TEST_F(Cli, InfoJsonLines) {
  Outcome run = sgf("info --format json " + q(testdata("edge-cases.sgf")) + " " +
                    q(testdata("korean-euc-kr.sgf")));
  EXPECT_EQ(run.status, 0) << run.err;
  std::istringstream lines(run.out);
  std::vector<nlohmann::json> rows;
  for (std::string line; std::getline(lines, line);)
    rows.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(rows.size(), 3u);
  std::vector<std::string> keys = {"file", "game", "PB", "BR", "PW", "WR", "DT", "EV", "RO",
                                   "PC",   "RU",   "KM", "HA", "SZ", "RE", "TM", "OT", "moves"};
  for (const auto &row : rows) {
    EXPECT_EQ(row.size(), keys.size());
    for (const std::string &k : keys)
      EXPECT_TRUE(row.contains(k)) << k;
  }
  EXPECT_EQ(rows[0]["game"], 0);
  EXPECT_EQ(rows[0]["SZ"], "52");
  EXPECT_TRUE(rows[0]["PB"].is_null());
  EXPECT_EQ(rows[0]["moves"], 6);
  EXPECT_EQ(rows[1]["game"], 1);
  EXPECT_EQ(rows[1]["KM"], "750");
  EXPECT_EQ(rows[1]["SZ"], "19:13");
  EXPECT_EQ(rows[2]["file"], testdata("korean-euc-kr.sgf").string());
  EXPECT_EQ(rows[2]["PB"], "\xec\x9d\xb4\xec\x84\xb8\xeb\x8f\x8c"); // 이세돌
  EXPECT_EQ(rows[2]["PW"], "\xeb\xb0\x95\xec\xa0\x95\xed\x99\x98"); // 박정환
  // The key order is the column order.
  EXPECT_EQ(run.out.substr(0, 9), "{\"file\":\"");
}

TEST_F(Cli, InfoKeepsInputOrderWithManyJobs) {
  std::string args = "info -j 2 --no-progress";
  std::string expected;
  for (int i = 0; i < 40; ++i) {
    fs::path f = dir_ / ("g" + std::to_string(i) + ".sgf");
    spit(f, "(;GM[1]PB[p" + std::to_string(i) + "];B[aa])");
    args += " " + q(f);
    expected += f.string() + "\t0\tp" + std::to_string(i) + "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t1\n";
  }
  Outcome run = sgf(args);
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out.substr(run.out.find('\n') + 1), expected);
}

TEST_F(Cli, InfoExitStatuses) {
  fs::path empty = dir_ / "empty.sgf";
  spit(empty, "");
  Outcome bad = sgf("info " + q(empty) + " " + q(testdata("ff4_ex.sgf")));
  EXPECT_EQ(bad.status, 1); // a record that is not SGF: a problem in the input
  EXPECT_NE(bad.err.find(empty.string() + ":"), std::string::npos);
  EXPECT_NE(bad.out.find("ff4_ex.sgf\t1\t"), std::string::npos); // the others are still listed
  Outcome missing = sgf("info " + q(dir_ / "no-such-file.sgf"));
  EXPECT_EQ(missing.status, 2); // could not read the input
  EXPECT_EQ(sgf("info --format yaml " + q(testdata("ff4_ex.sgf"))).status, 2);
}

} // namespace

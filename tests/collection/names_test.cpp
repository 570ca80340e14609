// File names from templates, the one rule `sgf split` and `sgf convert -d` share: the
// placeholders (and `sgf convert`'s old spellings), unsafe characters, and clash numbering.
#include "lib/collection/headers.h"
#include "parsers/sgf/parse.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace sgf::collection {
namespace {

namespace fs = std::filesystem;

Game game_of(std::string_view record) {
  ParseResult parsed = parse_sgf(record);
  EXPECT_EQ(parsed.collection.games.size(), 1u);
  return parsed.collection.games.at(0);
}

TEST(FileNames, Placeholders) {
  const Game game = game_of("(;GM[1]PB[이세돌]PW[Gu Li]DT[2014-01-26];B[pd])");
  const NameFields fields{7, 3, "archives/2014/jubango.tar.sgf"};
  EXPECT_EQ(file_name_from_template("{n}.sgf", fields, game), "00007.sgf");
  EXPECT_EQ(file_name_from_template("{game}-{file}.sgf", fields, game), "3-jubango.sgf");
  // `sgf convert`'s spellings before the two commands shared one rule.
  EXPECT_EQ(file_name_from_template("{N}-{FILE}.sgf", fields, game), "3-jubango.sgf");
  EXPECT_EQ(file_name_from_template("{DT}-{PB}-{PW}", fields, game), "2014-01-26-이세돌-Gu_Li");
  EXPECT_EQ(file_name_from_template("{RO}/{EV}", fields, game), "unknown/unknown");
  // Numbers past five digits are kept whole; text outside braces is the template's own.
  EXPECT_EQ(file_name_from_template("x {n}", NameFields{123456, 1, ""}, game), "x 123456");
}

TEST(FileNames, UnsafeCharactersInValues) {
  const Game game =
      game_of(R"((;GM[1]PB[Lee Sedol/9p]PW[.hidden]EV[Google DeepMind: "Challenge"]RO[-1]))");
  const NameFields fields{1, 1, ""};
  EXPECT_EQ(file_name_from_template("{PB}", fields, game), "Lee_Sedol_9p");
  EXPECT_EQ(file_name_from_template("{PW}", fields, game), "_hidden");
  EXPECT_EQ(file_name_from_template("{EV}", fields, game), "Google_DeepMind___Challenge_");
  EXPECT_EQ(file_name_from_template("{RO}", fields, game), "_1"); // never read as an option
  EXPECT_EQ(file_name_from_template("{file}", NameFields{1, 1, "../.x.gib"}, game), "unknown");
}

class FileNamerTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("sgf-names-test-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    std::ofstream(dir_ / "taken.sgf") << "(;)";
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(FileNamerTest, ClashesInTheRunAreNumbered) {
  FileNamer namer(dir_, false, FileNamer::Existing::refuse);
  std::string problem;
  EXPECT_EQ(namer.claim("a", problem), dir_ / "a.sgf"); // .sgf added
  EXPECT_EQ(namer.claim("a.sgf", problem), dir_ / "a-2.sgf");
  EXPECT_EQ(namer.claim("a.SGF", problem), dir_ / "a.SGF"); // another name on a case-sensitive disk
  EXPECT_EQ(namer.claim("a", problem), dir_ / "a-3.sgf");
  EXPECT_TRUE(problem.empty());
}

TEST_F(FileNamerTest, AnExistingFileIsRefusedOrNumberedAroundOrReplacedWithForce) {
  std::string problem;
  FileNamer refusing(dir_, false, FileNamer::Existing::refuse);
  EXPECT_FALSE(refusing.claim("taken.sgf", problem));
  EXPECT_NE(problem.find("not overwriting"), std::string::npos) << problem;
  problem.clear();
  FileNamer numbering(dir_, false, FileNamer::Existing::number_around);
  EXPECT_EQ(numbering.claim("taken.sgf", problem), dir_ / "taken-2.sgf");
  FileNamer forced(dir_, true, FileNamer::Existing::refuse);
  EXPECT_EQ(forced.claim("taken.sgf", problem), dir_ / "taken.sgf");
  EXPECT_TRUE(problem.empty());
}

} // namespace
} // namespace sgf::collection

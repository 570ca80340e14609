// The renderings every command shares: control characters shown as escapes, base64 for the
// bytes of a file name that is not UTF-8, well-formed UTF-8.
#include "lib/report/emit.h"
#include "lib/report/utf8.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace sgf {
namespace {

TEST(Shown, EscapesControlCharactersAndNothingElse) {
  EXPECT_EQ(shown("plain 李昌镐 Ω"), "plain 李昌镐 Ω");
  EXPECT_EQ(shown("a\nb\tc\rd"), "a\\nb\\tc\\rd");
  EXPECT_EQ(shown("\x1b[31mred\x07"), "\\x1b[31mred\\x07");
  EXPECT_EQ(shown(std::string_view("nul\0del\x7f", 8)), "nul\\x00del\\x7f");
  EXPECT_EQ(shown("csi \xc2\x9b and nbsp \xc2\xa0"), "csi \\u009b and nbsp \xc2\xa0");
  EXPECT_EQ(shown("latin-1 \x9b stays"), "latin-1 \x9b stays"); // not UTF-8 C1: not a control
}

TEST(TsvCell, BreaksBecomeSpacesOtherControlsEscapes) {
  EXPECT_EQ(tsv_cell("a\tb\nc\rd\x1b"), "a b c d\\x1b");
}

// RFC 4648, section 10.
TEST(Base64, TheRfcTestVectors) {
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64("\xff\xfe\x80"), "//6A");
}

TEST(Utf8, WellFormedSequencesOnly) {
  EXPECT_TRUE(is_valid_utf8(""));
  EXPECT_TRUE(is_valid_utf8("plain ascii"));
  EXPECT_TRUE(is_valid_utf8("李昌镐 Ω 𝄞"));
  EXPECT_FALSE(is_valid_utf8("\xe6\x9d"));          // cut in half
  EXPECT_FALSE(is_valid_utf8("\xc0\xaf"));          // overlong
  EXPECT_FALSE(is_valid_utf8("\xed\xa0\x80"));      // surrogate
  EXPECT_FALSE(is_valid_utf8("\xf4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(is_valid_utf8("kifu-\x8a\xfb.sgf")); // Shift_JIS
  EXPECT_EQ(utf8_sequence("a𝄞", 1), 4u);
}

TEST(FileBytes, OnlyForNamesThatAreNotUtf8) {
  nlohmann::json plain, odd;
  add_file_bytes(plain, "games/李昌镐.sgf");
  add_file_bytes(odd, "foob\xff");
  EXPECT_FALSE(plain.contains("file_bytes"));
  EXPECT_EQ(odd["file_bytes"], "Zm9vYv8=");
}

} // namespace
} // namespace sgf

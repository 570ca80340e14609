// Records in legacy charsets come out as UTF-8: real player names and comments pinned.
#include "lib/report/utf8.h"
#include "parsers/sgf/charset.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace sgf {
namespace {

using sgf::testing_support::read_file;

ParseResult parse_testdata(const std::string &name) {
  std::string bytes = read_file(std::string(SGF_TESTDATA) + "/parsers/encodings/" + name);
  EXPECT_FALSE(bytes.empty()) << name;
  return parse_sgf(bytes);
}

// The first value of `id` in node `node` of the first game.
std::string value(const ParseResult &r, size_t node, std::string_view id) {
  if (r.collection.games.empty() || r.collection.games[0].nodes.size() <= node)
    return "<no node>";
  const Property *p = r.collection.games[0].nodes[node].find(id);
  return p && !p->values.empty() ? p->values[0].text : "<no " + std::string(id) + ">";
}

bool has_code(const ParseResult &r, std::string_view code) {
  for (const Diagnostic &d : r.diagnostics)
    if (d.code == code)
      return true;
  return false;
}

TEST(Charset, ChineseGbk) {
  auto r = parse_testdata("encoding-chinese-gbk.sgf");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.charset, "GB18030");
  EXPECT_TRUE(value(r, 3, "C").starts_with("围棋是一种古老的游戏"));
}

TEST(Charset, ChineseGb2312DeclaredAsEucCn) {
  auto r = parse_testdata("encoding-simplifiedchinese-gb2312.sgf");
  EXPECT_EQ(r.charset, "GB18030");
  EXPECT_TRUE(value(r, 3, "C").ends_with("然后传到整个世界。"));
}

TEST(Charset, TraditionalChineseBig5) {
  auto r = parse_testdata("encoding-traditionalchinese-big5.sgf");
  EXPECT_EQ(r.charset, "CP950");
  EXPECT_TRUE(value(r, 3, "C").starts_with("圍棋是一種古老的遊戲"));
}

TEST(Charset, JapaneseShiftJisAndIso2022) {
  for (const char *name : {"encoding-japanese-shiftjis.sgf", "encoding-japanese-iso2022jp.sgf"}) {
    auto r = parse_testdata(name);
    EXPECT_TRUE(value(r, 3, "C").starts_with("Goは古代のゲームであり")) << name;
  }
}

TEST(Charset, KoreanEucKr) {
  auto r = parse_testdata("sabaki-korean.sgf");
  EXPECT_EQ(r.charset, "CP949");
  EXPECT_EQ(value(r, 0, "PB"), "이세돌");
  EXPECT_EQ(value(r, 0, "PW"), "박정환");
}

TEST(Charset, CyrillicWindows1251) {
  auto r = parse_testdata("encoding-cyrillic-windows.sgf");
  EXPECT_EQ(r.charset, "WINDOWS-1251");
  EXPECT_TRUE(value(r, 3, "C").starts_with("Го - древняя игра"));
}

TEST(Charset, WesternCharsets) {
  auto latin1 = parse_testdata("encoding-western-isolatin1.sgf");
  EXPECT_EQ(latin1.charset, "ISO-8859-1");
  EXPECT_TRUE(value(latin1, 3, "C").starts_with("Ää Àà Ââ Åå Ææ Çç"));
  auto cp1252 = parse_testdata("encoding-western-windowslatin1.sgf");
  EXPECT_EQ(cp1252.charset, "WINDOWS-1252");
  EXPECT_EQ(value(cp1252, 7, "C"), "Šš Žž");
  auto mac = parse_testdata("encoding-western-macosroman.sgf");
  EXPECT_EQ(mac.charset, "MACINTOSH");
  EXPECT_EQ(value(mac, 5, "C"), "Ÿ Œœ €");
}

TEST(Charset, Utf16WithAndWithoutBom) {
  auto le = parse_testdata("sabaki-utf16le.sgf");
  ASSERT_TRUE(le.ok());
  EXPECT_EQ(le.charset, "UTF-16LE");
  EXPECT_EQ(value(le, 0, "PW"), "Go Seigen");
  EXPECT_EQ(value(le, 0, "PB"), "Kitani Minoru");
  auto be = parse_testdata("encoding-utf16-nobom.sgf");
  EXPECT_EQ(be.charset, "UTF-16BE");
  EXPECT_TRUE(has_code(be, "charset-detected"));
  EXPECT_TRUE(value(be, 19, "C").starts_with("גו הוא משחק עתיק"));
}

// A record that opens its game tree in 8-bit text is no UTF-16, however many NUL bytes its
// values hold in the places UTF-16's would be: what `sgf fmt` writes of a value with NUL bytes
// reads again as the UTF-8 it is.
TEST(Charset, AnOpeningInEightBitTextIsNoUtf16) {
  std::string pairs;
  for (int i = 0; i < 300; ++i)
    pairs += std::string("\0a", 2);
  for (const std::string &record :
       {"(;FF[4]CA[UTF-8]C[" + pairs + "])", "(;FF[4]CA[UTF-8]C[a" + pairs + "])"}) {
    auto r = parse_sgf(record);
    EXPECT_EQ(r.charset, "UTF-8");
    ASSERT_EQ(r.collection.games.size(), 1u);
    EXPECT_EQ(value(r, 0, "C").size(), record.size() - 20);
  }
}

TEST(Charset, WrongCaDetected) {
  auto r = parse_testdata("analyze-sgf-cp949-ca-utf8.sgf");
  EXPECT_EQ(r.charset, "CP949");
  EXPECT_TRUE(has_code(r, "charset-wrong"));
  EXPECT_EQ(value(r, 0, "PB"), "커제");
  EXPECT_EQ(value(r, 0, "PW"), "탕웨이싱");
  EXPECT_EQ(value(r, 0, "RE"), "226수 백불계승");
}

// A finding about CA points at its value, as every finding about a value does; an unknown CA
// is no missing one.
TEST(Charset, FindingsAboutCaPointAtItsValue) {
  // The position of a finding of `code` in `r`, or {0, 0} when there is none.
  auto where = [](const ParseResult &r, std::string_view code) {
    for (const Diagnostic &d : r.diagnostics)
      if (d.code == code)
        return d.pos;
    return SourcePos{};
  };
  auto message = [](const ParseResult &r, std::string_view code) {
    for (const Diagnostic &d : r.diagnostics)
      if (d.code == code)
        return d.message;
    return std::string();
  };
  auto wrong = parse_testdata("analyze-sgf-cp949-ca-utf8.sgf");
  const Property *ca = wrong.collection.games.at(0).root().find("CA");
  ASSERT_NE(ca, nullptr);
  EXPECT_EQ(where(wrong, "charset-wrong"), ca->values.at(0).pos);
  auto unknown = parse_sgf("(;FF[4]\nCA[klingon]PB[\xe9t\xe9];B[dd])");
  EXPECT_EQ(where(unknown, "charset-unknown"), (SourcePos{2, 3}));
  EXPECT_TRUE(message(unknown, "charset-detected").starts_with("CA unknown: "))
      << message(unknown, "charset-detected");
  auto forced = parse_sgf("(;CA[UTF-8];B[dd])", {.limits = {}, .charset = "klingon"});
  ASSERT_TRUE(has_code(forced, "charset-unknown"));
  EXPECT_FALSE(where(forced, "charset-unknown").known()) << "--charset is not in the record";
}

TEST(Charset, WrongCaOnUtf8) {
  auto r = parse_testdata("sabaki-japanese-bad.sgf");
  EXPECT_EQ(r.charset, "UTF-8");
  EXPECT_TRUE(has_code(r, "charset-wrong"));
}

TEST(Charset, MissingCaDetected) {
  auto gb = parse_testdata("sabaki-no-ca.sgf");
  EXPECT_EQ(gb.charset, "GB18030");
  EXPECT_TRUE(has_code(gb, "charset-detected"));
  EXPECT_TRUE(value(gb, 0, "C").starts_with("【第三型】 黑先"));
  auto sjis = parse_testdata("sabaki-nihon-kiin.sgf");
  EXPECT_EQ(sjis.charset, "CP932");
  EXPECT_TRUE(has_code(sjis, "charset-detected"));
  EXPECT_EQ(value(sjis, 0, "PB"), "申眞ソ");
  EXPECT_EQ(value(sjis, 0, "PW"), "党毅飛");
  EXPECT_EQ(value(sjis, 0, "PC"), "韓国棋院");
}

TEST(Charset, TruncatedUtf8FromFox) {
  auto r = parse_testdata("fox-truncated-utf8.sgf");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.charset, "UTF-8");
  ASSERT_TRUE(has_code(r, "invalid-utf8"));
  EXPECT_EQ(r.diagnostics[0].pos, (SourcePos{6, 5})); // PW[舞<cut>]
  EXPECT_EQ(value(r, 0, "PB"), "金毛测试");
  EXPECT_EQ(value(r, 0, "PW"), "舞\uFFFD");
  EXPECT_EQ(value(r, 0, "BR"), "9段");
  EXPECT_GT(r.collection.games[0].nodes.size(), 100u);
}

// Fox's exporter cuts names short and puts '?' for bytes it lost (counted-more's fox_9k, ids in
// the file names). Such a record holds few well-formed characters, but three-byte ones, which
// legacy text hardly ever makes by chance: it is UTF-8 with damaged characters, not Latin-1.
TEST(Charset, FoxNamesWithLostBytesAreUtf8) {
  auto questioned = parse_testdata("fox-questioned-utf8-1550501798010001410.sgf");
  EXPECT_EQ(questioned.charset, "UTF-8");
  EXPECT_TRUE(has_code(questioned, "invalid-utf8"));
  EXPECT_FALSE(has_code(questioned, "charset-detected"));
  EXPECT_EQ(value(questioned, 0, "PB"), "盛\uFFFD的暗\uFFFD"); // E5 A4 3F, E6 3F 8B
  EXPECT_EQ(value(questioned, 0, "PW"), "\uFFFD\uFFFD\uFFFD");
  EXPECT_EQ(value(questioned, 0, "BR"), "9段");
  auto cut = parse_testdata("fox-short-name-cut-1540004730022405979.sgf");
  EXPECT_EQ(cut.charset, "UTF-8");
  EXPECT_EQ(value(cut, 0, "PB"), "大\uFFFD\uFFFD"); // E9 3F 92, then E8 cut off by ']'
  EXPECT_EQ(value(cut, 0, "WR"), "9段");
}

TEST(Charset, ForcedCharsetWins) {
  ParseOptions options;
  options.charset = "ISO-8859-1";
  auto r = parse_sgf("(;PB[Andr\xe9])", options);
  EXPECT_EQ(r.charset, "ISO-8859-1");
  EXPECT_EQ(r.collection.games[0].root().find("PB")->values[0].text, "André");
}

// A charset the format's header points to is taken when every byte decodes in it, with the note
// the detector's answer gets; when a byte does not, the detector decides as without it.
TEST(Charset, LikelyCharsetTriedBeforeTheDetector) {
  const std::string korean = "PB=\xc0\xcc\xbc\xbc\xb5\xb9\n"; // 이세돌 in EUC-KR
  DecodedText kr = decode_to_utf8(korean, {}, CharsetHints::none, "CP949");
  EXPECT_EQ(kr.charset, "CP949");
  EXPECT_EQ(kr.text, "PB=이세돌\n");
  ASSERT_EQ(kr.diagnostics.size(), 1u);
  EXPECT_EQ(kr.diagnostics[0].code, "charset-detected");

  // GB18030's four-byte form, which CP949 cannot read.
  const std::string chinese = "PB=\xca\xaf\xcf\xc2\x81\x30\x81\x30\n";
  DecodedText hinted = decode_to_utf8(chinese, {}, CharsetHints::none, "CP949");
  DecodedText plain = decode_to_utf8(chinese, {}, CharsetHints::none);
  EXPECT_EQ(hinted.charset, plain.charset);
  EXPECT_EQ(hinted.text, plain.text);
  EXPECT_EQ(hinted.diagnostics.size(), plain.diagnostics.size());

  // UTF-8 stays UTF-8 whatever the hint.
  EXPECT_EQ(decode_to_utf8("PB=이세돌\n", {}, CharsetHints::none, "CP949").charset, "UTF-8");
}

TEST(Charset, AsciiFastPath) {
  auto r = parse_sgf("(;CA[UTF-8]PB[Lee Sedol])");
  EXPECT_EQ(r.charset, "UTF-8");
  EXPECT_TRUE(r.diagnostics.empty());
}

TEST(Charset, DeclaredCharset) {
  EXPECT_EQ(find_declared_charset("(;FF[4]C[CA[x]]CA[GB2312];CA[Big5])"), "GB2312");
  EXPECT_EQ(find_declared_charset("junk (;FF[3]CharSet[ISO-8859-1])"), "");
  EXPECT_EQ(find_declared_charset("(;FF[4];CA[Big5])"), "");
  EXPECT_EQ(iconv_charset_name("gb2312"), "GB18030");
  EXPECT_EQ(iconv_charset_name(" Shift_JIS "), "CP932");
  EXPECT_EQ(iconv_charset_name("no-such-charset"), "");
}

TEST(Charset, GarbageCharsetNames) {
  // Found by fuzzing: names from raw bytes must not reach iconv or the messages unchecked.
  for (std::string_view text : {"(;CA[\xa3\xff]C[x])", "(;CA[UTF-8\xff\xff\xff]C[\xe6\x9d\xa5])",
                                "(;CA[(;B[\xe1g]]GM[1])"}) {
    auto r = parse_sgf(text);
    EXPECT_TRUE(r.ok());
    for (const Diagnostic &d : r.diagnostics)
      EXPECT_TRUE(is_valid_utf8(d.message)) << d.message;
    EXPECT_TRUE(r.charset.find('\xff') == std::string::npos);
  }
}

} // namespace
} // namespace sgf

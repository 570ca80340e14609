// The readers of other record formats (parsers/gib, ngf, ugf, kifu) and the dispatcher
// (parsers/record), on real records: header fields, first and last moves, the GIB files whose
// game exists also as SGF, every file of corpus/foreign, and damaged files.
#include "lib/batch/inputs.h"
#include "lib/sgf/validate.h"
#include "lib/sgf/values.h"
#include "parsers/ngf/ngf.h"
#include "parsers/record/record.h"
#include "parsers/sgf/charset.h"
#include "parsers/sgf/foreign.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace sgf {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::string testdata(const std::string &name) {
  return (fs::path(SGF_TESTDATA) / "formats" / name).string();
}

std::string corpus(const std::string &name) {
  return (fs::path(SGF_CORPUS) / "foreign" / name).string();
}

ParseResult parse_file(const std::string &path, std::string_view forced = {}) {
  return parse_record(read(path), path, forced);
}

std::string root(const Game &game, const char *id) {
  const std::string *v = first_value(game.root(), id);
  return v ? to_simple_text(*v) : std::string("<none>");
}

std::set<std::string> setup(const Game &game, const char *id) {
  std::set<std::string> out;
  if (const Property *p = game.root().find(id))
    for (const Value &v : p->values)
      out.insert(v.text);
  return out;
}

// The main line's moves as "B[pd]" strings.
std::vector<std::string> moves(const Game &game) {
  std::vector<std::string> out;
  for (NodeIndex n : game.main_line())
    for (const Property &p : game.nodes[n].properties)
      if (p.id == "B" || p.id == "W")
        out.push_back(p.id + "[" + p.values.front().text + "]");
  return out;
}

const Diagnostic *find_code(const ParseResult &r, std::string_view code) {
  for (const Diagnostic &d : r.diagnostics)
    if (d.code == code)
      return &d;
  return nullptr;
}

// --- Detection ------------------------------------------------------------------------------

TEST(Detect, ByContentNotByName) {
  EXPECT_EQ(detect_record_format(read(testdata("test.gib"))), RecordFormat::gib);
  EXPECT_EQ(detect_record_format(read(testdata("even.ngf"))), RecordFormat::ngf);
  EXPECT_EQ(detect_record_format(read(testdata("gb2312.ngf"))), RecordFormat::ngf);
  EXPECT_EQ(detect_record_format(read(testdata("review.ugi"))), RecordFormat::ugf);
  EXPECT_EQ(detect_record_format(read(testdata("kifu/DolBaram/kifu/2017-05"))), RecordFormat::kifu);
  EXPECT_EQ(detect_record_format("(;GM[1];B[dd])"), RecordFormat::sgf);
  EXPECT_EQ(detect_record_format("hello\nworld\n"), std::nullopt);
}

TEST(Detect, NoFormatGivesNotSgfNamingTheFormatsTried) {
  ParseResult r = parse_record("hello\nworld\n", "x.gib");
  const Diagnostic *d = find_code(r, "not-sgf");
  ASSERT_NE(d, nullptr);
  EXPECT_TRUE(d->pos.known());
  EXPECT_NE(d->message.find("GIB, NGF, UGF"), std::string::npos) << d->message;
}

TEST(Detect, FromForcesTheFormat) {
  // An SGF record read as GIB: no "\HS" header, a located error.
  ParseResult r = parse_record("(;GM[1];B[dd])", "a.sgf", "gib");
  const Diagnostic *d = find_code(r, "gib-no-header");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pos, (SourcePos{1, 1}));
}

// --- GIB ------------------------------------------------------------------------------------

// katrain's test (MIT), whose expectations are written in corpus/foreign/MANIFEST.txt:
// PW wildsim1 2D, PB kim 2D, RE W+T, KM 6.5, DT 2020-06-14, first move B[pd].
TEST(Gib, KatrainTestRecord) {
  ParseResult r = parse_file(testdata("test.gib"));
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.collection.games.size(), 1u);
  const Game &g = r.collection.games[0];
  EXPECT_EQ(root(g, "PW"), "wildsim1");
  EXPECT_EQ(root(g, "WR"), "2D");
  EXPECT_EQ(root(g, "PB"), "kim");
  EXPECT_EQ(root(g, "BR"), "2D");
  EXPECT_EQ(root(g, "RE"), "W+T"); // GRLT:8, "white wins by time"
  EXPECT_EQ(root(g, "KM"), "6.5"); // GONGJE:65, "Black 6.5 Dum"
  EXPECT_EQ(root(g, "DT"), "2020-06-14");
  EXPECT_EQ(root(g, "TM"), "600"); // GTIME:600-30-3, "10minute : 30 second countdown 3 time"
  EXPECT_EQ(root(g, "OT"), "3x30 byo-yomi");
  auto m = moves(g);
  ASSERT_EQ(m.size(), 232u);     // the last line is "STO 0 233 ...": INI is number 1
  EXPECT_EQ(m.front(), "B[pd]"); // STO 0 2 1 15 3
  EXPECT_EQ(m.back(), "W[gg]");  // STO 0 233 2 6 6
}

// The game comment and the header fields SGF has no property for go into one GC: a second value
// would make GC a list, which it is not (validate reports too-many-values).
TEST(Gib, OneGameCommentWithTheKeptFields) {
  std::string text = read(testdata("test.gib"));
  const std::string empty = "\\[GAMECOMMENT=\\]";
  const size_t at = text.find(empty);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, empty.size(), "\\[GAMECOMMENT=a friendly game\\]");
  const ParseResult r = parse_record(text, "comment.gib");
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games.at(0);
  const Property *gc = g.root().find("GC");
  ASSERT_NE(gc, nullptr);
  ASSERT_EQ(gc->values.size(), 1u);
  EXPECT_EQ(gc->values[0].text, "a friendly game\nGAMECONDITION: Even : Black 6.5 Dum\nGAMETIME: "
                                "Time limit 10minute : 30 second countdown 3 time\nGAMERESULT: "
                                "white wins by time");
  EXPECT_EQ(gc->values[0].pos.line, 28u); // the comment's line
  for (const Diagnostic &d : validate(r.collection))
    EXPECT_NE(d.code, "too-many-values") << d.message;
}

// "white wins by disconnection" (GRLT:6): the loser left the game, a forfeit.
TEST(Gib, DisconnectionIsAForfeit) {
  ParseResult r = parse_file(testdata("disconnection.gib"));
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games[0];
  EXPECT_EQ(root(g, "RE"), "W+F");
  EXPECT_EQ(root(g, "PB"), "W_003ej9");
  EXPECT_EQ(root(g, "PW"), "Menskit");
  EXPECT_EQ(moves(g).size(), 59u);      // GAMETOTALNUM=59
  EXPECT_EQ(moves(g).front(), "B[pd]"); // STO 0 2 1 15 3
}

// "white 24.5 win": GRLT:1 and ZIPSU:245, the margin in tenths of a point.
TEST(Gib, PointsInTenths) {
  ParseResult r = parse_file(testdata("points.gib"));
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games[0];
  EXPECT_EQ(root(g, "RE"), "W+24.5");
  EXPECT_EQ(root(g, "KM"), "6.5");
  EXPECT_EQ(moves(g).front(), "B[dp]"); // STO 0 2 1 3 15
}

// Charsets: the same reader for UTF-8, GB2312 and EUC-KR records, with a note on what was
// assumed for the two that do not say.
TEST(Gib, CharsetsDetectedAndSaid) {
  ParseResult gb = parse_file(testdata("gb2312.gib"));
  ASSERT_TRUE(gb.ok());
  EXPECT_EQ(gb.charset, "GB18030");
  const Diagnostic *note = find_code(gb, "charset-detected");
  ASSERT_NE(note, nullptr);
  EXPECT_EQ(note->severity, Severity::note);
  // GIBOKIND=China: the charset of the client that wrote it, and the note says where it came from.
  EXPECT_NE(note->message.find("read as GB18030, the charset of the client its header names"),
            std::string::npos)
      << note->message;
  EXPECT_EQ(root(gb.collection.games[0], "PB"), "石下之臣");
  EXPECT_EQ(root(gb.collection.games[0], "BR"), "2段");
  EXPECT_EQ(root(gb.collection.games[0], "RE"), "W+11"); // "白11目胜", ZIPSU:110

  ParseResult kr = parse_file(testdata("euc-kr.gib"));
  ASSERT_TRUE(kr.ok());
  EXPECT_EQ(kr.charset, "CP949");
  EXPECT_EQ(root(kr.collection.games[0], "WR"), "1급");
  EXPECT_EQ(root(kr.collection.games[0], "RE"), "B+T"); // "흑 시간승"
  EXPECT_EQ(root(kr.collection.games[0], "EV"), "승강급 대국");
}

// A handicap game: INI's handicap, stones where Tygem puts them (the third on the upper left),
// White moves first, and DUM (덤) is White's komi in points: "3 Handicap : White Dum(5)".
TEST(Gib, HandicapAndDum) {
  ParseResult r = parse_file(testdata("utf8.gib"));
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games[0];
  EXPECT_EQ(root(g, "HA"), "3");
  EXPECT_EQ(setup(g, "AB"), (std::set<std::string>{"pd", "dp", "dd"}));
  EXPECT_EQ(root(g, "KM"), "5");
  EXPECT_EQ(root(g, "RE"), "<none>");   // GRLT:255, no result
  EXPECT_EQ(moves(g).front(), "W[pp]"); // STO 0 2 2 15 15
}

// The three GIB files that analyze-sgf (MIT) also converted to SGF: the same players, ranks,
// result, komi, handicap stones and every move. Two deliberate differences: analyze-sgf did not
// decode the EUC-KR record (its ranks are the bytes read as Latin-1), so its text is decoded
// back here; and it ignores DUM, White's komi in handicap games, where we write KM[5].
TEST(Gib, SameGameAsTheSgfTwins) {
  if (!fs::exists(corpus("analyze-sgf")))
    GTEST_SKIP() << "corpus absent";
  for (std::string name : {"t-utf-8", "t-gb2312", "t-euc-kr"}) {
    SCOPED_TRACE(name);
    ParseResult ours = parse_file(corpus("analyze-sgf/" + name + ".gib"));
    ParseResult twin = parse_sgf(read(corpus("analyze-sgf/" + name + ".sgf")));
    ASSERT_TRUE(ours.ok());
    ASSERT_TRUE(twin.ok());
    const Game &a = ours.collection.games[0], &b = twin.collection.games[0];
    auto twin_text = [&](const char *id) {
      std::string v = root(b, id);
      if (name != "t-euc-kr" || v == "<none>")
        return v;
      std::string latin1, back;
      size_t replaced = 0;
      // UTF-8 → the original bytes (each was read as one Latin-1 character) → CP949.
      for (size_t i = 0; i < v.size(); ++i) {
        unsigned char c = v[i];
        if (c < 0x80) {
          latin1 += static_cast<char>(c);
        } else {
          latin1 += static_cast<char>(((c & 0x1F) << 6) | (v[i + 1] & 0x3F));
          ++i;
        }
      }
      convert_to_utf8(latin1, "CP949", back, replaced);
      return back;
    };
    for (const char *id : {"PB", "PW", "BR", "WR", "RE", "HA"})
      EXPECT_EQ(root(a, id), twin_text(id)) << id;
    if (name == "t-utf-8") {
      EXPECT_EQ(root(b, "KM"), "0");
      EXPECT_EQ(root(a, "KM"), "5");
    } else {
      EXPECT_EQ(root(a, "KM"), root(b, "KM"));
    }
    EXPECT_EQ(setup(a, "AB"), setup(b, "AB"));
    EXPECT_EQ(moves(a), moves(b));
  }
}

// --- NGF ------------------------------------------------------------------------------------

// katrain's expectations for its handicap2.ngf (MANIFEST.txt): AB dp,pd HA 2 PB p81587 PW ace550
// RE W+ DT 2017-03-16, first move W[pq]. The result text is "White wins by  resign!": W+R.
TEST(Ngf, KatrainHandicapRecord) {
  ParseResult r = parse_file(testdata("handicap2.ngf"));
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games[0];
  EXPECT_EQ(setup(g, "AB"), (std::set<std::string>{"dp", "pd"}));
  EXPECT_EQ(root(g, "HA"), "2");
  EXPECT_EQ(root(g, "PB"), "p81587");
  EXPECT_EQ(root(g, "PW"), "ace550");
  EXPECT_EQ(root(g, "RE"), "W+R");
  EXPECT_EQ(root(g, "DT"), "2017-03-16");
  EXPECT_EQ(root(g, "KM"), "0"); // handicap games: the komi line as it is
  auto m = moves(g);
  ASSERT_EQ(m.size(), 189u); // header line 12
  EXPECT_EQ(m.front(), "W[pq]");
}

// An even game: the komi line "7" lacks its half point (7.5); "Black wins by 0.5!".
TEST(Ngf, EvenGameKomiAndResult) {
  ParseResult r = parse_file(testdata("even.ngf"));
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games[0];
  EXPECT_EQ(root(g, "KM"), "7.5");
  EXPECT_EQ(root(g, "RE"), "B+0.5");
  EXPECT_EQ(root(g, "PW"), "LQC");
  EXPECT_EQ(root(g, "WR"), "9p"); // "9DP"
  EXPECT_EQ(root(g, "SZ"), "19");
  // The header names no rules; Cyberoro counts territory: the board's territory count is the
  // recorded B+0.5 where an area count gives B+1.5 (tests/cli/score-ngf).
  EXPECT_EQ(root(g, "RU"), "Korean");
  auto m = moves(g);
  ASSERT_EQ(m.size(), 333u);
  EXPECT_EQ(m.front(), "B[qd]"); // PMABBREER
  EXPECT_EQ(m.back(), "B[nl]");  // PMMVBOMMO
}

// The older layout with "GI" lines, in GB2312, its result after the moves: "黑中盘胜".
TEST(Ngf, GiLayoutInGb2312) {
  ParseResult r = parse_file(testdata("gb2312.ngf"));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.charset, "GB18030");
  const Game &g = r.collection.games[0];
  EXPECT_EQ(root(g, "PW"), "朴承华");
  EXPECT_EQ(root(g, "WR"), "初段");
  EXPECT_EQ(root(g, "PB"), "李载雄");
  EXPECT_EQ(root(g, "RE"), "B+R");
  EXPECT_EQ(root(g, "DT"), "2006-09-05");
  EXPECT_EQ(moves(g).size(), 211u); // GI211
}

// Of several result lines after the moves, the last gives RE and GC, each one value.
TEST(Ngf, TheLastResultLineWins) {
  const std::string text =
      read(testdata("gb2312.ngf")) + "IDB[211] White wins by resign![EndTxt]\n";
  const ParseResult r = parse_record(text, "results.ngf");
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games.at(0);
  for (const char *id : {"RE", "GC"}) {
    SCOPED_TRACE(id);
    ASSERT_NE(g.root().find(id), nullptr);
    EXPECT_EQ(g.root().find(id)->values.size(), 1u);
  }
  EXPECT_EQ(root(g, "RE"), "W+R");
  EXPECT_EQ(root(g, "GC"), "NGF result: White wins by resign!");
  for (const Diagnostic &d : validate(r.collection))
    EXPECT_NE(d.code, "too-many-values") << d.message;
}

TEST(Ngf, ResultTexts) {
  EXPECT_EQ(result_from_text("Black wins by 0.5!"), "B+0.5");
  EXPECT_EQ(result_from_text("White wins by  resign!"), "W+R");
  EXPECT_EQ(result_from_text("White loses on time"), "B+T");
  EXPECT_EQ(result_from_text("黑中盘胜"), "B+R");
  EXPECT_EQ(result_from_text("黒2目半勝ち"), "B+2.5");
  EXPECT_EQ(result_from_text("흑 1.5집 승"), "B+1.5");
  EXPECT_EQ(result_from_text("Black Win 6.5 >> White(50):Black(63)"), "B+6.5");
  EXPECT_EQ(result_from_text("Progressing!"), "");
}

// --- UGF / UGI ------------------------------------------------------------------------------

// IGS coordinates: column letter from the left, row letter from the bottom ("QP" is q, row 16
// from the bottom: SGF "qd").
TEST(Ugf, AmateurGame) {
  ParseResult r = parse_file(testdata("amateur.ugf"));
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games[0];
  EXPECT_EQ(root(g, "PB"), "kaziwami");
  EXPECT_EQ(root(g, "BR"), "7d");
  EXPECT_EQ(root(g, "PW"), "YINNI");
  EXPECT_EQ(root(g, "WR"), "8d");
  EXPECT_EQ(root(g, "KM"), "-5.5");  // Hdcp=0,-5.50
  EXPECT_EQ(root(g, "RE"), "B+7.5"); // Winner=B,7.50
  EXPECT_EQ(root(g, "RU"), "Japanese");
  EXPECT_EQ(root(g, "DT"), "2019-03-08");
  auto m = moves(g);
  ASSERT_EQ(m.size(), 254u);
  EXPECT_EQ(m.front(), "B[qd]"); // QP,B1,1,0 and NODE,2,1,17,16
  EXPECT_EQ(m.back(), "W[ni]");  // NODE,255,2,14,11
}

// A review: comments on the nodes ".Comment,N" names, and variations.
TEST(Ugf, ReviewCommentsAndVariations) {
  ParseResult r = parse_file(testdata("review.ugi"));
  ASSERT_TRUE(r.ok());
  const Game &g = r.collection.games[0];
  const std::string *c = first_value(g.root(), "C"); // .Comment,1 is the root
  ASSERT_NE(c, nullptr);
  EXPECT_NE(c->find("Let's begin and enjoy a great game."), std::string::npos);
  auto line = g.main_line();
  // .Comment,19: review node 19 is the 18th move.
  const std::string *c19 = first_value(g.nodes[line[18]], "C");
  ASSERT_NE(c19, nullptr);
  EXPECT_NE(c19->find("I think white is ahead already?"), std::string::npos);
  // The first VARIATION follows NODE,54 (move 53): an alternative to move 54, starting with
  // NODE,225,2,14,7: W[nm].
  std::vector<NodeIndex> children = g.children(line[53]);
  ASSERT_EQ(children.size(), 2u);
  EXPECT_EQ(moves(g)[53], "W[li]"); // NODE,55,2,12,11
  EXPECT_EQ(g.nodes[children[1]].properties[0].id, "W");
  EXPECT_EQ(g.nodes[children[1]].properties[0].values[0].text, "nm");
  EXPECT_EQ(root(g, "RE"), "B+2.5");
  EXPECT_EQ(root(g, "KM"), "6.5");
}

// --- One-line kifu --------------------------------------------------------------------------

// Three lines of DolBaram's games, with their kifu.index entries (white first, as the dataset's
// README says: "돌바람(P)" plays White in the third game, which White won by resignation after
// 206 moves, White's the last).
TEST(Kifu, OneGamePerLineWithTheIndex) {
  ParseResult r = parse_file(testdata("kifu/DolBaram/kifu/2017-05"));
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.collection.games.size(), 3u);
  const Game &first = r.collection.games[0];
  EXPECT_EQ(root(first, "GN"), "948521704");
  EXPECT_EQ(root(first, "PW"), "快活三");
  EXPECT_EQ(root(first, "PB"), "돌바람(P)");
  EXPECT_EQ(root(first, "RE"), "B+R");
  EXPECT_EQ(root(first, "DT"), "2017-05-08");
  EXPECT_EQ(root(first, "KM"), "6.5");
  EXPECT_EQ(moves(first).size(), 139u);
  EXPECT_EQ(moves(first).front(), "B[pd]");
  EXPECT_EQ(moves(first).back(), "B[ir]");
  EXPECT_EQ(root(r.collection.games[1], "RE"), "B+F"); // B+Offline
  const Game &third = r.collection.games[2];
  EXPECT_EQ(root(third, "PW"), "돌바람(P)");
  EXPECT_EQ(root(third, "RE"), "W+R");
  EXPECT_EQ(moves(third).size(), 206u);
  EXPECT_EQ(moves(third).back(), "W[kn]");
}

TEST(Kifu, WithoutIndexMovesOnly) {
  std::string line = "123\t;B[dd];W[];B[pp]\n";
  ParseResult r = parse_record(line, "-");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(moves(r.collection.games[0]), (std::vector<std::string>{"B[dd]", "W[]", "B[pp]"}));
  EXPECT_EQ(root(r.collection.games[0], "PB"), "<none>");
}

// --- Lines ----------------------------------------------------------------------------------

// The lines of a text by the definition (a line ends at LF, CR or CRLF), one byte at a time.
std::vector<std::string_view> lines_by_definition(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' || text[i] == '\r') {
      lines.push_back(text.substr(start, i - start));
      if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
        ++i;
      start = i + 1;
    }
  if (start < text.size())
    lines.push_back(text.substr(start));
  return lines;
}

TEST(Lines, EveryLineOfARecordWhateverItsLineBreaks) {
  const std::string record = read(testdata("test.gib")); // LF, lines of 1 to 200 bytes
  auto with_breaks = [&](std::string_view lf_as, size_t from) {
    std::string out = record.substr(0, from);
    for (char c : record.substr(from))
      if (c == '\n')
        out.append(lf_as);
      else
        out.push_back(c);
    return out;
  };
  // LF alone; CRLF from the start, and only from deep in the text (after the lines found by
  // the fast path for LF); CR alone; no break at the end; blank lines.
  for (const std::string &text :
       {record, with_breaks("\r\n", 0), with_breaks("\r\n", record.size() / 2),
        with_breaks("\r", record.size() - 10), record.substr(0, record.size() - 1),
        with_breaks("\n\n", 100), std::string("\n\n"), std::string()}) {
    std::vector<std::string_view> found;
    uint32_t number = 0;
    for (const foreign::Line &line : foreign::split_lines(text)) {
      found.push_back(line.text);
      EXPECT_EQ(line.number, ++number);
    }
    EXPECT_EQ(found, lines_by_definition(text));
  }
}

// --- Limits -------------------------------------------------------------------------------

// The SGF reader's limits hold for every format: a record stops at the node and memory limits
// with limit-exceeded, keeping what was read, and reads in full within the defaults.
TEST(Limits, EveryFormatStopsAtTheParserLimits) {
  for (const char *name :
       {"test.gib", "even.ngf", "amateur.ugf", "review.ugi", "kifu/DolBaram/kifu/2017-05"}) {
    const std::string path = testdata(name);
    const std::string bytes = read(path);
    ParseResult whole = parse_record(bytes, path);
    EXPECT_EQ(find_code(whole, "limit-exceeded"), nullptr) << name;
    ASSERT_GT(whole.collection.games.at(0).nodes.size(), 60u) << name;

    ParseOptions options;
    options.limits.max_nodes = 50;
    ParseResult cut = parse_record(bytes, path, {}, options);
    const Diagnostic *d = find_code(cut, "limit-exceeded");
    ASSERT_NE(d, nullptr) << name;
    EXPECT_EQ(d->severity, Severity::error);
    EXPECT_TRUE(d->pos.known()) << name;
    EXPECT_EQ(cut.collection.games.at(0).nodes.size(), 50u) << name; // what was read is kept
    EXPECT_FALSE(first_value(cut.collection.games[0].root(), "GM") == nullptr) << name;

    options = {};
    options.limits.max_tree_bytes = 8000;
    ParseResult small = parse_record(bytes, path, {}, options);
    d = find_code(small, "limit-exceeded");
    ASSERT_NE(d, nullptr) << name;
    EXPECT_NE(d->message.find("bytes in memory"), std::string::npos) << name;

    // Not even room for the root: a game without nodes, and nothing added to it after.
    options.limits.max_tree_bytes = 100;
    ParseResult none = parse_record(bytes, path, {}, options);
    ASSERT_NE(find_code(none, "limit-exceeded"), nullptr) << name;
    EXPECT_TRUE(none.collection.games.at(0).nodes.empty()) << name;
  }
}

TEST(Limits, GamesCommentsAndDiagnosticsInOtherFormats) {
  // A one-line kifu file holds a game per line.
  ParseOptions options;
  options.limits.max_games = 2;
  ParseResult games = parse_file(testdata("kifu/DolBaram/kifu/2017-05"));
  ASSERT_EQ(games.collection.games.size(), 3u);
  games = parse_record(read(testdata("kifu/DolBaram/kifu/2017-05")), "k", "kifu", options);
  EXPECT_EQ(games.collection.games.size(), 2u);
  ASSERT_NE(find_code(games, "limit-exceeded"), nullptr);

  // A comment is a value: no longer than max_value_bytes.
  const std::string review = read(testdata("review.ugi"));
  options = {};
  options.limits.max_value_bytes = 10;
  ParseResult comments = parse_record(review, "r.ugi", {}, options);
  ASSERT_NE(find_code(comments, "limit-exceeded"), nullptr);
  EXPECT_NE(find_code(comments, "limit-exceeded")->message.find("comment"), std::string::npos);

  // Errors that do not end the reading (a bad move line) are capped with the warnings.
  std::string gib = read(testdata("test.gib"));
  const size_t first_move = gib.find("STO ");
  std::string bad;
  for (int i = 0; i < 5000; ++i)
    bad += "STO 0 x\n";
  gib.insert(first_move, bad);
  options = {};
  options.limits.max_diagnostics = 10;
  ParseResult many = parse_record(gib, "bad.gib", {}, options);
  ASSERT_EQ(many.diagnostics.size(), 11u);
  EXPECT_EQ(many.diagnostics.back().code, "too-many-diagnostics");
  EXPECT_EQ(many.diagnostics.back().severity, Severity::error);
  EXPECT_FALSE(many.ok());
  EXPECT_EQ(moves(many.collection.games.at(0)),
            moves(parse_file(testdata("test.gib")).collection.games.at(0))); // all moves read
}

// --- Damaged files --------------------------------------------------------------------------

TEST(Damaged, TruncatedGib) {
  std::string bytes = read(testdata("test.gib"));
  bytes.resize(bytes.find("STO 0 100 "));
  ParseResult r = parse_record(bytes, "cut.gib");
  const Diagnostic *d = find_code(r, "truncated");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->severity, Severity::error);
  EXPECT_TRUE(d->pos.known());
  EXPECT_EQ(moves(r.collection.games[0]).size(), 98u); // what was there is kept
}

TEST(Damaged, BadMoveLineIsLocated) {
  std::string bytes = read(testdata("test.gib"));
  size_t at = bytes.find("STO 0 3 2 3 15");
  bytes.replace(at, 14, "STO 0 3 2 3 xx");
  ParseResult r = parse_record(bytes, "bad.gib");
  const Diagnostic *d = find_code(r, "gib-bad-move");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pos.line,
            1u + static_cast<uint32_t>(std::count(bytes.begin(), bytes.begin() + at, '\n')));
  EXPECT_EQ(d->pos.col, 1u);
}

TEST(Damaged, WrongCharsetIsLocated) {
  ParseOptions options;
  options.charset = "UTF-8"; // an EUC-KR record read as UTF-8
  ParseResult r = parse_record(read(testdata("euc-kr.gib")), "kr.gib", "gib", options);
  const Diagnostic *d = find_code(r, "invalid-utf8");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pos.line, 5u); // \[GAMECONDITION=호선 ...: the first Korean text
}

TEST(Damaged, MissingHeaders) {
  std::string gib = read(testdata("test.gib"));
  ParseResult r = parse_record(gib.substr(gib.find("\\GS")), "x.gib", "gib");
  ASSERT_NE(find_code(r, "gib-no-header"), nullptr);
  EXPECT_EQ(find_code(r, "gib-no-header")->pos, (SourcePos{1, 1}));

  std::string ngf = read(testdata("even.ngf"));
  size_t moves_start = ngf.find("PMAB");
  ParseResult n = parse_record(ngf.substr(moves_start - 20), "x.ngf", "ngf");
  const Diagnostic *d = find_code(n, "ngf-short-header");
  ASSERT_NE(d, nullptr);
  EXPECT_TRUE(d->pos.known());

  ParseResult u = parse_record("[Data]\nQP,B1,1,0\n", "x.ugf", "ugf");
  ASSERT_NE(find_code(u, "ugf-no-header"), nullptr);
}

// --- The whole of corpus/foreign ------------------------------------------------------------

// Every file, also those inside the kifu archive, is read without error, or rejected with a
// located reason.
TEST(Corpus, EveryForeignFileReadOrRejectedWithAPlace) {
  fs::path root = fs::path(SGF_CORPUS) / "foreign";
  if (!fs::exists(root))
    GTEST_SKIP() << "corpus absent";
  batch::InputSpec spec;
  spec.paths = {root.string()};
  spec.globs = {"*"};
  for (const fs::directory_entry &e : fs::directory_iterator(root))
    if (e.path().extension() == ".xz")
      spec.paths.push_back(e.path().string());
  batch::RecordSource source(spec);
  size_t read_ok = 0, rejected = 0, games = 0, kifu_games_without_players = 0;
  std::set<std::string> rejected_names;
  while (auto record = source.next()) {
    ASSERT_FALSE(record->error) << record->name;
    std::optional<std::string_view> kifu_index;
    if (record->kifu_index)
      kifu_index = *record->kifu_index;
    ParseResult r = parse_record(record->bytes, record->name, {}, {}, kifu_index);
    games += r.collection.games.size();
    if (detect_record_format(record->bytes) == RecordFormat::kifu)
      for (const Game &game : r.collection.games)
        kifu_games_without_players += game.root().find("PB") == nullptr;
    if (r.ok()) {
      ++read_ok;
      continue;
    }
    ++rejected;
    rejected_names.insert(fs::path(record->name).filename().string());
    for (const Diagnostic &d : r.diagnostics) {
      if (d.severity == Severity::error) {
        EXPECT_TRUE(d.pos.known()) << record->name << ": " << d.message;
      }
    }
  }
  // 16 GIB, 4 NGF and 2 UGF/UGI files, 3 SGF twins, the 32 kifu files of the archive, which
  // take their players from the archive's kifu.index files (no records themselves); rejected:
  // the MANIFEST, and the archive itself where the folder is walked (folders do not open
  // archives).
  EXPECT_EQ(read_ok, 57u);
  EXPECT_EQ(rejected, 2u);
  EXPECT_EQ(rejected_names, (std::set<std::string>{"MANIFEST.txt", "tygem-raw-kifu.tar.xz"}));
  EXPECT_EQ(games, 22u + 3u + 7720u);
  EXPECT_EQ(kifu_games_without_players, 0u);
}

} // namespace
} // namespace sgf

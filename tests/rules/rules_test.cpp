// Tests of the rules engine: Board, rule-set presets and overrides, and replay with every
// diagnostic code, on small hand-made positions and on real records.
#include "lib/rules/board.h"
#include "lib/rules/replay.h"
#include "lib/rules/rule_set.h"
#include "lib/sgf/values.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace sgf;
using namespace sgf::rules;

namespace {

Game parse_one(const std::string &text) {
  ParseResult parsed = parse_sgf(text);
  EXPECT_TRUE(parsed.ok()) << text;
  EXPECT_FALSE(parsed.collection.games.empty()) << text;
  return parsed.collection.games.empty() ? Game{} : std::move(parsed.collection.games.front());
}

RuleSet rule_set(std::string_view name) {
  auto r = preset(name);
  EXPECT_TRUE(r) << name;
  return r ? *r : RuleSet{};
}

// Replays the main line. By default the board follows the record after an illegal move; with
// `void_moves` it stays as it was, which is what the tests of each rule's effect look at.
LineReplay run(const std::string &sgf, std::string_view rule_name, bool void_moves = true) {
  Game game = parse_one(sgf);
  ReplayOptions options;
  options.follow_record = !void_moves;
  auto lines = replay(game, rule_set(rule_name), options);
  EXPECT_FALSE(lines.empty());
  return lines.empty() ? LineReplay{} : std::move(lines.front());
}

std::vector<std::string> codes(const LineReplay &line) {
  std::vector<std::string> out;
  for (const Diagnostic &d : line.diagnostics)
    out.push_back(d.code);
  return out;
}

const Diagnostic *find(const LineReplay &line, std::string_view code) {
  for (const Diagnostic &d : line.diagnostics)
    if (d.code == code)
      return &d;
  return nullptr;
}

Stone at(const Board &b, const char *sgf_point) {
  return b.at({sgf_point[0] - 'a', sgf_point[1] - 'a'});
}

using sgf::testing_support::read_file;

// Two kos on a 7x7 board: ko A (Black captures at cb, White at bb) and ko B (White captures at
// bf, Black at cf). At the start White holds A (a stone on bb) and Black holds B (on cf).
const std::string two_kos = "SZ[7]AB[ba][ab][bc][be][af][bg][cf]AW[ca][db][cc][ce][df][cg][bb]";
// A third ko C on a 9x9 board (Black captures at hb, White at gb); White holds it (on gb).
const std::string three_kos = "SZ[9]AB[ba][ab][bc][be][af][bg][cf][ga][fb][gc]"
                              "AW[ca][db][cc][ce][df][cg][bb][ha][ib][hc][gb]";
const std::string triple_ko_cycle = ";B[cb];W[bf];B[hb];W[bb];B[cf];W[gb]";

} // namespace

// --- Board ------------------------------------------------------------------------------------

TEST(Board, CapturesAndLiberties) {
  Board b(BoardSize{5, 5});
  b.play({1, 0}, Color::black, false);
  b.play({0, 0}, Color::white, false);
  EXPECT_EQ(b.liberties({0, 0}), 1);
  const auto r = b.play({0, 1}, Color::black, false);
  EXPECT_EQ(r.captured, 1);
  EXPECT_EQ(b.at({0, 0}), Stone::empty);
  EXPECT_EQ(b.captured_stones(Color::white), 1);
  EXPECT_EQ(b.liberties({1, 0}), 3);
  EXPECT_EQ(b.liberties({0, 1}), 3);
}

// A liberty shared by two stones of a chain is one liberty (pseudo-liberties would count two);
// the count stops past its cap unless the liberties are listed; a copy by assign() plays on
// without touching the original.
TEST(Board, ExactLibertiesChainsAndCopies) {
  Board b(BoardSize{5, 5});
  b.play({1, 1}, Color::black, false);
  b.play({2, 1}, Color::black, false);
  b.play({1, 2}, Color::black, false); // an L of three: (2,2) is beside two of its stones
  const Loc l = b.loc({1, 1});
  EXPECT_EQ(b.liberties(l, 100), 7);
  EXPECT_EQ(b.liberties(l, 2), 3); // counted up to cap + 1
  std::vector<Loc> libs;
  EXPECT_EQ(b.liberties(l, 0, &libs), 7);
  EXPECT_EQ(libs.size(), 7u);
  EXPECT_EQ(std::count(libs.begin(), libs.end(), b.loc({2, 2})), 1);
  EXPECT_EQ(b.head(b.loc({2, 1})), b.head(l));
  EXPECT_EQ(b.chain_size(b.loc({1, 2})), 3);
  int stones = 0;
  b.for_each_stone(l, [&](Loc) { ++stones; });
  EXPECT_EQ(stones, 3);
  Board copy(BoardSize{5, 5});
  copy.assign(b);
  EXPECT_TRUE(copy.same_stones(b));
  EXPECT_EQ(copy.hash(), b.hash());
  copy.play({2, 2}, Color::white, false);
  EXPECT_EQ(copy.liberties(l, 100), 6);
  EXPECT_EQ(b.liberties(l, 100), 7);
}

TEST(Board, HashReturnsWithThePosition) {
  Board a(BoardSize{9, 9}), b(BoardSize{9, 9});
  const uint64_t empty = a.hash();
  a.play({2, 2}, Color::black, false);
  EXPECT_NE(a.hash(), empty);
  a.set({2, 2}, Stone::empty);
  EXPECT_EQ(a.hash(), empty);
  EXPECT_TRUE(a.same_stones(b));
  b.play({3, 3}, Color::white, false);
  EXPECT_FALSE(a.same_stones(b));
  EXPECT_NE(Board::side_hash(Color::black), Board::side_hash(Color::white));
}

TEST(Board, SetupRemovalSplitsAChain) {
  Board b(BoardSize{5, 5});
  for (int x = 0; x < 5; ++x)
    b.set({x, 2}, Stone::black);
  EXPECT_EQ(b.chain({0, 2}).size(), 5u);
  b.set({2, 2}, Stone::empty);
  EXPECT_EQ(b.chain({0, 2}).size(), 2u);
  EXPECT_EQ(b.chain({4, 2}).size(), 2u);
  EXPECT_EQ(b.liberties({0, 2}), 5);
  // The halves still capture and are captured correctly.
  b.set({0, 1}, Stone::white);
  b.set({1, 1}, Stone::white);
  b.set({0, 3}, Stone::white);
  b.set({1, 3}, Stone::white);
  const auto r = b.play({2, 2}, Color::white, false);
  EXPECT_EQ(r.captured, 2);
  EXPECT_EQ(b.at({0, 2}), Stone::empty);
  EXPECT_EQ(b.at({4, 2}), Stone::black);
}

TEST(Board, RectangularAndLargestBoards) {
  Board r(BoardSize{19, 13});
  EXPECT_EQ(r.width(), 19);
  EXPECT_EQ(r.height(), 13);
  EXPECT_TRUE(r.on_board({18, 12}));
  EXPECT_FALSE(r.on_board({12, 18}));
  r.play({18, 12}, Color::black, false);
  EXPECT_EQ(r.liberties({18, 12}), 2);
  Board big(BoardSize{52, 52});
  big.play({51, 51}, Color::white, false);
  EXPECT_EQ(big.at({51, 51}), Stone::white);
  EXPECT_EQ(big.liberties({51, 51}), 2);
  Board one(BoardSize{1, 1});
  EXPECT_TRUE(one.play({0, 0}, Color::black, false).suicide);
  EXPECT_EQ(one.at({0, 0}), Stone::empty);
}

// joined() foresees play_loc(): on every empty point of the positions of random games, for both
// colours and several caps, whether the move is legal, whether it captures, and the liberties (up
// to cap + 1) and the size of the chain it joins are those of the move played on a copy. Random
// games crowd the board, so captures of several chains and suicides come up often.
TEST(Board, JoinedForeseesThePlay) {
  std::mt19937 rng(7);
  for (const BoardSize size : {BoardSize{9, 9}, BoardSize{19, 19}}) {
    Board b(size), copy(size);
    Color c = Color::black;
    Loc ko = -1;
    int captures = 0, suicides = 0;
    for (int m = 0; m < 400; ++m) {
      std::vector<Loc> legal;
      for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x) {
          const Loc l = b.loc({x, y});
          if (b.at_loc(l) != Stone::empty)
            continue;
          for (const Color mover : {Color::black, Color::white})
            for (const int cap : {0, 2, 1000}) {
              const Board::Joined j = b.joined(l, mover, cap);
              copy.assign(b);
              const Board::Play p = copy.play_loc(l, mover, false);
              ASSERT_EQ(j.legal, !p.suicide) << "move " << m << " at " << x << "," << y;
              suicides += !j.legal;
              if (!j.legal)
                continue;
              captures += p.captured > 0;
              EXPECT_EQ(j.captured > 0, p.captured > 0) << "move " << m << " at " << x << "," << y;
              EXPECT_EQ(j.liberties, copy.liberties(l, cap)) << "move " << m << " cap " << cap;
              EXPECT_EQ(j.size, copy.chain_size(l)) << "move " << m << " at " << x << "," << y;
            }
          if (l != ko && b.joined(l, c, 0).legal)
            legal.push_back(l);
        }
      if (legal.empty())
        break;
      ko = b.play_loc(legal[rng() % legal.size()], c, false).ko_point;
      c = opponent(c);
    }
    EXPECT_GT(captures, 100) << size.width;
    EXPECT_GT(suicides, 100) << size.width;
  }
}

// --- Rule sets ---------------------------------------------------------------------------------

TEST(RuleSet, PresetsFollowTheTable) {
  EXPECT_EQ(preset_names().size(), 7u);
  auto c = rule_set("chinese");
  EXPECT_EQ(c.ko, KoRule::positional);
  EXPECT_FALSE(c.suicide_allowed);
  EXPECT_EQ(c.komi, 7.5);
  EXPECT_EQ(c.illegal, IllegalMove::warning);
  auto j = rule_set("Japanese");
  EXPECT_EQ(j.ko, KoRule::simple);
  EXPECT_EQ(j.scoring, Scoring::territory);
  EXPECT_EQ(j.komi, 6.5);
  EXPECT_TRUE(j.cycles_void);
  EXPECT_EQ(j.illegal, IllegalMove::loss);
  EXPECT_EQ(rule_set("korean").ko, KoRule::simple);
  auto a = rule_set("aga");
  EXPECT_EQ(a.ko, KoRule::situational);
  EXPECT_EQ(a.handicap_bonus, HandicapBonus::n_minus_1);
  EXPECT_EQ(a.illegal, IllegalMove::void_move);
  auto i = rule_set("ing");
  EXPECT_EQ(i.ko, KoRule::simple); // the text forbids only the immediate retake of a ko
  EXPECT_FALSE(i.cycles_void);     // and gives no ruling on a cycle
  EXPECT_TRUE(i.suicide_allowed);
  EXPECT_EQ(i.komi, 8);
  auto nz = rule_set("nz");
  EXPECT_EQ(nz.ko, KoRule::situational);
  EXPECT_TRUE(nz.suicide_allowed);
  EXPECT_EQ(nz.komi, 7);
  auto tt = rule_set("tromp-taylor");
  EXPECT_EQ(tt.ko, KoRule::positional);
  EXPECT_FALSE(tt.remove_dead);
  EXPECT_FALSE(preset("uchikomi"));
}

TEST(RuleSet, SpellingsOfRealFiles) {
  const std::map<std::string, std::string> spellings = {{"Japanese", "japanese"},
                                                        {"JPN", "japanese"},
                                                        {"jp", "japanese"},
                                                        {"JP", "japanese"},
                                                        {"Chinese", "chinese"},
                                                        {"cn", "chinese"},
                                                        {"AGA", "aga"},
                                                        {"Ing", "ing"},
                                                        {"GOE", "ing"},
                                                        {"Ing Goe", "ing"},
                                                        {"NZ", "nz"},
                                                        {"New Zealand", "nz"},
                                                        {"Korean", "korean"},
                                                        {"Tromp-Taylor", "tromp-taylor"},
                                                        {"Tromp/Taylor", "tromp-taylor"},
                                                        {"Japanese 1989", "japanese"},
                                                        {"Uchikomi", "japanese"}};
  for (const auto &[ru, name] : spellings) {
    auto r = preset_for_ru(ru);
    ASSERT_TRUE(r) << ru;
    EXPECT_EQ(r->name, name) << ru;
  }
  for (const char *unknown : {"Free handicap placement", "Pair go", "", "W wins jigo"})
    EXPECT_FALSE(preset_for_ru(unknown)) << unknown;
}

TEST(RuleSet, Overrides) {
  RuleSet r = rule_set("chinese");
  EXPECT_FALSE(apply_override(r, "ko=situational"));
  EXPECT_EQ(r.ko, KoRule::situational);
  EXPECT_FALSE(apply_override(r, "suicide=allowed"));
  EXPECT_TRUE(r.suicide_allowed);
  EXPECT_FALSE(apply_override(r, "scoring=territory"));
  EXPECT_EQ(r.scoring, Scoring::territory);
  EXPECT_FALSE(apply_override(r, "komi=0.5"));
  EXPECT_EQ(r.komi, 0.5);
  EXPECT_TRUE(r.komi_overridden);
  EXPECT_FALSE(apply_override(r, "handicap-bonus=n-1"));
  EXPECT_EQ(r.handicap_bonus, HandicapBonus::n_minus_1);
  EXPECT_FALSE(apply_override(r, "illegal=loss"));
  EXPECT_EQ(r.illegal, IllegalMove::loss);
  EXPECT_FALSE(apply_override(r, "illegal=void"));
  EXPECT_EQ(r.illegal, IllegalMove::void_move);
  EXPECT_FALSE(r.fixed_handicap);
  EXPECT_FALSE(apply_override(r, "handicap-stones=fixed"));
  EXPECT_TRUE(r.fixed_handicap);
  EXPECT_FALSE(apply_override(r, "handicap-stones=recorded"));
  EXPECT_FALSE(r.fixed_handicap);
  EXPECT_TRUE(apply_override(r, "handicap-stones=free"));
  EXPECT_TRUE(apply_override(r, "ko=sometimes"));
  EXPECT_TRUE(apply_override(r, "komi=seven"));
  EXPECT_TRUE(apply_override(r, "colour=blue"));
  EXPECT_TRUE(apply_override(r, "komi"));
}

TEST(RulesFor, RequestedThenRuThenChineseWithANote) {
  Diagnostics notes;
  Game jp = parse_one("(;RU[Japanese]KM[6.5]HA[2]AB[dd][pp];W[qd])");
  RuleSet r = rules_for(jp, std::nullopt, notes);
  EXPECT_EQ(r.name, "japanese");
  EXPECT_EQ(r.handicap, 2);
  EXPECT_TRUE(notes.empty());
  r = rules_for(jp, rule_set("aga"), notes);
  EXPECT_EQ(r.name, "aga");
  EXPECT_EQ(r.komi, 6.5);
  RuleSet overridden = rule_set("aga");
  ASSERT_FALSE(apply_override(overridden, "komi=0"));
  EXPECT_EQ(rules_for(jp, overridden, notes).komi, 0);

  // KM as written: a server's units are its profile's to read (rules_of_game).
  Game unknown = parse_one("(;RU[Pair go]KM[750];B[dd])");
  r = rules_for(unknown, std::nullopt, notes);
  EXPECT_EQ(r.name, "chinese");
  EXPECT_EQ(r.komi, 750);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].code, "rules-assumed");
  EXPECT_EQ(notes[0].severity, Severity::note);
  EXPECT_NE(notes[0].message.find("Pair go"), std::string::npos);
  notes.clear();
  rules_for(parse_one("(;B[dd])"), std::nullopt, notes);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].code, "rules-assumed");
}

// --- Replay: captures, suicide, ko ------------------------------------------------------------

TEST(Replay, CaptureByAMoveWithNoLibertiesOfItsOwn) {
  // Black's ba touches only white stones and the edge; it lives because it captures aa.
  for (const char *r : {"chinese", "japanese", "aga", "nz"}) {
    LineReplay line = run("(;SZ[5]AB[ab]AW[aa][ca][bb];B[ba])", r);
    EXPECT_TRUE(line.diagnostics.empty()) << r;
    EXPECT_EQ(at(line.board, "ba"), Stone::black);
    EXPECT_EQ(at(line.board, "aa"), Stone::empty);
    EXPECT_EQ(line.board.captured_stones(Color::white), 1);
    EXPECT_EQ(line.board.liberties({1, 0}), 1);
  }
}

TEST(Replay, SingleStoneSuicide) {
  const std::string sgf = "(;SZ[5]AB[ba][ab];W[aa];B[cc])";
  LineReplay c = run(sgf, "chinese");
  ASSERT_EQ(codes(c), std::vector<std::string>{"suicide"});
  EXPECT_EQ(c.diagnostics[0].move, 1);
  EXPECT_EQ(c.diagnostics[0].node, 1);
  EXPECT_EQ(c.diagnostics[0].pos.line, 1u);
  EXPECT_EQ(c.diagnostics[0].pos.col, 20u);
  EXPECT_NE(c.diagnostics[0].message.find("warned"), std::string::npos);
  EXPECT_EQ(at(c.board, "aa"), Stone::empty);
  EXPECT_FALSE(c.forfeit);
  LineReplay j = run(sgf, "japanese");
  EXPECT_EQ(codes(j), std::vector<std::string>{"suicide"});
  EXPECT_EQ(j.forfeit, Color::white);
  // Where suicide is allowed, a single stone's suicide only recreates the position: a superko
  // under superko rules, and under a simple ko rule never legal either.
  LineReplay ing = run(sgf, "ing");
  ASSERT_EQ(codes(ing), std::vector<std::string>{"suicide"});
  EXPECT_EQ(at(ing.board, "aa"), Stone::empty);
  EXPECT_FALSE(ing.forfeit);
  for (const char *r : {"tromp-taylor", "nz"}) {
    LineReplay t = run(sgf, r);
    ASSERT_EQ(codes(t), std::vector<std::string>{"superko"}) << r;
    EXPECT_NE(t.diagnostics[0].message.find("single-stone suicide"), std::string::npos);
    EXPECT_EQ(at(t.board, "aa"), Stone::empty);
    EXPECT_EQ(t.board.captured_stones(Color::white), 0);
  }
}

TEST(Replay, MultiStoneSuicide) {
  const std::string sgf = "(;SZ[5]AW[aa]AB[ca][bb][ab];W[ba])";
  LineReplay nz = run(sgf, "nz");
  EXPECT_TRUE(nz.diagnostics.empty());
  EXPECT_EQ(at(nz.board, "aa"), Stone::empty);
  EXPECT_EQ(at(nz.board, "ba"), Stone::empty);
  EXPECT_EQ(nz.board.captured_stones(Color::white), 2);
  LineReplay tt = run(sgf, "tromp-taylor");
  EXPECT_TRUE(tt.diagnostics.empty());
  LineReplay c = run(sgf, "chinese");
  ASSERT_EQ(codes(c), std::vector<std::string>{"suicide"});
  EXPECT_NE(c.diagnostics[0].message.find("2 stones"), std::string::npos);
  EXPECT_EQ(at(c.board, "aa"), Stone::white);
  EXPECT_EQ(at(c.board, "ba"), Stone::empty);
}

TEST(Replay, KoRetakeUnderEveryRuleSet) {
  const std::string sgf = "(;SZ[4]RE[B+R]AB[ba][ab][bc]AW[ca][db][cc];B[cb];W[bb];B[cb];W[dd])";
  for (const char *r : {"chinese", "japanese", "korean", "aga", "ing", "nz", "tromp-taylor"}) {
    LineReplay line = run(sgf, r);
    const Diagnostic *ko = find(line, "ko");
    ASSERT_TRUE(ko) << r;
    EXPECT_EQ(ko->move, 3) << r;
    EXPECT_EQ(ko->severity, Severity::error);
    // The retake is void, except where it loses the game: there it stands, as in real records
    // that go on after it.
    const bool stands = line.forfeit.has_value();
    EXPECT_EQ(stands, std::string(r) == "japanese" || std::string(r) == "korean") << r;
    EXPECT_EQ(at(line.board, "bb"), stands ? Stone::empty : Stone::white) << r;
    EXPECT_EQ(at(line.board, "cb"), stands ? Stone::black : Stone::empty) << r;
    EXPECT_EQ(find(line, "superko"), nullptr) << r; // both ko and superko: reported as ko
  }
  LineReplay j = run(sgf, "japanese");
  EXPECT_EQ(j.forfeit, Color::black);
  const Diagnostic *mismatch = find(j, "result-mismatch");
  ASSERT_TRUE(mismatch);
  EXPECT_EQ(mismatch->severity, Severity::error);
  EXPECT_EQ(mismatch->move, -1);
  // Under chinese a first illegal move is only a warning: RE[B+R] stands.
  LineReplay c = run(sgf, "chinese");
  EXPECT_FALSE(c.forfeit);
  EXPECT_EQ(find(c, "result-mismatch"), nullptr);
  EXPECT_EQ(run(sgf, "aga").forfeit, std::nullopt);
}

TEST(Replay, KoRetakeAfterAnExchangeIsLegal) {
  LineReplay line =
      run("(;SZ[5]AB[ba][ab][bc]AW[ca][db][cc];B[cb];W[bb];B[ee];W[ae];B[cb])", "chinese");
  EXPECT_TRUE(line.diagnostics.empty());
  EXPECT_EQ(at(line.board, "cb"), Stone::black);
  EXPECT_EQ(at(line.board, "bb"), Stone::empty);
}

TEST(Replay, SecondWarningLosesUnderChinese) {
  // Black's void ko retake is a first warning; after White's pass, Black's retake recreates the
  // position after move 1: Black's second warning loses.
  LineReplay a =
      run("(;SZ[4]RE[B+R]AB[ba][ab][bc]AW[ca][db][cc];B[cb];W[bb];B[cb];W[];B[cb])", "chinese");
  EXPECT_EQ(codes(a), (std::vector<std::string>{"ko", "superko", "result-mismatch"}));
  EXPECT_EQ(a.forfeit, Color::black);
  EXPECT_NE(a.diagnostics[1].message.find("second warning"), std::string::npos);
  EXPECT_NE(a.diagnostics[2].message.find("second warning"), std::string::npos);
  // Illegal moves of the other side do not add up.
  LineReplay b =
      run("(;SZ[4]AB[ba][ab][bc]AW[ca][db][cc];B[cb];W[bb];B[cb];W[dd];B[dc])", "chinese");
  EXPECT_EQ(codes(b), (std::vector<std::string>{"ko", "suicide"}));
  EXPECT_EQ(b.diagnostics[1].move, 5);
  EXPECT_EQ(b.forfeit, Color::black);
  EXPECT_EQ(
      run("(;SZ[4]AB[ba][ab][bc]AW[ca][db][cc];B[cb];W[bb];B[cb];W[dd];B[dc])", "aga").forfeit,
      std::nullopt);
}

// --- Replay: superko and cycles -----------------------------------------------------------------

TEST(Replay, PositionalButNotSituationalSuperko) {
  // B takes ko A, W takes ko B, B passes, W retakes A, B retakes B: the stones are those of the
  // start, but now White is to move.
  const std::string sgf = "(;" + two_kos + ";B[cb];W[bf];B[];W[bb];B[cf])";
  LineReplay c = run(sgf, "chinese");
  ASSERT_EQ(codes(c), std::vector<std::string>{"superko"});
  EXPECT_EQ(c.diagnostics[0].move, 5);
  EXPECT_EQ(at(c.board, "cf"), Stone::empty); // void
  LineReplay tt = run(sgf, "tromp-taylor");
  EXPECT_EQ(codes(tt), std::vector<std::string>{"superko"});
  for (const char *r : {"aga", "nz"}) {
    LineReplay line = run(sgf, r);
    EXPECT_TRUE(line.diagnostics.empty()) << r;
    EXPECT_EQ(at(line.board, "cf"), Stone::black) << r;
  }
  // After White's pass, Black's retake of A repeats the situation after move 1.
  LineReplay situational = run("(;" + two_kos + ";B[cb];W[bf];B[];W[bb];B[cf];W[];B[cb])", "aga");
  ASSERT_EQ(codes(situational), std::vector<std::string>{"superko"});
  EXPECT_EQ(situational.diagnostics[0].move, 7);
}

TEST(Replay, TripleKo) {
  // Each side takes a ko in turn and neither leaves the cycle to the end of the record.
  // Chinese competition rules, Article 11.3: a triple ko neither side will leave may be judged
  // a draw or replayed, so no move of it is a superko to be charged; a recorded win is a
  // dispute. Japanese (and Korean) rules: no result.
  const std::string sgf = "(;RE[W+R]" + three_kos + triple_ko_cycle + triple_ko_cycle + ")";
  LineReplay c = run(sgf, "chinese");
  ASSERT_EQ(codes(c), (std::vector<std::string>{"cycle", "result-mismatch"}));
  EXPECT_EQ(c.diagnostics[0].severity, Severity::warning);
  EXPECT_EQ(c.diagnostics[0].move, 6);
  EXPECT_EQ(c.diagnostics[0].message,
            "triple ko: neither side leaves the cycle from the start; Article 11.3: a draw or a "
            "replay");
  EXPECT_NE(c.diagnostics[1].message.find("RE is [W+R]"), std::string::npos);
  EXPECT_TRUE(c.cycle);
  EXPECT_FALSE(c.forfeit);
  EXPECT_FALSE(has_error(c.diagnostics));
  // RE Void agrees.
  EXPECT_EQ(
      codes(run("(;RE[Void]" + three_kos + triple_ko_cycle + triple_ko_cycle + ")", "chinese")),
      std::vector<std::string>{"cycle"});
  for (const char *r : {"japanese", "korean"}) {
    LineReplay j = run(sgf, r);
    ASSERT_EQ(codes(j), (std::vector<std::string>{"cycle", "result-mismatch"})) << r;
    EXPECT_EQ(j.diagnostics[0].severity, Severity::warning);
    EXPECT_EQ(j.diagnostics[0].move, 6);
    EXPECT_EQ(j.repetitions, 7);
    EXPECT_NE(j.diagnostics[0].message.find("no result"), std::string::npos);
    EXPECT_EQ(j.diagnostics[1].severity, Severity::warning);
    EXPECT_NE(j.diagnostics[1].message.find("no result"), std::string::npos);
    EXPECT_FALSE(has_error(j.diagnostics));
  }
  // Ing, as the text states it: only the immediate retake of a ko is forbidden, and no move
  // here retakes at once, so each move is legal; the cycle is reported, and with no ruling on
  // it in the text, RE stands whatever it says.
  LineReplay ing = run(sgf, "ing");
  ASSERT_EQ(codes(ing), std::vector<std::string>{"cycle"});
  EXPECT_EQ(ing.diagnostics[0].severity, Severity::warning);
  EXPECT_EQ(ing.diagnostics[0].move, 6);
  EXPECT_EQ(ing.diagnostics[0].message,
            "triple ko: neither side leaves the cycle from the start; ing rules forbid only the "
            "immediate retake of a ko and give no ruling on a cycle");
  EXPECT_FALSE(ing.forfeit);
  // Situational superko (AGA, NZ): the move that first comes back round is illegal, reported
  // once with the cycle it closes; the turn is lost, and nobody loses the game. (With the
  // board following the record, as sgf check has it: where the board stays as the rule says,
  // the void move is not played and the record goes on from another position.)
  for (const char *r : {"aga", "nz"}) {
    LineReplay a = run(sgf, r, false);
    ASSERT_EQ(codes(a), std::vector<std::string>{"superko"}) << r;
    EXPECT_EQ(a.diagnostics[0].move, 6);
    EXPECT_NE(a.diagnostics[0].message.find("(triple ko: neither side leaves"), std::string::npos);
    EXPECT_FALSE(a.forfeit);
  }
  // A cycle that is left long before the end is no cycle: under japanese (and ing) rules the
  // repetition is legal (reported once), under chinese each move that came back is a superko.
  std::string resolved = "(;RE[W+R]" + three_kos + triple_ko_cycle;
  for (const char *m : {";B[ee]", ";W[ef]", ";B[eg]", ";W[eh]", ";B[ei]", ";W[fe]", ";B[ff]",
                        ";W[fg]", ";B[fh]", ";W[fi]"})
    resolved += m;
  for (const char *r : {"japanese", "ing"})
    EXPECT_EQ(codes(run(resolved + ")", r)), std::vector<std::string>{"repetition"}) << r;
  LineReplay left = run(resolved + ")", "chinese");
  ASSERT_EQ(codes(left), std::vector<std::string>{"superko"});
  EXPECT_EQ(left.diagnostics[0].move, 6);
  EXPECT_NE(left.diagnostics[0].message.find("White is warned"), std::string::npos);
}

TEST(Replay, ALongCycleNamesTheFirstOccurrenceEveryTime) {
  // 2,000 turns of the triple ko: move m recreates the position after move m - 6, first seen
  // after move m mod 6 (before the first move when that is 0), and that is what every report
  // names, however often the position has come back since.
  std::string sgf = "(;" + three_kos;
  constexpr int cycles = 2000;
  for (int i = 0; i < cycles; ++i)
    sgf += triple_ko_cycle;
  sgf += ")";
  // Moves on empty points at the end leave the cycle: each move that came back is a superko.
  for (const char *m : {";B[ee]", ";W[ef]", ";B[eg]", ";W[eh]", ";B[ei]", ";W[fe]", ";B[ff]"})
    sgf.insert(sgf.size() - 1, m);
  LineReplay c = run(sgf, "chinese", false);
  ASSERT_EQ(c.diagnostics.size(), size_t{cycles * 6 - 5});
  for (const Diagnostic &d : c.diagnostics) {
    ASSERT_EQ(d.code, "superko");
    const int first = d.move % 6;
    const std::string named =
        first == 0 ? "before the first move" : "after move " + std::to_string(first) + ":";
    ASSERT_NE(d.message.find(named), std::string::npos) << d.move << ": " << d.message;
  }
  LineReplay j = run(sgf, "japanese");
  EXPECT_EQ(j.repetitions, cycles * 6 - 5);
  ASSERT_EQ(codes(j), std::vector<std::string>{"repetition"});
  EXPECT_NE(j.diagnostics[0].message.find(std::to_string(cycles * 6 - 5) +
                                          " repeated positions, the last at move " +
                                          std::to_string(cycles * 6)),
            std::string::npos)
      << j.diagnostics[0].message;
  // Situational superko: the same stones with the other side to move are another situation.
  // Passes between the takes make Black retake ko A with White to move, then the next pass
  // repeats a situation already stored.
  std::string passes = "(;" + two_kos;
  for (int i = 0; i < 500; ++i)
    passes += ";B[cb];W[bf];B[];W[bb];B[cf];W[]";
  LineReplay aga = run(passes + ")", "aga", false);
  ASSERT_FALSE(aga.diagnostics.empty());
  EXPECT_EQ(aga.diagnostics[0].code, "superko");
  EXPECT_EQ(aga.diagnostics[0].move, 7);
  EXPECT_NE(aga.diagnostics[0].message.find("situation after move 1"), std::string::npos)
      << aga.diagnostics[0].message;
}

TEST(Replay, SuperkoHistoryStartsAfterTheRootSetup) {
  // Black's bb fills the last point of the 2x2 board: the four black stones have no liberty and
  // capture nothing, a multi-stone suicide, legal where suicide is allowed (Tromp-Taylor, Ing).
  // The board is then empty, but the game began from the two AB stones: the empty board before
  // the setup was never a position of this game, so no position repeats.
  const std::string sgf = "(;FF[4]GM[1]SZ[2]AB[aa][ab];B[ba];W[];B[bb])";
  for (const char *r : {"tromp-taylor", "ing"}) {
    LineReplay line = run(sgf, r);
    EXPECT_TRUE(line.diagnostics.empty()) << r << ": " << line.diagnostics[0].message;
    EXPECT_EQ(at(line.board, "aa"), Stone::empty) << r;
    EXPECT_FALSE(line.cycle) << r;
  }
}

TEST(Replay, WithoutPlTheFirstMoverIsToMoveAfterSetup) {
  // Handicap stones, then White moves, no PL: the root position had White to move. White's aa
  // then ba make a two-stone group without liberties, a suicide NZ rules allow: the stones of
  // the root are back, but with Black to move, a situation the game had not seen (situational
  // superko compares the side to move too), so the move is legal.
  LineReplay legal = run("(;SZ[3]HA[3]AB[ab][bb][ca];W[aa];B[];W[ba])", "nz");
  EXPECT_TRUE(legal.diagnostics.empty()) << legal.diagnostics[0].message;
  // With White to move at the root, White's pass then Black's two-stone suicide recreate the
  // root's stones with White to move: the situation before the first move, a superko.
  LineReplay repeat = run("(;SZ[3]AB[cc]AW[ab][bb][ca];W[];B[aa];W[];B[ba])", "nz");
  ASSERT_EQ(codes(repeat), std::vector<std::string>{"superko"});
  EXPECT_EQ(repeat.diagnostics[0].move, 4);
  EXPECT_NE(repeat.diagnostics[0].message.find("before the first move"), std::string::npos);
  // PL[W] says the same thing explicitly, and PL[B] makes the second line's start Black's.
  EXPECT_TRUE(run("(;SZ[3]PL[W]AB[ab][bb][ca];W[aa];B[];W[ba])", "nz").diagnostics.empty());
  // White moving first against PL[B] is a wrong turn, and Black's suicide is then legal.
  EXPECT_EQ(codes(run("(;SZ[3]PL[B]AB[cc]AW[ab][bb][ca];W[];B[aa];W[];B[ba])", "nz")),
            std::vector<std::string>{"wrong-turn"});
}

TEST(Replay, SetupWithoutEffect) {
  // SGFC's "AddStone has no effect": AB on a point that holds a black stone, AW on a white one,
  // AE on an empty one change nothing. One finding per property, naming its points.
  LineReplay line =
      run("(;SZ[9]AB[aa][bb]AW[cc];B[dd];AB[aa][bb][ee]AW[cc]AE[ff]AE[dd])", "chinese");
  ASSERT_EQ(codes(line),
            (std::vector<std::string>{"setup-no-effect", "setup-no-effect", "setup-no-effect"}));
  EXPECT_EQ(line.diagnostics[0].message,
            "AB has no effect at A9, B8: the points already hold black stones");
  EXPECT_EQ(line.diagnostics[1].message,
            "AW has no effect at C7: the point already holds a white stone");
  EXPECT_EQ(line.diagnostics[2].message, "AE has no effect at F4: the point is already empty");
  EXPECT_EQ(line.diagnostics[0].node, 2);
  EXPECT_EQ(line.diagnostics[0].pos.col, 33u); // the first value without effect, [aa]
  // Setup that changes the board is not reported.
  EXPECT_TRUE(run("(;SZ[9]AB[aa];W[bb];AE[aa]AW[aa])", "chinese").diagnostics.empty());
}

TEST(Replay, AVoidMoveBetweenOnePlayersPassesIsNoEnd) {
  // Black's second cc is on an occupied point: void, the turn lost. White passed twice, Black
  // never passed: the game has not ended, and Black's dd is an ordinary move.
  LineReplay line = run("(;FF[4]GM[1]SZ[9];B[cc];W[];B[cc];W[];B[dd])", "chinese");
  ASSERT_EQ(codes(line), std::vector<std::string>{"occupied"});
  EXPECT_EQ(line.diagnostics[0].move, 3);
  EXPECT_FALSE(line.ended_by_passes);
  // Passes by both players still end it.
  EXPECT_EQ(codes(run("(;FF[4]GM[1]SZ[9];B[cc];W[];B[];W[dd])", "chinese")),
            std::vector<std::string>{"play-after-end"});
}

TEST(Replay, IllegalMovesFollowTheRecordByDefault) {
  // The record goes on as the game did: a void retake is reported and costs a warning, but the
  // stone is on the board for the moves that follow.
  LineReplay ko =
      run("(;SZ[4]AB[ba][ab][bc]AW[ca][db][cc];B[cb];W[bb];B[cb];W[dd])", "chinese", false);
  EXPECT_EQ(codes(ko), std::vector<std::string>{"ko"});
  EXPECT_EQ(at(ko.board, "cb"), Stone::black);
  EXPECT_EQ(at(ko.board, "bb"), Stone::empty);
  // A triple ko played round twice under chinese rules, then left: every move that came back
  // repeats a position, and White's second one is her second warning.
  const std::string sgf = "(;RE[W+R]" + three_kos + triple_ko_cycle + triple_ko_cycle +
                          ";B[ee];W[ef];B[eg];W[eh];B[ei];W[fe];B[ff])";
  LineReplay c = run(sgf, "chinese", false);
  const auto found = codes(c);
  EXPECT_EQ(std::count(found.begin(), found.end(), "superko"), 7);
  EXPECT_EQ(std::count(found.begin(), found.end(), "suicide"), 0);
  EXPECT_EQ(std::count(found.begin(), found.end(), "occupied"), 0);
  EXPECT_EQ(c.forfeit, Color::white);
  EXPECT_EQ(found.back(), "result-mismatch");
  EXPECT_EQ(c.diagnostics[2].move, 8);
  EXPECT_NE(c.diagnostics[2].message.find("second warning"), std::string::npos);
}

// --- Replay: record problems ------------------------------------------------------------------

TEST(Replay, TtIsAPassOnlyUpTo19) {
  LineReplay small = run("(;SZ[19];B[tt];W[tt])", "chinese");
  EXPECT_TRUE(small.diagnostics.empty());
  EXPECT_EQ(small.moves, 2);
  EXPECT_TRUE(small.ended_by_passes);
  LineReplay big = run("(;SZ[21];B[tt];W[])", "chinese");
  EXPECT_TRUE(big.diagnostics.empty());
  EXPECT_EQ(big.board.at({19, 19}), Stone::black);
  EXPECT_EQ(big.trailing_passes, 1);
  LineReplay off = run("(;SZ[19];B[uu];W[dd])", "chinese");
  ASSERT_EQ(codes(off), std::vector<std::string>{"off-board"});
  EXPECT_EQ(off.diagnostics[0].move, 1);
  LineReplay rect = run("(;SZ[19:13];B[sm];W[ms])", "chinese");
  ASSERT_EQ(codes(rect), std::vector<std::string>{"off-board"});
  EXPECT_EQ(rect.diagnostics[0].move, 2);
}

// Moves take one of two paths: lower-case points on the board without setup, PL or clocks in
// their node are played straight away, the rest property by property. Both must agree.
TEST(Replay, UpperCasePointsAndClockNodesPlayLikeAnyOther) {
  // 30x30: Aa is (26, 0). White captures the black stone there with moves of both kinds.
  LineReplay big = run("(;SZ[30];B[Aa];W[za];B[dd];W[Ba];B[pp];W[Ab]BL[10];B[qq])", "chinese");
  EXPECT_TRUE(big.diagnostics.empty());
  EXPECT_EQ(big.moves, 7);
  EXPECT_EQ(big.board.at({26, 0}), Stone::empty);
  EXPECT_EQ(big.board.at({27, 0}), Stone::white);
  EXPECT_EQ(big.board.captured_stones(Color::black), 1);
  // A ko retaken at once, and a move on an occupied point, where the node also has a clock.
  LineReplay ko = run("(;SZ[9];B[bb];W[cb];B[ac]WL[30];W[dc];B[bd];W[cd];B[ca]BL[5];W[ce];"
                      "B[cc];W[bc]BL[1];B[cc]BL[2])",
                      "japanese");
  EXPECT_EQ(codes(ko), std::vector<std::string>{"ko"});
  LineReplay occupied = run("(;SZ[9];B[ee]BL[5];W[ee]WL[5])", "chinese");
  EXPECT_EQ(codes(occupied), std::vector<std::string>{"occupied"});
}

TEST(Replay, OccupiedPoint) {
  LineReplay line = run("(;B[dd];W[dd];B[pp])", "japanese");
  ASSERT_EQ(codes(line), std::vector<std::string>{"occupied"});
  EXPECT_EQ(line.diagnostics[0].move, 2);
  EXPECT_EQ(line.board.at({3, 3}), Stone::black);
  EXPECT_EQ(line.board.at({15, 15}), Stone::black);
  EXPECT_FALSE(line.forfeit); // a record error, not a player's
}

TEST(Replay, WrongTurn) {
  LineReplay twice = run("(;RE[B+R];B[dd];B[pp])", "chinese");
  ASSERT_EQ(codes(twice), (std::vector<std::string>{"wrong-turn", "result-mismatch"}));
  EXPECT_EQ(twice.diagnostics[0].move, 2);
  EXPECT_EQ(twice.forfeit, Color::black);
  EXPECT_EQ(twice.board.at({15, 15}), Stone::black); // applied: the record says it was played
  EXPECT_EQ(codes(run("(;B[dd];B[pp])", "nz")), std::vector<std::string>{"wrong-turn"});
  EXPECT_FALSE(run("(;B[dd];B[pp])", "nz").forfeit);
  EXPECT_TRUE(run("(;B[dd];PL[B]B[pp])", "chinese").diagnostics.empty());
  EXPECT_TRUE(run("(;B[dd];AB[qq];B[pp])", "chinese").diagnostics.empty());
  EXPECT_TRUE(run("(;W[dd];B[pp])", "chinese").diagnostics.empty());
  // Handicap stones written as moves.
  EXPECT_TRUE(run("(;HA[3];B[dd];B[pp];B[dp];W[pd])", "japanese").diagnostics.empty());
  EXPECT_EQ(codes(run("(;HA[2];B[dd];B[pp];B[dp];W[pd])", "japanese")),
            (std::vector<std::string>{"wrong-turn", "handicap-mismatch"}));
}

TEST(Replay, HandicapMismatch) {
  EXPECT_TRUE(run("(;HA[2]AB[dd][pp];W[dp])", "japanese").diagnostics.empty());
  LineReplay wrong = run("(;HA[3]AB[dd][pp];W[dp])", "japanese");
  ASSERT_EQ(codes(wrong), std::vector<std::string>{"handicap-mismatch"});
  EXPECT_EQ(wrong.diagnostics[0].move, -1);
  EXPECT_EQ(wrong.diagnostics[0].pos.col, 5u);
  EXPECT_EQ(codes(run("(;HA[0]AB[dd][pp];W[dp])", "japanese")),
            std::vector<std::string>{"handicap-mismatch"});
  EXPECT_EQ(codes(run("(;HA[4];B[dd];B[pp];W[dp])", "japanese")),
            std::vector<std::string>{"handicap-mismatch"});
  EXPECT_TRUE(run("(;HA[0];B[dd];W[pp])", "japanese").diagnostics.empty());
  // A problem position set up with both colours is no handicap.
  EXPECT_TRUE(run("(;HA[0]AB[dd][pp][dp]AW[pd];W[qq])", "japanese").diagnostics.empty());
}

TEST(RuleSet, FixedHandicapPointsFollowGtp) {
  // GTP 2's fixed_handicap table, as GNU Go answers it.
  auto names = [](int n, int side) {
    std::set<std::string> out;
    for (Point p : fixed_handicap_points(n, {side, side}))
      out.insert(point_name(p, {side, side}));
    return out;
  };
  using Names = std::set<std::string>;
  EXPECT_EQ(names(2, 19), (Names{"D4", "Q16"}));
  EXPECT_EQ(names(3, 19), (Names{"D4", "Q16", "D16"}));
  EXPECT_EQ(names(5, 19), (Names{"D4", "Q16", "D16", "Q4", "K10"}));
  EXPECT_EQ(names(6, 19), (Names{"D4", "Q16", "D16", "Q4", "D10", "Q10"}));
  EXPECT_EQ(names(8, 19), (Names{"D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16"}));
  EXPECT_EQ(names(9, 19).size(), 9u);
  EXPECT_EQ(names(7, 13), (Names{"D4", "K10", "D10", "K4", "D7", "K7", "G7"}));
  EXPECT_EQ(names(4, 9), (Names{"C3", "G7", "C7", "G3"}));
  // No placement beyond the table: one stone, ten, five on an even board, a rectangle.
  EXPECT_TRUE(fixed_handicap_points(1, {19, 19}).empty());
  EXPECT_TRUE(fixed_handicap_points(10, {19, 19}).empty());
  EXPECT_TRUE(fixed_handicap_points(5, {18, 18}).empty());
  EXPECT_EQ(fixed_handicap_points(4, {18, 18}).size(), 4u);
  EXPECT_TRUE(fixed_handicap_points(2, {19, 13}).empty());
  EXPECT_TRUE(fixed_handicap_points(2, {5, 5}).empty());
}

TEST(Replay, FixedHandicapStonesWhereTheRecordLeavesThemOut) {
  RuleSet fixed = rule_set("japanese");
  fixed.fixed_handicap = true;
  auto replayed = [](const std::string &sgf, const RuleSet &rules) {
    auto lines = replay(parse_one(sgf), rules);
    EXPECT_FALSE(lines.empty());
    return lines.empty() ? LineReplay{} : std::move(lines.front());
  };
  // White moves first under HA[2] with no AB: the stones stand on D4 and Q16.
  const std::string left_out = "(;HA[2];W[qp];B[ed])";
  LineReplay placed = replayed(left_out, fixed);
  EXPECT_TRUE(placed.diagnostics.empty());
  EXPECT_EQ(at(placed.board, "pd"), Stone::black);
  EXPECT_EQ(at(placed.board, "dp"), Stone::black);
  EXPECT_EQ(fixed_handicap_stones(parse_one(left_out), fixed).size(), 2u);
  // As recorded: no stones, and HA disagrees with the board.
  LineReplay recorded = replayed(left_out, rule_set("japanese"));
  EXPECT_EQ(at(recorded.board, "pd"), Stone::empty);
  EXPECT_EQ(codes(recorded), std::vector<std::string>{"handicap-mismatch"});
  EXPECT_NE(recorded.diagnostics[0].message.find("--rule handicap-stones=fixed"), std::string::npos)
      << recorded.diagnostics[0].message;
  // Stones set up with AB are not left out: no such hint.
  LineReplay too_few = replayed("(;HA[3]AB[dd][pp];W[qp])", rule_set("japanese"));
  ASSERT_EQ(codes(too_few), std::vector<std::string>{"handicap-mismatch"});
  EXPECT_EQ(too_few.diagnostics[0].message.find("--rule"), std::string::npos);
  // A move on a fixed point finds it taken.
  EXPECT_EQ(codes(replayed("(;HA[2];W[pd])", fixed)), std::vector<std::string>{"occupied"});
  // Nothing is added where the record places the stones, by AB or as Black's moves, nor
  // without HA.
  for (const char *sgf :
       {"(;HA[2]AB[dd][pp];W[qp])", "(;HA[2];B[dd];B[pp];W[qp])", "(;HA[0];W[qp])", "(;W[qp])"}) {
    EXPECT_TRUE(fixed_handicap_stones(parse_one(sgf), fixed).empty()) << sgf;
    EXPECT_EQ(at(replayed(sgf, fixed).board, "pd"), Stone::empty) << sgf;
  }
}

TEST(Replay, PlayAfterEnd) {
  LineReplay line = run("(;B[dd];W[];B[];W[pp];B[pd];W[dp])", "chinese");
  ASSERT_EQ(codes(line), std::vector<std::string>{"play-after-end"});
  EXPECT_EQ(line.diagnostics[0].severity, Severity::warning);
  EXPECT_EQ(line.diagnostics[0].move, 4);
  EXPECT_NE(line.diagnostics[0].message.find("2 more"), std::string::npos);
  EXPECT_TRUE(run("(;B[dd];W[];B[];W[])", "aga").diagnostics.empty());
}

TEST(Replay, TimeLoss) {
  LineReplay line = run("(;RE[B+R];B[dd]BL[0]OB[0];W[pp]WL[30])", "japanese");
  ASSERT_EQ(codes(line), std::vector<std::string>{"time-loss"});
  EXPECT_EQ(line.diagnostics[0].move, 1);
  EXPECT_EQ(line.diagnostics[0].severity, Severity::warning);
  EXPECT_TRUE(run("(;RE[W+T];B[dd]BL[0]OB[0];W[pp]WL[30])", "japanese").diagnostics.empty());
  EXPECT_TRUE(run("(;RE[W+Time];B[dd]BL[0];W[pp])", "japanese").diagnostics.empty());
  EXPECT_TRUE(run("(;RE[B+R];B[dd]BL[0]OB[3];W[pp])", "japanese").diagnostics.empty());
  EXPECT_TRUE(run("(;RE[B+R];B[dd]BL[12.5];W[pp])", "japanese").diagnostics.empty());
}

TEST(Replay, VariationsAreReportedOnce) {
  Game game = parse_one("(;B[dd](;W[dd])(;W[pp];B[pp])(;W[qq];B[qq]))");
  const RuleSet r = rule_set("chinese");
  auto main_only = replay(game, r);
  ASSERT_EQ(main_only.size(), 1u);
  ASSERT_EQ(codes(main_only[0]), std::vector<std::string>{"occupied"});
  ReplayOptions options;
  options.variations = true;
  int visits = 0;
  options.visit = [&](const Position &p) {
    ++visits;
    EXPECT_LE(p.move_number, 3);
    return true;
  };
  auto all = replay(game, r, options);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(visits, 2 + 3 + 3);
  EXPECT_EQ(codes(all[1]), std::vector<std::string>{"occupied"});
  EXPECT_EQ(all[1].diagnostics[0].move, 3);
  EXPECT_EQ(all[1].diagnostics[0].node, 3);
  EXPECT_EQ(all[2].diagnostics[0].node, 5);
  EXPECT_EQ(all[2].line, (std::vector<NodeIndex>{0, 4, 5}));
  Board b = position_after(game, all[1].line, r);
  EXPECT_EQ(b.at({15, 15}), Stone::white);
  // A visitor that stops a line.
  options.variations = false;
  options.visit = [](const Position &p) { return p.move_number < 1; };
  auto stopped = replay(game, r, options);
  EXPECT_EQ(stopped[0].line.size(), 1u);
}

TEST(Replay, BadBoardSize) {
  LineReplay line = run("(;SZ[99];B[dd])", "chinese");
  ASSERT_EQ(codes(line), std::vector<std::string>{"board-size"});
}

// --- Real records ------------------------------------------------------------------------------

TEST(RealRecords, CwiUnusualInTestdata) {
  const std::filesystem::path dir = std::filesystem::path(SGF_TESTDATA) / "rules";
  struct Expect {
    const char *file;
    const char *rules;
    const char *code;
    int move;
  };
  const Expect cases[] = {
      {"illegal_ko_10.sgf", "japanese", "ko", 189},
      {"illegal_ko_13.sgf", "japanese", "ko", 104},
      {"suicide_1.sgf", "japanese", "suicide", 105},
      {"suicide_2.sgf", "japanese", "suicide", 214},
      {"both_lost_2.sgf", "japanese", "occupied", 242},
      // Cycles neither side leaves: one finding at the first return (issue 20's goldens in
      // tests/cli/check-cycle-* show the messages).
      {"triple_ko_12.sgf", "chinese", "cycle", 152},
      {"triple_ko_12.sgf", "japanese", "cycle", 152},
      {"triple_ko_12.sgf", "aga", "superko", 152},
      {"eternal_life_1.sgf", "japanese", "cycle", 145},
      {"eternal_life_1.sgf", "chinese", "cycle", 145},
      {"eternal_life_1.sgf", "nz", "superko", 145},
  };
  for (const Expect &e : cases) {
    const std::string text = read_file(dir / e.file);
    ASSERT_FALSE(text.empty()) << e.file;
    LineReplay line = run(text, e.rules);
    const Diagnostic *d = find(line, e.code);
    ASSERT_TRUE(d) << e.file << " " << e.rules;
    if (e.move > 0) {
      EXPECT_EQ(d->move, e.move) << e.file;
    }
  }
  // The illegal ko retakes were penalised and RE agrees with the rules (B+F / W+F).
  LineReplay ko = run(read_file(dir / "illegal_ko_13.sgf"), "japanese");
  EXPECT_EQ(find(ko, "result-mismatch"), nullptr);
  ASSERT_TRUE(ko.forfeit);
}

// Compares with an independent replay's counts (cwi_unusual_replay.tsv): moves, moves on
// occupied points, immediate ko retakes and repeated positions under a simple-ko rule set.
TEST(RealRecords, CwiUnusualAgreesWithIndependentReplay) {
  const std::filesystem::path base = std::filesystem::path(SGF_CORPUS) / "rules";
  std::ifstream tsv(base / "cwi_unusual_replay.tsv");
  if (!tsv)
    GTEST_SKIP() << "no corpus at " << base;
  std::string row;
  std::getline(tsv, row);
  int games = 0;
  while (std::getline(tsv, row)) {
    std::vector<std::string> f;
    std::stringstream s(row);
    for (std::string cell; std::getline(s, cell, '\t');)
      f.push_back(cell);
    ASSERT_GE(f.size(), 13u);
    ParseResult parsed = parse_sgf(read_file(base / f[0]));
    ASSERT_FALSE(parsed.collection.games.empty()) << f[0];
    RuleSet simple = rule_set("japanese");
    auto lines = replay(parsed.collection.games[0], simple);
    const LineReplay &line = lines[0];
    const auto found = codes(line);
    auto count = [&](const char *c) { return std::count(found.begin(), found.end(), c); };
    EXPECT_EQ(line.moves, std::stoi(f[5])) << f[0];
    EXPECT_EQ(count("occupied"), std::stoi(f[8])) << f[0];
    EXPECT_EQ(count("suicide"), std::stoi(f[9])) << f[0];
    EXPECT_EQ(count("ko"), std::stoi(f[11])) << f[0];
    // Their count of repeated positions includes the ko retakes, single-stone suicides and
    // moves on occupied points, which change nothing or recreate a position.
    EXPECT_EQ(line.repetitions + count("ko") + count("suicide") + count("occupied"),
              std::stoi(f[12]))
        << f[0];
    ++games;
  }
  EXPECT_EQ(games, 111);
}

// Every game of the rules corpus, every variation, under its own rules and under each preset:
// no crash, every move counted, and the whole-board confirmation never contradicted (a cycle is
// only reported with a position that really repeats).
TEST(RealRecords, RulesCorpusReplaysWithoutCrash) {
  const std::filesystem::path base = std::filesystem::path(SGF_CORPUS) / "rules";
  if (!std::filesystem::exists(base))
    GTEST_SKIP() << "no corpus at " << base;
  size_t files = 0, games = 0, lines = 0, branched = 0;
  std::map<std::string, size_t> counts;
  ReplayOptions options;
  options.variations = true;
  for (const auto &entry : std::filesystem::recursive_directory_iterator(base)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".sgf")
      continue;
    ++files;
    ParseResult parsed = parse_sgf(read_file(entry.path()));
    for (const Game &game : parsed.collection.games) {
      if (game.empty())
        continue;
      ++games;
      Diagnostics notes;
      const RuleSet own = rules_for(game, std::nullopt, notes);
      for (const RuleSet &r : {own, rule_set("tromp-taylor")}) {
        auto replayed = replay(game, r, options);
        ASSERT_FALSE(replayed.empty()) << entry.path();
        lines += replayed.size();
        // One line instead of one per variation: the main line's, with every finding.
        ReplayOptions one_line = options;
        one_line.line_per_variation = false;
        auto merged = replay(game, r, one_line);
        ASSERT_EQ(merged.size(), 1u) << entry.path();
        EXPECT_EQ(merged[0].line, replayed[0].line) << entry.path();
        EXPECT_EQ(merged[0].board.hash(), replayed[0].board.hash()) << entry.path();
        std::vector<std::tuple<int, std::string, std::string>> each, all;
        for (const LineReplay &line : replayed)
          for (const Diagnostic &d : line.diagnostics)
            each.emplace_back(d.node, d.code, d.message);
        for (const Diagnostic &d : merged[0].diagnostics)
          all.emplace_back(d.node, d.code, d.message);
        EXPECT_EQ(all, each) << entry.path();
        if (replayed.size() > 1) {
          // Each variation from the state where it branches off, against each line replayed
          // from the root (a visitor asks for that): the same lines, positions and findings.
          ReplayOptions from_root = options;
          from_root.visit = [](const Position &) { return true; };
          auto again = replay(game, r, from_root);
          ASSERT_EQ(again.size(), replayed.size()) << entry.path();
          std::set<std::tuple<int, std::string, std::string>> shared, separate;
          for (size_t i = 0; i < again.size(); ++i) {
            ASSERT_EQ(replayed[i].line, again[i].line) << entry.path() << " line " << i;
            EXPECT_EQ(replayed[i].board.hash(), again[i].board.hash()) << entry.path();
            EXPECT_EQ(replayed[i].moves, again[i].moves) << entry.path();
            EXPECT_EQ(replayed[i].forfeit, again[i].forfeit) << entry.path();
            for (const Diagnostic &d : replayed[i].diagnostics)
              shared.emplace(d.node, d.code, d.message);
            for (const Diagnostic &d : again[i].diagnostics)
              separate.emplace(d.node, d.code, d.message);
          }
          EXPECT_EQ(shared, separate) << entry.path();
          ++branched;
        }
        for (const LineReplay &line : replayed) {
          EXPECT_LE(line.moves, static_cast<int>(line.line.size())) << entry.path();
          for (const Diagnostic &d : line.diagnostics) {
            ++counts[d.code];
            EXPECT_GE(d.node, 0) << entry.path() << " " << d.code;
          }
        }
      }
    }
  }
  EXPECT_GT(files, 6000u);
  EXPECT_GT(games, 6000u);
  EXPECT_GT(lines, games * 2);
  EXPECT_GT(branched, 100u);
  // The corpus was chosen for these: each shows up.
  for (const char *code : {"ko", "superko", "occupied", "suicide", "repetition", "wrong-turn",
                           "handicap-mismatch", "time-loss", "result-mismatch"})
    EXPECT_GT(counts[code], 0u) << code;
}

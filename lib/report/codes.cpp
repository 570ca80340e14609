#include "lib/report/codes.h"

#include <array>

namespace sgf {

namespace {

constexpr std::array rules_table{
    CodeInfo{"occupied", Severity::error,
             "a move on a point that already holds a stone; the move is void", "(;B[dd];W[dd])"},
    CodeInfo{
        "off-board", Severity::error,
        "a move outside the board (B[tt] is a pass only on boards up to 19x19); the move is void",
        "(;SZ[9];B[jj])"},
    CodeInfo{"suicide", Severity::error,
             "a move that leaves its own chain without liberties where the rule set forbids it",
             "(;AB[ba][ab];B[cc];W[aa])"},
    CodeInfo{"ko", Severity::error, "the immediate recapture of a single-stone ko",
             "(;SZ[4]AB[ba][ab][bc]AW[ca][db][cc];B[cb];W[bb];B[cb])"},
    CodeInfo{"superko", Severity::error,
             "a move that recreates an earlier whole-board position (positional or situational as "
             "the rule set says); also a single-stone suicide where suicide is allowed",
             "triple ko under --rules chinese"},
    CodeInfo{"repetition", Severity::warning,
             "under a simple-ko rule set, a move that recreates an earlier whole-board position "
             "(triple ko, eternal life)",
             "triple ko under --rules japanese"},
    CodeInfo{"wrong-turn", Severity::error,
             "the same colour moves twice without PL or setup in between", "(;B[dd];B[pp])"},
    CodeInfo{"play-after-end", Severity::warning, "a stone played after two consecutive passes",
             "(;B[dd];W[];B[];W[pp])"},
    CodeInfo{"handicap-mismatch", Severity::error,
             "HA disagrees with the black stones placed before White's first move",
             "(;HA[3]AB[dd][pp];W[dp])"},
    CodeInfo{"time-loss", Severity::warning,
             "BL/WL/OB/OW show a player out of time while RE says otherwise",
             "(;RE[B+R];B[dd]BL[0]OB[0])"},
    CodeInfo{"result-mismatch", Severity::error,
             "RE contradicts what the rules decide: a player who lost by an illegal move (or by a "
             "second warning) recorded as the winner; a winner recorded for a game that ends in a "
             "cycle under japanese or korean rules (warning)",
             "(;RU[Japanese]RE[B+R]AB[ba][ab][bc]AW[ca][db][cc];B[cb];W[bb];B[cb])"},
    CodeInfo{"rules-assumed", Severity::note,
             "the record names no known rule set (RU) and none was requested: chinese is assumed",
             "(;RU[Pair go];B[dd])"},
    CodeInfo{"board-size", Severity::error,
             "SZ is not a board from 1x1 to 52x52; the game is not replayed", "(;SZ[99];B[dd])"},
};

} // namespace

std::span<const CodeInfo> rules_codes() {
  return rules_table;
}

const CodeInfo *find_code(std::string_view code) {
  for (const CodeInfo &info : rules_table)
    if (info.code == code)
      return &info;
  return nullptr;
}

} // namespace sgf

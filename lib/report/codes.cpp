#include "lib/report/codes.h"

#include <array>

namespace sgf {

namespace {

constexpr std::array syntax_table{
    CodeInfo{"empty-file", Severity::error, "the input holds nothing at all", "an empty file"},
    CodeInfo{"not-sgf", Severity::error,
             "no game tree (\"(;\") anywhere in the input, or binary data (control bytes all "
             "over an input that does not open with a game tree)",
             "a text file named game.sgf"},
    CodeInfo{"limit-exceeded", Severity::error,
             "a limit against hostile input was exceeded (nesting depth, value length, game "
             "count; 10 million nodes or 4 GiB of memory for the games held at once: those of one "
             "part of a collection, some 20 MB of text); reading stops there",
             "10 MB of \"(\""},
    CodeInfo{"too-many-diagnostics", Severity::warning,
             "more diagnostics than a limit allows (the parser: 1,000 per record; the "
             "specification check: 1,000 per game, 10,000 per record); the rest are counted, not "
             "shown, and the severity is the worst of them",
             "a binary file"},
    CodeInfo{"junk-before-game", Severity::warning, "text before the first game tree, ignored",
             "Game 1: (;GM[1])"},
    CodeInfo{"sgf-before-game", Severity::warning,
             "text before the first game tree looks like SGF data (a value in brackets): a game "
             "tree whose \"(;\" was lost?",
             "[aa][bb] (;GM[1])"},
    CodeInfo{"nul-byte", Severity::warning,
             "a NUL byte in the file, which no SGF text holds (binary data, zero padding); the "
             "first is shown, with the count",
             "(;C[a\\0b])"},
    CodeInfo{"junk-between-games", Severity::warning, "text between two game trees, ignored",
             "(;GM[1]) -- (;GM[1])"},
    CodeInfo{"trailing-garbage", Severity::warning, "text after the last game tree, ignored",
             "(;GM[1]) EOF"},
    CodeInfo{"missing-open-paren", Severity::warning,
             "the input starts with a node (';' then a property) but no '(': the game tree's '(' "
             "is assumed",
             ";GM[1];B[aa])"},
    CodeInfo{"missing-close-paren", Severity::warning,
             "the file ends with game trees still open; they are closed", "(;GM[1];B[aa]"},
    CodeInfo{"missing-semicolon", Severity::warning,
             "properties where a node should start; a ';' is assumed", "(GM[1];B[aa])"},
    CodeInfo{"node-outside-variation", Severity::warning,
             "a node or properties after a variation closed; a '(' is assumed",
             "(;FF[4](;C[a]);C[b])"},
    CodeInfo{"illegal-variation-start", Severity::warning,
             "\"((\" where a game or variation starts; the extra '(' is ignored", "((;GM[1]))"},
    CodeInfo{"empty-variation", Severity::warning, "an empty variation \"()\", ignored",
             "(;GM[1]()(;B[aa]))"},
    CodeInfo{"empty-game", Severity::warning, "an empty game tree, ignored", "()"},
    CodeInfo{"illegal-chars", Severity::warning,
             "characters that are neither identifiers nor values, ignored",
             "(; illegal_chars FF[4])"},
    CodeInfo{"lowercase-identifier", Severity::warning,
             "an FF[1]-FF[3] identifier with lowercase letters, read by its capitals",
             "(;AddBlack[aa])"},
    CodeInfo{"identifier-too-long", Severity::warning,
             "an identifier of more than 100 letters, ignored with its values", "XXXX...X[a]"},
    CodeInfo{"missing-value", Severity::warning, "an identifier without a value, ignored",
             "(;GM[1]AB;B[aa])"},
    CodeInfo{"value-without-identifier", Severity::warning, "values without an identifier, ignored",
             "(;[aa][bb])"},
    CodeInfo{"unescaped-bracket", Severity::warning,
             "an unescaped ']' inside a value at the end of a line, read as text", "C[see [1]]"},
    CodeInfo{"unclosed-value", Severity::warning,
             "a value not closed by ']' before the end of the file", "(;C[never closed"},
    CodeInfo{"invalid-bytes", Severity::warning,
             "byte sequences invalid in the record's charset, replaced with U+FFFD",
             "a UTF-8 character cut in half"},
    CodeInfo{"invalid-utf8", Severity::warning,
             "ill-formed UTF-8 (a character cut in half, or another charset) repaired with U+FFFD",
             "a Fox record with a truncated name"},
    CodeInfo{"unreadable", Severity::error,
             "an input could not be read (missing, a folder without permission, a broken archive); "
             "printed on standard error, exit status 2",
             "sgf check missing.sgf"},
    CodeInfo{"charset-unknown", Severity::warning, "a CA naming no charset known to iconv, ignored",
             "CA[unknown]"},
    CodeInfo{"charset-wrong", Severity::note,
             "CA names a charset the bytes do not fit; the detected one is used",
             "CA[GB2312] on UTF-8 bytes"},
    CodeInfo{"charset-detected", Severity::note,
             "no CA, or one naming no charset: the charset was detected (uchardet)",
             "a Shift_JIS record without CA"},
    // The other record formats (GIB, NGF, UGF/UGI, one-line kifu); see sgf-convert(1).
    CodeInfo{"truncated", Severity::error,
             "a GIB, NGF or UGF record cut short: a header or game section without its end marker, "
             "a UGF VARIATION without VARIATIONEND",
             "a GIB file without \\GE"},
    CodeInfo{"gib-no-header", Severity::error, "a GIB record that does not start with \\HS",
             "a GIB file whose first line is lost"},
    CodeInfo{"gib-bad-header-line", Severity::warning,
             "a GIB header line that is not \\[KEY=VALUE\\], or a value without its closing \\], "
             "ignored",
             "\\[GAMEBLACKNAME=a\\"},
    CodeInfo{"gib-bad-move", Severity::error,
             "a GIB STO, SKI or INI line that cannot be read, a colour other than 1 or 2, or a "
             "point off the board; the line is ignored",
             "STO 0 2 3 16 3"},
    CodeInfo{"gib-bad-handicap", Severity::warning, "a GIB handicap of 1 or above 9, ignored",
             "INI 0 1 12 &4"},
    CodeInfo{"gib-move-number", Severity::warning,
             "GIB moves out of sequence (the order of the lines is kept)",
             "STO 0 5 1 3 3 after move 3"},
    CodeInfo{"gib-unknown-result", Severity::warning,
             "a GIB result code (GRLT) this reader does not know: no RE written",
             "\\[GAMERESULT=...\\] with GRLT:9"},
    CodeInfo{"ngf-short-header", Severity::error,
             "fewer NGF header lines than the format has (12, or 11 GI lines)",
             "an NGF file of 5 lines"},
    CodeInfo{
        "ngf-bad-header", Severity::error,
        "an NGF header line that should be a number (board size, handicap, ...) is not, or a board "
        "size or handicap out of range; the default is used (a handicap out of range: warning)",
        "line 2 reads \"nineteen\""},
    CodeInfo{"ngf-bad-move", Severity::error,
             "an NGF move line that cannot be read, or off the board; ignored (warning when its "
             "mirrored coordinates disagree: the first pair is used)",
             "PMabBxx"},
    CodeInfo{"ngf-move-number", Severity::warning,
             "NGF moves out of sequence (the order of the lines is kept)", "PMac after PMaa"},
    CodeInfo{"ngf-unknown-result", Severity::warning,
             "an NGF result text that names no winner, kept in GC", "a result line reading \"?\""},
    CodeInfo{"ugf-no-header", Severity::error, "a UGF/UGI record without a [Header] section",
             "a UGF file cut before [Header]"},
    CodeInfo{"ugf-encrypted", Severity::error,
             "an encrypted UGF record (Crypt other than PLAIN_UGF_FILE), which cannot be read",
             "Crypt=1,ENCRYPTED"},
    CodeInfo{"ugf-bad-header", Severity::error, "a UGF board size outside 2 to 52; 19 is used",
             "Size=99"},
    CodeInfo{"ugf-bad-line", Severity::warning, "a UGF header line without '=', ignored",
             "a stray word under [Header]"},
    CodeInfo{
        "ugf-bad-move", Severity::error,
        "a UGF move or review line that cannot be read, or a handicap stone off the board; ignored",
        "QD,B1,x,0"},
    CodeInfo{
        "ugf-bad-variation", Severity::error,
        "UGI VARIATION and VARIATIONEND that do not pair, or variations nested over 1,000 deep",
        "VARIATIONEND first"},
    CodeInfo{"ugf-bad-comment", Severity::warning,
             "a UGI comment for a node the review does not have, ignored",
             ".Comment for node 999 of 10"},
    CodeInfo{"ugf-unknown-result", Severity::note,
             "a UGF Winner margin that is not a number of points: RE gives the winner only",
             "Winner=B,?"},
    CodeInfo{"kifu-bad-line", Severity::error,
             "a one-line kifu line without an id and a tab, ignored", "a line of moves only"},
    CodeInfo{"kifu-bad-move", Severity::error,
             "a kifu move that is not ;B[xy] or ;W[xy]; the rest of the line is ignored", ";B[d"},
    CodeInfo{"kifu-no-index", Severity::note,
             "one-line kifu without the kifu.index that holds its games' players, date and "
             "result (none beside the file, nor before it in its archive): moves only",
             "a kifu file read from standard input"},
    CodeInfo{"kifu-no-index-entry", Severity::warning,
             "a kifu game the kifu.index beside it does not list: moves only",
             "an id missing from kifu.index"},
};

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
             "under a simple-ko rule set (japanese, korean, ing), a move that recreates an "
             "earlier whole-board position (triple ko, eternal life)",
             "triple ko under --rules japanese"},
    CodeInfo{"cycle", Severity::warning,
             "the line ends in a cycle both sides keep going round (triple ko, eternal life): "
             "a draw or a replay under chinese rules (Article 11.3), no result under japanese "
             "and korean, no ruling under ing; under superko rule sets the move that first comes "
             "back is a superko",
             "triple ko under --rules chinese"},
    CodeInfo{"setup-no-effect", Severity::warning,
             "AB, AW or AE on a point that already holds that stone (or is already empty): the "
             "setup changes nothing there",
             "(;AB[aa];AB[aa])"},
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
             "cycle that the rules make a draw, a replay or no result (warning)",
             "(;RU[Japanese]RE[B+R]AB[ba][ab][bc]AW[ca][db][cc];B[cb];W[bb];B[cb])"},
    CodeInfo{"rules-assumed", Severity::note,
             "the record names no known rule set (RU) and none was requested: chinese is assumed",
             "(;RU[Pair go];B[dd])"},
    CodeInfo{"rules-convention", Severity::note,
             "the server the record comes from (its profile) plays by other rules than RU names, "
             "or by its own where RU names none, or a game between professionals with no RU has "
             "a komi other than those of area rules: those rules are used",
             "(;PC[NNGS];B[dd])"},
    CodeInfo{"komi-convention", Severity::note,
             "KM is not the komi as written: the profile of the record's server says how it "
             "writes KM (in hundredths, or 0 for its usual komi), or KM is more points than the "
             "board has and is read as hundredths",
             "(;AP[foxwq]RU[Japanese]KM[650];B[dd])"},
    CodeInfo{"handicap-convention", Severity::note,
             "HA[2] to HA[9] with no AB and White moving first, from a server whose records leave "
             "out the fixed handicap stones (or with --rule handicap-stones=fixed): Black's "
             "stones stand on the fixed points",
             "(;AP[foxwq]HA[2];W[pp])"},
    CodeInfo{"board-size", Severity::error,
             "SZ is not a board from 1x1 to 52x52; the game is not replayed", "(;SZ[99];B[dd])"},
};

} // namespace

std::span<const CodeInfo> syntax_codes() {
  return syntax_table;
}

std::span<const CodeInfo> rules_codes() {
  return rules_table;
}

const CodeInfo *find_code(std::string_view code) {
  for (const CodeInfo &info : syntax_table)
    if (info.code == code)
      return &info;
  for (const CodeInfo &info : rules_table)
    if (info.code == code)
      return &info;
  return nullptr;
}

} // namespace sgf

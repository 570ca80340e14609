// Reading WBaduk / Cyberoro NGF records into the lib/sgf tree, with every problem a located
// Diagnostic.
#pragma once

#include "parsers/sgf/parse.h"

#include <string>
#include <string_view>

namespace sgf {

// True when the text looks like NGF: a board size on the second line (or a "GI" header), and
// "PM" move lines.
bool looks_like_ngf(std::string_view bytes);

ParseResult parse_ngf(std::string_view bytes, const ParseOptions &options = {});

// An SGF result ("B+0.5", "W+R", "B+T", "0") from a result text as WBaduk and other Asian
// servers write it in English, Korean, Chinese or Japanese ("Black wins by 0.5!", "흑 1.5집 승",
// "黑中盘胜", "白5.5目勝ち"), read by read_result; empty when the text names no winner.
std::string result_from_text(std::string_view text);

} // namespace sgf

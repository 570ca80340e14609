// Player ranks (BR, WR) read onto one scale of grades, for standings and for the rules a game
// between professionals was played under.
#pragma once

#include <optional>
#include <string_view>

namespace sgf {

// A rank as a grade on one scale, one grade per rank step: kyu k is 1 - k (1k is 0, 30k is -29),
// dan d is d (1d is 1), professional p is 9 + p (1p is one above 9d). Spellings: "5k", "5 kyu",
// "5級", "5级", "5급", "3d", "3 dan", "3段", "三段", "初段", "3단", "초단", "2p", "2 pro", "九段
// pro"; a trailing "?" or "*" (an uncertain server rank) is ignored. Anything else is unknown.
std::optional<int> parse_grade(std::string_view rank);

// Whether the rank is a professional's, of any dan ("0p" for one whose dan is not given). What
// follows a comma or an ampersand is left out: a title holder's rank ("9p, Meijin"), a pair's
// second rank ("8p & 9p").
bool is_professional_rank(std::string_view rank);

} // namespace sgf

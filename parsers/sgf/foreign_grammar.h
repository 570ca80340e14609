// Boost.Spirit X3 pieces that the readers of the other record formats (GIB, UGF) share.
#pragma once

#include <boost/spirit/home/x3.hpp>

namespace sgf::foreign::grammar {

namespace x3 = boost::spirit::x3;

// Numbers in move lines: unsigned with a bounded count of digits, which X3 reads without the
// checks for a sign and for overflow. A move or node number has up to 6 digits; a colour or a
// coordinate up to 2 (a point off the board is still read, up to 99). A longer number makes the
// line a bad one.
inline const auto move_number = x3::uint_parser<unsigned, 10, 1, 6>{};
inline const auto small_number = x3::uint_parser<unsigned, 10, 1, 2>{};

} // namespace sgf::foreign::grammar

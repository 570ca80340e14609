// Boost.Spirit X3 pieces that the readers of the other record formats (GIB, NGF, UGF) share.
#pragma once

#include <boost/fusion/include/at_c.hpp>
#include <boost/fusion/include/vector.hpp>
#include <boost/spirit/home/x3.hpp>

#include <string_view>

namespace sgf::foreign::grammar {

namespace x3 = boost::spirit::x3;

// Numbers in move lines: unsigned with a bounded count of digits, which X3 reads without the
// checks for a sign and for overflow. A move or node number has up to 6 digits; a colour or a
// coordinate up to 2 (a point off the board is still read, up to 99). A longer number makes the
// line a bad one.
inline const auto move_number = x3::uint_parser<unsigned, 10, 1, 6>{};
inline const auto small_number = x3::uint_parser<unsigned, 10, 1, 2>{};

// A blank, a space or a tab, as two comparisons: a character set (x3::char_(" \t")) looks each
// byte of a move line up in a 256-bit table, and x3::blank asserts on bytes above 0x7F. Blanks
// separate the numbers of a line, or may surround them; they are not kept.
inline const auto blank = x3::lit(' ') | x3::lit('\t');
inline const auto blanks = x3::omit[+blank];
inline const auto opt_blanks = x3::omit[*blank];

// Three numbers with `separator` between them ("2019/03/08"), read as sscanf reads "%d/%d/%d":
// white space before each number skipped, a sign allowed, whatever follows the third ignored, a
// number beyond the range of long refused (sscanf clamps it: out of any range the readers take),
// one beyond int's range wrapped as sscanf stores it. True when all three were read.
inline bool three_numbers(std::string_view text, char separator, int &a, int &b, int &c) {
  // The white space of C's isspace, as a set: x3::space asserts on bytes above 0x7F.
  const auto number = x3::omit[*x3::char_(" \t\n\v\f\r")] >> x3::long_long;
  boost::fusion::vector<long long, long long, long long> v;
  const char *first = text.data(), *last = text.data() + text.size();
  if (!x3::parse(first, last,
                 number >> x3::lit(separator) >> number >> x3::lit(separator) >> number, v))
    return false;
  a = static_cast<int>(boost::fusion::at_c<0>(v));
  b = static_cast<int>(boost::fusion::at_c<1>(v));
  c = static_cast<int>(boost::fusion::at_c<2>(v));
  return true;
}

} // namespace sgf::foreign::grammar

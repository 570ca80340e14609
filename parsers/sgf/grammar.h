// The SGF tokens as Boost.Spirit X3 parsers. The nesting of '(' ')' is driven by an explicit stack
// in parse.cpp, so no rule here recurses and the input cannot control the stack depth.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include <cstdint>
#include <cstring>

namespace sgf::grammar {

namespace x3 = boost::spirit::x3;

// FF[4] whitespace between tokens (NUL and other control bytes are handled as junk by the caller).
inline const auto space = x3::char_(" \t\r\n\v\f");
inline const auto skip_space = *space;

// A property identifier: FF[4] allows uppercase letters only; FF[1]-FF[3] also lowercase ones
// ("AddBlack"), which the caller drops.
inline const auto identifier = +(x3::char_('A', 'Z') | x3::char_('a', 'z'));

// FF[4] whitespace as a plain test, for the parser's hot loops (the same set as `space`).
inline bool is_space(char c) {
  constexpr uint64_t set = (1ull << ' ') | (1ull << '\t') | (1ull << '\n') | (1ull << '\r') |
                           (1ull << '\v') | (1ull << '\f');
  auto u = static_cast<unsigned char>(c);
  return u <= ' ' && ((set >> u) & 1);
}

// Where the text of a value that starts at `p` (just after '[') ends: at its closing ']', or at
// `end` when none closes it. Any byte is text, with '\' escaping the next one (so "\]", "\\",
// "\:" and the soft line break "\<newline>" stay part of the text, raw). The same language as
//   *(('\\' >> x3::char_) | ~x3::char_("\\]"))
// but short values (moves, numbers: nearly all of them) are read by a plain loop, and long ones
// jump from ']' to ']' with memchr: values of many megabytes are read at memory speed, also
// under the sanitizers.
inline const char *value_end(const char *p, const char *end) {
  const char *stop = end - p > 16 ? p + 16 : end;
  for (const char *q = p; q < stop; ++q) {
    if (*q == ']')
      return q;
    if (*q == '\\')
      break;
  }
  const char *scan = p;
  while (scan < end) {
    auto close = static_cast<const char *>(std::memchr(scan, ']', end - scan));
    if (!close)
      break;
    // The ']' is escaped when an odd number of backslashes precede it.
    size_t backslashes = 0;
    for (const char *b = close; b > p && b[-1] == '\\'; --b)
      ++backslashes;
    if (backslashes % 2 == 0)
      return close;
    scan = close + 1;
  }
  // No closing ']': the text runs to the end (a trailing lone '\' escapes nothing).
  return end;
}

// value_end as an X3 primitive.
struct value_text_parser : x3::parser<value_text_parser> {
  using attribute_type = x3::unused_type;
  static bool const has_attribute = false;

  template <typename Iterator, typename Context, typename RContext, typename Attribute>
  bool parse(Iterator &first, Iterator const &last, Context const &, RContext &,
             Attribute &) const {
    const char *p = &*first;
    first += value_end(p, p + (last - first)) - p;
    return true;
  }
};
inline const value_text_parser value_text{};

// One complete value, brackets included.
inline const auto value = '[' >> value_text >> ']';

// A node start.
inline const auto node_start = x3::lit(';');

// Anything that may legitimately follow a value's ']' (used to tell an unescaped ']' inside a
// text from the real end of the value): another value, a node, a variation, or an identifier
// followed by its first value.
inline const auto after_value = skip_space >>
                                (x3::char_("[;()") | (identifier >> skip_space >> '[') | x3::eoi);

// The start of a game tree: '(' then ';', or '(' then an identifier and a value (a game whose
// first ';' is missing), or '(' '(' ';' (a game wrapped in an extra pair of parentheses), or
// "()" (an empty game).
inline const auto game_start = '(' >> skip_space >>
                               (x3::char_(";)") | (identifier >> skip_space >> '[') |
                                ('(' >> skip_space >> ';'));

// A game tree that lost its '(': a node with a property where the data begins.
inline const auto game_start_without_paren = ';' >> skip_space >> identifier >> skip_space >> '[';

// Runs `p` at `first`; on success advances `first` past what it matched.
template <typename Parser> bool match(const char *&first, const char *last, const Parser &p) {
  return x3::parse(first, last, p);
}

// Tests `p` at `first` without consuming anything.
template <typename Parser> bool lookahead(const char *first, const char *last, const Parser &p) {
  return x3::parse(first, last, p);
}

} // namespace sgf::grammar

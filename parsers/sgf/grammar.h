// The SGF tokens as Boost.Spirit X3 parsers. The nesting of '(' ')' is driven by an explicit stack
// in parse.cpp, so no rule here recurses and the input cannot control the stack depth.
#pragma once

#include <boost/spirit/home/x3.hpp>

namespace sgf::grammar {

namespace x3 = boost::spirit::x3;

// FF[4] whitespace between tokens (NUL and other control bytes are handled as junk by the caller).
inline const auto space = x3::char_(" \t\r\n\v\f");
inline const auto skip_space = *space;

// A property identifier: FF[4] allows uppercase letters only; FF[1]-FF[3] also lowercase ones
// ("AddBlack"), which the caller drops.
inline const auto identifier = +(x3::char_('A', 'Z') | x3::char_('a', 'z'));

// What lies between '[' and ']': any byte, with '\' escaping the next one (so "\]", "\\", "\:"
// and the soft line break "\<newline>" stay part of the text, raw).
inline const auto value_text = *(('\\' >> x3::char_) | ~x3::char_("\\]"));

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
// first ';' is missing), or '(' '(' ';' (a game wrapped in an extra pair of parentheses).
inline const auto game_start = '(' >> skip_space >>
                               (x3::lit(';') | (identifier >> skip_space >> '[') |
                                ('(' >> skip_space >> ';'));

// Runs `p` at `first`; on success advances `first` past what it matched.
template <typename Parser> bool match(const char *&first, const char *last, const Parser &p) {
  return x3::parse(first, last, p);
}

// Tests `p` at `first` without consuming anything.
template <typename Parser> bool lookahead(const char *first, const char *last, const Parser &p) {
  return x3::parse(first, last, p);
}

} // namespace sgf::grammar

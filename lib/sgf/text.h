// ASCII text helpers for the readers of property values, results, headers and names. Only ASCII
// blanks and letters are touched, so the bytes of UTF-8 text pass through unchanged.
#pragma once

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>

namespace sgf {

// Spaces, tabs and line breaks: what surrounds a value typed by hand.
inline constexpr std::string_view kBlanks = " \t\r\n";

inline bool is_blank(char c) {
  return kBlanks.find(c) != std::string_view::npos;
}

// The text without the blanks it starts with.
inline std::string_view trim_front(std::string_view s) {
  return s.substr(std::min(s.find_first_not_of(kBlanks), s.size()));
}

// The text without the blanks around it.
inline std::string_view trim(std::string_view s) {
  const size_t start = s.find_first_not_of(kBlanks);
  if (start == std::string_view::npos)
    return {};
  return s.substr(start, s.find_last_not_of(kBlanks) - start + 1);
}

// The text with the ASCII letters from `first` to `last` moved by `by` (the other case).
inline std::string ascii_case_shifted(std::string_view s, char first, char last, int by) {
  std::string out(s);
  for (char &c : out)
    if (c >= first && c <= last)
      c = static_cast<char>(c + by);
  return out;
}

// The text with ASCII letters lowercased: names, keywords and file extensions match without case.
inline std::string ascii_lower(std::string_view s) {
  return ascii_case_shifted(s, 'A', 'Z', 'a' - 'A');
}

inline std::string ascii_upper(std::string_view s) {
  return ascii_case_shifted(s, 'a', 'z', 'A' - 'a');
}

inline bool is_one_of(std::string_view s, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), s) != words.end();
}

} // namespace sgf

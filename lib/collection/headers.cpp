// Game-information lookups and file names from templates.
#include "lib/collection/headers.h"

#include "lib/sgf/values.h"

namespace sgf::collection {

std::optional<std::string> game_info(const Game &game, std::string_view id) {
  if (game.empty())
    return std::nullopt;
  for (NodeIndex i = 0; i != no_node; i = game.nodes[i].first_child) {
    const std::string *raw = first_value(game.nodes[i], id);
    if (!raw)
      continue;
    std::string text = to_simple_text(*raw);
    size_t begin = text.find_first_not_of(' '), end = text.find_last_not_of(' ');
    return begin == std::string::npos ? std::string() : text.substr(begin, end - begin + 1);
  }
  return std::nullopt;
}

namespace {

std::string safe_for_file_name(std::string_view text) {
  std::string out;
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    bool unsafe = u < 0x20 || u == 0x7f || c == ' ' || c == '/' || c == '\\' || c == ':' ||
                  c == '*' || c == '?' || c == '"' || c == '<' || c == '>' || c == '|';
    out += unsafe ? '_' : c;
  }
  return out;
}

} // namespace

std::string file_name_from_template(std::string_view pattern, size_t number, const Game &game) {
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    size_t close = pattern.find('}', i);
    if (pattern[i] != '{' || close == std::string_view::npos) {
      out += pattern[i];
      continue;
    }
    std::string_view field = pattern.substr(i + 1, close - i - 1);
    if (field == "n") {
      std::string digits = std::to_string(number);
      out += std::string(digits.size() < 5 ? 5 - digits.size() : 0, '0') + digits;
    } else {
      auto value = game_info(game, field);
      std::string safe = safe_for_file_name(value && !value->empty() ? *value : "unknown");
      if (safe[0] == '.' || safe[0] == '-')
        safe[0] = '_'; // no hidden files, no "..", no names read as options
      out += safe;
    }
    i = close;
  }
  return out;
}

} // namespace sgf::collection

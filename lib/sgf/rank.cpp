#include "lib/sgf/rank.h"

#include "lib/sgf/text.h"

#include <cctype>
#include <charconv>

namespace sgf {

namespace {

// A numeral in Chinese characters (初 for the first dan, as in 初段; 초 in Korean) or ASCII
// digits at the front of `s`; advances `s` past it.
std::optional<int> leading_numeral(std::string_view &s) {
  if (!s.empty() && std::isdigit(static_cast<unsigned char>(s.front()))) {
    int value = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc())
      return std::nullopt;
    s.remove_prefix(size_t(end - s.data()));
    return value;
  }
  static constexpr std::string_view digits[] = {"一", "二", "三", "四", "五",
                                                "六", "七", "八", "九"};
  for (std::string_view first : {std::string_view("初"), std::string_view("초")})
    if (s.starts_with(first)) {
      s.remove_prefix(first.size());
      return 1;
    }
  int value = 0, pending = 0;
  bool any = false;
  for (;;) {
    bool matched = false;
    for (int d = 0; d < 9; ++d)
      if (s.starts_with(digits[d])) {
        pending = d + 1;
        s.remove_prefix(digits[d].size());
        matched = any = true;
      }
    if (s.starts_with("十")) {
      value += (pending == 0 ? 1 : pending) * 10;
      pending = 0;
      s.remove_prefix(std::string_view("十").size());
      matched = any = true;
    }
    if (!matched)
      break;
  }
  if (!any)
    return std::nullopt;
  return value + pending;
}

enum class RankUnit { kyu, dan, pro };

std::optional<RankUnit> rank_unit(std::string_view unit) {
  if (is_one_of(unit, {"k", "kyu", "級", "级", "급"}))
    return RankUnit::kyu;
  if (is_one_of(unit, {"d", "dan", "段", "단"}))
    return RankUnit::dan;
  if (is_one_of(unit, {"p", "pro"}))
    return RankUnit::pro;
  return std::nullopt;
}

// A rank as written: its number and unit, before any range is checked.
struct WrittenRank {
  int number;
  RankUnit unit;
};

std::optional<WrittenRank> read_rank(std::string_view rank) {
  std::string_view s = trim(rank);
  while (!s.empty() && (s.back() == '?' || s.back() == '*'))
    s.remove_suffix(1);
  std::string lower = ascii_lower(trim(s));
  bool pro = false;
  for (std::string_view marker : {"プロ", "职业", "職業", "프로"}) {
    if (size_t at = lower.find(marker); at != std::string::npos) {
      pro = true;
      lower.erase(at, marker.size());
    }
  }
  std::string_view rest = trim(lower);
  auto number = leading_numeral(rest);
  if (!number)
    return std::nullopt;
  rest = trim(rest);
  if (rest.starts_with("-"))
    rest = trim(rest.substr(1));
  // "pro" after a unit marks a professional dan ("九段 pro"); alone it is the unit ("2 pro").
  if (rest.size() > 3 && rest.ends_with("pro")) {
    pro = true;
    rest = trim(rest.substr(0, rest.size() - 3));
  }
  auto unit = rank_unit(rest);
  if (!unit)
    return std::nullopt;
  if (pro && *unit == RankUnit::dan)
    unit = RankUnit::pro;
  return WrittenRank{*number, *unit};
}

} // namespace

std::optional<int> parse_grade(std::string_view rank) {
  const std::optional<WrittenRank> r = read_rank(rank);
  if (!r)
    return std::nullopt;
  const int n = r->number;
  switch (r->unit) {
  case RankUnit::kyu:
    return n >= 1 && n <= 50 ? std::optional(1 - n) : std::nullopt;
  case RankUnit::dan:
    return n >= 1 && n <= 9 ? std::optional(n) : std::nullopt;
  case RankUnit::pro:
    return n >= 1 && n <= 9 ? std::optional(9 + n) : std::nullopt;
  }
  return std::nullopt;
}

bool is_professional_rank(std::string_view rank) {
  const std::optional<WrittenRank> r = read_rank(rank.substr(0, rank.find_first_of(",&")));
  return r && r->unit == RankUnit::pro && r->number <= 9;
}

} // namespace sgf

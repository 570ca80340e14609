#include "lib/sgf/result.h"

#include "lib/sgf/text.h"
#include "lib/sgf/values.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <initializer_list>

namespace sgf {

std::optional<double> Result::points() const {
  if (!margin)
    return std::nullopt;
  return in_stones ? *margin * 2 : *margin;
}

bool ended_before_count(Ending e) {
  return e == Ending::resign || e == Ending::time || e == Ending::forfeit || e == Ending::ran_away;
}

namespace {

bool contains_any(std::string_view s, std::initializer_list<std::string_view> parts) {
  return std::any_of(parts.begin(), parts.end(),
                     [&](std::string_view p) { return s.find(p) != std::string_view::npos; });
}

bool starts_with_any(std::string_view &s, std::initializer_list<std::string_view> prefixes) {
  for (std::string_view p : prefixes)
    if (s.starts_with(p)) {
      s.remove_prefix(p.size());
      return true;
    }
  return false;
}

// The ending that words name ("Resign", "Time Over", "中盘", "불계", "逃跑"), if any.
std::optional<Ending> ending_in_words(std::string_view lower) {
  if (contains_any(lower, {"escape", "runaway", "ran away", "run away", "逃", "도망"}))
    return Ending::ran_away;
  if (contains_any(lower, {"resign", "中盘", "中盤", "中押", "불계"}))
    return Ending::resign;
  if (contains_any(lower, {"time", "超时", "超時", "時間切れ", "시간"}))
    return Ending::time;
  if (contains_any(lower, {"forfeit", "反则", "反則", "判负", "判負", "반칙"}))
    return Ending::forfeit;
  return std::nullopt;
}

// A margin a count can give: a whole number of quarter points.
bool is_count(double m) {
  return m >= 0 && std::fabs(m * 4 - std::round(m * 4)) < 1e-6;
}

// x.25 and x.75: only stones (points are whole or half) make these.
bool is_quarter(double m) {
  return std::fabs(m * 4 - std::floor(m * 2) * 2 - 1) < 1e-6;
}

void set_margin(Result &r, double m, bool in_stones) {
  if (!is_count(m))
    return; // the winner alone
  r.ending = Ending::score;
  r.margin = m;
  r.in_stones = in_stones || is_quarter(m);
}

// What follows "B+" or "W+".
void read_after_plus(Result &r, std::string_view rest, ResultConventions conventions) {
  r.ending = Ending::unknown;
  if (is_one_of(rest, {"r", "res", "resign", "resignation"}))
    r.ending = Ending::resign;
  else if (is_one_of(rest, {"t", "time"}))
    r.ending = Ending::time;
  else if (is_one_of(rest, {"f", "forfeit"}))
    r.ending = Ending::forfeit;
  else if (auto m = to_real(rest)) {
    if (*m != 0 || !conventions.zero_margin_unwritten)
      set_margin(r, *m, false);
  } else if (auto words = ending_in_words(rest))
    r.ending = *words;
}

// "3目半", "3집반", "2子": a number, its unit (目 집 점: points; 子: stones) and a half.
void read_east_asian_margin(Result &r, std::string_view s) {
  const size_t start = s.find_first_of("0123456789");
  if (start == std::string_view::npos)
    return;
  size_t end = start;
  while (end < s.size() && (std::isdigit(static_cast<unsigned char>(s[end])) || s[end] == '.'))
    ++end;
  auto m = to_real(s.substr(start, end - start));
  std::string_view unit = s.substr(end);
  const bool points = starts_with_any(unit, {"目", "집", "점"});
  if (!m || (!points && !starts_with_any(unit, {"子"})))
    return;
  set_margin(r, *m + (starts_with_any(unit, {"半", "반"}) ? 0.5 : 0), !points);
}

// A result in Chinese, Japanese or Korean: the winner is the colour named first.
bool read_east_asian(Result &r, std::string_view s) {
  const size_t black = std::min({s.find("黑"), s.find("黒"), s.find("흑")});
  const size_t white = std::min(s.find("白"), s.find("백"));
  if ((black == std::string_view::npos && white == std::string_view::npos) ||
      !contains_any(s, {"胜", "勝", "승"}))
    return false;
  r.winner = black < white ? Color::black : Color::white;
  r.ending = ending_in_words(s).value_or(Ending::unknown);
  if (r.ending == Ending::unknown)
    read_east_asian_margin(r, s);
  return true;
}

} // namespace

Result read_result(std::string_view re, ResultConventions conventions) {
  Result r;
  r.text = std::string(re);
  const std::string s = ascii_lower(trim(r.text));
  if (s.empty())
    r.ending = re.empty() ? Ending::missing : Ending::malformed;
  else if (is_one_of(s, {"0", "0.0", "draw", "jigo", "d", "=", "和"}) ||
           contains_any(s, {"和棋", "平局", "持碁", "ジゴ", "무승부"}))
    r = {r.text, Ending::draw, std::nullopt, 0};
  else if (is_one_of(s, {"void", "no result", "nr", "both lost", "both win", "none"}) ||
           contains_any(s, {"无胜负", "無勝負", "노게임"}))
    r.ending = Ending::no_result;
  else if (s == "?" || s == "unknown")
    r.ending = Ending::unknown;
  else if (s == "unfinished")
    r.ending = Ending::unfinished;
  else if (s.size() >= 2 && s[1] == '+' && (s[0] == 'b' || s[0] == 'w')) {
    r.winner = s[0] == 'b' ? Color::black : Color::white;
    read_after_plus(r, trim(std::string_view(s).substr(2)), conventions);
  } else if (!read_east_asian(r, s))
    r.ending = Ending::malformed;
  return r;
}

} // namespace sgf

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

// The first of `words` in `s` from `from`: its position, or npos.
size_t find_first(std::string_view s, std::initializer_list<std::string_view> words,
                  size_t from = 0) {
  size_t at = std::string_view::npos;
  for (std::string_view w : words)
    at = std::min(at, s.find(w, from));
  return at;
}

bool contains_any(std::string_view s, std::initializer_list<std::string_view> parts) {
  return find_first(s, parts) != std::string_view::npos;
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
  if (contains_any(lower,
                   {"escape", "runaway", "ran away", "run away", "disconnect", "逃", "도망"}))
    return Ending::ran_away;
  if (contains_any(lower, {"resign", "中盘", "中盤", "中押", "불계"}))
    return Ending::resign;
  if (contains_any(lower, {"time", "超时", "超時", "时间", "時間", "시간"}))
    return Ending::time;
  if (contains_any(lower, {"forfeit", "反则", "反則", "犯规", "判负", "判負", "반칙"}))
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

// The number at the front of `s` (digits and a point), advancing `s` past it.
std::optional<double> leading_number(std::string_view &s) {
  size_t end = 0;
  while (end < s.size() && (std::isdigit(static_cast<unsigned char>(s[end])) || s[end] == '.'))
    ++end;
  const std::optional<double> m = end ? to_real(s.substr(0, end)) : std::nullopt;
  s.remove_prefix(end);
  return m;
}

// The margin of a sentence: its first number, with its unit: 目 집 점 (points) or 子 (stones),
// then 半 or 반 for a half ("3目半", "3집반", "2子"). Chinese counting writes quarters of a stone
// as fractions ("1又1/4子", "3/4子"); a half alone is "半目", "반집" or "半子". English states
// points with a bare number ("Black wins by 0.5"); East Asian results always write the unit.
void read_sentence_margin(Result &r, std::string_view s, bool english) {
  const size_t start = s.find_first_of("0123456789");
  if (start == std::string_view::npos) {
    if (contains_any(s, {"半目", "반집"}))
      set_margin(r, 0.5, false);
    else if (contains_any(s, {"半子"}))
      set_margin(r, 0.5, true);
    return;
  }
  std::string_view unit = s.substr(start);
  std::optional<double> m = leading_number(unit);
  auto fraction = [&](std::string_view &t) -> std::optional<double> {
    const std::optional<double> numerator = leading_number(t);
    if (!numerator || !t.starts_with('/'))
      return std::nullopt;
    t.remove_prefix(1);
    const std::optional<double> denominator = leading_number(t);
    return denominator && *denominator > 0 ? std::optional(*numerator / *denominator)
                                           : std::nullopt;
  };
  if (m && unit.starts_with('/')) { // "3/4子"
    std::string_view whole = s.substr(start);
    m = fraction(whole);
    unit = whole;
  } else if (m && starts_with_any(unit, {"又"})) { // "1又1/4子"
    const std::optional<double> part = fraction(unit);
    m = part ? std::optional(*m + *part) : std::nullopt;
  }
  const bool points = starts_with_any(unit, {"目", "집", "점"});
  const bool stones = !points && starts_with_any(unit, {"子"});
  if (m && (points || stones || english))
    set_margin(r, *m + (starts_with_any(unit, {"半", "반"}) ? 0.5 : 0), stones);
}

// A result as a sentence ("白胜3目半", "흑 불계승", "Black wins by 0.5", "White resigns", "Game
// drawn"): the colour named first wins, or loses when the first verb after it says so.
bool read_sentence(Result &r, std::string_view s) {
  const size_t english_black = s.find("black"), english_white = s.find("white");
  const size_t black = std::min(english_black, find_first(s, {"黑", "黒", "흑"}));
  const size_t white = std::min(english_white, find_first(s, {"白", "백"}));
  const size_t named = std::min(black, white);
  if (named == std::string_view::npos) {
    if (!contains_any(s, {"draw", "jigo"}))
      return false;
    r = {r.text, Ending::draw, std::nullopt, 0};
    return true;
  }
  const std::initializer_list<std::string_view> wins = {"win", "won", "胜", "勝", "승"};
  const std::initializer_list<std::string_view> loses = {"lose", "lost", "resign",
                                                         "负",   "負",   "패"};
  size_t win = find_first(s, wins, named), loss = find_first(s, loses, named);
  if (win == loss) { // neither after the colour: a verb anywhere
    win = find_first(s, wins);
    loss = find_first(s, loses);
    if (win == loss)
      return false;
  }
  r.winner = (named == black) == (win < loss) ? Color::black : Color::white;
  r.ending = ending_in_words(s).value_or(Ending::unknown);
  if (r.ending == Ending::unknown)
    read_sentence_margin(r, s, named == english_black || named == english_white);
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
  } else if (!read_sentence(r, s))
    r.ending = Ending::malformed;
  return r;
}

std::string to_re(const Result &r) {
  if (r.ending == Ending::draw)
    return "0";
  if (r.ending == Ending::no_result)
    return "Void";
  if (!r.winner)
    return {};
  std::string re = *r.winner == Color::black ? "B+" : "W+";
  switch (r.ending) {
  case Ending::score:
    return re + real_text(*r.points());
  case Ending::resign:
    return re + "R";
  case Ending::time:
    return re + "T";
  case Ending::forfeit:
  case Ending::ran_away:
    return re + "F";
  default:
    return re;
  }
}

} // namespace sgf

// The counted board as a text diagram; see count.h.
#include "lib/render/count.h"

#include "lib/render/text.h"

namespace sgf::render {

std::optional<Color> territory_of(score::PointKind k) {
  using score::PointKind;
  if (k == PointKind::black_territory || k == PointKind::dead_white)
    return Color::black;
  if (k == PointKind::white_territory || k == PointKind::dead_black)
    return Color::white;
  return std::nullopt;
}

Layout count_layout(const score::GameScore &gs, const std::vector<score::GroupReport> &groups) {
  Layout layout;
  layout.size = gs.position.size;
  layout.window = {0, 0, layout.size.width - 1, layout.size.height - 1};
  layout.coordinates = true;
  layout.star_points = star_points(layout.size);
  layout.cells.resize(static_cast<size_t>(gs.position.points()));
  for (int i = 0; i < gs.position.points(); ++i) {
    layout.cells[i].stone = gs.position.stones[i];
    layout.cells[i].territory = territory_of(gs.count.kinds[i]);
  }
  for (const score::GroupReport &g : groups) {
    const Mark mark = g.status == life::Status::dead      ? Mark::cross
                      : g.status == life::Status::seki    ? Mark::triangle
                      : g.status == life::Status::unknown ? Mark::square
                                                          : Mark::none;
    for (Point p : g.stones)
      layout.at(p).mark = mark;
  }
  layout.captions.push_back("Z P dead, Y Q seki, # @ unknown, x o territory");
  return layout;
}

std::vector<std::string> count_text(const score::GameScore &gs,
                                    const std::vector<score::GroupReport> &groups) {
  const std::string text = render_text(count_layout(gs, groups));
  std::vector<std::string> lines;
  for (size_t at = 0; at < text.size();) {
    const size_t end = text.find('\n', at);
    lines.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
    at = end == std::string::npos ? text.size() : end + 1;
  }
  return lines;
}

} // namespace sgf::render

// The report page's board diagrams in a few elements each. The page defines once, for each board
// size its diagrams show, the wood, the grid, the star points and the coordinates (board_defs);
// a diagram places that grid with one <use> and draws all the stones of a colour as one path
// whose vertices carry the stone as a marker, in board units (one unit between two lines, point
// (0,0) at the origin): the browser parses and lays out a few nodes a diagram, not a shape a
// stone and a line a grid line, and a page of many diagrams opens quickly.
#pragma once

#include "lib/render/layout.h"
#include "lib/sgf/point.h"

#include <optional>
#include <string>
#include <vector>

namespace sgf::html {

// A board size the page draws, with the distance in pixels between two lines at the page's
// diagram width: lines and outlines keep at least a pixel of width however small that is.
struct BoardStyle {
  BoardSize size;
  double unit = 0;
  double border = 0; // units of wood around the outer lines
  bool coordinates = false;
};

// The style of the diagrams of a layout drawn `width` pixels wide.
BoardStyle board_style(const render::Layout &, int width);

// An inline <svg class="go ..."> of the whole board: stones, the count's territory and dead
// stones, the last move ringed, and `marked` (the finding's point) ringed in red. It shows only
// on a page that carries board_defs and board_css for its style.
std::string board_svg(const render::Layout &, int width, std::optional<Point> marked);

// One invisible <svg> holding the definitions the diagrams of these styles use (one style a
// board size: the first of a size is taken).
std::string board_defs(const std::vector<BoardStyle> &);

// The CSS that ties each size's diagrams to its definitions.
std::string board_css(const std::vector<BoardStyle> &);

} // namespace sgf::html

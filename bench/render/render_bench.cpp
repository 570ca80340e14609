// Diagrams per second: 1,000 positions from real games (other board sizes, then professional
// 19×19 games read from the corpus archive in place), drawn as SVG and as PNG at 800 px on one
// core. Usage: bench_render [CORPUS] [POSITIONS] [WIDTH]
#include "lib/batch/inputs.h"
#include "lib/render/cairo.h"
#include "lib/render/layout.h"
#include "lib/render/svg.h"
#include "parsers/sgf/parse.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <vector>

using namespace sgf;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// CPU time of this thread: the figure that does not depend on what else the machine runs.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

// Four positions per game (a quarter, half, three quarters and the end), with coordinates and
// the last move marked, the way a viewer shows them; at most `limit` positions from `path`.
size_t collect(const std::string &path, size_t limit, std::vector<render::Layout> &layouts) {
  batch::InputSpec spec;
  spec.paths = {path};
  batch::RecordSource source(spec);
  size_t games = 0;
  const size_t goal = layouts.size() + limit;
  while (layouts.size() < goal) {
    auto record = source.next();
    if (!record)
      break;
    if (record->error)
      continue;
    auto parsed = parse_sgf(record->bytes);
    if (parsed.collection.games.empty())
      continue;
    const Game &game = parsed.collection.games.front();
    const int total = render::count_moves(game, render::variation_line(game, 0));
    ++games;
    for (int k = 1; k <= 4 && layouts.size() < goal; ++k) {
      render::LayoutOptions o;
      o.move = {render::MoveSpec::Kind::number, total * k / 4};
      o.coordinates = true;
      o.last_move = true;
      auto made = render::make_layout(game, o);
      if (made.ok())
        layouts.push_back(std::move(made.layout));
    }
  }
  return games;
}

} // namespace

int main(int argc, char **argv) {
  const std::string corpus = argc > 1 ? argv[1] : "../shared/corpus";
  const size_t wanted = argc > 2 ? size_t(std::atoi(argv[2])) : 1000;
  const int width = argc > 3 ? std::atoi(argv[3]) : 800;

  // 40% from the other board sizes (9×9, 13×13, 15×15 and 21×21 in turn), the rest 19×19
  // professional games read from the archive in place.
  std::vector<render::Layout> layouts;
  const auto t_layout = std::chrono::steady_clock::now();
  size_t games = 0;
  for (const char *size : {"9x9", "13x13", "15x15", "21x21"})
    games += collect(corpus + "/rules/cwi_other_sizes/" + size, wanted / 10, layouts);
  games += collect(corpus + "/big/pro-cwi.tar.xz", wanted - layouts.size(), layouts);
  const double layout_s = seconds_since(t_layout);
  if (layouts.empty()) {
    std::fprintf(stderr, "bench_render: no positions found under %s\n", corpus.c_str());
    return 2;
  }
  std::map<int, int> sizes;
  for (const auto &l : layouts)
    ++sizes[l.size.width];

  size_t svg_bytes = 0, png_bytes = 0;
  const auto t_svg = std::chrono::steady_clock::now();
  double c0 = cpu_seconds();
  for (const auto &l : layouts)
    svg_bytes += render::render_svg(l, width).size();
  const double svg_s = seconds_since(t_svg), svg_cpu = cpu_seconds() - c0;
  const auto t_png = std::chrono::steady_clock::now();
  c0 = cpu_seconds();
  for (const auto &l : layouts) {
    auto png = render::render_png(l, width);
    if (!png.ok()) {
      std::fprintf(stderr, "bench_render: %s\n", png.error.c_str());
      return 2;
    }
    png_bytes += png.bytes.size();
  }
  const double png_s = seconds_since(t_png), png_cpu = cpu_seconds() - c0;

  const double n = double(layouts.size());
  std::printf("positions: %zu from %zu games (", layouts.size(), games);
  bool first = true;
  for (auto [w, count] : sizes) {
    std::printf("%s%dx%d: %d", first ? "" : ", ", w, w, count);
    first = false;
  }
  std::printf(")\nlayout (parse + replay + layout, load included): %.0f positions/s\n",
              n / layout_s);
  std::printf("svg %d px: %.0f diagrams/s of CPU time (%.0f/s wall clock), %.2f ms each, "
              "%.1f KB average\n",
              width, n / svg_cpu, n / svg_s, 1000 * svg_cpu / n, double(svg_bytes) / n / 1024);
  std::printf("png %d px: %.0f diagrams/s of CPU time (%.0f/s wall clock), %.2f ms each, "
              "%.1f KB average\n",
              width, n / png_cpu, n / png_s, 1000 * png_cpu / n, double(png_bytes) / n / 1024);
  return 0;
}

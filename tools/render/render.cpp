// `sgf render`: diagrams of a position or of a range of moves, as text, SVG, PNG, JPG or PDF.
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/game_input.h"
#include "tools/terminal.h"

#include "lib/batch/output.h"
#include "lib/render/cairo.h"
#include "lib/render/layout.h"
#include "lib/render/svg.h"
#include "lib/render/text.h"
#include "lib/rules/replay.h"
#include "lib/sgf/text.h"
#include "lib/sgf/values.h"

#include <cstdio>
#include <filesystem>
#include <memory>

namespace sgf::tools {

namespace {

struct RenderOptions {
  std::string file;
  int game = 0;       // 0-based, as the "game" of every JSON output
  ParseOptions parse; // --charset
  std::string move = "last";
  int variation = 0;
  std::string format;
  int size = 800;
  bool coords = false;
  bool last_move = false;
  std::string window;
  std::string crop;
  std::string moves;
  int per_diagram = 0;
  bool restart_numbers = false;
  bool unicode = false;
  bool title = false;
  bool no_marks = false;
  std::string rules;
  std::string output;
};

// The format to write: --format, else the extension of -o (text on standard output); nothing
// for an extension that names no format, which is a usage error rather than a text file under
// an image's name.
std::optional<std::string> format_from(const RenderOptions &o) {
  if (!o.format.empty())
    return o.format == "text" ? "txt" : o.format;
  if (o.output.empty())
    return "txt";
  const std::string ext = ascii_lower(std::filesystem::path(o.output).extension().string());
  if (ext == ".svg" || ext == ".png" || ext == ".pdf" || ext == ".txt")
    return ext.substr(1);
  if (ext == ".jpg" || ext == ".jpeg")
    return "jpg";
  return std::nullopt;
}

int run(const RenderOptions &o) {
  const std::optional<std::string> chosen_format = format_from(o);
  if (!chosen_format) {
    std::fprintf(stderr,
                 "sgf render: -o %s: the extension names no format (.txt, .svg, .png, .jpg, "
                 ".pdf); give --format to write another name\n",
                 o.output.c_str());
    return 2;
  }
  // As gzip does: image bytes on a terminal are noise and can leave it in a strange state.
  if (*chosen_format != "txt" && *chosen_format != "svg" && o.output.empty() &&
      is_terminal(stdout)) {
    std::fprintf(stderr,
                 "sgf render: %s is not written to a terminal: give -o FILE, or redirect "
                 "standard output\n",
                 chosen_format->c_str());
    return 2;
  }
  if (!output_spares_inputs({o.file}, o.output, false))
    return 2;
  const std::optional<GameInput> input = read_game(o.file, o.game, "render", o.parse);
  if (!input)
    return 2;
  const std::string &name = input->name;
  const Game &game = input->game();
  int status = input->damaged ? 1 : 0;

  render::LayoutOptions lo;
  lo.variation = o.variation;
  lo.coordinates = o.coords;
  lo.last_move = o.last_move;
  lo.restart_numbers = o.restart_numbers;
  lo.marks = !o.no_marks;
  lo.title = o.title;
  if (!o.rules.empty()) {
    lo.rules = rules::preset(o.rules);
    if (!lo.rules) {
      std::fprintf(stderr, "sgf render: unknown rule set '%s'\n", o.rules.c_str());
      return 2;
    }
  }
  auto spec = render::parse_move_spec(o.move);
  if (!spec) {
    std::fprintf(stderr, "sgf render: --move: expected N, first, last or -K, not '%s'\n",
                 o.move.c_str());
    return 2;
  }
  lo.move = *spec;
  const BoardSize size = board_size_of(game).value_or(BoardSize{});
  if (!o.window.empty()) {
    lo.window = render::parse_window(o.window, size);
    if (!lo.window) {
      std::fprintf(stderr, "sgf render: --window: '%s' is not two points on a %dx%d board\n",
                   o.window.c_str(), size.width, size.height);
      return 2;
    }
  }
  lo.crop_auto = o.crop == "auto";

  // Which diagrams: one position, one range of moves, or the line cut into ranges.
  std::vector<std::optional<std::pair<int, int>>> ranges;
  std::optional<std::pair<int, int>> range;
  if (!o.moves.empty()) {
    range = render::parse_range(o.moves);
    if (!range) {
      std::fprintf(stderr, "sgf render: --moves: expected A-B with 1 <= A <= B, not '%s'\n",
                   o.moves.c_str());
      return 2;
    }
  }
  if (o.per_diagram > 0) {
    const auto line = render::variation_line(game, o.variation);
    const int total = render::count_moves(game, line);
    const int first = range ? range->first : 1;
    const int last = range ? std::min(range->second, total) : total;
    for (auto [a, b] : render::split_ranges(last - first + 1, o.per_diagram))
      ranges.push_back(std::pair{a + first - 1, b + first - 1});
    if (ranges.empty()) {
      std::fprintf(stderr, "sgf render: %s: no moves to draw\n", name.c_str());
      return 2;
    }
  } else {
    ranges.push_back(range);
  }

  std::vector<render::Layout> layouts;
  for (const auto &r : ranges) {
    render::LayoutOptions one = lo;
    one.moves = r;
    if (r)
      one.title = true; // a kifu diagram says whose game and which moves
    auto made = render::make_layout(game, one);
    for (const Diagnostic &d : made.diagnostics)
      print_diagnostic(name, d);
    if (!made.ok())
      return 2;
    layouts.push_back(std::move(made.layout));
  }

  const std::string &format = *chosen_format;

  if (format == "txt") {
    std::string text;
    for (size_t i = 0; i < layouts.size(); ++i)
      text +=
          (i ? "\n" : "") + render::render_text(layouts[i], o.unicode ? render::TextStyle::unicode
                                                                      : render::TextStyle::ascii);
    return write_whole_output(o.output, text) ? status : 2;
  }
  if (format == "pdf") {
    auto pdf = render::render_pdf(layouts, o.size);
    if (!pdf.ok()) {
      std::fprintf(stderr, "sgf render: %s\n", pdf.error.c_str());
      return 2;
    }
    return write_whole_output(o.output, pdf.bytes) ? status : 2;
  }
  if (layouts.size() > 1 && o.output.empty()) {
    std::fprintf(stderr,
                 "sgf render: %zu %s diagrams need -o NAME.%s (written as NAME-1.%s, ...)\n",
                 layouts.size(), format.c_str(), format.c_str(), format.c_str());
    return 2;
  }
  for (size_t i = 0; i < layouts.size(); ++i) {
    render::Encoded data;
    if (format == "svg")
      data.bytes = render::render_svg(layouts[i], o.size);
    else if (format == "png")
      data = render::render_png(layouts[i], o.size);
    else
      data = render::render_jpg(layouts[i], o.size);
    if (!data.ok()) {
      std::fprintf(stderr, "sgf render: %s\n", data.error.c_str());
      return 2;
    }
    const std::string path =
        layouts.size() > 1 ? batch::numbered_name(o.output, int(i) + 1) : o.output;
    if (!write_whole_output(path, data.bytes))
      return 2;
  }
  return status;
}

} // namespace

void register_render(CLI::App &root, int &exit_status) {
  auto opts = std::make_shared<RenderOptions>();
  auto *cmd = root.add_subcommand("render", "Draw a position or a range of moves: text, SVG, "
                                            "PNG, JPG or PDF");
  add_game_options(*cmd, opts->file, opts->game, opts->parse);
  cmd->add_option("--move", opts->move,
                  "The position after move N, first, last, or -K (K moves "
                  "before the end)");
  cmd->add_option("--variation", opts->variation,
                  "0: the main line; N: the line to the N-th leaf in file order")
      ->check(at_least(0));
  cmd->add_option("--format", opts->format,
                  "Output format: txt, svg, png, jpg or pdf (default: from -o)")
      ->check(CLI::IsMember({"txt", "text", "svg", "png", "jpg", "pdf"}));
  cmd->add_option("--size", opts->size, "Image width in pixels (PDF: points)")
      ->check(CLI::Range(16, 20000));
  cmd->add_flag("--coords", opts->coords, "Draw coordinates");
  cmd->add_flag("--last-move", opts->last_move, "Mark the last move");
  auto *window = cmd->add_option("--window", opts->window, "Part of the board, e.g. A1:K10");
  cmd->add_option("--crop", opts->crop, "Only the part of the board that is used (auto)")
      ->check(CLI::IsMember({"auto"}))
      ->excludes(window);
  auto *moves = cmd->add_option("--moves", opts->moves,
                                "Game-record diagram: number the moves A-B on the stones");
  cmd->add_option("--per-diagram", opts->per_diagram,
                  "Split the line into diagrams of this many moves")
      ->check(at_least(1));
  cmd->add_flag("--restart-numbers", opts->restart_numbers, "Number each diagram's moves from 1");
  cmd->add_flag("--unicode", opts->unicode, "Text diagrams with ● ○ and box lines");
  cmd->add_flag("--title", opts->title, "A title line: players, ranks, result, move");
  cmd->add_flag("--no-marks", opts->no_marks, "Leave out the record's marks and labels");
  cmd->add_option("--rules", opts->rules, "Rule set for captures and ko (default: the record's)");
  add_output_option(*cmd, opts->output,
                    "Output file, its format from the extension (.txt, .svg, .png, .jpg, .pdf) "
                    "unless --format (default: text on stdout; - is stdout)");
  (void)moves;
  cmd->callback([opts, &exit_status] { exit_status = run(*opts); });
}

} // namespace sgf::tools

// `sgf fmt`: rewrite records as canonical FF[4] UTF-8 (lib/sgf/writer.h), to standard output,
// to -o, or back into each file (--in-place); --check only lists the files that would change.
#include "lib/report/emit.h"
#include "lib/sgf/writer.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/in_place.h"
#include "tools/terminal.h"

#include <memory>

namespace sgf::tools {

namespace {

struct FmtOptions {
  BatchOptions batch;
  bool in_place = false;
  bool check = false;
  bool force = false;
};

class Messages {
public:
  Messages(const FmtOptions &options, std::string_view name)
      : json_(options.batch.json()), quiet_(options.batch.quiet), colour_(colour_enabled(stderr)),
        name_(name) {}

  void add(const Diagnostic &d, std::string &out) const {
    if (quiet_ && d.severity != Severity::error)
      return;
    out += format_diagnostic(name_, d, json_, colour_);
  }

private:
  bool json_, quiet_, colour_;
  std::string_view name_;
};

RecordOutput format_record(const FmtOptions &options, const batch::Record &record) {
  RecordOutput out;
  Messages messages(options, record.name);
  std::string text;
  const Diagnostics diagnostics = for_each_game(
      record, options.batch.parse, [&](Game &game, size_t) { text += write_sgf(game); });
  for (const Diagnostic &d : diagnostics)
    messages.add(d, out.messages);
  if (has_error(diagnostics)) { // a record we cannot read is never rewritten, nor half-printed
    out.status = 1;
    return out;
  }
  if (options.check) {
    if (text != record.bytes) {
      out.text = shown(record.name) + "\n";
      out.status = 1;
    }
    return out;
  }
  if (!options.in_place) {
    out.text = std::move(text);
    return out;
  }
  InPlaceResult written = rewrite_in_place(record, diagnostics, text, options.force);
  for (const Diagnostic &d : written.messages)
    messages.add(d, out.messages);
  out.status = written.status;
  return out;
}

} // namespace

void register_fmt(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<FmtOptions>();
  auto *cmd = root.add_subcommand(
      "fmt", "Rewrite records as canonical FF[4] UTF-8 SGF with a stable layout");
  add_batch_options(*cmd, options->batch);
  auto *in_place =
      cmd->add_flag("-i,--in-place", options->in_place,
                    "Rewrite each input file (atomically, in its compression); files that do "
                    "not parse, or would lose what the reader ignored, are left untouched");
  auto *check = cmd->add_flag("--check", options->check,
                              "Write nothing; list the files whose canonical form differs and "
                              "exit 1 when there is any");
  auto *force = cmd->add_flag("--force", options->force,
                              "With --in-place, rewrite a file even when the rewrite loses what "
                              "the reader ignored, and split a file's hard links; with -o, "
                              "split the output file's hard links");
  in_place->excludes(check);
  force->excludes(check);
  if (auto *output = cmd->get_option_no_throw("--output")) {
    in_place->excludes(output);
    check->excludes(output);
  }
  cmd->callback([options, &exit_status] {
    options->batch.force = options->force;
    options->batch.inputs.once_per_file = options->in_place;
    exit_status = run_batch(options->batch, [&](const batch::Record &record) {
      return format_record(*options, record);
    });
  });
}

} // namespace sgf::tools

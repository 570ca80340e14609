// `sgf convert`: reads records in any format the toolkit knows (SGF, GIB, NGF, UGF/UGI, one-line
// kifu) and writes them as canonical FF[4] SGF: to standard output or -o FILE as one collection,
// or with -d DIR as one file per game named from a template.
#include "lib/collection/headers.h"
#include "lib/report/emit.h"
#include "lib/sgf/writer.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/terminal.h"

#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>

namespace sgf::tools {

namespace {

struct ConvertOptions {
  BatchOptions batch;
  std::string directory;                            // -d: one file per game
  std::string name_template = "{DT}-{PB}-{PW}.sgf"; // --name
  bool force = false;                               // replace existing files in -d
};

// The names already given in this run (clashes are numbered in input order: -d runs one job).
struct NameRegistry {
  explicit NameRegistry(const ConvertOptions &options)
      : namer(options.directory, options.force, collection::FileNamer::Existing::number_around) {}
  std::mutex mutex;
  collection::FileNamer namer; // never overwrites without --force: numbers around the file
  size_t number = 0;           // games named so far: {n}
};

RecordOutput convert_record(const ConvertOptions &options, NameRegistry &names,
                            const batch::Record &record) {
  RecordOutput out;
  bool json = options.batch.json(), colour = colour_enabled(stderr);
  std::optional<Diagnostic> write_error; // no game is written after one could not be
  const Diagnostics diagnostics =
      for_each_game(record, options.batch.parse, [&](Game &game, size_t index) {
        if (options.directory.empty()) {
          out.text += write_sgf(game);
          return;
        }
        if (write_error)
          return;
        collection::FileNamer::Written written;
        {
          std::lock_guard lock(names.mutex);
          const collection::NameFields fields{++names.number, index + 1, record.name};
          written = names.namer.write(
              collection::file_name_from_template(options.name_template, fields, game),
              write_sgf(game));
        }
        if (written.error)
          write_error = std::move(written.error);
        else
          out.text += written.path.string() + "\n";
      });
  for (const Diagnostic &d : diagnostics)
    if (!options.batch.quiet || d.severity == Severity::error)
      out.messages += format_diagnostic(record.name, d, json, colour);
  if (has_error(diagnostics))
    out.status = 1;
  if (write_error) {
    out.status = 2;
    out.messages += format_diagnostic(record.name, *write_error, json, colour);
  }
  return out;
}

} // namespace

void register_convert(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<ConvertOptions>();
  auto *cmd = root.add_subcommand(
      "convert", "Write records of any format (SGF, Tygem GIB, WBaduk NGF, Pandanet UGF/UGI, "
                 "one-line kifu) as canonical FF[4] SGF");
  add_batch_options(*cmd, options->batch);
  auto *directory = cmd->add_option("-d,--directory", options->directory,
                                    "Write one file per game into DIR (listing the files "
                                    "written on standard output)")
                        ->type_name("DIR")
                        ->check(named_path());
  cmd->add_option("-n,--name", options->name_template,
                  "File names for -d: {XX} is the game's XX property (DT, PB, PW, EV, ...), {n} "
                  "the running number, {game} its number in the record, {file} the record's "
                  "name (default {DT}-{PB}-{PW}.sgf)")
      ->type_name("TEMPLATE")
      ->check(named_path());
  cmd->add_flag("--force", options->force, "With -d, replace files that exist");
  if (auto *output = cmd->get_option_no_throw("--output"))
    directory->excludes(output);
  cmd->callback([options, &exit_status] {
    if (!options->directory.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(options->directory, ec);
      if (ec) {
        print_diagnostic(options->directory,
                         make_diagnostic(Severity::error, "unwritable",
                                         "cannot create the folder: " + ec.message()),
                         options->batch.json());
        exit_status = 2;
        return;
      }
      if (options->force && !force_spares_inputs(options->batch.inputs, options->directory,
                                                 "convert", options->batch.json())) {
        exit_status = 2;
        return;
      }
      options->batch.jobs = 1; // clashing names are numbered in input order
    }
    auto names = std::make_shared<NameRegistry>(*options);
    exit_status = run_batch(options->batch, [&](const batch::Record &record) {
      return convert_record(*options, *names, record);
    });
  });
}

} // namespace sgf::tools

// `sgf convert`: reads records in any format the toolkit knows (SGF, GIB, NGF, UGF/UGI, one-line
// kifu) and writes them as canonical FF[4] SGF: to standard output or -o FILE as one collection,
// or with -d DIR as one file per game named from a template.
#include "lib/batch/output.h"
#include "lib/report/emit.h"
#include "lib/sgf/values.h"
#include "lib/sgf/writer.h"
#include "parsers/record/record.h"
#include "tools/batch_options.h"
#include "tools/commands.h"
#include "tools/terminal.h"

#include <filesystem>
#include <memory>
#include <mutex>
#include <set>

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
  std::mutex mutex;
  std::set<std::string> used;
};

// A file name character that is safe on every common file system: letters and digits of any
// script, '-', '_', '.', '+'; anything else (separators, quotes, control characters, spaces)
// becomes '_'.
std::string safe_name_part(std::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    bool safe = c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
                (c >= 'A' && c <= 'Z') || c == '-' || c == '_' || c == '.' || c == '+';
    out += safe ? static_cast<char>(c) : '_';
  }
  while (out.starts_with("."))
    out.erase(0, 1); // no hidden files, no ".."
  return out;
}

// The template with each {XX} replaced by the game's root property XX (simple text, made safe),
// or "unknown"; {N} is the game's number in its record (1-based), {FILE} the record's file name
// without its extensions.
std::string file_name(const std::string &name_template, const Game &game, int number,
                      std::string_view record_name) {
  std::string out;
  for (size_t i = 0; i < name_template.size(); ++i) {
    size_t close = name_template.find('}', i);
    if (name_template[i] != '{' || close == std::string::npos) {
      out += name_template[i];
      continue;
    }
    std::string key = name_template.substr(i + 1, close - i - 1);
    std::string value;
    if (key == "N") {
      value = std::to_string(number);
    } else if (key == "FILE") {
      std::string base = std::filesystem::path(std::string(record_name)).filename().string();
      value = base.substr(0, base.find('.'));
    } else if (!game.empty()) {
      if (const std::string *raw = first_value(game.root(), key))
        value = to_simple_text(*raw);
    }
    std::string safe = safe_name_part(value);
    out += safe.empty() ? "unknown" : safe;
    i = close;
  }
  std::string safe_whole;
  for (char c : out)
    safe_whole += c == '/' || c == '\\' ? '_' : c;
  return safe_whole;
}

// A free name in `directory` for `name`: "a.sgf", else "a-2.sgf", "a-3.sgf", ...; a name
// that exists on disk counts as taken unless --force.
std::string claim_name(NameRegistry &names, const std::filesystem::path &directory,
                       const std::string &name, bool force) {
  std::filesystem::path p(name);
  std::string stem = p.stem().string(), extension = p.extension().string();
  std::lock_guard lock(names.mutex);
  for (int n = 1;; ++n) {
    std::string candidate = n == 1 ? name : stem + "-" + std::to_string(n) + extension;
    std::string full = (directory / candidate).string();
    std::error_code ec;
    if (names.used.contains(full) || (!force && std::filesystem::exists(full, ec)))
      continue;
    names.used.insert(full);
    return full;
  }
}

RecordOutput convert_record(const ConvertOptions &options, NameRegistry &names,
                            const batch::Record &record) {
  RecordOutput out;
  bool json = options.batch.format == "json", colour = colour_enabled(stderr);
  ParseResult parsed = parse_record(record.bytes, record.name, record.format);
  for (const Diagnostic &d : parsed.diagnostics)
    if (!options.batch.quiet || d.severity == Severity::error)
      out.messages += json ? format_json(record.name, d) : format_text(record.name, d, colour);
  if (!parsed.ok())
    out.status = 1;
  if (parsed.collection.games.empty())
    return out;
  if (options.directory.empty()) {
    out.text = write_sgf(parsed.collection);
    return out;
  }
  int number = 0;
  for (const Game &game : parsed.collection.games) {
    ++number;
    std::string path =
        claim_name(names, options.directory,
                   file_name(options.name_template, game, number, record.name), options.force);
    if (auto error = batch::write_file_atomically(path, write_sgf(game))) {
      out.status = 2;
      out.messages +=
          json ? format_json(record.name, *error) : format_text(record.name, *error, colour);
      return out;
    }
    out.text += path + "\n";
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
                        ->type_name("DIR");
  cmd->add_option("--name", options->name_template,
                  "File names for -d: {XX} is the game's XX property (DT, PB, PW, EV, ...), {N} "
                  "its number in the record, {FILE} the record's name (default "
                  "{DT}-{PB}-{PW}.sgf)")
      ->type_name("TEMPLATE");
  cmd->add_flag("--force", options->force, "With -d, replace files that exist");
  if (auto *output = cmd->get_option_no_throw("--output"))
    directory->excludes(output);
  cmd->callback([options, &exit_status] {
    if (!options->directory.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(options->directory, ec);
      if (ec) {
        std::fprintf(stderr, "sgf convert: %s: cannot create the folder: %s\n",
                     options->directory.c_str(), ec.message().c_str());
        exit_status = 2;
        return;
      }
      options->batch.jobs = 1; // clashing names are numbered in input order
    }
    auto names = std::make_shared<NameRegistry>();
    exit_status = run_batch(options->batch, [&](const batch::Record &record) {
      return convert_record(*options, *names, record);
    });
  });
}

} // namespace sgf::tools

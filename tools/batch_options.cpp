// run_batch: the one place where records meet threads, the terminal and the output file.
#include "tools/batch_options.h"

#include "lib/batch/output.h"
#include "lib/batch/pipeline.h"
#include "lib/report/emit.h"
#include "parsers/record/record.h"
#include "parsers/record/sgf_or_not.h"
#include "parsers/sgf/charset.h"
#include "tools/terminal.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <iterator>
#include <optional>
#include <string_view>
#include <system_error>

#include <sys/stat.h>

namespace sgf::tools {

namespace {

// The parts of a record read a part at a time: 256 MiB as max_tree_bytes counts memory.
constexpr size_t part_bytes = size_t{256} << 20;

std::optional<std::string_view> kifu_index_of(const batch::Record &record) {
  if (record.kifu_index)
    return *record.kifu_index;
  return std::nullopt;
}

} // namespace

ParseResult parse_record(const batch::Record &record, const ParseOptions &options) {
  return sgf::parse_record(record.bytes, record.name, record.format, options,
                           kifu_index_of(record));
}

void parse_record_in_parts(const batch::Record &record, const ParseOptions &options,
                           const std::function<void(ParseResult &)> &part) {
  sgf::parse_record_in_parts(record.bytes, record.name, record.format, options,
                             kifu_index_of(record), part_bytes, [&](ParseResult &result) {
                               // Read first: `part` may take the whole result away.
                               const size_t through = result.text_through, size = result.text_size;
                               part(result);
                               if (record.worked && size > 0)
                                 record.worked->store(
                                     static_cast<uint32_t>(1e6 * double(through) / double(size)));
                             });
}

bool summarise_record(const batch::Record &record, const ParseOptions &options,
                      RecordSummary &summary, const EachGame &each_game) {
  return read_as_sgf(record.bytes, record.format) &&
         summarise_sgf(record.bytes, options, summary, each_game, part_bytes);
}

Diagnostics for_each_game(const batch::Record &record, const ParseOptions &options,
                          const std::function<void(Game &, size_t index)> &game) {
  Diagnostics diagnostics;
  parse_record_in_parts(record, options, [&](ParseResult &part) {
    for (size_t g = 0; g < part.collection.games.size(); ++g)
      game(part.collection.games[g], part.first_game + g);
    diagnostics.insert(diagnostics.end(), std::make_move_iterator(part.diagnostics.begin()),
                       std::make_move_iterator(part.diagnostics.end()));
  });
  return diagnostics;
}

void add_input_options(CLI::App &app, batch::InputSpec &inputs) {
  app.add_option("inputs", inputs.paths,
                 "SGF files, folders (searched recursively), archives (.zip, .tar, .tar.gz, "
                 ".tar.bz2, .tar.xz) or - for standard input (the default)")
      ->check(named_path());
  app.add_option("--files-from", inputs.files_from,
                 "Read more input paths from FILE, one per line (- for standard input)")
      ->type_name("FILE")
      ->check(named_path());
  app.add_flag("-0,--null", inputs.null_separated,
               "The --files-from list is separated by NUL characters (as find -print0 writes)");
  app.add_option("--glob", inputs.globs,
                 "File names to take from folders and archives, case-insensitively "
                 "(repeatable; default *.sgf *.gib *.ngf *.ugf *.ugi)")
      ->type_name("PATTERN")
      ->take_all()
      ->allow_extra_args(false);
  app.add_option("--from", inputs.format,
                 "Read every record as this format instead of detecting it from the content")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"sgf", "gib", "ngf", "ugf", "ugi", "kifu"}));
  app.add_option_function<std::string>(
         "--shard",
         [&inputs](const std::string &text) { inputs.shard = *batch::parse_shard(text); },
         "Take only share K of N of the records, split by a stable hash of each record's path "
         "below its input, for runs spread over N machines (see sgf(1), SHARDED RUNS)")
      ->type_name("K/N")
      ->check(CLI::Validator(
          [](const std::string &text) {
            return batch::parse_shard(text) ? std::string()
                                            : "K/N with 1 <= K <= N wanted, not '" + text + "'";
          },
          ""));
}

CLI::Option *add_output_option(CLI::App &app, std::string &path, const std::string &description) {
  return app.add_option("-o,--output", path, description)
      ->type_name("FILE")
      // One step: CLI11 runs transforms before checks, and "-" becomes the empty name.
      ->transform(CLI::Validator(
          [](std::string &name) {
            std::string error = named_path()(name);
            if (name == "-")
              name.clear();
            return error;
          },
          ""));
}

void add_charset_option(CLI::App &app, std::string &charset) {
  // A name iconv does not know is a usage error: the user asked for that charset, and reading
  // the records in another would give them what they did not ask for.
  app.add_option("--charset", charset,
                 "Read every record in this charset (an iconv name such as GB18030, CP949 or "
                 "Shift_JIS) whatever its CA says")
      ->type_name("NAME")
      ->check(CLI::Validator(
          [](std::string &name) -> std::string {
            if (!iconv_charset_name(name).empty())
              return {};
            return "unknown charset '" + name + "' (iconv -l lists the names known)";
          },
          "NAME"));
}

CLI::Validator named_path() {
  return CLI::Validator(
      [](const std::string &name) {
        return name.empty() ? "an empty name names no file or folder (a shell variable left unset?)"
                            : std::string();
      },
      "");
}

CLI::Validator at_least(long minimum) {
  return CLI::Validator(
      [minimum](std::string &text) -> std::string {
        long value = 0;
        const char *end = text.data() + text.size();
        if (std::from_chars(text.data(), end, value).ptr != end || value >= minimum)
          return {};
        return std::to_string(minimum) + " or more wanted, not " + text;
      },
      "");
}

bool output_spares_inputs(const std::vector<std::string> &paths, const std::string &output,
                          bool json, std::optional<batch::FileStamp> *output_file) {
  struct stat target {};
  if (output.empty() || ::stat(output.c_str(), &target) != 0 || !S_ISREG(target.st_mode))
    return true;
  if (output_file)
    *output_file = batch::stamp_of(target);
  for (const std::string &path : paths) {
    struct stat input {};
    if (path == "-" || ::stat(path.c_str(), &input) != 0 || input.st_dev != target.st_dev ||
        input.st_ino != target.st_ino)
      continue;
    print_diagnostic(output,
                     make_diagnostic(Severity::error, "unwritable",
                                     "-o names the input " + path +
                                         ", which the output would replace: nothing is read or "
                                         "written; write to another file"),
                     json);
    return false;
  }
  return true;
}

void add_batch_options(CLI::App &app, BatchOptions &options) {
  add_input_options(app, options.inputs);
  app.add_option("-j,--jobs", options.jobs, "Worker threads (default: all cores)")
      ->type_name("N")
      ->check(at_least(0));
  app.add_flag("-q,--quiet", options.quiet, "Fewer messages, no progress line");
  app.add_flag("--no-progress", options.no_progress, "No progress line on standard error");
  add_output_option(app, options.output,
                    "Write the output to FILE instead of standard output (a file is replaced "
                    "atomically; a device, FIFO or descriptor is written in place; - is standard "
                    "output)");
  app.add_option("--format", options.format, "Output format")
      ->type_name("text|json|tsv")
      ->check(CLI::IsMember(format_names()))
      ->capture_default_str();
  add_charset_option(app, options.parse.charset);
  app.parse_complete_callback([&options] {
    if (!output_spares_inputs(options.inputs.paths, options.output, options.json(),
                              &options.inputs.output_file))
      throw CLI::RuntimeError(2);
  });
}

ProgressLine::ProgressLine(bool enabled, const batch::RecordSource &source)
    : enabled_(enabled), meter_(batch::ProgressMeter::Clock::now()) {
  if (enabled)
    thread_ = std::jthread([this, spec = source.spec()](std::stop_token stop) {
      std::optional<uint64_t> total = batch::input_bytes(spec, stop);
      std::unique_lock lock(mutex_);
      total_bytes_ = total;
      while (!tick_.wait_for(lock, stop, std::chrono::milliseconds(250), [] { return false; }) &&
             !stop.stop_requested()) {
        const auto now = batch::ProgressMeter::Clock::now();
        if (!writing_ && meter_.stale(now))
          draw(now);
      }
    });
}

void ProgressLine::started(const batch::Record &record) {
  if (!enabled_ || !record.worked)
    return;
  std::lock_guard lock(mutex_);
  at_work_.emplace_back(record.passed, record.worked);
}

uint64_t ProgressLine::bytes_through() const {
  // Records finish in order: the first of those at work is the next to finish.
  const auto next = std::ranges::min_element(at_work_, {}, &decltype(at_work_)::value_type::first);
  return next == at_work_.end() ? passed_
                                : batch::bytes_through(passed_, next->first, next->second->load());
}

void ProgressLine::draw(batch::ProgressMeter::Clock::time_point now) {
  const std::string line = meter_.line(now, bytes_through(), total_bytes_);
  std::fprintf(stderr, "\r%s\x1b[K", line.c_str());
  std::fflush(stderr);
  shown_ = true;
}

void ProgressLine::count(const batch::Record &finished) {
  if (!enabled_)
    return;
  const auto now = batch::ProgressMeter::Clock::now();
  std::lock_guard lock(mutex_);
  writing_ = false;
  passed_ = finished.passed;
  std::erase_if(at_work_, [&](const auto &r) { return r.first <= finished.passed; });
  if (meter_.count(now))
    draw(now);
}

void ProgressLine::erase() {
  std::lock_guard lock(mutex_);
  writing_ = true;
  if (shown_) {
    std::fputs("\r\x1b[K", stderr);
    std::fflush(stderr);
    shown_ = false;
  }
}

bool force_spares_inputs(batch::InputSpec &inputs, const std::string &folder,
                         std::string_view command, bool json) {
  if (std::optional<Diagnostic> unreadable = batch::take_files_from(inputs)) {
    print_diagnostic(inputs.files_from, *unreadable, json);
    return false;
  }
  const std::optional<std::string> input = batch::input_within_reach(inputs, folder);
  if (input)
    print_diagnostic(
        "sgf " + std::string(command),
        make_diagnostic(Severity::error, "unwritable",
                        "--force into " + folder + ", where the input " + *input +
                            " is read from: a game written there could replace a record before "
                            "it is read; "
                            "write into another folder, or leave out --force (then nothing is "
                            "replaced)"),
        json);
  return !input;
}

bool progress_wanted(bool quiet, bool no_progress) {
  return is_terminal(stderr) && !quiet && !no_progress;
}

namespace {

// Where the output goes: stdout as it comes, or an OutputFile (replaced at the end when it is
// a regular file, written as it comes when it is a device, a FIFO or a descriptor).
class Output {
public:
  Output(const std::string &path, bool split_hard_links) {
    if (!path.empty()) {
      file_.emplace(path, batch::WriteOptions{split_hard_links, {}});
      error_ = file_->open();
    }
  }
  const Diagnostics &notes() const { return file_ ? file_->notes() : no_notes_; }
  std::optional<Diagnostic> open_error() const { return error_; }

  void write(std::string_view text) {
    if (text.empty() || error_)
      return;
    if (file_) {
      error_ = file_->write(text);
    } else if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size()) {
      error_ = stdout_error(errno);
    }
  }
  // Hands what standard output holds to the system now (to keep it in step with standard
  // error on a shared terminal). A failure is kept for finish(): the stream drops the bytes it
  // could not write, so no later flush would see them.
  void flush() {
    if (!file_ && !error_ && std::fflush(stdout) != 0)
      error_ = stdout_error(errno);
  }
  // Flushes or commits; the first failure of the whole run.
  std::optional<Diagnostic> finish() {
    flush();
    if (error_ || !file_)
      return error_;
    return file_->commit();
  }

private:
  std::optional<batch::OutputFile> file_;
  std::optional<Diagnostic> error_;
  Diagnostics no_notes_;
};

} // namespace

Diagnostic stdout_error(int error) {
  return make_diagnostic(Severity::error, "unwritable",
                         "cannot write standard output: " + std::generic_category().message(error));
}

bool write_whole_output(const std::string &path, std::string_view text, bool json) {
  if (path.empty()) {
    // fclose reports only what it writes itself: a failed fwrite before it is seen here.
    if (std::fwrite(text.data(), 1, text.size(), stdout) == text.size() && std::fclose(stdout) == 0)
      return true;
    print_diagnostic("sgf", stdout_error(errno), json);
    return false;
  }
  Diagnostics notes;
  const std::optional<Diagnostic> error = batch::write_output(path, text, {}, &notes);
  for (const Diagnostic &note : notes)
    print_diagnostic(path, note, json);
  if (error)
    print_diagnostic(path, *error, json);
  return !error;
}

namespace {

void print_message(std::string_view text) {
  if (!text.empty())
    std::fwrite(text.data(), 1, text.size(), stderr);
}

} // namespace

int run_batch(const BatchOptions &options,
              const std::function<RecordOutput(const batch::Record &)> &work, std::string header,
              const std::function<std::string()> &footer) {
  const bool colour = colour_enabled(stderr), json = options.json();
  Output output(options.output, options.force);
  for (const Diagnostic &note : output.notes())
    print_message(format_diagnostic(options.output, note, json, colour));
  if (auto error = output.open_error()) {
    print_message(format_diagnostic("sgf", *error, json, colour));
    return 2;
  }
  output.write(header);

  batch::RecordSource source(options.inputs);
  ProgressLine progress(progress_wanted(options.quiet, options.no_progress), source);
  // Output to a file or a pipe leaves the line alone: erased on every record, it would flicker.
  const bool output_on_screen = options.output.empty() && is_terminal(stdout);
  int status = 0;
  size_t records = 0;
  batch::ordered_map(
      source, batch::PipelineOptions{options.jobs, 0},
      [&work, &progress, colour, json](const batch::Record &record) {
        progress.started(record);
        if (record.error) {
          RecordOutput unreadable;
          unreadable.messages = format_diagnostic(record.name, *record.error, json, colour);
          unreadable.status = unread_status(record);
          return unreadable;
        }
        return work(record);
      },
      [&](const batch::Record &record, RecordOutput &&result) {
        if (!result.text.empty() || !result.messages.empty()) {
          if (!result.messages.empty() || output_on_screen)
            progress.erase();
          output.write(result.text);
          if (!result.messages.empty())
            output.flush();
          print_message(result.messages);
        }
        status = std::max(status, result.status);
        if (!record.error || record.error->severity == Severity::error)
          ++records; // a special file skipped in a folder is no record
        progress.count(record);
      });
  progress.erase();
  // A folder with no file matching the globs (or only archives, which folders do not open) gives
  // no record at all: say so rather than exit clean without a word.
  // A share of a small collection may hold nothing: say which share.
  const batch::Shard &shard = options.inputs.shard;
  std::string nothing = shard.count > 1
                            ? "share " + std::to_string(shard.index) + "/" +
                                  std::to_string(shard.count) + " of the inputs holds no record"
                            : "the inputs hold no record";
  if (records == 0)
    print_message(format_diagnostic(
        "sgf",
        make_diagnostic(
            Severity::warning, "no-records",
            nothing + " (folders are searched for names matching "
                      "--glob, *.sgf, *.gib, *.ngf, *.ugf and *.ugi by default; archives inside "
                      "folders are not opened: name "
                      "them as inputs)"),
        json, colour));
  if (footer)
    output.write(footer());
  if (auto error = output.finish()) {
    print_message(
        format_diagnostic(options.output.empty() ? "sgf" : options.output, *error, json, colour));
    status = 2;
  }
  return status;
}

} // namespace sgf::tools

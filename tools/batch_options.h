// The options every batch command shares (inputs, -j, --format, -o, progress) and run_batch,
// which reads the inputs, runs a command's work on each record in parallel and writes the
// results in input order.
//
// Exit statuses, for every command: 0 clean, 1 problems in the input (the records' own
// statuses), 2 the command could not do its job (an input could not be read, the output could
// not be written, bad usage).
#pragma once

#include "lib/batch/inputs.h"
#include "lib/batch/progress.h"
#include "parsers/sgf/parse.h"
#include "parsers/sgf/summary.h"

#include <CLI/CLI.hpp>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace sgf::tools {

struct BatchOptions {
  batch::InputSpec inputs;
  int jobs = 0; // 0: all cores
  bool quiet = false;
  bool no_progress = false;
  std::string format = "text"; // text, json or tsv
  std::string output;          // empty: stdout
  bool force = false;          // -o may split a hard link (set by the commands' --force)
  ParseOptions parse;          // --charset
  // --format json: the output and every message about an input or an output are JSON Lines.
  bool json() const { return format == "json"; }
};

// What every command reads: positional inputs (files, folders, archives, "-"), --files-from
// FILE, -0/--null, --glob PATTERN (repeatable, case-insensitive; default: every record format's
// extension), --from FORMAT, --shard K/N.
void add_input_options(CLI::App &app, batch::InputSpec &inputs);

// -o/--output FILE into `path`, with the command's description of it; "-" is standard output, as
// it is standard input among the inputs, and leaves `path` empty: never a file named "-".
CLI::Option *add_output_option(CLI::App &app, std::string &path, const std::string &description);

// --charset NAME, stored in `charset` (empty: CA, then detection): the input charset forced on
// every record, whatever its CA says. A name iconv does not know is a usage error.
void add_charset_option(CLI::App &, std::string &charset);

// Whether -o `output` spares the inputs `paths`: false, after saying why (as JSON with `json`),
// when it names one of them, which what the run makes from the record would replace. When it is
// a regular file, its stamp goes to `output_file`, for the inputs to skip it where they meet it
// (InputSpec::output_file). Checked by every batch command once its options are parsed.
bool output_spares_inputs(const std::vector<std::string> &paths, const std::string &output,
                          bool json, std::optional<batch::FileStamp> *output_file = nullptr);

// A check for a whole-number option: at least `minimum` ("--jobs: 0 or more wanted, not -1";
// CLI11's NonNegativeNumber names the largest double instead). Text that is no number is left
// to the option's own conversion, which says so.
CLI::Validator at_least(long minimum);

// A check for an option or argument naming a file or a folder: an empty name names none. It is
// most often a shell variable left unset ("-o \"$OUT\""), and taking it for the default
// (standard output, the current folder) would put the output where the user did not ask.
CLI::Validator named_path();

// The inputs, then -j/--jobs N, --quiet, --no-progress, -o/--output FILE, --format
// text|json|tsv, --charset NAME.
void add_batch_options(CLI::App &app, BatchOptions &options);

// Reads a record in whatever format it is in (--from, else found from its content), with the
// kifu.index its input gave it.
ParseResult parse_record(const batch::Record &, const ParseOptions & = {});

// The same, an SGF record's games handed to `part` a part at a time (parse_sgf_in_parts, parts
// of 256 MiB as max_tree_bytes counts memory: some 20 MB of SGF text): for the commands that take
// a game at a time, so that no collection is too large for them.
void parse_record_in_parts(const batch::Record &, const ParseOptions &,
                           const std::function<void(ParseResult &)> &part);

// Summarises an SGF record without its tree (summarise_sgf, under the limits of its fallback,
// parse_record_in_parts); false for a record in another format or one the scan declines: the
// caller parses it.
bool summarise_record(const batch::Record &, const ParseOptions &, RecordSummary &,
                      const EachGame &each_game);

// Reads a record a part at a time (parse_record_in_parts) and hands each of its games to `game`
// with its index in the record; gives the record's diagnostics. For the commands that need no
// more than one game at a time.
Diagnostics for_each_game(const batch::Record &, const ParseOptions &,
                          const std::function<void(Game &, size_t index)> &game);

// "cannot write standard output: <reason>", for a write, flush or close of standard output that
// failed with `error` (an errno value).
Diagnostic stdout_error(int error);

// A command's whole output, written at once: to standard output when `path` is empty (-o -),
// every write checked and the stream closed, where an error only the close reports (a network
// file system) is still told (a full disk or a closed pipe is an error, not output silently
// lost); else into the file atomically (batch::write_output), its notes printed. False once the
// error is printed (as JSON with `json`): the command exits 2. Nothing may be written to standard
// output after it.
bool write_whole_output(const std::string &path, std::string_view text, bool json = false);

// For --force with -d DIR (split, convert): false, after saying why on standard error (as JSON
// with `json`), when DIR holds an input of the run (batch::input_within_reach), which a game
// written there could replace before it is read. The --files-from list is read first, into the
// paths (batch::take_files_from), so that its files are checked too.
bool force_spares_inputs(batch::InputSpec &inputs, const std::string &folder,
                         std::string_view command, bool json = false);

// The progress line of a long batch ("sgf: 12,345 records, 3,210/s, 42%, 1:05 left") on standard
// error, shown only when `enabled` (see progress_wanted). The share done and the time left come
// once the inputs of `source` are measured (batch::input_bytes, on a thread of its own while the
// run goes on), and never for a stream (standard input); the share is that of the records
// finished (Record::passed), not of those read ahead. When no record has finished for a second
// (one large collection at work), the same thread redraws the line with the time since the last
// one, and the share goes on as the parts of a large record are done (Record::worked, followed
// from started()). It shares stderr with messages and, on a terminal, the screen with stdout:
// erase() it before writing anything else; nothing redraws it until the next count().
class ProgressLine {
public:
  ProgressLine(bool enabled, const batch::RecordSource &source);
  ~ProgressLine() { erase(); }
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;
  // A worker begins `record` (from any thread).
  void started(const batch::Record &record);
  void count(const batch::Record &finished);
  void erase();

private:
  void draw(batch::ProgressMeter::Clock::time_point now); // with mutex_ held
  uint64_t bytes_through() const;                         // with mutex_ held

  // The large records at work (Record::passed, Record::worked), until they finish.
  std::vector<std::pair<uint64_t, std::shared_ptr<std::atomic<uint32_t>>>> at_work_;

  bool enabled_;
  std::mutex mutex_; // the caller's count() and erase() and the thread's redraws, one at a time
  bool shown_ = false;
  bool writing_ = false; // erased for the caller's output: not redrawn before the next count()
  uint64_t passed_ = 0;  // the bytes passed when the last record finished
  batch::ProgressMeter meter_;
  std::optional<uint64_t> total_bytes_; // the inputs' bytes, once measured
  std::condition_variable_any tick_;    // nothing notifies it: a wait that a stop ends
  std::jthread thread_; // measures, then redraws; last: stopped and joined before the rest goes
};

// The exit status of a record the source did not read (Record::error set): 2 when it could not
// be read, 0 when it was skipped on purpose with a note (a FIFO in a folder, a file read
// already, the run's own output).
inline int unread_status(const batch::Record &record) {
  return record.error->severity == Severity::error ? 2 : 0;
}

// Whether a batch shows its progress: standard error is a terminal, and neither --quiet nor
// --no-progress was given.
bool progress_wanted(bool quiet, bool no_progress);

// What a command makes of one record.
struct RecordOutput {
  std::string text;     // the output, written in input order
  std::string messages; // for stderr, written in input order
  int status = 0;       // 0, 1 or 2, as above
};

// Runs `work` on every record (in parallel, -j) and writes the texts in input order, after
// `header`, to stdout as records complete or, with -o, to the file atomically at the end (the
// file is not replaced when the run fails to write). Records that could not be read never
// reach `work`: their message is printed on stderr and the status becomes 2 (a special file
// skipped in a folder only has its note printed). A progress line
// is shown on stderr when it is a terminal, unless --quiet or --no-progress. --quiet is for
// the commands to interpret (fewer messages); run_batch prints whatever messages work returns.
// Returns the exit status: the largest of the records' statuses, 2 when an input could not be
// read or the output could not be written.
// `footer`, when given, is called once every record is written and its text ends the output (a
// summary of the run).
int run_batch(const BatchOptions &options,
              const std::function<RecordOutput(const batch::Record &)> &work,
              std::string header = {}, const std::function<std::string()> &footer = {});

} // namespace sgf::tools

// Game-information values as text, for file names, sorting and comparing records: the value
// of a property in the root or the first main-line node that has it.
#pragma once

#include "lib/report/diagnostic.h"
#include "lib/sgf/tree.h"

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace sgf::collection {

// The value as simple text (escapes resolved, white space as spaces, trimmed), or nullopt when
// no main-line node has it.
std::optional<std::string> game_info(const Game &, std::string_view id);

// What a file-name template names besides the game's own values.
struct NameFields {
  size_t number = 0;            // {n}: the running number of the game in the run, from 1
  size_t game = 0;              // {game}: the game's number in its record, from 1
  std::string_view record_name; // {file}: the record's path; its name up to the first dot
};

// A file name from a template, the one rule for `sgf split` and `sgf convert -d`: {n} is the
// running number (at least five digits, so that names sort in order), {game} the game's number
// in its record, {file} the record's file name up to its first dot; {DT} {PB} {PW} {EV} {RO}
// (and any other {ID}) the game's values, "unknown" when missing. {N} and {FILE} are the
// spellings `sgf convert` had for {game} and {file}, kept for scripts. In the values,
// characters unsafe in file names (/ \ : * ? " < > |, control characters, blanks) become '_',
// as does a leading '.' or '-'; UTF-8 letters are kept. The template's own text is kept as it is
// (a '/' in it names a folder).
std::string file_name_from_template(std::string_view pattern, const NameFields &, const Game &);

// The files of one run in one folder. A name an earlier game of the run has taken gets -2, -3,
// ... before its extension; ".sgf" is added to a name without it. A file that exists already
// is replaced only with `force`; else it is numbered around or refused, as the caller says.
class FileNamer {
public:
  enum class Existing { number_around, refuse };
  FileNamer(std::filesystem::path folder, bool force, Existing existing)
      : folder_(std::move(folder)), force_(force), existing_(existing) {}

  // The path for `name`, or nothing with `problem` saying which file would be overwritten.
  std::optional<std::filesystem::path> claim(std::string name, std::string &problem);

  // `bytes` written under the path claim() gives (its folders made). Without `force` no file is
  // ever replaced, not even one another process makes between the claim and the write: that
  // name too is numbered around or refused. The path (empty when no name was free), and what
  // went wrong.
  struct Written {
    std::filesystem::path path;
    std::optional<Diagnostic> error;
  };
  Written write(const std::string &name, std::string_view bytes);

  // Syncs each folder written into once, after its last file, rather than after every file:
  // the files written are durable from then on.
  ~FileNamer();
  FileNamer(const FileNamer &) = delete;
  FileNamer &operator=(const FileNamer &) = delete;

private:
  std::filesystem::path folder_;
  bool force_;
  Existing existing_;
  std::set<std::string> used_;
  std::set<std::filesystem::path> written_into_; // folders to sync
};

} // namespace sgf::collection

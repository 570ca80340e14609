// `--in-place` for the commands that rewrite records (fmt, annotate): the new text goes back
// into the file the record came from, in its compression, only when nothing would be lost.
#pragma once

#include "lib/batch/inputs.h"
#include "lib/report/diagnostic.h"

#include <string_view>

namespace sgf::tools {

struct InPlaceResult {
  Diagnostics messages; // why the file was left alone, or what the user should know
  int status = 0;       // 0 written or already as asked, 1 refused to lose content, 2 not written
};

// Writes `text` over the file `record` was read from (batch::write_output: atomically, mode,
// owner, group and extended attributes kept, a symbolic link kept and its target written, the
// record's compression again). The file is left alone, with an error saying why:
// - standard input and archive members, which have no file of their own (status 2; a name
//   such as "a.zip!/x/../b.sgf" is never taken for a path), and a file that is no longer a
//   regular file (2), and a record in another format than SGF (2: `sgf convert` writes it);
// - unless `force`: a record whose reading dropped content (`read`, its diagnostics, holds a
//   repair that parsers/sgf/repairs.h calls dropping): one error per loss, at its place, with
//   the text that would be lost (status 1); a file with other hard links (2).
// With `force` each loss is a warning and a split hard link a note. Nothing is written when
// `text` equals the record's bytes.
InPlaceResult rewrite_in_place(const batch::Record &record, const Diagnostics &read,
                               std::string_view text, bool force);

} // namespace sgf::tools

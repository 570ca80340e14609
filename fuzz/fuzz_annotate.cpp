// libFuzzer target for `sgf annotate` on any record: its output reads without error, keeps every
// game's moves, and annotating it again gives the same bytes (annotate replaces what it wrote
// before, listed in SGFANNOTATE, and never adds to it), as the tool writes them.
#include "fuzz/options.h"
#include "fuzz/require.h"
#include "lib/check/annotate.h"
#include "lib/sgf/values.h"
#include "lib/sgf/writer.h"
#include "parsers/record/record.h"
#include "parsers/sgf/parse.h"

#include <cstdint>
#include <string>
#include <vector>

using sgf::fuzz::require;

namespace {

// The moves of every node of every game, in order: annotations may add comments, marks and
// territory but no move.
std::vector<std::string> moves_of(const sgf::Collection &collection) {
  std::vector<std::string> moves;
  for (const sgf::Game &game : collection.games)
    for (const sgf::Node &node : game.nodes)
      for (const char *id : {"B", "W"})
        if (const sgf::Property *p = node.find(id))
          for (const sgf::Value &v : p->values)
            moves.push_back(std::string(id) + "[" + sgf::to_text(v.text) + "]");
  return moves;
}

// One run of `sgf annotate` on a record as the tool makes it: the text, in UTF-8 once read, says
// so in its CA; the header is written as found.
std::string annotated(sgf::ParseResult parsed, const sgf::check::AnnotateOptions &options) {
  sgf::check::AnnotateOptions run = options;
  run.convert_header =
      parsed.charset != "UTF-8" && parsed.charset != "ASCII" && !parsed.charset.empty();
  sgf::WriteOptions layout;
  layout.canonical_header = false;
  return sgf::write_sgf(sgf::check::annotate(std::move(parsed), run).collection, layout);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  sgf::check::AnnotateOptions options;
  options.fix_result = data[size - 1] & 1; // the last byte picks --fix-result
  const std::string_view bytes(reinterpret_cast<const char *>(data), size - 1);
  const sgf::ParseOptions parse = sgf::fuzz::small_limits(2'000, 4);
  sgf::ParseResult parsed = sgf::parse_record(bytes, "fuzz", {}, parse, std::string_view{});
  if (parsed.collection.games.empty())
    return 0;
  const std::vector<std::string> moves = moves_of(parsed.collection);
  const std::string once = annotated(std::move(parsed), options);
  // The output is read whole: the findings it holds may be longer than the input's limits allow.
  sgf::ParseResult read_once = sgf::parse_sgf(once);
  require(read_once.ok(), "annotate's output reads without error");
  require(moves_of(read_once.collection) == moves, "annotate keeps every move");
  // What annotate reports about the reading of the input (a repaired value, a charset) is gone
  // once its output is read: from the second run on, the output is annotate's fixed point.
  const std::string twice = annotated(std::move(read_once), options);
  require(annotated(sgf::parse_sgf(twice), options) == twice,
          "annotating annotate's output gives the same bytes");
  return 0;
}

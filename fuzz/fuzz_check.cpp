// libFuzzer target for what `sgf check` does with any bytes: read them in whatever record format
// they look like (SGF, GIB, NGF, UGF, kifu), validate, replay every variation under the record's
// rules and count the games that ended by passes. Any input must give findings, never a crash:
// each named by a known code, with a message, and each error about a game located. A record in
// another format than SGF must read back as the same tree from the SGF that `sgf convert` writes.
#include "fuzz/options.h"
#include "fuzz/require.h"
#include "fuzz/round_trip.h"
#include "lib/check/check.h"
#include "parsers/record/record.h"

#include <algorithm>
#include <cstdint>
#include <string>

using sgf::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const sgf::ParseOptions options = sgf::fuzz::small_limits(5'000, 20);
  const std::string_view bytes(reinterpret_cast<const char *>(data), size);
  const sgf::ParseResult parsed = sgf::parse_record(bytes, "fuzz", {}, options, std::string_view{});
  static const std::vector<sgf::check::CheckCode> codes = sgf::check::check_codes();
  for (const sgf::Diagnostic &d : sgf::check::check_record(parsed, {})) {
    require(std::any_of(codes.begin(), codes.end(),
                        [&](const sgf::check::CheckCode &c) { return c.code == d.code; }),
            "a known code");
    require(!d.message.empty(), "a message");
    if (d.severity == sgf::Severity::error && d.code != "not-sgf")
      require(d.pos.known() || d.game < 0, "errors about a game are located");
  }
  if (sgf::detect_record_format(bytes).value_or(sgf::RecordFormat::sgf) == sgf::RecordFormat::sgf ||
      parsed.collection.games.empty())
    return 0;
  // Read whole: the other formats' readers do not cut a long value at the SGF reader's limit.
  sgf::fuzz::require_round_trip(parsed.collection);
  return 0;
}

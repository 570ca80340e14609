// bench_convert: the readers of other record formats against the SGF reader on the same games.
// For each format, the corpus files are read into memory once; then, on one thread, for about a
// second each, in turns of one pass over the files: the format's reader (parse_record), the same
// games written as SGF (write_sgf) and read by parse_sgf, and the whole conversion (read +
// write). Prints games per second from the median pass and the ratio of the format's reader to
// the SGF reader per game, the median over passes made one after the other (the target is
// within 2x).
// The SGF written is UTF-8 with CA[UTF-8], which the SGF reader takes as it is, where the
// format's reader detects the charset of a GIB or NGF record in GBK or EUC-KR and converts it:
// "own cs" also times the SGF reader on the same SGF text in the charset the record was read
// as and without CA, which it detects and converts as the format's reader does (like with like).
// --rounds N makes each measurement exactly N passes instead of a time, for an instruction
// counter (callgrind, perf stat) whose figures do not depend on the machine's load.
#include "lib/batch/inputs.h"
#include "lib/sgf/writer.h"
#include "parsers/record/record.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iconv.h>
#include <map>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Input {
  std::string name, bytes, sgf; // sgf: the same games written as SGF
  std::string sgf_own;          // the same without CA, in the charset the record was read as
  size_t games = 0;
};

// `utf8` in `charset` (an iconv name); `utf8` itself when that is UTF-8 or the charset lacks
// one of its characters.
std::string in_charset(const std::string &utf8, const std::string &charset) {
  if (charset.empty() || charset == "UTF-8")
    return utf8;
  iconv_t cd = iconv_open(charset.c_str(), "UTF-8");
  if (cd == reinterpret_cast<iconv_t>(-1))
    return utf8;
  std::string out(utf8.size() * 4 + 16, '\0');
  char *in = const_cast<char *>(utf8.data()), *dst = out.data();
  size_t in_left = utf8.size(), dst_left = out.size();
  size_t r = iconv(cd, &in, &in_left, &dst, &dst_left);
  iconv_close(cd);
  if (r == static_cast<size_t>(-1))
    return utf8;
  out.resize(out.size() - dst_left);
  return out;
}

struct Pace {
  double seconds = 1.0; // at least this long for each reader
  size_t rounds = 0;    // when not 0: exactly this many passes, whatever the time
};

// One reader's pass over all inputs: the games it read (a check that it read them).
using Work = std::function<size_t(const Input &)>;

// The seconds of each pass of each work over all inputs. The works take turns, one pass each,
// so that a spell of load from elsewhere on a shared machine falls on all of them alike rather
// than on the one measured at that moment.
std::vector<std::vector<double>> time_rounds(const std::vector<Input> &inputs, Pace pace,
                                             const std::vector<Work> &works) {
  std::vector<std::vector<double>> seconds(works.size());
  double total = 0;
  size_t checksum = 0;
  for (size_t round = 0; pace.rounds ? round < pace.rounds : total < pace.seconds * works.size();
       ++round)
    for (size_t w = 0; w < works.size(); ++w) {
      auto start = Clock::now();
      for (const Input &in : inputs)
        checksum += works[w](in);
      double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
      seconds[w].push_back(elapsed);
      total += elapsed;
    }
  if (checksum == 0)
    std::fprintf(stderr, "no games read\n");
  return seconds;
}

double median(std::vector<double> v) {
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

// How many times slower `slow` is than `fast`: the median of the ratios of passes made one
// after the other, which a spell of load spoils only for the passes it falls on.
double median_ratio(const std::vector<double> &slow, const std::vector<double> &fast) {
  std::vector<double> ratios;
  for (size_t i = 0; i < slow.size() && i < fast.size(); ++i)
    ratios.push_back(slow[i] / fast[i]);
  return median(ratios);
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"bench_convert: GIB, NGF, UGF and kifu readers beside the SGF reader"};
  std::vector<std::string> paths;
  Pace pace;
  std::string only;
  app.add_option("inputs", paths, "Files, folders, archives (corpus/foreign)")->required();
  app.add_option("--seconds", pace.seconds, "Time per measurement");
  app.add_option("--rounds", pace.rounds, "Passes per measurement instead of a time");
  app.add_option("--format", only, "Measure this format only (gib, ngf, ugf, kifu)");
  CLI11_PARSE(app, argc, argv);

  sgf::batch::InputSpec spec;
  spec.paths = paths;
  spec.globs = {"*.gib", "*.ngf", "*.ugf", "*.ugi", "20[0-9][0-9]-[0-9][0-9]"}; // kifu: YYYY-MM
  sgf::batch::RecordSource source(spec);
  std::map<std::string, std::vector<Input>> by_format;
  while (auto record = source.next()) {
    if (record->error)
      continue;
    auto format = sgf::detect_record_format(record->bytes);
    if (!format || *format == sgf::RecordFormat::sgf ||
        (!only.empty() && only != sgf::to_string(*format)))
      continue;
    sgf::ParseResult parsed = sgf::parse_record(record->bytes, record->name);
    Input in;
    in.name = record->name;
    in.bytes = std::move(record->bytes);
    in.sgf = sgf::write_sgf(parsed.collection);
    sgf::WriteOptions plain;
    plain.canonical_header = false; // the readers write no CA
    in.sgf_own = in_charset(sgf::write_sgf(parsed.collection, plain), parsed.charset);
    in.games = parsed.collection.games.size();
    by_format[sgf::to_string(*format)].push_back(std::move(in));
  }
  std::printf("%-6s %6s %7s %10s %10s %14s %14s %12s %7s %14s %7s\n", "format", "files", "games",
              "bytes", "SGF bytes", "format games/s", "SGF games/s", "convert g/s", "ratio",
              "own cs SGF g/s", "ratio");
  for (const auto &[format, inputs] : by_format) {
    size_t files = inputs.size(), games = 0, bytes = 0, sgf_bytes = 0;
    for (const Input &in : inputs) {
      games += in.games;
      bytes += in.bytes.size();
      sgf_bytes += in.sgf.size();
    }
    const auto seconds = time_rounds(
        inputs, pace,
        {[](const Input &in) {
           return sgf::parse_record(in.bytes, in.name).collection.games.size();
         },
         [](const Input &in) { return sgf::parse_sgf(in.sgf).collection.games.size(); },
         [](const Input &in) {
           return sgf::write_sgf(sgf::parse_record(in.bytes, in.name).collection).size();
         },
         [](const Input &in) { return sgf::parse_sgf(in.sgf_own).collection.games.size(); }});
    auto rate = [&](size_t w) { return games / median(seconds[w]); };
    std::printf("%-6s %6zu %7zu %10zu %10zu %14.0f %14.0f %12.0f %6.2fx %14.0f %6.2fx\n",
                format.c_str(), files, games, bytes, sgf_bytes, rate(0), rate(1), rate(2),
                median_ratio(seconds[0], seconds[1]), rate(3),
                median_ratio(seconds[0], seconds[3]));
  }
  return 0;
}

// `sgf dedupe`: groups of records that hold the same game (lib/collection/dedupe.h), as text or
// JSON Lines; with --delete or --move-to, the files of the members not kept are acted on.
#include "lib/collection/dedupe.h"
#include "lib/batch/output.h"
#include "lib/batch/pipeline.h"
#include "lib/report/emit.h"
#include "parsers/sgf/parse.h"
#include "parsers/sgf/summary.h"
#include "tools/batch_options.h"
#include "tools/collection_io.h"
#include "tools/commands.h"
#include "tools/terminal.h"

#include <nlohmann/json.hpp>
#include <oneapi/tbb/enumerable_thread_specific.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>

namespace sgf::tools {

namespace {

namespace fs = std::filesystem;

struct DedupeCommandOptions {
  BatchOptions batch;
  collection::DedupeOptions dedupe;
  std::string keep = "first";
  bool remove = false;
  std::string move_to;
};

struct ReadRecord {
  std::vector<collection::Fingerprint> games;
  std::string messages;
  int status = 0;
};

// `scan`: this worker's, reused from record to record.
ReadRecord read_record(const BatchOptions &options, const batch::Record &record,
                       RecordSummary &scan) {
  ReadRecord out;
  // A clean SGF record of plain games (nearly all) is only scanned; any other is parsed.
  const auto fingerprint_plain = [&](const GameSummary &game, size_t index) {
    if (game.plain)
      out.games.push_back(collection::fingerprint(game, record.name, int(index)));
    return game.plain;
  };
  if (!record.error && summarise_record(record, options.parse, scan, fingerprint_plain))
    return out;
  out.games.clear();
  // A record with errors is still searched: whatever could be read counts. One that gives no
  // game at all (empty, binary, not a record) is an input that could not be read.
  if (record.error) {
    add_message(options, record.name, *record.error, out.messages);
    out.status = unread_status(record);
    return out;
  }
  const Diagnostics diagnostics =
      for_each_game(record, options.parse, [&](Game &game, size_t index) {
        out.games.push_back(collection::fingerprint(game, record.name, int(index)));
      });
  for (const Diagnostic &d : diagnostics)
    add_message(options, record.name, d, out.messages, true);
  if (out.games.empty())
    out.status = 2;
  return out;
}

collection::KeepRule keep_rule(const std::string &name) {
  return name == "longest"     ? collection::KeepRule::longest
         : name == "most-info" ? collection::KeepRule::most_info
                               : collection::KeepRule::first;
}

// The group as the user sees it: each member's relation to the one kept.
collection::DuplicateGroup relative_to_kept(const collection::DuplicateGroup &group, size_t kept,
                                            const std::vector<collection::Fingerprint> &games) {
  collection::DuplicateGroup out{collection::DuplicateKind::identical, {}};
  const collection::Fingerprint &reference = games[group.members[kept].index];
  for (size_t k = 0; k < group.members.size(); ++k) {
    const size_t index = group.members[k].index;
    out.members.push_back(k == kept ? collection::GroupMember{index, {}, {}}
                                    : collection::relate(reference, games[index], index));
    out.kind = std::max(out.kind, out.members.back().kind);
  }
  return out;
}

std::string group_text(const collection::DuplicateGroup &group, size_t kept,
                       const std::vector<collection::Fingerprint> &games) {
  std::string out =
      std::string(to_string(group.kind)) + ": " + std::to_string(group.members.size()) + " games\n";
  for (size_t k = 0; k < group.members.size(); ++k) {
    const auto &member = group.members[k];
    const collection::Fingerprint &f = games[member.index];
    out += k == kept ? "  keep        "
                     : "  " + std::string(to_string(member.kind)) +
                           std::string(12 - std::string_view(to_string(member.kind)).size(), ' ');
    out += shown(f.file);
    if (f.game > 0)
      out += " game " + std::to_string(f.game);
    out += " (" + std::to_string(f.canonical.size()) + " moves";
    if (!member.differing_headers.empty()) {
      out += "; differs in";
      for (const std::string &id : member.differing_headers)
        out += " " + id;
    }
    out += ")\n";
  }
  return out;
}

std::string group_json(const collection::DuplicateGroup &group, size_t kept,
                       const std::vector<collection::Fingerprint> &games) {
  nlohmann::json members = nlohmann::json::array();
  for (size_t k = 0; k < group.members.size(); ++k) {
    const auto &member = group.members[k];
    const collection::Fingerprint &f = games[member.index];
    nlohmann::json one = {{"file", f.file},
                          {"game", f.game},
                          {"kind", to_string(member.kind)},
                          {"moves", f.canonical.size()},
                          {"keep", k == kept},
                          {"differs", member.differing_headers}};
    add_file_bytes(one, f.file);
    members.push_back(std::move(one));
  }
  nlohmann::json line = {{"kind", to_string(group.kind)}, {"members", members}};
  return json_line(line);
}

// Deletes or moves the file of a member that is not kept: only a plain file holding that one
// game (a collection file still holds other games; an archive member is not a file), and never
// the file the kept game is read from, named twice or reached through a link: that would take
// the kept game with it.
std::string act_on(const DedupeCommandOptions &options, const collection::Fingerprint &f,
                   const collection::Fingerprint &kept,
                   const std::map<std::string, int> &games_per_file, int &status) {
  auto say = [&](Severity severity, const char *code, std::string message) {
    status = std::max(status, severity == Severity::error ? 2 : 0);
    return format_diagnostic(f.file, make_diagnostic(severity, code, std::move(message)),
                             options.batch.json(), colour_enabled(stderr));
  };
  std::error_code ec;
  auto count = games_per_file.find(f.file);
  if (count == games_per_file.end() || count->second != 1 || !fs::is_regular_file(f.file, ec))
    return say(Severity::note, "left-in-place",
               "left in place (not a plain file holding this one game)");
  if (fs::equivalent(f.file, kept.file, ec))
    return say(Severity::note, "left-in-place",
               "left in place: the same file as the kept " + kept.file +
                   " (named twice, or linked)");
  if (options.remove) {
    if (!fs::remove(f.file, ec))
      return say(Severity::error, "unwritable", "cannot delete: " + ec.message());
    return {};
  }
  if (fs::equivalent(fs::absolute(f.file, ec).parent_path(), options.move_to, ec))
    return say(Severity::note, "left-in-place", "left in place: already in " + options.move_to);
  const batch::Moved moved = batch::move_into(f.file, options.move_to);
  if (moved.error)
    return say(Severity::error, "unwritable", moved.error->message);
  return {};
}

int run_dedupe(const DedupeCommandOptions &options) {
  std::vector<collection::Fingerprint> games;
  std::map<std::string, int> games_per_file;
  int status = 0;
  batch::RecordSource source(options.batch.inputs);
  tbb::enumerable_thread_specific<RecordSummary> scans;
  ProgressLine progress(progress_wanted(options.batch.quiet, options.batch.no_progress), source);
  batch::ordered_map(
      source, batch::PipelineOptions{options.batch.jobs, 0},
      [&](const batch::Record &record) {
        progress.started(record);
        return read_record(options.batch, record, scans.local());
      },
      [&](const batch::Record &record, ReadRecord &&result) {
        if (!result.messages.empty()) {
          progress.erase();
          std::fwrite(result.messages.data(), 1, result.messages.size(), stderr);
        }
        status = std::max(status, result.status);
        if (options.remove || !options.move_to.empty())
          games_per_file[record.name] = int(result.games.size());
        for (auto &f : result.games)
          games.push_back(std::move(f));
        progress.count(record);
      });
  progress.erase();
  const auto groups = collection::find_duplicates(games, options.dedupe);
  std::string text, actions;
  for (const auto &group : groups) {
    const size_t kept = collection::member_to_keep(group, games, keep_rule(options.keep));
    const auto shown = relative_to_kept(group, kept, games);
    text += options.batch.json() ? group_json(shown, kept, games) : group_text(shown, kept, games);
    if (options.remove || !options.move_to.empty())
      for (size_t k = 0; k < group.members.size(); ++k)
        if (k != kept)
          actions += act_on(options, games[group.members[k].index],
                            games[group.members[kept].index], games_per_file, status);
  }
  if (!write_whole_output(options.batch.output, text, options.batch.json()))
    return 2;
  std::fwrite(actions.data(), 1, actions.size(), stderr);
  if (status == 0 && !groups.empty())
    status = 1;
  return status;
}

} // namespace

void register_dedupe(CLI::App &root, int &exit_status) {
  auto options = std::make_shared<DedupeCommandOptions>();
  auto *cmd = root.add_subcommand(
      "dedupe", "Find games filed more than once: any orientation, colours swapped, other "
                "headers, saved before the end, a few moves different");
  add_batch_options(*cmd, options->batch);
  cmd->add_option("--keep", options->keep, "Which member of each group is kept")
      ->type_name("first|longest|most-info")
      ->check(CLI::IsMember({"first", "longest", "most-info"}))
      ->capture_default_str();
  auto *remove = cmd->add_flag("--delete", options->remove,
                               "Delete the files of the members not kept (plain files holding "
                               "one game only)");
  auto *move = cmd->add_option("--move-to", options->move_to,
                               "Move the files of the members not kept into DIR")
                   ->type_name("DIR")
                   ->check(named_path());
  remove->excludes(move);
  cmd->add_option("--min-moves", options->dedupe.min_moves,
                  "Games with fewer moves (and setup stones) are not compared")
      ->type_name("N")
      ->capture_default_str();
  cmd->callback([options, &exit_status] { exit_status = run_dedupe(*options); });
}

} // namespace sgf::tools

// Game-information lookups and file names from templates.
#include "lib/collection/headers.h"

#include "lib/batch/output.h"
#include "lib/sgf/text.h"
#include "lib/sgf/values.h"

#include <fcntl.h>
#include <unistd.h>

namespace sgf::collection {

std::optional<std::string> game_info(const Game &game, std::string_view id) {
  if (game.empty())
    return std::nullopt;
  for (NodeIndex i = 0; i != no_node; i = game.nodes[i].first_child) {
    const std::string *raw = first_value(game.nodes[i], id);
    if (!raw)
      continue;
    return std::string(trim(to_simple_text(*raw)));
  }
  return std::nullopt;
}

namespace {

std::string safe_for_file_name(std::string_view text) {
  std::string out;
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    bool unsafe = u < 0x20 || u == 0x7f || c == ' ' || c == '/' || c == '\\' || c == ':' ||
                  c == '*' || c == '?' || c == '"' || c == '<' || c == '>' || c == '|';
    out += unsafe ? '_' : c;
  }
  return out;
}

} // namespace

std::string file_name_from_template(std::string_view pattern, const NameFields &fields,
                                    const Game &game) {
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    size_t close = pattern.find('}', i);
    if (pattern[i] != '{' || close == std::string_view::npos) {
      out += pattern[i];
      continue;
    }
    std::string_view field = pattern.substr(i + 1, close - i - 1);
    std::optional<std::string> value;
    if (field == "n") {
      std::string digits = std::to_string(fields.number);
      value = std::string(digits.size() < 5 ? 5 - digits.size() : 0, '0') + digits;
    } else if (field == "game" || field == "N") {
      value = std::to_string(fields.game);
    } else if (field == "file" || field == "FILE") {
      std::string base = std::filesystem::path(fields.record_name).filename().string();
      value = base.substr(0, base.find('.'));
    } else {
      value = game_info(game, field);
    }
    std::string safe = safe_for_file_name(value && !value->empty() ? *value : "unknown");
    if (safe[0] == '.' || safe[0] == '-')
      safe[0] = '_'; // no hidden files, no "..", no names read as options
    out += safe;
    i = close;
  }
  return out;
}

namespace {

bool ends_with_sgf(std::string_view name) {
  if (name.size() < 4)
    return false;
  return ascii_lower(name.substr(name.size() - 4)) == ".sgf";
}

std::string refusal(const std::filesystem::path &path) {
  return "not overwriting " + path.string() + " (--force to replace it)";
}

} // namespace

std::optional<std::filesystem::path> FileNamer::claim(std::string name, std::string &problem) {
  if (!ends_with_sgf(name))
    name += ".sgf";
  for (int n = 1;; ++n) {
    std::filesystem::path path = folder_ / (n == 1 ? name : batch::numbered_name(name, n));
    if (!used_.insert(path.lexically_normal().string()).second)
      continue;
    std::error_code ec;
    if (force_ || !std::filesystem::exists(path, ec))
      return path;
    if (existing_ == Existing::refuse) {
      problem = refusal(path);
      return std::nullopt;
    }
  }
}

FileNamer::~FileNamer() {
  for (const std::filesystem::path &folder : written_into_) {
    // Failing to sync is no error the user can act on (as in batch::OutputFile::commit).
    const int fd =
        ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
      ::fsync(fd);
      ::close(fd);
    }
  }
}

FileNamer::Written FileNamer::write(const std::string &name, std::string_view bytes) {
  batch::WriteOptions options;
  options.keep_existing = !force_;
  options.regular_only = true;
  options.sync_folder = false; // once at the end: ~FileNamer
  for (;;) {
    std::string problem;
    const std::optional<std::filesystem::path> path = claim(name, problem);
    if (!path)
      return {{}, make_diagnostic(Severity::error, "unwritable", problem)};
    std::error_code ignored; // a folder that cannot be made fails the write, which says why
    if (path->has_parent_path())
      std::filesystem::create_directories(path->parent_path(), ignored);
    std::optional<Diagnostic> error = batch::write_output(path->string(), bytes, options);
    if (!error)
      written_into_.insert(path->parent_path());
    if (error && error->code == "exists" && existing_ == Existing::refuse)
      return {{}, make_diagnostic(Severity::error, "unwritable", refusal(*path))};
    if (!error || error->code != "exists")
      return {*path, std::move(error)};
  }
}

} // namespace sgf::collection

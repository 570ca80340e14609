// Terminal decisions, kept in one place so that every command honours NO_COLOR alike.
#include "tools/terminal.h"

#include "lib/report/emit.h"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

namespace sgf::tools {

std::optional<Format> parse_format(std::string_view name) {
  if (name == "text")
    return Format::text;
  if (name == "json")
    return Format::json;
  if (name == "tsv")
    return Format::tsv;
  return std::nullopt;
}

const char *to_string(Format format) {
  switch (format) {
  case Format::text:
    return "text";
  case Format::json:
    return "json";
  case Format::tsv:
    return "tsv";
  }
  return "text";
}

std::vector<std::string> format_names() {
  return {"text", "json", "tsv"};
}

bool is_terminal(std::FILE *stream) {
  return stream && ::isatty(::fileno(stream)) == 1;
}

bool colour_enabled(std::FILE *stream) {
  const char *no_colour = std::getenv("NO_COLOR"); // https://no-color.org: set and non-empty
  if (no_colour && *no_colour)
    return false;
  return is_terminal(stream);
}

bool colour_for_output(const std::string &output_path) {
  return output_path.empty() && colour_enabled(stdout);
}

std::vector<std::string> colour_choices() {
  return {"auto", "always", "never"};
}

bool colour_for_output(const std::string &output_path, std::string_view choice) {
  if (choice == "always")
    return true;
  if (choice == "never")
    return false;
  return colour_for_output(output_path);
}

void print_diagnostic(std::string_view name, const Diagnostic &d, bool json) {
  const std::string text = format_diagnostic(name, d, json, colour_enabled(stderr));
  std::fwrite(text.data(), 1, text.size(), stderr);
}

void hold_closed_standard_descriptors() {
  for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; ++fd)
    if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF)
      ::open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY); // takes the lowest: fd
}

} // namespace sgf::tools

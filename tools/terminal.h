// Decisions every command makes the same way: which --format values exist, and whether to use
// colour (only on a terminal, never when NO_COLOR is set).
#pragma once

#include "lib/report/diagnostic.h"

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::tools {

enum class Format { text, json, tsv };

// "text", "json", "tsv"; nothing for anything else.
std::optional<Format> parse_format(std::string_view name);
const char *to_string(Format);
// The names, in the order shown in --help, for CLI::IsMember.
std::vector<std::string> format_names();

// True when `stream` is a terminal and the NO_COLOR environment variable is unset or empty.
bool colour_enabled(std::FILE *stream);
// Colour for a command's main output: only when it goes to stdout (no -o) and stdout is a
// terminal.
bool colour_for_output(const std::string &output_path);

// --color: auto (a terminal, NO_COLOR unset or empty), always (NO_COLOR too: an explicit choice
// wins, as no-color.org says), never.
std::vector<std::string> colour_choices();
// Colour for a command's main output under `choice` (one of colour_choices()).
bool colour_for_output(const std::string &output_path, std::string_view choice);

// True when `stream` is a terminal.
bool is_terminal(std::FILE *stream);

// Run first: a standard descriptor the caller closed (`sgf fmt a.sgf >&-`) is held by /dev/null
// opened the wrong way round, so that the next file opened cannot take its number and receive
// what the command meant for standard output (or be read as its input), while reading or writing
// it still fails as on a closed descriptor (EBADF) and is reported so.
void hold_closed_standard_descriptors();

// Prints a diagnostic about `name` on standard error: a JSON object with `json` (--format json),
// else text, coloured on a terminal.
void print_diagnostic(std::string_view name, const Diagnostic &, bool json = false);

} // namespace sgf::tools

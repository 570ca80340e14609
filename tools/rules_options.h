// The --rules, --rule and --profile options that check, score, annotate and report share, checked
// once before any record is read so that a typo stops the run with exit status 2.
#pragma once

#include "lib/rules/profile.h"

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

namespace sgf::tools {

struct RulesOptions {
  std::string rules;             // --rules NAME; empty: each record's RU
  std::vector<std::string> rule; // --rule KEY=VALUE, repeatable
  std::string profile;           // --profile NAME; empty: the server each record's root shows
};

void add_rules_options(CLI::App &, RulesOptions &);

// For --komi: a number of points as KM writes it ("nan", "inf" and 1e308 are numbers to CLI11,
// not komi).
CLI::Validator komi_as_written();

// The preset --rules names, every --rule, each known to apply cleanly, and the --profile preset;
// or nothing after printing "sgf COMMAND: ..." on stderr (unknown preset or profile, bad rule).
std::optional<rules::RulesRequest> resolve_rules(const RulesOptions &, const char *command);

} // namespace sgf::tools

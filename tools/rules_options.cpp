#include "tools/rules_options.h"

#include "lib/sgf/values.h"

#include <cstdio>
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace sgf::tools {

namespace {

std::string names(const std::vector<std::string> &list) {
  return fmt::format("{}", fmt::join(list, ", "));
}

} // namespace

void add_rules_options(CLI::App &cmd, RulesOptions &options) {
  cmd.add_option("--rules", options.rules,
                 "Rule set for every game (chinese, japanese, korean, aga, ing, nz, "
                 "tromp-taylor); default: each record's RU, else chinese")
      ->type_name("NAME");
  cmd.add_option("--rule", options.rule,
                 "Override one rule: ko=simple|positional|situational, "
                 "suicide=forbidden|allowed, scoring=area|territory, komi=N, "
                 "handicap-bonus=0|n|n-1, illegal=void|loss|warning, dame=filled|shared|nobody, "
                 "dead=removed|kept, teire=fill|as-left, handicap-stones=fixed|recorded, "
                 "open-points=estimate|dame (repeatable; always wins)")
      ->type_name("KEY=VALUE")
      ->take_all()
      ->allow_extra_args(false);
  cmd.add_option("--profile", options.profile,
                 "Server conventions for every game (" + names(rules::profile_names()) +
                     "); default: the server the record's PC or AP shows")
      ->type_name("NAME");
}

CLI::Validator komi_as_written() {
  return CLI::Validator(
      [](std::string &text) {
        if (!to_real(text))
          return std::string("komi must be a number of points such as 6.5, not '") + text + "'";
        return std::string();
      },
      "POINTS");
}

std::optional<rules::RulesRequest> resolve_rules(const RulesOptions &options, const char *command) {
  rules::RulesRequest request;
  if (!options.rules.empty()) {
    request.preset = rules::preset(options.rules);
    if (!request.preset) {
      std::fprintf(stderr, "sgf %s: unknown rule set '%s' (known: %s)\n", command,
                   options.rules.c_str(), names(rules::preset_names()).c_str());
      return std::nullopt;
    }
  }
  if (!options.profile.empty()) {
    request.profile = rules::profile_preset(options.profile);
    if (!request.profile) {
      std::fprintf(stderr, "sgf %s: unknown profile '%s' (known: %s)\n", command,
                   options.profile.c_str(), names(rules::profile_names()).c_str());
      return std::nullopt;
    }
  }
  rules::RuleSet probe = request.preset.value_or(rules::RuleSet{});
  for (const std::string &kv : options.rule) {
    if (auto error = rules::apply_override(probe, kv)) {
      std::fprintf(stderr, "sgf %s: --rule %s: %s\n", command, kv.c_str(), error->c_str());
      return std::nullopt;
    }
  }
  request.overrides = options.rule;
  return request;
}

} // namespace sgf::tools

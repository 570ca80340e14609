// The subcommands of `sgf`: each folder under tools/ registers one with the dispatcher.
// A command's callback stores its exit status (0 clean, 1 problems found, 2 could not run).
#pragma once

#include <CLI/CLI.hpp>

namespace sgf::tools {

void register_check(CLI::App &root, int &exit_status);
void register_fmt(CLI::App &root, int &exit_status);
void register_info(CLI::App &root, int &exit_status);
void register_score(CLI::App &root, int &exit_status);
void register_render(CLI::App &root, int &exit_status);
void register_annotate(CLI::App &root, int &exit_status);
void register_transform(CLI::App &root, int &exit_status);
void register_strip(CLI::App &root, int &exit_status);
void register_split(CLI::App &root, int &exit_status);
void register_merge(CLI::App &root, int &exit_status);
void register_dedupe(CLI::App &root, int &exit_status);
void register_diff(CLI::App &root, int &exit_status);
void register_convert(CLI::App &root, int &exit_status);
void register_standings(CLI::App &root, int &exit_status);
void register_view(CLI::App &root, int &exit_status);
void register_report(CLI::App &root, int &exit_status);

} // namespace sgf::tools

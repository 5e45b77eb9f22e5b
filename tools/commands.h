// Registration of the subcommands (one file per subcommand, style P9). A subcommand parses into
// its options struct, calls the libraries, prints, and sets the exit code:
// 0 success, 1 runtime failure, 2 bad input (a malformed position, dice, option or file).
#pragma once

#include <CLI/CLI.hpp>

namespace nard::tools {

void register_all(CLI::App& app);
int exit_code();
void set_exit_code(int code);

// Each subcommand file defines one of these.
void register_moves(CLI::App& app);
void register_show(CLI::App& app);
void register_perft(CLI::App& app);
void register_bench(CLI::App& app);

}  // namespace nard::tools

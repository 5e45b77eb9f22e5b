// Registration of nard's subcommands (one file per subcommand, style P9; each includes only
// cli/subcommand.h, so adding a line here recompiles only commands.cpp and main.cpp). The
// training commands are nard-train's (cli/train/training_commands.h). A subcommand parses into its
// options struct, calls the libraries, prints, and sets the exit code:
// 0 success, 1 runtime failure, 2 bad input (a malformed position, dice, option or file).
#pragma once

#include "cli/subcommand.h"

namespace nard::tools {

void register_all(CLI::App& app);

// Each subcommand file defines one of these.
void register_moves(CLI::App& app);
void register_show(CLI::App& app);
void register_perft(CLI::App& app);
void register_bench(CLI::App& app);
void register_bench_eval(CLI::App& app);  // adds 'eval' under 'bench'
void register_hint(CLI::App& app);
void register_eval(CLI::App& app);
void register_cube(CLI::App& app);
void register_rollout(CLI::App& app);
void register_play(CLI::App& app);
void register_match(CLI::App& app);
void register_external(CLI::App& app);
void register_matfile(CLI::App& app);
void register_serve(CLI::App& app);
void register_bench_serve(CLI::App& app);    // adds 'serve' under 'bench'
void register_bench_bearoff(CLI::App& app);  // adds 'bearoff' under 'bench'
void register_analyze(CLI::App& app);
void register_revalue(CLI::App& app);
void register_outcomes(CLI::App& app);
void register_positions(CLI::App& app);
void register_bench_hint(CLI::App& app);            // adds 'hint' under 'bench'
void register_bench_cube(CLI::App& app);            // adds 'cube' under 'bench'
void register_bench_cube_positions(CLI::App& app);  // adds 'cube-positions' under 'bench'
void register_bench_cube_reference(CLI::App& app);  // adds 'cube-reference' under 'bench'
void register_bench_targets(CLI::App& app);         // adds 'targets' under 'bench'
void register_bench_teachers(CLI::App& app);        // adds 'teachers' under 'bench'
void register_bench_calibration(CLI::App& app);     // adds 'calibration' under 'bench'
void register_bench_checker(CLI::App& app);  // adds 'checker' and 'checker-positions' under 'bench'
void register_bench_startup(CLI::App& app);  // adds 'startup' under 'bench'
void register_bench_soak(CLI::App& app);     // adds 'soak' under 'bench'

}  // namespace nard::tools

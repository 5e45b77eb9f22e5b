#include "cli/commands.h"

namespace nard::tools {

void register_all(CLI::App& app) {
  register_moves(app);
  register_show(app);
  register_perft(app);
  register_bench(app);
  register_bench_eval(app);
  register_hint(app);
  register_eval(app);
  register_cube(app);
  register_rollout(app);
  register_play(app);
  register_match(app);
  register_external(app);
  register_matfile(app);
  register_serve(app);
  register_analyze(app);
  register_revalue(app);
  register_outcomes(app);
  register_positions(app);
  register_bench_hint(app);
  register_bench_cube(app);
  register_bench_bearoff(app);
  register_bench_cube_positions(app);
  register_bench_cube_reference(app);
  register_bench_targets(app);
  register_bench_teachers(app);
  register_bench_calibration(app);
  register_bench_checker(app);
  register_bench_serve(app);
  register_bench_startup(app);
  register_bench_soak(app);
}

}  // namespace nard::tools

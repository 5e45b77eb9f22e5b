#include "tools/commands.h"

namespace nard::tools {

namespace {
int g_exit_code = 0;  // the one piece of process state: what main() returns
}

int exit_code() { return g_exit_code; }
void set_exit_code(int code) { g_exit_code = code; }

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
  register_analyze(app);
  register_bench_hint(app);
  register_bench_cube(app);
  register_bench_cube_positions(app);
  register_bench_targets(app);
  register_bench_checker(app);
#ifdef NARD_WITH_TORCH
  register_train(app);
  register_export(app);
  register_strength(app);
  register_bench_train(app);
  register_distill(app);
  register_refit_race(app);
#endif
}

}  // namespace nard::tools

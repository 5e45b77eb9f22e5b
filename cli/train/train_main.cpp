// nard-train: the training commands, linked with LibTorch (cli/train/training_commands.h). Users run
// them as `nard train ...`; nard executes this program with the same arguments.
#include <CLI/CLI.hpp>
#include <csignal>

#include "cli/subcommand.h"
#include "cli/train/training_commands.h"

int main(int argc, char** argv) {
  // A write beyond a file-size limit (ulimit -f) fails with EFBIG and is reported as an error
  // (naming the file) instead of killing the process.
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{"nard-train: the training commands of nard (run them as `nard train ...`)", "nard"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show help for every subcommand");
  app.add_subcommand("bench", "Benchmarks of the trainer")->require_subcommand(1);
  nard::tools::register_train(app);
  nard::tools::register_export(app);
  nard::tools::register_distill(app);
  nard::tools::register_refit_race(app);
  nard::tools::register_strength(app);
  nard::tools::register_bench_train(app);
  return nard::tools::parse_and_run(app, argc, argv);
}

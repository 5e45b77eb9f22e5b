// What `nard train` (train.cpp) shares with its two pipelines: the options it registers, and the
// runs of TD(lambda) self-play training (train_td.cpp) and of the supervised pipeline
// (train_supervised.cpp). Private to cli/train/.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "cli/distributed_args.h"
#include "game/rules.h"
#include "training/supervised.h"
#include "training/trainer.h"

namespace nard::tools {

struct TrainOptions {
  std::string variant, rules, optimizer = "adam", targets = "td";
  std::string recipe;           // --recipe GAME|FILE: the recipe's stages instead of one method
  std::string from_stage;       // --from-stage (recipes)
  double budget_cpu_hours = 0;  // --budget (recipes): stop before a stage once this is spent
  training::TrainConfig config;
  training::SupervisedConfig supervised;
  // Options the two methods share but with other defaults: taken for the supervised pipeline only
  // when given.
  CLI::Option *lr = nullptr, *batch = nullptr, *exploration = nullptr, *games = nullptr;
  // The option group of the supervised pipeline's own options: refused with --targets td
  // instead of ignored.
  CLI::Option_group* supervised_only = nullptr;
  MpiArgs mpi;
};

// TD(lambda) training with o.config (its variant already resolved): checks the TD options, runs
// training/trainer.h with a progress line. Sets the exit code on a failure.
void run_train_td(TrainOptions& o);
// The supervised pipeline (--targets ply1|ply2|ply3): its config from the options, run by
// training/supervised.h with a progress line. Sets the exit code on a failure.
void run_train_supervised(TrainOptions& o, const Rules& rules);
// A recipe's stages (--recipe; train_recipe.cpp): refuses the options the recipe sets (`cmd`'s).
void run_train_recipe(TrainOptions& o, const CLI::App& cmd);

}  // namespace nard::tools

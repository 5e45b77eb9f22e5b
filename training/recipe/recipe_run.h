// Running a recipe (training/recipe/recipe.h): `nard train --recipe GAME|FILE --out DIR`.
//
// The stages run in order, each in its own directory, each starting from the model the stage
// before it made (the first from --init-from, the game's shipped model, or random weights). After
// every stage the model is measured (the recipe's "measure"); at the end the last model is written
// ready to ship and measured again (its "final"), and DIR/report.html shows the strength against
// CPU-hours and games, stage by stage.
//
// Run directory:
//   recipe.json               the recipe as given (a resumed run must be given the same one)
//   record.json               what made the run: the recipe's identity, the start model's SHA-256,
//                             the version of nard, the stages' seeds
//   start.nardnet             the model the first stage starts from (absent for random weights)
//   shipped.nardnet           the game's shipped model when the run started (the "shipped" opponent)
//   start.json                the start model's strength, measured as the stages are (the
//                             report's first point)
//   stage-<k>-<name>/         the stage's own run directory (the TD trainer's or the supervised
//                             pipeline's, with their checkpoints), and:
//     cpu-seconds               CPU time the stage has used so far, over every attempt
//     output.nardnet            the stage's model
//     stage.json                its figures (cost, games, strength); written last: the stage is done
//   nard-<game>-<sha12>.nardnet   the finished model, named as models/ names it
//   final.json                the final measurements; report.html
//   lock                      held by the running recipe (training/run_directory.h)
//
// Resumable after a kill at any moment: a done stage is skipped; a stage that was under way
// resumes from its own checkpoints (TD, supervised) or starts again (race refit, distillation:
// minutes). Every file is written atomically. The result is the same model, byte for byte, as a
// run that was never interrupted (tests/training/recipe_faults.sh).
//
// Under mpirun every rank calls run_recipe with the same arguments: the TD and supervised stages and
// the measurements spread their games over the ranks; race refits and distillations run on rank 0
// while the others wait (give --mpi-timeout enough for them). Rank 0 alone reads and writes files.
// CPU time is rank 0's process time multiplied by the number of ranks (an estimate under mpirun).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/distributed.h"
#include "core/result.h"
#include "game/rules.h"
#include "training/recipe/recipe.h"
#include "training/strength.h"

namespace nard::training {

struct RecipeRunOptions {
  std::string out_dir;
  std::string recipe_text;  // the recipe file's bytes, kept as DIR/recipe.json
  std::string init_from;    // non-empty: the first stage starts from this model (not the recipe's)
  // Non-empty: the run starts at this stage (its name), from --init-from (required) as the model
  // the stages before it would have made; those are not run.
  std::string from_stage;
  int threads = 2;
  double budget_cpu_hours = 0;  // > 0: stop before a stage once this much CPU time is spent
  bool resume = false;
};

struct RecipeProgress {
  int stage = 0, stages = 0;  // 1-based
  std::string stage_name, kind;
  double fraction = 0;      // of the stage's work, 0..1 (-1: the stage reports no progress)
  double eta_seconds = -1;  // of the stage; -1 while unknown
  std::string status;       // the stage's own progress, one short line
  bool event = false;       // true: `status` is an event worth a line of its own
};

// A measurement against an opponent outside the project (gnubg): the CLI provides it.
using ExternalStrength = std::function<Result<StrengthResult>(
    const Rules& rules, const std::string& model_path, const std::string& opponent, int games,
    uint64_t seed, int threads)>;

struct RecipeOutcome {
  bool finished = false;   // false: stopped by the budget
  std::string model_path;  // finished: the model ready to ship
  std::string message;     // what happened, one line
  double cpu_hours = 0;    // spent on the stages so far (measurements not included)
};

Result<RecipeOutcome> run_recipe(Communicator& comm, const Recipe& recipe,
                                 const RecipeRunOptions& options, const ExternalStrength& external,
                                 const std::function<void(const RecipeProgress&)>& progress);

}  // namespace nard::training

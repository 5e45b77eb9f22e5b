// nard train --variant X --out DIR [--games N] [--hidden H] [--threads T] [--resume] [...]:
// TD(lambda) self-play training (training/trainer.h; run in train_td.cpp), with a progress line,
// atomic checkpoints, metrics.csv and strength.svg in DIR.
// nard train --targets ply1|ply2|ply3 --out DIR [--init-from MODEL] [--steps K] [...]: the
// supervised pipeline (training/supervised.h; run in train_supervised.cpp): nets fitted to their
// own n-ply search, step by step.
// nard train --recipe GAME|FILE --out DIR [...]: a recipe's stages in order (train_recipe.cpp).
// This file registers the options of all three (train_options.h) and picks the one asked for.
#include <memory>
#include <string>

#include "cli/distributed_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "cli/train/train_options.h"
#include "cli/train/training_commands.h"
#include "formats/position_arg.h"
#include "nn/weights_file.h"

namespace nard::tools {

namespace {
void run_train(TrainOptions o, const CLI::App& cmd) {
  if (!o.recipe.empty()) return run_train_recipe(o, cmd);
  if (!o.from_stage.empty() || o.budget_cpu_hours > 0)
    return fail_input(make_error("--from-stage and --budget go with --recipe"));
  Result<Rules> rules = resolve_rules(o.variant, o.rules);
  if (!rules) return fail_input(rules.error());
  o.config.variant = rules->preset;
  // A model to start from is the user's input: a missing, special or damaged file exits with 2.
  // (An older Tawla 31 model is a valid start: nn/weights_file.h LegacyNets.)
  if (!o.config.init_from.empty())
    if (Result<NetWeights> w =
            load_weights(o.config.init_from, LegacyNets{.tawla31_as_count = true});
        !w)
      return fail_input(w.error());
  if (o.targets != "td") {
    if (o.targets != "ply1" && o.targets != "ply2" && o.targets != "ply3")
      return fail_input(
          make_error("--targets must be td, ply1, ply2 or ply3, not '" + o.targets + "'"));
    return run_train_supervised(o, *rules);
  }
  run_train_td(o);
}
}  // namespace

void register_train(CLI::App& app) {
  auto o = std::make_shared<TrainOptions>();
  auto& c = o->config;
  CLI::App* cmd =
      app.add_subcommand("train", std::string(training_command_description("", "train")));
  cmd->add_option("--recipe", o->recipe,
                  "Run a training recipe: a game's (recipes/GAME.json) or a recipe file; its "
                  "stages set every other setting (docs/recipes.md)");
  cmd->add_option("--budget", o->budget_cpu_hours,
                  "Recipes: stop before a stage once this many CPU-hours are spent (--resume "
                  "with a larger budget goes on)")
      ->check(positive_real());
  cmd->add_option("--from-stage", o->from_stage,
                  "Recipes: start at this stage, from --init-from (the stages before it are not "
                  "run)");
  cmd->add_option("--variant", o->variant, "Game (default backgammon)");
  cmd->add_option("--rules", o->rules, "Rules preset");
  cmd->add_option("--out", c.out_dir, "Run directory (checkpoints, metrics.csv, strength.svg)")
      ->required();
  cmd->add_option("--targets", o->targets,
                  "td: TD(lambda) self-play (default); ply1|ply2|ply3: the supervised pipeline, "
                  "each step fitting "
                  "the nets to positions valued by their own n-ply search");
  o->games = cmd->add_option("--games", c.games,
                             "TD: self-play games in total (rounded up to whole rounds)")
                 ->check(at_least(1));
  cmd->add_option("--hidden", c.hidden,
                  "Hidden layer sizes of the main net (backgammon: contact), e.g. --hidden 128 or "
                  "--hidden 128,64 (default: nn/ defaults)")
      ->delimiter(',')
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--race-hidden", c.race_hidden,
                  "Hidden layer sizes of backgammon's race net (default: nn/ defaults)")
      ->delimiter(',')
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--threads", c.threads,
                  "Self-play and evaluation threads (of each rank under mpirun)")
      ->check(CLI::Range(1, 256));
  cmd->add_flag("--resume", c.resume, "Continue the run in --out from its latest checkpoint");
  cmd->add_option("--lambda", c.lambda, "TD(lambda) parameter")->check(real_in(0, 1));
  o->lr =
      cmd->add_option("--lr", c.learning_rate, "Learning rate (TD default 1e-3, supervised 3e-4)")
          ->check(positive_real());
  cmd->add_option("--optimizer", o->optimizer, "adam or sgd");
  o->batch = cmd->add_option("--batch", c.batch_size,
                             "Minibatch size of the learner (TD default 128, supervised 256)")
                 ->check(at_least(1));
  cmd->add_option("--round-games", c.round_games,
                  "Self-play games between weight updates of the players")
      ->check(at_least(1));
  o->exploration =
      cmd->add_option("--exploration", c.exploration,
                      "Probability of a random play in self-play (TD default 0, supervised 0.05)")
          ->check(real_in(0, 1));
  cmd->add_option("--seed", c.seed, "Run seed")->check(unsigned_whole());
  cmd->add_option("--checkpoint-every", c.checkpoint_games, "Games between checkpoints")
      ->check(at_least(1));
  cmd->add_option("--eval-every", c.eval_games, "Games between evaluations (0: none)")
      ->check(at_least(0));
  cmd->add_option("--eval-games", c.eval_match_games, "Games per evaluation match")
      ->check(at_least(2));
  cmd->add_option("--init-from", c.init_from,
                  "Start from this model file's weights (same variant and sizes)");
  auto& sv = o->supervised;
  CLI::Option_group* g = o->supervised_only = cmd->add_option_group(
      "Supervised",
      "Options of the supervised pipeline (--targets ply1|ply2|ply3); refused by TD training");
  g->add_option("--steps", sv.steps, "Steps in all (sample, value, fit, measure)")
      ->check(at_least(1));
  g->add_option("--games-per-step", sv.games_per_step, "Self-play games sampled per step")
      ->check(at_least(1));
  g->add_option("--keep", sv.keep, "Probability of keeping a position met in the sampling games")
      ->check(real_in(0, 1));
  g->add_option("--alternatives", sv.alternatives,
                "Per sampled turn, also the results of the net's K best plays other than the one "
                "made (default 0)")
      ->check(CLI::Range(0, 64));
  g->add_option("--play-groups", sv.play_groups,
                "Sample play groups instead of positions: per sampled turn, the results of the "
                "net's K best plays "
                "(2..64; for --rank-weight)")
      ->check(CLI::Range(0, 64));
  g->add_option("--rank-weight", sv.rank_weight,
                "Weight of a ranking term over the play groups of the fitted databases: the "
                "differences between a "
                "roll's plays fitted to the targets' (default 0: none)")
      ->check(CLI::NonNegativeNumber);
  g->add_option("--focus", sv.focus,
                "Value and fit only this fraction of each step's sample: the positions where the "
                "net's 0-ply and "
                "1-ply differ most (default 1: all)")
      ->check(real_in(0, 1));
  g->add_option("--window", sv.window,
                "A step fits the positions of this many steps (itself included)")
      ->check(at_least(1));
  g->add_option("--epochs", sv.epochs, "Passes over the positions per step")->check(at_least(1));
  g->add_option("--lr-final", sv.final_learning_rate,
                "Each step's fit anneals the learning rate from --lr to this (cosine; default: "
                "constant --lr)")
      ->check(positive_real());
  g->add_option("--chunk", sv.chunk_positions, "Positions per database chunk")->check(at_least(1));
  g->add_option("--step-eval-games", sv.eval_games,
                "Paired games vs the previous and first model per step (0: none)")
      ->check(at_least(0));
  g->add_option("--positions-from", sv.extra_positions,
                "Position databases (files or directories of *.npdb) every step also fits")
      ->expected(1, 64);
  g->add_flag(
      "--fresh-nets", sv.fresh_nets,
      "The first step fits nets of the --hidden shapes from random weights (e.g. deeper nets)");
  g->add_option("--contact-inputs", sv.contact_inputs,
                "Backgammon: the contact net's inputs (bg-contact2: more positional features; a "
                "bg-contact net grows into it)")
      ->check(CLI::IsMember({"bg-contact", "bg-contact2"}));
  g->add_option(
       "--fit-only", sv.fit_only,
       "Backgammon: fit only this net (race or contact) and keep the other's weights as they are")
      ->check(CLI::IsMember({"race", "contact"}));
  g->add_flag("!--no-bearoff-db", sv.bearoff_database,
              "Value bear-offs with the net instead of the exact database");
  add_mpi_options(cmd, o->mpi);
  cmd->callback([o, cmd] {
    o->supervised.init_from = o->config.init_from;
    run_train(*o, *cmd);
  });
}

}  // namespace nard::tools

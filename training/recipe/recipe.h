// A training recipe: the stages that make a game's net, as a file (docs/recipes.md; the shipped
// ones are recipes/<game>.json). The format is JSON with comments (read by nlohmann-json):
//
//   { "format": "nard-recipe", "version": 1,
//     "game": "plakoto",            // a variant or a rules preset (game/rules.h rules_by_name)
//     "start": "random",            // "random" (the first stage must be td) or "shipped"
//     "seed": 1,                    // stage k's seed is seed + k unless the stage gives its own
//     "measure": {"vs": ["heuristic"], "games": 1000, "seed": 99},   // after every stage
//     "final": {"vs": ["heuristic", "shipped"], "games": 4000, "seed": 7},
//     "stages": [ {"name": "td-64", "kind": "td", "games": 100000, "hidden": [64]}, ... ] }
//
// Stage kinds and their keys (the names of `nard train`'s options, with _ for -):
//   td          TD(lambda) self-play (training/trainer.h); games required
//   supervised  steps on the net's own n-ply (training/supervised.h); ply, steps, games_per_step
//               required; "positions_from": earlier supervised stages whose positions it also fits
//   race_refit  backgammon's race net by value iteration from the bear-off database
//               (training/race_refit.h)
//   distill     the game's pruning net (training/distill.h)
// Opponents of a measurement: "heuristic", "pubeval" (backgammon), "shipped" (the game's model
// in models/ when the run starts), "gnubg" (backgammon; GNU Backgammon 0-ply, when installed).
//
// Parsing is strict: an unknown key, a missing required key, a value of the wrong type or out of
// range is an Error naming the key and where it is ("stages[2] 'fit': 'lr' must be > 0, not -1").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "training/distill.h"
#include "training/race_refit.h"
#include "training/supervised.h"
#include "training/trainer.h"

namespace nard::training {

enum class StageKind { Td, Supervised, RaceRefit, Distill };
std::string_view stage_kind_name(StageKind kind);

struct RecipeStage {
  std::string name;  // unique in the recipe; [a-z0-9_-], its directory is stage-<k>-<name>
  StageKind kind = StageKind::Td;
  uint64_t seed = 0;  // resolved: the stage's own or recipe seed + k (k from 1)
  // The settings of the stage's kind; the runner fills in the run directory, the game, the
  // threads, the starting model and the resume flag.
  TrainConfig td;
  SupervisedConfig supervised;
  RaceRefitConfig race_refit;
  DistillConfig distill;
  // Supervised: earlier supervised stages (names) whose valued positions every step also fits,
  // besides its own window (SupervisedConfig::extra_positions).
  std::vector<std::string> positions_from;
  long long self_play_games() const;  // the games the stage plays to learn (the report's x-axis)
};

struct RecipeMeasure {
  std::vector<std::string> vs;  // opponents, in order; empty: no measurement
  int games = 1000;             // paired 0-ply cubeless games per opponent (even)
  uint64_t seed = 99;
};

enum class RecipeStart { Random, Shipped };

struct Recipe {
  std::string game;  // as written: a variant or a rules preset
  std::string description;
  RecipeStart start = RecipeStart::Random;
  uint64_t seed = 1;
  RecipeMeasure measure;  // after every stage
  RecipeMeasure final;    // of the finished model
  std::vector<RecipeStage> stages;
};

// `source` names the text in errors (a file name). Checks the keys and values and that the
// stages fit the game (race_refit is backgammon's; pubeval and gnubg opponents too).
Result<Recipe> parse_recipe(std::string_view text, std::string_view source);
// Reads and parses a recipe file (errors name the path).
Result<Recipe> load_recipe(const std::string& path);

// The recipe's identity: everything its results depend on, as one canonical JSON line (a resumed
// run must be given the same recipe).
std::string recipe_identity(const Recipe& recipe);

// The recipe file for `name_or_path`: an existing file as it is, else recipes/<name>.json in
// the directories searched for recipes: $NARD_RECIPES, the source tree's recipes/, recipes/ next
// to the executable or one level above. The error lists what was tried.
Result<std::string> find_recipe(const std::string& name_or_path);

}  // namespace nard::training

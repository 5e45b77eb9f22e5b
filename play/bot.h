// The bot facade: the one place a bot is set up, from the CLI's options, an API request, training
// or bench code: the game's rules (variant and preset), its model (a --model file or the game's
// shipped one, nn/model_path.h), the bear-off databases where the game has backgammon's bear-off,
// and the search settings. What is built is immutable and shared by threads; each thread makes
// its own evaluator and search from it (Bot::evaluator, Bot::make_search).
#pragma once

#include <memory>
#include <string>

#include "core/result.h"
#include "game/rules.h"
#include "nn/evaluator.h"
#include "search/search.h"

namespace nard {

// Which bear-off databases value the positions they cover (nn/bearoff_database.h).
enum class BearoffDatabases {
  None,      // the net values every position
  OneSided,  // each side's distribution of rolls to bear off
  Both,      // and the two-sided one of gnubg's extent (exact, cubeful money equities)
};

// `model` with the chosen databases attached where the game has backgammon's bear-off; the
// model as it is otherwise.
std::shared_ptr<const NeuralModel> with_bearoff(std::shared_ptr<const NeuralModel> model,
                                                BearoffDatabases which);

struct BotOptions {
  std::string variant, rules;  // the CLI's --variant and --rules (game/rules.h resolve_rules)
  std::string model;           // a model file; empty: the game's shipped model
  int ply = 0;
  BearoffDatabases bearoff = BearoffDatabases::Both;
};

struct Bot {
  Rules rules;
  std::shared_ptr<const NeuralModel> model;
  std::string model_path;
  SearchConfig search;  // ply from the options

  std::unique_ptr<NeuralEvaluator> evaluator() const {
    return std::make_unique<NeuralEvaluator>(model);
  }
};

// Why making a bot failed: bad input (options, a model file) or no shipped model for the game.
struct BotError {
  Error error;
  bool no_shipped_model = false;
};

// Resolves the rules, finds and loads the model and attaches the bear-off databases. On failure
// `*why` (when given) says which kind of failure it was.
Result<Bot> make_bot(const BotOptions& options, BotError* why = nullptr);

// The model for `rules` from a file, or the game's shipped one when `path` is empty, with the
// bear-off databases; `*path_used` (when given) receives the file read.
Result<std::shared_ptr<const NeuralModel>> load_model(const Rules& rules, const std::string& path,
                                                      BearoffDatabases bearoff,
                                                      std::string* path_used = nullptr,
                                                      bool* no_shipped_model = nullptr);

}  // namespace nard

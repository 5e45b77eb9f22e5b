// Options shared by the commands that use the bot (hint, eval, cube, rollout, play, match,
// external): --variant, --rules, --model, --ply, --json, --no-bearoff-db, and loading the game
// and its net (with the bear-off database where the game has backgammon's bear-off).
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "api/equity_context.h"
#include "core/result.h"
#include "game/match.h"
#include "game/match_state.h"
#include "game/rules.h"
#include "nn/evaluator.h"
#include "nn/probabilities.h"
#include "play/bot.h"
#include "search/search.h"

namespace nard::tools {

struct BotArgs {
  std::string variant, rules, model;
  int ply = 0;
  bool json = false;
  bool no_bearoff_db = false;      // evaluate bear-off positions with the net, not the database
  bool one_sided_bearoff = false;  // the one-sided database only (benches: the two-sided's gain)
};

// Adds --variant, --rules, --model, --ply (0..3), --json and --no-bearoff-db to cmd.
void add_bot_options(CLI::App* cmd, BotArgs& args);

// A bot as the commands use it: play/bot.h's facade.
using LoadedBot = Bot;

// Adds `name` (e.g. "--move-filters"): the root's move filters of a search, "gnubg" (the
// default) or "narrow" (search/search.h MoveFilters), into `value`.
void add_move_filters_option(CLI::App* cmd, const std::string& name, std::string& value,
                             const std::string& whose = "The search");
// The scheme a checked --move-filters value names ("" and "gnubg": MoveFilters::Gnubg).
MoveFilters move_filters_named(const std::string& name);

// The choice of bear-off databases the flags make.
BearoffDatabases bearoff_choice(bool disabled, bool one_sided_only = false);

// The bot of the options (play/bot.h make_bot). On failure prints the one-line message with exit
// code 2 (bad option or file) or 1 (no shipped model) and returns nullptr.
std::unique_ptr<LoadedBot> load_bot(const BotArgs& args);

// view_of_on_roll and with_match_options: api/equity_context.h.
using api::view_of_on_roll;
using api::with_match_options;

// "0.512 0.143 0.006 - 0.488 0.120 0.004" style probability line (gnubg's order: win, win
// gammon, win backgammon, then lose, lose gammon, lose backgammon).
std::string format_probabilities(const Probabilities& p);
// {"win":..,"win_gammon":..,...} for --json.
std::string json_probabilities(const Probabilities& p);

}  // namespace nard::tools

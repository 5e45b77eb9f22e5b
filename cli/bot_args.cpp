#include "cli/bot_args.h"

#include <cstdio>

#include "cli/output.h"
#include "formats/position_arg.h"
#include "nn/bearoff_database.h"
#include "nn/model_path.h"

namespace nard::tools {

void add_move_filters_option(CLI::App* cmd, const std::string& name, std::string& value,
                             const std::string& whose) {
  cmd->add_option(name, value,
                  whose +
                      "'s root move filters: gnubg (default, gnubg's: 8 plays within 0.16 at "
                      "0-ply straight to 2-ply) or narrow (before session 54: 8 within 0.16 to "
                      "1-ply, 3 within 0.06 of those to 2-ply)")
      ->check(CLI::IsMember({"gnubg", "narrow"}));
}

MoveFilters move_filters_named(const std::string& name) {
  return name == "narrow" ? MoveFilters::Narrow : MoveFilters::Gnubg;
}

void add_bot_options(CLI::App* cmd, BotArgs& a) {
  cmd->add_option(
      "--variant", a.variant,
      "backgammon|plakoto|tawla31|fevga|longnardy (aliases tapa, mahbusa, narde, moultezim)");
  cmd->add_option("--rules", a.rules, "Rules preset, e.g. wbf, iran, ru_short");
  cmd->add_option("--model", a.model,
                  "Model file (default: the shipped model of the game in models/)");
  cmd->add_option("--ply", a.ply, "Search depth 0..3 (gnubg's convention: 0 = the net alone)")
      ->check(CLI::Range(0, 3));
  cmd->add_flag("--json", a.json, "Machine-readable output");
  cmd->add_flag("--no-bearoff-db", a.no_bearoff_db,
                "Evaluate bear-off positions with the net, not the bear-off databases");
}

BearoffDatabases bearoff_choice(bool disabled, bool one_sided_only) {
  if (disabled) return BearoffDatabases::None;
  return one_sided_only ? BearoffDatabases::OneSided : BearoffDatabases::Both;
}

std::unique_ptr<LoadedBot> load_bot(const BotArgs& a) {
  BotOptions options;
  options.variant = a.variant;
  options.rules = a.rules;
  options.model = a.model;
  options.ply = a.ply;
  options.bearoff = bearoff_choice(a.no_bearoff_db, a.one_sided_bearoff);
  BotError why;
  Result<Bot> bot = make_bot(options, &why);
  if (!bot) {
    if (why.no_shipped_model) return fail_runtime(why.error), nullptr;
    return fail_input(why.error), nullptr;
  }
  return std::make_unique<LoadedBot>(std::move(bot).value());
}

std::string format_probabilities(const Probabilities& p) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%.3f %.3f %.3f - %.3f %.3f %.3f", p.win, p.win_gammon,
                p.win_backgammon, 1.0f - p.win, p.lose_gammon, p.lose_backgammon);
  return buf;
}

std::string json_probabilities(const Probabilities& p) {
  char buf[200];
  std::snprintf(
      buf, sizeof buf,
      "{\"win\": %.6f, \"win_gammon\": %.6f, \"win_backgammon\": %.6f, \"lose_gammon\": %.6f, "
      "\"lose_backgammon\": %.6f}",
      p.win, p.win_gammon, p.win_backgammon, p.lose_gammon, p.lose_backgammon);
  return buf;
}

}  // namespace nard::tools

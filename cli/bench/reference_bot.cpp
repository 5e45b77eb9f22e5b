#include "cli/bench/reference_bot.h"

namespace nard::tools {

void add_reference_bot_settings(CLI::App* cmd, ReferenceBotOptions& o) {
  cmd->add_option("--prune-keep", o.prune_keep,
                  "Plays per roll the full net values in the lookahead (0: no pruning)")
      ->check(CLI::Range(0, 1000));
  add_move_filters_option(cmd, "--move-filters", o.move_filters);
  cmd->add_flag("--no-bearoff-db", o.no_bearoff_db,
                "Evaluate bear-off positions with the net, not the bear-off databases");
  cmd->add_flag("--one-sided-bearoff", o.one_sided_bearoff,
                "The one-sided bear-off database only (no two-sided: what it gains)");
}

std::unique_ptr<LoadedBot> load_reference_bot(const ReferenceBotOptions& o,
                                              const std::string& model) {
  BotArgs args;
  args.model = model;
  args.ply = o.ply;
  args.no_bearoff_db = o.no_bearoff_db;
  args.one_sided_bearoff = o.one_sided_bearoff;
  std::unique_ptr<LoadedBot> bot = load_bot(args);
  if (bot) {
    bot->search.prune_keep = o.prune_keep;
    set_move_filters(bot->search, move_filters_named(o.move_filters));
  }
  return bot;
}

const char* bearoff_label(const ReferenceBotOptions& o) {
  return o.no_bearoff_db       ? " (bear-off: the net)"
         : o.one_sided_bearoff ? " (bear-off: the one-sided database)"
                               : " (bear-off: the databases)";
}

}  // namespace nard::tools

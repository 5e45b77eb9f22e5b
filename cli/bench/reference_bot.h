// The bot a reference bench measures (bench cube, bench checker): a backgammon model at a ply,
// with the search's pruning and the bear-off databases as the options set them.
#pragma once

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/bot_args.h"
#include "search/search.h"

namespace nard::tools {

struct ReferenceBotOptions {
  std::string model;  // empty: the shipped backgammon net
  int ply = 0;
  int prune_keep = SearchConfig{}.prune_keep;  // plays per roll the full net values; 0 = all
  bool no_bearoff_db = false;
  bool one_sided_bearoff = false;
  std::string move_filters;  // "gnubg" (or "") or "narrow": search/search.h MoveFilters
};

// --prune-keep, --move-filters, --no-bearoff-db and --one-sided-bearoff (--model and --ply stay with each bench,
// whose help words them for its own measure).
void add_reference_bot_settings(CLI::App* cmd, ReferenceBotOptions& o);

// The bot of `model` (o.model or another one, e.g. --vs-model) with o's ply, pruning and
// bear-off settings; null after reporting what is wrong (load_bot's message and exit code).
std::unique_ptr<LoadedBot> load_reference_bot(const ReferenceBotOptions& o,
                                              const std::string& model);

// " (bear-off: the net)", " (bear-off: the one-sided database)" or " (bear-off: the databases)".
const char* bearoff_label(const ReferenceBotOptions& o);

}  // namespace nard::tools

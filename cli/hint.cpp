// nard hint POSITION DICE: the plays of the roll ranked by the bot at --ply, gnubg-style: rank,
// kind and depth, play, equity and its difference to the best, then the five probabilities.
// Cubeful by default where the game has a cube (money: points per unit of the cube; a match:
// normalised equity and match winning chances), cubeless with --cubeless. The first line states
// the settings.
#include <cmath>
#include <cstdio>
#include <iostream>

#include "api/valuation_documents.h"
#include "cli/bot_args.h"
#include "cli/equity_context.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/position_arg.h"
#include "game/movegen/movegen.h"
#include "search/cubeful_play.h"

namespace nard::tools {

namespace {
struct HintOptions {
  BotArgs bot;
  ContextArgs context;
  std::string position, dice, move_filters;
  int top = 10;
};

void run_hint(const HintOptions& o) {
  std::unique_ptr<LoadedBot> bot = load_bot(o.bot);
  if (!bot) return;
  set_move_filters(bot->search, move_filters_named(o.move_filters));
  Result<Position> pos = parse_position_arg(o.position, bot->rules);
  if (!pos) return fail_input(pos.error());
  Result<Dice> dice = parse_dice(o.dice);
  if (!dice) return fail_input(dice.error());
  Result<EquityContext> ec = equity_context(o.position, o.context, bot->rules, bot->search.ply);
  if (!ec) return fail_input(ec.error());

  NeuralEvaluator evaluator(bot->model);
  Search search(bot->rules, evaluator, bot->search);
  Result<api::HintResult> hint = api::compute_hint(search, *pos, *dice, ec->settings);
  if (!hint) return fail_input(hint.error());
  if (o.bot.json) {  // the document of the API's /api/hint
    std::cout << api::hint_document(bot->rules, *dice, *hint, ec->settings, o.top).dump(2) << '\n';
    return;
  }
  const PlayList& list = hint->list;
  const std::vector<PlayValue>& ranked = hint->ranked;
  const bool cubeful = uses_cube(ec->settings.how, bot->rules);
  const bool match = ec->settings.ctx.match_length > 0;
  const int shown = std::min<int>(int(ranked.size()), std::max(1, o.top));
  std::printf("%s\n", settings_text(*ec, bot->rules).c_str());
  if (!list.size) {
    std::printf("No legal play with %s.\n", dice->str().c_str());
    return;
  }
  for (int i = 0; i < shown; ++i) {
    const PlayValue& r = ranked[size_t(i)];
    char diff[32] = "";
    if (i) std::snprintf(diff, sizeof diff, " (%+.3f)", r.equity - ranked[0].equity);
    std::printf("%4d. %s %d-ply  %-28s Eq.: %+.3f%s", i + 1, cubeful ? "Cubeful " : "Cubeless",
                r.ply, format_move(list.moves[r.index]).c_str(), r.equity, diff);
    if (match) {
      std::printf("  MWC %.2f%%", 100.0 * r.mwc);
      if (i) std::printf(" (%+.2f%%)", 100.0 * (r.mwc - ranked[0].mwc));
    }
    std::printf("\n       %s\n", format_probabilities(r.probs).c_str());
  }
}
}  // namespace

void register_hint(CLI::App& app) {
  auto o = std::make_shared<HintOptions>();
  CLI::App* cmd = app.add_subcommand("hint", "Rank the plays of a roll with the bot");
  cmd->add_option("position", o->position,
                  "Position ID, PosID:MatchID, XGID, FIBS board or our notation")
      ->required();
  cmd->add_option("dice", o->dice, "The roll, like 65 or 6-5")->required();
  cmd->add_option("--top", o->top, "Plays shown (default 10)")->check(at_least(1));
  add_context_options(cmd, o->context);
  add_bot_options(cmd, o->bot);
  add_move_filters_option(cmd, "--move-filters", o->move_filters, "The ranking");
  cmd->callback([o] { run_hint(*o); });
}

}  // namespace nard::tools

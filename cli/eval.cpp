// nard eval POSITION: the bot's view of a position (side on roll, before rolling) at --ply:
// the five probabilities, the cubeless equity and the cubeful equity with the proper cube action
// (money, or the match of a Match ID / XGID / FIBS board or of --match/--score: normalised
// equity and match winning chances). The first line states the settings.
#include <cmath>
#include <cstdio>
#include <iostream>

#include "api/valuation_documents.h"
#include "cli/bot_args.h"
#include "cli/equity_context.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/position_arg.h"
#include "nn/probabilities.h"
#include "search/cube/lookahead.h"
#include "search/cubeful_play.h"

namespace nard::tools {

namespace {
struct EvalOptions {
  BotArgs bot;
  ContextArgs context;
  std::string position;
};

void run_eval(const EvalOptions& o) {
  std::unique_ptr<LoadedBot> bot = load_bot(o.bot);
  if (!bot) return;
  Result<Position> pos = parse_position_arg(o.position, bot->rules);
  if (!pos) return fail_input(pos.error());
  Result<EquityContext> ec = equity_context(o.position, o.context, bot->rules, bot->search.ply);
  if (!ec) return fail_input(ec.error());

  NeuralEvaluator evaluator(bot->model);
  Search search(bot->rules, evaluator, bot->search);
  Result<api::EvalResult> e = api::compute_eval(search, *pos, ec->settings);
  if (!e) return fail_input(e.error());
  if (o.bot.json) {  // the document of the API's /api/eval
    std::cout << api::eval_document(bot->rules, *e, ec->settings).dump(2) << '\n';
    return;
  }
  const PlayValue* cubeless = &e->cubeless;
  const PlayValue* full = &e->full;
  const bool cubeful = e->cubeful;
  const bool match = ec->settings.ctx.match_length > 0;
  const Probabilities& p = full->probs;
  std::printf("%s\n", settings_text(*ec, bot->rules).c_str());
  std::printf("%d-ply evaluation (side on roll)\n", bot->search.ply);
  if (scores_checker_count(bot->rules)) {
    // Tawla 31's nets carry the expected checker count in the gammon slots (nn/probabilities.h).
    std::printf("  Win    E[count won]  -  Lose   E[count lost]   (checkers left to the loser)\n");
    std::printf("  %.3f  %6.3f        -  %.3f  %6.3f\n", p.win, kCountScale * p.win_gammon,
                1.0 - p.win, kCountScale * p.lose_gammon);
    std::printf("  Cubeless equity: %+.3f checkers", cubeless->equity);
  } else {
    std::printf("  Win  W(g)  W(bg) -  Lose L(g)  L(bg)\n  %s\n", format_probabilities(p).c_str());
    std::printf("  Cubeless equity: %+.3f", cubeless->equity);
  }
  if (match) std::printf("  (MWC %.2f%%)", 100.0 * cubeless->mwc);
  std::printf("\n");
  if (cubeful) {
    std::printf("  Cubeful equity:  %+.3f", full->equity);
    if (match) std::printf("  (MWC %.2f%%)", 100.0 * full->mwc);
    std::printf("\n");
  }
}
}  // namespace

void register_eval(CLI::App& app) {
  auto o = std::make_shared<EvalOptions>();
  CLI::App* cmd = app.add_subcommand("eval", "Probabilities and equities of a position");
  cmd->add_option("position", o->position,
                  "Position ID, PosID:MatchID, XGID, FIBS board or our notation")
      ->required();
  add_context_options(cmd, o->context);
  add_bot_options(cmd, o->bot);
  cmd->callback([o] { run_eval(*o); });
}

}  // namespace nard::tools

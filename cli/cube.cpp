// nard cube POSITION: the doubling analysis of the side on roll: the no double, double/take and
// double/pass equities, the proper action, the take point. Money, or match play from the
// Match ID (or XGID, FIBS board), or from --match L --score A-B.
#include <cmath>
#include <cstdio>
#include <iostream>

#include "api/documents.h"
#include "api/equity_context.h"
#include "cli/bot_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/position_arg.h"
#include "play/agents.h"

namespace nard::tools {

namespace {
struct CubeOptions {
  BotArgs bot;
  std::string position, score;
  int match = 0;
  bool post_crawford = false;
};

void run_cube(const CubeOptions& o) {
  std::unique_ptr<LoadedBot> bot = load_bot(o.bot);
  if (!bot) return;
  const api::ContextArgs context{o.match, o.score, o.post_crawford, false};
  Result<api::CubeAnalysis> analysis = api::analyse_cube_of(*bot, o.position, context);
  if (!analysis) {
    // The table of match equities is the program's own data: its absence is not bad input.
    if (analysis.error().message.find("match equity table") != std::string::npos)
      return fail_runtime(analysis.error());
    return fail_input(analysis.error());
  }
  const CubeDecision* d = &analysis->decision;
  const MatchView* view = &analysis->view;
  if (o.bot.json) {  // the document of the API's /api/cube
    std::cout << api::cube_document(bot->search.ply, *d, *view).dump(2) << '\n';
    return;
  }
  if (view->match_length)
    std::printf("Cube analysis, %d-ply, %d-point match, score %d-%d%s, cube %d\n", bot->search.ply,
                view->match_length, view->my_score, view->opp_score,
                view->crawford_game ? " (Crawford)" : "", view->cube.value);
  else
    std::printf("Cube analysis, %d-ply, money game, cube %d\n", bot->search.ply, view->cube.value);
  std::printf("  Cubeless equity  %+.3f\n", d->cubeless);
  if (d->doubler == DoublerAction::CannotDouble) {
    std::printf("  Cubeful equity   %+.3f\n  Proper action: %s\n", d->equity,
                d->action_text().c_str());
    return;
  }
  const double best = d->equity;
  auto line = [&](int i, const char* name, double v) {
    std::printf("  %d. %-16s %+.3f", i, name, v);
    if (std::abs(v - best) > 5e-7) std::printf(" (%+.3f)", v - best);
    std::printf("\n");
  };
  const char* nd = d->redouble ? "No redouble" : "No double";
  const char* dt = d->redouble ? "Redouble, take" : "Double, take";
  const char* dp = d->redouble ? "Redouble, pass" : "Double, pass";
  line(1, nd, d->no_double);
  line(2, dt, d->double_take);
  line(3, dp, d->double_pass);
  std::printf("  Proper cube action: %s\n", d->action_text().c_str());
  std::printf("  Take point %.1f%% (dead cube %.1f%%, live %.1f%%), cube life %.2f\n",
              100 * d->take_point, 100 * d->take_point_dead, 100 * d->take_point_live,
              d->cube_life);
}
}  // namespace

void register_cube(CLI::App& app) {
  auto o = std::make_shared<CubeOptions>();
  CLI::App* cmd = app.add_subcommand("cube", "Doubling-cube analysis of a position");
  cmd->add_option("position", o->position,
                  "Position ID, PosID:MatchID, XGID, FIBS board or our notation")
      ->required();
  cmd->add_option("--match", o->match, "Match length (default: from the Match ID, else money)")
      ->check(at_least(0));
  cmd->add_option("--score", o->score, "Score A-B: side on roll first");
  cmd->add_flag("--post-crawford", o->post_crawford,
                "With --score at match-1: the Crawford game is over");
  add_bot_options(cmd, o->bot);
  cmd->callback([o] { run_cube(*o); });
}

}  // namespace nard::tools

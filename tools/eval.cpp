// nard eval POSITION: the bot's view of a position (side on roll, before rolling) at --ply:
// the five probabilities, the cubeless equity and the cubeful equity (money, or the match of a
// Match ID / XGID / FIBS board; centred cube unless the ID says otherwise).
#include <cmath>
#include <cstdio>

#include "bot/agents.h"
#include "tools/bot_args.h"
#include "tools/subcommand.h"
#include "tools/output.h"
#include "engine/position_arg.h"

namespace nard::tools {

namespace {
struct EvalOptions {
  BotArgs bot;
  std::string position;
};

void run_eval(const EvalOptions& o) {
  std::unique_ptr<LoadedBot> bot = load_bot(o.bot);
  if (!bot) return;
  Result<Position> pos = parse_position_arg(o.position, bot->rules);
  if (!pos) return fail_input(pos.error());
  Result<MatchState> match = match_state_arg(o.position);
  if (!match) return fail_input(match.error());
  Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
  if (!met) return fail_runtime(met.error());

  NeuralEvaluator evaluator(bot->model);
  BotAgent agent(bot->rules, evaluator, bot->search, &*met);
  const Probabilities p = agent.search().evaluate(*pos, bot->search.ply);
  const float cubeless = cubeless_equity(p, bot->rules);
  Result<CubeDecision> cube = agent.analyse_cube(*pos, view_of_on_roll(*match));
  const double cubeful = cube ? cube->equity : std::nan("");
  if (o.bot.json) {
    std::printf("{\"ply\": %d, \"probabilities\": %s, \"cubeless_equity\": %.6f, ", bot->search.ply,
                json_probabilities(p).c_str(), cubeless);
    if (cube) std::printf("\"cubeful_equity\": %.6f, \"match\": %s}\n", cubeful, cube->match ? "true" : "false");
    else std::printf("\"cubeful_equity\": null}\n");
    return;
  }
  std::printf("%d-ply evaluation (side on roll)\n", bot->search.ply);
  std::printf("  Win  W(g)  W(bg) -  Lose L(g)  L(bg)\n  %s\n", format_probabilities(p).c_str());
  std::printf("  Cubeless equity: %+.3f\n", cubeless);
  if (cube)
    std::printf("  Cubeful equity:  %+.3f (%s)\n", cubeful, cube->match ? "match, normalised" : "money");
  else
    std::printf("  Cubeful equity:  n/a (%s)\n", cube.error().message.c_str());
}
}  // namespace

void register_eval(CLI::App& app) {
  auto o = std::make_shared<EvalOptions>();
  CLI::App* cmd = app.add_subcommand("eval", "Probabilities and equities of a position");
  cmd->add_option("position", o->position, "Position ID, PosID:MatchID, XGID, FIBS board or our notation")->required();
  add_bot_options(cmd, o->bot);
  cmd->callback([o] { run_eval(*o); });
}

}  // namespace nard::tools

// nard hint POSITION DICE: the plays of the roll ranked by the bot at --ply, gnubg-style: rank,
// depth, play, cubeless equity and its difference to the best, then the five probabilities.
#include <cstdio>
#include <iostream>

#include "bot/search.h"
#include "engine/movegen.h"
#include "tools/bot_args.h"
#include "tools/option_checks.h"
#include "tools/output.h"
#include "tools/position_arg.h"
#include "tools/subcommand.h"

namespace nard::tools {

namespace {
struct HintOptions {
  BotArgs bot;
  std::string position, dice;
  int top = 10;
};

void run_hint(const HintOptions& o) {
  std::unique_ptr<LoadedBot> bot = load_bot(o.bot);
  if (!bot) return;
  Result<Position> pos = parse_position_arg(o.position, bot->rules);
  if (!pos) return fail_input(pos.error());
  Result<Dice> dice = parse_dice(o.dice);
  if (!dice) return fail_input(dice.error());

  MoveGenerator gen(bot->rules);
  PlayList list;
  list.size = gen.generate(*pos, *dice, list.positions.get(), list.moves.get());
  NeuralEvaluator evaluator(bot->model);
  Search search(bot->rules, evaluator, bot->search);
  const std::vector<RankedPlay> ranked =
      list.size ? search.rank_plays(*pos, *dice, list.plays()) : std::vector<RankedPlay>{};
  const int shown = std::min<int>(int(ranked.size()), std::max(1, o.top));
  if (o.bot.json) {
    std::cout << "{\"dice\": \"" << dice->str() << "\", \"plays\": [";
    for (int i = 0; i < shown; ++i) {
      const RankedPlay& r = ranked[size_t(i)];
      std::printf("%s\n  {\"rank\": %d, \"move\": %s, \"ply\": %d, \"equity\": %.6f, \"difference\": %.6f, "
                  "\"probabilities\": %s}",
                  i ? "," : "", i + 1, json_string(format_move(list.moves[r.index])).c_str(), r.ply, r.equity,
                  r.equity - ranked[0].equity, json_probabilities(r.probs).c_str());
    }
    std::cout << (shown ? "\n" : "") << "]}\n";
    return;
  }
  if (!list.size) {
    std::printf("No legal play with %s.\n", dice->str().c_str());
    return;
  }
  for (int i = 0; i < shown; ++i) {
    const RankedPlay& r = ranked[size_t(i)];
    char diff[32] = "";
    if (i) std::snprintf(diff, sizeof diff, " (%+.3f)", r.equity - ranked[0].equity);
    std::printf("%4d. Cubeless %d-ply  %-28s Eq.: %+.3f%s\n", i + 1, r.ply,
                format_move(list.moves[r.index]).c_str(), r.equity, diff);
    std::printf("       %s\n", format_probabilities(r.probs).c_str());
  }
}
}  // namespace

void register_hint(CLI::App& app) {
  auto o = std::make_shared<HintOptions>();
  CLI::App* cmd = app.add_subcommand("hint", "Rank the plays of a roll with the bot");
  cmd->add_option("position", o->position, "Position ID, PosID:MatchID, XGID, FIBS board or our notation")->required();
  cmd->add_option("dice", o->dice, "The roll, like 65 or 6-5")->required();
  cmd->add_option("--top", o->top, "Plays shown (default 10)")->check(at_least(1));
  add_bot_options(cmd, o->bot);
  cmd->callback([o] { run_hint(*o); });
}

}  // namespace nard::tools

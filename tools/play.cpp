// nard play: a person against the bot in the terminal (reads stdin, so a script can pipe the
// answers). Every game of the family; the cube where the game has one (money or a match to
// --match points, Crawford rule); the board from the person's side at each decision; the legal
// plays listed by number. The person's commands (help, hint, undo, resign, quit) are in
// tools/play_human.h.
#include <unistd.h>

#include <ctime>
#include <iostream>

#include "bot/agents.h"
#include "engine/movegen.h"
#include "tools/bot_args.h"
#include "tools/option_checks.h"
#include "tools/output.h"
#include "tools/play_human.h"
#include "tools/subcommand.h"

namespace nard::tools {

namespace {
struct PlayOptions {
  BotArgs bot;
  int match = 0, games = 1;
  uint64_t seed = 0;
  bool no_cube = false;
};

// The bot, announcing what it does.
class AnnouncingAgent final : public Agent {
 public:
  AnnouncingAgent(const Rules& rules, BotAgent& bot, std::ostream& out)
      : rules_(rules), gen_(rules), bot_(bot), out_(out) {}
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays, const MatchView& v) override {
    const int i = bot_.choose_play(pos, dice, plays, v);
    list_.size = gen_.generate(pos, dice, list_.positions.get(), list_.moves.get());
    const Dice d = dice.normalised();
    for (int k = 0; k < list_.size; ++k)
      if (list_.positions[size_t(k)] == plays[size_t(i)])
        out_ << "nard rolls " << int(d.d1) << "-" << int(d.d2) << " and plays "
             << format_move(list_.moves[size_t(k)]) << '\n';
    return i;
  }
  bool wants_to_double(const Position& pos, const MatchView& v) override { return bot_.wants_to_double(pos, v); }
  CubeResponse respond_to_double(const Position& pos, const MatchView& v) override {
    const CubeResponse r = bot_.respond_to_double(pos, v);
    const int value = next_cube_value(rules_, v.cube.value);
    if (r == CubeResponse::Drop) out_ << "nard passes.\n";
    else if (r == CubeResponse::Beaver) out_ << "nard beavers.\n";
    else out_ << "nard takes: the cube is at " << cube_text(value, 1) << ".\n";
    return r;
  }
  bool accept_resignation(const Position& pos, Dice dice, int points, const MatchView& v) override {
    const bool yes = bot_.accept_resignation(pos, dice, points, v);
    out_ << (yes ? "nard accepts your resignation.\n" : "nard refuses your resignation: play on.\n");
    return yes;
  }

 private:
  Rules rules_;
  MoveGenerator gen_;
  PlayList list_;
  BotAgent& bot_;
  std::ostream& out_;
};

void run_play(const PlayOptions& o) {
  std::unique_ptr<LoadedBot> bot = load_bot(o.bot);
  if (!bot) return;
  Rules rules = bot->rules;
  if (o.no_cube) rules.cube = false;
  Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
  if (!met) return fail_runtime(met.error());
  NeuralEvaluator evaluator(bot->model);
  BotAgent bot_agent(rules, evaluator, bot->search, &*met);
  AnnouncingAgent nard(rules, bot_agent, std::cout);
  HumanAgent human(rules, bot_agent, std::cin, std::cout, !isatty(0));
  Agent* const agents[2] = {&nard, &human};  // player 1 = the person, as gnubg's bottom player
  MoveGenerator gen(rules);
  std::unique_ptr<Position[]> buffer(new Position[kMaxPlays]);
  MatchScore score(o.match, rules.crawford);
  const uint64_t seed = o.seed ? o.seed : uint64_t(std::time(nullptr));
  int previous_winner = -1;
  std::cout << "Type help at any prompt for the commands.\n";
  try {
    for (int g = 0; o.match > 0 ? !score.over() : g < o.games; ++g) {
      Rng rng(game_seed(seed, uint64_t(g)));
      GameOptions go;
      go.match_length = o.match;
      go.scores[0] = score.score(0);
      go.scores[1] = score.score(1);
      go.crawford_game = score.crawford_game();
      go.previous_winner = previous_winner;
      std::cout << "\n=== Game " << g + 1 << (go.crawford_game ? " (Crawford game)" : "") << " ===\n";
      const GameRecord rec = play_game(rules, agents, rng, go, gen, buffer.get());
      if (rec.winner < 0) std::cout << "The game is a draw.\n";
      else std::cout << (rec.winner == 1 ? "You win " : "nard wins ") << rec.points << " point" << (rec.points == 1 ? "" : "s")
                     << (rec.dropped ? " (double passed)" : rec.resigned ? " (resignation)" : "") << ".\n";
      score.add_game(rec.winner, rec.points);
      if (rec.winner >= 0) previous_winner = rec.winner;
      std::cout << "Score: you " << score.score(1) << ", nard " << score.score(0);
      if (o.match > 0) std::cout << " (match to " << o.match << ")";
      std::cout << '\n';
    }
  } catch (const InputEnded&) {
    std::cout << "\nInput ended; the game is abandoned.\n";
    return;
  } catch (const QuitRequested&) {
    std::cout << "\nYou quit; the game is abandoned. Score: you " << score.score(1) << ", nard " << score.score(0)
              << ".\n";
    return;
  }
  if (o.match > 0) std::cout << (score.score(1) >= o.match ? "You win the match.\n" : "nard wins the match.\n");
}
}  // namespace

void register_play(CLI::App& app) {
  auto o = std::make_shared<PlayOptions>();
  CLI::App* cmd = app.add_subcommand("play", "Play against the bot in the terminal");
  cmd->add_option("--match", o->match, "Match length (0 = money games)")->check(at_least(0));
  cmd->add_option("--games", o->games, "Money games to play (default 1)")->check(at_least(1));
  cmd->add_option("--seed", o->seed, "Dice seed (default: the clock)")->check(unsigned_whole());
  cmd->add_flag("--no-cube", o->no_cube, "Play without the doubling cube");
  add_bot_options(cmd, o->bot);
  cmd->callback([o] { run_play(*o); });
}

}  // namespace nard::tools

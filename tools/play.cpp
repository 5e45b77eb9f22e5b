// nard play: a person against the bot in the terminal (reads stdin, so a script can pipe the
// answers). Every game of the family; the cube where the game has one (money or a match to
// --match points, Crawford rule); the board from the person's side at each decision; the legal
// plays listed by number. The person's commands (help, hint, undo, resign, quit) are in
// tools/play_human.h.
#include <unistd.h>

#include <ctime>
#include <iostream>
#include <optional>
#include <vector>

#include "bot/agents.h"
#include "engine/atomic_file.h"
#include "engine/mat_file.h"
#include "engine/movegen.h"
#include "engine/sgf_file.h"
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
  std::string save;    // match file written after every game (.sgf: gnubg SGF, else .mat)
  bool tavli = false;  // a Tavli match: Portes, Plakoto, Fevga in turn
};

// The rules preset string a match file names for these options (engine/match_record.h).
std::string record_rules_name(const PlayOptions& o, const Rules& rules) {
  for (const std::string& name : {o.bot.rules, o.bot.variant, std::string("wbf")}) {
    if (name.empty()) continue;
    Result<Rules> r = rules_preset(name);
    if (r && r->variant == rules.variant) return name;
  }
  return "wbf";
}

std::optional<Error> save_record(const std::string& path, const MatchRecord& record) {
  const bool sgf = path.size() >= 4 && path.compare(path.size() - 4, 4, ".sgf") == 0;
  return write_file_atomic(path, sgf ? write_sgf(record) : write_mat(record));
}

// Tavli's rotation of games: Portes, Plakoto, Fevga.
const char* const kTavliPresets[3] = {"gr_portes", "plakoto", "fevga"};

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
  BotArgs args = o.bot;
  if (o.tavli) {
    if (o.match < 1) return fail_input(make_error("--tavli needs a match length (--match L)"));
    if (!args.variant.empty() || !args.rules.empty() || !args.model.empty())
      return fail_input(make_error("--tavli chooses the games itself: no --variant, --rules or --model"));
    args.rules = kTavliPresets[0];
  }
  std::unique_ptr<LoadedBot> bot = load_bot(args);
  if (!bot) return;
  Rules first_rules = bot->rules;
  if (o.no_cube) first_rules.cube = false;
  Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
  if (!met) return fail_runtime(met.error());
  // The rules and model of each game (Tavli: each game of the rotation has its own).
  std::vector<Rules> game_rules{first_rules};
  std::vector<std::shared_ptr<const NeuralModel>> models{bot->model};
  if (o.tavli) {
    for (int k = 1; k < 3; ++k) {
      BotArgs a = args;
      a.rules = kTavliPresets[k];
      std::unique_ptr<LoadedBot> b = load_bot(a);
      if (!b) return;
      game_rules.push_back(b->rules);
      models.push_back(b->model);
    }
  }
  MatchScore score(o.match, first_rules.crawford);
  const uint64_t seed = o.seed ? o.seed : uint64_t(std::time(nullptr));
  int previous_winner = -1;
  MatchRecord record;
  record.rules = o.tavli ? kTavliPresets[0] : record_rules_name(o, first_rules);
  record.match_length = o.match;
  record.crawford = first_rules.crawford;
  record.jacoby = first_rules.jacoby;
  record.beavers = first_rules.beavers;
  record.players = {"nard", "You"};
  std::cout << "Type help at any prompt for the commands.\n";
  try {
    for (int g = 0; o.match > 0 ? !score.over() : g < o.games; ++g) {
      const size_t k = o.tavli ? size_t(g % 3) : 0;
      const Rules& rules = game_rules[k];
      NeuralEvaluator evaluator(models[k]);
      BotAgent bot_agent(rules, evaluator, bot->search, &*met);
      AnnouncingAgent nard(rules, bot_agent, std::cout);
      HumanAgent human(rules, bot_agent, std::cin, std::cout, !isatty(0));
      Agent* const agents[2] = {&nard, &human};  // player 1 = the person, as gnubg's bottom player
      MoveGenerator gen(rules);
      std::unique_ptr<Position[]> buffer(new Position[kMaxPlays]);
      Rng rng(game_seed(seed, uint64_t(g)));
      GameOptions go;
      go.match_length = o.match;
      go.scores[0] = score.score(0);
      go.scores[1] = score.score(1);
      go.crawford_game = score.crawford_game();
      go.previous_winner = previous_winner;
      std::cout << "\n=== Game " << g + 1 << (go.crawford_game ? " (Crawford game)" : "");
      if (o.tavli) std::cout << ": " << variation_name(rules.variant);
      std::cout << " ===\n";
      GameReplay replay(rules, o.match, {go.scores[0], go.scores[1]}, go.crawford_game);
      if (!o.save.empty()) go.replay = &replay;
      const GameRecord rec = play_game(rules, agents, rng, go, gen, buffer.get());
      if (!o.save.empty()) {
        record.games.push_back(replay.game(g + 1));
        if (o.tavli && k > 0) record.games.back().rules = kTavliPresets[k];
        if (auto e = save_record(o.save, record)) return fail_runtime(*e);
      }
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
  cmd->add_flag("--tavli", o->tavli,
                "A Tavli match (needs --match L): the games rotate Portes, Plakoto, Fevga");
  cmd->add_option("--save", o->save,
                  "Save the games as a match file after each game (.sgf: gnubg SGF, else .mat)");
  add_bot_options(cmd, o->bot);
  cmd->callback([o] { run_play(*o); });
}

}  // namespace nard::tools

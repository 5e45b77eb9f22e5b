// nard play: a person against the bot in the terminal (reads stdin, so a script can pipe the
// answers). Every game of the family; the cube where the game has one (money or a match to
// --match points, Crawford rule); the board from the person's side at each decision; the legal
// plays listed by number. The person's commands (help, hint, undo, resign, quit) are in
// cli/play/play_human.h.
#include <unistd.h>

#include <array>
#include <ctime>
#include <iostream>
#include <optional>
#include <vector>

#include "cli/bot_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/play/play_human.h"
#include "cli/subcommand.h"
#include "core/atomic_file.h"
#include "formats/mat_file.h"
#include "formats/sgf_file.h"
#include "game/movegen/movegen.h"
#include "play/agents.h"

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

// The rules preset string a match file names for these options (game/match_record.h).
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

// The bot, announcing what it does.
class AnnouncingAgent final : public Agent {
 public:
  AnnouncingAgent(const Rules& rules, BotAgent& bot, std::ostream& out)
      : rules_(rules), gen_(rules), bot_(bot), out_(out) {}
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView& v) override {
    const int i = bot_.choose_play(pos, dice, plays, v);
    list_.size = gen_.generate(pos, dice, list_.positions.get(), list_.moves.get());
    const Dice d = dice.normalised();
    for (int k = 0; k < list_.size; ++k)
      if (list_.positions[size_t(k)] == plays[size_t(i)])
        out_ << "nard rolls " << int(d.d1) << "-" << int(d.d2) << " and plays "
             << format_move(list_.moves[size_t(k)]) << '\n';
    return i;
  }
  bool wants_to_double(const Position& pos, const MatchView& v) override {
    return bot_.wants_to_double(pos, v);
  }
  CubeResponse respond_to_double(const Position& pos, const MatchView& v) override {
    const CubeResponse r = bot_.respond_to_double(pos, v);
    const int value = next_cube_value(rules_, v.cube.value);
    if (r == CubeResponse::Drop)
      out_ << "nard passes.\n";
    else if (r == CubeResponse::Beaver)
      out_ << "nard beavers.\n";
    else
      out_ << "nard takes: the cube is at " << cube_text(value, 1) << ".\n";
    return r;
  }
  bool accept_resignation(const Position& pos, Dice dice, int points, const MatchView& v) override {
    const bool yes = bot_.accept_resignation(pos, dice, points, v);
    out_ << (yes ? "nard accepts your resignation.\n"
                 : "nard refuses your resignation: play on.\n");
    return yes;
  }

 private:
  Rules rules_;
  MoveGenerator gen_;
  PlayList list_;
  BotAgent& bot_;
  std::ostream& out_;
};

// Thrown by the session's hook when the match file cannot be written; ends the session.
struct SaveFailed {
  Error error;
};

// The bot and the person of one game of the rotation (Tavli: one per game, each with its model).
struct PlaySides {
  std::unique_ptr<NeuralEvaluator> evaluator;
  std::unique_ptr<BotAgent> bot;
  std::unique_ptr<AnnouncingAgent> nard;
  std::unique_ptr<HumanAgent> human;
};

void run_play(const PlayOptions& o) {
  BotArgs args = o.bot;
  if (o.tavli) {
    if (o.match < 1) return fail_input(make_error("--tavli needs a match length (--match L)"));
    if (!args.variant.empty() || !args.rules.empty() || !args.model.empty())
      return fail_input(
          make_error("--tavli chooses the games itself: no --variant, --rules or --model"));
  }
  Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
  if (!met) return fail_runtime(met.error());
  // The rotation of games (Tavli: each of the three with its own rules and model).
  const size_t n_games = o.tavli ? kTavliPresets.size() : 1;
  std::vector<SessionSlot> rotation(n_games);
  std::vector<PlaySides> sides(n_games);
  std::vector<std::unique_ptr<LoadedBot>> bots;
  for (size_t k = 0; k < n_games; ++k) {
    BotArgs a = args;
    if (o.tavli) a.rules = kTavliPresets[k];
    bots.push_back(load_bot(a));
    if (!bots.back()) return;
    const LoadedBot& loaded = *bots.back();
    SessionSlot& slot = rotation[k];
    slot.rules = loaded.rules;
    if (o.no_cube) slot.rules.cube = false;
    if (o.tavli && k > 0) slot.record_rules = kTavliPresets[k];
    PlaySides& p = sides[k];
    p.evaluator = std::make_unique<NeuralEvaluator>(loaded.model);
    p.bot = std::make_unique<BotAgent>(slot.rules, *p.evaluator, loaded.search, &*met);
    p.nard = std::make_unique<AnnouncingAgent>(slot.rules, *p.bot, std::cout);
    p.human = std::make_unique<HumanAgent>(slot.rules, *p.bot, std::cin, std::cout, !isatty(0));
    slot.agents = {p.nard.get(), p.human.get()};  // player 1 = the person, as gnubg's bottom player
  }
  const uint64_t seed = o.seed ? o.seed : uint64_t(std::time(nullptr));
  MatchRecord record;
  record.rules = o.tavli ? kTavliPresets[0] : record_rules_name(o, rotation[0].rules);
  record.match_length = o.match;
  record.crawford = rotation[0].rules.crawford;
  record.jacoby = rotation[0].rules.jacoby;
  record.beavers = rotation[0].rules.beavers;
  record.players = {"nard", "You"};
  std::array<int, 2> score{0, 0};  // after the last finished game (for the quit message)
  SessionHooks hooks;
  hooks.before_game = [&](int g, size_t k, const GameOptions& go) {
    std::cout << "\n=== Game " << g + 1 << (go.crawford_game ? " (Crawford game)" : "");
    if (o.tavli) std::cout << ": " << variation_name(rotation[k].rules.variant);
    std::cout << " ===\n";
  };
  hooks.after_game = [&](int, size_t, const GameRecord& rec, const MatchGame* recorded,
                         const MatchScore& s) {
    if (recorded) {
      record.games.push_back(*recorded);
      if (auto e = save_record(o.save, record)) throw SaveFailed{*e};
    }
    if (rec.winner < 0)
      std::cout << "The game is a draw.\n";
    else
      std::cout << (rec.winner == 1 ? "You win " : "nard wins ") << rec.points << " point"
                << (rec.points == 1 ? "" : "s")
                << (rec.dropped    ? " (double passed)"
                    : rec.resigned ? " (resignation)"
                                   : "")
                << ".\n";
    score = {s.score(0), s.score(1)};
    std::cout << "Score: you " << score[1] << ", nard " << score[0];
    if (o.match > 0) std::cout << " (match to " << o.match << ")";
    std::cout << '\n';
  };
  std::cout << "Type help at any prompt for the commands.\n";
  SessionResult result;
  try {
    result = play_session(rotation, seed, o.match, o.games, !o.save.empty(), hooks);
  } catch (const SaveFailed& e) { return fail_runtime(e.error); } catch (const InputEnded&) {
    std::cout << "\nInput ended; the game is abandoned.\n";
    return;
  } catch (const QuitRequested&) {
    std::cout << "\nYou quit; the game is abandoned. Score: you " << score[1] << ", nard "
              << score[0] << ".\n";
    return;
  }
  if (o.match > 0)
    std::cout << (result.match_winner == 1 ? "You win the match.\n" : "nard wins the match.\n");
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

// nard play: a person against the bot in the terminal (reads stdin, so a script can pipe the
// answers). Every game of the family; the cube where the game has one (money or a match to
// --match points, Crawford rule); the board before each of the person's turns; the legal plays
// listed by number (answer with the number or the play in standard notation, e.g. "24/18 13/11").
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <optional>
#include <sstream>

#include "bot/agents.h"
#include "engine/mat_file.h"
#include "engine/movegen.h"
#include "engine/sgf_file.h"
#include "tools/board_diagram.h"
#include "tools/bot_args.h"
#include "tools/subcommand.h"
#include "tools/output.h"

namespace nard::tools {

namespace {
struct PlayOptions {
  BotArgs bot;
  int match = 0, games = 1;
  uint64_t seed = 0;
  bool no_cube = false;
  std::string save;  // match file written after every game (.sgf: gnubg SGF, else .mat)
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

struct InputEnded {};  // thrown at the edge when stdin runs out; caught in run_play

// A play written with its sub-moves sorted, so "13/11 24/18" matches "24/18 13/11".
std::string canonical_play(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> parts;
  for (std::string s; in >> s;) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    parts.push_back(s);
  }
  std::sort(parts.begin(), parts.end());
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : " ") + p;
  return out;
}

class HumanAgent final : public Agent {
 public:
  HumanAgent(const Rules& rules, std::istream& in, std::ostream& out) : rules_(rules), gen_(rules), in_(in), out_(out) {}

  std::string ask(const std::string& prompt) {
    out_ << prompt << std::flush;
    std::string line;
    if (!std::getline(in_, line)) throw InputEnded{};
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    while (!line.empty() && line.front() == ' ') line.erase(0, 1);
    if (!isatty(0)) out_ << line << '\n';  // piped answers: keep the transcript readable
    return line;
  }

  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays, const MatchView&) override {
    out_ << '\n' << board_diagram(pos, rules_) << "You (X) rolled " << dice.str() << ".\n";
    list_.size = gen_.generate(pos, dice, list_.positions.get(), list_.moves.get());
    std::vector<std::string> names(plays.size());
    for (size_t i = 0; i < plays.size(); ++i)
      for (int k = 0; k < list_.size; ++k)
        if (list_.positions[k] == plays[i]) names[i] = format_move(list_.moves[k]);
    if (plays.size() == 1) {
      out_ << "Forced play: " << names[0] << '\n';
      return 0;
    }
    for (size_t i = 0; i < plays.size(); ++i) out_ << "  " << i + 1 << ". " << names[i] << '\n';
    for (;;) {
      const std::string a = ask("Your play (number or notation): ");
      char* end = nullptr;
      const long n = std::strtol(a.c_str(), &end, 10);
      if (!a.empty() && *end == '\0' && n >= 1 && n <= long(plays.size())) return int(n - 1);
      for (size_t i = 0; i < plays.size(); ++i)
        if (canonical_play(names[i]) == canonical_play(a)) return int(i);
      out_ << "'" << a << "' is not one of the " << plays.size() << " plays listed.\n";
    }
  }

  bool wants_to_double(const Position& pos, const MatchView& view) override {
    out_ << '\n' << board_diagram(pos, rules_) << "Cube at " << view.cube.value << ".\n";
    for (;;) {
      const std::string a = ask("Roll or double? [r/d]: ");
      if (a.empty() || a == "r" || a == "roll") return false;
      if (a == "d" || a == "double") return true;
      out_ << "Answer r (roll) or d (double).\n";
    }
  }

  CubeResponse respond_to_double(const Position& pos, const MatchView& view) override {
    out_ << '\n' << board_diagram(pos.flipped(), rules_) << "nard doubles (cube " << view.cube.value << " -> "
         << next_cube_value(rules_, view.cube.value) << ").\n";
    for (;;) {
      const std::string a = ask("Take or pass? [t/p]: ");
      if (a == "t" || a == "take") return CubeResponse::Take;
      if (a == "p" || a == "pass" || a == "drop") return CubeResponse::Drop;
      out_ << "Answer t (take) or p (pass).\n";
    }
  }

 private:
  Rules rules_;
  MoveGenerator gen_;
  PlayList list_;
  std::istream& in_;
  std::ostream& out_;
};

// The bot, announcing what it does.
class AnnouncingAgent final : public Agent {
 public:
  AnnouncingAgent(const Rules& rules, BotAgent& bot, std::ostream& out) : gen_(rules), bot_(bot), out_(out) {}
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays, const MatchView& v) override {
    const int i = bot_.choose_play(pos, dice, plays, v);
    list_.size = gen_.generate(pos, dice, list_.positions.get(), list_.moves.get());
    for (int k = 0; k < list_.size; ++k)
      if (list_.positions[k] == plays[i]) out_ << "nard rolls " << dice.str() << " and plays " << format_move(list_.moves[k]) << '\n';
    return i;
  }
  bool wants_to_double(const Position& pos, const MatchView& v) override { return bot_.wants_to_double(pos, v); }
  CubeResponse respond_to_double(const Position& pos, const MatchView& v) override {
    const CubeResponse r = bot_.respond_to_double(pos, v);
    out_ << (r == CubeResponse::Drop ? "nard passes.\n" : "nard takes.\n");
    return r;
  }

 private:
  MoveGenerator gen_;
  PlayList list_;
  BotAgent& bot_;
  std::ostream& out_;
};

// The game of match game g: the rules of the options, or Tavli's rotation Portes, Plakoto, Fevga.
const char* const kTavliPresets[3] = {"gr_portes", "plakoto", "fevga"};

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
  if (o.match < 0 || o.games < 1) return fail_input(make_error("--match must be >= 0 and --games >= 1"));
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
  try {
    for (int g = 0; o.match > 0 ? !score.over() : g < o.games; ++g) {
      const size_t k = o.tavli ? size_t(g % 3) : 0;
      const Rules& rules = game_rules[k];
      NeuralEvaluator evaluator(models[k]);
      BotAgent bot_agent(rules, evaluator, bot->search, &*met);
      AnnouncingAgent nard(rules, bot_agent, std::cout);
      HumanAgent human(rules, std::cin, std::cout);
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
                     << (rec.dropped ? " (double passed)" : "") << ".\n";
      score.add_game(rec.winner, rec.points);
      if (rec.winner >= 0) previous_winner = rec.winner;
      std::cout << "Score: you " << score.score(1) << ", nard " << score.score(0);
      if (o.match > 0) std::cout << " (match to " << o.match << ")";
      std::cout << '\n';
    }
  } catch (const InputEnded&) {
    std::cout << "\nInput ended; the game is abandoned.\n";
    return;
  }
  if (o.match > 0) std::cout << (score.score(1) >= o.match ? "You win the match.\n" : "nard wins the match.\n");
}
}  // namespace

void register_play(CLI::App& app) {
  auto o = std::make_shared<PlayOptions>();
  CLI::App* cmd = app.add_subcommand("play", "Play against the bot in the terminal");
  cmd->add_option("--match", o->match, "Match length (0 = money games)");
  cmd->add_option("--games", o->games, "Money games to play (default 1)");
  cmd->add_option("--seed", o->seed, "Dice seed (default: the clock)");
  cmd->add_flag("--no-cube", o->no_cube, "Play without the doubling cube");
  cmd->add_flag("--tavli", o->tavli,
                "A Tavli match (needs --match L): the games rotate Portes, Plakoto, Fevga");
  cmd->add_option("--save", o->save,
                  "Save the games as a match file after each game (.sgf: gnubg SGF, else .mat)");
  add_bot_options(cmd, o->bot);
  cmd->callback([o] { run_play(*o); });
}

}  // namespace nard::tools

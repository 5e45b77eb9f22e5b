#include "cli/play/play_human.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/analysis/board_diagram.h"
#include "game/cube.h"
#include "play/resignation.h"

namespace nard::tools {

namespace {

const char* const kPlayHelp =
    "  NUMBER       the play with that number in the list\n"
    "  24/18 13/11  a play in standard notation: hit marks (*) optional, any order, bar and off;\n"
    "               a part of a play (24/18), then the rest (13/11)\n"
    "  undo         take back the last part entered this turn\n"
    "  hint         the bot's best plays for this roll\n"
    "  resign [single|gammon|backgammon]   offer to resign (the bot accepts if it gains by it)\n"
    "  quit         leave the game\n";
const char* const kRollHelp =
    "  r, roll (or Enter)   roll the dice\n"
    "  d, double            offer a double\n"
    "  hint                 the bot's cube advice for you\n"
    "  resign [single|gammon|backgammon]   offer to resign, made with your roll\n"
    "  quit                 leave the game\n";
const char* const kTakeHelp =
    "  t, take    accept the double (you then own the cube)\n"
    "  p, pass    refuse it and lose the game at the current stake\n"
    "  hint       the bot's advice for your answer\n"
    "  quit       leave the game\n";

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// "6-5", the higher die first.
std::string dice_text(Dice d) {
  const Dice n = d.normalised();
  return std::string{char('0' + n.d1), '-', char('0' + n.d2)};
}

}  // namespace

std::string cube_text(int value, int owner) {
  const std::string v = std::to_string(value);
  if (owner == 0) return v + ", yours";
  if (owner == 1) return v + ", nard's";
  return v + ", centred";
}

HumanAgent::HumanAgent(const Rules& rules, BotAgent& advisor, std::istream& in, std::ostream& out,
                       bool echo)
    : rules_(rules), advisor_(advisor), gen_(rules), in_(in), out_(out), echo_(echo) {}

void HumanAgent::new_game() {
  pending_resignation_ = 0;
  chosen_.reset();
}

std::string HumanAgent::ask(const std::string& prompt) {
  out_ << prompt << std::flush;
  std::string line;
  if (!std::getline(in_, line)) throw InputEnded{};
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  while (!line.empty() && line.front() == ' ') line.erase(0, 1);
  if (echo_) out_ << line << '\n';  // piped answers: keep the transcript readable
  return line;
}

bool HumanAgent::common_command(const std::string& answer, const char* prompt_help) {
  const std::string a = lower(answer);
  if (a == "help" || a == "?" || a == "h") {
    out_ << prompt_help;
    return true;
  }
  if (a == "quit" || a == "q" || a == "exit") throw QuitRequested{};
  return false;
}

Result<int> HumanAgent::resignation_points(const std::string& answer, const Position& pos) const {
  std::string level = lower(answer.substr(std::min(answer.size(), size_t(6))));  // after "resign"
  while (!level.empty() && level.front() == ' ') level.erase(0, 1);
  return nard::resignation_points(rules_, level, pos);
}

void HumanAgent::show_play_hint(const Position& pos, Dice dice) {
  const std::vector<RankedPlay> ranked = advisor_.search().rank_plays(pos, dice, list_.plays());
  const size_t shown = std::min<size_t>(ranked.size(), 3);
  for (size_t i = 0; i < shown; ++i) {
    char eq[48];
    std::snprintf(eq, sizeof eq, "Eq.: %+.3f", ranked[i].equity);
    out_ << "  " << i + 1 << ". " << format_move(list_.moves[size_t(ranked[i].index)]) << "  " << eq
         << '\n';
  }
}

int HumanAgent::run_turn(const Position& pos, Dice dice, bool may_resign) {
  list_.size = gen_.generate(pos, dice, list_.positions.get(), list_.moves.get());
  out_ << '\n' << board_diagram(pos, rules_) << "You (X) rolled " << dice_text(dice) << ".\n";
  for (int i = 0; i < list_.size; ++i)
    out_ << "  " << i + 1 << ". " << format_move(list_.moves[size_t(i)]) << '\n';
  WrittenPlay entered;  // the parts of a play entered so far
  const std::span<const Move> moves(list_.moves.get(), size_t(list_.size));
  for (;;) {
    const std::string so_far =
        entered.steps.empty() ? "" : " [" + written_play_text(entered) + " ...]";
    const std::string a = ask("Your play" + so_far + " (number, notation, or help): ");
    if (common_command(a, kPlayHelp)) continue;
    const std::string low = lower(a);
    if (low == "hint") {
      show_play_hint(pos, dice);
      continue;
    }
    if (low == "undo") {
      if (entered.steps.empty()) {
        out_ << "Nothing to undo this turn.\n";
        continue;
      }
      entered.steps.pop_back();
      out_ << (entered.steps.empty() ? std::string("Taken back; nothing entered.\n")
                                     : "Taken back; so far " + written_play_text(entered) + ".\n");
      continue;
    }
    if (low.rfind("resign", 0) == 0) {
      if (!may_resign) {
        out_ << "nard has refused your resignation this turn; play on.\n";
        continue;
      }
      Result<int> points = resignation_points(a, pos);
      if (!points) {
        out_ << points.error().message << ".\n";
        continue;
      }
      return -*points;
    }
    char* end = nullptr;
    const long n = std::strtol(a.c_str(), &end, 10);
    if (!a.empty() && *end == '\0') {
      if (n >= 1 && n <= list_.size) return int(n - 1);
      out_ << "There is no play " << a << "; the plays are numbered 1 to " << list_.size << ".\n";
      continue;
    }
    Result<WrittenPlay> part = parse_written_play(a);
    if (!part || part->steps.empty()) {
      out_ << (part ? std::string("Type a play, or help.") : part.error().message) << '\n';
      continue;
    }
    WrittenPlay tried = entered;
    tried.steps.insert(tried.steps.end(), part->steps.begin(), part->steps.end());
    const PlayMatch m = match_written_play(pos, dice, list_.plays(), moves, tried, rules_.landing);
    if (m.complete >= 0) return m.complete;
    if (m.partial) {
      entered = tried;
      continue;
    }
    out_ << "'" << written_play_text(tried) << "' is not "
         << (entered.steps.empty() ? "" : "part of ") << "a legal play of " << dice_text(dice)
         << ".\n";
  }
}

int HumanAgent::offer_resignation(const Position& pos, Dice dice, const MatchView&) {
  chosen_.reset();
  if (pending_resignation_ > 0) {
    const int points = pending_resignation_;
    pending_resignation_ = 0;
    out_ << "You rolled " << dice_text(dice) << " and offer to resign.\n";
    return points;
  }
  list_.size = gen_.generate(pos, dice, list_.positions.get(), list_.moves.get());
  if (list_.size <= 1) return 0;  // a forced play: choose_play says so
  const int r = run_turn(pos, dice, true);
  if (r < 0) return -r;
  chosen_ = list_.positions[size_t(r)];
  return 0;
}

int HumanAgent::choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                            const MatchView&) {
  if (plays.size() == 1) {
    list_.size = gen_.generate(pos, dice, list_.positions.get(), list_.moves.get());
    out_ << '\n'
         << board_diagram(pos, rules_) << "You (X) rolled " << dice_text(dice)
         << ". Forced play: " << format_move(list_.moves[0]) << '\n';
    return 0;
  }
  // A play picked while the turn ran for a resignation offer; else the offer was refused.
  std::optional<Position> target = chosen_;
  chosen_.reset();
  if (!target) target = list_.positions[size_t(run_turn(pos, dice, false))];
  for (size_t i = 0; i < plays.size(); ++i)
    if (plays[i] == *target) return int(i);
  return 0;  // unreachable: the agent's generator gives the same plays
}

bool HumanAgent::wants_to_double(const Position& pos, const MatchView& view) {
  out_ << '\n'
       << board_diagram(pos, rules_) << "Cube: " << cube_text(view.cube.value, view.cube.owner)
       << ".\n";
  for (;;) {
    const std::string a = lower(ask("Roll or double? [r/d] (or help): "));
    if (common_command(a, kRollHelp)) continue;
    if (a.empty() || a == "r" || a == "roll") return false;
    if (a == "d" || a == "double") return true;
    if (a == "hint") {
      Result<CubeDecision> d = advisor_.analyse_cube(pos, view);
      out_ << (d ? "nard's advice: " + d->action_text() : d.error().message) << '\n';
      continue;
    }
    if (a.rfind("resign", 0) == 0) {
      Result<int> points = resignation_points(a, pos);
      if (!points) {
        out_ << points.error().message << ".\n";
        continue;
      }
      pending_resignation_ = *points;
      return false;
    }
    out_ << "Answer r (roll) or d (double), or help.\n";
  }
}

CubeResponse HumanAgent::respond_to_double(const Position& pos, const MatchView& view) {
  // pos is seen from the person, who is not on roll: draw it from his side, nard on roll.
  out_ << '\n' << board_diagram(pos, rules_, /*x_on_roll=*/false);
  if (view.cube.beavered)
    out_ << "nard beavers: it takes and redoubles to " << next_cube_value(rules_, view.cube.value)
         << ", keeping the cube.\n";
  else
    out_ << "nard doubles (cube " << view.cube.value << " -> "
         << next_cube_value(rules_, view.cube.value) << ").\n";
  for (;;) {
    const std::string a = lower(ask("Take or pass? [t/p] (or help): "));
    if (common_command(a, kTakeHelp)) continue;
    if (a == "t" || a == "take") {
      const int value = next_cube_value(rules_, view.cube.value);
      out_ << "You take: the cube is at " << cube_text(value, view.cube.beavered ? 1 : 0) << ".\n";
      return CubeResponse::Take;
    }
    if (a == "p" || a == "pass" || a == "drop") return CubeResponse::Drop;
    if (a == "hint") {
      MatchView doubler = opponent_view(view);
      doubler.cube.pending_from = -1;
      Result<CubeDecision> d = advisor_.analyse_cube(pos.flipped(), doubler);
      if (d)
        out_ << "nard's advice: " << (d->taker == TakerAction::Pass ? "pass" : "take") << '\n';
      else
        out_ << d.error().message << '\n';
      continue;
    }
    out_ << "Answer t (take) or p (pass), or help.\n";
  }
}

}  // namespace nard::tools

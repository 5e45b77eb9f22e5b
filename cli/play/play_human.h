// The person's side of `nard play`: answers read from a stream, the board always drawn from the
// person's side (X) at each decision, and these commands:
//   at every prompt      help (or ?), hint (what the bot would do), quit
//   to roll or double    r / roll (or Enter), d / double, resign [single|gammon|backgammon]
//   to a double          t / take, p / pass
//   for a play           its number in the list, or the play in standard notation: hit marks
//                        optional, steps in any order, "bar" and "off" (24/20 6/5 is 24/20 6/5*),
//                        also in parts ("24/20", then "6/5"); undo takes back the last part;
//                        resign [single|gammon|backgammon]: the bot accepts if its equity says so
// Input that runs out ends the session (InputEnded), as does quit (QuitRequested).
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "game/movegen/movegen.h"
#include "game/written_play.h"
#include "play/agents.h"

namespace nard::tools {

struct InputEnded {};     // thrown when the input stream runs out; caught by the session
struct QuitRequested {};  // thrown when the person types quit

class HumanAgent final : public Agent {
 public:
  // advisor: the bot that answers "hint" (borrowed). echo: write each answer read after its
  // prompt (piped input), so that a transcript reads as a dialogue.
  HumanAgent(const Rules& rules, BotAgent& advisor, std::istream& in, std::ostream& out, bool echo);

  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView& view) override;
  bool wants_to_double(const Position& pos, const MatchView& view) override;
  CubeResponse respond_to_double(const Position& pos, const MatchView& view) override;
  int offer_resignation(const Position& pos, Dice dice, const MatchView& view) override;
  void new_game() override;

 private:
  std::string ask(const std::string& prompt);
  // help and quit, at any prompt; true when the answer was one of them.
  bool common_command(const std::string& answer, const char* prompt_help);
  // The points of "resign [level]" for the person (side on roll of pos), or an explanation.
  Result<int> resignation_points(const std::string& answer, const Position& pos) const;
  // The person's turn with the roll: the chosen play (index into list_), or a resignation
  // (returned as -points) when may_resign.
  int run_turn(const Position& pos, Dice dice, bool may_resign);
  void show_play_hint(const Position& pos, Dice dice);

  Rules rules_;
  BotAgent& advisor_;
  MoveGenerator gen_;
  PlayList list_;
  std::istream& in_;
  std::ostream& out_;
  bool echo_;
  int pending_resignation_ = 0;     // offered at the roll prompt: made once the dice are rolled
  std::optional<Position> chosen_;  // the play picked while offer_resignation() ran the turn
};

// The cube as the person reads it: "2, yours", "4, nard's", "1, centred" (owner: 0 the person,
// 1 nard, -1 centred).
std::string cube_text(int value, int owner);

}  // namespace nard::tools

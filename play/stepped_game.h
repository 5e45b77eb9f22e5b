// A game played one decision at a time, for callers that choose plays from outside a loop (the
// Python module's environments): the one game loop (game/match.h play_game) runs on a thread of
// the game's own, and every time an outside side is to choose a play it stops there until step()
// gives the choice. So the rules of play (the opening roll, forfeits, deadlocks, scoring) are
// play_game's exactly.
//
// Player 0 is always an outside side; player 1 is outside too (self-play) or `opponent` (an
// Agent of the caller's: a net, pubeval, the heuristic player). Cubeless money games. Game k of
// the object (counting reset() calls from 0) plays the dice of game_seed(seed, k), so the games
// do not depend on timing or threads.
//
// Thread-safety: one caller thread per object; the game's thread touches only the shared state
// under the mutex. Destroying the object (or reset()) in the middle of a game ends that game.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "game/match.h"
#include "game/movegen/movegen.h"
#include "game/rules.h"

namespace nard {

struct SteppedDecision {
  bool over = false;
  // When not over: the side to choose (0 or 1), the position seen from it (on roll), the roll
  // and the legal plays (in the generator's order, as `nard moves` lists them; at least one).
  int player = 0;
  Position position;
  Dice dice{};
  std::vector<Position> plays;
  int turn = 0;  // turns played so far in this game (forfeits included)
  // When over: the game's record (winner -1 for a draw; turn_limit for a game cut off).
  GameRecord record;
};

class SteppedGame {
 public:
  // `opponent` null: both sides are outside (self-play). The agent is used on the game's thread.
  SteppedGame(const Rules& rules, uint64_t seed, std::unique_ptr<Agent> opponent = nullptr,
              int max_turns = 10000);
  ~SteppedGame();
  SteppedGame(const SteppedGame&) = delete;
  SteppedGame& operator=(const SteppedGame&) = delete;

  // Ends any game under way and starts the next one; returns its first outside decision (or the
  // end, when the opponent plays the whole game).
  const SteppedDecision& reset();
  // Plays plays[action] of the current decision. Precondition: a game is under way, not over,
  // and 0 <= action < plays.size() (the Python layer checks and raises).
  const SteppedDecision& step(int action);
  // step() in two halves, so that many games play on at once (each on its own thread): submit()
  // hands over the choice and returns at once, wait() returns the next decision.
  void submit(int action);
  const SteppedDecision& wait();
  const SteppedDecision& current() const { return decision_; }
  const Rules& rules() const { return rules_; }
  long long games_started() const { return games_; }

 private:
  class OutsideAgent;
  void run_game(uint64_t game_seed_value);
  void stop_game();

  Rules rules_;
  uint64_t seed_;
  std::unique_ptr<Agent> opponent_;
  int max_turns_;
  long long games_ = 0;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool waiting_for_choice_ = false;  // the game's thread waits in choose_play
  bool have_choice_ = false;
  bool game_over_ = false;
  bool abort_ = false;
  int choice_ = 0;
  int turn_ = 0;
  SteppedDecision decision_;  // written by the game's thread under the mutex, read by the caller
};

}  // namespace nard

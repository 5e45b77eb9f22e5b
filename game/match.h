// Game and match flow: play a game to its end between two agents (opening roll per the rules,
// the cube where the game has one, scoring × cube, Jacoby), money sessions and matches to N
// points with the Crawford rule, and "previous winner starts" where the rules say so.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "game/cube.h"
#include "game/dice.h"
#include "game/game.h"
#include "game/game_replay.h"
#include "game/match_state.h"
#include "game/movegen/movegen.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

// What an agent sees of the match when it decides (scores from its own side).
struct MatchView {
  int match_length = 0;  // 0 = money
  int my_score = 0, opp_score = 0;
  bool crawford_game = false;
  CubeState cube;  // owner is 0 = this agent, 1 = the opponent, -1 centred
  // False when the game is played without the cube although the rules have one
  // (GameOptions::cubeless): nothing to play for but cubeless equity.
  bool cube_in_play = true;
};

// The match as `player` sees it, from a gnubg-style MatchState (no double pending).
MatchView match_view(const MatchState& m, int player);

// A participant in the game flow. Positions are seen from the agent (it is the mover).
class Agent {
 public:
  virtual ~Agent() = default;
  // Index into plays[0..n) of the play to make (n >= 1).
  virtual int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                          const MatchView& view) = 0;
  // Asked before rolling when the agent may double.
  virtual bool wants_to_double(const Position&, const MatchView&) { return false; }
  // Asked when the opponent doubles (pos seen from the agent, who is NOT on roll).
  virtual CubeResponse respond_to_double(const Position&, const MatchView&) {
    return CubeResponse::Take;
  }
  // A resignation the agent offers: the points it concedes before the cube (1 a single game,
  // the rules' gammon or backgammon value), 0 to play on. Asked once a turn, after the roll and
  // before choose_play, when the roll can be played (pos seen from the agent, on roll).
  virtual int offer_resignation(const Position&, Dice, const MatchView&) { return 0; }
  // The opponent offers to resign for `points` (before the cube) after rolling `dice`; pos is
  // seen from this agent (not on roll). True accepts, and the game ends.
  virtual bool accept_resignation(const Position&, Dice, int /*points*/, const MatchView&) {
    return false;
  }
  virtual void new_game() {}
};

// Match bookkeeping: scores, the Crawford game, match end.
class MatchScore {
 public:
  MatchScore(int match_length, bool crawford_rule)
      : length_(match_length), crawford_rule_(crawford_rule) {}
  int length() const { return length_; }
  int score(int player) const { return score_[player]; }
  bool over() const { return length_ > 0 && (score_[0] >= length_ || score_[1] >= length_); }
  // Is the next game the Crawford game? (the first game after a player first reaches length-1)
  bool crawford_game() const { return crawford_now_; }
  bool post_crawford() const { return crawford_done_; }
  void set_score(int s0, int s1, bool crawford_game_now, bool crawford_done);
  void add_game(int winner, int points);

 private:
  int length_;
  bool crawford_rule_;
  int score_[2] = {0, 0};
  bool crawford_now_ = false;
  bool crawford_done_ = false;
};

struct GameRecord {
  int winner = -1;       // 0 or 1; -1 for a draw
  int points = 0;        // scored by the winner, cube and Jacoby included
  GameResult result;     // the board result (points before the cube), when not dropped
  bool dropped = false;  // ended by a refused double
  int resigned = 0;      // ended by an accepted resignation of this many points (before the cube)
  int cube_value = 1;
  int turns = 0;
  int first_player = 0;     // who made the first play
  bool deadlocked = false;  // a draw because neither side can move (GameOptions::deadlock_forfeits)
  bool stopped = false;     // ended by GameOptions::stop_before, unfinished
  bool turn_limit = false;  // ended by GameOptions::max_turns (scored as a draw)
};

struct GameOptions {
  int match_length = 0;
  int scores[2] = {0, 0};
  bool crawford_game = false;
  int previous_winner = -1;  // for rules.previous_winner_starts; -1: none (first game)
  int max_turns = 10000;     // safety net; a game that reaches it is scored as a draw
  // -1: the opening roll decides who starts (rules.md §1.5). 0 or 1: that player starts with the
  // game's first roll (O-BOTH: a roll that is not a double), e.g. for pairs of games with the same
  // dice and the starter swapped.
  int first_player = -1;
  bool cubeless = false;  // no cube actions and no Jacoby rule: game points as the board gives them
  // When set (a GameReplay made for this game's rules, score and Crawford flag), every roll,
  // play and cube action is fed to it as it happens, so the game can be saved as a match file
  // (game/game_replay.h GameReplay::game). Not owned.
  GameReplay* replay = nullptr;
  // Forfeited rolls in a row that end the game as a drawn deadlock; 0: the rules' own check (a
  // Plakoto deadlock, looked for after two forfeits in a row). Self-play uses a count.
  int deadlock_forfeits = 0;
  // What the caller sees as the game is played (each may be empty): every roll, with the position
  // of the side on roll before it plays; and a roll that could not be played and did not end the
  // game, with the position the opponent is then on roll in.
  std::function<void(const Position& pos, Dice dice)> on_roll;
  std::function<void(const Position& next)> on_forfeit;
  // A game from a given position rather than the start (a rollout's trial): player 0 is on roll
  // there, with no opening roll (first_player is not used), and the cube starts as `start_cube`.
  // Not owned.
  const Position* start = nullptr;
  CubeState start_cube;
  // Where every roll comes from (turn counts from 0, forfeited turns included); empty: rng.
  std::function<Dice(int turn)> roll;
  // Asked at the start of every turn, before any cube action, with the side on roll and the cube
  // (players 0/1): true ends the game there unfinished (GameRecord::stopped), e.g. a truncated
  // rollout's trial.
  std::function<bool(int turn, const Position& pos, int side, const CubeState& cube)> stop_before;
};

// Plays one game. agents[0] and agents[1] are players 0 and 1.
GameRecord play_game(const Rules& rules, Agent* const agents[2], Rng& rng, const GameOptions& opts,
                     MoveGenerator& gen, Position* buffer);

// Who starts and with which first roll (rules.md §1.5). Returns the starter; *first_roll is the
// roll he plays (for O-BOTH the two opening dice; for O-REROLL a fresh roll). *ties counts the
// tied opening rolls (automatic doubles), when ties != nullptr.
int opening(const Rules& rules, Rng& rng, int previous_winner, Dice* first_roll,
            int* ties = nullptr);

struct SessionResult {
  std::vector<GameRecord> games;
  std::vector<MatchGame> recorded;  // every game's actions, when play_session was asked to record
  int points[2] = {0, 0};
  int match_winner = -1;  // matches only
};
// A money session of `games` games (match_length 0) or a match to match_length points.
// record: keep every game's actions in SessionResult::recorded (for saving as a match file).
SessionResult play_session(const Rules& rules, Agent* const agents[2], uint64_t seed,
                           int match_length, int games, bool record = false);

// Tavli as Greek players play it: a match whose games rotate Portes, Plakoto and Fevga (the rules
// presets of the three games, in order).
inline constexpr std::array<const char*, 3> kTavliPresets = {"gr_portes", "plakoto", "fevga"};

// One entry of a session's rotation of games: the rules of the game, the agents that play it
// (players 0 and 1; not owned) and the rules a match file records for the game ("" when they
// are the match's own, as for the first entry).
struct SessionSlot {
  Rules rules;
  std::array<Agent*, 2> agents{nullptr, nullptr};
  std::string record_rules;
};

// What the caller sees of a session as it is played (either may be empty). game counts from 0;
// slot is its entry of the rotation; recorded is the game's actions (nullptr unless recording);
// score is the score after the game.
struct SessionHooks {
  std::function<void(int game, size_t slot, const GameOptions& options)> before_game;
  std::function<void(int game, size_t slot, const GameRecord& result, const MatchGame* recorded,
                     const MatchScore& score)>
      after_game;
};

// The session's one game loop: game g is played by rotation[g % rotation.size()] (one entry: the
// same game throughout; kTavliPresets: a Tavli match), with the dice of game_seed(seed, g), the
// score and Crawford rule of the first entry's rules. Exceptions of the agents and hooks
// propagate (a person quitting ends the session).
SessionResult play_session(std::span<const SessionSlot> rotation, uint64_t seed, int match_length,
                           int games, bool record = false, const SessionHooks& hooks = {});

}  // namespace nard

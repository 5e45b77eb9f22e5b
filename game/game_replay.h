// GameReplay: one game of a match, action by action, checked against the rules: the rolls and
// plays through move generation, the cube (offer, take, drop, beaver, Crawford), resignations.
// The match file readers feed it what they read; a game loop can feed it what is played and
// take the finished MatchGame (game/match_record.h) for saving.
//
// Turn order: a turn is [Double, Take | Beaver, Take]? Roll, Play. The first Roll decides who
// starts (the opening roll is not recorded separately). A Roll may stay without its Play only
// when a resignation follows (gnubg writes "Rolled 41, resigns" as a roll without a play).
//
// Not thread-safe; owns a move generator and a play buffer (about 1 MB).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "game/cube.h"
#include "game/match_record.h"
#include "game/movegen/movegen.h"
#include "game/written_play.h"

namespace nard {

class GameReplay {
 public:
  // match_length 0 = money; score before the game; crawford_game: nobody may double.
  GameReplay(const Rules& rules, int match_length, std::array<int, 2> score, bool crawford_game);
  ~GameReplay();
  GameReplay(const GameReplay&) = delete;
  GameReplay& operator=(const GameReplay&) = delete;

  // --- the actions (each returns an Error and changes nothing when it is not legal now) ---
  std::optional<Error> roll(int player, Dice dice);
  // The play of the pending roll, as written: matched against the legal plays by the checkers
  // it moves (from/to of each step, any order, chained or not); among plays that move the same
  // checkers, the one whose hits agree with the written marks. An empty play is legal only when
  // the roll has no legal play.
  std::optional<Error> play(int player, const WrittenPlay& written);
  // The play that leads to `after` (seen from the player, before turning round).
  std::optional<Error> play_to(int player, const Position& after);
  std::optional<Error> double_cube(int player);
  std::optional<Error> take(int player);
  std::optional<Error> drop(int player);
  std::optional<Error> beaver(int player);
  std::optional<Error> resign(int player, int points_before_cube);
  std::optional<Error> accept(int player);
  std::optional<Error> reject(int player);
  // Sets the points of a game that has ended (a file states them); `winner` must be the winner
  // found by the replay. Also the only way to record the points of a draw-free end that the
  // file scores differently (e.g. Jacoby settings the file does not state).
  std::optional<Error> set_result_points(int winner, int points);
  // One recorded action (game/match_record.h) as its record states it: a roll as rolled; a play by
  // its written sub-moves, which must lead to its recorded position; a double or beaver, which must
  // reach its recorded cube value; the rest by kind. The one way a record is replayed. After an
  // error the replay may already hold the action's legal part (the play as written, the double):
  // the record is wrong from there on, and its replay stops.
  std::optional<Error> apply(const MatchAction& action);

  // --- state ---
  const Rules& rules() const { return rules_; }
  bool started() const { return on_roll_ >= 0; }
  int on_roll() const { return on_roll_; }           // -1 before the first roll
  const Position& position() const { return pos_; }  // seen from on_roll() (or the starter)
  const CubeState& cube() const { return cube_; }
  bool double_pending() const { return cube_.pending_from >= 0; }
  bool roll_pending() const { return rolled_; }  // rolled, not yet played
  bool resignation_pending() const { return resign_points_ > 0; }
  bool over() const { return end_.kind != GameEndKind::Unfinished; }
  const GameEnd& end() const { return end_; }
  const std::vector<MatchAction>& actions() const { return actions_; }
  // The legal plays of the pending roll, each seen from the player before turning round (empty
  // when the roll cannot be played); valid while roll_pending().
  std::span<const Position> legal_plays() const {
    return rolled_ ? std::span<const Position>(list_->positions.get(), size_t(plays_))
                   : std::span<const Position>();
  }
  // The points a resignation of `points_before_cube` would score now (cube and Jacoby).
  int resignation_value(int points_before_cube) const;

  // The finished (or unfinished) game as a record.
  MatchGame game(int number) const;

 private:
  std::optional<Error> expect_turn(int player, const char* what) const;
  // expect_turn, and a double (or beaver) pending that `player` is the one to answer.
  std::optional<Error> expect_answer(int player, const char* what) const;
  std::optional<Error> record_play(int player, int index, const Move* move = nullptr);
  int points_for(int board_points) const;

  Rules rules_;
  int match_length_;
  std::array<int, 2> score_;
  bool crawford_game_;
  std::unique_ptr<MoveGenerator> gen_;
  std::unique_ptr<PlayList> list_;
  Position pos_;
  int on_roll_ = -1;
  bool rolled_ = false;
  Dice dice_{};
  int plays_ = 0;              // legal plays of the pending roll (list_ holds them)
  int forfeits_in_a_row_ = 0;  // for the Plakoto deadlock (game/game.h is_deadlocked)
  CubeState cube_;
  int resign_points_ = 0;  // pending resignation, before the cube
  int resigner_ = -1;
  std::vector<MatchAction> actions_;
  GameEnd end_;
};

}  // namespace nard

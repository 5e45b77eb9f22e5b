// MatchState: everything about a game except the checkers, i.e. what gnubg's Match ID holds
// (score, match length, cube, whose turn, dice, pending double or resignation, Crawford).
//
// Player numbering: players are 0 and 1 and mean exactly what they mean in gnubg, so a Match ID
// maps bit for bit onto this struct. In gnubg's own display player 0 is "O" (the top side, the
// computer by default) and player 1 is "X" (the bottom side, the human by default). The other
// formats follow suit: the XGID's bottom player and the FIBS line's "You" are player 1. The board
// itself (game/position.h) is always seen from `on_roll`, so it needs no player number.
// Defaults: a fresh money game, cube centred on 1, player 1 to roll, no Jacoby rule.
//
// on_roll and turn: on_roll is the player holding the dice (gnubg's "dice owner"); turn is the
// player who must make the next decision. They differ only while a double or a resignation is
// pending: then `turn` is the player who must answer it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "game/dice.h"

namespace nard {

// The same codes as gnubg's Match ID game-state field (3 bits).
enum class GameState : uint8_t {
  NoGame = 0,  // no game started (e.g. between games)
  Playing = 1,
  Over = 2,      // the game ended by the last checker borne off
  Resigned = 3,  // the game ended by an accepted resignation
  Dropped = 4,   // the game ended by a dropped (passed) double
};

// Resignation levels (gnubg's 2-bit field): the points offered, before the cube.
enum class Resignation : uint8_t { None = 0, Single = 1, Gammon = 2, Backgammon = 3 };

struct MatchState {
  int match_length = 0;            // points; 0 = money game (unlimited session)
  std::array<int, 2> score{0, 0};  // points won so far by player 0 and player 1
  int cube_value = 1;              // 1, 2, 4, ... (a power of two, at most 2^15)
  int cube_owner = -1;             // -1 centred, else the player (0/1) who owns the cube
  int on_roll = 1;                 // player whose turn it is (holds the dice)
  int turn = 1;                    // player who must make the next decision
  bool crawford = false;           // this game is the Crawford game
  GameState game_state = GameState::Playing;
  bool double_offered = false;               // on_roll has doubled; `turn` must take or pass
  Resignation resigned = Resignation::None;  // a pending (or accepted, if game_state says so) offer
  Dice dice{0, 0};      // as rolled ({0,0} = not rolled); the Match ID writes the higher die first
  bool jacoby = false;  // money play: gammons count only once the cube was turned

  bool is_money() const { return match_length == 0; }
  bool dice_rolled() const { return dice.d1 != 0; }
  bool operator==(const MatchState&) const = default;

  // Checks the fields are in range and agree with each other (e.g. scores below the match
  // length, turn == on_roll unless a decision is pending); writes a reason when why != nullptr.
  bool is_consistent(std::string* why = nullptr) const;
};

std::string_view game_state_name(GameState s);

}  // namespace nard

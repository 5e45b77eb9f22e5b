// The FIBS "board:" line (FIBS CLIP "rawboard" format), as FIBS sends it to a client and as
// gnubg sends it to an external player (`set player N external host:port`):
//
//   board:You:Opp:MatchLen:YourScore:OppScore:B0:B1:...:B25:Turn:Dice1:Dice2:OppDice1:OppDice2:
//         Cube:YouMayDouble:OppMayDouble:WasDoubled:Color:Direction:Home:Bar:YouOff:OppOff:
//         YouOnBar:OppOnBar:CanMove:ForcedMove:DidCrawford:Redoubles
//
// 53 ':'-separated tokens. "You" is the client the line is written for.
// Orientation rules:
//   * B0..B25: positive counts are O's checkers, negative X's. Color says which You are:
//     +1 = You are O (your checkers positive), -1 = You are X.
//   * Direction -1: You move from 24 down to 1, bear off to 0 and enter from 25, so B[p] is your
//     own point p; +1: You move from 1 up to 24, so B[25 - p] is your own point p. The opponent
//     always moves the other way, so B[i] is his own point 25 - i (direction -1) or i (+1).
//   * B[25] (direction -1) or B[0] (+1) is your bar, the other end the opponent's bar. The
//     YouOnBar/OppOnBar fields repeat the bar counts (gnubg writes 0 there); both are read.
//   * Turn: the colour whose turn it is (-1 X, +1 O), 0 when the game is over. The Position
//     returned is seen from that player. Dice are the mover's pair (You: fields 1-2, else 3-4).
//   * Checkers not on the board or bar are borne off; YouOff/OppOff must agree.
//   * MatchLen 9999 (FIBS) or 0 (gnubg) is a money session.
//   * The cube owner is not in the line: a cube above 1 belongs to the one side that may
//     double; if both or neither may, it is read as centred.
//   * Crawford: match play, exactly one player 1 point from winning, and DidCrawford = 0.
//   * Home, Bar, CanMove, ForcedMove and Redoubles are read but not used.
//
// Players in the MatchState: You = player 1, the opponent = player 0 (the client sits at the
// bottom, like gnubg's player 1 "X" and the XGID's bottom player).
//
// Dialects. gnubg 1.07's external-player lines follow the rules above (You = gnubg's player 1,
// Color +1, Direction -1, both dice pairs equal to the roll, OnBar fields 0) except for the
// names and scores: it writes (opponent, You) there, and (You, opponent) only while a double is
// pending. WasDoubled = 1 then means "a double is pending", the doubler being the player on
// Turn; in FIBS it means "your opponent has just doubled" (You must answer).
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "game/match_state.h"
#include "game/position.h"

namespace nard {

enum class FibsDialect : uint8_t { Fibs, Gnubg };

struct FibsBoard {
  std::string you_name;
  std::string opponent_name;
  Position position;   // seen from match.on_roll (contrary geometry)
  MatchState match;    // player 1 = You, player 0 = the opponent
  int color = 1;       // +1: You are O (positive counts); -1: You are X
  int direction = -1;  // -1: You move 24 -> 1; +1: You move 1 -> 24
};

inline constexpr int kFibsYou = 1;
inline constexpr int kFibsOpponent = 0;

// Reads one line; leading/trailing whitespace and NUL bytes (gnubg ends each line with one) and
// spaces around the numbers are ignored. Errors name the token that is wrong.
Result<FibsBoard> parse_fibs_board(std::string_view line, FibsDialect dialect = FibsDialect::Fibs);

// Writes the line (no newline); parse_fibs_board(format_fibs_board(b, d), d) gives b back for any
// b the line can express: the game is being played, a cube of 1 is centred, and (FIBS dialect)
// a pending double was offered by the opponent.
std::string format_fibs_board(const FibsBoard& board, FibsDialect dialect = FibsDialect::Fibs);

}  // namespace nard

// eXtreme Gammon's XGID, read and written:
//
//   XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10
//        |position (26 chars)      |1|2|3|4 |5|6|7|8|9
//
// Position: always seen from the BOTTOM player, whoever is on roll. Character 0 is the top
// player's bar, characters 1..24 are the bottom player's points 1..24, character 25 is the
// bottom player's bar. '-' = empty, 'A'..'O' = 1..15 checkers of the bottom player, 'a'..'o' =
// 1..15 of the top player (whose own point q is the bottom player's 25 - q). Checkers not shown
// are borne off.
// Fields after the position:
//   1 cube value as log2 (0 = 1)      2 cube owner: 1 bottom, 0 centred, -1 top
//   3 turn: 1 bottom, -1 top (the player on roll; with "D" the player who doubled)
//   4 dice: "00" not rolled, "D" a double offered and not answered yet, two digits = the roll;
//     "B"/"R" (beaver/raccoon pending) are rejected: MatchState cannot hold them
//   5 bottom player's score           6 top player's score
//   7 match play: 1 = Crawford game; money: bit 0 Jacoby, bit 1 beavers
//   8 match length, 0 = money         9 maximum cube as log2
// While a double is pending the cube fields show the cube before the double, as in gnubg.
//
// Players: bottom = player 1 and top = player 0 of game/match_state.h (gnubg shows its player 1
// "X" at the bottom). The Position is seen from the player on roll (our mover). An XGID cannot
// say that a game is over or that a resignation is pending: the writer writes the checkers and
// cube only.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "game/match_state.h"
#include "game/position.h"

namespace nard {

struct XgidPosition {
  Position position;  // seen from match.on_roll
  MatchState match;
  bool beavers = false;    // money play: beavers allowed (field 7, bit 1)
  int max_cube_log2 = 10;  // field 9
};

// Accepts the text with or without the "XGID=" prefix; errors name the field that is wrong.
Result<XgidPosition> decode_xgid(std::string_view text);
// Writes "XGID=..."; decode_xgid(encode_xgid(x)) == x for every x decode_xgid can return.
// Precondition: a contrary-geometry position without pins, and no pending resignation.
std::string encode_xgid(const XgidPosition& x);

}  // namespace nard

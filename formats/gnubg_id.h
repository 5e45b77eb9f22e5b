// gnubg's Position ID and Match ID, bit-exact with GNU Backgammon (checked against gnubg 1.07
// in tests/formats/formats_test.cpp).
//
// Position ID: 14 base64 characters = 80 bits (10 bytes, the last 4 bits of the last character
// zero). Base64 uses the standard alphabet A-Z a-z 0-9 + / with no padding. The bit string is
// built as: for the player NOT on roll, then for the player on roll, for each of his points 1..24
// (his own numbering: 1 = his ace point) and then his bar, one 1-bit per checker followed by one
// 0-bit; the rest is filled with 0-bits. Checkers borne off are not written: they are whatever
// the 15 of a side are not on the board. Bit k of the string is bit (k mod 8) of byte k / 8,
// i.e. the bytes are filled least-significant bit first.
//
// The decoded Position is seen from the player on roll (our "mover"). A decoded ID may hold fewer
// than 15 checkers for a side (gnubg accepts that, and so do we): the missing ones are borne off,
// so mover_off = 15 - (checkers on board and bar). More than 15 checkers for a side, more than
// the 80 bits, or two sides on one point are rejected.
//
// Match ID: 12 base64 characters = 72 bits (9 bytes); the fields, each least-significant bit
// first, at bit offsets:
//    0.. 3  log2 of the cube value           4.. 5  cube owner: 0, 1, or 3 = centred
//    6      player on roll (dice owner)      7      Crawford game
//    8..10  game state (engine GameState)   11      turn (player to make the next decision)
//   12      double offered                  13..14  resignation offered (0..3)
//   15..17  higher die (0 = not rolled)     18..20  lower die (gnubg writes the higher first)
//   21..35  match length (0 = money)        36..50  score of player 0
//   51..65  score of player 1               66      Jacoby rule off (1 = NOT in use)
//   67..71  zero
// Players 0 and 1 are gnubg's (game/match_state.h).
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "game/match_state.h"
#include "game/position.h"

namespace nard {

// Decodes a 14-character Position ID into a backgammon position (contrary geometry) seen from the
// player on roll. Errors name the problem (length, character, too many checkers, ...).
Result<Position> decode_position_id(std::string_view id);

// Encodes a backgammon position (seen from the player on roll) as a 14-character Position ID.
// Precondition: contrary geometry, no pins, at most 15 checkers a side.
std::string encode_position_id(const Position& pos);

Result<MatchState> decode_match_id(std::string_view id);
std::string encode_match_id(const MatchState& state);

struct GnubgPosition {
  Position position;  // seen from match.on_roll
  MatchState match;
};

// "PosID:MatchID" (gnubg's "set gnubgid" form), or a lone Position ID with a fresh money-game
// MatchState. Leading/trailing spaces are ignored.
Result<GnubgPosition> parse_gnubg_id(std::string_view text);
std::string format_gnubg_id(const Position& pos, const MatchState& state);

}  // namespace nard

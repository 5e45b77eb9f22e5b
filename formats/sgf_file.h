// GNU Backgammon's SGF (FF[4], GM[6]; red-bean.com/sgf/backgammon.html): one game tree per game,
//
//   (;FF[4]GM[6]CA[UTF-8]AP[nard]MI[length:7][game:0][ws:0][bs:0]PW[alice]PB[bob]RU[Crawford]RE[W+2]
//   ;W[31hefe]
//   ;B[double]
//   ;W[take]
//   ;B[52lqac])
//
// Points are letters in White's numbering: a = White's 1-point (Black's 24), x = White's 24,
// y = the bar, z = off. White is player 0, Black player 1. A move is the dice then 0-4
// from/to letter pairs; "double" (also a beaver when a double is pending), "take", "drop".
// RE[W+2R]: White won 2 points by resignation. gnubg counts MI[game:] from 0; the spec from 1.
// We write what gnubg writes; for our other games a private root property NR[rules] names the
// rules preset (the letters then follow the game's geometry, docs/match_files.md), and
// NT[name:value] keeps header tags that SGF has no property for.
//
// read_sgf() skips analysis properties (A, DA, MR, LU, GS, ...), follows the main line of any
// variation, and replays every game through move generation.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "game/match_record.h"

namespace nard {

// Errors read "line N: what is wrong".
Result<MatchRecord> read_sgf(std::string_view text);
std::string write_sgf(const MatchRecord& record);

}  // namespace nard

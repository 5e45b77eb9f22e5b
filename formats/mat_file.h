// The Jellyfish ".mat" match text, as GNU Backgammon, eXtreme Gammon and the playing sites
// export it, for every game of the family (docs/match_files.md):
//
//   ; [Variation "Backgammon"]
//   ; [Crawford "On"]
//
//    7 point match
//
//    Game 1
//    alice : 0                      bob : 0
//     1)                             31: 8/5 6/5
//     2) 62: 24/18 18/16              Doubles => 2
//     3)  Takes                      55: 13/8 13/8 6/1* 6/1
//    ...
//                                     Wins 2 points
//
// read_mat() accepts the variations of the writers we know (chained and multi-pip steps
// "13/7*/5" "24/15", "(2)", bar as "bar" or "25", off as "off" or "0", any letter case, XG's
// numbered "Wins" lines and "and the match", "???" for an unrecorded play before a resignation)
// and replays every game through move generation: a play that is not legal for its roll is an
// error naming the line. write_mat() writes what gnubg writes, plus our variant tags.
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "game/match_record.h"

namespace nard {

// Errors read "line N: what is wrong".
Result<MatchRecord> read_mat(std::string_view text);
std::string write_mat(const MatchRecord& record);

}  // namespace nard

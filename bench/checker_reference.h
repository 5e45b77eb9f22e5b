// Reference checker-play equities read from a text file, e.g. GNU Backgammon's at 2-ply in
// tests/data/gnubg_checker_2ply.txt (made by tests/gnubg/checker_oracle.py): for a (position,
// roll) pair, every legal play's cubeless money equity.
//
// File format: '#' starts a comment (the header says how the file was made); every other line is
// one of
//   position <Position ID> <d1><d2> <n>
//   play <Result ID> <ply> <equity> <equity at 0-ply>
// A position line is followed by exactly n >= 1 play lines, one per legal play (distinct results).
// Position ID: gnubg's, the side on roll to move (backgammon). Result ID: the Position ID of the
// play's result seen from the mover (the mover still "on roll" in ID terms: the board our move
// generator returns, before flipped()), so plays are matched by resulting position, never by
// notation. ply: the depth the equity was computed at (0..3). equity, equity at 0-ply: the
// mover's cubeless money equity after the play (in [-3, 3]) at that ply and at 0-ply (the
// reference's net alone).
//
// The reference's best play is the one with the highest equity among the plays valued at the
// file's deepest ply for the pair; its 0-ply choice the one with the highest 0-ply equity (the
// first in the file on a tie).
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/dice.h"
#include "game/position.h"

namespace nard {

struct ReferencePlay {
  std::string result_id;
  Position result;  // mover's view, before the turn passes
  int ply = 0;
  double equity = 0.0;       // at `ply`, mover's cubeless money equity
  double equity_0ply = 0.0;  // at 0-ply
  int line = 0;
};

struct CheckerReference {
  std::string position_id;
  Position position;                 // side on roll to move
  Dice dice;                         // d1 >= d2
  std::vector<ReferencePlay> plays;  // as in the file (non-empty, distinct results)
  int line = 0;                      // of the position line, for messages

  int deepest_ply() const;
  int best() const;                            // index of the best play at deepest_ply()
  int best_at_0ply() const;                    // index of the play with the highest 0-ply equity
  int find(std::string_view result_id) const;  // index of the play with that result, or -1
};

// Errors name the origin, the line and what is wrong.
Result<std::vector<CheckerReference>> parse_checker_references(std::string_view text,
                                                               std::string_view origin);
Result<std::vector<CheckerReference>> load_checker_references(const std::string& path);

// The committed gnubg 2-ply reference: NARD_SOURCE_DIR/tests/data/gnubg_checker_2ply.txt (pairs
// from our own net's self-play, `nard bench checker-positions`).
std::string default_checker_reference_path();
// The committed gnubg 2-ply reference on pairs from gnubg's own self-play, a distribution we did
// not make: NARD_SOURCE_DIR/tests/data/gnubg_selfplay_checker_2ply.txt
// (tests/gnubg/selfplay_positions.py).
std::string selfplay_checker_reference_path();
// Every committed file of each origin, the first set then its continuation (made the same way
// from other games): from our self-play gnubg_checker_2ply.txt and gnubg_checker_2ply_b.txt; from
// gnubg's self-play gnubg_selfplay_checker_2ply.txt and gnubg_selfplay_checker_2ply_b.txt.
std::vector<std::string> default_checker_reference_paths();
std::vector<std::string> selfplay_checker_reference_paths();

}  // namespace nard

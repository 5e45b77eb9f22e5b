// How much the two-sided bear-off database (nn/bearoff_two_sided.h) changes, over every position it
// covers: the one-sided approximation's winning chances (nn/bearoff_database.h, what those
// positions got before) and, optionally, a net's, against the exact ones; the money cube decisions
// the cube model (search/cube/money.h, Janowski with the bear-off cube life) makes from those
// approximations against the exact decisions (search/cube/bearoff.h); GNU Backgammon's own table (its
// file gnubg_ts0.bd) against ours. `nard bench bearoff` prints them.
//
// Not thread-safe (the evaluator); the rest is pure.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"
#include "nn/bearoff_database.h"
#include "nn/evaluator.h"

namespace nard {

struct ErrorStats {
  int64_t count = 0;
  double sum = 0.0, max = 0.0;
  Position worst;  // where max was reached (first such)
  void add(double error, const Position& pos);
  double mean() const { return count ? sum / double(count) : 0.0; }
};

// One approximation's money cube decisions against the exact ones, one cube state.
struct CubeErrorStats {
  int64_t decisions = 0;
  int64_t agree = 0;  // the same action (bench/cube_reference.h CubeAction)
  ErrorStats equity;  // |its cubeful equity - the exact one|, per unit of the cube
  ErrorStats cost;    // exact equity lost by its doubler's and taker's choices, per decision
};

struct BearoffApproximation {
  ErrorStats win;         // |P(win) - exact P(win)|, every covered position
  ErrorStats win_window;  // the same where exact P(win) is in [0.55, 0.92]
  // [0]: cube centred, [1]: owned by the side on roll; positions in the window only.
  std::array<CubeErrorStats, 2> cube;
};

struct BearoffAccuracy {
  int checkers = 0;
  int64_t positions = 0;  // covered positions (both sides 1..checkers on board)
  BearoffApproximation one_sided;
  BearoffApproximation net;  // empty unless a net was given
};

// Every covered position of db.two_sided() (which must exist) under `rules` (money, the database's
// beavers); `net`: an evaluator without bear-off database, or nullptr.
BearoffAccuracy measure_bearoff_accuracy(const BearoffDatabase& db, const Rules& rules,
                                         Evaluator* net);

// Training targets one checker beyond the table: every position where the side on roll has
// db.two_sided()->checkers() + 1 checkers on board and the opponent 1..checkers(), valued at 1 ply
// (the best play of each roll by the leaves' winning chance, as the search's targets are) with the
// leaves from the one-sided database alone and from both databases (the plays that bear a checker
// off reach the two-sided table), against the exact values of `truth`, a table of checkers() + 1.
// The 0-ply one-sided values for comparison.
struct OnePlyTargets {
  int64_t positions = 0;
  ErrorStats zero_ply_one_sided, one_ply_one_sided, one_ply_both;  // |P(win) - exact|
};
OnePlyTargets measure_one_ply_targets(const BearoffDatabase& db, const TwoSidedBearoff& truth);

// gnubg's two-sided table against ours, entry by entry (both index a side the same way).
struct GnubgTableComparison {
  int points = 0, checkers = 0;
  std::array<ErrorStats, 4> value;  // cubeless, owned, centred, opponent owns
};
// Reads gnubg's file (header "gnubg-TS-PP-CC-1", then 4 little-endian 16-bit equities per entry,
// e = v / 32767.5 - 1). Fails when the file cannot be read or is not a cubeful two-sided table of
// 6 points and table.checkers() checkers.
Result<GnubgTableComparison> compare_with_gnubg_table(const TwoSidedBearoff& table,
                                                      const std::string& path);

// The position of entry (mover, opponent) of a two-sided table (indices as
// TwoSidedBearoff::indices).
Position bearoff_position(int mover, int opponent);

}  // namespace nard

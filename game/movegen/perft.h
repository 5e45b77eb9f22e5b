// Perft for dice games (style P2): from a position, over all 21 rolls at every level, count the
// distinct resulting positions. Depth 1 is the sum over the 21 rolls of the number of distinct
// legal plays (a forfeited roll counts 0). At deeper levels a forfeited roll passes the turn with
// the position unchanged and a finished game is a leaf. Rolls are counted once each (unweighted).
#pragma once

#include <array>
#include <cstdint>

#include "game/movegen/movegen.h"

namespace nard {

uint64_t perft(const Rules& rules, const Position& pos, int depth);
// Depth-1 counts per roll, in all_rolls() order.
std::array<int, 21> perft_divide(const Rules& rules, const Position& pos);

}  // namespace nard

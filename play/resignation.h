// What a resignation concedes: "single", "gammon" or "backgammon" (gnubg's levels; also s, n,
// normal, g, b, bg), as points at the cube's value 1. In games that score the loser's checkers
// left (Tawla 31), a resignation concedes those checkers and only "single" (or "") is accepted.
// The position is the resigner's (on roll or not: only his checkers off count).
#pragma once

#include <string_view>

#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

Result<int> resignation_points(const Rules& rules, std::string_view level,
                               const Position& resigner);

}  // namespace nard

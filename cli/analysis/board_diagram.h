// An ASCII board in the style of gnubg's: the side on roll (X) plays from the top-right 24-point
// down to his home at the bottom right; O is the opponent. A pinned checker (Plakoto) is drawn in
// lower case at the edge of its point, under the checkers on top. In the parallel games (Long
// Nardy, Fevga) the heads sit in diagonally opposite corners, as on a real board, and a caption
// row gives O's own point numbers. The summary lines add what the game needs: pinned checkers,
// Long Nardy first turns, whether the Fevga runner has passed or the Tawla 31 lead checker is
// released.
#pragma once

#include <string>

#include "game/position.h"
#include "game/rules.h"

namespace nard::tools {

// pos is seen from X (the side drawn moving from the top right). x_on_roll false: O is on roll
// (e.g. a player's board shown while his opponent doubles), which only changes the labels.
std::string board_diagram(const Position& pos, const Rules& rules, bool x_on_roll = true);

}  // namespace nard::tools

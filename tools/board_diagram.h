// An ASCII board in the style of gnubg's: the side on roll (X) plays from the top-right 24-point
// down to his home at the bottom right; O is the opponent. A pinned checker (Plakoto) is drawn in
// lower case at the edge of its point, under the checkers on top.
#pragma once

#include <string>

#include "engine/position.h"
#include "engine/rules.h"

namespace nard::tools {

std::string board_diagram(const Position& pos, const Rules& rules);

}  // namespace nard::tools

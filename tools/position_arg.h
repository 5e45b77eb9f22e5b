// Reading a POSITION argument of the command line: a gnubg Position ID ("4HPwATDgc/ABMA"), a
// Position ID with its Match ID ("4HPwATDgc/ABMA:cAkAAAAAAAAA"), an XGID ("XGID=..."), a FIBS
// "board:..." line, or our notation ("x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5"). The side on
// roll is the mover. The gnubg-family formats are accepted for contrary-movement games only.
#pragma once

#include <string>
#include <string_view>

#include "engine/position.h"
#include "engine/result.h"
#include "engine/rules.h"

namespace nard::tools {

Result<Position> parse_position_arg(std::string_view text, const Rules& rules);

// --variant and --rules together: the variant picks the game, --rules a preset of it.
Result<Rules> resolve_rules(const std::string& variant, const std::string& preset);

}  // namespace nard::tools

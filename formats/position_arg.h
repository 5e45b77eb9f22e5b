// Reading a position given as text (a command-line POSITION, an API request's "position"): a
// gnubg Position ID ("4HPwATDgc/ABMA"), a Position ID with its Match ID
// ("4HPwATDgc/ABMA:cAkAAAAAAAAA"), an XGID ("XGID=..."), a FIBS "board:..." line, our notation
// ("x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5"), or "start" (the game's starting position). The
// side on roll is the mover. The gnubg-family formats are accepted for contrary-movement games
// only. Shared by the CLI (tools/) and the HTTP API (api/).
#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "game/match_state.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

Result<Position> parse_position_arg(std::string_view text, const Rules& rules);

// The match state the text carries (PosID:MatchID, XGID=..., board:...), or a fresh money game
// for the formats without one. Errors as parse_position_arg.
Result<MatchState> match_state_arg(std::string_view text);

// The position in the game's usual text: a gnubg Position ID for backgammon, our notation
// otherwise (a Position ID holds checkers only: other games need pins, parallel movement or
// first-turn flags).
std::string format_position_for(const Position& pos, const Rules& rules);

// resolve_rules (the CLI's --variant and --rules together) is in game/rules.h.

}  // namespace nard

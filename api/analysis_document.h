// The JSON document of a match analysis (play/analysis.h): what `nard analyze --json` prints and
// the API's analyze jobs return (docs/analysis.md, docs/api.md). {"settings", "players",
// "positions", "stats": [player 0, player 1], "games": [{"number", "score", "crawford_game",
// "variant", "winner", "points", "turns", "stats"}]}; each turn has its cube decision, dice, luck
// and checker play with the plays kept. A value that does not exist (NaN) is null; numbers are
// not rounded.
#pragma once

#include <nlohmann/json.hpp>

#include "play/analysis.h"

namespace nard::api {

nlohmann::json analysis_document(const MatchAnalysis& m);

}  // namespace nard::api

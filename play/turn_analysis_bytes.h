// What the analysis of one turn computed (play/analysis.h), as bytes for the ranks of a distributed
// analysis (core/work_share.h): the cube decision, the roll's luck, the checker play with its
// options, and the chart's values. The rest of a TurnAnalysis (player, context, position, dice)
// comes from the replay of the match record, which every rank does itself, so it is not sent.
// Doubles travel as their bytes (NaN included), so the receiver's figures are the sender's.
#pragma once

#include "core/work_share.h"
#include "play/analysis.h"

namespace nard {

void put_turn_result(ByteWriter& out, const TurnAnalysis& t);
// Reads what put_turn_result wrote into t's computed fields; false when the bytes are malformed.
bool get_turn_result(ByteReader& in, TurnAnalysis& t);

}  // namespace nard

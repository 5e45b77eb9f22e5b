// What the files of the match analysis share (internal to play/): the turns a record's replay
// yields (play/analysis_replay.cpp), analysed in play/analysis.cpp, and the per-player sums of a
// game (play/analysis_stats.cpp).
#pragma once

#include <optional>
#include <vector>

#include "core/result.h"
#include "game/match_record.h"
#include "play/analysis.h"
#include "search/match_equity.h"

namespace nard::analysis_detail {

// What the replay tells about a turn beyond TurnAnalysis: the cube in force for the roll (after a
// double and take), the play made, whether this is the game's first turn.
struct TurnJob {
  int game = 0, turn = 0;
  MatchContext play_context;  // after the turn's cube action
  bool first_turn = false;
  bool analyse_cube = false;
  Position played{};
  bool has_play = false;
};

// Replays game `g` of the record, adding its turns to `out` and their jobs to `jobs`.
std::optional<Error> replay_game(const MatchRecord& record, int g, const Rules& rules,
                                 const AnalysisConfig& config, const MatchEquityTable* met,
                                 GameAnalysis& out, std::vector<TurnJob>& jobs);

// A game's per-player figures from its analysed turns.
void sum_game(GameAnalysis& g, const MatchRecord& record, const MatchEquityTable* met);

}  // namespace nard::analysis_detail

// Training targets from the self-play games themselves: each sampled position's variance-reduced
// game result, a rollout of one trial that the game played anyway (gnubg's luck adjustment, as in
// play/rollout.h, applied along the game instead of along a separate trial).
//
// For a finished game s_0 .. s_{T-1} (side on roll, before the roll) with result R (s_{T-1}'s
// view), let V1(s) be the 1-ply value of s (the 21 rolls, each answered by its best play by the
// full net: SearchConfig::prune_keep = 0, so that it is the mean of what the greedy player gets)
// and A_t the 0-ply value of the position the play of turn t left (mover's view; R after the last
// play). The target of s_t is
//     Y_t = R_t - sum over s >= t of (A_s - V1(s_s)), each term seen from s_t's side,
// computed backwards as Y_{T-1} = V1(s_{T-1}), Y_t = V1(s_t) + invert(Y_{t+1}) - A_t. (As
// A_{T-1} = R, the result cancels: Y_t is V1(s_t) plus the later positions' V1 - V0 differences,
// each from s_t's side; the luck terms have mean zero, so E[Y_t] is still the game's expected
// result. A game drawn by a deadlock, Plakoto's, ends on a turn without a play whatever the roll:
// there Y_{T-1} = R, the draw.)
// A_s - V1(s_s) is the luck of the roll of turn s (mean zero over the roll) minus the equity the
// play gave up against the best one (zero but for exploration), so E[Y_t] is the value of s_t
// under the greedy 0-ply play of both sides (with exploration: as far as the net measures what an
// exploring play gave up), the dice's noise mostly removed: an unbiased anchor
// for a net whose n-ply targets inherit its own bias. Each field of the five probabilities is
// adjusted alike, then clamped to [0, 1] and made consistent.
//
// The positions are those sample_positions (coach/position_sampling.h) keeps with the same model,
// seed and settings (alternatives are not supported: a play not made has no game after it), except
// that games abandoned unfinished (SelfPlayOptions::max_turns) contribute none. Deterministic in (model, config) whatever the thread
// count.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "coach/position_database.h"
#include "coach/position_sampling.h"
#include "core/result.h"
#include "game/position.h"
#include "nn/evaluator.h"
#include "play/self_play.h"
#include "search/search.h"

namespace nard {

// Plays the games and returns the kept positions with their targets, in game order. Fails when
// config.alternatives > 0. `progress(games_done, games)` is called from the calling thread.
Result<std::vector<PositionRecord>> sample_outcome_targets(
    const std::shared_ptr<const NeuralModel>& model, const SamplingConfig& config,
    const std::function<bool(const Position&)>& skip, SampleStatistics* statistics = nullptr,
    const std::function<void(long long, long long)>& progress = {});

// The search that gives V1: 1-ply, every play of every roll valued by the full net (no pruning).
SearchConfig outcome_search_config();

// The targets of every position of a finished game (targets[t] for positions[t], the starting
// position's included), V1 from `search` (outcome_search_config()) over the game's evaluator.
std::vector<Probabilities> game_outcome_targets(const PlayedGame& game, Search& search);

// The targets from V1 and A (exposed for tests): `one_ply[t]` = V1(s_t) and `after_play[t]` = A_t
// as above; after_play.back() is the game's result.
std::vector<Probabilities> outcome_targets(const std::vector<Probabilities>& one_ply,
                                           const std::vector<Probabilities>& after_play);

// How a net's values sit against targets (e.g. the outcome targets above): the positions grouped
// by the net's cubeless equity, rounded to the nearest quarter (bins -1, -0.75, ..., +1; the end
// bins hold everything beyond +-0.875), and per bin the mean of target - net in equity (with the
// standard error of that mean, positions counted as independent) and in each probability.
struct CalibrationBin {
  double centre = 0.0;  // -1.0, -0.75, ..., +1.0
  long long positions = 0;
  double equity = 0.0;  // mean of target - net, cubeless equity
  double equity_se = 0.0;
  Probabilities difference;  // mean of target - net, field by field
};
std::vector<CalibrationBin> calibration_bins(std::span<const PositionRecord> targets,
                                             std::span<const Probabilities> net,
                                             const Rules& rules);

}  // namespace nard

// Rollouts: the value of a position estimated by playing it out many times with the bot.
//
// A trial plays the game from the position (the side on roll = the "root" side) to its end, or
// for `truncate_plies` plays and then takes the net's (0-ply) value. Its turns run through the
// one game loop of game/match.h (play_game), the trial's player and cube as its agent. Checker play in a trial is
// the best play at `ply` (search/search.h). Results are from the root side's view.
//
// Variance reduction (luck): on every turn of a trial, the luck of the roll is the value (0-ply,
// mover's view, of the best play after the roll) of the roll actually thrown minus the average of
// that value over the 21 rolls (weights 1/36, 2/36). Its expectation over the roll is exactly 0,
// so subtracting the luck accumulated over a trial (turned to the root's view) leaves the mean
// unbiased and removes most of the dice noise. Done for the five probabilities and the equity.
//
// Quasi-random dice: on the first `stratified_turns` turns the 36 ordered rolls are stratified.
// With digits k_t = (trial / 36^t) mod 36, turn t uses roll perm_t[(k_0 + ... + k_t) mod 36]
// (perm_t a fixed permutation of the 36 rolls drawn from the seed). Every block of 36 trials
// then holds each roll exactly once on every stratified turn, and every block of 36^T trials
// each sequence of T rolls exactly once. Later turns use the trial's own Rng.
//
// Cubeful rollouts (money play only): the cube is played in each trial with the money cube
// decisions of search/cube/money.h on the 0-ply probabilities (the side on roll doubles when the
// analysis says Double/Redouble; the opponent takes or passes per the same analysis; the game
// ends at a pass). The trial's cubeful result is the points won by the root per unit of the
// starting cube; its luck adjustment is the cubeless equity luck of each turn times the cube
// value in force on that turn (still mean zero, as the cube is fixed before the roll). A truncated
// cubeful trial takes the cubeful equity of the analysis at the truncation point. The stakes
// follow the rules' ladder (geometric, or the arithmetic dave 1,2,3,…; a pass pays the stake
// before the refused raise), so a cube decision can be rolled out on either ladder
// (play/cube_rollout.h: no double = root_may_double off; double/take = the raised cube, owned by
// the opponent).
//
// Stopping: when config.stop points to a flag that becomes true, the trials not yet started are
// skipped (a server's cancel button or time limit). The result is then that of the trials played
// (RolloutResult::stopped; the trials of several plays are interleaved, so each has about as
// many), or an error when a play has none, or under config.comm ("rollout stopped").
//
// Determinism: trial i uses game_seed(seed, i); results do not depend on the thread count, nor on
// the number of ranks when `comm` spreads the trials over the processes of an MPI run
// (core/work_share.h: rank r plays trials r, r + size, ...; rank 0 gathers them and sends every
// trial's values back, so every rank returns the same, complete result).
// Thread-safety: rollout() runs OpenMP threads, each with its own evaluator from the factory.
// With `comm`, every rank of it must call the same function with the same arguments.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "core/distributed.h"
#include "core/result.h"
#include "game/dice.h"
#include "game/position.h"
#include "game/rules.h"
#include "nn/evaluator.h"
#include "nn/probabilities.h"
#include "search/cube/decision.h"

namespace nard {

struct RolloutConfig {
  int trials = 1296;
  int truncate_plies = 0;  // 0: play every trial to the end of the game
  int ply = 0;             // checker-play depth inside the trials
  bool variance_reduction = true;
  int stratified_turns = 2;     // 0 turns off the quasi-random dice
  bool cubeful = false;         // money play; also needs rules.cube
  CubeView cube;                // cubeful: the cube as the root side sees it
  bool root_may_double = true;  // cubeful: false keeps the root from doubling on its first turn
  uint64_t seed = 1;
  int threads = 0;               // 0: all cores
  int max_turns = 2000;          // a longer trial counts as a draw (Plakoto deadlocks)
  Communicator* comm = nullptr;  // the ranks that share the trials (null: this process alone)
  const std::atomic<bool>* stop = nullptr;  // when set and true: stop (see above)
};

// An estimate with its standard error (the sample standard deviation / sqrt(trials)).
struct Estimate {
  double mean = 0.0;
  double std_error = 0.0;
  double low95() const { return mean - 1.96 * std_error; }
  double high95() const { return mean + 1.96 * std_error; }
};

struct RolloutResult {
  int trials = 0;        // trials played
  bool stopped = false;  // config.stop cut the rollout short: trials < config.trials
  // The five probabilities in Probabilities order (win, win_gammon, win_backgammon, lose_gammon,
  // lose_backgammon), the cubeless equity (rules' gammon values) and, when cubeful, the cubeful
  // equity per unit of the starting cube. Root side's view.
  Estimate probs[kOutputs];
  Estimate equity;
  Estimate cubeful_equity;
  bool cubeful = false;
  // Cubeful: each trial's cubeful value (luck-adjusted), trial i at index i (of a rollout that was
  // not stopped). Rollouts with the same seed throw the same dice in trial i, so the differences
  // of two such lists give a paired estimate of a difference of equities (play/cube_rollout.h).
  std::vector<double> cubeful_trials;
  Probabilities mean_probabilities() const;
};

// Makes one evaluator per thread (the model is shared, the scratch is not).
using EvaluatorFactory = std::function<std::unique_ptr<Evaluator>()>;
// Called from the calling thread with (trials done, trials in all).
using RolloutProgress = std::function<void(int done, int total)>;

// Rolls out `pos` (the root side on roll, before rolling). Fails on a bad config (trials < 1,
// cubeful without a cube or with an impossible cube value), or when a rank of config.comm fails.
Result<RolloutResult> rollout(const Rules& rules, const Position& pos, const RolloutConfig& config,
                              const EvaluatorFactory& make_evaluator,
                              const RolloutProgress& progress = {});

// Rolls out each of `plays` (results of a roll from the mover's view, before the turn passes) as
// the position after it, with the same dice for every play (common random numbers, so the
// differences between plays are much less noisy than each value). Results are from the mover's
// view. The progress counts trials over all plays.
Result<std::vector<RolloutResult>> rollout_plays(const Rules& rules,
                                                 std::span<const Position> plays,
                                                 const RolloutConfig& config,
                                                 const EvaluatorFactory& make_evaluator,
                                                 const RolloutProgress& progress = {});

// The roll a stratified trial uses on `turn` (< stratified_turns), as documented above.
Dice stratified_roll(uint64_t seed, int trial, int turn);

}  // namespace nard

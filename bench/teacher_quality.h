// How good a teacher is: the values that supervised training would fit (the model's n-ply search,
// or truncated rollouts; coach/position_valuation.h) held against reference equities of checker plays
// (bench/checker_reference.h, e.g. GNU Backgammon 2-ply's in tests/data/gnubg_checker_2ply*.txt),
// which no net of ours made.
//
// For every `every`-th pair of the reference with at least two plays, the reference's `plays` best
// plays (by its deepest ply) are valued by each teacher, from the mover's view after the play:
// - choice loss: the reference's equity of its best play minus that of the play the teacher
//   values highest among them (>= 0; ×1000 in the figures), i.e. how well the teacher ranks the
//   plays that matter;
// - value error: the teacher's cubeless equity of the reference's best play minus the reference's
//   (its mean absolute value, and its mean: a bias of the teacher).
// Each teacher's figures come with standard errors, and paired differences against the baseline:
// the 2-ply search (the pipeline's teacher), or the deepest search measured when max_ply < 2.
//
// Teachers: the n-ply search for n = 0..max_ply; with rollout_trials > 0, also truncated rollouts
// of the plays with common dice (play/rollout.h rollout_plays: the same dice for every play of a
// pair, so their differences are less noisy than each value; pair i's dice from game_seed(seed, i),
// so the pairs' rollout errors are independent).
//
// Determinism: the figures depend only on the model, the reference and the config (not on the
// thread count), except the CPU time per position.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bench/checker_reference.h"
#include "core/result.h"
#include "nn/evaluator.h"
#include "play/rollout.h"

namespace nard {

struct TeacherQualityConfig {
  int every = 10;           // take every this-many-th pair of the reference (1: all)
  int plays = 3;            // the reference's best plays per pair that the teachers rank (>= 2)
  int max_ply = 3;          // n-ply teachers 0..max_ply
  int rollout_trials = 72;  // 0: no rollout teacher
  int truncate_plies = 10;  // rollout trials end with the net's value after this many plies
  uint64_t seed = 5;
  int threads = 2;
};

// Means with their standard errors (Estimate, play/rollout.h: sample standard deviation / sqrt(n)).
struct TeacherScore {
  std::string name;                  // "2-ply", "72-trial rollout truncated at 10 plies"
  Estimate choice_loss;              // equity per move (not ×1000)
  Estimate abs_value_error;          // |teacher − reference| of the reference's best play
  Estimate value_bias;               // teacher − reference, the same play
  Estimate choice_loss_vs_baseline;  // paired: this teacher's loss minus the baseline teacher's
  Estimate abs_error_vs_baseline;    // paired: the same for the absolute value error
  double mean_value_std_error =
      0.0;  // a rollout's own noise: its values' mean standard error (0: a search)
  double cpu_ms_per_position =
      0.0;  // valuing one play's result (process CPU time, after a warm-up)
};

struct TeacherQuality {
  int pairs = 0, positions = 0;
  std::vector<TeacherScore> teachers;  // 0-ply .. max_ply, then the rollout
  size_t baseline = 0;                 // index into teachers: 2-ply, or max_ply when below 2
};

// Called from the calling thread with (valuations done, valuations in all): each teacher values
// every position once.
using TeacherProgress = std::function<void(long long done, long long total)>;

// Fails on a bad config or when no pair of the reference qualifies.
Result<TeacherQuality> measure_teachers(const std::shared_ptr<const NeuralModel>& model,
                                        std::span<const CheckerReference> reference,
                                        const TeacherQualityConfig& config,
                                        const TeacherProgress& progress = {});

}  // namespace nard

// Revaluation: position databases (coach/position_database.h) valued again with a model's n-ply
// search or with rollouts (coach/position_valuation.h), e.g. those of a supervised run whose
// targets came from an older, weaker net (`nard revalue`). Each input file gives one output file
// with the same positions in the same order (with `only`, the positions of that kind only, still
// in their order; with a winning-chance window and `one_in`, the positions chosen so):
//   a file argument F            -> OUT/<name of F>
//   a directory argument D       -> OUT/D/<path of the file under D> (D's leading "/" and "../"
//                                   left out), so runs/a/step-0001 and runs/b/step-0001 stay apart
// Every input holds positions of one game (variant and rules preset); two inputs that would be
// written to one output, and an output path that is one of the inputs, are refused before anything
// is valued or written (nothing is overwritten in place).
//
// The identity of the targets: the target kind and settings (ply; or trials, truncation in plies,
// in-trial ply and dice seed) and the model's name, which is the model file's description (its path
// when it has none), the FNV-1a 64 hash of the file's bytes and the bear-off setting, so that two
// step models of a run that share a description are told apart.
//
// Resuming: an output that already holds targets of the same identity for the same positions (and
// play groups) is kept, and its OUTPUT.partial, if any, removed. An output being valued is saved
// as OUTPUT.partial (the positions valued so far, a prefix of the output without play groups; not a
// *.npdb, so nothing takes it for a finished database) at the end of the first batch of positions
// after 60 s since the last save; a later run with the same identity continues from it, and a
// .partial of another identity or other positions is ignored (overwritten by the next save). The
// finished output is written atomically (core/atomic_file.h) and its .partial removed. A batch is
// 8 positions a thread for rollouts, 32 for a 3-ply search and 1024 for shallower ones (seconds of
// work). The values do not depend on the thread count or on where a run was interrupted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "coach/position_database.h"
#include "core/result.h"
#include "nn/evaluator.h"

namespace nard {

struct RevaluationConfig {
  std::vector<std::string> inputs;  // database files, or directories searched for *.npdb
  std::string out;                  // the directory of the outputs
  std::string model;                // a model file of the databases' game; empty: the shipped one
  int ply = 2;                      // search depth of the targets, 0..3 (gnubg's convention)
  int rollout_trials = 0;           // > 0: rollouts of this many trials instead of a search
  int truncate = 0;                 // rollouts: plies before the net's value (0: to the end)
  int rollout_ply = 0;              // rollouts: checker-play depth inside the trials
  uint64_t seed = 1;                // rollouts: dice seed
  int threads = 2;
  bool no_bearoff_db = false;  // value bear-offs with the net, not the bear-off databases
  std::string only;            // "", "race" or "contact": value only the positions of that kind
  // Value only the positions whose input target gives the side on roll a winning chance in
  // [win_min, win_max] (e.g. 0.55 to 0.92, where cube decisions are made), of those every
  // one_in-th (the first, the one_in+1-th, ...): the positions a costly valuation (rollouts, 3-ply)
  // is spent on. 0 <= win_min < win_max <= 1, one_in >= 1; the defaults keep every position.
  double win_min = 0.0;
  double win_max = 1.0;
  // And only those whose input target's gammon share (win_gammon / win: the side on roll's wins
  // that are gammons or backgammons) is in [gammon_share_min, gammon_share_max], e.g. 0.4 to 1
  // for the attacking, gammon-rich positions; a position the side on roll cannot win has share 0.
  // 0 <= gammon_share_min < gammon_share_max <= 1; the defaults keep every position.
  double gammon_share_min = 0.0;
  double gammon_share_max = 1.0;
  int one_in = 1;
};

// One input file and its output; `db` is the input as read, less what `only`, the window and
// `one_in` leave out.
struct RevaluationJob {
  std::string input, output;
  PositionDatabase db;
};

// What a revaluation will do, before anything is valued or written.
struct RevaluationPlan {
  RevaluationConfig config;
  std::vector<RevaluationJob> jobs;  // in argument order, a directory's files in name order
  long long positions = 0;           // of every job together
  std::shared_ptr<const NeuralModel> model;
  std::string model_path;   // the model file read
  PositionDatabase header;  // the targets' identity every output gets (kind, settings, model)
};

struct RevaluationSummary {
  size_t databases = 0;          // outputs written or kept
  long long valued = 0;          // positions valued by this run
  long long already_valued = 0;  // positions kept from finished outputs and .partial files
};

// Finds and reads the input databases, checks that they hold one game (and, with `only`, that it
// is backgammon), that the window and `one_in` are in range and that no output would overwrite an input or another output, and loads the
// model. Every failure is bad input (arguments, a database or model file) except a game without a
// shipped model when config.model is empty, which sets `*no_shipped_model` (when given).
Result<RevaluationPlan> plan_revaluation(const RevaluationConfig& config,
                                         bool* no_shipped_model = nullptr);

// Values the plan's jobs one after another, keeping and resuming as above. `progress(done, total)`
// (positions; when given) is called from the calling thread: first with the positions already
// valued (before any valuation), then as positions are valued. Fails (a runtime failure: a
// directory or file that cannot be written, a rollout) leaving the outputs finished so far and the
// .partial file of the one in progress.
Result<RevaluationSummary> run_revaluation(
    const RevaluationPlan& plan, const std::function<void(long long, long long)>& progress = {});

}  // namespace nard

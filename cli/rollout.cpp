// nard rollout POSITION [DICE]: rolls out the position (side on roll, before rolling), or with
// DICE each of the best plays of that roll (ranked at --ply first). Trials run on all cores;
// progress goes to stderr (a bar on a terminal, a line every few seconds otherwise); every figure
// comes with its standard error. --cubeful plays the
// cube (money) from --cube/--cube-owner on the rules' ladder; --cube-decision rolls out the side
// on roll's no double and double/take with the same dice (cli/rollout_cube.h).
#include "play/rollout.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "api/documents.h"
#include "api/rollout_job.h"
#include "cli/bot_args.h"
#include "cli/distributed_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/rollout_cube.h"
#include "cli/subcommand.h"
#include "core/work_share.h"
#include "formats/position_arg.h"
#include "game/movegen/movegen.h"

namespace nard::tools {

namespace {
struct RolloutOptions {
  BotArgs bot;
  std::string position, dice, cube_owner = "centred";
  int trials = 1296, truncate = 0, threads = 0, candidates = 5, stratify = 2, rollout_ply = 0;
  int cube_value = 1;
  uint64_t seed = 1;
  bool cubeful = false, cube_decision = false, plain = false, quiet = false;
  MpiArgs mpi;
};

// The progress of the trials: a bar redrawn on a terminal, a plain line every few seconds into a
// file or pipe (cli/progress_line.h).
RolloutProgress progress_reporter(bool quiet) {
  if (quiet) return {};
  auto line = std::make_shared<ProgressLine>(ProgressLine::on_stderr());
  return [line](int done, int total) {
    const int percent = total ? int(100LL * done / total) : 100;
    const int width = 40, filled = width * percent / 100;
    char text[160];
    if (line->terminal())
      std::snprintf(text, sizeof text, "Rollout [%s%s] %3d%% %d/%d",
                    std::string(size_t(filled), '#').c_str(),
                    std::string(size_t(width - filled), ' ').c_str(), percent, done, total);
    else
      std::snprintf(text, sizeof text, "Rollout %3d%% %d/%d trials", percent, done, total);
    line->update(text, done == total);
  };
}

void print_result(const std::string& label, const RolloutResult& r) {
  std::printf("%s  (%d trials)\n", label.c_str(), r.trials);
  std::printf("              Win    W(g)   W(bg)  L(g)   L(bg)\n  mean      ");
  for (int k = 0; k < kOutputs; ++k) std::printf(" %.4f", r.probs[k].mean);
  std::printf("\n  std error ");
  for (int k = 0; k < kOutputs; ++k) std::printf(" %.4f", r.probs[k].std_error);
  std::printf("\n  Cubeless equity %+.4f  (se %.4f, 95%% CI %+.4f .. %+.4f)\n", r.equity.mean,
              r.equity.std_error, r.equity.low95(), r.equity.high95());
  if (r.cubeful)
    std::printf("  Cubeful equity  %+.4f  (se %.4f, 95%% CI %+.4f .. %+.4f)\n",
                r.cubeful_equity.mean, r.cubeful_equity.std_error, r.cubeful_equity.low95(),
                r.cubeful_equity.high95());
}

void run_rollout(const RolloutOptions& o) {
  std::unique_ptr<LoadedBot> bot = load_bot(o.bot);
  if (!bot) return;
  Result<Position> pos = parse_position_arg(o.position, bot->rules);
  if (!pos) return fail_input(pos.error());
  if (o.trials < 1) return fail_input(make_error("--trials must be >= 1"));
  RolloutConfig c;
  c.trials = o.trials;
  c.truncate_plies = o.truncate;
  c.threads = o.threads;
  c.ply = o.rollout_ply;
  c.seed = o.seed;
  c.variance_reduction = !o.plain;
  c.stratified_turns = o.stratify;
  c.cubeful = o.cubeful || o.cube_decision;
  Result<CubeView> cube = cube_view_arg(o.cube_value, o.cube_owner);
  if (!cube) return fail_input(cube.error());
  c.cube = *cube;
  const auto model = bot->model;
  const EvaluatorFactory factory = [model] { return std::make_unique<NeuralEvaluator>(model); };
  api::RolloutCandidates candidates;
  Dice rolled{};
  if (!o.dice.empty()) {
    if (o.cube_decision)
      return fail_input(
          make_error("--cube-decision rolls out a position before the roll: drop DICE"));
    Result<Dice> dice = parse_dice(o.dice);
    if (!dice) return fail_input(dice.error());
    rolled = *dice;
    MoveGenerator gen(bot->rules);
    PlayList list;
    list.size = gen.generate(*pos, *dice, list.positions.get(), list.moves.get());
    if (list.size == 0) return fail_input(make_error("no legal play with " + dice->str()));
    candidates =
        api::rollout_candidates(bot->rules, bot->model, bot->search, *pos, *dice, o.candidates);
  }
  // Under mpirun the trials are spread over the ranks (play/rollout.h); rank 0 prints.
  MpiArgs mpi = o.mpi;
  mpi.threads = o.threads;
  run_distributed(mpi, [&](Communicator& comm, DistributedSession&) {
    c.comm = &comm;
    const bool root = comm.is_root();
    // What must be the same on every rank for the ranks' trials to be one rollout: the model.
    const std::string model =
        file_fingerprint(bot->model_path) + (o.bot.no_bearoff_db ? " no-bearoff-db" : "");
    if (auto e = check_agreement(comm, "model file", model))
      return fail_distributed(comm, *e, true);
    const RolloutProgress progress = progress_reporter(o.quiet || !root);
    if (o.cube_decision) {
      Result<CubeRolloutResult> r = rollout_cube_decision(bot->rules, *pos, c, factory, progress);
      if (!r) return fail_distributed(comm, r.error(), true);
      if (root) print_cube_rollout(*r, bot->rules, c.cube, o.bot.json);
      return;
    }
    if (o.dice.empty()) {
      Result<RolloutResult> r = rollout(bot->rules, *pos, c, factory, progress);
      if (!r) return fail_distributed(comm, r.error(), true);
      if (!root) return;
      if (o.bot.json)  // the result document of the API's rollout jobs
        std::cout << api::rollout_position_document(*r).dump(2) << '\n';
      else
        print_result("position", *r);
    } else {
      Result<std::vector<RolloutResult>> r =
          rollout_plays(bot->rules, candidates.plays, c, factory, progress);
      if (!r) return fail_distributed(comm, r.error(), true);
      if (!root) return;
      if (o.bot.json) {
        std::cout << api::rollout_plays_document(rolled, candidates.moves, candidates.positions, *r)
                         .dump(2)
                  << '\n';
        return;
      }
      for (size_t i = 0; i < r->size(); ++i) print_result(candidates.moves[i], (*r)[i]);
    }
  });
}
}  // namespace

void register_rollout(CLI::App& app) {
  auto o = std::make_shared<RolloutOptions>();
  CLI::App* cmd = app.add_subcommand("rollout", "Roll out a position, or the best plays of a roll");
  cmd->add_option("position", o->position,
                  "Position ID, PosID:MatchID, XGID, FIBS board or our notation")
      ->required();
  cmd->add_option("dice", o->dice, "Roll out the best plays of this roll");
  cmd->add_option("--trials", o->trials, "Games played out (default 1296 = 36*36)");
  cmd->add_option("--truncate", o->truncate,
                  "Evaluate with the net after this many plies (0 = play to the end)")
      ->check(at_least(0));
  cmd->add_option("--threads", o->threads,
                  "OpenMP threads, of each rank under mpirun (0 = all cores)")
      ->check(at_least(0));
  cmd->add_option("--candidates", o->candidates, "With DICE: plays rolled out (default 5)")
      ->check(at_least(1));
  cmd->add_option("--rollout-ply", o->rollout_ply,
                  "Checker-play depth inside the trials (default 0)")
      ->check(CLI::Range(0, 3));
  cmd->add_option("--stratify", o->stratify,
                  "Turns with quasi-random (stratified) dice (default 2)")
      ->check(CLI::Range(0, 8));
  cmd->add_option("--seed", o->seed, "Dice seed")->check(unsigned_whole());
  cmd->add_flag("--cubeful", o->cubeful,
                "Play the cube in the trials (money, on the rules' ladder)");
  cmd->add_option("--cube", o->cube_value, "Cubeful: the stake now (default 1; dave: 1,2,3,...)")
      ->check(at_least(1));
  cmd->add_option("--cube-owner", o->cube_owner,
                  "Cubeful: centred (default), me (side on roll) or opponent");
  cmd->add_flag("--cube-decision", o->cube_decision,
                "Roll out no double and double/take (same dice) against the model's prediction");
  cmd->add_flag("--plain", o->plain, "No luck-based variance reduction");
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  add_bot_options(cmd, o->bot);
  add_mpi_options(cmd, o->mpi);
  cmd->callback([o] { run_rollout(*o); });
}

}  // namespace nard::tools

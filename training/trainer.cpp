#include "training/trainer.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>

#include "core/cpu_time.h"
#include "core/work_share.h"
#include "game/dice.h"
#include "nn/encoder.h"
#include "nn/evaluator.h"
#include "nn/weights_file.h"
#include "training/checkpoint.h"
#include "training/kill_point.h"
#include "training/metrics.h"
#include "training/run_directory.h"
#include "training/self_play.h"
#include "training/strength.h"
#include "training/trainer_nets.h"

namespace nard::training {

namespace fs = std::filesystem;

// The nets, the learning step and what the benchmark shares with the loop: trainer_nets.h.
using namespace trainer_detail;

namespace {
constexpr uint64_t kEvalSeed = 20261122;  // every evaluation plays the same dice

// The opponents of an evaluation as rank 0 finds them (the nets as weight-file bytes, read from
// the run directory), to be sent to every rank: name, kind, bytes, for each.
Result<std::string> opponent_list(const TrainConfig& c, const Rules& rules, const RunState& st) {
  ByteWriter w;
  auto add = [&](const std::string& name, OpponentKind kind, const std::string& bytes) {
    w.put_string(name);
    w.put<uint8_t>(uint8_t(kind));
    w.put_string(bytes);
  };
  if (rules.variant == Variant::Backgammon) add("pubeval", OpponentKind::Pubeval, "");
  add("heuristic", OpponentKind::Heuristic, "");
  if (!st.metrics.empty()) {
    const std::string prev =
        (fs::path(c.out_dir) / ("eval-" + std::to_string(st.metrics.back().games) + ".nardnet"))
            .string();
    Result<std::string> bytes = read_file(prev);
    if (!bytes) return bytes.error();
    add("previous", OpponentKind::Net, *bytes);
  }
  const std::string first = (fs::path(c.out_dir) / "first.nardnet").string();
  if (fs::exists(first)) {
    Result<std::string> bytes = read_file(first);
    if (!bytes) return bytes.error();
    add("first", OpponentKind::Net, *bytes);
  }
  return w.take();
}

// The model's strength against each opponent of the list, the games spread over the ranks.
Result<std::vector<StrengthPoint>> evaluate(Communicator& comm, const TrainConfig& c,
                                            const Rules& rules,
                                            std::shared_ptr<const NeuralModel> model,
                                            const std::string& list) {
  std::vector<StrengthPoint> points;
  ByteReader in(list);
  while (!in.at_end()) {
    std::string name, bytes;
    uint8_t kind = 0;
    if (!in.get_string(name) || !in.get(kind) || !in.get_string(bytes))
      return make_error("malformed opponent list");
    Opponent opp{OpponentKind(kind), nullptr};
    if (opp.kind == OpponentKind::Net) {
      Result<NetWeights> w = parse_weights(bytes, name + " opponent");
      if (!w) return w.error();
      Result<std::shared_ptr<const NeuralModel>> m = NeuralModel::create(rules, *w);
      if (!m) return m.error();
      opp.net = *m;
    }
    Result<StrengthResult> r =
        measure_strength(comm, rules, model, opp, c.eval_match_games, kEvalSeed, c.threads);
    if (!r) return r.error();
    points.push_back({name, r->points_per_game, r->standard_error, r->games});
  }
  return points;
}

// metrics.csv and strength.svg from the rows of the run state.
std::optional<Error> write_metrics(const TrainConfig& c, const RunState& st) {
  if (auto e = write_file_atomic((fs::path(c.out_dir) / "metrics.csv").string(),
                                 metrics_csv(st.metrics)))
    return e;
  return write_file_atomic(
      (fs::path(c.out_dir) / "strength.svg").string(),
      strength_svg(st.metrics, "nard " + c.variant + ": 0-ply strength during training"));
}

// A run as every rank holds it: the settings (games rounded to whole rounds), where the run
// stands and the self-play model; rank 0 alone holds the learners and the run directory.
struct Run {
  TrainConfig c;
  bool root = false;
  long long ckpt_every = 0;  // games between checkpoints (whole rounds)
  long long eval_every = 0;  // games between evaluations (whole checkpoints); 0 = none
  Rules rules;
  std::optional<Nets> nets;  // rank 0 only: the learners
  std::unique_ptr<RunDirectoryLock>
      run_claim;  // rank 0: the run directory, held until the run ends
  std::vector<std::string> identity;
  RunState st;
  std::shared_ptr<const NeuralModel> model;  // the self-play model
};

// A run of config c_in before anything is read or made: games, checkpoints, evaluations rounded.
Run plan_run(const TrainConfig& c_in, bool root) {
  Run run;
  run.c = c_in;
  TrainConfig& c = run.c;
  run.root = root;
  const long long round = std::max(1, c.round_games);
  c.games = (c.games + round - 1) / round * round;
  run.ckpt_every = std::max(1LL, (c.checkpoint_games + round - 1) / round) * round;
  run.eval_every =
      c.eval_games <= 0
          ? 0
          : std::max(1LL, (c.eval_games + run.ckpt_every - 1) / run.ckpt_every) * run.ckpt_every;
  return run;
}

// Rank 0, resuming: the learners and the run state from the newest checkpoint, which must have
// been made with the same settings.
std::optional<Error> resume_run(Run& run) {
  const TrainConfig& c = run.c;
  Result<std::string> dir = latest_checkpoint(c.out_dir);
  if (!dir) return dir.error();
  Result<LoadedState> loaded = read_checkpoint_state(*dir);
  if (!loaded) return loaded.error();
  if (loaded->identity != run.identity) {
    std::string diff;
    for (const std::string& l : loaded->identity)
      if (std::find(run.identity.begin(), run.identity.end(), l) == run.identity.end())
        diff += " '" + l + "'";
    return make_error("cannot resume " + c.out_dir +
                      ": the checkpoint was made with other settings (" +
                      (diff.empty() ? std::string("different nets") : "checkpoint has" + diff) +
                      "); pass the same options as the original run");
  }
  for (size_t i = 0; i < run.nets->learners.size(); ++i) {
    const fs::path d(*dir);
    if (auto e = run.nets->learners[i]->load((d / (run.nets->names[i] + ".model.pt")).string(),
                                             (d / (run.nets->names[i] + ".optim.pt")).string()))
      return *e;
  }
  run.st = loaded->state;
  // A run killed after a checkpoint but before metrics.csv was rewritten: the checkpoint's rows
  // are the truth.
  if (auto e = write_metrics(c, run.st)) return *e;
  return std::nullopt;
}

// Rank 0 (in from_root): checks the settings, makes the nets, resumes or creates the run
// directory; returns the start message (games done, the current weights) for every rank.
Result<std::string> open_run(Run& run) {
  const TrainConfig& c = run.c;
  if (c.out_dir.empty()) return make_error("no output directory given (--out DIR)");
  if (c.round_games < 1 || c.batch_size < 1 || c.threads < 1)
    return make_error("round games, batch size and threads must be positive");
  if (c.lambda < 0 || c.lambda > 1) return make_error("lambda must lie in [0, 1]");
  Result<Nets> made = make_nets(c, nullptr);
  if (!made) return made.error();
  run.nets.emplace(std::move(made.value()));
  run.identity = identity_lines(c, run.nets->names, run.nets->hidden);
  if (!c.init_from.empty())
    if (auto e = init_from_model(c, *run.nets, run.identity)) return *e;
  std::error_code ec;
  const bool has_checkpoint = fs::exists(fs::path(c.out_dir) / "latest");
  if (!c.resume && has_checkpoint)
    return make_error(
        c.out_dir +
        " already holds a training run: pass --resume to continue it, or choose another --out");
  if (!c.resume) {
    fs::create_directories(c.out_dir, ec);
    if (ec) return make_error("cannot create " + c.out_dir + ": " + ec.message());
  } else if (!fs::is_directory(c.out_dir)) {
    return latest_checkpoint(c.out_dir).error();
  }
  // Held until the run ends; removes what killed runs left behind.
  Result<ClaimedRunDirectory> claimed = claim_run_directory(c.out_dir);
  if (!claimed) return claimed.error();
  run.run_claim = std::move(claimed.value().lock);
  if (c.resume)
    if (auto e = resume_run(run)) return *e;
  ByteWriter w;
  w.put<int64_t>(run.st.games_done);
  w.put_string(serialize_weights(run.nets->weights(describe(c, *run.nets, run.st.games_done))));
  return w.take();
}

// The self-play model of a rank other than 0, from the weights rank 0 sends.
Result<std::shared_ptr<const NeuralModel>> model_from(const Rules& rules,
                                                      const std::string& weight_bytes) {
  Result<NetWeights> w = parse_weights(weight_bytes, "the weights from rank 0");
  if (!w) return w.error();
  return NeuralModel::create(rules, *w);
}

// The self-play model: rank 0 makes it from its learners, the others from the weights it sends
// (in the start message, with the games done).
std::optional<Error> start_model(Run& run, const std::string& start) {
  Result<std::shared_ptr<const NeuralModel>> model = make_error("no model");
  if (run.root) {
    model = NeuralModel::create(run.rules,
                                run.nets->weights(describe(run.c, *run.nets, run.st.games_done)));
  } else {
    ByteReader in(start);
    int64_t games_done = 0;
    std::string bytes;
    if (!in.get(games_done) || !in.get_string(bytes))
      return make_error("malformed start message from rank 0");
    run.st.games_done = games_done;
    model = model_from(run.rules, bytes);
  }
  if (!model) return model.error();
  run.model = *model;
  return std::nullopt;
}

// The report of the run's start (or resumption).
TrainProgress start_progress(const Run& run) {
  TrainProgress p;
  p.games_done = run.st.games_done;
  p.games_total = run.c.games;
  p.seconds = run.st.seconds;
  if (!run.st.metrics.empty()) p.last_eval = run.st.metrics.back();
  p.event = run.c.resume ? "resumed" : "started";
  return p;
}

// One round: its self-play games on every rank, rank 0's pass over their examples, the new
// weights' model on every rank; returns the round's report.
Result<TrainProgress> play_round(Communicator& comm, Run& run, SelfPlayPool& pool,
                                 const SelfPlayConfig& sp) {
  const TrainConfig& c = run.c;
  RunState& st = run.st;
  const auto t0 = Clock::now();
  const double cpu0 = process_cpu_seconds();
  Result<Examples> ex =
      pool.play(comm, run.model, c.seed, uint64_t(st.games_done), c.round_games, sp);
  if (!ex) return ex.error();
  kill_point("self-play");
  // Rank 0 learns; every rank then plays with the new weights.
  double loss = 0;
  Result<std::string> weights = from_root(comm, [&]() -> Result<std::string> {
    Rng shuffle(game_seed(c.seed ^ kShuffleStream, uint64_t(st.rounds_done)));
    loss = learn(*run.nets, *ex, c.batch_size, shuffle, comm);
    if (comm.size() == 1) return std::string();
    return serialize_weights(run.nets->weights(describe(c, *run.nets, st.games_done)));
  });
  if (!weights) return weights.error();
  Result<std::shared_ptr<const NeuralModel>> model =
      run.root
          ? NeuralModel::create(run.rules, run.nets->weights(describe(c, *run.nets, st.games_done)))
          : model_from(run.rules, *weights);
  if (!model) return model.error();
  run.model = *model;
  const double dt = since(t0);
  st.games_done += c.round_games;
  st.rounds_done += 1;
  st.seconds += dt;
  st.interval_loss += loss;
  st.interval_rounds += 1;
  TrainProgress p;
  p.games_done = st.games_done;
  p.games_total = c.games;
  p.games_per_second = c.round_games / std::max(dt, 1e-9);
  p.games_per_cpu_second = c.round_games / std::max(process_cpu_seconds() - cpu0, 1e-9);
  p.loss = loss;
  p.seconds = st.seconds;
  if (!st.metrics.empty()) p.last_eval = st.metrics.back();
  p.event = "round";
  return p;
}

// The end of a checkpoint interval (or of the run), on every rank: rank 0 keeps the first net;
// when due, the evaluation (its matches spread over the ranks; rank 0 keeps the net and the
// metrics row); then rank 0 writes the checkpoint and the metrics. `p`, the round's report, is
// the base of the reports of these events.
std::optional<Error> end_interval(Communicator& comm, Run& run, bool last, TrainProgress p,
                                  const std::function<void(const TrainProgress&)>& progress) {
  const TrainConfig& c = run.c;
  RunState& st = run.st;
  NetWeights w;
  if (run.root) {
    w = run.nets->weights(describe(c, *run.nets, st.games_done));
    const std::string first = (fs::path(c.out_dir) / "first.nardnet").string();
    if (!fs::exists(first))
      if (auto e = save_weights(first, w)) return e;
  }
  if (run.eval_every && (st.games_done % run.eval_every == 0 || last)) {
    Result<std::string> list = from_root(comm, [&] { return opponent_list(c, run.rules, st); });
    if (!list) return list.error();
    Result<std::vector<StrengthPoint>> points = evaluate(comm, c, run.rules, run.model, *list);
    if (!points) return points.error();
    if (run.root) {
      MetricsRow row;
      row.games = st.games_done;
      row.seconds = st.seconds;
      row.loss = st.interval_rounds ? st.interval_loss / st.interval_rounds : 0.0;
      row.strength = *points;
      if (auto e = save_weights(
              (fs::path(c.out_dir) / ("eval-" + std::to_string(st.games_done) + ".nardnet"))
                  .string(),
              w))
        return e;
      kill_point("eval");
      st.metrics.push_back(row);
      p.last_eval = row;
      p.event = "eval";
      if (progress) progress(p);
    }
    st.interval_loss = 0;
    st.interval_rounds = 0;
  }
  if (!run.root) return std::nullopt;
  comm.heartbeat();
  if (auto e = save_checkpoint(c.out_dir, run.identity, st, run.nets->names,
                               run.nets->learner_ptrs(), {{"net.nardnet", serialize_weights(w)}}))
    return e;
  kill_point("metrics");
  if (auto e = write_metrics(c, st)) return e;
  p.event = "checkpoint";
  if (progress) progress(p);
  return std::nullopt;
}

}  // namespace

std::optional<Error> run_training(const TrainConfig& config,
                                  const std::function<void(const TrainProgress&)>& progress) {
  const std::unique_ptr<Communicator> alone = Communicator::single();
  return run_training(*alone, config, progress);
}

std::optional<Error> run_training(Communicator& comm, const TrainConfig& c_in,
                                  const std::function<void(const TrainProgress&)>& progress) {
  Run run = plan_run(c_in, comm.is_root());
  Result<Rules> rules = rules_by_name(run.c.variant);
  if (!rules) return rules.error();
  run.rules = *rules;
  // Rank 0 checks the settings, makes the nets, resumes or creates the run directory; every rank
  // gets where the run stands and the current weights.
  Result<std::string> start = from_root(comm, [&] { return open_run(run); });
  if (!start) return start.error();
  if (auto e = start_model(run, *start)) return e;

  SelfPlayPool pool(run.rules, run.c.threads);
  SelfPlayConfig sp;
  sp.lambda = run.c.lambda;
  sp.exploration = run.c.exploration;
  if (progress && run.root) progress(start_progress(run));

  while (run.st.games_done < run.c.games) {
    Result<TrainProgress> p = play_round(comm, run, pool, sp);
    if (!p) return p.error();
    if (progress && run.root) progress(*p);
    const bool last = run.st.games_done >= run.c.games;
    if (run.st.games_done % run.ckpt_every != 0 && !last) continue;
    if (auto e = end_interval(comm, run, last, *p, progress)) return e;
  }
  return std::nullopt;
}

}  // namespace nard::training

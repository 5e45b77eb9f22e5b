// The supervised run's setup and resume (training/supervised_steps.h): the settings checked, the
// starting model read, the run directory claimed, and the complete steps found.
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "coach/position_database.h"
#include "core/atomic_file.h"
#include "core/work_share.h"
#include "nn/encoder.h"
#include "nn/weights_file.h"
#include "training/checkpoint.h"
#include "training/run_directory.h"
#include "training/supervised_steps.h"

namespace nard::training::supervised {

namespace fs = std::filesystem;

namespace {

std::string sizes_text(const std::vector<int>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s.empty() ? "model" : s;
}

// The lines of config.txt: everything the run's results depend on, except `steps`.
std::string identity_text(const SupervisedConfig& c, const Rules& rules, uint64_t init_hash) {
  std::ostringstream s;
  char h[32];
  std::snprintf(h, sizeof h, "%016llx", (unsigned long long)init_hash);
  s << "nard-supervised 1\n"
    << "rules " << rules.preset << "\n"
    << "init_from " << h << "\n"
    << "games_per_step " << c.games_per_step << "\n"
    << "ply " << c.ply << "\n"
    << "exploration " << c.exploration << "\n"
    << "keep " << c.keep << "\n"
    << "window " << c.window << "\n"
    << "epochs " << c.epochs << "\n"
    << "batch_size " << c.batch_size << "\n"
    << "learning_rate " << c.learning_rate << "\n"
    << "hidden " << sizes_text(c.hidden) << "\n"
    << "race_hidden " << sizes_text(c.race_hidden) << "\n"
    << "chunk_positions " << c.chunk_positions << "\n"
    << "eval_games " << c.eval_games << "\n"
    << "seed " << c.seed << "\n"
    << "bearoff_database " << (c.bearoff_database ? 1 : 0) << "\n";
  if (c.fresh_nets) s << "fresh_nets 1\n";
  if (c.final_learning_rate > 0) s << "final_learning_rate " << c.final_learning_rate << "\n";
  if (c.alternatives > 0) s << "alternatives " << c.alternatives << "\n";
  if (c.play_groups > 0) s << "play_groups " << c.play_groups << "\n";
  if (c.rank_weight > 0) s << "rank_weight " << c.rank_weight << "\n";
  if (c.focus < 1) s << "focus " << c.focus << "\n";
  if (!c.contact_inputs.empty()) s << "contact_inputs " << c.contact_inputs << "\n";
  if (!c.fit_only.empty()) s << "fit_only " << c.fit_only << "\n";
  for (const std::string& e : c.extra_positions) s << "extra_positions " << e << "\n";
  return s.str();
}

// The settings' own checks (before anything is read).
std::optional<Error> check_config(const SupervisedConfig& c, const Rules& rules) {
  if (c.out_dir.empty()) return make_error("no output directory given (--out DIR)");
  if (c.init_from.empty())
    return make_error("the supervised pipeline starts from a model: give --init-from MODEL");
  if (c.steps < 1 || c.games_per_step < 1 || c.window < 1 || c.epochs < 1 || c.batch_size < 1 ||
      c.chunk_positions < 1 || c.threads < 1 || c.eval_games < 0)
    return make_error(
        "steps, games per step, window, epochs, batch size, chunk size and threads must be "
        "positive");
  if (c.ply < 1 || c.ply > 3) return make_error("--targets must be ply1, ply2 or ply3");
  if (!(c.keep > 0 && c.keep <= 1)) return make_error("--keep must be in (0, 1]");
  if (c.exploration < 0 || c.exploration > 1) return make_error("--exploration must be in [0, 1]");
  if (!(c.focus > 0 && c.focus <= 1)) return make_error("--focus must be in (0, 1]");
  if (!(c.learning_rate > 0)) return make_error("--lr must be positive");
  if (c.play_groups != 0 && (c.play_groups < 2 || c.play_groups > kMaxPlayGroup))
    return make_error("--play-groups must be 2 to " + std::to_string(kMaxPlayGroup) + " plays");
  if (c.play_groups > 0 && (c.alternatives > 0 || c.focus < 1))
    return make_error(
        "--play-groups samples whole groups of plays: drop --alternatives and --focus");
  if (!(c.rank_weight >= 0)) return make_error("--rank-weight must be 0 or more");
  if (!c.fit_only.empty()) {
    if (rules.variant != Variant::Backgammon || (c.fit_only != "race" && c.fit_only != "contact"))
      return make_error(
          "--fit-only must be race or contact, and only for backgammon (its two nets), not '" +
          c.fit_only + "' for " + rules.preset);
    // The net left alone keeps its shape and inputs.
    if (c.fit_only == "race" && (!c.hidden.empty() || !c.contact_inputs.empty()))
      return make_error(
          "--fit-only race leaves the contact net alone: drop --hidden and --contact-inputs");
    if (c.fit_only == "contact" && !c.race_hidden.empty())
      return make_error("--fit-only contact leaves the race net alone: drop --race-hidden");
  }
  if (!(c.final_learning_rate >= 0) || c.final_learning_rate > c.learning_rate)
    return make_error("--lr-final must be positive and at most --lr");
  return std::nullopt;
}

// The starting model from the bytes of --init-from, its contact net grown to --contact-inputs.
Result<NetWeights> starting_model(const SupervisedConfig& c, const Rules& rules,
                                  const std::string& init_bytes) {
  Result<NetWeights> init_w =
      parse_weights(init_bytes, c.init_from, LegacyNets{.tawla31_as_count = true});
  if (!init_w) return init_w.error();
  if (init_w->variant != rules.variant)
    return make_error("--init-from model " + c.init_from + " is a model of another game than " +
                      rules.preset);
  NetWeights init = *init_w;
  if (!c.contact_inputs.empty()) {
    const Result<EncoderId> to = encoder_from_name(c.contact_inputs);
    if (!to || rules.variant != Variant::Backgammon ||
        encoder_role(*to) != EncoderId::BackgammonContact)
      return make_error(
          "--contact-inputs must name a backgammon contact encoder (bg-contact, bg-contact2), "
          "not '" +
          c.contact_inputs + "'");
    for (MlpWeights& net : init.nets) {
      if (encoder_role(net.encoder) != EncoderId::BackgammonContact) continue;
      Result<MlpWeights> grown = grow_inputs(net, *to);
      if (!grown)
        return make_error("--contact-inputs: the --init-from model's contact net: " +
                          grown.error().message);
      net = *grown;
    }
  }
  return init;
}

// Rank 0: checks config.txt against the run's identity (or creates the directory), claims the run
// directory, and writes first.nardnet and config.txt for a new run.
std::optional<Error> open_run_directory(RunState& run, const std::string& init_bytes) {
  const SupervisedConfig& c = run.config;
  std::error_code ec;
  const std::string identity = identity_text(c, run.rules, fnv1a64(init_bytes));
  const std::string config_path = (run.out / "config.txt").string();
  if (fs::exists(config_path)) {
    if (!c.resume)
      return make_error(c.out_dir +
                        " already holds a supervised run: pass --resume to continue it, or "
                        "choose another --out");
    Result<std::string> stored = read_file(config_path);
    if (!stored) return stored.error();
    if (*stored != identity)
      return make_error("cannot resume " + c.out_dir +
                        ": the run was started with other settings or another --init-from model "
                        "(see its config.txt); "
                        "pass the same options as the original run");
  } else {
    if (c.resume)
      return make_error("cannot resume " + c.out_dir + ": no supervised run there (no config.txt)");
    fs::create_directories(run.out, ec);
    if (ec) return make_error("cannot create " + c.out_dir + ": " + ec.message());
  }
  // Held until the run ends; removes what killed runs left behind (training/run_directory.h).
  Result<ClaimedRunDirectory> claimed = claim_run_directory(c.out_dir);
  if (!claimed) return claimed.error();
  run.run_claim = std::move(claimed.value().lock);
  if (!fs::exists(config_path)) {
    if (auto e = write_file_atomic((run.out / "first.nardnet").string(), init_bytes)) return *e;
    if (auto e = write_file_atomic(config_path, identity)) return *e;
  }
  return std::nullopt;
}

// Rank 0: the current model, the newest complete step's, else the starting one; the complete
// steps' reports and the first step to do.
std::optional<Error> find_complete_steps(RunState& run) {
  run.current = run.init;
  for (int k = 1;; ++k) {
    const std::string dir = step_dir(run.config, k);
    if (!fs::exists(fs::path(dir) / "report.txt")) break;
    Result<StepReport> r = parse_report((fs::path(dir) / "report.txt").string());
    if (!r) return r.error();
    Result<NetWeights> w = load_weights((fs::path(dir) / "model.nardnet").string());
    if (!w) return w.error();
    run.current = *w;
    StepReport done = *r;
    set_metrics_row(done, run.reports);
    run.reports.push_back(done);
    run.first_step = k + 1;
  }
  return std::nullopt;
}

// Rank 0's part of the setup; the start message to the other ranks.
Result<std::string> start_on_root(RunState& run) {
  const SupervisedConfig& c = run.config;
  if (auto e = check_config(c, run.rules)) return *e;
  Result<std::string> init_bytes = read_file(c.init_from);
  if (!init_bytes) return make_error("cannot read --init-from model " + c.init_from);
  Result<NetWeights> init = starting_model(c, run.rules, *init_bytes);
  if (!init) return init.error();
  run.init = *init;

  Result<std::vector<std::string>> extra = find_position_databases(c.extra_positions);
  if (!extra) return extra.error();
  run.extra_files = *extra;
  if (auto e = open_run_directory(run, *init_bytes)) return *e;
  if (auto e = find_complete_steps(run)) return *e;
  if (run.comm.size() == 1) return std::string();
  ByteWriter w;
  w.put<int32_t>(run.first_step);
  w.put_string(serialize_weights(run.init));  // as read and grown (--contact-inputs), not the file
  w.put_string(serialize_weights(run.current));
  return w.take();
}

// The other ranks: the first step, the starting model and the current one from rank 0's message.
std::optional<Error> receive_start(RunState& run, const std::string& start) {
  ByteReader in(start);
  int32_t step = 0;
  std::string init_bytes, current_bytes;
  if (!in.get(step) || !in.get_string(init_bytes) || !in.get_string(current_bytes))
    return make_error("malformed start message from rank 0");
  run.first_step = step;
  Result<NetWeights> a = parse_weights(init_bytes, "the starting model from rank 0");
  if (!a) return a.error();
  Result<NetWeights> b = parse_weights(current_bytes, "the current model from rank 0");
  if (!b) return b.error();
  run.init = *a;
  run.current = *b;
  return std::nullopt;
}

}  // namespace

std::optional<Error> set_up_run(RunState& run) {
  Result<std::string> start =
      from_root(run.comm, [&]() -> Result<std::string> { return start_on_root(run); });
  if (!start) return start.error();
  if (!run.root)
    if (auto e = receive_start(run, *start)) return e;
  run.report(run.first_step, run.first_step > 1 ? "resumed" : "started", run.first_step - 1,
             run.config.steps);
  Result<std::shared_ptr<const NeuralModel>> first_model = NeuralModel::create(run.rules, run.init);
  if (!first_model) return first_model.error();
  run.first_model = *first_model;
  return std::nullopt;
}

}  // namespace nard::training::supervised

#include "training/supervised.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <span>
#include <sstream>

#include "coach/position_database.h"
#include "coach/position_sampling.h"
#include "coach/position_valuation.h"
#include "core/cpu_time.h"
#include "core/work_share.h"
#include "game/dice.h"
#include "nn/bearoff_database.h"
#include "nn/encoder.h"
#include "nn/evaluator.h"
#include "nn/weights_file.h"
#include "training/checkpoint.h"
#include "training/learner.h"
#include "training/metrics.h"
#include "training/run_directory.h"
#include "training/strength.h"

namespace nard::training {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t kShuffleStream = 0x5375706572ull;  // "Super"
constexpr uint64_t kEvalSeed = 20261124;              // every evaluation plays the same dice
constexpr int kHoldOutModulus = 20;                   // one position in 20 is held out
constexpr long long kTrainSample = 20000;  // training positions the fit error is shown on

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::string step_dir(const SupervisedConfig& c, int step) {
  char name[32];
  std::snprintf(name, sizeof name, "step-%04d", step);
  return (fs::path(c.out_dir) / name).string();
}
std::string chunk_path(const std::string& dir, int chunk) {
  char name[32];
  std::snprintf(name, sizeof name, "positions-%04d.npdb", chunk);
  return (fs::path(dir) / name).string();
}

// Rank 0 computes a list of indices (`make`) and every rank gets it; `what` names it in the error
// for a list that does not decode.
Result<std::vector<int32_t>> indices_from_root(
    Communicator& comm, const std::string& what,
    const std::function<Result<std::vector<int32_t>>()>& make) {
  Result<std::string> bytes = from_root(comm, [&]() -> Result<std::string> {
    Result<std::vector<int32_t>> list = make();
    if (!list) return list.error();
    ByteWriter w;
    w.put_vector(*list);
    return w.take();
  });
  if (!bytes) return bytes.error();
  std::vector<int32_t> list;
  ByteReader in(*bytes);
  if (!in.get_vector(list) || !in.at_end()) return make_error("malformed " + what + " from rank 0");
  return list;
}

// The fraction `keep` of `sample` (at least one position) where the model's 0-ply and 1-ply
// cubeless equities differ most, in sample order; equal differences keep the earlier position.
// Every rank passes the same sample and gets the same result.
Result<std::vector<Position>> focus_on_disagreement(
    Communicator& comm, const std::shared_ptr<const NeuralModel>& model,
    const std::vector<Position>& sample, double keep, int threads,
    const std::function<void(long long, long long)>& progress) {
  const size_t n = sample.size();
  std::vector<Probabilities> flat(n), deep(n);
  ValuationConfig vc;
  vc.threads = threads;
  vc.ply = 0;
  if (auto e = value_positions(comm, model, sample, vc, flat)) return *e;
  vc.ply = 1;
  if (auto e = value_positions(comm, model, sample, vc, deep, progress)) return *e;
  Result<std::vector<int32_t>> chosen =
      indices_from_root(comm, "focus list", [&]() -> Result<std::vector<int32_t>> {
        const Rules& rules = model->rules();
        std::vector<float> gap(n);
        for (size_t i = 0; i < n; ++i)
          gap[i] = std::fabs(cubeless_equity(deep[i], rules) - cubeless_equity(flat[i], rules));
        std::vector<int32_t> order(n);
        for (size_t i = 0; i < n; ++i) order[i] = int32_t(i);
        const size_t kept =
            n == 0 ? 0 : std::clamp(size_t(std::llround(keep * double(n))), size_t(1), n);
        std::stable_sort(order.begin(), order.end(),
                         [&](int32_t a, int32_t b) { return gap[size_t(a)] > gap[size_t(b)]; });
        order.resize(kept);
        std::sort(order.begin(), order.end());
        return order;
      });
  if (!chosen) return chosen.error();
  std::vector<Position> out;
  out.reserve(chosen->size());
  for (int32_t i : *chosen) {
    if (i < 0 || size_t(i) >= n) return make_error("malformed focus list from rank 0");
    out.push_back(sample[size_t(i)]);
  }
  return out;
}

Result<Rules> resolve_rules(const std::string& name) {
  Result<Rules> r = rules_for_variant(name);
  if (r) return r;
  Result<Rules> p = rules_preset(name);
  if (p) return p;
  return make_error("unknown variant or rules preset '" + name + "'");
}

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

// The figures of a finished step (report.txt: "key value" lines).
struct StepReport {
  long long positions = 0;                          // valued in this step
  long long positions_total = 0;                    // valued in steps 1..k
  double seconds = 0, cpu_seconds = 0;              // this step, all phases (CPU: of every rank)
  double value_seconds = 0, value_cpu_seconds = 0;  // the valuation alone (CPU: of every rank)
  double fit_seconds = 0, fit_cpu_seconds = 0;      // the fit alone (rank 0: the part of a step
                                                    // that more ranks do not shorten)
  double held_out_before = 0, held_out_after = 0;   // mean |equity error| vs targets, held out
  double loss = 0;                                  // held-out cross-entropy after the fit
  // Held-out play groups: the targets' equity lost by the net's choice, before and after the fit
  // (0 without play groups).
  double held_out_choice_before = 0, held_out_choice_after = 0;
  MetricsRow metrics;
};

std::string report_text(const StepReport& r) {
  std::ostringstream s;
  s.precision(9);
  s << "positions " << r.positions << "\npositions_total " << r.positions_total << "\nseconds "
    << r.seconds << "\ncpu_seconds " << r.cpu_seconds << "\nvalue_seconds " << r.value_seconds
    << "\nvalue_cpu_seconds " << r.value_cpu_seconds << "\nfit_seconds " << r.fit_seconds
    << "\nfit_cpu_seconds " << r.fit_cpu_seconds << "\nheld_out_before " << r.held_out_before
    << "\nheld_out_after " << r.held_out_after << "\nloss " << r.loss << "\n";
  if (r.held_out_choice_before > 0 || r.held_out_choice_after > 0)
    s << "held_out_choice_before " << r.held_out_choice_before << "\nheld_out_choice_after "
      << r.held_out_choice_after << "\n";
  for (const StrengthPoint& p : r.metrics.strength)
    s << "strength " << p.opponent << ' ' << p.points_per_game << ' ' << p.standard_error << ' '
      << p.games << "\n";
  return s.str();
}

// The step's row of metrics.csv from its report: positions valued so far, the held-out loss, the
// run's seconds so far (the steps before it in `before`), and the strength it measured.
void set_metrics_row(StepReport& r, const std::vector<StepReport>& before) {
  r.metrics.games = r.positions_total;
  r.metrics.loss = r.loss;
  r.metrics.seconds = r.seconds + (before.empty() ? 0.0 : before.back().metrics.seconds);
}

Result<StepReport> parse_report(const std::string& path) {
  Result<std::string> text = read_file(path);
  if (!text) return text.error();
  StepReport r;
  std::istringstream in(*text);
  std::string key;
  while (in >> key) {
    if (key == "strength") {
      StrengthPoint p;
      in >> p.opponent >> p.points_per_game >> p.standard_error >> p.games;
      r.metrics.strength.push_back(p);
    } else {
      double v = 0;
      in >> v;
      if (key == "positions")
        r.positions = (long long)v;
      else if (key == "positions_total")
        r.positions_total = (long long)v;
      else if (key == "seconds")
        r.seconds = v;
      else if (key == "cpu_seconds")
        r.cpu_seconds = v;
      else if (key == "value_seconds")
        r.value_seconds = v;
      else if (key == "value_cpu_seconds")
        r.value_cpu_seconds = v;
      else if (key == "fit_seconds")
        r.fit_seconds = v;
      else if (key == "fit_cpu_seconds")
        r.fit_cpu_seconds = v;
      else if (key == "held_out_before")
        r.held_out_before = v;
      else if (key == "held_out_after")
        r.held_out_after = v;
      else if (key == "loss")
        r.loss = v;
      else if (key == "held_out_choice_before")
        r.held_out_choice_before = v;
      else if (key == "held_out_choice_after")
        r.held_out_choice_after = v;
    }
    if (!in)
      return make_error(path +
                        ": malformed step report (delete the step directory to redo the step)");
  }
  return r;
}

// The model that values positions: the nets, plus the exact bear-off database where it applies.
Result<std::shared_ptr<const NeuralModel>> playing_model(const Rules& rules, const NetWeights& w,
                                                         bool bearoff) {
  Result<std::shared_ptr<const NeuralModel>> m = NeuralModel::create(rules, w);
  if (!m || !bearoff || !BearoffDatabase::applies_to(rules)) return m;
  Result<std::shared_ptr<const BearoffDatabase>> db = BearoffDatabase::create(rules);
  if (!db) return db.error();
  return with_bearoff_database(*m, *db);
}

// A unit of the fit's shuffle: one position, or a play group's consecutive rows.
struct FitItem {
  long long row = 0;  // first row in NetData::x/y (or hx/hy)
  int size = 1;       // rows: 1, or the play group's size
};

// The training data of one net: encoded inputs and targets, split into training and held-out.
struct NetData {
  EncoderId encoder = EncoderId::BackgammonContact;  // the inputs of the net filling the role
  int inputs = 0;                                    // encoder_inputs(encoder)
  std::vector<float> x, y, hx, hy;
  std::vector<FitItem> items, held_items;  // the rows of x/y and of hx/hy, by unit
  std::vector<Position> held_positions;
  std::vector<Probabilities> held_targets;
  long long count() const { return (long long)(y.size() / kOutputs); }
  long long held() const { return (long long)(hy.size() / kOutputs); }

  // Appends `records` as one unit (a single position, or a play group), held out when `held`.
  void add(std::span<const PositionRecord> records, bool held) {
    std::vector<float>& xs = held ? hx : x;
    std::vector<float>& ys = held ? hy : y;
    (held ? held_items : items).push_back({(long long)(ys.size() / kOutputs), int(records.size())});
    for (const PositionRecord& r : records) {
      const size_t at = xs.size();
      xs.resize(at + size_t(inputs));
      encode(encoder, r.position, xs.data() + at);
      const auto t = r.target.as_array();
      ys.insert(ys.end(), t.begin(), t.end());
      if (held) {
        held_positions.push_back(r.position);
        held_targets.push_back(r.target);
      }
    }
  }
};

// The coefficients of the rules' cubeless equity in the five probabilities (it is linear in them;
// the constant term does not matter to differences).
std::vector<float> equity_coefficients(const Rules& rules) {
  std::vector<float> c(kOutputs);
  float zero[kOutputs] = {};
  const float base = cubeless_equity(Probabilities::from_array(zero), rules);
  for (int k = 0; k < kOutputs; ++k) {
    float unit[kOutputs] = {};
    unit[k] = 1;
    c[size_t(k)] = cubeless_equity(Probabilities::from_array(unit), rules) - base;
  }
  return c;
}

// Over the held-out play groups: the mean equity (the targets') lost by the net's choice, the play
// whose result the net values lowest for the side to roll after it, against the targets' best;
// {loss, groups}.
std::pair<double, long long> held_out_choice_loss(const Rules& rules, const Mlp& net,
                                                  const NetData& d) {
  if (std::none_of(d.held_items.begin(), d.held_items.end(),
                   [](const FitItem& g) { return g.size > 1; }))
    return {0.0, 0};  // no play groups: no forward pass
  MlpScratch scratch;
  std::vector<float> out(size_t(d.held()) * kOutputs);
  if (d.held() > 0) net.forward(d.hx.data(), int(d.held()), out.data(), scratch);
  double lost = 0;
  long long groups = 0;
  for (const FitItem& g : d.held_items) {
    if (g.size < 2) continue;
    int choice = 0;
    float chosen = 0, best = 0;
    for (int i = 0; i < g.size; ++i) {
      const size_t row = size_t(g.row + i);
      const float e = cubeless_equity(Probabilities::from_array(&out[row * kOutputs]), rules);
      if (i == 0 || e < chosen) chosen = e, choice = i;
      const float t = cubeless_equity(d.held_targets[row], rules);
      if (i == 0 || t < best) best = t;
    }
    lost += double(cubeless_equity(d.held_targets[size_t(g.row + choice)], rules) - best);
    ++groups;
  }
  return {groups ? lost / double(groups) : 0.0, groups};
}

// Fisher-Yates over the fit's units (as over single positions before play groups existed).
void shuffle_items(std::vector<FitItem>& items, Rng& rng) {
  for (long long i = (long long)items.size() - 1; i > 0; --i)
    std::swap(items[size_t(i)], items[size_t(rng.below(uint32_t(i + 1)))]);
}

// Minibatches take whole units until they hold at least `batch_size` rows; the number in one pass.
long long batches_in(const std::vector<FitItem>& items, int batch_size) {
  long long batches = 0, rows = 0;
  for (const FitItem& it : items)
    if ((rows += it.size) >= batch_size) ++batches, rows = 0;
  return batches + (rows > 0 ? 1 : 0);
}

// Mean |cubeless equity(net) - equity(target)| over the held-out positions, and their mean BCE.
std::pair<double, double> held_out_error(const Rules& rules, const Mlp& net, const NetData& d) {
  if (d.held() == 0) return {0, 0};
  MlpScratch scratch;
  std::vector<float> out(size_t(d.held()) * kOutputs);
  net.forward(d.hx.data(), int(d.held()), out.data(), scratch);
  double abs_err = 0, bce = 0;
  for (long long i = 0; i < d.held(); ++i) {
    const Probabilities p = Probabilities::from_array(&out[size_t(i) * kOutputs]);
    const Probabilities& t = d.held_targets[size_t(i)];
    abs_err += std::fabs(cubeless_equity(p, rules) - cubeless_equity(t, rules));
    const auto pa = p.as_array(), ta = t.as_array();
    for (int k = 0; k < kOutputs; ++k) {
      const double q = std::clamp(double(pa[k]), 1e-7, 1 - 1e-7);
      bce -= ta[k] * std::log(q) + (1 - ta[k]) * std::log(1 - q);
    }
  }
  return {abs_err / double(d.held()), bce / double(d.held() * kOutputs)};
}

// The CPU seconds of every rank added up (on rank 0; the others get their own).
Result<double> cpu_of_all_ranks(Communicator& comm, double mine) {
  if (comm.size() == 1) return mine;
  Result<std::vector<double>> all =
      gather_values<double>(comm, comm.size(), std::vector<double>{mine});
  if (!all) return all.error();
  if (!comm.is_root()) return mine;
  double sum = 0;
  for (double x : *all) sum += x;
  return sum;
}

}  // namespace

std::optional<Error> run_supervised(
    const SupervisedConfig& config,
    const std::function<void(const SupervisedProgress&)>& progress) {
  const std::unique_ptr<Communicator> alone = Communicator::single();
  return run_supervised(*alone, config, progress);
}

std::optional<Error> run_supervised(
    Communicator& comm, const SupervisedConfig& c,
    const std::function<void(const SupervisedProgress&)>& progress) {
  const bool root = comm.is_root();
  auto report = [&](int step, const std::string& phase, long long done, long long total,
                    const std::string& message = "") {
    if (!progress || !root) return;
    SupervisedProgress p;
    p.step = step;
    p.steps = c.steps;
    p.phase = phase;
    p.done = done;
    p.total = total;
    p.message = message;
    progress(p);
  };
  Result<Rules> rules_r = resolve_rules(c.variant);
  if (!rules_r) return rules_r.error();
  const Rules rules = *rules_r;
  const fs::path out(c.out_dir);
  std::error_code ec;

  // Rank 0 checks the settings and the run directory and finds where the run stands; every rank
  // gets the starting model, the current one and the first step to do.
  NetWeights init, current;
  std::vector<std::string> extra_files;  // rank 0
  std::vector<StepReport> reports;       // rank 0
  std::unique_ptr<RunDirectoryLock>
      run_claim;  // rank 0: the run directory, held until the run ends
  int first_step = 1;
  Result<std::string> start = from_root(comm, [&]() -> Result<std::string> {
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
    if (c.exploration < 0 || c.exploration > 1)
      return make_error("--exploration must be in [0, 1]");
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
    Result<std::string> init_bytes = read_file(c.init_from);
    if (!init_bytes) return make_error("cannot read --init-from model " + c.init_from);
    Result<NetWeights> init_w =
        parse_weights(*init_bytes, c.init_from, LegacyNets{.tawla31_as_count = true});
    if (!init_w) return init_w.error();
    if (init_w->variant != rules.variant)
      return make_error("--init-from model " + c.init_from + " is a model of another game than " +
                        rules.preset);
    init = *init_w;
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

    Result<std::vector<std::string>> extra = find_position_databases(c.extra_positions);
    if (!extra) return extra.error();
    extra_files = *extra;
    const std::string identity = identity_text(c, rules, fnv1a64(*init_bytes));
    const std::string config_path = (out / "config.txt").string();
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
        return make_error("cannot resume " + c.out_dir +
                          ": no supervised run there (no config.txt)");
      fs::create_directories(out, ec);
      if (ec) return make_error("cannot create " + c.out_dir + ": " + ec.message());
    }
    // Held until the run ends; removes what killed runs left behind (training/run_directory.h).
    Result<ClaimedRunDirectory> claimed = claim_run_directory(c.out_dir);
    if (!claimed) return claimed.error();
    run_claim = std::move(claimed.value().lock);
    if (!fs::exists(config_path)) {
      if (auto e = write_file_atomic((out / "first.nardnet").string(), *init_bytes)) return *e;
      if (auto e = write_file_atomic(config_path, identity)) return *e;
    }

    // The current model: the newest complete step's, else the starting one.
    current = init;
    for (int k = 1;; ++k) {
      const std::string dir = step_dir(c, k);
      if (!fs::exists(fs::path(dir) / "report.txt")) break;
      Result<StepReport> r = parse_report((fs::path(dir) / "report.txt").string());
      if (!r) return r.error();
      Result<NetWeights> w = load_weights((fs::path(dir) / "model.nardnet").string());
      if (!w) return w.error();
      current = *w;
      StepReport done = *r;
      set_metrics_row(done, reports);
      reports.push_back(done);
      first_step = k + 1;
    }
    if (comm.size() == 1) return std::string();
    ByteWriter w;
    w.put<int32_t>(first_step);
    w.put_string(serialize_weights(init));  // as read and grown (--contact-inputs), not the file
    w.put_string(serialize_weights(current));
    return w.take();
  });
  if (!start) return start.error();
  if (!root) {
    ByteReader in(*start);
    int32_t step = 0;
    std::string init_bytes, current_bytes;
    if (!in.get(step) || !in.get_string(init_bytes) || !in.get_string(current_bytes))
      return make_error("malformed start message from rank 0");
    first_step = step;
    Result<NetWeights> a = parse_weights(init_bytes, "the starting model from rank 0");
    if (!a) return a.error();
    Result<NetWeights> b = parse_weights(current_bytes, "the current model from rank 0");
    if (!b) return b.error();
    init = *a;
    current = *b;
  }
  report(first_step, first_step > 1 ? "resumed" : "started", first_step - 1, c.steps);
  Result<std::shared_ptr<const NeuralModel>> first_model = NeuralModel::create(rules, init);
  if (!first_model) return first_model.error();

  for (int step = first_step; step <= c.steps; ++step) {
    const auto t_step = Clock::now();
    const double cpu_step = process_cpu_seconds();
    const std::string dir = step_dir(c, step);
    if (root) {
      fs::create_directories(dir, ec);
      if (ec) return make_error("cannot create " + dir + ": " + ec.message());
    }
    Result<std::shared_ptr<const NeuralModel>> model =
        playing_model(rules, current, c.bearoff_database);
    if (!model) return model.error();

    // 1. Sampling.
    SamplingConfig sc;
    sc.first_game = (long long)(step - 1) * c.games_per_step;
    sc.games = c.games_per_step;
    sc.seed = c.seed;
    sc.exploration = c.exploration;
    sc.keep = c.keep;
    sc.alternatives = c.alternatives;
    sc.play_groups = c.play_groups;
    sc.threads = c.threads;
    const BearoffDatabase* db = (*model)->bearoff_database();
    std::function<bool(const Position&)> skip;
    if (db) skip = [db](const Position& p) { return db->covers(p); };
    SampleStatistics stats;
    Result<std::vector<Position>> sampled =
        sample_positions(comm, *model, sc, skip, &stats,
                         [&](long long d, long long t) { report(step, "sample", d, t); });
    if (!sampled) return sampled.error();
    report(
        step, "sample", c.games_per_step, c.games_per_step,
        std::to_string(sampled->size()) + " positions from " + std::to_string(c.games_per_step) +
            " games (" +
            (c.alternatives > 0 ? std::to_string(stats.alternatives) +
                                      " of the candidates results of plays not made, "
                                : "") +
            (c.play_groups > 0
                 ? std::to_string(stats.groups) + " play groups of " +
                       std::to_string(c.play_groups) + ", " + std::to_string(stats.groups_dropped) +
                       " dropped: repeats, bear-offs, ends)"
                 : std::to_string(stats.repeats) + " repeats, " + std::to_string(stats.skipped) +
                       " bear-offs/ends skipped)"));
    std::vector<Position> sample = std::move(sampled).value();
    if (c.focus < 1) {
      const size_t before = sample.size();
      Result<std::vector<Position>> focused =
          focus_on_disagreement(comm, *model, sample, c.focus, c.threads,
                                [&](long long d, long long t) { report(step, "focus", d, t); });
      if (!focused) return focused.error();
      sample = std::move(focused).value();
      report(step, "focus", (long long)before, (long long)before,
             std::to_string(sample.size()) + " of " + std::to_string(before) +
                 " positions kept: those where the 0-ply and the 1-ply differ most");
    }

    // 2. Valuation, chunk by chunk; chunks already on disk (from before a kill) are kept.
    const auto t_value = Clock::now();
    const double cpu_value = process_cpu_seconds();
    ValuationConfig vc;
    vc.ply = c.ply;
    vc.threads = c.threads;
    const long long n = (long long)sample.size();
    // A chunk holds whole play groups.
    const int chunk_positions = c.play_groups > 0
                                    ? std::max(1, c.chunk_positions / c.play_groups) * c.play_groups
                                    : c.chunk_positions;
    const int chunks = int((n + chunk_positions - 1) / chunk_positions);
    // Rank 0 finds the chunks still to value (the others may be on disk from before a kill).
    Result<std::vector<int32_t>> todo =
        indices_from_root(comm, "chunk list", [&]() -> Result<std::vector<int32_t>> {
          std::vector<int32_t> missing;
          for (int k = 0; k < chunks; ++k) {
            const long long begin = (long long)k * chunk_positions,
                            end = std::min(n, begin + chunk_positions);
            const std::string path = chunk_path(dir, k);
            if (fs::exists(path)) {
              Result<PositionDatabase> have = load_position_database(path);
              bool same = have && (long long)have->records.size() == end - begin;
              for (long long i = 0; same && i < end - begin; ++i)
                same = have->records[size_t(i)].position == sample[size_t(begin + i)];
              if (same) continue;
              // Not this run's chunk (or damaged): value it again.
            }
            missing.push_back(k);
          }
          return missing;
        });
    if (!todo) return todo.error();
    const std::vector<int32_t>& missing = *todo;
    std::vector<Probabilities> values;
    for (int k : missing) {
      const long long begin = (long long)k * chunk_positions,
                      end = std::min(n, begin + chunk_positions);
      const std::string path = chunk_path(dir, k);
      report(step, "value", begin, n);
      values.resize(size_t(end - begin));
      if (auto e = value_positions(
              comm, *model, std::span(sample).subspan(size_t(begin), size_t(end - begin)), vc,
              values, [&](long long d, long long) { report(step, "value", begin + d, n); }))
        return e;
      if (!root) continue;
      PositionDatabase chunk;
      chunk.variant = rules.variant;
      chunk.rules = rules.preset;
      chunk.target_kind = TargetKind::Search;
      chunk.target_ply = c.ply;
      chunk.play_group = c.play_groups;
      chunk.model = current.description;
      chunk.description = "nard supervised run, step " + std::to_string(step) + ", games " +
                          std::to_string(sc.first_game) + ".." +
                          std::to_string(sc.first_game + sc.games - 1) + " of seed " +
                          std::to_string(c.seed) + ", exploration " + std::to_string(c.exploration);
      for (long long i = begin; i < end; ++i)
        chunk.records.push_back({sample[size_t(i)], make_consistent(values[size_t(i - begin)])});
      if (auto e = save_position_database(path, chunk)) return e;
    }
    StepReport rep;
    rep.value_seconds = since(t_value);
    Result<double> value_cpu = cpu_of_all_ranks(comm, process_cpu_seconds() - cpu_value);
    if (!value_cpu) return value_cpu.error();
    rep.value_cpu_seconds = *value_cpu;
    rep.positions = n;
    rep.positions_total = n + (reports.empty() ? 0 : reports.back().positions_total);
    char msg[160];
    std::snprintf(msg, sizeof msg, "%lld positions valued at %d-ply in %.0f s (%.2f ms CPU each)",
                  n, c.ply, rep.value_seconds, n ? 1000 * rep.value_cpu_seconds / double(n) : 0.0);
    report(step, "value", n, n, msg);

    // 3. Fit every net to the positions of the window (rank 0; the others get the new weights).
    NetWeights next = current;
    const auto t_fit = Clock::now();
    const double cpu_fit = process_cpu_seconds();
    Result<std::string> fitted = from_root(comm, [&]() -> Result<std::string> {
      // By role (encoders_for); each role's positions are encoded with the encoder of the net that
      // fills it (encoder_role).
      // Each with its index in encoders_for (its seeds and its shape option), whatever --fit-only leaves out.
      std::vector<EncoderId> encoders;
      std::vector<size_t> role_index;
      for (size_t k = 0; k < encoders_for(rules.variant).size(); ++k) {
        const EncoderId id = encoders_for(rules.variant)[k];
        if (!c.fit_only.empty() && (id == EncoderId::BackgammonRace) != (c.fit_only == "race"))
          continue;
        encoders.push_back(id);
        role_index.push_back(k);
      }
      std::map<EncoderId, NetData> data;
      for (EncoderId id : encoders) {
        const MlpWeights* net = next.net_for(id);
        if (!net) return make_error("the model has no " + std::string(encoder_name(id)) + " net");
        data[id].encoder = net->encoder;
        data[id].inputs = encoder_inputs(net->encoder);
      }
      int group_size = 0;  // the play group of the fit's grouped databases (one size for all)
      std::vector<std::string> fit_files = extra_files;
      for (int k = std::max(1, step - c.window + 1); k <= step; ++k)
        for (int chunk = 0;; ++chunk) {
          const std::string path = chunk_path(step_dir(c, k), chunk);
          if (!fs::exists(path)) break;
          fit_files.push_back(path);
        }
      for (const std::string& path : fit_files) {
        comm.heartbeat();
        {
          Result<PositionDatabase> part = load_position_database(path);
          if (!part) return part.error();
          if (part->rules != rules.preset)
            return make_error(path + ": positions of the rules preset '" + part->rules +
                              "', the run's is '" + rules.preset + "'");
          if (part->play_group > 0) {
            if (group_size > 0 && group_size != part->play_group)
              return make_error(
                  path + ": play groups of " + std::to_string(part->play_group) +
                  " plays beside groups of " + std::to_string(group_size) +
                  " in one fit: --positions-from databases and --play-groups of one group size");
            group_size = part->play_group;
          }
          const size_t k = size_t(std::max(1, part->play_group));
          const std::span<const PositionRecord> records(part->records);
          for (size_t at = 0; at + k <= records.size(); at += k) {
            const std::span<const PositionRecord> unit = records.subspan(at, k);
            const EncoderId first = encoder_for(rules, unit[0].position);
            bool one_net = true;
            for (const PositionRecord& r : unit)
              one_net = one_net && encoder_for(rules, r.position) == first;
            if (k > 1 && one_net) {
              // A play group whose plays one net values: a unit of the fit, held out by its first position.
              // (A position met in several groups, or also as a single position, may then be held out in
              // one place and fitted in another: rare outside the openings, it flatters the held-out
              // figures a little.)
              const auto role = data.find(first);
              if (role != data.end())
                role->second.add(unit, unit[0].position.hash() % kHoldOutModulus == 0);
              continue;
            }
            for (const PositionRecord& r :
                 unit) {  // single positions (or a group split between the nets)
              const auto role = data.find(encoder_for(rules, r.position));
              if (role == data.end()) continue;  // a net --fit-only leaves alone
              role->second.add({&r, 1}, r.position.hash() % kHoldOutModulus == 0);
            }
          }
        }
      }
      double err_before = 0, err_after = 0, loss_after = 0;
      double choice_lost_before = 0, choice_lost_after = 0;
      long long held_total = 0, choice_groups = 0;
      std::string fit_message;
      for (size_t e = 0; e < encoders.size(); ++e) {
        const EncoderId id = encoders[e];
        NetData& d = data[id];
        MlpWeights* net = nullptr;
        for (MlpWeights& m : next.nets)
          if (encoder_role(m.encoder) == id) net = &m;
        if (!net) return make_error("the model has no " + std::string(encoder_name(id)) + " net");
        if (d.count() == 0) continue;
        const size_t role = role_index[e];  // 0: the main (contact) net, 1: backgammon's race net
        const std::vector<int>& asked = role == 0 ? c.hidden : c.race_hidden;
        LearnerConfig lc;
        lc.inputs = d.inputs;
        lc.hidden = asked.empty() ? net->hidden_sizes() : asked;
        lc.learning_rate = c.learning_rate;
        lc.init_seed = game_seed(c.seed, 0x1417 + uint64_t(role));
        lc.threads = 1;
        Learner learner(lc);
        const std::vector<int> net_hidden_before = net->hidden_sizes();
        const bool fresh = c.fresh_nets && step == 1 && !asked.empty();  // only nets given a shape
        if (fresh) {
          // random weights of the asked shape (lc.init_seed)
        } else if (lc.hidden == net->hidden_sizes()) {
          learner.set_layers(net->layers);
        } else {
          Result<std::vector<DenseLayer>> wide = widen_hidden(net->layers, learner.layers());
          if (!wide)
            return make_error("cannot widen the " + std::string(encoder_name(id)) +
                              " net: " + wide.error().message);
          learner.set_layers(*wide);
        }
        const auto [before, bce_before] = held_out_error(rules, Mlp(*net), d);
        (void)bce_before;
        const auto [choice_before, held_groups] = held_out_choice_loss(rules, Mlp(*net), d);
        Rng shuffle(game_seed(c.seed ^ kShuffleStream, uint64_t(step) * 16 + role));
        std::vector<FitItem> order = d.items;
        // The minibatches of the whole fit, for the learning-rate schedule: with play groups their
        // number depends on the shuffles, so they are drawn once ahead (the same draws as below).
        const bool has_groups = d.items.size() != size_t(d.count());
        long long total_batches = has_groups ? 0 : batches_in(order, c.batch_size) * c.epochs;
        if (has_groups) {
          Rng ahead = shuffle;
          std::vector<FitItem> o = order;
          for (int epoch = 0; epoch < c.epochs; ++epoch) {
            shuffle_items(o, ahead);
            total_batches += batches_in(o, c.batch_size);
          }
        }
        const long long last_batch = std::max<long long>(1, total_batches - 1);
        RankingTerm ranking;
        ranking.size = group_size;
        ranking.weight = c.rank_weight;
        ranking.equity = equity_coefficients(rules);
        std::vector<float> xb, yb, xg, yg;
        const auto append_rows = [&](const FitItem& it, std::vector<float>& xs,
                                     std::vector<float>& ys) {
          xs.insert(xs.end(), d.x.begin() + it.row * d.inputs,
                    d.x.begin() + (it.row + it.size) * d.inputs);
          ys.insert(ys.end(), d.y.begin() + it.row * kOutputs,
                    d.y.begin() + (it.row + it.size) * kOutputs);
        };
        long long batch_index = 0;
        for (int epoch = 0; epoch < c.epochs; ++epoch) {
          shuffle_items(order, shuffle);
          for (size_t next_item = 0; next_item < order.size();) {
            // Single positions first, then the play groups (the learner's layout).
            xb.clear(), yb.clear(), xg.clear(), yg.clear();
            int rows = 0;
            ranking.groups = 0;
            while (next_item < order.size() && rows < c.batch_size) {
              const FitItem& it = order[next_item++];
              if (it.size > 1)
                ++ranking.groups, append_rows(it, xg, yg);
              else
                append_rows(it, xb, yb);
              rows += it.size;
            }
            xb.insert(xb.end(), xg.begin(), xg.end());
            yb.insert(yb.end(), yg.begin(), yg.end());
            if (c.final_learning_rate > 0)
              learner.set_learning_rate(
                  cosine_learning_rate(c.learning_rate, c.final_learning_rate,
                                       double(batch_index) / double(last_batch)));
            ++batch_index;
            learner.train_batch(xb, yb, rows, ranking);
            comm.heartbeat();
          }
          report(step, "fit", (long long)e * c.epochs + epoch + 1,
                 (long long)encoders.size() * c.epochs);
        }
        const std::vector<DenseLayer> previous_layers = net->layers;
        net->layers = learner.layers();
        auto [after, bce_after] = held_out_error(rules, Mlp(*net), d);
        // Model selection on the held-out positions: a fit that made them worse (a small net
        // learning the sample, e.g. the race net on a few thousand positions) is not kept, unless
        // a ranking fit chose the held-out groups' plays better.
        const double fitted_error = after;
        const double fitted_choice =
            held_groups > 0 ? held_out_choice_loss(rules, Mlp(*net), d).first : 0.0;
        const bool ranked_better =
            c.rank_weight > 0 && held_groups > 0 && fitted_choice < choice_before;
        const bool kept =
            after <= before || ranked_better || fresh || lc.hidden != net_hidden_before;
        const bool kept_for_choices =
            kept && after > before && ranked_better && !fresh && lc.hidden == net_hidden_before;
        if (!kept) {
          net->layers = previous_layers;
          after = before;
          bce_after = held_out_error(rules, Mlp(*net), d).second;
        }
        const double choice_after = kept ? fitted_choice : choice_before;
        // The same error on (up to kTrainSample of) the training positions: far below the held-out
        // error means the net learns the sample rather than the game (more positions per step).
        NetData train_view;
        train_view.inputs = d.inputs;
        const long long shown = std::min<long long>(d.count(), kTrainSample);
        train_view.hx.assign(d.x.begin(), d.x.begin() + shown * d.inputs);
        train_view.hy.assign(d.y.begin(), d.y.begin() + shown * kOutputs);
        for (long long i = 0; i < shown; ++i)
          train_view.held_targets.push_back(Probabilities::from_array(&d.y[size_t(i) * kOutputs]));
        const double train_after = held_out_error(rules, Mlp(*net), train_view).first;
        err_before += before * double(d.held());
        err_after += after * double(d.held());
        loss_after += bce_after * double(d.held());
        held_total += d.held();
        char m[240];
        std::snprintf(m, sizeof m,
                      "%s%s: %lld positions (+%lld held out), |equity error| held out %.4f -> "
                      "%.4f, training %.4f%s",
                      fit_message.empty() ? "" : "; ", std::string(encoder_name(id)).c_str(),
                      d.count(), d.held(), before, fitted_error, train_after,
                      !kept              ? " (the fit's; not kept: held-out error grew)"
                      : kept_for_choices ? " (kept: the held-out choice loss fell)"
                                         : "");
        fit_message += m;
        if (c.rank_weight > 0 && group_size == 0)
          fit_message += ", no play groups: the ranking term had nothing to fit";
        if (held_groups > 0) {
          std::snprintf(m, sizeof m, ", choice loss on %lld held-out play groups %.5f -> %.5f",
                        held_groups, choice_before, fitted_choice);
          fit_message += m;
          choice_lost_before += choice_before * double(held_groups);
          choice_lost_after += choice_after * double(held_groups);
          choice_groups += held_groups;
        }
      }
      if (held_total) {
        rep.held_out_before = err_before / double(held_total);
        rep.held_out_after = err_after / double(held_total);
        rep.loss = loss_after / double(held_total);
      }
      if (choice_groups) {
        rep.held_out_choice_before = choice_lost_before / double(choice_groups);
        rep.held_out_choice_after = choice_lost_after / double(choice_groups);
      }
      report(step, "fit", (long long)encoders.size() * c.epochs,
             (long long)encoders.size() * c.epochs, fit_message);
      long long fitted = 0;
      for (const auto& [id, d] : data) fitted += d.count() + d.held();
      char lr_text[64];
      if (c.final_learning_rate > 0)
        std::snprintf(lr_text, sizeof lr_text, "lr %g to %g (cosine)", c.learning_rate,
                      c.final_learning_rate);
      else
        std::snprintf(lr_text, sizeof lr_text, "lr %g", c.learning_rate);
      char desc[400];
      std::snprintf(desc, sizeof desc,
                    "nard supervised step %d: %d-ply targets, %lld positions of steps %d..%d, %d "
                    "epochs, %s, seed %llu; "
                    "started from: ",
                    step, c.ply, fitted, std::max(1, step - c.window + 1), step, c.epochs, lr_text,
                    (unsigned long long)c.seed);
      std::string description = desc;
      if (c.rank_weight > 0 && group_size > 0) {
        char rank[120];
        std::snprintf(rank, sizeof rank, "ranking term %g over play groups of %d; ", c.rank_weight,
                      group_size);
        description.insert(description.size() - std::strlen("started from: "), rank);
      }
      next.description = description + init.description;
      if (auto e = save_weights((fs::path(dir) / "model.nardnet").string(), next)) return *e;
      rep.fit_seconds = since(t_fit);
      rep.fit_cpu_seconds = process_cpu_seconds() - cpu_fit;
      if (comm.size() == 1) return std::string();
      return serialize_weights(next);
    });
    if (!fitted) return fitted.error();
    if (!root) {
      Result<NetWeights> w = parse_weights(*fitted, "the fitted model from rank 0");
      if (!w) return w.error();
      next = *w;
    }

    // 4. Strength: the new model against the previous one and the first one.
    Result<std::shared_ptr<const NeuralModel>> new_model = NeuralModel::create(rules, next);
    if (!new_model) return new_model.error();
    Result<std::shared_ptr<const NeuralModel>> prev_model = NeuralModel::create(rules, current);
    if (!prev_model) return prev_model.error();
    if (c.eval_games > 0) {
      std::vector<std::pair<std::string, std::shared_ptr<const NeuralModel>>> opponents;
      opponents.emplace_back("previous", *prev_model);
      if (step > 1) opponents.emplace_back("first", *first_model);
      for (auto& [name, opp] : opponents) {
        report(step, "eval", 0, c.eval_games);
        Result<StrengthResult> r =
            measure_strength(comm, rules, *new_model, Opponent{OpponentKind::Net, opp},
                             c.eval_games, kEvalSeed, c.threads);
        if (!r) return r.error();
        rep.metrics.strength.push_back({name, r->points_per_game, r->standard_error, r->games});
        char m[160];
        std::snprintf(m, sizeof m, "vs %s: %+.4f ± %.4f ppg over %d games", name.c_str(),
                      r->points_per_game, r->standard_error, r->games);
        report(step, "eval", c.eval_games, c.eval_games, m);
      }
    }
    rep.seconds = since(t_step);
    Result<double> step_cpu = cpu_of_all_ranks(comm, process_cpu_seconds() - cpu_step);
    if (!step_cpu) return step_cpu.error();
    rep.cpu_seconds = *step_cpu;
    set_metrics_row(rep, reports);
    reports.push_back(rep);

    current = next;
    if (!root) continue;
    std::vector<MetricsRow> rows;
    for (const StepReport& r : reports) rows.push_back(r.metrics);
    if (auto e = write_file_atomic((out / "metrics.csv").string(), metrics_csv(rows))) return e;
    if (auto e =
            write_file_atomic((out / "strength.svg").string(),
                              strength_svg(rows,
                                           "nard " + rules.preset + ": supervised steps, " +
                                               std::to_string(c.ply) + "-ply targets (0-ply play)",
                                           "positions valued")))
      return e;
    if (auto e = save_weights((out / "latest.nardnet").string(), next)) return e;
    if (auto e = write_file_atomic((fs::path(dir) / "report.txt").string(), report_text(rep)))
      return e;
    char m[200];
    std::snprintf(
        m, sizeof m,
        "step %d done in %.0f s (%.0f CPU-s): %lld positions, held-out error %.4f -> %.4f", step,
        rep.seconds, rep.cpu_seconds, rep.positions, rep.held_out_before, rep.held_out_after);
    report(step, "step", step, c.steps, m);
  }
  return std::nullopt;
}

}  // namespace nard::training

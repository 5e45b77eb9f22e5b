// The supervised step's fit (training/supervised_steps.h): every net of the game fitted on rank 0
// to the positions of the window (and --positions-from), one position in 20 held out to measure
// the fit; a fit that made the held-out positions worse is not kept.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <span>

#include "coach/position_database.h"
#include "core/cpu_time.h"
#include "core/work_share.h"
#include "game/dice.h"
#include "nn/encoder.h"
#include "nn/weights_file.h"
#include "training/learner.h"
#include "training/supervised_steps.h"

namespace nard::training::supervised {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t kShuffleStream = 0x5375706572ull;  // "Super"
constexpr int kHoldOutModulus = 20;                   // one position in 20 is held out
constexpr long long kTrainSample = 20000;  // training positions the fit error is shown on

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

// A net the fit trains: its role (encoders_for) and the role's index there (its seeds and its
// shape option).
struct FitRole {
  EncoderId id = EncoderId::BackgammonContact;
  size_t index = 0;  // 0: the main (contact) net, 1: backgammon's race net
};

// By role (encoders_for), whatever --fit-only leaves out; each role's positions are encoded with
// the encoder of the net that fills it (encoder_role).
std::vector<FitRole> fit_roles(const Rules& rules, const SupervisedConfig& c) {
  std::vector<FitRole> roles;
  for (size_t k = 0; k < encoders_for(rules.variant).size(); ++k) {
    const EncoderId id = encoders_for(rules.variant)[k];
    if (!c.fit_only.empty() && (id == EncoderId::BackgammonRace) != (c.fit_only == "race"))
      continue;
    roles.push_back({id, k});
  }
  return roles;
}

// Adds the positions of one database to the nets' data (the nets --fit-only leaves alone take
// none).
void add_database(const Rules& rules, const PositionDatabase& part,
                  std::map<EncoderId, NetData>& data) {
  const size_t k = size_t(std::max(1, part.play_group));
  const std::span<const PositionRecord> records(part.records);
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
    for (const PositionRecord& r : unit) {  // single positions (or a group split between the nets)
      const auto role = data.find(encoder_for(rules, r.position));
      if (role == data.end()) continue;  // a net --fit-only leaves alone
      role->second.add({&r, 1}, r.position.hash() % kHoldOutModulus == 0);
    }
  }
}

// The data of every net fitted: the positions of the window's steps and of --positions-from;
// `group_size`: the play group of the fit's grouped databases (one size for all; 0: none).
std::optional<Error> load_fit_data(const RunState& run, int step, const NetWeights& next,
                                   const std::vector<FitRole>& roles,
                                   std::map<EncoderId, NetData>& data, int& group_size) {
  const SupervisedConfig& c = run.config;
  const Rules& rules = run.rules;
  for (const FitRole& role : roles) {
    const MlpWeights* net = next.net_for(role.id);
    if (!net) return make_error("the model has no " + std::string(encoder_name(role.id)) + " net");
    data[role.id].encoder = net->encoder;
    data[role.id].inputs = encoder_inputs(net->encoder);
  }
  group_size = 0;
  std::vector<std::string> fit_files = run.extra_files;
  for (int k = std::max(1, step - c.window + 1); k <= step; ++k)
    for (int chunk = 0;; ++chunk) {
      const std::string path = chunk_path(step_dir(c, k), chunk);
      if (!fs::exists(path)) break;
      fit_files.push_back(path);
    }
  for (const std::string& path : fit_files) {
    run.comm.heartbeat();
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
    add_database(rules, *part, data);
  }
  return std::nullopt;
}

// The epochs of one net's fit: minibatches of whole units in a shuffled order, the learning rate
// annealed over them (--lr-final). The net is the fit's `e`th of `nets` (progress).
void train_net(const RunState& run, int step, size_t e, size_t nets, const FitRole& role,
               int group_size, const NetData& d, Learner& learner) {
  const SupervisedConfig& c = run.config;
  Rng shuffle(game_seed(c.seed ^ kShuffleStream, uint64_t(step) * 16 + role.index));
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
  ranking.equity = equity_coefficients(run.rules);
  std::vector<float> xb, yb, xg, yg;
  const auto append_rows = [&](const FitItem& it, std::vector<float>& xs, std::vector<float>& ys) {
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
        learner.set_learning_rate(cosine_learning_rate(c.learning_rate, c.final_learning_rate,
                                                       double(batch_index) / double(last_batch)));
      ++batch_index;
      learner.train_batch(xb, yb, rows, ranking);
      run.comm.heartbeat();
    }
    run.report(step, "fit", (long long)e * c.epochs + epoch + 1, (long long)nets * c.epochs);
  }
}

// The fit's figures over the nets: held-out errors and choice losses weighted by their counts,
// and the message of the fit phase.
struct FitTotals {
  double err_before = 0, err_after = 0, loss_after = 0;
  double choice_lost_before = 0, choice_lost_after = 0;
  long long held_total = 0, choice_groups = 0;
  std::string message;
};

// Fits `net` (of the role `role`, the fit's `e`th of `nets`) to `d`, keeping the fitted weights
// unless they made the held-out positions worse; adds its figures to `totals`.
std::optional<Error> fit_net(const RunState& run, int step, size_t e, size_t nets,
                             const FitRole& role, int group_size, const NetData& d, MlpWeights& net,
                             FitTotals& totals) {
  const SupervisedConfig& c = run.config;
  const Rules& rules = run.rules;
  const EncoderId id = role.id;
  const std::vector<int>& asked = role.index == 0 ? c.hidden : c.race_hidden;
  LearnerConfig lc;
  lc.inputs = d.inputs;
  lc.hidden = asked.empty() ? net.hidden_sizes() : asked;
  lc.learning_rate = c.learning_rate;
  lc.init_seed = game_seed(c.seed, 0x1417 + uint64_t(role.index));
  lc.threads = 1;
  Learner learner(lc);
  const std::vector<int> net_hidden_before = net.hidden_sizes();
  const bool fresh = c.fresh_nets && step == 1 && !asked.empty();  // only nets given a shape
  if (fresh) {
    // random weights of the asked shape (lc.init_seed)
  } else if (lc.hidden == net.hidden_sizes()) {
    learner.set_layers(net.layers);
  } else {
    Result<std::vector<DenseLayer>> wide = widen_hidden(net.layers, learner.layers());
    if (!wide)
      return make_error("cannot widen the " + std::string(encoder_name(id)) +
                        " net: " + wide.error().message);
    learner.set_layers(*wide);
  }
  const auto [before, bce_before] = held_out_error(rules, Mlp(net), d);
  (void)bce_before;
  const auto [choice_before, held_groups] = held_out_choice_loss(rules, Mlp(net), d);
  train_net(run, step, e, nets, role, group_size, d, learner);
  const std::vector<DenseLayer> previous_layers = net.layers;
  net.layers = learner.layers();
  auto [after, bce_after] = held_out_error(rules, Mlp(net), d);
  // Model selection on the held-out positions: a fit that made them worse (a small net
  // learning the sample, e.g. the race net on a few thousand positions) is not kept, unless
  // a ranking fit chose the held-out groups' plays better.
  const double fitted_error = after;
  const double fitted_choice =
      held_groups > 0 ? held_out_choice_loss(rules, Mlp(net), d).first : 0.0;
  const bool ranked_better = c.rank_weight > 0 && held_groups > 0 && fitted_choice < choice_before;
  const bool kept = after <= before || ranked_better || fresh || lc.hidden != net_hidden_before;
  const bool kept_for_choices =
      kept && after > before && ranked_better && !fresh && lc.hidden == net_hidden_before;
  if (!kept) {
    net.layers = previous_layers;
    after = before;
    bce_after = held_out_error(rules, Mlp(net), d).second;
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
  const double train_after = held_out_error(rules, Mlp(net), train_view).first;
  totals.err_before += before * double(d.held());
  totals.err_after += after * double(d.held());
  totals.loss_after += bce_after * double(d.held());
  totals.held_total += d.held();
  char m[240];
  std::snprintf(m, sizeof m,
                "%s%s: %lld positions (+%lld held out), |equity error| held out %.4f -> "
                "%.4f, training %.4f%s",
                totals.message.empty() ? "" : "; ", std::string(encoder_name(id)).c_str(),
                d.count(), d.held(), before, fitted_error, train_after,
                !kept              ? " (the fit's; not kept: held-out error grew)"
                : kept_for_choices ? " (kept: the held-out choice loss fell)"
                                   : "");
  totals.message += m;
  if (c.rank_weight > 0 && group_size == 0)
    totals.message += ", no play groups: the ranking term had nothing to fit";
  if (held_groups > 0) {
    std::snprintf(m, sizeof m, ", choice loss on %lld held-out play groups %.5f -> %.5f",
                  held_groups, choice_before, fitted_choice);
    totals.message += m;
    totals.choice_lost_before += choice_before * double(held_groups);
    totals.choice_lost_after += choice_after * double(held_groups);
    totals.choice_groups += held_groups;
  }
  return std::nullopt;
}

// The fitted model's description: how it was fitted, then "started from: " and the starting
// model's.
std::string fit_description(const RunState& run, int step, long long fitted, int group_size) {
  const SupervisedConfig& c = run.config;
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
  return description + run.init.description;
}

// Rank 0's fit: every net fitted, dir/model.nardnet written; the fitted model for the other ranks
// (nothing with one rank).
Result<std::string> fit_on_root(const RunState& run, int step, const std::string& dir,
                                Clock::time_point t_fit, double cpu_fit, StepReport& rep,
                                NetWeights& next) {
  const SupervisedConfig& c = run.config;
  const std::vector<FitRole> roles = fit_roles(run.rules, c);
  std::map<EncoderId, NetData> data;
  int group_size = 0;
  if (auto e = load_fit_data(run, step, next, roles, data, group_size)) return *e;
  FitTotals totals;
  for (size_t e = 0; e < roles.size(); ++e) {
    const EncoderId id = roles[e].id;
    NetData& d = data[id];
    MlpWeights* net = nullptr;
    for (MlpWeights& m : next.nets)
      if (encoder_role(m.encoder) == id) net = &m;
    if (!net) return make_error("the model has no " + std::string(encoder_name(id)) + " net");
    if (d.count() == 0) continue;
    if (auto err = fit_net(run, step, e, roles.size(), roles[e], group_size, d, *net, totals))
      return *err;
  }
  if (totals.held_total) {
    rep.held_out_before = totals.err_before / double(totals.held_total);
    rep.held_out_after = totals.err_after / double(totals.held_total);
    rep.loss = totals.loss_after / double(totals.held_total);
  }
  if (totals.choice_groups) {
    rep.held_out_choice_before = totals.choice_lost_before / double(totals.choice_groups);
    rep.held_out_choice_after = totals.choice_lost_after / double(totals.choice_groups);
  }
  run.report(step, "fit", (long long)roles.size() * c.epochs, (long long)roles.size() * c.epochs,
             totals.message);
  long long fitted = 0;
  for (const auto& [id, d] : data) fitted += d.count() + d.held();
  next.description = fit_description(run, step, fitted, group_size);
  if (auto e = save_weights((fs::path(dir) / "model.nardnet").string(), next)) return *e;
  rep.fit_seconds = since(t_fit);
  rep.fit_cpu_seconds = process_cpu_seconds() - cpu_fit;
  if (run.comm.size() == 1) return std::string();
  return serialize_weights(next);
}

}  // namespace

std::optional<Error> fit_step(const RunState& run, int step, const std::string& dir,
                              StepReport& rep, NetWeights& next) {
  const auto t_fit = Clock::now();
  const double cpu_fit = process_cpu_seconds();
  Result<std::string> fitted = from_root(run.comm, [&]() -> Result<std::string> {
    return fit_on_root(run, step, dir, t_fit, cpu_fit, rep, next);
  });
  if (!fitted) return fitted.error();
  if (!run.root) {
    Result<NetWeights> w = parse_weights(*fitted, "the fitted model from rank 0");
    if (!w) return w.error();
    next = *w;
  }
  return std::nullopt;
}

}  // namespace nard::training::supervised

// The supervised step's sample and its valuation (training/supervised_steps.h): positions from
// self-play of the current model (with --focus, those where its 0-ply and 1-ply disagree most),
// valued at n-ply and written chunk by chunk as position databases.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <span>

#include "coach/position_database.h"
#include "coach/position_sampling.h"
#include "coach/position_valuation.h"
#include "core/cpu_time.h"
#include "core/work_share.h"
#include "nn/bearoff_database.h"
#include "training/supervised_steps.h"

namespace nard::training::supervised {

namespace fs = std::filesystem;

namespace {

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

// Rank 0 finds the chunks still to value (the others may be on disk from before a kill); every
// rank gets the list.
Result<std::vector<int32_t>> chunks_to_value(Communicator& comm, const std::string& dir,
                                             const std::vector<Position>& sample,
                                             int chunk_positions) {
  const long long n = (long long)sample.size();
  const int chunks = int((n + chunk_positions - 1) / chunk_positions);
  return indices_from_root(comm, "chunk list", [&]() -> Result<std::vector<int32_t>> {
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
}

// Rank 0: writes the valued positions [begin, end) of the sample as chunk `path`.
std::optional<Error> save_chunk(const RunState& run, int step, const std::string& path,
                                const std::vector<Position>& sample, long long begin, long long end,
                                const std::vector<Probabilities>& values) {
  const SupervisedConfig& c = run.config;
  const long long first_game = (long long)(step - 1) * c.games_per_step;
  PositionDatabase chunk;
  chunk.variant = run.rules.variant;
  chunk.rules = run.rules.preset;
  chunk.target_kind = TargetKind::Search;
  chunk.target_ply = c.ply;
  chunk.play_group = c.play_groups;
  chunk.model = run.current.description;
  chunk.description = "nard supervised run, step " + std::to_string(step) + ", games " +
                      std::to_string(first_game) + ".." +
                      std::to_string(first_game + c.games_per_step - 1) + " of seed " +
                      std::to_string(c.seed) + ", exploration " + std::to_string(c.exploration);
  for (long long i = begin; i < end; ++i)
    chunk.records.push_back({sample[size_t(i)], make_consistent(values[size_t(i - begin)])});
  return save_position_database(path, chunk);
}

}  // namespace

Result<std::vector<Position>> sample_step(const RunState& run, int step,
                                          const std::shared_ptr<const NeuralModel>& model) {
  const SupervisedConfig& c = run.config;
  SamplingConfig sc;
  sc.first_game = (long long)(step - 1) * c.games_per_step;
  sc.games = c.games_per_step;
  sc.seed = c.seed;
  sc.exploration = c.exploration;
  sc.keep = c.keep;
  sc.alternatives = c.alternatives;
  sc.play_groups = c.play_groups;
  sc.threads = c.threads;
  const std::function<bool(const Position&)> skip = skip_bearoff_database(*model);
  SampleStatistics stats;
  Result<std::vector<Position>> sampled =
      sample_positions(run.comm, model, sc, skip, &stats,
                       [&](long long d, long long t) { run.report(step, "sample", d, t); });
  if (!sampled) return sampled.error();
  run.report(
      step, "sample", c.games_per_step, c.games_per_step,
      std::to_string(sampled->size()) + " positions from " + std::to_string(c.games_per_step) +
          " games (" +
          (c.alternatives > 0 ? std::to_string(stats.alternatives) +
                                    " of the candidates results of plays not made, "
                              : "") +
          (c.play_groups > 0
               ? std::to_string(stats.groups) + " play groups of " + std::to_string(c.play_groups) +
                     ", " + std::to_string(stats.groups_dropped) +
                     " dropped: repeats, bear-offs, ends)"
               : std::to_string(stats.repeats) + " repeats, " + std::to_string(stats.skipped) +
                     " bear-offs/ends skipped)"));
  std::vector<Position> sample = std::move(sampled).value();
  if (c.focus < 1) {
    const size_t before = sample.size();
    Result<std::vector<Position>> focused =
        focus_on_disagreement(run.comm, model, sample, c.focus, c.threads,
                              [&](long long d, long long t) { run.report(step, "focus", d, t); });
    if (!focused) return focused.error();
    sample = std::move(focused).value();
    run.report(step, "focus", (long long)before, (long long)before,
               std::to_string(sample.size()) + " of " + std::to_string(before) +
                   " positions kept: those where the 0-ply and the 1-ply differ most");
  }
  return sample;
}

std::optional<Error> value_step(const RunState& run, int step, const std::string& dir,
                                const std::shared_ptr<const NeuralModel>& model,
                                const std::vector<Position>& sample, StepReport& rep) {
  const SupervisedConfig& c = run.config;
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
  Result<std::vector<int32_t>> todo = chunks_to_value(run.comm, dir, sample, chunk_positions);
  if (!todo) return todo.error();
  const std::vector<int32_t>& missing = *todo;
  std::vector<Probabilities> values;
  for (int k : missing) {
    const long long begin = (long long)k * chunk_positions,
                    end = std::min(n, begin + chunk_positions);
    const std::string path = chunk_path(dir, k);
    run.report(step, "value", begin, n);
    values.resize(size_t(end - begin));
    if (auto e = value_positions(
            run.comm, model, std::span(sample).subspan(size_t(begin), size_t(end - begin)), vc,
            values, [&](long long d, long long) { run.report(step, "value", begin + d, n); }))
      return e;
    if (!run.root) continue;
    if (auto e = save_chunk(run, step, path, sample, begin, end, values)) return e;
  }
  rep.value_seconds = since(t_value);
  Result<double> value_cpu = cpu_of_all_ranks(run.comm, process_cpu_seconds() - cpu_value);
  if (!value_cpu) return value_cpu.error();
  rep.value_cpu_seconds = *value_cpu;
  rep.positions = n;
  rep.positions_total = n + (run.reports.empty() ? 0 : run.reports.back().positions_total);
  char msg[160];
  std::snprintf(msg, sizeof msg, "%lld positions valued at %d-ply in %.0f s (%.2f ms CPU each)", n,
                c.ply, rep.value_seconds, n ? 1000 * rep.value_cpu_seconds / double(n) : 0.0);
  run.report(step, "value", n, n, msg);
  return std::nullopt;
}

}  // namespace nard::training::supervised

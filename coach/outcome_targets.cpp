#include "coach/outcome_targets.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "game/dice.h"
#include "play/seeded_games.h"
#include "play/self_play.h"
#include "search/search.h"

namespace nard {

namespace {
constexpr int kGamesPerBlock = 32;  // games between progress reports

Probabilities plus(const Probabilities& a, const Probabilities& b) {
  return {a.win + b.win, a.win_gammon + b.win_gammon, a.win_backgammon + b.win_backgammon,
          a.lose_gammon + b.lose_gammon, a.lose_backgammon + b.lose_backgammon};
}
Probabilities minus(const Probabilities& a, const Probabilities& b) {
  return {a.win - b.win, a.win_gammon - b.win_gammon, a.win_backgammon - b.win_backgammon,
          a.lose_gammon - b.lose_gammon, a.lose_backgammon - b.lose_backgammon};
}

struct GameTargets {
  std::vector<PositionRecord> kept;
  uint8_t unfinished = 0;
};
// A thread's self-play and the search that values its games' positions.
struct OutcomeThread {
  OutcomeThread(std::shared_ptr<const NeuralModel> model, const Rules& rules)
      : self(std::move(model), rules), search(rules, self.evaluator, outcome_search_config()) {}
  SelfPlayThread self;
  Search search;
};

}  // namespace

std::vector<Probabilities> outcome_targets(const std::vector<Probabilities>& one_ply,
                                           const std::vector<Probabilities>& after_play) {
  const size_t n = std::min(one_ply.size(), after_play.size());
  std::vector<Probabilities> y(n);
  if (n == 0) return y;
  // Unclamped along the way (clamping would bias the sum); clamped once per target at the end.
  y[n - 1] = one_ply[n - 1];
  for (size_t t = n - 1; t-- > 0;) y[t] = plus(one_ply[t], minus(invert(y[t + 1]), after_play[t]));
  for (Probabilities& p : y) p = make_consistent(p);
  return y;
}

SearchConfig outcome_search_config() {
  SearchConfig c;
  c.ply = 1;
  c.prune_keep = 0;  // the full net's best play of every roll, as the greedy player's
  return c;
}

std::vector<Probabilities> game_outcome_targets(const PlayedGame& game, Search& search) {
  const size_t n = game.positions.size();
  std::vector<Probabilities> one_ply(n), after_play(n);
  for (size_t t = 0; t < n; ++t) {
    one_ply[t] = search.evaluate(game.positions[t], 1);
    after_play[t] = t + 1 < n ? invert(game.values[t + 1]) : game.result;
  }
  // A deadlock ends the game on a turn without a play whatever the roll: the last position is
  // worth the draw exactly, and the streak of forfeits before it carries that back.
  if (game.deadlocked && n > 0) one_ply[n - 1] = game.result;
  return outcome_targets(one_ply, after_play);
}

Result<std::vector<PositionRecord>> sample_outcome_targets(
    const std::shared_ptr<const NeuralModel>& model, const SamplingConfig& c,
    const std::function<bool(const Position&)>& skip, SampleStatistics* statistics,
    const std::function<void(long long, long long)>& progress) {
  if (c.alternatives > 0)
    return make_error(
        "outcome targets need the game after each position: alternatives (plays not made) have "
        "none");
  const Rules& rules = model->rules();
  SelfPlayOptions options;
  options.exploration = c.exploration;
  const int games = std::max(0, c.games);
  std::vector<GameTargets> played(static_cast<size_t>(games));
  const int threads = std::max(1, c.threads);
  for (int block = 0; block < games; block += kGamesPerBlock) {
    const int end = std::min(games, block + kGamesPerBlock);
    run_seeded(
        {block, end - block, threads, 1}, [&] { return OutcomeThread(model, rules); },
        [&](OutcomeThread& thread, long long k) {
          const uint64_t seed = game_seed(c.seed, uint64_t(c.first_game + k));
          const PlayedGame game = thread.self.player.play(thread.self.evaluator, seed, options);
          GameTargets& out = played[size_t(k)];
          if (!game.finished) {
            out.unfinished = 1;
            return;
          }
          const size_t n = game.positions.size();
          const std::vector<Probabilities> y = game_outcome_targets(game, thread.search);
          Rng keep(seed ^ kSampleKeepStream);
          for (size_t t = 1; t < n; ++t)  // t = 0: the starting position
            if (keep.uniform() < c.keep) out.kept.push_back({game.positions[t], y[t]});
        });
    if (progress) progress(end, games);
  }
  SampleStatistics st;
  st.games = games;
  FirstOccurrences firsts;
  std::vector<PositionRecord> result;
  for (const GameTargets& g : played) {
    st.unfinished_games += g.unfinished;
    for (const PositionRecord& r : g.kept) {
      ++st.candidates;
      if (terminal_probabilities(rules, r.position) || (skip && skip(r.position))) {
        ++st.skipped;
        continue;
      }
      if (!firsts.add(r.position)) {
        ++st.repeats;
        continue;
      }
      result.push_back(r);
    }
  }
  if (statistics) *statistics = st;
  return result;
}

std::vector<CalibrationBin> calibration_bins(std::span<const PositionRecord> targets,
                                             std::span<const Probabilities> net,
                                             const Rules& rules) {
  constexpr int kBins = 9;
  std::array<double, kBins> sum{}, sum2{};
  std::array<std::array<double, 5>, kBins> fields{};
  std::array<long long, kBins> count{};
  const size_t n = std::min(targets.size(), net.size());
  for (size_t i = 0; i < n; ++i) {
    const double e = cubeless_equity(net[i], rules);
    const int bin = std::clamp(int(std::lround(e * 4.0)), -4, 4) + 4;
    const double d = double(cubeless_equity(targets[i].target, rules)) - e;
    sum[size_t(bin)] += d, sum2[size_t(bin)] += d * d, ++count[size_t(bin)];
    const Probabilities& t = targets[i].target;
    const Probabilities& v = net[i];
    const std::array<float, 5> diff = {
        t.win - v.win, t.win_gammon - v.win_gammon, t.win_backgammon - v.win_backgammon,
        t.lose_gammon - v.lose_gammon, t.lose_backgammon - v.lose_backgammon};
    for (size_t f = 0; f < 5; ++f) fields[size_t(bin)][f] += diff[f];
  }
  std::vector<CalibrationBin> bins;
  for (int b = 0; b < kBins; ++b) {
    const long long k = count[size_t(b)];
    if (k == 0) continue;
    CalibrationBin c;
    c.centre = (b - 4) / 4.0;
    c.positions = k;
    c.equity = sum[size_t(b)] / double(k);
    c.equity_se =
        std::sqrt(std::max(0.0, sum2[size_t(b)] / double(k) - c.equity * c.equity) / double(k));
    const auto& f = fields[size_t(b)];
    c.difference = {float(f[0] / double(k)), float(f[1] / double(k)), float(f[2] / double(k)),
                    float(f[3] / double(k)), float(f[4] / double(k))};
    bins.push_back(c);
  }
  return bins;
}

}  // namespace nard

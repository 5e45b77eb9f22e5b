#include "training/strength.h"

#include <cmath>
#include <vector>

#include "core/work_share.h"
#include "play/duel.h"
#include "play/seeded_games.h"
#include "search/greedy_player.h"
#include "search/heuristic_player.h"
#include "search/pubeval.h"

namespace nard::training {

std::string Opponent::name() const {
  switch (kind) {
    case OpponentKind::Pubeval:
      return "pubeval";
    case OpponentKind::Heuristic:
      return "heuristic";
    case OpponentKind::Net:
      return "net";
  }
  return "?";
}

namespace {
// A player with whatever it needs to live (its evaluator), one per thread.
struct PlayerHolder {
  std::unique_ptr<NeuralEvaluator> evaluator;
  std::unique_ptr<Player> player;
};

PlayerHolder make_net_player(const Rules& rules, std::shared_ptr<const NeuralModel> model) {
  PlayerHolder h;
  h.evaluator = std::make_unique<NeuralEvaluator>(std::move(model));
  h.player = std::make_unique<GreedyPlayer>(rules, *h.evaluator);
  return h;
}
}  // namespace

Result<StrengthResult> measure_strength(const Rules& rules,
                                        std::shared_ptr<const NeuralModel> model,
                                        const Opponent& opponent, int games, uint64_t seed,
                                        int threads) {
  const std::unique_ptr<Communicator> alone = Communicator::single();
  return measure_strength(*alone, rules, std::move(model), opponent, games, seed, threads);
}

Result<StrengthResult> measure_strength(Communicator& comm, const Rules& rules,
                                        std::shared_ptr<const NeuralModel> model,
                                        const Opponent& opponent, int games, uint64_t seed,
                                        int threads) {
  std::optional<PubevalWeights> pubeval;
  if (opponent.kind == OpponentKind::Pubeval) {
    if (rules.variant != Variant::Backgammon)
      return make_error("pubeval plays standard backgammon only, not " +
                        std::string(variant_name(rules.variant)));
    Result<PubevalWeights> w = load_pubeval(default_pubeval_path());
    if (!w) return w.error();
    pubeval = *w;
  }
  if (opponent.kind == OpponentKind::Net && !opponent.net)
    return make_error("no opponent net given");
  const int pairs = (games + 1) / 2;
  const std::vector<long long> mine = share_of(comm, (long long)pairs * 2);
  std::vector<DuelGame> played(mine.size());
  // Each thread's two players.
  struct Sides {
    PlayerHolder me, them;
  };
  const auto make_sides = [&] {
    Sides s{make_net_player(rules, model), {}};
    if (opponent.kind == OpponentKind::Pubeval)
      s.them.player = std::make_unique<PubevalPlayer>(*pubeval);
    else if (opponent.kind == OpponentKind::Heuristic)
      s.them.player = std::make_unique<HeuristicPlayer>(rules);
    else
      s.them = make_net_player(rules, opponent.net);
    return s;
  };
  // Game i of a pair: the net starts the even ones; both games of pair i / 2 share its dice.
  run_seeded({0, (long long)mine.size(), threads, 1}, make_sides, [&](Sides& s, long long k) {
    const long long i = mine[size_t(k)];
    played[size_t(k)] = play_duel_game(rules, *s.me.player, *s.them.player, i % 2 == 0,
                                       game_seed(seed, uint64_t(i / 2)));
  });
  std::vector<DuelGame> results;
  if (comm.size() == 1) {
    results = std::move(played);
  } else {
    // Rank 0 gathers every game and sends them all back: every rank returns the same result.
    Result<std::vector<DuelGame>> all = gather_values<DuelGame>(comm, (long long)pairs * 2, played);
    if (!all) return all.error();
    Result<std::string> bytes = from_root(comm, [&]() -> Result<std::string> {
      ByteWriter w;
      w.put_vector(*all);
      return w.take();
    });
    if (!bytes) return bytes.error();
    ByteReader in(*bytes);
    if (!in.get_vector(results) || !in.at_end() || results.size() != size_t(pairs) * 2)
      return make_error("malformed match results from rank 0");
  }
  StrengthResult r;
  r.opponent = opponent.name();
  r.games = pairs * 2;
  double sum = 0, sum_sq = 0;
  for (int p = 0; p < pairs; ++p) {
    double pair_points = 0;
    for (int k = 0; k < 2; ++k) {
      const DuelGame& g = results[size_t(p) * 2 + k];
      if (!g.result.over()) {
        ++r.unfinished;
        continue;
      }
      if (g.result.outcome == Outcome::Draw) {
        ++r.draws;
        continue;
      }
      const double pts = g.result.mover_wins ? g.result.points : -g.result.points;
      (g.result.mover_wins ? r.wins : r.losses)++;
      pair_points += pts;
    }
    const double mean = pair_points / 2;
    sum += mean;
    sum_sq += mean * mean;
  }
  r.points_per_game = sum / pairs;
  const double var = pairs > 1 ? (sum_sq - sum * sum / pairs) / (pairs - 1) : 0.0;
  r.standard_error = std::sqrt(std::max(0.0, var) / pairs);
  return r;
}

}  // namespace nard::training

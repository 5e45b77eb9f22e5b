#include "bench/cube_positions.h"

#include <algorithm>
#include <array>
#include <unordered_set>

#include "game/dice.h"
#include "play/self_play.h"

namespace nard {

namespace {

// Positions still wanted of each kind (indexed by PositionKind).
std::array<int, 3> quotas(const CubeSampleConfig& c) { return {c.contact, c.race, c.bearoff}; }

bool all_met(const std::array<int, 3>& left) {
  return left[0] <= 0 && left[1] <= 0 && left[2] <= 0;
}

}  // namespace

CubeSampleSet sample_cube_positions(const Rules& rules, Evaluator& evaluator,
                                    const CubeSampleConfig& config) {
  CubeSampleSet set;
  std::array<int, 3> left = quotas(config);
  std::unordered_set<uint64_t> seen;  // Position::hash of the positions kept
  GamePlayer player(rules);
  const SelfPlayOptions options;  // greedy on both sides
  const int keep_one_in = config.keep_one_in < 1 ? 1 : config.keep_one_in;
  for (int game = 0; game < config.max_games && !all_met(left); ++game, ++set.games) {
    const PlayedGame played =
        player.play(evaluator, game_seed(config.seed, uint64_t(game)), options);
    Rng keep_rng(game_seed(~config.seed, uint64_t(game)));  // apart from the dice
    std::array<bool, 3> taken{};                            // kinds already kept from this game
    // values[t] is the net's value of positions[t] (side on roll); t = 0 is the opening.
    for (size_t t = 1; t < played.positions.size() && t < played.values.size(); ++t) {
      const Position& pos = played.positions[t];
      const int k = int(classify_for_cube(pos).kind);
      if (left[k] <= 0 || taken[k]) continue;
      if (PositionKind(k) == PositionKind::Bearoff &&
          std::max(pos.mover_on_board(), pos.opp_on_board()) > config.bearoff_max_checkers)
        continue;
      const Probabilities p = make_consistent(played.values[t]);
      const bool in_window = p.win >= config.min_win && p.win <= config.max_win;
      if (in_window && keep_rng.below(uint32_t(keep_one_in)) == 0 &&
          seen.insert(pos.hash()).second) {
        set.samples.push_back({pos, PositionKind(k), p, game, int(t)});
        taken[k] = true;
        --left[k];
      }
    }
  }
  return set;
}

}  // namespace nard

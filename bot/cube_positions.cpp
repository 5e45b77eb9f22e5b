#include "bot/cube_positions.h"

#include <array>
#include <unordered_set>

#include "bot/greedy_player.h"
#include "engine/dice.h"
#include "engine/game.h"
#include "engine/movegen.h"

namespace nard {

namespace {

constexpr int kMaxTurns = 10000;

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
  MoveGenerator gen(rules);
  PlayList list;
  GreedyPlayer player(rules, evaluator);
  const int keep_one_in = config.keep_one_in < 1 ? 1 : config.keep_one_in;
  for (int game = 0; game < config.max_games && !all_met(left); ++game, ++set.games) {
    Rng dice_rng(game_seed(config.seed, uint64_t(game)));
    Rng keep_rng(
        game_seed(~config.seed, uint64_t(game)));  // apart, so keeping never moves the dice
    std::array<bool, 3> taken{};                   // kinds already kept from this game
    Position pos = start_position(rules);
    for (int turn = 0; turn < kMaxTurns; ++turn) {
      if (turn > 0) {
        const PositionKind kind = classify_for_cube(pos).kind;
        const int k = int(kind);
        if (left[k] > 0 && !taken[k]) {
          Probabilities p;
          evaluator.evaluate({&pos, 1}, {&p, 1});
          p = make_consistent(p);
          const bool in_window = p.win >= config.min_win && p.win <= config.max_win;
          if (in_window && keep_rng.below(uint32_t(keep_one_in)) == 0 &&
              seen.insert(pos.hash()).second) {
            set.samples.push_back({pos, kind, p, game, turn});
            taken[k] = true;
            --left[k];
          }
        }
      }
      Dice dice = dice_rng.roll();
      if (turn == 0 && rules.opening == Opening::Both)
        while (dice.is_double()) dice = dice_rng.roll();
      const int n = gen.generate(pos, dice, list.positions.get());
      if (n == 0) {
        pos.set_mover_first_turn(false);
        pos = pos.flipped();
        continue;
      }
      const std::span<const Position> plays(list.positions.get(), size_t(n));
      const Position next = plays[size_t(player.choose(pos, dice, plays))];
      if (game_result(rules, next).over()) break;
      pos = next.flipped();
    }
  }
  return set;
}

}  // namespace nard

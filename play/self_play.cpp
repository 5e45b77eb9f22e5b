#include "play/self_play.h"

#include "game/dice.h"
#include "game/game.h"
#include "game/movegen/movegen.h"

namespace nard {

namespace {
// Both sides forfeiting this many turns in a row is a total deadlock: a draw (rules.md §3.7).
constexpr int kDeadlockForfeits = 200;
constexpr uint64_t kExplorationStream = 0x9E3779B97F4A7C15ull;
}  // namespace

struct GamePlayer::Impl {
  Rules rules;
  MoveGenerator generator;
  PlayList plays;
  std::vector<Position> flipped;
  std::vector<Probabilities> probs;
  explicit Impl(const Rules& r) : rules(r), generator(r) {}
};

GamePlayer::GamePlayer(const Rules& rules) : impl_(std::make_unique<Impl>(rules)) {}
GamePlayer::~GamePlayer() = default;

PlayedGame GamePlayer::play(Evaluator& evaluator, uint64_t seed, const SelfPlayOptions& config,
                            const TurnObserver& observer) {
  Impl& m = *impl_;
  Rng dice(seed);
  Rng explore(seed ^ kExplorationStream);
  PlayedGame g;
  Position pos = start_position(m.rules);
  g.values.push_back(Probabilities{});  // V_0 is never used
  int forfeits_in_row = 0;
  for (int turn = 0; turn < config.max_turns; ++turn) {
    g.positions.push_back(pos);
    g.explored.push_back(0);
    g.turns = turn + 1;
    Dice d = dice.roll();
    if (turn == 0 && m.rules.opening == Opening::Both)
      while (d.is_double()) d = dice.roll();
    const int n = m.generator.generate(pos, d, m.plays.positions.get());
    if (n == 0) {
      if (++forfeits_in_row >= kDeadlockForfeits) {
        g.result = draw_probabilities();
        g.finished = true;
        g.deadlocked = true;
        return g;
      }
      Position next = pos;
      next.set_mover_first_turn(false);
      next = next.flipped();
      Probabilities v;
      evaluator.evaluate({&next, 1}, {&v, 1});
      g.values.push_back(v);
      pos = next;
      continue;
    }
    forfeits_in_row = 0;
    m.flipped.resize(n);
    m.probs.resize(n);
    for (int i = 0; i < n; ++i) m.flipped[i] = m.plays.positions[i].flipped();
    evaluator.evaluate(m.flipped, m.probs);
    int pick = 0;
    bool explored = false;
    if (config.exploration > 0 && explore.uniform() < config.exploration) {
      pick = int(explore.below(uint32_t(n)));
      explored = true;
    } else {
      // The best play for the mover is the worst position for the opponent on roll.
      float best = cubeless_equity(m.probs[0], m.rules);
      for (int i = 1; i < n; ++i) {
        const float e = cubeless_equity(m.probs[i], m.rules);
        if (e < best) best = e, pick = i;
      }
    }
    if (observer)
      observer({turn,
                pos,
                d,
                {m.flipped.data(), size_t(n)},
                {m.probs.data(), size_t(n)},
                pick,
                explored});
    if (game_result(m.rules, m.plays.positions[pick]).over()) {
      g.result = invert(*terminal_probabilities(m.rules, m.flipped[pick]));
      g.finished = true;
      return g;
    }
    g.values.push_back(m.probs[pick]);
    g.explored.back() = explored ? 1 : 0;
    pos = m.flipped[pick];
  }
  return g;  // unfinished
}

}  // namespace nard

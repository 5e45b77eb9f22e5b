#include "play/self_play.h"

#include "game/dice.h"
#include "game/game.h"
#include "game/match.h"
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

namespace {

// Self-play's agent on both sides: the 0-ply greedy net (the play whose result, evaluated with the
// opponent on roll, is worst for the opponent), a uniformly random play with probability
// `exploration`; it writes the game's record as it goes.
class SelfPlayAgent final : public Agent {
 public:
  SelfPlayAgent(const Rules& rules, Evaluator& evaluator, const SelfPlayOptions& options,
                const TurnObserver& observer, uint64_t seed, std::vector<Position>& flipped,
                std::vector<Probabilities>& probs, PlayedGame& game)
      : rules_(rules),
        evaluator_(evaluator),
        options_(options),
        observer_(observer),
        explore_(seed ^ kExplorationStream),
        flipped_(flipped),
        probs_(probs),
        game_(game) {}

  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView&) override {
    const int n = int(plays.size());
    flipped_.resize(n);
    probs_.resize(n);
    for (int i = 0; i < n; ++i) flipped_[i] = plays[i].flipped();
    evaluator_.evaluate(flipped_, probs_);
    int pick = 0;
    bool explored = false;
    if (options_.exploration > 0 && explore_.uniform() < options_.exploration) {
      pick = int(explore_.below(uint32_t(n)));
      explored = true;
    } else {
      // The best play for the mover is the worst position for the opponent on roll.
      float best = cubeless_equity(probs_[0], rules_);
      for (int i = 1; i < n; ++i) {
        const float e = cubeless_equity(probs_[i], rules_);
        if (e < best) best = e, pick = i;
      }
    }
    if (observer_)
      observer_({game_.turns - 1,
                 pos,
                 dice,
                 {flipped_.data(), size_t(n)},
                 {probs_.data(), size_t(n)},
                 pick,
                 explored});
    if (game_result(rules_, plays[pick]).over()) {
      game_.result = invert(*terminal_probabilities(rules_, flipped_[pick]));
      game_.finished = true;
    } else {
      game_.values.push_back(probs_[pick]);
      game_.explored.back() = explored ? 1 : 0;
    }
    return pick;
  }

 private:
  const Rules& rules_;
  Evaluator& evaluator_;
  const SelfPlayOptions& options_;
  const TurnObserver& observer_;
  Rng explore_;
  std::vector<Position>& flipped_;
  std::vector<Probabilities>& probs_;
  PlayedGame& game_;
};

}  // namespace

// The game runs through the one game loop of game/match.h (cubeless, the first roll to player
// 0, the dice of Rng(seed)); the hooks record every turn's position and, after a forfeited roll,
// the net's value of the position it leaves.
PlayedGame GamePlayer::play(Evaluator& evaluator, uint64_t seed, const SelfPlayOptions& config,
                            const TurnObserver& observer) {
  Impl& m = *impl_;
  Rng dice(seed);
  PlayedGame g;
  g.values.push_back(Probabilities{});  // V_0 is never used
  SelfPlayAgent agent(m.rules, evaluator, config, observer, seed, m.flipped, m.probs, g);
  Agent* const agents[2] = {&agent, &agent};
  GameOptions options;
  options.first_player = 0;
  options.cubeless = true;
  options.max_turns = config.max_turns;
  options.deadlock_forfeits = kDeadlockForfeits;
  options.on_roll = [&](const Position& pos, Dice) {
    g.positions.push_back(pos);
    g.explored.push_back(0);
    g.turns = int(g.positions.size());
  };
  options.on_forfeit = [&](const Position& next) {
    Probabilities v;
    evaluator.evaluate({&next, 1}, {&v, 1});
    g.values.push_back(v);
  };
  const GameRecord record =
      play_game(m.rules, agents, dice, options, m.generator, m.plays.positions.get());
  if (record.deadlocked) {
    g.result = draw_probabilities();
    g.finished = true;
    g.deadlocked = true;
  }
  return g;  // finished by the agent when a play ended the game; unfinished at the turn limit
}

}  // namespace nard

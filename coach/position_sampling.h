// Positions for supervised training, sampled from self-play: games of the one self-play loop
// (play/self_play.h) with epsilon-exploration, so that positions a greedy net would never reach
// (after an odd play) are covered too. Every position met (side on roll, before the roll) is a
// candidate; the sample keeps each with probability `keep` (neighbouring positions of one game are
// strongly correlated), drops exact repeats (the opening positions recur in every game), and drops
// positions whose value needs no net: finished games and, when `skip` is given, the positions it
// covers (backgammon bear-offs valued exactly by the bear-off database).
//
// With `alternatives` K > 0, a turn (kept with probability `keep`, drawn apart from the positions')
// also contributes the results of the net's K best plays other than the one made: the positions a
// move choice compares, which self-play alone reaches only through exploration. They are positions
// of the same kind (the opponent on roll, before the roll) and follow the game's own positions in
// the sample.
//
// With `play_groups` K >= 2 (instead of alternatives), the sample is made of play groups instead of
// the games' positions: a turn (kept with probability `keep`, drawn apart as for alternatives) with
// at least K different plays gives the results of the net's K best plays (the one made among them
// when the net chose it), best first: the plays a move choice weighs, for a ranking fit
// (training/supervised.h). The sample lists the groups one after another (K positions each); a
// group with a position that `skip` drops or a finished game is dropped whole, and so is a group
// of the same K positions as an earlier one (the openings).
//
// Determinism: game g uses game_seed(seed, g); the keep decisions come from the game's own
// stream; the result lists positions in game order (first occurrence), whatever the thread count
// or the number of ranks: with `comm`, rank r plays games r, r + size, ... (core/work_share.h),
// rank 0 gathers every game's positions and sends them to every rank, and every rank returns
// the same sample. Every rank of `comm` must call with the same arguments.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

#include "core/distributed.h"
#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"
#include "nn/evaluator.h"

namespace nard {

// The stream (game seed ^ this) of a game's keep decisions: one uniform draw per position met after
// the starting one, kept when below SamplingConfig::keep (coach/outcome_targets.h keeps the same).
inline constexpr uint64_t kSampleKeepStream = 0x6B656570ull;  // "keep"

// The sample's repeat filter: add() is true for a position's first occurrence (and for a different
// position that shares an earlier one's hash), false for an exact repeat.
class FirstOccurrences {
 public:
  bool add(const Position& p) {
    const auto [it, fresh] = seen_.try_emplace(p.hash(), p);
    return fresh || !(it->second == p);
  }

 private:
  std::unordered_map<uint64_t, Position> seen_;
};

struct SamplingConfig {
  long long first_game = 0;  // game indices [first_game, first_game + games)
  int games = 1000;
  uint64_t seed = 1;
  double exploration = 0.05;  // per move
  double keep = 0.5;          // probability of keeping a candidate position
  int alternatives = 0;  // per kept turn: the results of this many of the net's next-best plays
  int play_groups = 0;   // >= 2: the sample is play groups of this many plays (see above)
  int threads = 2;
};

struct SampleStatistics {
  long long games = 0, unfinished_games = 0;
  long long candidates =
      0;  // positions met (excluding each game's starting position), and alternatives
  long long alternatives = 0;    // of the candidates, results of plays not made
  long long groups = 0;          // play groups in the sample (play_groups)
  long long groups_dropped = 0;  // play groups dropped: a repeat, a skipped or a finished position
  long long repeats = 0;         // dropped as exact repeats
  long long skipped = 0;         // dropped by `skip` (or a finished game)
};

// The `skip` of the samplers that leaves out what `model`'s bear-off database covers (those
// positions are exact and need no training); empty when the model has none.
std::function<bool(const Position&)> skip_bearoff_database(const NeuralModel& model);

// Plays the games with `model` (0-ply greedy, both sides) and returns the sampled positions.
// `skip(pos)` true drops a position (may be empty). `progress(games_done, games)` is called from
// the calling thread now and then.
std::vector<Position> sample_positions(
    const std::shared_ptr<const NeuralModel>& model, const SamplingConfig& config,
    const std::function<bool(const Position&)>& skip, SampleStatistics* statistics = nullptr,
    const std::function<void(long long, long long)>& progress = {});

// The same with the games spread over the ranks of `comm` (progress: this rank's share, scaled to
// all the games). Fails only when a rank fails or stops answering.
Result<std::vector<Position>> sample_positions(
    Communicator& comm, const std::shared_ptr<const NeuralModel>& model,
    const SamplingConfig& config, const std::function<bool(const Position&)>& skip,
    SampleStatistics* statistics = nullptr,
    const std::function<void(long long, long long)>& progress = {});

}  // namespace nard

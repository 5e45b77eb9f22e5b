// Head-to-head play of two sides, A and B: money games, or matches to match_length points, over
// seeded units on OpenMP threads. A unit is a duplicate pair (one dice sequence played twice with
// the seats exchanged, which cuts the variance) or, without duplicate dice, one game (match).
// Unit u uses the dice of game_seed(seed, u), so the results do not depend on the thread count.
// Each thread plays with agents of its own (ThreadAgents), made once per thread.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/result.h"
#include "game/match.h"
#include "game/match_record.h"

namespace nard {

struct HeadToHeadConfig {
  int games = 1000;      // games (matches) in all; a duplicate pair counts two
  int match_length = 0;  // 0: money games
  bool duplicate = true;
  int threads = 0;  // OpenMP threads; 0: all cores
  uint64_t seed = 1;
  bool record = false;  // keep every game's actions, with A as player 0
};

// One thread's agents: the rotation of games (one entry, or Tavli's three) with A as player 0.
// The implementation owns the agents the slots point to.
class ThreadAgents {
 public:
  virtual ~ThreadAgents() = default;
  virtual const std::vector<SessionSlot>& rotation() const = 0;
};
// Makes one thread's agents; called once on each thread.
using MakeThreadAgents = std::function<Result<std::unique_ptr<ThreadAgents>>()>;

// Game outcomes counted from A's side, money games: [A single, gammon, backgammon, B single,
// gammon, backgammon] (gammon and backgammon are disjoint classes).
using OutcomeCounts = std::array<long long, 6>;

struct HeadToHeadResult {
  long long played = 0;  // games (matches) played
  long long a_wins = 0;
  // A's points per game (matches: the fraction of matches A won) and its standard error, over
  // the units.
  double mean = 0.0, se = 0.0;
  OutcomeCounts outcomes{};  // money games only
  // With config.record: money games, one list per unit (its games in order); matches, one list
  // per match (its games); units in order.
  std::vector<std::vector<MatchGame>> recorded;
};

// Plays the units. `progress(done, total)` (may be empty) is called with games (matches) done,
// from one thread at a time. Fails with the first failure of any thread: agents that could not be
// made, or an exception of an agent (an outside player such as gnubg dying).
Result<HeadToHeadResult> play_head_to_head(
    const HeadToHeadConfig& config, const MakeThreadAgents& make_agents,
    const std::function<void(long long, long long)>& progress);

// A game with its players exchanged (positions are seen from the mover, so only the indices
// change): for recording every game with side A as player 0.
MatchGame with_players_swapped(MatchGame g);

}  // namespace nard

#include "play/head_to_head.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <string>

#include "game/dice.h"
#include "game/game_replay.h"
#include "game/movegen/movegen.h"
#include "play/seeded_games.h"

namespace nard {

MatchGame with_players_swapped(MatchGame g) {
  for (MatchAction& a : g.actions) a.player = 1 - a.player;
  if (g.end.winner >= 0) g.end.winner = 1 - g.end.winner;
  std::swap(g.score[0], g.score[1]);
  return g;
}

namespace {

void count_outcome(const GameRecord& r, int a_player, OutcomeCounts& counts) {
  if (r.winner < 0) return;
  const int level = r.result.outcome == Outcome::Backgammon ? 2
                    : r.result.outcome == Outcome::Gammon   ? 1
                                                            : 0;
  ++counts[size_t((r.winner == a_player ? 0 : 3) + level)];
}

// What one unit gave.
struct UnitResult {
  double value = 0;  // A's points per game (matches: matches won) of the unit
  int a_wins = 0, played = 0;
  OutcomeCounts outcomes{};
  std::vector<std::vector<MatchGame>> recorded;
};

// The rotation with the seats exchanged: B is player 0.
std::vector<SessionSlot> exchanged(std::vector<SessionSlot> rotation) {
  for (SessionSlot& s : rotation) std::swap(s.agents[0], s.agents[1]);
  return rotation;
}

// Plays unit u with A as player 0 in its first game and player 1 in the replay. Exceptions of the
// agents propagate.
UnitResult play_unit(const HeadToHeadConfig& c,
                     const std::array<std::vector<SessionSlot>, 2>& seats, uint64_t seed,
                     MoveGenerator& gen, Position* buffer) {
  UnitResult u;
  double total = 0;
  for (int swap = 0; swap < (c.duplicate ? 2 : 1); ++swap) {
    const std::vector<SessionSlot>& rotation = seats[size_t(swap)];
    const Rules& rules = rotation[0].rules;
    Agent* const agents[2] = {rotation[0].agents[0], rotation[0].agents[1]};
    const int a_player = swap;
    if (c.match_length > 0) {
      const SessionResult s = play_session(rotation, seed, c.match_length, 0, c.record);
      if (c.record) {
        std::vector<MatchGame> games;
        for (const MatchGame& g : s.recorded) games.push_back(swap ? with_players_swapped(g) : g);
        u.recorded.push_back(std::move(games));
      }
      const bool won = s.match_winner == a_player;
      total += won, u.a_wins += won;
    } else {
      Rng rng(seed);
      GameOptions go;
      GameReplay replay(rules, 0, {0, 0}, false);
      if (c.record) go.replay = &replay;
      const GameRecord r = play_game(rules, agents, rng, go, gen, buffer);
      if (c.record) {
        if (u.recorded.empty()) u.recorded.emplace_back();
        u.recorded[0].push_back(swap ? with_players_swapped(replay.game(1)) : replay.game(1));
      }
      total += r.winner < 0 ? 0 : r.winner == a_player ? r.points : -r.points;
      u.a_wins += r.winner == a_player;
      count_outcome(r, a_player, u.outcomes);
    }
    ++u.played;
  }
  u.value = total / u.played;
  return u;
}

HeadToHeadResult summarise(std::vector<UnitResult>& units) {
  HeadToHeadResult r;
  double sum = 0, ss = 0;
  for (UnitResult& u : units) {
    sum += u.value, r.played += u.played, r.a_wins += u.a_wins;
    for (size_t k = 0; k < r.outcomes.size(); ++k) r.outcomes[k] += u.outcomes[k];
    for (std::vector<MatchGame>& m : u.recorded) r.recorded.push_back(std::move(m));
  }
  const double n = double(units.size());
  r.mean = sum / n;
  for (const UnitResult& u : units) ss += (u.value - r.mean) * (u.value - r.mean);
  r.se = units.size() > 1 ? std::sqrt(ss / (n - 1) / n) : 0.0;
  return r;
}

// A thread's agents, its two seatings of them and its game loop's scratch.
struct ThreadSeats {
  ThreadSeats(const MakeThreadAgents& make, const std::function<void(const std::string&)>& fail,
              bool skip)
      : agents(made(make, fail, skip)),
        seats(agents ? std::array<std::vector<SessionSlot>, 2>{agents->rotation(),
                                                               exchanged(agents->rotation())}
                     : std::array<std::vector<SessionSlot>, 2>{}),
        gen(seats[0].empty() ? Rules{} : seats[0][0].rules),
        buffer(new Position[kMaxPlays]) {}
  static std::unique_ptr<ThreadAgents> made(const MakeThreadAgents& make,
                                            const std::function<void(const std::string&)>& fail,
                                            bool skip) {
    if (skip) return nullptr;
    Result<std::unique_ptr<ThreadAgents>> r = make();
    if (r) return std::move(r).value();
    fail(r.error().message);
    return nullptr;
  }
  std::unique_ptr<ThreadAgents> agents;
  std::array<std::vector<SessionSlot>, 2> seats;
  MoveGenerator gen;
  std::unique_ptr<Position[]> buffer;
};

}  // namespace

Result<HeadToHeadResult> play_head_to_head(
    const HeadToHeadConfig& c, const MakeThreadAgents& make_agents,
    const std::function<void(long long, long long)>& progress) {
  const int n_units = c.duplicate ? (c.games + 1) / 2 : c.games;
  std::vector<UnitResult> units(static_cast<size_t>(n_units));
  std::atomic<bool> failed{false};
  std::string failure;  // the first failure of any thread
  const std::function<void(const std::string&)> record_failure = [&](const std::string& message) {
#pragma omp critical(head_to_head_failure)
    if (!failed) failure = message, failed = true;
  };
  // Progress in games (matches): a unit is a duplicate pair (or one game without duplicates).
  const long long per_unit = c.duplicate ? 2 : 1;
  std::function<void(long long, long long)> units_done;
  if (progress) {
    progress(0, c.games);
    units_done = [&](long long done, long long) {
      progress(std::min<long long>(done * per_unit, c.games), c.games);
    };
  }
  run_seeded(
      {0, n_units, c.threads, 1}, [&] { return ThreadSeats(make_agents, record_failure, failed); },
      [&](ThreadSeats& t, long long u) {
        if (failed || !t.agents) return;
        try {
          units[size_t(u)] =
              play_unit(c, t.seats, game_seed(c.seed, uint64_t(u)), t.gen, t.buffer.get());
        } catch (const std::exception& e) {  // an outside player failing (gnubg dying)
          record_failure(e.what());
        }
      },
      units_done);
  if (failed) return make_error(failure);
  return summarise(units);
}

}  // namespace nard

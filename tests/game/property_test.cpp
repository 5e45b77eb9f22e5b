// Property tests of the backgammon-family move generator over random games (game/playout.h)
// on the six backgammon presets: wbf, iran, ru_short, arab_tawla, gr_portes, tr_tavla.
//
// 100,002 games in all. On every play of every game:
//   * conservation: Position::is_consistent;
//   * no duplicates: the generated positions of a roll are pairwise distinct;
//   * a play ends the game exactly when it bears off the 15th checker, and every possible end
//     is scored as rules.md §2.4 says for the preset (single 1, gammon 2, backgammon 3 or 2);
//   * every game ends, with the result of one of its last turn's plays, won by the side that
//     moved last.
// On every turn of every 8th game (1.2 million turns), legality and completeness: the SET of
// generated plays equals the set of a referee written here from rules.md (§1.3, §1.4, §2.2,
// §2.5, errata 2 and 7) without looking at game/movegen/movegen.cpp. The referee enumerates sub-move
// sequences one checker at a time, tracks which checkers hit this turn, and applies the
// maximal-dice rule to the finished sequences; so every generated play is reachable by legal
// sub-moves, uses the most dice (the larger die when only one can be played), no legal play is
// missing, and a roll is forfeited exactly when no sub-move is legal.
// Games run on OpenMP threads with per-game seeds (game_seed), so results do not depend on the
// thread count or schedule.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "formats/notation.h"
#include "game/playout.h"
#include "tests/support/sanitized_build.h"

namespace nard {
namespace {

// ---------------------------------------------------------------------------------------------
// A 64-bit mix of a position's 32 bytes (our own, so that the test does not trust
// Position::hash()).
uint64_t mix(const Position& p) {
  std::array<uint64_t, 4> w;
  std::memcpy(w.data(), &p, sizeof(Position));
  uint64_t h = (w[0] * 0x9E3779B97F4A7C15ull) ^ (w[1] * 0xC2B2AE3D27D4EB4Full) ^
               (w[2] * 0x165667B19E3779F9ull) ^ (w[3] * 0xD6E8FEB86659FD93ull);
  return h ^ (h >> 29);
}

// The first position of plays[0..n) that occurs twice, or nullptr. `scratch` is reused.
const Position* find_duplicate(const Position* plays, int n,
                               std::vector<std::pair<uint64_t, int>>& scratch) {
  scratch.clear();
  for (int i = 0; i < n; ++i) scratch.emplace_back(mix(plays[i]), i);
  std::sort(scratch.begin(), scratch.end());
  for (size_t i = 0; i < scratch.size(); ++i)  // equal positions have equal mixes
    for (size_t j = i + 1; j < scratch.size() && scratch[j].first == scratch[i].first; ++j)
      if (plays[scratch[i].second] == plays[scratch[j].second]) return &plays[scratch[i].second];
  return nullptr;
}

// A set of positions, reused turn after turn: open addressing, emptied in O(1) by a stamp.
class PositionSet {
 public:
  void clear() {
    if (++stamp_ == 0) {
      std::fill(stamps_.begin(), stamps_.end(), 0u);
      stamp_ = 1;
    }
    items_.clear();
  }
  // True when p was not in the set yet.
  bool insert(const Position& p) {
    size_t i = find(p);
    if (stamps_[i] == stamp_) return false;
    stamps_[i] = stamp_;
    slots_[i] = p;
    items_.push_back(p);
    return true;
  }
  bool contains(const Position& p) const { return stamps_[find(p)] == stamp_; }
  const std::vector<Position>& items() const { return items_; }  // in insertion order

 private:
  static constexpr size_t kSize = size_t(1) << 17;  // > 4 * kMaxPlays: short probe chains
  static_assert(kSize > 4 * kMaxPlays);
  size_t find(const Position& p) const {
    for (size_t i = size_t(mix(p)) & (kSize - 1);; i = (i + 1) & (kSize - 1))
      if (stamps_[i] != stamp_ || slots_[i] == p) return i;
  }
  std::vector<Position> slots_ = std::vector<Position>(kSize);
  std::vector<uint32_t> stamps_ = std::vector<uint32_t>(kSize, 0u);
  uint32_t stamp_ = 1;
  std::vector<Position> items_;
};
static_assert(sizeof(Position) == 4 * sizeof(uint64_t));

// ---------------------------------------------------------------------------------------------
// The referee.

// A position during a turn, plus how many of the mover's checkers on each point hit this turn
// (the "same checker" bookkeeping of rules.md §2.5, errata 2).
struct TurnState {
  Position pos;
  std::array<int8_t, kPoints + 1> hitters{};  // index 1..24
};

class Referee {
 public:
  explicit Referee(const Rules& rules) : rules_(rules) {}

  // Writes every legal play of the roll into `plays` (distinct resulting positions); none when
  // the roll cannot be played at all.
  void legal_plays(const Position& start, Dice dice, PositionSet& plays) {
    dice_ = dice.normalised();
    plays_ = &plays;
    plays.clear();
    best_ = -1;
    seen_.clear();
    TurnState root;
    root.pos = start;
    search(root, dice_.is_double() ? 4 : 3);  // doubles: dice left; else bit0 high, bit1 low
    if (best_ == 0) plays.clear();            // not one die can be played: the turn is forfeited
  }

  // Sub-moves refused so far only because the checker had hit this turn (§2.5).
  uint64_t refusals() const { return refusals_; }

 private:
  // One checker moves `die` pips from `from` (kBar = the bar); `hitter` says whether it is one
  // of the checkers that hit this turn. Returns false when the sub-move is illegal.
  // `all_home`: every mover checker is on 1..6 (none on the bar); `highest`: his highest point.
  bool submove(const TurnState& s, int from, int die, bool hitter, bool all_home, int highest,
               TurnState& next) {
    const Position& p = s.pos;
    if (from == kBar) {
      if (hitter) return false;  // a checker on the bar has not hit this turn
    } else if (hitter ? s.hitters[from] == 0 : p.at(from) - s.hitters[from] == 0) {
      return false;
    }
    const int to = from - die;
    bool hit = false;
    if (to >= 1) {
      if (p.at(to) <= -2) return false;  // a point held by the opponent (§2.2)
      hit = p.at(to) == -1;
    } else if (!all_home || (to < 0 && from != highest)) {
      return false;  // bearing off (§1.4): all home; a larger die only from the highest point
    }
    if (hitter) {  // §2.5: what the checker that hit may still do
      const bool refused =
          rules_.hit_continuation == HitContinuation::NoRun ||
          (rules_.hit_continuation == HitContinuation::NoHide && to >= 1 && p.at(to) > 0);
      if (refused) {
        ++refusals_;
        return false;
      }
    }
    next = s;
    Position& q = next.pos;
    if (from == kBar) {
      --q.mover_bar;
    } else {
      q.set(from, p.at(from) - 1);
      if (hitter) --next.hitters[from];
    }
    if (to <= 0) {
      ++q.mover_off;
      return true;
    }
    if (hit) {
      q.set(to, 1);
      ++q.opp_bar;
    } else {
      q.set(to, p.at(to) + 1);
    }
    const bool restricted_hit = hit && rules_.hit_continuation != HitContinuation::Free &&
                                (rules_.hit_scope == HitScope::Anywhere || to <= 6);
    if (hitter || restricted_hit) ++next.hitters[to];
    return true;
  }

  void search(const TurnState& s, uint8_t remaining) {
    if (!first_visit(s, remaining)) return;
    const Position& p = s.pos;
    int highest = 0;
    for (int q = kPoints; q >= 1 && !highest; --q)
      if (p.at(q) > 0) highest = q;
    const bool all_home = p.mover_bar == 0 && highest <= 6;
    const bool doubles = dice_.is_double();
    bool moved = false;
    for (int slot = 0; slot < (doubles ? 1 : 2); ++slot) {
      if (!doubles && !(remaining & (1u << slot))) continue;
      const int die = slot == 0 ? dice_.d1 : dice_.d2;
      const uint8_t left = doubles ? uint8_t(remaining - 1) : uint8_t(remaining & ~(1u << slot));
      for (int from = kBar; from >= 1; --from) {
        if (from == kBar ? p.mover_bar == 0 : p.mover_bar > 0 || p.at(from) <= 0) continue;
        for (int hitter = 0; hitter < 2; ++hitter) {
          TurnState next;
          if (!submove(s, from, die, hitter == 1, all_home, highest, next)) continue;
          moved = true;
          if (next.pos.mover_off == kCheckers || left == 0) {
            // The 15th checker off ends the turn, but counts only the dice it used (errata 7:
            // in backgammon a play that uses more dice is required where one exists).
            finish(next.pos, left);
          } else {
            search(next, left);
          }
        }
      }
    }
    if (!moved) finish(p, remaining);
  }

  // The maximal-dice rule (§1.3) as a score: more dice first; when one die of two different
  // ones is played, the larger scores more (the 15th checker off too: errata 7).
  void finish(const Position& pos, uint8_t remaining) {
    int score;
    if (dice_.is_double()) {
      score = 2 * (4 - remaining);
    } else {
      const bool high_left = remaining & 1, low_left = remaining & 2;
      const int used = 2 - high_left - low_left;
      score = 2 * used + (used == 1 && !high_left ? 1 : 0);
    }
    if (score < best_) return;
    if (score > best_) {
      best_ = score;
      plays_->clear();
    }
    plays_->insert(pos);
  }

  // Memo of the states already searched (same position, hitters and dice left). Only doubles
  // reach one state by many orders; a non-double has at most two orders.
  struct StateKey {
    std::array<uint8_t, sizeof(Position) + kPoints + 2> bytes{};
    bool operator==(const StateKey& o) const { return bytes == o.bytes; }
  };
  struct StateKeyHash {
    size_t operator()(const StateKey& k) const {
      uint64_t h = 1469598103934665603ull;  // FNV-1a
      for (uint8_t b : k.bytes) h = (h ^ b) * 1099511628211ull;
      return size_t(h);
    }
  };
  bool first_visit(const TurnState& s, uint8_t remaining) {
    if (!dice_.is_double()) return true;
    StateKey key;
    std::memcpy(key.bytes.data(), &s.pos, sizeof(Position));
    std::memcpy(key.bytes.data() + sizeof(Position), s.hitters.data(), s.hitters.size());
    key.bytes.back() = remaining;
    return seen_.insert(key).second;
  }

  const Rules& rules_;
  Dice dice_{};
  int best_ = -1;
  uint64_t refusals_ = 0;
  PositionSet* plays_ = nullptr;
  std::unordered_set<StateKey, StateKeyHash> seen_;
};

// ---------------------------------------------------------------------------------------------
// The scoring of rules.md §2.4, written out per preset: single 1, gammon 2, and a backgammon
// (loser has nothing off and a checker on the bar or in the winner's home) worth 3, or 2 in
// Portes and Tavla, which have no backgammon.
GameResult expected_result(const Position& final_position, int backgammon_points) {
  const Position& p = final_position;  // seen from the winner, who just bore off his 15th
  if (p.opp_off > 0) return {Outcome::Single, true, 1};
  bool trapped = p.opp_bar > 0;
  for (int m = 1; m <= 6; ++m) trapped |= p.at(m) < 0;
  if (trapped && backgammon_points == 3) return {Outcome::Backgammon, true, 3};
  return {Outcome::Gammon, true, 2};
}

// ---------------------------------------------------------------------------------------------

struct PresetCase {
  const char* preset;
  int backgammon_points;  // rules.md §2.4: 3, or 2 where the game has no backgammon
};

// 6 x 16,667 = 100,002 games. Every game gets the cheap checks on every play; every 8th game
// is also refereed turn by turn (the referee costs about twice the move generator). Debug and
// sanitizer builds, ~20x slower, play 1/20 of the games with the same checks.
#if defined(NDEBUG) && !NARD_SANITIZED_BUILD
constexpr int kGamesPerPreset = 16667;
#else
constexpr int kGamesPerPreset = 834;
#endif
constexpr int kRefereeEvery = 8;
constexpr int kMaxTurns = 20000;  // random games last ~96 turns; none may reach this

struct Tally {
  uint64_t games = 0, turns = 0, refereed_turns = 0, plays = 0, forfeits = 0;
  uint64_t singles = 0, gammons = 0, backgammons = 0, refusals = 0;
  void add(const Tally& o) {
    games += o.games;
    turns += o.turns;
    refereed_turns += o.refereed_turns;
    plays += o.plays;
    forfeits += o.forfeits;
    singles += o.singles;
    gammons += o.gammons;
    backgammons += o.backgammons;
    refusals += o.refusals;
  }
};

struct Failure {
  int game;
  std::string what;
};

std::string describe(const Position& p) { return format_notation(p); }

// A run seed per preset, so that presets with the same move rules play different games.
uint64_t run_seed(std::string_view preset) {
  uint64_t h = 0x6e617264;  // "nard"
  for (char c : preset) h = (h ^ uint8_t(c)) * 1099511628211ull;
  return h;
}

// Plays the preset's games and checks every property above (failures are reported through
// gtest; the first 10, in game order).
void check_random_games(const PresetCase& pc) {
  const Rules rules = *rules_preset(pc.preset);
  const uint64_t seed = run_seed(pc.preset);
  Tally total;
  std::vector<Failure> failures;

#pragma omp parallel num_threads(omp_get_max_threads())
  {
    MoveGenerator gen(rules);
    Referee referee(rules);
    std::unique_ptr<Position[]> buffer(new Position[kMaxPlays]);
    PositionSet ours, legal;  // refereed turns only
    std::vector<std::pair<uint64_t, int>> scratch;
    Tally tally;
    std::vector<Failure> found;
#pragma omp for schedule(dynamic, 64)
    for (int g = 0; g < kGamesPerPreset; ++g) {
      Rng rng(game_seed(seed, uint64_t(g)));
      const bool refereed = g % kRefereeEvery == 0;
      int failures_here = 0;
      auto fail = [&](std::string what) {
        if (failures_here++ < 3) found.push_back({g, std::move(what)});
      };
      std::vector<GameResult> endings;  // results of the game-ending plays of the last turn
      auto visit = [&](const Position& pos, Dice dice, const Position* plays, int n) {
        endings.clear();
        ++tally.turns;
        tally.plays += uint64_t(n);
        tally.forfeits += n == 0;
        auto where = [&] { return describe(pos) + " roll " + dice.str(); };
        if (!pos.is_consistent() || pos.mover_off == kCheckers || pos.opp_off == kCheckers)
          fail("bad position before the roll: " + where());
        if (const Position* twice = find_duplicate(plays, n, scratch))
          fail("duplicate play " + describe(*twice) + " from " + where());
        for (int i = 0; i < n; ++i) {
          const Position& q = plays[i];
          if (!q.is_consistent()) {
            std::string why;
            q.is_consistent(&why);
            fail("inconsistent play " + describe(q) + " (" + why + ") from " + where());
          }
          const GameResult r = game_result(rules, q);
          if (r.over() != (q.mover_off == kCheckers))
            fail("game end misjudged after " + describe(q) + " from " + where());
          if (r.over()) {
            const GameResult want = expected_result(q, pc.backgammon_points);
            if (r.outcome != want.outcome || r.points != want.points || !r.mover_wins)
              fail("scored " + std::to_string(r.points) + " (" + outcome_name(r.outcome, rules) +
                   "), not " + std::to_string(want.points) + ", after " + describe(q));
            endings.push_back(r);
          }
        }
        if (!refereed) return;
        ++tally.refereed_turns;
        referee.legal_plays(pos, dice, legal);
        ours.clear();
        for (int i = 0; i < n; ++i) ours.insert(plays[i]);
        bool same = legal.items().size() == ours.items().size();
        for (int i = 0; i < n && same; ++i) same = legal.contains(plays[i]);
        if (!same) {
          std::string diff;
          for (const Position& q : ours.items())
            if (!legal.contains(q)) diff += "\n  illegal: " + describe(q);
          for (const Position& q : legal.items())
            if (!ours.contains(q)) diff += "\n  missing: " + describe(q);
          fail("plays differ from the referee's from " + where() + diff);
        }
      };
      const PlayoutStats st =
          random_playout(gen, buffer.get(), start_position(rules), rng, kMaxTurns, visit);
      ++tally.games;
      if (!st.result.over()) {
        fail("the game did not end within " + std::to_string(kMaxTurns) + " turns");
        continue;
      }
      if (st.last_mover != (st.turns - 1) % 2) fail("the winner is not the side that moved last");
      const bool possible = std::any_of(endings.begin(), endings.end(), [&](const GameResult& r) {
        return r.outcome == st.result.outcome && r.points == st.result.points;
      });
      if (!possible) fail("the game's result is not that of a game-ending play of its last turn");
      switch (st.result.outcome) {
        case Outcome::Single:
          ++tally.singles;
          break;
        case Outcome::Gammon:
          ++tally.gammons;
          break;
        case Outcome::Backgammon:
          ++tally.backgammons;
          break;
        default:
          fail("outcome " + outcome_name(st.result.outcome, rules) + " in backgammon");
      }
    }
    tally.refusals = referee.refusals();
#pragma omp critical
    {
      total.add(tally);
      failures.insert(failures.end(), found.begin(), found.end());
    }
  }

  std::sort(failures.begin(), failures.end(),
            [](const Failure& a, const Failure& b) { return a.game < b.game; });
  for (size_t i = 0; i < failures.size() && i < 10; ++i)
    ADD_FAILURE() << pc.preset << " game " << failures[i].game << ": " << failures[i].what;
  EXPECT_TRUE(failures.empty()) << failures.size() << " failures in " << pc.preset;
  EXPECT_EQ(total.games, uint64_t(kGamesPerPreset));
  // The data exercised what it is meant to: forfeits, every outcome the preset has, and (for
  // the house rules of §2.5) sub-moves the hitting checker was not allowed.
  EXPECT_GT(total.forfeits, 0u);
  EXPECT_GT(total.singles, 0u);
  EXPECT_GT(total.gammons, 0u);
  EXPECT_EQ(total.backgammons > 0, pc.backgammon_points == 3);
  EXPECT_EQ(total.refusals > 0, rules.hit_continuation != HitContinuation::Free);
  std::printf(
      "[ %s ] %llu games, %llu turns (%llu refereed), %.1f plays a turn, %llu forfeits;"
      " %llu single, %llu gammon, %llu backgammon; %llu sub-moves refused to a hitter\n",
      pc.preset, (unsigned long long)total.games, (unsigned long long)total.turns,
      (unsigned long long)total.refereed_turns, double(total.plays) / double(total.turns),
      (unsigned long long)total.forfeits, (unsigned long long)total.singles,
      (unsigned long long)total.gammons, (unsigned long long)total.backgammons,
      (unsigned long long)total.refusals);
}

// Plain TESTs rather than TEST_P: parameterised registration breaks silently when the tests are
// built with -D_GLIBCXX_DEBUG against a gtest library built without it.
TEST(RandomGames, Wbf) { check_random_games({"wbf", 3}); }
TEST(RandomGames, Iran) { check_random_games({"iran", 3}); }
TEST(RandomGames, RuShort) { check_random_games({"ru_short", 3}); }
TEST(RandomGames, ArabTawla) { check_random_games({"arab_tawla", 3}); }
TEST(RandomGames, GrPortes) { check_random_games({"gr_portes", 2}); }
TEST(RandomGames, TrTavla) { check_random_games({"tr_tavla", 2}); }

}  // namespace
}  // namespace nard

// Property tests of the other games over random games (game/playout.h): 100,000 games per game
// (plakoto, fevga, longnardy, tawla31) with per-game seeds on 2 OpenMP threads, and fewer games
// for the non-default settings. Every play of every roll met is checked for
//   conservation   15 checkers a side (board, pinned, off), the opponent's checkers untouched
//                  (Plakoto: only pinned or freed), the mover's pips down by 1..(sum of dice);
//   uniqueness     no two plays with the same resulting position;
//   bookkeeping    the mover's first-turn flag cleared, the opponent's kept;
//   scoring        game_result() equals an independent scorer written here from rules.md;
// every game must end (the Plakoto deadlock draw included), and on a sample of the rolls met the
// whole set of plays must equal that of the independent generator in tests/support/variant_reference.h:
// every 5th roll of the first 1,500 games of each game (20,000-29,000 rolls each), every 4th roll
// of 400 games for each of 13 non-default settings. Debug and sanitizer builds play 1/20.
//
// NARD_VARIANT_GAMES overrides the number of games of the default presets (for quick local runs).
// Cost (Release, 2 OpenMP threads): about 130 CPU-seconds for the whole file, i.e. about 65-70 s
// of wall clock on two otherwise idle cores (measured 195 s on a machine shared at load 7).
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "formats/notation.h"
#include "game/game.h"
#include "game/playout.h"
#include "tests/support/sanitized_build.h"
#include "tests/support/variant_reference.h"

namespace nard {
namespace {

// Release builds play the full count; Debug and sanitizer builds (~20x slower) 1/20 of it.
#if defined(NDEBUG) && !NARD_SANITIZED_BUILD
constexpr int kScale = 1;
#else
constexpr int kScale = 20;
#endif

int games_for(int fallback) {
  if (const char* env = std::getenv("NARD_VARIANT_GAMES")) return std::max(1, std::atoi(env));
  return fallback / kScale;
}

// --- the independent scorer (rules.md §3.4-3.5, §4.6, §5.3, §6.5-6.6) ---
struct Expected {
  bool over = false;
  bool mover_wins = false;
  int points = 0;
};

Expected expected_result(const Rules& r, const Position& p) {
  auto loser_left = [&] { return 15 - p.opp_off; };
  if (p.mover_off == 15) {
    if (r.counts_checkers_left()) return {true, true, loser_left()};
    return {true, true, p.opp_off == 0 ? 2 : 1};
  }
  if (r.landing == Landing::Pin) {
    // The mothers: a side's last checker on its own 24-point, pinned. Mover's 24 is mover 24;
    // the opponent's 24 is mover 1.
    const bool opp_mother = p.at(1) > 0 && p.pinned_under(1);
    const bool my_mother = p.at(24) < 0 && p.pinned_under(24);
    const bool i_am_on_start = p.at(24) > 0 || my_mother;
    const bool opp_on_start = p.at(1) < 0 || opp_mother;
    const int value = r.counts_checkers_left() ? loser_left() : r.mother_pin_points;
    if (opp_mother && my_mother) return {true, false, 0};
    if (opp_mother && !i_am_on_start) return {true, true, value};
    if (my_mother && !opp_on_start)
      return {true, false, r.counts_checkers_left() ? 15 - p.mover_off : value};
  }
  if (r.variant == Variant::Tawla31 && r.t31_closure == T31Closure::Win) {
    bool holds = true;
    for (int m = 19; m <= 24; ++m) holds &= p.at(m) > 0;
    bool opp_released = p.opp_off > 0;
    for (int q = 1; q <= r.lead_threshold; ++q)
      opp_released |= p.at(flip_point(q, p.geometry())) < 0;
    if (holds && !opp_released) return {true, true, loser_left()};
  }
  return {};
}

struct Stats {
  int64_t games = 0, turns = 0, plays = 0, forfeits = 0, compared = 0, unfinished = 0;
  std::map<int, int64_t> outcomes;  // Outcome -> games
  std::map<int, int64_t> points;    // points -> games
  std::vector<std::string> failures;
  void fail(std::string s) {
    if (failures.size() < 8) failures.push_back(std::move(s));
  }
  void merge(const Stats& o) {
    games += o.games, turns += o.turns, plays += o.plays, forfeits += o.forfeits;
    compared += o.compared, unfinished += o.unfinished;
    for (auto [k, v] : o.outcomes) outcomes[k] += v;
    for (auto [k, v] : o.points) points[k] += v;
    for (const auto& f : o.failures) fail(f);
  }
};

std::string where(const Position& pos, Dice d) { return format_notation(pos) + " roll " + d.str(); }

// Conservation, in one pass over the points: the opponent's checkers (pinned ones included) stay
// on their points, and the mover's checkers (pinned ones included, plus off) stay 15.
struct VariantTally {
  int mover = 0;          // on the board, pinned included, plus off
  int pips = 0;           // the mover's pips
  bool opp_same = false;  // every opponent checker where it was (pinned or not)
};
VariantTally tally(const Position& before, const Position& after) {
  // Checkers on top: a loop the compiler vectorises; then the few pinned points exactly.
  int mover = 0, pips = 0, opp_top_changed = 0;
  for (int i = 0; i < kPoints; ++i) {
    const int a = after.board[size_t(i)], b = before.board[size_t(i)];
    const int mine = a > 0 ? a : 0;
    mover += mine;
    pips += mine * (i + 1);
    opp_top_changed += (a < 0 ? a : 0) != (b < 0 ? b : 0);
  }
  for (uint32_t pins = before.pins() | after.pins(); pins; pins &= pins - 1) {
    const int m = __builtin_ctz(pins) + 1;
    const int b = before.at(m), a = after.at(m);
    const bool pin_b = before.pinned_under(m), pin_a = after.pinned_under(m);
    opp_top_changed -= (a < 0 ? a : 0) != (b < 0 ? b : 0);
    const int opp_b = (b < 0 ? -b : 0) + (b > 0 && pin_b);
    const int opp_a = (a < 0 ? -a : 0) + (a > 0 && pin_a);
    opp_top_changed += opp_a != opp_b;
    if (a < 0 && pin_a) {
      ++mover;
      pips += m;
    }
  }
  VariantTally t;
  t.mover = mover + after.mover_off;
  t.pips = pips;
  t.opp_same =
      opp_top_changed == 0 && after.opp_off == before.opp_off && after.opp_bar == before.opp_bar;
  return t;
}

void check_plays(const Rules& rules, const Position& pos, Dice d, const Position* plays, int n,
                 Stats& st, std::vector<uint64_t>& hashes) {
  st.plays += n;  // (pos itself was checked as a play of the previous turn, or is the start)
  const int most_pips = d.is_double() ? 4 * d.d1 : d.d1 + d.d2;
  const int pips_before = pos.mover_pips();
  hashes.clear();
  for (int i = 0; i < n; ++i) {
    const Position& p = plays[i];
    hashes.push_back(p.hash());
    const VariantTally t = tally(pos, p);
    if (t.mover != 15 || !t.opp_same || p.mover_bar)
      st.fail("checkers not conserved: " + format_notation(p) + " from " + where(pos, d));
    if (rules.landing != Landing::Pin && p.pins())
      st.fail("a pin outside Plakoto: " + format_notation(p));
    const int moved = pips_before - t.pips;
    if (moved <= 0 || moved > most_pips)
      st.fail("mover's pips changed by " + std::to_string(moved) + ": " + format_notation(p) +
              " from " + where(pos, d));
    if (p.mover_first_turn()) st.fail("first-turn flag kept: " + format_notation(p));
    if (p.opp_first_turn() != pos.opp_first_turn() || p.geometry() != pos.geometry())
      st.fail("flags changed: " + format_notation(p));
    const GameResult got = game_result(rules, p);
    const Expected want = expected_result(rules, p);
    if (got.over() != want.over ||
        (want.over && (got.mover_wins != want.mover_wins || got.points != want.points)))
      st.fail("game_result of " + format_notation(p) + ": over " + std::to_string(got.over()) +
              " points " + std::to_string(got.points) + ", expected over " +
              std::to_string(want.over) + " points " + std::to_string(want.points));
  }
  std::sort(hashes.begin(), hashes.end());
  if (std::adjacent_find(hashes.begin(), hashes.end()) != hashes.end())
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < i; ++j)
        if (plays[j] == plays[i])
          st.fail("duplicate play " + format_notation(plays[i]) + " from " + where(pos, d));
}

void compare_with_reference(const Rules& rules, reference::Generator& ref, const Position& pos,
                            Dice d, const Position* plays, int n, Stats& st) {
  ++st.compared;
  std::vector<Position> mine(plays, plays + n);
  std::sort(mine.begin(), mine.end(), [](const Position& a, const Position& b) {
    return std::memcmp(&a, &b, sizeof(Position)) < 0;
  });
  const std::vector<Position> theirs = ref.plays(pos, d.d1, d.d2);
  if (mine == theirs) return;
  std::string msg = "plays differ from the reference for " + where(pos, d) + " (rules " +
                    rules.preset + "): engine " + std::to_string(mine.size()) + ", reference " +
                    std::to_string(theirs.size());
  for (const Position& p : mine)
    if (!std::binary_search(theirs.begin(), theirs.end(), p,
                            [](const Position& a, const Position& b) {
                              return std::memcmp(&a, &b, sizeof(Position)) < 0;
                            }))
      msg += "\n  only engine: " + format_notation(p);
  for (const Position& p : theirs)
    if (!std::binary_search(mine.begin(), mine.end(), p, [](const Position& a, const Position& b) {
          return std::memcmp(&a, &b, sizeof(Position)) < 0;
        }))
      msg += "\n  only reference: " + format_notation(p);
  st.fail(msg);
}

constexpr uint64_t kSeed = 0x5EED0F0A7A11ull;
constexpr int kMaxVariantTurns = 5000;

// Plays `games` random games; compares with the reference every `sample`-th roll met in the
// first `reference_games` games.
Stats run_games(const Rules& rules, int games, int reference_games, int sample) {
  Stats total;
#pragma omp parallel num_threads(2)
  {
    Stats st;
    MoveGenerator gen(rules);
    std::unique_ptr<Position[]> buffer(new Position[kMaxPlays]);
    reference::Generator ref(rules);
    std::vector<uint64_t> hashes;
#pragma omp for schedule(dynamic, 256)
    for (int g = 0; g < games; ++g) {
      Rng rng(game_seed(kSeed, uint64_t(g)));
      if (g == 0 && !start_position(rules).is_consistent())
        st.fail("inconsistent starting position");
      int64_t turn = 0;
      const PlayoutStats ps =
          random_playout(gen, buffer.get(), start_position(rules), rng, kMaxVariantTurns,
                         [&](const Position& pos, Dice d, const Position* plays, int n) {
                           check_plays(rules, pos, d, plays, n, st, hashes);
                           if (g < reference_games &&
                               (uint64_t(g) * 7919 + uint64_t(turn)) % uint64_t(sample) == 0)
                             compare_with_reference(rules, ref, pos, d, plays, n, st);
                           ++turn;
                         });
      ++st.games;
      st.turns += ps.turns;
      st.forfeits += ps.forfeits;
      if (!ps.result.over()) {
        ++st.unfinished;
        st.fail("game " + std::to_string(g) + " did not end in " + std::to_string(kMaxVariantTurns) +
                " turns");
      }
      ++st.outcomes[int(ps.result.outcome)];
      ++st.points[ps.result.points];
    }
#pragma omp critical(nard_variant_property_merge)
    total.merge(st);
  }
  return total;
}

void expect_clean(const Stats& st, int games) {
  EXPECT_EQ(st.games, games);
  EXPECT_EQ(st.unfinished, 0);
  EXPECT_TRUE(st.failures.empty()) << [&] {
    std::string s;
    for (const auto& f : st.failures) s += f + "\n";
    return s;
  }();
}

int64_t count(const Stats& st, Outcome o) {
  auto it = st.outcomes.find(int(o));
  return it == st.outcomes.end() ? 0 : it->second;
}

TEST(VariantProperty, Plakoto) {
  const Rules rules = *rules_preset("plakoto");
  const int games = games_for(100000);
  const Stats st = run_games(rules, games, 1500 / kScale, 5);
  expect_clean(st, games);
  if (games >= 100000) { EXPECT_GT(st.compared, 20000); }
  // Every kind of ending occurs, and scores are 1, 2 (gammon or mother pin) or 0 (draw).
  EXPECT_GT(count(st, Outcome::Single), 0);
  EXPECT_GT(count(st, Outcome::Gammon), 0);
  EXPECT_GT(count(st, Outcome::MotherPin), 0);
  for (auto [points, n] : st.points) EXPECT_TRUE(points >= 0 && points <= 2) << points;
  std::printf(
      "[ plakoto ] %lld games, %lld turns, %lld plays, %lld forfeits, %lld reference checks; "
      "single %lld gammon %lld mother pin %lld draw %lld\n",
      (long long)st.games, (long long)st.turns, (long long)st.plays, (long long)st.forfeits,
      (long long)st.compared, (long long)count(st, Outcome::Single),
      (long long)count(st, Outcome::Gammon), (long long)count(st, Outcome::MotherPin),
      (long long)count(st, Outcome::Draw));
}

TEST(VariantProperty, Fevga) {
  const Rules rules = *rules_preset("fevga");
  const int games = games_for(100000);
  const Stats st = run_games(rules, games, 1500 / kScale, 5);
  expect_clean(st, games);
  if (games >= 100000) { EXPECT_GT(st.compared, 20000); }
  EXPECT_GT(count(st, Outcome::Single), 0);
  EXPECT_GT(count(st, Outcome::Gammon), 0);
  EXPECT_EQ(count(st, Outcome::Single) + count(st, Outcome::Gammon), games);
  std::printf(
      "[ fevga ] %lld games, %lld turns, %lld plays, %lld forfeits, %lld reference checks; single "
      "%lld mars %lld\n",
      (long long)st.games, (long long)st.turns, (long long)st.plays, (long long)st.forfeits,
      (long long)st.compared, (long long)count(st, Outcome::Single),
      (long long)count(st, Outcome::Gammon));
}

TEST(VariantProperty, LongNardy) {
  const Rules rules = *rules_preset("longnardy");
  const int games = games_for(100000);
  const Stats st = run_games(rules, games, 1500 / kScale, 5);
  expect_clean(st, games);
  if (games >= 100000) { EXPECT_GT(st.compared, 20000); }
  EXPECT_GT(count(st, Outcome::Single), 0);
  EXPECT_GT(count(st, Outcome::Gammon), 0);
  EXPECT_EQ(count(st, Outcome::Single) + count(st, Outcome::Gammon), games);
  std::printf(
      "[ longnardy ] %lld games, %lld turns, %lld plays, %lld forfeits, %lld reference checks; oin "
      "%lld mars %lld\n",
      (long long)st.games, (long long)st.turns, (long long)st.plays, (long long)st.forfeits,
      (long long)st.compared, (long long)count(st, Outcome::Single),
      (long long)count(st, Outcome::Gammon));
}

TEST(VariantProperty, Tawla31) {
  const Rules rules = *rules_preset("tawla31");
  const int games = games_for(100000);
  const Stats st = run_games(rules, games, 1500 / kScale, 5);
  expect_clean(st, games);
  if (games >= 100000) { EXPECT_GT(st.compared, 20000); }
  EXPECT_GT(count(st, Outcome::Single), 0);
  EXPECT_EQ(count(st, Outcome::Gammon) + count(st, Outcome::Backgammon), 0)
      << "Tawla 31 counts checkers";
  for (auto [points, n] : st.points) EXPECT_TRUE(points >= 1 && points <= 15) << points;
  std::printf(
      "[ tawla31 ] %lld games, %lld turns, %lld plays, %lld forfeits, %lld reference checks; "
      "bear-off wins %lld closures %lld\n",
      (long long)st.games, (long long)st.turns, (long long)st.plays, (long long)st.forfeits,
      (long long)st.compared, (long long)count(st, Outcome::Single),
      (long long)count(st, Outcome::Closure));
}

// The non-default settings that rules.md names, against the reference on every 4th roll.
TEST(VariantProperty, NonDefaultSettings) {
  for (const char* spec :
       {"plakoto,pinned_blocks_bearoff=false", "mahbusa,mahbusa_scoring=count31",
        "longnardy,head_exception=general", "longnardy,block_check=end_of_turn",
        "longnardy,six_block=home", "longnardy,head_exception_rolls=64",
        "fevga,runner_threshold=12", "fevga,block_check=end_of_turn", "moultezim",
        "tawla31,t31_closure=illegal", "tawla31,t31_closure=ignore",
        "tawla31,t31_geometry=parallel", "tawla31,t31_closure=illegal,block_check=end_of_turn"}) {
    SCOPED_TRACE(spec);
    const Rules rules = *rules_preset(spec);
    const int games = games_for(100000) >= 100000 ? 400 : 400 / 20;
    const Stats st = run_games(rules, games, games, 4);
    expect_clean(st, games);
    if (games >= 400) { EXPECT_GT(st.compared, 5000); }
  }
}

}  // namespace
}  // namespace nard

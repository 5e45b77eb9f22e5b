// One-sided bear-off database for the games with backgammon's bear-off (Variant::Backgammon and
// its presets: contrary movement, hitting, rules.md §1.4/§2.3). Computed from our own rules, no
// data file: every position of one side with all its checkers on its points 1..6 or off.
//
// Position index (combinatorial number system). Let c_p be the side's checkers on its point p
// (1..6, sum <= 15; the rest are off). Lay the 15 checkers and 6 separators out in 21 slots:
// the checkers on 6, a separator, the checkers on 5, a separator, ..., the checkers on 1, a
// separator, then the checkers off. Separator k (k = 1..6) sits in slot
//   s_k = (c_6 + c_5 + ... + c_{7-k}) + (k - 1),   0 <= s_1 < s_2 < ... < s_6 <= 20,
// and the index is the rank of the 6-subset {s_k} of {0..20}:
//   index = C(s_1, 1) + C(s_2, 2) + ... + C(s_6, 6),   a bijection onto [0, C(21,6) = 54,264).
// Index 0 is "all off". Every checker move (p -> q < p, or off) lowers some s_k and raises none,
// so every play strictly lowers the index.
//
// Per position two distributions over the number of the side's own rolls (i = 0, 1, 2, ...):
//   bear_off:  P(the last checker is off after exactly i rolls);
//   first_off: P(the first checker is off after exactly i rolls) (0 rolls when one is already off;
//              used for gammons).
// Each is computed by dynamic programming in increasing pip order over the 21 rolls (weights 1/36
// for doubles, 2/36 otherwise), each roll's play chosen to minimise the expected number of rolls
// of that distribution (gnubg's criterion for its one-sided database); the two are minimised
// separately, each with its own play. Ties between plays of equal expectation go to the lower
// resulting index. Probabilities below 1e-12 at the end of a distribution are folded into the
// last stored entry (so each still sums to 1).
//
// The plays come from a specialised bear-off enumerator of single sub-moves (a side alone on
// points 1..6: nothing blocks, and every die can be played while a checker is left), composed
// through tables of the best position k sub-moves of a die away (bearoff_database.cpp); tests
// check the plays against MoveGenerator and the choices against whole-play minima.
//
// Build: computed in memory on first use, about 0.12-0.15 s on one thread (-O3, shared 2-core
// VM), 4.2 MB; no file is read or written. Commands that never meet a bear-off position pay
// nothing.
//
// Positions with at most a few checkers a side (TwoSidedBearoff::kDefaultCheckers: 6) are valued
// from the two-sided database (nn/bearoff_two_sided.h) instead, exactly, as gnubg does; it too is
// built on first use (about 0.5 s, 13.7 MB) and only when such a position is met.
//
// Thread-safety: immutable once computed (std::call_once); share one instance between threads.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "core/result.h"
#include "game/dice.h"
#include "game/position.h"
#include "game/rules.h"
#include "nn/bearoff_two_sided.h"
#include "nn/probabilities.h"

namespace nard {

class BearoffDatabase {
 public:
  static constexpr int kHomePoints = 6;
  static constexpr int kPositions = 54264;  // C(21, 6)
  // Checkers on the side's points 1..6: counts[p - 1] on point p; the rest (of 15) are off.
  using Counts = std::array<uint8_t, kHomePoints>;

  // The database of `rules`, with the two-sided database of `two_sided_checkers` checkers a side
  // (0: none, one-sided values only; at most TwoSidedBearoff::kMaxCheckers). The tables are
  // computed on the first query that needs them (once; callers on other threads wait for it).
  // Fails for games whose bear-off differs from backgammon's.
  static Result<std::shared_ptr<const BearoffDatabase>> create(
      const Rules& rules, int two_sided_checkers = TwoSidedBearoff::kDefaultCheckers);
  // True for the games create() accepts.
  static bool applies_to(const Rules& rules);

  static int index_of(const Counts& counts);  // precondition: sum <= 15
  static Counts counts_of(int index);         // precondition: 0 <= index < kPositions
  // The indices of the distinct positions after the legal plays of `dice` (sorted): what the
  // table is built from, exposed so that tests can compare it with MoveGenerator.
  static std::vector<int> play_results(const Counts& counts, Dice dice);

  // P(exactly first + k rolls) = distribution[k]; the span is non-empty and sums to 1.
  struct Distribution {
    int first = 0;
    std::span<const float> p;
    double at(int rolls) const {
      const int k = rolls - first;
      return k >= 0 && k < int(p.size()) ? p[size_t(k)] : 0.0;
    }
  };
  Distribution bear_off(int index) const;
  Distribution first_off(int index) const;
  // The minimum expected numbers of rolls the distributions were chosen by.
  double expected_bear_off(int index) const;
  double expected_first_off(int index) const;

  // Both sides have every checker on points 1..6 of their own side or off, none on the bar,
  // neither has borne off all 15, contrary geometry, no pins.
  bool covers(const Position& pos) const;
  // Positions the two-sided database covers (TwoSidedBearoff::covers: both sides home with at most
  // two_sided_checkers() checkers each) get its exact winning chance, no gammons. Otherwise the
  // one-sided approximation: the side on roll rolls first; each side plays its own one-sided
  // optimum:
  //   win        = sum_i A[i] * P(B >= i)
  //   win gammon = sum_i A[i] * P(Bfirst >= i)   (0 when the opponent has borne off a checker)
  //   lose       = sum_j B[j] * P(A > j),  lose gammon = sum_j B[j] * P(Afirst > j)
  //                                               (0 when the side on roll has borne one off)
  // with A, B the bear_off distributions of the side on roll and of the opponent and Afirst,
  // Bfirst their first_off distributions. Backgammons are 0 (neither side has a checker in the
  // other's home). Gammon slots are 0 when the rules have no gammons. Precondition: covers(pos).
  Probabilities probabilities(const Position& pos) const;

  // The one-sided approximation alone, for every position covers() accepts (what probabilities()
  // gives where the two-sided database does not reach).
  Probabilities one_sided_probabilities(const Position& pos) const;

  // The two-sided database (built on the first call), nullptr when created without one.
  const TwoSidedBearoff* two_sided() const;
  int two_sided_checkers() const { return two_sided_checkers_; }
  // True when two_sided() exists and covers `pos` (checked without building it).
  bool two_sided_covers(const Position& pos) const {
    return two_sided_checkers_ > 0 && TwoSidedBearoff::covers(pos, two_sided_checkers_);
  }

  // Bytes of the one-sided tables (computes them if needed).
  size_t memory_bytes() const;

 private:
  BearoffDatabase() = default;
  struct Range {
    uint32_t offset = 0;  // into Tables::values
    uint8_t first = 0;    // rolls of values[offset]
    uint8_t size = 0;
  };
  struct Tables {
    std::vector<Range> bear_off, first_off;  // kPositions each
    std::vector<float> values;
    std::vector<double> expected, first_expected;  // kPositions each
  };
  const Tables& tables() const;  // computes them on the first call (thread-safe)
  static void compute(Tables& t);

  bool gammons_ = true;
  bool beavers_ = false;
  int two_sided_checkers_ = 0;
  mutable std::once_flag computed_;
  mutable Tables tables_;  // written once, under computed_
  mutable std::once_flag two_sided_built_;
  mutable std::unique_ptr<const TwoSidedBearoff>
      two_sided_;  // written once, under two_sided_built_
};

}  // namespace nard

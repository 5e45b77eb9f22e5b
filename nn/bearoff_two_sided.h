// Two-sided bear-off database for backgammon's bear-off (the games BearoffDatabase::applies_to):
// every position where both sides have at most `checkers` checkers left, all on their own points
// 1..6 (none on the bar, none elsewhere), valued exactly by backward induction over both sides'
// plays. GNU Backgammon's default two-sided database has the same extent (6 points, up to 6
// checkers a side: 924 x 924 = 853,776 positions) and the same four values.
//
// A side's index is BearoffDatabase::index_of() of its counts: with at most C checkers on board
// those are exactly the indices [0, C(6 + C, 6)) (the rank's top separator sits in slot on-board +
// 5 <= C + 5), and every play strictly lowers it. Entry (a, b) is the position with the side on
// roll at index a and its opponent at index b; a = 0 (the side on roll has nothing left, which no
// game reaches) is +1 and otherwise b = 0 is -1, as in gnubg's table.
//
// Per entry, four money equities of the side on roll, per unit of the cube, before its roll and
// before its own cube decision (as gnubg's table holds them; the decision is one step away):
//   cubeless       2 P(win) - 1, each play chosen to maximise it;
//   owned          no double, the side on roll owning the cube: ND(owned);
//   centred        no double, the cube in the middle: ND(centred);
//   opponent_owns  the opponent owns it (the side on roll cannot double).
// ND(s) is the average over the 21 rolls of the best play's -E' for the opponent on roll with the
// cube as he sees it, each cube state choosing its own play; E' is the opponent's value after his
// own cube decision, where he may double:
//   E' = max(ND', answer),  answer = min(DT, DP),  DT = 2 opponent_owns' (same entry),  DP = 1
// (with beavers, answer = min(DT, DP, max(2 DT, -2)): the receiver may beaver, the doubler then
// plays on at four times the stake or pays two). Gammons are impossible: a side with at most 14
// checkers on board has borne one off. The cube is geometric. By default it has no cap: the values
// assume any number of redoubles. Built with `doublings` = k >= 0, at most k more doublings are
// possible (a cube k doublings below the rules' cap): a double then leads to the table of k - 1 (a
// beaver to k - 2), and k = 0 is a dead cube (every value the cubeless one). Such a table measures
// the cap's effect (`nard bench bearoff --cap`); double_answer() needs the uncapped one.
//
// Build: computed in memory, from the one-sided play enumerator (BearoffDatabase::play_results), in
// increasing order of a + b (every child (b, a') of (a, b) has a' < a); doubles in the sums, floats
// in the table (16 bytes an entry: 13.7 MB at 6 checkers, built in about 0.4 s on one thread;
// BearoffDatabase builds it on first use).
//
// Thread-safety: immutable once built; share one instance between threads.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "game/position.h"

namespace nard {

class TwoSidedBearoff {
 public:
  static constexpr int kHomePoints = 6;
  static constexpr int kDefaultCheckers = 6;  // gnubg's default two-sided extent
  static constexpr int kMaxCheckers = 8;      // 3003^2 entries, 144 MB: more is not in memory

  // The four equities of an entry, side on roll, per unit of the cube.
  struct Equities {
    float cubeless = 0, owned = 0, centred = 0, opponent_owns = 0;
  };

  static constexpr int kUncapped = -1;

  // Builds the table (precondition: 1 <= checkers <= kMaxCheckers, doublings >= kUncapped);
  // `beavers`: the receiver of a double may beaver (money play's option of the rules).
  TwoSidedBearoff(int checkers, bool beavers, int doublings = kUncapped);

  int checkers() const { return checkers_; }
  bool beavers() const { return beavers_; }
  int doublings() const { return doublings_; }
  int side_positions() const { return sides_; }  // C(6 + checkers, 6)

  // Both sides have every checker on points 1..6 of their own side or off, at most checkers() on
  // board each and at least one, none on the bar, contrary geometry, no pins.
  bool covers(const Position& pos) const { return covers(pos, checkers_); }
  static bool covers(const Position& pos, int checkers);
  // The side's index (BearoffDatabase::index_of of its home counts) of the side on roll and of its
  // opponent. Precondition: covers(pos).
  static std::array<int, 2> indices(const Position& pos);

  // Precondition: 0 <= mover, opponent < side_positions().
  const Equities& at(int mover, int opponent) const {
    return table_[size_t(mover) * size_t(sides_) + size_t(opponent)];
  }
  const Equities& at(const Position& pos) const {  // precondition: covers(pos)
    const std::array<int, 2> i = indices(pos);
    return at(i[0], i[1]);
  }
  // P(the side on roll wins), both sides playing to maximise it. Precondition: covers(pos).
  double win_probability(const Position& pos) const { return 0.5 * (1.0 + at(pos).cubeless); }

  // The doubler's value of a double at entry `e` (side on roll, per unit of the cube before the
  // double): min(DT, DP) (and the beaver). His cubeful equity where he may double is max(ND,
  // double_answer(e)). Precondition: doublings() == kUncapped.
  double double_answer(const Equities& e) const;

  size_t memory_bytes() const { return table_.size() * sizeof(Equities); }

 private:
  // The plays of side index a with roll r (all_rolls() order): plays_[offsets_[21 a + r] ..
  // offsets_[21 a + r + 1]), distinct resulting indices.
  void enumerate_plays();
  using Table = std::vector<Equities>;
  // Fills table_ for doublings_; `lower`, `lowest`: the tables of doublings_ - 1 and - 2 (nullptr
  // when uncapped or below 0).
  void solve(const Table* lower, const Table* lowest);
  // The doubler's answer from the receiver's equities with the doubled cube (take) and the beavered
  // one (beaver), both per unit of the cube before the double.
  double answer(float take, float beaver) const;
  template <class F>
  void each_play(int side, int roll, F&& f) const {
    const size_t k = size_t(side) * 21 + size_t(roll);
    for (uint32_t i = offsets_[k]; i < offsets_[k + 1]; ++i) f(int(plays_[i]));
  }

  int checkers_;
  bool beavers_;
  int doublings_;
  int sides_;
  std::vector<uint32_t> offsets_;
  std::vector<uint16_t> plays_;
  Table table_;
};

}  // namespace nard

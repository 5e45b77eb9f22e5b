// An independent, deliberately simple move generator for the non-hitting games (Plakoto, Long
// Nardy, Fevga, Moultezim, Tawla 31), written from rules.md alone to cross-check
// game/movegen/movegen.cpp in the property and perft tests.
//
// It shares no code with the engine beyond the Position value at its edges. It keeps each side's
// checkers in that side's OWN numbering (rules.md §1.1 "Storage"), enumerates every sub-move
// sequence without memoisation or ordering tricks, and applies the rules literally:
// restrictions per sub-move ("creates a violation that was not there", errata 8) or on the
// final position (end_of_turn, every prefix a candidate), the maximal-dice and larger-die
// rules with game-ending sub-moves counting as all dice (errata 7), then Fevga's unblocking
// obligation, and Long Nardy's general head exception as a second pass (errata 11).
// Slow (exponential in the dice); for tests only. Hitting games are not covered.
#pragma once

#include <algorithm>
#include <array>
#include <cstring>
#include <set>
#include <vector>

#include "game/position.h"
#include "game/rules.h"

namespace nard::reference {

// Side 0 = the side on roll, 1 = the opponent. Points in the side's own numbering 1..24.
struct Board {
  std::array<std::array<int, 25>, 2> top{};     // checkers on top of the side's own point q
  std::array<std::array<bool, 25>, 2> under{};  // a checker of the side pinned under the other side
  std::array<int, 2> off{};
  bool parallel = false;
  bool first_turn[2] = {false, false};

  // The other side's own number of side s's own point q.
  int across(int q) const {
    if (!parallel) return 25 - q;
    return q > 12 ? q - 12 : q + 12;
  }
  int on_board(int s) const {
    int n = 0;
    for (int q = 1; q <= 24; ++q) n += top[s][q] + (under[s][q] ? 1 : 0);
    return n;
  }
};

inline Board from_position(const Position& p) {
  Board b;
  b.parallel = p.geometry() == Geometry::Parallel;
  for (int m = 1; m <= 24; ++m) {
    const int v = p.at(m);
    const int q_opp = b.across(m);
    if (v > 0) {
      b.top[0][m] = v;
      if (p.pinned_under(m)) b.under[1][q_opp] = true;
    } else if (v < 0) {
      b.top[1][q_opp] = -v;
      if (p.pinned_under(m)) b.under[0][m] = true;
    }
  }
  b.off = {p.mover_off, p.opp_off};
  b.first_turn[0] = p.mover_first_turn();
  b.first_turn[1] = p.opp_first_turn();
  return b;
}

inline Position to_position(const Board& b) {
  Position p;
  p.set_geometry(b.parallel ? Geometry::Parallel : Geometry::Contrary);
  for (int q = 1; q <= 24; ++q) {
    if (b.top[0][q]) p.set(q, b.top[0][q]);
    if (b.under[1][b.across(q)] && b.top[0][q]) p.set_pin(q, true);
  }
  for (int q = 1; q <= 24; ++q) {
    const int m = b.across(q);  // across is its own inverse
    if (b.top[1][q]) p.set(m, -b.top[1][q]);
    if (b.under[0][m] && b.top[1][q]) p.set_pin(m, true);
  }
  p.mover_off = uint8_t(b.off[0]);
  p.opp_off = uint8_t(b.off[1]);
  p.set_mover_first_turn(b.first_turn[0]);
  p.set_opp_first_turn(b.first_turn[1]);
  return p;
}

class Generator {
 public:
  explicit Generator(const Rules& r) : r_(r) {}

  // The distinct legal plays of `dice` from `pos` (side on roll), as final positions seen from
  // the mover with his first-turn flag cleared, sorted by their bytes.
  std::vector<Position> plays(const Position& pos, int d1, int d2) {
    start_ = from_position(pos);
    dice_.clear();
    if (d1 == d2)
      dice_ = {d1, d1, d1, d1};
    else
      dice_ = {std::max(d1, d2), std::min(d1, d2)};
    const bool first = start_.first_turn[0] && r_.head_limit > 0;
    int limit = r_.head_limit;
    if (first && r_.head_exception == HeadException::Narrow && d1 == d2 &&
        ((r_.head_exception_rolls >> d1) & 1))
      limit = r_.head_limit + 1;
    std::vector<Candidate> found = search(limit);
    if (first && r_.head_exception == HeadException::General) {
      const int all = int(dice_.size()) * 2;
      if (best_score(found) < all) found = search(r_.head_limit + 1);
    }
    std::vector<Position> out = select(found);
    return unblock(out);
  }

 private:
  struct Candidate {
    Board board;
    int score;  // 2 per die used (all dice when the game ended), +1 for the larger single die
  };

  const Rules& r_;
  Board start_;
  std::vector<int> dice_;
  int head_limit_ = 0;

  static int best_score(const std::vector<Candidate>& c) {
    int best = -1;
    for (const Candidate& x : c) best = std::max(best, x.score);
    return best;
  }

  bool released(const Board& b, int s) const {
    if (b.off[s]) return true;
    for (int q = 1; q <= r_.lead_threshold; ++q)
      if (b.top[s][q]) return true;
    return false;
  }

  bool holds_own(const Board& b, int lo, int hi) const {
    for (int q = lo; q <= hi; ++q)
      if (!b.top[0][q]) return false;
    return true;
  }

  // Long Nardy 6-block in the opponent's numbering.
  bool six_block(const Board& b) const {
    if (r_.six_block == SixBlock::None) return false;
    std::array<bool, 26> held{};
    for (int q = 1; q <= 24; ++q)
      if (b.top[0][q]) held[b.across(q)] = true;
    int run = 0;
    for (int q = 1; q <= 25; ++q) {
      if (q <= 24 && held[q]) {
        ++run;
        continue;
      }
      if (run >= 6) {
        const int lo = q - run;
        bool ahead = b.off[1] > 0, home = b.off[1] > 0;
        for (int k = 1; k <= 24; ++k) {
          if (b.top[1][k] && k < lo) ahead = true;
          if (b.top[1][k] && k <= 6) home = true;
        }
        if (r_.six_block == SixBlock::Forbid) return true;
        if (r_.six_block == SixBlock::AheadRule && !ahead) return true;
        if (r_.six_block == SixBlock::Home && !home) return true;
      }
      run = 0;
    }
    return false;
  }

  bool closure(const Board& b) const { return holds_own(b, 19, 24) && !released(b, 1); }

  // Each restriction separately: "creates a violation that was not there before".
  bool creates(const Board& before, const Board& after) const {
    auto check = [&](auto&& test) { return test(after) && !test(before); };
    if (check([&](const Board& x) { return six_block(x); })) return true;
    if (r_.fevga_start_quarter && check([&](const Board& x) { return holds_own(x, 19, 24); }))
      return true;
    if (r_.moultezim_opp_quarter_limit > 0 && check([&](const Board& x) {
          int n = 0;
          for (int q = 7; q <= 12; ++q) n += x.top[0][q] > 0;
          return n > r_.moultezim_opp_quarter_limit;
        }))
      return true;
    if (r_.t31_closure == T31Closure::Illegal && check([&](const Board& x) { return closure(x); }))
      return true;
    return false;
  }

  bool game_over(const Board& b) const {
    if (b.off[0] == 15) return true;
    if (r_.landing == Landing::Pin) {
      // Mothers: a side's last checker on its own 24, pinned.
      const bool opp_mother = b.under[1][24];
      const bool my_mother = b.under[0][24];
      const bool me_on_start = b.top[0][24] > 0 || my_mother;
      if (opp_mother && (my_mother || !me_on_start)) return true;
    }
    if (r_.t31_closure == T31Closure::Win && closure(b)) return true;
    return false;
  }

  bool all_home(const Board& b) const {
    for (int q = 7; q <= 24; ++q)
      if (b.top[0][q] || b.under[0][q]) return false;
    if (r_.landing == Landing::Pin && r_.pinned_blocks_bearoff)
      for (int q = 1; q <= 6; ++q)
        if (b.under[0][q]) return false;
    return true;
  }

  // One sub-move of side 0 from own point q by d; false when illegal.
  bool step(const Board& b, int q, int d, int head_used, Board& next) const {
    if (b.top[0][q] == 0) return false;
    if (q == 24 && head_limit_ > 0 && head_used >= head_limit_) return false;
    if (r_.lead_rule != LeadRule::None && !released(b, 0)) {
      bool runner_out = false;
      for (int k = r_.lead_threshold + 1; k <= 23; ++k) runner_out |= b.top[0][k] > 0;
      if (runner_out ? (q == 24 || q <= r_.lead_threshold) : q != 24) return false;
    }
    next = b;
    const int t = q - d;
    if (t <= 0) {
      if (!all_home(b)) return false;
      if (t < 0)
        for (int k = q + 1; k <= 6; ++k)
          if (b.top[0][k] || b.under[0][k]) return false;
    } else {
      const int o = b.across(t);
      if (b.top[1][o] > 0) {
        if (r_.landing != Landing::Pin || b.top[1][o] > 1 || b.under[0][t]) return false;
      }
    }
    // leave q
    --next.top[0][q];
    if (next.top[0][q] == 0 && next.under[1][b.across(q)]) {
      next.under[1][b.across(q)] = false;
      next.top[1][b.across(q)] = 1;
    }
    // arrive
    if (t <= 0) {
      ++next.off[0];
    } else {
      const int o = b.across(t);
      if (next.top[1][o] == 1) {  // pin
        next.top[1][o] = 0;
        next.under[1][o] = true;
      }
      ++next.top[0][t];
    }
    return true;
  }

  void dfs(const Board& b, std::vector<int> left, int used, bool larger, int head_used,
           std::vector<Candidate>& out) const {
    const bool eot = r_.block_check == BlockCheck::EndOfTurn;
    bool moved = false;
    for (size_t i = 0; i < left.size(); ++i) {
      if (i > 0 && left[i] == left[i - 1]) continue;  // the same die value twice: same choices
      const int d = left[i];
      std::vector<int> rest = left;
      rest.erase(rest.begin() + long(i));
      for (int q = 24; q >= 1; --q) {
        Board next;
        if (!step(b, q, d, head_used, next)) continue;
        if (!eot && creates(b, next)) continue;
        moved = true;
        const bool big = larger || (dice_.size() == 2 && d == dice_[0]);
        const int n_used = used + 1;
        if (game_over(next)) {
          out.push_back({next, int(dice_.size()) * 2});
        } else if (rest.empty()) {
          out.push_back({next, n_used * 2});
        } else {
          dfs(next, rest, n_used, big, head_used + (q == 24), out);
        }
      }
    }
    if (!moved || eot) {
      int score = used * 2;
      if (dice_.size() == 2 && used == 1 && larger) score += 1;
      out.push_back({b, score});
    }
  }

  std::vector<Candidate> search(int limit) {
    head_limit_ = limit;
    std::vector<Candidate> out;
    dfs(start_, dice_, 0, false, 0, out);
    if (r_.block_check == BlockCheck::EndOfTurn) {
      std::vector<Candidate> kept;
      for (const Candidate& c : out)
        if (!creates(start_, c.board)) kept.push_back(c);
      out = kept;
    }
    return out;
  }

  std::vector<Position> select(const std::vector<Candidate>& found) const {
    const int best = best_score(found);
    std::vector<Position> out;
    if (best <= 0) return out;
    for (const Candidate& c : found) {
      if (c.score != best) continue;
      Board b = c.board;
      b.first_turn[0] = false;
      out.push_back(to_position(b));
    }
    std::sort(out.begin(), out.end(), [](const Position& a, const Position& b) {
      return std::memcmp(&a, &b, sizeof(Position)) < 0;
    });
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  // Fevga rule (b), after §1.3.
  std::vector<Position> unblock(const std::vector<Position>& plays) const {
    if (!r_.fevga_unblock || plays.empty()) return plays;
    int s = 0;
    for (int q = 1; q <= 24; ++q) {
      if (!start_.top[1][q]) continue;
      if (s) return plays;
      s = q;
    }
    if (s < 7) return plays;
    std::vector<int> prime;  // mover points of the opponent's s-1..s-6
    for (int k = 1; k <= 6; ++k) {
      const int m = start_.across(s - k);
      if (!start_.top[0][m]) return plays;
      prime.push_back(m);
    }
    std::vector<Position> kept;
    for (const Position& p : plays) {
      bool opens = false;
      for (int m : prime) opens |= p.at(m) <= 0;
      if (opens) kept.push_back(p);
    }
    return kept.empty() ? plays : kept;
  }
};

}  // namespace nard::reference

#include "game/movegen/movegen.h"

#include <omp.h>

#include <cassert>
#include <cstring>

#include "core/parallel_items.h"
#include "game/movegen/movegen_backgammon.h"
#include "game/movegen/play_score.h"
#include "game/movegen/play_set.h"
#include "game/movegen/restrictions.h"

namespace nard {

namespace {

// One node of the sub-move search.
struct Node {
  Position pos;
  uint32_t taint = 0;     // bit p-1: the checker that hit this turn stands on p (hit continuation)
  uint8_t remaining = 0;  // non-double: bit0 = high die left, bit1 = low die left; double: count
  uint8_t used = 0;       // dice used so far
  uint8_t head_moves = 0;
  uint8_t larger_used = 0;
  int8_t last_from = kBar;  // canonical order for doubles: sources never increase
};

// Visited-state table size (the same growing open addressing as PlaySet).
constexpr uint32_t kTableSize = PlaySet::kCapacity;
static_assert(PlaySet::kCapacity >= 2 * kMaxPlays);

// Visited intermediate states (only when sub-move order matters for legality).
struct StateKey {
  Position pos;
  uint32_t taint;
  uint8_t remaining, head_moves, pad0, pad1;
  bool operator==(const StateKey& o) const { return std::memcmp(this, &o, sizeof(StateKey)) == 0; }
};
static_assert(sizeof(StateKey) == 40);

}  // namespace

struct MoveGenerator::Impl {
  const Rules& rules;
  // output
  Position* out = nullptr;
  Move* moves = nullptr;
  int count = 0;
  int best = -1;
  PlaySet plays;
  // Visited intermediate states, stored densely in visit order with the same growing slot
  // table as PlaySet (most calls visit a few hundred states at most).
  static constexpr uint32_t kSmallTable = 1024;
  ZeroedArray<StateKey> visited = make_zeroed_array<StateKey>(kTableSize / 2);
  ZeroedArray<uint32_t> vslots = make_zeroed_array<uint32_t>(kTableSize);
  uint32_t vstamp = 0;
  uint32_t vmask = kSmallTable - 1;
  uint32_t vcount = 0;
  // per call
  Dice dice{};
  bool doubles = false;
  // Sub-move order cannot change legality in this call: doubles are generated with never-
  // increasing sources (each play once) and non-doubles skip provable reverse-order duplicates.
  bool canonical = false;
  // A sub-move may end the game early in this call (Plakoto mother rule): then the order decides
  // which sub-moves are played at all (see expand()).
  bool endings_possible = false;
  // Which of the rarely used rule families are on (decided once, in the constructor).
  const bool restricted = rules.six_block != SixBlock::None || rules.fevga_start_quarter ||
                          rules.moultezim_opp_quarter_limit > 0 ||
                          rules.t31_closure == T31Closure::Illegal;
  // Per call: whether game_over_after_submove() can be true before the last checker is off
  // (a mother-rule ending or a Tawla 31 closure within reach), and whether the runner/lead rule
  // still applies (release is for good: a released mover stays released all turn).
  bool check_endings = false;
  bool lead_pending = false;
  // Per call: whether a block restriction can be broken at all within this turn (see
  // order_sensitive_rules_may_trigger: it counts the points still missing).
  bool check_violations = false;
  bool track_visits = false;
  int head_limit = 0;
  Position start;
  Move seq{};
  uint64_t nodes = 0;

  explicit Impl(const Rules& r) : rules(r) {}

  void reset_plays() {
    count = 0;
    plays.clear();
  }

  void record(const Node& n, int score) {
    if (score < best) return;
    // end_of_turn: a candidate whose final position creates a violation is not a play at all,
    // so it must not raise the bar of the maximal-dice rule either (checked before `best`).
    if (check_violations && rules.block_check == BlockCheck::EndOfTurn &&
        creates_violation(rules, start, n.pos))
      return;
    if (score > best) {
      best = score;
      reset_plays();
    }
    Position p = n.pos;
    p.set_mover_first_turn(false);
    if (plays.contains_or_add(p.hash(), uint32_t(count), out,
                              [&](uint32_t i) { return out[i] == p; }))
      return;
    assert(count < kMaxPlays);
    out[count] = p;
    if (moves) moves[count] = seq;
    ++count;
  }

  static uint32_t state_hash(const StateKey& k) {
    return uint32_t((k.pos.hash() ^ (uint64_t(k.taint) * 0x9E3779B97F4A7C15ull) ^
                     (uint64_t(k.remaining) << 40) ^ (uint64_t(k.head_moves) << 48)) >>
                    24);
  }

  void reset_visits() {
    vcount = 0;
    vmask = kSmallTable - 1;
    if (++vstamp == 0x10000) {
      std::memset(vslots.get(), 0, sizeof(uint32_t) * kTableSize);
      vstamp = 1;
    }
  }

  // True when the state was seen before in this call (and marks it seen). When the dense store
  // is full, states are no longer remembered: the search stays correct, only slower.
  bool seen(const Node& n) {
    const StateKey k{n.pos, n.taint, n.remaining, n.head_moves, 0, 0};
    uint32_t h = state_hash(k) & vmask;
    for (;;) {
      const uint32_t slot = vslots[h];
      if ((slot >> 16) != vstamp) break;
      if (visited[slot & 0xFFFF] == k) return true;
      h = (h + 1) & vmask;
    }
    if (vcount >= kTableSize / 2 - 1) return false;
    visited[vcount] = k;
    vslots[h] = (vstamp << 16) | vcount;
    ++vcount;
    if (vcount * 2 > vmask + 1 && vmask + 1 < kTableSize) {
      vmask = vmask * 2 + 1;
      if (++vstamp == 0x10000) {
        std::memset(vslots.get(), 0, sizeof(uint32_t) * kTableSize);
        vstamp = 1;
      }
      for (uint32_t i = 0; i < vcount; ++i) {
        uint32_t g = state_hash(visited[i]) & vmask;
        while ((vslots[g] >> 16) == vstamp) g = (g + 1) & vmask;
        vslots[g] = (vstamp << 16) | i;
      }
    }
    return false;
  }

  int score_of(const Node& n) const { return play_score(doubles, n.used, n.larger_used); }

  // Bear-off is allowed when every mover checker is on 1..6, none on the bar, and (Plakoto)
  // none pinned, wherever it is.
  bool can_bear_off(const Position& p) const {
    if (p.mover_bar) return false;
    for (int q = 7; q <= kPoints; ++q)
      if (p.at(q) > 0 || p.mover_pinned_at(q)) return false;
    if (rules.landing == Landing::Pin && rules.pinned_blocks_bearoff)
      for (int q = 1; q <= 6; ++q)
        if (p.mover_pinned_at(q)) return false;
    return true;
  }

  // The lead/runner rule (rules.md §5.2, §6.3): until released, only the checker already on its
  // way may move, or else one checker from the head.
  bool lead_allows(const Position& p, int from) const {
    if (lead_released(rules, p)) return true;
    for (int q = rules.lead_threshold + 1; q < kPoints; ++q)
      if (p.at(q) > 0) return from == q;
    return from == kPoints;
  }

  // Applies one sub-move of distance d from `from`, if legal, and recurses. Returns true if at
  // least one legal sub-move was found.
  bool try_submove(const Node& n, int from, int d, int die_bit, bool only_game_ending = false) {
    const Position& p = n.pos;
    const Rules& r = rules;
    if (from == kBar) {
      if (!p.mover_bar) return false;
    } else {
      if (p.at(from) <= 0) return false;
      if (lead_pending && !lead_allows(p, from)) return false;
      if (from == kPoints && head_limit && n.head_moves >= head_limit) return false;
    }
    const int to = from - d;
    bool hit = false;
    if (to <= 0) {
      if (!can_bear_off(p)) return false;
      if (to < 0)
        for (int q = from + 1; q <= 6; ++q)
          if (p.at(q) > 0 || p.mover_pinned_at(q)) return false;
    } else {
      const int occ = p.at(to);
      if (occ < 0) {
        if (occ < -1 || r.landing == Landing::Block) return false;
        if (r.landing == Landing::Pin && p.pinned_under(to)) return false;
        hit = true;
      }
    }

    // Hit continuation: which checker leaves `from`? A tainted checker is restricted; when the
    // point also holds untainted checkers, both choices are explored (errata 2).
    const bool from_tainted = from != kBar && ((n.taint >> (from - 1)) & 1u);
    bool any = false;
    for (int choice = 0; choice < 2; ++choice) {
      const bool moving_tainted = choice == 1;
      if (moving_tainted && !from_tainted) break;
      if (!moving_tainted && from_tainted && p.at(from) == 1) continue;
      if (moving_tainted) {
        if (r.hit_continuation == HitContinuation::NoRun) continue;
        if (r.hit_continuation == HitContinuation::NoHide && to > 0 && p.at(to) > 0) continue;
      }
      Node c = n;
      Position& q = c.pos;
      // leave the source
      if (from == kBar) {
        --q.mover_bar;
      } else {
        q.set(from, p.at(from) - 1);
        if (q.at(from) == 0 && q.pinned_under(from)) {  // the last top checker frees the pin
          q.set(from, -1);
          q.set_pin(from, false);
        }
        if (moving_tainted) c.taint &= ~(1u << (from - 1));
        if (from == kPoints) ++c.head_moves;
      }
      // land
      if (to <= 0) {
        ++q.mover_off;
      } else if (hit) {
        if (r.landing == Landing::Hit)
          ++q.opp_bar;
        else
          q.set_pin(to, true);
        q.set(to, 1);
        if (r.hit_continuation != HitContinuation::Free &&
            (r.hit_scope == HitScope::Anywhere || to <= 6))
          c.taint |= 1u << (to - 1);
      } else {
        q.set(to, q.at(to) + 1);
        if (moving_tainted) c.taint |= 1u << (to - 1);
      }
      // Every block restriction is a condition on the set of points the mover holds (the
      // opponent's checkers do not move now), so only a sub-move that occupies an empty point
      // can create a violation.
      if (check_violations && r.block_check == BlockCheck::PerSubmove && to > 0 && p.at(to) == 0 &&
          creates_violation(r, p, q))
        continue;

      const bool ends =
          q.mover_off == kCheckers || (check_endings && game_over_after_submove(r, q));
      if (only_game_ending && !ends) continue;
      any = true;
      ++c.used;
      if (doubles) {
        --c.remaining;
        c.last_from = int8_t(from);
      } else {
        c.remaining &= uint8_t(~die_bit);
        if (die_bit == 1) c.larger_used = 1;
      }
      seq.sub[n.used] = SubMove{int8_t(from), int8_t(to <= 0 ? kOff : to), hit};
      seq.count = c.used;
      if (ends) {
        // A sub-move that ends the game counts as using every die (errata 7), except the 15th
        // checker off in backgammon and its presets, where a play using more dice is required.
        record(c, rules.variant == Variant::Backgammon ? score_of(c) : all_dice_score(doubles));
      } else if (c.remaining) {
        if (!(track_visits && seen(c))) expand(c);
      } else {
        record(c, score_of(c));
      }
    }
    return any;
  }

  // Bit p set (p = 1..24) when the mover has a checker on top of point p.
  static uint32_t mover_points(const Position& p) {
    uint32_t m = 0;
    for (int q = 1; q <= kPoints; ++q) m |= uint32_t(p.board[q - 1] > 0) << q;
    return m;
  }

  // Sources worth trying for the high die d when the low die was played first (free hitting
  // rules only). Any other second sub-move b repeats a play found with the high die first:
  // the first sub-move a could not have made b legal (a never closes or opens a point for b)
  // nor b make a illegal, and b is another checker than the one that just moved. The exceptions
  // kept here: the checker that just moved (it continues), everything after an entry from the
  // bar (the bar had to be cleared first), and bear-offs (a may have brought the last checker
  // home, or cleared the points above b). Pruned nodes are dominated, so recording them as
  // one-die leaves is harmless. Not used where a sub-move can end the game early (Plakoto):
  // there the order decides which sub-moves are played at all.
  uint32_t reverse_order_sources(int d) const {
    const SubMove& first = seq.sub[0];
    if (first.from == kBar) return ~0u;
    uint32_t keep = (2u << std::min(d, 6)) - 2;  // from <= d: a bear-off with d
    if (first.to > 0) keep |= 1u << first.to;
    return keep;
  }

  void expand(const Node& n) {
    ++nodes;
    bool any = false;
    const Position& p = n.pos;
    if (doubles) {
      const int d = dice.d1;
      if (p.mover_bar && rules.hitting()) {
        any = try_submove(n, kBar, d, 0);
      } else {
        const int top = canonical ? std::min<int>(n.last_from, kPoints) : kPoints;
        const uint32_t points = mover_points(p);
        for (uint32_t m = points & ((2u << top) - 2); m; m &= ~(1u << (31 - __builtin_clz(m))))
          any |= try_submove(n, 31 - __builtin_clz(m), d, 0);
        // Canonical order with game-ending sub-moves (Plakoto): a sub-move that ends the game
        // may come after lower sources, since nothing is played after it.
        if (canonical && endings_possible)
          for (uint32_t m = points & ~((2u << top) - 1); m; m &= ~(1u << (31 - __builtin_clz(m))))
            any |= try_submove(n, 31 - __builtin_clz(m), d, 0, /*only_game_ending=*/true);
      }
    } else {
      for (int bit = 1; bit <= 2; bit <<= 1) {
        if (!(n.remaining & bit)) continue;
        const int d = bit == 1 ? dice.d1 : dice.d2;
        if (p.mover_bar && rules.hitting()) {
          any |= try_submove(n, kBar, d, bit);
        } else {
          uint32_t sources = mover_points(p);
          if (canonical && !endings_possible && bit == 1 && n.used == 1)
            sources &= reverse_order_sources(d);
          for (uint32_t m = sources; m; m &= ~(1u << (31 - __builtin_clz(m))))
            any |= try_submove(n, 31 - __builtin_clz(m), d, bit);
        }
      }
    }
    if (!any || rules.block_check == BlockCheck::EndOfTurn) {
      seq.count = n.used;
      record(n, score_of(n));
    }
  }

  int run(const Position& pos, Dice d, int limit) {
    dice = d.normalised();
    doubles = dice.is_double();
    head_limit = limit;
    best = -1;
    reset_plays();
    reset_visits();
    Node root;
    root.pos = pos;
    root.remaining = doubles ? 4 : 3;
    seq = Move{};
    expand(root);
    if (best <= 0) count = 0;  // not a single die can be played: the turn is forfeited
    return count;
  }
};

MoveGenerator::MoveGenerator(const Rules& rules, MoveSearch search)
    : rules_(rules),
      impl_(new Impl(rules_)),
      backgammon_(search == MoveSearch::Fastest && BackgammonMoveGenerator::applies(rules_)
                      ? new BackgammonMoveGenerator
                      : nullptr) {}
MoveGenerator::~MoveGenerator() = default;

int MoveGenerator::generate(const Position& pos, Dice dice, Position* out, Move* moves) {
  if (backgammon_ && BackgammonMoveGenerator::applies(pos)) {
    const int n = backgammon_->generate(pos, dice, out, moves);
    nodes_ = backgammon_->nodes_visited();
    return n;
  }
  Impl& g = *impl_;
  g.out = out;
  g.moves = moves;
  g.nodes = 0;
  g.start = pos;
  const Rules& r = rules_;
  // Sub-move order cannot change legality (only which checker ends the game) unless a hit-
  // continuation rule applies (backgammon house rules), the runner/lead checker has not yet been
  // released (Fevga, Tawla 31: others may move only after it), or a block restriction or a Tawla 31
  // closure could be reached within this turn (checked per sub-move). The head limit counts
  // head moves whatever their order. Otherwise doubles may be generated with never-increasing
  // sources, each play once, and non-doubles skip reverse-order duplicates; the Plakoto mother
  // rule, when it could end the game this turn, is handled inside expand().
  g.endings_possible = mother_rule_may_end_turn(r, pos);
  g.lead_pending = r.lead_rule != LeadRule::None && !lead_released(r, pos);
  const bool order_sensitive = order_sensitive_rules_may_trigger(r, pos, dice.normalised());
  g.check_endings = g.endings_possible || (r.t31_closure == T31Closure::Win && order_sensitive);
  g.check_violations = g.restricted && order_sensitive;
  g.canonical = r.hit_continuation == HitContinuation::Free &&
                r.block_check == BlockCheck::PerSubmove && !g.lead_pending && !order_sensitive;
  g.track_visits = dice.is_double() && !g.canonical;

  int limit = r.head_limit;
  const Dice nd = dice.normalised();
  const bool first = pos.mover_first_turn() && r.head_limit > 0;
  if (first && r.head_exception == HeadException::Narrow && nd.is_double() &&
      ((r.head_exception_rolls >> nd.d1) & 1))
    limit = r.head_limit + 1;
  int n = g.run(pos, dice, limit);
  if (first && r.head_exception == HeadException::General) {
    const int all = all_dice_score(nd.is_double());
    if (g.best >= 0 && g.best < all) n = g.run(pos, dice, r.head_limit + 1);
  }
  n = apply_unblocking_obligation(r, pos, out, moves, n);
  nodes_ = g.nodes;
  return n;
}

}  // namespace nard

namespace nard {

std::vector<int> count_plays_batch(const Rules& rules, std::span<const Position> positions,
                                   std::span<const Dice> dice, int threads) {
  const int64_t n = int64_t(positions.size());
  std::vector<int> counts(size_t(n), 0);
  run_seeded(
      {0, n, threads, 64}, [&] { return MovegenThread(rules); },
      [&](MovegenThread& t, long long i) {
        counts[size_t(i)] = t.gen.generate(positions[size_t(i)], dice[size_t(i)], t.buffer.get());
      });
  return counts;
}

}  // namespace nard

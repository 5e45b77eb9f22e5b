#include "game/movegen/movegen_backgammon.h"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstring>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

#include "game/movegen/movegen.h"
#include "game/movegen/play_score.h"
#include "game/movegen/play_set.h"

namespace nard {

namespace {

// A position as one 32-byte vector, in Position's byte layout: bytes 0..23 the points 1..24,
// then the mover's bar, the opponent's bar, the mover's off, the opponent's off, the flags.
using Bytes = int8_t __attribute__((vector_size(32)));
using Words = uint64_t __attribute__((vector_size(32)));
static_assert(sizeof(Bytes) == sizeof(Position));

constexpr int kMoverBarByte = 24;
constexpr int kOppBarByte = 25;
constexpr int kMoverOffByte = 26;
constexpr uint32_t kPointBits = (1u << kPoints) - 1;  // bit p-1: point p
constexpr uint32_t kHomeBits = 0x3Fu;                 // points 1..6

inline Bytes to_bytes(const Position& p) {
  Bytes v;
  std::memcpy(&v, &p, sizeof v);
  return v;
}

// Bit i set when byte i of m has its top bit set (m holds 0 or -1 per byte).
inline uint32_t top_bits(Bytes m) {
#if defined(__AVX2__)
  return uint32_t(_mm256_movemask_epi8(__m256i(m)));
#elif defined(__SSE2__)
  __m128i lo, hi;
  std::memcpy(&lo, &m, 16);
  std::memcpy(&hi, reinterpret_cast<const char*>(&m) + 16, 16);
  return uint32_t(_mm_movemask_epi8(lo)) | uint32_t(_mm_movemask_epi8(hi)) << 16;
#else
  uint32_t r = 0;
  for (int i = 0; i < 32; ++i) r |= uint32_t(m[i] < 0) << i;
  return r;
#endif
}

// Bit p-1 set when the mover has a checker on point p.
inline uint32_t mover_points(Bytes v) { return top_bits(v > Bytes{}) & kPointBits; }

inline uint64_t hash_of(Bytes v) {
  const Words w = Words(v);
  return Position::hash_of_words(w[0], w[1], w[2], w[3]);
}

inline bool same(const Position& p, Bytes v) { return top_bits(to_bytes(p) == v) == 0xFFFFFFFFu; }

struct Node {
  Bytes v;
  uint8_t remaining = 0;  // non-double: bit0 = larger die left, bit1 = smaller; double: count
  uint8_t used = 0;       // dice used so far
  uint8_t larger_used = 0;
  uint8_t last_from = kBar;  // doubles: sources never increase
};

}  // namespace

struct BackgammonMoveGenerator::Impl {
  Bytes unit[32];             // unit[i]: 1 at byte i
  Bytes keep_first_turn_off;  // clears the mover's first-turn flag (as the general search does)
  PlaySet plays;
  Position* out = nullptr;
  Move* moves = nullptr;
  int count = 0;
  int best = -1;
  Dice dice{};
  bool doubles = false;
  Move seq{};
  uint64_t nodes = 0;

  Impl() {
    for (int i = 0; i < 32; ++i) {
      unit[i] = Bytes{};
      unit[i][i] = 1;
    }
    keep_first_turn_off = ~Bytes{};
    static_assert(offsetof(Position, flags) == 28, "the flags are the last word");
    keep_first_turn_off[28 + 25 / 8] = int8_t(~(1 << (25 % 8)));  // flag bit 25
    static_assert(Position::kMoverFirstTurnBit == 1u << 25);
  }

  int score_of(const Node& n) const { return play_score(doubles, n.used, n.larger_used); }

  void record(Bytes v, int score) {
    if (score < best) return;
    if (score > best) {
      best = score;
      count = 0;
      plays.clear();
    }
    v &= keep_first_turn_off;
    if (plays.contains_or_add(hash_of(v), uint32_t(count), out,
                              [&](uint32_t i) { return same(out[i], v); }))
      return;
    assert(count < kMaxPlays);
    std::memcpy(static_cast<void*>(&out[count]), &v, sizeof v);
    if (moves) moves[count] = seq;
    ++count;
  }

  // Sources worth trying for the larger die d after the smaller was played first: the general
  // search's reverse_order_sources (see movegen.cpp for why the others repeat plays), in bits p-1.
  uint32_t reverse_order_sources(int d) const {
    const SubMove& first = seq.sub[0];
    if (first.from == kBar) return ~0u;
    uint32_t keep = (1u << std::min(d, 6)) - 1;
    if (first.to > 0) keep |= 1u << (first.to - 1);
    return keep;
  }

  // One sub-move of distance d from `from` (which holds a mover checker; kBar for the bar), if
  // legal, then the rest of the turn. `points` = mover_points(n.v).
  bool try_submove(const Node& n, uint32_t points, int from, int d, int die_bit) {
    const int to = from - d;
    bool hit = false;
    Bytes v = n.v - unit[from == kBar ? kMoverBarByte : from - 1];
    if (to <= 0) {
      if ((points & ~kHomeBits) || n.v[kMoverBarByte]) return false;  // not all home
      // Bearing off with a larger number than needed: only from the highest point.
      if (to < 0 && (points & kHomeBits & ~((1u << from) - 1))) return false;
      v += unit[kMoverOffByte];
    } else {
      const int occupant = n.v[to - 1];
      if (occupant < -1) return false;
      v += unit[to - 1];
      if (occupant == -1) {  // the blot goes to the bar: -1 becomes +1 there
        hit = true;
        v += unit[to - 1] + unit[kOppBarByte];
      }
    }
    Node c;
    c.v = v;
    c.used = uint8_t(n.used + 1);
    if (doubles) {
      c.remaining = uint8_t(n.remaining - 1);
      c.larger_used = n.larger_used;
      c.last_from = uint8_t(from);
    } else {
      c.remaining = uint8_t(n.remaining & ~die_bit);
      c.larger_used = uint8_t(n.larger_used | (die_bit == 1));
      c.last_from = n.last_from;
    }
    seq.sub[n.used] = SubMove{int8_t(from), int8_t(to <= 0 ? kOff : to), hit};
    seq.count = c.used;
    if (c.v[kMoverOffByte] == kCheckers)
      // The game ends here, but in backgammon the 15th checker off does not void the other die:
      // a play that uses more dice is required where one exists (rules.md errata 7).
      record(c.v, score_of(c));
    else if (c.remaining)
      expand(c);
    else
      record(c.v, score_of(c));
    return true;
  }

  void expand(const Node& n) {
    ++nodes;
    bool any = false;
    const uint32_t points = mover_points(n.v);
    const bool on_bar = n.v[kMoverBarByte] != 0;
    if (doubles) {
      const int d = dice.d1;
      if (on_bar) {
        any = try_submove(n, points, kBar, d, 0);
      } else {
        const int top = std::min<int>(n.last_from, kPoints);
        for (uint32_t m = points & ((1u << top) - 1); m; m &= ~(1u << (31 - __builtin_clz(m))))
          any |= try_submove(n, points, 32 - __builtin_clz(m), d, 0);
      }
    } else {
      for (int bit = 1; bit <= 2; bit <<= 1) {
        if (!(n.remaining & bit)) continue;
        const int d = bit == 1 ? dice.d1 : dice.d2;
        if (on_bar) {
          any |= try_submove(n, points, kBar, d, bit);
        } else {
          uint32_t sources = points;
          if (bit == 1 && n.used == 1) sources &= reverse_order_sources(d);
          for (uint32_t m = sources; m; m &= ~(1u << (31 - __builtin_clz(m))))
            any |= try_submove(n, points, 32 - __builtin_clz(m), d, bit);
        }
      }
    }
    if (!any) {
      seq.count = n.used;
      record(n.v, score_of(n));
    }
  }

  int run(const Position& pos, Dice d) {
    dice = d.normalised();
    doubles = dice.is_double();
    best = -1;
    count = 0;
    plays.clear();
    nodes = 0;
    seq = Move{};
    Node root;
    root.v = to_bytes(pos);
    root.remaining = doubles ? 4 : 3;
    expand(root);
    if (best <= 0) count = 0;  // not a single die can be played: the turn is forfeited
    return count;
  }
};

BackgammonMoveGenerator::BackgammonMoveGenerator() : impl_(new Impl) {}
BackgammonMoveGenerator::~BackgammonMoveGenerator() = default;

bool BackgammonMoveGenerator::applies(const Rules& r) {
  return r.landing == Landing::Hit && r.geometry == Geometry::Contrary &&
         r.hit_continuation == HitContinuation::Free && r.block_check == BlockCheck::PerSubmove &&
         r.head_limit == 0 && r.lead_rule == LeadRule::None && r.six_block == SixBlock::None &&
         !r.fevga_start_quarter && !r.fevga_unblock && r.moultezim_opp_quarter_limit == 0 &&
         r.t31_closure == T31Closure::Ignore;
}

int BackgammonMoveGenerator::generate(const Position& pos, Dice dice, Position* out, Move* moves) {
  Impl& g = *impl_;
  g.out = out;
  g.moves = moves;
  const int n = g.run(pos, dice);
  nodes_ = g.nodes;
  return n;
}

}  // namespace nard

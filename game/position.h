// Position: the whole board, seen from the side on roll (the "mover").
//
// Coordinates (rules.md §1.1): the mover's points are numbered 1..24 by pips still to go, so every
// mover sub-move lowers the point number; 0 is "off" and 25 the bar. The opponent's checkers are
// stored on the same mover-relative points as negative counts. Where an opponent point q of his
// own numbering lies in mover coordinates depends on the game's geometry:
//   contrary movement (backgammon, Plakoto, Tawla 31): mover point = 25 - q
//   parallel movement (Long Nardy, Fevga):             mover point = S(q) = ((q + 11) mod 24) + 1
// The geometry is stored in the position so that flipped() needs no other argument.
//
// Plakoto pins: at most one checker is ever pinned on a point, always of the colour opposite to
// the checkers on top, so one bit per point says "a checker of the other colour lies underneath".
// count(p) counts only the checkers on top.
//
// Long Nardy first-turn flags are explicit state (rules.md §4.3 [R]): a player whose first turn
// has not yet been played may take two checkers from the head on 6-6, 4-4 or 3-3.
//
// Invariant (is_consistent): 15 checkers a side counting board, bar, off and pinned checkers;
// no point holds both colours on top; a pin bit only on a point with checkers on top.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

namespace nard {

inline constexpr int kCheckers = 15;  // per side, in every game of the family
inline constexpr int kPoints = 24;
inline constexpr int kBar = 25;  // mover-relative index of the bar in sub-moves
inline constexpr int kOff = 0;   // mover-relative index of "borne off" in sub-moves

enum class Geometry : uint8_t { Contrary = 0, Parallel = 1 };

// The point that mover point p becomes when seen by the other player.
constexpr int flip_point(int p, Geometry g) {
  return g == Geometry::Contrary ? 25 - p : ((p + 11) % 24) + 1;
}

struct Position {
  std::array<int8_t, kPoints> board{};  // board[p-1]: checkers on top of mover point p; >0 mover's
  uint8_t mover_bar = 0;
  uint8_t opp_bar = 0;
  uint8_t mover_off = 0;
  uint8_t opp_off = 0;
  // bits 0..23: pin under point p (bit p-1); bit 24: parallel geometry;
  // bit 25: mover's first turn not yet played; bit 26: opponent's first turn not yet played.
  uint32_t flags = 0;

  static constexpr uint32_t kPinMask = (1u << 24) - 1;
  static constexpr uint32_t kParallelBit = 1u << 24;
  static constexpr uint32_t kMoverFirstTurnBit = 1u << 25;
  static constexpr uint32_t kOppFirstTurnBit = 1u << 26;

  // --- accessors (p in 1..24) ---
  int at(int p) const { return board[p - 1]; }
  void set(int p, int v) { board[p - 1] = static_cast<int8_t>(v); }
  int mover_count(int p) const { return board[p - 1] > 0 ? board[p - 1] : 0; }
  int opp_count(int p) const { return board[p - 1] < 0 ? -board[p - 1] : 0; }
  bool pinned_under(int p) const { return (flags >> (p - 1)) & 1u; }
  void set_pin(int p, bool on) {
    if (on)
      flags |= 1u << (p - 1);
    else
      flags &= ~(1u << (p - 1));
  }
  bool mover_pinned_at(int p) const { return pinned_under(p) && at(p) < 0; }
  bool opp_pinned_at(int p) const { return pinned_under(p) && at(p) > 0; }
  uint32_t pins() const { return flags & kPinMask; }

  Geometry geometry() const {
    return (flags & kParallelBit) ? Geometry::Parallel : Geometry::Contrary;
  }
  void set_geometry(Geometry g) {
    if (g == Geometry::Parallel)
      flags |= kParallelBit;
    else
      flags &= ~kParallelBit;
  }
  bool mover_first_turn() const { return flags & kMoverFirstTurnBit; }
  bool opp_first_turn() const { return flags & kOppFirstTurnBit; }
  void set_mover_first_turn(bool on) {
    if (on)
      flags |= kMoverFirstTurnBit;
    else
      flags &= ~kMoverFirstTurnBit;
  }
  void set_opp_first_turn(bool on) {
    if (on)
      flags |= kOppFirstTurnBit;
    else
      flags &= ~kOppFirstTurnBit;
  }

  // --- derived quantities ---
  int mover_on_board() const;  // checkers on points, including any pinned under the opponent
  int opp_on_board() const;
  int mover_total() const { return mover_on_board() + mover_bar + mover_off; }
  int opp_total() const { return opp_on_board() + opp_bar + opp_off; }
  int mover_pips() const;  // pips to bear everything off, bar = 25
  int opp_pips() const;    // the same for the opponent, in his own numbering
  // The highest mover point holding a movable (on top) mover checker, 0 if none.
  int mover_highest() const;
  // True when no mover checker can ever meet an opponent checker again (a pure race).
  // Contrary geometry only; parallel games report false.
  bool is_race() const;

  // The same position seen by the other player (he is now on roll).
  Position flipped() const;

  // Checks the invariant above; on failure writes a reason when why != nullptr.
  bool is_consistent(std::string* why = nullptr) const;

  bool operator==(const Position& o) const { return std::memcmp(this, &o, sizeof(Position)) == 0; }
  bool operator!=(const Position& o) const { return !(*this == o); }
  uint64_t hash() const {
    uint64_t w[4];
    std::memcpy(w, this, sizeof(w));
    return hash_of_words(w[0], w[1], w[2], w[3]);
  }
  // hash() of the position whose 32 bytes are the little-endian words w0..w3 (for code that
  // holds a position in registers).
  static constexpr uint64_t hash_of_words(uint64_t w0, uint64_t w1, uint64_t w2, uint64_t w3) {
    // Multiply-xorshift over the four words; spreads the play tables well enough.
    uint64_t h = (w0 * 0x9E3779B97F4A7C15ull) ^ (w1 * 0xC2B2AE3D27D4EB4Full) ^
                 (w2 * 0x165667B19E3779F9ull) ^ (w3 * 0xD6E8FEB86659FD93ull);
    h ^= h >> 32;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    return h;
  }
};

static_assert(sizeof(Position) == 32, "Position must stay one 32-byte value");
static_assert(std::is_trivially_copyable_v<Position>);

// Starting positions (mover on roll), rules.md §2.1, §3.1, §4.1, §5.1, §6.1.
Position backgammon_start();
Position plakoto_start();
Position parallel_start();  // Long Nardy and Fevga: heads on mover 24 and mover 12
Position tawla31_start();   // contrary, stacks on mover 24 and mover 1 (as Plakoto)

}  // namespace nard

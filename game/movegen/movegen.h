// Move generation for every game of the family: all legal plays of a roll, one per distinct
// resulting position (rules.md §1.3), written into caller-owned buffers. No heap after the
// generator is constructed.
//
// The resulting positions are seen from the mover's side, before the turn passes: call flipped()
// to get the opponent on roll. A play that ends the game (the 15th checker off, a Plakoto mother
// pin, a Tawla 31 closure) stays as played; game_over() in game/game.h says so.
//
// One MoveGenerator per thread: it owns scratch tables and is not thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/zeroed_array.h"
#include "game/dice.h"
#include "game/move.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

// Capacity of a play buffer. For a double, a play is determined by the multiset of the source
// points of its 1..4 sub-moves (all move the same distance, so the multiset fixes every landing
// and therefore every hit or pin). Sources are the 24 points and the bar, so there are at most
// C(25,1) + C(26,2) + C(27,3) + C(28,4) = 25 + 325 + 2925 + 20475 = 23750 distinct plays. A
// non-double has at most 2 sources in 2 orders: far fewer.
inline constexpr int kMaxPlays = 23750;

class BackgammonMoveGenerator;

// Which search a MoveGenerator runs. Fastest takes the backgammon-specialised one
// (game/movegen/movegen_backgammon.h) wherever it applies; both give the same plays in the same order.
enum class MoveSearch : uint8_t { Fastest, General };

class MoveGenerator {
 public:
  explicit MoveGenerator(const Rules& rules, MoveSearch search = MoveSearch::Fastest);
  ~MoveGenerator();
  MoveGenerator(const MoveGenerator&) = delete;
  MoveGenerator& operator=(const MoveGenerator&) = delete;

  // Writes the distinct legal plays into out[0..n) and returns n (0: the roll cannot be played,
  // the turn is forfeited). out must hold kMaxPlays positions. When moves != nullptr, moves[i]
  // receives one sub-move sequence leading to out[i] (moves must hold kMaxPlays as well).
  int generate(const Position& pos, Dice dice, Position* out, Move* moves = nullptr);

  // Positions after a forfeited turn or with the first-turn flag cleared: what the game flow
  // stores when no play exists.
  const Rules& rules() const { return rules_; }

  // Counts of the last call, for benches and tests.
  uint64_t nodes_visited() const { return nodes_; }

 private:
  struct Impl;
  Rules rules_;
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<BackgammonMoveGenerator> backgammon_;  // set when it applies to rules_
  uint64_t nodes_ = 0;
};

// A reusable caller-owned play list (heap-allocated once, at construction; pages are touched
// only as plays are written: core/zeroed_array.h).
// A thread's move generation: its generator and a buffer for the plays of one roll.
struct MovegenThread {
  explicit MovegenThread(const Rules& rules) : gen(rules), buffer(new Position[kMaxPlays]) {}
  MoveGenerator gen;
  std::unique_ptr<Position[]> buffer;
};

struct PlayList {
  ZeroedArray<Position> positions = make_zeroed_array<Position>(kMaxPlays);
  ZeroedArray<Move> moves = make_zeroed_array<Move>(kMaxPlays);
  int size = 0;
  std::span<const Position> plays() const { return {positions.get(), size_t(size)}; }
};

// Batch API: for every (position, dice) job, the number of distinct plays, computed on `threads`
// OpenMP threads (0 = all cores). Results do not depend on the thread count.
std::vector<int> count_plays_batch(const Rules& rules, std::span<const Position> positions,
                                   std::span<const Dice> dice, int threads = 0);

}  // namespace nard

// Move generation specialised for the plain hitting game: backgammon with free hitting (the
// checker that hit may go on), no head limit, no runner or blocking rules, no pins. It gives the
// same plays, in the same order, with the same sub-move sequences and the same node count as
// MoveGenerator's general search (which dispatches here when applies() holds), only faster: the
// position of each search node stays one 32-byte vector, so a sub-move is two or three vector
// additions from small tables, the mover's points and the bear-off test are one byte compare and
// mask, and the hash of a play is taken from the vector (no store-forwarding stalls on the
// board's bytes).
//
// The search mirrors the general one's canonical order exactly: non-doubles play the larger die
// first and then the smaller, sources from the highest point down, skipping the reverse-order
// duplicates the general search skips; doubles take sources that never increase.
//
// Not thread-safe: one per MoveGenerator.
#pragma once

#include <cstdint>
#include <memory>

#include "game/dice.h"
#include "game/move.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

class BackgammonMoveGenerator {
 public:
  BackgammonMoveGenerator();
  ~BackgammonMoveGenerator();
  BackgammonMoveGenerator(const BackgammonMoveGenerator&) = delete;
  BackgammonMoveGenerator& operator=(const BackgammonMoveGenerator&) = delete;

  // The rules this generator plays exactly.
  static bool applies(const Rules& rules);
  // The positions it plays exactly under such rules: contrary geometry, no pinned checker.
  static bool applies(const Position& pos) {
    return pos.pins() == 0 && pos.geometry() == Geometry::Contrary;
  }

  // As MoveGenerator::generate: the distinct legal plays into out[0..n), one sub-move sequence
  // per play into moves[0..n) when moves != nullptr; both must hold kMaxPlays.
  int generate(const Position& pos, Dice dice, Position* out, Move* moves);
  uint64_t nodes_visited() const { return nodes_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  uint64_t nodes_ = 0;
};

}  // namespace nard

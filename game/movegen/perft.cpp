#include "game/movegen/perft.h"

#include <vector>

#include "game/game.h"

namespace nard {

namespace {
uint64_t perft_rec(MoveGenerator& gen, std::vector<std::unique_ptr<Position[]>>& buffers,
                   const Position& pos, int depth) {
  Position* buf = buffers[size_t(depth)].get();
  uint64_t total = 0;
  for (const Dice& d : all_rolls()) {
    const int n = gen.generate(pos, d, buf);
    if (depth == 1) {
      total += uint64_t(n);
      continue;
    }
    if (n == 0) {
      Position passed = pos;
      passed.set_mover_first_turn(false);
      total += perft_rec(gen, buffers, passed.flipped(), depth - 1);
      continue;
    }
    for (int i = 0; i < n; ++i) {
      if (game_result(gen.rules(), buf[i]).over()) {
        ++total;
        continue;
      }
      total += perft_rec(gen, buffers, buf[i].flipped(), depth - 1);
    }
  }
  return total;
}
}  // namespace

uint64_t perft(const Rules& rules, const Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveGenerator gen(rules);
  std::vector<std::unique_ptr<Position[]>> buffers;
  for (int i = 0; i <= depth; ++i) buffers.emplace_back(new Position[kMaxPlays]);
  return perft_rec(gen, buffers, pos, depth);
}

std::array<int, 21> perft_divide(const Rules& rules, const Position& pos) {
  MoveGenerator gen(rules);
  std::unique_ptr<Position[]> buf(new Position[kMaxPlays]);
  std::array<int, 21> counts{};
  for (int i = 0; i < 21; ++i)
    counts[size_t(i)] = gen.generate(pos, all_rolls()[size_t(i)], buf.get());
  return counts;
}

}  // namespace nard

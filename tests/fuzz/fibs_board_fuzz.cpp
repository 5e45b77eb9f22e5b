// Fuzz target: the FIBS "board:" line in both dialects (formats/fibs_board.h).
// The first byte picks the dialect. A parsed line must give a consistent
// position and match state; the line written back reads the same (for the
// boards a line can express, see fibs_board.h); the position survives move
// generation.
#include "formats/fibs_board.h"
#include "tests/fuzz/fuzz_support.h"

using namespace nard;

namespace {
bool same(const FibsBoard& a, const FibsBoard& b) {
  return a.you_name == b.you_name && a.opponent_name == b.opponent_name &&
         a.position == b.position && a.match == b.match && a.color == b.color &&
         a.direction == b.direction;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const FibsDialect dialect = (data[0] & 1) ? FibsDialect::Gnubg : FibsDialect::Fibs;
  const std::string_view line = fuzz::as_text(data + 1, size - 1);
  Result<FibsBoard> b = parse_fibs_board(line, dialect);
  if (!b) {
    NARD_FUZZ_CHECK(!b.error().message.empty(), "empty error message");
    return 0;
  }
  NARD_FUZZ_CHECK(b->position.is_consistent(), std::string(line));
  NARD_FUZZ_CHECK(b->match.is_consistent(), std::string(line));
  const std::string again = format_fibs_board(*b, dialect);
  Result<FibsBoard> c = parse_fibs_board(again, dialect);
  NARD_FUZZ_CHECK(c.ok(), again + ": " + (c ? std::string() : c.error().message));
  const MatchState& m = b->match;
  // What a line can express (fibs_board.h), and: the owner of a turned cube in the Crawford
  // game (the line gives ownership only through the may-double flags, which are off then).
  const bool expressible =
      m.game_state == GameState::Playing && (m.cube_value > 1 || m.cube_owner < 0) &&
      !(m.crawford && m.cube_value > 1) &&
      (dialect == FibsDialect::Gnubg || !m.double_offered || m.on_roll == kFibsOpponent);
  if (expressible)
    NARD_FUZZ_CHECK(same(*b, *c), std::string(line) + " -> " + again + " reads differently");
  const uint64_t seed = fuzz::hash_bytes(line);
  if (const Rules* rules = fuzz::rules_for(b->position, seed))
    fuzz::exercise_position(*rules, b->position, seed);
  return 0;
}

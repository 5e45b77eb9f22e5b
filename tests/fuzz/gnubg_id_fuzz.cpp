// Fuzz target: gnubg Position ID and "PositionID:MatchID" (formats/gnubg_id.h).
// A parsed ID must give a consistent position and match state, re-encode to the
// same ID (one text per position), and survive move generation.
#include "formats/gnubg_id.h"
#include "tests/fuzz/fuzz_support.h"

using namespace nard;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  const uint64_t seed = fuzz::hash_bytes(text);

  Result<Position> alone = decode_position_id(text);
  if (alone) {
    NARD_FUZZ_CHECK(alone->is_consistent(), std::string(text));
    NARD_FUZZ_CHECK(encode_position_id(*alone) == text,
                    std::string(text) + " re-encodes as " + encode_position_id(*alone));
  } else {
    NARD_FUZZ_CHECK(!alone.error().message.empty(), "empty error message");
  }
  Result<MatchState> match = decode_match_id(text);
  if (match) {
    NARD_FUZZ_CHECK(match->is_consistent(), std::string(text));
    // Not always the same text: an ID may hold the dice in either order.
    Result<MatchState> again = decode_match_id(encode_match_id(*match));
    NARD_FUZZ_CHECK(again && *again == *match,
                    std::string(text) + " re-encodes as " + encode_match_id(*match));
  }

  Result<GnubgPosition> g = parse_gnubg_id(text);
  if (!g) {
    NARD_FUZZ_CHECK(!g.error().message.empty(), "empty error message");
    return 0;
  }
  NARD_FUZZ_CHECK(g->position.is_consistent(), std::string(text));
  NARD_FUZZ_CHECK(g->match.is_consistent(), std::string(text));
  const std::string again = format_gnubg_id(g->position, g->match);
  Result<GnubgPosition> g2 = parse_gnubg_id(again);
  NARD_FUZZ_CHECK(g2.ok(), again + ": " + (g2 ? std::string() : g2.error().message));
  NARD_FUZZ_CHECK(g2->position == g->position && g2->match == g->match,
                  std::string(text) + " -> " + again + " reads differently");
  if (const Rules* rules = fuzz::rules_for(g->position, seed))
    fuzz::exercise_position(*rules, g->position, seed);
  return 0;
}

// Fuzz target: our position notation (formats/notation.h): the parser for outside positions
// under a rules preset (the first byte picks it; the position must then be possible in that
// game), and the library's own parsers in that preset's geometry, strict and partial. A parsed
// position is consistent, writes back to a text that reads the same, and survives move
// generation in a game that allows it.
#include "formats/notation.h"
#include "tests/fuzz/fuzz_support.h"

using namespace nard;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  static const std::vector<std::string> presets = preset_names();
  const Rules& rules = fuzz::preset_rules(presets[data[0] % presets.size()]);
  const Geometry g = rules.geometry;
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  Result<Position> outside = parse_notation(text, rules);
  if (outside) {
    NARD_FUZZ_CHECK(fuzz::fits(rules, *outside), std::string(text) + ": accepted under " +
                                                     rules.preset + " but not possible there");
    NARD_FUZZ_CHECK(parse_notation(format_notation(*outside), rules).ok(), std::string(text));
    fuzz::exercise_position(rules, *outside, fuzz::hash_bytes(text));
  }
  Result<Position> partial = parse_notation_partial(text, g);
  if (partial) {
    NARD_FUZZ_CHECK(partial->geometry() == g, std::string(text));
    Result<Position> again = parse_notation_partial(format_notation(*partial), g);
    NARD_FUZZ_CHECK(again && *again == *partial,
                    std::string(text) + " -> " + format_notation(*partial));
  }
  Result<Position> p = parse_notation(text, g);
  if (!p) {
    NARD_FUZZ_CHECK(!p.error().message.empty(), "empty error message");
    return 0;
  }
  NARD_FUZZ_CHECK(partial.ok(),
                  std::string(text) + ": strict parse accepts what the partial refuses");
  NARD_FUZZ_CHECK(p->is_consistent(), std::string(text));
  const std::string written = format_notation(*p);
  Result<Position> q = parse_notation(written, g);
  NARD_FUZZ_CHECK(q.ok(), written + ": " + (q ? std::string() : q.error().message));
  NARD_FUZZ_CHECK(*q == *p, std::string(text) + " -> " + written + " reads differently");
  NARD_FUZZ_CHECK(format_notation(*q) == written, written + " is not stable");
  const uint64_t seed = fuzz::hash_bytes(text);
  if (const Rules* rules = fuzz::rules_for(*p, seed)) fuzz::exercise_position(*rules, *p, seed);
  return 0;
}

// Fuzz target: the POSITION argument of the CLI and the API (formats/position_arg.h),
// which dispatches to every position format, under a rules preset picked by the
// first byte. An accepted position is consistent and survives move generation
// where the game allows it.
#include "formats/position_arg.h"
#include "tests/fuzz/fuzz_support.h"

using namespace nard;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  static const std::vector<std::string> presets = preset_names();
  const Rules& rules = fuzz::preset_rules(presets[data[0] % presets.size()]);
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  Result<Position> p = parse_position_arg(text, rules);
  if (!p) {
    NARD_FUZZ_CHECK(!p.error().message.empty(), "empty error message");
    return 0;
  }
  NARD_FUZZ_CHECK(p->is_consistent(), std::string(text));
  NARD_FUZZ_CHECK(p->geometry() == rules.geometry,
                  std::string(text) + ": geometry differs from the rules'");
  const uint64_t seed = fuzz::hash_bytes(text);
  if (fuzz::fits(rules, *p)) fuzz::exercise_position(rules, *p, seed);
  return 0;
}

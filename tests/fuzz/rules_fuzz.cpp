// Fuzz target: rules options, as `--rules` takes them ("preset,key=value,...",
// game/rules.h), and variant names. Accepted rules read back the same from
// their own preset text, give a consistent starting position that the game
// allows, and survive move generation from it.
#include "tests/fuzz/fuzz_support.h"

using namespace nard;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  Result<Rules> v = rules_for_variant(text);
  if (v) NARD_FUZZ_CHECK(rules_preset(v->preset).ok(), std::string(text));
  if (const size_t eq = text.find('='); eq != std::string_view::npos) {
    Result<Rules> one =
        with_rule_option(fuzz::preset_rules("wbf"), text.substr(0, eq), text.substr(eq + 1));
    if (!one) NARD_FUZZ_CHECK(!one.error().message.empty(), "empty error message");
  }
  Result<Rules> r = rules_preset(text);
  if (!r) {
    NARD_FUZZ_CHECK(!r.error().message.empty(), "empty error message");
    return 0;
  }
  Result<Rules> again = rules_preset(r->preset);
  NARD_FUZZ_CHECK(again.ok() && *again == *r,
                  std::string(text) + " -> " + r->preset + " reads differently");
  const Position start = start_position(*r);
  std::string why;
  NARD_FUZZ_CHECK(start.is_consistent(&why), std::string(text) + ": " + why);
  NARD_FUZZ_CHECK(fuzz::fits(*r, start),
                  std::string(text) + ": the start position does not fit the game");
  fuzz::exercise_position(*r, start, fuzz::hash_bytes(text));
  return 0;
}

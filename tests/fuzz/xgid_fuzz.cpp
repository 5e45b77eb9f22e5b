// Fuzz target: XGID (formats/xgid.h). A parsed XGID must give a consistent
// position and match state, and decode_xgid(encode_xgid(x)) == x; the position
// survives move generation.
#include "formats/xgid.h"
#include "tests/fuzz/fuzz_support.h"

using namespace nard;

namespace {
bool same(const XgidPosition& a, const XgidPosition& b) {
  return a.position == b.position && a.match == b.match && a.beavers == b.beavers &&
         a.max_cube_log2 == b.max_cube_log2;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  Result<XgidPosition> x = decode_xgid(text);
  if (!x) {
    NARD_FUZZ_CHECK(!x.error().message.empty(), "empty error message");
    return 0;
  }
  NARD_FUZZ_CHECK(x->position.is_consistent(), std::string(text));
  NARD_FUZZ_CHECK(x->match.is_consistent(), std::string(text));
  const std::string again = encode_xgid(*x);
  Result<XgidPosition> y = decode_xgid(again);
  NARD_FUZZ_CHECK(y.ok(), again + ": " + (y ? std::string() : y.error().message));
  NARD_FUZZ_CHECK(same(*x, *y), std::string(text) + " -> " + again + " reads differently");
  NARD_FUZZ_CHECK(encode_xgid(*y) == again, again + " is not stable");
  const uint64_t seed = fuzz::hash_bytes(text);
  if (const Rules* rules = fuzz::rules_for(x->position, seed))
    fuzz::exercise_position(*rules, x->position, seed);
  return 0;
}

// Fuzz target: model files (nn/weights_file.h). Each input is parsed as it is,
// then with its header's payload length and its checksum made right (so that
// mutations reach the nets' layout instead of stopping at the checksum). An
// accepted file validates, writes back to the same bytes, and gives a model
// whose evaluation of the game's start is finite probabilities.
#include <cmath>
#include <cstring>

#include "core/binary_io.h"
#include "nn/evaluator.h"
#include "nn/weights_file.h"
#include "tests/fuzz/fuzz_support.h"

using namespace nard;

namespace {

void check(std::string_view bytes) {
  Result<NetWeights> w = parse_weights(bytes, "fuzz.nardnet");
  if (!w) {
    NARD_FUZZ_CHECK(!w.error().message.empty(), "empty error message");
    return;
  }
  NARD_FUZZ_CHECK(!w->validate().has_value(), w->validate()->message);
  NARD_FUZZ_CHECK(serialize_weights(*w) == bytes, "the file does not write back to the same bytes");
  Result<Rules> rules = rules_for_variant(variant_name(w->variant));
  NARD_FUZZ_CHECK(rules.ok(), "no rules for the file's game");
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::create(*rules, *w);
  if (!model) return;
  NeuralEvaluator eval(*model);
  const Position positions[2] = {start_position(*rules), start_position(*rules).flipped()};
  Probabilities out[2];
  eval.evaluate(positions, out);
  for (const Probabilities& p : out)
    for (float f : p.as_array())
      NARD_FUZZ_CHECK(std::isfinite(f) && f >= 0.0f && f <= 1.0f,
                      "evaluation " + std::to_string(f));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes = fuzz::as_text(data, size);
  check(bytes);
  if (size >= 24) {
    std::string fixed(bytes);
    const uint32_t payload = uint32_t(size - 24);
    for (int k = 0; k < 4; ++k) fixed[size_t(12 + k)] = char((payload >> (8 * k)) & 0xFF);
    const uint64_t sum = binary::fnv1a64(std::string_view(fixed).substr(16, payload));
    for (int k = 0; k < 8; ++k) fixed[size - 8 + size_t(k)] = char((sum >> (8 * k)) & 0xFF);
    if (fixed != bytes) check(fixed);
  }
  return 0;
}

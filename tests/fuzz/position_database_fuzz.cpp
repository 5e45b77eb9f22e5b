// Fuzz target: position database files (coach/position_database.h), parsed as they
// are and with the checksum made right (so that mutations reach the header and
// records). An accepted file writes back to the same bytes; its positions fit
// the file's game and survive move generation.
#include "coach/position_database.h"
#include "core/binary_io.h"
#include "tests/fuzz/fuzz_support.h"

using namespace nard;

namespace {

void check(std::string_view bytes) {
  Result<PositionDatabase> db = parse_position_database(bytes, "fuzz.npdb");
  if (!db) {
    NARD_FUZZ_CHECK(!db.error().message.empty(), "empty error message");
    return;
  }
  NARD_FUZZ_CHECK(serialize_position_database(*db) == bytes,
                  "the file does not write back to the same bytes");
  Result<Rules> rules = rules_preset(db->rules);
  NARD_FUZZ_CHECK(rules.ok() && rules->variant == db->variant, db->rules);
  const uint64_t seed = fuzz::hash_bytes(bytes);
  for (size_t i = 0; i < db->records.size() && i < 4; ++i) {
    const Position& p = db->records[i].position;
    NARD_FUZZ_CHECK(p.is_consistent() && p.geometry() == rules->geometry,
                    "record " + std::to_string(i));
    if (fuzz::fits(*rules, p)) fuzz::exercise_position(*rules, p, seed + i);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes = fuzz::as_text(data, size);
  check(bytes);
  if (size >= 16) {
    std::string fixed(bytes);
    const uint64_t sum = binary::fnv1a64(std::string_view(fixed).substr(0, size - 8));
    for (int k = 0; k < 8; ++k) fixed[size - 8 + size_t(k)] = char((sum >> (8 * k)) & 0xFF);
    if (fixed != bytes) check(fixed);
  }
  return 0;
}

// Fuzz target: .mat match files (formats/mat_file.h). An accepted file gives a
// record that passes check_record(), writes back to a .mat text that reads the
// same record, and converts to SGF and back unchanged.
#include "formats/mat_file.h"
#include "formats/sgf_file.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/record_compare.h"

using namespace nard;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  Result<MatchRecord> rec = read_mat(text);
  if (!rec) {
    NARD_FUZZ_CHECK(!rec.error().message.empty(), "empty error message");
    return 0;
  }
  if (auto e = check_record(*rec)) fuzz::fail("read, but check_record: " + e->message);
  const std::string written = write_mat(*rec);
  Result<MatchRecord> back = read_mat(written);
  NARD_FUZZ_CHECK(back.ok(), written + "\n" + (back ? std::string() : back.error().message));
  NARD_FUZZ_CHECK(*back == *rec,
                  written + "\nreads differently: " + fuzz::first_difference(*rec, *back));
  NARD_FUZZ_CHECK(write_mat(*back) == written, "write_mat is not stable");
  // SGF holds one game tree per game: a .mat header without games has no SGF form.
  if (rec->games.empty()) return 0;
  const std::string sgf = write_sgf(*rec);
  Result<MatchRecord> via_sgf = read_sgf(sgf);
  NARD_FUZZ_CHECK(via_sgf.ok(), sgf + "\n" + (via_sgf ? std::string() : via_sgf.error().message));
  // Across formats the free texts (names, tags) may change; the rest may not.
  const MatchRecord a = fuzz::without_free_text(*rec), b = fuzz::without_free_text(*via_sgf);
  NARD_FUZZ_CHECK(a == b, sgf + "\nreads differently: " + fuzz::first_difference(a, b));
  return 0;
}

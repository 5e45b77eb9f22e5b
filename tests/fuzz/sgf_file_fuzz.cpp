// Fuzz target: gnubg .sgf match files (formats/sgf_file.h). An accepted file
// gives a record that passes check_record(), writes back to an SGF text that
// reads the same record, and converts to .mat and back unchanged (but for what a .mat file
// cannot hold).
#include "formats/mat_file.h"
#include "formats/sgf_file.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/record_compare.h"

using namespace nard;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  Result<MatchRecord> rec = read_sgf(text);
  if (!rec) {
    NARD_FUZZ_CHECK(!rec.error().message.empty(), "empty error message");
    return 0;
  }
  if (auto e = check_record(*rec)) fuzz::fail("read, but check_record: " + e->message);
  const std::string written = write_sgf(*rec);
  Result<MatchRecord> back = read_sgf(written);
  NARD_FUZZ_CHECK(back.ok(), written + "\n" + (back ? std::string() : back.error().message));
  NARD_FUZZ_CHECK(*back == *rec,
                  written + "\nreads differently: " + fuzz::first_difference(*rec, *back));
  NARD_FUZZ_CHECK(write_sgf(*back) == written, "write_sgf is not stable");
  const std::string mat = write_mat(*rec);
  Result<MatchRecord> via_mat = read_mat(mat);
  NARD_FUZZ_CHECK(via_mat.ok(), mat + "\n" + (via_mat ? std::string() : via_mat.error().message));
  // Across formats the free texts (names, tags) may change, and a .mat file holds only what
  // fuzz::as_files_hold_it keeps (not a roll still to be played when an unfinished game stops);
  // the rest may not change.
  const MatchRecord a = fuzz::without_free_text(fuzz::as_files_hold_it(*rec)),
                    b = fuzz::without_free_text(fuzz::as_files_hold_it(*via_mat));
  NARD_FUZZ_CHECK(a == b, mat + "\nreads differently: " + fuzz::first_difference(a, b));
  return 0;
}

// Fuzz target: dice and play notation. Input: a preset byte, then "DICE\nPLAY".
// The dice go to parse_dice (game/dice.h); the play is read as the first
// entry of a .mat game under that preset (formats/mat_file.h matches written
// plays "24/18*/16 8/5(2) bar/22 6/off" against the legal plays). Accepted dice
// read back from their text; an accepted play is a legal play of the roll, and
// the record passes check_record() and reads back the same after writing.
#include "formats/mat_file.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/record_compare.h"

using namespace nard;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  static const std::vector<std::string> presets = preset_names();
  const std::string& preset = presets[data[0] % presets.size()];
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  const size_t nl = text.find('\n');
  const std::string_view dice_text = text.substr(0, nl);
  const std::string_view play_text =
      nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);

  Result<Dice> dice = parse_dice(dice_text);
  if (!dice) {
    NARD_FUZZ_CHECK(!dice.error().message.empty(), "empty error message");
    return 0;
  }
  NARD_FUZZ_CHECK(dice->d1 >= 1 && dice->d1 <= 6 && dice->d2 >= 1 && dice->d2 <= 6,
                  std::string(dice_text));
  Result<Dice> again = parse_dice(dice->str());
  NARD_FUZZ_CHECK(again && *again == *dice, std::string(dice_text) + " -> " + dice->str());
  if (play_text.find_first_of("\n\r") != std::string_view::npos) return 0;  // one line

  const std::string mat = "; [Rules \"" + preset +
                          "\"]\n\n 1 point match\n\n Game 1\n a : 0      b : 0\n  1) " +
                          dice->str() + ": " + std::string(play_text) + "\n";
  Result<MatchRecord> rec = read_mat(mat);
  if (!rec) {
    NARD_FUZZ_CHECK(!rec.error().message.empty(), "empty error message");
    return 0;
  }
  if (auto e = check_record(*rec)) fuzz::fail(mat + "read, but check_record: " + e->message);
  const std::string written = write_mat(*rec);
  Result<MatchRecord> back = read_mat(written);
  NARD_FUZZ_CHECK(back.ok(), written + (back ? std::string() : back.error().message));
  NARD_FUZZ_CHECK(*back == *rec, mat + " -> " + written +
                                     " reads differently: " + fuzz::first_difference(*rec, *back));
  return 0;
}

#include "nn/encoder.h"

#include <array>
#include <string>

#include "nn/encoder_games.h"
#include "nn/encoder_layout.h"

namespace nard {

int encoder_inputs(EncoderId id) {
  switch (id) {
    case EncoderId::BackgammonContact:
      return layout::bg_contact::kInputs;
    case EncoderId::BackgammonContact2:
      return layout::bg_contact2::kInputs;
    case EncoderId::BackgammonRace:
      return layout::bg_race::kInputs;
    case EncoderId::Plakoto:
      return layout::plakoto::kInputs;
    case EncoderId::Tawla31:
    case EncoderId::Tawla31Count:
    case EncoderId::Fevga:
    case EncoderId::LongNardy:
      return layout::blocking::kInputs;
    case EncoderId::BackgammonPrune:
      return layout::bg_prune::kInputs;
    case EncoderId::PlakotoPrune:
    case EncoderId::Tawla31Prune:
    case EncoderId::FevgaPrune:
    case EncoderId::LongNardyPrune:
      return layout::board_prune::kInputs;
  }
  return 0;
}

void encode(EncoderId id, const Position& pos, float* out) {
  switch (id) {
    case EncoderId::BackgammonContact:
      return encoding::encode_bg_contact(pos, out);
    case EncoderId::BackgammonContact2:
      return encoding::encode_bg_contact2(pos, out);
    case EncoderId::BackgammonRace:
      return encoding::encode_bg_race(pos, out);
    case EncoderId::Plakoto:
      return encoding::encode_plakoto(pos, out);
    case EncoderId::Tawla31:
    case EncoderId::Tawla31Count:
      return encoding::encode_blocking(pos, layout::blocking::kTawla31Threshold, out);
    case EncoderId::Fevga:
      return encoding::encode_blocking(pos, layout::blocking::kFevgaThreshold, out);
    case EncoderId::LongNardy:
      return encoding::encode_blocking(pos, 0, out);
    case EncoderId::BackgammonPrune:
      return encoding::encode_bg_prune(pos, out);
    case EncoderId::PlakotoPrune:
    case EncoderId::Tawla31Prune:
    case EncoderId::FevgaPrune:
    case EncoderId::LongNardyPrune:
      return encoding::encode_board_prune(pos, out);
  }
}

EncoderId encoder_for(const Rules& rules, const Position& pos) {
  switch (rules.variant) {
    case Variant::Backgammon:
      return pos.is_race() ? EncoderId::BackgammonRace : EncoderId::BackgammonContact;
    case Variant::Plakoto:
      return EncoderId::Plakoto;
    case Variant::Tawla31:
      return EncoderId::Tawla31Count;
    case Variant::Fevga:
      return EncoderId::Fevga;
    case Variant::LongNardy:
      return EncoderId::LongNardy;
  }
  return EncoderId::BackgammonContact;
}

EncoderId encoder_role(EncoderId id) {
  return id == EncoderId::BackgammonContact2 ? EncoderId::BackgammonContact : id;
}

std::span<const EncoderId> encoders_for(Variant variant) {
  static constexpr std::array<EncoderId, 2> kBackgammon{EncoderId::BackgammonContact,
                                                        EncoderId::BackgammonRace};
  static constexpr std::array<EncoderId, 1> kPlakoto{EncoderId::Plakoto};
  static constexpr std::array<EncoderId, 1> kTawla31{EncoderId::Tawla31Count};
  static constexpr std::array<EncoderId, 1> kFevga{EncoderId::Fevga};
  static constexpr std::array<EncoderId, 1> kLongNardy{EncoderId::LongNardy};
  switch (variant) {
    case Variant::Backgammon:
      return kBackgammon;
    case Variant::Plakoto:
      return kPlakoto;
    case Variant::Tawla31:
      return kTawla31;
    case Variant::Fevga:
      return kFevga;
    case Variant::LongNardy:
      return kLongNardy;
  }
  return {};
}

std::optional<EncoderId> optional_encoder_for(Variant variant) {
  switch (variant) {
    case Variant::Backgammon:
      return EncoderId::BackgammonPrune;
    case Variant::Plakoto:
      return EncoderId::PlakotoPrune;
    case Variant::Tawla31:
      return EncoderId::Tawla31Prune;
    case Variant::Fevga:
      return EncoderId::FevgaPrune;
    case Variant::LongNardy:
      return EncoderId::LongNardyPrune;
  }
  return std::nullopt;
}

Variant encoder_variant(EncoderId id) {
  switch (id) {
    case EncoderId::BackgammonContact:
    case EncoderId::BackgammonContact2:
    case EncoderId::BackgammonRace:
    case EncoderId::BackgammonPrune:
      return Variant::Backgammon;
    case EncoderId::Plakoto:
    case EncoderId::PlakotoPrune:
      return Variant::Plakoto;
    case EncoderId::Tawla31:
    case EncoderId::Tawla31Count:
    case EncoderId::Tawla31Prune:
      return Variant::Tawla31;
    case EncoderId::Fevga:
    case EncoderId::FevgaPrune:
      return Variant::Fevga;
    case EncoderId::LongNardy:
    case EncoderId::LongNardyPrune:
      return Variant::LongNardy;
  }
  return Variant::Backgammon;
}

std::string_view encoder_name(EncoderId id) {
  switch (id) {
    case EncoderId::BackgammonContact:
      return "bg-contact";
    case EncoderId::BackgammonRace:
      return "bg-race";
    case EncoderId::Plakoto:
      return "plakoto";
    case EncoderId::Tawla31:
      return "tawla31";
    case EncoderId::Fevga:
      return "fevga";
    case EncoderId::LongNardy:
      return "longnardy";
    case EncoderId::BackgammonPrune:
      return "bg-prune";
    case EncoderId::Tawla31Count:
      return "tawla31-count";
    case EncoderId::BackgammonContact2:
      return "bg-contact2";
    case EncoderId::PlakotoPrune:
      return "plakoto-prune";
    case EncoderId::Tawla31Prune:
      return "tawla31-prune";
    case EncoderId::FevgaPrune:
      return "fevga-prune";
    case EncoderId::LongNardyPrune:
      return "longnardy-prune";
  }
  return "unknown";
}

namespace {
// The encoder numbers this nard knows: every one from the first to the last.
constexpr uint32_t kFirstEncoder = uint32_t(EncoderId::BackgammonContact);
constexpr uint32_t kLastEncoder = uint32_t(EncoderId::LongNardyPrune);
}  // namespace

Result<EncoderId> encoder_from_number(uint32_t number) {
  if (number >= kFirstEncoder && number <= kLastEncoder) return EncoderId(number);
  return make_error("unknown input encoder " + std::to_string(number) + " (this nard knows " +
                    std::to_string(kFirstEncoder) + ".." + std::to_string(kLastEncoder) +
                    "); the model needs a newer nard");
}

Result<EncoderId> encoder_from_name(std::string_view name) {
  for (uint32_t n = kFirstEncoder; n <= kLastEncoder; ++n)
    if (encoder_name(EncoderId(n)) == name) return EncoderId(n);
  return make_error("unknown input encoder '" + std::string(name) + "'");
}

}  // namespace nard

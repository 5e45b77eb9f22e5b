// Input encoders: one per game (and for backgammon one for contact and one for race positions),
// shared by training and play (style P7). A position is always encoded from the side on roll.
//
// Every offset of every encoder is a named constexpr in nn/encoder_layout.h, with static_asserts
// tying the totals to encoder_inputs(); tests/nn/nn_encoder_test.cpp pins the outputs of fixed
// positions with a hash, so a silent reordering of inputs cannot happen.
//
// Thread-safety: the functions are pure (no state); call them from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"

namespace nard {

// Stored in weight files: never renumber, only append.
enum class EncoderId : uint32_t {
  BackgammonContact = 1,  // any backgammon-family preset, the sides can still meet
  BackgammonRace = 2,     // backgammon-family preset, pure race (Position::is_race())
  Plakoto = 3,
  Tawla31 = 4,
  Fevga = 5,
  LongNardy = 6,
  BackgammonPrune = 7,  // optional third backgammon net: raw board only, cheap, for move pruning
  // Tawla 31 with count-aware outputs (nn/probabilities.h): the inputs of Tawla31, whose nets
  // (files before count-aware targets) learned only P(win); those files are refused with a message.
  Tawla31Count = 8,
  // Backgammon contact positions: bg-contact's inputs followed by more positional features
  // (timing, mobility, backgame anchors, blockade); fills the contact net's role (encoder_role).
  BackgammonContact2 = 9,
  // The optional pruning nets of the other games (optional_encoder_for): their raw board, pins
  // included (layout::board_prune), one id per game so that a file names its game.
  PlakotoPrune = 10,
  Tawla31Prune = 11,
  FevgaPrune = 12,
  LongNardyPrune = 13,
};

// Number of floats encode() writes for this encoder.
int encoder_inputs(EncoderId id);

// Writes encoder_inputs(id) floats to out[0..). The position is seen from the side on roll. Inputs
// are mostly 0/1 indicators and small scaled counts (all in [0, ~2]), sparse enough that the
// inference loop skips zeros profitably.
void encode(EncoderId id, const Position& pos, float* out);

// The role (encoders_for) of the net that evaluates `pos` under `rules`: contact or race for the
// backgammon family, the game's own encoder otherwise. The net filling that role in a model may
// have another encoder of the role (encoder_role): encode with the net's own.
EncoderId encoder_for(const Rules& rules, const Position& pos);

// The role a net of this encoder fills in its game's model: the encoder of encoders_for() (or
// optional_encoder_for()) whose positions it values. Every encoder is its own role except
// bg-contact2, which values bg-contact's positions.
EncoderId encoder_role(EncoderId id);

// The encoders (= nets) a model for this game must hold, in file order: backgammon {contact, race},
// every other game one. A model may hold a pruning net besides (optional_encoder_for).
std::span<const EncoderId> encoders_for(Variant variant);

// The optional pruning net's encoder of a game (backgammon: bg-prune; the others: <game>-prune).
std::optional<EncoderId> optional_encoder_for(Variant variant);

// The game an encoder belongs to.
Variant encoder_variant(EncoderId id);

// "bg-contact", "bg-race", "plakoto", "tawla31", "fevga", "longnardy", "bg-prune", "tawla31-count",
// "bg-contact2", "plakoto-prune", "tawla31-prune", "fevga-prune", "longnardy-prune".
std::string_view encoder_name(EncoderId id);
// The inverse of the numeric value: fails for numbers that name no encoder (e.g. a file from a
// newer nard).
Result<EncoderId> encoder_from_number(uint32_t number);
// The inverse of encoder_name: fails for a name no encoder has.
Result<EncoderId> encoder_from_name(std::string_view name);

}  // namespace nard

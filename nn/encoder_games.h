// The per-game encoders behind encode() (internal to nn/). Layouts: nn/encoder_layout.h.
#pragma once

#include "game/position.h"

namespace nard::encoding {

void encode_bg_contact(const Position& pos, float* out);
void encode_bg_contact2(const Position& pos, float* out);  // bg-contact's inputs, then more
void encode_bg_race(const Position& pos, float* out);
void encode_bg_prune(const Position& pos, float* out);
// The pruning nets of Plakoto, Tawla 31, Fevga and Long Nardy (either geometry, pins included).
void encode_board_prune(const Position& pos, float* out);
void encode_plakoto(const Position& pos, float* out);
// Tawla 31, Fevga and Long Nardy; release_threshold 0 = no lead rule (Long Nardy).
void encode_blocking(const Position& pos, int release_threshold, float* out);

}  // namespace nard::encoding

// The model file: all the nets of one game, self-describing, failing loudly (style P8).
//
// Layout (every integer and float little-endian; strings are u32 length + UTF-8 bytes):
//   u32  magic            'N','A','R','D' read as bytes, i.e. 0x4452414E
//   u32  format_version   kWeightsFormatVersion
//   u32  variant          engine Variant value (0 backgammon, 1 plakoto, 2 tawla31, 3 fevga, 4
//   longnardy) u32  payload_bytes    bytes from here up to the checksum
//   --- payload ---
//   str  description      free text (who trained it, how long); may be empty
//   u32  net_count        1..8
//   per net:
//     u32 encoder           EncoderId value
//     u32 input_count       encoder_inputs(encoder) when written
//     u32 arch_hash         MlpWeights::arch_hash()
//     u32 layer_count       >= 1
//     per layer: u32 inputs, u32 outputs, f32 weight[outputs*inputs] (row-major), f32 bias[outputs]
//   --- end of payload ---
//   u64  checksum         FNV-1a 64 over the payload bytes
//   (end of file: trailing bytes are an error)
//
// Files in models/ are named nard-<game>-<sha256[0:12]>.nardnet by `nard export` (cli/train/export.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/rules.h"
#include "nn/encoder.h"
#include "nn/mlp.h"

namespace nard {

inline constexpr uint32_t kWeightsMagic = 0x4452414E;  // "NARD" in file byte order
inline constexpr uint32_t kWeightsFormatVersion = 1;

// The content of a model file: one net per encoder the game uses (backgammon: contact + race).
struct NetWeights {
  Variant variant = Variant::Backgammon;
  std::string description;
  std::vector<MlpWeights> nets;
  bool operator==(const NetWeights&) const = default;

  // The net filling a role (encoders_for, optional_encoder_for; its encoder may be another of
  // that role, encoder_role), nullptr if the file has none.
  const MlpWeights* net_for(EncoderId role) const;
  // Checks every net (MlpWeights::validate), that each encoder belongs to `variant`, that no
  // role appears twice, and that every role of encoders_for(variant) is filled.
  std::optional<Error> validate() const;
};

// Random nets for every encoder of a game (default_hidden_sizes), deterministic in seed.
NetWeights random_net_weights(Variant variant, uint64_t seed);

// Bytes of a model file, and back. `source` names the data in error messages (a path).
std::string serialize_weights(const NetWeights& weights);
Result<NetWeights> parse_weights(std::string_view bytes, std::string_view source);

// What a model file of an older kind may be read as. Only training's --init-from asks for it.
struct LegacyNets {
  // A Tawla 31 model from before count-aware outputs (one "tawla31" net that learned only P(win))
  // is read as the start of a "tawla31-count" net: same inputs, its gammon outputs (about zero)
  // become the count outputs that training then learns.
  bool tawla31_as_count = false;
};
Result<NetWeights> parse_weights(std::string_view bytes, std::string_view source,
                                 LegacyNets legacy);

// Reads and checks a model file. Every failure (missing file, wrong magic, newer or older format
// version, truncation, checksum mismatch, wrong architecture for this build's encoders, trailing
// bytes) is an Error naming the file, the problem and what to do. `legacy` as for parse_weights.
Result<NetWeights> load_weights(const std::string& path, LegacyNets legacy = {});

// Writes atomically (core/atomic_file.h): a failure names path and leaves it as it was.
// Validates first.
std::optional<Error> save_weights(const std::string& path, const NetWeights& weights);

}  // namespace nard

#include "nn/weights_file.h"

#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <set>

#include "core/atomic_file.h"
#include "core/binary_io.h"
#include "core/read_file.h"
#include "game/dice.h"

namespace nard {

namespace {

constexpr uint32_t kMaxNets = 8;
// The encoding shared by nard's binary files (core/binary_io.h).
using binary::fnv1a64;
using binary::put_f32;
using binary::put_u32;
using binary::put_u64;
using Reader = binary::Reader;

}  // namespace

const MlpWeights* NetWeights::net_for(EncoderId role) const {
  for (const MlpWeights& n : nets)
    if (encoder_role(n.encoder) == role) return &n;
  return nullptr;
}

std::optional<Error> NetWeights::validate() const {
  const std::string game(variant_name(variant));
  if (nets.empty() || nets.size() > kMaxNets)
    return make_error("a " + game + " model must hold 1.." + std::to_string(kMaxNets) +
                      " nets, not " + std::to_string(nets.size()));
  std::set<EncoderId> seen;
  for (const MlpWeights& n : nets) {
    if (encoder_variant(n.encoder) != variant)
      return make_error("the " + std::string(encoder_name(n.encoder)) +
                        " net does not belong to a " + game + " model");
    if (!seen.insert(encoder_role(n.encoder)).second)
      return make_error("the " + std::string(encoder_name(encoder_role(n.encoder))) +
                        " net appears twice");
    if (auto e = n.validate()) return e;
  }
  for (EncoderId id : encoders_for(variant))
    if (!seen.count(id) && id == EncoderId::Tawla31Count && seen.count(EncoderId::Tawla31))
      return make_error(
          "this Tawla 31 model is from before count-aware nets: its net learned only P(win), "
          "not the checker count the game scores; use the shipped model or retrain "
          "(nard train --variant tawla31 --init-from THIS_FILE ...)");
    else if (!seen.count(id))
      return make_error("the " + game + " model lacks its " + std::string(encoder_name(id)) +
                        " net");
  return std::nullopt;
}

NetWeights random_net_weights(Variant variant, uint64_t seed) {
  NetWeights w;
  w.variant = variant;
  w.description = "random initial weights, seed " + std::to_string(seed);
  uint64_t k = 0;
  for (EncoderId id : encoders_for(variant)) {
    const std::vector<int> hidden = default_hidden_sizes(id);
    w.nets.push_back(random_mlp(id, hidden, game_seed(seed, k++)));
  }
  return w;
}

std::string serialize_weights(const NetWeights& w) {
  std::string payload;
  put_u32(payload, uint32_t(w.description.size()));
  payload += w.description;
  put_u32(payload, uint32_t(w.nets.size()));
  for (const MlpWeights& n : w.nets) {
    put_u32(payload, uint32_t(n.encoder));
    put_u32(payload, uint32_t(n.inputs()));
    put_u32(payload, n.arch_hash());
    put_u32(payload, uint32_t(n.layers.size()));
    for (const DenseLayer& l : n.layers) {
      put_u32(payload, uint32_t(l.inputs));
      put_u32(payload, uint32_t(l.outputs));
      for (float f : l.weight) put_f32(payload, f);
      for (float f : l.bias) put_f32(payload, f);
    }
  }
  std::string file;
  put_u32(file, kWeightsMagic);
  put_u32(file, kWeightsFormatVersion);
  put_u32(file, uint32_t(w.variant));
  put_u32(file, uint32_t(payload.size()));
  file += payload;
  put_u64(file, fnv1a64(payload));
  return file;
}

Result<NetWeights> parse_weights(std::string_view bytes, std::string_view source,
                                 LegacyNets legacy) {
  const std::string src(source);
  auto fail = [&](const std::string& what) { return make_error(src + ": " + what); };
  Reader header(bytes);
  uint32_t magic = 0, version = 0, variant = 0, payload_bytes = 0;
  if (!header.u32(magic) || magic != kWeightsMagic)
    return fail(
        "not a nard model file (wrong magic number); pass a model file written by 'nard train' or "
        "'nard export'");
  if (!header.u32(version))
    return fail("file truncated in the header; the file is damaged: copy or export it again");
  if (version != kWeightsFormatVersion)
    return fail("model format version " + std::to_string(version) +
                ", but this nard reads version " + std::to_string(kWeightsFormatVersion) +
                (version > kWeightsFormatVersion ? "; update nard"
                                                 : "; export the model again with this nard"));
  if (!header.u32(variant) || !header.u32(payload_bytes))
    return fail("file truncated in the header; the file is damaged: copy or export it again");
  if (variant > uint32_t(Variant::LongNardy))
    return fail("unknown game id " + std::to_string(variant) +
                " in the header; the model needs a newer nard");
  if (header.left() < size_t(payload_bytes) + 8)
    return fail(
        "file truncated: the header announces " + std::to_string(payload_bytes) +
        " payload bytes but fewer are present; the file is damaged: copy or export it again");
  if (header.left() > size_t(payload_bytes) + 8)
    return fail(std::to_string(header.left() - payload_bytes - 8) +
                " unexpected bytes after the checksum; the file is damaged or not a nard model");
  const std::string_view payload = bytes.substr(header.offset(), payload_bytes);
  Reader tail(bytes.substr(header.offset() + payload_bytes));
  uint64_t checksum = 0;
  tail.u64(checksum);
  if (checksum != fnv1a64(payload))
    return fail("checksum mismatch: the file is corrupt; copy or export it again");

  NetWeights w;
  w.variant = Variant(variant);
  Reader r(payload);
  const std::string truncated =
      "payload ends early although its checksum matches; the writer is broken";
  uint32_t nets = 0;
  if (!r.str(w.description, std::numeric_limits<uint32_t>::max()) || !r.u32(nets))
    return fail(truncated);
  if (nets == 0 || nets > kMaxNets)
    return fail("holds " + std::to_string(nets) + " nets; expected 1.." + std::to_string(kMaxNets));
  for (uint32_t k = 0; k < nets; ++k) {
    uint32_t encoder = 0, inputs = 0, arch = 0, layers = 0;
    if (!r.u32(encoder) || !r.u32(inputs) || !r.u32(arch) || !r.u32(layers)) return fail(truncated);
    Result<EncoderId> id = encoder_from_number(encoder);
    if (!id) return fail(id.error().message);
    MlpWeights n;
    n.encoder = *id;
    const std::string net = std::string(encoder_name(*id)) + " net: ";
    if (int(inputs) != encoder_inputs(*id))
      return fail(net + "built for " + std::to_string(inputs) +
                  " inputs, but this nard's encoder writes " + std::to_string(encoder_inputs(*id)) +
                  "; the model is from another encoder version: retrain it");
    if (layers == 0 || layers > 16)
      return fail(net + std::to_string(layers) + " layers is not a valid architecture");
    for (uint32_t l = 0; l < layers; ++l) {
      DenseLayer d;
      uint32_t in = 0, out = 0;
      if (!r.u32(in) || !r.u32(out)) return fail(truncated);
      if (in == 0 || out == 0 || in > 65536 || out > 65536)
        return fail(net + "layer " + std::to_string(l) + " has impossible sizes");
      d.inputs = int(in);
      d.outputs = int(out);
      if (!r.f32s(d.weight, size_t(in) * out) || !r.f32s(d.bias, out)) return fail(truncated);
      n.layers.push_back(std::move(d));
    }
    if (n.arch_hash() != arch)
      return fail(net +
                  "architecture hash mismatch (the layer sizes do not match the recorded "
                  "architecture); the file is damaged or from an incompatible writer");
    w.nets.push_back(std::move(n));
  }
  if (r.left() != 0)
    return fail("unexpected bytes at the end of the payload; the writer is broken");
  if (legacy.tawla31_as_count && w.variant == Variant::Tawla31)
    for (MlpWeights& n : w.nets)
      if (n.encoder == EncoderId::Tawla31) n.encoder = EncoderId::Tawla31Count;
  if (auto e = w.validate()) return fail(e->message);
  return w;
}

Result<NetWeights> parse_weights(std::string_view bytes, std::string_view source) {
  return parse_weights(bytes, source, LegacyNets{});
}

Result<NetWeights> load_weights(const std::string& path, LegacyNets legacy) {
  Result<std::string> bytes = read_regular_file(path, "model file");
  if (!bytes) return bytes.error();
  return parse_weights(*bytes, path, legacy);
}

std::optional<Error> save_weights(const std::string& path, const NetWeights& weights) {
  if (auto e = weights.validate())
    return make_error("refusing to save " + path + ": " + e->message);
  return write_file_atomic(path, serialize_weights(weights));
}

}  // namespace nard

// The model file: round trip, atomic save, and loud rejection of every kind of bad file.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "nn/mlp.h"
#include "nn/weights_file.h"

namespace nard {
namespace {

namespace fs = std::filesystem;

class NnWeightsFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("nard_weights_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  static void write(const std::string& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary) << bytes;
  }
  // Parses bytes and returns the error message (empty if the parse succeeded).
  static std::string error_of(const std::string& bytes) {
    Result<NetWeights> r = parse_weights(bytes, "m.bin");
    return r.ok() ? std::string() : r.error().message;
  }
  static void set_u32(std::string& bytes, size_t at, uint32_t v) {
    for (int k = 0; k < 4; ++k) bytes[at + k] = char((v >> (8 * k)) & 0xFF);
  }
  // Recomputes the trailing checksum after a deliberate payload edit.
  static void fix_checksum(std::string& bytes) {
    const std::string_view payload = std::string_view(bytes).substr(16, bytes.size() - 24);
    uint64_t h = 0xCBF29CE484222325ull;
    for (unsigned char c : payload) h = (h ^ c) * 0x100000001B3ull;
    for (int k = 0; k < 8; ++k) bytes[bytes.size() - 8 + k] = char((h >> (8 * k)) & 0xFF);
  }

  fs::path dir_;
};

TEST_F(NnWeightsFile, RoundTripEveryGame) {
  for (Variant v : {Variant::Backgammon, Variant::Plakoto, Variant::Tawla31, Variant::Fevga,
                    Variant::LongNardy}) {
    const NetWeights w = random_net_weights(v, 42);
    ASSERT_FALSE(w.validate().has_value());
    const std::string p = path(std::string(variant_name(v)) + ".bin");
    ASSERT_FALSE(save_weights(p, w).has_value());
    Result<NetWeights> back = load_weights(p);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, w);  // bit-exact floats, description, order
    EXPECT_EQ(back->nets.size(), encoders_for(v).size());
  }
  // No temporary file is left behind.
  for (const auto& e : fs::directory_iterator(dir_))
    EXPECT_EQ(e.path().string().find(".tmp."), std::string::npos) << e.path();
}

TEST_F(NnWeightsFile, BackgammonHoldsContactAndRace) {
  const NetWeights w = random_net_weights(Variant::Backgammon, 1);
  ASSERT_NE(w.net_for(EncoderId::BackgammonContact), nullptr);
  ASSERT_NE(w.net_for(EncoderId::BackgammonRace), nullptr);
  EXPECT_EQ(w.net_for(EncoderId::Plakoto), nullptr);
}

TEST_F(NnWeightsFile, AContact2NetFillsTheContactRoleOnce) {
  NetWeights w = random_net_weights(Variant::Backgammon, 3);
  const MlpWeights contact = *w.net_for(EncoderId::BackgammonContact);
  Result<MlpWeights> grown = grow_inputs(contact, EncoderId::BackgammonContact2);
  ASSERT_TRUE(grown.ok());
  for (MlpWeights& n : w.nets)
    if (n.encoder == EncoderId::BackgammonContact) n = *grown;
  ASSERT_FALSE(w.validate().has_value());
  ASSERT_NE(w.net_for(EncoderId::BackgammonContact), nullptr);
  EXPECT_EQ(w.net_for(EncoderId::BackgammonContact)->encoder, EncoderId::BackgammonContact2);
  const std::string p = path("contact2.bin");
  ASSERT_FALSE(save_weights(p, w).has_value());
  Result<NetWeights> back = load_weights(p);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(*back, w);
  // Both a bg-contact and a bg-contact2 net: the role is filled twice.
  w.nets.push_back(contact);
  const std::optional<Error> twice = w.validate();
  ASSERT_TRUE(twice.has_value());
  EXPECT_NE(twice->message.find("bg-contact net appears twice"), std::string::npos)
      << twice->message;
}

TEST_F(NnWeightsFile, SaveOverwritesAtomically) {
  const std::string p = path("m.bin");
  ASSERT_FALSE(save_weights(p, random_net_weights(Variant::Fevga, 1)).has_value());
  const NetWeights second = random_net_weights(Variant::Fevga, 2);
  ASSERT_FALSE(save_weights(p, second).has_value());
  EXPECT_EQ(*load_weights(p), second);
}

TEST_F(NnWeightsFile, RefusesToSaveInvalidWeights) {
  NetWeights w = random_net_weights(Variant::Backgammon, 1);
  w.nets.pop_back();  // no race net
  auto e = save_weights(path("bad.bin"), w);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->message.find("lacks its bg-race net"), std::string::npos) << e->message;
  EXPECT_FALSE(fs::exists(path("bad.bin")));
}

TEST_F(NnWeightsFile, MissingFile) {
  Result<NetWeights> r = load_weights(path("nope.bin"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("cannot open"), std::string::npos);
  EXPECT_NE(r.error().message.find("nope.bin"), std::string::npos);
}

TEST_F(NnWeightsFile, RejectsWrongMagic) {
  std::string b = serialize_weights(random_net_weights(Variant::Plakoto, 1));
  b[0] = 'X';
  EXPECT_NE(error_of(b).find("not a nard model file (wrong magic number)"), std::string::npos)
      << error_of(b);
  EXPECT_NE(error_of("").find("wrong magic"), std::string::npos);
  EXPECT_NE(error_of("hello world, this is text").find("wrong magic"), std::string::npos);
}

TEST_F(NnWeightsFile, RejectsOtherFormatVersions) {
  std::string b = serialize_weights(random_net_weights(Variant::Plakoto, 1));
  set_u32(b, 4, kWeightsFormatVersion + 1);
  EXPECT_NE(error_of(b).find("update nard"), std::string::npos) << error_of(b);
  set_u32(b, 4, 0);
  EXPECT_NE(error_of(b).find("export the model again"), std::string::npos) << error_of(b);
}

TEST_F(NnWeightsFile, RejectsTruncatedFiles) {
  const std::string b = serialize_weights(random_net_weights(Variant::Backgammon, 1));
  for (size_t cut : {size_t(6), size_t(14), size_t(100), b.size() / 2, b.size() - 1}) {
    const std::string msg = error_of(b.substr(0, cut));
    EXPECT_NE(msg.find("truncated"), std::string::npos) << cut << ": " << msg;
    EXPECT_NE(msg.find("m.bin"), std::string::npos);
  }
  // Through the file loader as well.
  write(path("cut.bin"), b.substr(0, b.size() - 3));
  Result<NetWeights> r = load_weights(path("cut.bin"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("truncated"), std::string::npos);
}

TEST_F(NnWeightsFile, RejectsCorruptPayload) {
  std::string b = serialize_weights(random_net_weights(Variant::LongNardy, 1));
  b[b.size() / 2] ^= 0x10;  // one flipped bit inside a weight
  EXPECT_NE(error_of(b).find("checksum mismatch"), std::string::npos) << error_of(b);
}

TEST_F(NnWeightsFile, RejectsTrailingBytes) {
  const std::string b = serialize_weights(random_net_weights(Variant::LongNardy, 1)) + "xx";
  EXPECT_NE(error_of(b).find("unexpected bytes after the checksum"), std::string::npos)
      << error_of(b);
}

TEST_F(NnWeightsFile, RejectsWrongArchitecture) {
  // A net built for another input count (an older encoder): serialised without validation.
  NetWeights w = random_net_weights(Variant::Fevga, 1);
  DenseLayer& first = w.nets[0].layers[0];
  first.inputs -= 2;
  first.weight.resize(size_t(first.inputs) * first.outputs);
  std::string msg = error_of(serialize_weights(w));
  EXPECT_NE(msg.find("fevga net: built for 230 inputs"), std::string::npos) << msg;
  EXPECT_NE(msg.find("retrain"), std::string::npos) << msg;

  // A recorded architecture hash that does not match the layers (checksum kept valid).
  std::string b = serialize_weights(random_net_weights(Variant::Fevga, 1));
  const size_t desc_len = uint8_t(b[16]) | uint8_t(b[17]) << 8;
  const size_t arch_at = 16 + 4 + desc_len + 4 + 8;  // description, net count, encoder, inputs
  set_u32(b, arch_at, 0x12345678);
  fix_checksum(b);
  msg = error_of(b);
  EXPECT_NE(msg.find("architecture hash mismatch"), std::string::npos) << msg;

  // A model of another game.
  NetWeights other = random_net_weights(Variant::Fevga, 1);
  other.variant = Variant::Plakoto;
  msg = error_of(serialize_weights(other));
  EXPECT_NE(msg.find("does not belong to a plakoto model"), std::string::npos) << msg;

  // An unknown encoder id (a newer nard).
  b = serialize_weights(random_net_weights(Variant::Fevga, 1));
  set_u32(b, 16 + 4 + desc_len + 4, 77);
  fix_checksum(b);
  msg = error_of(b);
  EXPECT_NE(msg.find("unknown input encoder 77"), std::string::npos) << msg;
}

TEST_F(NnWeightsFile, RejectsNonFiniteWeights) {
  NetWeights w = random_net_weights(Variant::Tawla31, 1);
  w.nets[0].layers[1].bias[2] = std::numeric_limits<float>::infinity();
  const std::string msg = error_of(serialize_weights(w));
  EXPECT_NE(msg.find("non-finite"), std::string::npos) << msg;
}

// A Tawla 31 model from before count-aware nets (one "tawla31" net, P(win) only) is refused with a
// message that says what to do; training's --init-from may read it as a count net to start from.
TEST_F(NnWeightsFile, RefusesAPreCountTawla31ModelButTrainingMayStartFromIt) {
  NetWeights w = random_net_weights(Variant::Tawla31, 3);
  ASSERT_EQ(w.nets.size(), 1u);
  EXPECT_EQ(w.nets[0].encoder, EncoderId::Tawla31Count);
  w.nets[0].encoder = EncoderId::Tawla31;  // as written by an older nard
  const std::string bytes = serialize_weights(w);
  const std::string msg = error_of(bytes);
  EXPECT_NE(msg.find("before count-aware nets"), std::string::npos) << msg;
  Result<NetWeights> legacy =
      parse_weights(bytes, "old.nardnet", LegacyNets{.tawla31_as_count = true});
  ASSERT_TRUE(legacy.ok()) << legacy.error().message;
  EXPECT_EQ(legacy->nets[0].encoder, EncoderId::Tawla31Count);
  EXPECT_EQ(legacy->nets[0].layers, w.nets[0].layers);
}

}  // namespace
}  // namespace nard

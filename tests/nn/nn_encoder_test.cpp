// Encoder tests: golden hashes of the inputs of fixed positions (a silent change of any input
// fails here), every slot written, and the named offsets meaning what they say.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <span>
#include <vector>

#include "formats/notation.h"
#include "game/dice.h"
#include "nn/encoder.h"
#include "nn/encoder_features.h"
#include "nn/encoder_layout.h"
#include "tests/support/nn_test_positions.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

std::vector<float> encoded(EncoderId id, const Position& pos) {
  std::vector<float> v(encoder_inputs(id), std::numeric_limits<float>::quiet_NaN());
  encode(id, pos, v.data());
  return v;
}

// FNV-1a 64 over the bit patterns of all the encoded floats of all the positions.
uint64_t golden_hash(EncoderId id, std::span<const std::string_view> list, Geometry g) {
  uint64_t h = 0xCBF29CE484222325ull;
  for (std::string_view text : list) {
    for (float f : encoded(id, P(text, g))) {
      const uint32_t bits = std::bit_cast<uint32_t>(f);
      for (int k = 0; k < 4; ++k) h = (h ^ ((bits >> (8 * k)) & 0xFFu)) * 0x100000001B3ull;
    }
  }
  return h;
}

struct GoldenCase {
  EncoderId id;
  std::span<const std::string_view> positions;
  Geometry geometry;
  uint64_t expected;
};

std::vector<GoldenCase> golden_cases() {
  using namespace test_positions;
  return {
      {EncoderId::BackgammonContact, kBackgammonContactPositions, Geometry::Contrary,
       0x5935d7f580befcb0ull},
      {EncoderId::BackgammonRace, kBackgammonRacePositions, Geometry::Contrary,
       0xd697e8602a10dd92ull},
      {EncoderId::Plakoto, kPlakotoPositions, Geometry::Contrary, 0xe9dc6aad5b543de2ull},
      {EncoderId::Tawla31, kTawla31Positions, Geometry::Contrary, 0x4fb1282294afb161ull},
      {EncoderId::Fevga, kFevgaPositions, Geometry::Parallel, 0x6bbc5ec976120db9ull},
      {EncoderId::LongNardy, kLongNardyPositions, Geometry::Parallel, 0x6a27e19128d07cfcull},
      {EncoderId::BackgammonPrune, kBackgammonContactPositions, Geometry::Contrary,
       0x9efec454f1051370ull},
      {EncoderId::BackgammonContact2, kBackgammonContactPositions, Geometry::Contrary,
       0x678a1857056bb3baull},
      {EncoderId::PlakotoPrune, kPlakotoPositions, Geometry::Contrary, 0xc7f6937f429d9dbcull},
      {EncoderId::Tawla31Prune, kTawla31Positions, Geometry::Contrary, 0x7db15812214f0f71ull},
      {EncoderId::FevgaPrune, kFevgaPositions, Geometry::Parallel, 0xc5ea40db7fd52da4ull},
      {EncoderId::LongNardyPrune, kLongNardyPositions, Geometry::Parallel, 0xe5bb7cf16e5fa493ull},
  };
}

TEST(NnEncoder, GoldenInputHashes) {
  // If this fails after a deliberate encoder change, every trained model of that encoder is
  // invalid: bump the input count or the encoder id, then update the hash printed here.
  for (const GoldenCase& c : golden_cases()) {
    const uint64_t h = golden_hash(c.id, c.positions, c.geometry);
    EXPECT_EQ(h, c.expected) << encoder_name(c.id) << ": got 0x" << std::hex << h;
  }
}

TEST(NnEncoder, EveryInputWrittenFiniteAndSmall) {
  for (const GoldenCase& c : golden_cases()) {
    for (std::string_view text : c.positions) {
      const std::vector<float> v = encoded(c.id, P(text, c.geometry));
      for (size_t i = 0; i < v.size(); ++i) {
        ASSERT_TRUE(std::isfinite(v[i]))
            << encoder_name(c.id) << " input " << i << " not written for " << text;
        ASSERT_GE(v[i], 0.0f) << encoder_name(c.id) << " input " << i;
        ASSERT_LE(v[i], 4.0f) << encoder_name(c.id) << " input " << i << " for " << text;
      }
    }
  }
}

TEST(NnEncoder, SizesMatchLayouts) {
  EXPECT_EQ(encoder_inputs(EncoderId::BackgammonContact), layout::bg_contact::kInputs);
  EXPECT_EQ(encoder_inputs(EncoderId::BackgammonRace), layout::bg_race::kInputs);
  EXPECT_EQ(encoder_inputs(EncoderId::Plakoto), layout::plakoto::kInputs);
  for (EncoderId id : {EncoderId::Tawla31, EncoderId::Fevga, EncoderId::LongNardy})
    EXPECT_EQ(encoder_inputs(id), layout::blocking::kInputs);
  EXPECT_EQ(encoder_inputs(EncoderId::BackgammonPrune), layout::bg_prune::kInputs);
  EXPECT_EQ(encoder_inputs(EncoderId::BackgammonContact2), layout::bg_contact2::kInputs);
  for (EncoderId id : {EncoderId::PlakotoPrune, EncoderId::Tawla31Prune, EncoderId::FevgaPrune,
                       EncoderId::LongNardyPrune})
    EXPECT_EQ(encoder_inputs(id), layout::board_prune::kInputs);
}

TEST(NnEncoder, EscapeTable) {
  EXPECT_EQ(encoding::kEscapeTable[0], 36);
  EXPECT_EQ(encoding::kEscapeTable[0x3F], 0);  // a full prime right in front
  // One point blocked 6 pips ahead: 5-1, 4-2 (landing on it), 2-2, 3-3 and 6-6 fail.
  EXPECT_EQ(encoding::kEscapeTable[1u << 5], 36 - 4 - 3);
  // Points 1 and 2 pips ahead blocked: only rolls whose dice both land there fail (1-1, 2-2, 2-1).
  EXPECT_EQ(encoding::kEscapeTable[0x3], 36 - 1 - 1 - 2);
  EXPECT_EQ(encoding::escapes_at(0, 5), 36);
  // The bit-trick lookup equals the plain definition for every point and many masks.
  Rng rng(1);
  for (int trial = 0; trial < 2000; ++trial) {
    const uint32_t blocks = uint32_t(rng.next()) & encoding::kBoardMask;
    for (int p = 1; p <= 25; ++p) {
      uint32_t mask = 0;
      for (int i = 1; i <= 12 && p - i >= 1; ++i)
        if (blocks & (1u << (p - i))) mask |= 1u << (i - 1);
      ASSERT_EQ(encoding::escapes_at(blocks, p), encoding::escape_rolls_slow(mask))
          << blocks << " " << p;
    }
  }
}

TEST(NnEncoder, EncoderChoiceAndNames) {
  const Rules bg = *rules_preset("wbf");
  EXPECT_EQ(encoder_for(bg, backgammon_start()), EncoderId::BackgammonContact);
  EXPECT_EQ(encoder_for(bg, P("x 6:5 5:5 4:5; o 19:15")), EncoderId::BackgammonRace);
  EXPECT_EQ(encoder_for(*rules_preset("iran"), P("x 6:5 5:5 4:5; o 19:15")),
            EncoderId::BackgammonRace);
  EXPECT_EQ(encoder_for(*rules_preset("plakoto"), plakoto_start()), EncoderId::Plakoto);
  EXPECT_EQ(encoder_for(*rules_preset("fevga"), parallel_start()), EncoderId::Fevga);
  EXPECT_EQ(encoder_for(*rules_preset("longnardy"), parallel_start()), EncoderId::LongNardy);
  EXPECT_EQ(encoder_for(*rules_preset("tawla31"), tawla31_start()), EncoderId::Tawla31Count);
  EXPECT_EQ(encoders_for(Variant::Backgammon).size(), 2u);
  EXPECT_EQ(encoder_role(EncoderId::BackgammonContact2), EncoderId::BackgammonContact);
  EXPECT_EQ(encoder_role(EncoderId::BackgammonRace), EncoderId::BackgammonRace);
  EXPECT_EQ(encoder_variant(EncoderId::BackgammonContact2), Variant::Backgammon);
  for (uint32_t n = 1; n <= 9; ++n) {
    Result<EncoderId> id = encoder_from_number(n);
    ASSERT_TRUE(id.ok());
    EXPECT_EQ(uint32_t(*id), n);
    EXPECT_NE(encoder_name(*id), "unknown");
  }
  for (uint32_t n = 1; n <= 9; ++n) {
    Result<EncoderId> named = encoder_from_name(encoder_name(EncoderId(n)));
    ASSERT_TRUE(named.ok()) << n;
    EXPECT_EQ(*named, EncoderId(n));
  }
  EXPECT_FALSE(encoder_from_name("bg-contact3").ok());
  Result<EncoderId> bad = encoder_from_number(99);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("newer nard"), std::string::npos);
}

TEST(NnEncoder, BackgammonContactOffsets) {
  namespace L = layout::bg_contact;
  const std::vector<float> v = encoded(EncoderId::BackgammonContact, backgammon_start());
  // Mover's 6 point: 5 checkers = units 1,1,1,(5-3)/2.
  const int six = L::kMover + L::kPoints + 4 * (6 - 1);
  EXPECT_EQ(v[six + 0], 1.0f);
  EXPECT_EQ(v[six + 1], 1.0f);
  EXPECT_EQ(v[six + 2], 1.0f);
  EXPECT_EQ(v[six + 3], 1.0f);
  // Mover's 24 point: 2 checkers.
  const int back = L::kMover + L::kPoints + 4 * 23;
  EXPECT_EQ(v[back + 1], 1.0f);
  EXPECT_EQ(v[back + 2], 0.0f);
  EXPECT_EQ(v[L::kMover + L::kPoints + 4 * 6], 0.0f);  // the 7 point is empty
  for (int side : {L::kMover, L::kOpponent}) {
    EXPECT_FLOAT_EQ(v[side + L::kPips], 167.0f / 200.0f);
    EXPECT_EQ(v[side + L::kOff], 0.0f);
    EXPECT_EQ(v[side + L::kBar], 0.0f);
    EXPECT_FLOAT_EQ(v[side + L::kBackChecker], 1.0f);
    EXPECT_FLOAT_EQ(v[side + L::kBackAnchor], 1.0f);  // the 24-point anchor
    EXPECT_FLOAT_EQ(v[side + L::kForwardAnchor], 1.0f / 6.0f);
    EXPECT_FLOAT_EQ(v[side + L::kHomePoints], 1.0f / 6.0f);
    EXPECT_EQ(v[side + L::kBlots], 0.0f);
    EXPECT_EQ(v[side + L::kHitRolls], 0.0f);
  }
  // Symmetric start: both halves equal.
  for (int i = 0; i < L::kSideInputs; ++i) EXPECT_EQ(v[L::kMover + i], v[L::kOpponent + i]) << i;
}

// bg-contact2 is bg-contact's inputs followed by its own (so that a bg-contact net grows into it).
TEST(NnEncoder, BackgammonContact2ExtendsContact) {
  for (std::string_view text : test_positions::kBackgammonContactPositions) {
    const std::vector<float> a = encoded(EncoderId::BackgammonContact, P(text));
    const std::vector<float> b = encoded(EncoderId::BackgammonContact2, P(text));
    ASSERT_EQ(b.size(), a.size() + 2 * layout::bg_contact2::kExtraSideInputs);
    for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], b[i]) << text << " input " << i;
  }
}

TEST(NnEncoder, BackgammonContact2Features) {
  namespace L = layout::bg_contact2;
  const std::vector<float> v = encoded(EncoderId::BackgammonContact2, backgammon_start());
  for (int side : {L::kMover, L::kOpponent}) {
    // 24:2 -> 2 x 18, 13:5 -> 5 x 7, 8:3 -> 3 x 2, three spares on the 6 point -> 3 x 5.
    EXPECT_FLOAT_EQ(v[side + L::kTiming], 92.0f / 100.0f);
    // Dice 1..6 move 10, 15, 15, 15, 8 and 10 checkers (the other holds our 1, 12, 17 and 19).
    EXPECT_FLOAT_EQ(v[side + L::kMobility], 73.0f / 90.0f);
    EXPECT_EQ(v[side + L::kDiceBlocked], 0.0f);
    EXPECT_FLOAT_EQ(v[side + L::kAnchorsBack], 1.0f / 3.0f);
    // Mean point 167 / 15; above it 5 checkers on 13 and 2 on 24.
    const float mean = 167.0f / 15.0f;
    const float m2 =
        (5 * (13 - mean) * (13 - mean) + 2 * (24 - mean) * (24 - mean)) / 7.0f / 400.0f;
    EXPECT_NEAR(v[side + L::kMoment2], m2, 1e-6);
  }
  for (int i = 0; i < L::kExtraSideInputs; ++i)
    EXPECT_EQ(v[L::kMover + i], v[L::kOpponent + i]) << i;

  // A full prime in front of the other's two back checkers traps them; the other's side has none.
  const std::vector<float> primed =
      encoded(EncoderId::BackgammonContact2, P("x 9:2 8:2 7:2 6:2 5:2 4:2 3:3; o 1:2 19:13"));
  const std::vector<float> open =
      encoded(EncoderId::BackgammonContact2, P("x 3:2 2:13; o 1:2 19:13"));
  EXPECT_NEAR(primed[L::kMover + L::kTrapped], 2.0f / 15.0f, 1e-6);  // no roll escapes a 6-prime
  EXPECT_GT(primed[L::kMover + L::kBlockade], open[L::kMover + L::kBlockade] + 0.2f);
  EXPECT_LT(open[L::kMover + L::kTrapped], 0.1f);
  // An uneven position, by hand. x: bar 1, 13:2, 8:2, 6:4, 5:3, 3:3 (115 pips, mean point
  // 115 / 15); o (x's numbering) holds 22, 20, 12 and 4, with blots on 19 and 1.
  const std::vector<float> u =
      encoded(EncoderId::BackgammonContact2,
              P("x bar:1 13:2 8:2 6:4 5:3 3:3; o 22:3 20:2 19:1 4:2 1:1 12:6"));
  // Timing: bar 19, 13: 2 x 7, 8: 2 x 2; spares: 6: 2 x 5, 5: 1 x 4, 3: 1 x 2 -> 53.
  EXPECT_FLOAT_EQ(u[L::kMover + L::kTiming], 53.0f / 100.0f);
  // Only the bar checker moves: dice 1, 2, 4 and 6 enter (24, 23, 21 and the blot on 19); 3 and 5
  // meet o's points 22 and 20.
  EXPECT_FLOAT_EQ(u[L::kMover + L::kMobility], 4.0f / 90.0f);
  EXPECT_FLOAT_EQ(u[L::kMover + L::kDiceBlocked], 2.0f / 6.0f);
  EXPECT_EQ(u[L::kMover + L::kAnchorsBack], 0.0f);
  {
    const float mean = 115.0f / 15.0f;
    const float sq =
        (25 - mean) * (25 - mean) + 2 * (13 - mean) * (13 - mean) + 2 * (8 - mean) * (8 - mean);
    EXPECT_NEAR(u[L::kMover + L::kMoment2], sq / 5.0f / 400.0f, 1e-6);
  }
  // o's anchors in x's home board: x's 4 (o's 21); its points on x's 22 and 20 are its own home.
  EXPECT_FLOAT_EQ(u[L::kOpponent + L::kAnchorsBack], 1.0f / 3.0f);

  // All home: bearing off counts the exact die and, for a higher die, the rearmost checker.
  const std::vector<float> home =
      encoded(EncoderId::BackgammonContact2, P("x 4:5 2:5 1:5; o 24:2 13:13"));
  // Die 1: 4 -> 3, 2 -> 1, 1 -> off: 15. Die 2: 4 -> 2, 2 -> off (1 -> off? no: not exact, not
  // rearmost): 10. Die 3: 4 -> 1: 5. Die 4: 4 -> off: 5. Dice 5, 6: the rearmost (4) off: 5 each.
  EXPECT_FLOAT_EQ(home[L::kMover + L::kMobility], 45.0f / 90.0f);
  EXPECT_EQ(home[L::kMover + L::kDiceBlocked], 0.0f);
  EXPECT_FLOAT_EQ(home[L::kMover + L::kTiming], (3 * 3 + 3 * 1) / 100.0f);  // spares on 4 and 2

  // On the bar against a closed board: nothing moves.
  const std::vector<float> bar = encoded(EncoderId::BackgammonContact2,
                                         P("x bar:2 6:13; o 24:2 23:2 22:2 21:2 20:2 19:2 1:3"));
  EXPECT_EQ(bar[L::kMover + L::kMobility], 0.0f);
  EXPECT_EQ(bar[L::kMover + L::kDiceBlocked], 1.0f);
  EXPECT_FLOAT_EQ(bar[L::kOpponent + L::kTrapped], 2.0f / 15.0f);
}

TEST(NnEncoder, PruneOffsetsSeeEachSideFromItsOwnSide) {
  namespace L = layout::bg_prune;
  const Position p =
      P("x bar:1 24:2 13:4 6:5 off:3; o bar:2 19:5 12:5 1:1 off:2", Geometry::Contrary);
  const std::vector<float> v = encoded(EncoderId::BackgammonPrune, p);
  ASSERT_EQ(v.size(), size_t(L::kInputs));
  auto units = [&](int side, int point) {
    return std::vector<float>(v.begin() + side + L::kPoints + 4 * (point - 1),
                              v.begin() + side + L::kPoints + 4 * point);
  };
  EXPECT_EQ(units(L::kMover, 24), (std::vector<float>{1, 1, 0, 0}));
  EXPECT_EQ(units(L::kMover, 6), (std::vector<float>{1, 1, 1, 1}));      // 5 checkers: (5 - 3) / 2
  EXPECT_EQ(units(L::kOpponent, 6), (std::vector<float>{1, 1, 1, 1}));   // its 6 point is our 19
  EXPECT_EQ(units(L::kOpponent, 24), (std::vector<float>{1, 0, 0, 0}));  // its 24 point is our 1
  EXPECT_EQ(units(L::kOpponent, 13), (std::vector<float>{1, 1, 1, 1}));
  EXPECT_EQ(v[L::kMover + L::kBar], 1.0f);
  EXPECT_EQ(v[L::kOpponent + L::kBar + 1], 1.0f);
  EXPECT_FLOAT_EQ(v[L::kMover + L::kOff], 3 / 15.0f);
  EXPECT_FLOAT_EQ(v[L::kOpponent + L::kOff], 2 / 15.0f);
  EXPECT_FLOAT_EQ(v[L::kMover + L::kPips], p.mover_pips() / 200.0f);
  EXPECT_FLOAT_EQ(v[L::kOpponent + L::kPips], p.opp_pips() / 200.0f);
  EXPECT_EQ(encoder_name(EncoderId::BackgammonPrune), "bg-prune");
  EXPECT_EQ(optional_encoder_for(Variant::Backgammon), EncoderId::BackgammonPrune);
  EXPECT_EQ(optional_encoder_for(Variant::Plakoto), EncoderId::PlakotoPrune);
  EXPECT_EQ(optional_encoder_for(Variant::Tawla31), EncoderId::Tawla31Prune);
  EXPECT_EQ(optional_encoder_for(Variant::Fevga), EncoderId::FevgaPrune);
  EXPECT_EQ(optional_encoder_for(Variant::LongNardy), EncoderId::LongNardyPrune);
  EXPECT_EQ(encoder_name(EncoderId::FevgaPrune), "fevga-prune");
  EXPECT_EQ(encoder_variant(EncoderId::LongNardyPrune), Variant::LongNardy);
  EXPECT_EQ(*encoder_from_name("plakoto-prune"), EncoderId::PlakotoPrune);
}

// The other games' pruning encoder: each side in its own numbering, by the geometry; pins.
TEST(NnEncoder, BoardPruneSidesAndPins) {
  namespace L = layout::board_prune;
  // Plakoto: the mover's checker pinned under the opponent's on mover point 10 (the opponent's
  // 15), the opponent's pinned under the mover's on mover point 6 (the opponent's 19).
  const Position p = P("x 24:13 6:1+; o 10:1+ 5:1 1:12", Geometry::Contrary);
  ASSERT_TRUE(p.mover_pinned_at(10) && p.opp_pinned_at(6));
  const std::vector<float> v = encoded(EncoderId::PlakotoPrune, p);
  EXPECT_EQ(v[L::kMover + L::kPinned + 10 - 1], 1.0f);
  EXPECT_EQ(v[L::kOpponent + L::kPinned + 19 - 1], 1.0f);
  float pins = 0;
  for (int i = 0; i < 24; ++i)
    pins += v[L::kMover + L::kPinned + i] + v[L::kOpponent + L::kPinned + i];
  EXPECT_EQ(pins, 2.0f);
  EXPECT_EQ(v[L::kMover + L::kPoints + 4 * (24 - 1) + 3], (13 - 3) / L::kExcessDivisor);
  EXPECT_EQ(v[L::kOpponent + L::kPoints + 4 * (25 - 10 - 1)], 1.0f);  // its top checker on its 15
  EXPECT_FLOAT_EQ(v[L::kMover + L::kPips], p.mover_pips() / 360.0f);
  EXPECT_FLOAT_EQ(v[L::kOpponent + L::kPips], p.opp_pips() / 360.0f);
  // Fevga (parallel): the opponent's 15 checkers on mover point 12 are on its own 24.
  const std::vector<float> f =
      encoded(EncoderId::FevgaPrune, P("x 24:15; o 12:15", Geometry::Parallel));
  EXPECT_EQ(f[L::kOpponent + L::kPoints + 4 * (24 - 1)], 1.0f);
  EXPECT_EQ(f[L::kMover + L::kPoints + 4 * (24 - 1)], 1.0f);
  EXPECT_FLOAT_EQ(f[L::kOpponent + L::kPips], 24 * 15 / 360.0f);
}

TEST(NnEncoder, BackgammonThreatsAndBar) {
  namespace L = layout::bg_contact;
  // A lone mover checker on its 6 point, 5 pips from the opponent's checker on its 24 point
  // (mover 1): hit by any 5, 4-1 or 3-2 = 11 + 2 + 2 = 15 rolls.
  const Position p = P("x 6:1 5:14; o 1:1 24:14");
  const std::vector<float> v = encoded(EncoderId::BackgammonContact, p);
  EXPECT_FLOAT_EQ(v[L::kMover + L::kHitRolls], 15.0f / 36.0f);
  EXPECT_FLOAT_EQ(v[L::kMover + L::kDoubleHitRolls], 0.0f);
  EXPECT_FLOAT_EQ(v[L::kMover + L::kPipLoss],
                  15.0f * 19.0f / (36.0f * 12.0f));  // the blot travelled 19 pips
  EXPECT_FLOAT_EQ(v[L::kMover + L::kBlots], 1.0f / 8.0f);
  // The opponent's lone checker on mover 1 is 4 and 5 pips away from 15 mover checkers.
  EXPECT_GT(v[L::kOpponent + L::kHitRolls], 0.5f);

  const Position bar = P("x bar:2 6:13; o 24:2 23:2 22:2 21:2 20:2 19:2 1:3");
  const std::vector<float> b = encoded(EncoderId::BackgammonContact, bar);
  EXPECT_EQ(b[L::kMover + L::kBar + 0], 1.0f);
  EXPECT_EQ(b[L::kMover + L::kBar + 1], 1.0f);
  EXPECT_EQ(b[L::kMover + L::kBar + 2], 0.0f);
  EXPECT_FLOAT_EQ(b[L::kMover + L::kEnterFail], 1.0f);  // closed board
  EXPECT_FLOAT_EQ(b[L::kMover + L::kBackChecker], 25.0f / 24.0f);
  EXPECT_FLOAT_EQ(b[L::kMover + L::kBackEscapes], 0.0f);
  EXPECT_FLOAT_EQ(b[L::kOpponent + L::kLongestPrime], 1.0f);  // six points in a row
  EXPECT_FLOAT_EQ(b[L::kOpponent + L::kContainment], 1.0f);
}

TEST(NnEncoder, RaceOffsets) {
  namespace L = layout::bg_race;
  // o (in mover numbering) on 17 and 24: its own 8 and 1.
  const std::vector<float> v =
      encoded(EncoderId::BackgammonRace, P("x 3:2 2:3 off:10; o 17:1 24:2 off:12"));
  EXPECT_EQ(v[L::kMover + L::kOffAtLeast + 9], 1.0f);   // off >= 10
  EXPECT_EQ(v[L::kMover + L::kOffAtLeast + 10], 0.0f);  // off >= 11
  EXPECT_FLOAT_EQ(v[L::kMover + L::kOff], 10.0f / 15.0f);
  EXPECT_FLOAT_EQ(v[L::kMover + L::kPips], 12.0f / 150.0f);
  // The opponent's checker on its 8: one quarter to cross, outside home.
  EXPECT_FLOAT_EQ(v[L::kOpponent + L::kCrossovers], 1.0f / 45.0f);
  EXPECT_FLOAT_EQ(v[L::kOpponent + L::kOutside], 1.0f / 15.0f);
  EXPECT_FLOAT_EQ(v[L::kOpponent + L::kPips], 10.0f / 150.0f);
  EXPECT_EQ(v[L::kOpponent + L::kPoints + 4 * (8 - 1)], 1.0f);
  EXPECT_EQ(v[L::kOpponent + L::kPoints + 4 * (1 - 1) + 1], 1.0f);
}

TEST(NnEncoder, PlakotoPinsAndMother) {
  namespace L = layout::plakoto;
  // x pins an o checker on mover 20 (o's 5); o pins an x checker on mover 6; x's mother (lone
  // checker on 24) is 2 pips from o's checkers on mover 22.
  const Position p = P("x 24:1 20:1+ 10:12; o 22:2 6:1+ 1:11");
  const std::vector<float> v = encoded(EncoderId::Plakoto, p);
  EXPECT_EQ(v[L::kMover + L::kPinned + 6 - 1], 1.0f);     // x pinned under o on x's 6
  EXPECT_EQ(v[L::kOpponent + L::kPinned + 5 - 1], 1.0f);  // o pinned under x on o's 5
  EXPECT_FLOAT_EQ(v[L::kMover + L::kPinnedCount], 0.25f);
  EXPECT_GT(v[L::kMover + L::kMotherRolls], 0.3f);     // any 2 at least
  EXPECT_EQ(v[L::kOpponent + L::kMotherRolls], 0.0f);  // o's start point holds 11
  // Symmetric start.
  const std::vector<float> s = encoded(EncoderId::Plakoto, plakoto_start());
  for (int i = 0; i < L::kSideInputs; ++i) EXPECT_EQ(s[L::kMover + i], s[L::kOpponent + i]) << i;
  EXPECT_FLOAT_EQ(s[L::kMover + L::kPoints + 4 * 23 + 3], 12.0f / 4.0f);
}

TEST(NnEncoder, BlockingGamesFlagsAndMobility) {
  namespace L = layout::blocking;
  Position start = parallel_start();
  start.set_mover_first_turn(true);
  start.set_opp_first_turn(true);
  const std::vector<float> v = encoded(EncoderId::LongNardy, start);
  EXPECT_EQ(v[L::kMover + L::kFirstTurn], 1.0f);
  EXPECT_EQ(v[L::kOpponent + L::kFirstTurn], 1.0f);
  EXPECT_EQ(v[L::kMover + L::kReleased], 0.0f);
  for (int d = 1; d <= 6; ++d) {
    EXPECT_FLOAT_EQ(v[L::kMover + L::kMovable + d - 1], 1.0f) << d;  // all 15 can move any die
    EXPECT_EQ(v[L::kMover + L::kDieBlocked + d - 1], 0.0f);
  }
  // Fevga: x's runner has passed (a checker on 10); x holds the six points 18..13.
  const Position f = P("x 18:1 17:1 16:1 15:1 14:1 13:1 10:1 24:8; o 12:15", Geometry::Parallel);
  const std::vector<float> e = encoded(EncoderId::Fevga, f);
  EXPECT_EQ(e[L::kMover + L::kReleased], 1.0f);
  EXPECT_EQ(e[L::kOpponent + L::kReleased], 0.0f);
  EXPECT_FLOAT_EQ(e[L::kMover + L::kLongestBlock], 1.0f);
  // Tawla 31: released on 1..6 only; a checker on 10 is not enough.
  const Position t = P("x 10:1 24:14; o 1:15");
  EXPECT_EQ(encoded(EncoderId::Tawla31, t)[L::kMover + L::kReleased], 0.0f);
  EXPECT_EQ(encoded(EncoderId::Fevga,
                    P("x 10:1 24:14; o 12:15", Geometry::Parallel))[L::kMover + L::kReleased],
            1.0f);
  // A die that no checker can play: x's only checkers on 24, o holds 23 and 22.
  const Position blocked = P("x 24:15; o 23:1 22:1 12:13", Geometry::Parallel);
  const std::vector<float> m = encoded(EncoderId::LongNardy, blocked);
  EXPECT_EQ(m[L::kMover + L::kDieBlocked + 0], 1.0f);
  EXPECT_EQ(m[L::kMover + L::kDieBlocked + 1], 1.0f);
  EXPECT_EQ(m[L::kMover + L::kDieBlocked + 2], 0.0f);
}

}  // namespace
}  // namespace nard

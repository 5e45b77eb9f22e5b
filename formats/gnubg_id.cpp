#include "formats/gnubg_id.h"

#include <array>
#include <cassert>
#include <cstdint>

#include "game/position_check.h"

namespace nard {

namespace {

constexpr int kPositionIdChars = 14;  // 80 bits in 10 bytes
constexpr int kPositionIdBytes = 10;
constexpr int kMatchIdChars = 12;  // 72 bits in 9 bytes
constexpr int kMatchIdBytes = 9;

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

std::string describe_char(char c) {
  if (static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f)
    return std::string("'") + c + "'";
  return "byte " + std::to_string(static_cast<unsigned char>(c));
}

// A little bit string of N bytes: bit k is bit (k mod 8) of byte k / 8 (gnubg's order).
template <int N>
struct Bits {
  std::array<uint8_t, N> bytes{};

  bool get(int k) const { return (bytes[k >> 3] >> (k & 7)) & 1u; }
  void set(int k) { bytes[k >> 3] |= uint8_t(1u << (k & 7)); }
  // A field of `width` bits starting at bit `at`, least-significant bit first.
  unsigned field(int at, int width) const {
    unsigned v = 0;
    for (int i = 0; i < width; ++i) v |= unsigned(get(at + i)) << i;
    return v;
  }
  void put(int at, int width, unsigned v) {
    for (int i = 0; i < width; ++i)
      if ((v >> i) & 1u) set(at + i);
  }

  // Standard base64 of the bytes without padding: ceil(8N / 6) characters.
  std::string to_base64() const {
    std::string out;
    const int chars = (8 * N + 5) / 6;
    for (int c = 0; c < chars; ++c) {
      // Character c holds bits 6c..6c+5 of the big-endian byte stream (most significant first).
      unsigned v = 0;
      for (int i = 0; i < 6; ++i) {
        const int stream_bit = 6 * c + i;  // 0 = most significant bit of byte 0
        const int byte = stream_bit / 8;
        const unsigned b = byte < N ? (bytes[byte] >> (7 - stream_bit % 8)) & 1u : 0u;
        v = (v << 1) | b;
      }
      out += kBase64[v];
    }
    return out;
  }

  // Parses exactly ceil(8N / 6) base64 characters; the unused low bits of the last character
  // must be zero, so that every byte string has exactly one ID.
  static Result<Bits> from_base64(std::string_view text, const char* what) {
    const int chars = (8 * N + 5) / 6;
    if (int(text.size()) != chars)
      return make_error(std::string(what) + " '" + std::string(text) + "' has " +
                        std::to_string(text.size()) + " characters, not " + std::to_string(chars));
    Bits b;
    for (int c = 0; c < chars; ++c) {
      const int v = base64_value(text[c]);
      if (v < 0)
        return make_error(std::string(what) + " '" + std::string(text) + "' has " +
                          describe_char(text[c]) + " at position " + std::to_string(c + 1) +
                          ", which is not a base64 character (A-Z a-z 0-9 + /)");
      for (int i = 0; i < 6; ++i) {
        if (!((v >> (5 - i)) & 1)) continue;
        const int stream_bit = 6 * c + i;
        if (stream_bit >= 8 * N)
          return make_error(std::string(what) + " '" + std::string(text) +
                            "' has a last character with unused bits set (not a valid ID)");
        b.bytes[stream_bit / 8] |= uint8_t(1u << (7 - stream_bit % 8));
      }
    }
    return b;
  }
};

// Match ID field offsets (see the header).
constexpr int kCubeAt = 0, kOwnerAt = 4, kDiceOwnerAt = 6, kCrawfordAt = 7, kStateAt = 8,
              kTurnAt = 11, kDoubleAt = 12, kResignAt = 13, kDie1At = 15, kDie2At = 18,
              kLengthAt = 21, kScore0At = 36, kScore1At = 51, kNoJacobyAt = 66, kUsedBits = 67;
constexpr int kScoreBits = 15;
constexpr int kMaxFifteenBits = (1 << kScoreBits) - 1;

}  // namespace

Result<Position> decode_position_id(std::string_view id) {
  Result<Bits<kPositionIdBytes>> bits = Bits<kPositionIdBytes>::from_base64(id, "Position ID");
  if (!bits) return bits.error();
  const std::string quoted = "Position ID '" + std::string(id) + "'";
  // counts[side][slot]: side 0 = not on roll, 1 = on roll; slot 0..23 = own points 1..24, 24 = bar.
  std::array<std::array<int, 25>, 2> counts{};
  int k = 0;
  for (int side = 0; side < 2; ++side) {
    int total = 0;
    for (int slot = 0; slot < 25; ++slot) {
      while (k < 8 * kPositionIdBytes && bits->get(k)) {
        ++counts[side][slot];
        ++k;
      }
      if (k >= 8 * kPositionIdBytes)
        return make_error(quoted + " runs out of bits: it holds more than 30 checkers");
      ++k;  // the 0-bit closing the slot
      total += counts[side][slot];
    }
    if (total > kCheckers)
      return make_error(quoted + " gives the " +
                        std::string(side == 1 ? "player on roll " : "opponent ") +
                        std::to_string(total) + " checkers, more than 15");
  }
  for (; k < 8 * kPositionIdBytes; ++k)
    if (bits->get(k)) return make_error(quoted + " has stray bits after the last point");

  Position pos;
  const auto& mover = counts[1];
  const auto& opp = counts[0];
  for (int p = 1; p <= kPoints; ++p) {
    const int m = mover[p - 1];
    const int o = opp[kPoints - p];  // opponent's own point 25 - p
    if (m && o)
      return make_error(quoted + " puts checkers of both sides on point " + std::to_string(p) +
                        " of the player on roll");
    pos.set(p, m ? m : -o);
  }
  pos.mover_bar = uint8_t(mover[24]);
  pos.opp_bar = uint8_t(opp[24]);
  // Checkers a side does not place are borne off (gnubg's reading as well).
  pos.mover_off = uint8_t(kCheckers - pos.mover_on_board() - pos.mover_bar);
  pos.opp_off = uint8_t(kCheckers - pos.opp_on_board() - pos.opp_bar);
  if (auto e = check_position(pos, Rules{})) return make_error(quoted + ": " + e->message);
  return pos;
}

std::string encode_position_id(const Position& pos) {
  assert(pos.geometry() == Geometry::Contrary && pos.pins() == 0);
  Bits<kPositionIdBytes> bits;
  int k = 0;
  auto slot = [&](int n) {
    for (int i = 0; i < n; ++i) bits.set(k++);
    ++k;
  };
  // The opponent first, in his own numbering (his point q is our point 25 - q), then his bar.
  for (int q = 1; q <= kPoints; ++q) slot(pos.opp_count(25 - q));
  slot(pos.opp_bar);
  for (int p = 1; p <= kPoints; ++p) slot(pos.mover_count(p));
  slot(pos.mover_bar);
  assert(k <= 8 * kPositionIdBytes);
  return bits.to_base64();
}

Result<MatchState> decode_match_id(std::string_view id) {
  Result<Bits<kMatchIdBytes>> bits = Bits<kMatchIdBytes>::from_base64(id, "Match ID");
  if (!bits) return bits.error();
  const std::string quoted = "Match ID '" + std::string(id) + "'";
  for (int k = kUsedBits; k < 8 * kMatchIdBytes; ++k)
    if (bits->get(k)) return make_error(quoted + " has unused bits set (not a valid ID)");

  MatchState m;
  m.cube_value = 1 << bits->field(kCubeAt, 4);
  const unsigned owner = bits->field(kOwnerAt, 2);
  if (owner == 2) return make_error(quoted + " has cube owner code 2 (only 0, 1 or 3 = centred)");
  m.cube_owner = owner == 3 ? -1 : int(owner);
  m.on_roll = int(bits->field(kDiceOwnerAt, 1));
  m.crawford = bits->field(kCrawfordAt, 1);
  const unsigned state = bits->field(kStateAt, 3);
  if (state > 4) return make_error(quoted + " has game state " + std::to_string(state) + " (0..4)");
  m.game_state = GameState(state);
  m.turn = int(bits->field(kTurnAt, 1));
  m.double_offered = bits->field(kDoubleAt, 1);
  m.resigned = Resignation(bits->field(kResignAt, 2));
  const unsigned d1 = bits->field(kDie1At, 3), d2 = bits->field(kDie2At, 3);
  if (d1 > 6 || d2 > 6)
    return make_error(quoted + " has a die of " + std::to_string(d1 > 6 ? d1 : d2) + " (1..6)");
  if ((d1 == 0) != (d2 == 0)) return make_error(quoted + " has one die rolled and the other not");
  // The ID cannot say which die came first (the writer puts the higher first): normalised, so
  // that decoding what encode_match_id() wrote gives the state back.
  m.dice = Dice{uint8_t(d1), uint8_t(d2)}.normalised();
  m.match_length = int(bits->field(kLengthAt, kScoreBits));
  m.score[0] = int(bits->field(kScore0At, kScoreBits));
  m.score[1] = int(bits->field(kScore1At, kScoreBits));
  m.jacoby = !bits->field(kNoJacobyAt, 1);
  std::string why;
  if (!m.is_consistent(&why)) return make_error(quoted + ": " + why);
  return m;
}

std::string encode_match_id(const MatchState& m) {
  assert(m.cube_value >= 1 && m.cube_value <= (1 << 15));
  Bits<kMatchIdBytes> bits;
  int log2_cube = 0;
  while ((1 << log2_cube) < m.cube_value) ++log2_cube;
  bits.put(kCubeAt, 4, unsigned(log2_cube));
  bits.put(kOwnerAt, 2, m.cube_owner < 0 ? 3u : unsigned(m.cube_owner));
  bits.put(kDiceOwnerAt, 1, unsigned(m.on_roll));
  bits.put(kCrawfordAt, 1, m.crawford);
  bits.put(kStateAt, 3, unsigned(m.game_state));
  bits.put(kTurnAt, 1, unsigned(m.turn));
  bits.put(kDoubleAt, 1, m.double_offered);
  bits.put(kResignAt, 2, unsigned(m.resigned));
  const Dice dice = m.dice.normalised();  // gnubg writes the higher die first
  bits.put(kDie1At, 3, dice.d1);
  bits.put(kDie2At, 3, dice.d2);
  bits.put(kLengthAt, kScoreBits, unsigned(m.match_length) & kMaxFifteenBits);
  bits.put(kScore0At, kScoreBits, unsigned(m.score[0]) & kMaxFifteenBits);
  bits.put(kScore1At, kScoreBits, unsigned(m.score[1]) & kMaxFifteenBits);
  bits.put(kNoJacobyAt, 1, !m.jacoby);
  return bits.to_base64();
}

Result<GnubgPosition> parse_gnubg_id(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() &&
         (text.back() == ' ' || text.back() == '\t' || text.back() == '\n' || text.back() == '\r'))
    text.remove_suffix(1);
  const size_t colon = text.find(':');
  const std::string_view pos_part = text.substr(0, colon);
  Result<Position> pos = decode_position_id(pos_part);
  if (!pos) return pos.error();
  GnubgPosition out{*pos, MatchState{}};
  if (colon == std::string_view::npos) return out;
  Result<MatchState> match = decode_match_id(text.substr(colon + 1));
  if (!match) return match.error();
  out.match = *match;
  return out;
}

std::string format_gnubg_id(const Position& pos, const MatchState& state) {
  return encode_position_id(pos) + ":" + encode_match_id(state);
}

}  // namespace nard

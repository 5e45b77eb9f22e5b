// PlaySet: which positions a move generator's play buffer out[0..count) already holds, so that
// every play is recorded once. Open addressing over indices into the buffer, one word per slot =
// (stamp << 16) | index; clear() is O(1) by a new stamp. The table starts small (it stays in L1
// for the usual few dozen plays) and doubles while it fills, keeping the load below 1/2.
// Keyed by Position::hash(); the buffer itself is the caller's.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>

#include "core/zeroed_array.h"
#include "game/position.h"

namespace nard {

class PlaySet {
 public:
  // Holds up to kCapacity / 2 plays (indices below 2^16).
  static constexpr uint32_t kCapacity = 1u << 16;

  void clear() {
    mask_ = kSmallTable - 1;
    next_stamp();
  }

  // True when a position equal to the one with hash `hash` is among out[0..count) (same(i) says
  // whether out[i] is it). Otherwise remembers that it will be stored at out[count], and the
  // caller must store it there before the next call.
  template <class Same>
  bool contains_or_add(uint64_t hash, uint32_t count, const Position* out, Same&& same) {
    if ((count + 1) * 2 > mask_ + 1 && mask_ + 1 < kCapacity) grow(count, out);
    uint32_t h = uint32_t(hash >> 32) & mask_;
    for (;;) {
      const uint32_t slot = slots_[h];
      if ((slot >> 16) != stamp_) break;
      if (same(slot & 0xFFFFu)) return true;
      h = (h + 1) & mask_;
    }
    slots_[h] = (stamp_ << 16) | count;
    return false;
  }

 private:
  static constexpr uint32_t kSmallTable = 1024;

  void next_stamp() {
    if (++stamp_ == 0x10000) {  // 16 bits; 0 never marks a live slot
      std::memset(slots_.get(), 0, sizeof(uint32_t) * kCapacity);
      stamp_ = 1;
    }
  }

  // Doubles the table and re-inserts out[0..count).
  void grow(uint32_t count, const Position* out) {
    mask_ = mask_ * 2 + 1;
    next_stamp();
    for (uint32_t i = 0; i < count; ++i) {
      uint32_t h = uint32_t(out[i].hash() >> 32) & mask_;
      while ((slots_[h] >> 16) == stamp_) h = (h + 1) & mask_;
      slots_[h] = (stamp_ << 16) | i;
    }
  }

  ZeroedArray<uint32_t> slots_ = make_zeroed_array<uint32_t>(kCapacity);
  uint32_t stamp_ = 0;
  uint32_t mask_ = kSmallTable - 1;
};

}  // namespace nard

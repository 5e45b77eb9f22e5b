#include "tests/fuzz/fuzz_support.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "formats/notation.h"
#include "game/game.h"
#include "game/movegen/movegen.h"
#include "game/play_check.h"
#include "game/position_check.h"

namespace nard::fuzz {

void fail(const std::string& what) {
  // The whole message, NUL bytes included (a fuzz input's text may hold them).
  std::fputs("fuzz check failed: ", stderr);
  std::fwrite(what.data(), 1, what.size(), stderr);
  std::fputc('\n', stderr);
  std::fflush(stderr);
  std::abort();
}

uint64_t hash_bytes(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : bytes) {
    h ^= uint8_t(c);
    h *= 0x100000001b3ull;
  }
  return h;
}

const Rules& preset_rules(std::string_view preset) {
  static std::map<std::string, Rules, std::less<>> cache;
  auto it = cache.find(preset);
  if (it == cache.end()) {
    Result<Rules> r = rules_preset(preset);
    if (!r) fail("unknown preset " + std::string(preset) + ": " + r.error().message);
    it = cache.emplace(std::string(preset), *r).first;
  }
  return it->second;
}

bool fits(const Rules& rules, const Position& pos) { return !check_position(pos, rules); }

const Rules* rules_for(const Position& pos, uint64_t selector) {
  static const std::vector<const Rules*> all = [] {
    std::vector<const Rules*> v;
    for (const std::string& name : preset_names()) v.push_back(&preset_rules(name));
    return v;
  }();
  std::vector<const Rules*> fitting;
  for (const Rules* r : all)
    if (fits(*r, pos)) fitting.push_back(r);
  return fitting.empty() ? nullptr : fitting[selector % fitting.size()];
}

namespace {

struct Generators {
  std::unique_ptr<MoveGenerator> fastest, general;
};

Generators& generators(const Rules& rules) {
  static std::map<std::string, Generators> cache;
  if (cache.size() > 32 && !cache.count(rules.preset)) cache.clear();  // fuzzed rule texts
  Generators& g = cache[rules.preset];
  if (!g.fastest) {
    g.fastest = std::make_unique<MoveGenerator>(rules, MoveSearch::Fastest);
    g.general = std::make_unique<MoveGenerator>(rules, MoveSearch::General);
  }
  return g;
}

// One roll: generate, check, compare both searches; returns the number of plays
// in `list`.
int check_roll(const Rules& rules, const Position& pos, Dice dice, PlayList& list) {
  Generators& g = generators(rules);
  list.size = g.fastest->generate(pos, dice, list.positions.get(), list.moves.get());
  auto where = [&] { return format_notation(pos) + " (" + rules.preset + ") roll " + dice.str(); };
  NARD_FUZZ_CHECK(list.size >= 0 && list.size <= kMaxPlays, where());
  if (auto e = check_plays(rules, pos, dice, list.plays(),
                           std::span<const Move>(list.moves.get(), size_t(list.size))))
    fail(where() + ": " + e->message);
  static PlayList other;
  other.size = g.general->generate(pos, dice, other.positions.get(), other.moves.get());
  NARD_FUZZ_CHECK(other.size == list.size, where() + ": the general search found " +
                                               std::to_string(other.size) + " plays, the fastest " +
                                               std::to_string(list.size));
  for (int i = 0; i < list.size; ++i)
    NARD_FUZZ_CHECK(other.positions[size_t(i)] == list.positions[size_t(i)],
                    where() + ": the searches differ at play " + std::to_string(i));
  return list.size;
}

}  // namespace

void exercise_position(const Rules& rules, const Position& pos, uint64_t seed) {
  static PlayList list;
  const Dice rolls[2] = {all_rolls()[seed % 21],
                         Dice{uint8_t(1 + (seed >> 8) % 6), uint8_t(1 + (seed >> 8) % 6)}};
  for (int k = 0; k < 2; ++k) {
    const int n = check_roll(rules, pos, rolls[k], list);
    if (n == 0 || k == 1) continue;
    const Position next = list.positions[size_t((seed >> 16) % uint64_t(n))];
    if (game_result(rules, next).over()) continue;
    const Position turned = next.flipped();
    NARD_FUZZ_CHECK(turned.flipped() == next, format_notation(next));
    check_roll(rules, turned, all_rolls()[(seed >> 24) % 21], list);
  }
}

}  // namespace nard::fuzz

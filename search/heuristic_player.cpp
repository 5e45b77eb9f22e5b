#include "search/heuristic_player.h"

#include <algorithm>
#include <bit>

#include "game/game.h"
#include "nn/encoder_features.h"

namespace nard {

namespace {

using encoding::SideView;

constexpr double kDecided = 1e9;

// The weights below are hand-set round numbers in pips: a baseline, not a tuned player.

double backgammon_score(const SideView& me, const SideView& them) {
  double s = double(them.pips - me.pips);
  // The opponent rolls next: its shots at my blots, from its own view.
  const uint32_t src = them.my_bar ? (1u << 25) : them.my_points;
  const encoding::Threats t = encoding::threats(src, them.their_blots, them.their_made);
  s -= 12.0 * t.rolls / 36.0 + t.pip_loss / 36.0;
  const uint32_t home = me.my_made & (0x3Fu << 1);
  s += 4.0 * std::popcount(home);
  s += 2.0 * std::popcount(me.my_made & (0x3u << 7));  // the 7 and 8 points
  s += 3.0 * std::max(0, std::min(encoding::longest_run(me.my_made), 6) - 2);
  s += 6.0 * me.their_bar * std::popcount(home) / 6.0;  // checkers on the bar facing my board
  return s;
}

double plakoto_score(const SideView& me, const SideView& them) {
  double s = double(them.pips - me.pips);
  s += 20.0 * std::popcount(me.their_pinned) - 20.0 * std::popcount(me.my_pinned);
  // The opponent's next roll against my lone checkers (not those pinning one of its own).
  const uint32_t targets = them.their_blots & ~them.my_pinned;
  const uint32_t blocks = them.their_made | (them.their_points & them.my_pinned);
  const encoding::Threats t = encoding::threats(them.my_points, targets, blocks);
  s -= 15.0 * t.rolls / 36.0;
  const uint32_t mother = targets & (1u << 1);  // my lone checker on my 24 = its 1
  if (mother) s -= 150.0 * encoding::threats(them.my_points, mother, blocks).rolls / 36.0;
  s += 1.0 * std::popcount(me.my_made);
  return s;
}

double blocking_score(const SideView& me, const SideView& them) {
  double s = double(them.pips - me.pips);
  const int run = std::min(encoding::longest_run(me.my_points), 6);
  s += 1.5 * run * run;
  int min_escapes = 36;  // the opponent's worst-placed checker behind my points
  for (int q = 7; q <= 24; ++q)
    if (them.mine[q])
      min_escapes = std::min(min_escapes, encoding::escapes_at(them.their_points, q));
  s += 10.0 * (1.0 - min_escapes / 36.0);
  s += 1.0 * std::popcount(me.my_points & encoding::kBoardMask);
  return s;
}

}  // namespace

double heuristic_score(const Rules& rules, const Position& after_play) {
  const GameResult r = game_result(rules, after_play);
  if (r.over()) {
    if (r.outcome == Outcome::Draw) return 0.0;
    return r.mover_wins ? kDecided + r.points : -kDecided - r.points;
  }
  const SideView me = encoding::make_view(after_play);
  const SideView them = encoding::make_view(after_play.flipped());
  switch (rules.landing) {
    case Landing::Hit:
      return backgammon_score(me, them);
    case Landing::Pin:
      return plakoto_score(me, them);
    case Landing::Block:
      return blocking_score(me, them);
  }
  return 0.0;
}

int HeuristicPlayer::choose(const Position&, Dice, std::span<const Position> plays) {
  int best = 0;
  double best_score = -2 * kDecided;
  for (size_t i = 0; i < plays.size(); ++i) {
    const double s = heuristic_score(rules_, plays[i]);
    if (s > best_score) best_score = s, best = int(i);
  }
  return best;
}

}  // namespace nard

// Positions for measuring cube decisions (nard bench cube, tests/data/gnubg_cube_2ply.txt):
// pre-roll positions from self-play of a net where a double is plausible.
//
// Self-play (play/self_play.h, no exploration): both sides play the net's 0-ply choice; game i is
// GamePlayer's game of seed game_seed(seed, i). Before each roll after the opening one, the side on
// roll's position has the net's 0-ply value the loop gave it; it is eligible when that side's cubeless winning chance lies in
// [min_win, max_win] (the "double window": below about 55% no sane position is a double, above
// about 92% nearly everything is a pass or too good). An eligible position is kept with
// probability 1/keep_one_in (so a game does not give its first eligible turns only), at most one
// per kind (engine classify_for_cube: contact, race, bear-off) per game, until each kind has its
// quota. Repeated positions are kept once. Deterministic in (rules, net, config).
#pragma once

#include <cstdint>
#include <vector>

#include "game/rules.h"
#include "nn/evaluator.h"
#include "nn/probabilities.h"
#include "search/cube/efficiency.h"

namespace nard {

struct CubeSampleConfig {
  int contact = 600, race = 300, bearoff = 300;  // positions wanted per kind
  double min_win = 0.55, max_win = 0.92;         // cubeless winning chance of the side on roll
  int keep_one_in = 3;
  uint64_t seed = 1;
  int max_games = 200000;  // stop even if a quota is not met
  // Bear-offs with at most this many checkers on board on each side only (6: the positions of
  // the two-sided bear-off database, nn/bearoff_two_sided.h).
  int bearoff_max_checkers = kCheckers;
};

struct CubeSample {
  Position position;  // side on roll to move, before the roll
  PositionKind kind;
  Probabilities probs;  // the net at 0-ply, side on roll
  int game = 0;         // self-play game index
  int turn = 0;         // turns played before this one
};

struct CubeSampleSet {
  std::vector<CubeSample> samples;  // in the order found
  int games = 0;                    // self-play games played
};

CubeSampleSet sample_cube_positions(const Rules& rules, Evaluator& evaluator,
                                    const CubeSampleConfig& config);

}  // namespace nard

// Cube efficiency: the cube-life index x of Janowski's model (search/cube/ladder.h) by kind of
// position. x = 0 is a dead cube (nobody will ever redouble usefully), x = 1 a fully live one
// (every double lands exactly on the take point).
//
// Values (gnubg's defaults for its EvalEfficiency, shown by its "show cube efficiency" command;
// they are the standard published choice and agree with the 0.6-0.8 range that Janowski gives):
//   contact (incl. crashed)   x = 0.68
//   race                      x = 0.55 + 0.00125 * pips of the side on roll, clamped to [0.60,
//   0.70]
//                             (long races hold many cube turns ahead; short ones few)
//   bear-off (both sides home) x = 0.60
// Games other than backgammon use the same table (a parallel game such as Long Nardy is never a
// "race" in Position::is_race terms, so it gets the contact value); rollouts will calibrate them.
#pragma once

#include <cstdint>
#include <string_view>

#include "game/position.h"

namespace nard {

enum class PositionKind : uint8_t { Contact, Race, Bearoff };

struct PositionClass {
  PositionKind kind = PositionKind::Contact;
  int pips_on_roll = 0;  // pip count of the side on roll; used for races only
};

inline constexpr double kContactCubeLife = 0.68;
inline constexpr double kBearoffCubeLife = 0.60;
inline constexpr double kRaceCubeLifeBase = 0.55;
inline constexpr double kRaceCubeLifePerPip = 0.00125;
inline constexpr double kRaceCubeLifeMin = 0.60;
inline constexpr double kRaceCubeLifeMax = 0.70;

// The x of a money decision the model makes alone, with no lookahead (a 0-ply cube decision):
// with the x above at the root, our 0-ply doubled far too early against our own 2-ply (and
// gnubg's 0-ply does the same against its 2-ply), because one number has to stand for all the
// cube turns a lookahead would see. The offset below makes the 0-ply decision agree best with our
// own 2-ply decisions, whose leaves then kept the x above (before session 36's contact offset
// below): fitted on 8,000 decisions (4,000 self-play
// positions of the shipped net, seed 2, each with the cube centred and on 2 owned; `nard bench
// cube-reference`, experiments/history.md "Session 29"), best from +0.05 to +0.06 for every kind alike.
inline constexpr double kRootCubeLifeOffset = 0.05;
// The same at 1-ply: a money decision looking one roll ahead values its leaves (the opponent on
// roll, before his cube decision) with gnubg's x and doubled even more often too early (138 times
// against 3 on the gnubg bench). Its leaves' x + this offset agreed best with our own 2-ply on the
// same 8,000 decisions (+0.07 to +0.08; 93.2% -> 95.9%). Cube decisions only (the cubeful values
// of checker plays at 1-ply keep gnubg's x).
inline constexpr double kOnePlyLeafCubeLifeOffset = 0.07;
// At 2-ply, in contact only: a money cube decision's contact leaves use x + this. With gnubg's x
// there our 2-ply doubled too early in close contact positions of GNU Backgammon's own self-play
// (tests/data/gnubg_selfplay_cube_2ply.txt: 20 early doubles in 33 disagreements with gnubg 2-ply,
// and cubeful rollouts side with gnubg in 17 of the 20). Fitted on that set (+0.01 to +0.03 best;
// agreement with gnubg 2-ply 95.4% -> 96.4%), checked on the set it was not fitted to, our own
// self-play's (97.8% -> 97.7%, equal cost; the same offset in races too cost 0.4 points there),
// and by the rollouts: the 7 decisions it changes are all ones the rollouts give to gnubg
// (docs/gnubg_reference_sets.md). Cube decisions only, as at 1-ply; races and bear-offs keep
// gnubg's x at 2-ply, and 3-ply keeps it everywhere.
inline constexpr double kTwoPlyContactLeafCubeLifeOffset = 0.02;
// Not fitted, so gnubg's x everywhere else: match play at every ply, the cube decisions inside
// cubeful rollouts (play/rollout.h) and the model's prediction beside a cube rollout, and
// predict_money_cube (`nard bench cube --gnubg-probs`, the cube model on given probabilities).

// Contact unless Position::is_race(); a race with every checker of both sides in its home board
// (or off) is a bear-off.
PositionClass classify_for_cube(const Position& pos);

// The cube-life index x for the class (values above).
double cube_life_index(const PositionClass& cls);

// cube_life_index(cls) + kRootCubeLifeOffset: the x of a 0-ply money decision at the root.
double root_cube_life_index(const PositionClass& cls);

std::string_view position_kind_name(PositionKind kind);

}  // namespace nard

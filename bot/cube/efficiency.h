// Cube efficiency: the cube-life index x of Janowski's model (bot/cube/ladder.h) by kind of
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

#include "engine/position.h"

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

// Contact unless Position::is_race(); a race with every checker of both sides in its home board
// (or off) is a bear-off.
PositionClass classify_for_cube(const Position& pos);

// The cube-life index x for the class (values above).
double cube_life_index(const PositionClass& cls);

std::string_view position_kind_name(PositionKind kind);

}  // namespace nard

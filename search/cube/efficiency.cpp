#include "search/cube/efficiency.h"

#include <algorithm>

namespace nard {

PositionClass classify_for_cube(const Position& pos) {
  PositionClass cls;
  cls.pips_on_roll = pos.mover_pips();
  if (!pos.is_race()) return cls;
  cls.kind = PositionKind::Race;
  // In a race (contrary geometry) the opponent's checkers sit on mover points >= the mover's;
  // both sides are home when the mover has nothing above 6 and the opponent nothing below 19.
  bool opp_home = true;
  for (int p = 1; p <= 18; ++p) {
    if (pos.opp_count(p) > 0) opp_home = false;
  }
  if (pos.mover_highest() <= 6 && opp_home) cls.kind = PositionKind::Bearoff;
  return cls;
}

double cube_life_index(const PositionClass& cls) {
  switch (cls.kind) {
    case PositionKind::Contact:
      return kContactCubeLife;
    case PositionKind::Race:
      return std::clamp(kRaceCubeLifeBase + kRaceCubeLifePerPip * cls.pips_on_roll,
                        kRaceCubeLifeMin, kRaceCubeLifeMax);
    case PositionKind::Bearoff:
      return kBearoffCubeLife;
  }
  return kContactCubeLife;
}

double root_cube_life_index(const PositionClass& cls) {
  return cube_life_index(cls) + kRootCubeLifeOffset;
}

std::string_view position_kind_name(PositionKind kind) {
  switch (kind) {
    case PositionKind::Contact:
      return "contact";
    case PositionKind::Race:
      return "race";
    case PositionKind::Bearoff:
      return "bear-off";
  }
  return "?";
}

}  // namespace nard

#include "game/cube.h"

namespace nard {

int next_cube_value(const Rules& rules, int value) {
  return rules.cube_progression == CubeProgression::Geometric ? value * 2 : value + 1;
}

DoubleCheck may_double(const Rules& rules, const CubeState& cube, int player, bool crawford_game) {
  if (!rules.cube) return {false, "this game has no doubling cube"};
  if (crawford_game) return {false, "nobody may double in the Crawford game"};
  if (cube.pending_from >= 0) return {false, "a double is already pending"};
  if (cube.owner >= 0 && cube.owner != player) return {false, "the opponent owns the cube"};
  if (cube.value >= rules.cube_cap) return {false, "the cube is at its cap"};
  if (next_cube_value(rules, cube.value) > rules.cube_cap) return {false, "the cube is at its cap"};
  return {true, ""};
}

Result<CubeState> offer_double(const Rules& rules, const CubeState& cube, int player,
                               bool crawford_game) {
  const DoubleCheck c = may_double(rules, cube, player, crawford_game);
  if (!c.allowed) return make_error(std::string("cannot double: ") + c.reason);
  CubeState s = cube;
  s.pending_from = player;
  return s;
}

Result<CubeState> answer_double(const Rules& rules, const CubeState& cube, CubeResponse response,
                                bool money_game) {
  if (cube.pending_from < 0 || cube.beavered) return make_error("no double to answer");
  CubeState s = cube;
  const int taker = 1 - cube.pending_from;
  switch (response) {
    case CubeResponse::Take:
      s.value = next_cube_value(rules, cube.value);
      s.owner = taker;
      s.turned = true;
      s.pending_from = -1;
      return s;
    case CubeResponse::Drop:
      s.pending_from = -1;
      return s;  // the game ends; dropped_points() says what it costs
    case CubeResponse::Beaver: {
      if (!money_game || !rules.beavers) return make_error("beavers are not allowed here");
      const int doubled = next_cube_value(rules, cube.value);
      const int beavered = next_cube_value(rules, doubled);
      if (beavered > rules.cube_cap)
        return make_error("cannot beaver: the cube would pass its cap");
      s.value = doubled;  // in force if the doubler drops the beaver
      s.owner = taker;
      s.turned = true;
      s.beavered = true;
      return s;
    }
  }
  return make_error("unknown cube response");
}

Result<CubeState> answer_beaver(const CubeState& cube, CubeResponse response) {
  if (!cube.beavered || cube.pending_from < 0) return make_error("no beaver to answer");
  CubeState s = cube;
  s.beavered = false;
  const int doubler = cube.pending_from;
  s.pending_from = -1;
  if (response == CubeResponse::Take) {
    s.value = cube.value * 2;  // beavers exist only with the geometric cube of money play
    s.owner = 1 - doubler;     // the beaverer keeps the cube
    return s;
  }
  if (response == CubeResponse::Drop) return s;  // the doubler pays s.value (before the beaver)
  return make_error("a beaver can only be taken or dropped");
}

int dropped_points(const Rules& rules, const CubeState& cube_at_offer) {
  (void)rules;
  return cube_at_offer.value;
}

}  // namespace nard

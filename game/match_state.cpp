#include "game/match_state.h"

namespace nard {

namespace {
constexpr int kMaxFifteenBits = (1 << 15) - 1;  // the widest value a Match ID field can hold
}

bool MatchState::is_consistent(std::string* why) const {
  auto fail = [&](const std::string& s) {
    if (why) *why = s;
    return false;
  };
  auto player_ok = [](int p) { return p == 0 || p == 1; };
  if (match_length < 0 || match_length > kMaxFifteenBits)
    return fail("match length " + std::to_string(match_length) + " is out of range 0..32767");
  for (int p = 0; p < 2; ++p)
    if (score[p] < 0 || score[p] > kMaxFifteenBits)
      return fail("score " + std::to_string(score[p]) + " of player " + std::to_string(p) +
                  " is out of range 0..32767");
  if (cube_value < 1 || cube_value > (1 << 15) || (cube_value & (cube_value - 1)))
    return fail("cube value " + std::to_string(cube_value) + " is not a power of two up to 32768");
  if (cube_owner < -1 || cube_owner > 1)
    return fail("cube owner " + std::to_string(cube_owner) + " is not -1 (centred), 0 or 1");
  if (!player_ok(on_roll))
    return fail("player on roll " + std::to_string(on_roll) + " is not 0 or 1");
  if (!player_ok(turn)) return fail("player to decide " + std::to_string(turn) + " is not 0 or 1");
  if (dice.d1 > 6 || dice.d2 > 6 || (dice.d1 == 0) != (dice.d2 == 0))
    return fail("dice " + std::to_string(dice.d1) + "-" + std::to_string(dice.d2) +
                " are neither a roll nor 0-0 (not rolled)");
  if (crawford && match_length == 0) return fail("a money game cannot be the Crawford game");
  if (game_state == GameState::Playing) {
    if (crawford &&
        (match_length < 2 || (score[0] != match_length - 1 && score[1] != match_length - 1)))
      return fail("the Crawford game needs a player 1 point from winning a match of 2+ points");
    if (match_length > 0)
      for (int p = 0; p < 2; ++p)
        if (score[p] >= match_length)
          return fail("player " + std::to_string(p) + " already has " + std::to_string(score[p]) +
                      " points of a " + std::to_string(match_length) + "-point match");
    if (double_offered && resigned != Resignation::None)
      return fail("a double and a resignation cannot both be pending");
    if (double_offered && turn == on_roll)
      return fail("a double is pending but the doubler is also the player to decide");
    // Nobody doubles in the Crawford game, only the cube's owner (or anyone, centred) doubles,
    // and only before rolling. (A turned cube in the Crawford game is let through: gnubg writes
    // one after `set crawford on`.)
    if (crawford && double_offered)
      return fail("a double is pending in the Crawford game, where nobody may double");
    if (double_offered && cube_owner == turn)
      return fail("a double is pending from the player who does not own the cube");
    if (double_offered && dice_rolled())
      return fail("a double is pending after the dice were rolled");
    if (!double_offered && resigned == Resignation::None && turn != on_roll)
      return fail("the player to decide differs from the player on roll with nothing pending");
  }
  return true;
}

std::string_view game_state_name(GameState s) {
  switch (s) {
    case GameState::NoGame:
      return "no game";
    case GameState::Playing:
      return "playing";
    case GameState::Over:
      return "over";
    case GameState::Resigned:
      return "resigned";
    case GameState::Dropped:
      return "dropped";
  }
  return "unknown";
}

}  // namespace nard

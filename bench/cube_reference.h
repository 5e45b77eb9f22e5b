// Reference cube decisions (money play) read from a text file, e.g. GNU Backgammon's at 2-ply in
// tests/data/gnubg_cube_2ply.txt (made by tests/gnubg/cube_oracle.py), and the five cube actions
// in which they and ours are compared.
//
// File format: '#' starts a comment (the header says how the file was made); every other line is
//   <Position ID> <cube value> <owner> <action> <ND> <DT> <DP> <w> <wg> <wbg> <lg> <lbg>
// Position ID: gnubg's, side on roll to move, before the roll. owner: "centre" (nobody owns the
// cube) or "roller" (the side on roll owns it). action: one of the names below. ND, DT, DP: the
// money equities of no double, double/take and double/pass from the side on roll, per unit of
// the current cube (so DP = 1). w..lbg: the reference's cubeless probabilities of the side on
// roll (cumulative, as nn/probabilities.h).
//
// Thread-safety: pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game/position.h"
#include "nn/probabilities.h"
#include "search/cube/decision.h"

namespace nard {

// The proper action of the side on roll, with the receiver's answer where it matters (a
// redouble is named as a double). "No double" implies that a double would be taken.
enum class CubeAction : uint8_t { NoDouble, DoubleTake, DoublePass, TooGoodTake, TooGoodPass };
inline constexpr int kCubeActions = 5;

std::string_view cube_action_name(CubeAction a);  // no_double, double_take, ...
std::optional<CubeAction> parse_cube_action(std::string_view name);
bool is_double(CubeAction a);  // DoubleTake or DoublePass: the side on roll should double
bool is_pass(CubeAction a);    // DoublePass or TooGoodPass: a double should be passed
// Our decision in the same terms; nullopt when the side on roll may not double.
std::optional<CubeAction> cube_action_of(const CubeDecision& d);

struct CubeReference {
  std::string position_id;
  Position position;
  CubeView cube;  // value and owner (Centred or Me); turned when the value is above 1
  CubeAction action = CubeAction::NoDouble;
  double no_double = 0.0, double_take = 0.0, double_pass = 0.0;
  Probabilities cubeless;
  int line = 0;  // in the file, for messages
};

// Errors name the origin, the line and what is wrong.
Result<std::vector<CubeReference>> parse_cube_references(std::string_view text,
                                                         std::string_view origin);
Result<std::vector<CubeReference>> load_cube_references(const std::string& path);

// The committed gnubg 2-ply reference: NARD_SOURCE_DIR/tests/data/gnubg_cube_2ply.txt (positions
// from our own net's self-play, `nard bench cube-positions`).
std::string default_cube_reference_path();
// The committed gnubg 2-ply reference on positions from gnubg's own self-play, a distribution we
// did not make: NARD_SOURCE_DIR/tests/data/gnubg_selfplay_cube_2ply.txt
// (tests/gnubg/selfplay_positions.py).
std::string selfplay_cube_reference_path();
// The committed files of gnubg's self-play, the first set then its continuation (made the same
// way from other games): gnubg_selfplay_cube_2ply.txt and gnubg_selfplay_cube_2ply_b.txt.
std::vector<std::string> selfplay_cube_reference_paths();
// GNU Backgammon 0-ply's own decisions (same format) for every entry of the committed sets above,
// the decider issue 34 holds our 0-ply cube against (`bench cube --vs-decisions`; made by
// tests/gnubg/make_cube_0ply.sh): tests/data/gnubg_cube_0ply.txt, gnubg_selfplay_cube_0ply.txt.
std::vector<std::string> gnubg_0ply_cube_decision_paths();

}  // namespace nard

// The JSON documents of nard's analyses (nlohmann-json), shared by the HTTP API (api/endpoints.h)
// and the CLI's --json output, so that both use the same field names. docs/api.md describes each.
//
// Conventions: everything is from the side on roll ("x", the mover); probabilities use gnubg's
// five cumulative numbers (win, win_gammon, win_backgammon, lose_gammon, lose_backgammon);
// numbers are rounded to 6 decimals; a value that does not exist (NaN) is null. A play's
// "position" is its result with the opponent on roll, in the game's usual text (gnubg Position ID
// for backgammon, our notation otherwise), "notation" the same in our notation.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "game/game.h"
#include "game/match.h"
#include "game/move.h"
#include "game/position.h"
#include "game/rules.h"
#include "nn/probabilities.h"
#include "play/cube_rollout.h"
#include "play/rollout.h"
#include "search/cube/decision.h"
#include "search/search.h"

namespace nard::api {

// v rounded to 6 decimals, or null when not finite.
nlohmann::json number_json(double v);
nlohmann::json probabilities_json(const Probabilities& p);

// {"geometry", "points": [24 counts, index 0 = point 1; > 0 the side on roll's, < 0 the
// opponent's], "pins": [points with a checker pinned underneath], "bar": [x, o], "off": [x, o],
// "first_turn": [x, o], "pips": [x, o]}.
nlohmann::json board_json(const Position& pos);
// {"position", "notation", "board"} of a position (side on roll).
nlohmann::json position_json(const Position& pos, const Rules& rules);
// {"winner": "x"|"o"|null (a draw), "points": before the cube, "kind"} of a finished game,
// from the side that has just played (game/game.h game_result); null while the game goes on.
nlohmann::json game_over_json(const GameResult& r);

// One play: {"move", "steps": [{"from", "to", "hit"}], "position", "notation", "game_over"}.
nlohmann::json play_json(const Rules& rules, const Move& move, const Position& result);

// `nard moves`: {"dice", "plays": [play_json...]} in move generation order.
nlohmann::json moves_document(const Rules& rules, const Position& pos, Dice dice);

// `nard hint` and `nard eval`: api/valuation_documents.h.

// `nard cube`: the decision's equities, action, take point; with the match and cube it assumed.
nlohmann::json cube_document(int ply, const CubeDecision& d, const MatchView& view);

// {"mean", "se", "ci95": [low, high]}.
nlohmann::json estimate_json(const Estimate& e);
// One rolled-out position or play: {"play", "trials", "win": {"mean", "se"}, ... the five
// probabilities, "equity", "cubeful_equity" (when cubeful)}.
nlohmann::json rollout_result_json(const std::string& label, const RolloutResult& r);
// A rollout's result, `nard rollout` and the API's rollout jobs: {"kind": "position", "results":
// [rollout_result_json("position", r)]}, or the plays of a roll: {"kind": "plays", "dice",
// "results": [each play's rollout_result_json with its "position"]}.
nlohmann::json rollout_position_document(const RolloutResult& r);
nlohmann::json rollout_plays_document(Dice dice, const std::vector<std::string>& moves,
                                      const std::vector<std::string>& positions,
                                      const std::vector<RolloutResult>& results);
// `nard rollout --cube-decision`.
nlohmann::json cube_rollout_document(const CubeRolloutResult& r, const Rules& rules,
                                     const CubeView& cube);

// The words of the enums, as the documents write them.
std::string variant_word(Variant v);
std::string doubler_word(DoublerAction a);  // "no_double", "double", "too_good", "cannot_double"
std::string taker_word(TakerAction a);      // "take", "pass", "beaver"

}  // namespace nard::api

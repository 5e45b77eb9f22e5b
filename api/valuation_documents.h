// The valuations of one position that `nard hint|eval` and POST /api/hint|eval share: the
// settings they are made in (the match and cube, the ply, cubeful or cubeless), the computation,
// and the one JSON document each. The CLI prints these documents for --json and the API returns
// them, so both mean the same thing: cubeful by default where the game has a cube (money: points
// per unit of the cube; a match: normalised equity and match winning chances), cubeless on request.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "core/result.h"
#include "game/dice.h"
#include "game/match.h"
#include "game/movegen/movegen.h"
#include "game/position.h"
#include "game/rules.h"
#include "search/cube/match.h"
#include "search/cubeful_play.h"
#include "search/match_equity.h"
#include "search/search.h"

namespace nard::api {

// The match and cube a position is valued in and how.
struct ValuationSettings {
  MatchView view;     // the side on roll's view of the match and the cube
  MatchContext ctx;   // the same for the cube code (ctx.met set in a match)
  PlayValuation how;  // ply, cubeful
};

// Settings for `view` (match_length 0 = money). `met` must outlive the settings; it is needed
// (non-null) in a match only.
ValuationSettings valuation_settings(const MatchView& view, const Rules& rules, int ply,
                                     bool cubeful, const MatchEquityTable* met);

// {"ply", "cubeful", "match_length", "score": [on roll, opponent], "crawford_game",
// "post_crawford", "cube", "cube_owner": "centred"|"me" (the side on roll)|"opponent", as requests name it, "jacoby", "beavers",
// "met": its name or null}.
nlohmann::json settings_json(const ValuationSettings& s, const Rules& rules);

// The plays of a roll ranked best first by `search` in the settings' match and cube.
struct HintResult {
  PlayList list;                  // every legal play, in move generation order
  std::vector<PlayValue> ranked;  // best first; index into `list`
};
Result<HintResult> compute_hint(Search& search, const Position& pos, Dice dice,
                                const ValuationSettings& s);

// `nard hint --json`, POST /api/hint: {"settings", "dice", "ply", "legal_plays", "plays": [{"rank",
// "ply" (the depth the play was last valued at), "equity" (the ranking value: cubeful where the
// settings are, else cubeless money points), "difference" (to the best), "mwc" (null in money
// play), "cubeless_equity", "probabilities", and play_json's fields}]}: the best `top` plays (all
// when top <= 0).
nlohmann::json hint_document(const Rules& rules, Dice dice, const HintResult& h,
                             const ValuationSettings& s, int top);

// A position before the roll, valued cubeless (and its tree's probabilities) and, where the
// settings are cubeful, with the cube.
struct EvalResult {
  PlayValue cubeless;
  PlayValue full;  // the cubeful value; equal to `cubeless` where the settings are cubeless
  bool cubeful = false;
};
Result<EvalResult> compute_eval(Search& search, const Position& pos, const ValuationSettings& s);

// `nard eval --json`, POST /api/eval: {"settings", "ply", "probabilities", "cubeless_equity",
// "cubeless_mwc", "cubeful_equity" (null when cubeless), "cubeful_mwc" (null in money play or
// cubeless), "match" (a match, not money)}.
nlohmann::json eval_document(const Rules& rules, const EvalResult& e, const ValuationSettings& s);

}  // namespace nard::api

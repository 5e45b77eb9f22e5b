// Cube decisions and cubeful values at n plies by a cubeful lookahead (gnubg's n-ply cube
// evaluation), in place of Janowski's model applied to n-ply cubeless probabilities; money play
// in points, match play in match winning chances (MWC) through the match equity table.
//
// Cubeful equity of a position before the roll, cube state C, at n >= 1 plies: the average over
// the 21 rolls (weights 1/36, 2/36) of minus the opponent's cubeful equity after the mover's best
// play, at n-1 plies with C as the opponent sees it. At each node below the root the side on
// roll first takes its proper cube action: the best of no double and double (answered by the
// better of take, beaver and pass for the receiver) when it may double. At the 0-ply leaves the
// cubeful equity is Janowski's (search/cube/money.h, with the proper action); a game that ends
// inside the lookahead is worth its result times the cube. The cube life x at the leaves is
// gnubg's (search/cube/efficiency.h), except in money cube decisions at 0 to 2 plies: a 1-ply
// decision's leaves use x + kOnePlyLeafCubeLifeOffset, a 2-ply decision's contact leaves x +
// kTwoPlyContactLeafCubeLifeOffset, and a 0-ply decision x + kRootCubeLifeOffset at the root
// (fitted to our own 2-ply decisions, the 2-ply one to GNU Backgammon's self-play decisions;
// SearchConfig::fitted_cube_life = false keeps gnubg's x there too). The cube life, take and cash points a decision
// reports at 1 ply and more are the model's at the root's cubeless probabilities with gnubg's x.
// The play is the Search's 0-ply choice (cubeless, as in Search::evaluate; inner_candidates is
// not used), so one tree serves every cube state and its plays are valued in one batch per node.
// (gnubg picks these plays by 0-ply cubeful equity for the cube as it stands; tried here, that
// changed 4 of the 2,400 decisions of `nard bench cube --ply 2`, 2 fewer agreeing, at 4x the
// time.) As gnubg, money play takes positions of the two-sided bear-off database (the search's
// evaluator's, search/cube/bearoff.h) from its exact cubeful equities: at a leaf its value with the
// proper action, at the root the whole decision at any ply.
// At the root: no double = the lookahead with the cube where it is, double/take = the same with
// the cube raised and owned by the opponent, double/pass = the current cube; the proper action
// from these as search/cube/decision.h classify_cube_action. The take point, cash point and cube
// life reported are the model's at the root's n-ply cubeless probabilities (the same tree's).
//
// Rules honoured as in search/cube/money.h: cube (off = error), cube_cap, cube_progression (the
// raise is next_cube_value, so the arithmetic dave works too), jacoby (leaves through the model;
// a game ended inside the lookahead with the cube centred and never turned counts single),
// beavers (geometric cube whose beavered value is within the cap).
//
// Match play: the same tree valued in MWC from the side on roll of each node (the opponent's
// value is 1 - mine); the leaves are search/cube/match.h's cubeful MWC with the proper action at
// that node's score and cube; a game ended inside the lookahead is worth the MWC of the score it
// leaves; a passed double the MWC after losing the cube's value; nobody doubles in the Crawford
// game; no Jacoby, no beavers. Equities are reported as gnubg's normalised equity (EMG): 2 *
// (MWC - cash_opp) / (cash_me - cash_opp) - 1 with cash_me/cash_opp the MWC after winning/losing
// the current cube's value.
//
// Cost: the same evaluations as Search::evaluate(pos, ply) (cache included), plus one model
// evaluation per leaf and cube state. Thread-safety: uses the caller's Search (one per thread).
#pragma once

#include "core/result.h"
#include "game/position.h"
#include "search/cube/decision.h"
#include "search/cube/match.h"
#include "search/search.h"

namespace nard {

// The cube decision of the side on roll of `pos` at `ply`: money when ctx.match_length == 0
// (ctx.cube only), else match play at ctx's score (ctx.met required). Fails as the models do.
Result<CubeDecision> analyse_cube_lookahead(Search& search, const Position& pos,
                                            const MatchContext& ctx, int ply);

// The money cube decision of the side on roll of `pos` at `ply` (search.rules(); ply 0: the
// model on the 0-ply probabilities, search/cube/money.h with the root's cube life
// root_cube_life_index). Fails as analyse_money_cube.
Result<CubeDecision> analyse_money_cube_lookahead(Search& search, const Position& pos,
                                                  const CubeView& cube, int ply);

// The cubeful value of `pos` (side on roll, before its cube decision, which it makes properly).
struct CubefulValue {
  double equity = 0.0;     // money: points per unit of the current cube; match: normalised (EMG)
  double mwc = 0.0;        // match winning chance of the side on roll; NaN for money
  Probabilities cubeless;  // the cubeless probabilities of the same tree (side on roll)
};
// Money or match as analyse_cube_lookahead.
Result<CubefulValue> cubeful_value(Search& search, const Position& pos, const MatchContext& ctx,
                                   int ply);

// The cubeful money equity of `pos` (side on roll, before its cube decision, which it makes
// properly) at `ply`, in units of the current cube value (as CubeDecision::equity).
Result<double> money_cubeful_equity(Search& search, const Position& pos, const CubeView& cube,
                                    int ply);

}  // namespace nard

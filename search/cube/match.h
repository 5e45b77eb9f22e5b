// Match-play cube decisions in match winning chances (MWC), gnubg-style: the cubeless
// probabilities become MWC through the match equity table (search/match_equity.h) with the
// gammon and backgammon values of the score, and cubeful MWC comes from the same live-cube ladder
// as money play (search/cube/ladder.h) with
//   win/lose at stake v  = expected MWC after winning/losing at v (gammon rates of the position)
//   cash_me / cash_opp   = MWC after winning / losing exactly v points (a passed double)
// and Janowski's interpolation MWC(x) = x*MWC(live) + (1-x)*MWC(dead).
//
// Match rules built into the ladder:
//   * Crawford game: nobody may double; the cube is dead.
//   * A cube is dead for a side that needs no more than its value (winning at that stake already
//     wins the match, so redoubling gains nothing); this is what makes the leader's cube dead
//     after the Crawford game, so the trailer doubles at once and the leader takes or uses his
//     free drop exactly as the table's post-Crawford values say.
//   * The rules' cube cap and progression; no Jacoby and no beavers (money-only rules).
// Equities are reported in MWC and as gnubg's normalised equity, 2*(MWC - cash_opp)/(cash_me -
// cash_opp) - 1, where cash_me/cash_opp are the MWC after winning/losing the current stake.
//
// Pure functions; thread-safe.
#pragma once

#include "core/result.h"
#include "game/match.h"
#include "game/rules.h"
#include "nn/probabilities.h"
#include "search/cube/decision.h"
#include "search/cube/efficiency.h"
#include "search/match_equity.h"

namespace nard {

struct MatchContext {
  const MatchEquityTable* met = nullptr;  // not owned; must outlive the call
  int match_length = 0;
  int my_score = 0;  // points of the side on roll
  int opp_score = 0;
  CubeView cube;
  bool crawford_game = false;  // this game is the Crawford game (nobody may double)
  bool post_crawford = false;  // the Crawford game has been played

  int my_away() const { return match_length - my_score; }
  int opp_away() const { return match_length - opp_score; }
};

// The context from the engine's view of a match (game/match.h): post-Crawford is inferred the
// way gnubg does it, from a side at match-1 in a game that is not the Crawford game (under a
// Crawford rule).
MatchContext match_context(const MatchView& view, const MatchEquityTable& met, const Rules& rules);

// Fails when the context is inconsistent (no table, scores out of range, a score beyond the
// table, Crawford flags that cannot hold), the rules have no cube, or the probabilities are bad.
Result<CubeDecision> analyse_match_cube(const Probabilities& probs, const MatchContext& ctx,
                                        const PositionClass& cls, const Rules& rules);
Result<CubeDecision> analyse_match_cube(const Probabilities& probs, const MatchContext& ctx,
                                        double cube_life, const Rules& rules);
Result<CubeDecision> analyse_match_cube(const GameOdds& odds, const MatchContext& ctx,
                                        double cube_life, const Rules& rules);

}  // namespace nard

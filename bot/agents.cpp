#include "bot/agents.h"

#include "bot/cube_efficiency.h"
#include "bot/cube_lookahead.h"
#include "bot/cube_match.h"

namespace nard {

MatchView opponent_view(const MatchView& view) {
  MatchView o = view;
  o.my_score = view.opp_score;
  o.opp_score = view.my_score;
  if (view.cube.owner >= 0) o.cube.owner = 1 - view.cube.owner;
  if (view.cube.pending_from >= 0) o.cube.pending_from = 1 - view.cube.pending_from;
  return o;
}

BotAgent::BotAgent(const Rules& rules, Evaluator& evaluator, const SearchConfig& config,
                   const MatchEquityTable* met)
    : rules_(rules), search_(rules, evaluator, config), met_(met) {}

int BotAgent::choose_play(const Position& pos, Dice dice, std::span<const Position> plays, const MatchView&) {
  return search_.best_play(pos, dice, plays);
}

Result<CubeDecision> BotAgent::analyse_cube(const Position& pos, const MatchView& view) {
  if (!rules_.cube) return make_error("this game has no doubling cube");
  // The model on the 0-ply probabilities at 0 ply, the cubeful lookahead above; money, or the
  // match at the view's score.
  if (view.match_length == 0) {
    const CubeView cube = cube_view(view.cube, 0);
    return analyse_money_cube_lookahead(search_, pos, cube, search_.config().ply);
  }
  if (!met_) return make_error("match play needs a match equity table");
  return analyse_cube_lookahead(search_, pos, match_context(view, *met_, rules_),
                                search_.config().ply);
}

bool BotAgent::wants_to_double(const Position& pos, const MatchView& view) {
  Result<CubeDecision> d = analyse_cube(pos, view);
  return d && d->doubler == DoublerAction::Double;
}

CubeResponse BotAgent::respond_to_double(const Position& pos, const MatchView& view) {
  // The doubler is on roll: analyse from his side, before his double (pending cleared).
  MatchView doubler = opponent_view(view);
  doubler.cube.pending_from = -1;
  Result<CubeDecision> d = analyse_cube(pos.flipped(), doubler);
  if (!d) return CubeResponse::Take;
  switch (d->taker) {
    case TakerAction::Pass: return CubeResponse::Drop;
    case TakerAction::Beaver: return rules_.beavers && view.match_length == 0 ? CubeResponse::Beaver : CubeResponse::Take;
    case TakerAction::Take: break;
  }
  return CubeResponse::Take;
}

}  // namespace nard

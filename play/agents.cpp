#include "play/agents.h"

#include "search/cube/efficiency.h"
#include "search/cube/lookahead.h"
#include "search/cube/match.h"
#include "search/cubeful_play.h"

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

int BotAgent::choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                          const MatchView& view) {
  const bool match = view.match_length > 0;
  if (!rules_.cube || !view.cube_in_play || !search_.config().cubeful_checker_play ||
      plays.size() < 2 || (match && !met_))
    return search_.best_play(pos, dice, plays);
  MatchContext ctx;
  if (match) {
    ctx = match_context(view, *met_, rules_);
  } else {
    ctx.cube = cube_view(view.cube, 0);
  }
  Result<std::vector<PlayValue>> ranked =
      rank_plays_cubeful(search_, plays, ctx, {search_.config().ply, true});
  if (!ranked || ranked->empty()) return search_.best_play(pos, dice, plays);
  return ranked->front().index;
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
    case TakerAction::Pass:
      return CubeResponse::Drop;
    case TakerAction::Beaver:
      return rules_.beavers && view.match_length == 0 ? CubeResponse::Beaver : CubeResponse::Take;
    case TakerAction::Take:
      break;
  }
  return CubeResponse::Take;
}

BotAgent::ResignationValues BotAgent::resignation_values(const Position& pos, Dice dice, int points,
                                                         const MatchView& view) {
  // The resigner's best play of his roll, and its probabilities from our side.
  const Position resigner = pos.flipped();
  MoveGenerator gen(rules_);
  PlayList list;
  if (dice != Dice{})
    list.size = gen.generate(resigner, dice, list.positions.get(), list.moves.get());
  Probabilities ours;
  if (dice == Dice{} || list.size == 0) {  // before the roll, or no legal play
    ours = invert(search_.evaluate(resigner, search_.config().ply));
  } else {
    const std::vector<RankedPlay> ranked = search_.rank_plays(resigner, dice, list.plays());
    ours = invert(ranked.front().probs);
  }
  ResignationValues v;
  const bool money = view.match_length == 0;
  if (money || !met_) {
    const bool jacoby = money && rules_.jacoby && rules_.cube && !view.cube.turned;
    v.play_on = jacoby ? cubeless_equity(ours, 1, 1) : cubeless_equity(ours, rules_);
    v.accept = jacoby ? std::min(points, 1) : points;
    return v;
  }
  // Match play: winning chances after each outcome at the cube's value.
  const MatchContext ctx = match_context(view, *met_, rules_);
  const bool crawford_done = !rules_.crawford || ctx.post_crawford || view.crawford_game;
  const int cube = view.cube.value;
  auto mwc_after = [&](int my_gain, int opp_gain) {
    return met_->mwc(ctx.my_away() - my_gain * cube, ctx.opp_away() - opp_gain * cube,
                     crawford_done);
  };
  const int g = rules_.gammon_value, bg = rules_.backgammon_value;
  v.play_on = (ours.win - ours.win_gammon) * mwc_after(1, 0) +
              (ours.win_gammon - ours.win_backgammon) * mwc_after(g, 0) +
              ours.win_backgammon * mwc_after(bg, 0) +
              (1 - ours.win - ours.lose_gammon) * mwc_after(0, 1) +
              (ours.lose_gammon - ours.lose_backgammon) * mwc_after(0, g) +
              ours.lose_backgammon * mwc_after(0, bg);
  v.accept = mwc_after(points, 0);
  return v;
}

bool BotAgent::accept_resignation(const Position& pos, Dice dice, int points,
                                  const MatchView& view) {
  const ResignationValues v = resignation_values(pos, dice, points, view);
  return v.accept >= v.play_on - 1e-9;
}

}  // namespace nard

#include "search/cube/match.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace nard {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::optional<Error> check_context(const MatchContext& ctx, const Rules& rules) {
  if (!ctx.met) return make_error("match cube analysis needs a match equity table");
  if (ctx.match_length < 1) return make_error("match length must be at least 1");
  if (ctx.my_score < 0 || ctx.opp_score < 0 || ctx.my_score >= ctx.match_length ||
      ctx.opp_score >= ctx.match_length)
    return make_error("scores must lie in 0.." + std::to_string(ctx.match_length - 1) + " for a " +
                      std::to_string(ctx.match_length) + "-point match");
  if (ctx.my_away() > ctx.met->length() || ctx.opp_away() > ctx.met->length())
    return make_error("the match equity table '" + ctx.met->name() + "' only reaches " +
                      std::to_string(ctx.met->length()) + "-away");
  const bool someone_at_one = ctx.my_away() == 1 || ctx.opp_away() == 1;
  if (ctx.crawford_game && ctx.post_crawford)
    return make_error("a game cannot be both the Crawford game and post-Crawford");
  if (ctx.crawford_game && (!rules.crawford || !someone_at_one || ctx.my_away() == ctx.opp_away()))
    return make_error("the Crawford game needs the Crawford rule and exactly one side at 1-away");
  if (ctx.post_crawford && !someone_at_one)
    return make_error("post-Crawford needs a side at 1-away");
  if (rules.crawford && someone_at_one && !ctx.crawford_game && !ctx.post_crawford)
    return make_error(
        "a side is 1-away under the Crawford rule: say whether this is the Crawford game or "
        "post-Crawford");
  return std::nullopt;
}

}  // namespace

MatchContext match_context(const MatchView& view, const MatchEquityTable& met, const Rules& rules) {
  MatchContext ctx;
  ctx.met = &met;
  ctx.match_length = view.match_length;
  ctx.my_score = view.my_score;
  ctx.opp_score = view.opp_score;
  ctx.cube = cube_view(view.cube, 0);
  ctx.crawford_game = view.crawford_game;
  const bool someone_at_one =
      view.my_score == view.match_length - 1 || view.opp_score == view.match_length - 1;
  ctx.post_crawford = rules.crawford && !view.crawford_game && someone_at_one;
  return ctx;
}

Result<CubeDecision> analyse_match_cube(const GameOdds& odds, const MatchContext& ctx,
                                        double cube_life, const Rules& rules) {
  if (!rules.cube) return make_error("this game has no doubling cube");
  if (!(cube_life >= 0.0 && cube_life <= 1.0))
    return make_error("cube life index must lie in [0,1]");
  if (auto e = check_context(ctx, rules)) return *e;
  Result<std::vector<int>> stakes_or = cube_stakes(rules, ctx.cube.value);
  if (!stakes_or) return stakes_or.error();
  std::vector<int> stakes = stakes_or.value();
  if (ctx.crawford_game) stakes.resize(1);  // nobody may double: a one-level (dead) ladder

  const MatchEquityTable& met = *ctx.met;
  const int a = ctx.my_away();
  const int b = ctx.opp_away();
  const bool crawford_done = ctx.crawford_game || ctx.post_crawford || !rules.crawford;
  auto M = [&](int my_away, int opp_away) { return met.mwc(my_away, opp_away, crawford_done); };
  const int gv = rules.gammon_value;
  const int bv = rules.backgammon_value;
  const double g = odds.win_gammon_rate, bg = odds.win_backgammon_rate;
  const double lg = odds.lose_gammon_rate, lbg = odds.lose_backgammon_rate;

  std::vector<CubeLevel> levels(stakes.size());
  for (size_t k = 0; k < stakes.size(); ++k) {
    const int v = stakes[k];
    CubeLevel& l = levels[k];
    l.value = v;
    l.cash_me = M(a - v, b);
    l.cash_opp = M(a, b - v);
    l.win = (1.0 - g) * l.cash_me + (g - bg) * M(a - gv * v, b) + bg * M(a - bv * v, b);
    l.lose = (1.0 - lg) * l.cash_opp + (lg - lbg) * M(a, b - gv * v) + lbg * M(a, b - bv * v);
    l.centred_win = l.win;  // no Jacoby in match play
    l.centred_lose = l.lose;
    const bool above = k + 1 < stakes.size();
    l.me_can_double = above && a > v;  // a side that wins the match at this stake gains nothing
    l.opp_can_double = above && b > v;
  }
  const CubeLadder ladder(std::move(levels));
  const CubeLevel& now = ladder.level(0);
  const double p = odds.win;
  auto normalised = [&](double mwc) {
    return (2.0 * mwc - (now.cash_me + now.cash_opp)) / (now.cash_me - now.cash_opp);
  };

  CubeDecision d;
  d.match = true;
  d.redouble = ctx.cube.owner == CubeHolder::Me;
  d.cube_life = cube_life;
  d.double_beaver = kNaN;
  d.mwc_cubeless = ladder.dead(CubeHolder::Me, 0)(p);
  d.cubeless = normalised(d.mwc_cubeless);

  std::string blocker;
  if (ctx.crawford_game)
    blocker = "Crawford game";
  else if (ctx.cube.owner == CubeHolder::Opponent)
    blocker = "the opponent owns the cube";
  else if (ladder.size() < 2)
    blocker = "the cube is at its cap";
  if (!blocker.empty()) {
    d.doubler = DoublerAction::CannotDouble;
    d.cannot_double_reason = blocker;
    d.mwc_no_double = d.mwc = ladder.cubeful(ctx.cube.owner, 0, cube_life)(p);
    d.no_double = d.equity = normalised(d.mwc);
    d.double_take = d.double_pass = kNaN;
    d.mwc_double_take = d.mwc_double_pass = kNaN;
    d.take_point = d.take_point_dead = d.take_point_live = d.cash_point = kNaN;
    return d;
  }
  const LadderEquities e = ladder_equities(ladder, ctx.cube.owner, cube_life, p, false);
  d.mwc_no_double = e.no_double;
  d.mwc_double_take = e.double_take;
  d.mwc_double_pass = e.double_pass;
  d.no_double = normalised(e.no_double);
  d.double_take = normalised(e.double_take);
  d.double_pass = normalised(e.double_pass);
  d.take_point = e.take_point;
  d.take_point_dead = e.take_point_dead;
  d.take_point_live = e.take_point_live;
  d.cash_point = 1.0 - e.take_point;
  classify_cube_action(d, d.double_take, false);
  d.mwc = d.doubler == DoublerAction::Double ? std::min(d.mwc_double_take, d.mwc_double_pass)
                                             : d.mwc_no_double;
  return d;
}

Result<CubeDecision> analyse_match_cube(const Probabilities& probs, const MatchContext& ctx,
                                        double cube_life, const Rules& rules) {
  Result<GameOdds> odds = GameOdds::from(probs);
  if (!odds) return odds.error();
  return analyse_match_cube(odds.value(), ctx, cube_life, rules);
}

Result<CubeDecision> analyse_match_cube(const Probabilities& probs, const MatchContext& ctx,
                                        const PositionClass& cls, const Rules& rules) {
  return analyse_match_cube(probs, ctx, cube_life_index(cls), rules);
}

}  // namespace nard

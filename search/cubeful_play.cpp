#include "search/cubeful_play.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "nn/evaluator.h"
#include "search/cube/lookahead.h"

namespace nard {

namespace {

PlayValue inverted(const PlayValue& v) {
  PlayValue o = v;
  o.probs = invert(v.probs);
  o.cubeless = -v.cubeless;
  o.equity = -v.equity;
  o.mwc = 1.0 - v.mwc;  // NaN stays NaN
  return o;
}

}  // namespace

MatchContext opponent_context(const MatchContext& ctx) {
  MatchContext o = ctx;
  o.my_score = ctx.opp_score;
  o.opp_score = ctx.my_score;
  if (ctx.cube.owner == CubeHolder::Me)
    o.cube.owner = CubeHolder::Opponent;
  else if (ctx.cube.owner == CubeHolder::Opponent)
    o.cube.owner = CubeHolder::Me;
  return o;
}

Result<PlayValue> cubeless_value(const Probabilities& probs, const MatchContext& ctx,
                                 const Rules& rules) {
  PlayValue v;
  v.probs = probs;
  v.cubeless = cubeless_equity(probs, rules);
  if (ctx.match_length == 0) {
    v.equity = v.cubeless;
    v.mwc = std::nan("");
    return v;
  }
  if (!ctx.met) return make_error("match play needs a match equity table");
  const int a = ctx.my_away(), b = ctx.opp_away();
  if (a < 1 || b < 1 || a > ctx.met->length() || b > ctx.met->length())
    return make_error("the score " + std::to_string(ctx.my_score) + "-" +
                      std::to_string(ctx.opp_score) + " does not fit a " +
                      std::to_string(ctx.match_length) + "-point match and the table '" +
                      ctx.met->name() + "'");
  const bool crawford_done = ctx.crawford_game || ctx.post_crawford || !rules.crawford;
  auto M = [&](int my_away, int opp_away) {
    return ctx.met->mwc(my_away, opp_away, crawford_done);
  };
  const int c = ctx.cube.value, g = rules.gammon_value, bg = rules.backgammon_value;
  const double win_single = probs.win - probs.win_gammon;
  const double win_gammon = probs.win_gammon - probs.win_backgammon;
  const double lose = 1.0 - probs.win;
  const double lose_single = lose - probs.lose_gammon;
  const double lose_gammon = probs.lose_gammon - probs.lose_backgammon;
  v.mwc = win_single * M(a - c, b) + win_gammon * M(a - g * c, b) +
          probs.win_backgammon * M(a - bg * c, b) + lose_single * M(a, b - c) +
          lose_gammon * M(a, b - g * c) + probs.lose_backgammon * M(a, b - bg * c);
  const double cash_me = M(a - c, b), cash_opp = M(a, b - c);
  v.equity = (2.0 * v.mwc - (cash_me + cash_opp)) / (cash_me - cash_opp);
  return v;
}

Result<PlayValue> value_position(Search& search, const Position& pos, const MatchContext& ctx,
                                 const PlayValuation& how) {
  const Rules& rules = search.rules();
  if (uses_cube(how, rules)) {
    Result<CubefulValue> cv = cubeful_value(search, pos, ctx, how.ply);
    if (!cv) return cv.error();
    PlayValue v;
    v.ply = how.ply;
    v.probs = cv->cubeless;
    v.cubeless = cubeless_equity(cv->cubeless, rules);
    v.equity = cv->equity;
    v.mwc = cv->mwc;
    return v;
  }
  const std::optional<Probabilities> exact = terminal_probabilities(rules, pos);
  const Probabilities probs = exact ? *exact : make_consistent(search.evaluate(pos, how.ply));
  Result<PlayValue> v = cubeless_value(probs, ctx, rules);
  if (!v) return v.error();
  PlayValue out = *v;
  out.ply = how.ply;
  return out;
}

Result<std::vector<PlayValue>> rank_plays_cubeful(Search& search, std::span<const Position> plays,
                                                  const MatchContext& ctx, const PlayValuation& how,
                                                  int always) {
  const MatchContext opp = opponent_context(ctx);
  const size_t n = plays.size();
  std::vector<Position> flipped(n);
  for (size_t i = 0; i < n; ++i) flipped[i] = plays[i].flipped();
  std::vector<PlayValue> values(n);  // by play index
  auto value = [&](size_t i, int ply) -> std::optional<Error> {
    Result<PlayValue> v = value_position(search, flipped[i], opp, {ply, how.cubeful});
    if (!v) return v.error();
    values[i] = inverted(*v);
    values[i].index = int(i);
    values[i].ply = ply;
    return std::nullopt;
  };
  for (size_t i = 0; i < n; ++i)
    if (std::optional<Error> e = value(i, 0)) return *e;
  std::vector<int> order(n);  // play indices, best first
  for (size_t i = 0; i < n; ++i) order[i] = int(i);
  // Equal values (e.g. every play leaves a double the mover must pass, exact in the two-sided
  // bear-off database) go to the better cubeless equity, then to the lower index.
  auto by_equity = [&](int a, int b) {
    const PlayValue &va = values[size_t(a)], &vb = values[size_t(b)];
    if (va.equity != vb.equity) return va.equity > vb.equity;
    if (va.cubeless != vb.cubeless) return va.cubeless > vb.cubeless;
    return a < b;
  };
  std::stable_sort(order.begin(), order.end(), by_equity);

  const SearchConfig& config = search.config();
  size_t alive = n;
  for (int level = 1; level <= how.ply && level <= 3; ++level) {
    const MoveFilter& f = config.filters[level - 1];
    size_t keep = std::min(alive, size_t(std::max(1, f.keep)));
    while (keep > 1 &&
           values[size_t(order[0])].equity - values[size_t(order[keep - 1])].equity > f.threshold)
      --keep;
    // The play that must reach the full ply joins the survivors.
    if (always >= 0 && size_t(always) < n) {
      auto it = std::find(order.begin(), order.end(), always);
      if (size_t(it - order.begin()) >= keep) {
        std::rotate(order.begin() + long(keep), it, it + 1);
        ++keep;
      }
    }
    alive = keep;
    if (f.skip_next && level < how.ply) continue;
    for (size_t k = 0; k < keep; ++k) {
      const size_t i = size_t(order[k]);
      if (terminal_probabilities(search.rules(), flipped[i])) continue;  // exact already
      if (std::optional<Error> e = value(i, level)) return *e;
    }
    std::stable_sort(order.begin(), order.begin() + long(keep), by_equity);
  }
  std::vector<PlayValue> ranked(n);
  for (size_t k = 0; k < n; ++k) ranked[k] = values[size_t(order[k])];
  return ranked;
}

}  // namespace nard

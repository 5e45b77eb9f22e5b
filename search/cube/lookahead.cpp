#include "search/cube/lookahead.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "game/cube.h"
#include "game/dice.h"
#include "search/cube/bearoff.h"
#include "search/cube/efficiency.h"
#include "search/cube/match.h"
#include "search/cube/money.h"

namespace nard {

namespace {

// Cube-life offsets at the leaves, indexed by PositionKind.
using LeafOffsets = std::array<double, 3>;

// The stake of a lookahead node as its side on roll sees it: the cube and, in match play, the
// points each side still needs (they do not change inside a game; the sides swap each ply).
struct Stake {
  CubeView cube;
  int my_away = 0, opp_away = 0;
};

bool same_stake(const Stake& a, const Stake& b) {
  return a.cube.value == b.cube.value && a.cube.owner == b.cube.owner &&
         a.cube.turned == b.cube.turned && a.my_away == b.my_away && a.opp_away == b.opp_away;
}

CubeView seen_by_opponent(CubeView c) {
  if (c.owner == CubeHolder::Me)
    c.owner = CubeHolder::Opponent;
  else if (c.owner == CubeHolder::Opponent)
    c.owner = CubeHolder::Me;
  return c;
}

Stake seen_by_opponent(const Stake& s) { return {seen_by_opponent(s.cube), s.opp_away, s.my_away}; }

// What the side on roll may do with its cube (the same conditions as search/cube/money.h and
// search/cube/match.h): double (the cube then raised and owned by the receiver), and whether the
// receiver may beaver (money play only).
struct CubeChoices {
  bool can_double = false;
  bool can_beaver = false;
  Stake taken;     // after double/take, from the doubler's side
  Stake beavered;  // after double/beaver (the receiver keeps the cube), doubler's side
};

// The game's valuation: money (points, cube included) or match winning chances, always from the
// side on roll of the node. match == nullptr: money.
class Valuation {
 public:
  // `bearoff`: the evaluator's bear-off database (exact money leaves where its two-sided part
  // reaches), or nullptr. `leaf_offsets`: added to the money model's cube life at the leaves, by
  // kind of position (fitted_leaf_offsets in a money cube decision).
  Valuation(const Rules& rules, const MatchContext* match, const BearoffDatabase* bearoff,
            const LeafOffsets& leaf_offsets = {})
      : rules_(rules), match_(match), bearoff_(bearoff), leaf_offsets_(leaf_offsets) {}
  bool is_match() const { return match_ != nullptr; }

  // The value of the other side's value.
  double invert(double v) const { return match_ ? 1.0 - v : -v; }

  CubeChoices choices(const Stake& s) const {
    CubeChoices o;
    const CubeView& c = s.cube;
    const int raised = next_cube_value(rules_, c.value);
    if (c.owner == CubeHolder::Opponent || c.value >= rules_.cube_cap || raised > rules_.cube_cap)
      return o;
    if (match_ && match_->crawford_game) return o;
    o.can_double = true;
    o.taken = {{raised, CubeHolder::Opponent, true}, s.my_away, s.opp_away};
    if (match_) return o;
    const int beavered = next_cube_value(rules_, raised);
    o.can_beaver = rules_.beavers && rules_.cube_progression == CubeProgression::Geometric &&
                   beavered <= rules_.cube_cap;
    o.beavered = {{beavered, CubeHolder::Opponent, true}, s.my_away, s.opp_away};
    return o;
  }

  // The doubler's value when his double from `s` is passed.
  double passed(const Stake& s) const {
    if (!match_) return double(s.cube.value);
    return mwc(s.my_away - s.cube.value, s.opp_away);
  }

  // The receiver's best answer to a double (doubler's side): the least of double/take,
  // double/beaver (the doubler may then drop, paying the raised stake) and double/pass.
  double answered(const CubeChoices& o, const Stake& s, double take, double beaver) const {
    double answer = std::min(take, passed(s));
    if (o.can_beaver) answer = std::min(answer, std::max(beaver, -double(o.taken.cube.value)));
    return answer;
  }

  // A finished game, from the side on roll (the loser; `exact` its exact probabilities).
  double final_value(const Probabilities& exact, const Stake& s) const {
    const CubeView& cube = s.cube;
    if (match_) {
      // The side on roll lost (or, in a game with draws, the probabilities say how it ended).
      if (exact.win >= 0.5f) return exact.win > 0.5f ? 1.0 : 0.5;
      const int points = exact.lose_backgammon > 0.5f ? rules_.backgammon_value
                         : exact.lose_gammon > 0.5f   ? rules_.gammon_value
                                                      : 1;
      return mwc(s.my_away, s.opp_away - points * cube.value);
    }
    const bool jacoby = rules_.jacoby && !cube.turned && cube.owner == CubeHolder::Centred;
    const double points = jacoby ? 2.0 * exact.win - 1.0 : double(cubeless_equity(exact, rules_));
    return points * cube.value;
  }

  // The model's cubeful value with the proper action, at 0 ply.
  Result<double> leaf(const Position& pos, const Probabilities& probs, const Stake& s) const {
    if (match_) {
      Result<CubeDecision> d =
          analyse_match_cube(make_consistent(probs), context(s), classify_for_cube(pos), rules_);
      if (!d) return d.error();
      return d->mwc;
    }
    if (std::optional<BearoffCubeEquities> exact =
            exact_bearoff_cube(bearoff_, pos, s.cube, rules_))
      return exact->equity * s.cube.value;
    const PositionClass cls = classify_for_cube(pos);
    const double x = cube_life_index(cls) + leaf_offsets_[size_t(cls.kind)];
    Result<CubeDecision> d = analyse_money_cube(make_consistent(probs), s.cube, x, rules_);
    if (!d) return d.error();
    return d->equity * s.cube.value;
  }

  MatchContext context(const Stake& s) const {
    MatchContext c = *match_;
    c.my_score = c.match_length - s.my_away;
    c.opp_score = c.match_length - s.opp_away;
    c.cube = s.cube;
    return c;
  }

 private:
  double mwc(int my_away, int opp_away) const {
    const bool crawford_done = match_->crawford_game || match_->post_crawford || !rules_.crawford;
    return match_->met->mwc(my_away, opp_away, crawford_done);
  }

  const Rules& rules_;
  const MatchContext* match_;
  const BearoffDatabase* bearoff_;
  LeafOffsets leaf_offsets_;
};

// One cubeful lookahead over a Search's tree. Values are the Valuation's (money points with the
// cube, or MWC) from the side on roll of the node. The first failure of the leaf model is kept
// in `error`.
class Lookahead {
 public:
  Lookahead(Search& search, const MatchContext* match, const LeafOffsets& leaf_offsets = {})
      : search_(search),
        rules_(search.rules()),
        valuation_(rules_, match, search.evaluator().bearoff_database(), leaf_offsets) {}

  // `pos` about to roll, its side's cube decision made, for each stake of `stakes`, at ply >= 1.
  // Returns the cubeless probabilities of the same tree (Search::evaluate(pos, ply) when
  // inner_candidates is 1).
  Probabilities roll(const Position& pos, std::span<const Stake> stakes, int ply,
                     std::span<double> out) {
    std::array<RollReply, 21> replies;
    search_.best_replies(pos, replies);
    const size_t n = stakes.size();
    std::vector<Stake> theirs(n);
    for (size_t i = 0; i < n; ++i) theirs[i] = seen_by_opponent(stakes[i]);
    std::vector<double> buffer(2 * n, 0.0);
    const std::span<double> sum(buffer.data(), n), child(buffer.data() + n, n);
    float cubeless[kOutputs] = {0, 0, 0, 0, 0};
    for (int r = 0; r < 21; ++r) {
      const RollReply& reply = replies[size_t(r)];
      Probabilities reply_probs = reply.probs;  // the opponent's, at ply - 1
      if (terminal_probabilities(rules_, reply.position)) {
        for (size_t i = 0; i < n; ++i) child[i] = valuation_.final_value(reply.probs, theirs[i]);
      } else if (ply == 1) {
        for (size_t i = 0; i < n; ++i) child[i] = leaf(reply.position, reply.probs, theirs[i]);
      } else {
        reply_probs = decide(reply.position, theirs, ply - 1, child);
      }
      const int w = roll_weight(all_rolls()[size_t(r)]);
      for (size_t i = 0; i < n; ++i) sum[i] += w * valuation_.invert(child[i]);
      // The same float arithmetic as Search::evaluate_ply.
      const auto a = invert(reply_probs).as_array();
      for (int k = 0; k < kOutputs; ++k) cubeless[k] += float(w) * a[size_t(k)];
    }
    for (size_t i = 0; i < n; ++i) out[i] = sum[i] / 36.0;
    for (float& v : cubeless) v /= 36.0f;
    return make_consistent(Probabilities::from_array(cubeless));
  }

  // `pos` before its side's cube decision, which it makes properly, at ply >= 1.
  Probabilities decide(const Position& pos, std::span<const Stake> stakes, int ply,
                       std::span<double> out) {
    const size_t n = stakes.size();
    // The stakes the side may roll with, each once: no double (nd), double/take (dt),
    // double/beaver (bv).
    std::vector<Stake> rolling;
    auto state = [&](const Stake& c) {
      for (size_t j = 0; j < rolling.size(); ++j)
        if (same_stake(rolling[j], c)) return j;
      rolling.push_back(c);
      return rolling.size() - 1;
    };
    std::vector<CubeChoices> choices(n);
    std::vector<size_t> nd(n), dt(n), bv(n);
    for (size_t i = 0; i < n; ++i) {
      choices[i] = valuation_.choices(stakes[i]);
      nd[i] = state(stakes[i]);
      if (choices[i].can_double) dt[i] = state(choices[i].taken);
      if (choices[i].can_beaver) bv[i] = state(choices[i].beavered);
    }
    std::vector<double> values(rolling.size());
    const Probabilities probs = roll(pos, rolling, ply, values);
    for (size_t i = 0; i < n; ++i) {
      out[i] = values[nd[i]];
      if (!choices[i].can_double) continue;
      const double beaver = choices[i].can_beaver ? values[bv[i]] : 0.0;
      out[i] = std::max(out[i], valuation_.answered(choices[i], stakes[i], values[dt[i]], beaver));
    }
    return probs;
  }

  const Valuation& valuation() const { return valuation_; }
  std::optional<Error> error;

 private:
  double leaf(const Position& pos, const Probabilities& probs, const Stake& s) {
    Result<double> v = valuation_.leaf(pos, probs, s);
    if (!v) {
      if (!error) error = v.error();
      return 0.0;
    }
    return *v;
  }

  Search& search_;
  const Rules& rules_;
  Valuation valuation_;
};

// The cube-life offsets of a money cube decision's leaves at `ply` (search/cube/efficiency.h):
// every kind at 1 ply, contact at 2 plies, none deeper or when the config asks for gnubg's x.
LeafOffsets fitted_leaf_offsets(int ply, bool fitted) {
  LeafOffsets o{};
  if (!fitted) return o;
  if (ply == 1) o.fill(kOnePlyLeafCubeLifeOffset);
  if (ply == 2) o[size_t(PositionKind::Contact)] = kTwoPlyContactLeafCubeLifeOffset;
  return o;
}

// The lookahead's preconditions, with the models' messages.
std::optional<Error> check_cube(const Rules& rules, const CubeView& cube) {
  if (!rules.cube) return Error{"this game has no doubling cube"};
  Result<std::vector<int>> stakes = cube_stakes(rules, cube.value);
  if (!stakes) return stakes.error();
  return std::nullopt;
}

Stake root_stake(const MatchContext& ctx) { return {ctx.cube, ctx.my_away(), ctx.opp_away()}; }

// The model's decision at the root's cubeless probabilities (money or match). `alone`: the
// decision is the model's with no lookahead (0 ply), which in money play uses the root's cube life.
Result<CubeDecision> model_decision(const Probabilities& probs, const Position& pos,
                                    const MatchContext& ctx, const Rules& rules,
                                    bool alone = false) {
  if (ctx.match_length > 0)
    return analyse_match_cube(make_consistent(probs), ctx, classify_for_cube(pos), rules);
  const PositionClass cls = classify_for_cube(pos);
  return analyse_money_cube(make_consistent(probs), ctx.cube,
                            alone ? root_cube_life_index(cls) : cube_life_index(cls), rules);
}

// The decision where the two-sided bear-off database holds the exact money equities (at any
// ply, as gnubg: nothing to look ahead for): the model's decision at the exact probabilities for
// what only the model knows (cube life, take and cash points, why no double), its equities
// replaced by the exact ones. nullopt where the database does not apply.
std::optional<Result<CubeDecision>> exact_money_decision(Search& search, const Position& pos,
                                                         const MatchContext& ctx) {
  if (ctx.match_length > 0) return std::nullopt;
  const Rules& rules = search.rules();
  const std::optional<BearoffCubeEquities> exact =
      exact_bearoff_cube(search.evaluator().bearoff_database(), pos, ctx.cube, rules);
  if (!exact) return std::nullopt;
  Result<CubeDecision> model = model_decision(search.evaluate(pos, 0), pos, ctx, rules);
  if (!model) return model;
  return with_exact_equities(std::move(model).value(), *exact);
}

}  // namespace

Result<CubeDecision> analyse_cube_lookahead(Search& search, const Position& pos,
                                            const MatchContext& ctx, int ply) {
  const Rules& rules = search.rules();
  const bool match = ctx.match_length > 0;
  if (std::optional<Result<CubeDecision>> exact = exact_money_decision(search, pos, ctx))
    return std::move(*exact);
  if (ply <= 0 || terminal_probabilities(rules, pos))
    return model_decision(search.evaluate(pos, ply), pos, ctx, rules,
                          ply <= 0 && search.config().fitted_cube_life);
  if (std::optional<Error> e = check_cube(rules, ctx.cube)) return *e;
  // The model's checks (context, table) before the lookahead's work.
  if (match) {
    Result<CubeDecision> check = model_decision(search.evaluate(pos, 0), pos, ctx, rules);
    if (!check) return check;
  }
  Lookahead lookahead(
      search, match ? &ctx : nullptr,
      match ? LeafOffsets{} : fitted_leaf_offsets(ply, search.config().fitted_cube_life));
  const Stake root = root_stake(ctx);
  const CubeChoices o = lookahead.valuation().choices(root);
  std::vector<Stake> rolling{root};  // no double, then double/take and double/beaver
  if (o.can_double) rolling.push_back(o.taken);
  if (o.can_beaver) rolling.push_back(o.beavered);
  std::vector<double> values(rolling.size());
  const Probabilities cubeless = lookahead.roll(pos, rolling, ply, values);
  if (lookahead.error) return *lookahead.error;
  // The model at the root's cubeless probabilities: the cubeless equity, cube life, take and
  // cash points, and why no double may be possible; its equities are replaced below.
  Result<CubeDecision> model = model_decision(cubeless, pos, ctx, rules);
  if (!model) return model;
  CubeDecision d = std::move(model).value();
  assert((d.doubler == DoublerAction::CannotDouble) == !o.can_double);
  if (match) {
    const double cash_me = lookahead.valuation().passed(root);
    const double cash_opp =
        lookahead.valuation().invert(lookahead.valuation().passed(seen_by_opponent(root)));
    auto normalised = [&](double mwc) {
      return (2.0 * mwc - (cash_me + cash_opp)) / (cash_me - cash_opp);
    };
    d.mwc_no_double = values[0];
    d.no_double = normalised(values[0]);
    if (!o.can_double) {
      d.mwc = d.mwc_no_double;
      d.equity = d.no_double;
      return d;
    }
    d.mwc_double_take = values[1];
    d.mwc_double_pass = cash_me;
    d.double_take = normalised(values[1]);
    d.double_pass = 1.0;
    classify_cube_action(d, d.double_take, false);
    d.mwc = d.doubler == DoublerAction::Double ? std::min(d.mwc_double_take, d.mwc_double_pass)
                                               : d.mwc_no_double;
    return d;
  }
  const double unit = ctx.cube.value;
  d.no_double = values[0] / unit;
  if (!o.can_double) {
    d.equity = d.no_double;
    return d;
  }
  d.double_take = values[1] / unit;
  d.double_pass = 1.0;
  double effective_take = d.double_take;
  bool beaver = false;
  if (o.can_beaver) {
    d.double_beaver = std::max(values[2], -double(o.taken.cube.value)) / unit;
    beaver = d.double_beaver < d.double_take;
    if (beaver) effective_take = d.double_beaver;
  }
  classify_cube_action(d, effective_take, beaver);
  return d;
}

Result<CubeDecision> analyse_money_cube_lookahead(Search& search, const Position& pos,
                                                  const CubeView& cube, int ply) {
  MatchContext money;
  money.cube = cube;
  return analyse_cube_lookahead(search, pos, money, ply);
}

Result<CubefulValue> cubeful_value(Search& search, const Position& pos, const MatchContext& ctx,
                                   int ply) {
  const Rules& rules = search.rules();
  const bool match = ctx.match_length > 0;
  if (std::optional<Probabilities> exact = terminal_probabilities(rules, pos)) {
    if (std::optional<Error> e = check_cube(rules, ctx.cube)) return *e;
    const Valuation valuation(rules, match ? &ctx : nullptr, nullptr);
    const Stake root = root_stake(ctx);
    const double value = valuation.final_value(*exact, root);
    if (!match) return CubefulValue{value / ctx.cube.value, std::nan(""), *exact};
    const double cash_me = valuation.passed(root);
    const double cash_opp = valuation.invert(valuation.passed(seen_by_opponent(root)));
    return CubefulValue{(2.0 * value - (cash_me + cash_opp)) / (cash_me - cash_opp), value, *exact};
  }
  if (!match)
    if (std::optional<BearoffCubeEquities> exact =
            exact_bearoff_cube(search.evaluator().bearoff_database(), pos, ctx.cube, rules))
      return CubefulValue{exact->equity, std::nan(""), make_consistent(search.evaluate(pos, 0))};
  if (ply <= 0) {
    const Probabilities probs = make_consistent(search.evaluate(pos, ply));
    Result<CubeDecision> d = model_decision(probs, pos, ctx, rules);
    if (!d) return d.error();
    return CubefulValue{d->equity, match ? d->mwc : std::nan(""), probs};
  }
  if (std::optional<Error> e = check_cube(rules, ctx.cube)) return *e;
  if (match) {
    Result<CubeDecision> check = model_decision(search.evaluate(pos, 0), pos, ctx, rules);
    if (!check) return check.error();
  }
  Lookahead lookahead(search, match ? &ctx : nullptr);
  const Stake root = root_stake(ctx);
  double value = 0.0;
  const Probabilities probs = lookahead.decide(pos, {&root, 1}, ply, {&value, 1});
  if (lookahead.error) return *lookahead.error;
  if (!match) return CubefulValue{value / ctx.cube.value, std::nan(""), probs};
  const double cash_me = lookahead.valuation().passed(root);
  const double cash_opp =
      lookahead.valuation().invert(lookahead.valuation().passed(seen_by_opponent(root)));
  return CubefulValue{(2.0 * value - (cash_me + cash_opp)) / (cash_me - cash_opp), value, probs};
}

Result<double> money_cubeful_equity(Search& search, const Position& pos, const CubeView& cube,
                                    int ply) {
  MatchContext money;
  money.cube = cube;
  Result<CubefulValue> v = cubeful_value(search, pos, money, ply);
  if (!v) return v.error();
  return v->equity;
}

}  // namespace nard

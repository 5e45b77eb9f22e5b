#include "bot/cube_lookahead.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "bot/cube_efficiency.h"
#include "bot/cube_money.h"
#include "engine/cube.h"
#include "engine/dice.h"

namespace nard {

namespace {

bool same_cube(const CubeView& a, const CubeView& b) {
  return a.value == b.value && a.owner == b.owner && a.turned == b.turned;
}

CubeView seen_by_opponent(CubeView c) {
  if (c.owner == CubeHolder::Me)
    c.owner = CubeHolder::Opponent;
  else if (c.owner == CubeHolder::Opponent)
    c.owner = CubeHolder::Me;
  return c;
}

// What the side on roll may do with its cube (the same conditions as bot/cube_money.h): double
// (the cube then raised and owned by the receiver), and whether the receiver may beaver.
struct CubeChoices {
  bool can_double = false;
  bool can_beaver = false;
  CubeView taken;      // after double/take, from the doubler's side
  CubeView beavered;   // after double/beaver (the receiver keeps the cube), doubler's side
};

CubeChoices cube_choices(const Rules& rules, const CubeView& c) {
  CubeChoices o;
  const int raised = next_cube_value(rules, c.value);
  if (c.owner == CubeHolder::Opponent || c.value >= rules.cube_cap || raised > rules.cube_cap)
    return o;
  o.can_double = true;
  o.taken = {raised, CubeHolder::Opponent, true};
  const int beavered = next_cube_value(rules, raised);
  o.can_beaver = rules.beavers && rules.cube_progression == CubeProgression::Geometric &&
                 beavered <= rules.cube_cap;
  o.beavered = {beavered, CubeHolder::Opponent, true};
  return o;
}

// The receiver's best answer to a double (points, doubler's side): the least of double/take,
// double/beaver (the doubler may then drop, paying the raised stake) and double/pass.
double answered_double(const CubeChoices& o, double take, double beaver, double pass) {
  double answer = std::min(take, pass);
  if (o.can_beaver) answer = std::min(answer, std::max(beaver, -double(o.taken.value)));
  return answer;
}

// One cubeful lookahead over a Search's tree. Values are points (cube value included) from the
// side on roll of the node. The first failure of the leaf model is kept in `error`.
class Lookahead {
 public:
  explicit Lookahead(Search& search) : search_(search), rules_(search.rules()) {}

  // `pos` about to roll, its side's cube decision made, for each cube of `cubes`, at ply >= 1.
  // Returns the cubeless probabilities of the same tree (Search::evaluate(pos, ply) when
  // inner_candidates is 1).
  Probabilities roll(const Position& pos, std::span<const CubeView> cubes, int ply,
                     std::span<double> out) {
    std::array<RollReply, 21> replies;
    search_.best_replies(pos, replies);
    const size_t n = cubes.size();
    std::vector<CubeView> theirs(n);
    for (size_t i = 0; i < n; ++i) theirs[i] = seen_by_opponent(cubes[i]);
    std::vector<double> buffer(2 * n, 0.0);
    const std::span<double> sum(buffer.data(), n), child(buffer.data() + n, n);
    float cubeless[kOutputs] = {0, 0, 0, 0, 0};
    for (int r = 0; r < 21; ++r) {
      const RollReply& reply = replies[size_t(r)];
      Probabilities reply_probs = reply.probs;  // the opponent's, at ply - 1
      if (terminal_probabilities(rules_, reply.position)) {
        for (size_t i = 0; i < n; ++i) child[i] = final_points(reply.probs, theirs[i]);
      } else if (ply == 1) {
        for (size_t i = 0; i < n; ++i) child[i] = leaf(reply.position, reply.probs, theirs[i]);
      } else {
        reply_probs = decide(reply.position, theirs, ply - 1, child);
      }
      const int w = roll_weight(all_rolls()[size_t(r)]);
      for (size_t i = 0; i < n; ++i) sum[i] -= w * child[i];
      // The same float arithmetic as Search::evaluate_ply.
      const auto a = invert(reply_probs).as_array();
      for (int k = 0; k < kOutputs; ++k) cubeless[k] += float(w) * a[size_t(k)];
    }
    for (size_t i = 0; i < n; ++i) out[i] = sum[i] / 36.0;
    for (float& v : cubeless) v /= 36.0f;
    return make_consistent(Probabilities::from_array(cubeless));
  }

  // `pos` before its side's cube decision, which it makes properly, at ply >= 1.
  Probabilities decide(const Position& pos, std::span<const CubeView> cubes, int ply,
                       std::span<double> out) {
    const size_t n = cubes.size();
    // The cube states the side may roll with, each once: no double (nd), double/take (dt),
    // double/beaver (bv).
    std::vector<CubeView> rolling;
    auto state = [&](const CubeView& c) {
      for (size_t j = 0; j < rolling.size(); ++j)
        if (same_cube(rolling[j], c)) return j;
      rolling.push_back(c);
      return rolling.size() - 1;
    };
    std::vector<CubeChoices> choices(n);
    std::vector<size_t> nd(n), dt(n), bv(n);
    for (size_t i = 0; i < n; ++i) {
      choices[i] = cube_choices(rules_, cubes[i]);
      nd[i] = state(cubes[i]);
      if (choices[i].can_double) dt[i] = state(choices[i].taken);
      if (choices[i].can_beaver) bv[i] = state(choices[i].beavered);
    }
    std::vector<double> values(rolling.size());
    const Probabilities probs = roll(pos, rolling, ply, values);
    for (size_t i = 0; i < n; ++i) {
      out[i] = values[nd[i]];
      if (!choices[i].can_double) continue;
      const double beaver = choices[i].can_beaver ? values[bv[i]] : 0.0;
      out[i] = std::max(out[i], answered_double(choices[i], values[dt[i]], beaver,
                                                double(cubes[i].value)));
    }
    return probs;
  }

  std::optional<Error> error;

 private:
  // The model's cubeful equity with the proper action, at 0 ply.
  double leaf(const Position& pos, const Probabilities& probs, const CubeView& cube) {
    Result<CubeDecision> d =
        analyse_money_cube(make_consistent(probs), cube, classify_for_cube(pos), rules_);
    if (!d) {
      if (!error) error = d.error();
      return 0.0;
    }
    return d->equity * cube.value;
  }

  // A finished game, from the side on roll (the loser): its result times the cube; single only
  // under the Jacoby rule with the cube centred and never turned.
  double final_points(const Probabilities& exact, const CubeView& cube) const {
    const bool jacoby = rules_.jacoby && !cube.turned && cube.owner == CubeHolder::Centred;
    const double points =
        jacoby ? 2.0 * exact.win - 1.0 : double(cubeless_equity(exact, rules_));
    return points * cube.value;
  }

  Search& search_;
  const Rules& rules_;
};

// The lookahead's preconditions, with the model's messages.
std::optional<Error> check_cube(const Rules& rules, const CubeView& cube) {
  if (!rules.cube) return Error{"this game has no doubling cube"};
  Result<std::vector<int>> stakes = cube_stakes(rules, cube.value);
  if (!stakes) return stakes.error();
  return std::nullopt;
}

}  // namespace

Result<CubeDecision> analyse_money_cube_lookahead(Search& search, const Position& pos,
                                                  const CubeView& cube, int ply) {
  const Rules& rules = search.rules();
  const PositionClass cls = classify_for_cube(pos);
  if (ply <= 0 || terminal_probabilities(rules, pos))
    return analyse_money_cube(make_consistent(search.evaluate(pos, ply)), cube, cls, rules);
  if (std::optional<Error> e = check_cube(rules, cube)) return *e;
  const CubeChoices o = cube_choices(rules, cube);
  std::vector<CubeView> rolling{cube};  // no double, then double/take and double/beaver
  if (o.can_double) rolling.push_back(o.taken);
  if (o.can_beaver) rolling.push_back(o.beavered);
  std::vector<double> values(rolling.size());
  Lookahead lookahead(search);
  const Probabilities cubeless = lookahead.roll(pos, rolling, ply, values);
  if (lookahead.error) return *lookahead.error;
  // The model at the root's cubeless probabilities: the cubeless equity, cube life, take and
  // cash points, and why no double may be possible; its equities are replaced below.
  Result<CubeDecision> model = analyse_money_cube(cubeless, cube, cls, rules);
  if (!model) return model;
  CubeDecision d = std::move(model).value();
  assert((d.doubler == DoublerAction::CannotDouble) == !o.can_double);
  const double unit = cube.value;
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
    d.double_beaver = std::max(values[2], -double(o.taken.value)) / unit;
    beaver = d.double_beaver < d.double_take;
    if (beaver) effective_take = d.double_beaver;
  }
  classify_cube_action(d, effective_take, beaver);
  return d;
}

Result<double> money_cubeful_equity(Search& search, const Position& pos, const CubeView& cube,
                                    int ply) {
  const Rules& rules = search.rules();
  if (ply <= 0 || terminal_probabilities(rules, pos)) {
    Result<CubeDecision> d = analyse_money_cube(make_consistent(search.evaluate(pos, ply)), cube,
                                                classify_for_cube(pos), rules);
    if (!d) return d.error();
    return d->equity;
  }
  if (std::optional<Error> e = check_cube(rules, cube)) return *e;
  double value = 0.0;
  Lookahead lookahead(search);
  lookahead.decide(pos, {&cube, 1}, ply, {&value, 1});
  if (lookahead.error) return *lookahead.error;
  return value / cube.value;
}

}  // namespace nard

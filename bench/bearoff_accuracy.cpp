#include "bench/bearoff_accuracy.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <vector>

#include "bench/cube_reference.h"
#include "core/read_file.h"
#include "game/dice.h"
#include "search/cube/bearoff.h"
#include "search/cube/efficiency.h"
#include "search/cube/money.h"

namespace nard {

namespace {

constexpr double kWindowLow = 0.55,
                 kWindowHigh = 0.92;  // bench/cube_positions.h's double window

// The exact equity lost by the approximation's cube choices: the doubler's (double or not) and the
// taker's (take or pass), both valued by the exact equities.
double choice_cost(const CubeDecision& approx, const CubeDecision& exact) {
  const bool doubles = approx.doubler == DoublerAction::Double;
  const double exact_answer = std::min(exact.double_take, exact.double_pass);
  const double doubler = exact.equity - (doubles ? exact_answer : exact.no_double);
  const bool passes = approx.taker == TakerAction::Pass;
  const double taker = (passes ? exact.double_pass : exact.double_take) - exact_answer;
  return doubler + taker;
}

void compare_cube(const BearoffDatabase& db, const Rules& rules, const Position& pos,
                  const Probabilities& exact_probs, const Probabilities& approx_probs,
                  BearoffApproximation& out) {
  for (int state = 0; state < 2; ++state) {
    CubeView cube;
    cube.owner = state == 0 ? CubeHolder::Centred : CubeHolder::Me;
    cube.turned = state == 1;
    const std::optional<BearoffCubeEquities> exact = exact_bearoff_cube(&db, pos, cube, rules);
    if (!exact) continue;
    const PositionClass cls = classify_for_cube(pos);
    Result<CubeDecision> model = analyse_money_cube(exact_probs, cube, cls, rules);
    Result<CubeDecision> approx =
        analyse_money_cube(make_consistent(approx_probs), cube, cls, rules);
    if (!model || !approx) continue;
    const CubeDecision truth = with_exact_equities(*model, *exact);
    CubeErrorStats& s = out.cube[size_t(state)];
    ++s.decisions;
    if (cube_action_of(*approx) == cube_action_of(truth)) ++s.agree;
    s.equity.add(std::fabs(approx->equity - truth.equity), pos);
    s.cost.add(choice_cost(*approx, truth), pos);
  }
}

}  // namespace

void ErrorStats::add(double error, const Position& pos) {
  if (count == 0 || error > max) max = error, worst = pos;
  ++count;
  sum += error;
}

Position bearoff_position(int mover, int opponent) {
  const BearoffDatabase::Counts mine = BearoffDatabase::counts_of(mover);
  const BearoffDatabase::Counts theirs = BearoffDatabase::counts_of(opponent);
  Position pos;
  int on_mine = 0, on_theirs = 0;
  for (int p = 1; p <= TwoSidedBearoff::kHomePoints; ++p) {
    const int m = mine[size_t(p - 1)], t = theirs[size_t(p - 1)];
    if (m) pos.set(p, m);
    if (t) pos.set(kPoints + 1 - p, -t);
    on_mine += m;
    on_theirs += t;
  }
  pos.mover_off = uint8_t(kCheckers - on_mine);
  pos.opp_off = uint8_t(kCheckers - on_theirs);
  return pos;
}

BearoffAccuracy measure_bearoff_accuracy(const BearoffDatabase& db, const Rules& rules,
                                         Evaluator* net) {
  const TwoSidedBearoff& table = *db.two_sided();
  BearoffAccuracy r;
  r.checkers = table.checkers();
  const int n = table.side_positions();
  std::vector<Position> row(size_t(n - 1));
  std::vector<Probabilities> net_probs(row.size());
  for (int a = 1; a < n; ++a) {
    for (int b = 1; b < n; ++b) row[size_t(b - 1)] = bearoff_position(a, b);
    if (net) net->evaluate(row, net_probs);
    for (size_t i = 0; i < row.size(); ++i) {
      const Position& pos = row[i];
      ++r.positions;
      Probabilities exact;
      exact.win = float(table.win_probability(pos));
      exact = make_consistent(exact);
      const bool window = exact.win >= kWindowLow && exact.win <= kWindowHigh;
      const auto approximation = [&](const Probabilities& p, BearoffApproximation& out) {
        const double error = std::fabs(double(p.win) - table.win_probability(pos));
        out.win.add(error, pos);
        if (!window) return;
        out.win_window.add(error, pos);
        compare_cube(db, rules, pos, exact, p, out);
      };
      approximation(db.one_sided_probabilities(pos), r.one_sided);
      if (net) approximation(net_probs[i], r.net);
    }
  }
  return r;
}

OnePlyTargets measure_one_ply_targets(const BearoffDatabase& db, const TwoSidedBearoff& truth) {
  const TwoSidedBearoff& table = *db.two_sided();
  const int inside = table.side_positions();  // indices of 0..checkers() on board
  OnePlyTargets r;
  const std::array<Dice, 21>& rolls = all_rolls();
  for (int a = inside; a < truth.side_positions(); ++a) {
    const BearoffDatabase::Counts mine = BearoffDatabase::counts_of(a);
    std::array<std::vector<int>, 21> plays;
    for (size_t k = 0; k < 21; ++k) plays[k] = BearoffDatabase::play_results(mine, rolls[k]);
    for (int b = 1; b < inside; ++b) {
      const Position pos = bearoff_position(a, b);
      const double exact = truth.win_probability(pos);
      double one_sided = 0, both = 0;
      for (size_t k = 0; k < 21; ++k) {
        double best_one = 0, best_both = 0;  // the side on roll's winning chance after the play
        for (const int child : plays[k]) {
          if (child == 0) {
            best_one = best_both = 1.0;
            break;
          }
          const Position reply = bearoff_position(b, child);  // the opponent on roll
          best_one = std::max(best_one, 1.0 - double(db.one_sided_probabilities(reply).win));
          best_both = std::max(best_both, 1.0 - double(db.probabilities(reply).win));
        }
        const double w = roll_weight(rolls[k]) / 36.0;
        one_sided += w * best_one;
        both += w * best_both;
      }
      ++r.positions;
      r.zero_ply_one_sided.add(std::fabs(double(db.one_sided_probabilities(pos).win) - exact), pos);
      r.one_ply_one_sided.add(std::fabs(one_sided - exact), pos);
      r.one_ply_both.add(std::fabs(both - exact), pos);
    }
  }
  return r;
}

Result<GnubgTableComparison> compare_with_gnubg_table(const TwoSidedBearoff& table,
                                                      const std::string& path) {
  constexpr size_t kHeader = 40;
  Result<std::string> bytes = read_regular_file(path, "gnubg bear-off database");
  if (!bytes) return bytes.error();
  const std::string& s = *bytes;
  // "gnubg-TS-PP-CC-1": two-sided, PP points, CC checkers, cubeful.
  if (s.size() < kHeader || s.compare(0, 9, "gnubg-TS-") != 0 || s[11] != '-' || s[14] != '-')
    return make_error(path + ": not a gnubg two-sided bear-off database (header)");
  GnubgTableComparison c;
  c.points = std::atoi(s.substr(9, 2).c_str());
  c.checkers = std::atoi(s.substr(12, 2).c_str());
  if (s[15] != '1')
    return make_error(path + ": a cubeless gnubg database; the cubeful one is needed");
  if (c.points != TwoSidedBearoff::kHomePoints || c.checkers != table.checkers())
    return make_error(path + ": " + std::to_string(c.points) + " points and " +
                      std::to_string(c.checkers) + " checkers, not 6 and " +
                      std::to_string(table.checkers()));
  const size_t n = size_t(table.side_positions());
  if (s.size() != kHeader + 8 * n * n)
    return make_error(path + ": " + std::to_string(s.size()) + " bytes, not the " +
                      std::to_string(kHeader + 8 * n * n) + " of its header's size");
  for (size_t a = 1; a < n; ++a)
    for (size_t b = 1; b < n; ++b) {
      const TwoSidedBearoff::Equities& e = table.at(int(a), int(b));
      const float ours[4] = {e.cubeless, e.owned, e.centred, e.opponent_owns};
      const size_t at = kHeader + 8 * (a * n + b);
      const Position pos = bearoff_position(int(a), int(b));
      for (size_t k = 0; k < 4; ++k) {
        const unsigned v = unsigned(uint8_t(s[at + 2 * k])) | unsigned(uint8_t(s[at + 2 * k + 1]))
                                                                  << 8;
        c.value[k].add(std::fabs(double(v) / 32767.5 - 1.0 - double(ours[k])), pos);
      }
    }
  return c;
}

}  // namespace nard

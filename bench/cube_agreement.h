// How often our money cube decisions agree with reference ones (bench/cube_reference.h), counted
// the ways cube errors are usually counted: the whole action (five classes), the double decision
// alone (double vs no double / too good), and take/pass alone; by kind of position
// (classify_for_cube), by the reference's action and by cube state; a confusion matrix
// [reference][ours]; the mean absolute differences of the no-double and double/take equities
// (per unit of the current cube), and of the cubeless equities (how far our net's probabilities are
// from the reference's, whatever the cube model makes of them); and what our actions cost by the reference's own equities:
// the doubler's cost is the reference's best equity minus that of our doubling choice (a double
// is answered as the reference would), the taker's cost that of our answer to a double.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "bench/cube_reference.h"
#include "core/sample_mean.h"
#include "search/cube/efficiency.h"

namespace nard {

// One entry compared.
struct CubeComparison {
  const CubeReference* reference = nullptr;
  PositionKind kind = PositionKind::Contact;
  CubeAction ours = CubeAction::NoDouble;
  double no_double = 0.0, double_take = 0.0;  // ours
  double cubeless = 0.0;                      // our cubeless money equity, per unit of cube
};

// What an action costs by the reference's own equities, per unit of cube (both >= 0). From the
// doubler's side the receiver's best answer leaves min(DT, DP): the doubler's cost is the better of
// no double and that, minus what the action's doubling choice gets; the taker's cost is what the
// action's answer to a double gives the doubler, minus min(DT, DP).
struct CubeCost {
  double doubler = 0.0, taker = 0.0;
  double total() const { return doubler + taker; }
};
CubeCost cube_cost(const CubeReference& r, CubeAction action);

struct AgreementTally {
  int entries = 0;
  int action = 0;     // the same of the five actions
  int doubling = 0;   // both double, or both do not (no double / too good)
  int take_pass = 0;  // the same answer to a double
  double abs_no_double = 0.0, abs_double_take = 0.0;    // sums of |ours - reference|
  double diff_no_double = 0.0, diff_double_take = 0.0;  // sums of ours - reference
  double abs_cubeless = 0.0;                    // sum of |ours - reference|, cubeless equity
  double doubler_cost = 0.0, taker_cost = 0.0;  // sums, reference equities (>= 0)

  void add(const CubeComparison& c);
  // Fractions; 0 for no entries.
  double rate(int count) const { return entries ? double(count) / entries : 0.0; }
  // Binomial standard error of rate(count).
  double standard_error(int count) const;
  double mean_abs_no_double() const { return entries ? abs_no_double / entries : 0.0; }
  double mean_abs_double_take() const { return entries ? abs_double_take / entries : 0.0; }
  double mean_abs_cubeless() const { return entries ? abs_cubeless / entries : 0.0; }
  double mean_diff_no_double() const { return entries ? diff_no_double / entries : 0.0; }
  double mean_diff_double_take() const { return entries ? diff_double_take / entries : 0.0; }
  double mean_doubler_cost() const { return entries ? doubler_cost / entries : 0.0; }
  double mean_taker_cost() const { return entries ? taker_cost / entries : 0.0; }
};

struct CubeAgreement {
  AgreementTally overall;
  std::array<AgreementTally, 3> by_kind;                  // indexed by PositionKind
  std::array<AgreementTally, kCubeActions> by_reference;  // indexed by the reference's action
  std::array<AgreementTally, 2> by_cube;                  // 0 centred, 1 owned by the side on roll
  std::array<std::array<int, kCubeActions>, kCubeActions> confusion{};  // [reference][ours]
  std::vector<CubeComparison> comparisons;                              // in file order

  void add(const CubeComparison& c);
};

// Two deciders' costs on the same references (both measured from one list, in its order):
// a's cost minus b's, decision by decision, over the decisions of `kind` (all when unset).
struct PairedCubeCost {
  SampleMean doubler, taker, total;
};
PairedCubeCost paired_cube_cost(const CubeAgreement& a, const CubeAgreement& b,
                                std::optional<PositionKind> kind = std::nullopt);

// Our decision for one entry.
using CubeDecider = std::function<Result<CubeDecision>(const CubeReference&)>;

// Compares every entry; fails (naming the line) when the decider fails or cannot double. The
// comparisons point into `references`, which must outlive the result.
Result<CubeAgreement> measure_cube_agreement(std::span<const CubeReference> references,
                                             const CubeDecider& decide);

}  // namespace nard

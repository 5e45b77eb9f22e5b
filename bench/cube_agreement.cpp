#include "bench/cube_agreement.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace nard {

CubeCost cube_cost(const CubeReference& r, CubeAction action) {
  const double doubled = std::min(r.double_take, r.double_pass);
  const double best = std::max(r.no_double, doubled);
  return {best - (is_double(action) ? doubled : r.no_double),
          (is_pass(action) ? r.double_pass : r.double_take) - doubled};
}

void AgreementTally::add(const CubeComparison& c) {
  const CubeReference& r = *c.reference;
  ++entries;
  action += r.action == c.ours;
  doubling += is_double(r.action) == is_double(c.ours);
  take_pass += is_pass(r.action) == is_pass(c.ours);
  diff_no_double += c.no_double - r.no_double;
  diff_double_take += c.double_take - r.double_take;
  abs_no_double += std::abs(c.no_double - r.no_double);
  abs_double_take += std::abs(c.double_take - r.double_take);
  abs_cubeless += std::abs(c.cubeless - cubeless_equity(r.cubeless));
  const CubeCost cost = cube_cost(r, c.ours);
  doubler_cost += cost.doubler;
  taker_cost += cost.taker;
}

double AgreementTally::standard_error(int count) const {
  if (entries == 0) return 0.0;
  const double p = rate(count);
  return std::sqrt(p * (1.0 - p) / entries);
}

void CubeAgreement::add(const CubeComparison& c) {
  const CubeReference& r = *c.reference;
  overall.add(c);
  by_kind[size_t(c.kind)].add(c);
  by_reference[size_t(r.action)].add(c);
  by_cube[r.cube.owner == CubeHolder::Centred ? 0 : 1].add(c);
  ++confusion[size_t(r.action)][size_t(c.ours)];
  comparisons.push_back(c);
}

PairedCubeCost paired_cube_cost(const CubeAgreement& a, const CubeAgreement& b,
                                std::optional<PositionKind> kind) {
  PairedCubeCost p;
  for (size_t i = 0; i < a.comparisons.size() && i < b.comparisons.size(); ++i) {
    const CubeComparison& x = a.comparisons[i];
    const CubeComparison& y = b.comparisons[i];
    if (kind && x.kind != *kind) continue;
    const CubeCost cx = cube_cost(*x.reference, x.ours), cy = cube_cost(*y.reference, y.ours);
    p.doubler.add(cx.doubler - cy.doubler);
    p.taker.add(cx.taker - cy.taker);
    p.total.add(cx.total() - cy.total());
  }
  return p;
}

Result<CubeAgreement> measure_cube_agreement(std::span<const CubeReference> references,
                                             const CubeDecider& decide) {
  CubeAgreement a;
  a.comparisons.reserve(references.size());
  for (const CubeReference& r : references) {
    const std::string where = "line " + std::to_string(r.line) + " (" + r.position_id + "): ";
    Result<CubeDecision> d = decide(r);
    if (!d) return make_error(where + d.error().message);
    const std::optional<CubeAction> ours = cube_action_of(*d);
    if (!ours) return make_error(where + "no double is possible: " + d->cannot_double_reason);
    CubeComparison c;
    c.reference = &r;
    c.kind = classify_for_cube(r.position).kind;
    c.ours = *ours;
    c.no_double = d->no_double;
    c.double_take = d->double_take;
    c.cubeless = d->cubeless;
    a.add(c);
  }
  return a;
}

}  // namespace nard

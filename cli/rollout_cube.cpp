#include "cli/rollout_cube.h"

#include <cmath>
#include <cstdio>
#include <iostream>

#include "api/documents.h"
#include "cli/output.h"

namespace nard::tools {

namespace {

std::string ladder_text(const Rules& r) {
  return r.cube_progression == CubeProgression::Arithmetic ? "adding (dave 1,2,3,...)"
                                                           : "doubling (1,2,4,...)";
}

void text_estimate(const char* name, const Estimate& e, double model) {
  std::printf("  %-18s %+.4f  (se %.4f, 95%% CI %+.4f .. %+.4f)   model %+.4f\n", name, e.mean,
              e.std_error, e.low95(), e.high95(), model);
}

}  // namespace

void print_cube_rollout(const CubeRolloutResult& r, const Rules& rules, const CubeView& cube,
                        bool json) {
  const CubeDecision& m = r.predicted;
  const CubeDecision& d = r.rolled_out;
  const double model_diff = m.double_take - m.no_double;
  const Estimate& w = r.cubeless.probs[0];
  if (json) {  // the cube_decision document of the API's rollout jobs
    std::cout << api::cube_rollout_document(r, rules, cube).dump(2) << '\n';
    return;
  }
  std::printf("Cube decision rollout, money, %s ladder, cube %d %s, %d trials per line\n",
              ladder_text(rules).c_str(), cube.value, api::cube_owner_text(cube.owner), r.trials);
  std::printf("  Cubeless: win %.4f (se %.4f), equity %+.4f (se %.4f)\n", w.mean, w.std_error,
              r.cubeless.equity.mean, r.cubeless.equity.std_error);
  std::printf(
      "  Equity per unit of the current stake (model: search/cube/money.h on the cubeless "
      "rollout)\n");
  const bool re = d.redouble;
  text_estimate(re ? "No redouble" : "No double", r.no_double, m.no_double);
  text_estimate(re ? "Redouble, take" : "Double, take", r.double_take, m.double_take);
  std::printf("  %-18s %+.4f  (exact)   model %+.4f\n", re ? "Redouble, pass" : "Double, pass",
              r.double_pass, m.double_pass);
  text_estimate("Take - no double", r.take_minus_no_double, model_diff);
  std::printf("  Proper action: rollout %s; model %s (take point %.1f%%, cube life %.2f)\n",
              d.action_text().c_str(), m.action_text().c_str(), 100 * m.take_point, m.cube_life);
}

}  // namespace nard::tools

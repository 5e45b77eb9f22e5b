// The cube side of `nard rollout`: --cube/--cube-owner (the cube as the side on roll sees it,
// on the rules' ladder, e.g. 3 under the dave) and the --cube-decision report (play/cube_rollout.h).
#pragma once

#include <string>
#include <string_view>

#include "api/equity_context.h"
#include "core/result.h"
#include "game/rules.h"
#include "play/cube_rollout.h"

namespace nard::tools {

// The cube from --cube VALUE and --cube-owner: api/equity_context.h.
using api::cube_view_arg;

// Prints the rolled-out and predicted no double, double/take and double/pass with standard
// errors and 95% confidence intervals, text or JSON.
void print_cube_rollout(const CubeRolloutResult& r, const Rules& rules, const CubeView& cube,
                        bool json);

}  // namespace nard::tools

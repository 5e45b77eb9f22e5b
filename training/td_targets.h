// TD(lambda) targets of one finished self-play game (Sutton's lambda-return, forward view).
//
// A game is the sequence of positions s_0 .. s_{T-1}, each seen from its side on roll before the
// roll, with the net's evaluation V_t of s_t (from that side), and the decided result R of the
// game seen from the side on roll in s_{T-1} (whose play ended the game). The side on roll
// alternates, so a value of s_{t+1} is inverted to be seen from s_t's side. The targets are
//   G_{T-1} = R,
//   G_t     = (1 - lambda) * invert(V_{t+1}) + lambda * invert(G_{t+1}),
// i.e. lambda = 0 is one-step TD (the next position's evaluation), lambda = 1 is Monte Carlo (the
// actual result for every position). invert() is affine, so this equals the usual weighted sum of
// n-step returns.
#pragma once

#include <span>
#include <vector>

#include "nn/probabilities.h"

namespace nard::training {

// values[t] = V_t for t in [0, T); only values[1..T) are used. Returns G_0 .. G_{T-1}.
std::vector<Probabilities> lambda_returns(std::span<const Probabilities> values,
                                          const Probabilities& final_result, double lambda);

}  // namespace nard::training

// A test hook for crash safety: with NARD_KILL_AT=<point>:<n> in the environment, the process
// kills itself with SIGKILL the n-th time (counting from 1) it passes kill_point("<point>"); with
// NARD_KILL_AT=<point> the first time. Without the variable kill_point does nothing (one branch).
// The fault test (tests/training/train_faults.sh) kills a training run this way at each point
// and resumes it.
//
// Points of the TD trainer (training/trainer.cpp, checkpoint.cpp):
//   self-play            a round's games are played, not yet learnt from
//   learn                in the middle of the learner's pass over a round
//   eval                 an evaluation's eval-<games>.nardnet is written, its checkpoint not yet
//   checkpoint-files     the nets are written into the temporary checkpoint directory
//   checkpoint-renamed   the checkpoint directory is complete, `latest` still names the old one
//   checkpoint-latest    `latest` names the new checkpoint, older ones not yet removed
//   metrics              the checkpoint is done, metrics.csv and strength.svg not yet rewritten
//
// Thread-safety: call from one thread (the trainer's main loop).
#pragma once

#include <string_view>

namespace nard::training {

void kill_point(std::string_view point);

}  // namespace nard::training

// Checker-play error against reference equities (bench/checker_reference.h): for every (position,
// roll) pair, our play is matched to the reference's by resulting position, and its loss is the
// reference's equity of its best play minus that of ours (>= 0; 0 when we chose its best). The
// reference's own 0-ply choice (e.g. gnubg 0-ply) is scored the same way on the same pairs, so
// both errors and their paired difference come with standard errors. Tallied overall and split
// contact / race (Position::is_race, bear-offs included).
//
// Before a pair is scored, our legal plays must be exactly the reference's (same count, every
// result found): a mismatch is an error naming the line, as it means another game or a wrong
// file, and a loss measured there would mean nothing.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "bench/checker_reference.h"
#include "core/result.h"
#include "game/rules.h"

namespace nard {

// Our choice: an index into `plays` (the legal plays of `dice` from `pos`, mover's view, in our
// move generator's order).
using PlayChooser =
    std::function<int(const Position& pos, Dice dice, std::span<const Position> plays)>;

struct CheckerComparison {
  const CheckerReference* reference = nullptr;
  bool race = false;
  int ours = 0;                                // index into reference->plays of our play
  double loss = 0.0;                           // reference equity: best minus ours
  double loss_0ply = 0.0;                      // the same for the reference's 0-ply choice
  std::string our_move, best_move, move_0ply;  // standard notation
};

// Sums over compared pairs; means in equity per move.
struct LossTally {
  int moves = 0;
  int ours_best = 0, ref0_best = 0;            // choices equal to the reference's best play
  double loss = 0.0, loss_sq = 0.0;            // ours
  double loss_0ply = 0.0, loss_0ply_sq = 0.0;  // the reference's 0-ply choice
  double diff_sq = 0.0;                        // (ours - 0-ply choice)^2

  void add(const CheckerComparison& c);
  double mean() const { return moves ? loss / moves : 0.0; }
  double mean_0ply() const { return moves ? loss_0ply / moves : 0.0; }
  // Standard errors of the means (sample standard deviation / sqrt(n)), and of the mean paired
  // difference ours - 0-ply choice.
  double standard_error() const;
  double standard_error_0ply() const;
  double standard_error_difference() const;
  double share_best() const { return moves ? double(ours_best) / moves : 0.0; }
  double share_best_0ply() const { return moves ? double(ref0_best) / moves : 0.0; }
};

struct CheckerError {
  LossTally overall, contact, race;
  int shallow_choices = 0;  // our play valued below the pair's deepest ply in the reference
  std::vector<CheckerComparison> comparisons;  // in file order
};

// Two players' errors on the same pairs (both measured from one reference list, in its order):
// the mean of a's loss minus b's over the pairs of a kind (all, contact or race) and its standard
// error; {moves, mean, standard error} in equity per move.
struct PairedLoss {
  int moves = 0;
  double mean = 0.0, standard_error = 0.0;
};
enum class PairKind { All, Contact, Race };
PairedLoss paired_loss(const CheckerError& a, const CheckerError& b, PairKind kind);

Result<CheckerError> measure_checker_error(const Rules& rules,
                                           const std::vector<CheckerReference>& references,
                                           const PlayChooser& choose);

}  // namespace nard

#include "bench/checker_error.h"

#include <algorithm>
#include <cmath>

#include "core/sample_mean.h"
#include "formats/gnubg_id.h"
#include "game/move.h"
#include "game/movegen/movegen.h"

namespace nard {

namespace {

Error pair_error(const CheckerReference& r, const std::string& what) {
  return make_error("line " + std::to_string(r.line) + " (" + r.position_id + " " +
                    std::to_string(r.dice.d1) + std::to_string(r.dice.d2) + "): " + what);
}

}  // namespace

void LossTally::add(const CheckerComparison& c) {
  ++moves;
  ours_best += c.loss <= 0.0 ? 1 : 0;  // its best play, or one of equal equity
  ref0_best += c.loss_0ply <= 0.0 ? 1 : 0;
  loss += c.loss;
  loss_sq += c.loss * c.loss;
  loss_0ply += c.loss_0ply;
  loss_0ply_sq += c.loss_0ply * c.loss_0ply;
  diff_sq += (c.loss - c.loss_0ply) * (c.loss - c.loss_0ply);
}

double LossTally::standard_error() const { return standard_error_of_mean(moves, loss, loss_sq); }
double LossTally::standard_error_0ply() const {
  return standard_error_of_mean(moves, loss_0ply, loss_0ply_sq);
}
double LossTally::standard_error_difference() const {
  return standard_error_of_mean(moves, loss - loss_0ply, diff_sq);
}

Result<CheckerError> measure_checker_error(const Rules& rules,
                                           const std::vector<CheckerReference>& references,
                                           const PlayChooser& choose) {
  CheckerError e;
  MoveGenerator generator(rules);
  PlayList list;
  for (const CheckerReference& r : references) {
    list.size = generator.generate(r.position, r.dice, list.positions.get(), list.moves.get());
    if (list.size != int(r.plays.size()))
      return pair_error(r, "we find " + std::to_string(list.size) +
                               " legal plays, the file lists " + std::to_string(r.plays.size()));
    std::vector<int> in_file(size_t(list.size));  // our play i is the file's play in_file[i]
    for (int i = 0; i < list.size; ++i) {
      const std::string id = encode_position_id(list.positions[size_t(i)]);
      in_file[size_t(i)] = r.find(id);
      if (in_file[size_t(i)] < 0)
        return pair_error(r, "our play " + format_move(list.moves[size_t(i)]) + " (result " + id +
                                 ") is not in the file");
    }
    const int chosen = choose(r.position, r.dice, list.plays());
    if (chosen < 0 || chosen >= list.size) return pair_error(r, "the chooser returned no play");
    auto move_of = [&](int file_index) {
      for (int i = 0; i < list.size; ++i)
        if (in_file[size_t(i)] == file_index) return format_move(list.moves[size_t(i)]);
      return std::string();
    };
    CheckerComparison c;
    c.reference = &r;
    c.race = r.position.is_race();
    c.ours = in_file[size_t(chosen)];
    const int best = r.best(), zero = r.best_at_0ply();
    const double top = r.plays[size_t(best)].equity;
    c.loss = top - r.plays[size_t(c.ours)].equity;
    c.loss_0ply = top - r.plays[size_t(zero)].equity;
    c.our_move = format_move(list.moves[size_t(chosen)]);
    c.best_move = move_of(best);
    c.move_0ply = move_of(zero);
    if (r.plays[size_t(c.ours)].ply < r.deepest_ply()) ++e.shallow_choices;
    e.overall.add(c);
    (c.race ? e.race : e.contact).add(c);
    e.comparisons.push_back(std::move(c));
  }
  return e;
}

PairedLoss paired_loss(const CheckerError& a, const CheckerError& b, PairKind kind) {
  PairedLoss p;
  double sum = 0, sum_sq = 0;
  for (size_t i = 0; i < a.comparisons.size() && i < b.comparisons.size(); ++i) {
    const CheckerComparison& x = a.comparisons[i];
    if ((kind == PairKind::Contact && x.race) || (kind == PairKind::Race && !x.race)) continue;
    const double d = x.loss - b.comparisons[i].loss;
    ++p.moves;
    sum += d;
    sum_sq += d * d;
  }
  p.mean = p.moves ? sum / p.moves : 0.0;
  p.standard_error = standard_error_of_mean(p.moves, sum, sum_sq);
  return p;
}

}  // namespace nard

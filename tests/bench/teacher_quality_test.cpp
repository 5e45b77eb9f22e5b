// The teacher bench (bench/teacher_quality.h): against a reference made of a teacher's own values
// that teacher is perfect, and the figures do not depend on the thread count.
#include "bench/teacher_quality.h"

#include <gtest/gtest.h>

#include "bench/checker_reference.h"
#include "coach/position_valuation.h"
#include "nn/bearoff_database.h"
#include "nn/model_path.h"

namespace nard {
namespace {

std::shared_ptr<const NeuralModel> shipped_backgammon_model() {
  Result<std::string> path = default_model_path(Variant::Backgammon);
  EXPECT_TRUE(path);
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::load(*rules_preset("wbf"), *path);
  EXPECT_TRUE(model) << (model ? "" : model.error().message);
  return *model;
}

// The first pairs of the committed gnubg reference, with every play's equity replaced by our
// model's 1-ply value of it (mover's view).
std::vector<CheckerReference> reference_of_our_one_ply(
    const std::shared_ptr<const NeuralModel>& model, size_t pairs) {
  Result<std::vector<CheckerReference>> all =
      load_checker_references(default_checker_reference_path());
  EXPECT_TRUE(all);
  std::vector<CheckerReference> refs;
  for (const CheckerReference& r : *all)
    if (r.plays.size() >= 3 && refs.size() < pairs) refs.push_back(r);
  std::vector<Position> flipped;
  for (const CheckerReference& r : refs)
    for (const ReferencePlay& p : r.plays) flipped.push_back(p.result.flipped());
  std::vector<Probabilities> v(flipped.size());
  ValuationConfig vc;
  vc.ply = 1;
  vc.threads = 1;
  value_positions(model, flipped, vc, v);
  size_t j = 0;
  for (CheckerReference& r : refs)
    for (ReferencePlay& p : r.plays) p.equity = cubeless_equity(invert(v[j++]), model->rules());
  return refs;
}

TEST(TeacherQuality, ATeacherIsPerfectAgainstItsOwnValuesAndTheThreadsChangeNothing) {
  const std::shared_ptr<const NeuralModel> model = shipped_backgammon_model();
  const std::vector<CheckerReference> refs = reference_of_our_one_ply(model, 6);
  ASSERT_EQ(refs.size(), 6u);
  TeacherQualityConfig c;
  c.every = 1;
  c.plays = 3;
  c.max_ply = 1;
  c.rollout_trials = 36;
  c.truncate_plies = 2;
  c.threads = 2;
  Result<TeacherQuality> q = measure_teachers(model, refs, c);
  ASSERT_TRUE(q) << q.error().message;
  EXPECT_EQ(q->pairs, 6);
  EXPECT_EQ(q->positions, 18);
  ASSERT_EQ(q->teachers.size(), 3u);
  EXPECT_EQ(q->teachers[0].name, "0-ply");
  EXPECT_EQ(q->teachers[2].name, "36-trial rollout truncated at 2 plies");
  EXPECT_EQ(q->baseline, 1u);  // no 2-ply teacher: paired against the deepest search, 1-ply
  const TeacherScore& one = q->teachers[1];
  EXPECT_EQ(one.choice_loss.mean, 0.0);
  EXPECT_NEAR(one.abs_value_error.mean, 0.0, 1e-9);
  EXPECT_EQ(one.mean_value_std_error, 0.0);
  // The net alone and the rollout are other teachers: their values differ from 1-ply's, but not
  // by much (a sign error would put them twice an equity away), and the rollout knows its noise.
  for (size_t t : {size_t(0), size_t(2)}) {
    const TeacherScore& other = q->teachers[t];
    EXPECT_GT(other.abs_value_error.mean, 1e-4) << other.name;
    EXPECT_LT(other.abs_value_error.mean, 0.05) << other.name;
    EXPECT_GT(other.abs_value_error.std_error, 0.0) << other.name;
    // Paired against 1-ply, whose loss and error are 0: the differences are the figures themselves.
    EXPECT_NEAR(other.choice_loss_vs_baseline.mean, other.choice_loss.mean, 1e-12) << other.name;
    EXPECT_NEAR(other.abs_error_vs_baseline.mean, other.abs_value_error.mean, 1e-12) << other.name;
  }
  EXPECT_GT(q->teachers[2].mean_value_std_error, 0.0);
  EXPECT_LT(q->teachers[2].mean_value_std_error, 0.05);

  c.threads = 1;
  Result<TeacherQuality> single = measure_teachers(model, refs, c);
  ASSERT_TRUE(single);
  for (size_t t = 0; t < 3; ++t) {
    EXPECT_EQ(single->teachers[t].choice_loss.mean, q->teachers[t].choice_loss.mean) << t;
    EXPECT_EQ(single->teachers[t].value_bias.mean, q->teachers[t].value_bias.mean) << t;
  }

  c.plays = 1;
  EXPECT_FALSE(measure_teachers(model, refs, c));
}

}  // namespace
}  // namespace nard

// The invariant soak (bench/invariant_soak.h) in short: every game and preset,
// random and net players, no violation; and the report does not depend on the
// thread count.
#include "bench/invariant_soak.h"

#include <gtest/gtest.h>

namespace nard {
namespace {

std::string first_messages(const SoakReport& r) {
  std::string s;
  for (const std::string& m : r.messages) s += m + "\n";
  return s;
}

TEST(InvariantSoak, TwoThousandGamesOverEveryRulesSetHaveNoViolation) {
  SoakOptions o;
  o.games = 2000;
  o.seed = 12;
  o.threads = 2;
  Result<SoakReport> r = run_soak(o);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->total.games, 2000u);
  EXPECT_EQ(r->total.violations, 0u) << first_messages(*r);
  EXPECT_GT(r->total.moves, 2000u * 20);
  // Every rules set played games with each kind of pairing, and the cube was
  // used.
  for (const SoakLine& l : r->lines) EXPECT_GT(l.counts.games, 0u) << l.rules << " " << l.players;
  EXPECT_GT(r->total.doubles, 0u);
  EXPECT_GT(r->total.gammon, 0u);
  EXPECT_GT(r->total.mother_pin, 0u);
}

TEST(InvariantSoak, TheReportDoesNotDependOnTheThreads) {
  SoakOptions o;
  o.games = 150;
  o.seed = 3;
  o.nets = false;
  o.threads = 1;
  Result<SoakReport> one = run_soak(o);
  o.threads = 2;
  Result<SoakReport> two = run_soak(o);
  ASSERT_TRUE(one.ok() && two.ok());
  EXPECT_EQ(one->signature, two->signature);
  EXPECT_EQ(one->total.moves, two->total.moves);
  o.seed = 4;
  Result<SoakReport> other = run_soak(o);
  ASSERT_TRUE(other.ok());
  EXPECT_NE(other->signature, one->signature);
}

}  // namespace
}  // namespace nard

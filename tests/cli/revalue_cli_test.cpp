// `nard revalue` (cli/train/revalue.cpp): position databases valued again with a model's search or
// rollouts.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/bot_args.h"
#include "coach/position_database.h"
#include "coach/position_valuation.h"
#include "formats/position_arg.h"
#include "nn/model_path.h"
#include "tests/support/cli_runner.h"
#include "tests/support/temp_files.h"

namespace nard {
namespace {

namespace fs = std::filesystem;
using testing_support::run_nard;
using testing_support::unique_temp_path;

// Three backgammon positions (the start, a race, a bear-off) with a made-up target.
PositionDatabase small_database() {
  const Rules rules = *rules_preset("wbf");
  PositionDatabase db;
  db.rules = "wbf";
  db.target_ply = 1;
  db.model = "an older net";
  db.description = "three positions for the revalue test";
  for (const char* id : {"4HPwATDgc/ABMA", "x 6:5 5:5 4:5; o 19:5 20:5 21:5",
                         "x 1:3 2:2 off:10; o 24:2 23:1 off:12"}) {
    Result<Position> p = parse_position_arg(id, rules);
    EXPECT_TRUE(p) << id;
    db.records.push_back({*p, Probabilities{0.5f, 0.1f, 0.0f, 0.1f, 0.0f}});
  }
  return db;
}

// The shipped backgammon model as revalue loads it (with the bear-off database).
std::shared_ptr<const NeuralModel> shipped_model() {
  Result<std::string> path = default_model_path(Variant::Backgammon);
  EXPECT_TRUE(path);
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::load(*rules_preset("wbf"), *path);
  EXPECT_TRUE(model);
  return with_bearoff(*model, BearoffDatabases::Both);
}

std::vector<Position> positions_of(const PositionDatabase& db) {
  std::vector<Position> positions;
  for (const PositionRecord& r : db.records) positions.push_back(r.position);
  return positions;
}

// What the shipped model's 1-ply search gives them, as the command should write.
std::vector<Probabilities> expected_targets(const PositionDatabase& db) {
  std::vector<Probabilities> out(db.records.size());
  ValuationConfig vc;
  vc.ply = 1;
  vc.threads = 1;
  value_positions(shipped_model(), positions_of(db), vc, out);
  for (Probabilities& p : out) p = make_consistent(p);
  return out;
}

TEST(Revalue, WritesTheSamePositionsWithTheModelsSearchValuesAndKeepsThemOnARerun) {
  const fs::path dir = unique_temp_path("nard_revalue");
  fs::create_directories(dir / "in");
  const PositionDatabase db = small_database();
  ASSERT_FALSE(save_position_database((dir / "in" / "a.npdb").string(), db));
  const std::string out = (dir / "out").string();

  testing_support::CliRun r = run_nard("revalue " + (dir / "in" / "a.npdb").string() + " --out " +
                                       out + " --ply 1 --threads 2 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3 positions valued, 0 already valued"), std::string::npos) << r.out;
  Result<PositionDatabase> got = load_position_database(out + "/a.npdb");
  ASSERT_TRUE(got) << got.error().message;
  const std::vector<Probabilities> want = expected_targets(db);
  ASSERT_EQ(got->records.size(), db.records.size());
  for (size_t i = 0; i < db.records.size(); ++i) {
    EXPECT_EQ(got->records[i].position, db.records[i].position) << i;
    EXPECT_EQ(got->records[i].target, want[i]) << i;
    EXPECT_NE(got->records[i].target, db.records[i].target) << i;
  }
  EXPECT_EQ(got->target_ply, 1);
  EXPECT_NE(got->model, "an older net");
  EXPECT_NE(got->description.find("three positions for the revalue test"), std::string::npos);
  EXPECT_NE(got->description.find("1-ply search of an older net"), std::string::npos)
      << got->description;

  // Run again: nothing to value. Another ply values again.
  r = run_nard("revalue " + (dir / "in" / "a.npdb").string() + " --out " + out +
               " --ply 1 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("0 positions valued, 3 already valued"), std::string::npos) << r.out;
  r = run_nard("revalue " + (dir / "in" / "a.npdb").string() + " --out " + out +
               " --ply 0 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3 positions valued, 0 already valued"), std::string::npos) << r.out;
  EXPECT_EQ(load_position_database(out + "/a.npdb")->target_ply, 0);
  // Another bear-off setting is another valuation: valued again, not kept.
  r = run_nard("revalue " + (dir / "in" / "a.npdb").string() + " --out " + out +
               " --ply 0 --no-bearoff-db --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3 positions valued, 0 already valued"), std::string::npos) << r.out;
  EXPECT_NE(load_position_database(out + "/a.npdb")->model.find("bear-offs by the net"),
            std::string::npos);

  // A directory argument keeps its path under --out.
  r = testing_support::run_command("cd " + dir.string() + " && " + NARD_BINARY +
                                   " revalue in --out out2 --ply 0 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "out2" / "in" / "a.npdb"));
  fs::remove_all(dir);
}

TEST(Revalue, OnlyRaceOrContactKeepsThePositionsOfThatKindInTheirOrder) {
  const fs::path dir = unique_temp_path("nard_revalue_only");
  fs::create_directories(dir);
  const PositionDatabase db = small_database();  // the start (contact), a race, a bear-off
  const std::string in = (dir / "a.npdb").string();
  ASSERT_FALSE(save_position_database(in, db));

  testing_support::CliRun r = run_nard("revalue " + in + " --out " + (dir / "race").string() +
                                       " --only race --ply 1 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<PositionDatabase> race = load_position_database((dir / "race" / "a.npdb").string());
  ASSERT_TRUE(race) << race.error().message;
  const std::vector<Probabilities> want = expected_targets(db);
  ASSERT_EQ(race->records.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(race->records[i].position, db.records[i + 1].position) << i;
    EXPECT_EQ(race->records[i].target, want[i + 1]) << i;
  }
  EXPECT_NE(race->description.find("race positions only"), std::string::npos) << race->description;

  r = run_nard("revalue " + in + " --out " + (dir / "contact").string() +
               " --only contact --ply 1 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<PositionDatabase> contact = load_position_database((dir / "contact" / "a.npdb").string());
  ASSERT_TRUE(contact) << contact.error().message;
  ASSERT_EQ(contact->records.size(), 1u);
  EXPECT_EQ(contact->records[0].position, db.records[0].position);
  EXPECT_EQ(contact->records[0].target, want[0]);

  // A rerun keeps the filtered output; an unknown kind is refused.
  r = run_nard("revalue " + in + " --out " + (dir / "race").string() +
               " --only race --ply 1 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("0 positions valued, 2 already valued"), std::string::npos) << r.out;
  r = run_nard("revalue " + in + " --out " + (dir / "x").string() + " --only crashed --quiet");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--only"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "x"));
  // Only backgammon's positions split between a race and a contact net.
  PositionDatabase plakoto;
  plakoto.rules = "plakoto";
  plakoto.variant = Variant::Plakoto;
  plakoto.target_ply = 1;
  plakoto.records.push_back(
      {start_position(*rules_preset("plakoto")), Probabilities{0.5f, 0.1f, 0.0f, 0.1f, 0.0f}});
  const std::string pl = (dir / "plakoto.npdb").string();
  ASSERT_FALSE(save_position_database(pl, plakoto));
  r = run_nard("revalue " + pl + " --out " + (dir / "x").string() + " --only race --quiet");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--only splits backgammon's positions"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "x"));
  fs::remove_all(dir);
}

TEST(Revalue, WinWindowAndOneInChooseThePositionsByTheirInputTargets) {
  const fs::path dir = unique_temp_path("nard_revalue_window");
  fs::create_directories(dir);
  PositionDatabase db = small_database();
  db.records.push_back(db.records[0]);
  db.records.push_back(db.records[1]);
  const float wins[] = {0.30f, 0.60f, 0.70f, 0.95f, 0.80f};  // chosen: 1, 2, 4
  for (size_t i = 0; i < db.records.size(); ++i)
    db.records[i].target = Probabilities{wins[i], 0.1f, 0.0f, 0.02f, 0.0f};
  const std::string in = (dir / "a.npdb").string();
  ASSERT_FALSE(save_position_database(in, db));

  testing_support::CliRun r = run_nard("revalue " + in + " --out " + (dir / "w").string() +
                                       " --win-window 0.55 0.92 --ply 0 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<PositionDatabase> w = load_position_database((dir / "w" / "a.npdb").string());
  ASSERT_TRUE(w) << w.error().message;
  ASSERT_EQ(w->records.size(), 3u);
  EXPECT_EQ(w->records[0].position, db.records[1].position);
  EXPECT_EQ(w->records[1].position, db.records[2].position);
  EXPECT_EQ(w->records[2].position, db.records[4].position);
  EXPECT_NE(w->description.find("winning chance 0.55 to 0.92 only"), std::string::npos)
      << w->description;

  r = run_nard("revalue " + in + " --out " + (dir / "w2").string() +
               " --win-window 0.55 0.92 --one-in 2 --ply 0 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<PositionDatabase> w2 = load_position_database((dir / "w2" / "a.npdb").string());
  ASSERT_TRUE(w2) << w2.error().message;
  ASSERT_EQ(w2->records.size(), 2u);
  EXPECT_EQ(w2->records[0].position, db.records[1].position);
  EXPECT_EQ(w2->records[1].position, db.records[4].position);
  EXPECT_NE(w2->description.find("one in 2"), std::string::npos) << w2->description;

  // Bad windows and strides: one line naming the option, exit code 2, nothing written.
  for (const char* bad : {"--win-window 0.9 0.5", "--win-window 0.5 1.5", "--win-window -0.1 0.5",
                          "--win-window 0.5", "--one-in 0"}) {
    r = run_nard("revalue " + in + " --out " + (dir / "x").string() + " " + bad + " --quiet");
    EXPECT_EQ(r.exit_code, 2) << bad;
    const std::string option = std::string(bad).substr(0, std::string(bad).find(' '));
    EXPECT_NE(r.err.find(option), std::string::npos) << bad << ": " << r.err;
    EXPECT_FALSE(fs::exists(dir / "x")) << bad;
  }
  fs::remove_all(dir);
}

TEST(Revalue, GammonShareChoosesThePositionsByTheirInputTargetsGammonShare) {
  const fs::path dir = unique_temp_path("nard_revalue_gammons");
  fs::create_directories(dir);
  PositionDatabase db = small_database();
  db.records.push_back(db.records[0]);
  db.records.push_back(db.records[1]);
  // Gammon shares 0.1, 0.5, 0.4, 0 (cannot win), 0.8 of the wins: chosen from 0.4 to 1: 1, 2, 4.
  const Probabilities targets[] = {{0.60f, 0.06f, 0.0f, 0.02f, 0.0f},
                                   {0.70f, 0.35f, 0.01f, 0.02f, 0.0f},
                                   {0.50f, 0.20f, 0.0f, 0.10f, 0.0f},
                                   {0.00f, 0.00f, 0.0f, 0.50f, 0.1f},
                                   {0.80f, 0.64f, 0.05f, 0.01f, 0.0f}};
  for (size_t i = 0; i < db.records.size(); ++i) db.records[i].target = targets[i];
  const std::string in = (dir / "a.npdb").string();
  ASSERT_FALSE(save_position_database(in, db));

  testing_support::CliRun r = run_nard("revalue " + in + " --out " + (dir / "g").string() +
                                       " --gammon-share 0.4 1 --ply 0 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<PositionDatabase> g = load_position_database((dir / "g" / "a.npdb").string());
  ASSERT_TRUE(g) << g.error().message;
  ASSERT_EQ(g->records.size(), 3u);
  EXPECT_EQ(g->records[0].position, db.records[1].position);
  EXPECT_EQ(g->records[1].position, db.records[2].position);
  EXPECT_EQ(g->records[2].position, db.records[4].position);
  EXPECT_NE(g->description.find("gammon share 0.4 to 1 only"), std::string::npos) << g->description;

  // With a winning-chance window too: both must hold (only 1 and 4 win 0.65 to 0.9 of these).
  r = run_nard("revalue " + in + " --out " + (dir / "gw").string() +
               " --gammon-share 0.4 1 --win-window 0.65 0.9 --ply 0 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<PositionDatabase> gw = load_position_database((dir / "gw" / "a.npdb").string());
  ASSERT_TRUE(gw) << gw.error().message;
  ASSERT_EQ(gw->records.size(), 2u);
  EXPECT_EQ(gw->records[0].position, db.records[1].position);
  EXPECT_EQ(gw->records[1].position, db.records[4].position);

  for (const char* bad : {"--gammon-share 0.6 0.4", "--gammon-share 0.4 1.5",
                          "--gammon-share -0.1 0.5", "--gammon-share 0.4"}) {
    r = run_nard("revalue " + in + " --out " + (dir / "x").string() + " " + bad + " --quiet");
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_NE(r.err.find("--gammon-share"), std::string::npos) << bad << ": " << r.err;
    EXPECT_FALSE(fs::exists(dir / "x")) << bad;
  }
  fs::remove_all(dir);
}

// What the shipped model's truncated rollouts give them (36 trials, 4 plies, seed 3).
std::vector<Probabilities> expected_rollout_targets(const PositionDatabase& db) {
  std::vector<Probabilities> out(db.records.size());
  RolloutValuationConfig rc;
  rc.trials = 36;
  rc.truncate_plies = 4;
  rc.seed = 3;
  rc.threads = 1;
  EXPECT_FALSE(rollout_positions(shipped_model(), positions_of(db), rc, out));
  for (Probabilities& p : out) p = make_consistent(p);
  return out;
}

TEST(Revalue, RolloutTargetsAreTruncatedRolloutsAndAKilledRunContinuesFromItsPartialFile) {
  const fs::path dir = unique_temp_path("nard_revalue_rollout");
  fs::create_directories(dir);
  const PositionDatabase db = small_database();
  const std::string in = (dir / "a.npdb").string();
  ASSERT_FALSE(save_position_database(in, db));
  const std::string args = " --rollout 36 --truncate 4 --seed 3 --quiet";

  const std::string out1 = (dir / "out1").string();
  testing_support::CliRun r = run_nard("revalue " + in + " --out " + out1 + args + " --threads 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("by 36-trial rollout truncated at 4 plies"), std::string::npos) << r.out;
  Result<PositionDatabase> got = load_position_database(out1 + "/a.npdb");
  ASSERT_TRUE(got) << got.error().message;
  EXPECT_EQ(got->target_kind, TargetKind::Rollout);
  EXPECT_EQ(got->target_trials, 36);
  EXPECT_EQ(got->target_truncation, 4);
  EXPECT_EQ(got->target_ply, 0);
  const std::vector<Probabilities> want =
      expected_rollout_targets(db);  // one thread: the same values
  ASSERT_EQ(got->records.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(got->records[i].position, db.records[i].position) << i;
    EXPECT_EQ(got->records[i].target, want[i]) << i;
  }
  r = run_nard("revalue " + in + " --out " + out1 + args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("0 positions valued, 3 already valued"), std::string::npos) << r.out;
  EXPECT_NE(got->model.find("rollout dice seed 3"), std::string::npos) << got->model;
  // Other trials, truncation, in-trial ply or dice are other targets: valued again.
  for (const char* other :
       {" --rollout 36 --truncate 5 --seed 3", " --rollout 36 --truncate 4 --seed 4",
        " --rollout 36 --truncate 4 --seed 3 --rollout-ply 1"}) {
    r = run_nard("revalue " + in + " --out " + out1 + other + " --quiet");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("3 positions valued, 0 already valued"), std::string::npos)
        << other << "\n"
        << r.out;
  }
  EXPECT_EQ(load_position_database(out1 + "/a.npdb")->target_ply, 1);

  // A run killed after two positions left OUTPUT.partial: the next run keeps those two (marked
  // here by a made-up target) and values the third; the finished output replaces the partial file.
  const fs::path out2 = dir / "out2";
  fs::create_directories(out2);
  PositionDatabase partial = *got;
  partial.records.resize(2);
  const Probabilities marked{0.25f, 0.05f, 0.0f, 0.2f, 0.01f};
  partial.records[0].target = marked;
  ASSERT_FALSE(save_position_database((out2 / "a.npdb.partial").string(), partial));
  r = run_nard("revalue " + in + " --out " + out2.string() + args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("1 positions valued, 2 already valued"), std::string::npos) << r.out;
  Result<PositionDatabase> resumed = load_position_database((out2 / "a.npdb").string());
  ASSERT_TRUE(resumed) << resumed.error().message;
  ASSERT_EQ(resumed->records.size(), 3u);
  EXPECT_EQ(resumed->records[0].target, marked);
  EXPECT_EQ(resumed->records[1].target, want[1]);
  EXPECT_EQ(resumed->records[2].target, want[2]);
  EXPECT_FALSE(fs::exists(out2 / "a.npdb.partial"));
  // A partial file of other targets, or of other positions, is not continued; one beside a
  // finished output is removed.
  ASSERT_FALSE(save_position_database((out2 / "a.npdb.partial").string(), partial));
  r = run_nard("revalue " + in + " --out " + out2.string() + args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("0 positions valued, 3 already valued"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(out2 / "a.npdb.partial"));
  const fs::path out4 = dir / "out4";
  fs::create_directories(out4);
  PositionDatabase elsewhere = partial;
  std::swap(elsewhere.records[0], elsewhere.records[1]);
  ASSERT_FALSE(save_position_database((out4 / "a.npdb.partial").string(), elsewhere));
  r = run_nard("revalue " + in + " --out " + out4.string() + args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3 positions valued, 0 already valued"), std::string::npos) << r.out;
  const fs::path out3 = dir / "out3";
  fs::create_directories(out3);
  partial.target_trials = 72;
  ASSERT_FALSE(save_position_database((out3 / "a.npdb.partial").string(), partial));
  r = run_nard("revalue " + in + " --out " + out3.string() + args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3 positions valued, 0 already valued"), std::string::npos) << r.out;
  EXPECT_EQ(load_position_database((out3 / "a.npdb").string())->records[0].target, want[0]);

  // Rollout settings without --rollout, no trials, or a search depth beside rollouts: refused.
  for (const char* bad : {" --truncate 4", " --seed 2", " --rollout 0", " --rollout 36 --ply 1",
                          " --rollout 36 --truncate -1"}) {
    r = run_nard("revalue " + in + " --out " + (dir / "x").string() + bad);
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_FALSE(r.err.empty()) << bad;
  }
  EXPECT_FALSE(fs::exists(dir / "x"));
  fs::remove_all(dir);
}

// A database of play groups stays one: the output keeps the group (a killed run's .partial holds
// a prefix, not whole groups), and an output of another grouping is valued again; --only breaks the
// groups, so its output holds independent positions.
TEST(Revalue, PlayGroupsAreKeptAndOnlyBreaksThem) {
  const fs::path dir = unique_temp_path("nard_revalue_groups");
  fs::create_directories(dir);
  PositionDatabase db = small_database();
  db.play_group = 3;
  const std::string in = (dir / "a.npdb").string();
  ASSERT_FALSE(save_position_database(in, db));
  testing_support::CliRun r =
      run_nard("revalue " + in + " --out " + (dir / "all").string() + " --ply 1 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<PositionDatabase> all = load_position_database((dir / "all" / "a.npdb").string());
  ASSERT_TRUE(all) << all.error().message;
  EXPECT_EQ(all->play_group, 3);
  EXPECT_EQ(all->records.size(), 3u);
  EXPECT_EQ(all->records[0].target, expected_targets(db)[0]);
  // The same positions without the grouping are another database: valued again, written grouped.
  PositionDatabase ungrouped = *all;
  ungrouped.play_group = 0;
  ASSERT_FALSE(save_position_database((dir / "all" / "a.npdb").string(), ungrouped));
  r = run_nard("revalue " + in + " --out " + (dir / "all").string() + " --ply 1 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("3 positions valued, 0 already valued"), std::string::npos) << r.out;
  EXPECT_EQ(load_position_database((dir / "all" / "a.npdb").string())->play_group, 3);
  r = run_nard("revalue " + in + " --out " + (dir / "race").string() +
               " --only race --ply 1 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<PositionDatabase> race = load_position_database((dir / "race" / "a.npdb").string());
  ASSERT_TRUE(race) << race.error().message;
  EXPECT_EQ(race->play_group, 0);
  EXPECT_EQ(race->records.size(), 2u);
  fs::remove_all(dir);
}

TEST(Revalue, RefusesToOverwriteAnInputAndNamesABadDatabase) {
  const fs::path dir = unique_temp_path("nard_revalue_bad");
  fs::create_directories(dir);
  const std::string a = (dir / "a.npdb").string();
  ASSERT_FALSE(save_position_database(a, small_database()));
  const std::string before = testing_support::slurp_file(a);

  testing_support::CliRun r = run_nard("revalue " + a + " --out " + dir.string() + " --ply 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("is one of the input databases"), std::string::npos) << r.err;
  EXPECT_EQ(testing_support::slurp_file(a), before);

  const std::string junk = (dir / "junk.npdb").string();
  {
    std::FILE* f = std::fopen(junk.c_str(), "wb");
    std::fputs("not a database", f);
    std::fclose(f);
  }
  r = run_nard("revalue " + junk + " --out " + (dir / "out").string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(junk), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));

  r = run_nard("revalue " + (dir / "missing").string() + " --out " + (dir / "out").string());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("no such position database or directory"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace nard

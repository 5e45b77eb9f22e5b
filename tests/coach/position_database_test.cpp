// The position database file (coach/position_database.h): round trip, atomic save, and loud rejection
// of damaged or foreign files; the sampling and valuation that fill it (coach/position_sampling.h,
// coach/position_valuation.h).
#include "coach/position_database.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "coach/position_sampling.h"
#include "coach/position_valuation.h"
#include "core/binary_io.h"
#include "game/dice.h"
#include "nn/weights_file.h"
#include "play/self_play.h"
#include "search/search.h"

namespace nard {
namespace {

namespace fs = std::filesystem;

// Bytes with their trailing checksum made right again (as a fuzzer's edits would be).
std::string with_checksum(std::string bytes) {
  bytes.resize(bytes.size() - 8);
  const uint64_t sum = binary::fnv1a64(bytes);
  for (int i = 0; i < 8; ++i) bytes.push_back(char((sum >> (8 * i)) & 0xff));
  return bytes;
}

// A small random backgammon model for the sampling tests.
std::shared_ptr<const NeuralModel> random_backgammon_model() {
  Result<std::shared_ptr<const NeuralModel>> model =
      NeuralModel::create(*rules_preset("wbf"), random_net_weights(Variant::Backgammon, 7));
  EXPECT_TRUE(model.ok()) << model.error().message;
  return model.ok() ? *model : nullptr;
}

class PositionDatabaseFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) / ("nard_npdb_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string error_of(const std::string& bytes) {
    Result<PositionDatabase> r = parse_position_database(bytes, "db.npdb");
    return r.ok() ? std::string() : r.error().message;
  }
  static PositionDatabase sample_db() {
    PositionDatabase db;
    db.rules = "wbf";
    db.target_ply = 2;
    db.model = "test model";
    db.description = "two positions";
    Position p = backgammon_start();
    db.records.push_back({p, Probabilities{0.5f, 0.15f, 0.01f, 0.14f, 0.008f}});
    p = p.flipped();
    p.set(23, 1);
    db.records.push_back({p, Probabilities{0.6f, 0.2f, 0.0f, 0.1f, 0.0f}});
    return db;
  }
  fs::path dir_;
};

TEST_F(PositionDatabaseFile, RoundTrip) {
  PositionDatabase good = sample_db();
  good.records.pop_back();  // the second record is deliberately inconsistent (16 checkers)
  ASSERT_FALSE(sample_db().records[1].position.is_consistent());
  const std::string bytes = serialize_position_database(good);
  EXPECT_EQ(bytes.size(), 4u * 3 + 4 + 3 + 4 * 3 + 4 + good.model.size() + 4 +
                              good.description.size() + 8 +
                              kPositionRecordBytes * good.records.size() + 8);
  Result<PositionDatabase> back = parse_position_database(bytes, "x");
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(*back, good);
  EXPECT_EQ(back->target_name(), "2-ply search");

  ASSERT_FALSE(save_position_database(path("a.npdb"), good).has_value());
  Result<PositionDatabase> loaded = load_position_database(path("a.npdb"));
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  EXPECT_EQ(*loaded, good);
  for (const auto& e : fs::directory_iterator(dir_))  // no temporary left behind
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos) << e.path();

  // A target the reader would refuse (a net's raw outputs: a gammon rate above the win rate) is
  // never written; made consistent, it is.
  PositionDatabase raw = good;
  raw.records[0].target = Probabilities{0.30f, 0.31f, 0.01f, 0.14f, 0.008f};
  const std::optional<Error> refused = save_position_database(path("raw.npdb"), raw);
  ASSERT_TRUE(refused.has_value());
  EXPECT_NE(refused->message.find("record 0 has targets that are not consistent"),
            std::string::npos)
      << refused->message;
  EXPECT_FALSE(fs::exists(path("raw.npdb")));
  raw.records[0].target = make_consistent(raw.records[0].target);
  ASSERT_FALSE(save_position_database(path("raw.npdb"), raw).has_value());
  EXPECT_TRUE(load_position_database(path("raw.npdb")).ok());
}

// Version 2 adds the rollout's truncation; a database without one is still written as version 1.
TEST_F(PositionDatabaseFile, TruncatedRolloutsAreVersionTwoAndTheRestVersionOne) {
  PositionDatabase db = sample_db();
  db.records.pop_back();
  const std::string v1 = serialize_position_database(db);
  EXPECT_EQ(v1[4], 1);
  db.target_kind = TargetKind::Rollout;
  db.target_ply = 0;
  db.target_trials = 72;
  EXPECT_EQ(serialize_position_database(db)[4], 1);
  EXPECT_EQ(db.target_name(), "72-trial rollout");
  db.target_truncation = 10;
  const std::string v2 = serialize_position_database(db);
  EXPECT_EQ(v2[4], 2);
  EXPECT_EQ(v2.size(), v1.size() + 4);
  Result<PositionDatabase> back = parse_position_database(v2, "x");
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(*back, db);
  EXPECT_EQ(back->target_name(), "72-trial rollout truncated at 10 plies");
  db.target_ply = 1;
  EXPECT_EQ(db.target_name(), "72-trial rollout (1-ply play) truncated at 10 plies");
  // Version 2 without a truncation would write back as version 1: refused, as is a header cut in
  // the truncation field (the checksum fixed, as a fuzzer would) and version 0.
  std::string no_truncation = v2;
  no_truncation[4 * 3 + 4 + 3 + 4 * 3] = 0;  // magic, version, variant, "wbf", kind/ply/trials
  ASSERT_EQ(v2[4 * 3 + 4 + 3 + 4 * 3], 10);
  EXPECT_NE(error_of(with_checksum(no_truncation))
                .find("version 2 position database without a rollout truncation"),
            std::string::npos);
  std::string version0 = v1;
  version0[4] = 0;
  EXPECT_NE(error_of(version0).find("re-create it"), std::string::npos);
  EXPECT_NE(error_of(with_checksum(v2.substr(0, 4 * 3 + 4 + 3 + 4 * 3 + 2) + std::string(8, '\0')))
                .find("truncated header"),
            std::string::npos);
  // A truncated search means nothing: refused by the reader, and never written.
  db.target_kind = TargetKind::Search;
  EXPECT_NE(error_of(serialize_position_database(db)).find("implausible target settings"),
            std::string::npos);
  const std::optional<Error> refused = save_position_database(path("search.npdb"), db);
  ASSERT_TRUE(refused.has_value());
  EXPECT_NE(refused->message.find("a truncation belongs to rollout targets only"),
            std::string::npos);
  EXPECT_FALSE(fs::exists(path("search.npdb")));
}

TEST_F(PositionDatabaseFile, RejectsDamagedAndForeignFiles) {
  PositionDatabase good = sample_db();
  good.records.pop_back();
  const std::string bytes = serialize_position_database(good);
  EXPECT_NE(error_of("").find("not a nard position database"), std::string::npos);
  EXPECT_NE(error_of(std::string(64, 'x')).find("wrong magic"), std::string::npos);
  std::string flipped = bytes;
  flipped[bytes.size() - 20] ^= 1;
  EXPECT_NE(error_of(flipped).find("checksum"), std::string::npos);
  EXPECT_NE(error_of(bytes.substr(0, bytes.size() - 3)).find("checksum"), std::string::npos);
  std::string version = bytes;
  version[4] = 9;
  EXPECT_NE(error_of(version).find("version 9"), std::string::npos);

  // An impossible position is refused even with a right checksum (16 checkers).
  PositionDatabase bad = sample_db();
  bad.records.erase(bad.records.begin());
  EXPECT_NE(error_of(serialize_position_database(bad))
                .find("record 0 is not a position of the file's game: "),
            std::string::npos);
  // Targets that are not probabilities.
  bad = good;
  bad.records[0].target.win_gammon = 0.9f;  // above win
  EXPECT_NE(error_of(serialize_position_database(bad)).find("not consistent probabilities"),
            std::string::npos);
  // A preset of another game than the file's.
  bad = good;
  bad.rules = "plakoto";
  EXPECT_NE(error_of(serialize_position_database(bad)).find("not a preset of the file's game"),
            std::string::npos);

  // A directory or a FIFO is not a database (and never blocks).
  EXPECT_NE(load_position_database(dir_.string())
                .error()
                .message.find("is a directory, not a position database"),
            std::string::npos);
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  EXPECT_NE(load_position_database(path("fifo"))
                .error()
                .message.find("is a FIFO (named pipe), not a position database"),
            std::string::npos);
  EXPECT_NE(load_position_database(path("missing")).error().message.find("cannot open"),
            std::string::npos);
}

// Play groups (format version 3): round trip, and only whole groups of 2..64 read or written.
TEST_F(PositionDatabaseFile, PlayGroupsAreVersionThreeAndWholeGroupsOnly) {
  PositionDatabase db = sample_db();
  db.records[1].position = backgammon_start().flipped();  // two positions: one group of 2
  const std::string v1 = serialize_position_database(db);
  db.play_group = 2;
  const std::string v3 = serialize_position_database(db);
  EXPECT_EQ(v3[4], 3);
  EXPECT_EQ(v3.size(), v1.size() + 8);  // the truncation and the play group
  Result<PositionDatabase> back = parse_position_database(v3, "x");
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(*back, db);
  ASSERT_FALSE(save_position_database(path("groups.npdb"), db).has_value());
  Result<PositionDatabase> loaded = load_position_database(path("groups.npdb"));
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  EXPECT_EQ(loaded->play_group, 2);
  // With a truncation too: still version 3, both fields back.
  db.target_kind = TargetKind::Rollout;
  db.target_trials = 36;
  db.target_truncation = 7;
  back = parse_position_database(serialize_position_database(db), "x");
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(*back, db);
  db = sample_db();
  db.records[1].position = backgammon_start().flipped();
  // The play group field: after magic, version, variant, "wbf", kind/ply/trials and the truncation.
  const size_t group_at = 4 * 3 + 4 + 3 + 4 * 3 + 4;
  ASSERT_EQ(v3[group_at], 2);
  for (const char bad : {char(0), char(1), char(65)}) {  // 0 would write back as version 1
    std::string b = v3;
    b[group_at] = bad;
    EXPECT_NE(error_of(with_checksum(b)).find("version 3 position database with a play group of"),
              std::string::npos)
        << int(bad);
  }
  // Three records are not whole groups of 2: refused by the reader and never written.
  db.records.push_back(db.records[0]);
  db.play_group = 2;
  EXPECT_NE(
      error_of(serialize_position_database(db)).find("3 records are not whole play groups of 2"),
      std::string::npos);
  const std::optional<Error> refused = save_position_database(path("odd.npdb"), db);
  ASSERT_TRUE(refused.has_value());
  EXPECT_NE(refused->message.find("whole groups only"), std::string::npos);
  EXPECT_FALSE(fs::exists(path("odd.npdb")));
  db.records.pop_back();
  db.play_group = 1;
  EXPECT_TRUE(save_position_database(path("one.npdb"), db).has_value());
}

TEST(PositionSampling, PlayGroupsAreTheNetsBestPlaysOfOneRoll) {
  Result<Rules> rules = rules_preset("wbf");
  ASSERT_TRUE(rules.ok());
  const std::shared_ptr<const NeuralModel> model = random_backgammon_model();
  ASSERT_TRUE(model);
  SamplingConfig c;
  c.games = 10;
  c.seed = 4;
  c.exploration = 0.1;
  c.keep = 0.5;
  c.play_groups = 3;
  c.threads = 2;
  SampleStatistics st;
  const std::vector<Position> groups = sample_positions(model, c, {}, &st);
  ASSERT_GT(st.groups, 10);
  ASSERT_EQ(groups.size(), size_t(st.groups) * 3);
  c.threads = 1;
  EXPECT_EQ(sample_positions(model, c, {}), groups);
  // Every turn of the same games (the one self-play loop), its results and the net's values.
  NeuralEvaluator ev(model);
  std::vector<std::vector<std::pair<float, Position>>> turns;
  GamePlayer player(*rules);
  SelfPlayOptions options;
  options.exploration = c.exploration;
  for (int game = 0; game < c.games; ++game)
    player.play(ev, game_seed(c.seed, uint64_t(game)), options, [&](const SelfPlayTurn& t) {
      std::vector<std::pair<float, Position>> results;
      for (size_t i = 0; i < t.results.size(); ++i)
        results.emplace_back(cubeless_equity(t.values[i]), t.results[i]);
      turns.push_back(results);
    });
  for (size_t at = 0; at < groups.size(); at += 3) {
    const std::span<const Position> g(groups.data() + at, 3);
    EXPECT_NE(g[0], g[1]);
    EXPECT_NE(g[1], g[2]);
    EXPECT_NE(g[0], g[2]);
    for (const Position& p : g) EXPECT_FALSE(terminal_probabilities(*rules, p).has_value());
    // Some turn made all three, and they are its three best plays for the mover (the lowest
    // values for the side on roll after the play), best first.
    bool found = false;
    for (const auto& turn : turns) {
      std::vector<float> value(3, 0);
      int have = 0;
      for (const auto& [v, p] : turn)
        for (int k = 0; k < 3; ++k)
          if (p == g[k]) value[size_t(k)] = v, ++have;
      if (have != 3) continue;
      found = true;
      EXPECT_LE(value[0], value[1]);
      EXPECT_LE(value[1], value[2]);
      for (const auto& [v, p] : turn) {
        if (p != g[0] && p != g[1] && p != g[2]) { EXPECT_GE(v, value[2]); }
      }
      break;
    }
    EXPECT_TRUE(found) << "group at " << at;
  }
  // No group twice (the openings recur in every game), and a skip rule drops whole groups.
  for (size_t a = 0; a < groups.size(); a += 3)
    for (size_t b = 0; b < a; b += 3)
      EXPECT_FALSE(std::equal(groups.begin() + a, groups.begin() + a + 3, groups.begin() + b))
          << a << " " << b;
  SampleStatistics skipped;
  const std::vector<Position> no_race = sample_positions(
      model, c, [](const Position& p) { return p.is_race(); }, &skipped);
  for (const Position& p : no_race) EXPECT_FALSE(p.is_race());
  EXPECT_EQ(no_race.size() % 3, 0u);
  EXPECT_GT(skipped.groups_dropped, st.groups_dropped);
}

// Sampling and valuation with a small random net: deterministic, independent of the thread count,
// no repeats, no finished games, and the valuation equals the search's own evaluate().
TEST(PositionSampling, DeterministicAndThreadIndependent) {
  Result<Rules> rules = rules_preset("wbf");
  ASSERT_TRUE(rules.ok());
  const std::shared_ptr<const NeuralModel> model = random_backgammon_model();
  ASSERT_TRUE(model);
  SamplingConfig c;
  c.games = 12;
  c.seed = 3;
  c.exploration = 0.2;
  c.keep = 0.5;
  c.threads = 1;
  SampleStatistics s1, s2;
  const std::vector<Position> one = sample_positions(model, c, {}, &s1);
  c.threads = 2;
  const std::vector<Position> two = sample_positions(model, c, {}, &s2);
  ASSERT_FALSE(one.empty());
  EXPECT_EQ(one, two);
  EXPECT_EQ(s1.candidates, s2.candidates);
  for (size_t i = 0; i < one.size(); ++i) {
    EXPECT_TRUE(one[i].is_consistent());
    EXPECT_FALSE(terminal_probabilities(*rules, one[i]).has_value());
    for (size_t j = 0; j < i; ++j) ASSERT_NE(one[i], one[j]);
  }
  // Keeping everything gives more positions; a skip rule drops what it names.
  c.keep = 1.0;
  const std::vector<Position> all = sample_positions(model, c, {});
  EXPECT_GT(all.size(), one.size());
  const std::vector<Position> no_race =
      sample_positions(model, c, [](const Position& p) { return p.is_race(); });
  for (const Position& p : no_race) EXPECT_FALSE(p.is_race());
  // Alternatives: the same sample plus results of plays not made, on any thread count.
  SamplingConfig alt = c;
  alt.alternatives = 2;
  SampleStatistics sa;
  const std::vector<Position> with_alternatives = sample_positions(model, alt, {}, &sa);
  alt.threads = 1;
  EXPECT_EQ(sample_positions(model, alt, {}), with_alternatives);
  EXPECT_GT(sa.alternatives, 0);
  EXPECT_GT(with_alternatives.size(), all.size());
  for (const Position& p : all)
    EXPECT_NE(std::find(with_alternatives.begin(), with_alternatives.end(), p),
              with_alternatives.end());

  // Valuation at 1-ply: what Search::evaluate gives, on any thread count.
  const std::span<const Position> some(one.data(), std::min<size_t>(one.size(), 20));
  ValuationConfig vc;
  vc.ply = 1;
  std::vector<Probabilities> v1(some.size()), v2(some.size());
  vc.threads = 1;
  value_positions(model, some, vc, v1);
  vc.threads = 2;
  value_positions(model, some, vc, v2);
  EXPECT_EQ(v1, v2);
  NeuralEvaluator ev(model);
  Search search(*rules, ev);
  for (size_t i = 0; i < some.size(); ++i) EXPECT_EQ(v1[i], search.evaluate(some[i], 1)) << i;
}

}  // namespace
}  // namespace nard

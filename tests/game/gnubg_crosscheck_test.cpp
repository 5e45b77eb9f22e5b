// Our standard-backgammon move generator (rules preset "wbf") against GNU Backgammon.
//
// tests/gnubg/movegen_oracle.py runs inside gnubg and writes, for ~3,800 (position, roll) pairs
// from gnubg self-play and from random boards (bar, bear-off, blocked and few-checker cases
// included), the set of positions after every legal play as gnubg generates it. Here every pair
// is replayed through our MoveGenerator and the SETS of resulting Position IDs must be equal.
// The depth-1 perft of the fixed positions frozen in perft_test.cpp is compared as well.
//
// Needs gnubg on PATH (or in /usr/games, where Debian installs it); without it the tests skip.
// The script is deterministic (fixed seeds) and takes 5-10 s.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "formats/gnubg_id.h"
#include "formats/notation.h"
#include "game/movegen/movegen.h"
#include "game/movegen/perft.h"
#include "gnubg/gnubg_process.h"

namespace nard {
namespace {

namespace fs = std::filesystem;

struct OraclePair {
  std::string id;  // mover on roll
  Dice dice;
  std::vector<std::string> results;  // sorted; the opponent on roll
};

struct OraclePerft {
  std::string name, id;
  uint64_t count = 0;
};

struct OracleData {
  std::string skip_reason;  // non-empty: gnubg is not installed
  std::string failure;      // non-empty: the script did not produce a complete file
  std::vector<OraclePair> pairs;
  std::vector<OraclePerft> perft1;
  std::vector<std::string> errors;  // the script's own consistency errors
};

OracleData run_oracle() {
  OracleData data;
  const Result<std::string> found = find_gnubg();
  const std::string gnubg = found ? *found : std::string();
  if (gnubg.empty()) {
    data.skip_reason =
        "gnubg not found on PATH or in /usr/games: the gnubg cross-check did not run";
    return data;
  }
  const fs::path script = fs::path(NARD_SOURCE_DIR) / "tests" / "gnubg" / "movegen_oracle.py";
  const fs::path dir = fs::temp_directory_path();
  const std::string tag = "nard_oracle_" + std::to_string(::getpid());
  const fs::path out = dir / (tag + ".txt");
  const fs::path log = dir / (tag + ".log");
  const std::string command = "NARD_ORACLE_OUT='" + out.string() + "' '" + gnubg +
                              "' -t -q -r -p '" + script.string() + "' > /dev/null 2> '" +
                              log.string() + "'";
  prepare_gnubg_home();
  const int status = std::system(command.c_str());
  std::ifstream in(out);
  if (status != 0 || !in) {
    std::ifstream err(log);
    std::stringstream ss;
    ss << err.rdbuf();
    data.failure = "gnubg exited with status " + std::to_string(status) + ": " + ss.str();
    return data;
  }
  bool ended = false;
  for (std::string line; std::getline(in, line);) {
    std::istringstream ls(line);
    std::string first;
    ls >> first;
    if (first == "end") {
      ended = true;
    } else if (first == "error") {
      data.errors.push_back(line);
    } else if (first == "perft1") {
      OraclePerft p;
      ls >> p.name >> p.id >> p.count;
      data.perft1.push_back(p);
    } else if (!first.empty()) {
      OraclePair pair;
      pair.id = first;
      std::string dice;
      ls >> dice;
      auto parsed = parse_dice(dice);
      if (!parsed) {
        data.failure = "bad dice in oracle line: " + line;
        return data;
      }
      pair.dice = parsed->normalised();
      for (std::string id; ls >> id;) pair.results.push_back(id);
      data.pairs.push_back(std::move(pair));
    }
  }
  if (!ended) data.failure = "the oracle file " + out.string() + " is incomplete (no 'end' line)";
  std::error_code ec;
  fs::remove(out, ec);
  fs::remove(log, ec);
  return data;
}

class GnubgCrosscheck : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { data_ = new OracleData(run_oracle()); }
  static void TearDownTestSuite() {
    delete data_;
    data_ = nullptr;
  }
  void SetUp() override {
    if (!data_->skip_reason.empty()) GTEST_SKIP() << data_->skip_reason;
    ASSERT_TRUE(data_->failure.empty()) << data_->failure;
  }
  static const OracleData& data() { return *data_; }

 private:
  static OracleData* data_;
};

OracleData* GnubgCrosscheck::data_ = nullptr;

TEST_F(GnubgCrosscheck, OracleIsConsistent) {
  for (const auto& e : data().errors) ADD_FAILURE() << e;
  EXPECT_GE(data().pairs.size(), 2000u);
}

TEST_F(GnubgCrosscheck, PlaySetsEqualGnubg) {
  MoveGenerator gen(*rules_preset("wbf"));
  PlayList list;
  int mismatches = 0;
  int forfeits = 0, on_bar = 0, bearing_off = 0, partial = 0, game_ending = 0;
  for (const OraclePair& pair : data().pairs) {
    auto decoded = decode_position_id(pair.id);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    const Position& pos = *decoded;
    ASSERT_EQ(encode_position_id(pos), pair.id) << "Position ID round trip";
    ASSERT_TRUE(pos.is_consistent());

    const int n = gen.generate(pos, pair.dice, list.positions.get(), list.moves.get());
    std::vector<std::string> ours;
    for (int i = 0; i < n; ++i) ours.push_back(encode_position_id(list.positions[i].flipped()));
    std::vector<std::string> sorted = ours;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end())
        << "duplicate play for " << pair.id << " " << pair.dice.str();

    forfeits += n == 0;
    on_bar += pos.mover_bar > 0;
    bearing_off += pos.mover_highest() <= 6 && pos.mover_bar == 0;
    if (n > 0 && list.moves[0].count < (pair.dice.is_double() ? 4 : 2) &&
        list.positions[0].mover_off < kCheckers)
      ++partial;
    for (int i = 0; i < n; ++i) game_ending += list.positions[i].mover_off == kCheckers;

    if (sorted == pair.results) continue;
    if (++mismatches > 20) continue;  // the first 20 are described in full
    std::vector<std::string> missing, extra;
    std::set_difference(pair.results.begin(), pair.results.end(), sorted.begin(), sorted.end(),
                        std::back_inserter(missing));
    std::set_difference(sorted.begin(), sorted.end(), pair.results.begin(), pair.results.end(),
                        std::back_inserter(extra));
    std::string extra_moves;
    for (int i = 0; i < n; ++i)
      if (std::binary_search(extra.begin(), extra.end(), ours[size_t(i)]))
        extra_moves += " [" + format_move(list.moves[i]) + "]";
    std::string missing_positions;
    for (const auto& id : missing) {
      auto after = decode_position_id(id);
      missing_positions += " [" + (after ? format_notation(after->flipped()) : id) + "]";
    }
    ADD_FAILURE() << "mismatch for " << pair.id << " (" << format_notation(pos) << ") roll "
                  << pair.dice.str() << ": gnubg " << pair.results.size() << " plays, ours " << n
                  << "\n  missing (gnubg only, mover's view):" << missing_positions
                  << "\n  extra (ours only):" << extra_moves;
  }
  EXPECT_EQ(mismatches, 0) << "of " << data().pairs.size() << " pairs";
  // Coverage of the special cases the data is meant to hold.
  EXPECT_GE(forfeits, 50);
  EXPECT_GE(on_bar, 200);
  EXPECT_GE(bearing_off, 200);
  EXPECT_GE(partial, 50);
  EXPECT_GE(game_ending, 20);
  std::printf(
      "[ oracle ] %zu pairs: %d forfeited, %d on the bar, %d bearing off, %d only part "
      "of the roll playable, %d plays ending the game\n",
      data().pairs.size(), forfeits, on_bar, bearing_off, partial, game_ending);
}

TEST_F(GnubgCrosscheck, DepthOnePerftEqualsGnubg) {
  const Rules rules = *rules_preset("wbf");
  ASSERT_EQ(data().perft1.size(), 4u);
  for (const OraclePerft& p : data().perft1) {
    auto pos = decode_position_id(p.id);
    ASSERT_TRUE(pos.ok()) << pos.error().message;
    EXPECT_EQ(perft(rules, *pos, 1), p.count) << p.name << " " << p.id;
  }
}

}  // namespace
}  // namespace nard

// `nard positions` (cli/train/positions.cpp): the positions of saved games as a position database,
// valued by a model; what `nard revalue` then values again.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/bot_args.h"
#include "coach/game_positions.h"
#include "coach/position_database.h"
#include "coach/position_sampling.h"
#include "coach/position_valuation.h"
#include "formats/match_text.h"
#include "formats/position_arg.h"
#include "tests/support/cli_runner.h"
#include "tests/support/temp_files.h"

namespace nard {
namespace {

namespace fs = std::filesystem;
using testing_support::run_nard;
using testing_support::unique_temp_path;

std::string fixture_path(const std::string& name) {
  return std::string(NARD_SOURCE_DIR) + "/tests/data/matches/" + name;
}

TEST(Positions, WritesTheGamesPositionsWithTheModelsValues) {
  const fs::path dir = unique_temp_path("nard_positions");
  fs::create_directories(dir);
  const std::string out = (dir / "p.npdb").string();
  const std::string mat = fixture_path("gnubg_money_seed5.mat");
  testing_support::CliRun r = run_nard("positions " + mat + " --out " + out + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  Result<PositionDatabase> got = load_position_database(out);
  ASSERT_TRUE(got) << got.error().message;
  EXPECT_EQ(got->target_kind, TargetKind::Search);
  EXPECT_EQ(got->target_ply, 0);
  EXPECT_EQ(got->rules, "wbf");

  // The positions the library finds less those the bear-off database covers, each with the shipped
  // model's 0-ply value (bear-off databases included), made consistent as every database's
  // targets are.
  Result<MatchRecord> record = read_match_text(testing_support::slurp_file(mat));
  ASSERT_TRUE(record);
  GamePositions want;
  PositionSet seen;
  ASSERT_FALSE(add_game_positions(*record, *rules_preset("wbf"), true, seen, want));
  Result<std::shared_ptr<const NeuralModel>> model =
      load_model(*rules_preset("wbf"), "", BearoffDatabases::Both);
  ASSERT_TRUE(model);
  const size_t found = want.positions.size();
  std::erase_if(want.positions, skip_bearoff_database(**model));
  ASSERT_LT(want.positions.size(), found);  // the games end in bear-offs
  ASSERT_EQ(got->records.size(), want.positions.size());
  EXPECT_NE(r.out.find(std::to_string(want.repeats) + " repeats and " +
                       std::to_string(found - want.positions.size()) + " bear-offs left out"),
            std::string::npos)
      << r.out;
  std::vector<Probabilities> values(want.positions.size());
  ValuationConfig vc;
  vc.ply = 0;
  vc.threads = 1;
  value_positions(*model, want.positions, vc, values);
  for (size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(got->records[i].position, want.positions[i]) << i;
    EXPECT_EQ(got->records[i].target, make_consistent(values[i])) << i;
  }

  // The same file twice: the second adds only repeats; --keep-repeats keeps them.
  r = run_nard("positions " + mat + " " + mat + " --out " + out + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(load_position_database(out)->records.size(), want.positions.size());
  r = run_nard("positions " + mat + " " + mat + " --keep-repeats --out " + out + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  GamePositions every;
  PositionSet unused;
  ASSERT_FALSE(add_game_positions(*record, *rules_preset("wbf"), false, unused, every));
  std::erase_if(every.positions, skip_bearoff_database(**model));
  EXPECT_EQ(load_position_database(out)->records.size(), 2 * every.positions.size());

  // nard revalue reads it: the contact positions only, at 1-ply.
  r = run_nard("revalue " + out + " --out " + (dir / "rv").string() +
               " --only contact --ply 1 --quiet");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  fs::remove_all(dir);
}

TEST(Positions, WritesTheListedPositionsWithTheModelsValues) {
  const fs::path dir = unique_temp_path("nard_positions_list");
  fs::create_directories(dir);
  const std::string out = (dir / "p.npdb").string();
  // Two positions with values after them, as another program lists them, a repeat, a comment
  // and a bear-off the database covers (left out).
  const std::string list = (dir / "ids.txt").string();
  {
    std::ofstream(list) << "# picked elsewhere\n"
                           "bTNjAkBydwsAAw 0.74903 0.37113 0.00809 0.06550 0.00115\n"
                           "x 24:2 13:5 8:3 6:4 5:1; o 1:2 12:5 17:3 19:5\n"
                           "bTNjAkBydwsAAw\n"
                           "x 2:1 off:14; o 24:1 off:14\n";
  }
  testing_support::CliRun r = run_nard("positions --list " + list + " --out " + out + " --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("of 4 listed positions (1 repeats and 1 bear-offs left out)"),
            std::string::npos)
      << r.out;
  Result<PositionDatabase> got = load_position_database(out);
  ASSERT_TRUE(got) << got.error().message;
  EXPECT_EQ(got->rules, "wbf");
  const Rules wbf = *rules_preset("wbf");
  std::vector<Position> want = {
      *parse_position_arg("bTNjAkBydwsAAw", wbf),
      *parse_position_arg("x 24:2 13:5 8:3 6:4 5:1; o 1:2 12:5 17:3 19:5", wbf)};
  Result<std::shared_ptr<const NeuralModel>> model = load_model(wbf, "", BearoffDatabases::Both);
  ASSERT_TRUE(model);
  std::vector<Probabilities> values(want.size());
  ValuationConfig vc;
  vc.ply = 0;
  vc.threads = 1;
  value_positions(*model, want, vc, values);
  ASSERT_EQ(got->records.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(got->records[i].position, want[i]) << i;
    EXPECT_EQ(got->records[i].target, make_consistent(values[i])) << i;
  }
  fs::remove_all(dir);
}

TEST(Positions, TakesListedTargetsAsGiven) {
  const fs::path dir = unique_temp_path("nard_positions_listed_targets");
  fs::create_directories(dir);
  const std::string out = (dir / "p.npdb").string();
  // gnubg's values as it prints them (five decimals; the win_gammon of the second is rounded a
  // hair above its win), a repeat with other values (left out with its values) and a bear-off.
  const std::string list = (dir / "ids.txt").string();
  {
    std::ofstream(list) << "# gnubg 2-ply\n"
                           "bTNjAkBydwsAAw 0.74903 0.37113 0.00809 0.06550 0.00115\n"
                           "4HPwATDgc/ABMA 0.50000 0.50003 0.00000 0.10000 0.00000\n"
                           "bTNjAkBydwsAAw 0.1 0.0 0.0 0.0 0.0\n"
                           "AQAACAAAAAAAAA 0.9 0 0 0 0\n";
  }
  testing_support::CliRun r = run_nard("positions --list " + list +
                                       " --listed-targets 'gnubg 2-ply' --ply 2 --out " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("2 positions of 4 listed positions (1 repeats and 1 bear-offs left out), "
                       "valued by gnubg 2-ply"),
            std::string::npos)
      << r.out;
  Result<PositionDatabase> got = load_position_database(out);
  ASSERT_TRUE(got) << got.error().message;
  EXPECT_EQ(got->model, "gnubg 2-ply");
  EXPECT_EQ(got->target_kind, TargetKind::Search);
  EXPECT_EQ(got->target_ply, 2);
  const Rules wbf = *rules_preset("wbf");
  ASSERT_EQ(got->records.size(), 2u);
  EXPECT_EQ(got->records[0].position, *parse_position_arg("bTNjAkBydwsAAw", wbf));
  EXPECT_EQ(got->records[0].target,
            (Probabilities{0.74903f, 0.37113f, 0.00809f, 0.06550f, 0.00115f}));
  EXPECT_EQ(got->records[1].position, *parse_position_arg("4HPwATDgc/ABMA", wbf));
  EXPECT_EQ(got->records[1].target, (Probabilities{0.5f, 0.5f, 0.0f, 0.1f, 0.0f}));  // made consistent
  fs::remove_all(dir);
}

TEST(Positions, RefusesBadInputAndWritesNothing) {
  const fs::path dir = unique_temp_path("nard_positions_bad");
  fs::create_directories(dir);
  const std::string out = (dir / "p.npdb").string();
  { std::ofstream(dir / "bad.mat") << "this is not a match file\n"; }
  const std::string mat = fixture_path("gnubg_money_seed5.mat");
  { std::ofstream(dir / "empty.mat") << "; [Player 1 \"a\"]\n\n 0 point match\n"; }
  // A Plakoto session beside a backgammon one: one game per database.
  const std::string plakoto = (dir / "plakoto.mat").string();
  ASSERT_EQ(run_nard("match --variant plakoto --a net --b net --games 2 --seed 3 --quiet --save " +
                     plakoto)
                .exit_code,
            0);
  const std::string list = (dir / "list.txt").string();
  { std::ofstream(list) << "4HPwATDgc/ABMA 0.5\n"; }
  const std::string bad_list = (dir / "bad_list.txt").string();
  { std::ofstream(bad_list) << "4HPwATDgc/ABMA\n# next\nnot a position\n"; }
  const std::string valued = (dir / "valued.txt").string();
  { std::ofstream(valued) << "4HPwATDgc/ABMA 0.5 0.1 0.0 0.1 0.0\n4HPwATDgc/ABMA 0.5 0.1 0.2 0.1 0\n"; }
  const struct {
    std::string args, says;
  } cases[] = {
      {"--list " + list + " --listed-targets gnubg --out " + out,
       "list.txt: line 1: expected a Position ID and five probabilities"},
      {"--list " + valued + " --listed-targets gnubg --out " + out,
       "valued.txt: line 2: the probabilities are not in their cumulative order"},
      {mat + " --listed-targets gnubg --out " + out, "--listed-targets takes its targets from --list"},
      {(dir / "missing.mat").string() + " --out " + out, "missing.mat"},
      {(dir / "bad.mat").string() + " --out " + out, "bad.mat"},
      {(dir / "empty.mat").string() + " --out " + out, "empty.mat"},
      {mat + " " + plakoto + " --out " + out, "is Plakoto, not Backgammon"},
      {mat + " --out " + (dir / "p.txt").string(), "*.npdb"},
      {mat + " --out " + (dir / "no" / "p.npdb").string(), "no directory"},
      {"--out " + out, "give saved games (.mat, .sgf) or --list"},
      {mat + " --list " + list + " --out " + out, "not both"},
      {mat + " --rules iran --out " + out, "--variant and --rules are for --list"},
      {"--list " + (dir / "missing.txt").string() + " --out " + out, "missing.txt"},
      {"--list " + bad_list + " --out " + out, "bad_list.txt: line 3: "},
      {"--list " + list + " --variant fevga --out " + out, "list.txt: line 1: "},
      {"--list " + list + " --rules nonsense --out " + out, "nonsense"},
      {mat + " --out " + out + " --ply 4", "--ply"},
      {mat + " --out " + out + " --model " + (dir / "bad.mat").string(), "bad.mat"},
  };
  for (const auto& c : cases) {
    testing_support::CliRun r = run_nard("positions " + c.args + " --quiet");
    EXPECT_EQ(r.exit_code, 2) << c.args << ": " << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << ": " << r.err;
    EXPECT_FALSE(fs::exists(out)) << c.args;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace nard

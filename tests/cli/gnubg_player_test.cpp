// GNU Backgammon as a player (gnubg/gnubg_player.h) and as a side of `nard match`: gnubg's
// answers map onto our generated plays (bar entry, bear-off, the opening), a short duel against
// gnubg 0-ply in which every gnubg play is one of ours and which replays identically, the cases
// where gnubg is not asked, a gnubg that dies, bad options, and `nard match --b gnubg` giving the
// same result on 1 and 2 threads; with the cube, gnubg's cube decisions as an Agent and cubeful
// money games and matches that replay on any thread count.
//
// Needs gnubg (installed in CI by the README's set-up); without it those tests skip.
#include "gnubg/gnubg_player.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <string>
#include <vector>

#include "formats/gnubg_id.h"
#include "formats/notation.h"
#include "game/movegen/movegen.h"
#include "gnubg/gnubg_agent.h"
#include "play/duel.h"
#include "search/pubeval.h"
#include "tests/support/cli_runner.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

using testing_support::CliRun;
using testing_support::run_nard;

#define SKIP_WITHOUT_GNUBG() \
  if (!find_gnubg().ok()) GTEST_SKIP() << "gnubg is not installed (apt-get install gnubg)"

std::unique_ptr<GnubgPlayer> start_gnubg(int ply = 0) {
  GnubgConfig config;
  config.ply = ply;
  Result<std::unique_ptr<GnubgPlayer>> g = GnubgPlayer::start(config);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().message);
  return g.ok() ? std::move(g).value() : nullptr;
}

Rules backgammon() {
  Result<Rules> r = rules_for_variant("backgammon");
  EXPECT_TRUE(r.ok());
  return *r;
}

// gnubg's choice for (pos, dice) as one of our plays, in standard notation.
std::string gnubg_choice(GnubgPlayer& gnubg, const Position& pos, Dice dice) {
  MoveGenerator gen(backgammon());
  PlayList list;
  list.size = gen.generate(pos, dice, list.positions.get(), list.moves.get());
  Result<int> i = gnubg.best_play(pos, dice, list.plays());
  EXPECT_TRUE(i.ok()) << (i.ok() ? "" : i.error().message);
  return i.ok() ? format_move(list.moves[size_t(*i)]) : "";
}

const Position kOpening = P("x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5");

TEST(GnubgPlayer, RejectsABadPlyAndAMissingExecutable) {
  for (int ply : {-1, kGnubgMaxPly + 1}) {
    GnubgConfig config;
    config.ply = ply;
    Result<std::unique_ptr<GnubgPlayer>> g = GnubgPlayer::start(config);
    ASSERT_FALSE(g.ok());
    EXPECT_NE(g.error().message.find("gnubg ply must be 0..2, not " + std::to_string(ply)),
              std::string::npos)
        << g.error().message;
  }
  GnubgConfig missing;
  missing.executable = "/nonexistent/gnubg";
  Result<std::unique_ptr<GnubgPlayer>> g = GnubgPlayer::start(missing);
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.error().message.find("gnubg not found"), std::string::npos) << g.error().message;
  EXPECT_NE(g.error().message.find("apt-get install gnubg"), std::string::npos)
      << g.error().message;
}

TEST(GnubgPlayer, AnswersMapOntoOurPlays) {
  SKIP_WITHOUT_GNUBG();
  std::unique_ptr<GnubgPlayer> gnubg = start_gnubg();
  ASSERT_TRUE(gnubg);
  EXPECT_EQ(gnubg->name(), "gnubg 0-ply");
  EXPECT_EQ(gnubg_choice(*gnubg, kOpening, Dice{3, 1}), "8/5 6/5");  // every bot makes the 5-point

  // Entering from the bar: gnubg writes the bar as 25, as we do.
  const Position bar = P("x bar:1 24:1 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5");
  Result<Move> entry = gnubg->gnubg_play(bar, Dice{4, 1});
  ASSERT_TRUE(entry.ok()) << entry.error().message;
  ASSERT_GE(entry->count, 1);
  EXPECT_EQ(entry->sub[0].from, kBar);
  EXPECT_FALSE(gnubg_choice(*gnubg, bar, Dice{4, 1}).empty());

  // Bearing off with contact: "off" is 0 on both sides.
  const Position bearoff = P("x 6:3 5:2 3:4 2:1 off:5; o bar:1 4:1 13:4 18:4 20:3 24:2");
  Result<Move> off = gnubg->gnubg_play(bearoff, Dice{6, 4});
  ASSERT_TRUE(off.ok()) << off.error().message;
  EXPECT_TRUE(std::any_of(off->sub.begin(), off->sub.begin() + off->count,
                          [](const SubMove& s) { return s.to == kOff; }));
  EXPECT_FALSE(gnubg_choice(*gnubg, bearoff, Dice{6, 4}).empty());
  EXPECT_EQ(gnubg->requests(), 5);
}

TEST(GnubgPlayer, DeeperPliesAnswerToo) {
  SKIP_WITHOUT_GNUBG();
  for (int ply = 1; ply <= kGnubgMaxPly; ++ply) {
    std::unique_ptr<GnubgPlayer> gnubg = start_gnubg(ply);
    ASSERT_TRUE(gnubg);
    EXPECT_EQ(gnubg->name(), "gnubg " + std::to_string(ply) + "-ply");
    EXPECT_EQ(gnubg_choice(*gnubg, kOpening, Dice{3, 1}), "8/5 6/5") << ply << "-ply";
  }
}

TEST(GnubgPlayer, NoPlayOrASinglePlayIsNotAskedOfGnubg) {
  SKIP_WITHOUT_GNUBG();
  std::unique_ptr<GnubgPlayer> gnubg = start_gnubg();
  ASSERT_TRUE(gnubg);
  MoveGenerator gen(backgammon());
  PlayList list;
  const Position last_checker = P("x 1:1 off:14; o 24:15");
  list.size = gen.generate(last_checker, Dice{2, 1}, list.positions.get());
  ASSERT_EQ(list.size, 1);
  Result<int> one = gnubg->best_play(last_checker, Dice{2, 1}, list.plays());
  ASSERT_TRUE(one.ok()) << one.error().message;
  EXPECT_EQ(*one, 0);

  const Position closed_out = P("x bar:1 6:14; o 19:2 20:2 21:2 22:2 23:2 24:2 12:3");
  list.size = gen.generate(closed_out, Dice{6, 5}, list.positions.get());
  ASSERT_EQ(list.size, 0);
  Result<int> none = gnubg->best_play(closed_out, Dice{6, 5}, list.plays());
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("no legal play"), std::string::npos) << none.error().message;
  EXPECT_EQ(gnubg->requests(), 0);
}

TEST(GnubgPlayer, ADeadGnubgIsAnErrorNotAHang) {
  SKIP_WITHOUT_GNUBG();
  std::unique_ptr<GnubgPlayer> gnubg = start_gnubg();
  ASSERT_TRUE(gnubg);
  ASSERT_FALSE(gnubg_choice(*gnubg, kOpening, Dice{6, 5}).empty());
  ASSERT_EQ(::kill(gnubg->process().pid(), SIGKILL), 0);  // the child this test started
  MoveGenerator gen(backgammon());
  PlayList list;
  list.size = gen.generate(kOpening, Dice{4, 2}, list.positions.get());
  for (int attempt = 0; attempt < 2; ++attempt) {
    Result<int> r = gnubg->best_play(kOpening, Dice{4, 2}, list.plays());
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("gnubg stopped unexpectedly"), std::string::npos)
        << r.error().message;
    EXPECT_NE(r.error().message.find("killed by signal 9"), std::string::npos) << r.error().message;
  }
  EXPECT_THROW(gnubg->choose(kOpening, Dice{4, 2}, list.plays()), GnubgFailure);
}

TEST(GnubgPlayer, ReplacesItsProcessAfterTheConfiguredRequests) {
  SKIP_WITHOUT_GNUBG();
  GnubgConfig config;
  config.requests_per_process = 2;
  Result<std::unique_ptr<GnubgPlayer>> started = GnubgPlayer::start(config);
  ASSERT_TRUE(started.ok()) << started.error().message;
  GnubgPlayer& gnubg = **started;
  std::vector<pid_t> pids;
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(gnubg_choice(gnubg, kOpening, Dice{3, 1}), "8/5 6/5") << "request " << i;
    pids.push_back(gnubg.process().pid());
  }
  EXPECT_EQ(pids[0], pids[1]);
  EXPECT_NE(pids[1], pids[2]);
  EXPECT_EQ(pids[2], pids[3]);
  EXPECT_NE(pids[3], pids[4]);
  EXPECT_EQ(gnubg.requests(), 5);
}

// Asks gnubg through Player::choose (which throws when gnubg's play is not one of ours) and
// logs every decision.
class LoggingGnubg final : public Player {
 public:
  explicit LoggingGnubg(GnubgPlayer& gnubg) : gnubg_(gnubg) {}
  std::string name() const override { return gnubg_.name(); }
  int choose(const Position& pos, Dice dice, std::span<const Position> plays) override {
    const int i = gnubg_.choose(pos, dice, plays);
    log.push_back(encode_position_id(pos) + " " + dice.str() + " -> " + std::to_string(i) + " of " +
                  std::to_string(plays.size()));
    asked += plays.size() > 1;
    return i;
  }
  std::vector<std::string> log;
  long long asked = 0;

 private:
  GnubgPlayer& gnubg_;
};

TEST(GnubgPlayer, ShortDuelIsLegalAndReplaysIdentically) {
  SKIP_WITHOUT_GNUBG();
  const Rules rules = backgammon();
  Result<PubevalWeights> w = load_pubeval(default_pubeval_path());
  ASSERT_TRUE(w.ok());
  std::vector<std::string> logs[2];
  std::vector<int> points[2];
  for (int run = 0; run < 2; ++run) {
    std::unique_ptr<GnubgPlayer> gnubg = start_gnubg();  // a fresh process each run
    ASSERT_TRUE(gnubg);
    LoggingGnubg logged(*gnubg);
    PubevalPlayer pubeval(*w);
    for (int game = 0; game < 4; ++game) {
      const DuelGame g =
          play_duel_game(rules, pubeval, logged, game % 2 == 0, game_seed(11, uint64_t(game)));
      ASSERT_TRUE(g.result.over());
      points[run].push_back(g.result.mover_wins ? g.result.points : -g.result.points);
    }
    EXPECT_GT(logged.asked, 40);                 // about 25 gnubg decisions a game
    EXPECT_EQ(gnubg->requests(), logged.asked);  // asked only when there was a choice
    logs[run] = logged.log;
  }
  EXPECT_EQ(logs[0], logs[1]);
  EXPECT_EQ(points[0], points[1]);
}

TEST(GnubgMatch, ResultDoesNotDependOnTheThreadCount) {
  SKIP_WITHOUT_GNUBG();
  const std::string args =
      "match --a pubeval --b gnubg --cubeless --games 4 --seed 5 --json --threads ";
  const CliRun one = run_nard(args + "1");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_NE(one.out.find("\"b\": \"gnubg 0-ply, cubeless money play"), std::string::npos)
      << one.out;
  EXPECT_NE(one.out.find("\"games\": 4,"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("\"b_gammon\": "), std::string::npos) << one.out;
  const CliRun two = run_nard(args + "2");
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(one.out, two.out);
}

// gnubg with the cube: its cube decisions through the Agent interface, money and match play.
std::unique_ptr<GnubgAgent> start_cubeful_gnubg(const Rules& rules) {
  GnubgConfig config;
  config.cubeful = true;
  config.jacoby = rules.jacoby;
  Result<std::unique_ptr<GnubgPlayer>> g = GnubgPlayer::start(config);
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().message);
  return g.ok() ? std::make_unique<GnubgAgent>(rules, std::move(g).value()) : nullptr;
}

MatchView money_view(int cube_value = 1, int owner = -1) {
  MatchView v;
  v.cube.value = cube_value;
  v.cube.owner = owner;
  return v;
}

TEST(GnubgAgent, DoublesTakesAndDropsAsGnubgDecides) {
  SKIP_WITHOUT_GNUBG();
  const Rules rules = backgammon();
  std::unique_ptr<GnubgAgent> gnubg = start_cubeful_gnubg(rules);
  ASSERT_TRUE(gnubg);
  // The opening: nobody doubles.
  EXPECT_FALSE(gnubg->wants_to_double(kOpening, money_view()));
  // A race the side on roll wins nearly always, with no gammons: double, pass.
  const Position won = P("x 6:2 5:2 4:2 3:2 2:2 1:2 off:3; o 19:3 20:3 21:3 22:3 23:3");
  Result<GnubgCubeDecision> d = gnubg->player().cube_decision(won, GnubgCube{});
  ASSERT_TRUE(d.ok()) << d.error().message;
  EXPECT_TRUE(d->doubles()) << d->no_double << " " << d->double_take << " " << d->double_pass;
  EXPECT_TRUE(d->taker_passes());
  EXPECT_DOUBLE_EQ(d->double_pass, 1.0);
  EXPECT_TRUE(gnubg->wants_to_double(won, money_view()));
  // Asked as the receiver (the position seen from him): he drops.
  MatchView receiver = money_view(2, 1);
  receiver.cube.pending_from = 1;
  EXPECT_EQ(gnubg->respond_to_double(won.flipped(), receiver), CubeResponse::Drop);
  // A race 6 pips ahead (75 against 81): double, take.
  const Position ahead = P("x 7:3 6:3 5:3 4:3 3:3; o 16:3 19:3 20:3 21:3 22:3");
  Result<GnubgCubeDecision> close = gnubg->player().cube_decision(ahead, GnubgCube{});
  ASSERT_TRUE(close.ok()) << close.error().message;
  EXPECT_TRUE(close->doubles() && !close->taker_passes())
      << close->no_double << " " << close->double_take << " " << close->double_pass;
  EXPECT_TRUE(gnubg->wants_to_double(ahead, money_view()));
  EXPECT_EQ(gnubg->respond_to_double(ahead.flipped(), receiver), CubeResponse::Take);
  // 3 pips ahead (75 against 78): no double.
  EXPECT_FALSE(
      gnubg->wants_to_double(P("x 7:3 6:3 5:3 4:3 3:3; o 17:3 19:3 20:3 21:3 22:3"), money_view()));
  // Match play (7 points, 1-2): gnubg's equities are normalised, a pass worth +1 to the
  // doubler, and the won race is a double/pass there too.
  MatchView seven;
  seven.match_length = 7;
  seven.my_score = 1;
  seven.opp_score = 2;
  Result<GnubgCubeDecision> match = gnubg->player().cube_decision(won, gnubg_cube(seven));
  ASSERT_TRUE(match.ok()) << match.error().message;
  EXPECT_NEAR(match->double_pass, 1.0, 1e-6);
  EXPECT_TRUE(match->doubles() && match->taker_passes())
      << match->no_double << " " << match->double_take << " " << match->double_pass;
}

TEST(GnubgAgent, AGnubgWithoutTheCubeRefusesCubeRequests) {
  SKIP_WITHOUT_GNUBG();
  std::unique_ptr<GnubgPlayer> gnubg = start_gnubg();
  ASSERT_TRUE(gnubg);
  Result<GnubgCubeDecision> d = gnubg->cube_decision(kOpening, GnubgCube{});
  ASSERT_FALSE(d.ok());
  EXPECT_NE(d.error().message.find("started without the cube"), std::string::npos)
      << d.error().message;
}

TEST(GnubgMatch, WithTheCubeTheDoublesAreMadeAndAnsweredAndTheJacobyRuleHolds) {
  SKIP_WITHOUT_GNUBG();
  const std::string saved = testing_support::unique_temp_path("nard_gnubg_cube") + ".mat";
  const CliRun r =
      run_nard("match --a net --a-ply 0 --b gnubg --games 12 --seed 3 --quiet --save " + saved);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string games = testing_support::slurp_file(saved);
  EXPECT_NE(games.find("Doubles"), std::string::npos) << games;
  EXPECT_TRUE(games.find("Takes") != std::string::npos || games.find("Drops") != std::string::npos)
      << games;
  std::remove(saved.c_str());
  // With the Jacoby rule gnubg's session has it too (its set-up checks), and the games run.
  const CliRun jacoby =
      run_nard("match --a net --a-ply 0 --b gnubg --rules wbf,jacoby=true --games 2 --quiet");
  EXPECT_EQ(jacoby.exit_code, 0) << jacoby.err;
}

TEST(GnubgMatch, WithTheCubeMoneyAndMatchesReplayOnAnyThreadCount) {
  SKIP_WITHOUT_GNUBG();
  for (const std::string kind : {"--games 4", "--match 3 --games 2"}) {
    const std::string args =
        "match --a net --a-ply 0 --b gnubg " + kind + " --seed 3 --json --threads ";
    const CliRun one = run_nard(args + "1");
    ASSERT_EQ(one.exit_code, 0) << kind << "\n" << one.err;
    EXPECT_NE(one.out.find("\"b\": \"gnubg 0-ply, cubeful"), std::string::npos) << one.out;
    const CliRun two = run_nard(args + "2");
    ASSERT_EQ(two.exit_code, 0) << kind << "\n" << two.err;
    EXPECT_EQ(one.out, two.out) << kind;
  }
}

TEST(GnubgMatch, BadOptionsExitTwoWithOneLine) {
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"match --a pubeval --b gnubg --rules gr_portes --games 2",
       "gnubg plays standard backgammon only (--rules wbf, with or without jacoby=true)"},
      {"match --a pubeval --b gnubg --rules wbf,beavers=true --games 2",
       "gnubg plays standard backgammon only (--rules wbf, with or without jacoby=true)"},
      {"match --a pubeval --b gnubg --match 65 --games 2",
       "gnubg plays matches up to 64 points, not 65"},
      {"match --a pubeval --b gnubg --rules wbf,automatic_doubles=true --games 2",
       "gnubg plays standard backgammon only (--rules wbf, with or without jacoby=true)"},
      {"match --a pubeval --b gnubg --b-ply 3 --cubeless --games 2",
       "gnubg ply must be 0..2, not 3"},
      {"match --a gnubg --b pubeval --variant plakoto --cubeless --games 2",
       "gnubg plays backgammon only"},
  };
  for (const auto& [args, message] : bad) {
    const CliRun r = run_nard(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_EQ(r.err, "nard: " + message + "\n") << args;
  }
}

}  // namespace
}  // namespace nard

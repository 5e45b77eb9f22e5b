// The cube agreement harness (bench/cube_reference.h, bench/cube_agreement.h, `nard bench cube`):
// the committed gnubg 2-ply reference parses and is consistent, parse errors name the line, the
// tallies count what they say, and on entries whose decision is clear (wide equity margins in
// gnubg's own numbers) both our cube model on gnubg's probabilities and the shipped net give
// gnubg's action. No threshold on the overall agreement: that moves with the model.
#include "bench/cube_agreement.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "formats/gnubg_id.h"
#include "nn/bearoff_database.h"
#include "nn/evaluator.h"
#include "nn/model_path.h"
#include "play/agents.h"
#include "search/cube/money.h"
#include "tests/support/cli_runner.h"

namespace nard {
namespace {

const std::vector<CubeReference>& committed_cube_set() {
  static const std::vector<CubeReference> refs = [] {
    Result<std::vector<CubeReference>> r = load_cube_references(default_cube_reference_path());
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : std::vector<CubeReference>{};
  }();
  return refs;
}

// Entries of the committed file with wide margins in gnubg's equities (>= 0.1 between the
// proper action and the next best, for doubler and taker alike).
constexpr std::pair<const char*, int> kClear[] = {
    {"btsEAwiYbwcTAA", 2},  // contact, no redouble (doubling costs 0.6)
    {"X28CAMDfdwAAAA", 2},  // race, no redouble
    {"LLfBASKwt4YBAw", 1},  // contact, double/take
    {"4PPgAUGYZ+GABQ", 1},  // contact, double/take
    {"KgEA4A4AAAAAAA", 1},  // bear-off, double/take
    {"FQAAcAAAAAAAAA", 1},  // bear-off, double/pass
    {"DwAAYAMAAAAAAA", 2},  // bear-off, redouble/pass
    {"zG4ggGObbVoIAA", 1},  // contact, too good/pass (gammonish)
};
constexpr CubeAction kClearAction[] = {CubeAction::NoDouble,   CubeAction::NoDouble,
                                       CubeAction::DoubleTake, CubeAction::DoubleTake,
                                       CubeAction::DoubleTake, CubeAction::DoublePass,
                                       CubeAction::DoublePass, CubeAction::TooGoodPass};

std::vector<CubeReference> clear_entries() {
  std::vector<CubeReference> out;
  for (const auto& [id, cube] : kClear)
    for (const CubeReference& r : committed_cube_set())
      if (r.position_id == id && r.cube.value == cube) out.push_back(r);
  EXPECT_EQ(out.size(), std::size(kClear));
  return out;
}

TEST(CubeReferenceFile, CommittedGnubgFileHasEveryKindBothCubesAndConsistentActions) {
  const std::vector<CubeReference>& refs = committed_cube_set();
  ASSERT_GE(refs.size(), 500u);
  std::map<PositionKind, int> kinds;
  int centred = 0, owned = 0, checked = 0;
  for (const CubeReference& r : refs) {
    ++kinds[classify_for_cube(r.position).kind];
    (r.cube.owner == CubeHolder::Centred ? centred : owned)++;
    EXPECT_EQ(r.double_pass, 1.0) << "line " << r.line;  // per unit of the current cube
    EXPECT_EQ(encode_position_id(r.position), r.position_id);
    // gnubg's action follows from its own equities (skipping ties at the file's 6 decimals).
    const double nd = r.no_double, dt = r.double_take, dp = r.double_pass;
    if (std::abs(dt - dp) < 2e-6 || std::abs(dt - nd) < 2e-6 || std::abs(nd - dp) < 2e-6) continue;
    const bool pass = dt > dp;
    const CubeAction expected =
        pass ? (nd > dp ? CubeAction::TooGoodPass : CubeAction::DoublePass)
             : (dt > nd ? CubeAction::DoubleTake
                        : (nd > dp ? CubeAction::TooGoodTake : CubeAction::NoDouble));
    EXPECT_EQ(r.action, expected) << "line " << r.line;
    ++checked;
  }
  for (PositionKind k : {PositionKind::Contact, PositionKind::Race, PositionKind::Bearoff})
    EXPECT_GE(kinds[k], 100) << position_kind_name(k);
  EXPECT_GE(centred, 250);
  EXPECT_GE(owned, 250);
  EXPECT_GE(checked, int(refs.size()) * 9 / 10);
}

// The sets on gnubg's own self-play (tests/gnubg/selfplay_positions.py), each file: the cube states
// of real games (centred, or owned by the side on roll on 2 or more), contact the large majority,
// races and bear-offs present, no entry twice, and gnubg's actions consistent with its equities.
TEST(CubeReferenceFile, GnubgSelfplayFilesAreMostlyContactWithTheGamesCubes) {
  for (const std::string& path : selfplay_cube_reference_paths()) {
    SCOPED_TRACE(path);
    Result<std::vector<CubeReference>> refs = load_cube_references(path);
    ASSERT_TRUE(refs.ok()) << refs.error().message;
    ASSERT_GE(refs->size(), 600u);
    std::map<PositionKind, int> kinds;
    std::set<std::pair<std::string, int>> seen;
    int owned = 0;
    for (const CubeReference& r : *refs) {
      ++kinds[classify_for_cube(r.position).kind];
      EXPECT_TRUE(seen.insert({r.position_id, r.cube.value}).second) << "line " << r.line;
      owned += r.cube.owner == CubeHolder::Me ? 1 : 0;
      EXPECT_EQ(r.double_pass, 1.0) << "line " << r.line;
      const bool pass = r.double_take > r.double_pass;  // the taker's answer, by gnubg's equities
      if (std::abs(r.double_take - r.double_pass) > 2e-6) {
        EXPECT_EQ(is_pass(r.action), pass) << "line " << r.line;
      }
    }
    const int n = int(refs->size());
    EXPECT_GE(kinds[PositionKind::Contact], n * 3 / 4);
    EXPECT_GE(kinds[PositionKind::Race] + kinds[PositionKind::Bearoff], 30);
    EXPECT_GE(owned, 10);  // redoubles happen in gnubg's games
  }
}

// gnubg 0-ply's decisions (tests/gnubg/make_cube_0ply.sh) cover every entry of the committed sets,
// made at 0-ply, a decision in both files the same in both, with actions that follow from their own equities at the taker's side; they differ
// from gnubg 2-ply's on some decisions (else they would measure nothing).
TEST(CubeReferenceFile, GnubgZeroPlyDecisionsCoverEveryCommittedEntry) {
  std::map<std::string, CubeAction> zero_ply;
  auto key = [](const CubeReference& r) {
    return r.position_id + " " + std::to_string(r.cube.value) +
           (r.cube.owner == CubeHolder::Me ? " roller" : " centre");
  };
  for (const std::string& path : gnubg_0ply_cube_decision_paths()) {
    SCOPED_TRACE(path);
    std::ifstream in(path);
    std::string first;
    ASSERT_TRUE(std::getline(in, first));
    EXPECT_NE(first.find("at 0-ply"), std::string::npos) << first;
    Result<std::vector<CubeReference>> refs = load_cube_references(path);
    ASSERT_TRUE(refs.ok()) << refs.error().message;
    for (const CubeReference& r : *refs) {
      // A decision of both sets (an early position of both origins) is in both files, alike.
      const auto it = zero_ply.emplace(key(r), r.action).first;
      EXPECT_EQ(it->second, r.action) << "line " << r.line;
      if (std::abs(r.double_take - r.double_pass) > 2e-6) {
        EXPECT_EQ(is_pass(r.action), r.double_take > r.double_pass) << "line " << r.line;
      }
    }
  }
  std::vector<std::string> committed = selfplay_cube_reference_paths();
  committed.push_back(default_cube_reference_path());
  int entries = 0, differ = 0;
  for (const std::string& path : committed) {
    Result<std::vector<CubeReference>> refs = load_cube_references(path);
    ASSERT_TRUE(refs.ok()) << refs.error().message;
    for (const CubeReference& r : *refs) {
      const auto it = zero_ply.find(key(r));
      ASSERT_NE(it, zero_ply.end()) << path << " line " << r.line << ": " << key(r);
      ++entries;
      differ += it->second != r.action;
    }
  }
  EXPECT_GT(differ, entries / 50);
  EXPECT_LT(differ, entries / 4);
}

TEST(CubeReferenceFile, ErrorsNameTheLine) {
  const std::string good =
      "4HPwATDgc/ABMA 1 centre no_double 0.1 -0.2 1 0.52 0.15 0.01 0.13 0.01\n";
  ASSERT_TRUE(parse_cube_references("# header\n" + good, "t").ok());
  const std::pair<std::string, std::string> bad[] = {
      {"4HPwATDgc/ABM! 1 centre no_double 0.1 -0.2 1 0.5 0.1 0 0.1 0", "t:2:"},
      {"4HPwATDgc/ABMA 2 centre no_double 0.1 -0.2 1 0.5 0.1 0 0.1 0", "centred cube"},
      {"4HPwATDgc/ABMA 3 roller no_double 0.1 -0.2 1 0.5 0.1 0 0.1 0", "power of two"},
      {"4HPwATDgc/ABMA 2 opponent no_double 0.1 -0.2 1 0.5 0.1 0 0.1 0", "owner"},
      {"4HPwATDgc/ABMA 1 centre redouble 0.1 -0.2 1 0.5 0.1 0 0.1 0", "unknown cube action"},
      {"4HPwATDgc/ABMA 1 centre no_double 0.1 -0.2 1 0.5 0.1 0 0.1", "five probabilities"},
      {"4HPwATDgc/ABMA 1 centre no_double 0.1 nan 1 0.5 0.1 0 0.1 0", "equities"},
      {"4HPwATDgc/ABMA 1 centre no_double 0.1 -0.2 1 0.5 0.1 0 0.1 0 7", "unexpected '7'"},
  };
  for (const auto& [line, words] : bad) {
    Result<std::vector<CubeReference>> r = parse_cube_references(good + line + "\n", "t");
    ASSERT_FALSE(r.ok()) << line;
    EXPECT_NE(r.error().message.find("t:2: "), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(words), std::string::npos) << r.error().message;
  }
  EXPECT_FALSE(parse_cube_references("# only a comment\n", "t").ok());
}

// Three references of one (contact) position: no double, double/take (cube 2 owned), double/pass.
Result<std::vector<CubeReference>> three_references() {
  return parse_cube_references(
      "4HPwATDgc/ABMA 1 centre no_double 0.10 -0.20 1 0.52 0.15 0.01 0.13 0.01\n"
      "4HPwATDgc/ABMA 2 roller double_take 0.60 0.70 1 0.70 0.20 0.01 0.05 0.00\n"
      "4HPwATDgc/ABMA 1 centre double_pass 0.80 1.30 1 0.85 0.20 0.01 0.02 0.00\n",
      "t");
}

TEST(CubeAgreement, TalliesCountActionsDoublingTakesAndCosts) {
  // Three references; the decider answers with fixed decisions.
  Result<std::vector<CubeReference>> refs = three_references();
  ASSERT_TRUE(refs.ok());
  auto decision = [](DoublerAction doubler, TakerAction taker, double nd, double dt) {
    CubeDecision d;
    d.cubeless = 0.5;
    d.doubler = doubler;
    d.taker = taker;
    d.no_double = nd;
    d.double_take = dt;
    return d;
  };
  const CubeDecision ours[] = {
      decision(DoublerAction::NoDouble, TakerAction::Take, 0.15, -0.10),  // agrees
      decision(DoublerAction::NoDouble, TakerAction::Take, 0.70, 0.60),   // misses a double
      decision(DoublerAction::Double, TakerAction::Take, 0.80, 0.90),     // takes a pass
  };
  int next = 0;
  Result<CubeAgreement> a = measure_cube_agreement(
      *refs, [&](const CubeReference&) -> Result<CubeDecision> { return ours[next++]; });
  ASSERT_TRUE(a.ok()) << a.error().message;
  const AgreementTally& t = a->overall;
  EXPECT_EQ(t.entries, 3);
  EXPECT_EQ(t.action, 1);
  EXPECT_EQ(t.doubling, 2);
  EXPECT_EQ(t.take_pass, 2);
  EXPECT_NEAR(t.abs_no_double, 0.05 + 0.10 + 0.00, 1e-12);
  EXPECT_NEAR(t.abs_double_take, 0.10 + 0.10 + 0.40, 1e-12);
  // The references' cubeless equities: 0.06, 0.56, 0.89; ours 0.5 each.
  EXPECT_NEAR(t.abs_cubeless, 0.44 + 0.06 + 0.39, 1e-6);
  EXPECT_NEAR(t.doubler_cost, 0.10, 1e-12);  // the missed double: 0.70 - 0.60
  EXPECT_NEAR(t.taker_cost, 0.30, 1e-12);    // the wrong take: 1.30 - 1.00
  EXPECT_EQ(a->confusion[size_t(CubeAction::DoubleTake)][size_t(CubeAction::NoDouble)], 1);
  EXPECT_EQ(a->confusion[size_t(CubeAction::DoublePass)][size_t(CubeAction::DoubleTake)], 1);
  EXPECT_EQ(a->by_cube[1].entries, 1);
  EXPECT_NEAR(t.standard_error(t.action), std::sqrt((1.0 / 3) * (2.0 / 3) / 3), 1e-12);

  // A decider that cannot double is an error naming the line.
  Result<CubeAgreement> failed =
      measure_cube_agreement(*refs, [](const CubeReference&) -> Result<CubeDecision> {
        CubeDecision d;
        d.cannot_double_reason = "the opponent owns the cube";
        return d;
      });
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.error().message.find("line 1"), std::string::npos);
}

// Each decision's cost by the reference's equities, and two deciders' costs paired decision by
// decision: the reference's own actions cost nothing, so ours minus them is ours.
TEST(CubeAgreement, PairedCostIsOneDecidersCostMinusTheOthersDecisionByDecision) {
  Result<std::vector<CubeReference>> refs = three_references();
  ASSERT_TRUE(refs.ok());
  const std::vector<CubeReference>& r = *refs;
  EXPECT_NEAR(cube_cost(r[0], CubeAction::DoubleTake).doubler, 0.30, 1e-12);  // -0.20 for 0.10
  EXPECT_NEAR(cube_cost(r[0], CubeAction::DoubleTake).taker, 0.0, 1e-12);
  EXPECT_NEAR(cube_cost(r[1], CubeAction::NoDouble).doubler, 0.10, 1e-12);
  EXPECT_NEAR(cube_cost(r[2], CubeAction::DoubleTake).taker, 0.30, 1e-12);  // takes a pass
  EXPECT_NEAR(cube_cost(r[2], CubeAction::TooGoodPass).doubler, 0.20, 1e-12);
  EXPECT_NEAR(cube_cost(r[2], CubeAction::TooGoodPass).total(), 0.20, 1e-12);
  for (const CubeReference& e : r) EXPECT_EQ(cube_cost(e, e.action).total(), 0.0);

  auto fixed = [](std::vector<CubeAction> actions) {
    return [actions, next = size_t(0)](const CubeReference&) mutable -> Result<CubeDecision> {
      const CubeAction a = actions[next++];
      CubeDecision d;
      d.doubler = a == CubeAction::NoDouble ? DoublerAction::NoDouble
                  : is_double(a)            ? DoublerAction::Double
                                            : DoublerAction::TooGood;
      d.taker = is_pass(a) ? TakerAction::Pass : TakerAction::Take;
      return d;
    };
  };
  Result<CubeAgreement> ours = measure_cube_agreement(
      r, fixed({CubeAction::NoDouble, CubeAction::NoDouble, CubeAction::DoubleTake}));
  Result<CubeAgreement> theirs = measure_cube_agreement(
      r, fixed({CubeAction::DoubleTake, CubeAction::DoubleTake, CubeAction::DoublePass}));
  ASSERT_TRUE(ours.ok() && theirs.ok());
  const PairedCubeCost p = paired_cube_cost(*ours, *theirs);
  // Ours cost 0, 0.10 and 0.30; theirs 0.30, 0 and 0: differences -0.30, +0.10, +0.30.
  EXPECT_EQ(p.total.n, 3);
  EXPECT_NEAR(p.total.mean(), 0.10 / 3, 1e-12);
  EXPECT_NEAR(p.doubler.mean(), (-0.30 + 0.10) / 3, 1e-12);
  EXPECT_NEAR(p.taker.mean(), 0.30 / 3, 1e-12);
  const double m = 0.10 / 3;
  const double var =
      ((-0.30 - m) * (-0.30 - m) + (0.10 - m) * (0.10 - m) + (0.30 - m) * (0.30 - m)) / 2;
  EXPECT_NEAR(p.total.standard_error(), std::sqrt(var / 3), 1e-12);
  // By kind: all three are the same (contact) position.
  EXPECT_EQ(paired_cube_cost(*ours, *theirs, PositionKind::Race).total.n, 0);
  EXPECT_EQ(paired_cube_cost(*ours, *theirs, classify_for_cube(r[0].position).kind).total.n, 3);
}

TEST(CubeAgreement, OurCubeModelOnGnubgProbabilitiesGivesGnubgsClearActions) {
  const std::vector<CubeReference> refs = clear_entries();
  const Rules rules = *rules_preset("wbf");
  Result<CubeAgreement> a = measure_cube_agreement(refs, [&](const CubeReference& r) {
    return predict_money_cube(make_consistent(r.cubeless), r.cube, r.position, rules);
  });
  ASSERT_TRUE(a.ok()) << a.error().message;
  for (size_t i = 0; i < refs.size(); ++i) {
    EXPECT_EQ(refs[i].action, kClearAction[i]) << refs[i].position_id;
    EXPECT_EQ(a->comparisons[i].ours, kClearAction[i]) << refs[i].position_id;
  }
}

// The shipped bot as the commands run it (cli/bot_args.cpp): the shipped net, bear-off
// positions from the bear-off database.
TEST(CubeAgreement, ShippedBotAtZeroPlyGivesGnubgsClearActions) {
  const Rules rules = *rules_preset("wbf");
  Result<std::string> path = default_model_path(Variant::Backgammon);
  ASSERT_TRUE(path.ok()) << path.error().message;
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::load(rules, *path);
  ASSERT_TRUE(model.ok()) << model.error().message;
  Result<std::shared_ptr<const BearoffDatabase>> db = BearoffDatabase::create(rules);
  ASSERT_TRUE(db.ok()) << db.error().message;
  NeuralEvaluator evaluator(with_bearoff_database(*model, *db));
  BotAgent agent(rules, evaluator, SearchConfig{});
  const std::vector<CubeReference> refs = clear_entries();
  Result<CubeAgreement> a = measure_cube_agreement(refs, [&](const CubeReference& r) {
    MatchView view;
    view.cube.value = r.cube.value;
    view.cube.owner = r.cube.owner == CubeHolder::Me ? 0 : -1;
    view.cube.turned = r.cube.turned;
    return agent.analyse_cube(r.position, view);
  });
  ASSERT_TRUE(a.ok()) << a.error().message;
  for (size_t i = 0; i < refs.size(); ++i)
    EXPECT_EQ(a->comparisons[i].ours, kClearAction[i]) << refs[i].position_id;
}

TEST(CubeAgreement, BenchCommandReportsAndRejectsBadFiles) {
  const std::string file = testing_support::unique_temp_path("cube_ref") + ".txt";
  {
    std::ofstream out(file);
    for (const CubeReference& r : clear_entries())
      out << r.position_id << ' ' << r.cube.value
          << (r.cube.owner == CubeHolder::Me ? " roller " : " centre ")
          << cube_action_name(r.action) << ' ' << r.no_double << ' ' << r.double_take << ' '
          << r.double_pass << ' ' << r.cubeless.win << ' ' << r.cubeless.win_gammon << ' '
          << r.cubeless.win_backgammon << ' ' << r.cubeless.lose_gammon << ' '
          << r.cubeless.lose_backgammon << '\n';
  }
  const testing_support::CliRun run =
      testing_support::run_nard("bench cube --gnubg-probs --file " + file);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const size_t all = run.out.find("\n  all ");
  ASSERT_NE(all, std::string::npos) << run.out;
  const std::string line = run.out.substr(all + 1, run.out.find('\n', all + 1) - all - 1);
  std::istringstream fields(line);
  std::string name, action;
  int entries = 0;
  fields >> name >> entries >> action;
  EXPECT_EQ(entries, 8) << line;
  EXPECT_EQ(action, "100.0%") << line;
  EXPECT_NE(run.out.find("Confusion"), std::string::npos);
  EXPECT_EQ(run.out.find("Summary"), std::string::npos) << run.out;  // --file: that set alone
  // --decisions-from: a file's own decisions (four actions here) agree with it in everything; a
  // file without an entry of the measured set is bad input naming the entry.
  const testing_support::CliRun self =
      testing_support::run_nard("bench cube --file " + file + " --decisions-from " + file);
  EXPECT_EQ(self.exit_code, 0) << self.err;
  EXPECT_NE(self.out.find("  all                     8  100.0% ± 0.0  100.0% ± 0.0  100.0% ± 0.0"
                          "   0.0000  0.0000  0.0000     0.0    0.0"),
            std::string::npos)
      << self.out;
  // --vs-decisions: the same decisions on both sides cost the same, decision by decision.
  const testing_support::CliRun vs = testing_support::run_nard(
      "bench cube --file " + file + " --gnubg-probs --vs-decisions " + file);
  EXPECT_EQ(vs.exit_code, 0) << vs.err;
  EXPECT_NE(vs.out.find("  all           8   doubler  +0.000 ± 0.000   taker  +0.000 ± 0.000   "
                        "total  +0.000 ± 0.000"),
            std::string::npos)
      << vs.out;
  const testing_support::CliRun vs_partial =
      testing_support::run_nard("bench cube --gnubg-probs --vs-decisions " + file);
  EXPECT_EQ(vs_partial.exit_code, 2);
  EXPECT_NE(vs_partial.err.find(file + " has no entry for "), std::string::npos) << vs_partial.err;
  const testing_support::CliRun partial =
      testing_support::run_nard("bench cube --decisions-from " + file);
  EXPECT_EQ(partial.exit_code, 2);
  EXPECT_NE(partial.err.find(file + " has no entry for "), std::string::npos) << partial.err;
  std::remove(file.c_str());

  const testing_support::CliRun missing =
      testing_support::run_nard("bench cube --file /nonexistent/cube.txt");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("nard: /nonexistent/cube.txt: cannot open the cube reference file"),
            std::string::npos)
      << missing.err;
}

// Without --file the command reports both committed sets, each named with its origin, then a
// summary line per set; --disputes writes one line per disagreement of either set, which (with
// gnubg's probabilities fed to our cube model) are exactly the entries where the model's action
// differs from gnubg's.
TEST(CubeAgreement, BenchCommandReportsBothCommittedSetsAndWritesDisputes) {
  const std::string disputes = testing_support::unique_temp_path("cube_disputes") + ".txt";
  const testing_support::CliRun run =
      testing_support::run_nard("bench cube --gnubg-probs --disputes " + disputes);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const Rules rules = *rules_preset("wbf");
  // "<ID> <cube> <owner>  ours=<action> gnubg=<action>", once per entry: a decision that two files
  // of one set both hold (gnubg's games repeat some early positions) is written twice.
  std::multiset<std::string> expected;
  const std::pair<std::vector<std::string>, const char*> sets[] = {
      {{default_cube_reference_path()}, "gnubg_cube_2ply.txt (our self-play)"},
      {selfplay_cube_reference_paths(),
       "gnubg_selfplay_cube_2ply.txt + gnubg_selfplay_cube_2ply_b.txt (gnubg self-play)"}};
  for (const auto& [paths, label] : sets) {
    std::vector<CubeReference> refs;
    for (const std::string& path : paths) {
      Result<std::vector<CubeReference>> part = load_cube_references(path);
      ASSERT_TRUE(part.ok()) << part.error().message;
      refs.insert(refs.end(), part->begin(), part->end());
    }
    const std::string header = "cube bench: " + std::to_string(refs.size()) + " decisions from " +
                               label + "; ours at 0-ply";
    EXPECT_NE(run.out.find(header), std::string::npos) << header << "\n" << run.out;
    Result<CubeAgreement> a = measure_cube_agreement(refs, [&](const CubeReference& r) {
      return predict_money_cube(make_consistent(r.cubeless), r.cube, r.position, rules);
    });
    ASSERT_TRUE(a.ok()) << a.error().message;
    for (const CubeComparison& c : a->comparisons)
      if (c.ours != c.reference->action)
        expected.insert(c.reference->position_id + " " + std::to_string(c.reference->cube.value) +
                        (c.reference->cube.owner == CubeHolder::Me ? " roller" : " centre") +
                        "  ours=" + std::string(cube_action_name(c.ours)) +
                        " gnubg=" + std::string(cube_action_name(c.reference->action)));
  }
  EXPECT_NE(run.out.find("Summary:"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\n  gnubg self-play  "), std::string::npos) << run.out;
  std::ifstream in(disputes);
  ASSERT_TRUE(in) << disputes;
  std::multiset<std::string> written;
  int comments = 0;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] == '#') {
      ++comments;
      continue;
    }
    written.insert(line);
  }
  EXPECT_EQ(comments, 3);  // the settings, then one per set
  EXPECT_FALSE(expected.empty());
  EXPECT_EQ(written, expected);
  std::remove(disputes.c_str());
}

TEST(CubeAgreement, PositionsCommandPrintsBothCubeStatesOfPlausibleDoubles) {
  const testing_support::CliRun run =
      testing_support::run_nard("bench cube-positions --contact 2 --race 1 --bearoff 1 --seed 7");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::istringstream in(run.out);
  int centred = 0, owned = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string id, owner;
    int cube = 0;
    ASSERT_TRUE(fields >> id >> cube >> owner) << line;
    EXPECT_TRUE(decode_position_id(id).ok()) << line;
    if (owner == "centre") {
      EXPECT_EQ(cube, 1);
      ++centred;
    } else {
      EXPECT_EQ(owner, "roller");
      EXPECT_EQ(cube, 2);
      ++owned;
    }
  }
  EXPECT_EQ(centred, 4);
  EXPECT_EQ(owned, 4);
}

// `nard bench cube-reference` writes our own decisions as a reference file: read back, it holds
// the list's entries, and our decisions at the same ply agree with it entry for entry; a 2-ply
// reference keeps the equities `nard cube --ply 2` gives. Bad lists are refused naming the line.
TEST(CubeAgreement, ReferenceCommandWritesOurOwnDecisionsAsAReference) {
  const std::string list = testing_support::unique_temp_path("cube_list") + ".txt";
  const std::string ref = testing_support::unique_temp_path("cube_own") + ".txt";
  const auto write = [](const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
  };
  testing_support::CliRun run =
      testing_support::run_nard("bench cube-positions --contact 2 --race 1 --bearoff 1 --seed 7");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  write(list, run.out);
  run = testing_support::run_nard("bench cube-reference " + list + " --ply 0 --quiet");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  write(ref, run.out);
  Result<std::vector<CubeReference>> refs = load_cube_references(ref);
  ASSERT_TRUE(refs.ok()) << refs.error().message;
  EXPECT_EQ(refs->size(), 8u);
  run = testing_support::run_nard("bench cube --ply 0 --file " + ref);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("  all                     8  100.0%"), std::string::npos) << run.out;

  run = testing_support::run_nard("bench cube-reference " + list + " --ply 2 --quiet");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  write(ref, run.out);
  refs = load_cube_references(ref);
  ASSERT_TRUE(refs.ok()) << refs.error().message;
  const CubeReference& first = refs->front();
  ASSERT_EQ(first.cube.value, 1);  // the list gives each position centred, then owned on 2
  run = testing_support::run_nard("cube " + first.position_id + " --ply 2");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  char nd[64];
  std::snprintf(nd, sizeof nd, "1. No double        %+.3f", first.no_double);
  EXPECT_NE(run.out.find(nd), std::string::npos) << nd << "\n" << run.out;

  // Bad entries are refused naming the line, and nothing is written to standard output. Trailing
  // comments, blank and CRLF lines are read as parse_cube_references reads them.
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"4HPwATDgc/ABMA 2 centre", ":3: a cube on 1 is centred, a higher one owned"},
      {"4HPwATDgc/ABMA 128 roller", ":3: "},          // beyond the cube's cap of 64
      {"x off:15; o 1:15 1 centre", ":3: expected"},  // not a Position ID line
      {"AAAAAAAAAAAAAA 1 centre", ":3: "},            // no checkers: refused by the ID reader
      {"AAAA/v8AAAAAAA 1 centre", ":3: AAAA/v8AAAAAAA is a finished game"},
      {"4HPwATDgc/ABMA 1 middle", ":3: the owner must be centre or roller"}};
  for (const auto& [line, message] : bad) {
    write(list, "# a comment\r\n4HPwATDgc/ABMA 1 centre  # the start\r\n" + line + "\n\n");
    run = testing_support::run_nard("bench cube-reference " + list + " --ply 0 --quiet");
    EXPECT_EQ(run.exit_code, 2) << line;
    EXPECT_NE(run.err.find(list + message), std::string::npos) << line << ": " << run.err;
    EXPECT_EQ(run.out, "") << line;
  }
  write(list, "# a comment\r\n4HPwATDgc/ABMA 1 centre  # the start\r\n\r\n");
  run = testing_support::run_nard("bench cube-reference " + list + " --ply 0 --quiet");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("\n# a comment\n"), std::string::npos) << run.out;
  run = testing_support::run_nard("bench cube-reference /nonexistent/list.txt");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("/nonexistent/list.txt"), std::string::npos) << run.err;
  std::remove(list.c_str());
  std::remove(ref.c_str());
}

}  // namespace
}  // namespace nard

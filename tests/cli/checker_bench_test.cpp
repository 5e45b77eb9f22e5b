// The checker-play error harness (bench/checker_reference.h, bench/checker_error.h, `nard bench
// checker`): the reference format's parse errors name the line, the committed gnubg 2-ply file
// is consistent with our move generator (every pair's legal plays are exactly the file's), the
// losses of a chooser are what the file's equities say, and the CLI refuses a missing or broken
// file with exit code 2. With gnubg installed, the oracle run on the first pairs reproduces the
// committed lines. No threshold on our error: that moves with the model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <set>
#include <sstream>

#include "bench/checker_error.h"
#include "formats/gnubg_id.h"
#include "game/movegen/movegen.h"
#include "gnubg/gnubg_process.h"
#include "nn/model_path.h"
#include "tests/support/cli_runner.h"

namespace nard {
namespace {

using testing_support::CliRun;
using testing_support::run_nard;
using testing_support::slurp_file;
using testing_support::unique_temp_path;

const std::vector<CheckerReference>& committed_checker_set() {
  static const std::vector<CheckerReference> refs = [] {
    Result<std::vector<CheckerReference>> r =
        load_checker_references(default_checker_reference_path());
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : std::vector<CheckerReference>{};
  }();
  return refs;
}

// The opening position with 31: three plays (equities invented, 0-ply choice not the best).
constexpr const char* kSmall =
    "# a comment line\n"
    "position 4HPwATDgc/ABMA 13 3   # dice in either order\n"
    "play 4HPwATCwZ/ABMA 2 0.158760 0.159013\n"
    "play 4HPwATDgc+IBKA 2 -0.006429 0.170000\n"
    "\n"
    "play 4HPwATDgc/ABIQ 2 -0.016798 -0.015479\n";

std::string parse_error(const std::string& text) {
  Result<std::vector<CheckerReference>> r = parse_checker_references(text, "f.txt");
  EXPECT_FALSE(r.ok()) << "accepted:\n" << text;
  return r.ok() ? "" : r.error().message;
}

TEST(CheckerReference, ParsesPositionsAndPlays) {
  Result<std::vector<CheckerReference>> r = parse_checker_references(kSmall, "f.txt");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->size(), 1u);
  const CheckerReference& ref = (*r)[0];
  EXPECT_EQ(ref.position_id, "4HPwATDgc/ABMA");
  EXPECT_EQ(ref.dice, (Dice{3, 1}));
  EXPECT_EQ(ref.line, 2);
  ASSERT_EQ(ref.plays.size(), 3u);
  EXPECT_EQ(ref.plays[2].line, 6);
  EXPECT_EQ(ref.plays[1].ply, 2);
  EXPECT_DOUBLE_EQ(ref.plays[1].equity_0ply, 0.17);
  EXPECT_EQ(ref.best(), 0);
  EXPECT_EQ(ref.best_at_0ply(), 1);
  EXPECT_EQ(ref.find("4HPwATDgc/ABIQ"), 2);
  EXPECT_EQ(ref.find("4HPwATDgc/ABMA"), -1);
  EXPECT_EQ(encode_position_id(ref.plays[0].result), "4HPwATCwZ/ABMA");
}

TEST(CheckerReference, BestPlayIsTakenAtTheDeepestPly) {
  // A play valued only at 0-ply does not count as the best, whatever its equity.
  const std::string text =
      "position 4HPwATDgc/ABMA 31 2\n"
      "play 4HPwATCwZ/ABMA 0 0.9 0.9\n"
      "play 4HPwATDgc+IBKA 2 0.1 0.1\n";
  Result<std::vector<CheckerReference>> r = parse_checker_references(text, "f.txt");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ((*r)[0].deepest_ply(), 2);
  EXPECT_EQ((*r)[0].best(), 1);
  EXPECT_EQ((*r)[0].best_at_0ply(), 0);
}

TEST(CheckerReference, RefusesBadLinesNamingTheLine) {
  const std::string pos = "position 4HPwATDgc/ABMA 31 1\n";
  const std::string play = "play 4HPwATCwZ/ABMA 2 0.1 0.1\n";
  EXPECT_NE(parse_error("position 4HPwATDgc/ABM 31 1\n" + play).find("f.txt:1: "),
            std::string::npos);
  EXPECT_NE(parse_error("position 4HPwATDgc/ABMA 71 1\n" + play).find("f.txt:1: dice '71'"),
            std::string::npos);
  EXPECT_NE(parse_error("position 4HPwATDgc/ABMA 31 0\n")
                .find("f.txt:1: a position needs at least one play"),
            std::string::npos);
  EXPECT_NE(parse_error("position 4HPwATDgc/ABMA 31\n").find("f.txt:1: expected 'position"),
            std::string::npos);
  EXPECT_NE(parse_error("position 4HPwATDgc/ABMA 31 1 x\n" + play).find("f.txt:1: unexpected 'x'"),
            std::string::npos);
  EXPECT_NE(parse_error("#\n" + play).find("f.txt:2: play line before any position line"),
            std::string::npos);
  EXPECT_NE(parse_error(pos + play + play).find("f.txt:3: more play lines"), std::string::npos);
  EXPECT_NE(parse_error("position 4HPwATDgc/ABMA 31 2\n" + play + pos)
                .find("f.txt:3: position line while the position of line 1 still needs 1"),
            std::string::npos);
  EXPECT_NE(parse_error("position 4HPwATDgc/ABMA 31 3\n" + play + play)
                .find("f.txt:3: result 4HPwATCwZ/ABMA listed twice"),
            std::string::npos);
  EXPECT_NE(parse_error("position 4HPwATDgc/ABMA 31 2\n" + play)
                .find("f.txt:2: the file ends while the position of line 1 still needs 1"),
            std::string::npos);
  EXPECT_NE(
      parse_error(pos + "play 4HPwATCwZ/ABMA 4 0.1 0.1\n").find("f.txt:2: ply 4 is not in 0..3"),
      std::string::npos);
  EXPECT_NE(parse_error(pos + "play 4HPwATCwZ/ABMA 2 3.5 0.1\n")
                .find("f.txt:2: expected two finite equities"),
            std::string::npos);
  EXPECT_NE(parse_error(pos + "play 4HPwATCwZ/ABMA 2 nan 0.1\n")
                .find("f.txt:2: expected two finite equities"),
            std::string::npos);
  EXPECT_NE(parse_error(pos + "play 4HPwATCwZ/ABMA 2 0.1\n")
                .find("f.txt:2: expected two finite equities"),
            std::string::npos);
  EXPECT_NE(
      parse_error(pos + "play 4HPwATCwZ/ABMA 2 0.1 0.1 0.1\n").find("f.txt:2: unexpected '0.1'"),
      std::string::npos);
  EXPECT_NE(parse_error(pos + "play !!!!!!!!!!!!!! 2 0.1 0.1\n").find("f.txt:2: "),
            std::string::npos);
  EXPECT_NE(
      parse_error(pos + "move 4HPwATCwZ/ABMA 2 0.1 0.1\n").find("f.txt:2: unknown line 'move'"),
      std::string::npos);
  EXPECT_NE(parse_error("# only comments\n\n").find("f.txt: no positions"), std::string::npos);
  Result<std::vector<CheckerReference>> missing = load_checker_references("/nonexistent/c.txt");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(
      missing.error().message.find("/nonexistent/c.txt: cannot open the checker reference file"),
      std::string::npos);
}

TEST(CheckerReference, CommittedFileIsAWholeGnubgTwoPlySet) {
  const std::vector<CheckerReference>& refs = committed_checker_set();
  ASSERT_GE(refs.size(), 1000u);
  int race = 0;
  for (const CheckerReference& r : refs) {
    race += r.position.is_race() ? 1 : 0;
    ASSERT_GE(r.plays.size(), 2u) << "line " << r.line;
    for (size_t i = 0; i < r.plays.size(); ++i) {
      EXPECT_EQ(r.plays[i].ply, 2) << "line " << r.plays[i].line;  // every play valued at 2-ply
      if (i) { EXPECT_LE(r.plays[i].equity, r.plays[i - 1].equity) << "line " << r.plays[i].line; }
    }
    EXPECT_EQ(r.best(), 0) << "line " << r.line;  // the oracle writes the best play first
  }
  EXPECT_GE(race, 100);  // contact and race mixed
  EXPECT_GE(int(refs.size()) - race, 500);
}

// A chooser that takes, for the k-th call, the play of refs[k] that `pick` names (by index into
// the file's plays), found among our plays by resulting position.
PlayChooser file_chooser(const std::vector<CheckerReference>& refs,
                         std::function<int(const CheckerReference&)> pick) {
  auto calls = std::make_shared<size_t>(0);
  return [&refs, pick, calls](const Position& pos, Dice dice, std::span<const Position> plays) {
    const CheckerReference& r = refs.at((*calls)++);
    EXPECT_TRUE(r.position == pos && r.dice == dice) << "line " << r.line;
    const std::string& want = r.plays[size_t(pick(r))].result_id;
    for (size_t i = 0; i < plays.size(); ++i)
      if (encode_position_id(plays[i]) == want) return int(i);
    return -1;
  };
}

// The second committed set (tests/data/gnubg_checker_2ply_b.txt: 3,000 pairs from the session 27
// net's self-play, seed 2): whole, every play at 2-ply, and every pair's legal plays exactly ours
// (a chooser of the file's best plays is matched on every pair and loses nothing).
TEST(CheckerReference, SecondCommittedFileIsWholeAndMatchesOurMoveGenerator) {
  Result<std::vector<CheckerReference>> refs = load_checker_references(
      std::string(NARD_SOURCE_DIR) + "/tests/data/gnubg_checker_2ply_b.txt");
  ASSERT_TRUE(refs.ok()) << refs.error().message;
  ASSERT_EQ(refs->size(), 3000u);
  for (const CheckerReference& r : *refs) {
    ASSERT_GE(r.plays.size(), 2u) << "line " << r.line;
    for (const ReferencePlay& p : r.plays) EXPECT_EQ(p.ply, 2) << "line " << p.line;
    EXPECT_EQ(r.best(), 0) << "line " << r.line;
  }
  Result<CheckerError> best = measure_checker_error(
      Rules{}, *refs, file_chooser(*refs, [](const CheckerReference& r) { return r.best(); }));
  ASSERT_TRUE(best.ok()) << best.error().message;
  EXPECT_EQ(best->overall.moves, 3000);
  EXPECT_EQ(best->overall.mean(), 0.0);
  EXPECT_GE(best->race.moves, 300);
}

// The sets on gnubg's own self-play (tests/gnubg/selfplay_positions.py), each file: whole, every
// play at 2-ply, no pair twice, contact and race mixed, and every pair's legal plays exactly ours.
TEST(CheckerReference, GnubgSelfplayFilesAreWholeAndMatchesOurMoveGenerator) {
  for (const std::string& path : selfplay_checker_reference_paths()) {
    SCOPED_TRACE(path);
    Result<std::vector<CheckerReference>> refs = load_checker_references(path);
    ASSERT_TRUE(refs.ok()) << refs.error().message;
    ASSERT_GE(refs->size(), 500u);
    std::set<std::string> pairs;
    for (const CheckerReference& r : *refs) {
      ASSERT_GE(r.plays.size(), 2u) << "line " << r.line;
      for (const ReferencePlay& p : r.plays) EXPECT_EQ(p.ply, 2) << "line " << p.line;
      EXPECT_EQ(r.best(), 0) << "line " << r.line;
      EXPECT_TRUE(
          pairs.insert(r.position_id + " " + std::to_string(r.dice.d1) + std::to_string(r.dice.d2))
              .second)
          << "line " << r.line;
    }
    Result<CheckerError> best = measure_checker_error(
        Rules{}, *refs, file_chooser(*refs, [](const CheckerReference& r) { return r.best(); }));
    ASSERT_TRUE(best.ok()) << best.error().message;
    EXPECT_EQ(best->overall.moves, int(refs->size()));
    EXPECT_EQ(best->overall.mean(), 0.0);
    EXPECT_GE(best->race.moves, 30);
    EXPECT_GE(best->contact.moves, int(refs->size()) / 2);
  }
}

// Every pair of the committed file: our legal plays are exactly the file's (else measuring
// fails), so any play we choose is found. A chooser that takes the file's best loses nothing; one
// that takes its worst loses what the file says; the 0-ply choice's loss is the file's own.
TEST(CheckerError, MatchesPlaysByResultingPosition) {
  const std::vector<CheckerReference>& refs = committed_checker_set();
  ASSERT_FALSE(refs.empty());
  const Rules rules;
  Result<CheckerError> best = measure_checker_error(
      rules, refs, file_chooser(refs, [](const CheckerReference& r) { return r.best(); }));
  ASSERT_TRUE(best.ok()) << best.error().message;
  EXPECT_EQ(best->overall.moves, int(refs.size()));
  EXPECT_EQ(best->contact.moves + best->race.moves, int(refs.size()));
  EXPECT_EQ(best->overall.mean(), 0.0);
  EXPECT_EQ(best->overall.ours_best, int(refs.size()));
  EXPECT_EQ(best->shallow_choices, 0);

  Result<CheckerError> worst = measure_checker_error(
      rules, refs,
      file_chooser(refs, [](const CheckerReference& r) { return int(r.plays.size()) - 1; }));
  ASSERT_TRUE(worst.ok()) << worst.error().message;
  double worst_sum = 0.0, zero_sum = 0.0;
  int zero_best = 0, race = 0;
  for (const CheckerReference& r : refs) {
    worst_sum += r.plays.front().equity - r.plays.back().equity;
    zero_sum += r.plays.front().equity - r.plays[size_t(r.best_at_0ply())].equity;
    // the best play, or one of the same equity (bear-offs often have exact ties)
    zero_best += r.plays[size_t(r.best_at_0ply())].equity == r.plays.front().equity ? 1 : 0;
    race += r.position.is_race() ? 1 : 0;
  }
  const double n = double(refs.size());
  EXPECT_NEAR(worst->overall.mean(), worst_sum / n, 1e-12);
  EXPECT_GT(worst->overall.mean(), 0.05);  // the worst play of a roll is a big error on average
  EXPECT_GT(worst->overall.standard_error(), 0.0);
  EXPECT_NEAR(worst->overall.mean_0ply(), zero_sum / n, 1e-12);
  EXPECT_NEAR(best->overall.mean_0ply(), zero_sum / n, 1e-12);
  EXPECT_EQ(worst->overall.ref0_best, zero_best);
  EXPECT_EQ(worst->race.moves, race);
  EXPECT_EQ(worst->contact.moves, int(refs.size()) - race);
  // The comparison names the plays in our notation.
  const CheckerComparison& c = worst->comparisons.front();
  EXPECT_EQ(c.ours, int(refs.front().plays.size()) - 1);
  EXPECT_FALSE(c.our_move.empty());
  EXPECT_FALSE(c.best_move.empty());
  EXPECT_NE(c.our_move, c.best_move);
}

TEST(CheckerError, PlaysThatDifferFromOursAreRefused) {
  Result<std::vector<CheckerReference>> parsed = parse_checker_references(kSmall, "f.txt");
  ASSERT_TRUE(parsed.ok());
  const Rules rules;
  const PlayChooser first = [](const Position&, Dice, std::span<const Position>) { return 0; };
  // 31 from the opening has 16 distinct plays; the file lists three.
  Result<CheckerError> few = measure_checker_error(rules, *parsed, first);
  ASSERT_FALSE(few.ok());
  EXPECT_NE(few.error().message.find(
                "line 2 (4HPwATDgc/ABMA 31): we find 16 legal plays, the file lists 3"),
            std::string::npos)
      << few.error().message;
  // The right count, but one result replaced by a position no 31 reaches.
  std::vector<CheckerReference> refs = committed_checker_set();
  ASSERT_FALSE(refs.empty());
  refs.resize(1);
  refs[0].plays.back().result_id = "4HPwATDgc/ABMA";  // the position itself: no play
  Result<CheckerError> wrong = measure_checker_error(rules, refs, first);
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.error().message.find("is not in the file"), std::string::npos)
      << wrong.error().message;
  // A chooser that finds nothing.
  const PlayChooser none = [](const Position&, Dice, std::span<const Position>) { return -1; };
  Result<CheckerError> lost = measure_checker_error(rules, committed_checker_set(), none);
  ASSERT_FALSE(lost.ok());
  EXPECT_NE(lost.error().message.find("the chooser returned no play"), std::string::npos);
}

TEST(CheckerBenchCli, ReportsErrorsOfOursAndOfTheReferenceZeroPly) {
  // The first five pairs of the committed file, at 0-ply.
  const std::string file = unique_temp_path("checker_ref");
  {
    std::ifstream in(default_checker_reference_path());
    std::ofstream out(file);
    std::string line;
    int positions = 0;
    while (std::getline(in, line)) {
      if (line.rfind("position ", 0) == 0 && ++positions > 5) break;
      out << line << "\n";
    }
  }
  const CliRun r = run_nard("bench checker --file " + file + " --list");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("checker bench: 5 moves from"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ours at 0-ply"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  all           5 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Pairs where we lost equity"), std::string::npos) << r.out;
  // Against the same model: the paired difference is exactly zero; a missing model is bad input.
  CliRun vs = run_nard("bench checker --file " + file + " --vs-model " +
                       *default_model_path(Variant::Backgammon));
  EXPECT_EQ(vs.exit_code, 0) << vs.err;
  EXPECT_NE(vs.out.find(
                "at 0-ply on the same moves (paired, x1000):\n  all           5     +0.00 ± 0.00"),
            std::string::npos)
      << vs.out;
  // Unpruned lookahead is named in the header; a negative count is bad input.
  const CliRun unpruned = run_nard("bench checker --file " + file + " --ply 1 --prune-keep 0");
  EXPECT_EQ(unpruned.exit_code, 0) << unpruned.err;
  EXPECT_NE(unpruned.out.find("ours at 1-ply unpruned,"), std::string::npos) << unpruned.out;
  EXPECT_EQ(run_nard("bench checker --file " + file + " --prune-keep -1").exit_code, 2);
  vs = run_nard("bench checker --file " + file + " --vs-model /nonexistent/m.nardnet");
  EXPECT_EQ(vs.exit_code, 2) << vs.err;
  EXPECT_NE(vs.err.find("/nonexistent/m.nardnet"), std::string::npos) << vs.err;
  std::remove(file.c_str());
}

// paired_loss: a player against itself is 0 on every kind; against the file's best play, its
// own mean error, split as the tallies are.
TEST(CheckerError, PairedLossIsTheMeanDifferenceOnTheSamePairs) {
  const std::vector<CheckerReference>& refs = committed_checker_set();
  ASSERT_FALSE(refs.empty());
  const Rules rules;
  Result<CheckerError> best = measure_checker_error(
      rules, refs, file_chooser(refs, [](const CheckerReference& r) { return r.best(); }));
  Result<CheckerError> zero = measure_checker_error(
      rules, refs, file_chooser(refs, [](const CheckerReference& r) { return r.best_at_0ply(); }));
  ASSERT_TRUE(best.ok() && zero.ok());
  const PairedLoss self = paired_loss(*zero, *zero, PairKind::All);
  EXPECT_EQ(self.moves, int(refs.size()));
  EXPECT_EQ(self.mean, 0.0);
  EXPECT_EQ(self.standard_error, 0.0);
  const PairedLoss all = paired_loss(*zero, *best, PairKind::All);
  EXPECT_NEAR(all.mean, zero->overall.mean(), 1e-12);
  EXPECT_NEAR(all.standard_error, zero->overall.standard_error(), 1e-12);
  const PairedLoss contact = paired_loss(*zero, *best, PairKind::Contact);
  const PairedLoss race = paired_loss(*zero, *best, PairKind::Race);
  EXPECT_EQ(contact.moves, zero->contact.moves);
  EXPECT_EQ(race.moves, zero->race.moves);
  EXPECT_NEAR(contact.mean, zero->contact.mean(), 1e-12);
  EXPECT_NEAR(race.mean, zero->race.mean(), 1e-12);
  EXPECT_LT(paired_loss(*best, *zero, PairKind::All).mean, 0.0);
}

// Without --file the command reports the committed sets of both origins (each a first file and
// its continuation), each named with its origin, then a summary line per set whose gnubg 0-ply
// column is the files' own (no model in it).
std::vector<CheckerReference> load_all(const std::vector<std::string>& paths) {
  std::vector<CheckerReference> all;
  for (const std::string& path : paths) {
    Result<std::vector<CheckerReference>> refs = load_checker_references(path);
    EXPECT_TRUE(refs.ok()) << refs.error().message;
    if (refs) all.insert(all.end(), refs->begin(), refs->end());
  }
  return all;
}

TEST(CheckerBenchCli, ReportsBothCommittedSetsWithTheirOrigin) {
  const CliRun r = run_nard("bench checker");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::pair<std::vector<std::string>, const char*> sets[] = {
      {default_checker_reference_paths(),
       "gnubg_checker_2ply.txt + gnubg_checker_2ply_b.txt (our self-play)"},
      {selfplay_checker_reference_paths(),
       "gnubg_selfplay_checker_2ply.txt + gnubg_selfplay_checker_2ply_b.txt (gnubg self-play)"}};
  for (const auto& [paths, label] : sets) {
    const std::string header = "checker bench: " + std::to_string(load_all(paths).size()) +
                               " moves from " + label + "; ours at 0-ply";
    EXPECT_NE(r.out.find(header), std::string::npos) << header << "\n" << r.out;
  }
  const std::vector<CheckerReference> own = load_all(selfplay_checker_reference_paths());
  ASSERT_GT(own.size(), 600u);
  Result<CheckerError> zero = measure_checker_error(
      Rules{}, own, file_chooser(own, [](const CheckerReference& c) { return c.best_at_0ply(); }));
  ASSERT_TRUE(zero.ok()) << zero.error().message;
  const size_t at = r.out.find("\n  gnubg self-play  ", r.out.find("Summary:"));
  ASSERT_NE(at, std::string::npos) << r.out;
  std::istringstream line(r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1));
  std::string gnubg, self_play, plus_minus, best;
  int moves = 0;
  double ours = 0, ours_se = 0, ref = 0;
  ASSERT_TRUE(line >> gnubg >> self_play >> moves >> ours >> plus_minus >> ours_se >> best >> ref)
      << line.str();
  EXPECT_EQ(moves, int(own.size()));
  EXPECT_NEAR(ref, 1000 * zero->overall.mean_0ply(), 0.006) << line.str();
}

TEST(CheckerBenchCli, MissingOrBrokenFileIsBadInput) {
  CliRun r = run_nard("bench checker --file /nonexistent/checker.txt");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/nonexistent/checker.txt: cannot open the checker reference file"),
            std::string::npos)
      << r.err;
  const std::string file = unique_temp_path("checker_bad");
  std::ofstream(file) << "position 4HPwATDgc/ABMA 31 1\nplay 4HPwATCwZ/ABMA 2 0.1\n";
  r = run_nard("bench checker --file " + file);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(":2: expected two finite equities"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  std::remove(file.c_str());
  r = run_nard("bench checker-positions --count 0");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--count: must be at least 1, not 0"), std::string::npos) << r.err;
}

TEST(CheckerBenchCli, PositionsAreDeterministicAndPlayable) {
  const CliRun a = run_nard("bench checker-positions --count 30 --seed 5");
  const CliRun b = run_nard("bench checker-positions --count 30 --seed 5 --threads 2");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  std::istringstream in(a.out);
  std::string line;
  int pairs = 0;
  const Rules rules;
  MoveGenerator generator(rules);
  PlayList list;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    ++pairs;
    std::istringstream fields(line);
    std::string id, dice;
    ASSERT_TRUE(fields >> id >> dice) << line;
    Result<Position> pos = decode_position_id(id);
    ASSERT_TRUE(pos.ok()) << line;
    ASSERT_EQ(dice.size(), 2u) << line;
    ASSERT_GE(dice[0], dice[1]) << line;
    list.size = generator.generate(*pos, Dice{uint8_t(dice[0] - '0'), uint8_t(dice[1] - '0')},
                                   list.positions.get());
    EXPECT_GE(list.size, 2) << line;
  }
  EXPECT_EQ(pairs, 30);
}

// The oracle, run by gnubg on the committed file's first three pairs, writes the same lines.
// gnubg's evaluation is deterministic, but builds differ in the last digits: Debian's gnubg
// 1.07.001-1+b1 gives 0-ply equities up to 2.5e-4 away from the build that made the file (on
// 2026-11-24), while its 2-ply (an average over 21 rolls) stays within 1e-4. A wrong ply, side or
// play would miss by far more than either tolerance.
TEST(CheckerOracle, ReproducesTheCommittedLines) {
  Result<std::string> gnubg = find_gnubg();
  if (!gnubg.ok()) GTEST_SKIP() << "gnubg is not installed (apt-get install gnubg)";
  const std::vector<CheckerReference>& refs = committed_checker_set();
  ASSERT_GE(refs.size(), 3u);
  const std::string in = unique_temp_path("checker_pairs"), out = unique_temp_path("checker_out");
  {
    std::ofstream f(in);
    f << "# three pairs\n";
    for (int i = 0; i < 3; ++i)
      f << refs[size_t(i)].position_id << " " << int(refs[size_t(i)].dice.d1)
        << int(refs[size_t(i)].dice.d2) << "\n";
  }
  const std::string cmd = "NARD_CHECKER_POSITIONS=" + in + " NARD_CHECKER_OUT=" + out + " " +
                          *gnubg + " -t -q -r -p " + NARD_SOURCE_DIR +
                          "/tests/gnubg/checker_oracle.py >/dev/null 2>&1";
  prepare_gnubg_home();
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  Result<std::vector<CheckerReference>> fresh = load_checker_references(out);
  ASSERT_TRUE(fresh.ok()) << fresh.error().message;
  ASSERT_EQ(fresh->size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    const CheckerReference& a = (*fresh)[i];
    const CheckerReference& b = refs[i];
    EXPECT_EQ(a.position_id, b.position_id);
    ASSERT_EQ(a.plays.size(), b.plays.size()) << b.position_id;
    for (const ReferencePlay& p : a.plays) {
      const int j = b.find(p.result_id);
      ASSERT_GE(j, 0) << p.result_id;
      EXPECT_NEAR(p.equity, b.plays[size_t(j)].equity, 1e-4) << p.result_id;
      EXPECT_NEAR(p.equity_0ply, b.plays[size_t(j)].equity_0ply, 5e-4) << p.result_id;
    }
  }
  EXPECT_NE(slurp_file(out).find("# three pairs"), std::string::npos);  // the input's header kept
  std::remove(in.c_str());
  std::remove(out.c_str());
}

}  // namespace
}  // namespace nard

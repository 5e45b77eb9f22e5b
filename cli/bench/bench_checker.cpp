// nard bench checker [--file F] [--ply N] [--prune-keep K] [--model M] [--vs-model M2] [--list]
// [--no-bearoff-db]: our checker-play error against reference equities (format in
// bench/checker_reference.h).
// Without --file, both committed gnubg 2-ply sets, one report each, labelled with where their
// pairs came from: tests/data/gnubg_checker_2ply.txt (our self-play) and
// tests/data/gnubg_selfplay_checker_2ply.txt (gnubg's self-play, a distribution we did not make: a
// checker-play change is judged on the set it was not fitted to), then a summary line per set.
// For each (position, roll) our play is the one `nard hint`
// ranks first at --ply (Search::best_play over our legal plays, rules wbf), matched to the file's
// plays by resulting position (bench/checker_error.h). Prints the mean equity lost per move (x1000,
// ± standard error) overall and split contact / race, the share of moves where we chose the
// reference's best play, and the same for the reference's own 0-ply choice (gnubg 0-ply) on the
// same pairs. --vs-model M2 also measures M2 and prints ours minus its error, paired over the
// same pairs. --list prints every pair where we lost equity.
// Also registers `bench checker-positions` (cli/bench/bench_checker_positions.cpp), which makes the
// pairs.
#include <cstdio>
#include <filesystem>
#include <optional>

#include "bench/checker_error.h"
#include "cli/bench/reference_bot.h"
#include "cli/bench/reference_sets.h"
#include "cli/bot_args.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "search/search.h"

namespace nard::tools {

void register_bench_checker_positions(CLI::App& app);  // cli/bench/bench_checker_positions.cpp

namespace {
struct BenchCheckerOptions : ReferenceBotOptions {
  std::string file, vs_model;
  bool list = false;
};

void print_tally(const char* name, const LossTally& t) {
  if (t.moves == 0) return;
  std::printf("  %-8s %6d   %7.2f ± %4.2f  %5.1f%%   %7.2f ± %4.2f  %5.1f%%   %+7.2f ± %4.2f\n",
              name, t.moves, 1000 * t.mean(), 1000 * t.standard_error(), 100 * t.share_best(),
              1000 * t.mean_0ply(), 1000 * t.standard_error_0ply(), 100 * t.share_best_0ply(),
              1000 * (t.mean() - t.mean_0ply()), 1000 * t.standard_error_difference());
}

void print_losses(const CheckerError& e) {
  std::printf(
      "Pairs where we lost equity: ID roll | loss | ours | reference's best | its 0-ply choice\n");
  for (const CheckerComparison& c : e.comparisons) {
    if (c.loss <= 0.0) continue;
    const CheckerReference& r = *c.reference;
    std::printf("  %s %d%d %-7s | %6.1f | %-22s | %-22s | %s (%.1f)\n", r.position_id.c_str(),
                r.dice.d1, r.dice.d2, c.race ? "race" : "contact", 1000 * c.loss,
                c.our_move.c_str(), c.best_move.c_str(), c.move_0ply.c_str(), 1000 * c.loss_0ply);
  }
}

// A backgammon model at the options' ply and bear-off settings; null after reporting what is wrong
// (`what` names the option in the message).
std::unique_ptr<LoadedBot> checker_bot(const BenchCheckerOptions& o, const std::string& model,
                                       const char* what) {
  std::unique_ptr<LoadedBot> bot = load_reference_bot(o, model);
  if (bot && bot->rules.variant != Variant::Backgammon) {
    fail_input(make_error(std::string("the checker bench is for standard backgammon models: ") +
                          what + " " + bot->model_path + " is not one"));
    return nullptr;
  }
  return bot;
}

// The bot's checker error on the references; nullopt after reporting a failure.
std::optional<CheckerError> checker_error_of(LoadedBot& bot, const std::string& file,
                                             const std::vector<CheckerReference>& refs) {
  NeuralEvaluator evaluator(bot.model);
  Search search(bot.rules, evaluator, bot.search);
  const PlayChooser choose = [&](const Position& pos, Dice dice, std::span<const Position> plays) {
    return search.best_play(pos, dice, plays);
  };
  Result<CheckerError> e = measure_checker_error(bot.rules, refs, choose);
  if (!e) {
    fail_input(make_error(file + ": " + e.error().message));
    return std::nullopt;
  }
  return std::move(e).value();
}

using CheckerSet = ReferenceSet<CheckerReference>;

std::optional<std::vector<CheckerSet>> load_checker_sets(const BenchCheckerOptions& o) {
  return load_reference_sets<CheckerReference>(
      o.file, default_checker_reference_paths(), selfplay_checker_reference_paths(),
      [](const std::string& f) { return load_checker_references(f); });
}

void print_set_report(const BenchCheckerOptions& o, const LoadedBot& bot, const CheckerSet& set,
                      const CheckerError& e, const LoadedBot* other, const CheckerError* vs) {
  std::printf("checker bench: %zu moves from %s%s; ours at %d-ply%s, rules %s, model %s%s\n",
              set.refs.size(), set.name().c_str(),
              set.origin.empty() ? "" : (" (" + set.origin + ")").c_str(), o.ply,
              o.ply > 0 && o.prune_keep == 0 ? " unpruned" : "", bot.rules.preset.c_str(),
              std::filesystem::path(bot.model_path).filename().string().c_str(), bearoff_label(o));
  std::printf(
      "Equity lost per move against the file's best play (x1000, ± standard error), share of\n"
      "moves on its best play; ours, then the file's own 0-ply choice, then ours minus it "
      "(paired):\n");
  std::printf("  %-8s %6s   %-14s %6s   %-14s %6s   %s\n", "", "moves", "ours", "best", "ref 0-ply",
              "best", "difference");
  print_tally("all", e.overall);
  print_tally("contact", e.contact);
  print_tally("race", e.race);
  if (e.shallow_choices)
    std::printf("Note: %d of our plays were valued by the file below its deepest ply.\n",
                e.shallow_choices);
  if (vs) {
    std::printf("Ours minus %s's at %d-ply on the same moves (paired, x1000):\n",
                std::filesystem::path(other->model_path).filename().string().c_str(), o.ply);
    const std::pair<const char*, PairKind> kinds[] = {
        {"all", PairKind::All}, {"contact", PairKind::Contact}, {"race", PairKind::Race}};
    for (const auto& [name, kind] : kinds) {
      const PairedLoss p = paired_loss(e, *vs, kind);
      if (p.moves)
        std::printf("  %-8s %6d   %+7.2f ± %4.2f\n", name, p.moves, 1000 * p.mean,
                    1000 * p.standard_error);
    }
  }
  if (o.list) print_losses(e);
}

void print_summary(const std::vector<CheckerSet>& sets, const std::vector<CheckerError>& results) {
  std::printf(
      "Summary: equity lost per move (x1000, ± standard error), share of best plays; ours, then "
      "the file's 0-ply choice:\n");
  for (size_t i = 0; i < sets.size(); ++i) {
    const LossTally& t = results[i].overall;
    std::printf("  %-16s %6d   %7.2f ± %4.2f  %5.1f%%   %7.2f ± %4.2f  %5.1f%%\n",
                sets[i].origin.c_str(), t.moves, 1000 * t.mean(), 1000 * t.standard_error(),
                100 * t.share_best(), 1000 * t.mean_0ply(), 1000 * t.standard_error_0ply(),
                100 * t.share_best_0ply());
  }
}

void run_bench_checker(const BenchCheckerOptions& o) {
  const std::optional<std::vector<CheckerSet>> sets = load_checker_sets(o);
  if (!sets) return;
  // Both models are loaded before either is measured: a bad --vs-model fails at once.
  std::unique_ptr<LoadedBot> bot = checker_bot(o, o.model, "--model"), other;
  if (!bot) return;
  if (!o.vs_model.empty() && !(other = checker_bot(o, o.vs_model, "--vs-model"))) return;
  std::vector<CheckerError> results;
  for (const CheckerSet& set : *sets) {
    std::optional<CheckerError> e = checker_error_of(*bot, set.paths(), set.refs);
    if (!e) return;
    std::optional<CheckerError> vs;
    if (other && !(vs = checker_error_of(*other, set.paths(), set.refs))) return;
    if (!results.empty()) std::printf("\n");
    print_set_report(o, *bot, set, *e, other.get(), vs ? &*vs : nullptr);
    results.push_back(std::move(*e));
  }
  if (sets->size() > 1) {
    std::printf("\n");
    print_summary(*sets, results);
  }
}
}  // namespace

void register_bench_checker(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<BenchCheckerOptions>();
  CLI::App* cmd = bench->add_subcommand(
      "checker", "Checker-play error against gnubg 2-ply equities (reference file)");
  cmd->add_option(
      "--file", o->file,
      "Reference file (default: the committed sets of both origins, tests/data/"
      "gnubg_checker_2ply{,_b}.txt and tests/data/gnubg_selfplay_checker_2ply{,_b}.txt)");
  cmd->add_option("--ply", o->ply, "Our search depth 0..3")->check(CLI::Range(0, 3));
  cmd->add_option("--model", o->model, "Backgammon model (default: the shipped one)");
  cmd->add_option(
      "--vs-model", o->vs_model,
      "Also another model at the same ply, and ours minus its error on the same moves (paired)");
  cmd->add_flag("--list", o->list, "Print every pair where we lost equity");
  add_reference_bot_settings(cmd, *o);
  cmd->callback([o] { run_bench_checker(*o); });
  register_bench_checker_positions(app);
}

}  // namespace nard::tools

// nard bench cube [--file F] [--ply N] [--model M] [--gnubg-probs | --decisions-from G...]
// [--vs-decisions V...] [--list] [--disputes OUT] [--no-bearoff-db] [--one-sided-bearoff]:
// how often our money cube decisions agree with the reference decisions of a file (format in
// bench/cube_reference.h). Without --file, the committed gnubg 2-ply sets of both origins, one
// report each, labelled with where their positions came from: tests/data/gnubg_cube_2ply.txt (our
// self-play) and tests/data/gnubg_selfplay_cube_2ply{,_b}.txt read as one set (gnubg's self-play, a
// distribution we did not make: a cube change is judged on the set it was not fitted to), then a
// summary line per set.
// Our decision for each entry is the one `nard cube` gives (BotAgent::analyse_cube at --ply,
// rules wbf, bear-off positions from the bear-off databases unless --no-bearoff-db;
// --one-sided-bearoff leaves the two-sided one out, to measure what it gains). --gnubg-probs feeds
// the file's cubeless probabilities to our cube model instead of our net: the model's share of
// the disagreement. --decisions-from G takes "our" decisions from other reference files instead
// (the entry of G with the same position and cube), e.g. gnubg 0-ply's (tests/gnubg/cube_oracle.py
// with NARD_CUBE_PLIES=0) measured against gnubg 2-ply's. --vs-decisions V measures the decisions
// of V the same way and prints what ours cost minus what V's cost, paired by decision, with its
// standard error (tests/data/gnubg_cube_0ply.txt and gnubg_selfplay_cube_0ply.txt hold gnubg
// 0-ply's decisions for every entry of the committed sets). --list prints every disagreement;
// --disputes OUT writes them to OUT, one line each
// "<Position ID> <cube value> centre|roller  ours=<action> gnubg=<action>" ('#' lines name the
// settings and the set).
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench/cube_agreement.h"
#include "cli/bench/reference_bot.h"
#include "cli/bench/reference_sets.h"
#include "cli/bot_args.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "core/atomic_file.h"
#include "play/agents.h"
#include "search/cube/money.h"

namespace nard::tools {

namespace {
struct BenchCubeOptions : ReferenceBotOptions {
  std::string file, disputes;
  std::vector<std::string> decisions_from, vs_decisions;
  bool gnubg_probs = false, list = false;
};

void print_tally(const char* name, const AgreementTally& t) {
  if (t.entries == 0) return;
  auto pct = [&](int count) {
    std::printf("  %5.1f%% ± %3.1f", 100 * t.rate(count), 100 * t.standard_error(count));
  };
  std::printf("  %-18s %6d", name, t.entries);
  pct(t.action);
  pct(t.doubling);
  pct(t.take_pass);
  std::printf("   %.4f  %.4f  %.4f   %5.1f  %5.1f\n", t.mean_abs_cubeless(), t.mean_abs_no_double(),
              t.mean_abs_double_take(), 1000 * t.mean_doubler_cost(), 1000 * t.mean_taker_cost());
}

// Entries of the confusion matrix where (reference, ours) satisfies `pick`.
template <class Pick>
int count_where(const CubeAgreement& a, Pick pick) {
  int n = 0;
  for (int r = 0; r < kCubeActions; ++r)
    for (int o = 0; o < kCubeActions; ++o)
      if (pick(CubeAction(r), CubeAction(o))) n += a.confusion[r][o];
  return n;
}

void print_directions(const CubeAgreement& a) {
  using A = CubeAction;
  auto too_good = [](A x) { return x == A::TooGoodTake || x == A::TooGoodPass; };
  const struct {
    const char* text;
    int count;
  } rows[] = {
      {"we double, gnubg does not double (too early)",
       count_where(a, [](A r, A o) { return r == A::NoDouble && is_double(o); })},
      {"we do not double, gnubg doubles (too late)",
       count_where(a, [](A r, A o) { return is_double(r) && o == A::NoDouble; })},
      {"we play on (too good), gnubg doubles",
       count_where(a, [&](A r, A o) { return is_double(r) && too_good(o); })},
      {"we double, gnubg plays on (too good)",
       count_where(a, [&](A r, A o) { return too_good(r) && is_double(o); })},
      {"we take, gnubg passes", count_where(a, [](A r, A o) { return is_pass(r) && !is_pass(o); })},
      {"we pass, gnubg takes", count_where(a, [](A r, A o) { return !is_pass(r) && is_pass(o); })},
  };
  std::printf("Disagreements by direction:\n");
  for (const auto& row : rows) std::printf("  %-46s %5d\n", row.text, row.count);
}

void print_report(const CubeAgreement& a) {
  std::printf(
      "Agreement (± standard error), mean |ours - gnubg| of the cubeless, ND and DT equities, and\n"
      "the mean cost of our doubler and taker choices by gnubg's equities (millipoints per "
      "entry):\n");
  std::printf("  %-18s %6s  %-12s  %-12s  %-12s   %-7s %-7s %-7s  %-6s %-6s\n", "", "n", "action",
              "double?", "take/pass", "|dCL|", "|dND|", "|dDT|", "d-cost", "t-cost");
  print_tally("all", a.overall);
  for (int k = 0; k < 3; ++k)
    print_tally(std::string(position_kind_name(PositionKind(k))).c_str(), a.by_kind[size_t(k)]);
  print_tally("cube centred", a.by_cube[0]);
  print_tally("cube owned", a.by_cube[1]);
  for (int r = 0; r < kCubeActions; ++r)
    print_tally(("gnubg " + std::string(cube_action_name(CubeAction(r)))).c_str(),
                a.by_reference[size_t(r)]);
  std::printf("Confusion (rows: gnubg, columns: ours):\n  %-14s", "");
  for (int o = 0; o < kCubeActions; ++o)
    std::printf(" %13s", std::string(cube_action_name(CubeAction(o))).c_str());
  for (int r = 0; r < kCubeActions; ++r) {
    std::printf("\n  %-14s", std::string(cube_action_name(CubeAction(r))).c_str());
    for (int o = 0; o < kCubeActions; ++o) std::printf(" %13d", a.confusion[size_t(r)][size_t(o)]);
  }
  std::printf("\n");
  print_directions(a);
  std::printf("Mean ours - gnubg: ND %+.4f, DT %+.4f (per unit of cube)\n",
              a.overall.mean_diff_no_double(), a.overall.mean_diff_double_take());
}

void print_disagreements(const CubeAgreement& a) {
  std::printf(
      "Disagreements: ID cube kind | gnubg action ND DT cubeless | ours action ND DT cubeless\n");
  for (const CubeComparison& c : a.comparisons) {
    const CubeReference& r = *c.reference;
    if (c.ours == r.action) continue;
    std::printf("  %s %d %-6s %-8s | %-13s %+.3f %+.3f %+.3f | %-13s %+.3f %+.3f %+.3f\n",
                r.position_id.c_str(), r.cube.value,
                r.cube.owner == CubeHolder::Centred ? "centre" : "roller",
                std::string(position_kind_name(c.kind)).c_str(),
                std::string(cube_action_name(r.action)).c_str(), r.no_double, r.double_take,
                cubeless_equity(r.cubeless), std::string(cube_action_name(c.ours)).c_str(),
                c.no_double, c.double_take, c.cubeless);
  }
}

using CubeSet = ReferenceSet<CubeReference>;

std::optional<std::vector<CubeSet>> load_cube_sets(const BenchCubeOptions& o) {
  return load_reference_sets<CubeReference>(
      o.file, {default_cube_reference_path()}, selfplay_cube_reference_paths(),
      [](const std::string& f) { return load_cube_references(f); });
}

// The --disputes lines of one set: a '#' line naming it, then one line per entry where our action
// differs from the reference's.
std::string disputes_text(const CubeSet& set, const CubeAgreement& a) {
  std::string text = "# " + set.name() + (set.origin.empty() ? "" : " (" + set.origin + ")") + "\n";
  for (const CubeComparison& c : a.comparisons) {
    const CubeReference& r = *c.reference;
    if (c.ours == r.action) continue;
    text += r.position_id + " " + std::to_string(r.cube.value) +
            (r.cube.owner == CubeHolder::Centred ? " centre" : " roller") +
            "  ours=" + std::string(cube_action_name(c.ours)) +
            " gnubg=" + std::string(cube_action_name(r.action)) + "\n";
  }
  return text;
}

// `paired` (empty without --vs-decisions) holds our cost minus that of `vs_name`, per set.
void print_summary(const std::vector<CubeSet>& sets, const std::vector<CubeAgreement>& results,
                   const std::vector<PairedCubeCost>& paired, const std::string& vs_name) {
  std::printf(
      "Summary: action agreement (± standard error); doubler and taker cost, millipoints per "
      "decision%s:\n",
      paired.empty() ? "" : ("; our cost minus that of " + vs_name + ", paired").c_str());
  for (size_t i = 0; i < sets.size(); ++i) {
    const AgreementTally& t = results[i].overall;
    const AgreementTally& contact = results[i].by_kind[size_t(PositionKind::Contact)];
    std::printf("  %-16s %6d  %5.1f%% ± %3.1f (contact %5.1f%%)   %5.1f  %5.1f",
                sets[i].origin.c_str(), t.entries, 100 * t.rate(t.action),
                100 * t.standard_error(t.action), 100 * contact.rate(contact.action),
                1000 * t.mean_doubler_cost(), 1000 * t.mean_taker_cost());
    if (i < paired.size())
      std::printf("  (paired %+.3f ± %.3f)", 1000 * paired[i].total.mean(),
                  1000 * paired[i].total.standard_error());
    std::printf("\n");
  }
}

// Decisions from other reference files: the entry for the same position and cube (the first
// file that has one), its action and equities as they stand; an entry none has is an error.
Result<CubeDecider> decisions_from_files(const std::vector<std::string>& paths) {
  auto key = [](const CubeReference& r) {
    return r.position_id + (r.cube.owner == CubeHolder::Me ? " roller " : " centre ") +
           std::to_string(r.cube.value);
  };
  auto by_key = std::make_shared<std::map<std::string, CubeReference>>();
  std::string names;
  for (const std::string& path : paths) {
    Result<std::vector<CubeReference>> refs = load_cube_references(path);
    if (!refs) return refs.error();
    std::vector<CubeReference> entries = std::move(refs).value();
    for (CubeReference& r : entries) by_key->emplace(key(r), std::move(r));
    names += (names.empty() ? "" : " + ") + path;
  }
  return CubeDecider([by_key, key, names](const CubeReference& r) -> Result<CubeDecision> {
    const auto it = by_key->find(key(r));
    if (it == by_key->end()) return make_error(names + " has no entry for " + key(r));
    const CubeReference& e = it->second;
    CubeDecision d;
    d.redouble = e.cube.owner == CubeHolder::Me;
    d.doubler = e.action == CubeAction::NoDouble ? DoublerAction::NoDouble
                : is_double(e.action)            ? DoublerAction::Double
                                                 : DoublerAction::TooGood;
    d.taker = is_pass(e.action) ? TakerAction::Pass : TakerAction::Take;
    d.cubeless = cubeless_equity(e.cubeless);
    d.no_double = e.no_double;
    d.double_take = e.double_take;
    d.double_pass = e.double_pass;
    return d;
  });
}

// The file names of `paths`, joined with " + ".
std::string file_names(const std::vector<std::string>& paths) {
  std::string names;
  for (const std::string& path : paths)
    names += (names.empty() ? "" : " + ") + std::filesystem::path(path).filename().string();
  return names;
}

// Decisions to compare ours with (--vs-decisions), and whose they are.
struct VsDecisions {
  CubeDecider decide;
  std::string name;
};

// Three decimals: a one-standard-error rule between two nets whose decisions differ in a few
// dozen of thousands needs them (a paired cost of -0.049 ± 0.047 rounds to -0.05 ± 0.05).
void print_paired_cost(const CubeAgreement& ours, const CubeAgreement& theirs,
                       const std::string& name) {
  std::printf(
      "Our cost minus that of %s, paired by decision (millipoints per decision, ± standard "
      "error):\n",
      name.c_str());
  auto row = [](const char* label, const PairedCubeCost& p) {
    if (p.total.n == 0) return;
    std::printf(
        "  %-8s %6d   doubler %+7.3f ± %5.3f   taker %+7.3f ± %5.3f   total %+7.3f ± %5.3f\n",
        label, p.total.n, 1000 * p.doubler.mean(), 1000 * p.doubler.standard_error(),
        1000 * p.taker.mean(), 1000 * p.taker.standard_error(), 1000 * p.total.mean(),
        1000 * p.total.standard_error());
  };
  row("all", paired_cube_cost(ours, theirs));
  for (int k = 0; k < 3; ++k)
    row(std::string(position_kind_name(PositionKind(k))).c_str(),
        paired_cube_cost(ours, theirs, PositionKind(k)));
}

// Measures `decide` on every set and prints a report per set (`ours` says whose decisions they
// are), a summary when there are several, and writes --disputes.
void report_sets(const BenchCubeOptions& o, const std::vector<CubeSet>& sets,
                 const CubeDecider& decide, const std::string& ours,
                 const std::optional<VsDecisions>& vs) {
  std::vector<CubeAgreement> results;
  std::vector<PairedCubeCost> paired;
  std::string disputes =
      "# nard bench cube, " + ours + ": the decisions where ours differ from the reference's\n";
  for (const CubeSet& set : sets) {
    Result<CubeAgreement> a = measure_cube_agreement(set.refs, decide);
    if (!a) return fail_input(a.error());
    if (!results.empty()) std::printf("\n");
    const std::string origin = set.origin.empty() ? "" : " (" + set.origin + ")";
    std::printf("cube bench: %zu decisions from %s%s; %s\n", set.refs.size(), set.name().c_str(),
                origin.c_str(), ours.c_str());
    print_report(*a);
    if (vs) {
      Result<CubeAgreement> theirs = measure_cube_agreement(set.refs, vs->decide);
      if (!theirs) return fail_input(theirs.error());
      print_paired_cost(*a, *theirs, vs->name);
      paired.push_back(paired_cube_cost(*a, *theirs));
    }
    if (o.list) print_disagreements(*a);
    disputes += disputes_text(set, *a);
    results.push_back(std::move(a).value());
  }
  if (sets.size() > 1) {
    std::printf("\n");
    print_summary(sets, results, paired, vs ? vs->name : "");
  }
  if (!o.disputes.empty())
    if (std::optional<Error> e = write_file_atomic(o.disputes, disputes)) return fail_runtime(*e);
}

void run_bench_cube(const BenchCubeOptions& o) {
  const std::optional<std::vector<CubeSet>> sets = load_cube_sets(o);
  if (!sets) return;
  std::optional<VsDecisions> vs;
  if (!o.vs_decisions.empty()) {
    Result<CubeDecider> theirs = decisions_from_files(o.vs_decisions);
    if (!theirs) return fail_input(theirs.error());
    vs = VsDecisions{std::move(theirs).value(), file_names(o.vs_decisions)};
  }
  if (!o.decisions_from.empty()) {
    Result<CubeDecider> from_file = decisions_from_files(o.decisions_from);
    if (!from_file) return fail_input(from_file.error());
    return report_sets(o, *sets, *from_file,
                       "ours: the decisions of " + file_names(o.decisions_from), vs);
  }
  std::unique_ptr<LoadedBot> bot = load_reference_bot(o, o.model);
  if (!bot) return;
  NeuralEvaluator evaluator(bot->model);
  BotAgent agent(bot->rules, evaluator, bot->search);
  const Rules& rules = bot->rules;
  CubeDecider decide = [&](const CubeReference& r) -> Result<CubeDecision> {
    if (o.gnubg_probs)
      return predict_money_cube(make_consistent(r.cubeless), r.cube, r.position, rules);
    MatchView view;  // money
    view.cube.value = r.cube.value;
    view.cube.owner = r.cube.owner == CubeHolder::Me ? 0 : -1;
    view.cube.turned = r.cube.turned;
    return agent.analyse_cube(r.position, view);
  };
  const std::string ours =
      "ours at " + std::to_string(o.ply) + "-ply, rules " + rules.preset + ", " +
      (o.gnubg_probs ? std::string("probabilities: the file's (cube model alone)")
                     : "model " + std::filesystem::path(bot->model_path).filename().string() +
                           bearoff_label(o));
  report_sets(o, *sets, decide, ours, vs);
}
}  // namespace

void register_bench_cube(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<BenchCubeOptions>();
  CLI::App* cmd = bench->add_subcommand(
      "cube", "Agreement of our money cube decisions with gnubg's (reference file)");
  cmd->add_option("--file", o->file,
                  "Reference file (default: the committed sets of both origins, tests/data/"
                  "gnubg_cube_2ply.txt and tests/data/gnubg_selfplay_cube_2ply{,_b}.txt)");
  cmd->add_option("--ply", o->ply, "Our search depth 0..3")->check(CLI::Range(0, 3));
  cmd->add_option("--model", o->model, "Backgammon model (default: the shipped one)");
  CLI::Option* probs = cmd->add_flag("--gnubg-probs", o->gnubg_probs,
                                     "Use the file's cubeless probabilities, not our net");
  cmd->add_option("--decisions-from", o->decisions_from,
                  "Take the decisions to measure from these reference files (e.g. gnubg 0-ply's), "
                  "not from our bot")
      ->excludes(probs);
  cmd->add_option("--vs-decisions", o->vs_decisions,
                  "Also measure the decisions of these reference files (e.g. tests/data/"
                  "gnubg_selfplay_cube_0ply.txt, gnubg 0-ply's) and print our cost minus theirs, "
                  "paired by decision");
  cmd->add_flag("--list", o->list, "Print every disagreement");
  cmd->add_option("--disputes", o->disputes,
                  "Write every disagreement to this file: ID, cube, owner, ours=, gnubg=");
  add_reference_bot_settings(cmd, *o);
  cmd->callback([o] { run_bench_cube(*o); });
}

}  // namespace nard::tools

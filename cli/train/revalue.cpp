// nard revalue DB... --out DIR [--model FILE] [--ply N | --rollout T [--truncate P] [--rollout-ply N]
// [--seed S]] [--threads N] [--only race|contact]: values the positions of position databases
// (coach/position_database.h) again with a model's n-ply search or with rollouts
// (coach/position_valuation.h), e.g. those of a supervised run whose targets came from an older,
// weaker net. Each input file gives one output file with the same positions in the same order
// (with --only, the positions of that kind only, still in their order):
//   a file argument F            -> DIR/<name of F>
//   a directory argument D       -> DIR/D/<path of the file under D> (D's leading "/" and "../"
//                                   left out), so runs/a/step-0001 and runs/b/step-0001 stay apart
// Resuming: an output that already holds this model file's values of the same kind (ply, or
// trials, truncation, in-trial ply and dice seed; and bear-off setting) for the same positions is
// kept, and an output being valued is saved every minute or so (at the end of the first batch of
// positions after a minute) as OUTPUT.partial (the positions valued so far; not a *.npdb, so
// nothing takes it for a finished database), from which a run of the same command continues.
// Outputs are written atomically; an output path that is one of the inputs is refused (nothing is
// overwritten in place).
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

#include "cli/bot_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/subcommand.h"
#include "coach/position_database.h"
#include "coach/position_valuation.h"
#include "core/binary_io.h"
#include "core/read_file.h"
#include "nn/model_path.h"

namespace nard::tools {

namespace {
namespace fs = std::filesystem;

struct RevalueOptions {
  std::vector<std::string> inputs;
  std::string out, model;
  int ply = 2;
  int rollout_trials = 0;  // > 0: rollouts instead of a search
  int truncate = 0;        // rollout plies before the net's value (0: to the end)
  int rollout_ply = 0;     // checker play inside the trials
  uint64_t seed = 1;       // rollout dice
  int threads = 2;
  bool no_bearoff_db = false, quiet = false;
  std::string only;  // "", "race" or "contact": value only the positions of that kind
};

// Keeps the records of the kind `only` names ("race": no contact left, bear-offs included;
// "contact": the others); "" keeps all.
void keep_only(PositionDatabase& db, const std::string& only) {
  if (only.empty()) return;
  const bool race = only == "race";
  std::vector<PositionRecord> kept;
  for (const PositionRecord& r : db.records)
    if (r.position.is_race() == race) kept.push_back(r);
  db.records = std::move(kept);
  db.play_group =
      0;  // a play's result of one kind without the others of its roll: no longer a group
  db.description += "; " + only + " positions only";
}

struct Job {
  std::string input, output;
  PositionDatabase db;
};

// A directory argument's place under --out: its path without a root or leading "..".
fs::path mirrored(const fs::path& dir) {
  fs::path out;
  for (const fs::path& part : dir.relative_path())
    if (!(out.empty() && (part == ".." || part == "."))) out /= part;
  return out;
}

// The output path of every database file the arguments name (see the file comment).
Result<std::vector<Job>> plan_jobs(const RevalueOptions& o) {
  std::vector<Job> jobs;
  std::set<std::string> outputs, inputs;
  for (const std::string& arg : o.inputs) {
    Result<std::vector<std::string>> files = find_position_databases({arg});
    if (!files) return files.error();
    std::error_code ec;
    const bool dir = fs::is_directory(arg, ec);
    const fs::path base = fs::path(arg).lexically_normal();
    for (const std::string& f : *files) {
      fs::path rel = dir ? fs::path(f).lexically_relative(base) : fs::path(f).filename();
      if (dir) rel = mirrored(base) / rel;
      Job job{f, (fs::path(o.out) / rel).lexically_normal().string(), {}};
      if (!outputs.insert(job.output).second)
        return make_error("two input databases would both be written to " + job.output +
                          ": pass their directories, or run them separately");
      inputs.insert(fs::weakly_canonical(f, ec).string());
      jobs.push_back(std::move(job));
    }
  }
  for (const Job& j : jobs) {
    std::error_code ec;
    if (inputs.count(fs::weakly_canonical(j.output, ec).string()))
      return make_error(
          j.output +
          " is one of the input databases: choose an --out directory that holds none of them");
  }
  return jobs;
}

// True when `have` holds targets made as `want`'s are (kind, settings, model) for `db`'s first
// have.records.size() positions.
bool same_targets_for_prefix(const PositionDatabase& have, const PositionDatabase& want,
                             const PositionDatabase& db) {
  if (have.target_kind != want.target_kind || have.target_ply != want.target_ply ||
      have.target_trials != want.target_trials ||
      have.target_truncation != want.target_truncation || have.model != want.model ||
      have.records.size() > db.records.size())
    return false;
  for (size_t i = 0; i < have.records.size(); ++i)
    if (!(have.records[i].position == db.records[i].position)) return false;
  return true;
}

// True when `path` already holds `db`'s positions with targets made as `want`'s are.
bool already_valued(const std::string& path, const PositionDatabase& db,
                    const PositionDatabase& want) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return false;
  Result<PositionDatabase> have = load_position_database(path);
  return have && have->records.size() == db.records.size() && have->play_group == db.play_group &&
         same_targets_for_prefix(*have, want, db);
}

// The positions of `db` already valued as `want` in `path` (an output's .partial file): its records,
// or none when it is missing, unreadable or of other targets or positions.
std::vector<PositionRecord> valued_prefix(const std::string& path, const PositionDatabase& db,
                                          const PositionDatabase& want) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return {};
  Result<PositionDatabase> have = load_position_database(path);
  if (!have || !same_targets_for_prefix(*have, want, db)) return {};
  return std::move(have->records);
}

std::string partial_path(const std::string& output) { return output + ".partial"; }

void run_revalue(const RevalueOptions& o) {
  Result<std::vector<Job>> planned = plan_jobs(o);
  if (!planned) return fail_input(planned.error());
  std::vector<Job> jobs = std::move(planned).value();
  long long total = 0;
  for (Job& j : jobs) {
    Result<PositionDatabase> db = load_position_database(j.input);
    if (!db) return fail_input(db.error());
    if (&j != &jobs.front() &&
        (db->variant != jobs.front().db.variant || db->rules != jobs.front().db.rules))
      return fail_input(make_error(j.input + " holds positions of rules '" + db->rules + "', " +
                                   jobs.front().input + " of '" + jobs.front().db.rules +
                                   "': revalue one game at a time"));
    j.db = std::move(db).value();
    keep_only(j.db, o.only);
    total += (long long)j.db.records.size();
  }
  Result<Rules> rules = rules_preset(jobs.front().db.rules);
  if (!rules) return fail_input(rules.error());
  if (!o.only.empty() && rules->variant != Variant::Backgammon)
    return fail_input(
        make_error("--only splits backgammon's positions between its race and contact nets; " +
                   jobs.front().input + " holds positions of rules '" + rules->preset + "'"));
  std::string path;
  bool no_shipped_model = false;
  Result<std::shared_ptr<const NeuralModel>> loaded =
      load_model(*rules, o.model, bearoff_choice(o.no_bearoff_db), &path, &no_shipped_model);
  if (!loaded) return no_shipped_model ? fail_runtime(loaded.error()) : fail_input(loaded.error());
  const std::shared_ptr<const NeuralModel> model = *loaded;
  // The name the targets carry: the model file's description (or its path when it has none) and
  // a hash of its bytes, so that a rerun keeps only values of this very file and bear-off setting
  // (two step models of a run can share a description).
  Result<std::string> bytes = read_regular_file(path, "model file");
  if (!bytes) return fail_input(bytes.error());
  char identity[64];
  std::snprintf(identity, sizeof identity, " (file fnv1a64 %016llx%s)",
                (unsigned long long)binary::fnv1a64(*bytes),
                o.no_bearoff_db ? ", bear-offs by the net" : "");
  const std::string model_name =
      ((*loaded)->description().empty() ? path : (*loaded)->description()) + identity;

  // The header every output gets (with each input's description).
  PositionDatabase want;
  want.model = model_name;
  if (o.rollout_trials > 0) {
    // The dice are part of what the targets are: another seed is another valuation.
    want.model += ", rollout dice seed " + std::to_string(o.seed);
    want.target_kind = TargetKind::Rollout;
    want.target_ply = o.rollout_ply;
    want.target_trials = o.rollout_trials;
    want.target_truncation = o.truncate;
  } else {
    want.target_kind = TargetKind::Search;
    want.target_ply = o.ply;
  }
  std::printf("valuing %lld positions of %zu database(s) by %s with %s\n", total, jobs.size(),
              want.target_name().c_str(), path.c_str());
  std::fflush(stdout);
  ValuationConfig vc;
  vc.ply = o.ply;
  vc.threads = o.threads;
  RolloutValuationConfig rc;
  rc.trials = o.rollout_trials;
  rc.truncate_plies = o.truncate;
  rc.ply = o.rollout_ply;
  rc.seed = o.seed;
  rc.threads = o.threads;
  // The databases a run before this one finished are kept, and one it was valuing continues from
  // its .partial file; the ETA counts only the positions valued now (progress_bar_text's
  // done_at_start).
  std::vector<char> finished(jobs.size(), 0);
  std::vector<std::vector<PositionRecord>> prefix(jobs.size());
  long long kept = 0;
  for (size_t k = 0; k < jobs.size(); ++k) {
    if (already_valued(jobs[k].output, jobs[k].db, want)) {
      finished[k] = 1;
      std::error_code ec;
      fs::remove(partial_path(jobs[k].output),
                 ec);  // left by a kill just before its removal, or by other settings
      kept += (long long)jobs[k].db.records.size();
    } else {
      prefix[k] = valued_prefix(partial_path(jobs[k].output), jobs[k].db, want);
      kept += (long long)prefix[k].size();
    }
  }
  const std::function<void(long long, long long)> bar =
      o.quiet ? [](long long, long long) {} : progress_bar_on_stderr("Valuing", "positions", kept);
  long long done = kept;
  bar(done, total);
  // Positions per call; a .partial save comes at the end of the first call after a minute. A call
  // is seconds of work: ~0.5 ms (0-ply) to ~80 ms (3-ply) a search, ~0.8 s a 72-trial rollout
  // truncated at 10 plies (an untruncated rollout of many trials: minutes for the call).
  const size_t per_thread = o.rollout_trials > 0 ? 8 : o.ply >= 3 ? 32 : 1024;
  const size_t chunk = per_thread * size_t(o.threads);
  using Clock = std::chrono::steady_clock;
  constexpr auto kSaveEvery = std::chrono::seconds(60);
  for (size_t k = 0; k < jobs.size(); ++k) {
    const Job& j = jobs[k];
    if (finished[k]) continue;
    std::error_code ec;
    fs::create_directories(fs::path(j.output).parent_path(), ec);
    if (ec)
      return fail_runtime(
          make_error("cannot create the directory of " + j.output + ": " + ec.message()));
    PositionDatabase out = want;
    out.variant = j.db.variant;
    out.rules = j.db.rules;
    out.description = j.db.description +
                      "; valued again by nard revalue (was: " + j.db.target_name() + " of " +
                      j.db.model + ")";
    out.records = std::move(prefix[k]);
    const size_t n = j.db.records.size();
    std::vector<Position> positions;
    std::vector<Probabilities> values;
    Clock::time_point saved = Clock::now();
    while (out.records.size() < n) {
      const size_t from = out.records.size(), to = std::min(n, from + chunk);
      positions.clear();
      for (size_t i = from; i < to; ++i) positions.push_back(j.db.records[i].position);
      values.assign(positions.size(), Probabilities{});
      const auto report = [&](long long d, long long) { bar(done + d, total); };
      if (o.rollout_trials > 0) {
        if (auto e = rollout_positions(model, positions, rc, values, report))
          return fail_runtime(*e);
      } else {
        value_positions(model, positions, vc, values, report);
      }
      for (size_t i = 0; i < positions.size(); ++i)
        out.records.push_back({positions[i], make_consistent(values[i])});
      done += (long long)positions.size();
      bar(done, total);
      if (out.records.size() < n && Clock::now() - saved >= kSaveEvery) {
        if (auto e = save_position_database(partial_path(j.output), out)) return fail_runtime(*e);
        saved = Clock::now();
      }
    }
    out.play_group = j.db.play_group;  // the .partial saves are prefixes: not whole groups
    if (auto e = save_position_database(j.output, out)) return fail_runtime(*e);
    fs::remove(partial_path(j.output), ec);  // the finished output supersedes it
  }
  std::printf("wrote %zu database(s) under %s (%lld positions valued, %lld already valued)\n",
              jobs.size(), o.out.c_str(), total - kept, kept);
}
}  // namespace

void register_revalue(CLI::App& app) {
  auto o = std::make_shared<RevalueOptions>();
  CLI::App* cmd = app.add_subcommand("revalue",
                                     "Value position databases (*.npdb) again with a model's n-ply "
                                     "search or rollouts, e.g. a stronger net's");
  cmd->add_option("databases", o->inputs,
                  "Position database files, or directories searched for *.npdb")
      ->required();
  cmd->add_option("--out", o->out,
                  "Directory for the revalued databases (a file argument keeps its name, a "
                  "directory argument's files go under DIR/<its path>)")
      ->required();
  cmd->add_option("--model", o->model,
                  "Model file of the databases' game (default: the shipped one)");
  CLI::Option* ply =
      cmd->add_option("--ply", o->ply,
                      "Search depth of the new targets, 0..3 (gnubg's convention; default 2)")
          ->check(CLI::Range(0, 3));
  CLI::Option* rollout =
      cmd->add_option(
             "--rollout", o->rollout_trials,
             "Value by rollouts of this many trials instead of a search (variance reduction; "
             "a multiple of 36 uses the stratified dice fully)")
          ->check(at_least(1))
          ->excludes(ply);
  cmd->add_option("--truncate", o->truncate,
                  "Rollouts: the net's value after this many plies (0 = play to the end)")
      ->check(CLI::Range(0, 10000))
      ->needs(rollout);
  cmd->add_option("--rollout-ply", o->rollout_ply,
                  "Rollouts: checker-play depth inside the trials (default 0)")
      ->check(CLI::Range(0, 3))
      ->needs(rollout);
  cmd->add_option("--seed", o->seed,
                  "Rollouts: dice seed (each position's dice also depend on the position)")
      ->check(unsigned_whole())
      ->needs(rollout);
  cmd->add_option("--threads", o->threads, "Threads")->check(at_least(1));
  cmd->add_flag("--no-bearoff-db", o->no_bearoff_db,
                "Value bear-offs with the net, not the bear-off databases");
  cmd->add_option("--only", o->only,
                  "Value and write only the positions of this kind: race (no contact left, "
                  "bear-offs included) "
                  "or contact")
      ->check(CLI::IsMember({"race", "contact"}));
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->callback([o] { run_revalue(*o); });
}

}  // namespace nard::tools

#include "coach/revaluation.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>

#include "coach/position_valuation.h"
#include "game/rules.h"
#include "play/bot.h"

namespace nard {

namespace {
namespace fs = std::filesystem;

// Keeps the records the config chooses: of the kind `only` names ("race": no contact left,
// bear-offs included; "contact": the others; "" every kind), with the input target's winning
// chance in [win_min, win_max] and gammon share in [gammon_share_min, gammon_share_max], and of
// those every one_in-th. The description says which.
void select_records(PositionDatabase& db, const RevaluationConfig& o) {
  const bool window = o.win_min > 0.0 || o.win_max < 1.0;
  const bool gammons = o.gammon_share_min > 0.0 || o.gammon_share_max < 1.0;
  if (o.only.empty() && !window && !gammons && o.one_in <= 1) return;
  const bool race = o.only == "race";
  std::vector<PositionRecord> kept;
  long long chosen = 0;
  for (const PositionRecord& r : db.records) {
    if (!o.only.empty() && r.position.is_race() != race) continue;
    const double win = r.target.win;
    if (win < o.win_min || win > o.win_max) continue;
    const double share = win > 0.0 ? r.target.win_gammon / win : 0.0;
    if (share < o.gammon_share_min || share > o.gammon_share_max) continue;
    if (chosen++ % o.one_in == 0) kept.push_back(r);
  }
  db.records = std::move(kept);
  db.play_group = 0;  // some plays of a roll without the others: no longer a group
  if (!o.only.empty()) db.description += "; " + o.only + " positions only";
  if (window) {
    char text[96];
    std::snprintf(text, sizeof text, "; winning chance %.3g to %.3g only", o.win_min, o.win_max);
    db.description += text;
  }
  if (gammons) {
    char text[96];
    std::snprintf(text, sizeof text, "; gammon share %.3g to %.3g only", o.gammon_share_min,
                  o.gammon_share_max);
    db.description += text;
  }
  if (o.one_in > 1) db.description += "; one in " + std::to_string(o.one_in);
}

// A directory argument's place under the output directory: its path without a root or leading "..".
fs::path mirrored(const fs::path& dir) {
  fs::path out;
  for (const fs::path& part : dir.relative_path())
    if (!(out.empty() && (part == ".." || part == "."))) out /= part;
  return out;
}

// The output path of every database file the arguments name (see the header comment).
Result<std::vector<RevaluationJob>> plan_jobs(const RevaluationConfig& o) {
  std::vector<RevaluationJob> jobs;
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
      RevaluationJob job{f, (fs::path(o.out) / rel).lexically_normal().string(), {}};
      if (!outputs.insert(job.output).second)
        return make_error("two input databases would both be written to " + job.output +
                          ": pass their directories, or run them separately");
      inputs.insert(fs::weakly_canonical(f, ec).string());
      jobs.push_back(std::move(job));
    }
  }
  for (const RevaluationJob& j : jobs) {
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

// The error of an option's range LO HI of `what` unless 0 <= LO < HI <= 1.
std::optional<Error> unit_range_error(const char* option, const char* what, double lo, double hi) {
  if (lo >= 0.0 && lo < hi && hi <= 1.0) return std::nullopt;
  char text[128];
  std::snprintf(text, sizeof text, "%s: the %s must satisfy 0 <= LO < HI <= 1, not %g %g", option,
                what, lo, hi);
  return make_error(text);
}

std::string partial_path(const std::string& output) { return output + ".partial"; }
}  // namespace

Result<RevaluationPlan> plan_revaluation(const RevaluationConfig& o, bool* no_shipped_model) {
  if (no_shipped_model) *no_shipped_model = false;
  if (auto e = unit_range_error("--win-window", "winning chances", o.win_min, o.win_max)) return *e;
  if (auto e = unit_range_error("--gammon-share", "shares", o.gammon_share_min, o.gammon_share_max))
    return *e;
  if (o.one_in < 1)
    return make_error("--one-in: must be at least 1, not " + std::to_string(o.one_in));
  Result<std::vector<RevaluationJob>> planned = plan_jobs(o);
  if (!planned) return planned.error();
  RevaluationPlan plan;
  plan.config = o;
  plan.jobs = std::move(planned).value();
  std::vector<RevaluationJob>& jobs = plan.jobs;
  for (RevaluationJob& j : jobs) {
    Result<PositionDatabase> db = load_position_database(j.input);
    if (!db) return db.error();
    if (&j != &jobs.front() &&
        (db->variant != jobs.front().db.variant || db->rules != jobs.front().db.rules))
      return make_error(j.input + " holds positions of rules '" + db->rules + "', " +
                        jobs.front().input + " of '" + jobs.front().db.rules +
                        "': revalue one game at a time");
    j.db = std::move(db).value();
    select_records(j.db, o);
    plan.positions += (long long)j.db.records.size();
  }
  Result<Rules> rules = rules_preset(jobs.front().db.rules);
  if (!rules) return rules.error();
  if (!o.only.empty() && rules->variant != Variant::Backgammon)
    return make_error("--only splits backgammon's positions between its race and contact nets; " +
                      jobs.front().input + " holds positions of rules '" + rules->preset + "'");
  Result<std::shared_ptr<const NeuralModel>> loaded =
      load_model(*rules, o.model, o.no_bearoff_db ? BearoffDatabases::None : BearoffDatabases::Both,
                 &plan.model_path, no_shipped_model);
  if (!loaded) return loaded.error();
  plan.model = *loaded;
  // The name the targets carry: the model file's description (or its path when it has none) and
  // a hash of its bytes, so that a rerun keeps only values of this very file and bear-off setting
  // (two step models of a run can share a description).
  Result<std::string> model_name =
      targets_model_name(plan.model_path, plan.model->description(), o.no_bearoff_db);
  if (!model_name) return model_name.error();
  PositionDatabase& want = plan.header;
  want.model = *model_name;
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
  return plan;
}

Result<RevaluationSummary> run_revaluation(
    const RevaluationPlan& plan, const std::function<void(long long, long long)>& progress) {
  const RevaluationConfig& o = plan.config;
  const std::vector<RevaluationJob>& jobs = plan.jobs;
  const PositionDatabase& want = plan.header;
  const long long total = plan.positions;
  const std::function<void(long long, long long)> bar =
      progress ? progress : [](long long, long long) {};
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
  // its .partial file; the first report gives the positions kept (a progress bar's done_at_start).
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
    const RevaluationJob& j = jobs[k];
    if (finished[k]) continue;
    std::error_code ec;
    fs::create_directories(fs::path(j.output).parent_path(), ec);
    if (ec) return make_error("cannot create the directory of " + j.output + ": " + ec.message());
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
        if (auto e = rollout_positions(plan.model, positions, rc, values, report)) return *e;
      } else {
        value_positions(plan.model, positions, vc, values, report);
      }
      for (size_t i = 0; i < positions.size(); ++i)
        out.records.push_back({positions[i], make_consistent(values[i])});
      done += (long long)positions.size();
      bar(done, total);
      if (out.records.size() < n && Clock::now() - saved >= kSaveEvery) {
        if (auto e = save_position_database(partial_path(j.output), out)) return *e;
        saved = Clock::now();
      }
    }
    out.play_group = j.db.play_group;  // the .partial saves are prefixes: not whole groups
    if (auto e = save_position_database(j.output, out)) return *e;
    fs::remove(partial_path(j.output), ec);  // the finished output supersedes it
  }
  RevaluationSummary summary;
  summary.databases = jobs.size();
  summary.valued = total - kept;
  summary.already_valued = kept;
  return summary;
}

}  // namespace nard

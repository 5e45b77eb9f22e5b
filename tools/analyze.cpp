// nard analyze FILE [--ply N] [--json] [--html OUT] [--out FILE] [--threads T]: reads a match file
// (.mat or gnubg .sgf, any game of the family), analyses every checker play, cube decision and
// roll (bot/analysis.h) and reports like gnubg: text by default, --json, and --html OUT for a
// self-contained page with boards and charts. Files are written atomically.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "api/analysis_document.h"
#include "bot/analysis.h"
#include "bot/model_path.h"
#include "engine/atomic_file.h"
#include "engine/match_text.h"
#include "tools/analysis_report.h"
#include "tools/bot_args.h"
#include "tools/output.h"
#include "tools/progress_line.h"
#include "tools/subcommand.h"

namespace nard::tools {

namespace {
struct AnalyzeOptions {
  std::string file, html, out, model;
  int ply = 2, luck_ply = 0, threads = 0;
  bool json = false, cubeless = false, quiet = false, no_bearoff_db = false;
};

void run_analyze(const AnalyzeOptions& o) {
  std::ifstream in(o.file, std::ios::binary);
  if (!in) return fail_input(make_error(o.file + ": cannot read the file"));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  Result<MatchRecord> record = read_match_text(text);
  if (!record) return fail_input(make_error(o.file + ": " + record.error().message));

  // One model per game of the record (a Tavli match has three), loaded before the threads start.
  std::map<Variant, std::shared_ptr<const NeuralModel>> models;
  for (const MatchGame& g : record->games) {
    Result<Rules> rules = record_rules(*record, g);
    if (!rules) return fail_input(make_error(o.file + ": " + rules.error().message));
    if (models.count(rules->variant)) continue;
    std::string path = o.model;
    if (path.empty() || !models.empty()) {
      Result<std::string> found = default_model_path(rules->variant);
      if (!found) return fail_runtime(found.error());
      path = *found;
    }
    Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::load(*rules, path);
    if (!model) return fail_input(model.error());
    models[rules->variant] = with_default_bearoff(*model, o.no_bearoff_db);
  }
  std::optional<MatchEquityTable> met;
  if (record->match_length > 0) {
    Result<MatchEquityTable> loaded = MatchEquityTable::load(MatchEquityTable::default_path());
    if (!loaded) return fail_runtime(loaded.error());
    met = std::move(loaded).value();
  }
  const AnalysisEvaluatorFactory factory = analysis_evaluators(models);
  AnalysisConfig config;
  config.ply = o.ply;
  config.luck_ply = o.luck_ply;
  config.cubeful = !o.cubeless;
  config.threads = o.threads;
  // A bar with an ETA, redrawn on a terminal, a plain line every few seconds into a file or pipe.
  AnalysisProgress progress;
  if (!o.quiet) {
    auto line = std::make_shared<ProgressLine>(ProgressLine::on_stderr());
    const auto start = std::chrono::steady_clock::now();
    progress = [line, start](int done, int total) {
      const int percent = total ? int(100LL * done / total) : 100;
      const int width = 40, filled = width * percent / 100;
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      char eta[48] = "";
      if (done > 0 && done < total) {
        const int left = int(elapsed / done * (total - done) + 0.5);
        std::snprintf(eta, sizeof eta, " ETA %d:%02d", left / 60, left % 60);
      } else if (done == total) {
        std::snprintf(eta, sizeof eta, " in %.1f s", elapsed);
      }
      char text[200];
      std::snprintf(text, sizeof text, "Analysing [%s%s] %3d%% %d/%d positions%s",
                    std::string(size_t(filled), '#').c_str(),
                    std::string(size_t(width - filled), ' ').c_str(), percent, done, total, eta);
      line->update(text, done == total);
    };
  }
  Result<MatchAnalysis> analysis =
      analyse_match(*record, config, factory, met ? &*met : nullptr, progress);
  if (!analysis) return fail_input(make_error(o.file + ": " + analysis.error().message));

  if (!o.html.empty())
    if (auto e = write_file_atomic(o.html, analysis_html(*analysis))) return fail_runtime(*e);
  const std::string report =
      o.json ? api::analysis_document(*analysis).dump(1) + "\n" : analysis_text(*analysis);
  if (!o.out.empty()) {
    if (auto e = write_file_atomic(o.out, report)) return fail_runtime(*e);
  } else if (o.html.empty() || o.json) {
    std::cout << report;
  }
}
}  // namespace

void register_analyze(CLI::App& app) {
  auto o = std::make_shared<AnalyzeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "analyze", "Analyse a match file: every checker play, cube decision and roll, like gnubg");
  cmd->add_option("file", o->file, "The match file (.mat or gnubg .sgf)")->required();
  cmd->add_option("--ply", o->ply, "Depth of checker play and cube analysis, 0..3 (default 2)")
      ->check(CLI::Range(0, 3));
  cmd->add_option("--luck-ply", o->luck_ply,
                  "Depth of the luck analysis, 0..3 (default 0, as gnubg)")
      ->check(CLI::Range(0, 3));
  cmd->add_flag("--json", o->json, "JSON instead of text");
  cmd->add_option("--html", o->html, "Also write a self-contained HTML report to this file");
  cmd->add_option("--out", o->out, "Write the text or JSON report to this file (atomically)");
  cmd->add_option("--threads", o->threads, "Threads (default: all cores)")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--model", o->model,
                  "Model file for the match's game (default: the shipped one)");
  cmd->add_flag("--cubeless", o->cubeless, "Cubeless checker-play equities, no cube analysis");
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->add_flag("--no-bearoff-db", o->no_bearoff_db,
                "Evaluate bear-off positions with the net, not the one-sided bear-off database");
  cmd->callback([o] { run_analyze(*o); });
}

}  // namespace nard::tools

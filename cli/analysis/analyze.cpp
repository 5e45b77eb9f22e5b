// nard analyze FILE [--ply N] [--json] [--html OUT] [--out FILE] [--threads T]: reads a match file
// (.mat or gnubg .sgf, any game of the family), analyses every checker play, cube decision and
// roll (play/analysis.h) and reports like gnubg: text by default, --json, and --html OUT for a
// self-contained page with boards and charts. Files are written atomically. Under mpirun the
// turns are spread over the ranks (docs/distributed.md) and the report is the one-process one.
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>

#include "api/analysis_document.h"
#include "cli/analysis/analysis_report.h"
#include "cli/bot_args.h"
#include "cli/distributed_args.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/subcommand.h"
#include "core/atomic_file.h"
#include "core/read_file.h"
#include "core/work_share.h"
#include "formats/match_text.h"
#include "nn/model_path.h"
#include "play/analysis.h"

namespace nard::tools {

namespace {
struct AnalyzeOptions {
  std::string file, html, out, model, move_filters;
  int ply = 2, luck_ply = 0, threads = 0;
  bool json = false, cubeless = false, quiet = false, no_bearoff_db = false;
  MpiArgs mpi;
};

// What the analysis needs besides the options: the record, one model per game of the record (a
// Tavli match has three), loaded before the threads start, and the MET for a match.
struct Inputs {
  MatchRecord record;
  std::map<Variant, std::shared_ptr<const NeuralModel>> models;
  std::vector<std::string> model_paths;
  std::optional<MatchEquityTable> met;
};

struct InputError {
  Error error;
  bool input = true;  // bad input (exit 2), else a runtime failure (exit 1)
};

std::optional<InputError> read_inputs(const AnalyzeOptions& o, const std::string& text,
                                      Inputs& in) {
  Result<MatchRecord> record = read_match_text(text);
  if (!record) return InputError{make_error(o.file + ": " + record.error().message)};
  in.record = std::move(record).value();
  for (const MatchGame& g : in.record.games) {
    Result<Rules> rules = record_rules(in.record, g);
    if (!rules) return InputError{make_error(o.file + ": " + rules.error().message)};
    if (in.models.count(rules->variant)) continue;
    // --model is the first game's; the other games of a Tavli match get their shipped models.
    std::string path;
    bool no_shipped_model = false;
    Result<std::shared_ptr<const NeuralModel>> model =
        load_model(*rules, in.models.empty() ? o.model : std::string(),
                   bearoff_choice(o.no_bearoff_db), &path, &no_shipped_model);
    if (!model) return InputError{model.error(), !no_shipped_model};
    in.models[rules->variant] = *model;
    in.model_paths.push_back(path);
  }
  if (in.record.match_length > 0) {
    Result<MatchEquityTable> loaded = MatchEquityTable::load(MatchEquityTable::default_path());
    if (!loaded) return InputError{loaded.error(), false};
    in.met = std::move(loaded).value();
  }
  return std::nullopt;
}

// The command on the ranks of an MPI job (one process without mpirun): rank 0 reads the match
// file and sends it to the others; every rank loads the models (the ranks check that theirs are
// the same files) and analyses its share of the turns (play/analysis.h); rank 0 prints and writes.
void analyze_on(Communicator& comm, const AnalyzeOptions& o) {
  const bool root = comm.is_root();
  Inputs in;
  std::optional<InputError> failed;
  Result<std::string> text = from_root(comm, [&]() -> Result<std::string> {
    Result<std::string> read = read_regular_file(o.file, "match file");
    if (!read) {
      failed = InputError{read.error()};
      return failed->error;
    }
    failed = read_inputs(o, *read, in);
    if (failed) return failed->error;
    return read;
  });
  if (!text) return fail_distributed(comm, text.error(), !failed || failed->input);
  if (!root) {
    if (auto e = read_inputs(o, *text, in)) return fail_distributed(comm, e->error, e->input);
  }
  if (comm.size() > 1) {
    std::string files;
    for (const std::string& path : in.model_paths) files += " " + file_fingerprint(path);
    if (in.met) files += " " + file_fingerprint(MatchEquityTable::default_path());
    if (o.no_bearoff_db) files += " no-bearoff-db";
    if (auto e = check_agreement(comm, "model or match equity table file", files))
      return fail_distributed(comm, *e, true);
  }

  AnalysisConfig config;
  config.ply = o.ply;
  config.luck_ply = o.luck_ply;
  set_move_filters(config.search, move_filters_named(o.move_filters));
  config.cubeful = !o.cubeless;
  config.threads = o.threads;
  config.comm = &comm;
  const AnalysisProgress progress =
      o.quiet || !root ? AnalysisProgress{}
                       : AnalysisProgress(progress_bar_on_stderr("Analysing", "positions"));
  Result<MatchAnalysis> analysis = analyse_match(in.record, config, analysis_evaluators(in.models),
                                                 in.met ? &*in.met : nullptr, progress);
  if (!analysis) {
    // A rank that failed or stopped answering is named as the Communicator names it.
    const bool about_a_rank = analysis.error().message.rfind("rank ", 0) == 0;
    return fail_distributed(
        comm,
        about_a_rank ? analysis.error() : make_error(o.file + ": " + analysis.error().message),
        !about_a_rank);
  }

  // Rank 0 writes; a failure to write stops the other ranks cleanly.
  Result<std::string> written = from_root(comm, [&]() -> Result<std::string> {
    if (!o.html.empty())
      if (auto e = write_file_atomic(o.html, analysis_html(*analysis))) return *e;
    const std::string report =
        o.json ? api::analysis_document(*analysis).dump(1) + "\n" : analysis_text(*analysis);
    if (!o.out.empty()) {
      if (auto e = write_file_atomic(o.out, report)) return *e;
    } else if (o.html.empty() || o.json) {
      std::cout << report << std::flush;
    }
    return std::string();
  });
  if (!written) return fail_distributed(comm, written.error(), false);
}

void run_analyze(const AnalyzeOptions& o) {
  MpiArgs mpi = o.mpi;
  mpi.threads = o.threads;
  run_distributed(mpi, [&](Communicator& comm, DistributedSession&) { analyze_on(comm, o); });
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
  add_move_filters_option(cmd, "--move-filters", o->move_filters, "The checker-play analysis");
  cmd->add_option("--html", o->html, "Also write a self-contained HTML report to this file");
  cmd->add_option("--out", o->out, "Write the text or JSON report to this file (atomically)");
  cmd->add_option("--threads", o->threads,
                  "Threads, of each rank under mpirun (default: all cores)")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--model", o->model,
                  "Model file for the match's game (default: the shipped one)");
  cmd->add_flag("--cubeless", o->cubeless, "Cubeless checker-play equities, no cube analysis");
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->add_flag("--no-bearoff-db", o->no_bearoff_db,
                "Evaluate bear-off positions with the net, not the one-sided bear-off database");
  add_mpi_options(cmd, o->mpi);
  cmd->callback([o] { run_analyze(*o); });
}

}  // namespace nard::tools

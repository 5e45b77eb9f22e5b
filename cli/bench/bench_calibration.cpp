// nard bench calibration DB... [--model FILE] [--no-bearoff-db]: how a net's 0-ply values sit against
// the targets of position databases, e.g. the variance-reduced game results of `nard outcomes` (is
// the net too sure of itself in decided positions? coach/outcome_targets.h calibration_bins): per bin of
// the net's cubeless equity, the mean of target - net in equity with its standard error, and in
// P(win), P(win gammon) and P(lose gammon).
#include <cstdio>

#include "cli/bot_args.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "coach/outcome_targets.h"
#include "coach/position_database.h"

namespace nard::tools {

namespace {

struct BenchCalibrationOptions {
  std::vector<std::string> inputs;
  std::string model;
  bool no_bearoff_db = false;
};

void run_bench_calibration(const BenchCalibrationOptions& o) {
  Result<std::vector<std::string>> files = find_position_databases(o.inputs);
  if (!files) return fail_input(files.error());
  std::vector<PositionRecord> records;
  std::string rules_name, first;
  for (const std::string& f : *files) {
    Result<PositionDatabase> db = load_position_database(f);
    if (!db) return fail_input(db.error());
    if (first.empty()) first = f, rules_name = db->rules;
    if (db->rules != rules_name)
      return fail_input(make_error(f + " holds positions of rules '" + db->rules + "', " + first +
                                   " of '" + rules_name + "': one game at a time"));
    records.insert(records.end(), db->records.begin(), db->records.end());
  }
  BotArgs args;  // the databases' game, --model or its shipped model, the bear-off databases
  args.rules = rules_name;
  args.model = o.model;
  args.no_bearoff_db = o.no_bearoff_db;
  std::unique_ptr<LoadedBot> bot = load_bot(args);
  if (!bot) return;
  NeuralEvaluator evaluator(bot->model);
  constexpr size_t kBatch = 4096;
  std::vector<Position> batch;
  std::vector<Probabilities> net(records.size());
  for (size_t start = 0; start < records.size(); start += kBatch) {
    const size_t end = std::min(records.size(), start + kBatch);
    batch.clear();
    for (size_t i = start; i < end; ++i) batch.push_back(records[i].position);
    evaluator.evaluate(batch, {net.data() + start, end - start});
  }
  std::printf("calibration: %zu positions of %zu database(s) against %s at 0-ply (rules %s)\n",
              records.size(), files->size(), bot->model_path.c_str(), bot->rules.preset.c_str());
  std::printf("target - net, by the net's cubeless equity (positions counted as independent):\n");
  std::printf("  %-9s %10s %20s %9s %9s %9s\n", "net", "positions", "equity", "P(win)", "P(wg)",
              "P(lg)");
  for (const CalibrationBin& b : calibration_bins(records, net, bot->rules)) {
    char label[16];
    if (b.centre <= -1.0)
      std::snprintf(label, sizeof label, "<= -0.875");
    else if (b.centre >= 1.0)
      std::snprintf(label, sizeof label, ">= +0.875");
    else
      std::snprintf(label, sizeof label, "%+.2f", b.centre);
    std::printf("  %-9s %10lld   %+8.4f +- %.4f %+9.4f %+9.4f %+9.4f\n", label, b.positions,
                b.equity, b.equity_se, b.difference.win, b.difference.win_gammon,
                b.difference.lose_gammon);
  }
}

}  // namespace

void register_bench_calibration(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<BenchCalibrationOptions>();
  CLI::App* cmd = bench->add_subcommand(
      "calibration",
      "A net's 0-ply values against the targets of position databases (e.g. nard outcomes')");
  cmd->add_option("databases", o->inputs,
                  "Position database files, or directories searched for *.npdb")
      ->required();
  cmd->add_option("--model", o->model,
                  "Model file of the databases' game (default: the shipped one)");
  cmd->add_flag("--no-bearoff-db", o->no_bearoff_db,
                "Value bear-offs with the net, not the bear-off databases");
  cmd->callback([o] { run_bench_calibration(*o); });
}

}  // namespace nard::tools

// nard bench eval [--variant X] [--rules P] [--model FILE] [--hidden N] [--dense eigen|hand]:
// positions evaluated per second on one core, input encoding included, at batch sizes 1, 32 and
// 256, on a fixed mix of positions (random games, fixed seed). Without --model, random weights
// of the default architecture (the speed does not depend on the values). --dense picks the code
// of the hidden layers after the first (nn/mlp.h DenseKernel), to compare the two.
#include <cstdio>
#include <memory>
#include <string>

#include "bench/eval_bench.h"
#include "bench/movegen_bench.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/position_arg.h"
#include "nn/weights_file.h"

namespace nard::tools {

namespace {
struct BenchEvalOptions {
  std::string variant, rules, model;
  int hidden = 0;  // 0: default_hidden_sizes
  std::string dense = kDefaultDenseKernel == DenseKernel::Eigen ? "eigen" : "hand";
  int games = 200;
  int repeat = 3;
  double seconds = 0.3;
};

void run_bench_eval(const BenchEvalOptions& o) {
  Result<Rules> rules = resolve_rules(o.variant, o.rules);
  if (!rules) return fail_input(rules.error());
  NetWeights weights;
  if (!o.model.empty()) {
    Result<NetWeights> w = load_weights(o.model);
    if (!w) return fail_input(w.error());
    weights = *w;
  } else {
    weights = random_net_weights(rules->variant, kBenchSeed);
    if (o.hidden < 0 || o.hidden > 4096) return fail_input(make_error("--hidden must be 1..4096"));
    if (o.hidden > 0) {
      const std::vector<int> hidden{o.hidden};
      for (MlpWeights& n : weights.nets) n = random_mlp(n.encoder, hidden, kBenchSeed);
    }
  }
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::create(*rules, weights);
  if (!model) return fail_input(model.error());
  if (o.games < 1 || o.repeat < 1)
    return fail_input(make_error("--games and --repeat must be >= 1"));

  const DenseKernel dense = o.dense == "eigen" ? DenseKernel::Eigen : DenseKernel::HandWritten;
  const EvalBenchMix mix = eval_bench_mix(*rules, o.games, kBenchSeed);
  std::printf(
      "eval bench: %s (rules %s), %zu positions from %d random games (seed %llu), %d race\n",
      std::string(variant_name(rules->variant)).c_str(), rules->preset.c_str(),
      mix.positions.size(), o.games, (unsigned long long)kBenchSeed, mix.races);
  std::printf("  nets (inputs-hidden-outputs):");
  for (const MlpWeights& n : weights.nets) {
    std::printf(" %s %d", std::string(encoder_name(n.encoder)).c_str(), n.inputs());
    for (int h : n.hidden_sizes()) std::printf("-%d", h);
    std::printf("-%d", kOutputs);
  }
  std::printf("%s\n", o.model.empty() ? " (random weights)" : "");
  std::printf("  hidden layers after the first: %s%s\n",
              dense == DenseKernel::Eigen ? "Eigen matrix products" : "hand-written dot products",
              dense == kDefaultDenseKernel ? " (the default)" : "");
  const EvalBenchResult enc = run_encode_bench(**model, mix, o.repeat, o.seconds);
  std::printf("  encode only : %10.0f positions/s (%.3f us/position)\n", enc.per_second(),
              1e6 / enc.per_second());
  for (int batch : {1, 32, 256}) {
    const EvalBenchResult r = run_eval_bench(*model, mix, batch, false, o.repeat, o.seconds, dense);
    std::printf("  batch %4d  : %10.0f positions/s (%.3f us/position), checksum %.6f\n", batch,
                r.per_second(), 1e6 / r.per_second(), r.checksum);
  }
  const EvalBenchResult ref = run_eval_bench(*model, mix, 32, true, 1, o.seconds);
  std::printf("  reference   : %10.0f positions/s (scalar path, batch 32), checksum %.6f\n",
              ref.per_second(), ref.checksum);
}
}  // namespace

void register_bench_eval(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<BenchEvalOptions>();
  CLI::App* cmd = bench->add_subcommand(
      "eval", "Network evaluation speed, encoding included (positions per second)");
  cmd->add_option("--variant", o->variant, "Game (default backgammon)");
  cmd->add_option("--rules", o->rules, "Rules preset");
  cmd->add_option("--model", o->model,
                  "Model file (default: random weights of the default architecture)");
  cmd->add_option("--hidden", o->hidden,
                  "Hidden units of random nets (default: the default architecture)")
      ->check(CLI::Range(0, 4096));
  cmd->add_option("--dense", o->dense,
                  "Hidden layers after the first: eigen (matrix products over the batch) or hand "
                  "(dot products per position)")
      ->check(CLI::IsMember({"eigen", "hand"}));
  cmd->add_option("--games", o->games, "Random games in the position mix")->check(at_least(1));
  cmd->add_option("--repeat", o->repeat, "Timed repetitions (best is reported)")
      ->check(at_least(1));
  cmd->add_option("--seconds", o->seconds, "Minimum seconds per timed repetition")
      ->check(real_in(0, 3600));
  cmd->callback([o] { run_bench_eval(*o); });
}

}  // namespace nard::tools

// nard bench cube-positions [--model F] [--seed S] [--contact N --race N --bearoff N]: the input
// of tests/gnubg/cube_oracle.py. Pre-roll positions from self-play of the backgammon net where a
// double is plausible (bench/cube_positions.h), each printed twice, once per cube state measured:
//   <Position ID> 1 centre      the cube in the middle
//   <Position ID> 2 roller      the side on roll owns a cube on 2
// '#' lines say how the list was made (the oracle copies them into its output's header).
#include <cstdio>
#include <filesystem>

#include "bench/cube_positions.h"
#include "cli/bot_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/gnubg_id.h"

namespace nard::tools {

namespace {
struct CubePositionsOptions {
  std::string model;
  CubeSampleConfig sample;
};

void run_cube_positions(const CubePositionsOptions& o) {
  const CubeSampleConfig& c = o.sample;
  if (c.contact < 0 || c.race < 0 || c.bearoff < 0 || !(c.min_win < c.max_win) ||
      c.keep_one_in < 1 || c.bearoff_max_checkers < 1 || c.bearoff_max_checkers > kCheckers)
    return fail_input(
        make_error("quotas must be >= 0, --min-win < --max-win, --keep-one-in >= 1, "
                   "--bearoff-checkers 1..15"));
  BotArgs args;
  args.model = o.model;
  args.no_bearoff_db = true;  // the net alone, as when tests/data/gnubg_cube_2ply.txt was sampled
  std::unique_ptr<LoadedBot> bot = load_bot(args);
  if (!bot) return;
  NeuralEvaluator evaluator(bot->model);
  const CubeSampleSet set = sample_cube_positions(bot->rules, evaluator, c);
  int count[3] = {0, 0, 0};
  for (const CubeSample& s : set.samples) ++count[int(s.kind)];
  std::printf(
      "# positions: nard bench cube-positions --seed %llu --contact %d --race %d --bearoff %d "
      "--min-win %.2f --max-win %.2f --keep-one-in %d%s\n",
      (unsigned long long)c.seed, c.contact, c.race, c.bearoff, c.min_win, c.max_win, c.keep_one_in,
      c.bearoff_max_checkers < kCheckers
          ? (" --bearoff-checkers " + std::to_string(c.bearoff_max_checkers)).c_str()
          : "");
  std::printf("# model: %s (rules %s)\n",
              std::filesystem::path(bot->model_path).filename().string().c_str(),
              bot->rules.preset.c_str());
  std::printf(
      "# self-play: both sides the net's 0-ply play, %d games; kept: pre-roll positions with "
      "the side on roll's 0-ply cubeless win in [%.2f, %.2f], one in %d at random, at most "
      "one per kind per game\n",
      set.games, c.min_win, c.max_win, c.keep_one_in);
  std::printf(
      "# kept: %d contact, %d race, %d bear-off; each with the cube centred and on 2 owned "
      "by the side on roll\n",
      count[0], count[1], count[2]);
  for (const CubeSample& s : set.samples) {
    const std::string id = encode_position_id(s.position);
    std::printf("%s 1 centre\n%s 2 roller\n", id.c_str(), id.c_str());
  }
}
}  // namespace

void register_bench_cube_positions(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<CubePositionsOptions>();
  CLI::App* cmd = bench->add_subcommand(
      "cube-positions",
      "Self-play positions where a double is plausible (input of the gnubg cube oracle)");
  cmd->add_option("--model", o->model, "Backgammon model (default: the shipped one)");
  cmd->add_option("--seed", o->sample.seed, "Self-play seed")->check(unsigned_whole());
  cmd->add_option("--contact", o->sample.contact, "Contact positions wanted")->check(at_least(0));
  cmd->add_option("--race", o->sample.race, "Race positions wanted")->check(at_least(0));
  cmd->add_option("--bearoff", o->sample.bearoff, "Bear-off positions wanted")->check(at_least(0));
  cmd->add_option("--min-win", o->sample.min_win, "Lowest 0-ply cubeless win of the side on roll")
      ->check(real_in(0, 1));
  cmd->add_option("--max-win", o->sample.max_win, "Highest 0-ply cubeless win of the side on roll")
      ->check(real_in(0, 1));
  cmd->add_option(
         "--bearoff-checkers", o->sample.bearoff_max_checkers,
         "Bear-offs with at most N checkers on board a side only (6: the two-sided database's)")
      ->check(CLI::Range(1, kCheckers));
  cmd->add_option("--keep-one-in", o->sample.keep_one_in,
                  "Keep an eligible position with chance 1/N")
      ->check(at_least(1));
  cmd->callback([o] { run_cube_positions(*o); });
}

}  // namespace nard::tools

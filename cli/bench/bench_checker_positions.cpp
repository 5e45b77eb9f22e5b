// nard bench checker-positions [--model F] [--seed S] [--count N] [--exploration E] [--keep K]:
// the input of tests/gnubg/checker_oracle.py. (position, roll) pairs from self-play of the
// backgammon net with exploration (bench/checker_positions.h), one a line:
//   <Position ID> <d1><d2>
// '#' lines say how the list was made (the oracle copies them into its output's header).
#include <cstdio>
#include <filesystem>

#include "bench/checker_positions.h"
#include "cli/bot_args.h"
#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/gnubg_id.h"
#include "search/cube/efficiency.h"

namespace nard::tools {

namespace {
struct CheckerPositionsOptions {
  std::string model;
  CheckerSampleConfig sample;
};

void run_checker_positions(const CheckerPositionsOptions& o) {
  const CheckerSampleConfig& c = o.sample;
  if (c.count < 1 || !(c.exploration >= 0.0 && c.exploration <= 1.0) ||
      !(c.keep > 0.0 && c.keep <= 1.0) || c.threads < 1)
    return fail_input(
        make_error("--count >= 1, --exploration in [0, 1], --keep in (0, 1], --threads >= 1"));
  BotArgs args;
  args.model = o.model;
  args.no_bearoff_db =
      true;  // the net alone plays the games: the set does not move with the database
  std::unique_ptr<LoadedBot> bot = load_bot(args);
  if (!bot) return;
  if (bot->rules.variant != Variant::Backgammon)
    return fail_input(make_error("checker positions are for standard backgammon models"));
  const CheckerSampleSet set = sample_checker_positions(bot->model, c);
  if (int(set.samples.size()) < c.count)
    return fail_runtime(make_error("only " + std::to_string(set.samples.size()) + " of " +
                                   std::to_string(c.count) + " pairs found"));
  int count[3] = {0, 0, 0};
  long long plays = 0;
  for (const CheckerSample& s : set.samples) {
    ++count[int(classify_for_cube(s.position).kind)];
    plays += s.plays;
  }
  std::printf(
      "# positions: nard bench checker-positions --seed %llu --count %d --exploration %.2f "
      "--keep %.2f\n",
      (unsigned long long)c.seed, c.count, c.exploration, c.keep);
  std::printf("# model: %s (rules %s)\n",
              std::filesystem::path(bot->model_path).filename().string().c_str(),
              bot->rules.preset.c_str());
  std::printf(
      "# self-play: the net's 0-ply play for both sides, a random legal play with chance %.2f "
      "per move, %lld games; each position kept with chance %.2f, repeats dropped; one random "
      "roll each, kept when it has at least two legal plays (%lld dropped)\n",
      c.exploration, set.games, c.keep, set.single_play_rolls);
  std::printf("# kept: %d contact, %d race, %d bear-off (both sides home); %lld legal plays\n",
              count[0], count[1], count[2], plays);
  for (const CheckerSample& s : set.samples)
    std::printf("%s %d%d\n", encode_position_id(s.position).c_str(), s.dice.d1, s.dice.d2);
}
}  // namespace

void register_bench_checker_positions(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<CheckerPositionsOptions>();
  CLI::App* cmd = bench->add_subcommand(
      "checker-positions",
      "Self-play positions with a roll (input of the gnubg checker-play oracle)");
  cmd->add_option("--model", o->model, "Backgammon model (default: the shipped one)");
  cmd->add_option("--seed", o->sample.seed, "Self-play and roll seed")->check(unsigned_whole());
  cmd->add_option("--count", o->sample.count, "(position, roll) pairs wanted")->check(at_least(1));
  cmd->add_option("--exploration", o->sample.exploration,
                  "Chance per move of a random legal play in the games")
      ->check(real_in(0, 1));
  cmd->add_option("--keep", o->sample.keep, "Chance of keeping a position met in a game")
      ->check(real_in(0, 1));
  cmd->add_option("--threads", o->sample.threads, "Self-play threads (the result is the same)")
      ->check(at_least(1));
  cmd->callback([o] { run_checker_positions(*o); });
}

}  // namespace nard::tools

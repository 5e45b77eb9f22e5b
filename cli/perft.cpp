// nard perft [POSITION] --depth D [--divide]: perft counts (game/movegen/perft.h).
#include "game/movegen/perft.h"

#include <chrono>
#include <iostream>

#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "formats/position_arg.h"

namespace nard::tools {

namespace {
struct PerftOptions {
  std::string position, variant, rules;
  int depth = 1;
  bool divide = false;
};

void run_perft(const PerftOptions& o) {
  Result<Rules> rules = resolve_rules(o.variant, o.rules);
  if (!rules) return fail_input(rules.error());
  Position pos = start_position(*rules);
  if (!o.position.empty()) {
    Result<Position> p = parse_position_arg(o.position, *rules);
    if (!p) return fail_input(p.error());
    pos = *p;
  }
  if (o.depth < 1 || o.depth > 4) return fail_input(make_error("--depth must be 1..4"));
  if (o.divide) {
    const auto counts = perft_divide(*rules, pos);
    for (int i = 0; i < 21; ++i)
      std::cout << all_rolls()[size_t(i)].str() << ' ' << counts[size_t(i)] << '\n';
  }
  const auto t0 = std::chrono::steady_clock::now();
  const uint64_t n = perft(*rules, pos, o.depth);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << "perft " << o.depth << ": " << n << "\n";
  std::cerr << "time " << s << " s\n";
}
}  // namespace

void register_perft(CLI::App& app) {
  auto o = std::make_shared<PerftOptions>();
  CLI::App* cmd = app.add_subcommand("perft", "Count distinct resulting positions over all rolls");
  cmd->add_option("position", o->position,
                  "Start position (default: the game's starting position)");
  cmd->add_option("--depth,-d", o->depth, "Plies (1..4)")->check(CLI::Range(1, 4));
  cmd->add_flag("--divide", o->divide, "Also print the depth-1 count of each roll");
  cmd->add_option("--variant", o->variant, "Game (default backgammon)");
  cmd->add_option("--rules", o->rules, "Rules preset");
  cmd->callback([o] { run_perft(*o); });
}

}  // namespace nard::tools

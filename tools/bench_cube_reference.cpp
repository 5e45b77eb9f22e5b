// nard bench cube-reference LIST [--ply N] [--model M]: our own money cube decisions, in the
// format of a cube reference file (bot/cube/reference.h), for a list of positions made by
// `nard bench cube-positions`. With it, `nard bench cube --file` measures a setting against our
// deeper search instead of gnubg's, on positions gnubg never saw: e.g. how well the 0-ply cube
// model predicts our 2-ply decisions (the teacher is our own search; gnubg stays the measuring
// stick).
//
// Input lines: "<Position ID> <cube value> centre|roller" ('#' lines are copied to the output's
// header). Output lines: <ID> <cube> <owner> <action> <ND> <DT> <DP> <w> <wg> <wbg> <lg> <lbg>:
// the action and the equities per unit of the current cube from `nard cube` at --ply, the
// cubeless probabilities of the side on roll at the same ply.
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "bot/agents.h"
#include "bot/cube/reference.h"
#include "engine/gnubg_id.h"
#include "engine/read_file.h"
#include "tools/bot_args.h"
#include "tools/output.h"
#include "tools/progress_line.h"
#include "tools/subcommand.h"

namespace nard::tools {

namespace {
struct CubeReferenceOptions {
  std::string list, model;
  int ply = 2;
  bool quiet = false;
};

struct ListedPosition {
  std::string id;
  Position position;
  int cube = 1;
  bool roller_owns = false;
};

Result<std::vector<ListedPosition>> parse_list(const std::string& text, const std::string& origin,
                                               std::vector<std::string>& comments) {
  std::vector<ListedPosition> out;
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty()) continue;
    if (line[0] == '#') {
      comments.push_back(line);
      continue;
    }
    std::istringstream fields(line);
    ListedPosition p;
    std::string owner, extra;
    if (!(fields >> p.id >> p.cube >> owner) || (fields >> extra))
      return make_error(origin + ":" + std::to_string(n) + ": expected '<Position ID> <cube> centre|roller'");
    Result<Position> pos = decode_position_id(p.id);
    if (!pos) return make_error(origin + ":" + std::to_string(n) + ": " + pos.error().message);
    if (p.cube < 1 || p.cube > 4096 || (p.cube & (p.cube - 1)) != 0)
      return make_error(origin + ":" + std::to_string(n) + ": the cube must be a power of two from 1 to 4096");
    if (owner != "centre" && owner != "roller")
      return make_error(origin + ":" + std::to_string(n) + ": the owner must be centre or roller, not '" + owner + "'");
    p.roller_owns = owner == "roller";
    if ((p.cube == 1) == p.roller_owns)
      return make_error(origin + ":" + std::to_string(n) + ": a cube on 1 is centred, a higher one owned");
    p.position = *pos;
    out.push_back(std::move(p));
  }
  if (out.empty()) return make_error(origin + ": no positions (make the list with nard bench cube-positions)");
  return out;
}

void run_cube_reference(const CubeReferenceOptions& o) {
  Result<std::string> text = read_regular_file(o.list, "position list");
  if (!text) return fail_input(text.error());
  std::vector<std::string> comments;
  Result<std::vector<ListedPosition>> list = parse_list(*text, o.list, comments);
  if (!list) return fail_input(list.error());
  BotArgs args;
  args.model = o.model;
  args.ply = o.ply;
  std::unique_ptr<LoadedBot> bot = load_bot(args);
  if (!bot) return;
  NeuralEvaluator evaluator(bot->model);
  BotAgent agent(bot->rules, evaluator, bot->search);
  std::printf("# nard: money cube decisions at %d-ply (nard cube), model %s, rules %s; made by\n", o.ply,
              std::filesystem::path(bot->model_path).filename().string().c_str(), bot->rules.preset.c_str());
  std::printf("#   nard bench cube-reference %s --ply %d\n", o.list.c_str(), o.ply);
  std::printf("# Fields: PositionID cube owner(centre|roller) action ND DT DP  win wingammon winbg losegammon losebg\n");
  for (const std::string& c : comments) std::printf("%s\n", c.c_str());
  const auto bar = o.quiet ? std::function<void(long long, long long)>([](long long, long long) {})
                           : progress_bar_on_stderr("Cube decisions", "positions", 0);
  const long long total = (long long)list->size();
  for (long long i = 0; i < total; ++i) {
    const ListedPosition& p = (*list)[size_t(i)];
    MatchView view;  // money
    view.cube.value = p.cube;
    view.cube.owner = p.roller_owns ? 0 : -1;
    Result<CubeDecision> d = agent.analyse_cube(p.position, view);
    if (!d) return fail_input(make_error(p.id + ": " + d.error().message));
    const std::optional<CubeAction> action = cube_action_of(*d);
    if (!action) return fail_input(make_error(p.id + ": the side on roll cannot double (" + d->cannot_double_reason + ")"));
    const Probabilities pr = agent.search().evaluate(p.position, o.ply);
    std::printf("%s %d %s %s %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f\n", p.id.c_str(), p.cube,
                p.roller_owns ? "roller" : "centre", std::string(cube_action_name(*action)).c_str(), d->no_double,
                d->double_take, d->double_pass, pr.win, pr.win_gammon, pr.win_backgammon, pr.lose_gammon,
                pr.lose_backgammon);
    bar(i + 1, total);
  }
}
}  // namespace

void register_bench_cube_reference(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<CubeReferenceOptions>();
  CLI::App* cmd = bench->add_subcommand(
      "cube-reference",
      "Our own money cube decisions at n-ply for a cube-positions list, as a reference file for bench cube --file");
  cmd->add_option("list", o->list, "Position list from nard bench cube-positions")->required();
  cmd->add_option("--ply", o->ply, "Our search depth 0..3 (default 2)")->check(CLI::Range(0, 3));
  cmd->add_option("--model", o->model, "Backgammon model (default: the shipped one)");
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->callback([o] { run_cube_reference(*o); });
}

}  // namespace nard::tools

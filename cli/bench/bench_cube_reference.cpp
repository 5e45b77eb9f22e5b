// nard bench cube-reference LIST [--ply N] [--model M]: our own money cube decisions, in the
// format of a cube reference file (bench/cube_reference.h), for a list of positions made by
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
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bench/cube_reference.h"
#include "cli/bot_args.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/subcommand.h"
#include "core/read_file.h"
#include "formats/gnubg_id.h"
#include "nn/evaluator.h"
#include "play/agents.h"
#include "search/cube/decision.h"

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
  int line = 0;  // in the list, for messages
};

// Lines: "<Position ID> <cube> centre|roller"; '#' starts a comment (a line that is only a
// comment is kept for the output's header); blank lines are skipped.
Result<std::vector<ListedPosition>> parse_list(const std::string& text, const std::string& origin,
                                               std::vector<std::string>& comments) {
  std::vector<ListedPosition> out;
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const std::string where = origin + ":" + std::to_string(n) + ": ";
    const size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string::npos && line[first] == '#') {
      comments.push_back(line.substr(first, line.find_last_not_of(" \t\r") + 1 - first));
      continue;
    }
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::istringstream fields(line);
    ListedPosition p;
    p.line = n;
    std::string owner, extra;
    if (!(fields >> p.id >> p.cube >> owner) || (fields >> extra))
      return make_error(where + "expected '<Position ID> <cube> centre|roller'");
    Result<Position> pos = decode_position_id(p.id);
    if (!pos) return make_error(where + pos.error().message);
    if (owner != "centre" && owner != "roller")
      return make_error(where + "the owner must be centre or roller, not '" + owner + "'");
    p.roller_owns = owner == "roller";
    if ((p.cube == 1) == p.roller_owns)
      return make_error(where + "a cube on 1 is centred, a higher one owned");
    p.position = *pos;
    out.push_back(std::move(p));
  }
  if (out.empty())
    return make_error(origin + ": no positions (make the list with nard bench cube-positions)");
  return out;
}

// One reference line, or what makes the entry impossible (the caller names the line).
Result<std::string> reference_line(BotAgent& agent, const Rules& rules, const ListedPosition& p,
                                   int ply) {
  if (Result<std::vector<int>> stakes = cube_stakes(rules, p.cube); !stakes) return stakes.error();
  if (terminal_probabilities(rules, p.position))
    return make_error(p.id + " is a finished game: nothing to decide");
  MatchView view;  // money
  view.cube.value = p.cube;
  view.cube.owner = p.roller_owns ? 0 : -1;
  Result<CubeDecision> d = agent.analyse_cube(p.position, view);
  if (!d) return d.error();
  const std::optional<CubeAction> action = cube_action_of(*d);
  if (!action)
    return make_error(p.id + ": the side on roll cannot double (" + d->cannot_double_reason + ")");
  const Probabilities pr = agent.search().evaluate(p.position, ply);
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s %d %s %s %.6f %.6f %.6f %.6f %.6f %.6f %.6f %.6f",
                p.id.c_str(), p.cube, p.roller_owns ? "roller" : "centre",
                std::string(cube_action_name(*action)).c_str(), d->no_double, d->double_take,
                d->double_pass, pr.win, pr.win_gammon, pr.win_backgammon, pr.lose_gammon,
                pr.lose_backgammon);
  return std::string(buf);
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
  // Every line is made before any is printed: a bad entry leaves no half-written reference.
  const auto bar = o.quiet ? std::function<void(long long, long long)>([](long long, long long) {})
                           : progress_bar_on_stderr("Cube decisions", "positions", 0);
  const long long total = (long long)list->size();
  std::vector<std::string> lines;
  lines.reserve(list->size());
  for (const ListedPosition& p : *list) {
    Result<std::string> line = reference_line(agent, bot->rules, p, o.ply);
    if (!line) {
      const std::string where = o.list + ":" + std::to_string(p.line) + ": ";
      return fail_input(make_error(where + line.error().message));
    }
    lines.push_back(std::move(line).value());
    bar((long long)lines.size(), total);
  }
  std::printf("# nard: money cube decisions at %d-ply (nard cube), model %s, rules %s; made by\n",
              o.ply, std::filesystem::path(bot->model_path).filename().string().c_str(),
              bot->rules.preset.c_str());
  std::printf("#   nard bench cube-reference %s --ply %d\n", o.list.c_str(), o.ply);
  std::printf(
      "# Fields: PositionID cube owner(centre|roller) action ND DT DP  win wingammon winbg "
      "losegammon losebg\n");
  for (const std::string& c : comments) std::printf("%s\n", c.c_str());
  for (const std::string& l : lines) std::printf("%s\n", l.c_str());
}
}  // namespace

void register_bench_cube_reference(CLI::App& app) {
  CLI::App* bench = app.get_subcommand("bench");  // registered before (register_all order)
  auto o = std::make_shared<CubeReferenceOptions>();
  CLI::App* cmd = bench->add_subcommand(
      "cube-reference",
      "Our own money cube decisions at n-ply for a cube-positions list, as a reference file for "
      "bench cube --file");
  cmd->add_option("list", o->list, "Position list from nard bench cube-positions")->required();
  cmd->add_option("--ply", o->ply, "Our search depth 0..3 (default 2)")->check(CLI::Range(0, 3));
  cmd->add_option("--model", o->model, "Backgammon model (default: the shipped one)");
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->callback([o] { run_cube_reference(*o); });
}

}  // namespace nard::tools

// nard positions GAMES... --out FILE.npdb [--model FILE] [--ply N] [--keep-repeats] [--threads T]
// [--quiet]: the positions of saved games (.mat, gnubg .sgf, or the session files `nard match
// --save` writes) as a position database (coach/position_database.h), each valued by a model's
// n-ply search (default 0-ply, the net itself): training data from games that did not come from
// our self-play, e.g. games against gnubg or a player's own matches. `nard revalue` then values
// them again as a fit needs (a stronger search, rollouts, only the cube window). The positions are
// those a side was on roll in (coach/game_positions.h), repeats left out unless --keep-repeats, and
// those the game's bear-off database covers (exact already) left out. Every game of every file must
// be played under the first game's rules preset.
// Or, instead of games, `--list FILE...` with [--variant V] [--rules R] (default backgammon): the
// positions that text files list, one a line (a Position ID, possibly followed by other fields, or
// any POSITION the other commands take), e.g. positions another program picked. With
// --listed-targets NAME each line is a Position ID and the five cubeless probabilities another
// program gave it (formats/position_list.h), and those are the targets, not a model's: e.g.
// gnubg's n-ply values as a teacher beside our own search (--ply then records the listed values'
// depth, NAME what made them, as the database's `model`). Probabilities out of their cumulative
// order by more than a rounding are refused naming the line.
// Bad arguments and files (and an --out directory that does not exist) exit with code 2 before
// anything is valued or written; a failure to write with code 1.
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/option_checks.h"
#include "cli/output.h"
#include "cli/progress_line.h"
#include "cli/subcommand.h"
#include "coach/game_positions.h"
#include "coach/position_database.h"
#include "coach/position_sampling.h"
#include "coach/position_valuation.h"
#include "core/read_file.h"
#include "formats/match_text.h"
#include "formats/position_list.h"
#include "play/bot.h"

namespace nard::tools {

namespace {

// Listed probabilities are printed with a few decimals: their order may miss by a rounding.
constexpr float kListedRounding = 1e-4f;

struct PositionsOptions {
  std::vector<std::string> games, lists;
  std::string out, model, variant, rules, listed_targets;
  int ply = 0;
  int threads = 2;
  bool keep_repeats = false, quiet = false;
};

// What the options ask for, checked before any file is read.
std::optional<Error> check_options(const PositionsOptions& o) {
  const std::filesystem::path out(o.out);
  if (out.extension() != ".npdb")
    return make_error("--out " + o.out + ": a position database is named *.npdb");
  const std::filesystem::path out_dir = out.parent_path().empty() ? "." : out.parent_path();
  if (std::error_code ec; !std::filesystem::is_directory(out_dir, ec))
    return make_error("--out " + o.out + ": no directory " + out_dir.string() + " to write it in");
  if (o.games.empty() && o.lists.empty())
    return make_error("no positions to value: give saved games (.mat, .sgf) or --list");
  if (!o.games.empty() && !o.lists.empty())
    return make_error("give saved games (.mat, .sgf) or --list files, not both");
  if (!o.games.empty() && (!o.variant.empty() || !o.rules.empty()))
    return make_error("--variant and --rules are for --list: games carry their rules");
  if (!o.listed_targets.empty() && o.lists.empty())
    return make_error("--listed-targets takes its targets from --list files");
  return std::nullopt;
}

// The positions of the --list files into `found` (with --listed-targets their listed
// probabilities into `given`, one per position kept).
std::optional<Error> gather_listed(const PositionsOptions& o, const Rules& rules, PositionSet& seen,
                                   GamePositions& found, std::vector<Probabilities>& given) {
  for (const std::string& file : o.lists) {
    Result<std::string> text = read_regular_file(file, "position list");
    if (!text) return text.error();
    if (o.listed_targets.empty()) {
      Result<std::vector<Position>> listed = read_position_list(*text, rules);
      if (!listed) return make_error(file + ": " + listed.error().message);
      add_listed_positions(*listed, !o.keep_repeats, seen, found);
      continue;
    }
    Result<std::vector<ValuedListEntry>> listed = read_valued_position_list(*text, rules);
    if (!listed) return make_error(file + ": " + listed.error().message);
    for (const ValuedListEntry& entry : *listed) {
      const Probabilities p = Probabilities::from_array(entry.values.data());
      if (!is_consistent(p, kListedRounding))
        return make_error(file + ": line " + std::to_string(entry.line) +
                          ": the probabilities are not in their cumulative order "
                          "(win_gammon <= win, win_backgammon <= win_gammon, "
                          "lose_gammon <= 1 - win, lose_backgammon <= lose_gammon)");
      const size_t before = found.positions.size();
      add_listed_positions({&entry.position, 1}, !o.keep_repeats, seen, found);
      if (found.positions.size() > before) given.push_back(make_consistent(p));
    }
  }
  return std::nullopt;
}

// The positions of the saved games into `found`; the rules of the first game, under which every
// game of every file must be played.
Result<Rules> gather_games(const PositionsOptions& o, PositionSet& seen, GamePositions& found) {
  std::vector<MatchRecord> records;
  for (const std::string& file : o.games) {
    Result<std::string> text = read_regular_file(file, "match file");
    if (!text) return text.error();
    Result<MatchRecord> record = read_match_text(*text);
    if (!record) return make_error(file + ": " + record.error().message);
    if (record->games.empty()) return make_error(file + ": no games");
    records.push_back(std::move(record).value());
  }
  Result<Rules> rules = record_rules(records.front(), records.front().games.front());
  if (!rules) return make_error(o.games.front() + ": " + rules.error().message);
  for (size_t i = 0; i < records.size(); ++i)
    if (std::optional<Error> e =
            add_game_positions(records[i], *rules, !o.keep_repeats, seen, found))
      return make_error(o.games[i] + ": " + e->message);
  return rules;
}

// Leaves out the positions `skip` covers (exact in the bear-off database: as the self-play
// samplers do, they need no training), and their listed targets where there are any; returns how
// many went.
long long drop_covered(const std::function<bool(const Position&)>& skip,
                       std::vector<Position>& positions, std::vector<Probabilities>& given) {
  if (!skip) return 0;
  const bool targets = !given.empty();
  size_t kept = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    if (skip(positions[i])) continue;
    positions[kept] = positions[i];
    if (targets) given[kept] = given[i];
    ++kept;
  }
  const long long dropped = (long long)(positions.size() - kept);
  positions.resize(kept);
  if (targets) given.resize(kept);
  return dropped;
}

void run_positions(const PositionsOptions& o) {
  if (std::optional<Error> e = check_options(o)) return fail_input(*e);
  // Read every file first: a bad file stops the command before anything is valued or written.
  const bool listed_targets = !o.listed_targets.empty();
  GamePositions found;
  std::vector<Probabilities> given;  // with --listed-targets: found.positions' targets
  PositionSet seen;
  Result<Rules> rules = make_error("no input");
  if (!o.lists.empty()) {
    rules = resolve_rules(o.variant, o.rules);
    if (!rules) return fail_input(rules.error());
    if (std::optional<Error> e = gather_listed(o, *rules, seen, found, given))
      return fail_input(*e);
  } else {
    rules = gather_games(o, seen, found);
    if (!rules) return fail_input(rules.error());
  }
  const std::vector<std::string>& inputs = o.lists.empty() ? o.games : o.lists;

  std::string model_path;
  bool no_shipped_model = false;
  Result<std::shared_ptr<const NeuralModel>> model =
      load_model(*rules, o.model, BearoffDatabases::Both, &model_path, &no_shipped_model);
  if (!model) return no_shipped_model ? fail_runtime(model.error()) : fail_input(model.error());
  Result<std::string> model_name = targets_model_name(model_path, (*model)->description());
  if (!model_name) return fail_input(model_name.error());
  const long long bearoffs = drop_covered(skip_bearoff_database(**model), found.positions, given);
  const std::string source = o.lists.empty() ? std::to_string(found.games) + " games"
                                             : std::to_string(found.listed) + " listed positions";
  if (found.positions.empty())
    return fail_input(make_error("the " + source + " hold no position before a roll to value"));

  std::vector<Probabilities> values(found.positions.size());
  if (listed_targets) {
    std::printf("%zu positions of %s (%lld repeats and %lld bear-offs left out), valued by %s\n",
                found.positions.size(), source.c_str(), found.repeats, bearoffs,
                o.listed_targets.c_str());
    values = std::move(given);
  } else {
    std::printf(
        "valuing %zu positions of %s (%lld repeats and %lld bear-offs left out) at %d-ply "
        "with %s\n",
        found.positions.size(), source.c_str(), found.repeats, bearoffs, o.ply, model_path.c_str());
    std::fflush(stdout);
    ValuationConfig vc;
    vc.ply = o.ply;
    vc.threads = o.threads;
    const std::function<void(long long, long long)> bar =
        o.quiet ? [](long long, long long) {} : progress_bar_on_stderr("Valuing", "positions", 0);
    value_positions(*model, found.positions, vc, values, bar);
  }

  PositionDatabase db;
  db.variant = rules->variant;
  db.rules = rules->preset;
  db.target_kind = TargetKind::Search;
  db.target_ply = o.ply;
  db.model = listed_targets ? o.listed_targets : *model_name;
  db.description = "nard positions: the positions before a roll of " + source + " (" +
                   std::to_string(inputs.size()) + " file(s), first " +
                   std::filesystem::path(inputs.front()).filename().string() +
                   (o.keep_repeats ? ")" : "), repeats left out") +
                   ", bear-offs left out where the database covers them" +
                   (listed_targets ? ", targets as listed" : "");
  db.records.reserve(found.positions.size());
  for (size_t i = 0; i < found.positions.size(); ++i)
    db.records.push_back({found.positions[i], make_consistent(values[i])});
  if (std::optional<Error> e = save_position_database(o.out, db)) return fail_runtime(*e);
  std::printf("wrote %s: %zu positions\n", o.out.c_str(), db.records.size());
}

}  // namespace

void register_positions(CLI::App& app) {
  auto o = std::make_shared<PositionsOptions>();
  CLI::App* cmd = app.add_subcommand(
      "positions", "The positions of saved games as a position database, valued by a model");
  cmd->add_option("games", o->games, "Match or session files (.mat, .sgf)");
  cmd->add_option("--list", o->lists,
                  "Instead of games: text files listing positions, one a line (a Position ID, "
                  "possibly followed by other fields, or any POSITION; # comments)");
  cmd->add_option("--variant", o->variant, "--list: the positions' game (default backgammon)");
  cmd->add_option("--rules", o->rules, "--list: the positions' rules preset");
  cmd->add_option("--out", o->out, "Position database file to write (*.npdb)")->required();
  cmd->add_option("--model", o->model, "Model file of the games' game (default: the shipped one)");
  cmd->add_option("--listed-targets", o->listed_targets,
                  "--list: each line is a Position ID and five cubeless probabilities (win, "
                  "win_gammon, win_backgammon, lose_gammon, lose_backgammon), the targets; NAME "
                  "says what valued them (e.g. 'gnubg 2-ply'), --ply their depth");
  cmd->add_option("--ply", o->ply, "Search depth of the targets, 0..3 (default 0: the net)")
      ->check(CLI::Range(0, 3));
  cmd->add_option("--threads", o->threads, "Threads")->check(at_least(1));
  cmd->add_flag("--keep-repeats", o->keep_repeats,
                "Keep every occurrence of a position (default: the first only)");
  cmd->add_flag("--quiet", o->quiet, "No progress bar");
  cmd->callback([o] { run_positions(*o); });
}

}  // namespace nard::tools

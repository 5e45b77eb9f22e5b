// nard matfile FILE [--to mat|sgf] [--check]: reads a match file (.mat or gnubg .sgf), replays
// every game through our move generation, and writes it again in either format (default: the
// same format) to stdout, or with --check prints one line per game.
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/output.h"
#include "cli/subcommand.h"
#include "core/read_file.h"
#include "formats/mat_file.h"
#include "formats/match_text.h"
#include "formats/sgf_file.h"

namespace nard::tools {

namespace {
struct MatfileOptions {
  std::string file, to;
  bool check = false;
};

void run_matfile(const MatfileOptions& o) {
  Result<std::string> read = read_regular_file(o.file, "match file");
  if (!read) return fail_input(read.error());
  const std::string& text = *read;
  const bool sgf = looks_like_sgf(text);
  Result<MatchRecord> record = read_match_text(text);
  if (!record) return fail_input(make_error(o.file + ": " + record.error().message));
  if (o.check) {
    std::cout << record->players[0] << " - " << record->players[1] << ", "
              << (record->match_length ? std::to_string(record->match_length) + " point match"
                                       : "money session")
              << ", rules " << record->rules << "\n";
    for (const MatchGame& g : record->games) {
      int plays = 0;
      for (const MatchAction& a : g.actions) plays += a.kind == ActionKind::Play;
      std::cout << "Game " << g.number << " (" << g.score[0] << "-" << g.score[1]
                << (g.crawford_game ? ", Crawford" : "") << "): " << plays << " plays, ";
      if (g.end.winner >= 0)
        std::cout << "player " << g.end.winner << " wins " << g.end.points << "\n";
      else
        std::cout << (g.end.kind == GameEndKind::Draw ? "draw" : "unfinished") << "\n";
    }
    return;
  }
  const std::string to = o.to.empty() ? (sgf ? "sgf" : "mat") : o.to;
  std::cout << (to == "sgf" ? write_sgf(*record) : write_mat(*record));
}
}  // namespace

void register_matfile(CLI::App& app) {
  auto o = std::make_shared<MatfileOptions>();
  CLI::App* cmd =
      app.add_subcommand("matfile", "Read a match file (.mat or .sgf), check it, write it again");
  cmd->add_option("file", o->file, "The match file")->required();
  cmd->add_option("--to", o->to, "Output format: mat or sgf (default: the input's)")
      ->check(CLI::IsMember({"mat", "sgf"}));
  cmd->add_flag("--check", o->check, "Print one line per game instead of the file");
  cmd->callback([o] { run_matfile(*o); });
}

}  // namespace nard::tools

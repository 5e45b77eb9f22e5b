// Fuzz target: GameReplay (game/game_replay.h), the rules of a game action by
// action as the match file readers and game loops drive it. The input is a byte
// program: a header (preset, match length, score, Jacoby/beavers), then one
// action per two bytes (roll, a legal play by position or by its written
// sub-moves, possibly altered, double, take, drop, beaver, resign, accept,
// reject, by either player). After every accepted action the position is
// consistent and fits the game and the cube is sane; at the end the game as a
// record passes check_record(), and reads back the same from .mat and .sgf.
#include <memory>

#include "formats/mat_file.h"
#include "formats/sgf_file.h"
#include "game/game_replay.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/record_compare.h"

using namespace nard;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  static const std::vector<std::string> presets = preset_names();
  MatchRecord rec;
  rec.rules = presets[data[0] % presets.size()];
  rec.match_length = (data[1] & 0x80) ? 0 : data[1] % 12;
  rec.jacoby = rec.match_length == 0 && (data[2] & 1);
  rec.beavers = rec.match_length == 0 && (data[2] & 2);
  MatchGame game;
  if (rec.match_length > 0)
    game.score = {(data[2] >> 2) % rec.match_length, (data[3] >> 4) % rec.match_length};
  Result<Rules> rules = record_rules(rec, game);
  NARD_FUZZ_CHECK(rules.ok(), rec.rules);
  // A first game at a Crawford score is the Crawford game: the files cannot say
  // otherwise (the readers infer it from the score, as gnubg does).
  game.crawford_game =
      rules->cube && rec.crawford && is_crawford_score(rec.match_length, game.score);

  GameReplay replay(*rules, rec.match_length, game.score, game.crawford_game);
  static std::unique_ptr<MoveGenerator> gen;
  static std::string gen_preset;
  if (!gen || gen_preset != rec.rules) {
    gen = std::make_unique<MoveGenerator>(*rules);
    gen_preset = rec.rules;
  }
  static PlayList list;
  Dice dice{};
  for (size_t i = 4; i + 1 < size && !replay.over(); i += 2) {
    const uint8_t op = data[i], arg = data[i + 1];
    const int player = op >> 7;
    std::optional<Error> e;
    switch ((op & 0x7F) % 10) {
      case 0:
        dice = Dice{uint8_t(1 + arg % 6), uint8_t(1 + (arg / 6) % 6)};
        e = replay.roll(player, dice);
        break;
      case 1:
        if (!replay.roll_pending() || replay.legal_plays().empty()) continue;
        e = replay.play_to(player, replay.legal_plays()[arg % replay.legal_plays().size()]);
        break;
      case 2: {
        if (!replay.roll_pending()) continue;
        list.size = gen->generate(replay.position(), dice, list.positions.get(), list.moves.get());
        WrittenPlay w;
        if (list.size > 0) {
          const Move& m = list.moves[size_t(arg % list.size)];
          for (int k = 0; k < m.count; ++k) w.steps.push_back(m.sub[size_t(k)]);
          if ((arg & 0x40) && !w.steps.empty()) w.steps.back().hit = !w.steps.back().hit;
          if ((arg & 0x80) && !w.steps.empty()) w.steps.pop_back();
        }
        e = replay.play(player, w);
        break;
      }
      case 3:
        e = replay.double_cube(player);
        break;
      case 4:
        e = replay.take(player);
        break;
      case 5:
        e = replay.drop(player);
        break;
      case 6:
        e = replay.beaver(player);
        break;
      case 7:
        e = replay.resign(player, 1 + arg % 3);
        break;
      case 8:
        e = replay.accept(player);
        break;
      case 9:
        e = replay.reject(player);
        break;
    }
    if (e) {
      NARD_FUZZ_CHECK(!e->message.empty(), "empty error message");
      continue;
    }
    const Position& p = replay.position();
    std::string why;
    NARD_FUZZ_CHECK(p.is_consistent(&why), why);
    NARD_FUZZ_CHECK(fuzz::fits(*rules, p), "the position does not fit the game");
    const CubeState& c = replay.cube();
    NARD_FUZZ_CHECK(c.value >= 1 && c.value <= (1 << 15) && c.owner >= -1 && c.owner <= 1,
                    "cube " + std::to_string(c.value));
  }
  game = replay.game(1);
  rec.games = {game};
  if (auto e = check_record(rec))
    fuzz::fail("the replay's own record fails check_record: " + e->message);
  const std::string mat = write_mat(rec);
  Result<MatchRecord> via_mat = read_mat(mat);
  NARD_FUZZ_CHECK(via_mat.ok(), mat + "\n" + (via_mat ? std::string() : via_mat.error().message));
  const MatchRecord expect = fuzz::as_files_hold_it(rec);
  const MatchRecord got_mat = fuzz::as_files_hold_it(*via_mat);
  NARD_FUZZ_CHECK(got_mat == expect,
                  mat + "\nreads differently: " + fuzz::first_difference(expect, got_mat));
  const std::string sgf = write_sgf(rec);
  Result<MatchRecord> via_sgf = read_sgf(sgf);
  NARD_FUZZ_CHECK(via_sgf.ok(), sgf + "\n" + (via_sgf ? std::string() : via_sgf.error().message));
  const MatchRecord got_sgf = fuzz::as_files_hold_it(*via_sgf);
  NARD_FUZZ_CHECK(got_sgf == expect,
                  sgf + "\nreads differently: " + fuzz::first_difference(expect, got_sgf));
  return 0;
}

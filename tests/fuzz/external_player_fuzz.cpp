// Fuzz target: the external-player protocol (gnubg/external_player.h), one gnubg
// FIBS board line per input, answered by a 0-ply bot on a fake evaluator. A
// line that is not a board gets an error; a board gets no reply, a cube word
// that fits the state, or one of the legal plays.
#include "formats/fibs_board.h"
#include "gnubg/external_player.h"
#include "nn/fake_evaluator.h"
#include "play/agents.h"
#include "tests/fuzz/fuzz_support.h"

using namespace nard;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Rules& rules = fuzz::preset_rules("wbf");
  static FakeEvaluator evaluator(rules);
  static BotAgent bot(rules, evaluator, SearchConfig{});
  static ExternalPlayer player(rules, bot);
  static MoveGenerator gen(rules);
  static PlayList list;
  const std::string_view line = fuzz::as_text(data, size);
  Result<std::optional<std::string>> reply = player.reply(line);
  Result<FibsBoard> board = parse_fibs_board(line, FibsDialect::Gnubg);
  NARD_FUZZ_CHECK(reply.ok() == board.ok(), std::string(line));
  if (!reply) {
    NARD_FUZZ_CHECK(!reply.error().message.empty(), "empty error message");
    return 0;
  }
  if (!reply->has_value()) return 0;
  const std::string& answer = **reply;
  const MatchState& m = board->match;
  NARD_FUZZ_CHECK(m.game_state == GameState::Playing, answer + " to a finished game");
  if (m.double_offered) {
    NARD_FUZZ_CHECK(answer == "take" || answer == "drop" || (answer == "beaver" && m.is_money()),
                    answer + " to a double");
  } else if (!m.dice_rolled()) {
    NARD_FUZZ_CHECK(answer == "roll" || answer == "double", answer + " before the roll");
  } else {
    list.size = gen.generate(board->position, m.dice, list.positions.get(), list.moves.get());
    bool legal = list.size == 0 && answer.empty();
    for (int k = 0; k < list.size && !legal; ++k)
      legal = format_external_move(list.moves[size_t(k)]) == answer;
    NARD_FUZZ_CHECK(legal, "'" + answer + "' is not a legal play of " + m.dice.str());
  }
  return 0;
}

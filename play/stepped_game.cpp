#include "play/stepped_game.h"

#include <utility>

#include "core/zeroed_array.h"

namespace nard {

namespace {
// Thrown inside the game's thread to end a game that reset() or the destructor abandon.
struct GameAbandoned {};
}  // namespace

// An outside side: publishes its decision and waits for step()'s choice.
class SteppedGame::OutsideAgent final : public Agent {
 public:
  OutsideAgent(SteppedGame& game, int player) : game_(game), player_(player) {}
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView&) override {
    std::unique_lock<std::mutex> lock(game_.mutex_);
    SteppedDecision& d = game_.decision_;
    d.over = false;
    d.player = player_;
    d.position = pos;
    d.dice = dice;
    d.plays.assign(plays.begin(), plays.end());
    d.turn = game_.turn_;
    game_.waiting_for_choice_ = true;
    game_.have_choice_ = false;
    game_.cv_.notify_all();
    game_.cv_.wait(lock, [&] { return game_.have_choice_ || game_.abort_; });
    game_.waiting_for_choice_ = false;
    if (game_.abort_) throw GameAbandoned{};
    game_.have_choice_ = false;
    return game_.choice_;
  }

 private:
  SteppedGame& game_;
  int player_;
};

SteppedGame::SteppedGame(const Rules& rules, uint64_t seed, std::unique_ptr<Agent> opponent,
                         int max_turns)
    : rules_(rules), seed_(seed), opponent_(std::move(opponent)), max_turns_(max_turns) {}

SteppedGame::~SteppedGame() { stop_game(); }

void SteppedGame::stop_game() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    abort_ = true;
  }
  cv_.notify_all();
  thread_.join();
  abort_ = false;
}

void SteppedGame::run_game(uint64_t seed) {
  OutsideAgent first(*this, 0), second(*this, 1);
  Agent* const agents[2] = {&first, opponent_ ? opponent_.get() : &second};
  Rng rng(seed);
  MoveGenerator gen(rules_);
  ZeroedArray<Position> buffer = make_zeroed_array<Position>(kMaxPlays);
  GameOptions o;
  o.cubeless = true;
  o.max_turns = max_turns_;
  o.on_roll = [this](const Position&, Dice) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++turn_;
  };
  GameRecord record;
  bool finished = false;
  try {
    record = play_game(rules_, agents, rng, o, gen, buffer.get());
    finished = true;
  } catch (const GameAbandoned&) {}
  std::lock_guard<std::mutex> lock(mutex_);
  if (finished) {
    decision_ = SteppedDecision{};
    decision_.over = true;
    decision_.record = record;
    decision_.turn = turn_;
  }
  game_over_ = true;
  cv_.notify_all();
}

const SteppedDecision& SteppedGame::reset() {
  stop_game();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    game_over_ = false;
    waiting_for_choice_ = false;
    have_choice_ = false;
    turn_ = 0;
    decision_ = SteppedDecision{};
  }
  const uint64_t s = game_seed(seed_, uint64_t(games_++));
  thread_ = std::thread([this, s] { run_game(s); });
  std::unique_lock<std::mutex> lock(mutex_);
  cv_.wait(lock, [&] { return waiting_for_choice_ || game_over_; });
  return decision_;
}

const SteppedDecision& SteppedGame::step(int action) {
  submit(action);
  return wait();
}

void SteppedGame::submit(int action) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    choice_ = action;
    have_choice_ = true;
    waiting_for_choice_ = false;
  }
  cv_.notify_all();
}

const SteppedDecision& SteppedGame::wait() {
  // The game's thread takes the choice, plays on and either asks again or ends.
  std::unique_lock<std::mutex> lock(mutex_);
  cv_.wait(lock, [&] { return (waiting_for_choice_ && !have_choice_) || game_over_; });
  return decision_;
}

}  // namespace nard

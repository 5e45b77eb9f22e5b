#include "bench/invariant_soak.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <utility>

#include "formats/notation.h"
#include "game/cube.h"
#include "game/game.h"
#include "game/match.h"
#include "game/match_record.h"
#include "game/movegen/movegen.h"
#include "game/play_check.h"
#include "game/position_check.h"
#include "nn/evaluator.h"
#include "nn/model_path.h"
#include "nn/weights_file.h"
#include "search/greedy_player.h"
#include "search/player.h"

namespace nard {

void SoakCounts::add(const SoakCounts& o) {
  games += o.games;
  moves += o.moves;
  violations += o.violations;
  single += o.single;
  gammon += o.gammon;
  backgammon += o.backgammon;
  mother_pin += o.mother_pin;
  closure += o.closure;
  draw += o.draw;
  dropped += o.dropped;
  deadlock += o.deadlock;
  turn_limit += o.turn_limit;
  doubles += o.doubles;
}

std::vector<std::string> soak_rules() {
  std::vector<std::string> r = preset_names();
  for (const char* extra : {"wbf,jacoby=on,beavers=on", "ru_short,cube_progression=arithmetic",
                            "mahbusa,mahbusa_scoring=count31", "longnardy,head_exception=general",
                            "longnardy,six_block=forbid,block_check=end_of_turn",
                            "longnardy,ln_triple=home_mars", "longnardy,ln_triple=koks_none_home",
                            "fevga,block_check=end_of_turn", "tawla31,t31_closure=illegal"})
    r.emplace_back(extra);
  return r;
}

namespace {

enum class Pairing : uint8_t { RandomRandom, NetRandom, RandomNet, NetNet };
constexpr const char* kPairingNames[] = {"random-random", "net-random", "net-random", "net-net"};
constexpr int kLineOf[] = {0, 1, 1, 2};  // report line per pairing (net-random either way)

// Game g's pairing: 70% random players, 20% a net against a random player, 10%
// two nets.
Pairing pairing_of(uint64_t g, size_t rules_count, bool nets) {
  if (!nets) return Pairing::RandomRandom;
  const uint64_t k = (g / rules_count) % 10;
  return k < 7    ? Pairing::RandomRandom
         : k == 7 ? Pairing::NetRandom
         : k == 8 ? Pairing::RandomNet
                  : Pairing::NetNet;
}

// --- independent re-derivations of the rules
// -------------------------------------------------

// Is everything in `pos` possible in the game? (Position::is_consistent plus
// the game's own limits; the position validator of engine/ can take this over.)
// Empty when it is.
std::string impossible_in_game(const Rules& r, const Position& p) {
  std::string why;
  if (!p.is_consistent(&why)) return why;
  if (p.geometry() != r.geometry) return "the geometry is not the game's";
  if (p.pins() && r.landing != Landing::Pin) return "a pin in a game without pins";
  if ((p.mover_bar || p.opp_bar) && r.landing != Landing::Hit)
    return "a checker on the bar in a game without hits";
  if ((p.mover_first_turn() || p.opp_first_turn()) && r.variant != Variant::LongNardy)
    return "a first-turn flag outside Long Nardy";
  if (p.mover_off == kCheckers && p.opp_off == kCheckers) return "both sides have borne off";
  return {};
}

// Opposing checkers (pinned ones included) on the opponent's own points lo..hi.
int opp_on_own_points(const Position& p, int lo, int hi) {
  int n = 0;
  for (int m = 1; m <= kPoints; ++m) {
    const int q = flip_point(m, p.geometry());
    if (q >= lo && q <= hi) n += p.opp_count(m) + (p.opp_pinned_at(m) ? 1 : 0);
  }
  return n;
}

// The result of the game after the mover's play `p` (seen from the mover), from
// the rules alone.
GameResult scored(const Rules& r, const Position& p) {
  const int loser_left = kCheckers - p.opp_off;
  if (p.mover_off == kCheckers) {
    if (r.counts_checkers_left()) return {Outcome::Single, true, loser_left};
    if (p.opp_off > 0 || r.gammon_value <= 1) return {Outcome::Single, true, 1};
    bool triple = false;
    int triple_points = r.backgammon_value;
    if (r.variant == Variant::LongNardy) {
      triple_points = 3;
      const int home = opp_on_own_points(p, 1, 6);
      switch (r.ln_triple) {
        case LnTriple::None:
          break;
        case LnTriple::HomeMars:
          triple = home == kCheckers;
          break;
        case LnTriple::KoksFirstQuarter:
          triple = opp_on_own_points(p, 19, 24) > 0;
          break;
        case LnTriple::KoksNoneHome:
          triple = home == 0;
          break;
      }
    } else if (r.backgammon_value > r.gammon_value) {
      triple = (r.backgammon_counts_bar && p.opp_bar > 0) || opp_on_own_points(p, 19, 24) > 0;
    }
    if (triple) return {Outcome::Backgammon, true, triple_points};
    return {Outcome::Gammon, true, r.gammon_value};
  }
  if (r.landing == Landing::Pin) {
    const bool opp_mother_pinned = p.at(1) > 0 && p.pinned_under(1);
    const bool mover_mother_pinned = p.at(kPoints) < 0 && p.pinned_under(kPoints);
    const bool mover_on_start = p.at(kPoints) > 0 || mover_mother_pinned;
    const bool opp_on_start = p.at(1) < 0 || opp_mother_pinned;
    const bool count = r.counts_checkers_left();
    if (opp_mother_pinned && mover_mother_pinned) return {Outcome::Draw, false, 0};
    if (opp_mother_pinned && !mover_on_start)
      return {Outcome::MotherPin, true, count ? loser_left : r.mother_pin_points};
    if (mover_mother_pinned && !opp_on_start)
      return {Outcome::MotherPin, false, count ? kCheckers - p.mover_off : r.mother_pin_points};
  }
  if (r.t31_closure == T31Closure::Win) {
    bool holds = true;
    for (int m = 19; m <= kPoints; ++m) holds = holds && p.at(m) > 0;
    const bool released = p.opp_off > 0 || opp_on_own_points(p, 1, r.lead_threshold) > 0;
    if (holds && !released) return {Outcome::Closure, true, loser_left};
  }
  return {};
}

bool same_result(const GameResult& a, const GameResult& b) {
  return a.outcome == b.outcome && a.mover_wins == b.mover_wins && a.points == b.points;
}

std::string result_text(const GameResult& r) {
  return std::string(r.mover_wins ? "mover wins " : "mover loses ") + std::to_string(r.points) +
         " (outcome " + std::to_string(int(r.outcome)) + ")";
}

constexpr uint32_t kFirstTurnBits = Position::kMoverFirstTurnBit | Position::kOppFirstTurnBit;
Position without_first_turn(Position p) {
  p.flags &= ~kFirstTurnBits;
  return p;
}

// --- one game's checks
// -----------------------------------------------------------------------

// The per-thread tools of one rules set.
struct Tools {
  explicit Tools(const Rules& r)
      : game(r), check(r), general(r, MoveSearch::General), buffer(new Position[kMaxPlays]) {}
  MoveGenerator game, check, general;
  PlayList list, other;
  std::unique_ptr<Position[]> buffer;
};

class GameCheck {
 public:
  GameCheck(const Rules& rules, Tools& tools, const GameOptions& opts)
      : rules_(rules),
        tools_(tools),
        opts_(opts),
        money_(opts.match_length == 0),
        cube_in_play_(rules.cube && !opts.cubeless) {}

  void violation(std::string what) {
    if (messages_.size() < 4) messages_.push_back(std::move(what));
    ++violations_;
  }
  uint64_t violations() const { return violations_; }
  const std::vector<std::string>& messages() const { return messages_; }
  uint64_t moves() const { return moves_; }
  uint64_t doubles() const { return doubles_; }

  // Before `side` chooses among `plays` of `dice` in `pos`.
  void before_play(int side, const Position& pos, Dice dice, std::span<const Position> plays,
                   const MatchView& view) {
    ++moves_;
    check_view(side, view, false);
    const std::string at = " at " + format_notation(pos) + " roll " + dice.str();
    if (ended_) violation("a play is asked for after the game ended" + at);
    if (have_last_) {
      const Position expect = side != last_side_ ? last_after_.flipped() : last_after_;
      if (without_first_turn(expect) != without_first_turn(pos))
        violation("the position is not the last play's result" + at);
    }
    if (const std::string why = impossible_in_game(rules_, pos); !why.empty())
      violation("impossible position (" + why + ")" + at);
    if (auto e = check_position(pos, rules_))
      violation("the position validator refuses the position (" + e->message + ")" + at);
    if (pos.opp_off == kCheckers) violation("the opponent has borne off all his checkers" + at);
    PlayList& list = tools_.list;
    list.size = tools_.check.generate(pos, dice, list.positions.get(), list.moves.get());
    bool same = size_t(list.size) == plays.size();
    for (size_t i = 0; same && i < plays.size(); ++i) same = list.positions[i] == plays[i];
    if (!same) violation("the move generator gives other plays the second time" + at);
    if (auto e =
            check_plays(rules_, pos, dice, list.plays(), {list.moves.get(), size_t(list.size)}))
      violation(e->message + at);
    if (rules_.variant == Variant::Backgammon) {
      PlayList& other = tools_.other;
      other.size = tools_.general.generate(pos, dice, other.positions.get());
      bool agree = other.size == list.size;
      for (int i = 0; agree && i < list.size; ++i)
        agree = other.positions[size_t(i)] == list.positions[size_t(i)];
      if (!agree) violation("the general and the backgammon move searches disagree" + at);
    }
  }

  void after_play(int side, const Position& after) {
    have_last_ = true;
    last_side_ = side;
    last_after_ = after;
    const GameResult r = scored(rules_, after);
    if (r.over()) {
      ended_ = true;
      end_ = r;
    }
  }

  // May `side` double now, by the cube as followed here?
  bool may_double_now(int side) const {
    return cube_in_play_ && !opts_.crawford_game && (owner_ < 0 || owner_ == side) &&
           next_cube_value(rules_, value_) <= rules_.cube_cap && value_ < rules_.cube_cap;
  }

  void asked_to_double(int side, const MatchView& view) {
    check_view(side, view, false);
    if (ended_) violation("a double is asked about after the game ended");
    if (!may_double_now(side))
      violation("asked to double with the cube at " + std::to_string(value_) + " owned by " +
                std::to_string(owner_) + (opts_.crawford_game ? " in the Crawford game" : ""));
  }
  void doubles(int side) {
    pending_ = side;
    ++doubles_;
  }

  // `side` answers a double (or, when he is the doubler, a beaver) with `r`.
  void answer(int side, const MatchView& view, CubeResponse r) {
    if (beaver_pending_) {
      if (side != pending_) violation("the beaver is answered by the beaverer");
      check_view(side, view, true);
      beaver_pending_ = false;
      if (r == CubeResponse::Drop) {
        drop_ = {1 - pending_, value_};
      } else {
        value_ = next_cube_value(rules_, value_);
        owner_ = 1 - pending_;
      }
      pending_ = -1;
      return;
    }
    if (pending_ < 0 || side != 1 - pending_) {
      violation("a double is answered that nobody offered");
      return;
    }
    check_view(side, view, false);
    if (view.cube.pending_from != 1) violation("the taker's view does not show the pending double");
    const int doubled = next_cube_value(rules_, value_);
    const bool beaver_ok =
        money_ && rules_.beavers && next_cube_value(rules_, doubled) <= rules_.cube_cap;
    if (r == CubeResponse::Drop) {
      drop_ = {pending_, value_};
      pending_ = -1;
      return;
    }
    value_ = doubled;
    owner_ = side;
    turned_ = true;
    if (r == CubeResponse::Beaver && beaver_ok) {
      beaver_pending_ = true;  // the doubler answers next
      return;
    }
    pending_ = -1;
  }

  // After play_game returned `rec`.
  void finish(const GameRecord& rec, SoakCounts& counts) {
    if (rec.cube_value != value_ && !drop_)
      violation("the record's cube is " + std::to_string(rec.cube_value) + ", followed here " +
                std::to_string(value_));
    if (drop_) {
      if (!rec.dropped || rec.winner != drop_->first || rec.points != drop_->second)
        violation("a drop should give player " + std::to_string(drop_->first) + " " +
                  std::to_string(drop_->second) + " points; the record says player " +
                  std::to_string(rec.winner) + " " + std::to_string(rec.points) +
                  (rec.dropped ? " (dropped)" : ""));
      ++counts.dropped;
      return;
    }
    if (rec.dropped) violation("the record says dropped, but nobody dropped");
    if (ended_) {
      if (!same_result(rec.result, end_))
        violation("the game ends with " + result_text(rec.result) + ", the final position gives " +
                  result_text(end_) + " at " + format_notation(last_after_));
      if (end_.outcome == Outcome::Draw) {
        if (rec.winner != -1 || rec.points != 0) violation("a draw scores");
      } else {
        int pts = end_.points;
        if (money_ && rules_.jacoby && !turned_ && cube_in_play_) pts = std::min(pts, 1);
        const int winner = end_.mover_wins ? last_side_ : 1 - last_side_;
        if (rec.winner != winner || rec.points != pts * value_)
          violation("the game should give player " + std::to_string(winner) + " " +
                    std::to_string(pts * value_) + " points; the record says player " +
                    std::to_string(rec.winner) + " " + std::to_string(rec.points));
      }
      switch (end_.outcome) {
        case Outcome::Single:
          ++counts.single;
          break;
        case Outcome::Gammon:
          ++counts.gammon;
          break;
        case Outcome::Backgammon:
          ++counts.backgammon;
          break;
        case Outcome::MotherPin:
          ++counts.mother_pin;
          break;
        case Outcome::Closure:
          ++counts.closure;
          break;
        case Outcome::Draw:
          ++counts.draw;
          break;
        case Outcome::None:
          break;
      }
      return;
    }
    // No play ended the game: a Plakoto deadlock or the turn limit, scored as a
    // draw.
    if (rec.winner != -1 || rec.points != 0 || rec.result.outcome != Outcome::Draw)
      violation("the game ended with a result although no play finished it");
    if (rec.turns >= opts_.max_turns) {
      ++counts.turn_limit;
    } else if (have_last_ &&
               is_deadlocked(tools_.check, tools_.list.positions.get(), last_after_)) {
      ++counts.deadlock;
    } else {
      violation("the game stopped after " + std::to_string(rec.turns) +
                " turns without a result, a deadlock or the turn limit");
    }
  }

 private:
  // The cube and match the agent `side` is shown; beaver: the doubler sees the
  // beavered cube.
  void check_view(int side, const MatchView& v, bool beaver) {
    if (v.match_length != opts_.match_length || v.my_score != opts_.scores[side] ||
        v.opp_score != opts_.scores[1 - side] || v.crawford_game != opts_.crawford_game)
      violation("the match view is wrong");
    if (!cube_in_play_) return;
    const int owner = owner_ < 0 ? -1 : owner_ == side ? 0 : 1;
    if (v.cube.value != value_ || v.cube.owner != owner || v.cube.turned != turned_ ||
        v.cube.beavered != beaver)
      violation("the cube shown (" + std::to_string(v.cube.value) + ", owner " +
                std::to_string(v.cube.owner) + ") is not the cube followed here (" +
                std::to_string(value_) + ", owner " + std::to_string(owner) + ")");
  }

  const Rules& rules_;
  Tools& tools_;
  const GameOptions& opts_;
  const bool money_, cube_in_play_;
  uint64_t moves_ = 0, doubles_ = 0, violations_ = 0;
  std::vector<std::string> messages_;
  bool have_last_ = false;
  int last_side_ = 0;
  Position last_after_;
  bool ended_ = false;
  GameResult end_;
  // The cube as followed from the offers and answers.
  int value_ = 1, owner_ = -1, pending_ = -1;
  bool turned_ = false, beaver_pending_ = false;
  std::optional<std::pair<int, int>> drop_;  // winner, points
};

// An agent that plays with a Player, takes cube decisions at random, and
// reports everything to the game's checks.
class SoakAgent final : public Agent {
 public:
  SoakAgent(int side, Player& player, GameCheck& check, uint64_t seed)
      : side_(side), player_(player), check_(check), rng_(seed) {}
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView& view) override {
    check_.before_play(side_, pos, dice, plays, view);
    const int i = player_.choose(pos, dice, plays);
    check_.after_play(side_, plays[size_t(i)]);
    return i;
  }
  bool wants_to_double(const Position&, const MatchView& view) override {
    check_.asked_to_double(side_, view);
    const bool d = rng_.below(100) < 6;
    if (d) check_.doubles(side_);
    return d;
  }
  CubeResponse respond_to_double(const Position&, const MatchView& view) override {
    const uint32_t x = rng_.below(100);
    const CubeResponse r = x < 65   ? CubeResponse::Take
                           : x < 90 ? CubeResponse::Drop
                                    : CubeResponse::Beaver;
    check_.answer(side_, view, r);
    return r;
  }

 private:
  int side_;
  Player& player_;
  GameCheck& check_;
  Rng rng_;
};

GameOptions game_options(const Rules& rules, Rng& rng, int max_turns) {
  static constexpr int kLengths[] = {1, 3, 5, 7, 11};
  GameOptions o;
  o.max_turns = max_turns;
  if (rng.below(2)) {
    o.match_length = kLengths[rng.below(5)];
    o.scores[0] = int(rng.below(uint32_t(o.match_length)));
    o.scores[1] = int(rng.below(uint32_t(o.match_length)));
    o.crawford_game = rules.crawford &&
                      is_crawford_score(o.match_length, {o.scores[0], o.scores[1]}) && rng.below(2);
  }
  o.previous_winner = int(rng.below(3)) - 1;
  o.cubeless = rng.below(10) == 0;
  return o;
}

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}

}  // namespace

Result<SoakReport> run_soak(const SoakOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<std::string> names = soak_rules();
  std::vector<Rules> all;
  for (const std::string& n : names) {
    Result<Rules> r = rules_preset(n);
    if (!r) return r.error();
    all.push_back(*r);
  }
  // The shipped model of each game, read once.
  std::map<Variant, NetWeights> weights;
  if (options.nets)
    for (const Rules& r : all) {
      if (weights.count(r.variant)) continue;
      Result<std::string> path = default_model_path(r.variant);
      if (!path) return path.error();
      Result<NetWeights> w = load_weights(*path);
      if (!w) return w.error();
      weights.emplace(r.variant, std::move(*w));
    }

  SoakReport report;
  for (const std::string& n : names)
    for (const char* p : {"random-random", "net-random", "net-net"})
      report.lines.push_back({n, p, {}});
  std::vector<std::pair<uint64_t, std::string>> messages;
  const int threads = options.threads > 0 ? options.threads : omp_get_max_threads();
  const uint64_t rule_count = all.size();

  for (size_t c = 0; c < all.size(); ++c) {
    const Rules& rules = all[c];
    std::shared_ptr<const NeuralModel> model;
    if (options.nets) {
      Result<std::shared_ptr<const NeuralModel>> m =
          NeuralModel::create(rules, weights.at(rules.variant));
      if (!m) return m.error();
      model = *m;
    }
    // Games c, c + R, c + 2R, ... play under these rules.
    const uint64_t count =
        options.games > c ? (options.games - c + rule_count - 1) / rule_count : 0;
    std::array<SoakCounts, 3> line_counts{};
    uint64_t signature = 0;
#pragma omp parallel num_threads(threads)
    {
      Tools tools(rules);
      std::unique_ptr<NeuralEvaluator> evaluator;
      std::unique_ptr<GreedyPlayer> net;
      if (model) {
        evaluator = std::make_unique<NeuralEvaluator>(model);
        net = std::make_unique<GreedyPlayer>(rules, *evaluator, "net");
      }
      std::array<SoakCounts, 3> mine{};
      uint64_t my_signature = 0;
      std::vector<std::pair<uint64_t, std::string>> my_messages;
#pragma omp for schedule(dynamic, 4)
      for (uint64_t k = 0; k < count; ++k) {
        const uint64_t g = c + k * rule_count;
        const Pairing pairing = pairing_of(g, all.size(), options.nets);
        Rng dice(game_seed(options.seed, g));
        Rng choices(game_seed(options.seed ^ 0x5eedc0de5eedc0deull, g));
        const GameOptions opts = game_options(rules, choices, options.max_turns);
        RandomPlayer random0(choices.next()), random1(choices.next());
        Player* p0 = pairing == Pairing::NetRandom || pairing == Pairing::NetNet
                         ? static_cast<Player*>(net.get())
                         : &random0;
        Player* p1 = pairing == Pairing::RandomNet || pairing == Pairing::NetNet
                         ? static_cast<Player*>(net.get())
                         : &random1;
        GameCheck check(rules, tools, opts);
        SoakAgent a0(0, *p0, check, choices.next()), a1(1, *p1, check, choices.next());
        Agent* const agents[2] = {&a0, &a1};
        const GameRecord rec = play_game(rules, agents, dice, opts, tools.game, tools.buffer.get());
        SoakCounts& counts = mine[size_t(kLineOf[int(pairing)])];
        check.finish(rec, counts);
        ++counts.games;
        counts.moves += check.moves();
        counts.doubles += check.doubles();
        counts.violations += check.violations();
        for (const std::string& m : check.messages())
          my_messages.emplace_back(g, "game " + std::to_string(g) + " (" + names[c] + ", " +
                                          kPairingNames[int(pairing)] + "): " + m);
        my_signature += mix(g ^ mix(uint64_t(rec.winner + 1) | uint64_t(rec.points) << 8 |
                                    uint64_t(rec.turns) << 24 | check.moves() << 40));
      }
#pragma omp critical
      {
        for (size_t i = 0; i < 3; ++i) line_counts[i].add(mine[i]);
        signature += my_signature;
        messages.insert(messages.end(), my_messages.begin(), my_messages.end());
      }
    }
    for (size_t i = 0; i < 3; ++i) {
      report.lines[c * 3 + i].counts.add(line_counts[i]);
      report.total.add(line_counts[i]);
    }
    report.signature += signature;
  }
  std::sort(messages.begin(), messages.end());
  for (size_t i = 0; i < messages.size() && i < options.max_messages; ++i)
    report.messages.push_back(messages[i].second);
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return report;
}

}  // namespace nard

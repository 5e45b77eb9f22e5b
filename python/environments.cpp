// nard.Env and nard.VectorEnv: training environments with the Gymnasium API (without depending on
// Gymnasium), one game per environment, played by the one game loop on a thread of its own
// (play/stepped_game.h).
//
// An observation is the encoder inputs of the position to play, seen from the side to play (the
// game's main encoder: bg-contact for backgammon, else the game's own), float32. An action is an
// index into the roll's legal plays, in `nard moves` order; info["legal_actions"] lists them.
// Forfeited turns (no legal play) pass without a decision. The reward is 0 until the game ends,
// then player 0's points (+ a win, - a loss, 0 a draw), cubeless money play; with an opponent the
// caller is player 0. A game cut off after max_turns turns is truncated (reward 0).
#include <vector>

#include "core/zeroed_array.h"
#include "formats/position_arg.h"
#include "game/game.h"
#include "nn/encoder.h"
#include "nn/evaluator.h"
#include "play/agents.h"
#include "play/stepped_game.h"
#include "python/module.h"
#include "search/heuristic_player.h"
#include "search/pubeval.h"

namespace nard::python {

namespace {

// A net opponent that owns its evaluator (BotAgent borrows one).
class NetOpponent final : public Agent {
 public:
  explicit NetOpponent(std::shared_ptr<const Bot> bot)
      : bot_(std::move(bot)),
        evaluator_(bot_->evaluator()),
        agent_(bot_->rules, *evaluator_, bot_->search) {}
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView& view) override {
    return agent_.choose_play(pos, dice, plays, view);
  }

 private:
  std::shared_ptr<const Bot> bot_;
  std::unique_ptr<NeuralEvaluator> evaluator_;
  BotAgent agent_;
};

// A Python callable opponent: f(position, dice, plays) -> index, called with the GIL held.
class CallableOpponent final : public Agent {
 public:
  CallableOpponent(py::object f, Rules rules) : f_(std::move(f)), rules_(std::move(rules)) {}
  ~CallableOpponent() override {
    py::gil_scoped_acquire acquire;
    f_ = py::object();
  }
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView&) override {
    py::gil_scoped_acquire acquire;
    py::list results;
    for (const Position& p : plays) results.append(PyPosition{p.flipped(), rules_});
    try {
      const int i =
          f_(PyPosition{pos, rules_}, py::make_tuple(dice.d1, dice.d2), results).cast<int>();
      if (i >= 0 && i < int(plays.size())) return i;
    } catch (py::error_already_set& e) {
      e.discard_as_unraisable("nard.Env opponent");
    } catch (const py::cast_error&) {}
    return 0;  // a failing or out-of-range opponent plays its first legal play
  }

 private:
  py::object f_;
  Rules rules_;
};

std::unique_ptr<Agent> make_opponent(const py::object& opponent, const Rules& rules, int ply,
                                     const std::optional<std::string>& model) {
  if (opponent.is_none()) return nullptr;
  if (py::isinstance<py::str>(opponent)) {
    const std::string kind = opponent.cast<std::string>();
    if (kind == "heuristic")
      return std::make_unique<PlayerAgent>(std::make_unique<HeuristicPlayer>(rules));
    if (kind == "pubeval") {
      if (rules.variant != Variant::Backgammon)
        throw py::value_error("pubeval plays backgammon only");
      PubevalWeights w = value_or_raise(load_pubeval(default_pubeval_path()), true);
      return std::make_unique<PlayerAgent>(std::make_unique<PubevalPlayer>(w));
    }
    if (kind == "net") {
      if (ply < 0 || ply > 3) throw py::value_error("ply must be 0..3");
      BotOptions o;
      o.rules = rules.preset;
      o.variant = std::string(variant_name(rules.variant));
      o.model = model.value_or("");
      o.ply = ply;
      return std::make_unique<NetOpponent>(cached_bot(o));
    }
    throw py::value_error(
        "opponent must be None, 'net', 'pubeval', 'heuristic' or a callable, "
        "not '" +
        kind + "'");
  }
  if (PyCallable_Check(opponent.ptr())) return std::make_unique<CallableOpponent>(opponent, rules);
  throw py::value_error("opponent must be None, 'net', 'pubeval', 'heuristic' or a callable");
}

EncoderId observation_encoder(const Rules& rules) { return encoders_for(rules.variant)[0]; }

double player0_reward(const GameRecord& r) {
  if (r.turn_limit || r.winner < 0) return 0;
  return r.winner == 0 ? r.points : -r.points;
}

class PyEnv {
 public:
  PyEnv(const std::optional<std::string>& variant, const std::optional<std::string>& rules,
        uint64_t seed, const py::object& opponent, int ply, const std::optional<std::string>& model,
        int max_turns) {
    if (max_turns < 1) throw py::value_error("max_turns must be >= 1");
    Rules r = resolve(variant, rules);
    encoder_ = observation_encoder(r);
    game_ =
        std::make_unique<SteppedGame>(r, seed, make_opponent(opponent, r, ply, model), max_turns);
  }
  int observation_size() const { return encoder_inputs(encoder_); }

  py::tuple reset() {
    {
      py::gil_scoped_release release;
      game_->reset();
    }
    started_ = true;
    return py::make_tuple(observation(), info());
  }

  py::tuple step(const py::object& action_obj) {
    if (!started_) throw py::value_error("call reset() before step()");
    const SteppedDecision& d = game_->current();
    if (d.over) throw py::value_error("the game is over: call reset()");
    long long action = 0;
    try {
      action = action_obj.cast<long long>();
    } catch (const py::cast_error&) {
      throw py::value_error("an action is an index into the legal plays (an int)");
    }
    if (action < 0 || action >= (long long)d.plays.size())
      throw py::value_error("action " + std::to_string(action) + " is not legal: the roll has " +
                            std::to_string(d.plays.size()) + " legal plays (0.." +
                            std::to_string(d.plays.size() - 1) + ")");
    {
      py::gil_scoped_release release;
      game_->step(int(action));
    }
    const SteppedDecision& next = game_->current();
    const double reward = next.over ? player0_reward(next.record) : 0.0;
    const bool truncated = next.over && next.record.turn_limit;
    return py::make_tuple(observation(), reward, next.over && !truncated, truncated, info());
  }

  std::vector<PyPosition> plays() const {
    std::vector<PyPosition> out;
    for (const Position& p : game_->current().plays) out.push_back({p.flipped(), game_->rules()});
    return out;
  }

 private:
  py::array_t<float> observation() const {
    const int k = observation_size();
    py::array_t<float> out(k);
    float* data = out.mutable_data();
    const SteppedDecision& d = game_->current();
    if (d.over)
      std::fill(data, data + k, 0.0f);
    else
      encode(encoder_, d.position, data);
    return out;
  }
  py::dict info() const {
    const SteppedDecision& d = game_->current();
    py::dict i;
    i["turn"] = d.turn;
    if (!d.over) {
      py::list legal;
      for (size_t a = 0; a < d.plays.size(); ++a) legal.append(a);
      i["legal_actions"] = legal;
      i["player"] = d.player;
      i["dice"] = py::make_tuple(d.dice.d1, d.dice.d2);
      i["position"] = PyPosition{d.position, game_->rules()};
    } else {
      i["legal_actions"] = py::list();
      i["winner"] = d.record.winner;
      i["points"] = d.record.turn_limit ? 0 : d.record.points;
      i["outcome"] = d.record.turn_limit   ? std::string("turn limit")
                     : d.record.deadlocked ? std::string("deadlock")
                                           : outcome_name(d.record.result.outcome, game_->rules());
    }
    return i;
  }

  EncoderId encoder_{};
  std::unique_ptr<SteppedGame> game_;
  bool started_ = false;
};

// n environments stepped together: every game plays on its own thread, so a step of n games
// runs in parallel. A game that ends is started again at once (its next game): the observation
// returned for it is the new game's first, and terminated/truncated and the reward say how the
// old one ended.
class PyVectorEnv {
 public:
  PyVectorEnv(int n, const std::optional<std::string>& variant,
              const std::optional<std::string>& rules, uint64_t seed, const py::object& opponent,
              int ply, const std::optional<std::string>& model, int max_turns) {
    if (n < 1 || n > 4096) throw py::value_error("n must be 1..4096");
    if (!opponent.is_none() && !py::isinstance<py::str>(opponent))
      throw py::value_error("VectorEnv's opponent is None, 'net', 'pubeval' or 'heuristic'");
    rules_ = resolve(variant, rules);
    encoder_ = observation_encoder(rules_);
    for (int i = 0; i < n; ++i)
      games_.push_back(std::make_unique<SteppedGame>(rules_, game_seed(seed, uint64_t(i)),
                                                     make_opponent(opponent, rules_, ply, model),
                                                     max_turns));
  }
  int size() const { return int(games_.size()); }
  int observation_size() const { return encoder_inputs(encoder_); }

  py::tuple reset() {
    {
      py::gil_scoped_release release;
      for (auto& g : games_) g->reset();
    }
    started_ = true;
    return py::make_tuple(observations(), infos());
  }

  py::tuple step(const py::array_t<long long, py::array::forcecast>& actions) {
    if (!started_) throw py::value_error("call reset() before step()");
    const size_t n = games_.size();
    if (actions.ndim() != 1 || size_t(actions.shape(0)) != n)
      throw py::value_error("step() takes one action per environment (" + std::to_string(n) + ")");
    auto a = actions.unchecked<1>();
    for (size_t i = 0; i < n; ++i) {
      const size_t legal = games_[i]->current().plays.size();
      if (a(i) < 0 || size_t(a(i)) >= legal)
        throw py::value_error("action " + std::to_string(a(i)) + " of environment " +
                              std::to_string(i) + " is not legal: its roll has " +
                              std::to_string(legal) + " legal plays");
    }
    py::array_t<float> rewards(static_cast<py::ssize_t>(n));
    py::array_t<bool> terminated(static_cast<py::ssize_t>(n)),
        truncated(static_cast<py::ssize_t>(n));
    float* rw = rewards.mutable_data();
    bool* te = terminated.mutable_data();
    bool* tr = truncated.mutable_data();
    {
      py::gil_scoped_release release;
      for (size_t i = 0; i < n; ++i) games_[i]->submit(int(a(i)));
      for (size_t i = 0; i < n; ++i) {
        const SteppedDecision& d = games_[i]->wait();
        rw[i] = d.over ? float(player0_reward(d.record)) : 0.0f;
        tr[i] = d.over && d.record.turn_limit;
        te[i] = d.over && !tr[i];
        if (d.over) games_[i]->reset();
      }
    }
    return py::make_tuple(observations(), rewards, terminated, truncated, infos());
  }

 private:
  py::array_t<float> observations() const {
    const int k = observation_size();
    py::array_t<float> out(std::vector<py::ssize_t>{py::ssize_t(games_.size()), k});
    float* data = out.mutable_data();
    for (size_t i = 0; i < games_.size(); ++i) {
      const SteppedDecision& d = games_[i]->current();
      if (d.over)
        std::fill(data + i * k, data + (i + 1) * k, 0.0f);
      else
        encode(encoder_, d.position, data + i * k);
    }
    return out;
  }
  py::dict infos() const {
    const size_t n = games_.size();
    py::array_t<int> legal(static_cast<py::ssize_t>(n)), player(static_cast<py::ssize_t>(n));
    for (size_t i = 0; i < n; ++i) {
      const SteppedDecision& d = games_[i]->current();
      legal.mutable_data()[i] = d.over ? 0 : int(d.plays.size());
      player.mutable_data()[i] = d.player;
    }
    py::dict info;
    info["legal_counts"] = legal;
    info["player"] = player;
    return info;
  }

  Rules rules_;
  EncoderId encoder_{};
  std::vector<std::unique_ptr<SteppedGame>> games_;
  bool started_ = false;
};

}  // namespace

void register_environments(py::module_& m) {
  using opt = std::optional<std::string>;
  py::class_<PyEnv>(m, "Env", "One game as a Gymnasium-style environment (docs/python.md)")
      .def(py::init<const opt&, const opt&, uint64_t, const py::object&, int, const opt&, int>(),
           py::arg("variant") = py::none(), py::kw_only(), py::arg("rules") = py::none(),
           py::arg("seed") = 0, py::arg("opponent") = py::none(), py::arg("ply") = 0,
           py::arg("model") = py::none(), py::arg("max_turns") = 10000)
      .def_property_readonly("observation_size", &PyEnv::observation_size)
      .def("reset", &PyEnv::reset, "Starts the next game: (observation, info)")
      .def("step", &PyEnv::step, py::arg("action"),
           "Plays legal play `action`: (observation, reward, terminated, truncated, info)")
      .def("plays", &PyEnv::plays,
           "The results of the legal plays of the decision, seen from the opponent (as "
           "nard.legal_plays gives them)");
  py::class_<PyVectorEnv>(m, "VectorEnv", "n games stepped together on C++ threads")
      .def(py::init<int, const opt&, const opt&, uint64_t, const py::object&, int, const opt&,
                    int>(),
           py::arg("n"), py::arg("variant") = py::none(), py::kw_only(),
           py::arg("rules") = py::none(), py::arg("seed") = 0, py::arg("opponent") = py::none(),
           py::arg("ply") = 0, py::arg("model") = py::none(), py::arg("max_turns") = 10000)
      .def_property_readonly("num_envs", &PyVectorEnv::size)
      .def_property_readonly("observation_size", &PyVectorEnv::observation_size)
      .def("reset", &PyVectorEnv::reset)
      .def("step", &PyVectorEnv::step, py::arg("actions"));
}

}  // namespace nard::python

// nard.Position, nard.legal_plays, nard.encode and nard.Model: positions and their plays as Python
// objects, the nets' exact inputs and batch evaluation as NumPy arrays. The work runs with the
// GIL released; batches are spread over OpenMP threads (the project's threads).
#include <omp.h>

#include <algorithm>
#include <vector>

#include "core/zeroed_array.h"
#include "formats/position_arg.h"
#include "game/game.h"
#include "game/movegen/movegen.h"
#include "nn/encoder.h"
#include "nn/evaluator.h"
#include "python/module.h"

namespace nard::python {

namespace {

std::vector<Position> positions_of(const py::sequence& seq, const Rules** rules) {
  std::vector<Position> out;
  out.reserve(py::len(seq));
  for (const py::handle h : seq) {
    if (!py::isinstance<PyPosition>(h)) throw py::value_error("expected a list of nard.Position");
    const PyPosition& p = h.cast<const PyPosition&>();
    if (*rules && (*rules)->variant != p.rules.variant)
      throw py::value_error("the positions are of different games");
    if (!*rules) *rules = &p.rules;
    out.push_back(p.position);
  }
  return out;
}

// The results of the roll's plays seen from the side to move next (as `nard moves` prints them).
std::vector<PyPosition> legal_plays(const py::object& position, const std::string& dice,
                                    const std::optional<std::string>& variant,
                                    const std::optional<std::string>& rules) {
  const PyPosition p = position_of(position, variant, rules);
  const Dice d = value_or_raise(parse_dice(dice));
  std::vector<PyPosition> out;
  {
    py::gil_scoped_release release;
    MoveGenerator gen(p.rules);
    ZeroedArray<Position> buffer = make_zeroed_array<Position>(kMaxPlays);
    const int n = gen.generate(p.position, d, buffer.get());
    out.reserve(size_t(n));
    for (int i = 0; i < n; ++i) out.push_back({buffer[i].flipped(), p.rules});
  }
  return out;
}

py::array_t<float> encode(const py::sequence& seq, const std::optional<std::string>& encoder) {
  const Rules* rules = nullptr;
  const std::vector<Position> positions = positions_of(seq, &rules);
  EncoderId id{};
  if (encoder) {
    id = value_or_raise(encoder_from_name(*encoder));
  } else if (!positions.empty()) {
    id = encoder_for(*rules, positions.front());
    for (const Position& p : positions)
      if (encoder_for(*rules, p) != id)
        throw py::value_error(
            "the positions need different encoders (contact and race): pass encoder=");
  } else {
    return py::array_t<float>(std::vector<py::ssize_t>{0, 0});
  }
  if (rules && encoder_variant(id) != rules->variant)
    throw py::value_error("encoder " + std::string(encoder_name(id)) + " is not for " +
                          std::string(variant_name(rules->variant)));
  const int k = encoder_inputs(id);
  py::array_t<float> out(std::vector<py::ssize_t>{py::ssize_t(positions.size()), k});
  float* data = out.mutable_data();
  {
    py::gil_scoped_release release;
#pragma omp parallel for schedule(static) if (positions.size() > 4096)
    for (long long i = 0; i < (long long)positions.size(); ++i)
      encode(id, positions[size_t(i)], data + i * k);
  }
  return out;
}

// A model file's nets (with the bear-off databases where the game has them).
class PyModel {
 public:
  PyModel(const std::optional<std::string>& path, const std::optional<std::string>& variant,
          const std::optional<std::string>& rules, bool bearoff_db) {
    BotOptions o;
    o.variant = variant.value_or("");
    o.rules = rules.value_or("");
    o.model = path.value_or("");
    o.bearoff = bearoff_db ? BearoffDatabases::Both : BearoffDatabases::None;
    bot_ = cached_bot(o);
  }
  std::string path() const { return bot_->model_path; }
  std::string variant() const { return std::string(variant_name(bot_->rules.variant)); }

  // (N, 5): win, win_gammon, win_backgammon, lose_gammon, lose_backgammon of each position,
  // seen from its side on roll, at 0-ply.
  py::array_t<float> evaluate(const py::sequence& seq, int threads) const {
    const Rules* rules = nullptr;
    const std::vector<Position> positions = positions_of(seq, &rules);
    if (rules && rules->variant != bot_->rules.variant)
      throw py::value_error("the positions are not " + variant() + " positions");
    py::array_t<float> out(std::vector<py::ssize_t>{py::ssize_t(positions.size()), 5});
    float* data = out.mutable_data();
    {
      py::gil_scoped_release release;
      const long long n = (long long)positions.size();
      const long long chunk = 1024;
      const int t = threads > 0 ? threads : omp_get_max_threads();
#pragma omp parallel num_threads(std::max(1, int(std::min <long long>(t, (n + chunk - 1) / chunk))))
      {
        NeuralEvaluator evaluator(bot_->model);
        std::vector<Probabilities> probs(static_cast<size_t>(chunk));
#pragma omp for schedule(static)
        for (long long start = 0; start < n; start += chunk) {
          const long long m = std::min(chunk, n - start);
          evaluator.evaluate({positions.data() + start, size_t(m)}, {probs.data(), size_t(m)});
          for (long long i = 0; i < m; ++i) {
            const Probabilities& p = probs[size_t(i)];
            float* row = data + (start + i) * 5;
            row[0] = p.win, row[1] = p.win_gammon, row[2] = p.win_backgammon;
            row[3] = p.lose_gammon, row[4] = p.lose_backgammon;
          }
        }
      }
    }
    return out;
  }

 private:
  std::shared_ptr<const Bot> bot_;
};

// The result of a play (as legal_plays gives it: seen from the side to play next) scored as the
// engine scores it for the side that made the play.
py::dict score(const PyPosition& result) {
  const GameResult r = game_result(result.rules, result.position.flipped());
  py::dict d;
  d["over"] = r.over();
  d["mover_wins"] = r.mover_wins;
  d["points"] = r.points;
  d["outcome"] = r.over() ? outcome_name(r.outcome, result.rules) : std::string();
  return d;
}

}  // namespace

void register_arrays(py::module_& m) {
  m.def("score", &score,
        "A play's result (from nard.legal_plays) scored for the side that made the play: "
        "{over, mover_wins, points, outcome}",
        py::arg("result"));
  using opt = std::optional<std::string>;
  py::class_<PyPosition>(m, "Position",
                         "A position of a game, seen from the side on roll (immutable)")
      .def(py::init([](const std::string& text, const opt& variant, const opt& rules) {
             const Rules r = resolve(variant, rules);
             return PyPosition{value_or_raise(parse_position_arg(text, r)), r};
           }),
           py::arg("text") = "start", py::kw_only(), py::arg("variant") = py::none(),
           py::arg("rules") = py::none())
      .def_property_readonly(
          "variant", [](const PyPosition& p) { return std::string(variant_name(p.rules.variant)); })
      .def_property_readonly("rules", [](const PyPosition& p) { return p.rules.preset; })
      .def_property_readonly(
          "id", [](const PyPosition& p) { return format_position_for(p.position, p.rules); },
          "The game's usual text: a gnubg Position ID for backgammon, our notation otherwise")
      .def(
          "flipped",
          [](const PyPosition& p) {
            return PyPosition{p.position.flipped(), p.rules};
          },
          "The same position seen from the other side")
      .def("__eq__",
           [](const PyPosition& a, const PyPosition& b) {
             return a.rules.variant == b.rules.variant && a.position == b.position;
           })
      .def("__hash__",
           [](const PyPosition& p) {
             return py::hash(py::str(format_position_for(p.position, p.rules)));
           })
      .def("__repr__", [](const PyPosition& p) {
        return "nard.Position('" + format_position_for(p.position, p.rules) + "', rules='" +
               p.rules.preset + "')";
      });
  m.def("legal_plays", &legal_plays,
        "The results of the roll's distinct plays (in `nard moves` order), each seen from the "
        "opponent, who is on roll next",
        py::arg("position"), py::arg("dice"), py::kw_only(), py::arg("variant") = py::none(),
        py::arg("rules") = py::none());
  m.def("encode", &encode,
        "The nets' inputs of a batch of positions as an (N, inputs) float32 array; encoder: "
        "bg-contact, bg-race, plakoto, ... (default: the one the positions need)",
        py::arg("positions"), py::kw_only(), py::arg("encoder") = py::none());
  m.def(
      "encoder_size",
      [](const std::string& name) {
        return encoder_inputs(value_or_raise(encoder_from_name(name)));
      },
      "The number of inputs of an encoder", py::arg("encoder"));
  py::class_<PyModel>(m, "Model", "A model file's nets, for batch evaluation")
      .def(py::init<const opt&, const opt&, const opt&, bool>(), py::arg("path") = py::none(),
           py::kw_only(), py::arg("variant") = py::none(), py::arg("rules") = py::none(),
           py::arg("bearoff_db") = true)
      .def_property_readonly("path", &PyModel::path)
      .def_property_readonly("variant", &PyModel::variant)
      .def("evaluate", &PyModel::evaluate,
           "0-ply probabilities of a batch as an (N, 5) float32 array: win, win_gammon, "
           "win_backgammon, lose_gammon, lose_backgammon, from each side on roll",
           py::arg("positions"), py::kw_only(), py::arg("threads") = 0);
}

}  // namespace nard::python

// nard.moves, nard.hint, nard.eval: the documents `nard moves|hint|eval --json` print, from the
// same functions (api/documents.h, api/valuation_documents.h, api/equity_context.h), as Python
// objects. Options are keyword arguments with the CLI's names and defaults.
#include "api/documents.h"

#include <omp.h>

#include <map>
#include <mutex>

#include "api/analysis_document.h"
#include "api/equity_context.h"
#include "api/rollout_job.h"
#include "api/valuation_documents.h"
#include "core/read_file.h"
#include "formats/match_text.h"
#include "formats/position_arg.h"
#include "play/analysis.h"
#include "python/module.h"
#include "search/match_equity.h"
#include "search/search.h"

namespace nard::python {

void raise_error(const Error& e, bool os_error) {
  const std::string& m = e.message;
  if (os_error || m.find("is a directory") != std::string::npos ||
      m.find("No such file") != std::string::npos || m.find("no such file") != std::string::npos ||
      m.find("cannot open") != std::string::npos || m.find("cannot read") != std::string::npos) {
    PyErr_SetString(PyExc_OSError, m.c_str());
    throw py::error_already_set();
  }
  throw py::value_error(m);
}

Rules resolve(const std::optional<std::string>& variant, const std::optional<std::string>& rules) {
  // A preset alone names its game (the CLI asks for --variant besides, for a preset of a game
  // other than backgammon).
  if (!variant && rules)
    if (Result<Rules> r = rules_by_name(*rules)) return *r;
  return value_or_raise(resolve_rules(variant.value_or(""), rules.value_or("")));
}

PyPosition position_of(const py::object& arg, const std::optional<std::string>& variant,
                       const std::optional<std::string>& rules) {
  if (py::isinstance<PyPosition>(arg)) {
    PyPosition p = arg.cast<PyPosition>();
    if (variant || rules) {
      Rules r = resolve(variant, rules);
      if (r.variant != p.rules.variant)
        throw py::value_error("the position is a " + std::string(variant_name(p.rules.variant)) +
                              " position, not " + std::string(variant_name(r.variant)));
      p.rules = r;
    }
    return p;
  }
  if (!py::isinstance<py::str>(arg))
    throw py::value_error("a position is a nard.Position or its text (Position ID, XGID, ...)");
  const Rules r = resolve(variant, rules);
  return PyPosition{value_or_raise(parse_position_arg(arg.cast<std::string>(), r)), r};
}

py::object to_python(const nlohmann::json& j) {
  switch (j.type()) {
    case nlohmann::json::value_t::null:
      return py::none();
    case nlohmann::json::value_t::boolean:
      return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
      return py::int_(j.get<long long>());
    case nlohmann::json::value_t::number_unsigned:
      return py::int_(j.get<unsigned long long>());
    case nlohmann::json::value_t::number_float:
      return py::float_(j.get<double>());
    case nlohmann::json::value_t::string:
      return py::str(j.get<std::string>());
    case nlohmann::json::value_t::array: {
      py::list l;
      for (const auto& e : j) l.append(to_python(e));
      return l;
    }
    case nlohmann::json::value_t::object: {
      py::dict d;
      for (const auto& [k, v] : j.items()) d[py::str(k)] = to_python(v);
      return d;
    }
    default:
      return py::none();
  }
}

std::shared_ptr<const Bot> cached_bot(const BotOptions& o) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Bot>> bots;
  const std::string key =
      o.variant + "\n" + o.rules + "\n" + o.model + "\n" + std::to_string(int(o.bearoff));
  std::shared_ptr<const Bot> base;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = bots.find(key); it != bots.end()) base = it->second;
  }
  if (!base) {
    BotOptions load = o;
    load.ply = 0;
    BotError why;
    Result<Bot> bot = make_bot(load, &why);
    if (!bot) raise_error(why.error);
    base = std::make_shared<const Bot>(std::move(bot).value());
    std::lock_guard<std::mutex> lock(mutex);
    bots.emplace(key, base);
  }
  auto bot = std::make_shared<Bot>(*base);
  bot->search.ply = o.ply;
  return bot;
}

namespace {

struct ValuationArgs {
  std::optional<std::string> variant, rules, model;
  int ply = 0, match = 0;
  std::string score;
  bool post_crawford = false, cubeless = false, no_bearoff_db = false;
};

// The bot, the position and the match context of a hint or an evaluation, as the CLI makes them.
struct Valuation {
  std::shared_ptr<const Bot> bot;
  Position position;
  api::EquityContext context;
};

Valuation valuation(const py::object& position, const ValuationArgs& a) {
  if (a.ply < 0 || a.ply > 3)
    throw py::value_error("ply must be 0..3, not " + std::to_string(a.ply));
  BotOptions o;
  o.variant = a.variant.value_or("");
  o.rules = a.rules.value_or("");
  o.model = a.model.value_or("");
  o.ply = a.ply;
  o.bearoff = a.no_bearoff_db ? BearoffDatabases::None : BearoffDatabases::Both;
  Valuation v;
  std::string text;
  if (py::isinstance<PyPosition>(position)) {
    const PyPosition p = position.cast<PyPosition>();
    if (o.variant.empty() && o.rules.empty()) o.rules = p.rules.preset;
    text = format_position_for(p.position, p.rules);
  } else if (py::isinstance<py::str>(position)) {
    text = position.cast<std::string>();
  } else {
    throw py::value_error("a position is a nard.Position or its text (Position ID, XGID, ...)");
  }
  v.bot = cached_bot(o);
  v.position = value_or_raise(parse_position_arg(text, v.bot->rules));
  api::ContextArgs c{a.match, a.score, a.post_crawford, a.cubeless};
  v.context = value_or_raise(api::equity_context(text, c, v.bot->rules, v.bot->search.ply));
  return v;
}

py::object moves(const py::object& position, const std::string& dice,
                 const std::optional<std::string>& variant,
                 const std::optional<std::string>& rules) {
  const PyPosition p = position_of(position, variant, rules);
  const Dice d = value_or_raise(parse_dice(dice));
  return to_python(api::moves_document(p.rules, p.position, d));
}

py::object hint(const py::object& position, const std::string& dice, const ValuationArgs& a,
                int top) {
  if (top < 1) throw py::value_error("top must be >= 1");
  const Valuation v = valuation(position, a);
  const Dice d = value_or_raise(parse_dice(dice));
  nlohmann::json doc;
  {
    py::gil_scoped_release release;
    NeuralEvaluator evaluator(v.bot->model);
    Search search(v.bot->rules, evaluator, v.bot->search);
    Result<api::HintResult> h = api::compute_hint(search, v.position, d, v.context.settings);
    if (!h) {
      py::gil_scoped_acquire acquire;
      raise_error(h.error());
    }
    doc = api::hint_document(v.bot->rules, d, *h, v.context.settings, top);
  }
  return to_python(doc);
}

py::object evaluate(const py::object& position, const ValuationArgs& a) {
  const Valuation v = valuation(position, a);
  nlohmann::json doc;
  {
    py::gil_scoped_release release;
    NeuralEvaluator evaluator(v.bot->model);
    Search search(v.bot->rules, evaluator, v.bot->search);
    Result<api::EvalResult> e = api::compute_eval(search, v.position, v.context.settings);
    if (!e) {
      py::gil_scoped_acquire acquire;
      raise_error(e.error());
    }
    doc = api::eval_document(v.bot->rules, *e, v.context.settings);
  }
  return to_python(doc);
}

py::object cube(const py::object& position, const ValuationArgs& a) {
  const Valuation v = valuation(position, a);  // checks the position and the match options
  std::string text = py::isinstance<PyPosition>(position)
                         ? format_position_for(v.position, v.bot->rules)
                         : position.cast<std::string>();
  nlohmann::json doc;
  {
    py::gil_scoped_release release;
    const api::ContextArgs c{a.match, a.score, a.post_crawford, false};
    Result<api::CubeAnalysis> r = api::analyse_cube_of(*v.bot, text, c);
    if (!r) {
      py::gil_scoped_acquire acquire;
      raise_error(r.error());
    }
    doc = api::cube_document(v.bot->search.ply, r->decision, r->view);
  }
  return to_python(doc);
}

struct RolloutArgs {
  std::optional<std::string> dice;
  int trials = 1296, truncate = 0, threads = 0, candidates = 5, rollout_ply = 0, stratify = 2;
  uint64_t seed = 1;
  bool cubeful = false, cube_decision = false, plain = false;
  int cube_value = 1;
  std::string cube_owner = "centred";
};

// The rollout of `nard rollout --json` (the API's rollout job: one path for both).
py::object rollout(const py::object& position, const ValuationArgs& a, const RolloutArgs& r) {
  if (r.trials < 1) throw py::value_error("trials must be >= 1");
  if (r.truncate < 0 || r.threads < 0 || r.candidates < 1 || r.rollout_ply < 0 ||
      r.rollout_ply > 3 || r.stratify < 0 || r.stratify > 8 || r.cube_value < 1)
    throw py::value_error(
        "truncate, threads >= 0; candidates, cube >= 1; rollout_ply 0..3; "
        "stratify 0..8");
  const Valuation v = valuation(position, a);
  api::RolloutJobSpec spec;
  spec.rules = v.bot->rules;
  spec.model = v.bot->model;
  spec.position = v.position;
  spec.candidates = r.candidates;
  spec.search = v.bot->search;
  spec.cube_decision = r.cube_decision;
  if (r.dice) {
    if (r.cube_decision)
      throw py::value_error("cube_decision rolls out a position before the roll: drop dice");
    spec.dice = value_or_raise(parse_dice(*r.dice));
  }
  RolloutConfig& c = spec.config;
  c.trials = r.trials;
  c.truncate_plies = r.truncate;
  c.ply = r.rollout_ply;
  c.seed = r.seed;
  c.variance_reduction = !r.plain;
  c.stratified_turns = r.stratify;
  c.cubeful = r.cubeful || r.cube_decision;
  c.cube = value_or_raise(api::cube_view_arg(r.cube_value, r.cube_owner));
  api::JobControl control;
  control.threads = r.threads > 0 ? r.threads : omp_get_num_procs();
  nlohmann::json doc;
  {
    py::gil_scoped_release release;
    Result<nlohmann::json> d = api::rollout_job(std::move(spec))(control);
    if (!d) {
      py::gil_scoped_acquire acquire;
      raise_error(d.error());
    }
    doc = std::move(d).value();
  }
  // The CLI prints a cube decision's document itself (the job wraps it with its kind).
  if (r.cube_decision) return to_python(doc["cube_decision"]);
  return to_python(doc);
}

// The analysis of a match file: `nard analyze FILE --json`'s document. As the CLI: the first
// game's model from `model` (else shipped), the other games of a Tavli match their shipped ones.
py::object analyze(const std::string& path, int ply, int luck_ply, bool cubeless,
                   const std::optional<std::string>& model, int threads, bool no_bearoff_db) {
  if (ply < 0 || ply > 3 || luck_ply < 0 || luck_ply > 3 || threads < 0)
    throw py::value_error("ply and luck_ply must be 0..3, threads >= 0");
  const std::string text = value_or_raise(read_regular_file(path, "match file"), true);
  Result<MatchRecord> record = read_match_text(text);
  if (!record) raise_error(make_error(path + ": " + record.error().message));
  std::map<Variant, std::shared_ptr<const NeuralModel>> models;
  for (const MatchGame& g : record->games) {
    Result<Rules> rules = record_rules(*record, g);
    if (!rules) raise_error(make_error(path + ": " + rules.error().message));
    if (models.count(rules->variant)) continue;
    models[rules->variant] =
        value_or_raise(load_model(*rules, models.empty() ? model.value_or("") : std::string(),
                                  no_bearoff_db ? BearoffDatabases::None : BearoffDatabases::Both));
  }
  std::optional<MatchEquityTable> met;
  if (record->match_length > 0)
    met = value_or_raise(MatchEquityTable::load(MatchEquityTable::default_path()), true);
  AnalysisConfig config;
  config.ply = ply;
  config.luck_ply = luck_ply;
  config.cubeful = !cubeless;
  config.threads = threads;
  nlohmann::json doc;
  {
    py::gil_scoped_release release;
    Result<MatchAnalysis> a =
        analyse_match(*record, config, analysis_evaluators(models), met ? &*met : nullptr, {});
    if (!a) {
      py::gil_scoped_acquire acquire;
      raise_error(make_error(path + ": " + a.error().message));
    }
    doc = api::analysis_document(*a);
  }
  return to_python(doc);
}

}  // namespace

void register_documents(py::module_& m) {
  m.def("analyze", &analyze,
        "Every checker play, cube decision and roll of a match file (.mat, .sgf): `nard analyze "
        "--json`'s document",
        py::arg("path"), py::kw_only(), py::arg("ply") = 2, py::arg("luck_ply") = 0,
        py::arg("cubeless") = false, py::arg("model") = py::none(), py::arg("threads") = 0,
        py::arg("no_bearoff_db") = false);
  m.def(
      "rollout",
      [](const py::object& position, const std::optional<std::string>& dice, int trials,
         int truncate, int threads, int candidates, int rollout_ply, int stratify, uint64_t seed,
         bool cubeful, int cube, const std::string& cube_owner, bool cube_decision, bool plain,
         int ply, const std::optional<std::string>& model,
         const std::optional<std::string>& variant, const std::optional<std::string>& rules,
         bool no_bearoff_db) {
        return rollout(
            position, ValuationArgs{variant, rules, model, ply, 0, "", false, false, no_bearoff_db},
            RolloutArgs{dice, trials, truncate, threads, candidates, rollout_ply, stratify, seed,
                        cubeful, cube_decision, plain, cube, cube_owner});
      },
      "A rollout of the position, or of the best plays of a roll: `nard rollout --json`'s "
      "document",
      py::arg("position"), py::arg("dice") = py::none(), py::kw_only(), py::arg("trials") = 1296,
      py::arg("truncate") = 0, py::arg("threads") = 0, py::arg("candidates") = 5,
      py::arg("rollout_ply") = 0, py::arg("stratify") = 2, py::arg("seed") = 1,
      py::arg("cubeful") = false, py::arg("cube") = 1, py::arg("cube_owner") = "centred",
      py::arg("cube_decision") = false, py::arg("plain") = false, py::arg("ply") = 0,
      py::arg("model") = py::none(), py::arg("variant") = py::none(), py::arg("rules") = py::none(),
      py::arg("no_bearoff_db") = false);
  m.def(
      "cube",
      [](const py::object& position, int ply, const std::optional<std::string>& model,
         const std::optional<std::string>& variant, const std::optional<std::string>& rules,
         int match, const std::string& score, bool post_crawford, bool no_bearoff_db) {
        return cube(position, ValuationArgs{variant, rules, model, ply, match, score, post_crawford,
                                            false, no_bearoff_db});
      },
      "The doubling decision of the side on roll: `nard cube --json`'s document",
      py::arg("position"), py::kw_only(), py::arg("ply") = 0, py::arg("model") = py::none(),
      py::arg("variant") = py::none(), py::arg("rules") = py::none(), py::arg("match") = 0,
      py::arg("score") = "", py::arg("post_crawford") = false, py::arg("no_bearoff_db") = false);
  using opt = std::optional<std::string>;
  m.def("moves", &moves, "The distinct legal plays of a roll: `nard moves --json`'s document",
        py::arg("position"), py::arg("dice"), py::kw_only(), py::arg("variant") = py::none(),
        py::arg("rules") = py::none());
  m.def(
      "hint",
      [](const py::object& position, const std::string& dice, int ply, const opt& model,
         const opt& variant, const opt& rules, int match, const std::string& score,
         bool post_crawford, bool cubeless, int top, bool no_bearoff_db) {
        return hint(position, dice,
                    ValuationArgs{variant, rules, model, ply, match, score, post_crawford, cubeless,
                                  no_bearoff_db},
                    top);
      },
      "The plays of a roll ranked by the bot: `nard hint --json`'s document", py::arg("position"),
      py::arg("dice"), py::kw_only(), py::arg("ply") = 0, py::arg("model") = py::none(),
      py::arg("variant") = py::none(), py::arg("rules") = py::none(), py::arg("match") = 0,
      py::arg("score") = "", py::arg("post_crawford") = false, py::arg("cubeless") = false,
      py::arg("top") = 10, py::arg("no_bearoff_db") = false);
  m.def(
      "eval",
      [](const py::object& position, int ply, const opt& model, const opt& variant,
         const opt& rules, int match, const std::string& score, bool post_crawford, bool cubeless,
         bool no_bearoff_db) {
        return evaluate(position, ValuationArgs{variant, rules, model, ply, match, score,
                                                post_crawford, cubeless, no_bearoff_db});
      },
      "Probabilities and equities of a position: `nard eval --json`'s document",
      py::arg("position"), py::kw_only(), py::arg("ply") = 0, py::arg("model") = py::none(),
      py::arg("variant") = py::none(), py::arg("rules") = py::none(), py::arg("match") = 0,
      py::arg("score") = "", py::arg("post_crawford") = false, py::arg("cubeless") = false,
      py::arg("no_bearoff_db") = false);
}

}  // namespace nard::python

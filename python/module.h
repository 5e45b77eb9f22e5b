// The Python module `nard` (pybind11): what its three parts share. docs/python.md describes the
// module; documents.cpp holds the document functions (the CLI's --json documents), arrays.cpp
// positions, encoders and batch evaluation as NumPy arrays, environments.cpp Env and VectorEnv.
//
// Bad input raises ValueError with the CLI's message (a file that cannot be read: OSError); the
// C++ core's errors are values (Result), turned into exceptions only here, at the edge.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/result.h"
#include "game/position.h"
#include "game/rules.h"
#include "play/bot.h"

namespace nard::python {

namespace py = pybind11;

// A position with the rules it is played under (Python's nard.Position).
struct PyPosition {
  Position position;
  Rules rules;
};

// Raises ValueError with the message (or OSError when `os_error`).
[[noreturn]] void raise_error(const Error& e, bool os_error = false);
template <class T>
T value_or_raise(Result<T> r, bool os_error = false) {
  if (!r) raise_error(r.error(), os_error);
  return std::move(r).value();
}

// --variant/--rules as the CLI resolves them ("" for None).
Rules resolve(const std::optional<std::string>& variant, const std::optional<std::string>& rules);
// A position argument: a nard.Position (its own rules unless variant/rules are given), or the text
// the CLI takes (Position ID, PosID:MatchID, XGID, FIBS board, our notation, "start").
PyPosition position_of(const py::object& arg, const std::optional<std::string>& variant,
                       const std::optional<std::string>& rules);

// A JSON document as Python objects (dict, list, float, int, str, bool, None).
py::object to_python(const nlohmann::json& j);

// A bot (rules, model with its bear-off databases, search settings), loaded once per distinct
// options and kept for the module's lifetime.
std::shared_ptr<const Bot> cached_bot(const BotOptions& options);

void register_documents(py::module_& m);
void register_arrays(py::module_& m);
void register_environments(py::module_& m);

}  // namespace nard::python

// The reference sets a gnubg bench measures (docs/gnubg_reference_sets.md): the file named by
// --file alone, or both committed sets, each with where its positions came from.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/output.h"
#include "core/result.h"

namespace nard::tools {

template <class Reference>
struct ReferenceSet {
  std::string file;
  std::string origin;  // "our self-play", "gnubg self-play"; empty for a file named by --file
  std::vector<Reference> refs;
};

// `load(path)` reads one file (Result<std::vector<Reference>>). nullopt after reporting a file
// that does not load (fail_input).
template <class Reference, class Load>
std::optional<std::vector<ReferenceSet<Reference>>> load_reference_sets(
    const std::string& file, const std::string& ours, const std::string& gnubgs, Load&& load) {
  std::vector<ReferenceSet<Reference>> sets;
  if (!file.empty()) {
    sets.push_back({file, "", {}});
  } else {
    sets.push_back({ours, "our self-play", {}});
    sets.push_back({gnubgs, "gnubg self-play", {}});
  }
  for (ReferenceSet<Reference>& set : sets) {
    Result<std::vector<Reference>> refs = load(set.file);
    if (!refs) {
      fail_input(refs.error());
      return std::nullopt;
    }
    set.refs = std::move(refs).value();
  }
  return sets;
}

}  // namespace nard::tools

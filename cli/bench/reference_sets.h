// The reference sets a gnubg bench measures (docs/gnubg_reference_sets.md): the file named by
// --file alone, or the committed sets of both origins, each with where its positions came from;
// a set may be read from several files (a first set and its continuation).
#pragma once

#include <filesystem>
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
  std::vector<std::string> files;  // read in this order into refs
  std::string origin;  // "our self-play", "gnubg self-play"; empty for a file named by --file
  std::vector<Reference> refs;

  // The files' names without their folders, joined by " + ", for reports.
  std::string name() const { return joined(true); }
  // The files as given, joined by " + ", for messages.
  std::string paths() const { return joined(false); }

 private:
  std::string joined(bool names_only) const {
    std::string out;
    for (const std::string& f : files)
      out += (out.empty() ? "" : " + ") +
             (names_only ? std::filesystem::path(f).filename().string() : f);
    return out;
  }
};

// `load(path)` reads one file (Result<std::vector<Reference>>). nullopt after reporting a file
// that does not load (fail_input).
template <class Reference, class Load>
std::optional<std::vector<ReferenceSet<Reference>>> load_reference_sets(
    const std::string& file, const std::vector<std::string>& ours,
    const std::vector<std::string>& gnubgs, Load&& load) {
  std::vector<ReferenceSet<Reference>> sets;
  if (!file.empty()) {
    sets.push_back({{file}, "", {}});
  } else {
    sets.push_back({ours, "our self-play", {}});
    sets.push_back({gnubgs, "gnubg self-play", {}});
  }
  for (ReferenceSet<Reference>& set : sets) {
    for (const std::string& f : set.files) {
      Result<std::vector<Reference>> refs = load(f);
      if (!refs) {
        fail_input(refs.error());
        return std::nullopt;
      }
      set.refs.insert(set.refs.end(), refs->begin(), refs->end());
    }
  }
  return sets;
}

}  // namespace nard::tools

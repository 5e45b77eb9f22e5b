// GET /api/info: the version, the games with their rules presets and models, the limits.
#include <filesystem>

#include "api/documents.h"
#include "api/endpoints.h"

#ifndef NARD_VERSION
#define NARD_VERSION "unknown"
#endif

namespace nard::api {

using nlohmann::json;

namespace {

json preset_json(const std::string& name, const Rules& r) {
  const char* landing = r.landing == Landing::Hit   ? "hit"
                        : r.landing == Landing::Pin ? "pin"
                                                    : "block";
  return {{"name", name},
          {"geometry", r.geometry == Geometry::Parallel ? "parallel" : "contrary"},
          {"landing", landing},
          {"cube", r.cube},
          {"cube_progression",
           r.cube_progression == CubeProgression::Arithmetic ? "arithmetic" : "geometric"},
          {"cube_cap", r.cube_cap},
          {"crawford", r.crawford},
          {"jacoby", r.jacoby},
          {"beavers", r.beavers},
          {"opening", r.opening == Opening::Both ? "both" : "reroll"},
          {"opening_starter", r.opening_starter == OpeningStarter::High ? "high" : "low"},
          {"previous_winner_starts", r.previous_winner_starts},
          {"gammon_value", r.gammon_value},
          {"backgammon_value", r.backgammon_value},
          {"match_target", r.match_target},
          // Tawla 31 scores the checkers left to the loser: its gammon slots hold the expected
          // count won and lost over count_scale (nn/probabilities.h).
          {"scores_checker_count", scores_checker_count(r)},
          {"count_scale", kCountScale}};
}

}  // namespace

json Api::info() {
  json games = json::array();
  for (Variant v : {Variant::Backgammon, Variant::Plakoto, Variant::Tawla31, Variant::Fevga,
                    Variant::LongNardy}) {
    const Rules base = *rules_for_variant(variant_name(v));
    json presets = json::array();
    for (const std::string& name : preset_names()) {
      Result<Rules> r = rules_preset(name);
      if (r && r->variant == v) presets.push_back(preset_json(name, *r));
    }
    json model = nullptr;
    if (auto file = models_.file_info(v))  // the file's name only: no directories of the machine
      model = {{"file", std::filesystem::path(file->path).filename().string()},
               {"description", file->description}};
    games.push_back({{"variant", variant_word(v)},
                     {"default_rules", base.preset},
                     {"presets", presets},
                     {"model", model},
                     {"start", position_json(start_position(base), base)}});
  }
  json options = json::array();
  for (const std::string& name : rule_option_names()) options.push_back(name);
  const JobLimits& jl = jobs_.limits();
  return {{"name", "nard"},
          {"version", NARD_VERSION},
          {"games", games},
          {"rule_options", options},
          // The match equity table of match play: matches longer than `length` cannot be valued.
          {"met", {{"name", models_.met().name()}, {"length", models_.met().length()}}},
          {"limits",
           {{"timeout_seconds", number_json(limits_.timeout_seconds)},
            {"max_ply", limits_.max_ply},
            {"max_trials", limits_.max_trials},
            {"max_candidates", limits_.max_candidates},
            {"max_rollout_ply", limits_.max_rollout_ply},
            {"max_jobs", jl.max_running},
            {"job_time_limit_seconds", number_json(jl.time_limit_seconds)},
            {"rollout_threads", jl.threads_per_job}}},
          {"jobs_running", jobs_.running()},
          {"rollouts_running", jobs_.running()}};  // every kind of job (the older name)
}

}  // namespace nard::api

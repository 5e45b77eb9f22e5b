// The figures of a recipe run (training/recipe/recipe_run.h) and its report: report.html, with
// SVG charts of the strength after every stage against the CPU-hours and the self-play games
// spent so far, a table of the stages, and the final measurements.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "training/recipe/recipe.h"
#include "training/trainer.h"

namespace nard::training {

// A finished stage (its stage.json).
struct StageRecord {
  int number = 0;  // the stage's place in the recipe, from 1 (0 in records before it was kept)
  std::string name, kind;
  uint64_t seed = 0;
  std::string model_sha256;  // of the stage's output.nardnet
  double cpu_seconds = 0;    // the stage's training, every attempt together
  double measure_cpu_seconds = 0;
  double wall_seconds = 0;              // of the attempt that finished it
  long long games = 0;                  // self-play games the stage learnt from
  std::vector<StrengthPoint> strength;  // the recipe's "measure" of output.nardnet
};

// The strength of the model the run starts from (start.json: the curves' first point, at 0
// CPU-hours and 0 games), measured as the stages are.
struct StartRecord {
  std::string model;  // what it is: "--init-from FILE", "the shipped model"
  std::vector<StrengthPoint> strength;
};
std::string start_record_json(const StartRecord& record);
Result<StartRecord> parse_start_record(const std::string& text, const std::string& source);

// The finished model's measurements (final.json).
struct FinalRecord {
  std::string model_file;  // its name in the run directory
  std::vector<StrengthPoint> strength;
  std::vector<std::string> notes;  // measurements that could not be made, and why
};

std::string stage_record_json(const StageRecord& record);
Result<StageRecord> parse_stage_record(const std::string& text, const std::string& source);
std::string final_record_json(const FinalRecord& record);
Result<FinalRecord> parse_final_record(const std::string& text, const std::string& source);

// The whole report as one self-contained HTML page (inline SVG, no scripts).
std::string recipe_report_html(const Recipe& recipe, const std::optional<StartRecord>& start,
                               const std::vector<StageRecord>& stages,
                               const std::optional<FinalRecord>& final_record,
                               const std::string& version);

}  // namespace nard::training

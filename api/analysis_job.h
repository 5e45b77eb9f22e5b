// A match analysis as job work (api/jobs.h): every checker play, cube decision and roll of a
// match record analysed by play/analysis.h on the job's threads, stopped through
// AnalysisConfig::stop. The result is the document of `nard analyze --json`
// (api/analysis_document.h).
#pragma once

#include <map>
#include <memory>

#include "api/jobs.h"
#include "game/match_record.h"
#include "nn/evaluator.h"
#include "play/analysis.h"
#include "search/match_equity.h"

namespace nard::api {

struct AnalysisJobSpec {
  MatchRecord record;
  AnalysisConfig config;  // threads and stop are set by the job
  std::map<Variant, std::shared_ptr<const NeuralModel>> models;  // one per game of the record
  const MatchEquityTable* met = nullptr;  // borrowed (the model registry's); needed for a match
};

// The rolls of the record: about the number of positions the analysis values (the progress
// total until the analysis reports its own).
int analysis_job_total(const MatchRecord& record);
JobWork analysis_job(AnalysisJobSpec spec);

}  // namespace nard::api

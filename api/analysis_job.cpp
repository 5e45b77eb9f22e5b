#include "api/analysis_job.h"

#include "api/analysis_document.h"

namespace nard::api {

using nlohmann::json;

int analysis_job_total(const MatchRecord& record) {
  int turns = 0;
  for (const MatchGame& g : record.games)
    for (const MatchAction& a : g.actions) turns += a.kind == ActionKind::Roll;
  return turns;
}

JobWork analysis_job(AnalysisJobSpec spec) {
  return [s = std::move(spec)](const JobControl& control) -> Result<json> {
    AnalysisConfig config = s.config;
    config.threads = control.threads;
    config.stop = control.stop;
    Result<MatchAnalysis> analysis =
        analyse_match(s.record, config, analysis_evaluators(s.models), s.met, control.progress);
    if (!analysis) return analysis.error();
    return analysis_document(*analysis);
  };
}

}  // namespace nard::api

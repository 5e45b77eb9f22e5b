// nard export --checkpoint DIR --out FILE|DIR: the newest checkpoint of a training run as a model
// file (nn/weights_file.h). When --out is a directory, the file is named
// nard-<game>-<sha256[0:12]>.nardnet after its contents.
#include <cstdio>

#include "cli/output.h"
#include "cli/subcommand.h"
#include "cli/train/training_commands.h"
#include "core/sha256.h"
#include "nn/weights_file.h"
#include "training/model_name.h"
#include "training/trainer.h"

namespace nard::tools {

namespace {
struct ExportOptions {
  std::string checkpoint, out;
};

void run_export(const ExportOptions& o) {
  Result<NetWeights> w = training::checkpoint_weights(o.checkpoint);
  if (!w) return fail_input(w.error());
  if (auto e = training::prepare_model_output(o.out)) return fail_input(*e);
  // The file is named after its bytes when --out is a directory; written atomically either way, so
  // a failure names the user's path and leaves an existing file as it was.
  const std::string bytes = serialize_weights(*w);
  const std::string path = training::model_output_path(o.out, *w);
  if (auto e = save_weights(path, *w)) return fail_runtime(*e);
  std::printf("%s\nsha256 %s\n%s\n", path.c_str(), training::sha256_hex(bytes).c_str(),
              w->description.c_str());
}
}  // namespace

void register_export(CLI::App& app) {
  auto o = std::make_shared<ExportOptions>();
  CLI::App* cmd =
      app.add_subcommand("export", std::string(training_command_description("", "export")));
  cmd->add_option("--checkpoint", o->checkpoint, "Run directory of nard train")->required();
  cmd->add_option("--out", o->out,
                  "Model file, or a directory (file named nard-<game>-<sha256[0:12]>.nardnet; DIR/ "
                  "is made if missing)")
      ->required();
  cmd->callback([o] { run_export(*o); });
}

}  // namespace nard::tools

// nard export --checkpoint DIR --out FILE|DIR: the newest checkpoint of a training run as a model
// file (nn/weights_file.h). When --out is a directory, the file is named
// nard-<game>-<sha256[0:12]>.nardnet after its contents.
#include <cstdio>
#include <filesystem>

#include "nn/weights_file.h"
#include "tools/subcommand.h"
#include "tools/training_commands.h"
#include "tools/output.h"
#include "training/checkpoint.h"
#include "training/model_name.h"
#include "training/sha256.h"
#include "training/trainer.h"

namespace nard::tools {

namespace {
struct ExportOptions {
  std::string checkpoint, out;
};

void run_export(const ExportOptions& o) {
  namespace fs = std::filesystem;
  const bool to_dir = fs::is_directory(o.out);
  const std::string tmp = to_dir ? (fs::path(o.out) / ".export.tmp.nardnet").string() : o.out;
  if (auto e = training::export_checkpoint(o.checkpoint, tmp)) return fail_input(*e);
  Result<std::string> bytes = training::read_file(tmp);
  if (!bytes) return fail_runtime(bytes.error());
  Result<NetWeights> w = parse_weights(*bytes, tmp);
  if (!w) return fail_runtime(w.error());
  const std::string sha = training::sha256_hex(*bytes);
  std::string path = tmp;
  if (to_dir) {
    path = (fs::path(o.out) / training::model_file_name(w->variant, *bytes)).string();
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec) return fail_runtime(make_error("cannot rename " + tmp + " to " + path + ": " + ec.message()));
  }
  std::printf("%s\nsha256 %s\n%s\n", path.c_str(), sha.c_str(), w->description.c_str());
}
}  // namespace

void register_export(CLI::App& app) {
  auto o = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand("export", std::string(training_command_description("", "export")));
  cmd->add_option("--checkpoint", o->checkpoint, "Run directory of nard train")->required();
  cmd->add_option("--out", o->out, "Model file, or a directory (file named nard-<game>-<sha256[0:12]>.nardnet)")->required();
  cmd->callback([o] { run_export(*o); });
}

}  // namespace nard::tools


#include "cli/train/training_commands.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "cli/subcommand.h"

namespace nard::tools {

namespace {
constexpr TrainingCommand kCommands[] = {
    {"", "train",
     "Train a net by TD(lambda) self-play or the supervised pipeline (checkpoints in --out)"},
    {"", "export", "Write the newest checkpoint of a training run as a model file"},
    {"", "distill", "Add a pruning net, distilled from its own nets, to a model of any game"},
    {"", "refit-race",
     "Refit a backgammon model's race net by value iteration from the bear-off database"},
    {"", "strength", "Cubeless 0-ply games of a model against a baseline"},
    {"bench", "train", "Speed of the self-play training loop (learning included)"},
};
constexpr const char* kExecutable = "nard-train";
}  // namespace

std::span<const TrainingCommand> training_commands() { return kCommands; }

std::string_view training_command_description(std::string_view parent, std::string_view name) {
  for (const TrainingCommand& c : kCommands)
    if (c.parent == parent && c.name == name) return c.description;
  return {};
}

const TrainingCommand* find_training_command(int argc, const char* const* argv) {
  if (argc < 2) return nullptr;
  for (const TrainingCommand& c : kCommands) {
    if (c.parent.empty() && argv[1] == c.name) return &c;
    if (!c.parent.empty() && argc >= 3 && argv[1] == c.parent && argv[2] == c.name) return &c;
  }
  return nullptr;
}

std::string training_executable_path() {
  std::string self(4096, '\0');
  const ssize_t n = ::readlink("/proc/self/exe", self.data(), self.size() - 1);
  if (n <= 0) return kExecutable;  // no /proc: look it up on PATH
  self.resize(size_t(n));
  const size_t slash = self.rfind('/');
  return (slash == std::string::npos ? std::string() : self.substr(0, slash + 1)) + kExecutable;
}

int exec_training_executable(const TrainingCommand& command, char** argv) {
  const std::string path = training_executable_path();
  const std::string name =
      "nard " + (command.parent.empty() ? std::string() : std::string(command.parent) + " ") +
      std::string(command.name);
  const bool on_path = path.find('/') == std::string::npos;
  if (!on_path && ::access(path.c_str(), X_OK) != 0) {
    std::fprintf(stderr,
                 "nard: '%s' needs the LibTorch build: %s is not there (configure with "
                 "-DNARD_WITH_TORCH=ON, "
                 "libtorch-dev installed)\n",
                 name.c_str(), path.c_str());
    return 2;
  }
  std::fflush(stdout);
  if (on_path)
    ::execvp(path.c_str(), argv);
  else
    ::execv(path.c_str(), argv);
  const int err = errno;
  if (err == ENOENT) {
    std::fprintf(stderr, "nard: '%s' needs the LibTorch build: %s was not found\n", name.c_str(),
                 kExecutable);
    return 2;
  }
  std::fprintf(stderr, "nard: cannot run %s for '%s': %s\n", path.c_str(), name.c_str(),
               std::strerror(err));
  return 1;
}

void register_training_launchers(CLI::App& app, char** argv) {
  const bool available = ::access(training_executable_path().c_str(), X_OK) == 0;
  for (const TrainingCommand& c : kCommands) {
    CLI::App* parent = c.parent.empty() ? &app : app.get_subcommand(std::string(c.parent));
    std::string description(c.description);
    if (!available) description += " [needs the LibTorch build]";
    CLI::App* cmd = parent->add_subcommand(std::string(c.name), description);
    cmd->prefix_command();  // every argument goes to nard-train as it is
    cmd->callback([&c, argv] { set_exit_code(exec_training_executable(c, argv)); });
  }
}

}  // namespace nard::tools

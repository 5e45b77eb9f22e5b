// The training commands (they need LibTorch) live in a second executable, nard-train, so that every
// other command starts without loading LibTorch's shared libraries. The user still types
// `nard train ...`: nard finds nard-train beside its own executable and runs it with the same
// arguments (as git runs its subcommands). A torch-free build has no nard-train; nard then says
// that training needs the LibTorch build (exit code 2).
#pragma once

#include <CLI/CLI.hpp>
#include <span>
#include <string_view>

namespace nard::tools {

struct TrainingCommand {
  std::string_view parent;  // "" for a top-level command, else the command it is under ("bench")
  std::string_view name;
  std::string_view description;  // one line, shown by both executables' --help
};

// Every command of nard-train: the one list both executables read.
std::span<const TrainingCommand> training_commands();
// The description of a training command (for its registration in nard-train).
std::string_view training_command_description(std::string_view parent, std::string_view name);

// The training command argv names, or nullptr: argv[1] is a top-level training command, or
// argv[1] a parent ("bench") and argv[2] one of its training commands.
const TrainingCommand* find_training_command(int argc, const char* const* argv);

// The path of nard-train beside this process's executable (/proc/self/exe).
std::string training_executable_path();

// Replaces this process by nard-train with the same arguments. Returns only on failure, with the
// exit code after printing why: 2 when nard-train is not there (a torch-free build), 1 when it
// cannot be run.
int exec_training_executable(const TrainingCommand& command, char** argv);

// Adds one entry per training command to nard's parser, so that `nard --help` lists them; each
// runs nard-train when parsed (find_training_command catches the usual forms before parsing).
// Must run after the parent commands ("bench") are registered.
void register_training_launchers(CLI::App& app, char** argv);

// nard-train's registrations (one file per subcommand).
void register_train(CLI::App& app);
void register_export(CLI::App& app);
void register_strength(CLI::App& app);
void register_bench_train(CLI::App& app);  // adds 'train' under 'bench'
void register_distill(CLI::App& app);
void register_refit_race(CLI::App& app);

}  // namespace nard::tools

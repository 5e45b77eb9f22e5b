// The --match, --score, --post-crawford and --cubeless options of the bot commands (hint, eval):
// the match and cube they value positions in (api/equity_context.h).
#pragma once

#include <CLI/CLI.hpp>

#include "api/equity_context.h"

namespace nard::tools {

using api::ContextArgs;
using api::equity_context;
using api::EquityContext;
using api::settings_text;

// Adds --match, --score, --post-crawford and --cubeless.
void add_context_options(CLI::App* cmd, ContextArgs& args);

}  // namespace nard::tools

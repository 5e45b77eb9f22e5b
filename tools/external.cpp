// nard external --stdio | --socket HOST:PORT | --socket PATH: serves gnubg's external-player
// protocol (bot/external_player.h). With a socket, nard listens and gnubg connects
// (`set player 0 external localhost:PORT` in gnubg); connections are served one after another.
// Lines end at '\n'; gnubg's trailing NUL bytes are ignored. Replies end with '\n'.
#include <netdb.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <iostream>

#include "bot/external_player.h"
#include "tools/bot_args.h"
#include "tools/subcommand.h"
#include "tools/output.h"

namespace nard::tools {

namespace {
struct ExternalOptions {
  BotArgs bot;
  std::string socket;
  bool stdio = false, verbose = false;
};

// Handles one line; returns the reply to send ("" = none). Bad lines are reported on stderr.
std::string handle(ExternalPlayer& player, const std::string& line, bool verbose) {
  std::string trimmed;
  for (char c : line)
    if (c != '\0' && c != '\r') trimmed += c;
  if (trimmed.find_first_not_of(" \t") == std::string::npos) return "";
  Result<std::optional<std::string>> r = player.reply(trimmed);
  if (verbose) std::cerr << "< " << trimmed << "\n> " << (r && r->has_value() ? **r : std::string("(no reply)")) << '\n';
  if (!r) {
    std::cerr << "nard: " << r.error().message << '\n';
    return "";
  }
  return r->has_value() ? **r + "\n" : "";  // an empty play is the line "\n"
}

void serve_fd(ExternalPlayer& player, int fd, bool verbose) {
  std::string pending;
  char buf[4096];
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0) return;
    pending.append(buf, size_t(n));
    for (size_t nl; (nl = pending.find('\n')) != std::string::npos;) {
      const std::string reply = handle(player, pending.substr(0, nl), verbose);
      pending.erase(0, nl + 1);
      if (!reply.empty() && write(fd, reply.data(), reply.size()) < 0) return;
    }
  }
}

Result<int> listen_on(const std::string& address) {
  const size_t colon = address.rfind(':');
  const bool tcp = colon != std::string::npos && colon + 1 < address.size() &&
                   address.find_first_not_of("0123456789", colon + 1) == std::string::npos;
  int fd = -1;
  if (tcp) {
    const std::string host = address.substr(0, colon), port = address.substr(colon + 1);
    addrinfo hints{}, *res = nullptr;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    if (getaddrinfo(host.empty() ? nullptr : host.c_str(), port.c_str(), &hints, &res) != 0 || !res)
      return make_error("--socket '" + address + "': cannot resolve the host");
    fd = socket(res->ai_family, res->ai_socktype, res->ai_protocol);
    const int one = 1;
    if (fd >= 0) setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    const bool bound = fd >= 0 && bind(fd, res->ai_addr, res->ai_addrlen) == 0;
    freeaddrinfo(res);
    if (!bound) return make_error("--socket '" + address + "': cannot bind (" + std::strerror(errno) + ")");
  } else {
    sockaddr_un sa{};
    sa.sun_family = AF_UNIX;
    if (address.size() >= sizeof sa.sun_path) return make_error("--socket path '" + address + "' is too long");
    std::strcpy(sa.sun_path, address.c_str());
    unlink(address.c_str());
    fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0)
      return make_error("--socket '" + address + "': cannot bind (" + std::strerror(errno) + ")");
  }
  if (listen(fd, 1) != 0) return make_error("--socket '" + address + "': cannot listen");
  return fd;
}

void run_external(const ExternalOptions& o) {
  if (o.stdio == !o.socket.empty()) return fail_input(make_error("give exactly one of --stdio and --socket ADDRESS"));
  std::unique_ptr<LoadedBot> bot = load_bot(o.bot);
  if (!bot) return;
  if (bot->rules.variant != Variant::Backgammon)
    return fail_input(make_error("gnubg's external-player protocol is for backgammon only"));
  Result<MatchEquityTable> met = MatchEquityTable::load(MatchEquityTable::default_path());
  if (!met) return fail_runtime(met.error());
  NeuralEvaluator evaluator(bot->model);
  BotAgent agent(bot->rules, evaluator, bot->search, &*met);
  ExternalPlayer player(bot->rules, agent);
  if (o.stdio) {
    for (std::string line; std::getline(std::cin, line);) std::cout << handle(player, line, o.verbose) << std::flush;
    return;
  }
  Result<int> fd = listen_on(o.socket);
  if (!fd) return fail_input(fd.error());
  std::fprintf(stderr, "nard: listening on %s\n", o.socket.c_str());
  for (;;) {
    const int conn = accept(*fd, nullptr, nullptr);
    if (conn < 0) return fail_runtime(make_error(std::string("accept failed: ") + std::strerror(errno)));
    serve_fd(player, conn, o.verbose);
    close(conn);
  }
}
}  // namespace

void register_external(CLI::App& app) {
  auto o = std::make_shared<ExternalOptions>();
  CLI::App* cmd = app.add_subcommand("external", "Serve gnubg's external-player protocol");
  cmd->add_option("--socket", o->socket, "Listen on HOST:PORT (TCP) or PATH (Unix socket)");
  cmd->add_flag("--stdio", o->stdio, "Read board lines on stdin, answer on stdout");
  cmd->add_flag("--verbose", o->verbose, "Log every line and reply on stderr");
  add_bot_options(cmd, o->bot);
  cmd->callback([o] { run_external(*o); });
}

}  // namespace nard::tools

// nard external --stdio | --socket HOST:PORT | --socket PATH: serves gnubg's external-player
// protocol (gnubg/external_player.h). With a socket, nard listens and gnubg connects
// (`set player 0 external localhost:PORT` in gnubg); connections are served one after another.
// Lines end at '\n'; gnubg's trailing NUL bytes are ignored. Replies end with '\n'.
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <iostream>

#include "cli/bot_args.h"
#include "cli/output.h"
#include "cli/subcommand.h"
#include "gnubg/external_player.h"

namespace nard::tools {

namespace {
struct ExternalOptions {
  BotArgs bot;
  std::string socket;
  bool stdio = false, verbose = false;
};

// Handles one line; returns the reply to send ("" = none). A bad line is answered on the
// protocol's channel with one line "Error: <what is wrong>" (as gnubg's own external interface
// answers a line it cannot parse), so a client never waits for a reply that will not come, and
// reported on stderr as well.
std::string handle(ExternalPlayer& player, const std::string& line, bool verbose) {
  std::string trimmed;
  for (char c : line)
    if (c != '\0' && c != '\r') trimmed += c;
  if (trimmed.find_first_not_of(" \t") == std::string::npos) return "";
  Result<std::optional<std::string>> r = player.reply(trimmed);
  if (verbose)
    std::cerr << "< " << trimmed << "\n> "
              << (r && r->has_value() ? **r : std::string("(no reply)")) << '\n';
  if (!r) {
    std::cerr << "nard: " << r.error().message << '\n';
    return "Error: " + r.error().message + "\n";
  }
  return r->has_value() ? **r + "\n" : "";  // an empty play is the line "\n"
}

constexpr size_t kMaxLine = 1 << 16;

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
    // A board line is about 150 bytes: a line that never ends is not the protocol.
    if (pending.size() > kMaxLine) {
      pending.clear();
      std::cerr << "nard: a line longer than " << kMaxLine << " bytes; dropped\n";
      const std::string reply = "Error: line longer than " + std::to_string(kMaxLine) + " bytes\n";
      if (write(fd, reply.data(), reply.size()) < 0) return;
    }
  }
}

struct Listener {
  int fd = -1;
  std::string address;  // what was bound: HOST:PORT with the port the kernel gave, or PATH
};

// The port of HOST:PORT, 1..65535 (0 would let the kernel pick one at random).
Result<int> parse_port(const std::string& address, const std::string& port) {
  int value = 0;
  for (char c : port) {
    value = value * 10 + (c - '0');
    if (value > 65535) break;
  }
  if (port.empty() || value < 1 || value > 65535)
    return make_error("--socket '" + address + "': port " + port + " is not in 1..65535");
  return value;
}

Result<Listener> listen_on(const std::string& address) {
  const size_t colon = address.rfind(':');
  const bool tcp = colon != std::string::npos && colon + 1 < address.size() &&
                   address.find_first_not_of("0123456789", colon + 1) == std::string::npos;
  int fd = -1;
  Listener listener;
  listener.address = address;
  if (tcp) {
    const std::string host = address.substr(0, colon), port = address.substr(colon + 1);
    Result<int> number = parse_port(address, port);
    if (!number) return number.error();
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
    if (!bound)
      return make_error("--socket '" + address + "': cannot bind (" + std::strerror(errno) + ")");
    // Report the port actually bound (it must be the one asked for).
    sockaddr_storage sa{};
    socklen_t len = sizeof sa;
    int bound_port = -1;
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&sa), &len) == 0)
      bound_port = sa.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&sa)->sin6_port)
                                            : ntohs(reinterpret_cast<sockaddr_in*>(&sa)->sin_port);
    if (bound_port != *number) {
      close(fd);
      return make_error("--socket '" + address + "': bound port " + std::to_string(bound_port) +
                        " instead of " + std::to_string(*number));
    }
    listener.address = host + ":" + std::to_string(bound_port);
  } else {
    sockaddr_un sa{};
    sa.sun_family = AF_UNIX;
    if (address.size() >= sizeof sa.sun_path)
      return make_error("--socket path '" + address + "' is too long");
    std::strcpy(sa.sun_path, address.c_str());
    unlink(address.c_str());
    fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0)
      return make_error("--socket '" + address + "': cannot bind (" + std::strerror(errno) + ")");
  }
  if (listen(fd, 1) != 0) {
    close(fd);
    return make_error("--socket '" + address + "': cannot listen");
  }
  listener.fd = fd;
  return listener;
}

void run_external(const ExternalOptions& o) {
  if (o.stdio == !o.socket.empty())
    return fail_input(make_error("give exactly one of --stdio and --socket ADDRESS"));
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
    for (std::string line; std::getline(std::cin, line);)
      std::cout << handle(player, line, o.verbose) << std::flush;
    return;
  }
  Result<Listener> listener = listen_on(o.socket);
  if (!listener) return fail_input(listener.error());
  std::fprintf(stderr, "nard: listening on %s\n", listener->address.c_str());
  for (;;) {
    const int conn = accept(listener->fd, nullptr, nullptr);
    if (conn < 0)
      return fail_runtime(make_error(std::string("accept failed: ") + std::strerror(errno)));
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

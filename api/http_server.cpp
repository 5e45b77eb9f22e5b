#include "api/http_server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "api/deadline_evaluator.h"
#include "api/request_error.h"
#include "api/web_assets.h"

namespace nard::api {

using nlohmann::json;

namespace {

constexpr const char* kJson = "application/json";

// Messages may quote the request, which need not be UTF-8: replace what is not.
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

void send_error(httplib::Response& res, int status, const std::string& message,
                const std::string& field = "") {
  res.status = status;
  json body = {{"error", message}, {"field", field.empty() ? json(nullptr) : json(field)}};
  res.set_content(dump(body), kJson);
}

// Runs one endpoint: every failure becomes a JSON error, nothing escapes to httplib.
template <class F>
void guarded(httplib::Response& res, F&& f) {
  try {
    json out = f();
    res.status = 200;
    res.set_content(dump(out), kJson);
  } catch (const RequestError& e) {
    send_error(res, e.status(), e.what(), e.field());
  } catch (const json::exception& e) {
    // A parse error of the body, or a field of an unexpected type deep inside a value.
    send_error(res, 400, std::string("malformed JSON: ") + e.what());
  } catch (const DeadlineExceeded&) {
    send_error(res, 503,
               "the request took longer than the server's limit (--timeout): ask for "
               "less (a lower ply) or start the server with a longer --timeout");
  } catch (const std::bad_alloc&) {
    send_error(res, 503, "the server ran out of memory for this request");
  } catch (const std::exception& e) {
    send_error(res, 500, std::string("internal error: ") + e.what());
  } catch (...) { send_error(res, 500, "internal error"); }
}

// Debian's cpp-httplib is built with a listen backlog of 5: a burst of connections overflows it,
// and the kernel resets the connections whose SYN-cookie handshake completes after the overflow
// window. Linux lets listen() be called again on a listening socket to raise the backlog.
class Server final : public httplib::Server {
 public:
  bool raise_backlog() { return ::listen(svr_sock_, SOMAXCONN) == 0; }
};

json parse_body(const httplib::Request& req) {
  if (req.body.empty()) throw RequestError(400, "the request has no body: send a JSON object");
  return json::parse(req.body);  // throws json::parse_error (400 above)
}

}  // namespace

HttpServer::HttpServer(Api& api, ServerOptions options)
    : api_(api), options_(std::move(options)), server_(std::make_unique<Server>()) {
  int threads = options_.threads;
  if (threads <= 0)
    threads = int(std::max(8u, 2 * std::max(1u, std::thread::hardware_concurrency())));
  server_->new_task_queue = [threads] { return new httplib::ThreadPool(size_t(threads)); };
  const time_t secs = time_t(std::max(1.0, options_.timeout_seconds));
  server_->set_read_timeout(secs);
  server_->set_write_timeout(secs);
  server_->set_keep_alive_timeout(5);
  server_->set_payload_max_length(options_.max_body);
  // The page loads nothing from elsewhere and may not be framed by another site.
  server_->set_default_headers(
      {{"X-Content-Type-Options", "nosniff"},
       {"Cache-Control", "no-store"},
       {"Content-Security-Policy",
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "frame-ancestors 'none'"},
       {"X-Frame-Options", "DENY"}});
  routes();
}

HttpServer::~HttpServer() { stop(); }

Result<int> HttpServer::bind() {
  int port = options_.port;
  if (port == 0) {
    port = server_->bind_to_any_port(options_.host);
    if (port < 0) return make_error("cannot listen on " + options_.host + " (no free port?)");
  } else if (!server_->bind_to_port(options_.host, port)) {
    return make_error("cannot listen on " + options_.host + ":" + std::to_string(port) +
                      " (is the port in use? --port)");
  }
  static_cast<Server&>(*server_).raise_backlog();
  return port;
}

void HttpServer::run() { server_->listen_after_bind(); }
void HttpServer::stop() {
  if (server_) server_->stop();
}
bool HttpServer::running() const { return server_->is_running(); }

void HttpServer::routes() {
  httplib::Server& s = *server_;
  auto post = [&](const char* path, json (Api::*endpoint)(const json&)) {
    s.Post(path, [this, endpoint](const httplib::Request& req, httplib::Response& res) {
      guarded(res, [&] { return (api_.*endpoint)(parse_body(req)); });
    });
  };
  post("/api/position", &Api::position);
  post("/api/moves", &Api::moves);
  post("/api/hint", &Api::hint);
  post("/api/eval", &Api::eval);
  post("/api/cube", &Api::cube);
  post("/api/resign", &Api::resign);
  post("/api/rollout", &Api::rollout_start);
  post("/api/analyze", &Api::analyze_start);
  s.Get("/api/info", [this](const httplib::Request&, httplib::Response& res) {
    guarded(res, [&] { return api_.info(); });
  });
  s.Get(R"(/api/rollout/([A-Za-z0-9-]+))",
        [this](const httplib::Request& req, httplib::Response& res) {
          guarded(res, [&] { return api_.rollout_status(req.matches[1]); });
        });
  s.Delete(R"(/api/rollout/([A-Za-z0-9-]+))",
           [this](const httplib::Request& req, httplib::Response& res) {
             guarded(res, [&] { return api_.rollout_cancel(req.matches[1]); });
           });
  s.Get(R"(/api/analyze/([A-Za-z0-9-]+))",
        [this](const httplib::Request& req, httplib::Response& res) {
          guarded(res, [&] { return api_.analyze_status(req.matches[1]); });
        });
  s.Delete(R"(/api/analyze/([A-Za-z0-9-]+))",
           [this](const httplib::Request& req, httplib::Response& res) {
             guarded(res, [&] { return api_.analyze_cancel(req.matches[1]); });
           });

  // The page: from --static DIR, or the files compiled in.
  if (!options_.static_dir.empty()) {
    s.set_mount_point("/", options_.static_dir);
  } else {
    s.Get(R"(/([A-Za-z0-9_.-]*))", [](const httplib::Request& req, httplib::Response& res) {
      std::string path = "/" + std::string(req.matches[1]);
      if (path == "/") path = "/index.html";
      for (const WebAsset& a : web_assets())
        if (a.path == path) {
          res.set_content(std::string(a.content), content_type_for(path));
          return;
        }
      send_error(res, 404, "no such page: " + path);
    });
  }

  // Errors httplib raises itself (no route, body too large, bad request line) get a JSON body.
  s.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    switch (res.status) {
      case 404:
        send_error(res, 404, "no such endpoint: " + req.method + " " + req.path);
        break;
      case 413:
        // httplib caps form bodies (curl -d's default type) at 8 KiB whatever --max-body says.
        if (req.get_header_value("Content-Type").rfind("application/x-www-form-urlencoded", 0) == 0)
          send_error(res, 413,
                     "a body sent as a form (Content-Type application/x-www-form-urlencoded, as "
                     "curl -d sends it) may have 8192 bytes at most: send Content-Type: "
                     "application/json");
        else
          send_error(res, 413, "the request body is larger than the server's limit (--max-body)");
        break;
      default:
        send_error(res, res.status, "HTTP error " + std::to_string(res.status));
    }
  });
  s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    send_error(res, 500, "internal error");
  });
  if (options_.log)
    s.set_logger([](const httplib::Request& req, const httplib::Response& res) {
      std::fprintf(stderr, "%s %s %s %d %zu\n", req.remote_addr.c_str(), req.method.c_str(),
                   req.path.c_str(), res.status, res.body.size());
    });
}

}  // namespace nard::api

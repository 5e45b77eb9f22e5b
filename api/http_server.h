// `nard serve`'s HTTP server (cpp-httplib): the JSON API of api/endpoints.h under /api/ and the
// web page (web/, embedded; or a directory given by --static) under /.
//
// Limits: request bodies over max_body bytes get 413; a synchronous request gets timeout_seconds
// of computing (503 after it) and the same as its socket read/write timeouts; `threads` worker
// threads serve connections (more wait in the queue). Every error is a JSON body
// {"error": "...", "field": "..." or null}; every exception stops at the handler's edge.
#pragma once

#include <memory>
#include <string>

#include "api/endpoints.h"
#include "core/result.h"

namespace httplib {
class Server;
}

namespace nard::api {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;            // 0: any free port (bind() says which)
  size_t max_body = 1 << 20;  // bytes
  double timeout_seconds = 30;
  int threads = 0;         // 0: max(8, 2 x cores)
  std::string static_dir;  // "": the embedded page
  bool log = false;        // one line per request on stderr
};

class HttpServer {
 public:
  // api is borrowed and must outlive the server.
  HttpServer(Api& api, ServerOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds host:port; the port bound, or an Error naming the address.
  Result<int> bind();
  // Serves until stop() (from another thread); call after bind().
  void run();
  void stop();
  bool running() const;

 private:
  void routes();
  Api& api_;
  ServerOptions options_;
  std::unique_ptr<httplib::Server> server_;
};

}  // namespace nard::api

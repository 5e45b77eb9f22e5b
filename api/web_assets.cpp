#include "api/web_assets.h"

namespace nard::api {

std::string content_type_for(std::string_view path) {
  auto ends = [&](std::string_view e) {
    return path.size() >= e.size() && path.substr(path.size() - e.size()) == e;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".json")) return "application/json";
  return "application/octet-stream";
}

}  // namespace nard::api

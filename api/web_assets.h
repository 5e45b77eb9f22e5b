// The web page's files (web/ in the source tree), compiled into the library by
// api/embed_web.cmake, so that `nard serve` needs no files at run time.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace nard::api {

struct WebAsset {
  std::string path;          // "/index.html", "/app.js", ...
  std::string_view content;  // the file's bytes (static storage)
};

const std::vector<WebAsset>& web_assets();

// The Content-Type for a file name by its extension ("text/html; charset=utf-8", ...).
std::string content_type_for(std::string_view path);

}  // namespace nard::api

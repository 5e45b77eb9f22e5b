// The error of one API request: an HTTP status, a message for a person, and the request field it
// concerns ("" when none). The API's edge (api/http_server.cpp) sends it as
// {"error": "...", "field": "..."}. Thrown only inside api/ (the HTTP edge), never by the core.
#pragma once

#include <stdexcept>
#include <string>

namespace nard::api {

class RequestError : public std::runtime_error {
 public:
  RequestError(int status, const std::string& message, std::string field = "")
      : std::runtime_error(message), status_(status), field_(std::move(field)) {}
  int status() const { return status_; }
  const std::string& field() const { return field_; }

 private:
  int status_;
  std::string field_;
};

// 400 Bad Request about `field`.
inline RequestError bad_field(const std::string& field, const std::string& message) {
  return RequestError(400, message, field);
}

}  // namespace nard::api

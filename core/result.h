// Errors are values in the core (style P11): parsers and loaders return Result<T>, and only the
// command-line edge turns an Error into a message and an exit code.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace nard {

struct Error {
  std::string message;  // one line, names what is wrong and, where useful, what to do
};

template <class T>
class Result {
 public:
  Result(T value) : data_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : data_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return std::holds_alternative<T>(data_); }
  explicit operator bool() const { return ok(); }

  const T& value() const& { return std::get<T>(data_); }
  T& value() & { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const { return std::get<Error>(data_); }

 private:
  std::variant<T, Error> data_;
};

inline Error make_error(std::string message) { return Error{std::move(message)}; }

}  // namespace nard

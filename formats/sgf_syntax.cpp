#include "formats/sgf_syntax.h"

#include <cctype>
#include <optional>

#include "core/text_scan.h"

namespace nard::sgf_detail {

namespace {

using namespace text;

// ---------------------------------------------------------------------------------------------
// SGF syntax: game trees of nodes of properties. Only each tree's main line is kept.

class SgfLexer {
 public:
  explicit SgfLexer(std::string_view text) : s_(text) {}

  // The main line of every game tree of the collection.
  Result<std::vector<std::vector<Node>>> collection() {
    std::vector<std::vector<Node>> trees;
    for (;;) {
      skip_space();
      if (at_end()) break;
      if (s_[i_] != '(') return error("expected '(' to start a game tree");
      Result<std::vector<Node>> t = tree();
      if (!t) return t.error();
      trees.push_back(std::move(*t));
    }
    if (trees.empty()) return make_error("no SGF game tree: not an .sgf file");
    return trees;
  }

 private:
  bool at_end() const { return i_ >= s_.size(); }
  void advance() {
    if (s_[i_] == '\n') ++line_;
    ++i_;
  }
  void skip_space() {
    while (!at_end() && is_space(s_[i_])) advance();
  }
  Error error(const std::string& what) const {
    return make_error("line " + std::to_string(line_) + ": " + what);
  }

  // "(" ... ")" with variations: the first child at each level continues the main line; the
  // others are skipped. Iterative, so deep nesting cannot overflow the stack.
  Result<std::vector<Node>> tree() {
    std::vector<Node> main;
    std::vector<bool> child_taken;  // per open level on the main line
    advance();                      // '('
    child_taken.push_back(false);
    while (!child_taken.empty()) {
      skip_space();
      if (at_end()) return error("the file ends inside a game tree (missing ')')");
      const char c = s_[i_];
      if (c == ';') {
        if (child_taken.back()) return error("a node after a variation");
        Result<Node> n = node();
        if (!n) return n.error();
        main.push_back(std::move(*n));
      } else if (c == '(') {
        if (!child_taken.back()) {
          child_taken.back() = true;
          child_taken.push_back(false);
          advance();
        } else if (auto e = skip_tree()) {
          return *e;
        }
      } else if (c == ')') {
        child_taken.pop_back();
        advance();
      } else {
        return error(std::string("unexpected '") + c + "'");
      }
    }
    return main;
  }

  std::optional<Error> skip_tree() {
    int depth = 0;
    while (!at_end()) {
      const char c = s_[i_];
      if (c == '[') {
        if (auto e = value(nullptr)) return e;
        continue;
      }
      advance();
      if (c == '(') ++depth;
      if (c == ')' && --depth == 0) return std::nullopt;
    }
    return error("the file ends inside a variation");
  }

  Result<Node> node() {
    Node n;
    n.line = line_;
    advance();  // ';'
    for (;;) {
      skip_space();
      if (at_end()) return n;
      const char c = s_[i_];
      if (!std::isalpha(static_cast<unsigned char>(c))) return n;
      Property p;
      p.line = line_;
      while (!at_end() && std::isalpha(static_cast<unsigned char>(s_[i_]))) {
        if (std::isupper(static_cast<unsigned char>(s_[i_])))
          p.ident += s_[i_];  // FF[3] lowercase letters are ignored
        advance();
      }
      skip_space();
      if (at_end() || s_[i_] != '[') return error("property " + p.ident + " has no value");
      while (!at_end() && s_[i_] == '[') {
        std::string v;
        if (auto e = value(&v)) return *e;
        p.values.push_back(std::move(v));
        skip_space();
      }
      n.props.push_back(std::move(p));
    }
  }

  // "[" text "]" with "\]" and "\\" escapes.
  std::optional<Error> value(std::string* out) {
    const size_t start_line = line_;
    advance();  // '['
    while (!at_end()) {
      char c = s_[i_];
      if (c == ']') {
        advance();
        return std::nullopt;
      }
      if (c == '\\') {
        advance();
        if (at_end()) break;
        c = s_[i_];
        if (c == '\n' || c == '\r') {  // soft line break
          advance();
          continue;
        }
      }
      if (out) *out += c;
      advance();
    }
    return make_error("line " + std::to_string(start_line) +
                      ": a property value is not closed with ']'");
  }

  std::string_view s_;
  size_t i_ = 0;
  size_t line_ = 1;
};

}  // namespace

Result<std::vector<std::vector<Node>>> sgf_main_lines(std::string_view text) {
  return SgfLexer(text).collection();
}

}  // namespace nard::sgf_detail

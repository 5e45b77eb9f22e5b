// SGF syntax for the SGF reader (formats/sgf_file_reader.cpp): a collection of game trees of
// nodes of properties, of which only each tree's main line is kept. Internal to formats/.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace nard::sgf_detail {

struct Property {
  std::string ident;
  std::vector<std::string> values;
  size_t line = 1;
};

struct Node {
  std::vector<Property> props;
  size_t line = 1;
  const Property* find(std::string_view id) const {
    for (const Property& p : props)
      if (p.ident == id) return &p;
    return nullptr;
  }
};

// The main line of every game tree of the collection. Errors read "line N: what is wrong".
Result<std::vector<std::vector<Node>>> sgf_main_lines(std::string_view text);

}  // namespace nard::sgf_detail

// The .mat tag names of SGF's own root properties, for the SGF reader and writer
// (formats/sgf_file_reader.cpp, formats/sgf_file_writer.cpp). Internal to formats/.
#pragma once

namespace nard::sgf_detail {

// Settings and tags kept in NT[name:value] (and the .mat tag names of SGF's own properties).
struct TagMap {
  const char* sgf;
  const char* mat;
};
inline constexpr TagMap kTagProps[] = {
    {"EV", "Event"}, {"PC", "Site"}, {"RO", "Round"}, {"AN", "Annotator"}};

}  // namespace nard::sgf_detail

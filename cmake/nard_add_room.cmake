# nard_add_room(ROOM [DEPENDS targets...] [PRIVATE_DEPENDS targets...])
#
# A room is a folder of the source tree and one static library, nard_ROOM, built from every .cpp
# under it (subfolders included). Its headers are included as "ROOM/file.h". The include path
# that reaches them is not the source root but a folder of the build tree holding one link,
# ROOM -> the room's folder: a library sees its own headers and, through DEPENDS (PUBLIC), those
# of the rooms below it, and nothing else. An include of a room above or beside it fails to
# compile, so the compiler holds the layers (docs/architecture.md).
function(nard_add_room room)
  cmake_parse_arguments(PARSE_ARGV 1 ROOM "" "" "DEPENDS;PRIVATE_DEPENDS")
  set(stage ${CMAKE_BINARY_DIR}/rooms/${room})
  file(MAKE_DIRECTORY ${stage})
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${room} ${stage}/${room} SYMBOLIC)
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${room}/*.cpp)
  add_library(nard_${room} STATIC ${sources})
  target_include_directories(nard_${room} PUBLIC ${stage})
  target_link_libraries(nard_${room} PUBLIC ${ROOM_DEPENDS} PRIVATE ${ROOM_PRIVATE_DEPENDS})
endfunction()

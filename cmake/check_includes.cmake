# Checks the include edges of the source folders against the allow list:
# every `#include "FOLDER/file.h"` of a file under src/DIR must name DIR
# itself or a folder DIR may use, and every `#include <...>` of a library
# outside the standard one (fmt, yaml-cpp, CLI11, ...; POSIX headers;
# <iostream> and <fstream>, which are I/O) must be one DIR may use.
#
#   cmake -DSOURCE_DIR=src -DLAYERS=layers.cmake [-DONLY=DIR] [-DSTAMP=file]
#         -P check_includes.cmake
#
# LAYERS is the allow list the build writes (CMakeLists.txt, gamerec_library):
# for each folder DIR, GAMEREC_USES_<DIR> (folders) and GAMEREC_EXTERNAL_<DIR>
# (libraries), with "/" in DIR written as "_"; GAMEREC_USES_games__any is the
# rule of every games/<g> folder. A folder not in the list may not be
# included by anyone, and its own files are not checked. Fails with
# one line per edge that is not allowed.
cmake_minimum_required(VERSION 3.18)
include(${LAYERS})

# Which outside library an #include <...> belongs to; "" for the standard
# library.
function(external_of header result)
  set(found "")
  if(header MATCHES "^fmt/")
    set(found fmt)
  elseif(header MATCHES "^yaml-cpp/")
    set(found yaml-cpp)
  elseif(header MATCHES "^CLI/")
    set(found CLI11)
  elseif(header MATCHES "^nlohmann/")
    set(found nlohmann-json)
  elseif(header MATCHES "^(catch2|benchmark)/")
    set(found test)
  elseif(header STREQUAL "zlib.h")
    set(found zlib)
  elseif(header STREQUAL "bzlib.h")
    set(found bzip2)
  elseif(header STREQUAL "zstd.h")
    set(found zstd)
  elseif(header STREQUAL "sys/mman.h")
    set(found memory)  # mapped memory (huge pages for search tables), no I/O
  elseif(header MATCHES "^(iostream|fstream)$")
    set(found iostream)
  elseif(header MATCHES "\\.h$")
    set(found posix)  # unistd.h, sys/stat.h, poll.h, ...: the C++ library has no .h
  endif()
  set(${result} ${found} PARENT_SCOPE)
endfunction()

set(failures "")
file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/*.h ${SOURCE_DIR}/*.cpp)
list(SORT files)
foreach(file IN LISTS files)
  get_filename_component(dir ${file} DIRECTORY)
  if(DEFINED ONLY AND NOT dir STREQUAL ONLY)
    continue()
  endif()
  string(REPLACE "/" "_" key "${dir}")
  if(NOT DEFINED GAMEREC_USES_${key} AND dir MATCHES "^games/[^/]+$")
    set(key games__any)  # a game folder the build does not know yet: the rule for every game
  endif()
  if(NOT DEFINED GAMEREC_USES_${key})
    continue()  # not a library folder
  endif()
  set(allowed ${dir} ${GAMEREC_USES_${key}})
  set(external ${GAMEREC_EXTERNAL_${key}})
  file(STRINGS ${SOURCE_DIR}/${file} lines REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS lines)
    if(line MATCHES "#[ \t]*include[ \t]*\"([^\"]+)\"")
      set(header ${CMAKE_MATCH_1})
      get_filename_component(header_dir ${header} DIRECTORY)
      if(header_dir STREQUAL "")
        list(APPEND failures "${file}: #include \"${header}\": name the folder (\"${dir}/${header}\")")
      elseif(NOT header_dir IN_LIST allowed)
        list(JOIN allowed ", " allowed_text)
        list(APPEND failures "${file}: #include \"${header}\": ${dir} may use only ${allowed_text}")
      endif()
    elseif(line MATCHES "#[ \t]*include[ \t]*<([^>]+)>")
      external_of(${CMAKE_MATCH_1} library)
      if(library AND NOT library IN_LIST external)
        list(APPEND failures "${file}: #include <${CMAKE_MATCH_1}>: ${dir} may not use ${library}")
      endif()
    endif()
  endforeach()
endforeach()

if(failures)
  # One line each, as written (FATAL_ERROR would wrap them).
  foreach(failure IN LISTS failures)
    message(NOTICE "${failure}")
  endforeach()
  list(LENGTH failures count)
  message(FATAL_ERROR "${count} include edges not allowed (the allow list is in CMakeLists.txt)")
endif()
if(DEFINED STAMP)
  file(WRITE ${STAMP} "ok\n")
endif()

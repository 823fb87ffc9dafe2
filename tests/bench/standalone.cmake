# Used by bench.sh only when the full test suite cannot be configured (an
# empty tests/unit, no Catch2): it configures with -DGAMEREC_TESTS=OFF
# -DCMAKE_PROJECT_INCLUDE=<this file>, and the benchmark programs are still
# defined, once the top-level CMakeLists.txt has defined gamerec_lib.
if(NOT CMAKE_CURRENT_SOURCE_DIR STREQUAL CMAKE_SOURCE_DIR OR GAMEREC_TESTS)
  return()
endif()
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL include ${CMAKE_CURRENT_LIST_DIR}/CMakeLists.txt)

# Used by bench.sh only when the full test suite cannot be configured (an
# empty tests/unit, no Catch2): it configures with -DGAMEREC_TESTS=OFF
# -DCMAKE_PROJECT_INCLUDE=<this file>, and the benchmark programs are still
# defined, at the end of the top-level CMakeLists.txt (after gamerec_lib).
if(NOT CMAKE_CURRENT_SOURCE_DIR STREQUAL CMAKE_SOURCE_DIR)
  return()
endif()
function(gamerec_bench_standalone)
  if(NOT TARGET line_floor)  # not already added by tests/CMakeLists.txt
    include(${CMAKE_SOURCE_DIR}/tests/bench/CMakeLists.txt)
  endif()
endfunction()
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL gamerec_bench_standalone)

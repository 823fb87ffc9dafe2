# Fails the build when SOURCE, compiled as the rules library compiles it,
# includes a header of a library the rules layer must not use (STYLE point
# 1: rules do no I/O and never see YAML). Run by CMakeLists.txt for every
# source of gamerec_rules, with the compiler's own list of what it includes.
#   cmake -DCXX=... -DINCLUDE_DIR=... -DSOURCE=... -DSTAMP=... -P check_layer.cmake
execute_process(
  COMMAND ${CXX} -std=c++20 -I${INCLUDE_DIR} -M ${SOURCE}
  OUTPUT_VARIABLE dependencies
  ERROR_VARIABLE errors
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "layer check: cannot list the headers of ${SOURCE}:\n${errors}")
endif()
string(REGEX MATCHALL "[^ \\\\\n]*(fmt/|yaml-cpp/|CLI/|nlohmann/|/iostream|/fstream)[^ \\\\\n]*" forbidden "${dependencies}")
if(forbidden)
  list(REMOVE_DUPLICATES forbidden)
  string(REPLACE ";" "\n  " shown "${forbidden}")
  message(FATAL_ERROR "layer check: ${SOURCE} is rules code (no I/O, no YAML, no fmt, no CLI) "
                      "but reaches:\n  ${shown}")
endif()
file(WRITE ${STAMP} "ok\n")

# Fails the build when SOURCE includes a header its layer must not use
# (STYLE point 1: rules do no I/O and never see YAML; the core never calls
# the UI or the CLI): one whose path matches the regex FORBIDDEN. Run by
# CMakeLists.txt for every source of a layer's library, with the compiler's
# own list of what it includes; LAYER says what the source is.
#   cmake -DCXX=... -DINCLUDE_DIR=... -DSOURCE=... -DSTAMP=... -DFORBIDDEN=... -DLAYER=... -P check_layer.cmake
execute_process(
  COMMAND ${CXX} -std=c++20 -I${INCLUDE_DIR} -M ${SOURCE}
  OUTPUT_VARIABLE dependencies
  ERROR_VARIABLE errors
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "layer check: cannot list the headers of ${SOURCE}:\n${errors}")
endif()
string(REGEX MATCHALL "[^ \\\\\n]*${FORBIDDEN}[^ \\\\\n]*" forbidden "${dependencies}")
if(forbidden)
  list(REMOVE_DUPLICATES forbidden)
  string(REPLACE ";" "\n  " shown "${forbidden}")
  message(FATAL_ERROR "layer check: ${SOURCE} is ${LAYER} but reaches:\n  ${shown}")
endif()
file(WRITE ${STAMP} "ok\n")

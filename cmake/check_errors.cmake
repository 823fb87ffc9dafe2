# Checks that every failure in the source is an Error (rules/error.h): no
# Result whose reason is a string or a std::error_code, no stream that says
# -1 and keeps its reason in error(), no exception type of our own (thrown
# across layers and caught elsewhere). docs/ARCHITECTURE.md, "Failure is a
# value, of one type".
#
#   cmake -DSOURCE_DIR=src -P check_errors.cmake
#
# Fails with one line per finding: FILE:LINE: what it is.
cmake_minimum_required(VERSION 3.18)

set(rules
  "Result<[^;(){}]*,[ ]*std::string>|a Result whose reason is a string"
  "Result<[^;(){}]*,[ ]*std::error_code>|a Result whose reason is a std::error_code"
  "std::string error\\(\\) const|a reason kept apart from the call that failed"
  "struct [A-Za-z]+ : std::(runtime_error|exception)|an exception type of our own"
  "class [A-Za-z]+ : public std::(runtime_error|exception)|an exception type of our own"
  "catch \\(const [A-Z][A-Za-z]*&|an exception of our own caught")

get_filename_component(SOURCE_DIR ${SOURCE_DIR} ABSOLUTE)
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/*.h ${SOURCE_DIR}/*.cpp)
list(SORT sources)
set(findings "")
foreach(source IN LISTS sources)
  file(STRINGS ${SOURCE_DIR}/${source} lines)
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(line MATCHES "^[ ]*//")
      continue()  # a comment may name what is not done
    endif()
    foreach(rule IN LISTS rules)
      string(REPLACE "|" ";" parts "${rule}")
      # The pattern may hold "|" itself: the last part is the finding.
      list(POP_BACK parts finding)
      list(JOIN parts "|" pattern)
      if(line MATCHES "${pattern}")
        string(APPEND findings "${source}:${number}: ${finding}\n")
      endif()
    endforeach()
  endforeach()
endforeach()
if(findings)
  message(FATAL_ERROR "failures that are not an Error:\n${findings}")
endif()
list(LENGTH sources count)
message(STATUS "${count} files: every failure is an Error")

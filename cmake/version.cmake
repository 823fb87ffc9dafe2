# Writes OUTPUT, the definition of gamerec::version_text() (src/app/version.h):
# "gamerec VERSION", plus "(git DESCRIPTION)" when SOURCE_DIR is a git
# checkout and git is there. Run at every build; the file is rewritten only
# when the text changes, so an unchanged checkout recompiles nothing.
#   cmake -DOUTPUT=file -DVERSION=0.1.0 -DSOURCE_DIR=dir -P version.cmake
set(text "gamerec ${VERSION}")
find_program(GIT git)
if(GIT AND EXISTS ${SOURCE_DIR}/.git)
  execute_process(COMMAND ${GIT} describe --always --dirty --tags
                  WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE description
                  RESULT_VARIABLE status OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(status EQUAL 0 AND NOT description STREQUAL "")
    set(text "${text} (git ${description})")
  endif()
endif()
set(content "// Written by cmake/version.cmake.\n#include \"app/version.h\"\n\nnamespace gamerec {\n\nstd::string_view version_text() { return \"${text}\"; }\n\n}  // namespace gamerec\n")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
else()
  set(old "")
endif()
if(NOT old STREQUAL content)
  file(WRITE ${OUTPUT} "${content}")
endif()

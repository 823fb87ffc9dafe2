// A rules file that reaches for the command line: the include check must
// refuse it (tests/CMakeLists.txt, include_check_refuses_bad_edges).
#include "cli/commands.h"
#include "rules/game.h"

#pragma once
// The conformance kit: what every game of the catalogue must do, checked
// through the interface alone, so that a game that forgets a piece is told
// which one. tests/conformance/conformance_test.cpp runs it on every game
// the built-in catalogue holds (no list to keep), and the toy game's test
// on tic-tac-toe; docs/ARCHITECTURE.md ("Adding a game") says what it
// checks.
//
//   auto findings = conformance::check_game(catalogue, "kalah", options);
//   // empty when kalah passes; else "kalah: notation: the legal move ...",
//   // naming what is wrong
#include <cstdint>
#include <string>
#include <vector>

#include "core/catalogue.h"

namespace gamerec::conformance {

// One thing a game does wrong: the check that found it and what it saw,
// in words that name the missing or broken piece.
struct Finding {
  std::string game;
  std::string check;  // "definition", "playout", "notation", "texts", "validate", "formats",
                      // "errors", "undo", "position-text", "program-notation", "exec", "render",
                      // "hidden"
  std::string detail;
};
std::string describe(const Finding& finding);  // "kalah: notation: ..."
// Each finding described, a line each; "" for none.
std::string describe(const std::vector<Finding>& findings);

struct KitOptions {
  int playouts = 6;           // random games per start, each from its own seed
  int max_plies = 300;        // a longer playout stops (the checks still run)
  std::string work_dir;       // where records and pages are written
  // A random player for games whose exec: protocol is the shared one
  // (players/turn_protocol.h): it answers `move LEGAL...` with one of them.
  std::string random_player;
  // samples/: a game with a protocol of its own (battleship) is played by
  // the program in samples/<game>/players/.
  std::string samples_dir;
};
// The options with this source tree's random player and samples, writing
// into `work_dir`.
KitOptions kit_options(const std::string& work_dir);

// Every check on the game `name` of `catalogue`; empty when it passes.
std::vector<Finding> check_game(const GameCatalogue& catalogue, const std::string& name,
                                const KitOptions& options);

}  // namespace gamerec::conformance

// Battleship's line protocol for players that are programs (exec:PROGRAM),
// as in the classic classroom tournament; gamerec-games(7), BATTLESHIP,
// "Players as programs":
//
//   gamerec says                  the program answers
//   new-game WIDTH HEIGHT SHIPS   (nothing)        SHIPS like 4,3,3,2,2,2,1,1,1,1
//   ship N LENGTH                 CELL DIRECTION   "A1 right"; length 1: "A1"
//   shot                          CELL             "E5"
//   answer CELL RESULT            (nothing)        its own shot: water, hit, sunk
//   opponent CELL RESULT          (nothing)        the opponent's shot at it
//   end won|lost                  (nothing)        then its input closes
//
// Everything the program is told comes from its side's observation: its
// own shots' answers and the opponent's shots at it.
#include "games/battleship/battleship.h"
#include "rules/text.h"

namespace gamerec::battleship {

std::vector<std::string> BattleshipGame::start_lines(const Observation& observed) const {
  const auto& seen = downcast<BattleshipObservation>(observed);
  const Rules& rules = seen.rules();
  std::vector<std::string> lines = {"new-game " + std::to_string(rules.width) + " " + std::to_string(rules.height) +
                                    " " + join(rules.ships, ",", [](int length) { return std::to_string(length); })};
  // A game continued from a record: what this side already did and saw
  // (its placed ships, then every shot's answer, in cell order), so that a
  // program started now knows what one there from the start would.
  const Geometry& geometry = seen.geometry();
  const int width = geometry.width();
  for (std::size_t n = 0; n < seen.fleet().size(); ++n) {
    const Ship& ship = seen.fleet()[n];
    lines.push_back("placed " + std::to_string(n + 1) + " " + std::to_string(ship.length) + " " +
                    cell_name(geometry.cell(ship.row, ship.col), width) + (ship.vertical ? " down" : " right"));
  }
  for (int cell = 0; cell < width * geometry.height(); ++cell) {
    if (const auto answer = seen.fired(cell); answer != kNoFlag)
      lines.push_back("answer " + cell_name(cell, width) + " " + std::string(flag_word(answer)));
  }
  for (int cell = 0; cell < width * geometry.height(); ++cell) {
    if (const auto answer = seen.received(cell); answer != kNoFlag)
      lines.push_back("opponent " + cell_name(cell, width) + " " + std::string(flag_word(answer)));
  }
  return lines;
}

std::string BattleshipGame::request(const Observation& observed) const {
  const auto& seen = downcast<BattleshipObservation>(observed);
  if (!seen.placing()) return "shot";
  const std::size_t ship = seen.next_ship();
  return "ship " + std::to_string(ship + 1) + " " + std::to_string(seen.rules().ships[ship]);
}

std::vector<std::string> BattleshipGame::after_move(const Observation& observed, Side mover, const Move& move) const {
  const auto& seen = downcast<BattleshipObservation>(observed);
  // Placements are not shots: the opponent's stay secret, our own are known.
  const bool ours = mover == seen.viewer();
  const Flag answer = ours ? seen.fired(move.to) : seen.received(move.to);
  if (answer == kNoFlag) return {};
  std::vector<std::string> lines = {std::string(ours ? "answer " : "opponent ") +
                                    cell_name(move.to, seen.geometry().width()) + " " +
                                    std::string(flag_word(answer))};
  if (seen.enemy_fleet_sunk()) lines.push_back("end won");
  if (seen.own_fleet_sunk()) lines.push_back("end lost");
  return lines;
}

}  // namespace gamerec::battleship

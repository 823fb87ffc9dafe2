// Kalah's position text, for a record's `position:` header and
// `play --position`:
//
//   south: 4 4 4 4 4 4 | 0; north: 4 4 4 4 4 4 | 0; to-move: south
//
// Three fields in this order, split by ';': each side's pit counts from
// its pit 1 to its last pit (the sowing direction), '|', its store; then
// the side to move. Spaces may be added or left out around the
// separators. Every count is a plain number, each row has exactly the
// game's `pits` counts, and the seeds add up to the game's own (2 x pits x
// seeds). A position with a side's pits all empty is a finished game (the
// seeds left go to their owner's store, as after a move).
#include <string>

#include "games/kalah/kalah.h"
#include "rules/text.h"

namespace gamerec::kalah {
namespace {

// The next ';'-separated field, trimmed; `rest` moves past it.
std::string_view next_field(std::string_view& rest) {
  const auto end = rest.find(';');
  const std::string_view field = trim(rest.substr(0, end));
  rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
  return field;
}

// "NAME: VALUE" with NAME `name`: the value, trimmed; nullopt otherwise.
std::optional<std::string_view> field_value(std::string_view field, std::string_view name) {
  const auto colon = field.find(':');
  if (colon == std::string_view::npos || trim(field.substr(0, colon)) != name) return std::nullopt;
  return trim(field.substr(colon + 1));
}

// A count: one or two digits, nothing else (the seed total is checked
// once the rows are read).
std::optional<int> parse_count(std::string_view text) {
  if (text.empty() || text.size() > 2) return std::nullopt;
  int value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = 10 * value + (c - '0');
  }
  return value;
}

// "4 4 4 4 4 4 | 0": `pits` counts, '|', the store.
std::optional<Row> parse_row(std::string_view text, int pits) {
  const auto bar = text.find('|');
  if (bar == std::string_view::npos) return std::nullopt;
  Row row;
  std::string_view counts = trim(text.substr(0, bar));
  int pit = 0;
  while (!counts.empty()) {
    const auto end = counts.find_first_of(" \t");
    const auto count = parse_count(counts.substr(0, end));
    if (!count || pit == pits) return std::nullopt;
    row.pits[static_cast<std::size_t>(pit++)] = static_cast<std::uint8_t>(*count);
    counts = end == std::string_view::npos ? std::string_view{} : trim(counts.substr(end));
  }
  const auto store = parse_count(trim(text.substr(bar + 1)));
  if (pit != pits || !store) return std::nullopt;
  row.store = *store;
  return row;
}

}  // namespace

Result<std::unique_ptr<KalahState>, Message> parse_position(std::string_view text, const Rules& rules,
                                                            const GameDefinition& definition) {
  static constexpr std::string_view kFields[] = {"south", "north", "to-move"};
  std::string_view rest = text;
  std::array<std::string_view, 3> values;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::string_view field = next_field(rest);
    const auto value = field_value(field, kFields[i]);
    if (!value) return Message{"position.bad-field", {{"field", std::string(field)}, {"expected", std::string(kFields[i])}}};
    values[i] = *value;
  }
  if (!trim(rest).empty())
    return Message{"position.bad-field", {{"field", std::string(trim(rest))}, {"expected", "nothing"}}};
  std::array<Row, 2> rows;
  for (int side = kSouth; side <= kNorth; ++side) {
    const auto row = parse_row(values[static_cast<std::size_t>(side)], rules.pits);
    if (!row)
      return Message{"position.bad-row", {{"field", std::string(kFields[side])},
                                          {"value", std::string(values[static_cast<std::size_t>(side)])},
                                          {"pits", std::to_string(rules.pits)}}};
    rows[static_cast<std::size_t>(side)] = *row;
  }
  const int to_move = definition.side_index(values[2]);
  if (to_move < 0)
    return Message{"position.unknown-side", {{"side", std::string(values[2])}, {"sides", join(definition.sides, ", ")}}};
  int total = 0;
  for (const Row& row : rows) {
    total += row.store;
    for (int pit = 0; pit < rules.pits; ++pit) total += row.pits[static_cast<std::size_t>(pit)];
  }
  const int expected = 2 * rules.pits * rules.seeds;
  if (total != expected)
    return Message{"position.seed-total", {{"total", std::to_string(total)}, {"expected", std::to_string(expected)}}};
  return std::make_unique<KalahState>(rules, rows[kSouth], rows[kNorth], to_move);
}

std::string position_text(const KalahState& state, const GameDefinition& definition) {
  std::string text;
  for (int side = kSouth; side <= kNorth; ++side) {
    const Row& row = state.row(side);
    if (side == kNorth) text += "; ";
    text += definition.sides.at(static_cast<std::size_t>(side)) + ":";
    for (int pit = 0; pit < state.rules().pits; ++pit) text += " " + std::to_string(row.pits[static_cast<std::size_t>(pit)]);
    text += " | " + std::to_string(row.store);
  }
  const Side to_move = state.is_over() ? kSouth : state.to_move();
  return text + "; to-move: " + definition.sides.at(static_cast<std::size_t>(to_move));
}

Result<std::unique_ptr<State>, Message> KalahGame::new_state_from(std::string_view position) const {
  if (position.empty()) return new_state();
  auto parsed = parse_position(position, rules_, definition());
  if (!parsed) return parsed.error();
  return std::unique_ptr<State>(std::move(parsed).value());
}

std::string KalahGame::position_text(const State& state) const {
  return kalah::position_text(state_of(state), definition());
}

}  // namespace gamerec::kalah

#include "core/openings.h"

#include <algorithm>
#include <charconv>
#include <random>
#include <string_view>
#include <utility>

#include "core/record_input.h"
#include "records/line_source.h"
#include "rules/facets.h"

namespace gamerec {
namespace {

Error opening_error(std::string key, std::int64_t line, MessageArgs args = {}) {
  return Error{"opening", Message{"openings." + std::move(key), std::move(args)}, line};
}

// A stone of a Gomocup opening: as written ("1,-2"), and where it goes.
struct Stone {
  std::string written;
  int x = 0;
  int y = 0;
};

// Gomocup's openings, on a game with a grid: "x,y, x,y, ..." stones in
// the order played, each as columns and rows away from the centre
// (width/2, height/2, counted from 0 at the top left), as the Gomocup
// manager reads them. nullopt when the line is not such a list.
std::optional<std::vector<Stone>> gomocup_stones(std::string_view line) {
  // Far beyond any board: larger offsets are no stones of one.
  constexpr int kLargestOffset = 1000;
  std::vector<int> numbers;
  std::size_t at = 0;
  const auto skip_blanks = [&] {
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
  };
  while (true) {
    skip_blanks();
    int value = 0;
    const auto [end, error] = std::from_chars(line.data() + at, line.data() + line.size(), value);
    if (error != std::errc() || value < -kLargestOffset || value > kLargestOffset) return std::nullopt;
    numbers.push_back(value);
    at = static_cast<std::size_t>(end - line.data());
    skip_blanks();
    if (at == line.size()) break;
    if (line[at] != ',') return std::nullopt;
    ++at;
  }
  if (numbers.size() % 2 != 0) return std::nullopt;
  std::vector<Stone> stones;
  for (std::size_t i = 0; i < numbers.size(); i += 2)
    stones.push_back(
        {std::to_string(numbers[i]) + "," + std::to_string(numbers[i + 1]), numbers[i], numbers[i + 1]});
  return stones;
}

// The opening a line of a positions file stands for: on a grid with no
// start positions (gomoku), Gomocup's stones; else a position.
Result<Opening, Error> opening_of_line(std::string_view line, std::int64_t number, const Game& game) {
  Opening opening;
  opening.line = number;
  const auto* board = game.facet<CellBoard>();
  const auto* positions = game.facet<PositionText>();
  if (board != nullptr && positions == nullptr) {
    const auto stones = gomocup_stones(line);
    if (!stones) return opening_error("not-stones", number);
    auto state = game.new_state();
    for (const Stone& stone : *stones) {
      const int row = board->rows() / 2 + stone.y;
      const int col = board->cols() / 2 + stone.x;
      const bool on_board = row >= 0 && row < board->rows() && col >= 0 && col < board->cols();
      auto move = on_board ? game.read_move(*state, board->cell_move(row, col))
                           : Result<Move, MoveError>(MoveError{ErrorCode::kOffBoard});
      if (!move) return opening_error("refused-stone", number, {{"stone", stone.written}});
      opening.moves.push_back(move.value());
      state->apply(move.value());
    }
    return opening;
  }
  // A line copied from a header may keep the header's quotes.
  if (line.size() >= 2 && line.front() == '"' && line.back() == '"') line = line.substr(1, line.size() - 2);
  if (positions != nullptr) {
    auto position = positions->position_of_line(line);
    if (!position) return Error{"opening", std::move(position.error()), number, game.name()};
    opening.position = std::move(position).value();
  } else {
    opening.position = std::string(line);
  }
  auto state = game.new_state_from(opening.position);
  if (!state) return Error{"opening", std::move(state.error()), number, game.name()};
  return opening;
}

Result<std::vector<Opening>, Error> read_position_lines(const std::string& path, const Game& game) {
  auto opened = open_lines(path);
  if (!opened) return std::move(opened.error());
  LineSource& lines = *opened.value();
  std::vector<Opening> openings;
  while (auto line = lines.next()) {
    std::string_view text = line->text;
    while (!text.empty() && (text.back() == '\r' || text.back() == ' ' || text.back() == '\t'))
      text.remove_suffix(1);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    if (text.empty() || text.front() == '#') continue;  // blank, or a comment
    auto opening = opening_of_line(text, line->number, game);
    if (!opening) return std::move(opening.error());
    openings.push_back(std::move(opening).value());
  }
  if (lines.read_error()) return *lines.read_error();
  return openings;
}

// Every game of a record file (a PGN archive), read as validate reads it:
// its start and its moves, up to `plies`. A game under other rules than
// the tourney's (another game, another variant) is refused: its moves mean
// something else there.
Result<std::vector<Opening>, Error> read_records(const std::string& path, std::optional<std::int64_t> plies,
                                                 const Game& game, const GameCatalogue& catalogue) {
  auto opened = open_input(path, catalogue);
  if (!opened) return std::move(opened.error());
  OpenRecord& input = opened.value();
  GameChoice choice;
  choice.forced_game = game.name();
  for (const auto& [key, value] : game.options().values())
    choice.overrides.push_back({key, option_value_text(value)});
  std::vector<Opening> openings;
  while (auto next = input.source->next_game()) {
    if (auto* error = next->if_error()) return header_file_error(*error);
    const std::int64_t line = next->value().line;
    const std::string number = std::to_string(openings.size() + 1);
    // The tourney's rules where the record names none (a .psq names no
    // renju); a record that names others is refused.
    for (const OptionOverride& named : next->value().variant) {
      const auto& values = game.options().values();
      const auto ours = values.find(named.key);
      if (ours == values.end() || option_value_text(ours->second) != named.value)
        return opening_error("other-rules", line,
                             {{"number", number}, {"option", named.key + "=" + named.value}});
    }
    auto record = open_game(std::move(*next).value(), input, path, catalogue, choice);
    if (!record) return std::move(record.error());
    const Game& rules = *record.value().game;
    Opening opening{record.value().header.position, {}, line};
    auto collect = [&](const RecordEvent&, Side, const Move& move, const State&) {
      if (!plies || static_cast<std::int64_t>(opening.moves.size()) < *plies) opening.moves.push_back(move);
    };
    const RunResult run = run_moves(*input.source, rules, *record.value().start, collect);
    if (run.read_error) return *run.read_error;
    if (run.error)
      return opening_error("invalid-record", run.error->line,
                           {{"number", number},
                            {"move", run.error->move},
                            {"code", std::string(code_name(run.error->error.code))}});
    openings.push_back(std::move(opening));
  }
  if (input.source->read_error()) return *input.source->read_error();
  return openings;
}

}  // namespace

Result<std::vector<Opening>, Error> read_openings(const OpeningSettings& settings, const Game& game,
                                                  const GameCatalogue& catalogue) {
  // A side's secret choices (a fleet) are no opening anyone could share.
  if (game.facet<HiddenInformation>() != nullptr) return opening_error("hidden", 0, {{"game", game.name()}});
  const bool lines = settings.format == OpeningSettings::Format::kByName
                         ? settings.file.ends_with(".epd") || settings.file.ends_with(".txt")
                         : settings.format == OpeningSettings::Format::kLines;
  auto read = lines ? read_position_lines(settings.file, game)
                    : read_records(settings.file, settings.plies, game, catalogue);
  if (!read) return read;
  std::vector<Opening>& openings = read.value();
  if (openings.empty()) return opening_error("none", 0);
  if (settings.start > static_cast<std::int64_t>(openings.size()))
    return opening_error(
        "start-past-end", 0,
        {{"start", std::to_string(settings.start)}, {"count", std::to_string(openings.size())}});
  // Each opening cut to plies=N, and left with a move to play.
  for (Opening& opening : openings) {
    if (settings.plies && static_cast<std::int64_t>(opening.moves.size()) > *settings.plies)
      opening.moves.resize(static_cast<std::size_t>(*settings.plies));
    auto state = std::move(game.new_state_from(opening.position)).value();  // read_* made it once
    for (const Move& move : opening.moves) state->apply(move);
    if (state->is_over()) return opening_error("ends-game", opening.line);
  }
  return read;
}

std::vector<std::size_t> opening_order(const OpeningSettings& settings, std::size_t count,
                                       std::uint64_t seed) {
  std::vector<std::size_t> order(count);
  for (std::size_t i = 0; i < count; ++i) order[i] = i;
  if (settings.random_order) {
    // Fisher-Yates by hand: std::shuffle's draws differ between libraries.
    std::mt19937_64 random(seed ^ 0x6F70656E696E6773ULL);
    for (std::size_t i = count; i > 1; --i) std::swap(order[i - 1], order[random() % i]);
  }
  const auto first = static_cast<std::size_t>(settings.start - 1) % std::max<std::size_t>(count, 1);
  std::rotate(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(first), order.end());
  return order;
}

std::string opening_settings_text(const std::optional<OpeningSettings>& settings) {
  if (!settings) return "-";
  const char* format = settings->format == OpeningSettings::Format::kLines     ? ",epd"
                       : settings->format == OpeningSettings::Format::kRecords ? ",pgn"
                                                                               : "";
  return settings->file + "," + (settings->random_order ? "random" : "sequential") + "," +
         (settings->plies ? std::to_string(*settings->plies) : "all") + "," +
         std::to_string(settings->start) + format;
}

}  // namespace gamerec

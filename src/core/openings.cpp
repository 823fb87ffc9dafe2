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

bool ends_with(std::string_view text, std::string_view tail) {
  return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
}

// Gomocup's openings, on a game with a grid: "x,y, x,y, ..." stones in
// the order played, each as columns and rows away from the centre
// (width/2, height/2, counted from 0 at the top left), as the Gomocup
// manager reads them. nullopt when the line is not such a list.
std::optional<std::vector<std::string>> gomocup_moves(std::string_view line, const CellBoard& board) {
  std::vector<int> numbers;
  std::size_t at = 0;
  const auto skip_blanks = [&] {
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t' || line[at] == '\r')) ++at;
  };
  while (true) {
    skip_blanks();
    int value = 0;
    const auto [end, error] = std::from_chars(line.data() + at, line.data() + line.size(), value);
    if (error != std::errc()) return std::nullopt;
    numbers.push_back(value);
    at = static_cast<std::size_t>(end - line.data());
    skip_blanks();
    if (at == line.size()) break;
    if (line[at] != ',') return std::nullopt;
    ++at;
  }
  if (numbers.size() % 2 != 0) return std::nullopt;
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < numbers.size(); i += 2)
    moves.push_back(board.cell_move(board.rows() / 2 + numbers[i + 1], board.cols() / 2 + numbers[i]));
  return moves;
}

// The opening a line of a positions file stands for.
Result<Opening, Error> opening_of_line(std::string_view line, std::int64_t number, const Game& game) {
  Opening opening;
  opening.line = number;
  std::vector<std::string> texts;
  const auto* board = game.facet<CellBoard>();
  if (auto moves = board != nullptr ? gomocup_moves(line, *board) : std::nullopt) {
    texts = std::move(*moves);
  } else if (const auto* positions = game.facet<PositionText>()) {
    auto position = positions->position_of_line(line);
    if (!position) return Error{"opening", std::move(position.error()), number, game.name()};
    opening.position = std::move(position).value();
  } else {
    opening.position = std::string(line);
  }
  auto state = game.new_state_from(opening.position);
  if (!state) return Error{"opening", std::move(state.error()), number, game.name()};
  for (const std::string& text : texts) {
    auto move = game.read_move(*state.value(), text);
    if (!move) return opening_error("refused-move", number, {{"move", text}});
    opening.moves.push_back(move.value());
    state.value()->apply(move.value());
  }
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

// Every game of a record file (a PGN archive), read as validate reads it
// under the tourney's game: its start and its moves.
Result<std::vector<Opening>, Error> read_records(const std::string& path, const Game& game,
                                                 const GameCatalogue& catalogue) {
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
    auto record = open_game(std::move(*next).value(), input, path, catalogue, choice);
    if (!record) return std::move(record.error());
    Opening opening{record.value().header.position, {}, line};
    auto collect = [&](const RecordEvent&, Side, const Move& move, const State&) {
      opening.moves.push_back(move);
    };
    const RunResult run = run_moves(*input.source, *record.value().game, *record.value().start, collect);
    if (run.read_error) return *run.read_error;
    if (run.error)
      return opening_error("invalid-record", run.error->line,
                           {{"number", std::to_string(openings.size() + 1)}});
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
  const bool lines = ends_with(settings.file, ".epd") || ends_with(settings.file, ".txt");
  auto read = lines ? read_position_lines(settings.file, game) : read_records(settings.file, game, catalogue);
  if (!read) return read;
  std::vector<Opening>& openings = read.value();
  if (openings.empty()) return opening_error("none", 0);
  if (settings.start > static_cast<std::int64_t>(openings.size()))
    return opening_error(
        "start-past-end", 0,
        {{"start", std::to_string(settings.start)}, {"count", std::to_string(openings.size())}});
  // Each opening cut to plies=N, then checked to leave the game going.
  for (std::size_t i = 0; i < openings.size(); ++i) {
    Opening& opening = openings[i];
    if (settings.plies && static_cast<std::int64_t>(opening.moves.size()) > *settings.plies)
      opening.moves.resize(static_cast<std::size_t>(*settings.plies));
    auto state = game.new_state_from(opening.position);
    if (!state) return Error{"opening", std::move(state.error()), opening.line, game.name()};
    for (const Move& move : opening.moves) {
      if (state.value()->check(move)) return opening_error("other-rules", opening.line);
      state.value()->apply(move);
    }
    if (state.value()->is_over()) return opening_error("ends-game", opening.line);
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
  return settings->file + "," + (settings->random_order ? "random" : "sequential") + "," +
         (settings->plies ? std::to_string(*settings->plies) : "all") + "," + std::to_string(settings->start);
}

}  // namespace gamerec

// Chess's rules: the checks of a move, applying it, the draws and the end.
#include "games/chess/chess.h"

namespace gamerec::chess {
namespace {

constexpr int kFivefold = 5;
constexpr int kThreefold = 3;
constexpr int kSeventyFiveMoves = 150;  // plies
constexpr int kFiftyMoves = 100;
constexpr Bitboard kLightSquares = 0x55AA55AA55AA55AAULL;

// Inline here: settle() asks it every ply, and its first test nearly always answers.
inline bool no_mating_material(const Position& p) {
  if ((p.types[kPawn] | p.types[kRook] | p.types[kQueen]) != 0) return false;
  const Bitboard minors = p.types[kKnight] | p.types[kBishop];
  if ((minors & (minors - 1)) == 0) return true;  // at most one
  // Bishops alone, all on one colour of square: no mate can ever arise.
  if (p.types[kKnight] != 0) return false;
  return (p.types[kBishop] & kLightSquares) == 0 || (p.types[kBishop] & ~kLightSquares) == 0;
}

}  // namespace

bool insufficient_material(const Position& p) { return no_mating_material(p); }

ChessState::ChessState(const Position& start) : start_(start), position_(start) {
  // Room for a long game at once: validate makes a state for every game.
  history_.reserve(256);
  keys_.reserve(kSeventyFiveMoves + 2);
  keys_.push_back(position_.key);
  settle();
}

void ChessState::settle() {
  repetitions_ = 1;
  // keys_ is read only when a key with the current one's top bits is in it.
  const auto key_top = static_cast<std::size_t>(position_.key >> 56);
  if (key_tops_seen_.test(key_top)) {
    // Only positions with the same side to move can repeat: every other one.
    for (auto i = static_cast<std::ptrdiff_t>(keys_.size()) - 3; i >= 0; i -= 2) {
      if (keys_[static_cast<std::size_t>(i)] == position_.key) ++repetitions_;
    }
  }
  key_tops_seen_.set(key_top);
  mobility_known_ = false;  // mate and stalemate: see end()
  if (no_mating_material(position_))
    end_ = End::kInsufficientMaterial;
  else if (repetitions_ >= kFivefold)
    end_ = End::kFivefold;
  else if (position_.halfmove >= kSeventyFiveMoves)
    end_ = End::kSeventyFiveMoves;
  else
    end_ = End::kNone;
}

bool ChessState::lift_automatic_end() {
  const End reached = end();  // mate and stalemate come first
  if (reached != End::kInsufficientMaterial && reached != End::kFivefold && reached != End::kSeventyFiveMoves) return false;
  end_ = End::kNone;
  return true;
}

void ChessState::do_apply(const Move& move) { apply_direct(move); }

std::vector<Move> ChessState::legal_moves() const {
  std::vector<Move> moves;
  if (is_over()) return moves;
  moves.reserve(48);
  for_each_legal_move(position_, tables(), [&](ChessMove move) {
    moves.push_back(to_core_move(move));
    return false;
  });
  return moves;
}

Outcome ChessState::outcome() const {
  Outcome result;
  const End reached = end();
  result.over = reached != End::kNone;
  switch (reached) {
    case End::kNone:
      if (repetitions_ >= kThreefold)
        result.draw_claimable = "threefold";
      else if (position_.halfmove >= kFiftyMoves)
        result.draw_claimable = "fifty-moves";
      break;
    case End::kCheckmate:
      result.end = "checkmate";
      result.winners = {position_.side ^ 1};
      break;
    case End::kStalemate:
      result.end = "stalemate";
      break;
    case End::kInsufficientMaterial:
      result.end = "insufficient-material";
      break;
    case End::kFivefold:
      result.end = "fivefold";
      break;
    case End::kSeventyFiveMoves:
      result.end = "seventy-five-moves";
      break;
  }
  return result;
}

bool ChessState::equals(const State& other) const {
  const auto* o = as<ChessState>(other);
  return o != nullptr && position_ == o->position_ && keys_ == o->keys_ && end() == o->end();
}

BoardView ChessState::view() const {
  BoardGrid grid;
  grid.rows = 8;
  grid.cols = 8;
  const Tables& t = tables();
  const int checked_king = position_.in_check(t) ? position_.king(position_.side) : -1;
  for (int rank = 7; rank >= 0; --rank) {
    grid.row_labels.push_back(std::string(1, static_cast<char>('1' + rank)));
    for (int file = 0; file < 8; ++file) {
      const int square = rank * 8 + file;
      BoardCell cell;
      if (position_.cells[square] != kEmpty) {
        cell.piece = cell_type(position_.cells[square]);
        cell.owner = cell_color(position_.cells[square]);
      }
      // The last move's squares and a king in check stand out.
      cell.highlight = square == last_from_ || square == last_to_ || square == checked_king;
      grid.cells.push_back(cell);
    }
  }
  for (int file = 0; file < 8; ++file) grid.col_labels.push_back(std::string(1, static_cast<char>('a' + file)));
  return BoardView{{std::move(grid)}};
}

std::unique_ptr<Observation> ChessState::observe(Side side) const {
  return std::make_unique<PositionObservation<ChessState>>(side, *this);  // nothing is hidden
}

std::optional<MoveError> ChessState::do_check(const Move& move) const {
  const auto outside = [](int square) { return square < 0 || square >= 64; };
  if (outside(move.from) || outside(move.to) || move.flag < 0 || move.flag > kKnight)
    return MoveError{ErrorCode::kOffBoard};
  return check_chess_move(position_, to_chess_move(move));
}

Result<Move, MoveError> ChessState::resolve_san_move(const SanMove& written) const {
  if (is_over()) return MoveError{ErrorCode::kGameOver};
  if (written.complete) {
    if (auto error = do_check(written.move)) return std::move(*error);
    return written.move;
  }
  ChessMove resolved;
  if (auto error = resolve_san(position_, written, resolved)) return std::move(*error);
  return to_core_move(resolved);
}

bool ChessState::proves_san(std::string_view text, Move& move) const {
  SanMove written;
  // Coordinates are rare in a record: they take the checked path. An end
  // the rules reached by themselves is known; mate and stalemate need not
  // be asked (end()): a legal move found here says there is none.
  if (end_ != End::kNone || !read_chess_move(text, written) || written.complete) return false;
  ChessMove resolved;
  if (!resolve_san_quickly(position_, written, resolved)) return false;
  move = to_core_move(resolved);
  return true;
}

Result<WrittenMove, MoveError> ChessGame::parse_move(std::string_view text) const {
  auto written = parse_chess_move(text);
  if (!written) return std::move(written.error());
  return WrittenMove{written->move, written->complete, text};
}

Result<Move, MoveError> ChessGame::read_text(const ChessState& state, std::string_view text) const {
  auto written = parse_chess_move(text);
  if (!written) [[unlikely]]
    return std::move(written.error());
  return state.resolve_san_move(*written);
}

std::optional<std::vector<Side>> ChessGame::declared_winners(std::string_view result) const {
  if (result == "1-0") return std::vector<Side>{kWhite};
  if (result == "0-1") return std::vector<Side>{kBlack};
  if (result == "1/2-1/2") return std::vector<Side>{};
  return std::nullopt;
}

std::string ChessGame::result_text(const Outcome& outcome) const {
  if (!outcome.over) return "*";
  if (outcome.winners.empty()) return "1/2-1/2";
  return outcome.winners.front() == kWhite ? "1-0" : "0-1";
}

Result<std::unique_ptr<State>, Message> ChessGame::new_state_from(std::string_view position) const {
  if (position.empty()) return new_state();
  auto parsed = parse_fen(position, start_.chess960);
  if (!parsed) return parsed.error();
  return std::unique_ptr<State>(std::make_unique<ChessState>(*parsed));
}

std::string ChessGame::start_text() const {
  const std::string fen = fen_of(start_);
  return fen == fen_of(start_position()) ? "" : fen;
}

std::string ChessGame::move_text(const Move& move, const State& before) const {
  return san(state_of(before).position(), to_chess_move(move));
}

std::unique_ptr<MoveChooser> ChessGame::make_chooser(std::string_view level,
                                                     const ChooserSettings& settings) const {
  if (level == "random") return make_random_chooser(settings.seed);
  if (level.size() == 1 && level[0] >= '1' && level[0] <= '5') return make_search_chooser(level[0] - '0', settings);
  return nullptr;
}

std::string ChessGame::random_start(std::uint64_t seed) const {
  if (!random_start_) return "";
  return fen_of(chess960_start(static_cast<int>(seed % 960)));
}

Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options) {
  const bool chess960 = options.get_bool("chess960");
  const std::string& start_text = options.get_string("start");
  // Each game draws its start (play, tourney); a record that names none
  // starts at chess's, 518.
  if (chess960 && start_text == "random")
    return std::unique_ptr<Game>(
        std::make_unique<ChessGame>(std::move(definition), std::move(options), chess960_start(518), true));
  // Chess960 numbers its 960 starts (0-959, 518 being chess's).
  if (chess960 && !start_text.empty() && start_text.size() <= 3 &&
      start_text.find_first_not_of("0123456789") == std::string::npos) {
    const int number = std::stoi(start_text);
    if (number > 959) return Message{"fen.start-number", {{"value", start_text}}};
    return std::unique_ptr<Game>(
        std::make_unique<ChessGame>(std::move(definition), std::move(options), chess960_start(number)));
  }
  auto start = parse_fen(start_text, chess960);
  if (!start) return start.error();
  const Position position = *start;
  return std::unique_ptr<Game>(std::make_unique<ChessGame>(std::move(definition), std::move(options), position));
}

}  // namespace gamerec::chess

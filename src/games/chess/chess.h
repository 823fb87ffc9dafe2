#pragma once
// Chess (gamerec-games(7), CHESS), full FIDE rules.
//
// Squares a1..h8; White moves first. Castling on both wings (king and rook
// unmoved, the squares between empty, the king not in check and not
// crossing or landing on an attacked square), en passant (right after the
// double step only, never exposing the own king), promotion to Q, R, B or
// N, and no move may leave the own king in check. Checkmate and stalemate
// end the game; so do fivefold repetition, the 75-move rule (150 plies
// without a capture or pawn move, unless the last one mates) and a dead
// position by insufficient material (K v K, K and one minor piece v K, or
// only bishops beside the kings, all on squares of one colour). Threefold
// repetition and the 50-move rule may be claimed: the game goes on, and
// Outcome::draw_claimable says so.
//
// Notation (stage one, notation.cpp), case-insensitive squares:
//   coordinates  e2e4, E2-E4, E2 E4, e2xe4; promotion e7e8q, E7-E8=Q, E7 E8 Q;
//                castling as the king's move (e1g1)
//   SAN          Nf3, exd5, Rae1, R1e2, Qh4xe1, e8=Q+, O-O, O-O-O#, 0-0;
//                suffixes + # ! ? !! ?? !? ?! and e.p. are allowed
// A SAN move names only part of a move (a SanMove): stage two finds the one
// legal move it means (or why none or several fit).
//
// Options (definitions/chess.yaml):
//   start (string, the usual position): the start position, as a FEN;
//   in chess960 also a number 0-959, or "random" (its default: each new
//   game of play and tourney draws one, RandomStart).
// A record may start elsewhere: header `position:` (or a PGN FEN tag) is a
// FEN.
//
// Ends: "checkmate", "stalemate", "fivefold", "seventy-five-moves",
// "insufficient-material". Claimable: "threefold", "fifty-moves".
#include <bitset>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/chess/make_move.h"
#include "games/chess/position.h"
#include "rules/facets.h"
#include "rules/game.h"
#include "rules/typed.h"

namespace gamerec::chess {

// FEN, strictly: a message naming the bad field and why. In Chess960 the
// castling field may be X-FEN or Shredder-FEN; fen_of writes X-FEN there.
Result<Position, Message> parse_fen(std::string_view text, bool chess960 = false);
std::string fen_of(const Position& position);
// An EPD line (a FEN's first four fields, then operations such as
// `hmvc 3; fmvn 20; id "x";`) as a FEN: the move counters from hmvc and
// fmvn when given; a whole FEN (operations may follow) keeps its own.
Result<std::string, Message> fen_of_epd(std::string_view line);

// How a game stands after a move.
enum class End { kNone, kCheckmate, kStalemate, kInsufficientMaterial, kFivefold, kSeventyFiveMoves };

bool insufficient_material(const Position& position);

// Stage one's result in chess's own terms: a whole move (coordinates), or
// what a SAN move names: the piece, the origin file and rank when given
// (-1 when not), the destination and promotion in `move`, and marks.
struct SanMove {
  Move move;
  bool complete = true;
  std::int8_t piece = -1;  // PieceType
  std::int8_t file = -1;   // 0-7
  std::int8_t rank = -1;   // 0-7
  std::int8_t marks = 0;   // kSanCapture, kSanKingside, kSanQueenside
};
inline constexpr int kSanCapture = 1;
inline constexpr int kSanKingside = 2;
inline constexpr int kSanQueenside = 4;

class ChessGame;

class ChessState final : public State {
 public:
  explicit ChessState(const Position& start);

  const Position& position() const { return position_; }
  // How many times the current position has stood on the board.
  int repetitions() const { return repetitions_; }
  std::string fen() const { return fen_of(position_); }
  // Where the game started and every move since, as an engine is told the
  // game (UCI `position fen START moves ...`): it sees repetitions too.
  const Position& start() const { return start_; }
  std::span<const ChessMove> history() const { return history_; }

  Side to_move() const override { return end() == End::kNone ? position_.side : kNoSide; }
  std::vector<Move> legal_moves() const override;
  bool is_over() const override { return end() != End::kNone; }
  Outcome outcome() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<ChessState>(*this); }
  bool equals(const State& other) const override;
  BoardView view() const override;
  std::unique_ptr<Observation> observe(Side side) const override;
  // The published perft tables count the move tree alone: draw rules do
  // not cut it.
  std::uint64_t count_leaves(int depth) const override { return perft(position_, tables(), depth); }
  // Stage two for chess's own stage-one result: game-over first, then the
  // checks (a whole move) or the search for the move a SAN text means.
  Result<Move, MoveError> resolve_san_move(const SanMove& written) const;
  // validate's loop: the legal move a SAN text names, when the text names
  // exactly one; false sends the text through both stages for the error.
  bool proves_san(std::string_view text, Move& move) const;
  // Lifts an end the rules reach by themselves (a dead position, fivefold
  // repetition, the 75-move rule) so that play may go on; false for
  // checkmate, stalemate or a game not over.
  bool lift_automatic_end();

 protected:
  std::optional<MoveError> do_check(const Move& move) const override;
  void do_apply(const Move& move) override;

 private:
  // Its loop applies moves with apply_direct, inlined (rules/typed.h).
  friend class GameOf<ChessGame, ChessState>;
  // What do_apply does (below).
  void apply_direct(const Move& move);
  void settle();  // the end and repetition count of the current position
  // The position's end, with mate and stalemate looked for on the first
  // question: validate's next move, once proved legal, answers it for free.
  End end() const {
    if (!mobility_known_) {
      mobility_known_ = true;
      if (!has_legal_move(position_, tables())) end_ = position_.in_check(tables()) ? End::kCheckmate : End::kStalemate;
    }
    return end_;
  }

  Position start_;
  Position position_;
  std::vector<ChessMove> history_;
  // Keys of the positions since the last capture or pawn move, the current
  // one last: at most 151 (the 75-move rule ends the game there).
  std::vector<std::uint64_t> keys_;
  // The top eight bits of every key in keys_, as a set: most positions
  // are new, and settle() then need not read keys_.
  std::bitset<256> key_tops_seen_;
  int repetitions_ = 1;
  // The end as far as it is known: mate and stalemate only once
  // mobility_known_ (end()); set by settle(), which is the only writer
  // besides end() and lift_automatic_end().
  mutable End end_ = End::kNone;
  mutable bool mobility_known_ = false;
  int last_from_ = -1;
  int last_to_ = -1;
};

// The rules' checks of one whole move, in the order of gamerec-games(7), CHESS, "Checking a move"; nullopt when legal.
std::optional<MoveError> check_chess_move(const Position& position, ChessMove move);
// Stage two of a SAN move: the legal move it names, or why there is none.
std::optional<MoveError> resolve_san(const Position& position, const SanMove& written, ChessMove& move);
// resolve_san's common case, without building an error: true when the move
// is a legal castling or exactly one piece may make it (`move` is then the
// move); false to ask resolve_san (`move` may have been written).
bool resolve_san_quickly(const Position& position, const SanMove& written, ChessMove& move);
// A legal move in SAN, with + or # (notation.cpp).
std::string san(const Position& position, ChessMove move);
// The same move in coordinates ("e2e4", "e7e8q"), as UCI writes it.
std::string coordinate_text(ChessMove move);
// Stage one: the text's move (whole for coordinates, partial for SAN).
Result<SanMove, MoveError> parse_chess_move(std::string_view text);
// The same without building an error: false when the text is no move.
bool read_chess_move(std::string_view text, SanMove& written);
// read_chess_move without its fast path for the usual shapes of SAN: the
// reader of every form, which the fast path must agree with (tested).
bool read_chess_move_every_form(std::string_view text, SanMove& written);

class ChessGame final : public GameOf<ChessGame, ChessState>,
                        public WrittenResults,
                        public AutomaticEnds,
                        public PositionText,
                        public MoveNumbers,
                        public IrreversibleMoves,
                        public Pictured,
                        public RandomStart,
                        public ProgramNotation {
 public:
  static constexpr GameFacts kFacts{.rules = "chess", .sides_face = true};
  Number move_number(const State& state) const override {
    const Position& position = state_of(state).position();
    return {position.fullmove, position.side != kWhite};
  }
  Number last_move_number(const State& after) const override {
    const Position& position = state_of(after).position();
    // Black's move ends a pair: the count has gone on already.
    return position.side == kBlack ? Number{position.fullmove, false} : Number{position.fullmove - 1, true};
  }
  bool lift_automatic_end(State& state) const override { return state_of(state).lift_automatic_end(); }
  bool after_irreversible(const State& after) const override {
    return state_of(after).position().halfmove == 0;
  }
  std::string position_text(const State& state) const override { return state_of(state).fen(); }
  std::string start_text() const override;
  std::string variant_tag() const override { return start_.chess960 ? "Chess960" : ""; }
  Result<std::string, Message> position_of_line(std::string_view line) const override {
    return fen_of_epd(line);
  }
  // `random_start`: Chess960's start=random, whose games start where
  // random_start() says (a record naming no start: at `start`).
  ChessGame(SharedDefinition definition, RuleOptions options, Position start, bool random_start = false)
      : GameOf(std::move(definition), std::move(options)), start_(start), random_start_(random_start) {}
  // One of the 960 starts, each as likely, as a FEN; "" for a fixed start.
  std::string random_start(std::uint64_t seed) const override;

  std::unique_ptr<State> new_state() const override { return std::make_unique<ChessState>(start_); }
  Result<std::unique_ptr<State>, Message> new_state_from(std::string_view position) const override;
  Result<WrittenMove, MoveError> parse_move(std::string_view text) const override;
  // Both stages reading the text once (validate's loop).
  Result<Move, MoveError> read_text(const ChessState& state, std::string_view text) const;
  bool proves_text(const ChessState& state, std::string_view text, Move& move) const {
    return state.proves_san(text, move);
  }
  std::string move_text(const Move& move, const State& before) const override;
  std::unique_ptr<MoveChooser> make_chooser(std::string_view level,
                                            const ChooserSettings& settings) const override;
  std::vector<std::string> levels() const override { return {"1", "2", "3", "4", "5", "random"}; }
  // PGN's results: "1-0", "0-1", "1/2-1/2" ("*" names none).
  std::optional<std::vector<Side>> declared_winners(std::string_view result) const override;
  std::string result_text(const Outcome& outcome) const override;
  // ProgramNotation: exec:PROGRAM and uci: players; moves in
  // coordinates, a game told as its start and every move since
  // (protocol.cpp).
  std::string program_move_text(const Move& move) const override;
  Told told_position(const State& position) const override;
  // Pictured: the board in brown and buff, the pieces drawn in
  // games/board, the last move's squares tinted and a king in check
  // glowing red (picture.cpp).
  std::vector<Glyph> glyphs() const override;
  Picture picture(const State& state, Side viewer) const override;

 private:
  Position start_;
  bool random_start_ = false;
};

constexpr ChessMove to_chess_move(const Move& move) {
  return ChessMove{static_cast<std::uint8_t>(move.from), static_cast<std::uint8_t>(move.to),
                   static_cast<std::uint8_t>(move.flag)};
}
constexpr Move to_core_move(ChessMove move) { return Move{move.from, move.to, move.promotion}; }

// validate's loop, once a ply: inline there (rules/typed.h), with
// make_move, took 2% less time than through do_apply's virtual call.
[[gnu::always_inline]] inline void ChessState::apply_direct(const Move& move) {
  history_.push_back(to_chess_move(move));
  make_steps::make_move(position_, to_chess_move(move));
  if (position_.ep >= 0) position_.drop_unusable_ep();  // a call saved on most moves
  if (position_.halfmove == 0) {
    keys_.clear();
    key_tops_seen_.reset();
  }
  keys_.push_back(position_.key);
  last_from_ = move.from;
  last_to_ = move.to;
  settle();
}

// Computer players (players.cpp). Level 1 takes the move whose position is
// best by material and mobility; levels 2 and up search alpha-beta to that
// many plies (deepening, within settings.movetime_ms when it is set).
std::unique_ptr<MoveChooser> make_search_chooser(int level, const ChooserSettings& settings);
std::unique_ptr<MoveChooser> make_random_chooser(std::uint64_t seed);

// Builds the game from its definition and options (the catalogue's factory).
Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options);

}  // namespace gamerec::chess

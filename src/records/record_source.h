#pragma once
// Reading a record is a stream of events (python-chess's visitor, pulled
// instead of pushed): the start of a game with its header or tags, then the
// game's moves (each with its line and column), comments, a declared result,
// and the end of the game; then the next game, if the input holds several.
// `validate` stops a game at its first error and goes on with the next one;
// `replay` draws each move; `play` continues from the last good one. A
// source keeps one game's events at a time: memory stays constant.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "rules/error.h"
#include "rules/options.h"

namespace gamerec {

class Game;

// What a header holds that is read, but not as written (a PGN tag value
// with unescaped quotes): the warning's code, its message, and where.
struct HeaderWarning {
  std::string code;
  Message message;
  std::int64_t line = 0;
  std::int64_t column = 0;
};

// What gamerec knows of a game it ran itself (a tourney's), for each writer
// to say in its own words: PGN's tags, a move list's fields.
struct MatchFacts {
  enum class End : std::uint8_t {
    kNormal,           // the rules ended it
    kTimeForfeit,      // a player's clock ran out
    kAbandoned,        // a program broke down (crashed, hung, went silent)
    kRulesInfraction,  // a program played an illegal or malformed move
    kUnterminated,     // stopped unfinished (the move limit)
    kAdjudication,     // the players' scores decided it (tourney --draw, --resign)
  };
  std::string event;                 // "gamerec tourney"
  std::string date;                  // "2026-12-03", "" unknown
  std::int64_t round = 0;            // the game's number in its event, 0 none
  std::vector<std::string> players;  // their names, by seat in turn order
  End end = End::kUnterminated;      // how it ended (known once it has)
  std::string time_control;          // the clocks as --tc writes them ("40/60+1"), "" none
};

// The most header text a game may have (gamerec-record(5), Limits): a move
// list's YAML lines, PGN's tag names and values. YAML is parsed whole into
// nodes, and an endless run of tag lines must not take endless memory.
inline constexpr std::size_t kMaxHeaderLength = 1 << 20;

// The start of one game: what its header (a move list's YAML, PGN's tags)
// says about it.
struct GameHeader {
  int index = 1;                                          // 1-based place of the game in its input
  bool present = false;                                   // the game had a header at all
  std::optional<std::string> game;                        // the game it names
  std::vector<OptionOverride> variant;                    // rule options it sets
  std::string position;                                   // a start position, in the game's notation
  std::optional<std::string> result;                      // a result it declares (PGN Result)
  std::vector<std::pair<std::string, std::string>> tags;  // its other fields, in order
  // Its players by side, as a move list's `players:` names them ("south",
  // "Ana"); PGN names them in tags (White, Black).
  std::vector<std::pair<std::string, std::string>> players;
  std::string text;            // a move list's header lines, verbatim, to write back
  std::int64_t line = 1;       // where the game starts
  std::int64_t end_line = 0;   // the header's last line (0: no header)
  std::int64_t game_line = 0;  // lines of the game, variant and position fields
  std::int64_t variant_line = 0;
  std::int64_t position_line = 0;
  std::vector<HeaderWarning> warnings;
  // A variant of the game that gamerec has no rules for (PGN's [Variant
  // "Crazyhouse"]): the game is not checked.
  std::optional<std::string> unsupported_variant;
  std::int64_t unsupported_variant_line = 0;
  std::optional<MatchFacts> match;  // a game gamerec ran: who played it, how it ended
};

struct RecordEvent {
  enum class Kind : std::uint8_t {
    kMove,     // text: the move as written, without spaces or comment
    kComment,  // text: the comment
    kResult,   // text: a result the record declares ("1-0")
    kQuit,     // a classic `Q` line: the record ends here
    kNag,      // text: an annotation glyph of the move before ("$1", "!", "?!")
    kVariationStart,  // "(": moves that could have been played instead of
                      // the move before, until the matching kVariationEnd
    kVariationEnd,    // ")"
  };
  Kind kind = Kind::kMove;
  bool too_long = false;    // the line was cut at kMaxRecordLine (records/line_source.h)
  bool more_after = false;  // kQuit: move lines follow it
  std::int64_t line = 0;
  std::int64_t column = 0;
  std::uint64_t offset = 0;  // byte offset where the event's line starts
  std::string_view text;
  // The move as the file writes it, when the format gave `text` in the
  // game's notation instead (a .psq "8,8,0" is "H8"): errors name it as
  // the file does. Empty when it is `text` itself.
  std::string_view shown;
  // kMove: set when the source itself finds no move here (a PGN comment
  // never closed, a .psq line that starts like "x,y,time" but is not one):
  // a static text naming the kind of a `notation` error, catalogue key
  // errors.notation-<kind>.
  std::string_view notation_kind;
};

// A batch of the current game's events (RecordSource::next_events).
struct EventBatch {
  // The events, in order. Empty in a batch of move texts alone.
  std::span<const RecordEvent> events;
  // The texts of the batch's moves, in order, when every event of it is a
  // move the source found nothing wrong with (the move loop then hands
  // them to the game at once, without looking at each event); else empty.
  std::span<const std::string_view> move_texts;
  // A batch of move texts alone (no events) is a run of whole lines, one
  // move each, one after another: the first is line `first_line`, at byte
  // `first_offset`, each next one on the byte after the last one's newline.
  std::int64_t first_line = 0;
  std::uint64_t first_offset = 0;

  bool empty() const { return events.empty() && move_texts.empty(); }
};

class RecordSource {
 public:
  virtual ~RecordSource() = default;
  RecordSource() = default;
  RecordSource(const RecordSource&) = delete;
  RecordSource& operator=(const RecordSource&) = delete;

  // Starts the next game (skipping what is left of the current one): its
  // header, an error for a game whose header is malformed, or nullopt at
  // the end of the input.
  virtual std::optional<Result<GameHeader, RecordError>> next_game() = 0;

  // The current game's next event, or nullptr at its end. An event and its
  // text stay valid until the next call to any of these three.
  const RecordEvent* next_event() {
    if (!peeked_) return read_event();
    peeked_ = false;
    return peeked_end_ ? nullptr : &pending_;
  }
  // The current game's next events, as many as the source has at hand
  // (one virtual call for many moves); empty at the game's end. Valid
  // until the next call to any of next_event, next_events or peek_event.
  // `texts_suffice`: the caller plays a batch's moves from their texts
  // alone and looks at an event only to report a move it refused
  // (batch_event): a source may then give a run of plain move lines as
  // texts alone, and make no event for them.
  EventBatch next_events(bool texts_suffice = false) {
    if (!peeked_) {
      batch_ = read_events(texts_suffice);
    } else {
      peeked_ = false;
      batch_ = {};
      if (!peeked_end_) batch_.events = std::span<const RecordEvent>(&pending_, 1);
    }
    return batch_;
  }
  // The event of the i-th move text of the batch next_events() gave last
  // (made now for a batch of texts alone); valid until the next call.
  const RecordEvent& batch_event(std::size_t i) {
    if (!batch_.events.empty()) return batch_.events[i];
    const std::string_view text = batch_.move_texts[i];
    made_event_ = RecordEvent{};
    made_event_.kind = RecordEvent::Kind::kMove;
    made_event_.text = text;
    made_event_.line = batch_.first_line + static_cast<std::int64_t>(i);
    made_event_.column = 1;
    made_event_.offset =
        batch_.first_offset + static_cast<std::uint64_t>(text.data() - batch_.move_texts[0].data());
    return made_event_;
  }
  // The event next_event() will return, without taking it.
  const RecordEvent* peek_event();

  // The game the current game's events will be played in, once it is made
  // (core's open_game): a format whose moves are not written in the game's
  // notation (a .psq x,y point) translates them through the game's facets.
  virtual void game_opened(const Game& /*game*/) {}

  // Whether a game may hold variations (PGN's `( )`): the move loop then
  // keeps what it needs to check their moves.
  virtual bool may_branch() const { return false; }

  // What went wrong reading (an I/O error part-way): why.
  virtual const std::optional<Error>& read_error() const = 0;
  // Bytes of the input consumed so far.
  virtual std::uint64_t bytes_read() const = 0;

 protected:
  virtual const RecordEvent* read_event() = 0;
  // A batch of events (next_events); by default the one read_event()
  // gives.
  virtual EventBatch read_events(bool /*texts_suffice*/) {
    EventBatch batch;
    if (const RecordEvent* event = read_event()) batch.events = std::span<const RecordEvent>(event, 1);
    return batch;
  }
  // A source that starts a game drops anything peeked of the last one.
  void forget_peeked() { peeked_ = false; }

 private:
  bool peeked_ = false;
  bool peeked_end_ = false;
  EventBatch batch_;        // next_events' last
  RecordEvent made_event_;  // batch_event's, for a batch of texts alone
  RecordEvent pending_;
  std::string pending_text_;  // the peeked texts: the source's buffer moves on
  std::string pending_shown_;
  std::string pending_kind_;
};

inline const RecordEvent* RecordSource::peek_event() {
  if (!peeked_) {
    // The first move tells a game (gamerec(1), WHICH GAME A FILE HOLDS):
    // comments before it are passed over, and not read again.
    const RecordEvent* event = read_event();
    while (event != nullptr && event->kind == RecordEvent::Kind::kComment) event = read_event();
    peeked_ = true;
    peeked_end_ = event == nullptr;
    if (event != nullptr) {
      pending_ = *event;
      pending_text_.assign(event->text);
      pending_.text = pending_text_;
      pending_shown_.assign(event->shown);
      pending_.shown = pending_shown_;
      pending_kind_.assign(event->notation_kind);
      pending_.notation_kind = pending_kind_;
    }
  }
  return peeked_end_ ? nullptr : &pending_;
}

}  // namespace gamerec

// The conformance kit (conformance.h): each check goes through the game
// interface and the libraries every command uses (the record formats, the
// move loop, undo's record session, the match loop, the pictures), never
// through a game's own classes.
#include "conformance/conformance.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "cli/context.h"
#include "cli/display.h"
#include "cli/picture_output.h"
#include "core/messages.h"
#include "core/record_input.h"
#include "core/record_session.h"
#include "core/tourney.h"
#include "records/move_run.h"
#include "rules/facets.h"

namespace gamerec::conformance {

namespace {

// One random game: the start, and before each move its position.
struct Playout {
  std::string start;  // a header's position text; "" for the usual start
  std::vector<Move> moves;
  std::vector<std::string> texts;
  std::vector<std::unique_ptr<State>> positions;  // positions[i]: before moves[i]; the last: the end
  const State& end() const { return *positions.back(); }
};

std::string move_words(const Move& move) {
  return "{from " + std::to_string(move.from) + ", to " + std::to_string(move.to) + ", flag " +
         std::to_string(move.flag) + "}";
}

// Where two texts part, a little of each: "'...<rect x=\"40\"...' / '...'".
std::string first_difference(const std::string& one, const std::string& other) {
  const auto parted = std::mismatch(one.begin(), one.end(), other.begin(), other.end());
  const auto at = static_cast<std::size_t>(parted.first - one.begin());
  const std::size_t from = at < 40 ? 0 : at - 40;
  return "'..." + one.substr(from, 80) + "...' against '..." + other.substr(from, 80) + "...'";
}

class Kit {
 public:
  Kit(const GameCatalogue& catalogue, std::string name, const KitOptions& options)
      : catalogue_(catalogue), name_(std::move(name)), options_(options) {}

  std::vector<Finding> run() {
    try {
      auto made = catalogue_.make_game(name_, {});
      if (const Message* error = made.if_error()) {
        fail("definition", "the catalogue cannot make it: " + error->key);
        return findings_;
      }
      game_ = std::move(made.value());
    } catch (const std::logic_error& error) {  // a factory that makes another class than registered
      fail("definition", std::string("the catalogue cannot make it: ") + error.what());
      return findings_;
    }
    check_definition();
    if (!check_texts_loaded()) return findings_;
    std::string part_way;  // a start written as position text, from the first playout
    for (int seed = 1; seed <= options_.playouts; ++seed) {
      auto playout = random_playout(static_cast<std::uint64_t>(seed), "");
      if (!playout) return findings_;  // the game's own moves are broken: nothing else holds
      if (seed == 1) part_way = part_way_start(*playout);
      check_playout(*playout, seed <= 2);
    }
    // Games that start where a record's position: header says, part-way
    // into a game (chaturanga: a side already out).
    for (int seed = 1; !part_way.empty() && seed <= options_.playouts / 2; ++seed) {
      auto playout = random_playout(static_cast<std::uint64_t>(seed) + 1000, part_way);
      if (!playout) return findings_;
      check_playout(*playout, false);
    }
    check_end_texts();
    check_exec();
    check_hidden();
    return findings_;
  }

 private:
  void fail(const std::string& check, std::string detail) {
    // The first finding of each check says enough; the rest repeat it.
    for (const Finding& finding : findings_)
      if (finding.check == check) return;
    findings_.push_back({name_, check, std::move(detail)});
  }
  const GameDefinition& definition() const { return game_->definition(); }
  int sides() const { return static_cast<int>(definition().sides.size()); }
  std::string path(const std::string& file) const { return options_.work_dir + "/" + name_ + "-" + file; }

  // ---- What the definition says --------------------------------------------
  // (That its rules core is registered, plays as many sides as it lists and
  // makes games of the class registered, the catalogue checks in making
  // the game; the facts GameType derives from facets cannot disagree.)
  void check_definition() {
    for (const std::string language : {"en", "es"}) {
      auto names = definition().side_names.find(language);
      if (names == definition().side_names.end() || std::cmp_not_equal(names->second.size(), sides()))
        fail("definition", "its definition has no side names in '" + language + "' (names: " + language + ": [...])");
    }
    if (definition().example.empty() || !game_->parse_move(definition().example))
      fail("definition", "its definition's example move '" + definition().example + "' is not in its notation");
    if (game_->levels().empty()) fail("definition", "it has no computer player (levels() is empty)");
    for (const std::string& level : game_->levels())
      if (game_->make_chooser(level, {}) == nullptr)
        fail("definition", "levels() names '" + level + "', which make_chooser does not make");
  }

  bool check_texts_loaded() {
    for (const std::string language : {"en", "es"}) {
      auto loaded = Messages::load(language);
      if (!loaded) {
        fail("texts", "the shared texts in '" + language + "' do not load");
        return false;
      }
      messages_.push_back(std::move(loaded.value()));
    }
    return true;
  }

  void check_playout(const Playout& playout, bool render) {
    check_validate(playout);
    check_errors(playout);
    check_formats(playout);
    check_undo(playout);
    check_position_text(playout);
    check_program_notation(playout);
    if (render) check_render(playout);
  }

  // The position text of a position half-way through `playout`, for a
  // game with PositionText whose playout is long enough; "" otherwise.
  std::string part_way_start(const Playout& playout) const {
    const auto* texts = game_->facet<PositionText>();
    if (texts == nullptr || playout.moves.size() < 4) return "";
    return texts->position_text(*playout.positions[playout.moves.size() / 2]);
  }

  // ---- Random playouts, checked against the game's own legal moves -------
  // From `start` (a position text), else the game's own start (drawn, for
  // a game with RandomStart).
  std::optional<Playout> random_playout(std::uint64_t seed, const std::string& start_text) {
    Playout playout;
    std::mt19937_64 random(seed);
    playout.start = start_text;
    if (const auto* drawn = game_->facet<RandomStart>(); drawn != nullptr && start_text.empty())
      playout.start = drawn->random_start(seed);
    auto start = game_->new_state_from(playout.start);
    if (!start) {
      fail("playout", "new_state_from refuses the start '" + playout.start + "' (" + start.error().key + ")");
      return std::nullopt;
    }
    std::unique_ptr<State> state = std::move(start.value());
    while (true) {
      if (!check_position(*state)) return std::nullopt;
      if (state->is_over() || std::cmp_greater_equal(playout.moves.size(), options_.max_plies)) break;
      const std::vector<Move> legal = state->legal_moves();
      for (const Move& move : legal)
        if (!check_legal_move(*state, move)) return std::nullopt;
      const Move move = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
      auto before = state->clone();
      playout.texts.push_back(game_->move_text(move, *state));
      playout.moves.push_back(move);
      state->apply(move);
      if (before->equals(*state)) {
        fail("playout", "applying " + move_words(move) + " ('" + playout.texts.back() +
                            "') leaves a position equal() to the one before");
        return std::nullopt;
      }
      playout.positions.push_back(std::move(before));
    }
    ends_seen_.push_back(state->outcome().end);
    playout.positions.push_back(std::move(state));
    return playout;
  }

  bool check_position(const State& state) {
    auto clone = state.clone();
    if (!clone->equals(state)) {
      fail("playout", "a clone() is not equal() to its original after " + std::to_string(state.moves_played()) + " moves");
      return false;
    }
    const Outcome outcome = state.outcome();
    if (outcome.over != state.is_over()) {
      fail("playout", "is_over() and outcome().over disagree");
      return false;
    }
    const Side mover = state.to_move();
    if (state.is_over() ? mover != kNoSide : (mover < 0 || mover >= sides())) {
      fail("playout", "to_move() is " + std::to_string(mover) + (state.is_over() ? " in a finished game" : " (not a side)"));
      return false;
    }
    if (outcome.over && outcome.end.empty()) {
      fail("playout", "a finished game's outcome().end is empty: it names no end reason");
      return false;
    }
    for (const Side winner : outcome.winners) {
      if (winner < 0 || winner >= sides()) {
        fail("playout", "outcome().winners holds " + std::to_string(winner) + ", not a side");
        return false;
      }
    }
    if (!state.is_over() && state.legal_moves().empty()) {
      fail("playout", "a game that is not over has no legal move");
      return false;
    }
    return true;
  }

  bool check_legal_move(const State& state, const Move& move) {
    if (auto error = state.check(move)) {
      fail("playout", "legal_moves() holds " + move_words(move) + ", which check() refuses (" +
                          std::string(code_name(error->code)) + ")");
      return false;
    }
    const std::string text = game_->move_text(move, state);
    auto back = game_->read_move(state, text);
    if (!back) {
      fail("notation", "the legal move " + move_words(move) + " is written '" + text + "', which reads back as " +
                           std::string(code_name(back.error().code)));
      return false;
    }
    if (!(*back == move)) {
      fail("notation", "the legal move " + move_words(move) + " is written '" + text + "', which reads back as " +
                           move_words(*back));
      return false;
    }
    return true;
  }

  // ---- Every end reason has its words ------------------------------------
  void check_end_texts() {
    ends_seen_.push_back(game_->forfeit(0).end);  // any game can end so (a player breaking the rules)
    std::sort(ends_seen_.begin(), ends_seen_.end());
    ends_seen_.erase(std::unique(ends_seen_.begin(), ends_seen_.end()), ends_seen_.end());
    for (const std::string& end : ends_seen_) {
      if (end.empty()) continue;  // a playout cut at max_plies
      for (std::size_t i = 0; i < messages_.size(); ++i) {
        const std::string language = i == 0 ? "en" : "es";
        if (!messages_[i].has_own("ends." + end, &definition()))
          fail("texts", "the end reason '" + end + "' has no text in '" + language + "' (its definition's messages: " +
                            language + ": ends: " + end + ")");
      }
    }
  }

  // ---- A record read back ------------------------------------------------
  struct ReadBack {
    std::string failure;  // why it could not be read; empty when it was
    RunResult run;
    std::unique_ptr<State> end;
  };

  ReadBack read_back(const std::string& file) const {
    ReadBack read;
    auto input = open_input(file, catalogue_);
    if (!input) {
      read.failure = "it cannot be opened: " + input.error().message.key;
      return read;
    }
    auto header = input->source->next_game();
    if (!header || !header->ok()) {
      read.failure = "it holds no game, or its header is refused";
      return read;
    }
    auto opened = open_game(std::move(*header).value(), *input, file, catalogue_, {});
    if (!opened) {
      read.failure = "its game cannot be opened: " + opened.error().message.key;
      return read;
    }
    read.run = run_moves(*input->source, *opened->game, *opened->start);
    read.end = std::move(opened->start);
    return read;
  }

  // Whether reading `file` back gave the playout's `moves` first moves and
  // their position; a finding for `check` when not.
  bool same_game(const std::string& check, const std::string& what, const std::string& file, const Playout& playout,
                 std::size_t moves) {
    ReadBack read = read_back(file);
    if (!read.failure.empty()) {
      fail(check, what + ": " + read.failure);
      return false;
    }
    if (read.run.error) {
      fail(check, what + ": the move on line " + std::to_string(read.run.error->line) + " is refused (" +
                      std::string(code_name(read.run.error->error.code)) + ")");
      return false;
    }
    if (std::cmp_not_equal(read.run.moves, moves)) {
      fail(check, what + ": " + std::to_string(read.run.moves) + " moves read back of " + std::to_string(moves));
      return false;
    }
    if (!read.end->equals(*playout.positions[moves])) {
      fail(check, what + ": the position read back is not the one played");
      return false;
    }
    return true;
  }

  // The playout as a move list; `texts` instead of its own moves' when
  // given. The first move is on line first_move_line(playout).
  std::string write_move_list(const std::string& file, const Playout& playout,
                              const std::vector<std::string>* texts = nullptr) const {
    std::ofstream out(file, std::ios::binary);
    out << "---\ngame: " << name_ << "\n";
    if (!playout.start.empty()) out << "position: \"" << playout.start << "\"\n";
    out << "---\n";
    for (const std::string& text : texts != nullptr ? *texts : playout.texts) out << text << '\n';
    return file;
  }
  static std::int64_t first_move_line(const Playout& playout) { return playout.start.empty() ? 4 : 5; }

  // A record with one move spoiled fails on that move's line, after the
  // moves before it, with the code the rules give: junk is a notation
  // error; a move from elsewhere in the game, the game's own refusal.
  void check_errors(const Playout& playout) {
    if (playout.texts.empty()) return;
    const std::size_t spoiled = playout.texts.size() / 2;
    const std::int64_t line = first_move_line(playout) + static_cast<std::int64_t>(spoiled);
    const auto expect = [&](const std::vector<std::string>& texts, const MoveError& expected, const std::string& what) {
      ReadBack read = read_back(write_move_list(path("spoiled.rec"), playout, &texts));
      if (!read.failure.empty()) return fail("errors", what + ": " + read.failure);
      if (!read.run.error || read.run.error->line != line || !(read.run.error->error == expected) ||
          std::cmp_not_equal(read.run.moves, spoiled)) {
        fail("errors", what + " on line " + std::to_string(line) + " is not reported there as " +
                           std::string(code_name(expected.code)) +
                           (read.run.error ? " (line " + std::to_string(read.run.error->line) + ": " +
                                                 std::string(code_name(read.run.error->error.code)) + ")"
                                           : " (no error)"));
      }
    };
    auto junk = playout.texts;
    junk[spoiled] = "%%junk%%";
    expect(junk, MoveError{ErrorCode::kNotation}, "the junk text '%%junk%%'");
    const State& before = *playout.positions[spoiled];
    for (const std::string& candidate : playout.texts) {
      auto refused = game_->read_move(before, candidate);
      if (refused) continue;
      if (refused.error().code == ErrorCode::kNotation) continue;  // well formed only
      auto wrong = playout.texts;
      wrong[spoiled] = candidate;
      expect(wrong, refused.error(), "the move '" + candidate + "', which the rules refuse there,");
      return;
    }
  }

  // validate of the replayed record is the replay.
  void check_validate(const Playout& playout) {
    same_game("validate", "a record of a random game", write_move_list(path("playout.rec"), playout), playout,
              playout.moves.size());
  }

  // The game written in each format that holds it and read back.
  void check_formats(const Playout& playout) {
    for (const RecordFormat& format : catalogue_.formats()) {
      if (!format.game.empty() && format.game != definition().rules) continue;
      if (format.unrecorded_option && format.unrecorded_option(*game_)) continue;
      auto writer = format.open_writer();
      GameHeader header;
      header.present = true;
      header.game = name_;
      header.position = playout.start;
      auto begun = writer->begin_game(*game_, header);
      if (!begun) {
        fail("formats",
             "its " + format.name + " writer refuses the game's header (" + begun.error().message.key + ")");
        continue;
      }
      std::string text = std::move(*begun);
      for (std::size_t i = 0; i < playout.moves.size(); ++i)
        text += writer->move(*game_, *playout.positions[i], playout.moves[i], playout.texts[i]);
      text += writer->end_game(*game_, playout.end());
      const std::string extension = format.extensions.empty() ? "rec" : format.extensions.front();
      const std::string file = path("written." + extension);
      std::ofstream(file, std::ios::binary) << text;
      same_game("formats", "written as " + format.name + " and read back", file, playout, playout.moves.size());
    }
  }

  // undo (play's record session) takes the last move back, at the end of
  // the game and part-way: the record and the position are those before it.
  void check_undo(const Playout& playout) {
    const std::size_t moves = playout.moves.size();
    for (const std::size_t played : {moves, moves / 2, std::min<std::size_t>(moves, 3)}) {
      if (played == 0) continue;
      Playout part;
      part.start = playout.start;
      part.texts.assign(playout.texts.begin(), playout.texts.begin() + static_cast<std::ptrdiff_t>(played));
      const std::string file = write_move_list(path("undo.rec"), part);
      auto session = RecordSession::open(file);
      if (!session) {
        fail("undo", "the record session cannot open its record: " + session.error().message.key);
        return;
      }
      auto plan = session->plan_undo(*game_, catalogue_, static_cast<std::int64_t>(played),
                                     [](Side) { return false; });
      if (!plan) {
        fail("undo", "undo cannot read its record back: " + plan.error().message.key);
        return;
      }
      if (plan->refused) {
        // Only the game's own refusal (a shot, whose answer told about a
        // hidden fleet) excuses a move on record from undo.
        if (plan->refused->key.rfind("ui.", 0) == 0)
          fail("undo", "undo after " + std::to_string(played) + " moves takes nothing back (" +
                           plan->refused->key + ")");
        continue;
      }
      if (plan->moves.size() != 1) {
        fail("undo",
             "undo of a person's move takes back " + std::to_string(plan->moves.size()) + " moves, not 1");
        return;
      }
      if (!plan->position->equals(*playout.positions[played - 1])) {
        fail("undo", "the position after undo (" + std::to_string(played) +
                         " moves) is not the one before the last move");
        return;
      }
      if (auto failed = session->undo(*plan)) {
        fail("undo", "undo cannot write its record: " + failed->message.key);
        return;
      }
      same_game("undo", "the record after undo", file, playout, played - 1);
    }
  }

  // A position's text reads back as the same position.
  void check_position_text(const Playout& playout) {
    const auto* texts = game_->facet<PositionText>();
    if (texts == nullptr) return;
    for (std::size_t i = 0; i < playout.positions.size(); i += 1 + playout.positions.size() / 8) {
      const State& position = *playout.positions[i];
      const std::string text = texts->position_text(position);
      auto made = game_->new_state_from(text);
      if (!made) {
        fail("position-text", "position_text() gives '" + text + "', which new_state_from refuses (" + made.error().key + ")");
        return;
      }
      if (texts->position_text(**made) != text) {
        fail("position-text", "'" + text + "' read back is written '" + texts->position_text(**made) + "'");
        return;
      }
      // The same text as a line of a file of positions (tourney --openings).
      auto line = texts->position_of_line(text);
      if (!line || line.value() != text) {
        fail("position-text", "'" + text + "' as a line of positions is read as another position");
        return;
      }
      std::vector<std::string> legal_there;
      std::vector<std::string> legal_back;
      for (const Move& move : position.legal_moves()) legal_there.push_back(game_->move_text(move, position));
      for (const Move& move : (*made)->legal_moves()) legal_back.push_back(game_->move_text(move, **made));
      std::sort(legal_there.begin(), legal_there.end());
      std::sort(legal_back.begin(), legal_back.end());
      if (legal_there != legal_back) {
        fail("position-text", "'" + text + "' read back has other legal moves than the position written");
        return;
      }
    }
  }

  // ---- What programs are told (ProgramNotation) ------------------------------
  std::vector<std::string> program_moves(const State& state) const {
    std::vector<std::string> texts;
    for (const Move& move : state.legal_moves())
      texts.push_back(game_->facet<ProgramNotation>()->program_move_text(move));
    std::sort(texts.begin(), texts.end());
    return texts;
  }

  // A program's answer is read as a record line, so each legal move as it
  // is told reads back as that move; a position told as its start and the
  // moves since replays to that position.
  void check_program_notation(const Playout& playout) {
    const auto* notation = game_->facet<ProgramNotation>();
    if (notation == nullptr) return;
    for (std::size_t i = 0; i < playout.positions.size(); i += 1 + playout.positions.size() / 8) {
      const State& position = *playout.positions[i];
      for (Side side = 0; side < sides(); ++side) {
        const auto observation = position.observe(side);
        const State* seen = observation->whole_position();
        if (seen == nullptr || !seen->equals(position)) {
          fail("program-notation",
               "observe(" + std::to_string(side) + ")->whole_position() is not the position");
          return;
        }
      }
      for (const Move& move : position.legal_moves()) {
        const std::string text = notation->program_move_text(move);
        auto back = game_->read_move(position, text);
        if (!back || !(*back == move)) {
          fail("program-notation", "the legal move " + move_words(move) + " is told '" + text +
                                       "', which the game does not read back as that move");
          return;
        }
      }
      const ProgramNotation::Told told = notation->told_position(position);
      const auto* texts = game_->facet<PositionText>();
      auto replayed = told.start.empty() ? Result<std::unique_ptr<State>, Message>(game_->new_state())
                                         : game_->new_state_from(told.start);
      if (!replayed) {
        fail("program-notation", "the start told '" + told.start + "' is refused (" + replayed.error().key + ")");
        return;
      }
      if (!told.start.empty() && texts != nullptr && texts->position_text(**replayed) != told.start) {
        fail("program-notation", "the start told '" + told.start + "' is not as PositionText writes it");
        return;
      }
      if (!told.moves.empty() && !told.stones.empty()) {
        fail("program-notation", "a position is told both as moves and as stones");
        return;
      }
      // Stones keep no order: each is placed in turn by the side to move. A
      // finished game's last stone may have ended it in another order.
      if (!told.stones.empty() && position.is_over()) continue;
      auto stones = told.stones;
      while (!stones.empty()) {
        const Side mover = (*replayed)->to_move();
        const auto next =
            std::find_if(stones.begin(), stones.end(), [&](const auto& stone) { return stone.first == mover; });
        if (next == stones.end() || (*replayed)->check(next->second)) {
          fail("program-notation", "the stones told cannot be placed in turn from the start (" +
                                       std::to_string(stones.size()) + " left, side " + std::to_string(mover) +
                                       " to move)");
          return;
        }
        (*replayed)->apply(next->second);
        stones.erase(next);
      }
      for (const auto& [side, move] : told.moves) {
        if ((*replayed)->to_move() != side || (*replayed)->check(move)) {
          fail("program-notation",
               "a move told " + move_words(move) + " is not the told side's legal move there");
          return;
        }
        (*replayed)->apply(move);
      }
      // The same position as far as a program can tell: the side to move,
      // the legal moves and, where there is one, the position's text (what
      // only a record's history holds, as kalah's last move, may differ).
      if ((*replayed)->to_move() != position.to_move() ||
          program_moves(**replayed) != program_moves(position) ||
          (texts != nullptr && texts->position_text(**replayed) != texts->position_text(position))) {
        fail("program-notation", "the start and the moves told replay to another position than the one told");
        return;
      }
    }
  }

  // ---- Pictures and pages ---------------------------------------------------
  std::optional<cli::Context> context() {
    auto messages = Messages::load("en");
    if (!messages) return std::nullopt;
    auto made = cli::Context::make(catalogue_.copy(), std::move(messages.value()), {},
                                   {no_input_, ignored_, ignored_});
    if (!made) return std::nullopt;
    return std::move(made.value());
  }

  std::vector<Side> viewers() const {
    std::vector<Side> all = {kNoSide};
    if (game_->facet<HiddenInformation>() != nullptr)
      for (Side side = 0; side < sides(); ++side) all.push_back(side);
    return all;
  }

  void check_render(const Playout& playout) {
    auto session = context();
    if (!session) {
      fail("render", "no command context can be made for it");
      return;
    }
    for (std::size_t i = 0; i < playout.positions.size(); i += 1 + playout.positions.size() / 6) {
      for (const Side viewer : viewers()) {
        const std::string svg = cli::position_svg(*session, *game_, *playout.positions[i], viewer, {});
        if (svg.find("<svg") == std::string::npos || svg.find("</svg>") == std::string::npos) {
          fail("render", "the SVG of the position after " + std::to_string(i) + " moves is not a whole <svg> document");
          return;
        }
      }
    }
    std::string page;
    const auto outcome = cli::write_record_page(*session, write_move_list(path("page.rec"), playout), {},
                                                [&](std::string_view part) {
                                                  page += part;
                                                  return true;
                                                });
    if (outcome.status != cli::kExitOk || !outcome.written || page.find("</html>") == std::string::npos)
      fail("render", "its replay page is not written whole (status " + std::to_string(outcome.status) + ")");
  }

  // ---- An exec: player in the game's protocol finishes a game ---------------
  void check_exec() {
    const auto* own_protocol = game_->facet<LineProtocol>();
    if (own_protocol == nullptr && game_->facet<ProgramNotation>() == nullptr) {
      fail("exec",
           "it has neither ProgramNotation nor a LineProtocol of its own: exec:PROGRAM players cannot play "
           "it (a game of perfect information gives ProgramNotation)");
      return;
    }
    std::string program = options_.random_player;
    if (own_protocol != nullptr) {
      // A protocol of its own: the game's sample player speaks it.
      program.clear();
      const std::filesystem::path players = std::filesystem::path(options_.samples_dir) / definition().rules / "players";
      std::error_code error;
      for (const auto& entry : std::filesystem::directory_iterator(players, error))
        if (program.empty() || entry.path().string() < program) program = entry.path().string();
      if (program.empty()) {
        fail("exec", "its exec: protocol is its own, and " + players.string() + " holds no player that speaks it");
        return;
      }
    }
    TourneyOptions tourney_options;
    tourney_options.players.assign(static_cast<std::size_t>(sides()), "exec:" + program);
    tourney_options.games = 2;
    tourney_options.timeout_ms = 20000;
    Tourney tourney(catalogue_, *game_, tourney_options);
    if (auto error = tourney.prepare()) {
      fail("exec", "exec:" + program + " cannot be set up: " + error->key);
      return;
    }
    while (auto played = tourney.play_next()) {
      // A random game may outlast the move limit; a broken dialogue ends
      // it earlier, as a forfeit or a program that gave no move.
      if (played->end.reason == MatchEnd::Reason::kGameOver || played->end.reason == MatchEnd::Reason::kMoveLimit)
        continue;
      std::string why = played->end.forfeit_reason ? played->end.forfeit_reason->key
                        : played->end.forfeit_error ? std::string(code_name(played->end.forfeit_error->code))
                                                     : "reason " + std::to_string(static_cast<int>(played->end.reason));
      fail("exec", "a game between exec:" + program + " players did not end by the rules: " + why +
                       (played->end.forfeit_move.empty() ? "" : " (it sent '" + played->end.forfeit_move + "')"));
      return;
    }
  }

  // ---- Hidden information stays hidden ----------------------------------------
  // Two games that differ only in moves `viewer` may not see (a fleet
  // placed elsewhere) must look the same to it: its picture, and what its
  // exec: program is told.
  void check_hidden() {
    const auto* hidden = game_->facet<HiddenInformation>();
    if (hidden == nullptr) return;
    auto session = context();
    if (!session) return;
    const auto* protocol = game_->facet<LineProtocol>();
    std::int64_t hidden_compared = 0;  // positions that differed unseen
    for (Side viewer = 0; viewer < sides(); ++viewer) {
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        std::mt19937_64 random(seed * 7919 + static_cast<std::uint64_t>(viewer));
        auto first = game_->new_state();
        auto second = game_->new_state();
        bool differ = false;
        for (int ply = 0; ply < options_.max_plies && !first->is_over(); ++ply) {
          const auto legal = first->legal_moves();
          const Move move = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
          auto after = first->clone();
          after->apply(move);
          const bool seen = hidden->last_move_seen_by(*after, viewer);
          std::optional<Move> other;
          if (seen) {
            if (second->check(move)) break;  // the games part here (a shot's answer differs)
            other = move;
          } else {
            // Another move the viewer does not see either.
            auto choices = second->legal_moves();
            std::shuffle(choices.begin(), choices.end(), random);
            for (const Move& choice : choices) {
              auto tried = second->clone();
              tried->apply(choice);
              if (!hidden->last_move_seen_by(*tried, viewer)) {
                other = choice;
                break;
              }
            }
            if (!other) break;
          }
          auto second_after = second->clone();
          second_after->apply(*other);
          // A seen move whose answer differs (a shot that hits only one of
          // the fleets) tells the viewer the games differ: they part here.
          if (seen && hidden->last_move_answer(*after) != hidden->last_move_answer(*second_after)) break;
          first = std::move(after);
          second = std::move(second_after);
          differ = differ || !first->equals(*second);
          if (!differ) continue;
          ++hidden_compared;
          const std::string seen_first = cli::position_svg(*session, *game_, *first, viewer, {});
          const std::string seen_second = cli::position_svg(*session, *game_, *second, viewer, {});
          if (seen_first != seen_second) {
            fail("hidden", "side " + definition().sides[static_cast<std::size_t>(viewer)] +
                               "'s picture differs between two games that differ only in moves it does not see, after " +
                               std::to_string(ply + 1) + " moves: " + first_difference(seen_first, seen_second));
            return;
          }
          if (cli::board_text(*session, *game_, first->observe(viewer)->view()) !=
              cli::board_text(*session, *game_, second->observe(viewer)->view())) {
            fail("hidden",
                 "side " + definition().sides[static_cast<std::size_t>(viewer)] +
                     "'s text board differs between two games that differ only in moves it does not see");
            return;
          }
          if (protocol != nullptr &&
              protocol->start_lines(*first->observe(viewer)) != protocol->start_lines(*second->observe(viewer))) {
            fail("hidden", "what an exec: program of side " + definition().sides[static_cast<std::size_t>(viewer)] +
                               " is told differs between two games that differ only in moves it does not see");
            return;
          }
        }
      }
    }
    if (hidden_compared == 0)
      fail("hidden", "no two games were found that differ only in moves a side does not see: nothing was compared");
  }

  const GameCatalogue& catalogue_;
  std::string name_;
  const KitOptions& options_;
  std::unique_ptr<Game> game_;
  std::vector<Messages> messages_;  // en, es
  std::vector<std::string> ends_seen_;
  std::vector<Finding> findings_;
  std::istringstream no_input_;  // a command context's streams: nothing is read or kept
  std::ostringstream ignored_;
};

}  // namespace

std::string describe(const Finding& finding) { return finding.game + ": " + finding.check + ": " + finding.detail; }

std::string describe(const std::vector<Finding>& findings) {
  std::string text;
  for (const Finding& finding : findings) text += describe(finding) + "\n";
  return text;
}

KitOptions kit_options(const std::string& work_dir) {
  KitOptions options;
  options.work_dir = work_dir;
  options.random_player = GAMEREC_CONFORMANCE_DIR "/random_player.sh";
  options.samples_dir = GAMEREC_SOURCE_DIR "/samples";
  return options;
}

std::vector<Finding> check_game(const GameCatalogue& catalogue, const std::string& name, const KitOptions& options) {
  return Kit(catalogue, name, options).run();
}

}  // namespace gamerec::conformance

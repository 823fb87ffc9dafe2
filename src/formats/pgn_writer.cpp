// PGN's writer: one game's tags and movetext, written whole at its end.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <optional>

#include "formats/pgn_parts.h"
#include "records/annotation_text.h"
#include "rules/facets.h"
#include "rules/game.h"

namespace gamerec {
namespace {

std::string escape_tag(std::string_view value) {
  std::string out;
  for (const char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' || c == '\r' ? ' ' : c;  // a tag pair holds one line
  }
  return out;
}

// PGN for one game: the seven-tag roster first, then the other tags, then
// movetext in SAN wrapped before 80 columns. Written whole at the end: the
// Result tag comes first but is known last.
class PgnWriter final : public RecordWriter {
 public:
  std::unique_ptr<RecordWriter> clone() const override { return std::make_unique<PgnWriter>(*this); }
  Result<std::string, Error> begin_game(const Game& game, const GameHeader& header) override {
    header_ = header;
    movetext_.clear();
    line_length_ = 0;
    glue_ = false;
    comment_open_ = false;
    first_black_ = false;
    lines_.assign(1, Line{});
    // A game whose rules or start the tags must name (Chess960, a start
    // option): the move list's header said it with the game's name.
    if (const auto* text = game.facet<PositionText>()) {
      variant_ = text->variant_tag();
      if (header_.position.empty()) header_.position = text->start_text();
    }
    if (!header_.position.empty()) {
      // A FEN saying Black is to move starts with "1...".
      const auto space = header_.position.find(' ');
      first_black_ = space != std::string::npos && header_.position.compare(space + 1, 1, "b") == 0;
    }
    return std::string();
  }
  std::string move(const Game& game, const State& before, const Move& move, std::string_view text) override {
    write_move(game.move_text(move, before), text);
    return "";
  }
  std::string variation_move(const Game& game, const State& before, const Move* move,
                             const RecordEvent& event) override {
    // A move that was not checked is kept as it was written.
    write_move(move != nullptr ? game.move_text(*move, before) : std::string(event.text), event.text);
    return "";
  }
  std::string annotation(const RecordEvent& event) override {
    switch (event.kind) {
      case RecordEvent::Kind::kComment:
        // Comments in a row are one (a move list's # lines).
        write_comment(event.text, comment_open_);
        comment_open_ = movetext_.ends_with('}');
        lines_.back().need_number = true;
        return "";
      case RecordEvent::Kind::kNag:
        add_nag(nag_of_glyph(event.text));
        break;
      case RecordEvent::Kind::kVariationStart: {
        // The variation replaces the line's last move: it starts one ply back.
        const std::int64_t ply = lines_.back().ply > 0 ? lines_.back().ply - 1 : 0;
        add("(");
        glue_ = true;
        lines_.push_back(Line{ply, true});
        break;
      }
      case RecordEvent::Kind::kVariationEnd:
        if (lines_.size() > 1) lines_.pop_back();
        glue_ = true;
        add(")");
        lines_.back().need_number = true;
        break;
      default:
        break;
    }
    return "";
  }
  std::string end_game(const Game& game, const State& end) override {
    // Given only games with results written as text (convert checks
    // format.game).
    const WrittenResults& results = *game.facet<WrittenResults>();
    const Outcome outcome = end.outcome();
    std::string result = results.result_text(outcome);
    if (!outcome.over && header_.result && results.declared_winners(*header_.result))
      result = *header_.result;  // a resignation or an agreed draw
    add(result);
    return tags(result) + "\n" + movetext_ + "\n\n";
  }

 private:
  // One line of play being written: the main line or a variation.
  struct Line {
    std::int64_t ply = 0;      // moves before the next one, from the game's start
    bool need_number = true;   // a Black move here needs "N..." (after a comment, a variation)
  };

  // A move in SAN, with its number where PGN's export format wants one,
  // and the glyph glued to it as written ("Nf3!?") as its NAG.
  void write_move(const std::string& san, std::string_view written) {
    Line& line = lines_.back();
    const bool white_to_move = (line.ply % 2 == 0) != first_black_;
    if (white_to_move || line.need_number)
      add(std::to_string(full_move(line.ply)) + (white_to_move ? "." : "..."));
    add(san);
    move_nags_.clear();
    std::size_t glyph = written.size();
    while (glyph > 0 && (written[glyph - 1] == '!' || written[glyph - 1] == '?')) --glyph;
    if (glyph < written.size() && is_glyph(written.substr(glyph))) add_nag(nag_of_glyph(written.substr(glyph)));
    ++line.ply;
    line.need_number = false;
  }
  // A move's NAG once ("Nf6?? $4" says it twice).
  void add_nag(const std::string& nag) {
    if (std::find(move_nags_.begin(), move_nags_.end(), nag) != move_nags_.end()) return;
    move_nags_.push_back(nag);
    add(nag);
  }
  // A comment between braces, its words wrapped with the movetext; one
  // holding a brace is written as a ';' comment to the end of its line.
  void write_comment(std::string_view text, bool joins_previous) {
    const std::vector<std::string_view> words = comment_words(text);
    if (text.find('}') != std::string_view::npos) {
      std::string joined = ";";
      for (const auto word : words) joined += " " + std::string(word);
      add(joined);
      movetext_ += '\n';
      line_length_ = 0;
      return;
    }
    if (words.empty()) {
      if (!joins_previous) add("{}");
      return;
    }
    if (joins_previous) {
      // Reopen the comment just written: its "}" goes after these words.
      movetext_.pop_back();
      --line_length_;
    }
    for (std::size_t i = 0; i < words.size(); ++i) {
      std::string token(words[i]);
      if (i == 0 && !joins_previous) token.insert(0, "{");
      if (i + 1 == words.size()) token += '}';
      add(token);
    }
  }
  std::int64_t full_move(std::int64_t ply) const {
    std::int64_t start = 1;
    if (!header_.position.empty()) {
      // The FEN's move number.
      const auto last = header_.position.find_last_of(' ');
      if (last != std::string::npos) {
        try {
          start = std::stoll(header_.position.substr(last + 1));
        } catch (const std::exception&) {
          start = 1;
        }
      }
    }
    // Counting stops at the largest number, as the game's own count does.
    const std::int64_t more = (ply + (first_black_ ? 1 : 0)) / 2;
    return start > std::numeric_limits<std::int64_t>::max() - more ? std::numeric_limits<std::int64_t>::max()
                                                                    : start + more;
  }
  // Adds a token, wrapping before 80 columns; after "(" or before ")" with
  // no space.
  void add(const std::string& token) {
    comment_open_ = false;
    const bool glued = glue_ || token == ")";
    glue_ = false;
    // A comment's word such as `[Event` never starts a line: the reader
    // would take the line for the next game's tags.
    const bool like_tag = token.size() > 1 && token[0] == '[' && is_pgn_name_char(token[1]);
    if (line_length_ > 0 && line_length_ + (glued ? 0 : 1) + token.size() > 79 && !like_tag) {
      movetext_ += '\n';
      line_length_ = 0;
    } else if (line_length_ > 0 && !glued) {
      movetext_ += ' ';
      ++line_length_;
    }
    movetext_ += token;
    line_length_ += token.size();
  }
  // Seven-tag roster from the PGN tags or a move list's header (players:,
  // date:, event:, site:, round:).
  std::string tags(const std::string& result) const {
    std::vector<std::pair<std::string, std::string>> roster = {
        {"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
        {"White", "?"}, {"Black", "?"}, {"Result", result}};
    auto set = [&](const std::string& key, const std::string& value) {
      for (auto& [k, v] : roster) {
        if (k == key && key != "Result") v = value;
      }
    };
    std::vector<std::pair<std::string, std::string>> others;
    bool variant_given = false;
    for (const auto& [key, value] : header_.tags) {
      const bool in_roster = std::any_of(roster.begin(), roster.end(), [&](const auto& t) { return t.first == key; });
      if (in_roster)
        set(key, value);
      else if (key != "FEN" && key != "SetUp")
        others.emplace_back(key, value);
      variant_given |= key == "Variant";
    }

    if (header_.tags.empty() && !header_.text.empty()) {
      try {
        const YAML::Node root = YAML::Load(header_.text);
        if (root.IsMap()) {
          if (const YAML::Node players = root["players"]; players && players.IsMap()) {
            if (players["white"] && players["white"].IsScalar()) set("White", players["white"].Scalar());
            if (players["black"] && players["black"].IsScalar()) set("Black", players["black"].Scalar());
          }
          if (root["date"] && root["date"].IsScalar()) {
            std::string date = root["date"].Scalar();
            std::replace(date.begin(), date.end(), '-', '.');
            set("Date", date);
          }
          for (const char* key : {"event", "site", "round"}) {
            if (root[key] && root[key].IsScalar()) {
              std::string name = key;
              name[0] = static_cast<char>(name[0] - 'a' + 'A');
              set(name, root[key].Scalar());
            }
          }
        }
      } catch (const YAML::Exception&) {
        // A header that was read is valid YAML.
      }
    }
    if (header_.match) add_match_tags(*header_.match, set, others);
    std::string out;
    for (const auto& [key, value] : roster) out += "[" + key + " \"" + escape_tag(value) + "\"]\n";
    if (!variant_.empty() && !variant_given) out += "[Variant \"" + escape_tag(variant_) + "\"]\n";
    if (!header_.position.empty()) {
      out += "[SetUp \"1\"]\n";
      out += "[FEN \"" + escape_tag(header_.position) + "\"]\n";
    }
    for (const auto& [key, value] : others) out += "[" + key + " \"" + escape_tag(value) + "\"]\n";
    return out;
  }

  // A game gamerec ran, in PGN's words: the roster, then how it ended
  // (Termination, the PGN standard 9.8.1) and its clocks (TimeControl).
  template <typename SetTag>
  static void add_match_tags(const MatchFacts& facts, const SetTag& set,
                             std::vector<std::pair<std::string, std::string>>& others) {
    if (!facts.event.empty()) set("Event", facts.event);
    if (!facts.date.empty()) {
      std::string date = facts.date;
      std::replace(date.begin(), date.end(), '-', '.');
      set("Date", date);
    }
    if (facts.round > 0) set("Round", std::to_string(facts.round));
    if (facts.players.size() > 0) set("White", facts.players[0]);
    if (facts.players.size() > 1) set("Black", facts.players[1]);
    others.emplace_back("Termination", termination_word(facts.end));
    if (!facts.time_control.empty()) others.emplace_back("TimeControl", facts.time_control);
  }
  static std::string termination_word(MatchFacts::End end) {
    switch (end) {
      case MatchFacts::End::kNormal: return "normal";
      case MatchFacts::End::kTimeForfeit: return "time forfeit";
      case MatchFacts::End::kAbandoned: return "abandoned";
      case MatchFacts::End::kRulesInfraction: return "rules infraction";
      case MatchFacts::End::kAdjudication: return "adjudication";
      case MatchFacts::End::kUnterminated: break;
    }
    return "unterminated";
  }

  GameHeader header_;
  std::string variant_;  // the [Variant] tag the rules need, "" for none
  std::string movetext_;
  std::size_t line_length_ = 0;
  bool glue_ = false;  // the next token follows "(" at once
  bool comment_open_ = false;  // movetext ends with a comment's "}": the next comment joins it
  std::vector<Line> lines_;  // the main line, then the variations open
  std::vector<std::string> move_nags_;  // the NAGs written after the last move
  bool first_black_ = false;
};

}  // namespace

std::unique_ptr<RecordWriter> open_pgn_writer() { return std::make_unique<PgnWriter>(); }

}  // namespace gamerec

#include "records/move_list.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <set>

#include "records/annotation_text.h"
#include "records/record_file.h"
#include "records/record_format.h"
#include "records/yaml_text.h"
#include "rules/game.h"
#include "rules/text.h"

namespace gamerec {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::string_view kQuitText = "Q";

RecordError header_error(std::string kind, std::int64_t line, MessageArgs args = {}) {
  return RecordError{{ErrorCode::kHeader, std::move(kind), std::move(args)}, line, 1, ""};
}

// The keys of a header map, with the first repeated one (YAML allows none;
// yaml-cpp keeps the first silently).
std::optional<std::pair<std::string, std::int64_t>> repeated_key(const YAML::Node& map,
                                                                 std::int64_t first_line) {
  std::set<std::string> seen;
  for (const auto& entry : map) {
    const auto key = entry.first.Scalar();
    if (!seen.insert(key).second) return std::make_pair(key, first_line + entry.first.Mark().line);
  }
  return std::nullopt;
}

// One move per line, as it was written. A move's line is held back until
// what follows it is known: a glyph NAG after it (PGN's "e4 $1") is
// written on it ("e4!"), as PGN to a move list keeps a glyph written on
// the move. end_game gives the last one.
class MoveListWriter final : public RecordWriter {
 public:
  Result<std::string, Error> begin_game(const Game& game, const GameHeader& header) override {
    depth_ = 0;
    move_.clear();
    after_move_.clear();
    std::string text = move_list_header(header, game);
    // Never a header the reader refuses (gamerec-record(5), Limits).
    constexpr std::size_t kMarks = std::string_view("---\n\n---\n").size();  // not header text
    if (text.size() > kMaxHeaderLength + kMarks)
      return Error{"io", Message{"write.header-too-long", {{"index", std::to_string(header.index)}}}};
    return text;
  }
  std::string move(const Game&, const State&, const Move&, std::string_view text) override {
    std::string out = held();
    move_.assign(text);
    return out;
  }
  std::string end_game(const Game&, const State&) override { return held(); }
  // A comment is kept as a # line (its words on one line: a PGN comment's
  // line breaks mean nothing). A glyph NAG goes on its move when the move
  // has none; a glyph written on a move stays in the move's text; any other
  // NAG, a variation and a comment inside one cannot be kept (counted for
  // convert's warning).
  std::string annotation(const RecordEvent& event) override {
    std::string out;
    if (event.kind == RecordEvent::Kind::kVariationStart) {
      out = held();  // a NAG after the variation is not its move's
      ++depth_;
    }
    if (event.kind == RecordEvent::Kind::kVariationEnd) --depth_;
    if (event.kind == RecordEvent::Kind::kNag && depth_ == 0 && !move_.empty()) {
      const std::string_view glyph = glyph_of_nag(event.text);
      const std::string_view written = written_glyph();
      if (!glyph.empty() && written == glyph) return out;  // "Nf6?? $4" says it twice
      if (!glyph.empty() && written.empty()) {
        move_ += glyph;
        return out;
      }
    }
    if (event.kind != RecordEvent::Kind::kComment || depth_ > 0) {
      count_lost(event);
      return out;
    }
    std::string line = "#";
    for (const std::string_view word : comment_words(event.text)) line += " " + std::string(word);
    line += '\n';
    // A comment after a move waits with it: a NAG may still follow.
    if (!move_.empty()) {
      after_move_ += line;
      return out;
    }
    return out + line;
  }

 private:
  // The glyph the held move's text ends with ("" for none).
  std::string_view written_glyph() const {
    std::size_t start = move_.size();
    while (start > 0 && (move_[start - 1] == '!' || move_[start - 1] == '?')) --start;
    return std::string_view(move_).substr(start);
  }
  // The held move's line and the comments after it, given up.
  std::string held() {
    if (move_.empty()) return "";
    std::string out = move_ + '\n' + after_move_;
    move_.clear();
    after_move_.clear();
    return out;
  }

  std::string move_;        // the last move, as written, its line not yet given
  std::string after_move_;  // the comment lines after it
  int depth_ = 0;           // variations open
};

}  // namespace

RecordFormat move_list_format() {
  RecordFormat format;
  format.name = "move-list";
  format.description = "one move per line, optional YAML header (any game)";
  format.recognises = [](std::string_view) { return true; };
  format.open_reader = [](std::unique_ptr<LineSource> lines) -> std::unique_ptr<RecordSource> {
    return std::make_unique<MoveListSource>(std::move(lines));
  };
  format.open_writer = [] { return std::make_unique<MoveListWriter>(); };
  return format;
}

const RecordEvent* MoveListSource::quit() {
  RecordEvent& event = batch_[0];
  event.kind = RecordEvent::Kind::kQuit;
  event.text = kQuitText;  // the buffer moves on below
  event.more_after = false;
  while (auto raw = lines_->next()) {
    if (strip_body_line(raw->text) || raw->too_long) {
      event.more_after = true;
      break;
    }
  }
  ended_ = true;
  return &event;
}

std::optional<Result<GameHeader, RecordError>> MoveListSource::next_game() {
  if (started_) return std::nullopt;  // one game per file
  started_ = true;
  forget_peeked();
  return read_header();
}

Result<GameHeader, RecordError> MoveListSource::read_header() {
  GameHeader header;
  auto first = lines_->next();
  if (!first) return header;
  if (first->text.substr(0, kBom.size()) == kBom) {
    // The record's text starts after the mark: cutting back to the first
    // move keeps it.
    first->text.remove_prefix(kBom.size());
    first->offset += kBom.size();
    // What is left may be blank (a BOM, then a line end): the line is
    // read as any other, not as a known move.
    first->plain = false;
  }
  if (trim(first->text) != "---") {
    header.line = first->number;
    pending_line_ = first;
    return header;
  }
  header.present = true;
  const std::int64_t open_line = first->number;
  while (true) {
    auto line = lines_->next();
    if (!line) return header_error("unclosed", open_line, {{"line", std::to_string(open_line)}});
    if (trim(line->text) == "---") {
      header.end_line = line->number;
      break;
    }
    if (line->too_long || header.text.size() + line->text.size() > kMaxHeaderLength)
      return header_error("too-long", line->number);
    std::string_view content = line->text;
    if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
    header.text.append(content);
    header.text += '\n';
  }
  // The file line of a header node (marks count from the header's start).
  const std::int64_t first_line = open_line + 1;
  try {
    const YAML::Node root = YAML::Load(header.text);
    if (root.IsNull()) return header;
    if (!root.IsMap()) return header_error("not-a-map", first_line);
    if (auto repeated = repeated_key(root, first_line))
      return header_error("duplicate-key", repeated->second, {{"key", repeated->first}});
    // An error in a key's value is reported on the key's line: a block
    // value (variant: then indented options) starts on a later line.
    auto line_of = [&](std::string_view key) {
      for (const auto& entry : root) {
        if (entry.first.Scalar() == key) return first_line + entry.first.Mark().line;
      }
      return first_line;
    };
    if (const YAML::Node game = root["game"]) {
      header.game_line = line_of("game");
      if (!game.IsScalar()) return header_error("game", header.game_line);
      header.game = game.as<std::string>();
    }
    if (const YAML::Node position = root["position"]) {
      header.position_line = line_of("position");
      if (!position.IsScalar()) return header_error("position", header.position_line);
      header.position = position.as<std::string>();
    }
    if (const YAML::Node tags = root["tags"]) {
      // An archive's tags, kept by convert: a map of text values.
      const std::int64_t tags_line = line_of("tags");
      if (!tags.IsMap()) return header_error("tags", tags_line);
      for (const auto& entry : tags) {
        if (!entry.first.IsScalar() || !entry.second.IsScalar()) return header_error("tags", tags_line);
        header.tags.emplace_back(entry.first.Scalar(), entry.second.Scalar());
        if (entry.first.Scalar() == "Result") header.result = entry.second.Scalar();
      }
    }
    // Who played (a tourney writes it): shown by replay and on pages. A
    // value that is not a map of names is kept and not read.
    if (const YAML::Node players = root["players"]; players && players.IsMap()) {
      for (const auto& entry : players) {
        if (entry.first.IsScalar() && entry.second.IsScalar())
          header.players.emplace_back(entry.first.Scalar(), entry.second.Scalar());
      }
    }
    if (const YAML::Node variant = root["variant"]) {
      header.variant_line = line_of("variant");
      if (!variant.IsMap()) return header_error("variant", header.variant_line);
      if (auto repeated = repeated_key(variant, first_line))
        return header_error("duplicate-key", repeated->second, {{"key", repeated->first}});
      for (const auto& entry : variant) {
        // An option's value is a scalar or a list of them ({ships: {a: 1}}
        // would otherwise be yaml-cpp's "bad conversion").
        const YAML::Node& value = entry.second;
        bool flat = entry.first.IsScalar() && (value.IsScalar() || value.IsSequence() || value.IsNull());
        if (flat && value.IsSequence())
          for (const auto& item : value) flat = flat && item.IsScalar();
        if (!flat)
          return header_error("variant-value", header.variant_line,
                              {{"key", entry.first.IsScalar() ? entry.first.Scalar() : "?"}});
        header.variant.push_back({entry.first.as<std::string>(), yaml_value_text(value)});
      }
    }
  } catch (const YAML::DeepRecursion& e) {
    return header_error("too-deep", e.mark.is_null() ? open_line : first_line + e.mark.line);
  } catch (const YAML::Exception& e) {
    const std::int64_t line = e.mark.is_null() ? open_line : first_line + e.mark.line;
    return header_error("yaml", line, {{"reason", e.msg}});
  }
  return header;
}

std::string move_list_header(const GameHeader& header, const Game& game) {
  YAML::Node original;
  if (!header.text.empty()) {
    try {
      original = YAML::Load(header.text);
    } catch (const YAML::Exception&) {
      original = YAML::Node();  // a header that was read is valid YAML
    }
  }
  const bool has_other_fields = original.IsMap() && original.size() > (original["game"] ? 1u : 0u) +
                                                                          (original["variant"] ? 1u : 0u) +
                                                                          (original["position"] ? 1u : 0u);
  const bool has_players = header.match && !header.match->players.empty();
  if (!header.game && header.variant.empty() && header.position.empty() && header.tags.empty() && !has_other_fields &&
      !has_players)
    return "";

  // A header written at all names its game: the normal form.
  YAML::Emitter yaml;
  yaml << YAML::BeginMap;
  yaml << YAML::Key << "game" << YAML::Value << game.name();
  if (!header.variant.empty()) {
    // Each value as the game's option type writes it (a list as [4, 3]).
    yaml << YAML::Key << "variant" << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const OptionOverride& option : header.variant) {
      yaml << YAML::Key << option.key << YAML::Value;
      const auto value = game.options().values().find(option.key);
      if (value != game.options().values().end() && std::holds_alternative<std::vector<int>>(value->second))
        yaml << YAML::Flow << std::get<std::vector<int>>(value->second);
      else
        yaml << option.value;
    }
    yaml << YAML::EndMap;
  }
  if (!header.position.empty()) yaml << YAML::Key << "position" << YAML::Value << header.position;
  // An archive's tags (PGN's), in their order, but those the header says
  // its own way (the FEN is `position`).
  bool tags_written = false;
  for (const auto& [key, value] : header.tags) {
    if (key == "FEN" || key == "SetUp" || (original.IsMap() && original["tags"])) continue;
    if (!tags_written) yaml << YAML::Key << "tags" << YAML::Value << YAML::BeginMap;
    tags_written = true;
    yaml << YAML::Key << key << YAML::Value << YAML::DoubleQuoted << value;
  }
  if (tags_written) yaml << YAML::EndMap;
  // A game gamerec runs is written as it is played: its players are known
  // at the start, how it ends is not.
  if (has_players && !(original.IsMap() && original["players"])) {
    yaml << YAML::Key << "players" << YAML::Value << YAML::Flow << YAML::BeginMap;
    const auto& sides = game.definition().sides;
    for (std::size_t seat = 0; seat < header.match->players.size() && seat < sides.size(); ++seat)
      yaml << YAML::Key << sides[seat] << YAML::Value << header.match->players[seat];
    yaml << YAML::EndMap;
  }
  if (original.IsMap()) {
    for (const auto& entry : original) {
      const std::string key = entry.first.Scalar();
      if (key == "game" || key == "variant" || key == "position") continue;
      yaml << YAML::Key << entry.first << YAML::Value << entry.second;
    }
  }
  yaml << YAML::EndMap;
  return "---\n" + std::string(yaml.c_str()) + "\n---\n";
}

}  // namespace gamerec

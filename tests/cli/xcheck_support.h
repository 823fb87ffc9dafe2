#pragma once
// What the *_xcheck_test.cpp files share and no game's rules are in: seeded
// random choices, reading a record's lines as gamerec-record(5) says,
// dressing generated moves with blanks, comments, CRLF and a BOM, how
// gamerec(1) shows a move, and one `validate --format json` run over many
// files. Each game's reference stays in its own test, written from the man
// pages alone; this header must never include anything from src/.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "subprocess.h"

namespace gamerec::clitest::xcheck {

using Rng = std::mt19937;
using Json = nlohmann::ordered_json;  // keeps the keys in the order gamerec wrote them

// ---- Random choices ---------------------------------------------------------
// A seed's records depend on the order of the draws: keep it when editing.

inline int pick(Rng& rng, int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng); }
inline bool chance(Rng& rng, double p) { return std::bernoulli_distribution(p)(rng); }
template <typename T>
const T& pick_of(Rng& rng, const std::vector<T>& items) {
  return items[pick(rng, 0, static_cast<int>(items.size()) - 1)];
}

// ---- Reading a record as gamerec-record(5) says -----------------------------

inline constexpr std::string_view kBom = "\xEF\xBB\xBF";

// ASCII only, as every notation is.
inline std::string lower(std::string text) {
  for (auto& c : text) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  return text;
}

inline std::string_view trim(std::string_view text) {
  const std::size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(" \t\r") - begin + 1);
}

// The lines without the BOM; with `drop_cr`, without the CR of a CRLF too.
inline std::vector<std::string_view> record_lines(std::string_view text, bool drop_cr = false) {
  if (text.substr(0, 3) == kBom) text.remove_prefix(3);
  std::vector<std::string_view> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    std::string_view line = text.substr(at, end - at);
    if (drop_cr && end < text.size() && !line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    at = end + 1;
  }
  return lines;
}

// The first line after the YAML header, which opens and closes with ---.
inline std::size_t body_start(const std::vector<std::string_view>& lines) {
  std::size_t body = 0;
  if (!lines.empty() && trim(lines[0]) == "---")
    for (body = 1; trim(lines[body++]) != "---";) REQUIRE(body < lines.size());
  return body;
}

struct BodyMove {
  std::string text;
  int column = 1;  // 1-based, of its first character
};

// A body line: nothing for a blank or comment line, else its move; a # after
// a blank or tab starts a trailing comment.
inline std::optional<BodyMove> move_of(std::string_view line) {
  const std::size_t start = line.find_first_not_of(" \t\r");
  if (start == std::string_view::npos || line[start] == '#') return std::nullopt;
  std::size_t end = line.size();
  for (std::size_t j = start + 1; j < line.size() && end == line.size(); ++j)
    if (line[j] == '#' && (line[j - 1] == ' ' || line[j - 1] == '\t')) end = j;
  return BodyMove{std::string(trim(line.substr(start, end - start))), static_cast<int>(start) + 1};
}

// ---- Writing a record -------------------------------------------------------

inline std::string blank_or_tab(Rng& rng) { return chance(rng, 0.5) ? "" : " \t"; }

// How the move lines are dressed: the odds of each addition and its choices.
struct Dressing {
  double blank = 0.04;  // a blank line before the move
  std::string (*blank_line)(Rng&) = blank_or_tab;
  double comment_line = 0.04;  // a comment line before it
  std::vector<std::string> comment_lines;
  double indent = 0.05;
  std::vector<std::string> indents = {" ", "\t", "   "};
  double comment = 0.08;  // a comment after it
  std::vector<std::string> comments;
};

// Appends the moves to `lines`, dressed as `how` says.
inline void dress(Rng& rng, const std::vector<std::string>& moves, const Dressing& how,
                  std::vector<std::string>& lines) {
  for (const auto& move : moves) {
    if (chance(rng, how.blank)) lines.push_back(how.blank_line(rng));
    if (chance(rng, how.comment_line)) lines.push_back(pick_of(rng, how.comment_lines));
    const std::string indent = chance(rng, how.indent) ? pick_of(rng, how.indents) : "";
    const std::string comment = chance(rng, how.comment) ? pick_of(rng, how.comments) : "";
    lines.push_back(indent + move + comment);
  }
}

inline std::string line_end(Rng& rng, double crlf) { return chance(rng, crlf) ? "\r\n" : "\n"; }

// The head (its newlines made `end` too), then each line and `end`, with a
// BOM in front if asked; one time in ten the last line has no end.
inline std::string join_record(Rng& rng, std::string head, const std::vector<std::string>& lines,
                               const std::string& end, bool bom) {
  if (end == "\r\n")
    for (std::size_t at = 0; (at = head.find('\n', at)) != std::string::npos; at += 2) head.insert(at, "\r");
  if (bom) head = std::string(kBom) + head;
  for (const auto& line : lines) head += line + end;
  if (!lines.empty() && chance(rng, 0.1)) head.resize(head.size() - end.size());
  return head;
}

// The same with the odds of CRLF and of a BOM, drawn in that order.
inline std::string join_record(Rng& rng, std::string head, const std::vector<std::string>& lines, double crlf,
                               double bom) {
  const std::string end = line_end(rng, crlf);
  const bool with_bom = chance(rng, bom);
  return join_record(rng, std::move(head), lines, end, with_bom);
}

// A fault line at `at`: in place of the move there or, as at the end,
// before it.
inline void put_fault(Rng& rng, std::vector<std::string>& lines, int at, const std::string& line) {
  if (at < static_cast<int>(lines.size()) && chance(rng, 0.5))
    lines[at] = line;
  else
    lines.insert(lines.begin() + at, line);
}

// ---- How gamerec(1) shows a move --------------------------------------------

// In a message: cut at 40 bytes, control and non-ASCII bytes as \xNN.
inline std::string shown(const std::string& move) {
  std::string text;
  for (const char c : move.substr(0, 40)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) {
      text += c;
      continue;
    }
    constexpr char kHex[] = "0123456789ABCDEF";
    text += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 15];
  }
  return move.size() > 40 ? text + "..." : text;
}

// The move key of JSON: cut at 200 bytes, bytes that are not UTF-8 as U+FFFD.
inline std::string json_move(const std::string& move) {
  const std::string cut = move.size() > 200 ? move.substr(0, 200) + "..." : move;
  std::string text;
  for (std::size_t at = 0; at < cut.size();) {
    const auto lead = static_cast<unsigned char>(cut[at]);
    const std::size_t length = lead < 0x80                   ? 1
                               : lead >= 0xC2 && lead < 0xE0 ? 2
                               : lead >= 0xE0 && lead < 0xF0 ? 3
                               : lead >= 0xF0 && lead < 0xF5 ? 4
                                                             : 0;
    bool good = length > 0 && at + length <= cut.size();
    for (std::size_t k = 1; good && k < length; ++k)
      good = (static_cast<unsigned char>(cut[at + k]) & 0xC0) == 0x80;
    text += good ? cut.substr(at, length) : "\xEF\xBF\xBD";
    at += good ? length : 1;
  }
  return text;
}

// ---- Running validate and comparing its JSON --------------------------------

// How far a record's moves validate: all of them, or up to the first error,
// which validate's JSON places by line and column.
struct Progress {
  bool valid = true;
  int moves = 0;  // accepted before the error
  int line = 0;
  int column = 0;
  std::string code;
  std::string move;

  void fail(int at_line, int at_column, std::string error_code, std::string error_move) {
    valid = false;
    line = at_line;
    column = at_column;
    code = std::move(error_code);
    move = std::move(error_move);
  }

  // For failure messages; `escaped` shows the move as a message does.
  std::string describe(bool escaped = false) const {
    const std::string text = valid ? "valid"
                                   : "invalid at " + std::to_string(line) + ":" + std::to_string(column) +
                                         " [" + code + "] '" + (escaped ? shown(move) : move) + "'";
    return text + ", moves " + std::to_string(moves);
  }
};

inline std::string field(const Json& object, const char* key) {
  return object.is_object() && object.contains(key) ? object[key].dump() : "(absent)";
}

inline std::string keys_of(const Json& object) {
  std::string keys;
  if (object.is_object())
    for (const auto& item : object.items()) keys += (keys.empty() ? "" : ",") + item.key();
  return keys;
}

// Each row: the field's name, as gamerec printed it, as the reference wants it.
using Fields = std::vector<std::array<std::string, 3>>;

// Checks every row; true when all agree.
inline bool check_fields(const Fields& fields) {
  bool agrees = true;
  for (const auto& [name, actual, expected] : fields) {
    INFO("field " << name);
    CHECK(actual == expected);
    agrees = agrees && actual == expected;
  }
  return agrees;
}

// The rows of a first error that read the same in every game: where it is,
// its code and its move (`move_json` as gamerec should print it, null when
// the file could not be checked). A valid record has none of them.
struct ExpectedError {
  bool valid = true;
  int line = 0;
  int column = 0;
  std::string code;
  std::string move_json;
};

inline Fields error_fields(const Json& error, const ExpectedError& want) {
  const auto or_absent = [&](const std::string& text) { return want.valid ? std::string("(absent)") : text; };
  return {{"error.line", field(error, "line"), or_absent(std::to_string(want.line))},
          {"error.column", field(error, "column"), or_absent(std::to_string(want.column))},
          {"error.code", field(error, "code"), or_absent("\"" + want.code + "\"")},
          {"error.move", field(error, "move"), or_absent(want.move_json)}};
}

// The summary validate ends with on stderr.
inline std::string summary_line(int files, int valid, int invalid, int not_checked = 0) {
  std::string line = std::to_string(files) + " files: " + std::to_string(valid) + " valid, " +
                     std::to_string(invalid) + " invalid";
  return not_checked > 0 ? line + ", " + std::to_string(not_checked) + " not checked" : line;
}

struct Validation {
  int status = 0;
  std::string err;
  std::vector<Json> results;                   // the JSON lines, one per file
  std::map<std::string, std::size_t> by_file;  // a path as passed, to its place in the list

  // Where the file a JSON line names stands in the list; it must be there.
  std::size_t index_of(const std::string& file) const {
    REQUIRE(by_file.count(file) == 1);
    return by_file.at(file);
  }
};

// One `gamerec validate --format json` over the files at `paths` (written
// already), run in `dir`: its exit status, stderr and one JSON line a file.
inline Validation validate_all(const std::string& dir, const std::vector<std::string>& paths) {
  std::vector<std::string> args = {"validate", "--format", "json"};
  Validation run;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    args.push_back(paths[i]);
    run.by_file[paths[i]] = i;
  }
  Child child(kBinary, args, dir, false);
  run.status = child.finish(std::chrono::seconds(50));
  run.err = child.err();
  std::istringstream out(child.out());
  for (std::string line; std::getline(out, line);) run.results.push_back(Json::parse(line));
  REQUIRE(run.results.size() == paths.size());
  return run;
}

inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace gamerec::clitest::xcheck

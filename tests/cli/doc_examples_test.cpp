// Every example in the README, CONTRIBUTING.md, docs/*.md and the man pages
// is run, and what it prints must be what the page shows. An example is a command line that starts
// with "$ " inside a code block (README: an indented block; man page:
// .EX ... .EE); the lines after it, up to the next "$ " or the end of the
// block, are its output: standard output, then standard error. A line
// "..." in the output stands for any number of lines.
//
// The examples of one document run in order, in one fresh directory that
// holds a copy of samples/ and definitions/, with `gamerec` on the PATH, so an
// example may use a file an earlier one wrote. `$?` is the status of the
// previous command. README output must match line for line (spaces at the
// ends of lines aside); a man page's output is compared without white
// space, because the page breaks long lines to fit.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "line_diff.h"
#include "subprocess.h"

namespace fs = std::filesystem;
using namespace gamerec::clitest;

namespace {

constexpr auto kTimeout = std::chrono::seconds(120);

struct Example {
  int line = 0;  // where the command starts in the document
  std::string command;
  std::vector<std::string> output;
};

enum class Markup { kMarkdown, kMan };

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

// The groff escapes the man pages use in examples, turned back into text,
// in one pass: what one escape gives is never read as part of another
// ("\(rse" is a backslash and an "e", not "\e" turned into a backslash).
std::string unescape_man(const std::string& line) {
  static const std::pair<std::string, std::string> kEscapes[] = {
      {"\\-", "-"},   {"\\(aq", "'"},  {"\\(dq", "\""}, {"\\(ti", "~"},
      {"\\(ha", "^"}, {"\\(rs", "\\"}, {"\\&", ""},     {"\\e", "\\"}};
  std::string text;
  for (std::size_t i = 0; i < line.size();) {
    bool replaced = false;
    if (line[i] == '\\') {
      for (const auto& [from, to] : kEscapes) {
        if (line.compare(i, from.size(), from) == 0) {
          text += to;
          i += from.size();
          replaced = true;
          break;
        }
      }
    }
    if (!replaced) text += line[i++];
  }
  return text;
}

// The code-block lines of a document, each with its line number; a
// Markdown block ends at a line that is not indented (blank lines belong to
// it), a man block at .EE. Each block ends with an empty marker entry.
std::vector<std::pair<int, std::string>> code_lines(const std::vector<std::string>& lines, Markup markup) {
  std::vector<std::pair<int, std::string>> code;
  bool inside = false;
  auto close_block = [&] {
    if (inside) code.emplace_back(0, std::string());
    inside = false;
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    const int number = static_cast<int>(i) + 1;
    if (markup == Markup::kMan) {
      if (starts_with(line, ".EX")) {
        inside = true;
      } else if (starts_with(line, ".EE")) {
        close_block();
      } else if (inside && !starts_with(line, ".")) {
        code.emplace_back(number, unescape_man(line));
      }
      continue;
    }
    if (starts_with(line, "    ")) {
      inside = true;
      code.emplace_back(number, line.substr(4));
    } else if (line.empty() && inside) {
      code.emplace_back(number, std::string());
    } else {
      close_block();
    }
  }
  close_block();
  return code;
}

std::vector<Example> examples_of(const fs::path& document, Markup markup) {
  const auto code = code_lines(split_lines(read_file(document)), markup);
  std::vector<Example> examples;
  bool in_example = false;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const auto& [number, text] = code[i];
    if (number == 0) {  // end of a block
      in_example = false;
      continue;
    }
    if (starts_with(text, "$ ")) {
      Example example;
      example.line = number;
      example.command = text.substr(2);
      // A line ending in a backslash goes on; an unfinished pipe too.
      while (i + 1 < code.size() && code[i + 1].first != 0 && !example.command.empty() &&
             (example.command.back() == '\\' || example.command.back() == '|')) {
        if (example.command.back() == '\\') example.command.pop_back();
        example.command += " " + code[++i].second;
      }
      examples.push_back(example);
      in_example = true;
    } else if (in_example) {
      examples.back().output.push_back(text);
    }
  }
  for (auto& example : examples)
    while (!example.output.empty() && example.output.back().empty()) example.output.pop_back();
  return examples;
}

std::string without_space(const std::string& text) {
  std::string kept;
  for (const char c : text)
    if (c != ' ' && c != '\t' && c != '\n') kept += c;
  return kept;
}

// Whether `actual` is `expected`, where a line "..." matches any lines.
bool matches(const std::vector<std::string>& expected, const std::vector<std::string>& actual,
             Markup markup) {
  std::vector<std::vector<std::string>> pieces(1);
  for (const auto& line : expected) {
    if (line == "...")
      pieces.emplace_back();
    else
      pieces.back().push_back(line);
  }
  // Markdown editors drop spaces at the end of a line, so they never count.
  auto join = [&](auto begin, auto end) {
    std::string text;
    for (auto it = begin; it != end; ++it) {
      std::string line = *it;
      while (!line.empty() && line.back() == ' ') line.pop_back();
      text += line + "\n";
    }
    return markup == Markup::kMan ? without_space(text) : text;
  };
  const std::string whole = join(actual.begin(), actual.end());
  if (pieces.size() == 1) return whole == join(pieces[0].begin(), pieces[0].end());
  // The first piece starts the output, the last ends it, the others come in
  // order between.
  std::size_t at = 0;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const std::string piece = join(pieces[k].begin(), pieces[k].end());
    if (k == 0) {
      if (whole.compare(0, piece.size(), piece) != 0) return false;
      at = piece.size();
    } else if (k + 1 == pieces.size()) {
      return whole.size() >= at + piece.size() && whole.compare(whole.size() - piece.size(), piece.size(), piece) == 0;
    } else {
      const std::size_t found = whole.find(piece, at);
      if (found == std::string::npos) return false;
      at = found + piece.size();
    }
  }
  return true;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

void run_examples(const std::string& name, Markup markup, bool may_have_none = false) {
  const auto examples = examples_of(fs::path(kSourceDir) / name, markup);
  if (examples.empty() && may_have_none) return;
  REQUIRE_FALSE(examples.empty());
  gamerec::test::TempDir work("doc");
  const fs::path bin = fs::path(work.path()) / ".bin";
  fs::create_directory(bin);
  fs::create_symlink(kBinary, bin / "gamerec");
  for (const char* dir : {"samples", "definitions"})
    fs::copy(fs::path(kSourceDir) / dir, fs::path(work.path()) / dir, fs::copy_options::recursive);

  int last_status = 0;
  for (const auto& example : examples) {
    INFO(name << ":" << example.line << ": $ " << example.command);
    const std::string script = "PATH='" + bin.string() + "':\"$PATH\"; (exit " + std::to_string(last_status) +
                               "); " + example.command;
    Child child("/bin/sh", {"-c", script}, work.path(), false);
    last_status = child.finish(kTimeout);
    REQUIRE(last_status != -1);
    auto actual = split_lines(child.out() + child.err());
    while (!actual.empty() && actual.back().empty()) actual.pop_back();
    const bool same = matches(example.output, actual, markup);
    INFO(line_diff(joined(example.output), joined(actual)));
    CHECK(same);
  }
}

}  // namespace

TEST_CASE("README examples print what the README shows", "[docs]") { run_examples("README.md", Markup::kMarkdown); }

// The contributors' pages: any example they show is run as the README's are.
TEST_CASE("CONTRIBUTING.md and docs/ examples print what they show", "[docs]") {
  run_examples("CONTRIBUTING.md", Markup::kMarkdown, true);
  for (const auto& entry : fs::directory_iterator(fs::path(kSourceDir) / "docs")) {
    if (entry.path().extension() == ".md")
      run_examples(fs::relative(entry.path(), kSourceDir).string(), Markup::kMarkdown, true);
  }
}

TEST_CASE("gamerec(1) examples print what the page shows", "[docs]") { run_examples("man/gamerec.1", Markup::kMan); }

TEST_CASE("gamerec-record(5) examples print what the page shows", "[docs]") {
  run_examples("man/gamerec-record.5", Markup::kMan);
}

TEST_CASE("gamerec-games(7) examples print what the page shows", "[docs]") {
  run_examples("man/gamerec-games.7", Markup::kMan);
}

TEST_CASE("a man page's wrapped output matches the one-line output", "[docs]") {
  CHECK(matches({"a: b,", " c"}, {"a: b, c"}, Markup::kMan));
  CHECK_FALSE(matches({"a: b,", " c"}, {"a: b, d"}, Markup::kMan));
  CHECK(matches({"first", "...", "last"}, {"first", "x", "y", "last"}, Markup::kMarkdown));
  CHECK_FALSE(matches({"first", "...", "last"}, {"first", "x", "y", "lost"}, Markup::kMarkdown));
  CHECK_FALSE(matches({"a"}, {"a", "b"}, Markup::kMarkdown));
}

TEST_CASE("man page escapes in examples are undone once each", "[docs]") {
  CHECK(unescape_man("printf \\(aq%s\\en\\(aq \\-\\-\\-") == "printf '%s\\n' ---");
  CHECK(unescape_man("\\(rse") == "\\e");  // a backslash, then an e
  CHECK(unescape_man("\\(rs&") == "\\&");  // not a zero-width space
  CHECK(unescape_man("\\&...") == "...");
}

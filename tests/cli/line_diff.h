#pragma once
// A line diff for test failure messages: what was expected against what a
// command printed.
#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

namespace gamerec::clitest {

inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

// A line diff of expected against actual (longest common subsequence),
// with three lines of context around each change.
inline std::string line_diff(const std::string& expected, const std::string& actual) {
  const auto a = split_lines(expected);
  const auto b = split_lines(actual);
  const std::size_t n = a.size();
  const std::size_t m = b.size();
  std::ostringstream out;
  out << "--- expected\n+++ actual\n";
  if (n * m > 16'000'000) {
    out << "(too long to diff: " << n << " lines expected, " << m << " lines actual)\n";
    return out.str();
  }
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  struct Row {
    char mark;
    std::string text;
  };
  std::vector<Row> rows;
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] == b[j]) {
      rows.push_back({' ', a[i++]});
      ++j;
    } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      rows.push_back({'-', a[i++]});
    } else {
      rows.push_back({'+', b[j++]});
    }
  }
  std::vector<bool> shown(rows.size(), false);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (rows[k].mark == ' ') continue;
    for (std::size_t c = k >= 3 ? k - 3 : 0; c < std::min(rows.size(), k + 4); ++c) shown[c] = true;
  }
  bool gap = false;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (!shown[k]) {
      gap = true;
      continue;
    }
    if (gap) out << "@@ ... @@\n";
    gap = false;
    out << rows[k].mark << rows[k].text << '\n';
  }
  const bool a_newline = expected.empty() || expected.back() == '\n';
  const bool b_newline = actual.empty() || actual.back() == '\n';
  if (a_newline != b_newline) {
    out << "(expected " << (a_newline ? "ends" : "does not end") << " with a newline; actual "
        << (b_newline ? "does" : "does not") << ")\n";
  }
  return out.str();
}

}  // namespace gamerec::clitest

#pragma once
// Why a program playing a side gave no answer, as the message it loses
// with: the same for exec: and pbrain: players (gamerec-games(7), PLAYERS
// AS PROGRAMS, "How a program loses").
#include <cstdint>
#include <string>

#include "players/child_process.h"
#include "rules/error.h"

namespace gamerec {

// For a read that gave no line (anything but kLine and kCancelled):
// exec.timeout, exec.too-long, exec.exited, exec.killed or exec.closed,
// with the program, the request (cut short when long), the timeout and the
// line limit.
Message no_answer(ChildProcess& process, ChildProcess::Read read, const std::string& program,
                  const std::string& request, std::int64_t timeout_ms, std::size_t limit);

// `request` as a message quotes it: at most 40 bytes, then "...".
std::string quoted_request(const std::string& request);

}  // namespace gamerec

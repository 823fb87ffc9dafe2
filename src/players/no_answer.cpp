#include "players/no_answer.h"

namespace gamerec {
namespace {

// How much of a request a message quotes (exec:'s "move" lists the legal
// moves).
constexpr std::size_t kQuotedRequest = 40;
// How long a program whose output closed may take to be seen ending.
constexpr auto kEndGrace = std::chrono::milliseconds(500);

}  // namespace

std::string quoted_request(const std::string& request) {
  return request.size() <= kQuotedRequest ? request : request.substr(0, kQuotedRequest) + "...";
}

Message no_answer(ChildProcess& process, ChildProcess::Read read, const std::string& program,
                  const std::string& request, std::int64_t timeout_ms, std::size_t limit) {
  MessageArgs args = {{"request", quoted_request(request)}, {"program", program}};
  switch (read) {
    case ChildProcess::Read::kTimeout:
      args.emplace_back("ms", std::to_string(timeout_ms));
      return Message{"exec.timeout", std::move(args)};
    case ChildProcess::Read::kTooLong:
      args.emplace_back("limit", std::to_string(limit));
      return Message{"exec.too-long", std::move(args)};
    default:
      break;
  }
  if (const auto exit = process.ended(kEndGrace)) {
    args.emplace_back("number", std::to_string(exit->number));
    return Message{exit->by_signal ? "exec.killed" : "exec.exited", std::move(args)};
  }
  return Message{"exec.closed", std::move(args)};
}

}  // namespace gamerec

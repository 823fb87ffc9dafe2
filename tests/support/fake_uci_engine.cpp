// A tiny UCI engine for the uci player's tests. FAKE_UCI_MODE says how it
// behaves; FAKE_UCI_LOG, when set, is a file that receives every line it
// was sent, so a test can check what the player said. Without
// FAKE_UCI_MODE, a copy named fake-MODE behaves as MODE (a golden CLI case
// cannot set the environment, but can copy the program).
//   good      answers uci/isready, then "bestmove e2e4" (or FAKE_UCI_MOVE)
//   mute      exits at once without a word (not a UCI engine)
//   crash     answers the handshake, then exits when asked for a move
//   garbage   answers "bestmove zz99"
//   none      answers "bestmove (none)"
//   nullmove  answers "bestmove 0000" (UCI's null move)
//   hang      answers the handshake, then never answers a move (it sleeps)
//   slow      as good, but thinks FAKE_UCI_DELAY ms (default 300) first
// FAKE_UCI_INFO, when set, holds the info lines it sends before each
// bestmove, separated by '|' (default "info depth 1 score cp 0").
// FAKE_UCI_NAME, when set, is the name it gives (`id name`; default fake);
// a backslash and a zero in it are sent as a NUL byte.
// It lists the options Skill Level, Hash and Threads, as Stockfish does.
// FAKE_UCI_PID, when set, is a file that receives this process's id.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

int main(int /*argc*/, char** argv) {
  const char* mode_env = std::getenv("FAKE_UCI_MODE");
  std::string mode = mode_env ? mode_env : "good";
  const std::string name = argv[0];
  const std::string base = name.substr(name.rfind('/') + 1);
  if (!mode_env && base.rfind("fake-", 0) == 0) mode = base.substr(5);
  const char* move_env = std::getenv("FAKE_UCI_MOVE");
  const std::string move = move_env ? move_env : "e2e4";
  std::FILE* log = nullptr;
  if (const char* path = std::getenv("FAKE_UCI_LOG")) log = std::fopen(path, "a");
  if (const char* path = std::getenv("FAKE_UCI_PID")) {
    if (std::FILE* pid_file = std::fopen(path, "w")) {
      std::fprintf(pid_file, "%d\n", static_cast<int>(::getpid()));
      std::fclose(pid_file);
    }
  }
  if (mode == "mute") return 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (log) {
      std::fprintf(log, "%s\n", line.c_str());
      std::fflush(log);
    }
    if (line == "uci") {
      const char* name_env = std::getenv("FAKE_UCI_NAME");
      std::string name = name_env ? name_env : "fake";
      for (auto at = name.find("\\0"); at != std::string::npos; at = name.find("\\0")) name.replace(at, 2, 1, '\0');
      std::cout << "id name " << name << "\nid author gamerec tests\n"
                << "option name Threads type spin default 1 min 1 max 1024\n"
                << "option name Hash type spin default 16 min 1 max 33554432\n"
                << "option name Skill Level type spin default 20 min 0 max 20\n"
                << "uciok" << std::endl;
    } else if (line == "isready") {
      std::cout << "readyok" << std::endl;
    } else if (line.rfind("go", 0) == 0) {
      if (mode == "crash") return 3;
      while (mode == "hang") ::pause();
      if (mode == "slow") {
        const char* delay = std::getenv("FAKE_UCI_DELAY");
        ::usleep(static_cast<useconds_t>((delay ? std::atoi(delay) : 300) * 1000));
      }
      // FAKE_UCI_INFO: the info lines to send instead, separated by '|'.
      if (const char* info = std::getenv("FAKE_UCI_INFO")) {
        std::string lines = info;
        for (std::size_t at = 0; at <= lines.size();) {
          const std::size_t bar = std::min(lines.find('|', at), lines.size());
          std::cout << lines.substr(at, bar - at) << std::endl;
          at = bar + 1;
        }
      } else {
        std::cout << "info depth 1 score cp 0" << std::endl;
      }
      if (mode == "garbage") {
        std::cout << "bestmove zz99" << std::endl;
      } else if (mode == "none") {
        std::cout << "bestmove (none)" << std::endl;
      } else if (mode == "nullmove") {
        std::cout << "bestmove 0000" << std::endl;
      } else {
        std::cout << "bestmove " << move << " ponder e7e5" << std::endl;
      }
    } else if (line == "quit") {
      break;
    }
  }
  if (log) std::fclose(log);
  return 0;
}

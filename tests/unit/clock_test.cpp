// Clocks for tourney --tc (core/clock.h): the time control's text, and a
// side's clock counting down, gaining its increment, and its base time
// again at the end of each period of moves.
#include <catch2/catch.hpp>

#include "core/clock.h"

using namespace gamerec;

TEST_CASE("clock: time controls as cutechess-cli writes them") {
  auto tc = parse_time_control("40/60+0.5");
  REQUIRE(tc.ok());
  CHECK(tc.value() == TimeControl{40, 60000, 500});
  CHECK(time_control_text(tc.value()) == "40/60+0.5");
  CHECK(parse_time_control("10+0.1").value() == TimeControl{0, 10000, 100});
  CHECK(parse_time_control("5:30").value() == TimeControl{0, 330000, 0});
  CHECK(parse_time_control("0.25").value() == TimeControl{0, 250, 0});
  CHECK(time_control_text(parse_time_control("0.25+0.01").value()) == "0.25+0.01");
  for (const char* bad : {"", "abc", "40/", "/60", "0", "-5", "60+", "60+-1", "0/60", "1:60", "60 ", "1e9"}) {
    INFO(bad);
    auto parsed = parse_time_control(bad);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().key == "clock.bad-tc");
  }
}

TEST_CASE("clock: time spent, the increment, and a new period every M moves") {
  GameClocks clocks(TimeControl{2, 1000, 100}, 2);
  CHECK(clocks.reading(0).remaining_ms == std::vector<std::int64_t>{1000, 1000});
  CHECK(clocks.reading(0).moves_to_go == 2);
  REQUIRE(clocks.spend(0, 300));  // 1000 - 300 + 100
  CHECK(clocks.remaining_ms(0) == 800);
  CHECK(clocks.reading(0).moves_to_go == 1);
  CHECK(clocks.reading(1).moves_to_go == 2);  // each side counts its own moves
  REQUIRE(clocks.spend(0, 400));  // 800 - 400 + 100, and the second move ends the period: + 1000
  CHECK(clocks.remaining_ms(0) == 1500);
  CHECK(clocks.reading(0).moves_to_go == 2);
  CHECK(clocks.reading(1).remaining_ms == std::vector<std::int64_t>{1500, 1000});
  // More than is left loses.
  CHECK_FALSE(clocks.spend(1, 1001));
}

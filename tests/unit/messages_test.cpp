// The message catalogue: English by default, the classic Spanish texts.
#include <catch2/catch.hpp>

#include "core/messages.h"
#include "test_support.h"

using namespace gamerec;

TEST_CASE("messages: Spanish gives the classic chaturanga messages") {
  const auto es = std::get<Messages>(Messages::load("es"));
  const GameDefinition& game = *gamerec::test::catalogue().find("chaturanga");
  CHECK_THAT(es.error_reason({ErrorCode::kNotation, {}}, game), Catch::StartsWith("Notacion incorrecta"));
  CHECK(es.error_reason({ErrorCode::kEmptySquare, {}}, game) == "Casilla vacia");
  CHECK(es.error_reason({ErrorCode::kNotYourTurn, {}}, game) == "No es el turno de la pieza");
  CHECK(es.error_reason({ErrorCode::kAlliedDestination, {}}, game) == "Destino pieza aliada");
  CHECK(es.error_reason({ErrorCode::kIllegalMove, {}}, game) == "Movimiento no valido");
  CHECK_THAT(es.error_reason({ErrorCode::kBlockedPath, "7E"}, game),
             Catch::StartsWith("Trayectoria bloqueada"));
  CHECK(es.error_reason({ErrorCode::kGameOver, {}}, game) == "Partida finalizada");
  CHECK(es.text("ui.accepted") == "Jugada correcta");
  CHECK(es.text("ui.session-over") == "Partida finalizada");
  CHECK(es.side_name("red") == "Rojo");
}

TEST_CASE("messages: English names the move's problem and fills details") {
  const auto en = std::get<Messages>(Messages::load("en"));
  const GameDefinition& game = *gamerec::test::catalogue().find("chaturanga");
  CHECK(en.error_reason({ErrorCode::kBlockedPath, "7E"}, game) == "path blocked at 7E");
  CHECK_THAT(en.error_reason({ErrorCode::kNotation, "4D-1A", "hint"}, game),
             Catch::Contains("did you mean 4D-1A"));
  CHECK_THAT(en.error_reason({ErrorCode::kNotation, {}, "too-long"}, game), Catch::Contains("too long"));
  CHECK_THAT(en.error_reason({ErrorCode::kNotation, {}}, game), Catch::Contains("2A-3A"));
}

TEST_CASE("messages: every error code has a text in both languages") {
  for (const char* language : {"en", "es"}) {
    const auto messages = std::get<Messages>(Messages::load(language));
    const GameDefinition& game = *gamerec::test::catalogue().find("chaturanga");
    for (int code = 0; code <= static_cast<int>(ErrorCode::kHeader); ++code) {
      const auto text = messages.error_reason({static_cast<ErrorCode>(code), "X"}, game);
      INFO(language << " " << code_name(static_cast<ErrorCode>(code)));
      CHECK_THAT(text, !Catch::StartsWith("errors."));
    }
  }
  CHECK(std::holds_alternative<std::string>(Messages::load("fr")));
}

TEST_CASE("messages: error code names are the stable SPEC names") {
  CHECK(code_name(ErrorCode::kBlockedPath) == "blocked-path");
  CHECK(code_name(ErrorCode::kAlliedDestination) == "allied-destination");
  for (int code = 0; code <= static_cast<int>(ErrorCode::kHeader); ++code)
    CHECK(code_from_name(code_name(static_cast<ErrorCode>(code))) == static_cast<ErrorCode>(code));
}

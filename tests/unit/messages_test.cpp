// The message catalogue: English by default, the classic Spanish texts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/embedded_definitions.h"
#include "core/messages.h"
#include "records/yaml_text.h"
#include "test_support.h"

using namespace gamerec;

TEST_CASE("messages: Spanish gives the classic chaturanga messages") {
  const auto es = Messages::load("es").value();
  const GameDefinition& game = *gamerec::test::catalogue().find("chaturanga");
  CHECK_THAT(es.error_reason({ErrorCode::kNotation}, game), Catch::StartsWith("Notación incorrecta"));
  CHECK(es.error_reason({ErrorCode::kNotation, "hint", {{"suggestion", "4D-1A"}}}, game) ==
        "Notación incorrecta; ¿quizá quiso decir 4D-1A?");
  CHECK(es.error_reason({ErrorCode::kEmptySquare}, game) == "Casilla vacía");
  CHECK(es.error_reason({ErrorCode::kNotYourTurn}, game) == "No es el turno de la pieza");
  CHECK(es.error_reason({ErrorCode::kAlliedDestination}, game) == "Destino pieza aliada");
  CHECK(es.error_reason({ErrorCode::kIllegalMove}, game) == "Movimiento no válido");
  CHECK_THAT(es.error_reason({ErrorCode::kBlockedPath, {}, {{"square", "7E"}}}, game),
             Catch::StartsWith("Trayectoria bloqueada en 7E"));
  CHECK(es.error_reason({ErrorCode::kGameOver}, game) == "Partida finalizada");
  CHECK(es.text("ui.accepted") == "Jugada correcta");
  CHECK(es.text("ui.session-over") == "Partida finalizada");
  CHECK(es.side_name(game, 2) == "Rojo");
}

TEST_CASE("messages: the texts flattened at build time are the texts a full parse gives") {
  // The reference: messages.yaml parsed whole with yaml-cpp at run time.
  for (const EmbeddedFile& file : embedded_definitions()) {
    if (file.name != "messages.yaml") continue;
    const YAML::Node root = YAML::Load(std::string(file.text));
    REQUIRE(file.languages.size() == root.size());
    std::size_t index = 0;
    for (const auto& entry : root) {
      const auto language = entry.first.as<std::string>();
      INFO(language);
      std::map<std::string, std::string, std::less<>> parsed;
      flatten_texts(entry.second, "", parsed);
      std::map<std::string, std::string, std::less<>> built;
      CHECK(file.languages[index].name == language);
      for (const EmbeddedText& text : file.languages[index++].texts) built.emplace(text.key, text.text);
      CHECK(built == parsed);
      const Messages messages = Messages::load(language).value();
      for (const auto& [key, text] : parsed) {
        INFO(key);
        CHECK(messages.has_own(key));
        CHECK(messages.text(key) == text);
      }
    }
  }
  const auto unknown = Messages::load("fr");
  REQUIRE_FALSE(unknown);
  CHECK(unknown.error().message.key == "usage.unknown-language");
  CHECK_THAT(gamerec::test::english(unknown.error().message),
             Catch::Contains("'fr'") && Catch::Contains("en, es"));
}

TEST_CASE("messages: every Spanish text is spelt with its accents") {
  // Words that are only ever misspellings in these texts (a missing tilde or
  // ñ); ambiguous ones (esta/está, si/sí, que/qué) need a reader, not a test.
  const std::set<std::string, std::less<>> unaccented = {
      "posicion", "linea",   "lineas",    "numero",     "valido",      "validas",  "opcion",      "sesion",
      "notacion", "ningun",  "ultima",    "peon",       "anada",       "anade",    "tamano",      "vacia",
      "vacio",    "estan",   "mas",       "automatico", "automaticos", "estandar", "informacion", "direccion",
      "pagina",   "version", "extension", "despues",    "aqui",        "ahi",      "quiza",       "segun",
      "ademas",   "tambien", "nucleo",    "busqueda",   "infraccion",  "dialogo",  "arbol",       "pixeles",
      "almacen",  "senal",   "podria",    "aun",        "continuelo"};
  std::vector<std::pair<std::string, std::string>> texts;  // where, text
  for (const EmbeddedFile& file : embedded_definitions()) {
    const YAML::Node root = YAML::Load(std::string(file.text));
    std::map<std::string, std::string, std::less<>> flat;
    if (file.name == "messages.yaml") {
      flatten_texts(root["es"], "", flat);
    } else {
      if (root["messages"]) flatten_texts(root["messages"]["es"], "", flat);
      if (root["names"]) {
        for (const auto& name : root["names"]["es"])
          flat["names." + name.as<std::string>()] = name.as<std::string>();
      }
    }
    for (const auto& [key, text] : flat) texts.emplace_back(std::string(file.name) + ": " + key, text);
  }
  CHECK(texts.size() > 300);  // the whole catalogue was read
  std::vector<std::string> misspelt;
  for (const auto& [where, text] : texts) {
    // Words are runs of letters; bytes of a UTF-8 letter (á, ñ) count as
    // letters. A {placeholder} is a name, not Spanish.
    std::string word;
    for (std::size_t i = 0; i <= text.size(); ++i) {
      if (i < text.size() && text[i] == '{') i = std::min(text.find('}', i), text.size());
      const unsigned char c = i < text.size() ? static_cast<unsigned char>(text[i]) : ' ';
      if (std::isalpha(c) != 0 || c >= 0x80) {
        word += static_cast<char>(std::tolower(c));
        continue;
      }
      if (unaccented.count(word) != 0) misspelt.push_back(where + ": '" + word + "' in \"" + text + "\"");
      word.clear();
    }
  }
  CHECK(misspelt == std::vector<std::string>{});
}

TEST_CASE("messages: English names the move's problem and fills details") {
  const auto en = Messages::load("en").value();
  const GameDefinition& game = *gamerec::test::catalogue().find("chaturanga");
  CHECK(en.error_reason({ErrorCode::kBlockedPath, {}, {{"square", "7E"}}}, game) == "path blocked at 7E");
  CHECK_THAT(en.error_reason({ErrorCode::kNotation, "hint", {{"suggestion", "4D-1A"}}}, game),
             Catch::Contains("did you mean 4D-1A"));
  CHECK_THAT(en.error_reason({ErrorCode::kNotation, "too-long"}, game), Catch::Contains("too long"));
  CHECK_THAT(en.error_reason({ErrorCode::kNotation}, game), Catch::Contains("2A-3A"));
}

TEST_CASE("messages: every error code has a text in both languages") {
  for (const char* language : {"en", "es"}) {
    const auto messages = Messages::load(language).value();
    const GameDefinition& game = *gamerec::test::catalogue().find("chaturanga");
    for (int code = 0; code <= static_cast<int>(ErrorCode::kHeader); ++code) {
      const auto text = messages.error_reason({static_cast<ErrorCode>(code)}, game);
      INFO(language << " " << code_name(static_cast<ErrorCode>(code)));
      CHECK_THAT(text, !Catch::StartsWith("errors."));
    }
  }
  // An unknown language: why, in a language there is.
  const auto french = Messages::load("fr");
  REQUIRE_FALSE(french.ok());
  CHECK(Messages::load("en")->text(french.error().message.key, french.error().message.args) ==
        "no messages in 'fr'; there are: en, es");
}

TEST_CASE("messages: error code names are the stable names of gamerec-record(5)") {
  CHECK(code_name(ErrorCode::kBlockedPath) == "blocked-path");
  CHECK(code_name(ErrorCode::kAlliedDestination) == "allied-destination");
  for (int code = 0; code <= static_cast<int>(ErrorCode::kHeader); ++code)
    CHECK(code_from_name(code_name(static_cast<ErrorCode>(code))) == static_cast<ErrorCode>(code));
}

namespace {

// Every key of a flattened catalogue section, for comparing languages.
std::set<std::string> keys_of(const std::map<std::string, std::string, std::less<>>& texts) {
  std::set<std::string> keys;
  for (const auto& [key, text] : texts) keys.insert(key);
  return keys;
}

}  // namespace

TEST_CASE("messages: English and Spanish have the same keys, shared and in every game") {
  // The shared catalogue: a key missing in Spanish would silently fall back.
  const auto en = Messages::load("en").value();
  const auto es = Messages::load("es").value();
  for (const auto& [name, definition] : gamerec::test::catalogue().definitions()) {
    INFO(name);
    const auto english = definition.messages.find("en");
    const auto spanish = definition.messages.find("es");
    REQUIRE((english == definition.messages.end()) == (spanish == definition.messages.end()));
    if (english != definition.messages.end()) CHECK(keys_of(english->second) == keys_of(spanish->second));
    CHECK(definition.side_names.at("en").size() == definition.sides.size());
    CHECK(definition.side_names.at("es").size() == definition.sides.size());
  }
  for (const char* key : {"ui.moves.one", "ui.moves.other", "file.cannot-read", "write.locked", "header.yaml",
                          "definition.pieces-repeat", "tourney.total", "play.needs-output"}) {
    INFO(key);
    CHECK(en.has(key));
    CHECK(es.has(key));
    CHECK(en.text(key) != es.text(key));
  }
}

TEST_CASE("messages: counts use the singular for exactly one") {
  const auto en = Messages::load("en").value();
  const auto es = Messages::load("es").value();
  CHECK(en.count("ui.moves", 1) == "1 move");
  CHECK(en.count("ui.moves", 0) == "0 moves");
  CHECK(en.count("ui.moves", 2) == "2 moves");
  CHECK(es.count("ui.moves", 1) == "1 jugada");
  CHECK(es.count("ui.moves", 3) == "3 jugadas");
}

TEST_CASE("messages: a game's own texts come from its definition, before the shared ones") {
  const auto es = Messages::load("es").value();
  const GameDefinition& game = *gamerec::test::catalogue().find("chaturanga");
  CHECK(es.text("ends.kings-captured", {}, &game) == "capturados los dos reyes de un equipo");
  CHECK(es.has("ends.kings-captured", &game));
  CHECK_FALSE(es.has("ends.kings-captured"));  // not in the shared catalogue
}

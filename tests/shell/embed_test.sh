# tools/embed_definitions.cpp: the texts it flattens at build time are the
# texts yaml-cpp reads, byte for byte, also where C++ literals are tricky
# (a NUL, a trigraph's "??", quotes and backslashes, UTF-8), and a
# language with no texts still compiles. The generated file is compiled
# here with a small program that prints what it holds.
source "$(dirname "$0")/lib.sh"
cd "$scratch"
cxx=${CXX:-c++}
command -v "$cxx" >/dev/null || skip "no C++ compiler ($cxx) to compile the generated file"

mkdir in
cat > in/messages.yaml <<'YAML'
en:
  nul: "a\0b"
  tricky: "??= \" \\ ñ ) ?"
  nested:
    deep: plain text
es: {}
YAML
cat > in/game.yaml <<'YAML'
name: g
messages:
  en: {}
  es:
    k: "v"
YAML
"$EMBED" out.cpp in/messages.yaml in/game.yaml || fail "the tool failed"
cat > show.cpp <<'CPP'
#include <cstdio>
#include "core/embedded_definitions.h"
int main() {
  for (const auto& file : gamerec::embedded_definitions()) {
    for (const auto& language : file.languages) {
      std::printf("%.*s %.*s %zu\n", int(file.name.size()), file.name.data(), int(language.name.size()),
                  language.name.data(), language.texts.size());
      for (const auto& text : language.texts) {
        std::printf("  %.*s %zu [", int(text.key.size()), text.key.data(), text.text.size());
        std::fwrite(text.text.data(), 1, text.text.size(), stdout);
        std::printf("]\n");
      }
    }
  }
}
CPP
"$cxx" -std=c++20 -I"$SRC/src" out.cpp show.cpp -o show || fail "the generated file does not compile"
./show | tr '\0' '@' > shown.txt
printf '%s\n' "game.yaml en 0" "game.yaml es 1" "  k 1 [v]" "messages.yaml en 3" "  nested.deep 10 [plain text]" \
  "  nul 3 [a@b]" '  tricky 14 [??= " \ ñ ) ?]' "messages.yaml es 0" > expected.txt
diff expected.txt shown.txt || fail "the generated texts differ from what yaml-cpp reads"

# A file the tool cannot read, or malformed YAML, stops the build.
printf 'en: [unclosed\n' > in/bad.yaml
if "$EMBED" bad.cpp in/bad.yaml 2>err.txt; then fail "malformed YAML was accepted"; fi
grep -q "bad.yaml" err.txt || fail "the error does not name the file: $(cat err.txt)"
[ ! -e bad.cpp ] || fail "a failed run left an output file"
echo "embed: ok"

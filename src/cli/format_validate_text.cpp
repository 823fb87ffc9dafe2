// validate --format text (gamerec(1), OUTPUT): nothing for a valid game;
// an invalid one's first error, or why an input could not be read, as a
// compiler's line on standard output; warnings on standard error unless
// --quiet.
#include <fmt/format.h>

#include "cli/diagnostics.h"
#include "cli/output_format.h"

namespace gamerec::cli {
namespace {

class ErrorLines final : public RecordRenderer {
 public:
  ErrorLines(const Context& context, Output& output, const OutputRequest& request)
      : context_(context), output_(output), quiet_(request.quiet) {}

  void verdict(const GameVerdict& verdict) override {
    if (!quiet_) {
      if (!verdict.conflict.empty())
        output_.err(fmt::format("{}:{}: warning: {}\n", verdict.file, verdict.run->declared_result_line,
                                verdict.conflict));
      for (const ShownWarning& warning : verdict.warnings)
        output_.err(fmt::format("{}:{}:{}: warning[{}]: {}\n", verdict.file, warning.line, warning.column,
                                warning.code, warning.message));
    }
    if (verdict.file_error) {
      output_.out(file_error_line(context_, verdict.file, *verdict.file_error) + '\n');
    } else if (verdict.run->error) {
      output_.out(error_line(verdict.file, *verdict.run->error, verdict.error_message) + '\n');
    }
  }

 private:
  const Context& context_;
  Output& output_;
  bool quiet_;
};

}  // namespace

OutputFormat validate_text_format() {
  return {"text", "validate", [](const Context& context, Output& output, const OutputRequest& request) {
            return std::make_unique<ErrorLines>(context, output, request);
          }};
}

}  // namespace gamerec::cli

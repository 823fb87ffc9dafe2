// The one list of output formats (cli/output_format.h): a new format is
// its file, its declaration in cli/output_format.h and one line here.
#include <algorithm>
#include <stdexcept>

#include "cli/output_format.h"

namespace gamerec::cli {

OutputFormats builtin_output_formats() {
  return {
      validate_text_format(), validate_json_format(), replay_text_format(),
      replay_svg_format(),    replay_html_format(),   replay_fen_format(),
  };
}

void check_formats(const OutputFormats& formats) {
  for (const OutputFormat& format : formats) {
    const bool reads_input = static_cast<bool>(format.whole_input);
    if (static_cast<bool>(format.open) == reads_input || (reads_input && format.command != "replay"))
      throw std::logic_error("output format '" + format.name + "' of " + format.command +
                             ": give open, or whole_input for replay");
  }
}

std::vector<std::string> format_names(const OutputFormats& formats, std::string_view command) {
  std::vector<std::string> names;
  for (const OutputFormat& format : formats) {
    const bool listed = std::find(names.begin(), names.end(), format.name) != names.end();
    if (command.empty() ? !listed : format.command == command) names.push_back(format.name);
  }
  return names;
}

const OutputFormat* find_format(const OutputFormats& formats, std::string_view command,
                                std::string_view name) {
  const auto found = std::find_if(formats.begin(), formats.end(), [&](const OutputFormat& format) {
    return format.command == command && format.name == name;
  });
  return found != formats.end() ? &*found : nullptr;
}

}  // namespace gamerec::cli

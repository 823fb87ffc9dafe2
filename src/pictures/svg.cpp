#include "pictures/svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gamerec::pictures {
namespace {

std::string hex_color(std::uint32_t rgb) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "#%06x", static_cast<unsigned>(rgb & 0xffffffu));
  return buffer;
}

bool reads_dark_on(std::uint32_t rgb) {
  const double r = ((rgb >> 16) & 0xff) / 255.0;
  const double g = ((rgb >> 8) & 0xff) / 255.0;
  const double b = (rgb & 0xff) / 255.0;
  return 0.299 * r + 0.587 * g + 0.114 * b > 0.5;
}

void attribute(std::string& out, std::string_view name, std::string_view value) {
  out += ' ';
  out += name;
  out += "=\"";
  out += value;
  out += '"';
}
void attribute(std::string& out, std::string_view name, double value) { attribute(out, name, svg_number(value)); }

// What the item shows (its role, as a class) and where (data-at).
void role_attributes(std::string& out, const PictureItem& item) {
  if (!item.role.empty()) attribute(out, "class", xml_escape(item.role));
  if (!item.at.empty()) attribute(out, "data-at", xml_escape(item.at));
}

// fill, stroke, opacity, the role and the cell.
void style_attributes(std::string& out, const PictureItem& item, const SideColors& colors, bool is_line) {
  const Style& style = item.style;
  if (!is_line) attribute(out, "fill", colors.css(style.fill));
  if (style.stroke.kind != Paint::Kind::kNone && style.stroke_width > 0) {
    attribute(out, "stroke", colors.css(style.stroke));
    attribute(out, "stroke-width", style.stroke_width);
  }
  if (style.opacity < 1) attribute(out, "opacity", style.opacity);
  role_attributes(out, item);
}

void turn_back(std::string& out, bool turned, double cx, double cy) {
  if (turned) attribute(out, "transform", "rotate(180 " + svg_number(cx) + " " + svg_number(cy) + ")");
}

std::string_view ink_value(GlyphPath::Ink ink) {
  switch (ink) {
    case GlyphPath::Ink::kNone: return "none";
    case GlyphPath::Ink::kBody: return "inherit";
    case GlyphPath::Ink::kLines: return "currentColor";
    case GlyphPath::Ink::kOutline: return "#000";
  }
  return "none";
}

bool glyph_name_ok(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
  });
}

}  // namespace

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n')
          out += "\xEF\xBF\xBD";
        else if (c == 0x7f)
          out += "\xEF\xBF\xBD";
        else
          out += c;
    }
  }
  return out;
}

std::uint32_t ansi_rgb(int index) {
  static constexpr std::uint32_t kSystem[16] = {0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080,
                                                0x008080, 0xc0c0c0, 0x808080, 0xff0000, 0x00ff00, 0xffff00,
                                                0x0000ff, 0xff00ff, 0x00ffff, 0xffffff};
  if (index < 0 || index > 255) return 0x808080;
  if (index < 16) return kSystem[index];
  if (index >= 232) {
    const std::uint32_t level = 8 + 10 * static_cast<std::uint32_t>(index - 232);
    return (level << 16) | (level << 8) | level;
  }
  static constexpr std::uint32_t kCube[6] = {0, 95, 135, 175, 215, 255};
  const int cube = index - 16;
  return (kCube[cube / 36] << 16) | (kCube[(cube / 6) % 6] << 8) | kCube[cube % 6];
}

SideColors::SideColors(const GameDefinition& definition) {
  for (const std::string& side : definition.sides) {
    const auto found = definition.side_colors.find(side);
    rgb_.push_back(found == definition.side_colors.end() ? 0x808080 : ansi_rgb(found->second));
  }
}

std::string SideColors::css(const Paint& paint) const {
  const auto side_rgb = [&]() -> std::uint32_t {
    if (paint.side < 0 || paint.side >= static_cast<Side>(rgb_.size())) return 0x808080;
    return rgb_[static_cast<std::size_t>(paint.side)];
  };
  switch (paint.kind) {
    case Paint::Kind::kNone: return "none";
    case Paint::Kind::kFixed: return hex_color(paint.rgb);
    case Paint::Kind::kSide: return hex_color(side_rgb());
    case Paint::Kind::kOnSide: return reads_dark_on(side_rgb()) ? "#000000" : "#ffffff";
  }
  return "none";
}

std::vector<std::string> SideColors::sides_css() const {
  std::vector<std::string> out;
  for (const std::uint32_t rgb : rgb_) out.push_back(hex_color(rgb));
  return out;
}

std::string svg_number(double value) {
  if (!std::isfinite(value)) return "0";
  const double rounded = std::round(value * 100) / 100;
  if (rounded == std::floor(rounded) && std::abs(rounded) < 1e15)
    return std::to_string(static_cast<long long>(rounded));
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", rounded);
  std::string text = buffer;
  while (text.back() == '0') text.pop_back();
  return text;
}

std::string item_svg(const PictureItem& item, const SideColors& colors, bool turned) {
  std::string out;
  if (const auto* rect = std::get_if<Rect>(&item.shape)) {
    out += "<rect";
    attribute(out, "x", rect->x);
    attribute(out, "y", rect->y);
    attribute(out, "width", rect->width);
    attribute(out, "height", rect->height);
    if (rect->corner > 0) attribute(out, "rx", rect->corner);
    style_attributes(out, item, colors, false);
    out += "/>";
  } else if (const auto* circle = std::get_if<Circle>(&item.shape)) {
    out += "<circle";
    attribute(out, "cx", circle->cx);
    attribute(out, "cy", circle->cy);
    attribute(out, "r", circle->radius);
    style_attributes(out, item, colors, false);
    out += "/>";
  } else if (const auto* line = std::get_if<Line>(&item.shape)) {
    out += "<line";
    attribute(out, "x1", line->x1);
    attribute(out, "y1", line->y1);
    attribute(out, "x2", line->x2);
    attribute(out, "y2", line->y2);
    attribute(out, "stroke-linecap", "round");
    style_attributes(out, item, colors, true);
    out += "/>";
  } else if (const auto* label = std::get_if<Label>(&item.shape)) {
    out += "<text";
    attribute(out, "x", label->x);
    attribute(out, "y", label->y);
    attribute(out, "font-size", label->size);
    attribute(out, "text-anchor", "middle");
    attribute(out, "dominant-baseline", "central");
    if (label->bold) attribute(out, "font-weight", "bold");
    style_attributes(out, item, colors, false);
    turn_back(out, turned, label->x, label->y);
    out += '>';
    out += xml_escape(label->text);
    out += "</text>";
  } else if (const auto* use = std::get_if<GlyphUse>(&item.shape)) {
    out += "<use";
    attribute(out, "href", "#g-" + xml_escape(use->glyph));
    attribute(out, "x", use->x);
    attribute(out, "y", use->y);
    attribute(out, "width", use->size);
    attribute(out, "height", use->size);
    attribute(out, "fill", colors.css(item.style.fill));
    attribute(out, "color", colors.css(item.style.stroke));
    if (item.style.opacity < 1) attribute(out, "opacity", item.style.opacity);
    role_attributes(out, item);
    turn_back(out, turned, use->x + use->size / 2, use->y + use->size / 2);
    out += "/>";
  }
  return out;
}

std::string glyph_symbols(const std::vector<Glyph>& glyphs) {
  std::string out;
  for (const Glyph& glyph : glyphs) {
    if (!glyph_name_ok(glyph.name)) continue;  // it could not be named in an id
    out += "<symbol id=\"g-" + glyph.name + "\" viewBox=\"0 0 " + svg_number(glyph.size) + " " +
           svg_number(glyph.size) + "\">";
    for (const GlyphPath& path : glyph.paths) {
      out += "<path d=\"" + xml_escape(path.data) + "\"";
      attribute(out, "fill", ink_value(path.fill));
      if (path.stroke != GlyphPath::Ink::kNone && path.stroke_width > 0) {
        attribute(out, "stroke", ink_value(path.stroke));
        attribute(out, "stroke-width", path.stroke_width);
        attribute(out, "stroke-linejoin", "round");
        attribute(out, "stroke-linecap", "round");
      }
      out += "/>";
    }
    out += "</symbol>";
  }
  return out;
}

std::string panel_title_svg(const Panel& panel) {
  if (panel.title.empty()) return "";
  std::string out = "<text";
  attribute(out, "x", panel.x + panel.width / 2);
  attribute(out, "y", panel.y - 28);
  attribute(out, "font-size", 34);
  attribute(out, "text-anchor", "middle");
  attribute(out, "dominant-baseline", "central");
  attribute(out, "class", "title");
  out += '>' + xml_escape(panel.title) + "</text>";
  return out;
}

std::string panel_turn(const Panel& panel) {
  return "rotate(180 " + svg_number(panel.x + panel.width / 2) + " " + svg_number(panel.y + panel.height / 2) + ")";
}

std::string svg_document(const Picture& picture, const std::vector<Glyph>& glyphs, const SideColors& colors,
                         const SvgOptions& options) {
  const double width = picture.width > 0 ? picture.width : 1;
  const double height = picture.height > 0 ? picture.height : 1;
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\"";
  attribute(out, "viewBox", "0 0 " + svg_number(width) + " " + svg_number(height));
  attribute(out, "width", options.size);
  attribute(out, "height", std::round(options.size * height / width));
  attribute(out, "font-family", kFontFamily);
  out += ">\n";
  if (!glyphs.empty()) out += "<defs>" + glyph_symbols(glyphs) + "</defs>\n";
  if (picture.background.kind != Paint::Kind::kNone)
    out += "<rect width=\"100%\" height=\"100%\" fill=\"" + colors.css(picture.background) + "\"/>\n";
  for (const Panel& panel : picture.panels) {
    out += panel_title_svg(panel);
    out += "<g";
    if (options.flipped) attribute(out, "transform", panel_turn(panel));
    out += ">\n";
    std::vector<const PictureItem*> items;
    for (const PictureItem& item : panel.items) items.push_back(&item);
    std::stable_sort(items.begin(), items.end(),
                     [](const PictureItem* a, const PictureItem* b) { return a->layer < b->layer; });
    for (const PictureItem* item : items) out += item_svg(*item, colors, options.flipped) + "\n";
    out += "</g>\n";
  }
  out += "</svg>\n";
  return out;
}

}  // namespace gamerec::pictures

#include "pictures/page.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <iterator>

#include "pictures/page_assets.h"

namespace gamerec::pictures {
namespace {

using nlohmann::json;

constexpr std::string_view kLastDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef";
constexpr std::string_view kMoreDigits = "ghijklmnopqrstuvwxyz0123456789+/";

// JSON text, '<', '>' and '&' escaped; bytes that are no UTF-8 (a record
// may hold any) become U+FFFD.
std::string dump_safe(const json& data) {
  return script_safe_json(data.dump(-1, ' ', false, json::error_handler_t::replace));
}

void hash_mix(std::size_t& seed, std::size_t value) { seed ^= value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2); }
void hash_double(std::size_t& seed, double value) { hash_mix(seed, std::hash<double>{}(value)); }
void hash_paint(std::size_t& seed, const Paint& paint) {
  hash_mix(seed, static_cast<std::size_t>(paint.kind));
  hash_mix(seed, paint.rgb);
  hash_mix(seed, static_cast<std::size_t>(paint.side));
}

// An unsigned number with its sign in the lowest bit.
std::uint64_t zigzag(std::int64_t value) {
  return value >= 0 ? static_cast<std::uint64_t>(value) << 1 : (static_cast<std::uint64_t>(-(value + 1)) << 1) | 1;
}

json game_json(const PageGame& game, PageTables& tables) {
  std::string moves;
  std::string sides;
  std::string numbers;
  json notes = json::array();
  if (!game.comments.empty()) notes.push_back({0, game.comments});
  std::int64_t number = 0;
  for (std::size_t i = 0; i < game.moves.size(); ++i) {
    const PageMove& move = game.moves[i];
    if (i > 0) moves += '\n';  // no move's text holds a line break
    moves += move.text;
    append_compact(sides, static_cast<std::uint64_t>(std::max<Side>(move.side, 0)));
    if (game.numbered_by_pairs) {
      append_compact(numbers, zigzag(move.number - number) << 1 | (move.continued ? 1 : 0));
      number = move.number;
    }
    if (!move.comments.empty()) notes.push_back({i + 1, move.comments});
  }
  std::string statuses;
  for (const std::string& line : game.statuses) append_compact(statuses, static_cast<std::uint64_t>(tables.status(line)));
  json views = json::array();
  for (const PageView& view : game.views)
    views.push_back({{"name", view.name()}, {"board", view.board()}, {"frames", view.frames()}});
  json out = {{"title", game.title}, {"info", game.info},   {"names", game.side_names}, {"moves", moves},
              {"sides", sides},      {"status", statuses}, {"views", views}};
  if (game.numbered_by_pairs) out["numbers"] = numbers;
  if (!notes.empty()) out["notes"] = notes;
  if (!game.error.empty()) out["error"] = game.error;
  return out;
}

}  // namespace

void append_compact(std::string& out, std::uint64_t number) {
  char digits[16];
  int n = 0;
  digits[n++] = kLastDigits[number % 32];
  for (number /= 32; number > 0; number /= 32) digits[n++] = kMoreDigits[number % 32];
  while (n > 0) out += digits[--n];
}

struct PageTables::ItemKey {
  int colours = 0;
  int panel = 0;
  PictureItem item;
  bool operator==(const ItemKey&) const = default;
};

std::size_t PageTables::ItemKeyHash::operator()(const ItemKey& key) const {
  std::size_t seed = static_cast<std::size_t>(key.colours) * 31 + static_cast<std::size_t>(key.panel);
  const PictureItem& item = key.item;
  hash_mix(seed, item.shape.index());
  std::visit(
      [&](const auto& shape) {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, Rect>) {
          for (const double v : {shape.x, shape.y, shape.width, shape.height, shape.corner}) hash_double(seed, v);
        } else if constexpr (std::is_same_v<T, Circle>) {
          for (const double v : {shape.cx, shape.cy, shape.radius}) hash_double(seed, v);
        } else if constexpr (std::is_same_v<T, Line>) {
          for (const double v : {shape.x1, shape.y1, shape.x2, shape.y2}) hash_double(seed, v);
        } else if constexpr (std::is_same_v<T, Label>) {
          for (const double v : {shape.x, shape.y, shape.size}) hash_double(seed, v);
          hash_mix(seed, std::hash<std::string>{}(shape.text));
        } else {
          for (const double v : {shape.x, shape.y, shape.size}) hash_double(seed, v);
          hash_mix(seed, std::hash<std::string>{}(shape.glyph));
        }
      },
      item.shape);
  hash_paint(seed, item.style.fill);
  hash_paint(seed, item.style.stroke);
  hash_double(seed, item.style.stroke_width);
  hash_double(seed, item.style.opacity);
  hash_mix(seed, static_cast<std::size_t>(item.layer));
  hash_mix(seed, std::hash<std::string>{}(item.role));
  hash_mix(seed, std::hash<std::string>{}(item.at));
  return seed;
}

PageTables::PageTables() = default;
PageTables::~PageTables() = default;

int PageTables::board(const Picture& first, const std::vector<Glyph>& glyphs, const SideColors& colors) {
  std::string head;
  if (first.background.kind != Paint::Kind::kNone)
    head += "<rect width=\"100%\" height=\"100%\" fill=\"" + colors.css(first.background) + "\"/>";
  json panels = json::array();
  for (const Panel& panel : first.panels) {
    head += panel_title_svg(panel);
    panels.push_back({panel.x + panel.width / 2, panel.y + panel.height / 2});
  }
  const std::vector<std::string> colours = colors.sides_css();
  const json board = {{"w", first.width}, {"h", first.height}, {"defs", glyph_symbols(glyphs)},
                      {"head", head},     {"panels", panels},  {"colours", colours}};
  std::string text = dump_safe(board);
  const auto found = board_index_.find(text);
  if (found != board_index_.end()) return found->second;
  const auto colours_found = colours_index_.try_emplace(colours, static_cast<int>(colours_index_.size())).first;
  const int id = static_cast<int>(boards_.size());
  boards_.push_back(text);
  bytes_ += text.size() + 1;
  board_colours_.push_back(colours_found->second);
  board_index_.emplace(std::move(text), id);
  return id;
}

int PageTables::item(int board, int panel, const PictureItem& item, const SideColors& colors) {
  ItemKey key{board_colours_.at(static_cast<std::size_t>(board)), panel, item};
  const auto found = item_index_.find(key);
  if (found != item_index_.end()) return found->second;
  const int id = static_cast<int>(items_.size());
  items_.push_back(Item{panel, item.layer, item_svg(item, colors)});
  bytes_ += dump_safe(json::array({panel, item.layer, items_.back().svg})).size() + 1;
  item_index_.emplace(std::move(key), id);
  return id;
}

int PageTables::status(const std::string& line) {
  const auto [found, added] = status_index_.try_emplace(line, static_cast<int>(statuses_.size()));
  if (added) {
    statuses_.push_back(line);
    bytes_ += dump_safe(json(line)).size() + 1;
  }
  return found->second;
}

std::string PageTables::json_members() const {
  std::string out = "\"boards\":[";
  for (std::size_t i = 0; i < boards_.size(); ++i) {
    if (i > 0) out += ',';
    out += boards_[i];
  }
  json items = json::array();
  for (const Item& item : items_) items.push_back({item.panel, item.layer, item.svg});
  out += "],\"items\":" + dump_safe(items);
  out += ",\"statuses\":" + dump_safe(json(statuses_));
  return out;
}

void PageView::add(const Picture& picture, PageTables& tables) {
  if (positions_ == 0) board_ = tables.board(picture, glyphs_, colors_);
  now_.clear();
  for (std::size_t p = 0; p < picture.panels.size(); ++p) {
    for (const PictureItem& item : picture.panels[p].items)
      now_.push_back(tables.item(board_, static_cast<int>(p), item, colors_));
  }
  std::sort(now_.begin(), now_.end());
  now_.erase(std::unique(now_.begin(), now_.end()), now_.end());
  // What came or went: the script turns each of them over.
  std::vector<int> changed;
  std::set_symmetric_difference(shown_.begin(), shown_.end(), now_.begin(), now_.end(), std::back_inserter(changed));
  for (const int id : changed) append_compact(frames_, static_cast<std::uint64_t>(id));
  frames_ += '.';
  shown_.swap(now_);
  ++positions_;
}

std::uint64_t PageWriter::bytes() const {
  const std::uint64_t head = head_written_ ? 0 : kPageStyle.size() + kPageBody.size();
  // The texts, the settings and the tags around the data: under 4 KiB.
  constexpr std::uint64_t kFrame = 4096;
  return bytes_ + head + (first_ ? first_->size() : 0) + titles_bytes_ + tables_.bytes() + kPageScript.size() + kFrame;
}

void PageWriter::put(std::string_view text) {
  bytes_ += text.size();
  write_(text);
}

void PageWriter::head(const std::string& title) {
  const std::string language = xml_escape(settings_.texts.language);
  std::string out;
  out += "<!DOCTYPE html>\n<html lang=\"" + language + "\">\n<head>\n<meta charset=\"utf-8\">\n";
  // Nothing is fetched: the page holds all it shows.
  out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
         "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<meta name=\"generator\" content=\"gamerec\">\n";
  out += "<title>" + xml_escape(title) + "</title>\n<style>\n";
  out += kPageStyle;
  out += "</style>\n</head>\n<body>\n";
  out += kPageBody;
  put(out);
  head_written_ = true;
}

void PageWriter::add(const PageGame& game) {
  std::string text = "<script type=\"application/json\" class=\"gamerec-game\">";
  text += dump_safe(game_json(game, tables_));
  text += "</script>\n";
  titles_.push_back(game.title);
  titles_bytes_ += dump_safe(json(game.title)).size() + 1;
  if (titles_.size() == 1) {
    first_ = std::move(text);
    return;
  }
  if (!head_written_) {
    head(title_);
    put(*first_);
    first_.reset();
  }
  put(text);
}

void PageWriter::finish() {
  if (!head_written_) {
    head(titles_.empty() ? title_ : titles_.front());
    if (first_) put(*first_);
    first_.reset();
  }
  const PageTexts& t = settings_.texts;
  const json texts = {{"first", t.first}, {"previous", t.previous}, {"next", t.next},       {"last", t.last},
                      {"flip", t.flip},   {"game", t.game},         {"view", t.view},       {"moves", t.moves},
                      {"start", t.start}, {"move", t.move},         {"numbered", t.numbered_move},
                      {"keys", t.keys},   {"all", t.all_games}};
  std::string out = "<script type=\"application/json\" id=\"gamerec-data\">{\"texts\":" + dump_safe(texts);
  out += ",\"size\":" + std::to_string(settings_.size);
  out += ",\"flipped\":" + std::string(settings_.flipped ? "true" : "false");
  out += ",\"font\":" + dump_safe(json(std::string(kFontFamily)));
  out += ",\"titles\":" + dump_safe(json(titles_));
  out += "," + tables_.json_members() + "}</script>\n<script>\n";
  out += kPageScript;
  out += "</script>\n</body>\n</html>\n";
  put(out);
}

std::string index_head(const IndexTexts& texts) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"" + xml_escape(texts.language) + "\">\n<head>\n<meta charset=\"utf-8\">\n";
  out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<meta name=\"generator\" content=\"gamerec\">\n";
  out += "<title>" + xml_escape(texts.title) + "</title>\n<style>\n";
  out += kIndexStyle;
  out += "</style>\n</head>\n<body>\n<header><h1>" + xml_escape(texts.heading) + "</h1></header>\n<main>\n<table>\n";
  out += "<thead><tr><th>" + xml_escape(texts.number) + "</th><th>" + xml_escape(texts.game) + "</th><th>" +
         xml_escape(texts.result) + "</th><th>" + xml_escape(texts.moves) + "</th></tr></thead>\n<tbody>\n";
  return out;
}

std::string index_row(int number, const IndexRow& row) {
  return "<tr><td>" + std::to_string(number) + "</td><td><a href=\"" + xml_escape(row.page) + "\">" +
         xml_escape(row.title) + "</a></td><td>" + xml_escape(row.result) + "</td><td>" + std::to_string(row.moves) +
         "</td></tr>\n";
}

std::string index_tail() { return "</tbody>\n</table>\n</main>\n</body>\n</html>\n"; }

std::string script_safe_json(const std::string& json_text) {
  std::string out;
  out.reserve(json_text.size());
  for (const char c : json_text) {
    switch (c) {
      case '<': out += "\\u003c"; break;
      case '>': out += "\\u003e"; break;
      case '&': out += "\\u0026"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace gamerec::pictures

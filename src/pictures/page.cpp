#include "pictures/page.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

#include "pictures/page_assets.h"

namespace gamerec::pictures {
namespace {

using nlohmann::json;

json view_json(const PageView& view, const std::vector<Glyph>& glyphs) {
  const Picture& frame = view.geometry();
  std::string head;
  if (frame.background.kind != Paint::Kind::kNone)
    head += "<rect width=\"100%\" height=\"100%\" fill=\"" + view.colors().css(frame.background) + "\"/>";
  json panels = json::array();
  for (const Panel& panel : frame.panels) {
    head += panel_title_svg(panel);
    panels.push_back({panel.x + panel.width / 2, panel.y + panel.height / 2});
  }
  json items = json::array();
  for (const PageView::Item& item : view.items()) items.push_back({item.panel, item.layer, item.svg});
  return json{{"name", view.name()},
              {"w", frame.width},
              {"h", frame.height},
              {"defs", glyph_symbols(glyphs)},
              {"head", head},
              {"panels", panels},
              {"items", items},
              {"frames", view.frames()}};
}

json game_json(const PageGame& game) {
  json moves = json::array();
  for (const PageMove& move : game.moves)
    moves.push_back({move.number, move.text, move.side, move.side_name, move.comments});
  json views = json::array();
  for (const PageView& view : game.views) views.push_back(view_json(view, game.glyphs));
  json colours = json::array();
  if (!game.views.empty()) colours = game.views.front().colors().sides_css();
  return json{{"title", game.title}, {"info", game.info},     {"comments", game.comments},
              {"moves", moves},      {"status", game.statuses}, {"error", game.error},
              {"colours", colours},  {"views", views}};
}

}  // namespace

void PageView::add(const Picture& picture) {
  if (frames_.empty()) {
    geometry_ = picture;
    for (Panel& panel : geometry_.panels) panel.items.clear();
  }
  std::vector<int> now;
  for (std::size_t p = 0; p < picture.panels.size(); ++p) {
    for (const PictureItem& item : picture.panels[p].items) {
      std::string svg = item_svg(item, colors_);
      auto key = std::make_tuple(static_cast<int>(p), item.layer, std::move(svg));
      auto found = index_.find(key);
      if (found == index_.end()) {
        const int id = static_cast<int>(items_.size());
        items_.push_back(Item{std::get<0>(key), std::get<1>(key), std::get<2>(key)});
        found = index_.emplace(std::move(key), id).first;
      }
      now.push_back(found->second);
    }
  }
  std::sort(now.begin(), now.end());
  now.erase(std::unique(now.begin(), now.end()), now.end());
  std::vector<int> changes;
  std::vector<int> gone;
  std::set_difference(shown_.begin(), shown_.end(), now.begin(), now.end(), std::back_inserter(gone));
  for (const int id : gone) changes.push_back(-(id + 1));
  std::vector<int> came;
  std::set_difference(now.begin(), now.end(), shown_.begin(), shown_.end(), std::back_inserter(came));
  for (const int id : came) changes.push_back(id + 1);
  frames_.push_back(std::move(changes));
  shown_ = std::move(now);
}

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

std::string page_html(const Page& page) {
  json games = json::array();
  for (const PageGame& game : page.games) games.push_back(game_json(game));
  const PageTexts& t = page.texts;
  const json data{{"texts",
                   {{"first", t.first},
                    {"previous", t.previous},
                    {"next", t.next},
                    {"last", t.last},
                    {"flip", t.flip},
                    {"game", t.game},
                    {"view", t.view},
                    {"moves", t.moves},
                    {"start", t.start},
                    {"move", t.move},
                    {"keys", t.keys}}},
                  {"size", page.size},
                  {"flipped", page.flipped},
                  {"font", kFontFamily},
                  {"games", games}};
  // Bytes that are no UTF-8 (a record may hold any) become U+FFFD.
  const std::string data_text = script_safe_json(data.dump(-1, ' ', false, json::error_handler_t::replace));
  std::string out;
  out.reserve(data_text.size() + kPageScript.size() + kPageStyle.size() + 2048);
  out += "<!DOCTYPE html>\n<html lang=\"" + xml_escape(t.language) + "\">\n<head>\n<meta charset=\"utf-8\">\n";
  // Nothing is fetched: the page holds all it shows.
  out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
         "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<meta name=\"generator\" content=\"gamerec\">\n";
  out += "<title>" + xml_escape(page.title) + "</title>\n<style>\n";
  out += kPageStyle;
  out += "</style>\n</head>\n<body>\n";
  out += kPageBody;
  out += "<script type=\"application/json\" id=\"gamerec-data\">";
  out += data_text;
  out += "</script>\n<script>\n";
  out += kPageScript;
  out += "</script>\n</body>\n</html>\n";
  return out;
}

}  // namespace gamerec::pictures

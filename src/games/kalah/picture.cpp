// Kalah's picture (the Pictured facet): North's pits along the top, from
// its pit 1 on the right, South's along the bottom from the left; North's
// store on the left, South's on the right, as the board is drawn in text.
#include <array>
#include <cmath>

#include "games/kalah/kalah.h"

namespace gamerec::kalah {
namespace {

constexpr double kPitPitch = 130;
constexpr double kPitRadius = 56;
constexpr double kStoreLeft = 20;
constexpr double kStoreWidth = 110;
constexpr double kPitsLeft = kStoreLeft + kStoreWidth + 20;
constexpr double kNorthRow = 130;  // centre of each row of pits
constexpr double kSouthRow = 300;
constexpr double kHeight = 430;
constexpr double kSeedRadius = 9;
constexpr std::uint32_t kWood = 0xc8955a;
constexpr std::uint32_t kHollow = 0x9c6b3a;
constexpr std::uint32_t kSeed = 0xf3eee0;
constexpr std::uint32_t kInk = 0x2b1a08;
constexpr std::uint32_t kMarked = 0xf5c518;
// Seeds drawn in a pit, at most: the count says the rest.
constexpr int kSeedsDrawn = 19;

double pit_x(int column) { return kPitsLeft + kPitPitch / 2 + column * kPitPitch; }

// Where seed `i` lies in a pit: the centre, a ring of 6, a ring of 12.
std::pair<double, double> seed_offset(int i) {
  if (i == 0) return {0, 0};
  const bool inner = i <= 6;
  const int k = inner ? i - 1 : i - 7;
  const double angle = (inner ? k * 60.0 : k * 30.0 + 15) * 3.14159265358979 / 180;
  const double distance = inner ? 20 : 39;
  return {distance * std::cos(angle), distance * std::sin(angle)};
}

}  // namespace

Picture KalahGame::picture(const State& state, Side /*viewer: nothing is hidden*/) const {
  const KalahState& position = state_of(state);
  const int pits = rules_.pits;
  const double width = kPitsLeft + pits * kPitPitch + 20 + kStoreWidth + kStoreLeft;
  Picture picture{width, kHeight, Paint::fixed(0xffffff), {}};
  Panel panel{0, 0, width, kHeight, {}, {}};
  auto& items = panel.items;
  items.push_back(PictureItem{Rect{4, 4, width - 8, kHeight - 8, 60}, Style::outlined(Paint::fixed(kWood), Paint::fixed(kInk), 4),
                              kLayerBoard, ""});
  const Style count_style = Style::filled(Paint::fixed(kInk));
  const Style number_style = Style::filled(Paint::fixed(0x5a3d1e));
  // "S3": South's pit 3; "N": North's store.
  const auto side_letter = [](Side side) { return std::string(side == kNorth ? "N" : "S"); };
  const auto draw_pit = [&](Side side, int pit, double x, double y) {
    const std::string at = side_letter(side) + std::to_string(pit);
    const bool last = position.last_mover() == side && position.last_pit() == pit;
    items.push_back(PictureItem{Circle{x, y, kPitRadius}, Style::outlined(Paint::fixed(kHollow), Paint::of_side(side), 6),
                                kLayerBoard, "pit", at});
    if (last)
      items.push_back(PictureItem{Circle{x, y, kPitRadius + 2}, Style::outlined(Paint::none(), Paint::fixed(kMarked), 10),
                                  kLayerMarks, "last-move", at});
    const int seeds = position.seeds_in(side, pit);
    for (int i = 0; i < seeds && i < kSeedsDrawn; ++i) {
      const auto [dx, dy] = seed_offset(i);
      items.push_back(PictureItem{Circle{x + dx, y + dy, kSeedRadius}, Style::outlined(Paint::fixed(kSeed), Paint::fixed(kInk), 1.5),
                                  kLayerPieces, "seed", at});
    }
    // The count beside the pit, on the board's edge; the pit's number
    // (what a move names) between the rows.
    const double count_y = side == kNorth ? kNorthRow - kPitRadius - 34 : kSouthRow + kPitRadius + 34;
    items.push_back(PictureItem{Label{x, count_y, 40, std::to_string(seeds), true}, count_style, kLayerOver, "count", at});
    const double number_y = side == kNorth ? kNorthRow + kPitRadius + 16 : kSouthRow - kPitRadius - 16;
    items.push_back(PictureItem{Label{x, number_y, 22, std::to_string(pit), false}, number_style, kLayerBoard, "label"});
  };
  for (int pit = 1; pit <= pits; ++pit) {
    draw_pit(kNorth, pit, pit_x(pits - pit), kNorthRow);
    draw_pit(kSouth, pit, pit_x(pit - 1), kSouthRow);
  }
  const double store_top = kNorthRow - kPitRadius;
  const double store_height = kSouthRow + kPitRadius - store_top;
  const auto draw_store = [&](Side side, double x) {
    items.push_back(PictureItem{Rect{x, store_top, kStoreWidth, store_height, kStoreWidth / 2},
                                Style::outlined(Paint::fixed(kHollow), Paint::of_side(side), 6), kLayerBoard, "store",
                                side_letter(side)});
    items.push_back(PictureItem{Label{x + kStoreWidth / 2, store_top + store_height / 2, 54,
                                      std::to_string(position.row(side).store), true},
                                Style::filled(Paint::fixed(kSeed)), kLayerOver, "count", side_letter(side)});
  };
  draw_store(kNorth, kStoreLeft);
  draw_store(kSouth, width - kStoreLeft - kStoreWidth);
  picture.panels.push_back(std::move(panel));
  return picture;
}

}  // namespace gamerec::kalah

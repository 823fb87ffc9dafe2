#include "ui/colors.h"

#include <algorithm>
#include <cmath>

namespace gamerec::ui {
namespace {

// The 16 system colours as xterm draws them.
constexpr std::array<Rgb, 16> kSystem = {{{0, 0, 0},
                                          {205, 0, 0},
                                          {0, 205, 0},
                                          {205, 205, 0},
                                          {0, 0, 238},
                                          {205, 0, 205},
                                          {0, 205, 205},
                                          {229, 229, 229},
                                          {127, 127, 127},
                                          {255, 0, 0},
                                          {0, 255, 0},
                                          {255, 255, 0},
                                          {92, 92, 255},
                                          {255, 0, 255},
                                          {0, 255, 255},
                                          {255, 255, 255}}};

double luminance(int index) {
  const Rgb rgb = xterm_rgb(index);
  const auto linear = [](int channel) {
    const double v = channel / 255.0;
    return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * linear(rgb[0]) + 0.7152 * linear(rgb[1]) + 0.0722 * linear(rgb[2]);
}

}  // namespace

Rgb xterm_rgb(int index) {
  index = std::clamp(index, 0, 255);
  if (index < 16) return kSystem[static_cast<std::size_t>(index)];
  if (index >= 232) {
    const int grey = 8 + 10 * (index - 232);
    return {grey, grey, grey};
  }
  constexpr std::array<int, 6> kSteps = {0, 95, 135, 175, 215, 255};
  const int cube = index - 16;
  return {kSteps[static_cast<std::size_t>(cube / 36)], kSteps[static_cast<std::size_t>((cube / 6) % 6)],
          kSteps[static_cast<std::size_t>(cube % 6)]};
}

double contrast_ratio(int a, int b) {
  const double la = luminance(a);
  const double lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

int text_color_on(int background) {
  constexpr int kBlack = 16;
  constexpr int kWhite = 231;
  return contrast_ratio(kBlack, background) >= contrast_ratio(kWhite, background) ? kBlack : kWhite;
}

}  // namespace gamerec::ui

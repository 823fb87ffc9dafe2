#include "core/elo.h"

#include <cmath>

namespace gamerec {
namespace {

// The standard normal quantile of 0.975 (cutechess-cli approximates it as
// 1.957, so its intervals are 0.1% narrower).
constexpr double kZ975 = 1.959963984540054;

}  // namespace

double elo_difference(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }

EloEstimate estimate_elo(std::int64_t wins, std::int64_t losses, std::int64_t draws) {
  EloEstimate estimate;
  const auto n = static_cast<double>(wins + losses + draws);
  if (n <= 0) return estimate;
  const double w = static_cast<double>(wins) / n;
  const double l = static_cast<double>(losses) / n;
  const double d = static_cast<double>(draws) / n;
  const double mu = w + d / 2;
  estimate.score = mu;
  if (mu > 0 && mu < 1) estimate.difference = elo_difference(mu);
  const double variance = w * (1 - mu) * (1 - mu) + l * mu * mu + d * (0.5 - mu) * (0.5 - mu);
  const double deviation = std::sqrt(variance / n);
  const double low = mu - kZ975 * deviation;
  const double high = mu + kZ975 * deviation;
  if (estimate.difference && low > 0 && high < 1)
    estimate.margin = (elo_difference(high) - elo_difference(low)) / 2;
  if (wins + losses > 0)
    estimate.superiority =
        0.5 + 0.5 * std::erf(static_cast<double>(wins - losses) / std::sqrt(2.0 * static_cast<double>(wins + losses)));
  return estimate;
}

}  // namespace gamerec

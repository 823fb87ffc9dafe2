#include "core/sprt.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <span>
#include <vector>

#include "core/elo.h"

namespace gamerec {
namespace {

// The standard normal quantile of 0.975 (core/elo.cpp's).
constexpr double kZ975 = 1.959963984540054;
// Normalized Elo per standard deviation of a game's score: nElo =
// (mean - 1/2) / sigma * 800 / ln 10.
constexpr double kNeloScale = 800.0 / std::numbers::ln10;

double logistic_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

// A count of zero would make a hypothesis's likelihood zero wherever the
// empirical one is: it counts as a thousandth (as fastchess does), which
// moves no LLR that decides anything.
double regularized(std::int64_t count) { return count == 0 ? 1e-3 : static_cast<double>(count); }

struct Empirical {
  std::vector<double> scores;  // each outcome's points, 0 to 1
  std::vector<double> probs;   // its regularized share
  double total = 0;            // the regularized count
};

template <std::size_t N>
Empirical empirical(const std::array<std::int64_t, N>& counts) {
  Empirical e;
  for (std::size_t i = 0; i < N; ++i) {
    e.scores.push_back(static_cast<double>(i) / static_cast<double>(N - 1));
    e.total += regularized(counts[i]);
  }
  for (std::size_t i = 0; i < N; ++i) e.probs.push_back(regularized(counts[i]) / e.total);
  return e;
}

double mean(std::span<const double> x, std::span<const double> p) {
  double sum = 0;
  for (std::size_t i = 0; i < x.size(); ++i) sum += x[i] * p[i];
  return sum;
}

double variance(std::span<const double> x, std::span<const double> p) {
  const double mu = mean(x, p);
  double sum = 0;
  for (std::size_t i = 0; i < x.size(); ++i) sum += p[i] * (x[i] - mu) * (x[i] - mu);
  return sum;
}

// The theta with sum p_i phi_i / (1 + theta phi_i) = 0, where phi takes
// both signs: the sum falls from +infinity to -infinity between
// -1/max(phi) and -1/min(phi), so bisection finds it.
double solve_theta(std::span<const double> probs, std::span<const double> phi) {
  double low = -1.0 / *std::max_element(phi.begin(), phi.end());
  double high = -1.0 / *std::min_element(phi.begin(), phi.end());
  for (int step = 0; step < 200 && low < high; ++step) {
    const double middle = low + (high - low) / 2;
    if (middle <= low || middle >= high) break;
    double sum = 0;
    for (std::size_t i = 0; i < probs.size(); ++i) sum += probs[i] * phi[i] / (1.0 + middle * phi[i]);
    (sum > 0 ? low : high) = middle;
  }
  return low + (high - low) / 2;
}

// The distribution closest to the empirical one whose mean score is `s`
// (Van den Bergh, proposition 1.1).
std::vector<double> with_mean(const Empirical& e, double s) {
  std::vector<double> phi;
  for (const double a : e.scores) phi.push_back(a - s);
  const double theta = solve_theta(e.probs, phi);
  std::vector<double> p;
  for (std::size_t i = 0; i < phi.size(); ++i) p.push_back(e.probs[i] / (1.0 + theta * phi[i]));
  return p;
}

// Moves `p` to the distribution closest to the empirical one whose
// (mean - 1/2) / sigma is `t` (Van den Bergh, "Comments on normalized
// Elo", section 4.1), by fixed-point iteration. False when an iteration
// finds no multiplier: every phi of one sign, p too far from the answer.
bool move_to_normalized(const Empirical& e, double t, std::vector<double>& p) {
  for (int iteration = 0; iteration < 10; ++iteration) {
    const double mu = mean(e.scores, p);
    const double sigma = std::sqrt(variance(e.scores, p));
    std::vector<double> phi;
    for (const double a : e.scores) {
      const double z = (a - mu) / sigma;
      phi.push_back(a - 0.5 - 0.5 * t * sigma * (1.0 + z * z));
    }
    const auto [lowest, highest] = std::minmax_element(phi.begin(), phi.end());
    if (!(*lowest < 0 && *highest > 0)) return false;
    const double theta = solve_theta(e.probs, phi);
    double change = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
      const double next = e.probs[i] / (1.0 + theta * phi[i]);
      change = std::max(change, std::abs(next - p[i]));
      p[i] = next;
    }
    if (change < 1e-4) break;
  }
  return true;
}

// The distribution for `t`, reached from the uniform. Past |t| of about
// 0.9 the uniform is too far from it for the first step to find a
// multiplier, so t is walked out from 0 in steps, each starting from the
// last one's answer; the steps halve until they go through. NaN if even
// tiny steps fail (it has not happened for any count or bound tried).
std::vector<double> with_normalized(const Empirical& e, double t) {
  const std::vector<double> uniform(e.scores.size(), 1.0 / static_cast<double>(e.scores.size()));
  for (int steps = std::max(1, static_cast<int>(std::ceil(std::abs(t) / 0.5))); steps <= 4096; steps *= 2) {
    std::vector<double> p = uniform;
    bool reached = true;
    for (int step = 1; step <= steps && reached; ++step) reached = move_to_normalized(e, t * step / steps, p);
    if (reached) return p;
  }
  return std::vector<double>(e.scores.size(), std::numeric_limits<double>::quiet_NaN());
}

// total * sum p_i log(p1_i / p0_i): the log-likelihood ratio of the results
// under the two hypotheses' most likely distributions.
double log_likelihood_ratio(const Empirical& e, const std::vector<double>& p0,
                            const std::vector<double>& p1) {
  double sum = 0;
  for (std::size_t i = 0; i < p0.size(); ++i) sum += e.probs[i] * (std::log(p1[i]) - std::log(p0[i]));
  return e.total * sum;
}

// `pair_games`: how many games make one outcome (2 for a pair), which
// scales normalized Elo: a pair's score varies less than a game's.
double llr_of(const Empirical& e, const SprtSettings& settings, double pair_games) {
  if (settings.model == EloModel::kLogistic)
    return log_likelihood_ratio(e, with_mean(e, logistic_score(settings.elo0)),
                                with_mean(e, logistic_score(settings.elo1)));
  const double scale = std::sqrt(pair_games) / kNeloScale;
  return log_likelihood_ratio(e, with_normalized(e, settings.elo0 * scale),
                              with_normalized(e, settings.elo1 * scale));
}

template <std::size_t N>
SprtElo elo_of(const std::array<std::int64_t, N>& counts, EloModel model, double pair_games) {
  std::int64_t total = 0;
  for (const std::int64_t count : counts) total += count;
  if (total == 0) return {};
  std::vector<double> scores;
  std::vector<double> probs;
  for (std::size_t i = 0; i < N; ++i) {
    scores.push_back(static_cast<double>(i) / static_cast<double>(N - 1));
    probs.push_back(static_cast<double>(counts[i]) / static_cast<double>(total));
  }
  const double mu = mean(scores, probs);
  const double spread = std::sqrt(variance(scores, probs));  // of one outcome's score
  const double error = spread / std::sqrt(static_cast<double>(total));
  SprtElo elo;
  elo.score = mu;
  if (model == EloModel::kNormalized) {
    if (spread == 0) return elo;
    // A game's deviation is about sqrt(pair_games) times a pair's mean's.
    const double game_spread = spread * std::sqrt(pair_games);
    elo.value = (mu - 0.5) / game_spread * kNeloScale;
    elo.margin = kZ975 * error / game_spread * kNeloScale;
    return elo;
  }
  if (mu <= 0 || mu >= 1) return elo;
  elo.value = elo_difference(mu);
  const double low = mu - kZ975 * error;
  const double high = mu + kZ975 * error;
  if (low > 0 && high < 1) elo.margin = (elo_difference(high) - elo_difference(low)) / 2;
  return elo;
}

}  // namespace

Sprt::Sprt(const SprtSettings& settings)
    : settings_(settings),
      lower_(std::log(settings.beta / (1 - settings.alpha))),
      upper_(std::log((1 - settings.beta) / settings.alpha)) {}

Result<Sprt, Error> Sprt::make(const SprtSettings& settings) {
  const bool probabilities = settings.alpha > 0 && settings.alpha < 1 && settings.beta > 0 &&
                             settings.beta < 1 && settings.alpha + settings.beta < 1;
  if (!(settings.elo0 < settings.elo1) || !probabilities)
    return Error{"usage", Message{"tourney.sprt-bounds"}};
  return Sprt(settings);
}

double Sprt::llr(const Trinomial& results) const { return llr_of(empirical(results.counts), settings_, 1); }

double Sprt::llr(const Pentanomial& results) const { return llr_of(empirical(results.counts), settings_, 2); }

Sprt::Verdict Sprt::verdict(double llr) const {
  if (llr >= upper_) return Verdict::kAcceptH1;
  if (llr <= lower_) return Verdict::kAcceptH0;
  return Verdict::kContinue;
}

SprtElo Sprt::elo(const Trinomial& results) const { return elo_of(results.counts, settings_.model, 1); }

SprtElo Sprt::elo(const Pentanomial& results) const { return elo_of(results.counts, settings_.model, 2); }

}  // namespace gamerec

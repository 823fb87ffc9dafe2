// tourney --sprt's statistics (core/sprt.h), checked two ways: against the
// LLRs fastchess's own tests assert for the same counts (its
// app/tests/sprt_test.cpp, commit 74deac23: "normalized trinomial 1" and
// so on, quoted below with its argument order turned into ours), and, for
// the logistic trinomial, against a brute-force maximum of the likelihood
// over every distribution with the hypothesis's mean score.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/sprt.h"

using namespace gamerec;

namespace {

Sprt make(double elo0, double elo1, EloModel model) {
  return Sprt::make(SprtSettings{elo0, elo1, 0.05, 0.05, model}).value();
}

// fastchess's Stats(wins, losses, draws): ours are losses, draws, wins.
Trinomial trinomial(std::int64_t wins, std::int64_t losses, std::int64_t draws) {
  return {{losses, draws, wins}};
}

// fastchess's Stats(LL, LD, WL, DD, WD, WW): a win-loss pair and a draw
// pair both score 1 point.
Pentanomial pentanomial(std::int64_t ll, std::int64_t ld, std::int64_t wl, std::int64_t dd, std::int64_t wd,
                        std::int64_t ww) {
  return {{ll, ld, wl + dd, wd, ww}};
}

// The log-likelihood of `counts` (losses, draws, wins) under the most
// likely distribution whose mean score is `s`, found by a golden-section
// search over the one free parameter (the share of wins t: then draws are
// 2(s - t) and losses 1 - 2s + t). The log-likelihood is concave in t.
double best_log_likelihood(const Trinomial& results, double s) {
  const auto log_likelihood = [&](double t) {
    const double p[3] = {1 - 2 * s + t, 2 * (s - t), t};
    double sum = 0;
    for (int i = 0; i < 3; ++i) {
      const double count = results.counts[static_cast<std::size_t>(i)] == 0
                               ? 1e-3
                               : static_cast<double>(results.counts[static_cast<std::size_t>(i)]);
      sum += count * std::log(p[i]);
    }
    return sum;
  };
  double low = std::max(0.0, 2 * s - 1) + 1e-12;
  double high = s - 1e-12;
  const double golden = (std::sqrt(5.0) - 1) / 2;
  for (int step = 0; step < 200; ++step) {
    const double a = high - golden * (high - low);
    const double b = low + golden * (high - low);
    if (log_likelihood(a) < log_likelihood(b))
      low = a;
    else
      high = b;
  }
  return log_likelihood((low + high) / 2);
}

double logistic(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

}  // namespace

TEST_CASE("sprt: the bounds are log(beta / (1 - alpha)) and log((1 - beta) / alpha)") {
  const Sprt sprt = make(0, 5, EloModel::kNormalized);
  CHECK(sprt.lower_bound() == Approx(std::log(0.05 / 0.95)));  // -2.944
  CHECK(sprt.upper_bound() == Approx(std::log(0.95 / 0.05)));  // +2.944
  CHECK(sprt.verdict(2.95) == Sprt::Verdict::kAcceptH1);
  CHECK(sprt.verdict(-2.95) == Sprt::Verdict::kAcceptH0);
  CHECK(sprt.verdict(0) == Sprt::Verdict::kContinue);
}

TEST_CASE("sprt: settings that make no test are refused") {
  for (const SprtSettings settings : {SprtSettings{5, 0}, SprtSettings{0, 0}, SprtSettings{0, 5, 0, 0.05},
                                      SprtSettings{0, 5, 0.05, 1}, SprtSettings{0, 5, 0.6, 0.5}}) {
    const auto made = Sprt::make(settings);
    REQUIRE_FALSE(made);
    CHECK(made.error().message.key == "tourney.sprt-bounds");
  }
}

TEST_CASE("sprt: trinomial LLRs are fastchess's") {
  CHECK(make(0, 2, EloModel::kNormalized).llr(trinomial(36433, 36027, 68692)) == Approx(0.92).epsilon(0.01));
  CHECK(make(-1.75, 0.25, EloModel::kNormalized).llr(trinomial(10871, 10650, 20431)) ==
        Approx(2.30).epsilon(0.01));
  CHECK(make(0, 10, EloModel::kNormalized).llr(trinomial(4250, 0, 0)) == Approx(120.56).epsilon(0.01));
  CHECK(make(0.5, 2.5, EloModel::kLogistic).llr(trinomial(21404, 21184, 40708)) ==
        Approx(-1.57).epsilon(0.01));
  CHECK(make(0, 2, EloModel::kLogistic).llr(trinomial(57433, 57030, 106593)) == Approx(-2.59).epsilon(0.01));
}

TEST_CASE("sprt: pentanomial LLRs are fastchess's") {
  CHECK(make(0, 2, EloModel::kNormalized).llr(pentanomial(365, 16618, 36029, 200, 16974, 390)) ==
        Approx(2.25).epsilon(0.01));
  CHECK(make(-1.75, 0.25, EloModel::kNormalized).llr(pentanomial(127, 4883, 10311, 401, 5150, 104)) ==
        Approx(3.01).epsilon(0.01));
  CHECK(make(0, 5, EloModel::kNormalized).llr(pentanomial(0, 0, 0, 0, 0, 5550)) ==
        Approx(111.82).epsilon(0.01));
  CHECK(make(0.5, 2.5, EloModel::kLogistic).llr(pentanomial(223, 9863, 20279, 1000, 10037, 246)) ==
        Approx(-3.07).epsilon(0.01));
  CHECK(make(0, 2, EloModel::kLogistic).llr(pentanomial(871, 26175, 55003, 980, 26678, 821)) ==
        Approx(-4.98).epsilon(0.01));
}

TEST_CASE("sprt: normalized bounds far from 0 still give a finite LLR of the right sign") {
  // Beyond about 230 nElo (pairs) the first step from the uniform finds no
  // multiplier: the distribution is reached in steps.
  for (const double elo1 : {300.0, 1000.0, 3000.0}) {
    INFO(elo1);
    const Sprt sprt = make(0, elo1, EloModel::kNormalized);
    const double all_won = sprt.llr(pentanomial(0, 0, 0, 0, 0, 40));
    CHECK(std::isfinite(all_won));
    CHECK(all_won > 0);
    const double all_lost = sprt.llr(pentanomial(40, 0, 0, 0, 0, 0));
    CHECK(std::isfinite(all_lost));
    CHECK(all_lost < 0);
    const double even = sprt.llr(trinomial(30, 30, 40));
    CHECK(std::isfinite(even));
    CHECK(even < 0);
    CHECK(std::isfinite(make(-elo1, 0, EloModel::kNormalized).llr(pentanomial(3, 10, 20, 5, 10, 3))));
  }
}

TEST_CASE("sprt: the logistic trinomial LLR is the brute-force likelihood ratio") {
  const Trinomial cases[] = {{{30, 40, 50}}, {{100, 0, 120}}, {{7, 3, 2}}, {{500, 1200, 560}}, {{0, 10, 0}}};
  for (const Trinomial& results : cases) {
    for (const auto& [elo0, elo1] : {std::pair{0.0, 5.0}, std::pair{-10.0, 10.0}, std::pair{20.0, 40.0}}) {
      INFO(results.counts[0] << " " << results.counts[1] << " " << results.counts[2] << " elo " << elo0 << " "
                             << elo1);
      const double reference =
          best_log_likelihood(results, logistic(elo1)) - best_log_likelihood(results, logistic(elo0));
      CHECK(make(elo0, elo1, EloModel::kLogistic).llr(results) ==
            Approx(reference).margin(1e-6).epsilon(1e-6));
    }
  }
}

TEST_CASE("sprt: the Elo estimate reads the mean score on the test's scale") {
  // 60 wins, 20 draws, 20 losses: a mean of 0.7, logistic Elo +147.2.
  const Trinomial results{{20, 20, 60}};
  const SprtElo logistic_elo = make(0, 5, EloModel::kLogistic).elo(results);
  REQUIRE(logistic_elo.value);
  CHECK(*logistic_elo.value == Approx(-400 * std::log10(1 / 0.7 - 1)));
  REQUIRE(logistic_elo.margin);
  CHECK(*logistic_elo.margin > 0);
  // Normalized: (0.7 - 0.5) / sigma * 800 / ln 10, sigma^2 = 0.6 * 0.09 + 0.2 * 0.04 + 0.2 * 0.49 = 0.16.
  const SprtElo normalized = make(0, 5, EloModel::kNormalized).elo(results);
  REQUIRE(normalized.value);
  CHECK(*normalized.value == Approx(0.2 / 0.4 * 800 / std::log(10.0)));
  // Every pair won: no finite logistic estimate, a score of 1.
  const SprtElo won = make(0, 5, EloModel::kLogistic).elo(Pentanomial{{0, 0, 0, 0, 12}});
  CHECK_FALSE(won.value);
  CHECK(won.score == 1.0);
  CHECK_FALSE(make(0, 5, EloModel::kLogistic).elo(Pentanomial{}).score);
}

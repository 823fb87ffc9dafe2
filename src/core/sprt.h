#pragma once
// A sequential probability ratio test between two entrants (gamerec(1),
// tourney --sprt), as fishtest, OpenBench and fastchess run it: H0 says the
// first entrant is elo0 stronger than the second, H1 that it is elo1
// stronger; the log-likelihood ratio (LLR) of the results so far is
// compared with log(beta / (1 - alpha)), below which H0 is accepted, and
// log((1 - beta) / alpha), above which H1 is. The LLR is the generalized
// one of M. Van den Bergh's notes ("Comparing the approximations for the
// generalized log likelihood ratio of a multinomial distribution";
// "Comments on normalized Elo"): each hypothesis's most likely
// distribution of results with the empirical one's shape, found by solving
// for its Lagrange multiplier.
//
// Results are counted per game (trinomial: loss, draw, win) or, when each
// opening is played twice with the sides swapped, per pair of games
// (pentanomial: the first entrant's points in the pair, 0 to 2 by halves),
// which cancels most of what the opening does to a result.
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "rules/error.h"
#include "rules/result.h"

namespace gamerec {

enum class EloModel {
  kNormalized,  // elo0 and elo1 in normalized Elo (nElo), as fishtest
  kLogistic,    // in logistic Elo, the scale of the results table
};

struct SprtSettings {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;  // the chance of accepting H1 when H0 holds
  double beta = 0.05;   // the chance of accepting H0 when H1 holds
  EloModel model = EloModel::kNormalized;
};

// Counts of results, the first entrant's: [0] is its worst.
struct Trinomial {
  std::array<std::int64_t, 3> counts{};  // losses, draws, wins
  std::int64_t total() const { return counts[0] + counts[1] + counts[2]; }
};
struct Pentanomial {
  // Pairs by its points in them: 0 (two losses), 0.5, 1 (two draws, or a
  // win and a loss), 1.5, 2 (two wins).
  std::array<std::int64_t, 5> counts{};
  std::int64_t total() const { return counts[0] + counts[1] + counts[2] + counts[3] + counts[4]; }
};

// An Elo estimate from the same counts, on the test's scale: its value and
// the half width of its 95% interval (nullopt when a score of 0 or 1, or
// results all alike, make it infinite), and the mean score it reads.
struct SprtElo {
  std::optional<double> value;
  std::optional<double> margin;
  std::optional<double> score;  // nullopt before any result
};

class Sprt {
 public:
  enum class Verdict { kContinue, kAcceptH0, kAcceptH1 };

  // The settings checked: elo0 below elo1, alpha and beta between 0 and 1
  // with alpha + beta below 1 ("tourney.sprt-bounds").
  static Result<Sprt, Error> make(const SprtSettings& settings);

  double lower_bound() const { return lower_; }
  double upper_bound() const { return upper_; }

  double llr(const Trinomial& results) const;
  double llr(const Pentanomial& results) const;
  // kContinue for an LLR inside the bounds, and for one that is not a
  // number (never seen; a test that cannot decide must not stop).
  Verdict verdict(double llr) const;

  SprtElo elo(const Trinomial& results) const;
  SprtElo elo(const Pentanomial& results) const;

 private:
  explicit Sprt(const SprtSettings& settings);

  SprtSettings settings_;
  double lower_;
  double upper_;
};

}  // namespace gamerec

#pragma once
// An entrant's results as an Elo difference, the model cutechess-cli uses
// (gamerec(1), tourney, "Elo"): the mean score per game mu = (W + D/2) / N
// is read as a logistic expectation, difference = -400 log10(1/mu - 1);
// its 95% interval comes from the normal approximation of mu with the
// trinomial (win/draw/loss) variance, mapped through the same curve; the
// likelihood of superiority is 1/2 + 1/2 erf((W - L) / sqrt(2 (W + L))).
#include <cstdint>
#include <optional>

namespace gamerec {

struct EloEstimate {
  double score = 0;                 // mu, the points per game (0.5 for none played)
  std::optional<double> difference;  // nullopt when mu is 0 or 1 (infinite)
  std::optional<double> margin;      // half the 95% interval; nullopt when it is unbounded
  double superiority = 0.5;          // LOS: 0.5 with no decisive game
};

EloEstimate estimate_elo(std::int64_t wins, std::int64_t losses, std::int64_t draws);

// -400 log10(1/score - 1): the difference a mean score stands for.
double elo_difference(double score);

}  // namespace gamerec

//! Match statistics: the score with its 95% confidence interval and the Elo
//! difference it implies.

/// The two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one side of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The other side's tally.
    pub fn mirror(&self) -> Tally {
        Tally { wins: self.losses, draws: self.draws, losses: self.wins }
    }

    /// The score: a win 1, a draw ½, a loss 0, averaged (½ with no game).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// The 95% confidence interval of the score: Wilson's score interval
    /// (Wilson, *Probable inference, the law of succession, and statistical
    /// inference*, JASA 1927), a draw counted as half a win. Unlike the normal
    /// approximation it does not shrink to a point when every game had the same
    /// result (10 wins of 10: 0.722 to 1), and it stays inside `0..=1`; with
    /// many draws it is a little wider than the games' own spread would give.
    /// `(0, 1)` with no game.
    pub fn score_interval(&self) -> (f64, f64) {
        let n = self.games();
        if n == 0 {
            return (0.0, 1.0);
        }
        let (s, nf, z2) = (self.score(), n as f64, Z95 * Z95);
        let d = 1.0 + z2 / nf;
        let centre = (s + z2 / (2.0 * nf)) / d;
        let half = Z95 / d * (s * (1.0 - s) / nf + z2 / (4.0 * nf * nf)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// The Elo difference the score implies ([`elo`]).
    pub fn elo(&self) -> f64 {
        elo(self.score())
    }

    /// The Elo interval: the score interval's ends turned into Elo.
    pub fn elo_interval(&self) -> (f64, f64) {
        let (lo, hi) = self.score_interval();
        (elo(lo), elo(hi))
    }
}

/// The Elo difference of a player expected to score `score` (0–1) against
/// the other: `−400·log10(1/score − 1)`; ±∞ at 0 and 1.
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// An Elo value for a table: `+147`, `-inf`.
pub fn format_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else if e.round() == 0.0 {
        "0".to_string()
    } else {
        format!("{e:+.0}")
    }
}

/// The results of game pairs (the two games of one opening, colours
/// swapped) by the pair's score for one side: `counts[k]` pairs scored `k/2`
/// points of 2 (0: lost both, … 4: won both). The pentanomial statistic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct PairTally {
    /// Pairs by score in half points, 0–4.
    pub counts: [u64; 5],
}

impl PairTally {
    /// Adds a pair from the side's two game scores (each 0, ½ or 1).
    pub fn add(&mut self, a: f64, b: f64) {
        let k = ((a + b) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// A sequential probability ratio test of H0: Elo = `elo0` against H1: Elo =
/// `elo1` (the logistic Elo of [`elo`]), with false-positive rate `alpha` and
/// false-negative rate `beta` (Wald 1945): the match stops once the
/// log-likelihood ratio leaves `(ln(β/(1−α)), ln((1−β)/α))`.
///
/// The LLR is the generalized SPRT's normal approximation (Van den Bergh,
/// as fishtest uses it): for `N` results with mean score `s` and variance
/// `σ²` per result, and `s0`, `s1` the scores `elo0` and `elo1` imply,
/// `LLR = N·(s1 − s0)·(2s − s0 − s1) / (2σ²)`. A result category never seen
/// counts 0.001 (fishtest's regularisation), so a one-sided match still has a
/// variance. With fewer than [`SPRT_MIN_RESULTS`] results the LLR is taken
/// as 0: the normal approximation means nothing on a handful of results (one
/// lost pair would otherwise "prove" anything).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1 (greater than `elo0`).
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an SPRT concludes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum SprtDecision {
    /// The LLR reached the upper bound: H1 (Elo ≥ elo1) accepted.
    AcceptH1,
    /// The LLR reached the lower bound: H0 (Elo ≤ elo0) accepted.
    AcceptH0,
    /// Neither bound reached yet.
    Continue,
}

/// A count of results never seen, as the SPRT counts it.
const UNSEEN: f64 = 1e-3;

/// The fewest results (games, or pairs) on which an SPRT decides.
pub const SPRT_MIN_RESULTS: u64 = 10;

impl Sprt {
    /// A test with these bounds; an error naming the fault unless
    /// `elo0 < elo1` and `0 < alpha, beta < 0.5`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(format!("SPRT needs elo0 < elo1, got {elo0} and {elo1}"));
        }
        if elo0.abs() > 2000.0 || elo1.abs() > 2000.0 {
            return Err(format!("SPRT Elo bounds must be within ±2000, got {elo0} and {elo1}"));
        }
        for (name, v) in [("alpha", alpha), ("beta", beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("SPRT {name} must be between 0 and 0.5 (exclusive), got {v}"));
            }
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// Reads `elo0,elo1` or `elo0,elo1,alpha,beta` (alpha and beta 0.05 when
    /// left out).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let bad = || {
            format!(
                "SPRT '{}' is not elo0,elo1 or elo0,elo1,alpha,beta (e.g. 0,50 or 0,50,0.05,0.05)",
                crate::game::clip(text)
            )
        };
        if parts.len() != 2 && parts.len() != 4 {
            return Err(bad());
        }
        let v: Vec<f64> =
            parts.iter().map(|p| p.parse::<f64>()).collect::<Result<_, _>>().map_err(|_| bad())?;
        let (alpha, beta) = if v.len() == 4 { (v[2], v[3]) } else { (0.05, 0.05) };
        Sprt::new(v[0], v[1], alpha, beta)
    }

    /// The LLR bounds: `(ln(β/(1−α)), ln((1−β)/α))`.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The LLR of results given as `(score, count)`: scores 0–1, counts of
    /// results with that score (0 for none yet).
    pub fn llr(&self, results: &[(f64, u64)]) -> f64 {
        let n: u64 = results.iter().map(|r| r.1).sum();
        if n < SPRT_MIN_RESULTS {
            return 0.0;
        }
        let counts: Vec<f64> =
            results.iter().map(|&(_, c)| if c == 0 { UNSEEN } else { c as f64 }).collect();
        let total: f64 = counts.iter().sum();
        let mean = results.iter().zip(&counts).map(|(r, c)| r.0 * c).sum::<f64>() / total;
        let var =
            results.iter().zip(&counts).map(|(r, c)| c * (r.0 - mean).powi(2)).sum::<f64>() / total;
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        total * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The LLR of single games (the trinomial statistic).
    pub fn llr_games(&self, t: &Tally) -> f64 {
        self.llr(&[(0.0, t.losses), (0.5, t.draws), (1.0, t.wins)])
    }

    /// The LLR of game pairs (the pentanomial statistic: a pair's score is
    /// the mean of its two games).
    pub fn llr_pairs(&self, p: &PairTally) -> f64 {
        let r: Vec<(f64, u64)> = (0..5).map(|k| (k as f64 / 4.0, p.counts[k])).collect();
        self.llr(&r)
    }

    /// What an LLR concludes.
    pub fn decide(&self, llr: f64) -> SprtDecision {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtDecision::AcceptH1
        } else if llr <= lo {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

/// The score expected at an Elo difference: `1 / (1 + 10^(−elo/400))`, the
/// inverse of [`elo`].
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

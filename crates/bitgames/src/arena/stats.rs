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

    /// The 95% confidence interval of the score by the normal approximation,
    /// with the variance of the games' own results (wins, draws and losses
    /// as observed), clamped to `0..=1`; `(0, 1)` with no game.
    pub fn score_interval(&self) -> (f64, f64) {
        let n = self.games();
        if n == 0 {
            return (0.0, 1.0);
        }
        let s = self.score();
        let nf = n as f64;
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / nf;
        let half = Z95 * (var / nf).sqrt();
        ((s - half).max(0.0), (s + half).min(1.0))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_table() {
        // The logistic Elo table (e.g. the FIDE/chessprogramming tables):
        // 64% ≈ +100, 75% ≈ +191, 76% ≈ +200, 90% ≈ +382, 50% = 0.
        assert_eq!(elo(0.5), 0.0);
        assert!(close(elo(0.64), 99.95, 0.01), "{}", elo(0.64));
        assert!(close(elo(0.75), 190.85, 0.01), "{}", elo(0.75));
        assert!(close(elo(0.76), 200.24, 0.01), "{}", elo(0.76));
        assert!(close(elo(0.90), 381.70, 0.01), "{}", elo(0.90));
        assert!(close(elo(0.25), -190.85, 0.01));
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(elo(0.0), f64::NEG_INFINITY);
        assert_eq!(format_elo(elo(1.0)), "+inf");
        assert_eq!(format_elo(190.85), "+191");
    }

    #[test]
    fn score_intervals() {
        // 6 wins, 2 draws, 2 losses: s = 0.7; per-game variance
        // (6·0.3² + 2·0.2² + 2·0.7²)/10 = 0.16; se = √(0.016) = 0.126491;
        // 0.7 ± 1.959964·0.126491 = 0.7 ± 0.247918.
        let t = Tally { wins: 6, draws: 2, losses: 2 };
        assert_eq!(t.score(), 0.7);
        let (lo, hi) = t.score_interval();
        assert!(close(lo, 0.452082, 1e-5) && close(hi, 0.947918, 1e-5), "{lo} {hi}");
        let (elo_lo, elo_hi) = t.elo_interval();
        assert!(close(elo_lo, -33.40, 0.01) && close(elo_hi, 504.03, 0.01), "{elo_lo} {elo_hi}");
        assert!(close(t.mirror().score(), 0.3, 1e-12));
        // Wins only: no spread, the interval is the point.
        let all = Tally { wins: 10, draws: 0, losses: 0 };
        assert_eq!(all.score_interval(), (1.0, 1.0));
        // 50 wins, 50 losses: 0.5 ± 1.96·0.05 = 0.5 ± 0.098.
        let even = Tally { wins: 50, draws: 0, losses: 50 };
        let (lo, hi) = even.score_interval();
        assert!(close(lo, 0.402, 1e-3) && close(hi, 0.598, 1e-3));
        assert_eq!(Tally::default().score_interval(), (0.0, 1.0));
    }

    #[test]
    fn sprt_bounds_and_llr() {
        // Wald's bounds for alpha = beta = 0.05: ±ln(19) = ±2.944439.
        let t = Sprt::parse("0,50").unwrap();
        let (lo, hi) = t.bounds();
        assert!(close(lo, -2.944439, 1e-6) && close(hi, 2.944439, 1e-6));
        // alpha 0.05, beta 0.1: ln(0.1/0.95) = -2.251292, ln(0.9/0.05) = 2.890372.
        let (lo, hi) = Sprt::parse("0, 5, 0.05, 0.1").unwrap().bounds();
        assert!(close(lo, -2.251292, 1e-6) && close(hi, 2.890372, 1e-6));
        // expected_score inverts elo: 50 Elo = 0.571463.
        assert!(close(expected_score(50.0), 0.571463, 1e-6));
        assert!(close(elo(expected_score(123.0)), 123.0, 1e-9));
        // 60 wins, 20 draws, 20 losses, elo0 = 0, elo1 = 50: s = 0.7,
        // σ² = (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16, s0 = 0.5,
        // s1 = 0.5714631; LLR = 100·0.0714631·(1.4 − 1.0714631)/0.32
        // = 7.336…: H1 accepted.
        let tally = Tally { wins: 60, draws: 20, losses: 20 };
        let llr = t.llr_games(&tally);
        let want = 100.0 * (0.571463 - 0.5) * (1.4 - 1.071463) / 0.32;
        assert!(close(llr, want, 1e-4), "{llr} {want}");
        assert_eq!(t.decide(llr), SprtDecision::AcceptH1);
        // The mirror tally: s = 0.3, LLR = 100·0.0714631·(0.6 − 1.0714631)/0.32
        // = −10.53…: H0 accepted.
        let llr = t.llr_games(&tally.mirror());
        assert!(close(llr, 100.0 * (0.571463 - 0.5) * (0.6 - 1.071463) / 0.32, 1e-4), "{llr}");
        assert_eq!(t.decide(llr), SprtDecision::AcceptH0);
        // Even: 10 wins, 10 losses, s = 0.5, σ² = 0.25:
        // LLR = 20·0.0714631·(1 − 1.0714631)/0.5 = −0.2043 (the unseen
        // draws' 0.001 shift the fifth digit): go on.
        let even = Tally { wins: 10, draws: 0, losses: 10 };
        let llr = t.llr_games(&even);
        assert!(close(llr, 20.0 * 0.0714631 * (1.0 - 1.0714631) / 0.5, 1e-3), "{llr}");
        assert_eq!(t.decide(llr), SprtDecision::Continue);
        // Wins only: the unseen draws and losses count 0.001 each, so
        // N = 10.002, s = (10 + ½·0.001)/10.002, σ² = (10·(1−s)² + 0.001·(½−s)²
        // + 0.001·s²)/10.002; a clear H1.
        let all = Tally { wins: 10, draws: 0, losses: 0 };
        let n: f64 = 10.002;
        let s = (10.0 + 0.5 * 0.001) / n;
        let var = (10.0 * (1.0 - s).powi(2) + 0.001 * (0.5 - s).powi(2) + 0.001 * s * s) / n;
        let want = n * 0.0714631 * (2.0 * s - 1.0714631) / (2.0 * var);
        assert!(close(t.llr_games(&all) / want, 1.0, 1e-5), "{}", t.llr_games(&all));
        assert_eq!(t.decide(t.llr_games(&all)), SprtDecision::AcceptH1);
        assert_eq!(t.llr_games(&Tally::default()), 0.0);
        // Under ten results, no verdict however one-sided.
        assert_eq!(t.llr_games(&Tally { wins: 9, draws: 0, losses: 0 }), 0.0);
        // Pairs: 10 pairs won 2–0, 10 split 1–1 (score ½): s = 0.75,
        // σ² = 0.0625 (+ the unseen categories' 0.001 counts), so about
        // LLR = 20·0.0714631·(1.5 − 1.0714631)/0.125 = 4.90.
        let mut pairs = PairTally::default();
        for _ in 0..10 {
            pairs.add(1.0, 1.0);
            pairs.add(1.0, 0.0);
        }
        assert_eq!(pairs.counts, [0, 0, 10, 0, 10]);
        assert_eq!(pairs.pairs(), 20);
        assert!(close(t.llr_pairs(&pairs), 4.90, 0.01), "{}", t.llr_pairs(&pairs));
    }

    #[test]
    fn sprt_bad_settings_are_errors() {
        for (text, want) in [
            ("50,0", "elo0 < elo1"),
            ("0", "is not elo0,elo1"),
            ("0,50,0.05", "is not elo0,elo1"),
            ("a,b", "is not elo0,elo1"),
            ("0,50,0,0.05", "alpha must be"),
            ("0,50,0.05,0.7", "beta must be"),
            ("0,5000", "within ±2000"),
        ] {
            let e = Sprt::parse(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }
}

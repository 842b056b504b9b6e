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
}

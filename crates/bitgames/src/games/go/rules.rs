//! Go's rule variants: how repeated boards are handled, suicide, komi and the
//! move limit.

/// How repeated boards are handled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Positional superko: no stone may recreate an earlier board.
    Positional,
    /// Simple ko: no immediate recapture of a single stone in a ko.
    Simple,
    /// Simple ko, and a stone that recreates an earlier board ends the game
    /// drawn (OpenSpiel's `go`).
    RepetitionDraw,
}

impl KoRule {
    pub(super) fn name(self) -> &'static str {
        match self {
            KoRule::Positional => "positional",
            KoRule::Simple => "simple",
            KoRule::RepetitionDraw => "repetition_draw",
        }
    }
}

/// The rule options of a game of Go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GoRules {
    /// The ko rule.
    pub ko: KoRule,
    /// Whether suicide is legal (and removes the mover's group).
    pub suicide: bool,
    /// Komi, a multiple of 0.5.
    pub komi: f64,
    /// Moves after which the game is scored (0: no limit).
    pub max_moves: u32,
}

impl Default for GoRules {
    /// Positional superko, no suicide, komi 7.5, no move limit.
    fn default() -> Self {
        GoRules { ko: KoRule::Positional, suicide: false, komi: 7.5, max_moves: 0 }
    }
}

impl GoRules {
    /// OpenSpiel's `go`: simple ko with repeated boards drawn, no suicide, komi
    /// 7.5, and `2 × size²` moves at most.
    pub fn openspiel(size: usize) -> Self {
        GoRules {
            ko: KoRule::RepetitionDraw,
            suicide: false,
            komi: 7.5,
            max_moves: (2 * size * size) as u32,
        }
    }
}

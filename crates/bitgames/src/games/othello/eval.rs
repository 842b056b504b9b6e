//! The heuristics of the bitboard-Othello notebook (seed 004, "Testing a
//! heuristic function"): a positional weight table, the absolute disc difference
//! and the mobility difference, plus a mixed one that changes with the phase of
//! the game. Every value is from the view of the side to move.
//!
//! The seed's own example: the side to move on `a8` and `b8`, the opponent on `a1`
//! (a corner each, and one disc next to a corner):
//!
//! ```
//! use bitgames::games::othello::eval::{absolute, mobility, positional};
//!
//! let (own, enemy) = (0x03 << 56, 0x01);
//! assert_eq!(positional(own, enemy), -150); // (500 − 150) − 500
//! assert_eq!(absolute(own, enemy), 1);
//! assert_eq!(mobility(own, enemy), 0);
//! ```

use super::{movegen, Othello};
use crate::game::Outcome;
use crate::game::Rules;
use crate::search::alphabeta::{Evaluator, WIN};

/// The seed's weight table, square `a1` (bit 0) first: corners 500, the squares
/// next to them −150 (edge) and −250 (diagonal), 30 and 10 along the edges, 16 at
/// the centre.
pub const WEIGHTS: [i32; 64] = [
    500, -150, 30, 10, 10, 30, -150, 500, //
    -150, -250, 0, 0, 0, 0, -250, -150, //
    30, 0, 1, 2, 2, 1, 0, 30, //
    10, 0, 2, 16, 16, 2, 0, 10, //
    10, 0, 2, 16, 16, 2, 0, 10, //
    30, 0, 1, 2, 2, 1, 0, 30, //
    -150, -250, 0, 0, 0, 0, -250, -150, //
    500, -150, 30, 10, 10, 30, -150, 500, //
];

/// The sum of [`WEIGHTS`] over `own`'s discs minus that over `enemy`'s.
pub fn positional(own: u64, enemy: u64) -> i32 {
    weighted(own, &WEIGHTS) - weighted(enemy, &WEIGHTS)
}

/// The sum of `table` over the squares of `bits`.
fn weighted(mut bits: u64, table: &[i32; 64]) -> i32 {
    let mut sum = 0;
    while bits != 0 {
        sum += table[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    sum
}

/// `own`'s discs minus `enemy`'s.
pub fn absolute(own: u64, enemy: u64) -> i32 {
    own.count_ones() as i32 - enemy.count_ones() as i32
}

/// The number of moves `own` has minus the number `enemy` would have.
pub fn mobility(own: u64, enemy: u64) -> i32 {
    movegen::mobility(own, enemy).count_ones() as i32
        - movegen::mobility(enemy, own).count_ones() as i32
}

/// The four corners, each with the three squares next to it (its C- and
/// X-squares), whose table penalty no longer applies once the corner is taken.
const CORNERS: [(u32, [u32; 3]); 4] =
    [(0, [1, 8, 9]), (7, [6, 15, 14]), (56, [57, 48, 49]), (63, [62, 55, 54])];

/// [`positional`] with the penalty of a square next to a corner dropped once that
/// corner is occupied (the square is then as safe as an edge square): the usual
/// refinement of a static table, used by [`Heuristic::Mixed`].
pub fn positional_corner_aware(own: u64, enemy: u64) -> i32 {
    let mut v = positional(own, enemy);
    let taken = own | enemy;
    for (corner, near) in CORNERS {
        if taken >> corner & 1 != 0 {
            for sq in near {
                let w = WEIGHTS[sq as usize];
                if own >> sq & 1 != 0 {
                    v -= w;
                } else if enemy >> sq & 1 != 0 {
                    v += w;
                }
            }
        }
    }
    v
}

/// Which heuristic a player uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heuristic {
    /// [`positional`]: the weight table.
    Positional,
    /// [`absolute`]: the disc difference (greedy for discs).
    Absolute,
    /// [`mobility`]: the difference in moves.
    Mobility,
    /// By phase (discs on the board): up to 20, the corner-aware table plus 10 per
    /// move of mobility; up to 52, the table plus 20 per move (mobility decides
    /// the middle game); after that the disc difference, 100 per disc, plus the
    /// table for corners and edges still being fought over.
    Mixed,
}

impl Heuristic {
    /// Every heuristic, for listings.
    pub const ALL: [Heuristic; 4] =
        [Heuristic::Positional, Heuristic::Absolute, Heuristic::Mobility, Heuristic::Mixed];

    /// The heuristic's name: `positional`, `absolute`, `mobility`, `mixed`.
    pub const fn name(self) -> &'static str {
        match self {
            Heuristic::Positional => "positional",
            Heuristic::Absolute => "absolute",
            Heuristic::Mobility => "mobility",
            Heuristic::Mixed => "mixed",
        }
    }

    /// The value of the position `own` to move against `enemy`.
    pub fn value(self, own: u64, enemy: u64) -> i32 {
        match self {
            Heuristic::Positional => positional(own, enemy),
            Heuristic::Absolute => absolute(own, enemy),
            Heuristic::Mobility => mobility(own, enemy),
            Heuristic::Mixed => {
                let discs = (own | enemy).count_ones();
                let table = positional_corner_aware(own, enemy);
                if discs <= 20 {
                    table + 10 * mobility(own, enemy)
                } else if discs <= 52 {
                    table + 20 * mobility(own, enemy)
                } else {
                    table + 100 * absolute(own, enemy)
                }
            }
        }
    }
}

impl std::str::FromStr for Heuristic {
    type Err = crate::game::NotationError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Heuristic::ALL.into_iter().find(|h| h.name().eq_ignore_ascii_case(s.trim())).ok_or_else(
            || {
                crate::game::NotationError::new(
                    s,
                    "a heuristic: positional, absolute, mobility or mixed",
                )
            },
        )
    }
}

impl std::fmt::Display for Heuristic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Scale of the final disc difference in the value of a finished game: a won game
/// is worth `WIN + MARGIN · discs` (see [`Evaluator::terminal`]).
pub const MARGIN: i32 = 1000;

/// A heuristic as the alpha-beta search's [`Evaluator`]. A finished game is worth
/// `±WIN` plus [`MARGIN`] per disc of the final difference (empties to the winner),
/// so the search prefers bigger wins and smaller losses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OthelloEval(pub Heuristic);

impl Evaluator<Othello> for OthelloEval {
    #[inline]
    fn evaluate(&self, g: &Othello) -> i32 {
        self.0.value(g.player(), g.opponent())
    }

    fn terminal(&self, g: &Othello, _outcome: Outcome) -> i32 {
        let diff = match g.side_to_move() {
            crate::game::Player::First => g.disc_difference(),
            crate::game::Player::Second => -g.disc_difference(),
        };
        WIN * diff.signum() + MARGIN * diff
    }
}

/// The final disc difference a decided search value stands for (the inverse of
/// [`OthelloEval`]'s terminal value, up to the distance adjustment), or `None`
/// for a heuristic value.
pub fn decided_discs(value: i32) -> Option<i32> {
    use crate::search::alphabeta::DECIDED;
    if value >= DECIDED {
        Some((value - WIN + MARGIN / 2) / MARGIN)
    } else if value <= -DECIDED {
        Some(-((-value - WIN + MARGIN / 2) / MARGIN))
    } else {
        None
    }
}

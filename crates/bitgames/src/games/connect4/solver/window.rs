//! The root of a solve: the score narrowed by null-window searches (iterative
//! deepening on the score), or one full-window search for small positions.

use super::dims::Dims;
use super::position::Position;
use super::search::Solver;

/// What one solve found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The score (or its sign with a weak solve).
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Positions with at most this many empty cells are solved in one search over
/// the whole window instead of null-window searches, which each start over
/// from the root.
const FULL_WINDOW_EMPTY: u32 = 16;

/// A window this narrow is simply halved (see [`next_test`]).
const NARROW_WINDOW: i32 = 8;

/// From a root with at most this many stones, a narrow window is tested at the
/// value nearest 0, then walks out from it: the scores there are near 0, where
/// halving spends a third expensive test. From two stones on it costs more
/// than it saves.
pub const ZERO_FIRST_MAX_MOVES: u32 = 1;

/// The value to test next when the score is known to lie in `[min, max]`
/// (`min < max`): in a wide window, halfway but pushed out from 0 (Pons'
/// choice: the tests far from the score are cheap and cut the window most);
/// in a narrow one ([`NARROW_WINDOW`]), halfway, which saves one of the
/// expensive tests next to the score. With `near_zero` (see
/// [`ZERO_FIRST_MAX_MOVES`]) a narrow window is tested at the value nearest 0
/// instead.
pub(super) fn next_test(min: i32, max: i32, near_zero: bool) -> i32 {
    let med = min + (max - min) / 2;
    if max - min <= NARROW_WINDOW {
        return if near_zero { 0.clamp(min, max - 1) } else { med };
    }
    if med <= 0 && min / 2 < med {
        min / 2
    } else if med >= 0 && max / 2 > med {
        max / 2
    } else {
        med
    }
}

impl<D: Dims> Solver<D> {
    /// The exact score of `p` (or, with `weak`, only its sign: 1 win, 0 draw,
    /// −1 loss), by null-window searches that narrow `[min, max]`.
    pub fn solve(&mut self, p: &Position<D>, weak: bool) -> Solved {
        // A weak book (signs only) must not answer a strong solve.
        let book = self.book.take();
        if weak || !self.weak_book {
            self.book.clone_from(&book);
        }
        let solved = self.solve_inner(p, weak);
        self.book = book;
        solved
    }

    fn solve_inner(&mut self, p: &Position<D>, weak: bool) -> Solved {
        let start = self.nodes;
        self.solve_start = start;
        if p.can_win_next() {
            return Solved { score: p.max_score(), nodes: 0 };
        }
        if p.moves == p.cells() {
            // A full board (`analyze` reaches it through the last cell): a draw.
            // The search below needs a window, and here min = max = 0.
            return Solved { score: 0, nodes: 0 };
        }
        let (mut min, mut max) = if weak { (-1, 1) } else { (p.min_score(), p.max_score()) };
        if p.cells() - p.moves <= FULL_WINDOW_EMPTY {
            // A small search: one pass over the whole window costs fewer nodes
            // than the null-window passes, which each start over from the root.
            let score = self.negamax(p, min, max);
            return Solved {
                score: if weak { score.signum() } else { score },
                nodes: self.nodes - start,
            };
        }
        while min < max {
            self.window = (min, max);
            let med = next_test(min, max, p.moves <= ZERO_FIRST_MAX_MOVES);
            let r = self.negamax(p, med, med + 1);
            if r <= med {
                max = r;
            } else {
                min = r;
            }
            self.window = (min, max);
            self.report();
        }
        let score = if weak { min.signum() } else { min };
        Solved { score, nodes: self.nodes - start }
    }

    /// The score of each column (`None` for a full column): a winning column
    /// scores its win, any other the negation of the position after it.
    pub fn analyze(&mut self, p: &Position<D>, weak: bool) -> Vec<Option<i32>> {
        (0..p.dims.width())
            .map(|c| {
                if !p.can_play(c) {
                    None
                } else if p.is_winning_column(c) {
                    Some(if weak { 1 } else { p.max_score() })
                } else {
                    let mut child = *p;
                    child.play_column(c);
                    Some(-self.solve(&child, weak).score)
                }
            })
            .collect()
    }
}

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

/// A solve called off by the solver's stop flag (see
/// [`Solver::set_stop`]): no score, only the work done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Nodes searched before it stopped.
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
    /// −1 loss), by null-window searches that narrow `[min, max]`. Panics if
    /// the stop flag ([`set_stop`](Self::set_stop)) stops it: with a flag, use
    /// [`try_solve`](Self::try_solve).
    pub fn solve(&mut self, p: &Position<D>, weak: bool) -> Solved {
        self.try_solve(p, weak).expect("a solve without a raised stop flag")
    }

    /// [`solve`](Self::solve), or [`Stopped`] when the stop flag is raised
    /// before or during the solve.
    pub fn try_solve(&mut self, p: &Position<D>, weak: bool) -> Result<Solved, Stopped> {
        if self.stop_raised() {
            return Err(Stopped { nodes: 0 });
        }
        self.aborted = false;
        // A weak book (signs only) must not answer a strong solve.
        let book = self.book.take();
        if weak || !self.weak_book {
            self.book.clone_from(&book);
        }
        let solved = self.solve_inner(p, weak);
        self.book = book;
        if self.aborted {
            self.aborted = false;
            return Err(Stopped { nodes: solved.nodes });
        }
        Ok(solved)
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
            let score = self.search_root(p, min, max);
            if self.aborted {
                return Solved { score: 0, nodes: self.nodes - start };
            }
            return Solved {
                score: if weak { score.signum() } else { score },
                nodes: self.nodes - start,
            };
        }
        while min < max {
            self.window = (min, max);
            let med = next_test(min, max, p.moves <= ZERO_FIRST_MAX_MOVES);
            let r = self.search_root(p, med, med + 1);
            if self.aborted {
                return Solved { score: 0, nodes: self.nodes - start };
            }
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
    /// scores its win, any other the negation of the position after it. Panics
    /// if the stop flag stops it (see [`try_analyze`](Self::try_analyze)).
    pub fn analyze(&mut self, p: &Position<D>, weak: bool) -> Vec<Option<i32>> {
        self.try_analyze(p, weak).expect("an analysis without a raised stop flag")
    }

    /// [`analyze`](Self::analyze), or [`Stopped`] when the stop flag is raised.
    pub fn try_analyze(
        &mut self, p: &Position<D>, weak: bool,
    ) -> Result<Vec<Option<i32>>, Stopped> {
        let mut nodes = 0;
        (0..p.dims.width())
            .map(|c| {
                if !p.can_play(c) {
                    Ok(None)
                } else if p.is_winning_column(c) {
                    Ok(Some(if weak { 1 } else { p.max_score() }))
                } else {
                    let mut child = *p;
                    child.play_column(c);
                    let solved = self
                        .try_solve(&child, weak)
                        .map_err(|s| Stopped { nodes: nodes + s.nodes })?;
                    nodes += solved.nodes;
                    Ok(Some(-solved.score))
                }
            })
            .collect()
    }
}

//! Clobber (Albert, Grossman, Nowakowski and Wolfe, 2001) on a `width × height`
//! rectangle (8×8 by default; any size the storage holds, 5×6 included).
//!
//! The board starts full, in a checkerboard: the first player, `x`
//! ([`Player::First`]), owns `a1` (bottom-left; columns are lettered from the
//! left, rows numbered from the bottom, as in OpenSpiel's `clobber`) and every
//! cell of its colour, the second player, `o`, the others. A move takes one of
//! the mover's stones one step orthogonally onto an adjacent enemy stone, which
//! is removed ("clobbered"). The player who cannot move loses; there are no
//! draws and no passes.
//!
//! Legal moves are Browne's Alg. 3, *enemy neighbours per direction*
//! ([`ops::enemy_neighbours_by_dir`]): for each of the four directions `d`,
//! `(stones_p >> shift_d) & stones_o` is the set of enemy stones a stone of the
//! mover can clobber by stepping in `d`, so all moves come from four
//! bitwise-parallel calculations; the mover's stone stands one step back in
//! `d.opposite()`. Counting moves is four popcounts.
//!
//! Notation:
//! - a move is its from cell then its to cell, in the grid's cell names: `e1d1`;
//! - a position is the rows from the top, separated by `/`, with `x`, `o` and
//!   `.` for empty, then a space and the side to move (`x` or `o`): the 4×2
//!   start is `oxox/xoxo x`.
//!
//! Boards of up to 64 cells (8×8 and 5×6 among them) are played by
//! [`Clobber64`], one word per player without separating bits;
//! larger ones by [`Clobber`] on the grid, in as many words as they need.

pub(crate) mod one_word;
pub mod table;

pub use one_word::Clobber64;

use super::step_move::random_step;
use crate::game::PositionFault::{SideToMove, Syntax};
use crate::game::{clip, hash_sets};
use crate::games::prelude::*;
use crate::grid::column_name;
use rand::Rng;

/// The parameters of `clobber(width=…,height=…)`.
static PARAMS: &[ParamInfo] = &[ParamInfo::width(8, 1, 64), ParamInfo::height(8, 1, 64)];

/// The registry's entry: `clobber`, a [`Clobber64`] for boards of up to 64
/// cells, otherwise stored in the fewest words that hold the board on the grid.
pub static INFO: GameInfo = GameInfo::new(
    "clobber",
    "Clobber: step onto an adjacent enemy stone and remove it; no move, you lose",
    PARAMS,
    |p| match p.board() {
        (w, h) if w * h <= 64 => Ok(Box::new(Clobber64::new(w, h)?)),
        (w, h) => crate::in_words!(grid GridKind::Square4, w, h, |N| Clobber::<N>::new(w, h)),
    },
)
.tablebase(&table::TABLEBASE)
.core_bench((4, 3), (200_000, 20_000));

/// A Clobber move: the mover's stone on `from` clobbers the enemy stone on the
/// orthogonally adjacent `to`. Written `e1d1`.
pub type ClobberMove = super::step_move::StepMove;

/// A Clobber position stored in `N` 64-bit words per player.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Clobber<const N: usize> {
    grid: Grid<N>,
    stones: [Bits<N>; 2],
    ply: u16,
    /// The side to move (0: `x`, 1: `o`): kept apart from `ply`, as a position
    /// read from text names it.
    side: u8,
}

impl Clobber<2> {
    /// The standard 8×8 game.
    pub fn standard() -> Self {
        Self::new(8, 8).expect("8×8 fits two words")
    }
}

impl<const N: usize> Clobber<N> {
    /// The start position on a `width × height` board: full, in a checkerboard,
    /// `x` on `a1`, `x` to move.
    pub fn new(width: usize, height: usize) -> Result<Self, SetupError> {
        let grid = Grid::new(GridKind::Square4, width, height)?;
        Ok(Clobber { stones: [grid.checkerboard(0), grid.checkerboard(1)], grid, ply: 0, side: 0 })
    }

    /// The board geometry.
    pub fn grid(&self) -> &Grid<N> {
        &self.grid
    }

    /// Stones of player `p`.
    pub fn stones(&self, p: Player) -> Bits<N> {
        self.stones[p.index()]
    }

    /// The enemy stones the side to move can clobber by stepping in each
    /// direction (Alg. 3), in the order N, E, S, W.
    #[inline(always)]
    fn targets(&self) -> [(Dir, Bits<N>); 4] {
        let me = self.stones[self.side as usize];
        let them = self.stones[1 - self.side as usize];
        let mut out = [(Dir::N, Bits::EMPTY); 4];
        for (slot, dt) in out.iter_mut().zip(ops::enemy_neighbours_by_dir(&self.grid, me, them)) {
            *slot = dt;
        }
        out
    }

    /// Whether the side to move has a move: some stone of its next to an enemy one.
    #[inline]
    fn can_move(&self) -> bool {
        let me = self.stones[self.side as usize];
        let them = self.stones[1 - self.side as usize];
        (self.grid.dilate(me) & them).any()
    }

    /// The move that clobbers the stone on bit `to`, stepping in `d`.
    #[inline(always)]
    fn move_to(&self, to: usize, d: Dir) -> ClobberMove {
        let from = (to as isize - self.grid.offset(d)) as usize;
        ClobberMove { from: self.grid.cell_at_unchecked(from), to: self.grid.cell_at_unchecked(to) }
    }

    fn last_cell(&self) -> String {
        format!("{}{}", column_name(self.grid.width() - 1), self.grid.height())
    }
}

crate::debug_by_notation!(N => Clobber<N>);

impl<const N: usize> Rules for Clobber<N> {
    type Move = ClobberMove;
    const NAME: &'static str = INFO.name;

    fn spec(&self) -> String {
        format!("clobber(width={},height={})", self.grid.width(), self.grid.height())
    }

    crate::turn_fields!(ply: ply, side_index: side);

    /// By direction (N, E, S, W), then by the clobbered stone's bit (row by
    /// row from `a1`).
    #[inline]
    fn try_for_each_move<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(ClobberMove) -> ControlFlow<()>,
    {
        for (d, targets) in self.targets() {
            for to in targets {
                f(self.move_to(to, d))?;
            }
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn count_moves(&self) -> usize {
        self.targets().iter().map(|(_, t)| t.count() as usize).sum()
    }

    #[inline]
    fn is_legal(&self, mv: ClobberMove) -> bool {
        let Some((from, to)) = mv.bits(&self.grid) else {
            return false;
        };
        let adjacent = mv.from.col.abs_diff(mv.to.col) + mv.from.row.abs_diff(mv.to.row) == 1;
        adjacent
            && self.stones[self.side as usize].contains(from)
            && self.stones[1 - self.side as usize].contains(to)
    }

    fn why_illegal(&self, mv: ClobberMove) -> Illegal {
        let me = self.side_to_move();
        let (mine, theirs) = (self.stones[me.index()], self.stones[me.other().index()]);
        let Some((from, to)) = mv.bits(&self.grid) else {
            return mv.off_board(&self.grid);
        };
        if !mine.contains(from) {
            let holds = if theirs.contains(from) {
                format!("holds {}'s stone", self.player_name(me.other()))
            } else {
                "is empty".to_string()
            };
            return Illegal::new(
                IllegalReason::NotYourPiece,
                format!("{} {holds}; {} is to move", mv.from, self.player_name(me)),
            );
        }
        if mv.from.col.abs_diff(mv.to.col) + mv.from.row.abs_diff(mv.to.row) != 1 {
            return Illegal::new(
                IllegalReason::Rule,
                format!(
                    "a stone moves one step up, down, left or right; {} is not next to {}",
                    mv.to, mv.from
                ),
            );
        }
        let what = if mine.contains(to) { "holds your own stone" } else { "is empty" };
        debug_assert!(!theirs.contains(to), "why_illegal of a legal move {mv}");
        Illegal::new(
            IllegalReason::Rule,
            format!("{} {what}: a move must clobber an enemy stone", mv.to),
        )
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: ClobberMove) {
        if mv.play_on(&self.grid, &mut self.stones, self.side as usize) {
            self.side ^= 1;
            self.ply += 1;
        }
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.can_move() {
            None
        } else {
            Some(Outcome::WonBy(self.side_to_move().other()))
        }
    }

    fn position_hash(&self) -> u64 {
        hash_sets(&self.stones, self.side as u64)
    }

    /// The stones apart and on the board, a side to move of 0 or 1.
    fn check_invariants(&self) -> Result<(), String> {
        super::check_apart_on_board(&self.stones, self.grid.mask())?;
        if self.side > 1 {
            return Err(format!("side to move {}", self.side));
        }
        Ok(())
    }
}

impl<const N: usize> Notation for Clobber<N> {
    /// The from-cell's id with one of the four orthogonal steps
    /// ([`crate::action::step_id`]).
    fn num_actions(&self) -> usize {
        self.grid.width() * self.grid.height() * 4
    }

    fn action(&self, mv: ClobberMove) -> usize {
        crate::action::step_id(mv.from, mv.to, self.grid.width(), &crate::action::ORTHOGONAL)
    }

    fn parse_move(&self, text: &str) -> Result<ClobberMove, ParseError> {
        let bad = || ParseError::Move {
            game: self.spec(),
            text: clip(text),
            expected: format!("a from cell and a to cell in a1–{}, such as b1a1", self.last_cell()),
        };
        ClobberMove::read_on(&self.grid, text).ok_or_else(bad)
    }

    /// Rows from the top, separated by `/`, with `x`, `o`, `.`, then a space and
    /// the side to move: `oxox/xoxo x`.
    fn position(&self) -> String {
        let board = super::picture_rows(&self.picture()).to_ascii_lowercase();
        format!("{board} {}", if self.side == 0 { 'x' } else { 'o' })
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let err = |fault, why: String| ParseError::position(self.spec(), text, fault, why);
        let (w, h) = (self.grid.width(), self.grid.height());
        let mut parts = text.split_whitespace();
        let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(err(
                Syntax,
                format!(
                "expected the rows from the top separated by '/', a space and the side to move (x or o), such as {}",
                Clobber::<N>::new(w, h).map(|g| g.position()).unwrap_or_default()
            ),
            ));
        };
        let side = super::read_side(side).map_err(|why| err(SideToMove, why))?;
        let stones = super::read_grid_rows(&self.grid, board, column_name)
            .map_err(|why| err(Syntax, why))?;
        let removed = self.grid.cells() - (stones[0] | stones[1]).count() as usize;
        Ok(Clobber { grid: self.grid, stones, ply: removed as u16, side })
    }

    fn picture(&self) -> String {
        self.grid.picture2(self.stones[0], self.stones[1])
    }
}

impl<const N: usize> View for Clobber<N> {
    fn board(&self) -> BoardView {
        BoardView::grid_rectangle(&self.grid, self.stones)
    }

    fn move_cells(&self, mv: ClobberMove) -> Vec<usize> {
        mv.view_cells(&self.grid)
    }
}

impl<const N: usize> Hints for Clobber<N> {
    /// Uniform over all moves without allocating: count by direction, pick the
    /// `k`-th, find its direction and take the `k`-th remaining bit there.
    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<ClobberMove> {
        let targets = self.targets();
        let (k, to) = random_step(&targets.map(|(_, t)| t), rng)?;
        Some(self.move_to(to, targets[k].0))
    }

    /// Mobility for the side to move: its stones that can capture minus the
    /// opponent's (the count of capture moves is the same for both sides, so
    /// the stones that have one are counted instead), 10 each.
    fn evaluate(&self) -> i32 {
        let s = self.side as usize;
        let (me, them) = (self.stones[s], self.stones[1 - s]);
        let mine = (me & self.grid.dilate(them)).count() as i32;
        let theirs = (them & self.grid.dilate(me)).count() as i32;
        10 * (mine - theirs)
    }
}

//! Yavalath (Cameron Browne, 2007) on a hexhex board of side `size` (5 by
//! default: 61 cells), the paper's example of line detection on a hexagonal
//! grid (Browne §5.2.1, Alg. 6/7).
//!
//! Rules: the players, `X` ([`Player::First`]) and `O`, take turns placing a
//! stone of their own on an empty cell. Making four or more in a row (along any
//! of the three hex axes) wins; making three in a row without also making four
//! loses (a move that makes both a four and a three wins); a full board with
//! neither is a draw. With `swap=true` the pie rule is on: the second player's
//! first move may be `swap`, which hands the first player's stone to the second
//! player (it stays on its cell and becomes an `O`), after which `X` moves
//! again. Colours and turn order stay fixed, so "X moves on even plies" always
//! holds; this is the same game as swapping sides (Ludii's `(swap)` meta rule,
//! the inventor's "swap option") with the players' names exchanged.
//!
//! The board is a [`Grid::masked`] hexagon inside the `(2·size−1)²` rhombus of the
//! [`GridKind::Hex`] grid (NE is `(0,+1)`, NW `(−1,+1)`), the cells with
//! `size−1 ≤ col + row ≤ 3·(size−1)`. Side 5 takes 89 bits with separators, so
//! two words. A result is found with the line query [`ops::has_line`] (Alg. 6
//! with Alg. 7's doubled erosions) on the mover's stones: a line of three
//! first (rare, so most moves cost one query), then of four; none before ply 5,
//! when X places its third stone. Random playouts on side 5 run at about 2 M
//! games/s on one core (Browne and Maire report over 500,000 on a 61-cell
//! board, §5.2.1).
//!
//! Notation: cells keep the grid's own names on the rhombus. The letter
//! (`a`–`i` on side 5) is the column of the rhombus, a line of cells running
//! north-east (up and to the right in the picture), counted from the left; the
//! number (`1`–`9`) is the horizontal row, counted from the bottom. So the
//! bottom row is `e1`–`i1`, the middle row `a5`–`i5`, the top row `a9`–`e9`,
//! and `e5` is the centre; the six corners are `e1`, `i1`, `i5`, `e9`, `a9`
//! and `a5`. Rhombus cells outside the hexagon (`a1`, `d1`, `i9`, …) are off
//! the board and refused. (Row-lettered schemes, with letters for the rows
//! and numbers along each row, agree with this one only at the centre `e5`.)
//! The pie move is written `swap`. A position is the rows from the top, cells
//! `X`, `O` and `.`, separated by `/`, then a space and the side to move (`x`
//! or `o`): the side-2 start is `../.../.. x`.

use crate::bits::Bits;
use crate::board::{BoardShape, BoardView};
use crate::game::{
    clip, hash_sets, random_below, Game, Illegal, IllegalReason, Outcome, ParseError, Player,
};
use crate::game::{NotationError, SetupError};
use crate::grid::{Cell, Grid, GridKind};
use crate::info::{with_words, GameInfo, WordsBuilder};
use crate::ops;
use crate::params::ParamInfo;
use crate::tools::{CoreBench, Tools};
use rand::Rng;
use std::fmt;
use std::ops::ControlFlow;

/// Largest side: side 10 (271 cells) is a 19×19 rhombus, 379 bits, six words.
pub const MAX_SIZE: usize = 10;

/// The parameters of `yavalath(size=…,swap=…)`.
static PARAMS: &[ParamInfo] = &[
    ParamInfo::int("size", 5, 2, MAX_SIZE as i64, "cells on a side of the hexagon"),
    ParamInfo::flag(
        "swap",
        false,
        "pie rule: the second player's first move may be `swap`, taking over the first stone",
    ),
];

/// The registry's entry: `yavalath`, stored in the fewest words that hold the
/// rhombus around the hexagon (side 5 takes two).
pub static INFO: GameInfo = GameInfo {
    name: "yavalath",
    summary: "Yavalath: four in a row wins, but three in a row (without four) loses; hexhex board",
    params: PARAMS,
    build: |p| {
        let (size, swap) = (p.int("size") as usize, p.flag("swap"));
        let n = 2 * size.clamp(1, MAX_SIZE) - 1;
        struct Build(usize, bool);
        impl WordsBuilder for Build {
            fn build<const N: usize>(self) -> Result<Box<dyn crate::dynamic::DynGame>, SetupError> {
                Ok(Box::new(Yavalath::<N>::new(self.0, self.1)?))
            }
        }
        with_words(Grid::<1>::bits_needed(GridKind::Hex, n, n), n, n, Build(size, swap))
    },
    engines: &[],
    tools: Tools {
        core_bench: Some(CoreBench { perft: (3, 2), playouts: (200_000, 20_000) }),
        ..Tools::NONE
    },
};

/// A Yavalath move: a stone on a cell, or the pie rule's `swap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum YavalathMove {
    /// A stone of the mover on this empty cell.
    Place(Cell),
    /// The second player takes over the first player's stone (only as the
    /// second move, with `swap=true`).
    Swap,
}

impl fmt::Display for YavalathMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            YavalathMove::Place(c) => c.fmt(f),
            YavalathMove::Swap => f.write_str("swap"),
        }
    }
}

impl std::str::FromStr for YavalathMove {
    type Err = NotationError;
    /// Reads a cell name (`e5`, case-insensitive) or `swap`; whether the cell is
    /// on a board is the game's to check.
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(YavalathMove::Swap);
        }
        t.parse::<Cell>()
            .map(YavalathMove::Place)
            .map_err(|_| NotationError::new(s, "a cell such as e5, or swap"))
    }
}

/// A Yavalath position stored in `N` 64-bit words per player.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Yavalath<const N: usize> {
    grid: Grid<N>,
    stones: [Bits<N>; 2],
    ply: u16,
    /// 0: going on, 1: first player won, 2: second player won, 3: draw.
    result: u8,
    /// Whether the pie rule is on.
    swap: bool,
    /// Cells on the board (the board cannot be full before this ply).
    cells: u16,
}

impl Yavalath<2> {
    /// The standard game: side 5, no swap.
    pub fn standard() -> Self {
        Self::new(5, false).expect("side 5 fits two words")
    }
}

/// Whether `(col, row)` of the `(2·size−1)²` rhombus lies on the hexagon.
#[inline]
pub fn on_hexagon(size: usize, col: usize, row: usize) -> bool {
    let s = col + row;
    s + 1 >= size && s <= 3 * (size - 1)
}

/// Whether a position of a placement game with the pie rule (Yavalath,
/// Havannah: the swap hands X's first stone to O) was reached through a swap,
/// from the stone counts `nx`, `no` and the side to move (0: X); an error in
/// words when no game reaches those counts (or only a swap does and the rule
/// is off).
pub(crate) fn swapped_by_counts(
    side: usize,
    nx: usize,
    no: usize,
    swap: bool,
) -> Result<bool, String> {
    let mover = if side == 0 { "X" } else { "O" };
    // Without a swap X has as many stones as O (X to move) or one more (O to
    // move); after a swap O has one more (X to move) or as many (O to move).
    let swapped = match (side, nx, no) {
        (0, a, b) if a == b => false,
        (1, a, b) if a == b + 1 => false,
        (0, a, b) if b == a + 1 => true,
        (1, a, b) if a == b && a > 0 => true,
        _ => {
            return Err(format!(
                "X has {nx} stones and O {no} with {mover} to move; X moves first, so X must have as many as O (X to move) or one more (O to move){}",
                if swap { ", or after a swap O one more (X to move) or as many (O to move)" } else { "" }
            ))
        }
    };
    if swapped && !swap {
        return Err(format!(
            "X has {nx} stones and O {no} with {mover} to move, which only a swap gives, and the swap rule is off"
        ));
    }
    Ok(swapped)
}

impl<const N: usize> Yavalath<N> {
    /// The empty hexhex board of side `size`; `swap` turns the pie rule on.
    pub fn new(size: usize, swap: bool) -> Result<Self, SetupError> {
        if !(2..=MAX_SIZE).contains(&size) {
            return Err(SetupError::OutOfRange {
                param: "size",
                value: size as i64,
                min: 2,
                max: MAX_SIZE as i64,
                note: "",
            });
        }
        let n = 2 * size - 1;
        let grid = Grid::masked(GridKind::Hex, n, n, |c, r| on_hexagon(size, c, r))?;
        let cells = grid.cells() as u16;
        Ok(Yavalath { grid, stones: [Bits::EMPTY; 2], ply: 0, result: 0, swap, cells })
    }

    /// The board geometry.
    pub fn grid(&self) -> &Grid<N> {
        &self.grid
    }

    /// Cells on a side of the hexagon.
    pub fn size(&self) -> usize {
        self.grid.width().div_ceil(2)
    }

    /// Whether the pie rule is on.
    pub fn swap_rule(&self) -> bool {
        self.swap
    }

    /// Stones of player `p`.
    pub fn stones(&self, p: Player) -> Bits<N> {
        self.stones[p.index()]
    }

    /// Empty cells.
    #[inline]
    pub fn empty(&self) -> Bits<N> {
        self.grid.complement(self.stones[0] | self.stones[1])
    }

    /// Whether `swap` is a legal move now.
    #[inline]
    fn can_swap(&self) -> bool {
        self.swap && self.ply == 1 && self.result == 0
    }

    /// The result after `mover` has just placed a stone: a four wins, else a
    /// three loses, else a full board is a draw (the codes of `result`).
    #[inline(always)]
    fn judge(&self, mover: usize) -> u8 {
        let mine = self.stones[mover];
        // Before ply 5 nobody has three stones (a swapped stone included), and
        // no line of three means no line of four: one query for most moves.
        if self.ply >= 5 && ops::has_line(&self.grid, mine, 3) {
            if ops::has_line(&self.grid, mine, 4) {
                1 + mover as u8
            } else {
                2 - mover as u8
            }
        } else if self.ply >= self.cells && (self.stones[0] | self.stones[1]) == self.grid.mask() {
            3
        } else {
            0
        }
    }

    /// The index of bit `i` among the board's cells (the order of [`Game::board`]).
    fn view_index(&self, i: usize) -> usize {
        (self.grid.mask() & Bits::low(i)).count() as usize
    }

    fn off_board(&self, c: Cell) -> Illegal {
        let size = self.size();
        Illegal::new(
            IllegalReason::OffBoard,
            format!("{c} is off the side-{size} hexagon (cells {})", self.cell_range()),
        )
    }

    /// The board's cells in words, for messages: `a–i by 1–9 on the hexagon,
    /// bottom row e1–i1, centre e5, top row a9–e9`.
    fn cell_range(&self) -> String {
        let (n, k) = (self.grid.width(), self.size());
        let name = |c: usize| crate::grid::column_name(c);
        format!(
            "{}–{} by 1–{n} on the hexagon: bottom row {}1–{}1, centre {}{k}, top row {}{n}–{}{n}",
            name(0),
            name(n - 1),
            name(k - 1),
            name(n - 1),
            name(k - 1),
            name(0),
            name(k - 1)
        )
    }
}

impl<const N: usize> fmt::Debug for Yavalath<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}\n{}", self.spec(), self.position(), self.picture())
    }
}

impl<const N: usize> Game for Yavalath<N> {
    type Move = YavalathMove;

    /// A cell's id on the board's bounding rectangle ([`crate::action::cell_id`]),
    /// then `swap` (an id even where the pie rule is off, so the ids of a board
    /// size are the same in both variants).
    fn num_actions(&self) -> usize {
        self.grid.width() * self.grid.height() + 1
    }

    fn action(&self, mv: YavalathMove) -> usize {
        match mv {
            YavalathMove::Place(c) => crate::action::cell_id(c, self.grid.width()),
            YavalathMove::Swap => self.grid.width() * self.grid.height(),
        }
    }

    fn spec(&self) -> String {
        format!("yavalath(size={},swap={})", self.size(), self.swap)
    }

    fn name(&self) -> &'static str {
        INFO.name
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        Player::at_ply(self.ply as usize)
    }

    #[inline]
    fn ply(&self) -> usize {
        self.ply as usize
    }

    /// The empty cells in bit order (row by row from the bottom, left to
    /// right), then `swap` where it is allowed.
    #[inline]
    fn try_for_each_move<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(YavalathMove) -> ControlFlow<()>,
    {
        if self.result != 0 {
            return ControlFlow::Continue(());
        }
        for i in self.empty() {
            f(YavalathMove::Place(self.grid.cell_at_unchecked(i)))?;
        }
        if self.can_swap() {
            f(YavalathMove::Swap)?;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn count_moves(&self) -> usize {
        if self.result != 0 {
            0
        } else {
            self.empty().count() as usize + self.can_swap() as usize
        }
    }

    #[inline]
    fn is_legal(&self, mv: YavalathMove) -> bool {
        match mv {
            YavalathMove::Place(c) => {
                self.result == 0 && self.grid.index_of(c).is_some_and(|i| self.empty().contains(i))
            }
            YavalathMove::Swap => self.can_swap(),
        }
    }

    fn why_illegal(&self, mv: YavalathMove) -> Illegal {
        match mv {
            YavalathMove::Place(c) => match self.grid.index_of(c) {
                None => self.off_board(c),
                Some(i) => {
                    let who = if self.stones[0].contains(i) { "X" } else { "O" };
                    Illegal::new(
                        IllegalReason::Occupied,
                        format!("{c} is already taken (by {who})"),
                    )
                }
            },
            YavalathMove::Swap if !self.swap => Illegal::new(
                IllegalReason::Rule,
                "the swap (pie) rule is off in this game; play yavalath(swap=true) to use it",
            ),
            YavalathMove::Swap => Illegal::new(
                IllegalReason::Rule,
                format!(
                    "swap is allowed only as the second player's first move (ply 1); this is ply {}",
                    self.ply
                ),
            ),
        }
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: YavalathMove) {
        match mv {
            YavalathMove::Place(c) => {
                // A cell off the board (only an unchecked caller's mistake) lands on
                // a separator or a cut-away cell, an unspecified but memory-safe
                // result, or past the storage, where it is ignored.
                let i = self.grid.index_unchecked(c);
                if i < Bits::<N>::CAPACITY {
                    let p = self.ply as usize & 1;
                    self.stones[p].insert(i);
                    self.ply += 1;
                    self.result = self.judge(p);
                }
            }
            YavalathMove::Swap => {
                self.stones[1] |= self.stones[0];
                self.stones[0] = Bits::EMPTY;
                self.ply += 1;
            }
        }
    }

    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<YavalathMove> {
        if self.result != 0 {
            return None;
        }
        let empty = self.empty();
        let cells = empty.count() as u64;
        let n = cells + self.can_swap() as u64;
        if n == 0 {
            return None;
        }
        let pick = random_below(rng, n);
        if pick == cells {
            return Some(YavalathMove::Swap);
        }
        empty.nth(pick as usize).map(|i| YavalathMove::Place(self.grid.cell_at_unchecked(i)))
    }

    /// Open lines of four for the side to move minus the opponent's
    /// ([`heuristics::open_lines`](crate::games::heuristics::open_lines));
    /// losing threes are left to the search.
    fn evaluate(&self) -> i32 {
        let me = Game::side_to_move(self).index();
        let (a, b) = (self.stones[me], self.stones[1 - me]);
        crate::games::heuristics::open_lines(&self.grid, a, b, 4)
            - crate::games::heuristics::open_lines(&self.grid, b, a, 4)
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        Outcome::from_code(self.result)
    }

    fn position_hash(&self) -> u64 {
        hash_sets(&self.stones, self.ply as u64 & 1)
    }

    fn parse_move(&self, text: &str) -> Result<YavalathMove, ParseError> {
        let bad = || ParseError::Move {
            game: self.spec(),
            text: clip(text),
            expected: format!("a cell of the hexagon ({}), or swap", self.cell_range()),
        };
        let mv: YavalathMove = text.parse().map_err(|_| bad())?;
        if let YavalathMove::Place(c) = mv {
            self.grid.index_of(c).ok_or_else(bad)?;
        }
        Ok(mv)
    }

    /// Rows from the top, separated by `/`, then a space and the side to move:
    /// `../.X./.. o`.
    fn position(&self) -> String {
        let board = super::picture_rows(&self.picture());
        format!("{board} {}", if self.ply & 1 == 0 { 'x' } else { 'o' })
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let err = |why: String| ParseError::Position { game: self.spec(), text: clip(text), why };
        let mut parts = text.split_whitespace();
        let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(err(format!(
                "expected the rows from the top separated by '/', a space and the side to move (x or o), such as {}",
                Yavalath::<N> { stones: [Bits::EMPTY; 2], ply: 0, result: 0, ..*self }.position()
            )));
        };
        let side = match side {
            "x" | "X" => 0usize,
            "o" | "O" => 1,
            s => return Err(err(format!("the side to move is '{}', expected x or o", clip(s)))),
        };
        let picture = board.to_ascii_uppercase().replace('/', "\n");
        let (x, o) = self.grid.parse_picture2(&picture).map_err(|e| err(e.to_string()))?;
        let (nx, no) = (x.count() as usize, o.count() as usize);
        let swapped = swapped_by_counts(side, nx, no, self.swap).map_err(err)?;
        let mut g = *self;
        g.stones = [x, o];
        g.ply = (nx + no + swapped as usize) as u16;
        g.result = 0;
        let to_move = side;
        let last = 1 - side;
        let names = ["X", "O"];
        if ops::has_line(&g.grid, g.stones[to_move], 3) {
            return Err(err(format!(
                "{} has three or more in a row but is to move: the game ended on that line",
                names[to_move]
            )));
        }
        if g.ply > 0 {
            g.result = g.judge(last);
        }
        Ok(g)
    }

    fn picture(&self) -> String {
        self.grid.picture2(self.stones[0], self.stones[1])
    }

    /// With the deciding line marked at the end: the winner's four, or the
    /// loser's three.
    fn board(&self) -> BoardView {
        let mut view =
            BoardView::from_grid(&self.grid, BoardShape::HexHex { side: self.size() }, self.stones);
        if let Some(Outcome::WonBy(p)) = Game::outcome(self) {
            view.mark_lines(p, 4, false);
            if view.marked.is_empty() {
                view.mark_lines(p.other(), 3, true);
            }
        }
        view
    }

    /// The cell of a placement; for `swap`, the cell of the stone taken over.
    #[inline]
    fn move_index(&self, mv: YavalathMove) -> Option<usize> {
        match mv {
            YavalathMove::Place(c) => Some(c.row as usize * self.grid.width() + c.col as usize),
            YavalathMove::Swap => None,
        }
    }

    fn move_cells(&self, mv: YavalathMove) -> Vec<usize> {
        match mv {
            YavalathMove::Place(c) => match self.grid.index_of(c) {
                Some(i) => vec![self.view_index(i)],
                None => Vec::new(),
            },
            YavalathMove::Swap => match (self.stones[0].count(), self.stones[0].first()) {
                (1, Some(i)) if self.ply == 1 => vec![self.view_index(i)],
                _ => Vec::new(),
            },
        }
    }
}

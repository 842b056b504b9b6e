//! Hex (Hein 1942, Nash 1948) on a `size × size` rhombus (11×11 by default,
//! 1–19), with the optional pie rule (`swap`).
//!
//! Cells are named as in HexGui and OpenSpiel's `hex`: the letter is the column
//! from the left, the number the row from the top, `a1` the top-left corner, and
//! row `r + 1` is drawn half a cell to the right of row `r`. The neighbours of
//! `(c, r)` are `(c ± 1, r)`, `(c, r ± 1)`, `(c + 1, r − 1)` and `(c − 1, r + 1)`:
//! exactly the hexagonal [`Grid`]'s adjacency when the grid's row index is the
//! Hex row counted from the top, so the board is a [`GridKind::Hex`] grid used
//! upside down (grid row 0 is the top row).
//!
//! The first player, `x` ([`Player::First`], OpenSpiel's black), joins the top
//! and bottom rows; the second, `o`, the left and right columns. A move places a
//! stone on an empty cell; the first player to connect their two sides wins, and
//! there are no draws (a full board always has exactly one winner).
//!
//! The win test is the paper's connection check by flood fill: after a stone is
//! placed, its group is grown by dilation masked by the mover's stones
//! ([`ops::flood_fill`]) and the mover wins when the group touches both of its
//! edges. A win can only be made by the stone just placed, so this is exact.
//!
//! With `swap=true` (the pie rule, as OpenSpiel's `hex(swap=True)` and HexGui's
//! "swap pieces"): the second player's first move may be `swap`, which removes
//! the first player's stone on `(c, r)` and puts a stone of the second player on
//! the mirrored cell `(r, c)` (so the same position, seen from the other side);
//! then the first player moves again.
//!
//! Notation:
//! - a move is a cell name, `f6`, or `swap`;
//! - a position is the rows from the top, separated by `/`, with `x`, `o` and `.`
//!   for empty, then a space and the side to move (`x` or `o`): `x../.o./... x`.
//!   The side to move is written out because after a swap `o` has one stone
//!   more than `x` with `x` to move.

use crate::bits::Bits;
use crate::board::{BoardCell, BoardShape, BoardView, HEX_ROW};
use crate::game::{
    clip, hash_sets, random_below, Game, Illegal, IllegalReason, Outcome, ParseError, Player,
    SetupError,
};
use crate::grid::{column_name, Cell, Grid, GridKind};
use crate::info::{with_words, GameInfo, WordsBuilder};
use crate::ops;
use crate::params::ParamInfo;
use crate::tools::{CoreBench, Tools};
use rand::Rng;
use std::fmt;
use std::ops::ControlFlow;

/// The largest board.
pub const MAX_SIZE: usize = 19;

/// The parameters of `hex(size=…,swap=…)`.
static PARAMS: &[ParamInfo] = &[
    ParamInfo::int("size", 11, 1, MAX_SIZE as i64, "cells on a side"),
    ParamInfo::flag("swap", false, "the pie rule: the second player's first move may be swap"),
];

/// The registry's entry: `hex`, stored in the fewest words that hold the board
/// (7×7 takes one word, 11×11 four: 10 rows of 11 cells and a separating bit,
/// then 11; 19×19 six).
pub static INFO: GameInfo = GameInfo {
    name: "hex",
    summary: "Hex: connect your two sides of the rhombus (x top–bottom, o left–right)",
    params: PARAMS,
    build: |p| {
        let (n, swap) = (p.int("size") as usize, p.flag("swap"));
        struct Build(usize, bool);
        impl WordsBuilder for Build {
            fn build<const N: usize>(self) -> Result<Box<dyn crate::dynamic::DynGame>, SetupError> {
                Ok(Box::new(Hex::<N>::new(self.0, self.1)?))
            }
        }
        with_words(Grid::<1>::bits_needed(GridKind::Hex, n, n), n, n, Build(n, swap))
    },
    engines: &[],
    tools: Tools {
        core_bench: Some(CoreBench { perft: (3, 2), playouts: (100_000, 10_000) }),
        ..Tools::NONE
    },
};

/// A Hex move: a stone on a cell, or the pie rule's swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HexMove {
    /// A stone on this cell (`row` 0 is the top row).
    Place(Cell),
    /// The second player's first move under the pie rule.
    Swap,
}

impl fmt::Display for HexMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexMove::Place(c) => write!(f, "{c}"),
            HexMove::Swap => f.write_str("swap"),
        }
    }
}

impl std::str::FromStr for HexMove {
    type Err = crate::game::NotationError;
    /// Reads a cell name (`a1` top-left) or `swap` (case-insensitive); whether
    /// the cell is on a board is the game's to check.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(HexMove::Swap);
        }
        t.parse()
            .map(HexMove::Place)
            .map_err(|_| crate::game::NotationError::new(s, "a cell such as f6, or swap"))
    }
}

/// A Hex position stored in `N` 64-bit words per player.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hex<const N: usize> {
    grid: Grid<N>,
    stones: [Bits<N>; 2],
    /// The edges: top and bottom rows (x's), left and right columns (o's).
    edges: [Bits<N>; 4],
    ply: u16,
    /// The side to move (0: `x`, 1: `o`): not `ply % 2` after a swap.
    side: u8,
    /// 0: going on, 1: `x` won, 2: `o` won.
    result: u8,
    swap: bool,
}

impl Hex<4> {
    /// The standard 11×11 game without the pie rule.
    pub fn standard() -> Self {
        Self::new(11, false).expect("11×11 fits four words")
    }
}

impl<const N: usize> Hex<N> {
    /// The empty `size × size` board, `x` to move; `swap` enables the pie rule.
    pub fn new(size: usize, swap: bool) -> Result<Self, SetupError> {
        if !(1..=MAX_SIZE).contains(&size) {
            return Err(SetupError::OutOfRange {
                param: "size",
                value: size as i64,
                min: 1,
                max: MAX_SIZE as i64,
                note: "",
            });
        }
        let grid = Grid::new(GridKind::Hex, size, size)?;
        let edges = [grid.row(0), grid.row(size - 1), grid.column(0), grid.column(size - 1)];
        Ok(Hex { grid, stones: [Bits::EMPTY; 2], edges, ply: 0, side: 0, result: 0, swap })
    }

    /// The board geometry (grid row 0 is Hex's top row).
    pub fn grid(&self) -> &Grid<N> {
        &self.grid
    }

    /// The board's side.
    pub fn size(&self) -> usize {
        self.grid.width()
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

    /// Plays `cells` (grid indices) in turn without a win test: the end of a
    /// fill playout, whose caller sets the result.
    fn load_prefix(&mut self, cells: &[u16]) {
        for &i in cells {
            self.stones[self.side as usize].insert(i as usize);
            self.side ^= 1;
        }
        self.ply += cells.len() as u16;
    }

    /// The rows of `bits` as words: bit `c` of `out[r]` is cell `(c, r)`.
    #[inline]
    fn rows_of(&self, bits: Bits<N>, out: &mut [u32; MAX_SIZE]) {
        let (n, stride) = (self.grid.width(), self.grid.stride());
        let mask = (1u64 << n) - 1;
        for (r, row) in out[..n].iter_mut().enumerate() {
            let at = r * stride;
            let (w, o) = (at / 64, at % 64);
            let mut v = bits.0[w] >> o;
            if o + n > 64 && w + 1 < N {
                v |= bits.0[w + 1] << (64 - o);
            }
            *row = (v & mask) as u32;
        }
    }

    /// Whether `p`'s stones connect `p`'s two edges.
    pub fn connects(&self, p: Player) -> bool {
        self.connected(p, self.stones[p.index()])
    }

    /// Whether `stones` (any set of cells of this board) connect `p`'s two
    /// edges: top and bottom for the first player, left and right for the
    /// second. Flood fill from one edge through `stones`, then a look at the
    /// other.
    pub fn connected(&self, p: Player, stones: Bits<N>) -> bool {
        let e = 2 * p.index();
        let from = ops::flood_fill(&self.grid, self.edges[e], stones);
        (from & self.edges[e + 1]).any()
    }

    /// Whether the side to move may swap now.
    #[inline]
    fn swap_allowed(&self) -> bool {
        self.swap && self.ply == 1 && self.result == 0
    }

    /// The cell `(c, r)` of the stone that `swap` mirrors: the first player's
    /// only stone.
    fn mirrored(&self) -> Option<(usize, usize)> {
        let i = self.stones[0].first()?;
        let (c, r) = self.grid.coords(i)?;
        Some((r, c))
    }

    /// Index into [`board`](Game::board)'s cells of `(c, r)`.
    fn view_index(&self, c: usize, r: usize) -> usize {
        r * self.grid.width() + c
    }

    fn last_cell(&self) -> String {
        let n = self.grid.width();
        format!("{}{n}", column_name(n - 1))
    }
}

impl<const N: usize> fmt::Debug for Hex<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}\n{}", self.spec(), self.position(), self.picture())
    }
}

impl<const N: usize> Game for Hex<N> {
    type Move = HexMove;

    fn spec(&self) -> String {
        format!("hex(size={},swap={})", self.grid.width(), self.swap)
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        if self.side == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    #[inline]
    fn ply(&self) -> usize {
        self.ply as usize
    }

    /// The empty cells in bit order (row by row from the top, `a1`, `b1`, …),
    /// then `swap` when it is allowed.
    #[inline]
    fn try_for_each_move<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(HexMove) -> ControlFlow<()>,
    {
        if self.result != 0 {
            return ControlFlow::Continue(());
        }
        for i in self.empty() {
            f(HexMove::Place(self.grid.cell_at_unchecked(i)))?;
        }
        if self.swap_allowed() {
            f(HexMove::Swap)?;
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn count_moves(&self) -> usize {
        if self.result != 0 {
            0
        } else {
            self.empty().count() as usize + self.swap_allowed() as usize
        }
    }

    #[inline]
    fn is_legal(&self, mv: HexMove) -> bool {
        match mv {
            HexMove::Place(c) => {
                self.result == 0 && self.grid.index_of(c).is_some_and(|i| self.empty().contains(i))
            }
            HexMove::Swap => self.swap_allowed(),
        }
    }

    fn why_illegal(&self, mv: HexMove) -> Illegal {
        let n = self.grid.width();
        match mv {
            HexMove::Place(c) => match self.grid.index_of(c) {
                None => {
                    Illegal::new(IllegalReason::OffBoard, format!("{c} is off the {n}×{n} board"))
                }
                Some(i) => {
                    let who =
                        if self.stones[0].contains(i) { Player::First } else { Player::Second };
                    Illegal::new(
                        IllegalReason::Occupied,
                        format!("{c} is already taken by {}", self.player_name(who)),
                    )
                }
            },
            HexMove::Swap if !self.swap => Illegal::new(
                IllegalReason::Rule,
                format!("swap needs the pie rule, and {} is played without it", self.spec()),
            ),
            HexMove::Swap => Illegal::new(
                IllegalReason::Rule,
                format!(
                    "swap is only the second player's first move (ply 2), and this is ply {}",
                    self.ply + 1
                ),
            ),
        }
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: HexMove) {
        match mv {
            HexMove::Place(c) => {
                // A cell off the board (only an unchecked caller's mistake)
                // lands on a separator, an unspecified but memory-safe result,
                // or past the storage, where it is ignored.
                let i = self.grid.index_unchecked(c);
                if i >= Bits::<N>::CAPACITY {
                    return;
                }
                let s = self.side as usize;
                self.stones[s].insert(i);
                let (mine, a, b) = (self.stones[s], self.edges[2 * s], self.edges[2 * s + 1]);
                // No fill until the mover has stones on both of its edges.
                if (mine & a).any() && (mine & b).any() {
                    let group = ops::flood_fill(&self.grid, Bits::cell(i), mine);
                    if (group & a).any() && (group & b).any() {
                        self.result = 1 + s as u8;
                    }
                }
                self.side ^= 1;
                self.ply += 1;
            }
            HexMove::Swap => {
                let Some((c, r)) = self.mirrored() else { return };
                self.stones[0] = Bits::EMPTY;
                if let Some(i) = self.grid.cell(c, r) {
                    self.stones[1].insert(i);
                }
                // One stone connects two opposite edges only on a 1×1 board,
                // where the first stone has already won and swap is not allowed.
                self.side = 0;
                self.ply += 1;
            }
        }
    }

    /// Uniform over the empty cells and `swap` when allowed, without allocating.
    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<HexMove> {
        if self.result != 0 {
            return None;
        }
        let empty = self.empty();
        let cells = empty.count() as u64;
        let n = cells + self.swap_allowed() as u64;
        if n == 0 {
            return None;
        }
        let k = random_below(rng, n);
        if k == cells {
            return Some(HexMove::Swap);
        }
        empty.nth(k as usize).map(|i| HexMove::Place(self.grid.cell_at_unchecked(i)))
    }

    /// Fill, then find where the game ended. A full Hex board has exactly one
    /// winner and stones are never removed, so the game the same draws play
    /// move by move is the prefix of the fill that ends with the winner's
    /// first move completing a chain between its edges. The cells are drawn
    /// exactly as [`random_move`](Game::random_move) draws them; the win test
    /// moves from every ply to a few flood fills ([`ops::flood_fill`]): one on
    /// the full board finds the winner and the stones of its groups that touch
    /// both edges (any earlier winning chain lies in them), then a binary
    /// search over the winner's moves into those groups finds the first
    /// prefix that joins the edges, flooding only within those groups. The
    /// swap is played through the checked path while it may come.
    fn random_playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        let mut plies = 0;
        // Until the swap has been offered (ply 1), one move at a time.
        while self.swap && self.ply < 2 && self.result == 0 {
            let Some(mv) = self.random_move(rng) else { return plies };
            self.play_unchecked(mv);
            plies += 1;
        }
        if self.result != 0 {
            return plies;
        }
        let grid = self.grid;
        let mut empty = self.empty();
        let mut left = empty.count() as u64;
        let mut full = self.stones;
        // Cells in the order played.
        let mut order = [0u16; MAX_SIZE * MAX_SIZE];
        let mut played = 0;
        while left > 0 {
            let Some(i) = empty.nth(random_below(rng, left) as usize) else { break };
            empty.remove(i);
            left -= 1;
            full[(self.side as usize + played) & 1].insert(i);
            order[played] = i as u16;
            played += 1;
        }
        // The winner: the player whose stones join its edges on the full board,
        // and its stones in groups touching both edges (an earlier winning
        // chain lies in them); none only when the board was not full (a
        // hand-made position with no cell left).
        let n = grid.width();
        let mut rows = [[0u32; MAX_SIZE]; 2];
        for (s, r) in rows.iter_mut().enumerate() {
            self.rows_of(full[s], r);
        }
        let first = row_flood(&rows[0], n, Seed::FirstRow);
        let (w, reach) = if first[n - 1] != 0 {
            (0, first)
        } else {
            (1, row_flood(&rows[1], n, Seed::FirstColumn))
        };
        let core_rows = if w == 0 {
            row_flood(&reach, n, Seed::LastRow)
        } else {
            row_flood(&reach, n, Seed::LastColumn)
        };
        if core_rows[..n].iter().all(|&r| r == 0) {
            self.load_prefix(&order[..played]);
            return plies + played as u64;
        }
        let mut core = Bits::<N>::EMPTY;
        for (r, &bits) in core_rows[..n].iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                core.insert(r * grid.stride() + b.trailing_zeros() as usize);
                b &= b - 1;
            }
        }
        let mut mine = [0u16; MAX_SIZE * MAX_SIZE];
        let mut m = 0;
        for (k, &i) in order[..played].iter().enumerate() {
            if (self.side as usize + k) & 1 == w && core.contains(i as usize) {
                mine[m] = k as u16;
                m += 1;
            }
        }
        let base = self.stones[w] & core;
        let joins = |j: usize| {
            let mut stones = base;
            for &k in &mine[..j] {
                stones.insert(order[k as usize] as usize);
            }
            let mut r = [0u32; MAX_SIZE];
            self.rows_of(stones, &mut r);
            if w == 0 {
                row_flood(&r, n, Seed::FirstRow)[n - 1] != 0
            } else {
                row_flood(&r, n, Seed::FirstColumn)[..n].iter().any(|&x| (x >> (n - 1)) & 1 != 0)
            }
        };
        let (mut lo, mut hi) = (1, m);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if joins(mid) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        let end = mine[lo - 1] as usize + 1;
        self.load_prefix(&order[..end]);
        self.result = 1 + w as u8;
        plies + end as u64
    }

    /// The shortest-path distance of each side
    /// ([`connection_distance`](crate::games::heuristics::connection_distance):
    /// the empty cells it still needs between its edges), the opponent's minus
    /// the side to move's, 100 a cell.
    fn evaluate(&self) -> i32 {
        let far = self.grid.cells() as i32 + 1;
        let dist = |p: Player| {
            let e = 2 * p.index();
            crate::games::heuristics::connection_distance(
                &self.grid,
                self.stones[p.index()],
                self.stones[1 - p.index()],
                self.edges[e],
                self.edges[e + 1],
            )
            .map_or(far, |d| d as i32)
        };
        let me = Game::side_to_move(self);
        100 * (dist(me.other()) - dist(me))
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        Outcome::from_code(self.result)
    }

    fn position_hash(&self) -> u64 {
        hash_sets(&self.stones, self.side as u64)
    }

    fn parse_move(&self, text: &str) -> Result<HexMove, ParseError> {
        let bad = || ParseError::Move {
            game: self.spec(),
            text: clip(text),
            expected: format!(
                "a cell a1–{} (a1 top-left, letter = column, number = row from the top){}",
                self.last_cell(),
                if self.swap { " or swap" } else { "" }
            ),
        };
        let mv: HexMove = text.parse().map_err(|_| bad())?;
        if let HexMove::Place(c) = mv {
            self.grid.index_of(c).ok_or_else(bad)?;
        }
        Ok(mv)
    }

    /// Rows from the top, separated by `/`, with `x`, `o`, `.`, then a space and
    /// the side to move: `x../.o./... x`.
    fn position(&self) -> String {
        let n = self.grid.width();
        let mut s = String::with_capacity(n * (n + 1) + 2);
        for r in 0..n {
            if r > 0 {
                s.push('/');
            }
            for c in 0..n {
                let i = self.grid.cell(c, r).expect("on the board");
                s.push(if self.stones[0].contains(i) {
                    'x'
                } else if self.stones[1].contains(i) {
                    'o'
                } else {
                    '.'
                });
            }
        }
        s.push(' ');
        s.push(if self.side == 0 { 'x' } else { 'o' });
        s
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let err = |why: String| ParseError::Position { game: self.spec(), text: clip(text), why };
        let n = self.grid.width();
        let mut parts = text.split_whitespace();
        let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(err(format!(
                "expected the rows from the top separated by '/', a space and the side to move (x or o), such as {}",
                Hex::<N>::new(n, self.swap).map(|g| g.position()).unwrap_or_default()
            )));
        };
        let side: u8 = match side {
            "x" | "X" => 0,
            "o" | "O" => 1,
            s => return Err(err(format!("the side to move is '{}', expected x or o", clip(s)))),
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != n {
            return Err(err(format!("{} rows, expected {n}", rows.len())));
        }
        let mut stones = [Bits::EMPTY; 2];
        for (r, row) in rows.iter().enumerate() {
            super::read_stone_row(row, r + 1, n, column_name, |c, p| {
                stones[p].insert(self.grid.cell(c, r).expect("on the board"))
            })
            .map_err(&err)?;
        }
        let (nx, no) = (stones[0].count() as usize, stones[1].count() as usize);
        // Without a swap x has as many stones as o (x to move) or one more (o
        // to move); after a swap o has one more (x to move) or as many (o).
        let swapped = match side {
            0 if nx == no => false,
            1 if nx == no + 1 => false,
            0 if no == nx + 1 => true,
            1 if nx == no && nx > 0 => true,
            _ => {
                return Err(err(format!(
                    "x has {nx} stones and o {no} with {} to move: x moves first, so x must have as many as o (x to move) or one more (o to move){}",
                    if side == 0 { 'x' } else { 'o' },
                    if self.swap { ", or after a swap o one more (x to move) or as many (o to move)" } else { "" }
                )))
            }
        };
        if swapped && !self.swap {
            return Err(err(format!(
                "o has {} with x to move, which only a swap gives, and {} has no swap",
                if side == 0 { "one stone more than x" } else { "as many stones as x" },
                self.spec()
            )));
        }
        let mut g =
            Hex { stones, ply: (nx + no + swapped as usize) as u16, side, result: 0, ..*self };
        let (wx, wo) = (g.connects(Player::First), g.connects(Player::Second));
        if wx && wo {
            return Err(err("both players connect their edges".into()));
        }
        if (wx && side == 0) || (wo && side == 1) {
            return Err(err(format!(
                "{} connects its edges but is to move: the winner made the last move",
                if wx { 'x' } else { 'o' }
            )));
        }
        g.result = if wx {
            1
        } else if wo {
            2
        } else {
            0
        };
        Ok(g)
    }

    /// Top row first, each lower row indented one more space (half a cell):
    /// `X`, `O`, `.`.
    fn picture(&self) -> String {
        let n = self.grid.width();
        let mut s = String::new();
        for r in 0..n {
            s.extend(std::iter::repeat_n(' ', r));
            for c in 0..n {
                if c > 0 {
                    s.push(' ');
                }
                let i = self.grid.cell(c, r).expect("on the board");
                s.push(if self.stones[0].contains(i) {
                    'X'
                } else if self.stones[1].contains(i) {
                    'O'
                } else {
                    '.'
                });
            }
            s.push('\n');
        }
        s
    }

    /// Row by row from the top (`a1`, `b1`, …), each lower row half a cell to
    /// the right.
    fn board(&self) -> BoardView {
        let n = self.grid.width();
        let mut cells = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                let i = self.grid.cell(c, r).expect("on the board");
                let owner = if self.stones[0].contains(i) {
                    Some(Player::First)
                } else if self.stones[1].contains(i) {
                    Some(Player::Second)
                } else {
                    None
                };
                cells.push(BoardCell {
                    name: format!("{}{}", column_name(c), r + 1),
                    col: c,
                    row: r,
                    x: c as f64 + 0.5 * r as f64,
                    y: r as f64 * HEX_ROW,
                    owner,
                });
            }
        }
        BoardView {
            shape: BoardShape::HexRhombus { width: n, height: n },
            cells,
            stars: Vec::new(),
        }
    }

    /// The cell of a stone; for `swap`, the first stone's cell then the
    /// mirrored cell the second player's stone takes.
    #[inline]
    fn move_index(&self, mv: HexMove) -> Option<usize> {
        match mv {
            HexMove::Place(c) => Some(c.row as usize * self.grid.width() + c.col as usize),
            HexMove::Swap => None,
        }
    }

    fn move_cells(&self, mv: HexMove) -> Vec<usize> {
        match mv {
            HexMove::Place(c) => match self.grid.index_of(c) {
                Some(_) => vec![self.view_index(c.col as usize, c.row as usize)],
                None => Vec::new(),
            },
            HexMove::Swap => match self.mirrored() {
                Some((c, r)) if self.swap_allowed() => {
                    vec![self.view_index(r, c), self.view_index(c, r)]
                }
                _ => Vec::new(),
            },
        }
    }
}

/// Where a [`row_flood`] starts: the stones of one edge.
#[derive(Clone, Copy)]
enum Seed {
    /// Row 0 (the first player's top edge).
    FirstRow,
    /// Row `n − 1`.
    LastRow,
    /// Column 0 (the second player's left edge).
    FirstColumn,
    /// Column `n − 1`.
    LastColumn,
}

/// Spreads `x` (within `m`) along the runs of set bits of `m`, both ways: up
/// by the carries of an addition, down by an occluded fill.
#[inline(always)]
fn spread_runs(x: u32, m: u32) -> u32 {
    let mut y = x | ((m.wrapping_add(x) ^ m ^ x) & m);
    let mut g = m;
    y |= (y >> 1) & g;
    g &= g >> 1;
    y |= (y >> 2) & g;
    g &= g >> 2;
    y |= (y >> 4) & g;
    g &= g >> 4;
    y |= (y >> 8) & g;
    g &= g >> 8;
    y |= (y >> 16) & g;
    y
}

/// Flood fill on a Hex board held as rows (bit `c` of `stones[r]` is cell
/// `(c, r)`; row `r + 1` sits half a cell right of row `r`, so cell `c` of a
/// row touches cells `c` and `c + 1` of the row before and `c − 1` and `c` of
/// the row after): the stones joined to the `seed` edge, by sweeps down and
/// up the rows, each row spread along its runs at once, until a sweep each
/// way adds nothing. A chain costs a sweep per turn back, not a step per cell.
fn row_flood(stones: &[u32; MAX_SIZE], n: usize, seed: Seed) -> [u32; MAX_SIZE] {
    let mut reach = [0u32; MAX_SIZE];
    match seed {
        Seed::FirstRow => reach[0] = stones[0],
        Seed::LastRow => reach[n - 1] = stones[n - 1],
        Seed::FirstColumn => {
            for r in 0..n {
                reach[r] = spread_runs(stones[r] & 1, stones[r]);
            }
        }
        Seed::LastColumn => {
            for r in 0..n {
                reach[r] = spread_runs(stones[r] & (1 << (n - 1)), stones[r]);
            }
        }
    }
    loop {
        let mut changed = false;
        for r in 1..n {
            let from = reach[r - 1] | (reach[r - 1] >> 1);
            let add = from & stones[r] & !reach[r];
            if add != 0 {
                reach[r] = spread_runs(reach[r] | add, stones[r]);
                changed = true;
            }
        }
        for r in (0..n.saturating_sub(1)).rev() {
            let from = reach[r + 1] | (reach[r + 1] << 1);
            let add = from & stones[r] & !reach[r];
            if add != 0 {
                reach[r] = spread_runs(reach[r] | add, stones[r]);
                changed = true;
            }
        }
        if !changed {
            return reach;
        }
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    fn play(g: &mut Hex<2>, moves: &str) {
        for m in moves.split_whitespace() {
            let mv = g.parse_move(m).unwrap();
            g.play(mv).unwrap();
        }
    }

    pub fn adjacency_is_hexgui_s() {
        // b2's six neighbours: b1 c1 (above), a2 c2, a3 b3 (below).
        let g = Hex::<2>::new(3, false).unwrap();
        let b2 = g.grid.parse_cell("b2").unwrap();
        let mut around: Vec<String> = g
            .grid
            .neighbours(Bits::cell(b2))
            .into_iter()
            .map(|i| g.grid.cell_name(i).unwrap())
            .collect();
        around.sort();
        assert_eq!(around, ["a2", "a3", "b1", "b3", "c1", "c2"]);
    }

    pub fn x_joins_top_and_bottom() {
        let mut g = Hex::<2>::new(3, false).unwrap();
        // x: c1 b2 a3 is a chain down the short diagonal.
        play(&mut g, "c1 a1 b2 a2 a3");
        assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
        assert_eq!(g.position(), "o.x/ox./x.. o");
        assert_eq!(g.picture(), "O . X\n O X .\n  X . .\n");
        assert_eq!(g.count_moves(), 0);
        // a1 b1 c1 across the top row is not a win for x.
        let mut h = Hex::<2>::new(3, false).unwrap();
        play(&mut h, "a1 a2 b1 b2 c1");
        assert_eq!(h.outcome(), None);
        // o joins left and right: a2 b2 c2.
        play(&mut h, "c2");
        assert_eq!(h.outcome(), Some(Outcome::WonBy(Player::Second)));
        // a1 and b2 are not neighbours (a1 touches a2, b1).
        let mut k = Hex::<2>::new(2, false).unwrap();
        play(&mut k, "a1 b1 b2");
        assert_eq!(k.outcome(), None);
    }

    pub fn swap_mirrors_the_first_stone() {
        let mut g = Hex::<2>::new(5, true).unwrap();
        play(&mut g, "b4");
        assert!(g.is_legal(HexMove::Swap));
        assert_eq!(g.count_moves(), 25);
        assert_eq!(g.move_cells(HexMove::Swap), vec![3 * 5 + 1, 5 + 3]);
        play(&mut g, "swap");
        assert_eq!(g.position(), "...../...o./...../...../..... x");
        assert_eq!((g.ply(), g.side_to_move()), (2, Player::First));
        assert!(!g.is_legal(HexMove::Swap));
        let again = g.parse_position(&g.position()).unwrap();
        assert_eq!(again, g);
        play(&mut g, "a1");
        assert_eq!(g.parse_position(&g.position()).unwrap(), g);
        assert!(Hex::<2>::new(5, false).unwrap().parse_position(&g.position()).is_err());
    }
}

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
//! Random playouts in bulk ([`random_playouts`](Hints::random_playouts)) test
//! connections another way: the board as the corner of a Y triangle of side
//! `2n − 1`, reduced for 64 games at once (Browne §5.2.3, bit-sliced).
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

mod bulk;
pub mod table;

use super::fill::first_joining;
use super::stones::{PlaceMove, StoneGame, StoneSetupError, Stones};
use crate::board::{BoardEdge, BoardShape, PieceLook};
use crate::game::random_below;
use crate::games::prelude::*;
use crate::grid::column_name;
use crate::search::playout::PlayoutStats;
use crate::stone_moves;
use bulk::{EmbeddedFill, EMBEDDED_MAX};
use rand::Rng;

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
pub static INFO: GameInfo = GameInfo::new(
    "hex",
    "Hex: connect your two sides of the rhombus (x top–bottom, o left–right)",
    PARAMS,
    |p| {
        let (n, swap) = (p.int("size") as usize, p.flag("swap"));
        crate::in_words!(grid GridKind::Hex, n, n, |N| Hex::<N>::new(n, swap))
    },
)
.tablebase(&table::TABLEBASE)
.core_bench((3, 2), (1_000_000, 10_000));

/// A Hex position stored in `N` 64-bit words per player.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hex<const N: usize> {
    board: Stones<PlaceMove, N, false>,
    /// The edges: top and bottom rows (x's), left and right columns (o's).
    edges: [Bits<N>; 4],
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
        SetupError::check_range("size", size, 1, MAX_SIZE)?;
        let grid = Grid::new(GridKind::Hex, size, size)?;
        let edges = [grid.row(0), grid.row(size - 1), grid.column(0), grid.column(size - 1)];
        Ok(Hex { board: Stones::new(grid, swap), edges })
    }

    /// The board's side.
    pub fn size(&self) -> usize {
        self.board.grid.width()
    }

    /// Plays `cells` (grid indices) in turn without a win test: the end of a
    /// fill playout, whose caller sets the result.
    fn load_prefix(&mut self, cells: &[u16]) {
        for &i in cells {
            self.board.place(i as usize);
        }
    }

    /// The rows of `bits` as words: bit `c` of `out[r]` is cell `(c, r)`.
    #[inline]
    fn rows_of(&self, bits: Bits<N>, out: &mut [u32; MAX_SIZE]) {
        let (n, stride) = (self.board.grid.width(), self.board.grid.stride());
        for (r, row) in out[..n].iter_mut().enumerate() {
            *row = bits.run(r * stride, n) as u32;
        }
    }

    /// Whether `p`'s stones connect `p`'s two edges.
    pub fn connects(&self, p: Player) -> bool {
        self.connected(p, self.board.stones[p.index()])
    }

    /// Whether `stones` (any set of cells of this board) connect `p`'s two
    /// edges: top and bottom for the first player, left and right for the
    /// second. Flood fill from one edge through `stones`, then a look at the
    /// other.
    pub fn connected(&self, p: Player, stones: Bits<N>) -> bool {
        let e = 2 * p.index();
        let from = ops::flood_fill(&self.board.grid, self.edges[e], stones);
        (from & self.edges[e + 1]).any()
    }

    /// The cell `(c, r)` of the stone that `swap` mirrors: the first player's
    /// only stone.
    fn mirrored(&self) -> Option<(usize, usize)> {
        let i = self.board.stones[0].first()?;
        let (c, r) = self.board.grid.coords(i)?;
        Some((r, c))
    }

    /// Index into [`board`](View::board)'s cells of `(c, r)`.
    fn view_index(&self, c: usize, r: usize) -> usize {
        r * self.board.grid.width() + c
    }

    fn last_cell(&self) -> String {
        let n = self.board.grid.width();
        format!("{}{n}", column_name(n - 1))
    }
}

impl<const N: usize> StoneGame<PlaceMove, N, false> for Hex<N> {
    fn stone_board(&self) -> &Stones<PlaceMove, N, false> {
        &self.board
    }

    fn expected_move(&self) -> String {
        format!(
            "a cell a1–{} (a1 top-left, letter = column, number = row from the top){}",
            self.last_cell(),
            if self.board.swap { " or swap" } else { "" }
        )
    }
}

crate::debug_by_notation!(N => Hex<N>);

impl<const N: usize> Rules for Hex<N> {
    stone_moves!(rules: board, PlaceMove);

    const NAME: &'static str = INFO.name;

    fn spec(&self) -> String {
        format!("hex(size={},swap={})", self.board.grid.width(), self.board.swap)
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: PlaceMove) {
        match mv {
            PlaceMove::Place(c) => {
                let Some((i, s)) = self.board.place_unchecked(c) else { return };
                let (mine, a, b) = (self.board.stones[s], self.edges[2 * s], self.edges[2 * s + 1]);
                // No fill until the mover has stones on both of its edges.
                if (mine & a).any() && (mine & b).any() {
                    let group = ops::flood_fill(&self.board.grid, Bits::cell(i), mine);
                    if (group & a).any() && (group & b).any() {
                        self.board.result = 1 + s as u8;
                    }
                }
            }
            PlaceMove::Swap => {
                let Some((c, r)) = self.mirrored() else { return };
                self.board.stones[0] = Bits::EMPTY;
                if let Some(i) = self.board.grid.cell(c, r) {
                    self.board.stones[1].insert(i);
                }
                // One stone connects two opposite edges only on a 1×1 board,
                // where the first stone has already won and swap is not allowed.
                self.board.ply += 1;
            }
        }
    }
}

impl<const N: usize> Notation for Hex<N> {
    stone_moves!(notation: board, PlaceMove);

    /// Rows from the top, separated by `/`, with `x`, `o`, `.`, then a space and
    /// the side to move: `x../.o./... x`.
    fn position(&self) -> String {
        self.board.cell_rows_and_side(|_| self.size())
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let n = self.board.grid.width();
        let read = || {
            let example =
                || Hex::<N>::new(n, self.board.swap).map(|g| g.position()).unwrap_or_default();
            let stones_of = |rows: &str| self.board.read_cell_rows(rows, |_| n);
            let (board, _) = self.board.read_with_side(text, example, stones_of)?;
            let g = Hex { board, ..*self };
            let wins = [Player::First, Player::Second].map(|p| g.connects(p));
            let winner = g.board.winner(wins, "a chain joining their edges")?;
            Ok(Hex {
                board: Stones { result: winner.map_or(0, |w| 1 + w.index() as u8), ..g.board },
                ..g
            })
        };
        read().map_err(|e: StoneSetupError| e.at(&self.spec(), text))
    }

    /// Top row first, each lower row indented one more space (half a cell):
    /// `X`, `O`, `.`.
    fn picture(&self) -> String {
        self.board.cell_rows_picture(|_| self.size())
    }
}

impl<const N: usize> View for Hex<N> {
    stone_moves!(view: board, PlaceMove; move_index);

    /// Row by row from the top (`a1`, `b1`, …), each lower row half a cell to
    /// the right.
    fn board(&self) -> BoardView {
        let n = self.size();
        // The first player joins the top and bottom rows, the second the
        // left and right columns (cells are row by row from the top).
        let line = |f: &dyn Fn(usize) -> usize| (0..n).map(f).collect::<Vec<_>>();
        let edges = vec![
            BoardEdge { owner: Player::First, cells: line(&|c| c) },
            BoardEdge { owner: Player::First, cells: line(&|c| (n - 1) * n + c) },
            BoardEdge { owner: Player::Second, cells: line(&|r| r * n) },
            BoardEdge { owner: Player::Second, cells: line(&|r| r * n + n - 1) },
        ];
        let mut view = self
            .board
            .cell_rows_view(BoardShape::HexRhombus { width: n, height: n }, |_| n)
            .with_pieces([PieceLook::Red, PieceLook::Blue]);
        view.edges = edges;
        // The winner's chain: every group of theirs that touches both edges.
        if let Some(Outcome::WonBy(p)) = Rules::outcome(self) {
            let (stones, e) = (self.board.stones[p.index()], 2 * p.index());
            let from_one = ops::flood_fill(&self.board.grid, self.edges[e], stones);
            let chain = ops::flood_fill(&self.board.grid, from_one & self.edges[e + 1], stones);
            view.marked = self.board.cell_rows_marks(|_| n, chain);
        }
        view
    }

    fn move_cells(&self, mv: PlaceMove) -> Vec<usize> {
        match mv {
            PlaceMove::Place(c) => match self.board.grid.index_of(c) {
                Some(_) => vec![self.view_index(c.col as usize, c.row as usize)],
                None => Vec::new(),
            },
            PlaceMove::Swap => match self.mirrored() {
                Some((c, r)) if self.board.can_swap() => {
                    vec![self.view_index(r, c), self.view_index(c, r)]
                }
                _ => Vec::new(),
            },
        }
    }
}

impl<const N: usize> Hints for Hex<N> {
    stone_moves!(hints: board, PlaceMove);

    /// Sixty-four games at a time by fill, their connections tested as Y
    /// reductions (`EmbeddedFill`), on boards up to 15×15 once the swap is
    /// past; one game after another otherwise.
    #[inline(always)]
    fn random_playouts<R: Rng + ?Sized>(&self, count: u64, rng: &mut R, stats: &mut PlayoutStats) {
        let n = self.size();
        if self.board.result == 0
            && !(self.board.swap && self.board.ply < 2)
            && self.board.empty().any()
            && n <= EMBEDDED_MAX
        {
            return EmbeddedFill::new(self).playouts(count, rng, stats);
        }
        crate::search::playout::one_at_a_time(self, count, rng, stats)
    }

    /// Fill, then find where the game ended. A full Hex board has exactly one
    /// winner and stones are never removed, so the game the same draws play
    /// move by move is the prefix of the fill that ends with the winner's
    /// first move completing a chain between its edges. The cells are drawn
    /// exactly as [`random_move`](Hints::random_move) draws them; the win test
    /// moves from every ply to a few flood fills ([`ops::flood_fill`]): one on
    /// the full board finds the winner and the stones of its groups that touch
    /// both edges (any earlier winning chain lies in them), then a binary
    /// search over the winner's moves into those groups finds the first
    /// prefix that joins the edges, flooding only within those groups. The
    /// swap is played through the checked path while it may come.
    fn random_playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        let mut plies = 0;
        // Until the swap has been offered (ply 1), one move at a time.
        while self.board.swap && self.board.ply < 2 && self.board.result == 0 {
            let Some(mv) = self.random_move(rng) else { return plies };
            self.play_unchecked(mv);
            plies += 1;
        }
        if self.board.result != 0 {
            return plies;
        }
        let grid = self.board.grid;
        let mut empty = self.board.empty();
        let mut left = empty.count() as u64;
        let mut full = self.board.stones;
        // Cells in the order played.
        let mut order = [0u16; MAX_SIZE * MAX_SIZE];
        let mut played = 0;
        while left > 0 {
            let Some(i) = empty.nth(random_below(rng, left) as usize) else { break };
            empty.remove(i);
            left -= 1;
            full[(self.board.mover() + played) & 1].insert(i);
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
            if (self.board.mover() + k) & 1 == w && core.contains(i as usize) {
                mine[m] = k as u16;
                m += 1;
            }
        }
        let base = self.board.stones[w] & core;
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
        let lo = first_joining(m, joins);
        let end = mine[lo - 1] as usize + 1;
        self.load_prefix(&order[..end]);
        self.board.result = 1 + w as u8;
        plies + end as u64
    }

    /// The shortest-path distance of each side
    /// ([`connection_distance`](crate::games::heuristics::connection_distance):
    /// the empty cells it still needs between its edges), the opponent's minus
    /// the side to move's, 100 a cell.
    fn evaluate(&self) -> i32 {
        let far = self.board.grid.cells() as i32 + 1;
        let dist = |p: Player| {
            let e = 2 * p.index();
            crate::games::heuristics::connection_distance(
                &self.board.grid,
                self.board.stones[p.index()],
                self.board.stones[1 - p.index()],
                self.edges[e],
                self.edges[e + 1],
            )
            .map_or(far, |d| d as i32)
        };
        let me = Rules::side_to_move(self);
        100 * (dist(me.other()) - dist(me))
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
pub mod tests;

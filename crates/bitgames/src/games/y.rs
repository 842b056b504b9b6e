//! The game of Y (Shannon; Schensted and Titus 1953) on a triangle of hexagons
//! of side `size` (10 by default, 1–19).
//!
//! Cells are named as in OpenSpiel's `y`: the letter is the column from the
//! left, the number the row from the top; row 1 holds columns `a` … (the
//! `size`-th letter), row `r` holds `size + 1 − r` cells, and each row is drawn
//! half a cell to the right of the one above, so the board is a triangle with
//! its point at the bottom (`a1`, the last cell of row 1 and the one cell of the
//! last row are the corners). The neighbours of `(c, r)` are `(c ± 1, r)`,
//! `(c, r ± 1)`, `(c + 1, r − 1)` and `(c − 1, r + 1)`: the hexagonal [`Grid`]
//! with its row 0 at the top, masked to the cells with `c + r < size`
//! ([`Grid::masked`]).
//!
//! The first player, `x` ([`Player::First`], OpenSpiel's player 0), and `o` take
//! turns placing a stone on an empty cell. The first to join all three sides
//! with one connected group wins (a corner cell belongs to both its sides).
//! There are no draws: a full board always has exactly one winner.
//!
//! The win test is the paper's bitwise-parallel Y reduction (Browne §5.2.3,
//! Listing 1), made incremental: the game keeps every level of the reduction
//! of its board ([`ops::YPyramid`]: Listing 1's column words, two bits a cell,
//! and each level reduced from the one below) beside its bitboards. A stone
//! changes one cell of level 0 and then only the triplets it reaches, level by
//! level, until a level does not change; the top level's one cell names the
//! winner. Stateless boards (a random fill tested once, the paper's case) use
//! [`ops::y_reduce`] itself. Random playouts in bulk
//! ([`random_playouts`](Hints::random_playouts)) fill the board in a random
//! order and test every prefix of the order at once with the bit-sliced
//! reduction ([`ops::y_reduce_sliced`]), a bit of each cell's word for each
//! prefix.
//!
//! Notation: a move is a cell name, `c4`; a position is the rows from the top,
//! separated by `/`, with `x`, `o` and `.`, then a space and the side to move
//! (`x` or `o`): `x../o./. x` on side 3.

use super::fill::{first_joining, shuffle_into, Draws, Lanes, PLACES};
use super::stones::{StoneGame, StoneSetupError, Stones};
use crate::board::BoardShape;
use crate::game::random_below;
use crate::games::prelude::*;
use crate::grid::column_name;
use crate::ops::{self, YColumns, YPyramid, Y_FIRST, Y_SECOND};
use crate::search::playout::PlayoutStats;
use crate::stone_moves;
use rand::SeedableRng;
use rand::{Rng, RngCore};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The largest side: 19 (190 cells) takes 379 bits of the hexagonal grid with
/// separators, six words, the largest storage.
pub const MAX_SIZE: usize = 19;

/// Column words of the Y reduction's levels for the largest side.
const PYRAMID: usize = MAX_SIZE * (MAX_SIZE + 1) / 2;

/// The parameters of `y(size=…)`.
static PARAMS: &[ParamInfo] = &[ParamInfo::int("size", 10, 1, MAX_SIZE as i64, "cells on a side")];

/// The registry's entry: `y`, stored in the fewest words that hold the
/// triangle's rhombus (side 7 one word, 10 two, 19 six).
pub static INFO: GameInfo =
    GameInfo::new("y", "Y: join all three sides of the triangle with one group", PARAMS, |p| {
        let n = p.size();
        crate::in_words!(grid GridKind::Hex, n, n, |N| Y::<N>::new(n))
    })
    .tablebase(&TABLEBASE)
    .core_bench((3, 2), (2_000_000, 10_000));

// Strong solutions of small boards: the placement kit's table
// ([`crate::games::stone_tables`]) of every position of a triangle of at most
// 22 cells (side 6 and smaller). Y has no draws (a full board always joins
// the three sides for one player) and the first player wins every board (the
// strategy-stealing argument): the tables agree.
crate::stone_table! {
    Y<1>,
    board: board,
    wins: |game, _player, stones| game.joins_three_sides(stones),
    about: "every position of a triangle of at most 22 cells (side 6), one byte each: side 4 takes \
           17 kB, side 5 3.5 MB, side 6 2.2 GB",
}

/// A position of Y stored in `N` 64-bit words per player.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Y<const N: usize> {
    board: Stones<Cell, N, false>,
    /// The sides: top row, left column, diagonal.
    sides: [Bits<N>; 3],
    /// The same stones in Listing 1's layout and every level of their Y
    /// reduction.
    columns: YPyramid<PYRAMID>,
}

impl Y<2> {
    /// The standard game, side 10.
    pub fn standard() -> Self {
        Self::new(10).expect("side 10 fits two words")
    }
}

impl<const N: usize> Y<N> {
    /// The empty triangle of side `size`, `x` to move.
    pub fn new(size: usize) -> Result<Self, SetupError> {
        SetupError::check_range("size", size, 1, MAX_SIZE)?;
        let grid = Grid::masked(GridKind::Hex, size, size, |c, r| c + r < size)?;
        let diagonal = (0..size).filter_map(|c| grid.cell(c, size - 1 - c)).collect();
        let sides = [grid.row(0), grid.column(0), diagonal];
        let columns = YPyramid::new(size).expect("size checked above");
        Ok(Y { board: Stones::new(grid, false), sides, columns })
    }

    /// The side of the triangle.
    pub fn size(&self) -> usize {
        self.board.grid.width()
    }

    /// The three sides' cells: top row, left column, diagonal.
    pub fn sides(&self) -> [Bits<N>; 3] {
        self.sides
    }

    /// Plays `cells` (grid index, column, row) in turn onto the board whose
    /// column words were `before`, without a win test: the stones, the ply and
    /// the whole reduction pyramid at once (the end of a fill playout).
    fn load_prefix(&mut self, before: &[u64; MAX_SIZE], cells: &[(u16, u8, u8)]) {
        let n = self.size();
        let mut board = *before;
        for (k, &(i, x, y)) in cells.iter().enumerate() {
            let s = (self.board.ply as usize + k) & 1;
            self.board.stones[s].insert(i as usize);
            board[x as usize] |= (if s == 0 { Y_FIRST } else { Y_SECOND }) << (2 * y);
        }
        self.columns.set_board(&board[..n]);
        self.board.ply += cells.len() as u16;
    }

    /// Whether one group of `stones` (any cells of this board) touches all
    /// three sides: a flood fill of each group on the first side.
    pub fn joins_three_sides(&self, stones: Bits<N>) -> bool {
        let [first, second, third] = self.sides;
        let mut todo = stones & first;
        while let Some(i) = todo.first() {
            let group = ops::flood_fill(&self.board.grid, Bits::cell(i), stones);
            if (group & second).any() && (group & third).any() {
                return true;
            }
            todo -= group;
        }
        false
    }

    /// The player whose stones join all three sides, if any, by Y reduction
    /// (kept up to date move by move: no work here).
    pub fn connected(&self) -> Option<Player> {
        match self.columns.winner() {
            Y_FIRST => Some(Player::First),
            Y_SECOND => Some(Player::Second),
            _ => None,
        }
    }

    fn last_cell(&self) -> String {
        format!("{}1", column_name(self.size() - 1))
    }

    /// Index into [`board`](View::board)'s cells of `(c, r)`: rows from the
    /// top, row `r` starting after `r` rows of `size`, `size − 1`, … cells.
    fn view_index(&self, c: usize, r: usize) -> usize {
        let n = self.size();
        r * n - r * (r.saturating_sub(1)) / 2 + c
    }

    /// The length of row `r` from the top.
    fn row_len(&self, r: usize) -> usize {
        self.size() - r
    }
}

impl<const N: usize> StoneGame<Cell, N, false> for Y<N> {
    fn stone_board(&self) -> &Stones<Cell, N, false> {
        &self.board
    }

    fn off_board(&self, c: Cell) -> Illegal {
        let n = self.size();
        Illegal::new(
            IllegalReason::OffBoard,
            format!(
                "{c} is off the triangle of side {n} (row r holds columns a to the {n}-th letter)"
            ),
        )
    }

    fn expected_move(&self) -> String {
        format!(
            "a cell of the triangle a1–{} (row r from the top holds {} + 1 − r cells)",
            self.last_cell(),
            self.size()
        )
    }
}

/// A word of prefixes for [`Y::sliced_playouts`]: its low half stands for
/// the first player's first 1, 2, … new stones, its high half for the
/// second player's.
trait Prefixes:
    Copy + std::ops::BitAnd<Output = Self> + std::ops::BitOr<Output = Self> + Eq + Default
{
    /// Bits in a half: the most moves a player may have left.
    const HALF: u32;
    /// The word of a stone: in every prefix of its player that holds it, the
    /// `k`-th (from 0) new stone of `player` (0 or 1).
    fn stone(player: usize, k: u32) -> Self;
    /// The first prefix in which a player's stones join the three sides:
    /// `(player, k)` for its first `k + 1` new stones.
    fn first(self) -> Option<(usize, u32)>;
}

/// [`Prefixes`] for a word of two halves of type `$half`.
macro_rules! prefixes {
    ($word:ty, $half:ty) => {
        impl Prefixes for $word {
            const HALF: u32 = <$half>::BITS;
            #[inline(always)]
            fn stone(player: usize, k: u32) -> $word {
                ((<$half>::MAX << k) as $word) << (<$half>::BITS as usize * player)
            }
            #[inline(always)]
            fn first(self) -> Option<(usize, u32)> {
                match (self as $half, (self >> <$half>::BITS) as $half) {
                    (0, 0) => None,
                    (0, h) => Some((1, h.trailing_zeros())),
                    (l, _) => Some((0, l.trailing_zeros())),
                }
            }
        }
    };
}

prefixes!(u64, u32);
prefixes!(u128, u64);

/// The stride of [`Y::sliced_playouts`]' cell words: cell `(x, y)` at
/// `x · STRIDE + y`.
const STRIDE: usize = MAX_SIZE + 1;

/// Games [`Y::sliced_playouts`] shuffles at once.
const LANES: usize = 4;

impl<const N: usize> Y<N> {
    /// Random playouts by fill (see [`fill`](super::fill)) with every prefix
    /// of a game's fill tested at once ([`SlicedFill`]), [`LANES`] games at a
    /// time. The orders are drawn from xoshiro256++ generators seeded from
    /// `rng`, so the same `rng` gives the same totals on every platform; the
    /// games are uniformly random, as
    /// [`random_playout`](Hints::random_playout)'s, but not the ones it plays
    /// from the same generator.
    #[inline(always)]
    fn sliced_playouts<L: Prefixes, R: Rng + ?Sized>(
        &self, count: u64, rng: &mut R, stats: &mut PlayoutStats,
    ) {
        let fill = SlicedFill::<L>::new(self);
        let mut draws = Draws::<_, LANES>::new(
            Xoshiro256PlusPlus::seed_from_u64(rng.next_u64()),
            fill.at.len() as u64,
        );
        let mut board = [Lanes::<L, LANES>::default(); PLACES];
        let mut left = count;
        while left > 0 {
            fill.deal(&mut board, &mut draws);
            let games = fill.results(&mut board);
            for &(winner, plies) in games.iter().take(left.min(LANES as u64) as usize) {
                stats.record(plies, Outcome::WonBy(winner));
            }
            left = left.saturating_sub(LANES as u64);
        }
    }
}

/// Random fills of one position's empty cells with every prefix of each fill
/// tested at once: each cell gets the word of the prefixes that hold its
/// stone ([`Prefixes`]), and one bit-sliced Y reduction
/// ([`ops::y_reduce_sliced`], Listing 1 for up to 128 boards at once) answers
/// for all of them; the lowest bit set names the winner and the move that
/// completed its first Y.
struct SlicedFill<L> {
    side: usize,
    /// The side to move at the start, 0 or 1.
    mover: usize,
    /// The stones already down, each in every prefix of its player.
    down: Vec<(usize, L)>,
    /// The empty cells' places (`x · STRIDE + y`).
    at: Vec<u16>,
    /// The word of the fill's `k`-th stone.
    words: Vec<L>,
}

impl<L: Prefixes> SlicedFill<L> {
    fn new<const N: usize>(y: &Y<N>) -> Self {
        let side = y.size();
        let mut down = Vec::new();
        let mut at = Vec::new();
        for x in 0..side {
            for r in 0..side - x {
                let i = y.board.grid.cell(x, r).expect("on the board");
                let place = x * STRIDE + r;
                if y.board.stones[0].contains(i) {
                    down.push((place, L::stone(0, 0)));
                } else if y.board.stones[1].contains(i) {
                    down.push((place, L::stone(1, 0)));
                } else {
                    at.push(place as u16);
                }
            }
        }
        let mover = y.board.mover();
        // The k-th move of the fill is the (k / 2)-th of its player.
        let words = (0..at.len()).map(|k| L::stone((mover + k) & 1, (k / 2) as u32)).collect();
        assert!(at.len().div_ceil(2) <= L::HALF as usize, "each player's moves fit a half");
        SlicedFill { side, mover, down, at, words }
    }

    /// A random fill on each lane of `board`: the stones already down put
    /// back (the reduction overwrites the triangle), every empty cell written
    /// by the shuffle.
    #[inline(always)]
    fn deal<R: RngCore>(&self, board: &mut [Lanes<L, LANES>; PLACES], draws: &mut Draws<R, LANES>) {
        for &(place, w) in &self.down {
            board[place] = Lanes([w; LANES]);
        }
        shuffle_into(board, &self.at, &self.words, draws, 0);
    }

    /// Each lane's winner and the plies its game lasted, by reducing `board`
    /// in place.
    #[inline(always)]
    fn results(&self, board: &mut [Lanes<L, LANES>; PLACES]) -> [(Player, u64); LANES] {
        let top = if self.side == 10 {
            ops::y_reduce_sliced::<_, STRIDE>(board, 10)
        } else {
            ops::y_reduce_sliced::<_, STRIDE>(board, self.side)
        };
        top.0.map(|t| {
            // A full triangle has exactly one player with a Y (and every stone
            // of that player is in its last prefix).
            let (p, k) = t.first().unwrap_or((self.mover, 0));
            let winner = if p == 0 { Player::First } else { Player::Second };
            // The mover's k-th stone is move 2k, the other player's 2k + 1.
            (winner, 2 * k as u64 + (p != self.mover) as u64 + 1)
        })
    }
}

crate::debug_by_notation!(N => Y<N>);

impl<const N: usize> Rules for Y<N> {
    stone_moves!(rules: board, Cell);

    const NAME: &'static str = INFO.name;

    fn spec(&self) -> String {
        format!("y(size={})", self.size())
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Cell) {
        let (x, y) = (mv.col as usize, mv.row as usize);
        // A cell off the board is only an unchecked caller's mistake: ignored.
        if x + y >= self.size() {
            return;
        }
        let s = self.board.place(self.board.grid.index_unchecked(mv));
        // Listing 1's reduction, redone only where the stone reaches. Only the
        // mover's stones changed, so only the mover can have won.
        self.columns.set(x, y, if s == 0 { Y_FIRST } else { Y_SECOND });
        if self.columns.winner() != 0 {
            self.board.result = 1 + s as u8;
        }
    }
}

impl<const N: usize> Notation for Y<N> {
    stone_moves!(notation: board, Cell);

    /// Rows from the top, separated by `/`, with `x`, `o`, `.`, then a space and
    /// the side to move: `x../o./. x`.
    fn position(&self) -> String {
        self.board.cell_rows_and_side(|r| self.row_len(r))
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let n = self.size();
        let read = || {
            let example = || Y::<N>::new(n).map(|g| g.position()).unwrap_or_default();
            let stones_of = |rows: &str| self.board.read_cell_rows(rows, |r| self.row_len(r));
            let (board, _) = self.board.read_with_side(text, example, stones_of)?;
            let stones = board.stones;
            // The column words of Listing 1's layout, then the whole reduction.
            let mut words = [0u64; MAX_SIZE];
            for (s, code) in [(0, Y_FIRST), (1, Y_SECOND)] {
                for (c, r) in stones[s].iter().filter_map(|i| board.grid.coords(i)) {
                    words[c] |= code << (2 * r);
                }
            }
            let mut g = Y { board, ..*self };
            g.columns.set_board(&words[..n]);
            // The reduction ends in one colour, so at most one player has a Y.
            let won = g.connected();
            let wins = [Player::First, Player::Second].map(|p| won == Some(p));
            let winner = g.board.winner(wins, "a Y joining all three sides")?;
            g.board.result = winner.map_or(0, |w| 1 + w.index() as u8);
            Ok(g)
        };
        read().map_err(|e: StoneSetupError| e.at(&self.spec(), text))
    }

    /// Top row first, each lower row indented one more space (half a cell), so
    /// the board is drawn as the triangle it is: `X`, `O`, `.`.
    fn picture(&self) -> String {
        self.board.cell_rows_picture(|r| self.row_len(r))
    }
}

impl<const N: usize> View for Y<N> {
    stone_moves!(view: board, Cell);

    /// Row by row from the top (`a1`, `b1`, …), each lower row half a cell to
    /// the right: a triangle pointing down.
    fn board(&self) -> BoardView {
        let shape = BoardShape::Triangle { size: self.size() };
        let mut view = self.board.cell_rows_view(shape, |r| self.row_len(r));
        // The winner's Y: every group of theirs that touches all three sides.
        if let Some(Outcome::WonBy(p)) = Rules::outcome(self) {
            let stones = self.board.stones[p.index()];
            let mut group = stones;
            for side in self.sides {
                group = crate::ops::flood_fill(&self.board.grid, group & side, stones);
            }
            view.marked = self.board.cell_rows_marks(|r| self.row_len(r), group);
        }
        view
    }

    fn move_cells(&self, mv: Cell) -> Vec<usize> {
        match self.board.grid.index_of(mv) {
            Some(_) => vec![self.view_index(mv.col as usize, mv.row as usize)],
            None => Vec::new(),
        }
    }
}

impl<const N: usize> Hints for Y<N> {
    stone_moves!(hints: board, Cell);

    /// Every game's prefixes at once (`sliced_playouts`)
    /// while each player has at most 64 moves left, one game after another
    /// otherwise.
    #[inline(always)]
    fn random_playouts<R: Rng + ?Sized>(&self, count: u64, rng: &mut R, stats: &mut PlayoutStats) {
        let left = self.board.empty().count() as usize;
        if self.board.result == 0 && left > 0 {
            if left.div_ceil(2) <= 32 {
                return self.sliced_playouts::<u64, R>(count, rng, stats);
            }
            if left.div_ceil(2) <= 64 {
                return self.sliced_playouts::<u128, R>(count, rng, stats);
            }
        }
        crate::search::playout::one_at_a_time(self, count, rng, stats)
    }

    /// The playout loop with the empty cells and their count kept in hand
    /// rather than recomputed each ply: the same moves from the same draws as
    /// [`random_move`](Hints::random_move) and
    /// [`play_unchecked`](Rules::play_unchecked) in turn.
    fn random_playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        // Fill, then find where the game ended. A full triangle has exactly
        // one player with a Y, and stones are never removed, so that player's
        // chain was complete at some ply and the other player's never was: the
        // game the same draws play move by move is the prefix of the fill that
        // ends with the winner's first move completing a Y. The cells are drawn
        // exactly as `random_move` draws them; only the win test moves from
        // every ply to a handful of Y reductions of whole boards (Listing 1)
        // in a binary search over the winner's moves.
        if self.board.result != 0 {
            return 0;
        }
        let n = self.size();
        let mut board = [0u64; MAX_SIZE];
        board[..n].copy_from_slice(self.columns.level(0));
        let before = board;
        let mut empty = self.board.empty();
        let mut left = empty.count() as u64;
        // Cells in the order played: grid index, column, row.
        let mut order = [(0u16, 0u8, 0u8); PYRAMID];
        let mut played = 0;
        let first_code =
            |k: usize| if (self.board.ply as usize + k) & 1 == 0 { Y_FIRST } else { Y_SECOND };
        while left > 0 {
            let Some(i) = empty.nth(random_below(rng, left) as usize) else { break };
            empty.remove(i);
            left -= 1;
            let c = self.board.grid.cell_at_unchecked(i);
            let (x, y) = (c.col as usize, c.row as usize);
            board[x] |= first_code(played) << (2 * y);
            order[played] = (i as u16, x as u8, y as u8);
            played += 1;
        }
        let winner = YColumns::<MAX_SIZE>::from_columns(&board[..n]).map_or(0, |t| t.winner());
        if winner == 0 {
            // Only a board that is not full (a hand-made position) gets here.
            self.load_prefix(&before, &order[..played]);
            return played as u64;
        }
        // The winner's moves, and the board with every other cell given to
        // the loser: the winner's prefix joins the sides exactly when this
        // board with that prefix added reduces to the winner.
        let w = (winner == Y_SECOND) as usize;
        let mover = |k: usize| (self.board.ply as usize + k) & 1;
        let mut mine = [0u16; PYRAMID];
        let mut m = 0;
        for k in 0..played {
            if mover(k) == w {
                mine[m] = k as u16;
                m += 1;
            }
        }
        let (even, odd) = (0x5555_5555_5555_5555u64, 0xaaaa_aaaa_aaaa_aaaau64);
        let mut base = [0u64; MAX_SIZE];
        for x in 0..n {
            let cells = if 2 * (n - x) >= 64 { u64::MAX } else { (1u64 << (2 * (n - x))) - 1 };
            base[x] = if w == 0 {
                let own = before[x] & even;
                own | (((cells & even) ^ own) << 1)
            } else {
                let own = before[x] & odd;
                own | (((cells & odd) ^ own) >> 1)
            };
        }
        let joins = |j: usize| {
            let mut cols = base;
            for &k in &mine[..j] {
                let (_, x, y) = order[k as usize];
                cols[x as usize] ^= 0b11 << (2 * y);
            }
            YColumns::<MAX_SIZE>::from_columns(&cols[..n]).map_or(0, |t| t.winner()) == winner
        };
        let lo = first_joining(m, joins);
        let end = mine[lo - 1] as usize + 1;
        self.load_prefix(&before, &order[..end]);
        self.board.result = 1 + w as u8;
        end as u64
    }

    /// A connection estimate of each side: the two shortest of its three
    /// side-to-side distances
    /// ([`connection_distance`](crate::games::heuristics::connection_distance))
    /// added, an upper bound on the empty cells it needs; the opponent's minus
    /// the side to move's, 100 a cell.
    fn evaluate(&self) -> i32 {
        let far = self.board.grid.cells() as i32 + 1;
        let cost = |p: Player| {
            let (own, opp) = (self.board.stones[p.index()], self.board.stones[1 - p.index()]);
            let d = |a: usize, b: usize| {
                crate::games::heuristics::connection_distance(
                    &self.board.grid,
                    own,
                    opp,
                    self.sides[a],
                    self.sides[b],
                )
                .map_or(far, |d| d as i32)
            };
            let mut v = [d(0, 1), d(1, 2), d(0, 2)];
            v.sort_unstable();
            v[0] + v[1]
        };
        let me = Rules::side_to_move(self);
        100 * (cost(me.other()) - cost(me))
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    fn play(g: &mut Y<1>, moves: &str) {
        for m in moves.split_whitespace() {
            let mv = g.parse_move(m).unwrap();
            g.play(mv).unwrap();
        }
    }

    pub fn names_and_neighbours_are_openspiel_s() {
        let g = Y::<1>::new(4).unwrap();
        let mut names: Vec<String> = g.legal_moves_vec().iter().map(|c| c.to_string()).collect();
        names.sort();
        assert_eq!(names, ["a1", "a2", "a3", "a4", "b1", "b2", "b3", "c1", "c2", "d1"]);
        assert!(g.parse_move("b4").is_err() && g.parse_move("e1").is_err());
        // b2's six neighbours: b1 c1 above, a2 c2 beside, a3 b3 below.
        let around = crate::games::neighbour_names(&g.board.grid, "b2");
        assert_eq!(around, ["a2", "a3", "b1", "b3", "c1", "c2"]);
        assert_eq!(g.picture(), ". . . .\n . . .\n  . .\n   .\n");
        let v = g.board();
        assert_eq!(v.cells.len(), 10);
        for (k, cell) in v.cells.iter().enumerate() {
            assert_eq!(g.move_cells(g.parse_move(&cell.name).unwrap()), vec![k]);
        }
    }

    pub fn three_sides_win_two_do_not() {
        let mut g = Y::<1>::new(4).unwrap();
        // x: a2 b2 c2 joins the left side and the diagonal (c2) only.
        play(&mut g, "a2 a1 b2 b1 c2");
        assert_eq!(g.outcome(), None);
        // o: a1 b1 c1 d1 along the top touches all three sides (a1, d1 corners).
        play(&mut g, "c1 a3 d1");
        assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::Second)));
        assert_eq!(g.position(), "oooo/xxx/x./. x");
        assert_eq!(g.picture(), "O O O O\n X X X\n  X .\n   .\n");
        assert_eq!(g.count_moves(), 0);
        assert_eq!(g.parse_position(&g.position()).unwrap(), g);
    }

    /// The specialised playout loop plays the moves the generic one (one
    /// `random_move` at a time) draws, each legal by the checked `play`, and
    /// its winner owns a group touching all three sides (by flood fill).
    fn playout_matches_checked_moves<const N: usize>(size: usize, games: u64) {
        use rand::SeedableRng;
        use rand_xoshiro::Xoshiro256PlusPlus;
        let start = Y::<N>::new(size).unwrap();
        for seed in 0..games {
            let mut fast = start;
            let plies = fast.random_playout(&mut Xoshiro256PlusPlus::seed_from_u64(seed));
            let mut slow = start;
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            while let Some(mv) = slow.random_move(&mut rng) {
                slow.play(mv).unwrap();
            }
            assert_eq!(fast, slow, "side {size}, seed {seed}");
            assert_eq!(plies, slow.ply() as u64);
            let Some(Outcome::WonBy(p)) = fast.outcome() else { panic!("no winner: {fast:?}") };
            let mine = fast.stones(p);
            let joined = fast.sides().iter().fold(mine, |g, &side| {
                side.iter()
                    .filter(|&i| mine.contains(i))
                    .map(|i| crate::ops::flood_fill(&fast.board.grid, Bits::cell(i), mine))
                    .fold(Bits::EMPTY, |a, b| a | b)
                    & g
            });
            assert!(joined.any(), "side {size}, seed {seed}: {fast:?}");
        }
    }

    pub fn specialised_playouts_are_legal_games() {
        playout_matches_checked_moves::<1>(1, 3);
        playout_matches_checked_moves::<1>(5, 100);
        playout_matches_checked_moves::<2>(10, 200);
        playout_matches_checked_moves::<6>(19, 40);
    }

    /// Every lane of the sliced playouts plays the game of its fill: the
    /// order each lane's cell words encode is a permutation of the empty
    /// cells, and playing it move by move with the checked `play` until the
    /// game ends gives the same winner and plies. On sides 1–15, from the
    /// start and from positions with stones down and either side to move,
    /// with words of 64 bits where they hold the moves and of 128 always.
    pub fn sliced_playouts_play_the_games_of_their_fills() {
        fn check<L: Prefixes>(y: &Y<4>, seed: u64) {
            let fill = SlicedFill::<L>::new(y);
            let e = fill.at.len();
            let mut draws =
                Draws::<_, LANES>::new(Xoshiro256PlusPlus::seed_from_u64(seed), e as u64);
            let mut board = [Lanes::<L, LANES>::default(); PLACES];
            let (mut firsts, mut seconds) = (0, 0);
            for _ in 0..40 {
                fill.deal(&mut board, &mut draws);
                let dealt = board;
                let games = fill.results(&mut board);
                for (g, &(winner, plies)) in games.iter().enumerate() {
                    let mut order: Vec<(u64, usize)> = fill
                        .at
                        .iter()
                        .map(|&p| {
                            let (who, k) = dealt[p as usize].0[g].first().expect("a stone");
                            (2 * k as u64 + (who != fill.mover) as u64, p as usize)
                        })
                        .collect();
                    order.sort_unstable();
                    assert!(order.iter().map(|o| o.0).eq(0..e as u64), "{y:?}: a permutation");
                    let mut game = *y;
                    let mut played = 0;
                    for &(_, place) in &order {
                        if game.outcome().is_some() {
                            break;
                        }
                        let cell =
                            Cell { col: (place / STRIDE) as u16, row: (place % STRIDE) as u16 };
                        game.play(cell).unwrap();
                        played += 1;
                    }
                    assert_eq!(game.outcome(), Some(Outcome::WonBy(winner)), "{y:?} {order:?}");
                    assert_eq!(played, plies, "{y:?} {order:?}");
                    if winner == Player::First {
                        firsts += 1;
                    } else {
                        seconds += 1;
                    }
                }
            }
            // Both players win some of the games (a side of 1 or 2 aside).
            if y.size() > 2 && !y.stones(Player::First).any() {
                assert!(firsts > 0 && seconds > 0, "{y:?}: {firsts} {seconds}");
            }
        }
        for (size, moves) in [
            (1, ""),
            (2, ""),
            (3, ""),
            (4, "a1"),
            (5, ""),
            (7, "c2 a1 b3"),
            (10, ""),
            (10, "a1"),
            (10, "e1 b2 c3 a5"),
            (11, ""),
            (11, "a1 b1"),
            (13, ""),
            (15, ""),
        ] {
            let mut y = Y::<4>::new(size).unwrap();
            for m in moves.split_whitespace() {
                y.play(y.parse_move(m).unwrap()).unwrap();
            }
            let left = y.empty().count() as usize;
            if left.div_ceil(2) <= 32 {
                check::<u64>(&y, size as u64);
            }
            check::<u128>(&y, 100 + size as u64);
        }
        // Positions reached by random moves, up to a few short of the end.
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for k in 0..60 {
            let size = 2 + k % 14;
            let mut y = Y::<4>::new(size).unwrap();
            let moves = rng.random_range(0..size * (size + 1) / 2);
            for _ in 0..moves {
                match y.random_move(&mut rng) {
                    Some(mv) if y.outcome().is_none() => y.play(mv).unwrap(),
                    _ => break,
                }
            }
            if y.outcome().is_none() {
                let left = y.empty().count() as usize;
                if left.div_ceil(2) <= 32 {
                    check::<u64>(&y, k as u64);
                }
                check::<u128>(&y, 1000 + k as u64);
            }
        }
    }

    impl Y<1> {
        fn legal_moves_vec(&self) -> Vec<Cell> {
            let mut v = Vec::new();
            self.legal_moves(&mut v);
            v
        }
    }
}

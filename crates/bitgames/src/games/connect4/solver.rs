//! An exact Connect Four solver: Pons' bitboard negamax (seed `002` and the rest of
//! his tutorial), generalised to every board size whose position fits a word.
//!
//! Scores follow Pons: a win with your k-th stone scores `(W·H + 1)/2 + 1 - k`
//! (22 − k on 7×6), a loss the negative of the opponent's win, a draw 0.
//!
//! Techniques: negamax with alpha-beta on the `position`/`mask` bitboards; the
//! unique key `position + mask`; a transposition table of lower and upper bounds;
//! null-window searches that narrow the score (iterative deepening on the score);
//! the non-losing-moves bitmap (forced blocks, never play under an opponent's
//! threat); moves ordered by the number of winning spots they create, centre first.
//!
//! Beyond Pons: Allis' parity strategies (claimeven and the odd threat, see
//! [`Position::claimeven_bound`]) bound a position's score without a search;
//! small positions get one search over the whole window; the search fails soft
//! (a node whose moves all fail low returns and files their best score); the
//! score windows of the earliest positions are tested from 0 out
//! ([`ZERO_FIRST_MAX_MOVES`]); the table is four-way bucketed with work-based
//! replacement and keeps the refuting column (tried before any ordering work);
//! it has two levels, a small cache-resident one for positions near the leaves
//! ([`NEAR_EMPTY`], [`NEAR_MIB`]), aged every [`AGE_EVERY`] nodes, and the big
//! one for the rest (on Pons' opening sets this halves the time for about 10%
//! more nodes), switched on only once a solve has taken [`BIG_AFTER_NODES`]
//! nodes, so small solves from early positions stay in the cache too; early
//! positions share an entry with their mirror image ([`SYMMETRY_MAX_MOVES`]);
//! enhanced transposition cut-offs far from the leaves; every child's bucket is
//! prefetched before the first child is searched; the last
//! [`LEAN_MAX_EMPTY`] plies get a lean search ([`Solver::lean`]) without the
//! parity rules, move scoring or (below 7 empty cells) the table, which cost
//! more there than the nodes they save.
//!
//! The board size is a type parameter: [`Fixed`] sizes let the compiler fold
//! every shift and mask to a constant, [`Dynamic`] serves any other size.

use super::book::{Book, BookError};
use super::table::TranspositionTable;
use super::Connect4;
use crate::game::Game;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use thiserror::Error;

/// The geometry a solver position needs: width, height and two masks.
pub trait Dims: Copy + Send + Sync + 'static {
    /// Columns.
    fn width(&self) -> u32;
    /// Rows.
    fn height(&self) -> u32;
    /// One bit at the bottom of each column.
    fn bottom(&self) -> u64;
    /// Every on-board cell.
    fn board(&self) -> u64;
}

const fn bottom_mask(w: u32, h: u32) -> u64 {
    let mut b = 0u64;
    let mut c = 0;
    while c < w {
        b |= 1 << (c * (h + 1));
        c += 1;
    }
    b
}

/// A board size known at compile time (7×6 and the other common sizes).
#[derive(Clone, Copy, Debug, Default)]
pub struct Fixed<const W: u32, const H: u32>;

impl<const W: u32, const H: u32> Fixed<W, H> {
    const BOTTOM: u64 = bottom_mask(W, H);
    const BOARD: u64 = Self::BOTTOM.wrapping_mul((1u64 << H) - 1);
}

impl<const W: u32, const H: u32> Dims for Fixed<W, H> {
    #[inline(always)]
    fn width(&self) -> u32 {
        W
    }
    #[inline(always)]
    fn height(&self) -> u32 {
        H
    }
    #[inline(always)]
    fn bottom(&self) -> u64 {
        Self::BOTTOM
    }
    #[inline(always)]
    fn board(&self) -> u64 {
        Self::BOARD
    }
}

/// A board size known at run time.
#[derive(Clone, Copy, Debug)]
pub struct Dynamic {
    w: u32,
    h: u32,
    bottom: u64,
    board: u64,
}

impl Dynamic {
    /// The geometry of a `w × h` board (`w·(h+1) ≤ 64`, checked by the caller).
    pub fn new(w: u32, h: u32) -> Self {
        let bottom = bottom_mask(w, h);
        Dynamic { w, h, bottom, board: bottom.wrapping_mul((1u64 << h) - 1) }
    }
}

impl Dims for Dynamic {
    #[inline(always)]
    fn width(&self) -> u32 {
        self.w
    }
    #[inline(always)]
    fn height(&self) -> u32 {
        self.h
    }
    #[inline(always)]
    fn bottom(&self) -> u64 {
        self.bottom
    }
    #[inline(always)]
    fn board(&self) -> u64 {
        self.board
    }
}

/// `x << s`, 0 once `s` reaches 64 (tall, thin boards).
#[inline(always)]
fn shl(x: u64, s: u32) -> u64 {
    x.checked_shl(s).unwrap_or(0)
}
/// `x >> s`, 0 once `s` reaches 64.
#[inline(always)]
fn shr(x: u64, s: u32) -> u64 {
    x.checked_shr(s).unwrap_or(0)
}

/// The solver's position: Pons' `current_position`, `mask` and move count.
#[derive(Clone, Copy, Debug)]
pub struct Position<D: Dims> {
    current: u64,
    mask: u64,
    moves: u32,
    dims: D,
}

impl<D: Dims> Position<D> {
    /// A position from the stones of the player to move, all stones, and the number
    /// of moves played.
    pub fn from_bits(dims: D, current: u64, mask: u64) -> Self {
        Position { current, mask, moves: mask.count_ones(), dims }
    }

    /// Moves played.
    #[inline(always)]
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Board cells.
    #[inline(always)]
    pub fn cells(&self) -> u32 {
        self.dims.width() * self.dims.height()
    }

    /// The unique key `position + mask`.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// `key` of the mirror image (columns reversed). A key is column-local (each
    /// column's `current + mask` stays inside its `H + 1` bits), so mirroring the
    /// key is mirroring its columns.
    #[inline(always)]
    pub fn mirror_key(&self, key: u64) -> u64 {
        let (w, h1) = (self.dims.width(), self.dims.height() + 1);
        let col = (1u64 << h1) - 1;
        let mut m = 0;
        for c in 0..w {
            m |= ((key >> (c * h1)) & col) << ((w - 1 - c) * h1);
        }
        m
    }

    /// The key the table files a position under, and whether it is the mirror
    /// image's: with at most [`SYMMETRY_MAX_MOVES`] stones, the smaller of the
    /// key and its mirror's (a position and its mirror image share one entry);
    /// later, where mirror twins no longer meet in one search, the key itself.
    #[inline(always)]
    pub fn table_key(&self, key: u64, moves: u32) -> (u64, bool) {
        if moves <= SYMMETRY_MAX_MOVES {
            let m = self.mirror_key(key);
            if m < key {
                return (m, true);
            }
        }
        (key, false)
    }

    /// The table key ([`table_key`](Self::table_key)) of the child after
    /// the move `mv` in column `c`, given the mirror images of `current` and
    /// `mask` (used only while the child has at most [`SYMMETRY_MAX_MOVES`]
    /// stones). The mirror of a key is the sum of its parts' mirrors (no carry
    /// crosses a column), so no mirror is computed per child.
    #[inline(always)]
    pub fn child_table_key(&self, mv: u64, c: u32, mirror_current: u64, mirror_mask: u64) -> u64 {
        // The opponent's stones plus the new mask.
        let child = (self.current ^ self.mask) + (self.mask | mv);
        if self.moves < SYMMETRY_MAX_MOVES {
            let (h1, to) = (self.dims.height() + 1, self.dims.width() - 1 - c);
            let mirror_mv = if to >= c { mv << ((to - c) * h1) } else { mv >> ((c - to) * h1) };
            child.min((mirror_current ^ mirror_mask) + (mirror_mask | mirror_mv))
        } else {
            child
        }
    }

    /// The next free cell of each column that is not full.
    #[inline(always)]
    pub fn possible(&self) -> u64 {
        (self.mask + self.dims.bottom()) & self.dims.board()
    }

    /// The cells of column `c`.
    #[inline(always)]
    pub fn column_mask(&self, c: u32) -> u64 {
        ((1u64 << self.dims.height()) - 1) << (c * (self.dims.height() + 1))
    }

    /// Empty cells where `stones` would complete four in a row (Pons'
    /// `compute_winning_position`, with shifts 1, H, H+1, H+2).
    #[inline(always)]
    pub fn winning_cells(&self, stones: u64) -> u64 {
        let h = self.dims.height();
        // Vertical: three stones below.
        let mut r = shl(stones, 1) & shl(stones, 2) & shl(stones, 3);
        for s in [h + 1, h, h + 2] {
            let p = shl(stones, s) & shl(stones, 2 * s);
            r |= p & shl(stones, 3 * s);
            r |= p & shr(stones, s);
            let p = shr(stones, s) & shr(stones, 2 * s);
            r |= p & shl(stones, s);
            r |= p & shr(stones, 3 * s);
        }
        r & (self.dims.board() ^ self.mask)
    }

    /// Whether four cells in a row are all in `free` (the cells a player holds
    /// or could still take): if not, that player can never win.
    #[inline(always)]
    pub fn open_window(&self, free: u64) -> bool {
        let h = self.dims.height();
        let mut any = 0;
        for s in [1, h, h + 1, h + 2] {
            let pairs = free & shr(free, s);
            any |= pairs & shr(pairs, 2 * s);
        }
        any != 0
    }

    /// Allis' claimeven and its odd-threat counterpart, as one strategy of
    /// the opponent ("follow-up"): answer every move in the same column. The
    /// player to move then gets the odd empty cells of each column (the first,
    /// third, ...) and the opponent the even ones, except that a column with an
    /// odd number of empty cells would let the player to move take its top cell
    /// and break the pattern. Such a column must hold an opponent's threat on
    /// an even cell: the player to move can never play under it without losing
    /// at once, so the column stops there, and once everything else is full
    /// they must. If then the player to move has no four in a row among their
    /// stones and their cells, they can never win: their score is at most 0,
    /// and at most −1 if the opponent has a four among theirs or a column was
    /// stopped (the opponent wins).
    #[inline(always)]
    pub fn claimeven_bound(&self) -> Option<i32> {
        let empty = self.dims.board() & !self.mask;
        let odd = self.odd_cells();
        let mut odd_columns = self.odd_columns(odd);
        let theirs = self.current ^ self.mask;
        let mut mine = odd;
        let mut their_cells = empty & !odd;
        let stopped = odd_columns != 0;
        if stopped {
            let threats = self.winning_cells(theirs) & their_cells;
            while odd_columns != 0 {
                let c = odd_columns.trailing_zeros() / (self.dims.height() + 1);
                odd_columns &= odd_columns - 1;
                let col = self.column_mask(c);
                let t = threats & col;
                if t == 0 {
                    return None;
                }
                // The lowest such threat and everything above it: never ours.
                let stop = col & !((t & t.wrapping_neg()) - 1);
                mine &= !stop;
                their_cells &= !stop;
            }
        }
        if self.open_window(self.current | mine) {
            return None;
        }
        Some(if stopped || self.open_window(theirs | their_cells) { -1 } else { 0 })
    }

    /// The first, third, ... empty cell of each column (counted from its lowest
    /// empty cell).
    /// The top cells of the columns with an odd number of empty cells, given
    /// [`odd_cells`](Self::odd_cells) (a column's top cell is then odd).
    #[inline(always)]
    fn odd_columns(&self, odd: u64) -> u64 {
        odd & (self.dims.bottom() << (self.dims.height() - 1))
    }

    #[inline(always)]
    fn odd_cells(&self) -> u64 {
        let low = self.possible();
        let mut odd = low;
        let mut row = 2;
        while row < self.dims.height() {
            odd |= shl(low, row);
            row += 2;
        }
        odd & self.dims.board() & !self.mask
    }

    /// A lower bound on the score of the player to move from one move that
    /// hands the opponent the leader's side of
    /// [`claimeven_bound`](Self::claimeven_bound): a move after which every
    /// column with an odd number of empty cells is stopped by one of our
    /// threats. With one such column, the move answers there (the opponent has
    /// just played in it); with several, all but the one we answer in must be
    /// stopped already; with none, we play under a threat of ours that sits
    /// on an odd cell above the lowest, which puts it on an even one.
    #[inline(always)]
    pub fn claimeven_answer(&self) -> Option<i32> {
        let odd = self.odd_cells();
        let h1 = self.dims.height() + 1;
        let odd_tops = self.odd_columns(odd);
        let column = if odd_tops != 0 && odd_tops & (odd_tops - 1) == 0 {
            odd_tops.trailing_zeros() / h1
        } else {
            let threats = self.winning_position();
            if odd_tops == 0 {
                let t = threats & odd & !self.possible();
                if t == 0 {
                    return None;
                }
                t.trailing_zeros() / h1
            } else {
                let even = self.dims.board() & !self.mask & !odd;
                let mut open = None;
                let mut odd_columns = odd_tops;
                while odd_columns != 0 {
                    let c = odd_columns.trailing_zeros() / h1;
                    odd_columns &= odd_columns - 1;
                    if threats & even & self.column_mask(c) == 0 {
                        if open.is_some() {
                            return None;
                        }
                        open = Some(c);
                    }
                }
                open.unwrap_or(odd_tops.trailing_zeros() / h1)
            }
        };
        let mut child = *self;
        child.play_bit(self.possible() & self.column_mask(column));
        child.claimeven_bound().map(|b| -b)
    }

    /// Cells where the player to move would win at once.
    #[inline(always)]
    pub fn winning_position(&self) -> u64 {
        self.winning_cells(self.current)
    }

    /// Cells where the opponent would win if it were their turn.
    #[inline(always)]
    pub fn opponent_winning_position(&self) -> u64 {
        self.winning_cells(self.current ^ self.mask)
    }

    /// Whether the player to move can win with this move.
    #[inline(always)]
    pub fn can_win_next(&self) -> bool {
        self.winning_position() & self.possible() != 0
    }

    /// The playable cells that do not lose at once: a forced block when the
    /// opponent threatens to win (none if there are two threats), and never a cell
    /// right under an opponent's winning cell.
    #[inline(always)]
    pub fn possible_non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let opponent_win = self.opponent_winning_position();
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    /// Plays the stone at cell `mv` (one bit, the next free cell of its column).
    #[inline(always)]
    pub fn play_bit(&mut self, mv: u64) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// Plays column `c` (which must not be full).
    #[inline(always)]
    pub fn play_column(&mut self, c: u32) {
        let mv = (self.mask + (self.dims.bottom() & self.column_mask(c))) & self.column_mask(c);
        self.play_bit(mv);
    }

    /// Whether column `c` has room.
    #[inline(always)]
    pub fn can_play(&self, c: u32) -> bool {
        c < self.dims.width() && self.possible() & self.column_mask(c) != 0
    }

    /// Whether playing column `c` wins at once.
    #[inline(always)]
    pub fn is_winning_column(&self, c: u32) -> bool {
        self.winning_position() & self.possible() & self.column_mask(c) != 0
    }

    /// The ordering scores ([`move_score`](Self::move_score)) of the moves
    /// `mvs[..n]` into `out`: four moves to a vector where AVX2 is compiled in.
    #[inline(always)]
    fn move_scores(&self, mvs: &[u64; 16], n: usize, out: &mut [u32; 16]) {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            let mut i = 0;
            while i < n {
                let chunk: &[u64; 4] = mvs[i..i + 4].try_into().expect("16 = 4 × 4");
                let counts = self.move_scores4(chunk);
                out[i..i + 4].copy_from_slice(&counts);
                i += 4;
            }
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        for i in 0..n {
            out[i] = self.move_score(mvs[i]);
        }
    }

    /// [`move_score`](Self::move_score) of four moves at once:
    /// [`winning_cells`](Self::winning_cells) with each lane one move.
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[inline(always)]
    fn move_scores4(&self, mvs: &[u64; 4]) -> [u32; 4] {
        use std::arch::x86_64::*;
        let mut lanes = [0u64; 4];
        // SAFETY: this is compiled only where AVX2 is enabled for the whole
        // build (`target_feature = "avx2"`), so every intrinsic is available;
        // `mvs` and `lanes` are 32 bytes each, and loadu/storeu need no alignment.
        unsafe {
            let cur = _mm256_set1_epi64x(self.current as i64);
            let m = _mm256_loadu_si256(mvs.as_ptr() as *const __m256i);
            let v = _mm256_or_si256(cur, m);
            // Variable shifts give 0 from 64 up, as `shl`/`shr` do.
            let sl = |x: __m256i, k: u32| _mm256_sllv_epi64(x, _mm256_set1_epi64x(k as i64));
            let sr = |x: __m256i, k: u32| _mm256_srlv_epi64(x, _mm256_set1_epi64x(k as i64));
            let and = |a, b| _mm256_and_si256(a, b);
            let or = |a, b| _mm256_or_si256(a, b);
            let h = self.dims.height();
            let mut r = and(and(sl(v, 1), sl(v, 2)), sl(v, 3));
            for s in [h + 1, h, h + 2] {
                let (up, down) = (sl(v, s), sr(v, s));
                let p = and(up, sl(v, 2 * s));
                r = or(r, and(p, sl(v, 3 * s)));
                r = or(r, and(p, down));
                let q = and(down, sr(v, 2 * s));
                r = or(r, and(q, up));
                r = or(r, and(q, sr(v, 3 * s)));
            }
            let r = and(r, _mm256_set1_epi64x((self.dims.board() ^ self.mask) as i64));
            _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, r);
        }
        lanes.map(|x| x.count_ones())
    }

    /// Ordering score of a move: the number of winning cells it leaves us.
    /// (The search uses [`move_scores`](Self::move_scores); with AVX2 this
    /// one-move form serves only as the test's reference.)
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
    #[inline(always)]
    fn move_score(&self, mv: u64) -> u32 {
        self.winning_cells(self.current | mv).count_ones()
    }

    /// The lowest possible score at this point (losing as late as possible).
    #[inline(always)]
    fn min_score(&self) -> i32 {
        -((self.cells() - self.moves) as i32) / 2
    }

    /// The highest possible score (winning with the next stone).
    #[inline(always)]
    fn max_score(&self) -> i32 {
        (self.cells() as i32 + 1 - self.moves as i32) / 2
    }
}

/// A table entry's bound on a position's score.
enum Bound {
    None,
    Lower(i32),
    Upper(i32),
}

/// What one solve found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The score (or its sign with a weak solve).
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Moves sorted by score, best first (insertion sort: at most one per column).
/// Each key packs the score, the order of insertion (the later of equal scores
/// comes out first) and the column: `score << 8 | seq << 4 | column`.
struct MoveSorter {
    keys: [u32; 16],
    len: usize,
}

impl MoveSorter {
    #[inline(always)]
    fn new() -> Self {
        MoveSorter { keys: [0; 16], len: 0 }
    }

    /// Adds the move in column `col` (below 16).
    #[inline(always)]
    fn add(&mut self, score: u32, col: u32) {
        let key = score << 8 | (self.len as u32) << 4 | col;
        let mut pos = self.len;
        self.len += 1;
        while pos > 0 && self.keys[pos - 1] > key {
            self.keys[pos] = self.keys[pos - 1];
            pos -= 1;
        }
        self.keys[pos] = key;
    }

    /// The column of the best remaining move.
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            Some(self.keys[self.len] & 15)
        }
    }

    /// The columns not yet taken, in no particular order.
    #[inline(always)]
    fn columns(&self) -> impl Iterator<Item = u32> + '_ {
        self.keys[..self.len].iter().map(|k| k & 15)
    }
}

/// How a long solve is going, for progress displays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The score is known to be at least this.
    pub min: i32,
    /// The score is known to be at most this.
    pub max: i32,
    /// Nodes searched so far in this solve.
    pub nodes: u64,
}

/// A progress callback, called every few million nodes and after each window.
pub type ProgressFn = Box<dyn FnMut(Progress) + Send>;

/// Enhanced transposition cutoffs are tried at nodes with at least this many
/// empty cells. Each probe waits on memory: from 16 rather than 12, the three
/// positions 445, 443 and 435 take 6% more nodes but 12% less time (paired
/// runs on the two cores at once, swapped, 8 rounds), the empty 7×6 board 3–5%
/// less.
const ETC_MIN_EMPTY: u32 = 16;

/// Positions with at most this many empty cells get the lean search
/// ([`Solver::lean`]).
pub const LEAN_MAX_EMPTY: u32 = 8;

/// The lean search files and looks up positions with at least this many
/// empty cells in the small table (below, a search costs less than a probe).
const LEAN_TABLE_MIN_EMPTY: u32 = 7;

/// Positions with at most this many empty cells are solved in one search over
/// the whole window instead of null-window searches (on Pons' End-Easy set,
/// 34 nodes a position instead of 51).
const FULL_WINDOW_EMPTY: u32 = 16;

/// Positions with at most this many stones share a table entry with their mirror
/// image (see [`Position::table_key`]). From the empty 7×6 board 20 instead of
/// 12 saves 6% of the nodes (566 M instead of 603 M) at the same speed on the
/// test sets.
pub const SYMMETRY_MAX_MOVES: u32 = 20;

/// Positions with at most this many empty cells are filed in the small table
/// (see [`Solver`]): near the leaves, where searches are small and many.
pub const NEAR_EMPTY: u32 = 20;

/// Size of the small table, in MiB: small enough to stay in the cache (the
/// level-2 cache of a core here is 1 MiB). From the empty 7×6 board 2 MiB
/// searched 4% more nodes than 4 MiB but ran 10–20% faster; since the lean
/// search keeps the last plies out of it, 1 MiB runs 5% faster than 2 MiB for
/// 4% more nodes (445, 443, 435: paired runs), and 512 KiB 3% slower again.
pub const NEAR_MIB: usize = 1;

/// Until the searches since the last [`Solver::reset`] have taken this many
/// nodes, every position goes to the small table: a small solve then never
/// waits on the big table's memory (Begin-Easy, about 3,000 nodes a position
/// from 28–38 empty cells: 200 -> 135 µs with a 64 MiB table, which missed the
/// cache on nearly every probe).
pub const BIG_AFTER_NODES: u64 = 1 << 16;

/// Until this many nodes after a reset, a position missing from the big table
/// is looked up in the small one too (where it may have been filed before the
/// big table was switched on) and moved over; by then the big table holds all
/// that are still used.
const MOVE_OVER_NODES: u64 = BIG_AFTER_NODES << 6;

/// Every this many nodes a search thread ages the small table
/// ([`TranspositionTable::age`]): in a big search it fills with entries of
/// past subtrees that the work-based replacement would otherwise keep for
/// good (from the empty 7×6 board: 561 M -> 517 M nodes; aging the big table
/// too saves nothing).
pub const AGE_EVERY: u64 = 1 << 20;

/// Nodes between two progress callbacks.
const PROGRESS_EVERY: u64 = 1 << 22;

/// Nodes between two rounds of bookkeeping (big-table switch, stop flag,
/// progress, aging); the other periods are multiples of it.
const CHECK_EVERY: u64 = 1 << 10;

/// A flag that calls a search off, and the flag of the search it is part of
/// (a split's helpers stop when the split is cut off or when anything above it
/// is called off).
#[derive(Default)]
struct Stop {
    flag: AtomicBool,
    parent: Option<Arc<Stop>>,
}

impl Stop {
    fn raised(&self) -> bool {
        self.flag.load(Relaxed) || self.parent.as_ref().is_some_and(|p| p.raised())
    }
}

/// The shared part of a solver, to make search threads from.
#[derive(Clone)]
struct Seed<D: Dims> {
    dims: D,
    table: Arc<TranspositionTable>,
    near: Arc<TranspositionTable>,
    threads: usize,
    column_order: [u32; 16],
    /// The cells of each column of `column_order`.
    order_masks: [u64; 16],
    book: Option<Arc<Book>>,
    weak_book: bool,
    parity: bool,
    min_score: i32,
    max_score: i32,
}

impl<D: Dims> Seed<D> {
    /// A search thread on the shared table, called off by `stop`.
    fn solver(&self, stop: Arc<Stop>) -> Solver<D> {
        Solver {
            dims: self.dims,
            table: Arc::clone(&self.table),
            near: Arc::clone(&self.near),
            threads: self.threads,
            stop: Some(stop),
            aborted: false,
            big_on: true,
            reset_nodes: 0,
            nodes: 0,
            last_check: 0,
            column_order: self.column_order,
            order_masks: self.order_masks,
            book: self.book.clone(),
            weak_book: self.weak_book,
            parity: self.parity,
            progress: None,
            solve_start: 0,
            window: (0, 0),
            min_score: self.min_score,
            max_score: self.max_score,
        }
    }
}

/// With several threads, nodes with at least this many empty cells split their
/// younger children among the threads (see [`Solver::split`]), where subtrees
/// are big enough to pay for it (from the empty 7×6 board, the first 16 plies;
/// 26, 30 and 34 solve it equally fast on two threads).
const SPLIT_MIN_EMPTY: u32 = 26;

/// ... and whose eldest child took at least this many nodes (about a
/// millisecond): smaller subtrees cost less than handing them out.
const SPLIT_MIN_NODES: u64 = 20_000;

/// A window this narrow is simply halved (see [`next_test`]).
const NARROW_WINDOW: i32 = 8;

/// From a root with at most this many stones, a narrow window is tested at the
/// value nearest 0, then walks out from it: the scores there are near 0, where
/// halving spends a third expensive test. Measured on 7×6 from every position
/// of at most one stone (the empty board and, up to mirror images, the four
/// first moves): 4–35% fewer nodes each (the empty board 539 M -> 481 M;
/// columns 1–4: 286 -> 276 M, 588 -> 510 M, 432 -> 283 M, 414 -> 391 M); from
/// two stones it costs more than it saves on four of the six positions measured
/// (up to 45% more nodes where the score is 2).
pub const ZERO_FIRST_MAX_MOVES: u32 = 1;

/// The value to test next when the score is known to lie in `[min, max]`
/// (`min < max`): in a wide window, halfway but pushed out from 0 (Pons'
/// choice: the tests far from the score are cheap and cut the window most);
/// in a narrow one ([`NARROW_WINDOW`]), halfway, which saves one of the
/// expensive tests next to the score (from the empty 7×6 board the tests are
/// -10, 10, -4, 5, 1, -1, 0 instead of ..., 2, -1, 1, 0: 8% fewer nodes; on
/// Pons' sets within ±2%, 5% fewer on Middle-Medium). With `near_zero` (see
/// [`ZERO_FIRST_MAX_MOVES`]) a narrow window is tested at the value nearest 0
/// instead.
fn next_test(min: i32, max: i32, near_zero: bool) -> i32 {
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

/// The solver: a transposition table and a node counter, for one board size.
///
/// The table has two levels: positions with at most [`NEAR_EMPTY`] empty cells
/// go to a small table of [`NEAR_MIB`] MiB that stays in the cache, the others to
/// the big one, so the many small searches near the leaves do not wait on memory
/// (nor push the results of big searches out).
pub struct Solver<D: Dims> {
    dims: D,
    table: Arc<TranspositionTable>,
    near: Arc<TranspositionTable>,
    /// Search threads (see [`Solver::set_threads`]): more than 1 lets big
    /// nodes split their children among rayon's threads.
    threads: usize,
    /// For a thread searching one child of a split: raised when a sibling cuts
    /// the split off, or anything above calls it off.
    stop: Option<Arc<Stop>>,
    aborted: bool,
    /// Whether positions with more than [`NEAR_EMPTY`] empty cells go to the
    /// big table (from [`BIG_AFTER_NODES`] nodes after a reset on), and so
    /// whether it may hold entries (see [`reset`](Self::reset)).
    big_on: bool,
    /// The node count at the last reset.
    reset_nodes: u64,
    nodes: u64,
    /// The node count at the last bookkeeping (see [`CHECK_EVERY`]).
    last_check: u64,
    column_order: [u32; 16],
    /// The cells of each column of `column_order`.
    order_masks: [u64; 16],
    book: Option<Arc<Book>>,
    weak_book: bool,
    /// Whether the parity rules ([`Position::claimeven_bound`]) are used.
    parity: bool,
    progress: Option<ProgressFn>,
    solve_start: u64,
    window: (i32, i32),
    /// Bounds are encoded in one byte: upper bounds in `1..=span`, lower bounds
    /// above it (Pons' encoding, with `span = MAX - MIN + 1`).
    min_score: i32,
    max_score: i32,
}

impl<D: Dims> Solver<D> {
    /// A solver for `dims` with a transposition table of about `table_mib` MiB.
    pub fn new(dims: D, table_mib: usize) -> Self {
        let w = dims.width();
        let mut column_order = [0u32; 16];
        for (i, slot) in column_order.iter_mut().enumerate().take(w as usize) {
            // Centre first, then alternately left and right.
            let i = i as i32;
            *slot = (w as i32 / 2 + (1 - 2 * (i % 2)) * (i + 1) / 2) as u32;
        }
        let h = dims.height();
        let order_masks = column_order.map(|c| ((1u64 << h) - 1) << (c * (h + 1)));
        let cells = (dims.width() * dims.height()) as i32;
        let key_bits = dims.width() * (dims.height() + 1);
        Solver {
            dims,
            table: Arc::new(TranspositionTable::new(table_mib, key_bits)),
            near: Arc::new(TranspositionTable::new(NEAR_MIB, key_bits)),
            threads: 1,
            stop: None,
            aborted: false,
            big_on: false,
            reset_nodes: 0,
            nodes: 0,
            last_check: 0,
            column_order,
            order_masks,
            book: None,
            weak_book: false,
            parity: true,
            progress: None,
            solve_start: 0,
            window: (0, 0),
            min_score: -cells / 2,
            max_score: (cells + 1) / 2,
        }
    }

    /// The geometry.
    pub fn dims(&self) -> D {
        self.dims
    }

    /// Uses an opening book (checked against the board size). A weak book only
    /// serves weak solves.
    pub fn set_book(&mut self, book: Arc<Book>) -> Result<(), BookError> {
        book.check_size(self.dims.width(), self.dims.height())?;
        self.weak_book = book.is_weak();
        self.book = Some(book);
        Ok(())
    }

    /// Turns the parity rules ([`Position::claimeven_bound`],
    /// [`Position::claimeven_answer`]) off or on (on by default): off, the
    /// search is Pons' alone, for comparisons and tests.
    pub fn set_parity_rules(&mut self, on: bool) {
        self.parity = on;
    }

    /// Calls `f` every few million nodes and after each null-window search.
    pub fn set_progress(&mut self, f: Option<ProgressFn>) {
        self.progress = f;
    }

    fn report(&mut self) {
        let (min, max) = self.window;
        let nodes = self.nodes - self.solve_start;
        if let Some(f) = self.progress.as_mut() {
            f(Progress { min, max, nodes });
        }
    }

    /// Whether a position with `empty` empty cells is filed in the small
    /// table: near the leaves, or anywhere until the big one is switched on.
    #[inline(always)]
    fn near_level(&self, empty: u32) -> bool {
        empty <= NEAR_EMPTY || !self.big_on
    }

    /// The small table (positions near the leaves) or the big one.
    #[inline(always)]
    fn tt(&self, near: bool) -> &TranspositionTable {
        if near {
            &self.near
        } else {
            &self.table
        }
    }

    /// Clears the transposition table. The big level is cleared only if the
    /// searches since the last clear used it (see [`BIG_AFTER_NODES`]):
    /// zeroing 64 MiB for nothing would also push the code and the small
    /// level out of the cache (1.2 µs of a 3 µs End-Easy solve after it).
    pub fn reset(&mut self) {
        if self.big_on {
            Arc::get_mut(&mut self.table).expect("no search thread holds the table").clear();
            self.big_on = false;
        }
        self.reset_nodes = self.nodes;
        self.last_check = self.nodes;
        Arc::get_mut(&mut self.near).expect("no search thread holds the table").clear();
    }

    /// Solves on `n` threads sharing the table (1 by default; the threads are
    /// rayon's, so at most its pool size work at once): nodes with at least
    /// 26 empty cells search their eldest child, then, if it
    /// took at least 20,000 nodes, the others in parallel (young
    /// brothers wait); a cut-off calls the others off.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
    }

    /// What search threads share with this solver.
    fn seed(&self) -> Seed<D> {
        Seed {
            dims: self.dims,
            table: Arc::clone(&self.table),
            near: Arc::clone(&self.near),
            threads: self.threads,
            column_order: self.column_order,
            order_masks: self.order_masks,
            book: self.book.clone(),
            weak_book: self.weak_book,
            parity: self.parity,
            min_score: self.min_score,
            max_score: self.max_score,
        }
    }

    /// Searches the children `rest` of `p` (window `(alpha, beta)`, the eldest
    /// child already searched without a cut-off) on the thread pool, each on
    /// its own search thread sharing the table (young brothers wait); a child
    /// that reaches `beta` calls the others off. Returns the best score found
    /// and its column, or sets [`aborted`](Self::aborted) if this search was
    /// called off from above.
    fn split(&mut self, p: &Position<D>, alpha: i32, beta: i32, rest: &[(u64, u32)]) -> (i32, u32) {
        use rayon::prelude::*;
        // The helpers file into the big table (a split is a big search).
        self.big_on = true;
        let stop = Arc::new(Stop { flag: AtomicBool::new(false), parent: self.stop.clone() });
        let seed = self.seed();
        let results: Vec<(i32, u32, u64, bool)> = rest
            .par_iter()
            .map(|&(mv, col)| {
                if stop.raised() {
                    return (0, col, 0, true);
                }
                let mut h = seed.solver(Arc::clone(&stop));
                let mut child = *p;
                child.play_bit(mv);
                let s = -h.negamax(&child, -beta, -alpha);
                if !h.aborted && s >= beta {
                    stop.flag.store(true, Relaxed);
                }
                (s, col, h.nodes, h.aborted)
            })
            .collect();
        self.nodes += results.iter().map(|r| r.2).sum::<u64>();
        let best = results.iter().filter(|r| !r.3).max_by_key(|r| r.0);
        match best {
            Some(&(s, col, _, _)) if s >= beta => (s, col),
            _ if results.iter().any(|r| r.3) => {
                // Called off from above: no cut-off here explains it.
                self.aborted = true;
                (0, 0)
            }
            Some(&(s, col, _, _)) => (s, col),
            None => unreachable!("a split has at least one child"),
        }
    }

    /// Nodes searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// What a stored payload says about the position's score.
    #[inline(always)]
    fn decode(&self, stored: u16) -> Bound {
        let v = (stored & 0xff) as i32;
        if stored == 0 {
            Bound::None
        } else if v > self.max_score - self.min_score + 1 {
            Bound::Lower(v + 2 * self.min_score - self.max_score - 2)
        } else {
            Bound::Upper(v + self.min_score - 1)
        }
    }

    /// What every node of both searches checks first (the player to move
    /// cannot win at once): the non-losing moves, and the score bounds `min`
    /// and `max` with `alpha` raised to `min`; or the node's result when
    /// that settles it.
    #[inline(always)]
    fn open_node(p: &Position<D>, alpha: &mut i32, beta: i32) -> Result<(u64, i32, i32), i32> {
        let next = p.possible_non_losing_moves();
        if next == 0 {
            // Every move loses: the opponent wins with their next stone.
            return Err(-((p.cells() - p.moves) as i32) / 2);
        }
        if p.moves + 2 >= p.cells() {
            // At most one stone each left, and neither wins: a draw.
            return Err(0);
        }
        // We cannot win at once, so the opponent's best reply comes first:
        // our best is winning with our stone after next.
        let min = -((p.cells() - 2 - p.moves) as i32) / 2;
        if *alpha < min {
            *alpha = min;
            if *alpha >= beta {
                return Err(*alpha);
            }
        }
        Ok((next, min, (p.cells() as i32 - 1 - p.moves as i32) / 2))
    }

    #[inline(always)]
    fn encode_upper(&self, v: i32) -> u16 {
        (v - self.min_score + 1) as u16
    }
    #[inline(always)]
    fn encode_lower(&self, v: i32) -> u16 {
        (v + self.max_score - 2 * self.min_score + 2) as u16
    }

    /// Files a cut-off: the lower bound `score` and the refuting column `col`
    /// (in the table's orientation), found in `work` nodes.
    #[inline(always)]
    fn put_lower(&self, near: bool, tkey: u64, score: i32, col: u32, work: u64) {
        let payload = self.encode_lower(score) | ((col as u16 + 1) << 8);
        self.tt(near).put(tkey, payload, work);
    }

    /// The search of the last [`LEAN_MAX_EMPTY`] plies: alpha-beta with the
    /// non-losing moves in centre-first order, the small table only from
    /// [`LEAN_TABLE_MIN_EMPTY`] empty cells up, and none of the parity rules,
    /// move scoring or prefetching. Near the leaves those cost more than the
    /// nodes they save: the three positions 445, 443 and 435 take 125 M nodes
    /// instead of 115 M but 12–18% less time (paired runs), the empty 7×6
    /// board about 5% less. The caller has counted this node, and the player
    /// to move cannot win at once; same results as
    /// [`negamax`](Self::negamax).
    fn lean(&mut self, p: &Position<D>, mut alpha: i32, mut beta: i32) -> i32 {
        let (next, min, mut max) = match Self::open_node(p, &mut alpha, beta) {
            Ok(opened) => opened,
            Err(score) => return score,
        };
        let filed = p.cells() - p.moves >= LEAN_TABLE_MIN_EMPTY;
        let key = p.key();
        if filed {
            match self.decode(self.near.get(key)) {
                Bound::Lower(lower) if alpha < lower => {
                    alpha = lower;
                    if alpha >= beta {
                        return alpha;
                    }
                }
                Bound::Upper(upper) => max = max.min(upper),
                _ => {}
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        let entry_nodes = self.nodes;
        let mut best = min;
        let width = p.dims.width() as usize;
        for i in 0..width {
            let (col, mv) = (self.column_order[i], next & self.order_masks[i]);
            if mv == 0 {
                continue;
            }
            let mut child = *p;
            child.play_bit(mv);
            self.nodes += 1;
            let score = -self.lean(&child, -beta, -alpha);
            if score >= beta {
                if filed {
                    self.put_lower(true, key, score, col, self.nodes - entry_nodes);
                }
                return score;
            }
            best = best.max(score);
            alpha = alpha.max(score);
        }
        if filed {
            self.near.put(key, self.encode_upper(best), self.nodes - entry_nodes);
        }
        best
    }

    /// Negamax with alpha-beta on `(alpha, beta)`; the player to move cannot win
    /// at once (the caller checks). Returns the exact score inside the window, an
    /// upper bound at or below `alpha`, or a lower bound at or above `beta`.
    fn negamax(&mut self, p: &Position<D>, mut alpha: i32, mut beta: i32) -> i32 {
        debug_assert!(alpha < beta);
        if self.aborted {
            return 0;
        }
        let entry_nodes = self.nodes;
        self.nodes += 1;
        if self.nodes - self.last_check >= CHECK_EVERY {
            // Bookkeeping (the lean search counts nodes too, so the periods
            // are crossed rather than hit), in nodes since the last reset so
            // that a reset solver searches like a new one.
            let last = std::mem::replace(&mut self.last_check, self.nodes) - self.reset_nodes;
            let now = self.nodes - self.reset_nodes;
            let crossed = |period: u64| last / period != now / period;
            self.big_on |= now >= BIG_AFTER_NODES;
            if let Some(stop) = &self.stop {
                if stop.raised() {
                    // Called off (a sibling's cut-off): unwind, store nothing.
                    self.aborted = true;
                    return 0;
                }
            }
            if crossed(PROGRESS_EVERY) && self.progress.is_some() {
                self.report();
            }
            if crossed(AGE_EVERY) {
                self.near.age();
            }
        }
        if p.cells() - p.moves <= LEAN_MAX_EMPTY {
            return self.lean(p, alpha, beta);
        }
        let (next, min, mut max) = match Self::open_node(p, &mut alpha, beta) {
            Ok(opened) => opened,
            Err(score) => return score,
        };
        let key = p.key();
        if let Some(book) = &self.book {
            if p.moves <= book.depth() {
                if let Some(v) = book.get(key) {
                    return v;
                }
            }
        }
        let width = p.dims.width();
        // Early positions are filed under the smaller of their key and their
        // mirror image's (see `table_key`). The mirror of a key is the sum of
        // the mirrors of its two parts (no carry crosses a column), so two
        // mirrors per node serve the node and all its children.
        let (mirror_current, mirror_mask, tkey, mirrored) = if p.moves <= SYMMETRY_MAX_MOVES {
            let (mc, mm) = (p.mirror_key(p.current), p.mirror_key(p.mask));
            (mc, mm, key.min(mc + mm), mc + mm < key)
        } else {
            (0, 0, key, false)
        };
        let child_key = |mv: u64, c: u32| p.child_table_key(mv, c, mirror_current, mirror_mask);
        // Columns of a mirrored entry are the mirror image's.
        let flip = |c: u32| if mirrored { width - 1 - c } else { c };
        let empty = p.cells() - p.moves;
        let near = self.near_level(empty);
        let child_near = self.near_level(empty - 1);
        let mut stored = self.tt(near).get(tkey);
        if stored == 0 && !near && self.nodes - self.reset_nodes < MOVE_OVER_NODES {
            // Filed in the small table before the big one was switched on:
            // moved over on its first use (the big level soon has them all).
            stored = self.near.get(tkey);
            if stored != 0 {
                self.table.put(tkey, stored, BIG_AFTER_NODES);
            }
        }
        // The column that refuted this position before, tried first.
        let tt_col = ((stored >> 8) as u32).wrapping_sub(1);
        let tt_col = if tt_col < width { flip(tt_col) } else { tt_col };
        match self.decode(stored) {
            Bound::Lower(lower) if alpha < lower => {
                alpha = lower;
                if alpha >= beta {
                    return alpha;
                }
            }
            Bound::Upper(upper) => max = max.min(upper),
            _ => {}
        }
        // Allis' parity strategies give bounds without a search.
        if self.parity && beta > -1 && max > -1 {
            if let Some(bound) = p.claimeven_bound() {
                max = max.min(bound);
            }
        }
        if self.parity && alpha < 1 {
            if let Some(bound) = p.claimeven_answer() {
                if alpha < bound {
                    alpha = bound;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        // The best child score so far (fail-soft: an upper bound below alpha is
        // kept as it is, and the table files it).
        let mut best = min;
        // Nodes the eldest child took: a split pays only for big subtrees.
        let mut eldest_nodes = None;
        let mut rest = next;
        if tt_col < width && next & p.column_mask(tt_col) != 0 {
            // The column that refuted this position before, searched before any
            // work on the others: it usually refutes it again.
            let mv = next & p.column_mask(tt_col);
            rest ^= mv;
            let mut child = *p;
            child.play_bit(mv);
            let score = -self.negamax(&child, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                self.put_lower(near, tkey, score, flip(tt_col), self.nodes - entry_nodes);
                return score;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            eldest_nodes = Some(self.nodes - entry_nodes);
        }

        let mut moves = MoveSorter::new();
        let (mut mvs, mut cols, mut n) = ([0u64; 16], [0u32; 16], 0);
        for i in (0..p.dims.width() as usize).rev() {
            let (c, mv) = (self.column_order[i], rest & self.order_masks[i]);
            if mv != 0 {
                self.tt(child_near).prefetch(child_key(mv, c));
                (mvs[n], cols[n]) = (mv, c);
                n += 1;
            }
        }
        let mut scores = [0u32; 16];
        if n > 1 {
            p.move_scores(&mvs, n, &mut scores);
        }
        for i in 0..n {
            moves.add(scores[i], cols[i]);
        }
        // Enhanced transposition cutoff: a child already known to score at most
        // -beta for the opponent refutes this node without a search. Far from
        // the leaves only, where a search costs more than the probes.
        if p.moves + ETC_MIN_EMPTY <= p.cells() {
            for c in moves.columns() {
                let mv = rest & p.column_mask(c);
                // An upper bound on the child's score: ours is at least -upper.
                if let Bound::Upper(upper) = self.decode(self.tt(child_near).get(child_key(mv, c)))
                {
                    if -upper >= beta {
                        return -upper;
                    }
                }
            }
        }
        let split = self.threads > 1 && empty >= SPLIT_MIN_EMPTY;
        while let Some(col) = moves.next() {
            let mv = rest & p.column_mask(col);
            let big = eldest_nodes.is_some_and(|n| n >= SPLIT_MIN_NODES);
            let (score, col) = if split && big {
                // The younger children, all at once (this empties `moves`).
                let mut younger = vec![(mv, col)];
                while let Some(c) = moves.next() {
                    younger.push((rest & p.column_mask(c), c));
                }
                self.split(p, alpha, beta, &younger)
            } else {
                let mut child = *p;
                child.play_bit(mv);
                let before = self.nodes;
                let score = -self.negamax(&child, -beta, -alpha);
                eldest_nodes.get_or_insert(self.nodes - before);
                (score, col)
            };
            if self.aborted {
                return 0;
            }
            if score >= beta {
                self.put_lower(near, tkey, score, flip(col), self.nodes - entry_nodes);
                return score;
            }
            best = best.max(score);
            alpha = alpha.max(score);
        }
        self.tt(near).put(tkey, self.encode_upper(best), self.nodes - entry_nodes);
        best
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Ordering;

    #[test]
    fn next_test_leans_to_zero() {
        // Pons' sequence from the empty 7×6 board: -10, then 10 if above it.
        assert_eq!(next_test(-21, 21, false), -10);
        assert_eq!(next_test(-9, 21, false), 10);
        // A narrow window is halved: 1 in [-3, 5], where Pons tests 2.
        assert_eq!(next_test(-3, 5, false), 1);
        assert_eq!(next_test(-1, 1, false), 0);
        assert_eq!(next_test(3, 4, false), 3);
        // Near the start: wide windows as before, narrow ones from 0 out.
        assert_eq!(next_test(-21, 21, true), -10);
        assert_eq!(next_test(-3, 5, true), 0);
        assert_eq!(next_test(1, 5, true), 1);
        assert_eq!(next_test(2, 5, true), 2);
        assert_eq!(next_test(-3, 0, true), -1);
        assert_eq!(next_test(-3, -1, true), -2);
    }

    #[test]
    fn mirror_keys() {
        // 4453 and its mirror image 4435 (columns 1..7 reversed) on 7x6.
        let d = Fixed::<7, 6>;
        let play = |moves: &str| {
            let mut p = Position::from_bits(d, 0, 0);
            for c in moves.bytes() {
                p.play_column((c - b'1') as u32);
            }
            p
        };
        let (a, b) = (play("4453"), play("4435"));
        assert_ne!(a.key(), b.key());
        assert_eq!(a.mirror_key(a.key()), b.key());
        assert_eq!(b.mirror_key(b.key()), a.key());
        assert_eq!(a.table_key(a.key(), 4).0, b.table_key(b.key(), 4).0);
        assert_ne!(a.table_key(a.key(), 4).1, b.table_key(b.key(), 4).1);
        // Past SYMMETRY_MAX_MOVES stones the key is its own.
        assert_eq!(a.table_key(a.key(), SYMMETRY_MAX_MOVES + 1), (a.key(), false));
        // Children's keys from the parent's mirrors, on every board size the
        // solver compiles and along whole games.
        fn children<D: Dims>(d: D) {
            let mut p = Position::from_bits(d, 0, 0);
            for ply in 0..d.width() * d.height() {
                let (mc, mm) = (p.mirror_key(p.current), p.mirror_key(p.mask));
                for c in (0..d.width()).filter(|&c| p.can_play(c)) {
                    let mv = p.possible() & p.column_mask(c);
                    let mut child = p;
                    child.play_bit(mv);
                    let want = child.table_key(child.key(), child.moves()).0;
                    assert_eq!(p.child_table_key(mv, c, mc, mm), want, "ply {ply} column {c}");
                }
                let free: Vec<u32> = (0..d.width()).filter(|&c| p.can_play(c)).collect();
                p.play_column(free[(ply as usize * 5 + 3) % free.len()]);
            }
        }
        children(d);
        children(Fixed::<9, 6>);
        children(Fixed::<8, 7>);
        children(Dynamic::new(5, 4));
    }

    /// A 7×6 position with a number of empty cells drawn from `empties`,
    /// reached by random moves that do not lose at once, where the player to
    /// move cannot win at once (games decided on the way are drawn again).
    fn random_position(
        rng: &mut rand::rngs::SmallRng,
        empties: std::ops::RangeInclusive<u32>,
    ) -> Position<Fixed<7, 6>> {
        use rand::Rng;
        'draw: loop {
            let empties = rng.random_range(empties.clone());
            let mut p = Position::from_bits(Fixed::<7, 6>, 0, 0);
            while p.cells() - p.moves() > empties {
                let moves = p.possible_non_losing_moves();
                if moves == 0 || p.can_win_next() {
                    continue 'draw;
                }
                let cols: Vec<u32> = (0..7).filter(|&c| moves & p.column_mask(c) != 0).collect();
                p.play_column(cols[rng.random_range(0..cols.len())]);
            }
            if !p.can_win_next() {
                return p;
            }
        }
    }

    /// 6,000 random 7×6 positions with 8–22 empty cells: wherever a parity rule
    /// gives a bound, the exact score (searched with the rules off) obeys it,
    /// and a search with the rules on finds the same score.
    #[test]
    fn parity_bounds_hold() {
        use rand::SeedableRng;
        let d = Fixed::<7, 6>;
        let mut plain = Solver::new(d, 4);
        plain.set_parity_rules(false);
        let mut fast = Solver::new(d, 4);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let (mut uppers, mut lowers, mut stopped) = (0, 0, 0);
        for _ in 0..6000 {
            let p = random_position(&mut rng, 8..=22);
            let exact = plain.solve(&p, false).score;
            assert_eq!(fast.solve(&p, false).score, exact);
            if let Some(b) = p.claimeven_bound() {
                assert!(exact <= b, "score {exact} above the claimeven bound {b}");
                uppers += 1;
                if p.odd_cells() & (d.bottom() << 5) != 0 {
                    stopped += 1;
                }
            }
            if let Some(b) = p.claimeven_answer() {
                assert!(exact >= b, "score {exact} below the claimeven answer's {b}");
                lowers += 1;
            }
        }
        // The rules fire often enough for the test to mean something.
        assert!(uppers >= 50 && lowers >= 50 && stopped >= 20, "{uppers} {lowers} {stopped}");
    }

    /// Checks a fail-soft result `r` of a search in the window `(a, b)` of a
    /// position scoring `exact`: an upper bound at or below `a` (`Less`), a
    /// lower bound at or above `b` (`Greater`), else the exact score (`Equal`).
    fn check_window(exact: i32, a: i32, b: i32, r: i32) -> Ordering {
        if r <= a {
            assert!(exact <= r, "window ({a}, {b}): {r} is no upper bound on {exact}");
            Ordering::Less
        } else if r >= b {
            assert!(exact >= r, "window ({a}, {b}): {r} is no lower bound on {exact}");
            Ordering::Greater
        } else {
            assert_eq!(r, exact, "window ({a}, {b})");
            Ordering::Equal
        }
    }

    /// Fail-soft: whatever window the search gets, its result is the exact
    /// score inside the window, an upper bound on it at or below alpha and a
    /// lower bound at or above beta, with the table kept between searches so
    /// that bounds filed by one window serve the next.
    #[test]
    fn window_results_are_bounds() {
        use rand::{Rng, SeedableRng};
        let d = Fixed::<7, 6>;
        let mut exact_solver = Solver::new(d, 4);
        let mut windows = Solver::new(d, 4);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        let (mut below, mut above, mut inside) = (0, 0, 0);
        for _ in 0..1500 {
            let p = random_position(&mut rng, 10..=24);
            exact_solver.reset();
            let exact = exact_solver.solve(&p, false).score;
            for _ in 0..4 {
                let a = rng.random_range(p.min_score()..p.max_score());
                let b = rng.random_range(a + 1..=p.max_score());
                match check_window(exact, a, b, windows.negamax(&p, a, b)) {
                    Ordering::Less => below += 1,
                    Ordering::Greater => above += 1,
                    Ordering::Equal => inside += 1,
                }
            }
        }
        assert!(below >= 500 && above >= 500 && inside >= 200, "{below} {above} {inside}");
    }

    /// The lean search of the last plies against a plain minimax over the
    /// whole tree: the exact score in the full window, and true bounds (or the
    /// exact score) in random windows, with the table kept between searches.
    #[test]
    fn lean_matches_minimax() {
        use rand::{Rng, SeedableRng};
        fn minimax<D: Dims>(p: &Position<D>) -> i32 {
            if p.can_win_next() {
                return p.max_score();
            }
            let mut best = None;
            for c in (0..p.dims.width()).filter(|&c| p.can_play(c)) {
                let mut child = *p;
                child.play_column(c);
                best = best.max(Some(-minimax(&child)));
            }
            best.unwrap_or(0) // a full board is a draw
        }
        let mut s = Solver::new(Fixed::<7, 6>, 1);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let (mut wins, mut losses, mut draws) = (0, 0, 0);
        for _ in 0..3000 {
            let p = random_position(&mut rng, 1..=LEAN_MAX_EMPTY);
            let exact = minimax(&p);
            assert_eq!(s.lean(&p, p.min_score(), p.max_score()), exact, "{p:?}");
            match exact.signum() {
                1 => wins += 1,
                -1 => losses += 1,
                _ => draws += 1,
            }
            let a = rng.random_range(p.min_score()..p.max_score());
            let b = rng.random_range(a + 1..=p.max_score());
            check_window(exact, a, b, s.lean(&p, a, b));
        }
        assert!(wins >= 300 && losses >= 300 && draws >= 300, "{wins} {losses} {draws}");
    }

    /// The batched move scores equal the one-move ones, on every board size
    /// the solver compiles (tall boards shift past the word).
    #[test]
    fn move_scores_match() {
        use rand::{Rng, SeedableRng};
        fn check<D: Dims>(d: D, rng: &mut rand::rngs::SmallRng) {
            for _ in 0..300 {
                let mut p = Position::from_bits(d, 0, 0);
                let stones = rng.random_range(0..d.width() * d.height());
                for _ in 0..stones {
                    let free: Vec<u32> = (0..d.width()).filter(|&c| p.can_play(c)).collect();
                    p.play_column(free[rng.random_range(0..free.len())]);
                }
                let possible = p.possible();
                let mut mvs = [0u64; 16];
                let mut n = 0;
                for c in 0..d.width() {
                    if possible & p.column_mask(c) != 0 {
                        mvs[n] = possible & p.column_mask(c);
                        n += 1;
                    }
                }
                let mut out = [0u32; 16];
                p.move_scores(&mvs, n, &mut out);
                for i in 0..n {
                    assert_eq!(out[i], p.move_score(mvs[i]), "{}x{}", d.width(), d.height());
                }
            }
        }
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        check(Fixed::<7, 6>, &mut rng);
        check(Fixed::<9, 6>, &mut rng);
        check(Dynamic::new(4, 15), &mut rng);
        check(Dynamic::new(2, 31), &mut rng);
        check(Dynamic::new(8, 7), &mut rng);
    }

    /// After `reset` a solve costs exactly what it costs on a new solver,
    /// whichever table levels the solves before it used (the big level is
    /// cleared only after a solve that could have used it).
    #[test]
    fn reset_forgets_everything() {
        use super::super::sets::TEST_SETS;
        let d = Fixed::<7, 6>;
        let play = |moves: &str| {
            let mut p = Position::from_bits(d, 0, 0);
            for c in moves.bytes() {
                p.play_column((c - b'1') as u32);
            }
            p
        };
        // `big` takes enough nodes to switch the big table on, the others not.
        let early = play(TEST_SETS[3].positions().next().expect("a line").0); // Begin-Easy
        let late = play(TEST_SETS[0].positions().next().expect("a line").0); // End-Easy
        let big = play(TEST_SETS[4].positions().nth(1).expect("a line").0); // Begin-Medium
        assert!(early.cells() - early.moves() > NEAR_EMPTY);
        assert!(late.cells() - late.moves() <= NEAR_EMPTY);
        let mut reused = Solver::new(d, 16);
        for p in [early, big, early, late, big, big, early, late, late] {
            let want = Solver::new(d, 16).solve(&p, false);
            assert_eq!(want.nodes > BIG_AFTER_NODES, p.key() == big.key());
            reused.reset();
            assert_eq!(reused.solve(&p, false), want);
        }
    }

    #[test]
    fn small_boards() {
        // 4×4 is a draw; 5×4 is a draw (Tromp's table of solved sizes).
        let mut s = Solver::new(Dynamic::new(4, 4), 1);
        let p = Position::from_bits(Dynamic::new(4, 4), 0, 0);
        assert_eq!(s.solve(&p, false).score, 0);
    }
}

/// Why a position cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The game is already over.
    #[error("position '{position}' is already over ({outcome}); there is nothing to solve")]
    Finished {
        /// The position (move string).
        position: String,
        /// How it ended.
        outcome: String,
    },
    /// The position is for another board size.
    #[error("the solver is for {solver_w}×{solver_h} boards, the position is {width}×{height}")]
    WrongSize {
        /// Solver width.
        solver_w: u32,
        /// Solver height.
        solver_h: u32,
        /// Position width.
        width: u32,
        /// Position height.
        height: u32,
    },
}

macro_rules! sizes {
    ($($variant:ident => $w:literal x $h:literal),* $(,)?) => {
        /// A solver for one board size: the common sizes have their own compiled
        /// code (every shift a constant), any other size the run-time version.
        enum Sized {
            $($variant(Solver<Fixed<$w, $h>>),)*
            Dynamic(Solver<Dynamic>),
        }

        impl Sized {
            fn new(w: u32, h: u32, mib: usize) -> Self {
                match (w, h) {
                    $(($w, $h) => Sized::$variant(Solver::new(Fixed::<$w, $h>, mib)),)*
                    _ => Sized::Dynamic(Solver::new(Dynamic::new(w, h), mib)),
                }
            }
        }

        /// Runs `$body` with `$s` bound to the inner solver and `$mk` to a function
        /// building its position from `(current, mask)`.
        macro_rules! with_solver {
            ($self:expr, $s:ident, $mk:ident, $body:expr) => {
                match &mut $self.inner {
                    $(Sized::$variant($s) => {
                        let $mk = |cur: u64, mask: u64| Position::from_bits(Fixed::<$w, $h>, cur, mask);
                        $body
                    })*
                    Sized::Dynamic($s) => {
                        let d = $s.dims();
                        let $mk = move |cur: u64, mask: u64| Position::from_bits(d, cur, mask);
                        $body
                    }
                }
            };
        }
    };
}

sizes! {
    S7x6 => 7 x 6,
    S6x7 => 6 x 7,
    S8x7 => 8 x 7,
    S7x8 => 7 x 8,
    S9x6 => 9 x 6,
    S6x6 => 6 x 6,
    S6x5 => 6 x 5,
    S5x4 => 5 x 4,
    S4x4 => 4 x 4,
}

/// The Connect Four solver for [`Connect4`] positions of one board size: exact
/// (strong) or win/draw/loss (weak) scores, per-column analysis, best moves, with
/// an optional opening book and progress callback.
pub struct ConnectFourSolver {
    width: u32,
    height: u32,
    inner: Sized,
}

impl ConnectFourSolver {
    /// A solver for `width × height` positions with a `table_mib` MiB table.
    pub fn new(width: u32, height: u32, table_mib: usize) -> Result<Self, String> {
        super::check_size(width as usize, height as usize).map_err(|e| e.to_string())?;
        Ok(ConnectFourSolver { width, height, inner: Sized::new(width, height, table_mib) })
    }

    /// A solver for the board size of `game`.
    pub fn for_game(game: &Connect4, table_mib: usize) -> Self {
        Self::new(game.width() as u32, game.height() as u32, table_mib)
            .expect("a Connect4 has a valid size")
    }

    fn check(&self, g: &Connect4) -> Result<(), SolveError> {
        if g.width() as u32 != self.width || g.height() as u32 != self.height {
            return Err(SolveError::WrongSize {
                solver_w: self.width,
                solver_h: self.height,
                width: g.width() as u32,
                height: g.height() as u32,
            });
        }
        if let Some(o) = g.outcome() {
            return Err(SolveError::Finished {
                position: g.position(),
                outcome: g.describe_outcome(o),
            });
        }
        Ok(())
    }

    /// The score of `g` for the player to move (weak: 1 win, 0 draw, −1 loss).
    pub fn solve(&mut self, g: &Connect4, weak: bool) -> Result<Solved, SolveError> {
        self.check(g)?;
        Ok(with_solver!(self, s, mk, s.solve(&mk(g.current(), g.mask()), weak)))
    }

    /// The score of each column for the player to move, `None` for a full column.
    pub fn analyze(&mut self, g: &Connect4, weak: bool) -> Result<Vec<Option<i32>>, SolveError> {
        self.check(g)?;
        Ok(with_solver!(self, s, mk, s.analyze(&mk(g.current(), g.mask()), weak)))
    }

    /// The best columns (0-based) and their score: every column that reaches the
    /// best score, centre first.
    pub fn best_moves(&mut self, g: &Connect4) -> Result<(Vec<u8>, i32), SolveError> {
        let scores = self.analyze(g, false)?;
        let best = scores.iter().flatten().copied().max().expect("an unfinished game has a move");
        let mut cols: Vec<u8> =
            (0..self.width as u8).filter(|&c| scores[c as usize] == Some(best)).collect();
        let centre = (self.width as i32 - 1) / 2;
        cols.sort_by_key(|&c| ((c as i32 - centre).abs(), c));
        Ok((cols, best))
    }

    /// Uses an opening book for this board size.
    pub fn set_book(&mut self, book: Arc<Book>) -> Result<(), BookError> {
        with_solver!(self, s, _mk, s.set_book(book))
    }

    /// Solves on `n` threads sharing the table (see [`Solver::set_threads`]).
    pub fn set_threads(&mut self, n: usize) {
        with_solver!(self, s, _mk, s.set_threads(n))
    }

    /// Reports progress to `f` during long solves.
    pub fn set_progress(&mut self, f: Option<ProgressFn>) {
        with_solver!(self, s, _mk, s.set_progress(f))
    }

    /// Nodes searched so far.
    pub fn nodes(&mut self) -> u64 {
        with_solver!(self, s, _mk, s.nodes())
    }

    /// Empties the transposition table.
    pub fn reset(&mut self) {
        with_solver!(self, s, _mk, s.reset())
    }
}

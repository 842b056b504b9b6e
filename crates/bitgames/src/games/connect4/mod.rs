//! Connect Four on two 64-bit bitboards, for any `width × height` whose board with
//! one extra bit per column fits a word (`width·(height+1) ≤ 64`, width ≤ 9 so a
//! column is one digit).
//!
//! The encoding is Tromp's (seed `001`) as Pons presents it (seed `002`, part 6):
//! column `c` holds bits `c·(H+1) … c·(H+1)+H-1` bottom to top, with one spare bit
//! on top of each column. `position` holds the stones of the player to move and
//! `mask` every stone; `position + mask` is a unique key.

pub(crate) mod analysis;
pub(crate) mod bits;
pub mod book;
pub mod book_builder;
pub(crate) mod player;
pub mod sets;
pub mod solver;
pub(crate) mod table;
pub mod tablebase;
pub(crate) mod tools;

pub use bits::has_four;

use crate::board::{BoardCell, BoardShape, PieceLook};
use crate::game::PositionFault::{AfterEnd, IllegalMove, Syntax};
use crate::game::{clip, mix64, random_below, NotationError};
use crate::games::prelude::*;
use crate::tools::Tools;
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// A Connect Four move: a column, 0-based inside, written 1-based (`4` is the
/// centre column of the 7-wide board), as in Pons' move strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(pub u8);

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 as u32 + 1)
    }
}

impl FromStr for Column {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, NotationError> {
        match s.trim().parse::<u8>() {
            Ok(c) if (1..=9).contains(&c) => Ok(Column(c - 1)),
            _ => Err(NotationError::new(s, "a column number 1–9")),
        }
    }
}

/// The registry's entry: `connect4`, with the solver as its own engine.
pub static INFO: GameInfo = GameInfo::new(
    "connect4",
    "Connect Four: drop stones in columns, four in a row wins (Pons' move strings)",
    PARAMS,
    |p| {
        let (width, height) = p.board();
        Ok(Box::new(Connect4::new(width, height)?))
    },
)
.engines(&[&player::SOLVER])
.tools(Tools {
    solver: Some(&tools::SOLVER),
    benches: &[&tools::BENCH],
    book: Some(&tools::BOOK),
    analyser: Some(analysis::analyser),
    formats: &[&tools::PONS],
    scale: &tools::SCALE,
    tablebase: Some(&tablebase::TABLEBASE),
    ..Tools::NONE
})
.core_bench((9, 8), (1_000_000, 100_000));

/// The parameters of `connect4(width=…,height=…)`.
static PARAMS: &[ParamInfo] = &[
    ParamInfo::width(7, 1, 9),
    ParamInfo::height(6, 1, 63).described("number of rows (width×(height+1) ≤ 64)"),
];

/// `tablebase(table=FILE)`: perfect play from a small board's table
/// (`perfect` is the solver's alias).
pub(crate) static PERFECT_TABLE: crate::engine::EngineInfo =
    crate::retro::engine::perfect::<Connect4>();

impl crate::retro::engine::Tabled for Connect4 {
    const TABLEBASE: &'static crate::tools::TablebaseInfo = &tablebase::TABLEBASE;
    const ENGINE: &'static str = "tablebase";
}

/// Largest supported width: columns are single digits in move strings.
pub const MAX_WIDTH: usize = 9;

/// A Connect Four position with the moves that led to it.
pub struct Connect4 {
    position: u64,
    mask: u64,
    bottom: u64,
    board: u64,
    width: u8,
    height: u8,
    moves: u8,
    /// 0: going on, 1: the last mover won, 2: drawn (set by `play_unchecked`).
    over: u8,
}

/// Why a board size is not supported: a size of 0, a width over
/// [`MAX_WIDTH`], or more than the 64 bits of one word with a spare bit a column.
pub fn check_size(width: usize, height: usize) -> Result<(), SetupError> {
    let range = |param, value: usize, max, note| SetupError::OutOfRange {
        param,
        value: value as i64,
        min: 1,
        max,
        note,
    };
    if width == 0 || width > MAX_WIDTH {
        return Err(range("width", width, MAX_WIDTH as i64, " (columns are written as one digit)"));
    }
    if height == 0 {
        return Err(range("height", height, 63, ""));
    }
    if width * (height + 1) > 64 {
        return Err(SetupError::TooLarge {
            width,
            height,
            needed: width * (height + 1),
            capacity: 64,
            how: " (width×(height+1): a spare bit on each column)",
        });
    }
    Ok(())
}

impl Connect4 {
    /// The empty standard 7×6 board.
    pub fn standard() -> Self {
        Self::new(7, 6).expect("7×6 fits")
    }

    /// The empty `width × height` board.
    pub fn new(width: usize, height: usize) -> Result<Self, SetupError> {
        check_size(width, height)?;
        let h1 = height + 1;
        let mut bottom = 0u64;
        for c in 0..width {
            bottom |= 1 << (c * h1);
        }
        let board = bottom.wrapping_mul((1u64 << height) - 1);
        Ok(Connect4 {
            position: 0,
            mask: 0,
            bottom,
            board,
            width: width as u8,
            height: height as u8,
            moves: 0,
            over: 0,
        })
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.width as usize
    }
    /// Number of rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.height as usize
    }
    /// Stones of the player to move (Pons' `current_position`).
    #[inline]
    pub fn current(&self) -> u64 {
        self.position
    }
    /// Every stone on the board (Pons' `mask`).
    #[inline]
    pub fn mask(&self) -> u64 {
        self.mask
    }
    /// One bit at the bottom of each column.
    #[inline]
    pub fn bottom(&self) -> u64 {
        self.bottom
    }
    /// Every on-board cell.
    #[inline]
    pub fn board_mask(&self) -> u64 {
        self.board
    }
    /// Stones of the first player.
    #[inline]
    pub fn first_stones(&self) -> u64 {
        if self.moves.is_multiple_of(2) {
            self.position
        } else {
            self.position ^ self.mask
        }
    }
    /// The unique key `position + mask` (seed `002`: with `bottom` added it is the
    /// one-word encoding; `bottom` is constant so it is left out).
    #[inline]
    pub fn key(&self) -> u64 {
        self.position + self.mask
    }
    /// A move sequence (0-based columns) that reaches this position from the empty
    /// board without the game ending earlier. The state keeps no history (it would
    /// cost a copy per node in search), so the sequence is rebuilt by peeling stones
    /// off the top of the columns, last mover first, leftmost column first, with
    /// dead ends remembered. The same position always gives the same sequence.
    pub fn move_sequence(&self) -> Vec<u8> {
        let first = self.first_stones();
        let mut seq = Vec::with_capacity(self.moves as usize);
        let mut dead = std::collections::HashSet::new();
        if self.peel(self.mask, first, &mut seq, &mut dead) {
            seq.reverse();
        }
        seq
    }

    /// Removes stones from `mask` (top of a column, last mover's colour) until the
    /// board is empty; pushes the columns in reverse order of play.
    fn peel(
        &self, mask: u64, first: u64, seq: &mut Vec<u8>, dead: &mut std::collections::HashSet<u64>,
    ) -> bool {
        if mask == 0 {
            return true;
        }
        if dead.contains(&mask) {
            return false;
        }
        let n = mask.count_ones();
        let mover_first = n % 2 == 1;
        let h1 = self.height as usize + 1;
        for c in 0..self.width as usize {
            let col = mask & (((1u64 << self.height) - 1) << (c * h1));
            if col == 0 {
                continue;
            }
            let top = 1u64 << (63 - col.leading_zeros());
            if (first & top != 0) != mover_first {
                continue;
            }
            let rest = mask ^ top;
            // The earlier position must not be over already.
            let (x, o) = (first & rest, !first & rest);
            if rest != 0 && (self.alignment(x) || self.alignment(o)) {
                continue;
            }
            seq.push(c as u8);
            if self.peel(rest, first, seq, dead) {
                return true;
            }
            seq.pop();
        }
        dead.insert(mask);
        false
    }

    #[inline]
    fn bottom_col(&self, c: usize) -> u64 {
        1 << (c * (self.height as usize + 1))
    }
    #[inline]
    fn top_col(&self, c: usize) -> u64 {
        1 << (self.height as usize - 1 + c * (self.height as usize + 1))
    }

    /// The next free cell of every column that is not full (`(mask + bottom) & board`).
    #[inline]
    pub fn playable(&self) -> u64 {
        (self.mask + self.bottom) & self.board
    }

    /// Whether a stone can go in column `c` (Pons' `canPlay`).
    #[inline]
    pub fn can_play(&self, c: usize) -> bool {
        c < self.width as usize && self.mask & self.top_col(c) == 0
    }

    /// Whether `stones` hold four in a row (Browne, Alg. 7; Tromp's shifts 1, H, H+1,
    /// H+2 for vertical, the two diagonals and horizontal).
    #[inline]
    pub fn alignment(&self, stones: u64) -> bool {
        // The standard board gets constant shifts (a predictable branch, ~10%).
        match self.height {
            6 => has_four(stones, 6),
            h => has_four(stones, h as u32),
        }
    }
}

impl Clone for Connect4 {
    /// Field by field, never as one block: in copy-make search the parent was
    /// written by `play_unchecked`'s 8-bit and 64-bit stores a few instructions
    /// earlier, and a 32-byte vector load of it cannot be forwarded from them
    /// (a store-forwarding stall at every node: Connect Four perft 9 takes 39 ms
    /// instead of 30 ms). `black_box` on one field keeps LLVM from merging the
    /// field copies back into a vector copy.
    #[inline(always)]
    fn clone(&self) -> Self {
        Connect4 {
            position: std::hint::black_box(self.position),
            mask: self.mask,
            bottom: self.bottom,
            board: self.board,
            width: self.width,
            height: self.height,
            moves: self.moves,
            over: self.over,
        }
    }
}

impl PartialEq for Connect4 {
    fn eq(&self, o: &Self) -> bool {
        self.position == o.position
            && self.mask == o.mask
            && self.width == o.width
            && self.height == o.height
    }
}
impl Eq for Connect4 {}

impl fmt::Debug for Connect4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Connect4({}×{} \"{}\")\n{}",
            self.width,
            self.height,
            self.position(),
            self.picture()
        )
    }
}

impl Rules for Connect4 {
    type Move = Column;
    const NAME: &'static str = INFO.name;

    fn spec(&self) -> String {
        format!("connect4(width={},height={})", self.width, self.height)
    }

    crate::turn_fields!(ply: moves);

    #[inline(always)]
    fn try_for_each_move<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(Column) -> ControlFlow<()>,
    {
        if self.over != 0 {
            return ControlFlow::Continue(());
        }
        for c in 0..self.width {
            if self.mask & self.top_col(c as usize) == 0 {
                f(Column(c))?;
            }
        }
        ControlFlow::Continue(())
    }

    #[inline(always)]
    fn count_moves(&self) -> usize {
        if self.over != 0 {
            return 0;
        }
        self.playable().count_ones() as usize
    }

    #[inline]
    fn is_legal(&self, mv: Column) -> bool {
        self.can_play(mv.0 as usize) && self.over == 0
    }

    fn why_illegal(&self, mv: Column) -> Illegal {
        if mv.0 >= self.width {
            Illegal::new(
                IllegalReason::OffBoard,
                format!("there is no column {mv}; columns are 1–{}", self.width),
            )
        } else if !self.can_play(mv.0 as usize) {
            Illegal::new(IllegalReason::ColumnFull, format!("column {mv} is full"))
        } else {
            Illegal::new(IllegalReason::Rule, "the game is over")
        }
    }

    /// Pons' `play`: switch sides (`position ^= mask`) and drop the stone
    /// (`mask |= mask + bottom_mask_col`).
    #[inline(always)]
    fn play_unchecked(&mut self, mv: Column) {
        let c = mv.0 as usize;
        self.position ^= self.mask;
        self.mask |= self.mask + self.bottom_col(c);
        self.moves += 1;
        self.over = if self.alignment(self.position ^ self.mask) {
            1
        } else if self.mask == self.board {
            2
        } else {
            0
        };
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        match self.over {
            0 => None,
            1 => Some(Outcome::WonBy(Player::at_ply(self.moves as usize - 1))),
            _ => Some(Outcome::Draw),
        }
    }

    #[inline]
    fn position_hash(&self) -> u64 {
        mix64(self.key())
    }

    /// The current player's stones among the stones, the stones on the board,
    /// each column filled from the bottom without a gap, one stone a ply, the
    /// current player holding half the stones (rounded down).
    fn check_invariants(&self) -> Result<(), String> {
        let (mask, stones) = (self.mask, self.mask.count_ones());
        if self.position & !mask != 0 {
            return Err("the side to move has stones where the board has none".into());
        }
        if mask & !self.board != 0 {
            return Err(format!("{} stone(s) off the board", (mask & !self.board).count_ones()));
        }
        if mask.wrapping_add(self.bottom) & mask != 0 {
            return Err("a column has a gap below a stone".into());
        }
        if stones != self.moves as u32 || self.position.count_ones() != stones / 2 {
            let mine = self.position.count_ones();
            return Err(format!(
                "ply {} with {stones} stone(s), {mine} of the side to move",
                self.moves
            ));
        }
        if self.over > 2 {
            return Err(format!("result code {}", self.over));
        }
        Ok(())
    }
}

impl Notation for Connect4 {
    /// The column.
    fn num_actions(&self) -> usize {
        self.width as usize
    }

    fn action(&self, mv: Column) -> usize {
        mv.0 as usize
    }

    /// The column of the id, if it is on the board and may be played now.
    fn action_move(&self, a: usize) -> Option<Column> {
        let mv = Column(u8::try_from(a).ok()?);
        self.is_legal(mv).then_some(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Column, ParseError> {
        let bad = || ParseError::Move {
            game: self.spec(),
            text: clip(text),
            expected: format!("a column number 1–{}", self.width),
        };
        let c: Column = text.parse().map_err(|_| bad())?;
        if c.0 >= self.width {
            return Err(bad());
        }
        Ok(c)
    }

    /// Pons' move string: one digit per move, 1-based columns (`4453`); see
    /// [`Connect4::move_sequence`] for which sequence.
    fn position(&self) -> String {
        self.move_sequence().iter().map(|&c| char::from(b'1' + c)).collect()
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let mut g = self.clone();
        g.position = 0;
        g.mask = 0;
        g.moves = 0;
        g.over = 0;
        let err = |fault, why: String| ParseError::position(self.spec(), text, fault, why);
        for (i, ch) in text.trim().chars().enumerate() {
            let c = match ch.to_digit(10) {
                Some(d) if d >= 1 && d as usize <= g.width() => (d - 1) as usize,
                _ => {
                    return Err(err(
                        Syntax,
                        format!(
                            "character {} is '{}', expected a column digit 1–{}",
                            i + 1,
                            ch.escape_debug(),
                            g.width
                        ),
                    ))
                }
            };
            if let Some(o) = g.outcome() {
                return Err(err(
                    AfterEnd,
                    format!(
                        "move {} ({ch}) comes after the game ended ({})",
                        i + 1,
                        g.describe_outcome(o)
                    ),
                ));
            }
            if !g.can_play(c) {
                return Err(err(
                    IllegalMove,
                    format!("move {} plays column {ch}, which is full", i + 1),
                ));
            }
            g.play_unchecked(Column(c as u8));
        }
        Ok(g)
    }

    fn picture(&self) -> String {
        let first = self.first_stones();
        let (w, h) = (self.width as usize, self.height as usize);
        // Column `c` holds bits `c·(h + 1)` up, its bottom cell first.
        let bit = |c: usize, r: usize| (c * (h + 1) + h - 1 - r) as u32;
        crate::board::rectangle_picture((w, h), [first, self.mask & !first], bit)
    }
}

impl View for Connect4 {
    /// Columns of cells named `a1` (bottom-left) to `g6`, column letters from
    /// the left and rows from the bottom.
    fn board(&self) -> BoardView {
        let first = self.first_stones();
        let h1 = self.height as usize + 1;
        let (w, h) = (self.width as usize, self.height as usize);
        let mut cells = Vec::with_capacity(w * h);
        for row in 0..h {
            for col in 0..w {
                let bit = 1u64 << (col * h1 + row);
                let owner = if self.mask & bit == 0 {
                    None
                } else if first & bit != 0 {
                    Some(Player::First)
                } else {
                    Some(Player::Second)
                };
                cells.push(BoardCell {
                    name: format!("{}{}", crate::grid::column_name(col), row + 1),
                    col,
                    row,
                    x: col as f64,
                    y: (h - 1 - row) as f64,
                    owner,
                });
            }
        }
        let mut view = BoardView::new(BoardShape::Columns { width: w, height: h }, cells)
            .with_pieces([PieceLook::Red, PieceLook::Yellow]);
        if let Some(Outcome::WonBy(p)) = Rules::outcome(self) {
            view.mark_lines(p, 4, false);
        }
        view
    }

    /// Rows from the bottom, as [`board`](View::board) numbers them.
    fn observation_shape(&self) -> [usize; 3] {
        [3, self.height as usize, self.width as usize]
    }

    fn observe(&self, out: &mut [f32]) {
        let h1 = self.height as usize + 1;
        let w = self.width as usize;
        // Bit `c · (height + 1) + r` is column `c`, row `r` (from the bottom).
        // One loop over the set bits: a loop per column mispredicts its exit
        // seven times a plane, and made a VectorEnv step of 1,024 games twice
        // as slow (132 µs against 60).
        let cells = move |b: u64| {
            crate::bits::Bits::from_words([b]).iter().map(move |i| (i % h1) * w + i / h1)
        };
        crate::board::write_sparse_planes(
            out,
            View::observation_shape(self),
            self.moves.is_multiple_of(2),
            cells(self.position),
            cells(self.position ^ self.mask),
        );
    }

    /// The cell the stone lands on (none for a full column).
    /// The column: RAVE keeps its statistics per column.
    #[inline]
    fn move_index(&self, mv: Column) -> Option<usize> {
        Some(mv.0 as usize)
    }

    fn move_cells(&self, mv: Column) -> Vec<usize> {
        let c = mv.0 as usize;
        if c >= self.width as usize {
            return Vec::new();
        }
        let h1 = self.height as usize + 1;
        let stones = (self.mask >> (c * h1)) & ((1u64 << self.height) - 1);
        let row = stones.count_ones() as usize;
        if row >= self.height as usize {
            return Vec::new();
        }
        vec![row * self.width as usize + c]
    }
}

impl Hints for Connect4 {
    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Column> {
        if self.over != 0 {
            return None;
        }
        // Rejection sampling over columns: uniform over the playable ones.
        let w = self.width as u64;
        loop {
            let c = random_below(rng, w) as usize;
            if self.mask & self.top_col(c) == 0 {
                return Some(Column(c as u8));
            }
        }
    }

    /// Threats: the empty cells that would complete a four for the side to
    /// move (100 each) minus the opponent's, and 3 a stone in the centre
    /// column.
    fn evaluate(&self) -> i32 {
        let h = self.height as u32;
        let empty = self.board & !self.mask;
        let (me, them) = (self.position, self.position ^ self.mask);
        let threats = |s: u64| (bits::winning_cells(s, h) & empty).count_ones() as i32;
        let centre = self.bottom_col(self.width as usize / 2) * ((1u64 << self.height) - 1);
        let centre_count = |s: u64| (s & centre).count_ones() as i32;
        100 * (threats(me) - threats(them)) + 3 * (centre_count(me) - centre_count(them))
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn seed_example_key() {
        // Seed 002's example: the position drawn there after x,o moves; its key is
        // position + mask + bottom and must be unique per position.
        let g = Connect4::standard().parse_position("4453").unwrap();
        let h = Connect4::standard().parse_position("4435").unwrap();
        assert_ne!(g.key(), h.key());
        assert_eq!(g.position(), "4453");
        assert_eq!(g.picture(), ". . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n. . . O . . .\n. . O X X . .\n");
    }

    pub fn move_sequence_reaches_the_same_position() {
        let start = Connect4::standard();
        for text in ["", "4", "4453", "1212121", "44444412", "3216462577", "444444333333555555"] {
            let g = start.parse_position(text).unwrap();
            let again = start.parse_position(&g.position()).unwrap();
            assert_eq!(g, again, "{text} -> {}", g.position());
            assert_eq!(g.outcome(), again.outcome());
        }
    }

    pub fn vertical_win() {
        let g = Connect4::standard().parse_position("1212121").unwrap();
        assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
        assert!(Connect4::standard().parse_position("12121212").is_err());
    }

    /// The consistency check passes every position the rules reach and names
    /// what is wrong in a broken one: a gap in a column, a stone of the side
    /// to move missing from the board, a stone above the top, a wrong ply.
    pub fn broken_positions_fail_the_invariant_check() {
        let g = Connect4::standard().parse_position("4453").unwrap();
        assert_eq!(g.check_invariants(), Ok(()));
        let h1 = 7; // the bits of a column, with its spare bit
        let broken = |f: &dyn Fn(&mut Connect4)| {
            let mut b = g.clone();
            f(&mut b);
            b.check_invariants().unwrap_err()
        };
        // Column 1 (bit 0 is a1): a stone on a2 over an empty a1.
        let gap = broken(&|b| {
            b.mask |= 1 << 1;
            b.moves += 1;
        });
        assert!(gap.contains("gap"), "{gap}");
        let outside = broken(&|b| b.position |= 1 << h1);
        assert!(outside.contains("side to move"), "{outside}");
        let above = broken(&|b| b.mask |= 1 << 6);
        assert!(above.contains("off the board"), "{above}");
        let ply = broken(&|b| b.moves += 1);
        assert!(ply.contains("ply 5 with 4 stone(s)"), "{ply}");
    }
}

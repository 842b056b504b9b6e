//! Othello (Reversi) on two side-to-move-relative bitboards, `player` and
//! `opponent`, as Edax keeps it: a move is a flip computation and two XORs, and the
//! sides swap after every ply.
//!
//! # Squares
//!
//! Squares are named `a1`–`h8`, columns `a`–`h` from the left and rows `1`–`8`
//! **from the top**, as on every Othello diagram: `a1` is the top-left corner.
//! Square (column `c`, row `r`) is bit `8·(r−1) + c`: `a1` = bit 0, `h1` = bit 7,
//! `a8` = bit 56, `h8` = bit 63. That is also the order of the 64 board characters
//! of an OBF/FFO position, so character `i` of the text is bit `i`. (The library's
//! [`Grid`]s number rows from the bottom; Othello's row 1 is
//! instead the first row of the text and the top row of [`picture`](Notation::picture).)
//!
//! # Positions
//!
//! Position text is OBF: the 64 squares `a1 b1 … h1 a2 … h8`, each `X` (Black),
//! `O` (White) or `-` (empty; `.` is read too), a space, and the side to move, `X`
//! or `O`. Anything from a `;` on is ignored, so an FFO line reads as it stands.
//! The start position, with White on d4 and e5, Black on d5 and e4, Black to move:
//!
//! ```
//! use bitgames::games::othello::Othello;
//! use bitgames::prelude::*;
//!
//! let start = Othello::start();
//! assert_eq!(
//!     start.position(),
//!     "---------------------------OX------XO--------------------------- X"
//! );
//! assert_eq!(
//!     start.picture(),
//!     ". . . . . . . .\n\
//!      . . . . . . . .\n\
//!      . . . . . . . .\n\
//!      . . . O X . . .\n\
//!      . . . X O . . .\n\
//!      . . . . . . . .\n\
//!      . . . . . . . .\n\
//!      . . . . . . . .\n"
//! );
//! ```
//!
//! # Passes and the end
//!
//! A side with no move but whose opponent can move has exactly one legal move,
//! [`OthelloMove::Pass`], which takes a ply. When neither side can move the game is
//! over: more discs win, and [`score`](Rules::score) is the disc difference from
//! Black's view with the empty squares going to the winner (the FFO and Edax
//! convention). Whether the game is over is read off the board (two mobility
//! computations) rather than stored, so a position is just its discs and the side
//! to move, and its OBF text says everything about it.
//!
//! # Move generation and perft
//!
//! Four back-ends ([`Backend`]) (Browne's line-cap reference, portable
//! Kogge–Stone fills, AVX2 on 256- and on 128-bit vectors) that compute the same
//! mobility and flips ([`MoveGen`]); [`perft_bik`] counts move paths in the standard (Bik)
//! convention, single- or multi-threaded, with a table keyed by the position's
//! symmetry class.

pub(crate) mod analysis;
pub mod endgame;
pub mod eval;
pub mod formats;
pub(crate) mod movegen;
pub(crate) mod nboard;
pub(crate) mod perft;
pub mod player;
pub(crate) mod symmetry;
pub(crate) mod tools;

pub use movegen::{best_backend, Backend, MoveGen, Portable, Reference, BACKEND_ENV};
#[cfg(target_arch = "x86_64")]
pub use movegen::{Avx2, Avx2x128};
pub use perft::{
    perft_bik, perft_bik_opts, perft_bik_parallel, perft_bik_parallel_opts, perft_bik_table_with,
    perft_bik_with, PerftCount, PerftOptions, PerftTable, HASH_MIB_ENV,
};
pub use tools::FFO_40_59;

use crate::board::BoardShape;
use crate::game::PositionFault::{SideToMove, Syntax};
use crate::game::{clip, mix64, random_below, NotationError, PerftRule};
use crate::games::prelude::*;
use crate::tools::Tools;
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// The game's spec, as the registry reads it.
pub const SPEC: &str = "othello";

/// The registry's entry: `othello`, with the alpha-beta player as its engine.
pub static INFO: GameInfo = GameInfo::new(
    SPEC,
    "Othello (Reversi) 8×8: passes, OBF positions (64 chars a1..h8 of X/O/-, then X or O)",
    &[],
    |_| Ok(Box::new(Othello::start())),
)
.engines(&[&player::ALPHABETA])
.tools(Tools {
    solver: Some(&tools::SOLVER),
    benches: &[&tools::BENCH_FFO],
    converter: Some(&formats::convert::CONVERTER),
    protocols: &[&nboard::NBOARD],
    analyser: Some(analysis::analyser),
    formats: &[&tools::TRANSCRIPT, &tools::GGF],
    scale: &tools::SCALE,
    ..Tools::NONE
})
.core_bench((11, 9), (200_000, 20_000));

/// A square `a1`–`h8`, stored as its bit index `0..64` (`a1` = 0, `h1` = 7,
/// `a8` = 56; row 1 is the top row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with bit index `index`, `None` past 63.
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square in column `col` (0 = `a`) and row `row` (0 = row `1`, the top),
    /// `None` off the board.
    #[inline]
    pub const fn at(col: u32, row: u32) -> Option<Square> {
        if col < 8 && row < 8 {
            Some(Square((8 * row + col) as u8))
        } else {
            None
        }
    }

    /// The bit index, `0..64`.
    #[inline]
    pub const fn index(self) -> u32 {
        self.0 as u32
    }

    /// The one-square bitboard.
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Column, 0 (`a`) to 7 (`h`).
    #[inline]
    pub const fn col(self) -> u32 {
        self.0 as u32 % 8
    }

    /// Row, 0 (row `1`, the top) to 7 (row `8`).
    #[inline]
    pub const fn row(self) -> u32 {
        self.0 as u32 / 8
    }

    /// The squares of a bitboard, lowest bit (`a1` side) first.
    pub fn all_in(bits: u64) -> impl Iterator<Item = Square> {
        let mut b = bits;
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let i = b.trailing_zeros();
            b &= b - 1;
            Some(Square(i as u8))
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.col() as u8), self.row() + 1)
    }
}

impl FromStr for Square {
    type Err = NotationError;
    /// Reads `d3` or `D3`.
    fn from_str(s: &str) -> Result<Self, NotationError> {
        if let [c, r] = s.trim().as_bytes() {
            let c = c.to_ascii_lowercase();
            if (b'a'..=b'h').contains(&c) && (b'1'..=b'8').contains(r) {
                return Ok(Square(8 * (r - b'1') + (c - b'a')));
            }
        }
        Err(NotationError::new(s, "a square a1–h8"))
    }
}

/// An Othello move: a disc on a square, or a pass (legal only for a side that has
/// no other move while the game goes on). Written `d3` and `pass`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OthelloMove {
    /// A disc on this square.
    Place(Square),
    /// No disc: the side to move has no legal placement.
    Pass,
}

impl fmt::Display for OthelloMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OthelloMove::Place(sq) => sq.fmt(f),
            OthelloMove::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for OthelloMove {
    type Err = NotationError;
    /// Reads a square (`d3`, `D3`) or a pass (`pass`, or `ps`/`pa` as in some
    /// Othello software), case-insensitively.
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let t = s.trim().to_ascii_lowercase();
        if matches!(t.as_str(), "pass" | "ps" | "pa") {
            return Ok(OthelloMove::Pass);
        }
        t.parse()
            .map(OthelloMove::Place)
            .map_err(|_| NotationError::new(s, "a square a1–h8 or pass"))
    }
}

/// An Othello position: the discs of the side to move and of its opponent, whose
/// turn it is, and the plies played (passes included).
///
/// Equality and [`position_hash`](Rules::position_hash) look at the discs and the side to move only,
/// not at the ply count (which OBF text does not record).
#[derive(Clone, Copy)]
pub struct Othello {
    player: u64,
    opponent: u64,
    ply: u16,
    side: Player,
}

impl Default for Othello {
    fn default() -> Self {
        Othello::start()
    }
}

/// Black's and White's discs in the start position.
const START_BLACK: u64 = 1 << 28 | 1 << 35; // e4, d5
const START_WHITE: u64 = 1 << 27 | 1 << 36; // d4, e5

impl Othello {
    /// The standard start: White on d4 and e5, Black on d5 and e4, Black to move.
    pub const fn start() -> Self {
        Othello { player: START_BLACK, opponent: START_WHITE, ply: 0, side: Player::First }
    }

    /// A position from Black's and White's discs and the side to move; the ply
    /// count is taken as the number of discs past the four of the start. Fails if a
    /// square holds both colours.
    pub fn from_discs(black: u64, white: u64, side: Player) -> Result<Self, SetupError> {
        if black & white != 0 {
            return Err(SetupError::Overlap { cells: Othello::list(black & white) });
        }
        let (player, opponent) = match side {
            Player::First => (black, white),
            Player::Second => (white, black),
        };
        Ok(Othello {
            player,
            opponent,
            ply: ((black | white).count_ones() as u16).saturating_sub(4),
            side,
        })
    }

    /// A position from a picture: eight rows, row 1 (the top) first, each of eight
    /// cells `X` (Black), `O` (White) or `.`/`-` (empty); blanks between cells are
    /// ignored.
    pub fn from_picture(picture: &str, side: Player) -> Result<Self, ParseError> {
        let err = |fault, why: String| ParseError::position(SPEC, picture, fault, why);
        let rows: Vec<&str> = picture.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if rows.len() != 8 {
            return Err(err(Syntax, format!("expected 8 rows, found {}", rows.len())));
        }
        let mut board = String::with_capacity(64);
        for (r, line) in rows.iter().enumerate() {
            let cells: String = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.chars().count() != 8 {
                return Err(err(
                    Syntax,
                    format!(
                        "row {} ('{line}') has {} cells, expected 8",
                        r + 1,
                        cells.chars().count()
                    ),
                ));
            }
            board.push_str(&cells);
        }
        let (black, white) = read_board(&board).map_err(|why| err(Syntax, why))?;
        Othello::from_discs(black, white, side).map_err(|e| err(e.fault(), e.to_string()))
    }

    /// Discs of the side to move.
    #[inline]
    pub const fn player(&self) -> u64 {
        self.player
    }

    /// Discs of the side not to move.
    #[inline]
    pub const fn opponent(&self) -> u64 {
        self.opponent
    }

    /// Black's discs.
    #[inline]
    pub const fn black(&self) -> u64 {
        match self.side {
            Player::First => self.player,
            Player::Second => self.opponent,
        }
    }

    /// White's discs.
    #[inline]
    pub const fn white(&self) -> u64 {
        match self.side {
            Player::First => self.opponent,
            Player::Second => self.player,
        }
    }

    /// The empty squares.
    #[inline]
    pub const fn empty(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The number of discs of `p`.
    #[inline]
    pub const fn discs(&self, p: Player) -> u32 {
        match p {
            Player::First => self.black().count_ones(),
            Player::Second => self.white().count_ones(),
        }
    }

    /// The squares where the side to move can place a disc (its mobility).
    #[inline]
    pub fn mobility(&self) -> u64 {
        movegen::mobility(self.player, self.opponent)
    }

    /// The squares where the side *not* to move could place a disc.
    #[inline]
    pub fn opponent_mobility(&self) -> u64 {
        movegen::mobility(self.opponent, self.player)
    }

    /// The opponent's discs that a disc of the side to move on `sq` would flip
    /// (empty if the move is not legal; unspecified for an occupied square).
    #[inline]
    pub fn flips(&self, sq: Square) -> u64 {
        movegen::flips(self.player, self.opponent, sq.index())
    }

    /// Whether neither side can move.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.mobility() == 0 && self.opponent_mobility() == 0
    }

    /// Whether the side to move must pass: it has no move, its opponent has one.
    #[inline]
    pub fn must_pass(&self) -> bool {
        self.mobility() == 0 && self.opponent_mobility() != 0
    }

    /// Black's discs minus White's, with the empty squares added to the side with
    /// more discs (the final score of a finished game, FFO/Edax convention).
    pub fn disc_difference(&self) -> i32 {
        let diff = self.black().count_ones() as i32 - self.white().count_ones() as i32;
        let empties = self.empty().count_ones() as i32;
        diff + diff.signum() * empties
    }

    /// The squares of a bitboard, for messages: `c4, d3`.
    fn list(bits: u64) -> String {
        Square::all_in(bits).map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
    }
}

/// Reads 64 board characters a1..h8 into (black, white).
fn read_board(board: &str) -> Result<(u64, u64), String> {
    let n = board.chars().count();
    if n != 64 {
        return Err(format!(
            "the board has {n} characters, expected 64 (squares a1..h8 row by row, each X, O or -)"
        ));
    }
    read_squares(board, 'X', &['-', '.']).map_err(|(sq, ch)| {
        format!(
            "character {} ('{}', square {sq}) is not X, O or -",
            sq.index() + 1,
            ch.escape_debug()
        )
    })
}

/// Reads 64 square characters a1..h8 (the caller checks the count) into
/// (black, white): `black` for a black disc, `O` for a white one, any of
/// `empty` for an empty square. The error is the first other character and its
/// square. Shared by OBF (`X`) and GGF (`*`) boards.
pub(crate) fn read_squares(
    board: &str, black: char, empty: &[char],
) -> Result<(u64, u64), (Square, char)> {
    let (mut b, mut w) = (0u64, 0u64);
    for (i, ch) in board.chars().take(64).enumerate() {
        match ch {
            c if c == black => b |= 1 << i,
            'O' => w |= 1 << i,
            c if empty.contains(&c) => {}
            _ => return Err((Square(i as u8), ch)),
        }
    }
    Ok((b, w))
}

impl PartialEq for Othello {
    fn eq(&self, o: &Self) -> bool {
        self.player == o.player && self.opponent == o.opponent && self.side == o.side
    }
}
impl Eq for Othello {}

impl std::hash::Hash for Othello {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (self.player, self.opponent, self.side).hash(h);
    }
}

impl fmt::Debug for Othello {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Othello(\"{}\", ply {})\n{}", self.position(), self.ply, self.picture())
    }
}

impl Rules for Othello {
    type Move = OthelloMove;
    const NAME: &'static str = INFO.name;
    const PLAYERS: [&'static str; 2] = ["Black", "White"];

    const PERFT_RULE: PerftRule = PerftRule::FinishedCountsDeeper;

    fn spec(&self) -> String {
        SPEC.to_string()
    }

    /// Perft in the standard (Bik) convention: a pass takes a ply, and a finished
    /// game counts as one leaf at every greater depth.
    fn perft(&self, depth: usize) -> u64 {
        perft::perft_bik(self, depth)
    }

    /// [`perft`](Rules::perft) with one table shared by the threads.
    fn perft_parallel(&self, depth: usize, threads: usize) -> u64 {
        perft::perft_bik_parallel(self, depth, threads)
    }

    crate::turn_fields!(ply: ply, side: side);

    /// The squares of the mobility bitboard, `a1` side first; a lone `pass` when
    /// the side to move has none but the opponent has some; nothing at the end.
    #[inline]
    fn try_for_each_move<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(OthelloMove) -> ControlFlow<()>,
    {
        let moves = self.mobility();
        if moves != 0 {
            for s in Square::all_in(moves) {
                f(OthelloMove::Place(s))?;
            }
        } else if self.opponent_mobility() != 0 {
            f(OthelloMove::Pass)?;
        }
        ControlFlow::Continue(())
    }

    /// Popcount of the mobility; 1 for a forced pass, 0 once the game is over.
    #[inline]
    fn count_moves(&self) -> usize {
        let moves = self.mobility();
        if moves != 0 {
            moves.count_ones() as usize
        } else {
            (self.opponent_mobility() != 0) as usize
        }
    }

    #[inline]
    fn is_legal(&self, mv: OthelloMove) -> bool {
        match mv {
            OthelloMove::Place(sq) => self.mobility() & sq.bit() != 0,
            OthelloMove::Pass => self.must_pass(),
        }
    }

    fn why_illegal(&self, mv: OthelloMove) -> Illegal {
        use IllegalReason::*;
        let me = self.player_name(self.side);
        let moves = self.mobility();
        let (reason, why) = match mv {
            OthelloMove::Place(sq) if !self.empty() & sq.bit() != 0 => {
                let owner = if self.black() & sq.bit() != 0 { "Black" } else { "White" };
                (Occupied, format!("{sq} already holds a disc ({owner})"))
            }
            OthelloMove::Place(sq) if moves == 0 => {
                (MustPass, format!("{sq} flips no disc: {me} has no move and must pass"))
            }
            OthelloMove::Place(sq) => {
                (NoEffect, format!("{sq} flips no disc; {me} can play {}", Othello::list(moves)))
            }
            OthelloMove::Pass if moves != 0 => {
                (CannotPass, format!("{me} can move ({}), so may not pass", Othello::list(moves)))
            }
            OthelloMove::Pass => (Rule, "neither side can move: the game is over".to_string()),
        };
        Illegal::new(reason, why)
    }

    /// A placement flips with the fastest back-end (`player ^= flips | square`,
    /// `opponent ^= flips`) and swaps the sides; a pass only swaps them.
    #[inline]
    fn play_unchecked(&mut self, mv: OthelloMove) {
        let (p, o) = match mv {
            OthelloMove::Place(sq) => {
                let f = movegen::flips(self.player, self.opponent, sq.index());
                (self.player ^ f ^ sq.bit(), self.opponent ^ f)
            }
            OthelloMove::Pass => (self.player, self.opponent),
        };
        self.player = o;
        self.opponent = p;
        self.side = self.side.other();
        self.ply = self.ply.wrapping_add(1);
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        Some(match self.disc_difference() {
            d if d > 0 => Outcome::WonBy(Player::First),
            d if d < 0 => Outcome::WonBy(Player::Second),
            _ => Outcome::Draw,
        })
    }

    /// Black's discs minus White's at the end, empties to the winner.
    fn score(&self) -> Option<i32> {
        self.is_over().then(|| self.disc_difference())
    }

    #[inline]
    fn position_hash(&self) -> u64 {
        mix64(mix64(self.player) ^ self.opponent ^ self.side as u64)
    }

    /// No square holds two discs.
    fn check_invariants(&self) -> Result<(), String> {
        match self.player & self.opponent {
            0 => Ok(()),
            both => Err(format!("{} square(s) hold both colours", both.count_ones())),
        }
    }
}

impl Notation for Othello {
    /// A square's bit index (`a1` 0, `h8` 63), then the pass, 64.
    fn num_actions(&self) -> usize {
        65
    }

    fn action(&self, mv: OthelloMove) -> usize {
        match mv {
            OthelloMove::Place(sq) => sq.index() as usize,
            OthelloMove::Pass => 64,
        }
    }

    /// The square (or the pass, 64) of the id, if it is legal now.
    fn action_move(&self, a: usize) -> Option<OthelloMove> {
        let mv = match a {
            64 => OthelloMove::Pass,
            _ => OthelloMove::Place(Square::new(u32::try_from(a).ok()?)?),
        };
        self.is_legal(mv).then_some(mv)
    }

    fn parse_move(&self, text: &str) -> Result<OthelloMove, ParseError> {
        text.parse().map_err(|_| ParseError::Move {
            game: self.spec(),
            text: clip(text),
            expected: "a square a1–h8 or pass".to_string(),
        })
    }

    /// OBF: 64 characters a1..h8 (`X`, `O`, `-`), a space, the side to move.
    fn position(&self) -> String {
        let (black, white) = (self.black(), self.white());
        let mut s: String = (0..64)
            .map(|i| {
                if black >> i & 1 != 0 {
                    'X'
                } else if white >> i & 1 != 0 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect();
        s.push(' ');
        s.push(match self.side {
            Player::First => 'X',
            Player::Second => 'O',
        });
        s
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let err = |fault, why: String| ParseError::position(self.spec(), text, fault, why);
        let obf = text.split(';').next().unwrap_or("");
        let mut fields = obf.split_whitespace();
        let Some(board) = fields.next() else {
            return Err(err(
                Syntax,
                "empty; expected 64 squares a1..h8 (X, O or -), a space and the side to move (X or O)"
                    .into(),
            ));
        };
        let (black, white) = read_board(board).map_err(|why| err(Syntax, why))?;
        let side = match fields.next() {
            None => {
                return Err(err(
                    SideToMove,
                    "no side to move after the board (expected X or O)".into(),
                ))
            }
            Some("X") => Player::First,
            Some("O") => Player::Second,
            Some(s) => {
                return Err(err(
                    SideToMove,
                    format!("side to move '{s}' is not X (Black) or O (White)"),
                ))
            }
        };
        if let Some(extra) = fields.next() {
            return Err(err(
                Syntax,
                format!("unexpected '{extra}' after the side to move (comments start with ';')"),
            ));
        }
        Othello::from_discs(black, white, side).map_err(|e| err(e.fault(), e.to_string()))
    }

    /// Row 1 (the top) first, `X` Black, `O` White, `.` empty.
    fn picture(&self) -> String {
        let discs = [self.black(), self.white()];
        crate::board::rectangle_picture((8, 8), discs, |c, r| (8 * r + c) as u32)
    }
}

impl View for Othello {
    /// Squares `a1` (top-left) to `h8` in bit order, row 1 drawn at the top.
    fn board(&self) -> BoardView {
        let (black, white) = (self.black(), self.white());
        BoardView::rectangle(
            BoardShape::Rectangle { width: 8, height: 8 },
            8,
            8,
            true,
            |c, r| Square(8 * r as u8 + c as u8).to_string(),
            |c, r| {
                let bit = 1u64 << (8 * r + c);
                if black & bit != 0 {
                    Some(Player::First)
                } else if white & bit != 0 {
                    Some(Player::Second)
                } else {
                    None
                }
            },
        )
    }

    fn observation_shape(&self) -> [usize; 3] {
        [3, 8, 8]
    }

    /// Row 1 (the top) is row 0, as in [`board`](View::board).
    fn observe(&self, out: &mut [f32]) {
        // Square bit `8 · row + col` is the flat index itself: each plane is
        // its bitboard, eight squares a copy.
        assert_eq!(out.len(), 3 * 64, "an observation of shape 3×8×8");
        let (own, rest) = out.split_at_mut(64);
        let (other, side) = rest.split_at_mut(64);
        crate::board::write_bits(own, self.player, &crate::board::BYTE_FLOATS);
        crate::board::write_bits(other, self.opponent, &crate::board::BYTE_FLOATS);
        side.fill(if Rules::side_to_move(self) == Player::First { 1.0 } else { 0.0 });
    }

    fn move_cells(&self, mv: OthelloMove) -> Vec<usize> {
        match mv {
            OthelloMove::Place(sq) => vec![sq.index() as usize],
            OthelloMove::Pass => Vec::new(),
        }
    }
}

impl Hints for Othello {
    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<OthelloMove> {
        let mut moves = self.mobility();
        if moves == 0 {
            return self.must_pass().then_some(OthelloMove::Pass);
        }
        let n = random_below(rng, moves.count_ones() as u64) as u32;
        for _ in 0..n {
            moves &= moves - 1;
        }
        Square::new(moves.trailing_zeros()).map(OthelloMove::Place)
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn start_moves_are_the_four_standard_openings() {
        let mut v = Vec::new();
        Othello::start().legal_moves(&mut v);
        let names: Vec<String> = v.iter().map(|m| m.to_string()).collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
    }

    pub fn square_names() {
        for i in 0..64 {
            let s = Square::new(i).unwrap();
            assert_eq!(s.to_string().parse::<Square>().unwrap(), s);
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("h1".parse::<Square>().unwrap().index(), 7);
        assert_eq!("A8".parse::<Square>().unwrap().index(), 56);
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a10".parse::<Square>().is_err());
        assert_eq!("PASS".parse::<OthelloMove>().unwrap(), OthelloMove::Pass);
    }
}

//! Teeko (John Scarne, 1937): a pattern game whose win is found by matching the
//! mover's pieces against a precomputed database of winning patterns (Browne,
//! Alg. 8, [`ops::match_pattern`]).
//!
//! Rules, as played here:
//! - a 5×5 board; Black (`X`, first) and Red (`O`) have four pieces each;
//! - **drop phase** (plies 0–7): the players alternately place a piece on an
//!   empty cell; a drop is written as the cell, `c3` (`a1` bottom-left, the
//!   names of tic-tac-toe);
//! - **move phase** (once all eight pieces stand): a move slides one of the
//!   mover's pieces to an adjacent empty cell, in any of the 8 directions,
//!   written as the two cells, `c3d4`;
//! - a player who makes four in a row (a row, column or diagonal) or a 2×2
//!   square wins: 28 lines and 16 squares, the 44 patterns of [`patterns`];
//! - the game is drawn when ply `max_moves` (default 200) is reached without a
//!   win. (A side left without a slide would lose, but on 5×5 four pieces
//!   that make no pattern always touch at least five cells, so it never
//!   happens.)
//!
//! Every position's value is in a retrograde table ([`table`]: `bitgames
//! tablebase build teeko`), which shows the game a draw.
//!
//! Position text: the rows from the top separated by `/` (`X`, `O`, `.`), then
//! the ply: `X..../...../..O../...../..... 2`. The ply may be left out; it is
//! then the number of pieces on the board.

use crate::board::{BoardShape, PieceLook};
use crate::engine::EngineInfo;
use crate::game::PositionFault::{AfterEnd, Counts, Syntax};
use crate::game::{clip, hash_sets, NotationError};
use crate::games::prelude::*;
use crate::games::step_move::StepMove;
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

pub mod table;

/// Cells on a side of the board.
pub const SIZE: usize = 5;
/// Pieces each player has.
pub const PIECES: usize = 4;
/// The default move limit: plies after which an unwon game is drawn.
pub const DEFAULT_MAX_MOVES: usize = 200;

/// The parameters of `teeko(max_moves=…)`.
static PARAMS: &[ParamInfo] = &[ParamInfo::int(
    "max_moves",
    DEFAULT_MAX_MOVES as i64,
    1,
    u16::MAX as i64,
    "plies after which a game nobody has won is drawn",
)];

/// The registry's entry: `teeko`.
pub static INFO: GameInfo = GameInfo::new(
    "teeko",
    "Teeko: drop 4 pieces, then slide them; 4 in a row or a 2×2 square wins",
    PARAMS,
    |p| Ok(Box::new(Teeko::new(p.int("max_moves") as usize)?)),
)
.tablebase(&table::TABLEBASE)
.core_bench((5, 4), (100_000, 10_000));

/// `perfect(table=FILE)`: perfect play from Teeko's table.
pub(crate) static PERFECT: EngineInfo = crate::retro::engine::perfect::<Teeko>();

impl crate::retro::engine::Tabled for Teeko {
    const TABLEBASE: &'static crate::tools::TablebaseInfo = &table::TABLEBASE;
}

/// The 5×5 board with its 8 directions.
static GRID: LazyLock<Grid<1>> =
    LazyLock::new(|| Grid::new(GridKind::Square8, SIZE, SIZE).expect("5×5 fits one word"));

/// The pattern database: every line of four, then every 2×2 square.
static PATTERNS: LazyLock<Vec<Bits<1>>> = LazyLock::new(|| build_patterns(&GRID));

/// Every winning pattern on `grid`: the runs of four cells along each axis
/// (`E`, `N`, `NE`, `NW`), then the 2×2 squares, as bitboards.
fn build_patterns(grid: &Grid<1>) -> Vec<Bits<1>> {
    let mut out = Vec::new();
    for &d in grid.axes() {
        for i in grid.mask() {
            let mut p = Bits::cell(i);
            let mut head = p;
            for _ in 1..4 {
                head = grid.step(head, d);
                p |= head;
            }
            if p.count() == 4 {
                out.push(p);
            }
        }
    }
    for i in grid.mask() {
        let c = Bits::cell(i);
        let p = c | grid.step(c, Dir::E) | grid.step(c, Dir::N) | grid.step(c, Dir::NE);
        if p.count() == 4 {
            out.push(p);
        }
    }
    out
}

/// The winning patterns of Teeko on its 5×5 board (28 lines of four, 16 2×2
/// squares: 44), the database [`Teeko`] matches with Browne's Alg. 8.
pub fn patterns() -> &'static [Bits<1>] {
    &PATTERNS
}

/// The 5×5 board (bit `row × stride + col`).
pub fn grid() -> &'static Grid<1> {
    &GRID
}

/// A Teeko move: a drop in the first phase, a slide in the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeekoMove {
    /// Place a new piece on an empty cell (`c3`).
    Drop(Cell),
    /// Slide a piece to an adjacent empty cell (`c3d4`).
    Slide(StepMove),
}

impl fmt::Display for TeekoMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeekoMove::Drop(c) => write!(f, "{c}"),
            TeekoMove::Slide(s) => write!(f, "{s}"),
        }
    }
}

impl FromStr for TeekoMove {
    type Err = NotationError;
    /// Reads a cell (`c3`) as a drop and two cells (`c3d4`, `c3-d4`) as a slide;
    /// whether the cells are on the board is the game's to check.
    fn from_str(s: &str) -> Result<Self, NotationError> {
        if let Ok(c) = s.trim().parse::<Cell>() {
            return Ok(TeekoMove::Drop(c));
        }
        s.parse::<StepMove>()
            .map(TeekoMove::Slide)
            .map_err(|_| NotationError::new(s, "a drop such as c3 or a slide such as c3d4"))
    }
}

/// A Teeko position.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Teeko {
    stones: [Bits<1>; 2],
    ply: u16,
    max_moves: u16,
    /// 0: going on, 1: Black won, 2: Red won, 3: draw.
    result: u8,
}

impl Teeko {
    /// The empty board with the default move limit (200 plies).
    pub fn standard() -> Self {
        Self::new(DEFAULT_MAX_MOVES).expect("the default limit is in range")
    }

    /// The empty board; the game is drawn at ply `max_moves` (1–65535).
    pub fn new(max_moves: usize) -> Result<Self, SetupError> {
        SetupError::check_range("max_moves", max_moves, 1, u16::MAX as usize)?;
        Ok(Teeko { stones: [Bits::EMPTY; 2], ply: 0, max_moves: max_moves as u16, result: 0 })
    }

    /// Pieces of player `p`.
    pub fn stones(&self, p: Player) -> Bits<1> {
        self.stones[p.index()]
    }

    /// Empty cells.
    #[inline]
    pub fn empty(&self) -> Bits<1> {
        GRID.complement(self.stones[0] | self.stones[1])
    }

    /// Whether the players are still placing pieces (fewer than 8 plies played).
    #[inline]
    pub fn in_drop_phase(&self) -> bool {
        (self.ply as usize) < 2 * PIECES
    }

    /// The number (from 1) of the first pattern of [`patterns`] that `p`'s
    /// pieces make, or 0 (Browne, Alg. 8).
    #[inline]
    pub fn winning_pattern(&self, p: Player) -> usize {
        ops::match_pattern(&PATTERNS, self.stones[p.index()])
    }

    /// Calls `f(from, to)` on each slide of the side to move, by direction
    /// (`N`, `NE`, … `NW`), then by destination in bit order.
    #[inline]
    fn try_for_each_slide<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(usize, usize) -> ControlFlow<()>,
    {
        let own = self.stones[self.ply as usize % 2];
        let empty = self.empty();
        for &d in GRID.directions() {
            let back = GRID.offset(d);
            for to in GRID.step(own, d) & empty {
                f((to as isize - back) as usize, to)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The result code after the player who moved last has moved.
    #[inline(always)]
    fn update_result(&mut self) {
        if self.ply == 0 {
            self.result = 0;
            return;
        }
        let mover = Player::at_ply(self.ply as usize - 1);
        self.result = if self.winning_pattern(mover) != 0 {
            1 + mover.index() as u8
        } else if self.ply >= self.max_moves {
            3
        } else if !self.in_drop_phase()
            && self.try_for_each_slide(|_, _| ControlFlow::Break(())).is_continue()
        {
            // Blocked: the side to move loses (unreachable on 5×5, see the module docs).
            1 + mover.index() as u8
        } else {
            0
        };
    }

    fn index(c: Cell) -> Option<usize> {
        GRID.index_of(c)
    }
}

impl Default for Teeko {
    fn default() -> Self {
        Self::standard()
    }
}

crate::debug_by_notation!(=> Teeko);

impl Rules for Teeko {
    type Move = TeekoMove;
    const NAME: &'static str = INFO.name;
    const PLAYERS: [&'static str; 2] = ["Black", "Red"];

    fn spec(&self) -> String {
        format!("teeko(max_moves={})", self.max_moves)
    }

    crate::turn_fields!(ply: ply);

    /// Drops on the empty cells in bit order (`a1`, `b1`, …); then slides by
    /// direction (`N`, `NE`, … `NW`), each by destination in bit order.
    #[inline]
    fn try_for_each_move<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(TeekoMove) -> ControlFlow<()>,
    {
        if self.result != 0 {
            return ControlFlow::Continue(());
        }
        if self.in_drop_phase() {
            for i in self.empty() {
                f(TeekoMove::Drop(GRID.cell_at_unchecked(i)))?;
            }
            return ControlFlow::Continue(());
        }
        self.try_for_each_slide(|from, to| {
            f(TeekoMove::Slide(StepMove {
                from: GRID.cell_at_unchecked(from),
                to: GRID.cell_at_unchecked(to),
            }))
        })
    }

    #[inline(always)]
    fn count_moves(&self) -> usize {
        if self.result != 0 {
            return 0;
        }
        let empty = self.empty();
        if self.in_drop_phase() {
            return empty.count() as usize;
        }
        let own = self.stones[self.ply as usize % 2];
        GRID.directions().iter().map(|&d| (GRID.step(own, d) & empty).count() as usize).sum()
    }

    fn is_legal(&self, mv: TeekoMove) -> bool {
        if self.result != 0 {
            return false;
        }
        match mv {
            TeekoMove::Drop(c) => {
                self.in_drop_phase() && Self::index(c).is_some_and(|i| self.empty().contains(i))
            }
            TeekoMove::Slide(s) => {
                let (Some(from), Some(to)) = (Self::index(s.from), Self::index(s.to)) else {
                    return false;
                };
                let (dc, dr) = (s.to.col.abs_diff(s.from.col), s.to.row.abs_diff(s.from.row));
                !self.in_drop_phase()
                    && self.stones[self.ply as usize % 2].contains(from)
                    && self.empty().contains(to)
                    && dc <= 1
                    && dr <= 1
            }
        }
    }

    fn why_illegal(&self, mv: TeekoMove) -> Illegal {
        let off =
            |c: Cell| Illegal::new(IllegalReason::OffBoard, format!("{c} is off the 5×5 board"));
        let me = self.player_name(self.side_to_move());
        // In the drop phase the side to move has placed ply / 2 pieces.
        let placed = self.ply as usize / 2;
        if self.result != 0 {
            return Illegal::new(IllegalReason::Rule, "the game is over");
        }
        match mv {
            TeekoMove::Drop(c) => {
                let Some(i) = Self::index(c) else { return off(c) };
                if !self.in_drop_phase() {
                    return Illegal::new(
                        IllegalReason::Rule,
                        format!("all of {me}'s {PIECES} pieces are on the board: slide one to an adjacent empty cell (such as c3d4) instead of dropping on {c}"),
                    );
                }
                if !self.empty().contains(i) {
                    return Illegal::new(IllegalReason::Occupied, format!("{c} is already taken"));
                }
            }
            TeekoMove::Slide(s) => {
                let Some(from) = Self::index(s.from) else { return off(s.from) };
                let Some(to) = Self::index(s.to) else { return off(s.to) };
                if self.in_drop_phase() {
                    return Illegal::new(
                        IllegalReason::Rule,
                        format!("{s}: pieces move only once all are dropped, and {me} has placed {placed} of {PIECES}: drop a piece on an empty cell"),
                    );
                }
                let side = self.ply as usize % 2;
                if !self.stones[side].contains(from) {
                    let why = if self.stones[1 - side].contains(from) {
                        format!(
                            "{} holds a {} piece, and {me} is to move",
                            s.from,
                            self.player_name(self.side_to_move().other())
                        )
                    } else {
                        format!("there is no piece on {}", s.from)
                    };
                    return Illegal::new(IllegalReason::NotYourPiece, why);
                }
                if s.to.col.abs_diff(s.from.col) > 1
                    || s.to.row.abs_diff(s.from.row) > 1
                    || from == to
                {
                    return Illegal::new(
                        IllegalReason::Rule,
                        format!("{s}: a piece slides one cell, to a neighbour in one of the 8 directions"),
                    );
                }
                if !self.empty().contains(to) {
                    return Illegal::new(
                        IllegalReason::Occupied,
                        format!("{} is already taken", s.to),
                    );
                }
            }
        }
        Illegal::new(IllegalReason::Rule, "not a legal move in this position")
    }

    #[inline]
    fn play_unchecked(&mut self, mv: TeekoMove) {
        // Cells off the board (only an unchecked caller's mistake) change nothing
        // but the ply: an unspecified, memory-safe result.
        let side = self.ply as usize % 2;
        match mv {
            TeekoMove::Drop(c) => {
                if let Some(i) = Self::index(c) {
                    self.stones[side].insert(i);
                }
            }
            TeekoMove::Slide(s) => {
                if let (Some(from), Some(to)) = (Self::index(s.from), Self::index(s.to)) {
                    self.stones[side].remove(from);
                    self.stones[side].insert(to);
                }
            }
        }
        self.ply = self.ply.saturating_add(1);
        self.update_result();
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        Outcome::from_code(self.result)
    }

    fn position_hash(&self) -> u64 {
        hash_sets(&self.stones, self.ply as u64)
    }

    /// The pieces apart and on the board, each player with the pieces the
    /// drops so far gave (four each from ply 8), a result code of 0 to 3.
    fn check_invariants(&self) -> Result<(), String> {
        super::check_apart_on_board(&self.stones, GRID.mask())?;
        let ply = self.ply as usize;
        let want = [PIECES.min(ply.div_ceil(2)), PIECES.min(ply / 2)];
        let have = self.stones.map(|s| s.count() as usize);
        if have != want {
            return Err(format!(
                "ply {ply} with {} and {} pieces, expected {} and {}",
                have[0], have[1], want[0], want[1]
            ));
        }
        if self.result > 3 {
            return Err(format!("result code {}", self.result));
        }
        Ok(())
    }
}

impl Notation for Teeko {
    /// A drop's cell id (25 of them), then a slide's from-cell id with one of
    /// the eight steps ([`crate::action::step_id`]).
    fn num_actions(&self) -> usize {
        SIZE * SIZE * 9
    }

    fn action(&self, mv: TeekoMove) -> usize {
        match mv {
            TeekoMove::Drop(c) => crate::action::cell_id(c, SIZE),
            TeekoMove::Slide(s) => {
                let id = crate::action::step_id(s.from, s.to, SIZE, &crate::action::KING);
                id.saturating_add(SIZE * SIZE)
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<TeekoMove, ParseError> {
        let bad = || ParseError::Move {
            game: self.spec(),
            text: clip(text),
            expected: "a drop on a cell a1–e5 (c3) or a slide between two cells (c3d4)".into(),
        };
        let m: TeekoMove = text.parse().map_err(|_| bad())?;
        let on = |c: Cell| Self::index(c).is_some();
        match m {
            TeekoMove::Drop(c) if on(c) => Ok(m),
            TeekoMove::Slide(s) if on(s.from) && on(s.to) => Ok(m),
            _ => Err(bad()),
        }
    }

    /// Rows from the top separated by `/`, a space and the ply:
    /// `X..../...../...../...../..... 1`.
    fn position(&self) -> String {
        format!("{} {}", super::picture_rows(&self.picture()), self.ply)
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let err = |fault, why: String| ParseError::position(self.spec(), text, fault, why);
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.is_empty() || parts.len() > 2 {
            return Err(err(
                Syntax,
                "expected the rows from the top separated by '/' and optionally the ply, such as X..../...../...../...../.O... 2".into(),
            ));
        }
        let (x, o) = GRID
            .parse_picture2(&parts[0].replace('/', "\n"))
            .map_err(|e| err(Syntax, e.to_string()))?;
        let (nx, no) = (x.count() as usize, o.count() as usize);
        let ply = match parts.get(1) {
            None => nx + no,
            Some(p) => p.parse::<u16>().map_err(|_| {
                err(Syntax, format!("the ply '{}' is not a whole number 0–65535", clip(p)))
            })? as usize,
        };
        if ply > self.max_moves as usize {
            return Err(err(
                AfterEnd,
                format!("ply {ply} is past the move limit of {} (max_moves)", self.max_moves),
            ));
        }
        let (want_x, want_o) = (ply.div_ceil(2).min(PIECES), (ply / 2).min(PIECES));
        if (nx, no) != (want_x, want_o) {
            return Err(err(
                Counts,
                format!(
                    "X has {nx} pieces and O {no}; at ply {ply} X must have {want_x} and O {want_o}"
                ),
            ));
        }
        let mut g = *self;
        g.stones = [x, o];
        g.ply = ply as u16;
        let (wx, wo) =
            (g.winning_pattern(Player::First) != 0, g.winning_pattern(Player::Second) != 0);
        if wx && wo {
            return Err(err(AfterEnd, "both players make a winning pattern".into()));
        }
        let last = Player::at_ply(ply.wrapping_sub(1));
        if (wx && last != Player::First)
            || (wo && last != Player::Second)
            || (ply == 0 && (wx || wo))
        {
            return Err(err(
                AfterEnd,
                "the player with a winning pattern did not make the last move".into(),
            ));
        }
        g.update_result();
        Ok(g)
    }

    fn picture(&self) -> String {
        GRID.picture2(self.stones[0], self.stones[1])
    }
}

impl View for Teeko {
    fn board(&self) -> BoardView {
        let mut view = BoardView::from_grid(
            &GRID,
            BoardShape::Rectangle { width: SIZE, height: SIZE },
            self.stones,
        )
        .with_pieces([PieceLook::Black, PieceLook::Red]);
        // The winner's pattern: four in a row or a 2×2 square.
        if let Some(Outcome::WonBy(p)) = Rules::outcome(self) {
            let mine = self.stones[p.index()];
            let won =
                PATTERNS.iter().filter(|&&w| (w & mine) == w).fold(Bits::EMPTY, |a, &w| a | w);
            view.mark_grid_set(&GRID, won);
        }
        view
    }

    /// The cell of a drop; the from and to cells of a slide.
    fn move_cells(&self, mv: TeekoMove) -> Vec<usize> {
        let cell = |c: Cell| Self::index(c).map(|_| c.row as usize * SIZE + c.col as usize);
        match mv {
            TeekoMove::Drop(c) => cell(c).into_iter().collect(),
            TeekoMove::Slide(s) => [cell(s.from), cell(s.to)].into_iter().flatten().collect(),
        }
    }
}

impl Hints for Teeko {
    /// Of the 44 winning patterns, those the opponent has no piece in, each
    /// worth 1, 4, 16 for 1–3 of the player's pieces: the side to move's
    /// minus the opponent's.
    fn evaluate(&self) -> i32 {
        const WEIGHT: [i32; 5] = [0, 1, 4, 16, 64];
        let s = self.ply as usize % 2;
        let (me, them) = (self.stones[s], self.stones[1 - s]);
        let mut v = 0;
        for &p in PATTERNS.iter() {
            if (p & them).is_empty() {
                v += WEIGHT[(p & me).count() as usize];
            } else if (p & me).is_empty() {
                v -= WEIGHT[(p & them).count() as usize];
            }
        }
        v
    }
}

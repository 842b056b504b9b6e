//! The placement kit: what the stone-placing games with the pie rule share
//! (Hex, Havannah, Yavalath): a `Stones` board (a [`Grid`], one stone set a
//! player, the ply, the result and whether the pie rule is on), one move type
//! ([`PlaceMove`]: a stone on a cell, or `swap`), and on them move generation,
//! legality with its reasons, uniform random moves, action ids and the hash.
//! A game built on it keeps only its rules: when a stone wins (or loses), what
//! `swap` does to the first stone, its notation and its drawing; the
//! `stone_moves!` macro writes the `Game` methods that only delegate to the
//! board.
//!
//! The side to move is the ply's parity in every such game: `swap` hands the
//! first stone to the second player (Hex mirrors it, as swapping colours
//! there must) and the first player moves again.

use crate::bits::Bits;
use crate::board::{BoardCell, BoardShape, BoardView, HEX_ROW};
use crate::game::{
    clip, hash_sets, random_below, Game, Illegal, IllegalReason, NotationError, Outcome,
    ParseError, PositionFault,
};
use crate::grid::{Cell, Grid};
use crate::player::Player;
use rand::Rng;
use std::fmt;
use std::marker::PhantomData;
use std::ops::ControlFlow;

/// A move of a placement game: a stone on a cell, or the pie rule's swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlaceMove {
    /// A stone of the mover on this empty cell.
    Place(Cell),
    /// The second player's first move under the pie rule: the first stone
    /// becomes theirs.
    Swap,
}

impl fmt::Display for PlaceMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceMove::Place(c) => c.fmt(f),
            PlaceMove::Swap => f.write_str("swap"),
        }
    }
}

impl std::str::FromStr for PlaceMove {
    type Err = NotationError;
    /// Reads a cell name (`f6`, case-insensitive) or `swap`; whether the cell
    /// is on a board is the game's to check.
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(PlaceMove::Swap);
        }
        t.parse::<Cell>()
            .map(PlaceMove::Place)
            .map_err(|_| NotationError::new(s, "a cell such as f6, or swap"))
    }
}

/// A placement game's move type: [`Cell`] for a game without the pie rule,
/// [`PlaceMove`] for one with it.
pub trait StoneMove: Copy + Eq + fmt::Display + Send + Sync + 'static {
    /// The swap, where the move type has one.
    const SWAP: Option<Self>;
    /// A stone on `c`.
    fn place(c: Cell) -> Self;
    /// The cell of a placement; `None` for the swap.
    fn cell(self) -> Option<Cell>;
}

impl StoneMove for Cell {
    const SWAP: Option<Self> = None;
    #[inline(always)]
    fn place(c: Cell) -> Self {
        c
    }
    #[inline(always)]
    fn cell(self) -> Option<Cell> {
        Some(self)
    }
}

impl StoneMove for PlaceMove {
    const SWAP: Option<Self> = Some(PlaceMove::Swap);
    #[inline(always)]
    fn place(c: Cell) -> Self {
        PlaceMove::Place(c)
    }
    #[inline(always)]
    fn cell(self) -> Option<Cell> {
        match self {
            PlaceMove::Place(c) => Some(c),
            PlaceMove::Swap => None,
        }
    }
}

/// A placement position as read from text, before any rule has looked at it
/// (shakmaty's `Setup`): whose stones stand where and, where the text says so,
/// who is to move. [`Stones::from_setup`] validates it into a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoneSetup<const N: usize> {
    /// The first player's stones (`X`), then the second's (`O`).
    pub stones: [Bits<N>; 2],
    /// The side to move; `None` where the stone counts decide it.
    pub to_move: Option<Player>,
}

impl<const N: usize> StoneSetup<N> {
    /// Splits position text into its rows and its side to move (`x` or `o`,
    /// either case): `(rows, side)`. `example` is a position of the game,
    /// for the error.
    pub fn split_side(
        text: &str, example: impl FnOnce() -> String,
    ) -> Result<(&str, Player), StoneSetupError> {
        let mut parts = text.split_whitespace();
        let (Some(rows), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(StoneSetupError::Shape { example: example() });
        };
        match side {
            "x" | "X" => Ok((rows, Player::First)),
            "o" | "O" => Ok((rows, Player::Second)),
            s => Err(StoneSetupError::SideToMove(clip(s))),
        }
    }
}

/// The first player's letter in the placement games' texts, then the second's.
const LETTERS: [char; 2] = ['X', 'O'];

/// Why position text is no position of a placement game: the typed error of
/// [`Stones::from_setup`] and its readers (turned into
/// [`ParseError::Position`] at the game's edge by [`at`](Self::at)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoneSetupError {
    /// Not the rows and the side to move.
    #[error(
        "expected the rows from the top separated by '/', a space and the side to move (x or o), such as {example}"
    )]
    Shape {
        /// A position of the game in the right shape.
        example: String,
    },
    /// A side to move other than `x` or `o`.
    #[error("the side to move is '{0}', expected x or o")]
    SideToMove(String),
    /// Rows that do not draw the board (their count, a row's length, a
    /// character that is no stone).
    #[error("{0}")]
    Rows(String),
    /// Cells holding stones of both players.
    #[error("{cells} cell(s) hold stones of both players")]
    Overlap {
        /// How many.
        cells: usize,
    },
    /// Stones off the board.
    #[error("{cells} stone(s) off the board")]
    OffBoard {
        /// How many.
        cells: usize,
    },
    /// Stone counts that no game reaches.
    #[error("{}", counts_message(*.x, *.o, *.to_move, *.swap))]
    Counts {
        /// X's stones.
        x: usize,
        /// O's stones.
        o: usize,
        /// The side to move, where the text gave it.
        to_move: Option<Player>,
        /// Whether the game has the pie rule on.
        swap: bool,
    },
    /// Stone counts that only the pie rule's swap gives, in a game without it.
    #[error(
        "X has {x} stones and O {o} with {} to move, which only a swap gives, and the swap rule is off",
        LETTERS[to_move.index()]
    )]
    OnlyBySwap {
        /// X's stones.
        x: usize,
        /// O's stones.
        o: usize,
        /// The side to move.
        to_move: Player,
    },
    /// Both players hold a finished pattern.
    #[error("both players have {what}")]
    BothWon {
        /// The pattern, in words (`five in a row`).
        what: &'static str,
    },
    /// The side to move holds a pattern that ended the game when it was made.
    #[error(
        "{} has {what} but is to move: the game ended when it was made",
        LETTERS[player.index()]
    )]
    ToMoveAfterEnd {
        /// The player to move.
        player: Player,
        /// The pattern, in words.
        what: &'static str,
    },
}

/// [`StoneSetupError::Counts`] in words.
fn counts_message(x: usize, o: usize, to_move: Option<Player>, swap: bool) -> String {
    let Some(p) = to_move else {
        return format!(
            "X has {x} stones and O {o}; X moves first, so X must have as many as O or one more"
        );
    };
    let after_swap =
        if swap { ", or after a swap O one more (X to move) or as many (O to move)" } else { "" };
    format!(
        "X has {x} stones and O {o} with {} to move; X moves first, so X must have as many as O (X to move) or one more (O to move){after_swap}",
        LETTERS[p.index()]
    )
}

impl StoneSetupError {
    /// The error as the games report it: a [`ParseError::Position`] naming
    /// the game `spec` and the `text`.
    pub fn at(self, spec: &str, text: &str) -> ParseError {
        ParseError::position(spec, text, self.fault(), self.to_string())
    }

    /// The kind of fault, for callers to match.
    pub fn fault(&self) -> PositionFault {
        match self {
            StoneSetupError::Shape { .. } | StoneSetupError::Rows(_) => PositionFault::Syntax,
            StoneSetupError::SideToMove(_) => PositionFault::SideToMove,
            StoneSetupError::Overlap { .. } => PositionFault::Overlap,
            StoneSetupError::OffBoard { .. } => PositionFault::OffBoard,
            StoneSetupError::Counts { .. } | StoneSetupError::OnlyBySwap { .. } => {
                PositionFault::Counts
            }
            StoneSetupError::BothWon { .. } | StoneSetupError::ToMoveAfterEnd { .. } => {
                PositionFault::AfterEnd
            }
        }
    }
}

/// The board of a placement game with moves `M` stored in `N` 64-bit words a
/// player; `FLIP`: a cell name's row counts from the grid's top row
/// (Havannah's names) rather than being the grid's own row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stones<M, const N: usize, const FLIP: bool> {
    /// The board's cells.
    pub grid: Grid<N>,
    /// The first player's stones, then the second's.
    pub stones: [Bits<N>; 2],
    /// Plies played (a swap counts as one).
    pub ply: u16,
    /// 0: going on, 1: the first player won, 2: the second won, 3: a draw.
    pub result: u8,
    /// Whether the pie rule is on.
    pub swap: bool,
    /// The move type.
    pub moves: PhantomData<fn() -> M>,
}

impl<M: StoneMove, const N: usize, const FLIP: bool> Stones<M, N, FLIP> {
    /// The empty board on `grid`; `swap` turns the pie rule on.
    pub fn new(grid: Grid<N>, swap: bool) -> Self {
        Stones { grid, stones: [Bits::EMPTY; 2], ply: 0, result: 0, swap, moves: PhantomData }
    }

    /// The same board emptied: no stone, ply 0, the game going on.
    pub fn cleared(&self) -> Self {
        Stones::new(self.grid, self.swap)
    }

    /// The player to move: the ply's parity.
    #[inline]
    pub fn side_to_move(&self) -> Player {
        Player::at_ply(self.ply as usize)
    }

    /// The index of the player to move.
    #[inline]
    pub fn mover(&self) -> usize {
        self.ply as usize & 1
    }

    /// Empty cells.
    #[inline]
    pub fn empty(&self) -> Bits<N> {
        self.grid.complement(self.stones[0] | self.stones[1])
    }

    /// Whether `swap` is legal now: the pie rule is on and it is the second
    /// player's first move of a game going on.
    #[inline]
    pub fn can_swap(&self) -> bool {
        M::SWAP.is_some() && self.swap && self.ply == 1 && self.result == 0
    }

    /// The grid index of a named cell, if it is on the board.
    #[inline]
    pub fn index_of(&self, c: Cell) -> Option<usize> {
        if FLIP {
            let row = (self.grid.height() - 1).checked_sub(c.row as usize)?;
            self.grid.index_of(Cell { col: c.col, row: row as u16 })
        } else {
            self.grid.index_of(c)
        }
    }

    /// The named cell of a grid index on the board.
    #[inline]
    pub fn cell_of(&self, i: usize) -> Cell {
        let c = self.grid.cell_at_unchecked(i);
        if FLIP {
            Cell { col: c.col, row: (self.grid.height() - 1) as u16 - c.row }
        } else {
            c
        }
    }

    /// The empty cells in grid bit order, then `swap` where it is legal.
    ///
    /// Never inlined: a perft walk then recurses through this loop with the
    /// walk inlined into the callback, as it did through each game's own
    /// loop; inlined into the walk instead, tic-tac-toe's perft 7 took 7.5%
    /// more instructions (callgrind), the walk's recursion holding more live.
    /// In a portable build (no AVX2 at compile time) it is inlined into the
    /// walk's x86-64-v3 copy instead: kept apart, it is compiled without that
    /// copy's instructions and the walk's closure cannot be inlined into it.
    #[cfg_attr(v3_build, inline(never))]
    #[cfg_attr(not(v3_build), inline(always))]
    pub fn try_for_each_move<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(M) -> ControlFlow<()>,
    {
        if self.result != 0 {
            return ControlFlow::Continue(());
        }
        for i in self.empty() {
            f(M::place(self.cell_of(i)))?;
        }
        if let Some(swap) = M::SWAP {
            if self.can_swap() {
                f(swap)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The number of legal moves.
    #[inline(always)]
    pub fn count_moves(&self) -> usize {
        if self.result != 0 {
            0
        } else {
            self.empty().count() as usize + self.can_swap() as usize
        }
    }

    /// Whether `mv` is legal.
    #[inline]
    pub fn is_legal(&self, mv: M) -> bool {
        match mv.cell() {
            Some(c) => {
                self.result == 0 && self.index_of(c).is_some_and(|i| self.empty().contains(i))
            }
            None => self.can_swap(),
        }
    }

    /// Why `mv`, not legal in a game going on ([`Rules::check_move`](crate::game::Rules::check_move)
    /// names a finished game first), is refused in `game` (its spec and its
    /// players' names in the words); `off_board` words a cell off the board.
    pub fn why_illegal<G: Game>(
        &self, mv: M, game: &G, off_board: impl FnOnce(Cell) -> Illegal,
    ) -> Illegal {
        let spec = game.spec();
        let names = [Player::First, Player::Second].map(|p| game.player_name(p));
        match mv.cell() {
            Some(c) => match self.index_of(c) {
                None => off_board(c),
                Some(i) => {
                    let who = names[usize::from(!self.stones[0].contains(i))];
                    Illegal::new(IllegalReason::Occupied, format!("{c} is already taken by {who}"))
                }
            },
            None if !self.swap => Illegal::new(
                IllegalReason::Rule,
                format!("swap needs the pie rule, and {spec} is played without it (swap=true)"),
            ),
            None => Illegal::new(
                IllegalReason::Rule,
                format!(
                    "swap is only the second player's first move (ply 2), and this is ply {}",
                    self.ply + 1
                ),
            ),
        }
    }

    /// Places a stone of the player to move on grid index `i` and returns that
    /// player's index; the game judges the result.
    #[inline(always)]
    pub fn place(&mut self, i: usize) -> usize {
        let p = self.mover();
        self.stones[p].insert(i);
        self.ply += 1;
        p
    }

    /// Places a stone of the player to move on a named cell, unchecked, and
    /// returns the grid index and that player's index. A cell off the board
    /// (only an unchecked caller's mistake) is ignored (`None`) where the
    /// board flips its names; otherwise it lands on a separator or a cut-away
    /// cell, an unspecified but memory-safe result, or past the storage,
    /// where it is ignored.
    #[inline(always)]
    pub fn place_unchecked(&mut self, c: Cell) -> Option<(usize, usize)> {
        let i = if FLIP {
            self.index_of(c)?
        } else {
            let i = self.grid.index_unchecked(c);
            if i >= Bits::<N>::CAPACITY {
                return None;
            }
            i
        };
        Some((i, self.place(i)))
    }

    /// Whether every cell holds a stone.
    #[inline(always)]
    pub fn is_full(&self) -> bool {
        (self.stones[0] | self.stones[1]) == self.grid.mask()
    }

    /// The result after player `p` (an index) has placed a stone: a win where
    /// the game's test found one (`won`), else a draw on a full board.
    #[inline(always)]
    pub fn settle(&mut self, p: usize, won: bool) {
        self.result = if won {
            1 + p as u8
        } else if self.is_full() {
            3
        } else {
            0
        };
    }

    /// Uniform over the empty cells and `swap` when it is legal, without
    /// allocating.
    #[inline(always)]
    pub fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<M> {
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
            return M::SWAP;
        }
        empty.nth(pick as usize).map(|i| M::place(self.cell_of(i)))
    }

    /// Action ids: a cell's id on the grid's bounding rectangle
    /// ([`crate::action::cell_id`] of its name), then, for a move type with a
    /// swap, `swap` (an id even where the pie rule is off, so the ids of a
    /// board size are the same in both variants).
    pub fn num_actions(&self) -> usize {
        self.grid.width() * self.grid.height() + M::SWAP.is_some() as usize
    }

    /// The action id of a move ([`num_actions`](Self::num_actions)).
    pub fn action(&self, mv: M) -> usize {
        match mv.cell() {
            Some(c) => crate::action::cell_id(c, self.grid.width()),
            None => self.grid.width() * self.grid.height(),
        }
    }

    /// [`Notation::write_legal_actions`](crate::game::Notation::write_legal_actions): the mask as
    /// [`write_legal_mask`](Self::write_legal_mask) writes it, and the ids in
    /// id order (a cell's id is its name's `row · width + col`,
    /// [`action`](Self::action)), the swap's the last.
    pub fn write_legal_actions(&self, mask: &mut [bool], ids: &mut Vec<usize>) {
        ids.clear();
        self.write_legal_mask(mask);
        if self.result != 0 {
            return;
        }
        ids.reserve(self.num_actions());
        self.for_each_empty_run(|base, bits| {
            ids.extend(Bits::<1>::from_words([bits]).iter().map(|c| base + c));
        });
        if M::SWAP.is_some() && mask[self.num_actions() - 1] {
            ids.push(self.num_actions() - 1);
        }
    }

    /// [`Notation::write_legal_mask`](crate::game::Notation::write_legal_mask) from the empty cells, a grid row at a
    /// time, the rows end to end and eight cells a store (each byte of the
    /// empty bits looked up as eight `bool`s: the board module's `RunWriter`).
    #[inline]
    pub fn write_legal_mask(&self, mask: &mut [bool]) {
        if self.result != 0 {
            mask.fill(false);
            return;
        }
        let (w, h) = (self.grid.width(), self.grid.height());
        let (cells, rest) = mask.split_at_mut(w * h);
        let mut out = crate::board::RunWriter::new(cells, &crate::board::BYTE_BOOLS);
        if FLIP {
            self.for_each_empty_run(|base, bits| out.push(bits, (w - base % w).min(64)));
        } else {
            // Action ids in grid order: the rows as the grid holds them.
            let pext = crate::board::whole_rectangle_pext(&self.grid);
            crate::board::push_grid_rows(&mut out, &self.grid, self.empty(), pext);
        }
        out.finish();
        if M::SWAP.is_some() {
            rest[0] = self.can_swap();
        }
    }

    /// Calls `f(base, bits)` for each run of up to 64 cells of a grid row, in
    /// action-id order: `bits` the run's empty cells, bit `c` the cell with id
    /// `base + c` (a flipped board names its top grid row 1).
    #[inline]
    fn for_each_empty_run(&self, mut f: impl FnMut(usize, u64)) {
        let (w, h, stride) = (self.grid.width(), self.grid.height(), self.grid.stride());
        let empty = self.empty();
        for name_row in 0..h {
            let r = if FLIP { h - 1 - name_row } else { name_row };
            for c0 in (0..w).step_by(64) {
                f(name_row * w + c0, empty.run(r * stride + c0, (w - c0).min(64)));
            }
        }
    }

    /// [`View::move_index`](crate::game::View::move_index) without allocating: a placement's cell on the
    /// grid's bounding rectangle (`row · width + col`, its action id); `None`
    /// for the swap, which places no stone of its own.
    #[inline]
    pub fn move_index(&self, mv: M) -> Option<usize> {
        mv.cell().map(|c| c.row as usize * self.grid.width() + c.col as usize)
    }

    /// The legal move of an action id ([`Notation::action_move`](crate::game::Notation::action_move)) at once, rather
    /// than by listing the moves: the cell of the id if it is on the board and
    /// empty, the swap if it is the swap's id and legal now.
    pub fn action_move(&self, a: usize) -> Option<M> {
        let (w, h) = (self.grid.width(), self.grid.height());
        let mv = if a < w * h {
            M::place(Cell { col: (a % w) as u16, row: (a / w) as u16 })
        } else {
            M::SWAP?
        };
        self.is_legal(mv).then_some(mv)
    }

    /// A cell named as the grid names it (`a1` bottom-left), checked to be
    /// on the board; the error names the game `spec` and the board's cells.
    pub fn parse_cell(&self, spec: &str, text: &str) -> Result<Cell, ParseError> {
        self.read_on_board(spec, text, |&c| Some(c), || self.cells_expected())
    }

    /// The board's cells for a parse error: `a cell a1–c3`, the first and
    /// the last cell of the grid.
    pub fn cells_expected(&self) -> String {
        let last = self.grid.mask().last().and_then(|i| self.grid.cell_name(i)).unwrap_or_default();
        format!("a cell a1–{last}")
    }

    /// A move of the board's type (a cell as the grid names it, or `swap`
    /// where the type has one), its cell checked to be on the board; the
    /// error names the game `spec` and what was `expected` (the board's
    /// cells, in the game's words).
    pub fn parse_move(
        &self, spec: &str, text: &str, expected: impl Fn() -> String,
    ) -> Result<M, ParseError>
    where
        M: std::str::FromStr,
    {
        self.read_on_board(spec, text, |&m: &M| m.cell(), expected)
    }

    /// `text` read as a `T` whose cell (`cell`; none for a swap) is on the
    /// board.
    fn read_on_board<T: std::str::FromStr>(
        &self, spec: &str, text: &str, cell: impl Fn(&T) -> Option<Cell>,
        expected: impl Fn() -> String,
    ) -> Result<T, ParseError> {
        let bad =
            || ParseError::Move { game: spec.to_string(), text: clip(text), expected: expected() };
        let read: T = text.trim().parse().map_err(|_| bad())?;
        if let Some(c) = cell(&read) {
            self.index_of(c).ok_or_else(bad)?;
        }
        Ok(read)
    }

    /// The stones as the grid draws them: `X`, `O`, `.` by rows from the top.
    pub fn picture(&self) -> String {
        self.grid.picture2(self.stones[0], self.stones[1])
    }

    /// The position as text: the rows from the top, separated by `/`
    /// (`X.O/.X./..O`); the side to move follows from the counts.
    pub fn rows(&self) -> String {
        super::picture_rows(&self.picture())
    }

    /// The position as text with the side to move: [`rows`](Self::rows), a
    /// space, and `x` or `o` (`../.X./.. o`).
    pub fn rows_and_side(&self) -> String {
        format!("{} {}", self.rows(), if self.mover() == 0 { 'x' } else { 'o' })
    }

    /// Reads the stones of picture rows (`X`, `O`, `.`; the rows from the
    /// top separated by `/`, as [`rows`](Self::rows) writes them) on this
    /// board's grid.
    pub fn read_picture(&self, rows: &str) -> Result<[Bits<N>; 2], StoneSetupError> {
        let picture = rows.trim().to_ascii_uppercase().replace('/', "\n");
        let (x, o) =
            self.grid.parse_picture2(&picture).map_err(|e| StoneSetupError::Rows(e.to_string()))?;
        Ok([x, o])
    }

    /// The cells of rows of cells from the top, grid row `r` (0 at the top)
    /// holding columns `0..len(r)` (Hex's rhombus, Y's triangle), in reading
    /// order: `(col, row, grid index)`.
    fn row_cells<'a>(
        &'a self, len: impl Fn(usize) -> usize + 'a,
    ) -> impl Iterator<Item = (usize, usize, usize)> + 'a {
        (0..self.grid.height()).flat_map(move |r| {
            let n = len(r);
            (0..n)
                .map(move |c| (c, r, self.grid.cell(c, r).expect("a row holds its length's cells")))
        })
    }

    /// `x`, `o` or `.` for grid index `i`.
    fn cell_char(&self, i: usize) -> char {
        match self.owner(i) {
            Some(Player::First) => 'x',
            Some(Player::Second) => 'o',
            None => '.',
        }
    }

    /// Rows of cells ([`read_cell_rows`](Self::read_cell_rows)'s rows) as
    /// text: `x`, `o`, `.`, the rows from the top separated by `/`, then a
    /// space and the side to move (`x../o./. x`).
    pub fn cell_rows_and_side(&self, len: impl Fn(usize) -> usize) -> String {
        let mut s = String::new();
        for (c, r, i) in self.row_cells(len) {
            if c == 0 && r > 0 {
                s.push('/');
            }
            s.push(self.cell_char(i));
        }
        s.push(' ');
        s.push(if self.mover() == 0 { 'x' } else { 'o' });
        s
    }

    /// Rows of cells drawn as the hex grid lays them: the top row first,
    /// each lower row indented one more space (half a cell), `X`, `O`, `.`.
    pub fn cell_rows_picture(&self, len: impl Fn(usize) -> usize) -> String {
        let mut s = String::new();
        let len = &len;
        for (c, r, i) in self.row_cells(len) {
            if c == 0 {
                s.extend(std::iter::repeat_n(' ', r));
            } else {
                s.push(' ');
            }
            s.push(self.cell_char(i).to_ascii_uppercase());
            if c + 1 == len(r) {
                s.push('\n');
            }
        }
        s
    }

    /// [`View::board`](crate::game::View::board) of rows of cells: row by row from the top (`a1`,
    /// `b1`, …, the number the row from the top), each lower row half a cell
    /// to the right.
    pub fn cell_rows_view(&self, shape: BoardShape, len: impl Fn(usize) -> usize) -> BoardView {
        let cells = self
            .row_cells(len)
            .map(|(c, r, i)| BoardCell {
                name: format!("{}{}", crate::grid::column_name(c), r + 1),
                col: c,
                row: r,
                x: c as f64 + 0.5 * r as f64,
                y: r as f64 * HEX_ROW,
                owner: self.owner(i),
            })
            .collect();
        BoardView::new(shape, cells)
    }

    /// The cells of `set` in [`cell_rows_view`](Self::cell_rows_view)'s
    /// order (a winner's chain to mark).
    pub fn cell_rows_marks(&self, len: impl Fn(usize) -> usize, set: Bits<N>) -> Vec<usize> {
        let cells = self.row_cells(len).map(|(_, _, i)| i);
        cells.enumerate().filter(|&(_, i)| set.contains(i)).map(|(k, _)| k).collect()
    }

    /// Reads the stones of rows of cells (`x`, `o`, `.`, either case; the
    /// rows from the top separated by `/`), row `r` (0 at the top) `len(r)`
    /// cells long, named by the grid's columns (Hex's rhombus, Y's triangle).
    pub fn read_cell_rows(
        &self, rows: &str, len: impl Fn(usize) -> usize,
    ) -> Result<[Bits<N>; 2], StoneSetupError> {
        let mut stones = [Bits::EMPTY; 2];
        super::read_stone_rows(
            rows,
            self.grid.height(),
            len,
            crate::grid::column_name,
            |c, r, p| {
                stones[p].insert(self.grid.cell(c, r).expect("a row holds its length's cells"))
            },
        )
        .map_err(StoneSetupError::Rows)?;
        Ok(stones)
    }

    /// Reads position text that ends in the side to move (`ROWS x`): the
    /// rows by `stones_of` ([`read_picture`](Self::read_picture),
    /// [`read_cell_rows`](Self::read_cell_rows)), the whole validated by
    /// [`from_setup`](Self::from_setup). Returns the board and the side to
    /// move; `example` is a position of the game, for the error.
    pub fn read_with_side(
        &self, text: &str, example: impl FnOnce() -> String,
        stones_of: impl FnOnce(&str) -> Result<[Bits<N>; 2], StoneSetupError>,
    ) -> Result<(Self, Player), StoneSetupError> {
        let (rows, to_move) = StoneSetup::<N>::split_side(text, example)?;
        let stones = stones_of(rows)?;
        Ok((self.from_setup(StoneSetup { stones, to_move: Some(to_move) })?, to_move))
    }

    /// The shared validator of the placement games (shakmaty's `FromSetup`):
    /// `setup` on this board's grid and rules, as a board whose ply follows
    /// from the stone counts. X moves first, so without a swap X has as many
    /// stones as O (X to move) or one more (O to move); after the pie rule's
    /// swap, which adds a ply and no stone, O has one more (X to move) or as
    /// many (O to move). The result is left 0 for the game to judge.
    pub fn from_setup(&self, setup: StoneSetup<N>) -> Result<Self, StoneSetupError> {
        let [x, o] = setup.stones;
        let both = x & o;
        if both.any() {
            return Err(StoneSetupError::Overlap { cells: both.count() as usize });
        }
        let off = (x | o) - self.grid.mask();
        if off.any() {
            return Err(StoneSetupError::OffBoard { cells: off.count() as usize });
        }
        let (nx, no) = (x.count() as usize, o.count() as usize);
        let plain = match setup.to_move {
            None => nx == no || nx == no + 1,
            Some(Player::First) => nx == no,
            Some(Player::Second) => nx == no + 1,
        };
        let swapped = !plain
            && match setup.to_move {
                Some(Player::First) => no == nx + 1,
                Some(Player::Second) => nx == no && nx > 0,
                None => false,
            };
        let swap_rule = self.swap && M::SWAP.is_some();
        if !plain && !swapped {
            return Err(StoneSetupError::Counts {
                x: nx,
                o: no,
                to_move: setup.to_move,
                swap: swap_rule,
            });
        }
        if swapped && !swap_rule {
            // `swapped` needs a side to move.
            let to_move = setup.to_move.unwrap_or(Player::First);
            return Err(StoneSetupError::OnlyBySwap { x: nx, o: no, to_move });
        }
        let mut board = self.cleared();
        board.stones = setup.stones;
        board.ply = (nx + no + swapped as usize) as u16;
        Ok(board)
    }

    /// Reads [`rows`](Self::rows) into this board (its grid and rules kept),
    /// the side to move left to the counts ([`from_setup`](Self::from_setup));
    /// the result is left 0 for the game to judge. An error names the game
    /// `spec`, the text and what is wrong.
    pub fn read_rows(&self, spec: &str, text: &str) -> Result<Self, ParseError> {
        let read =
            || self.from_setup(StoneSetup { stones: self.read_picture(text)?, to_move: None });
        read().map_err(|e| e.at(spec, text))
    }

    /// [`read_rows`](Self::read_rows) in a game won by making a pattern
    /// (`what`: `a line`, `five in a row`) that `wins` finds in a player's
    /// stones: the position checked by [`check_winner`](Self::check_winner)
    /// and judged as [`settle`](Self::settle) judges the last move.
    pub fn read_rows_won(
        &self, spec: &str, text: &str, what: &'static str, wins: impl Fn(Bits<N>) -> bool,
    ) -> Result<Self, ParseError> {
        let mut board = self.read_rows(spec, text)?;
        let won = board.stones.map(wins);
        board.check_winner(spec, text, won, what)?;
        let last = 1 - board.mover();
        board.settle(last, won[last]);
        Ok(board)
    }

    /// [`read_with_side`](Self::read_with_side) of the picture rows that
    /// [`rows_and_side`](Self::rows_and_side) writes
    /// ([`read_picture`](Self::read_picture)), the empty board's text the
    /// example of the error.
    pub fn read_picture_with_side(&self, text: &str) -> Result<(Self, Player), StoneSetupError> {
        let example = || self.cleared().rows_and_side();
        self.read_with_side(text, example, |rows| self.read_picture(rows))
    }

    /// The check of a position read from a setup in a game won by making a
    /// pattern (`what`: `a line`, `five in a row`): `wins` says whose stones
    /// hold one; only the player who moved last may, and not both. Returns
    /// the winner, if any.
    pub fn winner(
        &self, wins: [bool; 2], what: &'static str,
    ) -> Result<Option<Player>, StoneSetupError> {
        if wins[0] && wins[1] {
            return Err(StoneSetupError::BothWon { what });
        }
        let mover = self.mover();
        if wins[mover] {
            return Err(StoneSetupError::ToMoveAfterEnd { player: self.side_to_move(), what });
        }
        Ok(wins[1 - mover].then(|| self.side_to_move().other()))
    }

    /// [`winner`](Self::winner) for a position read with
    /// [`read_rows`](Self::read_rows), its error naming the game `spec` and
    /// the `text`.
    pub fn check_winner(
        &self, spec: &str, text: &str, wins: [bool; 2], what: &'static str,
    ) -> Result<(), ParseError> {
        self.winner(wins, what).map(|_| ()).map_err(|e| e.at(spec, text))
    }

    /// Whose stone stands on grid index `i`.
    #[inline]
    pub fn owner(&self, i: usize) -> Option<Player> {
        crate::board::owner_of(&self.stones, i)
    }

    /// The pie rule's swap where the first stone stays on its cell and
    /// becomes the second player's (Havannah, Yavalath): a ply, no stone.
    #[inline(always)]
    pub fn take_over_first_stone(&mut self) {
        self.stones[1] |= self.stones[0];
        self.stones[0] = Bits::EMPTY;
        self.ply += 1;
    }

    /// Open lines of `k` for the side to move minus the opponent's
    /// ([`heuristics::open_lines`](crate::games::heuristics::open_lines)).
    pub fn open_lines_margin(&self, k: usize) -> i32 {
        let me = self.mover();
        let (a, b) = (self.stones[me], self.stones[1 - me]);
        super::heuristics::open_lines(&self.grid, a, b, k)
            - super::heuristics::open_lines(&self.grid, b, a, k)
    }

    /// [`View::board`](crate::game::View::board) of a rectangular board with the winner's lines of `k`
    /// marked ([`BoardView::mark_lines`]; `exact`: lines of exactly `k`).
    pub fn line_view(&self, k: usize, exact: bool) -> BoardView {
        let mut view = BoardView::grid_rectangle(&self.grid, self.stones);
        if let Some(Outcome::WonBy(p)) = self.outcome() {
            view.mark_lines(p, k, exact);
        }
        view
    }

    /// The index of grid bit `i` among the board's cells: its place in
    /// [`BoardView::from_grid`]'s view, cells in bit order.
    pub fn view_index(&self, i: usize) -> usize {
        (self.grid.mask() & Bits::low(i)).count() as usize
    }

    /// [`View::move_cells`](crate::game::View::move_cells) in [`BoardView::from_grid`]'s view: a
    /// placement's own cell; for the swap that takes over the first stone
    /// ([`take_over_first_stone`](Self::take_over_first_stone)), that stone's
    /// cell while it may be played.
    pub fn from_grid_move_cells(&self, mv: M) -> Vec<usize> {
        match mv.cell() {
            Some(c) => self.index_of(c).map(|i| self.view_index(i)).into_iter().collect(),
            None => match (self.stones[0].count(), self.stones[0].first()) {
                (1, Some(i)) if self.ply == 1 => vec![self.view_index(i)],
                _ => Vec::new(),
            },
        }
    }

    /// [`View::observation_shape`](crate::game::View::observation_shape): three planes over the grid's rows and
    /// columns.
    pub fn observation_shape(&self) -> [usize; 3] {
        [3, self.grid.height(), self.grid.width()]
    }

    /// [`View::observe`](crate::game::View::observe) from the stones: the side to move's, the opponent's,
    /// and ones when the first player is to move, each at its grid `(row,
    /// col)` (the rows and columns of the games' board views).
    pub fn observe(&self, out: &mut [f32]) {
        let me = self.mover();
        crate::board::write_grid_planes(
            out,
            &self.grid,
            [self.stones[me], self.stones[1 - me]],
            me == 0,
        );
    }

    /// The cells a move touches in a view of the grid's bounding rectangle
    /// (`row · width + col`, as [`BoardView::from_grid`](crate::board::BoardView::from_grid)
    /// numbers a rectangle): its own, none for a swap or a cell off the board.
    pub fn move_cells(&self, mv: M) -> Vec<usize> {
        match mv.cell() {
            Some(c) if self.index_of(c).is_some() => {
                vec![c.row as usize * self.grid.width() + c.col as usize]
            }
            _ => Vec::new(),
        }
    }

    /// The board's consistency ([`Rules::check_invariants`](crate::game::Rules::check_invariants)): the two stone
    /// sets apart and on the board, one stone a ply (one ply more after a
    /// swap, which moves no stone), a result code of 0 to 3.
    pub fn check(&self) -> Result<(), String> {
        super::check_apart_on_board(&self.stones, self.grid.mask())?;
        let [x, o] = self.stones;
        let stones = (x | o).count() as usize;
        let ply = self.ply as usize;
        let swapped = self.swap && ply >= 2 && ply == stones + 1;
        if ply != stones && !swapped {
            return Err(format!("ply {ply} with {stones} stone(s) on the board"));
        }
        if self.result > 3 {
            return Err(format!("result code {}", self.result));
        }
        Ok(())
    }

    /// The outcome, once the game is over.
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        Outcome::from_code(self.result)
    }

    /// The position's hash: both stone sets and the side to move.
    pub fn hash(&self) -> u64 {
        hash_sets(&self.stones, self.ply as u64 & 1)
    }
}

/// A placement game on a [`Stones`] board: the game names its board
/// ([`stone_board`](Self::stone_board)) and, where its board is no
/// rectangle, how its cells are worded ([`off_board`](Self::off_board),
/// [`expected_move`](Self::expected_move)); it gets the accessors every such
/// game offers (`use bitgames::prelude::*` brings them into scope), and
/// [`stone_moves!`](crate::stone_moves) writes its `Rules::why_illegal` and
/// `Notation::parse_move` from these.
pub trait StoneGame<M: StoneMove, const N: usize, const FLIP: bool> {
    /// The game's board.
    fn stone_board(&self) -> &Stones<M, N, FLIP>;

    /// The refusal of a cell off the board; by default, off the
    /// `width × height` rectangle.
    fn off_board(&self, c: Cell) -> Illegal {
        let grid = &self.stone_board().grid;
        let (w, h) = (grid.width(), grid.height());
        Illegal::new(IllegalReason::OffBoard, format!("{c} is off the {w}×{h} board"))
    }

    /// What a move is, for a parse error naming the board's cells; by
    /// default `a cell a1–c3` (the first and last cells of the grid).
    fn expected_move(&self) -> String {
        self.stone_board().cells_expected()
    }

    /// The board geometry.
    #[inline]
    fn grid(&self) -> &Grid<N> {
        &self.stone_board().grid
    }

    /// Stones of player `p`.
    #[inline]
    fn stones(&self, p: Player) -> Bits<N> {
        self.stone_board().stones[p.index()]
    }

    /// Empty cells.
    #[inline]
    fn empty(&self) -> Bits<N> {
        self.stone_board().empty()
    }

    /// Whether the pie rule is on.
    #[inline]
    fn swap_rule(&self) -> bool {
        self.stone_board().swap
    }
}

/// The methods of a game with moves `$move` on a [`Stones`] board field
/// named `$board` that only delegate to it, written into each of the game's
/// trait impls by the trait's name: `stone_moves!(rules: board, Cell)` in
/// `impl Rules` (the move type, side to move, ply, move generation,
/// legality and why a move is illegal, outcome, hash, the board's
/// consistency check), `notation:` (reading a move, action ids), `view:`
/// (the observation planes), `hints:` (random moves). The game implements
/// [`StoneGame`] for the words of `why_illegal` and `parse_move`.
///
/// After a `;`, the optional methods the game also takes from the board as
/// they are: `picture` (in `notation:`), `move_index` and `move_cells` (in
/// `view:`), as in `stone_moves!(view: board, Cell; move_index, move_cells)`.
#[macro_export]
macro_rules! stone_moves {
    (rules: $board:ident, $move:ty) => {
        type Move = $move;

        #[inline]
        fn side_to_move(&self) -> $crate::game::Player {
            self.$board.side_to_move()
        }

        #[inline]
        fn ply(&self) -> usize {
            self.$board.ply as usize
        }

        #[inline(always)]
        fn try_for_each_move<F>(&self, f: F) -> ::std::ops::ControlFlow<()>
        where
            F: FnMut($move) -> ::std::ops::ControlFlow<()>,
        {
            self.$board.try_for_each_move(f)
        }

        #[inline(always)]
        fn count_moves(&self) -> usize {
            self.$board.count_moves()
        }

        #[inline]
        fn is_legal(&self, mv: $move) -> bool {
            self.$board.is_legal(mv)
        }

        #[inline]
        fn outcome(&self) -> Option<$crate::game::Outcome> {
            self.$board.outcome()
        }

        fn position_hash(&self) -> u64 {
            self.$board.hash()
        }

        fn check_invariants(&self) -> Result<(), String> {
            self.$board.check()
        }

        fn why_illegal(&self, mv: $move) -> $crate::game::Illegal {
            let off = |c| $crate::games::stones::StoneGame::off_board(self, c);
            self.$board.why_illegal(mv, self, off)
        }
    };
    (notation: $board:ident, $move:ty $(; $($also:ident),+)?) => {
        $($($crate::stone_moves!(@also $also: $board, $move);)+)?

        fn parse_move(&self, text: &str) -> Result<$move, $crate::game::ParseError> {
            let expected = || $crate::games::stones::StoneGame::expected_move(self);
            self.$board.parse_move(&$crate::game::Rules::spec(self), text, expected)
        }

        fn num_actions(&self) -> usize {
            self.$board.num_actions()
        }

        fn action(&self, mv: $move) -> usize {
            self.$board.action(mv)
        }

        fn action_move(&self, a: usize) -> Option<$move> {
            self.$board.action_move(a)
        }

        fn write_legal_actions(&self, mask: &mut [bool], ids: &mut Vec<usize>) {
            self.$board.write_legal_actions(mask, ids)
        }

        fn write_legal_mask(&self, mask: &mut [bool]) {
            self.$board.write_legal_mask(mask)
        }
    };
    (view: $board:ident, $move:ty $(; $($also:ident),+)?) => {
        $($($crate::stone_moves!(@also $also: $board, $move);)+)?

        fn observation_shape(&self) -> [usize; 3] {
            self.$board.observation_shape()
        }

        fn observe(&self, out: &mut [f32]) {
            self.$board.observe(out)
        }
    };
    (hints: $board:ident, $move:ty) => {
        #[inline(always)]
        fn random_move<R: $crate::rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<$move> {
            self.$board.random_move(rng)
        }
    };
    (@also picture: $board:ident, $move:ty) => {
        fn picture(&self) -> String {
            self.$board.picture()
        }
    };
    (@also move_index: $board:ident, $move:ty) => {
        #[inline]
        fn move_index(&self, mv: $move) -> Option<usize> {
            self.$board.move_index(mv)
        }
    };
    (@also move_cells: $board:ident, $move:ty) => {
        fn move_cells(&self, mv: $move) -> Vec<usize> {
            self.$board.move_cells(mv)
        }
    };
}

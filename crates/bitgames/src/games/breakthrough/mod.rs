//! Breakthrough (Dan Troyka, 2000) on a `width × height` board, 8×8 by default:
//! `breakthrough(width=8,height=8)`.
//!
//! **Rules.** Black (the first player, `b`) starts on rows 1–2 and moves up;
//! White (`w`) starts on the top two rows and moves down. On boards of fewer
//! than six rows each side has one row only (rows 1 and `height`), as in
//! OpenSpiel. A pawn steps one row forward, straight or diagonally, onto an
//! empty cell, or captures an enemy pawn diagonally forward (never straight
//! ahead). Reaching the far row wins, and so does capturing every enemy pawn;
//! a side to move with no legal move (pawns all blocked) loses.
//!
//! **Moves** are written from-cell then to-cell in the grid's names (`a1`
//! bottom-left): `a2a3`, `c5d6`; a capture is written the same way.
//!
//! **Positions** are the rows from the top, separated by `/`, each cell `b`,
//! `w` or `.`, then a space and the side to move (`b` or `w`); the start of
//! the 8×8 game is
//! `wwwwwwww/wwwwwwww/......../......../......../......../bbbbbbbb/bbbbbbbb b`.
//! The picture ([`Notation::picture`]) draws Black as `X` and White as `O`.
//!
//! **Move generation** is Browne's pawn-like moves (§5, Alg. 5,
//! [`ops::pawnlike_moves`]) taken one direction at a time on a square
//! (8-connected) [`Grid`]: the straight step onto empty cells, each diagonal
//! step onto cells not the mover's own. Each direction's destination set
//! gives its moves (the from-cell is one step back), so moves are listed,
//! counted (popcounts) and drawn at random without allocating.

mod packed;
pub mod table;

use super::step_move::random_step;
use crate::game::PositionFault::{AfterEnd, Counts, SideToMove, Syntax};
use crate::game::{clip, hash_sets, nth_across, random_below};
use crate::games::prelude::*;
use crate::search::playout::PlayoutStats;
use rand::Rng;
use std::hash::{Hash, Hasher};

/// The parameters of `breakthrough(width=…,height=…)`.
static PARAMS: &[ParamInfo] = &[
    ParamInfo::width(8, 1, 64),
    ParamInfo::height(8, 3, 64).described("number of rows (two home rows each from 6 rows up)"),
];

/// The registry's entry: `breakthrough`, stored in the fewest words that hold
/// the board.
pub static INFO: GameInfo = GameInfo::new(
    "breakthrough",
    "Breakthrough: pawns race to the far row, capturing diagonally",
    PARAMS,
    |p| crate::in_words!(board GridKind::Square8, p, |N, w, h| Breakthrough::<N>::new(w, h)),
)
.tablebase(&table::TABLEBASE)
.core_bench((4, 3), (200_000, 20_000));

/// A Breakthrough move: a pawn from one cell to the next row's cell, written
/// `a2a3` (a capture the same way).
pub type PawnMove = super::step_move::StepMove;

/// A pawn's steps as `(columns, rows)`: the three up (White's), the three down.
const PAWN_STEPS: [(i32, i32); 6] = [(-1, 1), (0, 1), (1, 1), (-1, -1), (0, -1), (1, -1)];

/// The forward directions of each player: straight, then the two diagonals.
const FORWARD: [[Dir; 3]; 2] = [[Dir::N, Dir::NW, Dir::NE], [Dir::S, Dir::SW, Dir::SE]];

/// A Breakthrough position stored in `N` 64-bit words per player.
#[derive(Clone, Copy)]
pub struct Breakthrough<const N: usize> {
    grid: Grid<N>,
    pawns: [Bits<N>; 2],
    side: Player,
    /// Plies since the start (for a parsed position: 0 if it is the start,
    /// else the fewest that give its side to move, 1 or 2).
    ply: u16,
    /// 0: going on, 1: Black won, 2: White won.
    result: u8,
}

impl Breakthrough<2> {
    /// The standard 8×8 game (71 bits with the row separators: two words).
    pub fn standard() -> Self {
        Self::new(8, 8).expect("8×8 fits two words")
    }
}

impl<const N: usize> Breakthrough<N> {
    /// The start of the `width × height` game (at least 3 rows).
    pub fn new(width: usize, height: usize) -> Result<Self, SetupError> {
        if height < 3 {
            return Err(SetupError::OutOfRange {
                param: "height",
                value: height as i64,
                min: 3,
                max: 64,
                note: " (a row for each side and one between)",
            });
        }
        let grid = Grid::new(GridKind::Square8, width, height)?;
        let home = if height >= 6 { 2 } else { 1 };
        let (mut black, mut white) = (Bits::EMPTY, Bits::EMPTY);
        for r in 0..home {
            black |= grid.row(r);
            white |= grid.row(height - 1 - r);
        }
        Ok(Breakthrough { grid, pawns: [black, white], side: Player::First, ply: 0, result: 0 })
    }

    /// The board geometry.
    pub fn grid(&self) -> &Grid<N> {
        &self.grid
    }

    /// Pawns of player `p`.
    pub fn pawns(&self, p: Player) -> Bits<N> {
        self.pawns[p.index()]
    }

    /// The destinations of the side to move's steps in its `k`-th forward
    /// direction (0 straight, 1 and 2 the diagonals): Alg. 5 for that one
    /// direction, with captures only on the diagonals.
    #[inline(always)]
    fn dests(&self, k: usize) -> Bits<N> {
        let s = self.side.index();
        let (me, them) = (self.pawns[s], self.pawns[1 - s]);
        let d = FORWARD[s][k];
        if k == 0 {
            ops::pawnlike_moves(&self.grid, me, them, &[d], &[])
        } else {
            ops::pawnlike_moves(&self.grid, me, them, &[d], &[d])
        }
    }

    /// The move that lands on bit `to` by a step in direction `k`.
    #[inline(always)]
    fn move_to(&self, to: usize, k: usize) -> PawnMove {
        let d = FORWARD[self.side.index()][k];
        let from = (to as isize - self.grid.offset(d)) as usize;
        PawnMove { from: self.grid.cell_at_unchecked(from), to: self.grid.cell_at_unchecked(to) }
    }

    /// Whether `p`'s pawns stand on the row it wins on.
    #[inline]
    fn on_goal(&self, p: Player) -> bool {
        let row = match p {
            Player::First => self.grid.height() - 1,
            Player::Second => 0,
        };
        (self.pawns[p.index()] & self.grid.row(row)).any()
    }

    /// Whether the side to move has any move.
    #[inline]
    fn has_move(&self) -> bool {
        self.dests(0).any() || self.dests(1).any() || self.dests(2).any()
    }

    /// The result once `self.side` is to move and the other side moved last.
    #[inline(always)]
    fn update_result(&mut self) {
        let last = self.side.other();
        self.result =
            if self.on_goal(last) || self.pawns[self.side.index()].is_empty() || !self.has_move() {
                1 + last.index() as u8
            } else {
                0
            };
    }

    /// Player from a side letter.
    fn letter(p: Player) -> char {
        match p {
            Player::First => 'b',
            Player::Second => 'w',
        }
    }
}

impl<const N: usize> PartialEq for Breakthrough<N> {
    /// Same board, pawns and side to move (the ply count is not part of a
    /// position).
    fn eq(&self, o: &Self) -> bool {
        self.grid == o.grid && self.pawns == o.pawns && self.side == o.side
    }
}
impl<const N: usize> Eq for Breakthrough<N> {}

impl<const N: usize> Hash for Breakthrough<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.grid.hash(state);
        self.pawns.hash(state);
        self.side.hash(state);
    }
}

crate::debug_by_notation!(N => Breakthrough<N>);

impl<const N: usize> Rules for Breakthrough<N> {
    type Move = PawnMove;
    const NAME: &'static str = INFO.name;
    const PLAYERS: [&'static str; 2] = ["Black", "White"];

    fn spec(&self) -> String {
        format!("breakthrough(width={},height={})", self.grid.width(), self.grid.height())
    }

    crate::turn_fields!(ply: ply, side: side);

    /// Straight steps, then the left diagonal, then the right (as the mover
    /// faces the board from White's side: west, then east), each in bit order
    /// of the destination.
    #[inline]
    fn try_for_each_move<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(PawnMove) -> ControlFlow<()>,
    {
        if self.result != 0 {
            return ControlFlow::Continue(());
        }
        for k in 0..3 {
            for to in self.dests(k) {
                f(self.move_to(to, k))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Inlined always in a portable build, so the perft walk's x86-64-v3
    /// copy counts with its own `popcnt` (a call there counted in software);
    /// left to the compiler in an x86-64-v3 build, where forcing it cost
    /// perft 5% more instructions (callgrind).
    #[cfg_attr(v3_build, inline)]
    #[cfg_attr(not(v3_build), inline(always))]
    fn count_moves(&self) -> usize {
        if self.result != 0 {
            return 0;
        }
        (self.dests(0).count() + self.dests(1).count() + self.dests(2).count()) as usize
    }

    #[inline]
    fn is_legal(&self, mv: PawnMove) -> bool {
        if self.result != 0 {
            return false;
        }
        let Some((from, to)) = mv.bits(&self.grid) else {
            return false;
        };
        if !self.pawns[self.side.index()].contains(from) {
            return false;
        }
        (0..3).any(|k| {
            to as isize - from as isize == self.grid.offset(FORWARD[self.side.index()][k])
                && self.dests(k).contains(to)
        })
    }

    fn why_illegal(&self, mv: PawnMove) -> Illegal {
        let h = self.grid.height();
        let me = self.player_name(self.side);
        let Some((from, to)) = mv.bits(&self.grid) else {
            return mv.off_board(&self.grid);
        };
        if self.result != 0 {
            return Illegal::new(IllegalReason::Rule, "the game is over");
        }
        let s = self.side.index();
        if !self.pawns[s].contains(from) {
            let why = if self.pawns[1 - s].contains(from) {
                format!(
                    "{} holds a {} pawn, and {me} is to move",
                    mv.from,
                    self.player_name(self.side.other())
                )
            } else {
                format!("there is no pawn on {}", mv.from)
            };
            return Illegal::new(IllegalReason::NotYourPiece, why);
        }
        let forward: i32 = if s == 0 { 1 } else { -1 };
        let dy = mv.to.row as i32 - mv.from.row as i32;
        let dx = mv.to.col as i32 - mv.from.col as i32;
        if dy * forward <= 0 {
            let towards = if s == 0 { format!("row {h}") } else { "row 1".to_string() };
            return Illegal::new(
                IllegalReason::Rule,
                format!("{mv}: {me}'s pawns only move forward (towards {towards}), never back or sideways"),
            );
        }
        if dy.abs() != 1 || dx.abs() > 1 {
            return Illegal::new(
                IllegalReason::Rule,
                format!("{mv}: a pawn steps one cell forward, straight or diagonally"),
            );
        }
        if self.pawns[s].contains(to) {
            return Illegal::new(
                IllegalReason::Occupied,
                format!("{} holds one of {me}'s own pawns", mv.to),
            );
        }
        if dx == 0 && self.pawns[1 - s].contains(to) {
            return Illegal::new(
                IllegalReason::Rule,
                format!("{mv}: a pawn cannot capture straight ahead, only diagonally"),
            );
        }
        Illegal::new(IllegalReason::Rule, format!("{mv} is not a legal move here"))
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: PawnMove) {
        if mv.play_on(&self.grid, &mut self.pawns, self.side.index()) {
            self.side = self.side.other();
            self.ply += 1;
            self.update_result();
        }
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        Outcome::from_code(self.result)
    }

    fn position_hash(&self) -> u64 {
        hash_sets(&self.pawns, self.side.index() as u64)
    }

    /// The pawns apart and on the board, the side to move the one the ply's
    /// parity gives, a result code of 0 to 2.
    fn check_invariants(&self) -> Result<(), String> {
        super::check_apart_on_board(&self.pawns, self.grid.mask())?;
        if self.side != Player::at_ply(self.ply as usize) {
            return Err(format!("{:?} to move at ply {}", self.side, self.ply));
        }
        if self.result > 2 {
            return Err(format!("result code {}", self.result));
        }
        Ok(())
    }
}

impl<const N: usize> Notation for Breakthrough<N> {
    /// The from-cell's id with one of the six forward steps, up or down
    /// ([`crate::action::step_id`]; OpenSpiel's numbering has a capture bit
    /// besides, which the position already decides).
    fn num_actions(&self) -> usize {
        self.grid.width() * self.grid.height() * PAWN_STEPS.len()
    }

    fn action(&self, mv: PawnMove) -> usize {
        crate::action::step_id(mv.from, mv.to, self.grid.width(), &PAWN_STEPS)
    }

    fn parse_move(&self, text: &str) -> Result<PawnMove, ParseError> {
        let last = self.grid.cell_name(self.grid.mask().last().unwrap_or(0)).unwrap_or_default();
        let bad = || ParseError::Move {
            game: self.spec(),
            text: clip(text),
            expected: format!("a move from one cell to another, such as a2a3, on cells a1–{last}"),
        };
        PawnMove::read_on(&self.grid, text).ok_or_else(bad)
    }

    /// Rows from the top separated by `/` (`b`, `w`, `.`), a space and the side
    /// to move: `www/.../bbb b`.
    fn position(&self) -> String {
        let rows = self.grid.picture_with(|i| {
            if self.pawns[0].contains(i) {
                'b'
            } else if self.pawns[1].contains(i) {
                'w'
            } else {
                '.'
            }
        });
        format!("{} {}", super::picture_rows(&rows), Self::letter(self.side))
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let err = |fault, why: String| ParseError::position(self.spec(), text, fault, why);
        let mut fields = text.split_whitespace();
        let (Some(board), Some(side), None) = (fields.next(), fields.next(), fields.next()) else {
            return Err(err(
                Syntax,
                "expected the rows from the top separated by '/' (b, w or .), a space and the side to move (b or w)".into(),
            ));
        };
        let side = match side {
            "b" | "B" => Player::First,
            "w" | "W" => Player::Second,
            _ => {
                return Err(err(
                    SideToMove,
                    format!("the side to move must be b or w, not '{}'", clip(side)),
                ))
            }
        };
        let picture = board.replace('/', "\n");
        let [black, white] = self
            .grid
            .parse_picture_n(&picture, ['b', 'w'])
            .map_err(|e| err(Syntax, e.to_string()))?;
        let mut g = *self;
        g.pawns = [black, white];
        g.side = side;
        let (me, other) = (self.player_name(side), self.player_name(side.other()));
        if g.on_goal(side) {
            return Err(err(
                AfterEnd,
                format!(
                "{me} has a pawn on its far row yet is to move: the game ended when it got there"
            ),
            ));
        }
        if g.pawns[side.other().index()].is_empty() {
            return Err(err(Counts, format!("{other} has no pawn yet made the last move")));
        }
        let start = Self::new(self.grid.width(), self.grid.height())
            .map_err(|e| err(e.fault(), e.to_string()))?;
        g.ply = if g == start {
            0
        } else if side == Player::Second {
            1
        } else {
            2
        };
        g.update_result();
        Ok(g)
    }

    fn picture(&self) -> String {
        self.grid.picture2(self.pawns[0], self.pawns[1])
    }
}

impl<const N: usize> View for Breakthrough<N> {
    fn board(&self) -> BoardView {
        BoardView::grid_rectangle(&self.grid, self.pawns)
    }

    fn move_cells(&self, mv: PawnMove) -> Vec<usize> {
        mv.view_cells(&self.grid)
    }
}

impl<const N: usize> Hints for Breakthrough<N> {
    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<PawnMove> {
        if self.result != 0 {
            return None;
        }
        let (k, to) = random_step(&[self.dests(0), self.dests(1), self.dests(2)], rng)?;
        Some(self.move_to(to, k))
    }

    /// Several games at once on boards of at most 64 cells
    /// (`packed_playouts`), one after another
    /// otherwise.
    #[inline(always)]
    fn random_playouts<R: Rng + ?Sized>(&self, count: u64, rng: &mut R, stats: &mut PlayoutStats) {
        if self.grid.width() * self.grid.height() <= 64 && self.result == 0 {
            return self.packed_playouts(count, rng, stats);
        }
        crate::search::playout::one_at_a_time(self, count, rng, stats)
    }

    /// The playout loop: each ply the three destination sets (Alg. 5) are
    /// found once, for the move and for the test whether the side to move has
    /// one (no move or no pawn: it has lost), and the goal is looked for on the
    /// moved pawn's cell alone; no move value is built. The same moves from the
    /// same draws as [`random_move`](Hints::random_move) and
    /// [`play_unchecked`](Rules::play_unchecked) in turn.
    fn random_playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        if self.grid.width() * self.grid.height() <= 64 {
            return self.packed_playout(rng);
        }
        let goal = [self.grid.row(self.grid.height() - 1), self.grid.row(0)];
        let mut plies = 0;
        while self.result == 0 {
            // Written out rather than through `random_step` and a bit helper,
            // which gave this loop 2% more instructions (10×10 playouts,
            // callgrind, 2026-11-29).
            let d = [self.dests(0), self.dests(1), self.dests(2)];
            let counts = d.map(|s| s.count());
            let n: u64 = counts.iter().map(|&c| c as u64).sum();
            let pick =
                if n == 0 { None } else { nth_across(&d, &counts, random_below(rng, n) as usize) };
            let Some((k, to)) = pick else {
                self.result = 1 + self.side.other().index() as u8;
                break;
            };
            let s = self.side.index();
            let from = (to as isize - self.grid.offset(FORWARD[s][k])) as usize;
            self.pawns[s].remove(from);
            self.pawns[s].insert(to);
            self.pawns[1 - s].remove(to);
            self.side = self.side.other();
            self.ply += 1;
            plies += 1;
            if goal[s].contains(to) {
                self.result = 1 + s as u8;
            }
        }
        plies
    }

    /// Material (100 a pawn) and the rows still to go of each side's most
    /// advanced pawn (10 a row), for the side to move.
    fn evaluate(&self) -> i32 {
        let me = self.side;
        let h = self.grid.height() as i32;
        let stride = self.grid.stride();
        let to_go = |p: Player| -> i32 {
            let pawns = self.pawns[p.index()];
            match p {
                Player::First => pawns.last().map_or(h, |i| h - 1 - (i / stride) as i32),
                Player::Second => pawns.first().map_or(h, |i| (i / stride) as i32),
            }
        };
        let material =
            self.pawns[me.index()].count() as i32 - self.pawns[me.other().index()].count() as i32;
        100 * material + 10 * (to_go(me.other()) - to_go(me))
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests;

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
//! The picture ([`Game::picture`]) draws Black as `X` and White as `O`.
//!
//! **Move generation** is Browne's pawn-like moves (§5, Alg. 5,
//! [`ops::pawnlike_moves`]) taken one direction at a time on a square
//! (8-connected) [`Grid`]: the straight step onto empty cells, each diagonal
//! step onto cells not the mover's own. Each direction's destination set
//! gives its moves (the from-cell is one step back), so moves are listed,
//! counted (popcounts) and drawn at random without allocating.

use crate::bits::Bits;
use crate::board::{BoardShape, BoardView};
use crate::cpu::Pdep;
use crate::game::{
    clip, hash_sets, nth_across, random_below, Game, Illegal, IllegalReason, Outcome, ParseError,
    Player, SetupError,
};
use crate::grid::{Dir, Grid, GridKind};
use crate::info::GameInfo;
use crate::ops;
use crate::params::ParamInfo;
use crate::search::playout::PlayoutStats;
use crate::tools::{CoreBench, Tools};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;

/// The parameters of `breakthrough(width=…,height=…)`.
static PARAMS: &[ParamInfo] = &[
    ParamInfo::int("width", 8, 1, 64, "number of columns"),
    ParamInfo::int("height", 8, 3, 64, "number of rows (two home rows each from 6 rows up)"),
];

/// The registry's entry: `breakthrough`, stored in the fewest words that hold
/// the board.
pub static INFO: GameInfo = GameInfo {
    name: "breakthrough",
    summary: "Breakthrough: pawns race to the far row, capturing diagonally",
    params: PARAMS,
    build: |p| {
        let (w, h) = (p.int("width") as usize, p.int("height") as usize);
        let bits = Grid::<1>::bits_needed(GridKind::Square8, w, h);
        crate::in_words!(bits, w, h, |N| Breakthrough::<N>::new(w, h))
    },
    engines: &[],
    tools: Tools {
        core_bench: Some(CoreBench { perft: (4, 3), playouts: (200_000, 20_000) }),
        ..Tools::NONE
    },
};

/// A Breakthrough move: a pawn from one cell to the next row's cell, written
/// `a2a3` (a capture the same way).
pub type PawnMove = super::step_move::StepMove;

/// A pawn's steps as `(columns, rows)`: the three up (White's), the three down.
const PAWN_STEPS: [(i32, i32); 6] = [(-1, 1), (0, 1), (1, 1), (-1, -1), (0, -1), (1, -1)];

/// The masks of [`Breakthrough::packed_playout`]'s board of at most 64 cells.
struct PackedMasks {
    board: u64,
    not_left: u64,
    not_right: u64,
    /// Black's goal (the top row), then White's (the bottom row).
    goal: [u64; 2],
    w: u32,
}

/// Games played at once by [`Breakthrough::packed_playouts`].
const LANES: usize = 8;

/// Marks a result reached because the side to move had no move (no ply played).
const NO_MOVE: u8 = 0x80;

/// One random ply of side `S` on packed boards (Alg. 5: a shift and a mask a
/// direction): the three destination sets in `FORWARD`'s order, the `k`-th
/// move across them picked without a branch on the direction, the pawn moved.
/// Returns 0 while the game goes on, else the result code (`NO_MOVE` added
/// when `S` had no move and so lost without playing).
#[inline(always)]
fn packed_ply<const S: usize, const E: bool, R: Rng + ?Sized>(
    p: &mut [u64; 2],
    m: &PackedMasks,
    rng: &mut R,
    pdep: Option<Pdep>,
) -> u8 {
    let (me, them) = (p[S], p[1 - S]);
    // `E`: the 8×8 board, whose 64 cells fill the word (shifts out of it
    // drop off the end, and the width and goal rows are constants).
    let (w, board) = if E { (8, !0) } else { (m.w, m.board) };
    let empty = board & !(me | them);
    let d = if S == 0 {
        [
            (me << w) & empty,
            ((me & m.not_left) << (w - 1)) & board & !me,
            ((me & m.not_right) << (w + 1)) & board & !me,
        ]
    } else {
        [
            (me >> w) & empty,
            ((me & m.not_left) >> (w + 1)) & !me,
            ((me & m.not_right) >> (w - 1)) & !me,
        ]
    };
    let c = d.map(|x| x.count_ones() as u64);
    let n = c[0] + c[1] + c[2];
    if n == 0 {
        return (2 - S as u8) | NO_MOVE;
    }
    let k = random_below(rng, n);
    // The direction: 0, 1 or 2 by two comparisons, and `k` made relative to it.
    let past0 = (k >= c[0]) as u64;
    let past1 = (k >= c[0] + c[1]) as u64;
    let k = k - past0 * c[0] - past1 * c[1];
    let (past0, past1) = (past0 != 0, past1 != 0);
    let dests = if past1 {
        d[2]
    } else if past0 {
        d[1]
    } else {
        d[0]
    };
    // `pdep` where it is fast, asked once by the caller.
    let to = match pdep {
        Some(pdep) => pdep.nth_in_word(dests, k as u32),
        None => crate::bits::nth_in_word_by_clearing(dests, k as u32),
    };
    // The step back to the from-cell: straight, west, east.
    let (west, east) = if S == 0 { (w - 1, w + 1) } else { (w + 1, w - 1) };
    let back = if past1 {
        east
    } else if past0 {
        west
    } else {
        w
    };
    let from = if S == 0 { to.wrapping_sub(back) } else { to.wrapping_add(back) };
    let moved = 1u64 << (to & 63);
    p[S] ^= (1u64 << (from & 63)) | moved;
    p[1 - S] &= !moved;
    let goal = match (E, S) {
        (true, 0) => 0xff << 56,
        (true, _) => 0xff,
        (false, _) => m.goal[S],
    };
    if goal & moved != 0 {
        1 + S as u8
    } else {
        0
    }
}

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

    /// [`random_playout`](Game::random_playout) on a board of at most 64
    /// cells: the pawns packed into one word per player, cell `(c, r)` at bit
    /// `r·width + c` (no separating bits, so the diagonal steps mask the edge
    /// columns instead), which keeps the grid's cell order; Alg. 5's three
    /// destination sets are a shift and a mask each. Unpacked at the end.
    fn packed_playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        if self.result != 0 {
            return 0;
        }
        let (mut p, masks) = self.packed();
        let start_ply = self.ply;
        // Two plies a turn of the loop (Black's, then White's), each with its
        // side known at compile time; a game that starts with White to move
        // plays White's ply alone first.
        let mut result = 0u8;
        let mut plies = 0u64;
        let pdep = Pdep::detect();
        if self.side == Player::Second {
            result = packed_ply::<1, false, R>(&mut p, &masks, rng, pdep);
            plies = 1;
        }
        while result == 0 {
            result = packed_ply::<0, false, R>(&mut p, &masks, rng, pdep);
            plies += 1;
            if result != 0 {
                break;
            }
            result = packed_ply::<1, false, R>(&mut p, &masks, rng, pdep);
            plies += 1;
        }
        // A side with no move loses without playing: that ply did not count.
        if result & NO_MOVE != 0 {
            plies -= 1;
            result &= !NO_MOVE;
        }
        self.result = result;
        self.ply = start_ply + plies as u16;
        let s = (self.side.index() + plies as usize) & 1;
        let (w, h) = (self.grid.width(), self.grid.height());
        let stride = self.grid.stride();
        let row_mask = (1u64 << w) - 1;
        for (side, word) in p.iter().enumerate() {
            let mut pawns = Bits::<N>::EMPTY;
            for r in 0..h {
                let v = (word >> (r * w)) & row_mask;
                let at = r * stride;
                let (k, o) = (at / 64, at % 64);
                pawns.0[k] |= v << o;
                if o + w > 64 && k + 1 < N {
                    pawns.0[k + 1] |= v >> (64 - o);
                }
            }
            self.pawns[side] = pawns;
        }
        self.side = if s == 0 { Player::First } else { Player::Second };
        plies
    }

    /// [`random_playouts`](Game::random_playouts) on a board of at most 64
    /// cells, the game going on: [`LANES`] games at once, each lane with its
    /// own generator (seeded from `rng` in turn) playing the games that
    /// [`packed_playout`](Self::packed_playout) plays with it, lane `l` the
    /// `l`-th, `l + LANES`-th, … of the `count`. One game's plies form one
    /// chain of dependent instructions (the drawn move is the next ply's
    /// input); the lanes' chains are independent, so the processor runs them
    /// side by side (about 2× the games a second of one game at a time on
    /// 8×8; 8 lanes were 3% faster than 4, 2 lanes 10% slower).
    #[inline(always)]
    fn packed_playouts<R: Rng + ?Sized>(&self, count: u64, rng: &mut R, stats: &mut PlayoutStats) {
        let e = self.grid.width() == 8 && self.grid.height() == 8;
        let pdep = Pdep::detect();
        match (self.side, e) {
            (Player::First, true) => self.lanes::<0, 1, true, R>(count, rng, stats, pdep),
            (Player::First, false) => self.lanes::<0, 1, false, R>(count, rng, stats, pdep),
            (Player::Second, true) => self.lanes::<1, 0, true, R>(count, rng, stats, pdep),
            (Player::Second, false) => self.lanes::<1, 0, false, R>(count, rng, stats, pdep),
        }
    }

    /// [`packed_playouts`](Self::packed_playouts) from a position where side
    /// `A` is to move (`B` the other; `E`: the 8×8 board): a turn of the loop
    /// plays `A`'s ply in every lane, then `B`'s in every lane whose game
    /// goes on, so each ply's side is known at compile time (`pdep`: asked
    /// once). A lane whose game ends starts its next
    /// one on the next turn.
    #[inline(always)]
    fn lanes<const A: usize, const B: usize, const E: bool, R: Rng + ?Sized>(
        &self,
        count: u64,
        rng: &mut R,
        stats: &mut PlayoutStats,
        pdep: Option<Pdep>,
    ) {
        let (start, masks) = self.packed();
        let mut gens: [Xoshiro256PlusPlus; LANES] =
            std::array::from_fn(|_| Xoshiro256PlusPlus::seed_from_u64(rng.next_u64()));
        let mut left: [u64; LANES] = std::array::from_fn(|l| {
            count / LANES as u64 + ((l as u64) < count % LANES as u64) as u64
        });
        let mut p = [start; LANES];
        let mut plies = [0u64; LANES];
        let mut finish = |code: u8, left: &mut u64, p: &mut [u64; 2], plies: &mut u64| {
            // A side with no move loses without playing: that ply did not count.
            let n = *plies - (code & NO_MOVE != 0) as u64;
            let winner = if code & !NO_MOVE == 1 { Player::First } else { Player::Second };
            stats.record(n, Outcome::WonBy(winner));
            *left -= 1;
            *p = start;
            *plies = 0;
        };
        loop {
            let mut ended = [false; LANES];
            let mut busy = false;
            for l in 0..LANES {
                if left[l] == 0 {
                    continue;
                }
                busy = true;
                let code = packed_ply::<A, E, _>(&mut p[l], &masks, &mut gens[l], pdep);
                plies[l] += 1;
                if code != 0 {
                    finish(code, &mut left[l], &mut p[l], &mut plies[l]);
                    ended[l] = true;
                }
            }
            if !busy {
                return;
            }
            for l in 0..LANES {
                if left[l] == 0 || ended[l] {
                    continue;
                }
                let code = packed_ply::<B, E, _>(&mut p[l], &masks, &mut gens[l], pdep);
                plies[l] += 1;
                if code != 0 {
                    finish(code, &mut left[l], &mut p[l], &mut plies[l]);
                }
            }
        }
    }

    /// The pawns packed for [`packed_ply`]: one word per player, cell
    /// `(c, r)` at bit `r·width + c` (no separating bits), and the masks.
    fn packed(&self) -> ([u64; 2], PackedMasks) {
        let (w, h) = (self.grid.width(), self.grid.height());
        let cells = w * h;
        let board = if cells == 64 { u64::MAX } else { (1u64 << cells) - 1 };
        let (mut left, mut right) = (0u64, 0u64);
        for r in 0..h {
            left |= 1 << (r * w);
            right |= 1 << (r * w + w - 1);
        }
        let (not_left, not_right) = (board & !left, board & !right);
        let top_row = ((1u64 << w) - 1) << ((h - 1) * w);
        let goal = [top_row, (1u64 << w) - 1];
        // A row at a time (grid row `r` starts at bit `r · stride`, possibly
        // across two words), not a pawn at a time with a division each.
        let stride = self.grid.stride();
        let row_mask = (1u64 << w) - 1;
        let pack = |pawns: Bits<N>| {
            let mut word = 0u64;
            for r in 0..h {
                let at = r * stride;
                let (k, o) = (at / 64, at % 64);
                let mut v = pawns.0[k] >> o;
                if o + w > 64 && k + 1 < N {
                    v |= pawns.0[k + 1] << (64 - o);
                }
                word |= (v & row_mask) << (r * w);
            }
            word
        };
        let p = [pack(self.pawns[0]), pack(self.pawns[1])];
        (p, PackedMasks { board, not_left, not_right, goal, w: w as u32 })
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

impl<const N: usize> fmt::Debug for Breakthrough<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}\n{}", self.spec(), self.position(), self.picture())
    }
}

impl<const N: usize> Game for Breakthrough<N> {
    type Move = PawnMove;

    /// The from-cell's id with one of the six forward steps, up or down
    /// ([`crate::action::step_id`]; OpenSpiel's numbering has a capture bit
    /// besides, which the position already decides).
    fn num_actions(&self) -> usize {
        self.grid.width() * self.grid.height() * PAWN_STEPS.len()
    }

    fn action(&self, mv: PawnMove) -> usize {
        crate::action::step_id(mv.from, mv.to, self.grid.width(), &PAWN_STEPS)
    }

    fn spec(&self) -> String {
        format!("breakthrough(width={},height={})", self.grid.width(), self.grid.height())
    }

    fn name(&self) -> &'static str {
        INFO.name
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    #[inline]
    fn ply(&self) -> usize {
        self.ply as usize
    }

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

    #[inline(always)]
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
        let (Some(from), Some(to)) = (self.grid.index_of(mv.from), self.grid.index_of(mv.to))
        else {
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
        let (w, h) = (self.grid.width(), self.grid.height());
        let me = self.player_name(self.side);
        let (Some(from), Some(to)) = (self.grid.index_of(mv.from), self.grid.index_of(mv.to))
        else {
            let off = if self.grid.index_of(mv.from).is_none() { mv.from } else { mv.to };
            return Illegal::new(
                IllegalReason::OffBoard,
                format!("{off} is off the {w}×{h} board"),
            );
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
        // Off-board cells (only an unchecked caller's mistake) land on a
        // separator, an unspecified but memory-safe result, or past the
        // storage, where they are ignored.
        let (from, to) = (self.grid.index_unchecked(mv.from), self.grid.index_unchecked(mv.to));
        if from < Bits::<N>::CAPACITY && to < Bits::<N>::CAPACITY {
            let s = self.side.index();
            self.pawns[s].remove(from);
            self.pawns[s].insert(to);
            self.pawns[1 - s].remove(to);
            self.side = self.side.other();
            self.ply += 1;
            self.update_result();
        }
    }

    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<PawnMove> {
        if self.result != 0 {
            return None;
        }
        let d = [self.dests(0), self.dests(1), self.dests(2)];
        let counts = d.map(|s| s.count());
        let n: u64 = counts.iter().map(|&c| c as u64).sum();
        if n == 0 {
            return None;
        }
        let (k, to) = nth_across(&d, &counts, random_below(rng, n) as usize)?;
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
    /// same draws as [`random_move`](Game::random_move) and
    /// [`play_unchecked`](Game::play_unchecked) in turn.
    fn random_playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        if self.grid.width() * self.grid.height() <= 64 {
            return self.packed_playout(rng);
        }
        let goal = [self.grid.row(self.grid.height() - 1), self.grid.row(0)];
        let mut plies = 0;
        while self.result == 0 {
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

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        Outcome::from_code(self.result)
    }

    fn position_hash(&self) -> u64 {
        hash_sets(&self.pawns, self.side.index() as u64)
    }

    fn parse_move(&self, text: &str) -> Result<PawnMove, ParseError> {
        let last = self.grid.cell_name(self.grid.mask().last().unwrap_or(0)).unwrap_or_default();
        let bad = || ParseError::Move {
            game: self.spec(),
            text: clip(text),
            expected: format!("a move from one cell to another, such as a2a3, on cells a1–{last}"),
        };
        let mv: PawnMove = text.parse().map_err(|_| bad())?;
        self.grid.index_of(mv.from).ok_or_else(bad)?;
        self.grid.index_of(mv.to).ok_or_else(bad)?;
        Ok(mv)
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
        let board: Vec<String> = rows.lines().map(|l| l.replace(' ', "")).collect();
        format!("{} {}", board.join("/"), Self::letter(self.side))
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let err = |why: String| ParseError::Position { game: self.spec(), text: clip(text), why };
        let mut fields = text.split_whitespace();
        let (Some(board), Some(side), None) = (fields.next(), fields.next(), fields.next()) else {
            return Err(err(
                "expected the rows from the top separated by '/' (b, w or .), a space and the side to move (b or w)".into(),
            ));
        };
        let side = match side {
            "b" | "B" => Player::First,
            "w" | "W" => Player::Second,
            _ => return Err(err(format!("the side to move must be b or w, not '{}'", clip(side)))),
        };
        let picture = board.replace('/', "\n");
        let [black, white] =
            self.grid.parse_picture_n(&picture, ['b', 'w']).map_err(|e| err(e.to_string()))?;
        let mut g = *self;
        g.pawns = [black, white];
        g.side = side;
        let (me, other) = (self.player_name(side), self.player_name(side.other()));
        if g.on_goal(side) {
            return Err(err(format!(
                "{me} has a pawn on its far row yet is to move: the game ended when it got there"
            )));
        }
        if g.pawns[side.other().index()].is_empty() {
            return Err(err(format!("{other} has no pawn yet made the last move")));
        }
        let start =
            Self::new(self.grid.width(), self.grid.height()).map_err(|e| err(e.to_string()))?;
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

    fn board(&self) -> BoardView {
        let shape = BoardShape::Rectangle { width: self.grid.width(), height: self.grid.height() };
        BoardView::from_grid(&self.grid, shape, self.pawns)
    }

    /// The from and to cells (the board's cells are in bit order, row by row).
    fn move_cells(&self, mv: PawnMove) -> Vec<usize> {
        let w = self.grid.width();
        match (self.grid.index_of(mv.from), self.grid.index_of(mv.to)) {
            (Some(_), Some(_)) => vec![
                mv.from.row as usize * w + mv.from.col as usize,
                mv.to.row as usize * w + mv.to.col as usize,
            ],
            _ => Vec::new(),
        }
    }

    fn player_name(&self, p: Player) -> &'static str {
        match p {
            Player::First => "Black",
            Player::Second => "White",
        }
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;
    use rand::RngCore;

    pub fn start_and_first_moves() {
        let g = Breakthrough::standard();
        assert_eq!(
            g.position(),
            "wwwwwwww/wwwwwwww/......../......../......../......../bbbbbbbb/bbbbbbbb b"
        );
        assert_eq!(g.count_moves(), 22);
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        assert_eq!(moves[0].to_string(), "a2a3");
        assert!(moves.iter().all(|m| m.from.row == 1 && m.to.row == 2));
        let small = Breakthrough::<1>::new(3, 4).unwrap();
        assert_eq!(small.position(), "www/.../.../bbb b");
    }

    pub fn far_row_and_capture_all_win() {
        let g = Breakthrough::<1>::new(3, 4).unwrap();
        let won = g.parse_position("b../.w./..w/... w").unwrap();
        assert_eq!(won.outcome(), Some(Outcome::WonBy(Player::First)));
        let mut g = g.parse_position(".w./b../.../... b").unwrap();
        g.play(g.parse_move("a3b4").unwrap()).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
        // Blocked: White's only pawn faces Black's, with no diagonal free.
        let g = Breakthrough::<1>::new(1, 4).unwrap().parse_position("w/b/./. w").unwrap();
        assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
    }

    /// The lanes of `random_playouts` play exactly the games that
    /// `random_playout` plays with each lane's generator: lane `l` the
    /// `l`-th, `l + LANES`-th, … game, its generator seeded from the caller's
    /// `l`-th draw; from the start and with White to move, on the 8×8 board
    /// (its own constants), on smaller ones, and where a side can be left
    /// without a move (1 column).
    pub fn playout_lanes_play_their_generators_games() {
        fn check<const N: usize>(start: Breakthrough<N>) -> bool {
            let mut seen_no_move = false;
            for count in [0u64, 1, 3, 4, 5, 203] {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(count + 11);
                let mut got = PlayoutStats::default();
                start.random_playouts(count, &mut rng, &mut got);
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(count + 11);
                let mut gens: Vec<Xoshiro256PlusPlus> =
                    (0..LANES).map(|_| Xoshiro256PlusPlus::seed_from_u64(rng.next_u64())).collect();
                let mut want = PlayoutStats::default();
                for i in 0..count as usize {
                    let mut g = start;
                    let plies = g.random_playout(&mut gens[i % LANES]);
                    want.record(plies, g.outcome().unwrap());
                    seen_no_move |= !g.has_move() && !g.on_goal(g.side.other());
                }
                assert_eq!(got, want, "{} from {}", count, start.position());
                assert_eq!(got.games, count);
            }
            seen_no_move
        }
        let mut after_a2a3 = Breakthrough::standard();
        after_a2a3.play(after_a2a3.parse_move("a2a3").unwrap()).unwrap();
        let small = Breakthrough::<1>::new(6, 5).unwrap();
        let white_first = small.parse_position("wwwwww/....../....../bbbbbb/...... w").unwrap();
        let mut seen_no_move = check(Breakthrough::standard());
        seen_no_move |= check(after_a2a3);
        seen_no_move |= check(Breakthrough::<1>::new(5, 6).unwrap());
        seen_no_move |= check(white_first);
        seen_no_move |= check(Breakthrough::<1>::new(1, 5).unwrap());
        assert!(seen_no_move, "no game ended with a side left without a move");
    }
}

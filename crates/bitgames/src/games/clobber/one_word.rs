//! Clobber on boards of up to 64 cells, one 64-bit word per player: the fast
//! layout the registry picks for 8×8, 5×6 and every board with `width × height ≤
//! 64`.
//!
//! Cells are numbered row by row from `a1` **without separating bits**: cell
//! (column `c`, row `r`) is bit `r·width + c`, so 8×8 fills the word exactly.
//! A step north or south is a shift by `width` (cells shifted past the board
//! land on bits no stone occupies, or drop off the word); a step east or west
//! is a shift by one, and the cells it would wrap onto the next row are cleared
//! by an edge mask (the first or last column) instead of landing on a
//! separator. The rules, cell names and texts are those of [`Clobber`]; the
//! text and error paths convert to it, the move paths work on the words.

use super::{Clobber, ClobberMove};
use crate::game::{hash_sets, random_below};
use crate::games::prelude::*;
use rand::Rng;

/// A Clobber position on at most 64 cells, one word per player (see the
/// module's layout). Plays the same games as [`Clobber`] from the same
/// generator, move for move.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Clobber64 {
    stones: [u64; 2],
    /// Every cell but those of the first column: where a step east may land.
    east_to: u64,
    /// Every cell but those of the last column: where a step west may land.
    west_to: u64,
    width: u8,
    height: u8,
    ply: u16,
    /// The side to move (0: `x`, 1: `o`).
    side: u8,
}

impl Clobber64 {
    /// The standard 8×8 game.
    pub fn standard() -> Self {
        Self::new(8, 8).expect("8×8 is 64 cells")
    }

    /// The start position on a `width × height` board of at most 64 cells:
    /// full, in a checkerboard, `x` on `a1`, `x` to move.
    pub fn new(width: usize, height: usize) -> Result<Self, SetupError> {
        if width * height > 64 {
            return Err(SetupError::TooLarge {
                width,
                height,
                needed: width * height,
                capacity: 64,
                how: " (one per cell, none empty)",
            });
        }
        let wide = Clobber::<2>::new(width, height)?;
        Ok(Self::from_wide(&wide, width, height))
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// Stones of player `p`, bit `r·width + c` for the cell in column `c`, row `r`.
    pub fn stones(&self, p: Player) -> u64 {
        self.stones[p.index()]
    }

    /// The same position on [`Clobber`]'s grid (every board of at most 64 cells
    /// fits two words there, separators included).
    fn wide(&self) -> Clobber<2> {
        let mut g = Clobber::<2>::new(self.width(), self.height()).expect("fits two words");
        for (p, &s) in self.stones.iter().enumerate() {
            g.stones[p] = Bits::EMPTY;
            for i in Bits([s]) {
                let (c, r) = (i % self.width(), i / self.width());
                g.stones[p].insert(g.grid.cell(c, r).expect("on the board"));
            }
        }
        g.ply = self.ply;
        g.side = self.side;
        g
    }

    /// The position `g` of a `width × height` [`Clobber`] in one word.
    fn from_wide<const N: usize>(g: &Clobber<N>, width: usize, height: usize) -> Self {
        let mut stones = [0u64; 2];
        for (p, s) in g.stones.iter().enumerate() {
            for i in *s {
                let (c, r) = g.grid.coords(i).expect("a stone on the board");
                stones[p] |= 1 << (r * width + c);
            }
        }
        let (mut first_col, mut last_col) = (0u64, 0u64);
        for r in 0..height {
            first_col |= 1 << (r * width);
            last_col |= 1 << (r * width + width - 1);
        }
        let board = u64::MAX >> (64 - width * height);
        Clobber64 {
            stones,
            east_to: board & !first_col,
            west_to: board & !last_col,
            width: width as u8,
            height: height as u8,
            ply: g.ply,
            side: g.side,
        }
    }

    /// The enemy stones the mover (`me`) can clobber by stepping N, E, S and W:
    /// enemy neighbours per direction (Browne, Alg. 3), `(me >> shift_d) & them`,
    /// edge masks in place of separating bits. A shift by the width past the top
    /// leaves the board (no stone there) or the word; on a 64×1 board the
    /// wrapping shift by 64 is a shift by 0, and `me & them` is empty, as there
    /// is no north or south.
    #[inline(always)]
    fn targets(&self, me: u64, them: u64) -> [u64; 4] {
        let w = self.width as u32;
        [
            me.wrapping_shl(w) & them,
            (me << 1) & them & self.east_to,
            me.wrapping_shr(w) & them,
            (me >> 1) & them & self.west_to,
        ]
    }

    /// The mover's and the other side's stones.
    #[inline(always)]
    fn sides(&self) -> (u64, u64) {
        let s = self.side as usize;
        (self.stones[s], self.stones[1 - s])
    }

    /// The bit offset of a step in direction `d` (0–3: N, E, S, W).
    #[inline(always)]
    fn offset(&self, d: usize) -> i32 {
        let w = self.width as i32;
        [w, 1, -w, -1][d]
    }

    /// Bit `i`'s cell.
    #[inline]
    fn cell_at(&self, i: u32) -> Cell {
        let w = self.width as u32;
        Cell { col: (i % w) as u16, row: (i / w) as u16 }
    }

    /// Cell `c`'s bit, `None` off the board.
    #[inline]
    fn index_of(&self, c: Cell) -> Option<u32> {
        let (w, h) = (self.width as u16, self.height as u16);
        (c.col < w && c.row < h).then(|| c.row as u32 * w as u32 + c.col as u32)
    }

    /// The move that clobbers the stone on bit `to` by a step of `off` bits.
    #[inline]
    fn move_to(&self, to: u32, off: i32) -> ClobberMove {
        let from = (to as i32 - off) as u32;
        ClobberMove { from: self.cell_at(from), to: self.cell_at(to) }
    }

    /// The `k`-th of the moves in `t` counted across the directions in order
    /// (`k` below their number): its target bit and the bit offset of its step.
    /// The direction is chosen by conditional moves over values in registers
    /// rather than branches (which direction holds a random move is a guess no
    /// predictor learns) or a table in memory, the bit by a select.
    #[inline(always)]
    fn nth(&self, t: &[u64; 4], k: u32) -> (u32, i32) {
        let w = self.width as i32;
        let c0 = t[0].count_ones();
        let c1 = c0 + t[1].count_ones();
        let c2 = c1 + t[2].count_ones();
        let (mut set, mut before, mut off) = (t[0], 0, w);
        if k >= c0 {
            (set, before, off) = (t[1], c0, 1);
        }
        if k >= c1 {
            (set, before, off) = (t[2], c1, -w);
        }
        if k >= c2 {
            (set, before, off) = (t[3], c2, -1);
        }
        (Bits([set]).nth((k - before) as usize).unwrap_or(0) as u32, off)
    }
}

crate::debug_by_notation!(=> Clobber64);

impl Rules for Clobber64 {
    type Move = ClobberMove;
    const NAME: &'static str = super::INFO.name;

    fn spec(&self) -> String {
        format!("clobber(width={},height={})", self.width, self.height)
    }

    crate::turn_fields!(ply: ply, side_index: side);

    /// As [`Clobber`]: by direction (N, E, S, W), then by the clobbered stone's
    /// bit (row by row from `a1`).
    #[inline]
    fn try_for_each_move<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(ClobberMove) -> ControlFlow<()>,
    {
        let (me, them) = self.sides();
        for (d, t) in self.targets(me, them).into_iter().enumerate() {
            for to in Bits([t]) {
                f(self.move_to(to as u32, self.offset(d)))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Four popcounts.
    #[inline]
    fn count_moves(&self) -> usize {
        let (me, them) = self.sides();
        self.targets(me, them).iter().map(|t| t.count_ones() as usize).sum()
    }

    #[inline]
    fn is_legal(&self, mv: ClobberMove) -> bool {
        let (Some(from), Some(to)) = (self.index_of(mv.from), self.index_of(mv.to)) else {
            return false;
        };
        let (me, them) = self.sides();
        let adjacent = mv.from.col.abs_diff(mv.to.col) + mv.from.row.abs_diff(mv.to.row) == 1;
        adjacent && me >> from & 1 == 1 && them >> to & 1 == 1
    }

    fn why_illegal(&self, mv: ClobberMove) -> Illegal {
        self.wide().why_illegal(mv)
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: ClobberMove) {
        // Cells off the board (an unchecked caller's mistake) leave the
        // position as it is.
        if let (Some(from), Some(to)) = (self.index_of(mv.from), self.index_of(mv.to)) {
            let s = self.side as usize;
            self.stones[s] = (self.stones[s] & !(1 << from)) | 1 << to;
            self.stones[1 - s] &= !(1 << to);
            self.side ^= 1;
            self.ply += 1;
        }
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        let (me, them) = self.sides();
        if self.targets(me, them).iter().any(|&t| t != 0) {
            None
        } else {
            Some(Outcome::WonBy(self.side_to_move().other()))
        }
    }

    fn position_hash(&self) -> u64 {
        hash_sets(&self.stones.map(|s| Bits([s])), self.side as u64)
    }

    /// The stones apart and on the `width × height` cells, a side to move of
    /// 0 or 1.
    fn check_invariants(&self) -> Result<(), String> {
        let cells = self.width as u32 * self.height as u32;
        let board = crate::bits::Bits([u64::MAX >> (64 - cells)]);
        super::super::check_apart_on_board(&self.stones.map(|s| crate::bits::Bits([s])), board)?;
        if self.side > 1 {
            return Err(format!("side to move {}", self.side));
        }
        Ok(())
    }
}

impl Notation for Clobber64 {
    /// As [`Clobber`]'s.
    fn num_actions(&self) -> usize {
        self.width() * self.height() * 4
    }

    fn action(&self, mv: ClobberMove) -> usize {
        crate::action::step_id(mv.from, mv.to, self.width(), &crate::action::ORTHOGONAL)
    }

    fn parse_move(&self, text: &str) -> Result<ClobberMove, ParseError> {
        self.wide().parse_move(text)
    }

    /// As [`Clobber`]'s: rows from the top, `/`-separated, then the side to
    /// move: `oxox/xoxo x`.
    fn position(&self) -> String {
        self.wide().position()
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let g = self.wide().parse_position(text)?;
        Ok(Self::from_wide(&g, self.width(), self.height()))
    }

    fn picture(&self) -> String {
        self.wide().picture()
    }
}

impl View for Clobber64 {
    fn board(&self) -> BoardView {
        self.wide().board()
    }

    fn move_cells(&self, mv: ClobberMove) -> Vec<usize> {
        self.wide().move_cells(mv)
    }
}

impl Hints for Clobber64 {
    /// Uniform over all moves, as [`Clobber`]'s (the same move from the same
    /// draw): count the four directions' targets, take the `k`-th across them.
    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<ClobberMove> {
        let (me, them) = self.sides();
        let t = self.targets(me, them);
        let n: u32 = t.iter().map(|x| x.count_ones()).sum();
        if n == 0 {
            return None;
        }
        let (to, off) = self.nth(&t, random_below(rng, n as u64) as u32);
        Some(self.move_to(to, off))
    }

    /// The playout loop on the two words: Alg. 3's four targets, four
    /// popcounts, the `k`-th target and three XORs a ply, with no move value
    /// built. The same games as [`random_move`](Hints::random_move) and
    /// [`play_unchecked`](Rules::play_unchecked) in turn.
    #[inline(always)]
    fn random_playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        let (mut me, mut them) = self.sides();
        let mut plies = 0u64;
        loop {
            let t = self.targets(me, them);
            let n: u32 = t.iter().map(|x| x.count_ones()).sum();
            if n == 0 {
                break;
            }
            let (to, off) = self.nth(&t, random_below(rng, n as u64) as u32);
            let from = (to as i32 - off) as u32;
            (me, them) = (them & !(1 << to), me ^ (1 << from | 1 << to));
            plies += 1;
        }
        let s = (self.side as usize + plies as usize) & 1;
        self.stones[s] = me;
        self.stones[1 - s] = them;
        self.side = s as u8;
        self.ply += plies as u16;
        plies
    }
}

//! Breakthrough's fast random playouts on boards of at most 64 cells: the
//! pawns packed into one word a player (Browne's Alg. 5, a shift and a mask a
//! direction), and eight games at once in lanes.

use super::Breakthrough;
use crate::bits::Bits;
use crate::cpu::Pdep;
use crate::game::{random_below, Outcome, Player};
use crate::search::playout::PlayoutStats;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

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
pub(super) const LANES: usize = 8;

/// Marks a result reached because the side to move had no move (no ply played).
const NO_MOVE: u8 = 0x80;

/// One random ply of side `S` on packed boards (Alg. 5: a shift and a mask a
/// direction): the three destination sets in `FORWARD`'s order, the `k`-th
/// move across them picked without a branch on the direction, the pawn moved.
/// Returns 0 while the game goes on, else the result code (`NO_MOVE` added
/// when `S` had no move and so lost without playing).
#[inline(always)]
fn packed_ply<const S: usize, const E: bool, R: Rng + ?Sized>(
    p: &mut [u64; 2], m: &PackedMasks, rng: &mut R, pdep: Option<Pdep>,
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

impl<const N: usize> Breakthrough<N> {
    /// [`random_playout`](Hints::random_playout) on a board of at most 64
    /// cells: the pawns packed into one word per player, cell `(c, r)` at bit
    /// `r·width + c` (no separating bits, so the diagonal steps mask the edge
    /// columns instead), which keeps the grid's cell order; Alg. 5's three
    /// destination sets are a shift and a mask each. Unpacked at the end.
    pub(super) fn packed_playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
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

    /// [`random_playouts`](Hints::random_playouts) on a board of at most 64
    /// cells, the game going on: [`LANES`] games at once, each lane with its
    /// own generator (seeded from `rng` in turn) playing the games that
    /// [`packed_playout`](Self::packed_playout) plays with it, lane `l` the
    /// `l`-th, `l + LANES`-th, … of the `count`. One game's plies form one
    /// chain of dependent instructions (the drawn move is the next ply's
    /// input); the lanes' chains are independent, so the processor runs them
    /// side by side (about 2× the games a second of one game at a time on
    /// 8×8; 8 lanes were 3% faster than 4, 2 lanes 10% slower).
    #[inline(always)]
    pub(super) fn packed_playouts<R: Rng + ?Sized>(
        &self, count: u64, rng: &mut R, stats: &mut PlayoutStats,
    ) {
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
        &self, count: u64, rng: &mut R, stats: &mut PlayoutStats, pdep: Option<Pdep>,
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
}

//! The last four empty squares, hand-unrolled: no move generation, no table,
//! no move list. With one empty square the score comes from the flip count
//! alone (four table look-ups, one per line through the square; the opponent's
//! count only if it matters); with two to four each empty square is tried
//! directly (a neighbouring opponent disc first, then the flips), in parity
//! order: a square alone in its quadrant first. All are null-window searches
//! (is the score above `alpha`?), except that one empty square is exact above
//! `alpha`.

use super::parity::QUADRANT_BIT;
use super::search::{final_score, Search, INF};
use super::stability;
use crate::games::othello::movegen::MoveGen;

/// The (up to eight) squares next to each square.
pub(super) const NEIGHBOUR: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut dc = -1;
        while dc <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nc, nr) = (c + dc, r + dr);
                if (dc != 0 || dr != 0) && nc >= 0 && nc < 8 && nr >= 0 && nr < 8 {
                    t[sq] |= 1 << (8 * nr + nc);
                }
                dr += 1;
            }
            dc += 1;
        }
        sq += 1;
    }
    t
};

/// `FLIPS_ON_LINE[i][line]`: on a line of eight squares where `line` marks the
/// mover's discs and every other square but `i` holds an opponent's disc, how
/// many discs a move on `i` flips (squares past the end of a shorter line read as
/// opponent's discs that nothing closes, so they never count).
static FLIPS_ON_LINE: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Towards lower squares, then higher ones.
            let mut y = i as i32 - 1;
            while y >= 0 && line >> y & 1 == 0 {
                y -= 1;
            }
            if y >= 0 {
                n += i as i32 - 1 - y;
            }
            let mut y = i + 1;
            while y < 8 && line >> y & 1 == 0 {
                y += 1;
            }
            if y < 8 {
                n += (y - i - 1) as i32;
            }
            t[i][line] = n as u8;
            line += 1;
        }
        i += 1;
    }
    t
};

/// The two diagonals through each square: `[+7 direction, +9 direction]`.
const DIAGONALS: [[u64; 2]; 64] = {
    let mut t = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut k = -7;
        while k <= 7 {
            // +7: column down by one per row; +9: column up by one per row.
            let (c7, c9, rr) = (c - k, c + k, r + k);
            if rr >= 0 && rr < 8 {
                if c7 >= 0 && c7 < 8 {
                    t[sq][0] |= 1 << (8 * rr + c7);
                }
                if c9 >= 0 && c9 < 8 {
                    t[sq][1] |= 1 << (8 * rr + c9);
                }
            }
            k += 1;
        }
        sq += 1;
    }
    t
};

/// Discs flipped by `p` playing `x` when `x` is the last empty square: four
/// table look-ups, one per line through `x`, each line gathered into a byte
/// (rows by a shift, columns and diagonals by a multiplication that carries
/// nothing: the "kindergarten" trick), indexed by the position of `x` on it.
#[inline(always)]
pub(super) fn last_flips(p: u64, x: u32) -> i32 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    let (c, r) = ((x & 7) as usize, (x >> 3) as usize);
    let [d7, d9] = DIAGONALS[x as usize];
    let row = (p >> (8 * r)) as usize & 0xff;
    let col = stability::pack_file_a(p >> c) as usize;
    let d7 = ((p & d7).wrapping_mul(FILE_A) >> 56) as usize;
    let d9 = ((p & d9).wrapping_mul(FILE_A) >> 56) as usize;
    (FLIPS_ON_LINE[c][row] as u32
        + FLIPS_ON_LINE[r][col] as u32
        + FLIPS_ON_LINE[c][d7] as u32
        + FLIPS_ON_LINE[c][d9] as u32) as i32
}

impl<G: MoveGen> Search<'_, G> {
    /// Discs of the opponent flipped by `p` playing the last empty square `x`
    /// (every other square holds a disc).
    #[inline(always)]
    fn last_flips(&self, p: u64, x: u32) -> i32 {
        last_flips(p, x)
    }

    /// The score with one empty square `x`, exact unless it is at most `alpha`
    /// (then an upper bound: when the side to move cannot play there, the
    /// opponent's flips are counted only if they matter).
    #[inline(always)]
    pub(super) fn solve_1(&mut self, p: u64, alpha: i32, x: u32) -> i32 {
        self.nodes += 1;
        let mine = p.count_ones() as i32;
        let f = self.last_flips(p, x);
        if f != 0 {
            return 2 * (mine + f + 1) - 64;
        }
        // We cannot play: nobody plays (63 discs, the empty square to the
        // winner), or the opponent does and flips at least one of ours.
        let none = if 2 * mine > 63 { 2 * mine - 62 } else { 2 * mine - 64 };
        if none <= alpha {
            return none;
        }
        let g = self.last_flips(!(p | 1 << x), x);
        if g != 0 {
            2 * (mine - g) - 64
        } else {
            none
        }
    }

    /// Null-window search with two empty squares: is the score above `alpha`?
    #[inline(always)]
    pub(super) fn solve_2(&mut self, p: u64, o: u64, alpha: i32, x1: u32, x2: u32) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        if o & NEIGHBOUR[x1 as usize] != 0 {
            let f = self.gen.flips(p, o, x1);
            if f != 0 {
                best = -self.solve_1(o ^ f, -(alpha + 1), x2);
                if best > alpha {
                    return best;
                }
            }
        }
        if o & NEIGHBOUR[x2 as usize] != 0 {
            let f = self.gen.flips(p, o, x2);
            if f != 0 {
                return best.max(-self.solve_1(o ^ f, -(alpha + 1), x1));
            }
        }
        if best != -INF {
            return best;
        }
        // Pass: the opponent moves, we take the smaller outcome.
        let mut worst = INF;
        if p & NEIGHBOUR[x1 as usize] != 0 {
            let f = self.gen.flips(o, p, x1);
            if f != 0 {
                worst = self.solve_1(p ^ f, alpha, x2);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        if p & NEIGHBOUR[x2 as usize] != 0 {
            let f = self.gen.flips(o, p, x2);
            if f != 0 {
                return worst.min(self.solve_1(p ^ f, alpha, x1));
            }
        }
        if worst != INF {
            worst
        } else {
            final_score(p, 2)
        }
    }

    /// Null-window search with three empty squares, the one alone in its
    /// quadrant (if any) first.
    #[inline(always)]
    pub(super) fn solve_3(&mut self, p: u64, o: u64, alpha: i32, parity: u32, sq: [u32; 3]) -> i32 {
        self.nodes += 1;
        let [mut x1, mut x2, mut x3] = sq;
        // Parity: with a 2 + 1 split, the lone square first.
        if parity & QUADRANT_BIT[x1 as usize] == 0 {
            if parity & QUADRANT_BIT[x2 as usize] != 0 {
                std::mem::swap(&mut x1, &mut x2);
            } else {
                std::mem::swap(&mut x1, &mut x3);
                std::mem::swap(&mut x2, &mut x3);
            }
        }
        let mut best = -INF;
        for (x, a, b) in [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)] {
            if o & NEIGHBOUR[x as usize] != 0 {
                let f = self.gen.flips(p, o, x);
                if f != 0 {
                    let s = -self.solve_2(o ^ f, p ^ f ^ 1 << x, -(alpha + 1), a, b);
                    if s > alpha {
                        return s;
                    }
                    best = best.max(s);
                }
            }
        }
        if best != -INF {
            return best;
        }
        let mut worst = INF;
        for (x, a, b) in [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)] {
            if p & NEIGHBOUR[x as usize] != 0 {
                let f = self.gen.flips(o, p, x);
                if f != 0 {
                    let s = self.solve_2(p ^ f, o ^ f ^ 1 << x, alpha, a, b);
                    if s <= alpha {
                        return s;
                    }
                    worst = worst.min(s);
                }
            }
        }
        if worst != INF {
            worst
        } else {
            final_score(p, 3)
        }
    }

    /// [`solve_4`](Self::solve_4)'s search (null-window, four empty squares,
    /// in parity order), inlined into each copy of the shallow search
    /// (`shallow.rs`).
    #[inline(always)]
    pub(super) fn solve_4_inline(&mut self, p: u64, o: u64, alpha: i32, parity: u32) -> i32 {
        self.nodes += 1;
        if let Some(s) = self.stability_cut(p, o, alpha, 4) {
            return s;
        }
        let mut e = !(p | o);
        let mut x = [0u32; 4];
        for slot in &mut x {
            *slot = e.trailing_zeros();
            e &= e - 1;
        }
        // Parity: with a 1 + 1 + 2 split, the two lone squares first.
        let odd = |s: u32| parity & QUADRANT_BIT[s as usize] != 0;
        let [x1, x2, x3, x4] = x;
        let x = if !odd(x1) {
            if odd(x2) {
                if odd(x3) {
                    [x2, x3, x1, x4]
                } else {
                    [x2, x4, x1, x3]
                }
            } else if odd(x3) {
                [x3, x4, x1, x2]
            } else {
                x
            }
        } else if !odd(x2) {
            if odd(x3) {
                [x1, x3, x2, x4]
            } else {
                [x1, x4, x2, x3]
            }
        } else {
            x
        };
        let mut best = -INF;
        for i in 0..4 {
            let sq = x[i];
            if o & NEIGHBOUR[sq as usize] != 0 {
                let f = self.gen.flips(p, o, sq);
                if f != 0 {
                    let rest = match i {
                        0 => [x[1], x[2], x[3]],
                        1 => [x[0], x[2], x[3]],
                        2 => [x[0], x[1], x[3]],
                        _ => [x[0], x[1], x[2]],
                    };
                    let s = -self.solve_3(
                        o ^ f,
                        p ^ f ^ 1 << sq,
                        -(alpha + 1),
                        parity ^ QUADRANT_BIT[sq as usize],
                        rest,
                    );
                    if s > alpha {
                        return s;
                    }
                    best = best.max(s);
                }
            }
        }
        self.best_or_pass(best, p, o, 4, |s| s.solve_4(o, p, -(alpha + 1), parity))
    }
}

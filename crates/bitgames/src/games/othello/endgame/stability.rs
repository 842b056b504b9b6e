//! Stable discs: discs that no sequence of moves can flip, counted from below (a
//! subset of the truly stable ones), after Edax's `get_stable_discs`.
//!
//! Three sources, combined:
//! - **edges**, exactly: a disc on an edge can only be flipped along that edge, so
//!   its fate is a game on one line of eight squares. A table of the 3⁸ line
//!   states holds, for each, the discs of the first player that stay theirs
//!   whatever is played on the line (by either side, in any order, legal through
//!   other lines or not);
//! - **full lines**: a line with no empty square sees no move, so nothing on it
//!   flips along it; an inner disc whose four lines are all full is stable;
//! - **contact**: an inner disc is stable if, in each of the four line directions,
//!   its line is full or a neighbour on it is a stable disc of the same colour
//!   (to flip it along that line the neighbour would have to flip too). This is
//!   iterated until nothing changes.
//!
//! The solver uses the count to bound the score: the side to move ends with at
//! most `64 − stable(opponent)` discs, so its score is at most
//! `64 − 2·stable(opponent)`.

use std::sync::OnceLock;

/// The inner squares (neither on an edge row nor on an edge column).
const CENTRAL: u64 = 0x007e_7e7e_7e7e_7e00;
/// Column `a` (bits 0, 8, …, 56).
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// For each line state `p·256 + o` (eight squares, bit `i` = square `i` of the
/// line), the discs of `p` that no play on the line can flip.
pub(crate) struct EdgeTable(Box<[u8; 1 << 16]>);

/// One move on a line of eight squares: `me` places a disc on the empty square
/// `x` and flips the runs of `other` that its discs close. Returns the new
/// `(me, other)`.
fn play_line(me: u8, other: u8, x: u32) -> (u8, u8) {
    let mut me = me | 1 << x;
    let mut other = other;
    for step in [-1i32, 1] {
        let mut run = 0u8;
        let mut y = x as i32 + step;
        while (0..8).contains(&y) && other >> y & 1 == 1 {
            run |= 1 << y;
            y += step;
        }
        if (0..8).contains(&y) && me >> y & 1 == 1 {
            me |= run;
            other &= !run;
        }
    }
    (me, other)
}

impl EdgeTable {
    /// Builds the table: a state's stable discs are its `p` discs that stay `p`'s
    /// in every state reachable from it, so they are `p` ∧ (the stable discs of
    /// every state one move on). States with fewer empty squares come first.
    fn build() -> Self {
        let mut t = Box::new([0u8; 1 << 16]);
        let mut states: Vec<(u8, u8)> = (0..=255u8)
            .flat_map(|p| (0..=255u8).filter(move |&o| p & o == 0).map(move |o| (p, o)))
            .collect();
        states.sort_by_key(|&(p, o)| (!(p | o)).count_ones());
        for (p, o) in states {
            let empty = !(p | o);
            let mut stable = p;
            for x in 0..8 {
                if empty >> x & 1 == 1 {
                    let (np, no) = play_line(p, o, x);
                    stable &= t[(np as usize) << 8 | no as usize];
                    let (no, np) = play_line(o, p, x);
                    stable &= t[(np as usize) << 8 | no as usize];
                }
            }
            t[(p as usize) << 8 | o as usize] = stable;
        }
        EdgeTable(t)
    }

    /// The shared table, built on first use (a few milliseconds).
    pub(crate) fn get() -> &'static EdgeTable {
        static TABLE: OnceLock<EdgeTable> = OnceLock::new();
        TABLE.get_or_init(EdgeTable::build)
    }

    /// The stable discs of `p` on the line state `(p, o)`.
    #[inline(always)]
    fn line(&self, p: u64, o: u64) -> u64 {
        self.0[((p as usize & 0xff) << 8) | (o as usize & 0xff)] as u64
    }

    /// The stable discs of `p` on the four edges.
    #[inline]
    pub(crate) fn edges(&self, p: u64, o: u64) -> u64 {
        let top = self.line(p, o);
        let bottom = self.line(p >> 56, o >> 56) << 56;
        let left = unpack_file_a(self.line(pack_file_a(p), pack_file_a(o)));
        let right = unpack_file_a(self.line(pack_file_a(p >> 7), pack_file_a(o >> 7))) << 7;
        top | bottom | left | right
    }
}

/// Column `a` as a byte, row 1 in bit 0. The multiplier sends bit `8r` to bit
/// `56 + r`; every partial product lands on its own bit, so nothing carries.
#[inline(always)]
pub(super) fn pack_file_a(x: u64) -> u64 {
    ((x & FILE_A).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// A byte back onto column `a` (bit `r` to bit `8r`).
#[inline(always)]
fn unpack_file_a(b: u64) -> u64 {
    /// Bit `8r` for each row `r`.
    const ROWS: [u64; 8] = [1, 1 << 8, 1 << 16, 1 << 24, 1 << 32, 1 << 40, 1 << 48, 1 << 56];
    static UNPACK: [u64; 256] = {
        let mut t = [0u64; 256];
        let mut b = 0;
        while b < 256 {
            t[b] = super::union_of(b, &ROWS);
            b += 1;
        }
        t
    };
    UNPACK[b as usize & 0xff]
}

/// The squares on full lines, per direction: (horizontal, vertical, the `+7`
/// diagonals, the `+9` diagonals). Each diagonal direction is an AND along the
/// ray towards the edge in both senses, by doubling (1, 2, 4 steps): a square's
/// bit survives the step of `2^k` if the square `2^k` further on was full, or the
/// edge is nearer than that.
#[inline]
fn full_lines(disc: u64) -> [u64; 4] {
    let mut h = disc;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let h = (h & FILE_A).wrapping_mul(0xff);

    let mut v = disc;
    v &= v.rotate_right(8);
    v &= v.rotate_right(16);
    v &= v.rotate_right(32);

    // +7: one row down, one column left; -7 the opposite.
    let d7 = full_diagonal(
        disc,
        7,
        [0xff01_0101_0101_0101, 0xffff_0303_0303_0303, 0xffff_ffff_0f0f_0f0f],
        [0x8080_8080_8080_80ff, 0xc0c0_c0c0_c0c0_ffff, 0xf0f0_f0f0_ffff_ffff],
    );
    // +9: one row down, one column right; -9 the opposite.
    let d9 = full_diagonal(
        disc,
        9,
        [0xff80_8080_8080_8080, 0xffff_c0c0_c0c0_c0c0, 0xffff_ffff_f0f0_f0f0],
        [0x0101_0101_0101_01ff, 0x0303_0303_0303_ffff, 0x0f0f_0f0f_ffff_ffff],
    );

    [h, v, d7, d9]
}

/// The squares of `disc` whose diagonal of step `d` is full in both senses: an
/// AND along the ray by doubling (`d`, `2d`, `4d`), `low[k]` and `high[k]` the
/// squares whose ray towards lower and higher squares leaves the board within
/// `2^k` steps (they keep their bit).
#[inline(always)]
fn full_diagonal(disc: u64, d: u32, low: [u64; 3], high: [u64; 3]) -> u64 {
    let (mut l, mut r) = (disc, disc);
    for k in 0..3 {
        l &= low[k] | l >> (d << k);
        r &= high[k] | r << (d << k);
    }
    l & r
}

/// Some of the stable discs of `p` against `o` (edge-exact, full lines, contact).
/// A hot path (`hot_copies!`).
#[inline]
pub(crate) fn stable_discs(edge: &EdgeTable, p: u64, o: u64) -> u64 {
    run_hot!(stable_discs(edge, p, o))
}

macro_rules! stable_body {
    ($(#[$hot:meta])*) => {
        #[inline]
        $(#[$hot])*
        pub(super) fn stable_discs(edge: &EdgeTable, p: u64, o: u64) -> u64 {
            let central = p & CENTRAL;
            let [fh, fv, f7, f9] = full_lines(p | o);
            let mut stable = edge.edges(p, o) | (fh & fv & f7 & f9 & central);
            if stable == 0 {
                return 0;
            }
            loop {
                let old = stable;
                let sh = stable >> 1 | stable << 1 | fh;
                let sv = stable >> 8 | stable << 8 | fv;
                let s7 = stable >> 7 | stable << 7 | f7;
                let s9 = stable >> 9 | stable << 9 | f9;
                stable |= sh & sv & s7 & s9 & central;
                if stable == old {
                    return stable;
                }
            }
        }
    };
}
hot_copies!(stable_body);

/// The number of stable discs of `p` (see [`stable_discs`]).
#[inline]
pub(crate) fn stability(edge: &EdgeTable, p: u64, o: u64) -> u32 {
    stable_discs(edge, p, o).count_ones()
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    /// Squares on full lines by walking each line square by square.
    fn full_lines_naive(disc: u64) -> [u64; 4] {
        let full = |c: i32, r: i32| (0..8).contains(&c) && (0..8).contains(&r);
        let mut out = [0u64; 4];
        for (k, (dc, dr)) in [(1, 0), (0, 1), (-1, 1), (1, 1)].into_iter().enumerate() {
            for sq in 0..64 {
                let (c0, r0) = (sq % 8, sq / 8);
                let mut all = true;
                for sign in [-1, 1] {
                    let (mut c, mut r) = (c0, r0);
                    while full(c, r) {
                        all &= disc >> (8 * r + c) & 1 == 1;
                        c += sign * dc;
                        r += sign * dr;
                    }
                }
                if all {
                    out[k] |= 1 << sq;
                }
            }
        }
        out
    }

    pub fn full_lines_match_naive() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for i in 0..20_000 {
            x = crate::game::mix64(x.wrapping_add(i));
            // Dense boards, so that many lines are full.
            let disc = x | crate::game::mix64(x) | crate::game::mix64(x ^ 7);
            assert_eq!(full_lines(disc), full_lines_naive(disc), "disc {disc:#x}");
        }
        assert_eq!(full_lines(u64::MAX), [u64::MAX; 4]);
    }

    pub fn packing() {
        for b in 0..256u64 {
            assert_eq!(pack_file_a(unpack_file_a(b)), b);
            assert_eq!(pack_file_a(unpack_file_a(b) << 7 >> 7), b);
        }
    }

    pub fn edge_lines() {
        let t = EdgeTable::get();
        // A lone corner is stable; a lone non-corner edge disc is not.
        assert_eq!(t.line(0b1, 0), 0b1);
        assert_eq!(t.line(0b10, 0), 0);
        // A full line is stable.
        assert_eq!(t.line(0b1010_1010, 0b0101_0101), 0b1010_1010);
        // Corner and its contiguous run.
        assert_eq!(t.line(0b0000_0111, 0b0000_1000), 0b0000_0111);
        // X O O . — the Os can be flipped by X playing on the right.
        assert_eq!(t.line(0b0000_0110, 0b0000_0001), 0);
        // The four edges as seen on a board: corners a1 and h8 only.
        assert_eq!(t.edges(1 | 1 << 63, 0), 1 | 1 << 63);
        assert_eq!(t.edges(1 << 8 | 1, 0), 1 << 8 | 1);
        assert_eq!(t.edges(1 << 15 | 1 << 7, 0), 1 << 15 | 1 << 7);
    }

    pub fn full_board_is_all_stable() {
        let t = EdgeTable::get();
        let p = 0x0f0f_0f0f_0f0f_0f0f;
        assert_eq!(stable_discs(t, p, !p), p);
    }
}

//! The eight symmetries of the Othello board (the dihedral group of the square)
//! on `u64` boards with `a1` = bit 0 and `h8` = bit 63, and the canonical form of
//! a position under them: what perft's table stores, so that a position and its
//! seven images share one entry (as Edax's `board_unique` does).

/// Rows in reverse order (`a1` ↔ `a8`): a byte swap.
#[inline]
pub(crate) fn flip_vertical(b: u64) -> u64 {
    b.swap_bytes()
}

/// Columns in reverse order (`a1` ↔ `h1`): the bits of each byte reversed.
#[inline]
pub(crate) fn mirror_horizontal(b: u64) -> u64 {
    b.reverse_bits().swap_bytes()
}

/// Reflection in the `a1`–`h8` diagonal (`b1` ↔ `a2`): three delta swaps, of
/// 4×4, 2×2 and 1×1 blocks.
#[inline]
pub(crate) fn transpose(mut b: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// The canonical form of the position `(p, o)`: the least `(p, o)` pair, in
/// lexicographic order, among its eight images. Two positions have the same
/// canonical form exactly when a symmetry maps one onto the other.
#[inline]
pub(crate) fn canonical(p: u64, o: u64) -> (u64, u64) {
    let mut best = (p, o);
    let (tp, to) = (transpose(p), transpose(o));
    for (p, o) in [(p, o), (tp, to)] {
        let (vp, vo) = (flip_vertical(p), flip_vertical(o));
        for c in [
            (p, o),
            (vp, vo),
            (mirror_horizontal(p), mirror_horizontal(o)),
            (mirror_horizontal(vp), mirror_horizontal(vo)),
        ] {
            best = best.min(c);
        }
    }
    best
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    /// The `k`-th symmetry (`k < 8`) of a board: bit 0 transposes first, bit 1 flips
    /// the rows, bit 2 mirrors the columns. `k = 0` is the identity.
    #[inline]
    fn apply(k: u32, b: u64) -> u64 {
        let b = if k & 1 != 0 { transpose(b) } else { b };
        let b = if k & 2 != 0 { flip_vertical(b) } else { b };
        if k & 4 != 0 {
            mirror_horizontal(b)
        } else {
            b
        }
    }

    /// The square of column `c`, row `r` after the `k`-th symmetry, cell by cell.
    fn naive(k: u32, c: u32, r: u32) -> (u32, u32) {
        let (c, r) = if k & 1 != 0 { (r, c) } else { (c, r) };
        let r = if k & 2 != 0 { 7 - r } else { r };
        let c = if k & 4 != 0 { 7 - c } else { c };
        (c, r)
    }

    pub fn each_symmetry_moves_each_square_where_the_naive_map_says() {
        for k in 0..8 {
            for sq in 0..64 {
                let (c, r) = naive(k, sq % 8, sq / 8);
                assert_eq!(apply(k, 1 << sq), 1 << (8 * r + c), "symmetry {k}, square {sq}");
            }
        }
        // b1 (bit 1) and a2 (bit 8) swap under the transpose.
        assert_eq!(transpose(1 << 1), 1 << 8);
    }

    pub fn canonical_forms_agree_across_the_images_and_differ_otherwise() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (p, o) = (x & 0x00ff_f00f_0ff0_ff00, !x & 0x0f0f_00ff_f0f0_0ff0);
            let c = canonical(p, o);
            for k in 0..8 {
                assert_eq!(canonical(apply(k, p), apply(k, o)), c);
            }
            let images: Vec<_> = (0..8).map(|k| (apply(k, p), apply(k, o))).collect();
            assert!(images.contains(&c));
            assert_eq!(*images.iter().min().unwrap(), c);
        }
        // The four first moves of Othello are images of one another.
        let start = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        let d3 = (start.0 | 1 << 19 | 1 << 27, start.1 & !(1 << 27));
        let f5 = (start.0 | 1 << 37 | 1 << 36, start.1 & !(1 << 36));
        assert_eq!(canonical(d3.1, d3.0), canonical(f5.1, f5.0));
    }
}

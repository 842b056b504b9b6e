//! The rules of lines on the packed board, written once for the game and the
//! solver: four in a row, the cells that would complete one, and the mirror
//! image of a key.
//!
//! Column `c` of a board of height `h` holds bits `c·(h+1) … c·(h+1)+h-1`, bottom
//! to top, with a spare bit on top. Neighbours along a line are then a shift
//! apart: 1 vertically, `h + 1` horizontally, `h` and `h + 2` along the two
//! diagonals (Tromp's layout; Browne, Alg. 7). The spare bits keep a shifted
//! line from wrapping into the next column.

/// `x << s`, 0 once `s` reaches 64 (tall, thin boards).
#[inline(always)]
pub(crate) fn shl(x: u64, s: u32) -> u64 {
    x.checked_shl(s).unwrap_or(0)
}

/// `x >> s`, 0 once `s` reaches 64.
#[inline(always)]
pub(crate) fn shr(x: u64, s: u32) -> u64 {
    x.checked_shr(s).unwrap_or(0)
}

/// Whether `b` holds four in a row on a board of height `h`:
/// `pairs = b & (b >> s)`, then `pairs & (pairs >> 2s)`, for each line shift `s`.
#[inline]
pub fn has_four(b: u64, h: u32) -> bool {
    let test = |s: u32| {
        let pairs = b & shr(b, s);
        pairs & shr(pairs, 2 * s) != 0
    };
    test(1) || test(h + 1) || test(h) || test(h + 2)
}

/// The cells that would give `stones` four in a row on a board of height `h`
/// (Pons' `compute_winning_position`): the cells with three of `stones` in a
/// line beside them, along each shift, occupied cells and spare bits included
/// (the caller keeps the empty cells it wants). Vertically only the three
/// below count: nothing lies above an empty cell.
#[inline(always)]
pub(crate) fn winning_cells(stones: u64, h: u32) -> u64 {
    let mut r = shl(stones, 1) & shl(stones, 2) & shl(stones, 3);
    for s in [h + 1, h, h + 2] {
        let p = shl(stones, s) & shl(stones, 2 * s);
        r |= p & shl(stones, 3 * s);
        r |= p & shr(stones, s);
        let p = shr(stones, s) & shr(stones, 2 * s);
        r |= p & shl(stones, s);
        r |= p & shr(stones, 3 * s);
    }
    r
}

/// The key of the mirror image (columns reversed) of a position key on a
/// `w × h` board. A key (`current + mask`) is column-local: each column's sum
/// stays inside its `h + 1` bits, so mirroring the key is mirroring its columns.
#[inline(always)]
pub(crate) fn mirror_key(key: u64, w: u32, h: u32) -> u64 {
    let col = (1u64 << (h + 1)) - 1;
    let mut out = 0;
    for c in 0..w {
        let bits = (key >> (c * (h + 1))) & col;
        out |= bits << ((w - 1 - c) * (h + 1));
    }
    out
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn mirror_is_an_involution() {
        for key in [0u64, 1, 0b1011, 1 << 48, 0x1234_5678_9abc] {
            let k = key & ((1 << 49) - 1);
            assert_eq!(mirror_key(mirror_key(k, 7, 6), 7, 6), k);
        }
        assert_eq!(mirror_key(1, 7, 6), 1 << 42);
    }

    /// On boards without a four, an empty cell is winning exactly when
    /// adding it makes one (the stones sit in gravity-valid columns, so
    /// nothing lies above an empty cell).
    pub fn winning_cells_complete_fours() {
        let (w, h) = (7u32, 6u32);
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut tested = 0;
        for _ in 0..3000 {
            let mut mask = 0u64;
            for c in 0..w {
                let height = (next() % (h as u64 + 1)) as u32;
                mask |= ((1u64 << height) - 1) << (c * (h + 1));
            }
            let stones = mask & next();
            if has_four(stones, h) {
                continue;
            }
            tested += 1;
            let board = (0..w).fold(0u64, |b, c| b | (((1u64 << h) - 1) << (c * (h + 1))));
            let cells = winning_cells(stones, h);
            for bit in (0..64).map(|i| 1u64 << i).filter(|b| board & !mask & b != 0) {
                assert_eq!(cells & bit != 0, has_four(stones | bit, h), "{stones:#x} {bit:#x}");
            }
        }
        assert!(tested > 1000);
    }
}

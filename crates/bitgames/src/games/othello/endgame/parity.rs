//! Quadrant parity: in the endgame a region with an odd number of empty squares
//! is better entered first (whoever moves there last gets the last flip), so
//! the search keeps, as a 4-bit set, the quadrants of the board that hold an odd
//! number of empty squares and updates it with one XOR per move.

/// Bit `q` for the quadrant of each square (0 top-left, 1 top-right, 2
/// bottom-left, 3 bottom-right).
pub(super) const QUADRANT_BIT: [u32; 64] = {
    let mut t = [0u32; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = 1 << ((sq / 32) * 2 + (sq % 8) / 4);
        sq += 1;
    }
    t
};

/// The squares of the quadrants whose bits are set, for each 4-bit set.
pub(super) const PARITY_MASK: [u64; 16] = {
    const Q: [u64; 4] = [0x0f0f_0f0f, 0xf0f0_f0f0, 0x0f0f_0f0f << 32, 0xf0f0_f0f0 << 32];
    let mut t = [0u64; 16];
    let mut s = 0;
    while s < 16 {
        t[s] = super::union_of(s, &Q);
        s += 1;
    }
    t
};

/// The quadrants holding an odd number of the squares `empty`.
#[inline]
pub(super) fn parity_of(empty: u64) -> u32 {
    (0..4).fold(0, |acc, q| acc | ((empty & PARITY_MASK[1 << q]).count_ones() & 1) << q)
}

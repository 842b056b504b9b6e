//! Unit tests of the solver's tables and leaf scores.

use super::last_moves::{last_flips, NEIGHBOUR};
use super::parity::{parity_of, PARITY_MASK, QUADRANT_BIT};
use super::search::final_score;
use crate::games::othello::movegen::{MoveGen, Portable};

pub fn tables() {
    assert_eq!(QUADRANT_BIT[0], 1);
    assert_eq!(QUADRANT_BIT[7], 2);
    assert_eq!(QUADRANT_BIT[56], 4);
    assert_eq!(QUADRANT_BIT[63], 8);
    assert_eq!(PARITY_MASK[15], u64::MAX);
    assert_eq!(NEIGHBOUR[0], 0x302);
    assert_eq!(parity_of(1 | 1 << 63 | 1 << 62), 1);
}

pub fn last_flips_match_the_move_generator() {
    let mut x = 7u64;
    for i in 0..200_000u64 {
        x = crate::game::mix64(x ^ i);
        let sq = (i % 64) as u32;
        let p = x & !(1 << sq);
        let want = Portable.flips(p, !(p | 1 << sq), sq).count_ones() as i32;
        assert_eq!(last_flips(p, sq), want, "p {p:#x} sq {sq}");
    }
}

pub fn final_scores() {
    // Full board, 40 discs to 24.
    assert_eq!(final_score((1 << 40) - 1, 0), 16);
    // 30 to 20 with 14 empties: 10 + 14.
    assert_eq!(final_score((1 << 30) - 1, 14), 24);
    assert_eq!(final_score((1 << 20) - 1, 14), -24);
    assert_eq!(final_score((1 << 25) - 1, 14), 0);
}

//! Small helpers the games share: error text clipping, random indices, hashes.

use rand::Rng;

/// Shortens long user text for error messages.
/// Control characters are escaped (`\u{1b}`, `\n`, …), so no input can
/// move a terminal's cursor or colour its text through an error message.
pub fn clip(text: &str) -> String {
    const MAX: usize = 80;
    let mut out = String::new();
    for (i, ch) in text.chars().enumerate() {
        if i == MAX {
            out.push('…');
            break;
        }
        push_escaped(&mut out, ch);
    }
    out
}

/// Appends `ch` to `out`, a control character escaped (`\u{1b}`, `\n`, …) so
/// that echoed user text cannot move a terminal's cursor or colour its text.
pub fn push_escaped(out: &mut String, ch: char) {
    if ch.is_control() {
        out.extend(ch.escape_default());
    } else {
        out.push(ch);
    }
}

/// A uniform index below `n` from one 32-bit draw (multiply and shift, no
/// division): how the games pick a random move.
#[inline(always)]
pub fn random_below<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    (rng.next_u32() as u64 * n) >> 32
}

/// Bit `k` counted across `sets` in order (the moves of several directions
/// laid end to end), with the index of the set it is in; `None` past the end.
/// `counts` are the sets' sizes, which the caller has already taken.
#[inline]
pub fn nth_across<const N: usize, const K: usize>(
    sets: &[crate::bits::Bits<N>; K], counts: &[u32; K], mut k: usize,
) -> Option<(usize, usize)> {
    for (d, (s, &c)) in sets.iter().zip(counts).enumerate() {
        let c = c as usize;
        if k < c {
            return s.nth(k).map(|bit| (d, bit));
        }
        k -= c;
    }
    None
}

/// A position hash of the two players' cell sets and a `salt` (the side to
/// move, where the sets do not tell it): every word mixed in with its owner,
/// then the salt, mixed on its own. (XORed into the first word, as it once
/// was, a salt of 1 cancelled the stone on cell 0: a position and the same
/// one with that stone and the other side to move hashed alike.) Shared by
/// the grid games' [`Rules::position_hash`](crate::game::Rules::position_hash).
pub fn hash_sets<const N: usize>(sets: &[crate::bits::Bits<N>; 2], salt: u64) -> u64 {
    let mut h = 0x9e37_79b9_7f4a_7c15u64;
    for (p, s) in sets.iter().enumerate() {
        for &w in s.0.iter() {
            h = mix64(h ^ w ^ (p as u64) << 63);
        }
    }
    mix64(h ^ mix64(salt ^ 0x6a09_e667_f3bc_c909))
}

/// A 64-bit finaliser (SplitMix64's), for turning board keys into hashes.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

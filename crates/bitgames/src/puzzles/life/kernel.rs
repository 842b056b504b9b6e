//! Bit-sliced neighbour counting shared by the torus and the plane.
//!
//! Each row word is first summed horizontally (left + centre + right, a 2-bit
//! number per cell: `lo`, `hi`); three such row sums then add up to the 9-cell
//! sum `s` (the cell and its eight neighbours, 0..=9) as four bit planes. A
//! dead cell has `s` neighbours, a live one `s − 1`; Conway's rule is
//! "`s == 3`, or `s == 4` and alive".

use super::rule::Rule;

/// Horizontal 3-sum of a row word: `(lo, hi)` of `l + c + r` per bit (a full adder).
#[inline(always)]
pub(super) fn hsum(l: u64, c: u64, r: u64) -> (u64, u64) {
    let x = l ^ c;
    (x ^ r, (l & c) | (x & r))
}

/// The four bit planes of the 9-cell sum from three horizontal row sums.
#[inline(always)]
pub(super) fn sum9(al: u64, ah: u64, bl: u64, bh: u64, cl: u64, ch: u64) -> [u64; 4] {
    let x = al ^ bl;
    let s0 = x ^ cl;
    let k0 = (al & bl) | (x & cl);
    let y = ah ^ bh;
    let t0 = y ^ ch;
    let t1 = (ah & bh) | (y & ch);
    let u = t0 ^ k0;
    let v = t0 & k0;
    [s0, u, t1 ^ v, t1 & v]
}

/// A rule evaluated on whole words: the next state from the cell and its 9-sum.
pub(super) trait Kernel: Sync + Send + Copy {
    /// The next generation of 64 cells.
    fn next(&self, alive: u64, s: [u64; 4]) -> u64;
}

/// B3/S23: `s == 3 | (s == 4 & alive)`.
#[derive(Clone, Copy)]
pub(super) struct Conway;

impl Kernel for Conway {
    #[inline(always)]
    fn next(&self, alive: u64, [b0, b1, b2, b3]: [u64; 4]) -> u64 {
        !b3 & ((b0 & b1 & !b2) | (alive & !b0 & !b1 & b2))
    }
}

/// Any B/S rule: born if `s ∈ B`, survives if `s − 1 ∈ S`.
#[derive(Clone, Copy)]
pub(super) struct Generic {
    /// 9-sums (0..=9) that make a dead cell alive.
    born: u16,
    /// 9-sums (1..=9) that keep a live cell alive.
    keep: u16,
}

impl Generic {
    /// The kernel of a rule.
    pub(super) fn new(rule: Rule) -> Self {
        Generic { born: rule.birth, keep: rule.survive << 1 }
    }
}

/// The cells whose 9-sum is in `set` (bits 0..=9).
#[inline(always)]
fn in_set(set: u16, [b0, b1, b2, b3]: [u64; 4]) -> u64 {
    let mut out = 0;
    let pick = |bit: u64, k: u16, i: u16| if k >> i & 1 == 1 { bit } else { !bit };
    for k in 0..10u16 {
        if set >> k & 1 == 1 {
            out |= pick(b0, k, 0) & pick(b1, k, 1) & pick(b2, k, 2) & pick(b3, k, 3);
        }
    }
    out
}

impl Kernel for Generic {
    #[inline(always)]
    fn next(&self, alive: u64, s: [u64; 4]) -> u64 {
        (alive & in_set(self.keep, s)) | (!alive & in_set(self.born, s))
    }
}

/// The next generation of one row: `above`, `here`, `below` are horizontal sums
/// (`lo`, `hi`) of the three rows, `alive` the row itself.
#[inline(always)]
pub(super) fn row_next<K: Kernel>(
    k: K, alive: &[u64], above: (&[u64], &[u64]), here: (&[u64], &[u64]), below: (&[u64], &[u64]),
    out: &mut [u64],
) {
    let n = out.len();
    let (alive, al, ah) = (&alive[..n], &above.0[..n], &above.1[..n]);
    let (bl, bh, cl, ch) = (&here.0[..n], &here.1[..n], &below.0[..n], &below.1[..n]);
    for i in 0..n {
        out[i] = k.next(alive[i], sum9(al[i], ah[i], bl[i], bh[i], cl[i], ch[i]));
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn sum9_counts() {
        // Every combination of three 2-bit row sums in one word's low bits.
        for a in 0..4u64 {
            for b in 0..4u64 {
                for c in 0..4u64 {
                    let s = sum9(a & 1, a >> 1, b & 1, b >> 1, c & 1, c >> 1);
                    let v = s[0] + 2 * s[1] + 4 * s[2] + 8 * s[3];
                    assert_eq!(v, a + b + c);
                }
            }
        }
    }

    pub fn generic_kernel_matches_conway() {
        let g = Generic::new(Rule::CONWAY);
        for sum in 0..10u64 {
            let s = [sum & 1, sum >> 1 & 1, sum >> 2 & 1, sum >> 3 & 1].map(|b| b * !0);
            for alive in [0, !0] {
                assert_eq!(Conway.next(alive, s), g.next(alive, s));
            }
        }
    }
}

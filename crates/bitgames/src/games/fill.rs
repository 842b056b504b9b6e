//! Fill playouts: what Hex and Y share when they play random games in bulk.
//!
//! In a connection game whose full board always has exactly one winner and
//! whose stones stay where they are put (Hex, Y), a uniformly random game is a
//! uniformly random order of the empty cells, played until the winner's first
//! connection: the game is decided by the whole fill, and only the ply it ended
//! on needs a search. So a batch of playouts draws one random order of the
//! empty cells per game ([`Draws`] and [`shuffle_into`]), writes each cell's
//! position in that order into the board, and asks the game's connection test
//! which prefix of the order first connects.

use rand::RngCore;

/// Bounded random numbers for `G` boards at once, several from one 64-bit
/// draw: the multiply-shift of [`random_below`](crate::game::random_below)
/// (Lemire 2019) chained, each number taken from the high word of the product
/// and the low word kept for the next (Brackett-Rozinsky and Lemire 2024,
/// without their rejection step). Each board has its own word, refilled from
/// the one generator after `per_word` numbers, chosen so that the ranges
/// multiplied stay within 2³², so every number's bias is at most 2⁻³², as
/// `random_below`'s. The boards' chains of multiplications are independent,
/// so the processor overlaps them.
pub(crate) struct Draws<R, const G: usize> {
    rng: R,
    words: [u64; G],
    left: u32,
    per_word: u32,
}

impl<R: RngCore, const G: usize> Draws<R, G> {
    /// Numbers below at most `max` (≥ 1) from `rng`.
    pub(crate) fn new(rng: R, max: u64) -> Self {
        let bits = 64 - max.max(2).saturating_sub(1).leading_zeros();
        Draws { rng, words: [0; G], left: 0, per_word: (32 / bits).max(1) }
    }

    /// A number in `0..n` for each board (`1 ≤ n ≤ max`).
    #[inline(always)]
    pub(crate) fn below(&mut self, n: u64) -> [u64; G] {
        if self.left == 0 {
            for w in &mut self.words {
                *w = self.rng.next_u64();
            }
            self.left = self.per_word;
        }
        self.left -= 1;
        std::array::from_fn(|g| {
            let m = self.words[g] as u128 * n as u128;
            self.words[g] = m as u64;
            (m >> 64) as u64
        })
    }
}

/// The largest board [`shuffle_into`] writes: places are below this.
pub(crate) const PLACES: usize = 512;

/// The inside-out Fisher–Yates shuffle (Durstenfeld 1964, in Knuth's TAOCP
/// vol. 2, 3.4.2), for `G` boards at once: puts `values[i]` into
/// `board[at[i]][first + g]` for a uniformly random permutation of the places
/// `at` (each below [`PLACES`], at most [`PLACES`] of them) per board `g`,
/// every place written once. The boards' cells are side by side (`W ≥ first +
/// G` boards in all), so that the game's test can treat them at once.
#[inline(always)]
pub(crate) fn shuffle_into<T: Copy, R: RngCore, const W: usize, const G: usize>(
    board: &mut [Lanes<T, W>; PLACES], at: &[u16], values: &[T], draws: &mut Draws<R, G>,
    first: usize,
) {
    let all = at.len().min(values.len()).min(PLACES);
    let (at, values) = (&at[..all], &values[..all]);
    assert!(first + G <= W, "the boards are within the lanes");
    for (i, (&here, &v)) in at.iter().zip(values).enumerate() {
        let here = here as usize % PLACES;
        // Each draw is at most i, below at.len().
        let picks = draws.below(i as u64 + 1);
        for (g, &j) in picks.iter().enumerate() {
            let there = at[j as usize] as usize % PLACES;
            board[here].0[first + g] = board[there].0[first + g];
            board[there].0[first + g] = v;
        }
    }
}

/// The fewest stones, from 1 to `m`, with which `joins` first holds (it holds
/// for `m`, and from its first ply on): a binary search over the prefixes of
/// the winner's stones in the fill order, which the game replays up to that
/// stone to learn the ply it ended on.
#[inline(always)]
pub(crate) fn first_joining(m: usize, joins: impl Fn(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (1, m);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if joins(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// `G` words side by side, one per board, with the bitwise operations done
/// lane by lane (which the compiler turns into vector instructions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lanes<T, const G: usize>(pub [T; G]);

impl<T: Copy + Default, const G: usize> Default for Lanes<T, G> {
    fn default() -> Self {
        Lanes([T::default(); G])
    }
}

impl<T: Copy + std::ops::BitAnd<Output = T>, const G: usize> std::ops::BitAnd for Lanes<T, G> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        Lanes(std::array::from_fn(|g| self.0[g] & o.0[g]))
    }
}

impl<T: Copy + std::ops::BitOr<Output = T>, const G: usize> std::ops::BitOr for Lanes<T, G> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        Lanes(std::array::from_fn(|g| self.0[g] | o.0[g]))
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Each of the 120 orders of five places comes up about equally often, on
    /// each of three interleaved boards, and each board writes each value
    /// once.
    pub fn shuffles_are_uniform() {
        const G: usize = 3;
        let at = [7u16, 3, 100, 511, 0];
        let values = [1u8, 2, 3, 4, 5];
        let mut draws = Draws::<_, G>::new(Xoshiro256PlusPlus::seed_from_u64(17), at.len() as u64);
        let mut board = [Lanes([0u8; G]); PLACES];
        let mut counts = [[0u32; 120]; G];
        let rounds = 120_000;
        for _ in 0..rounds {
            shuffle_into(&mut board, &at, &values, &mut draws, 0);
            for (g, count) in counts.iter_mut().enumerate() {
                let got: Vec<u8> = at.iter().map(|&p| board[p as usize].0[g]).collect();
                let mut sorted = got.clone();
                sorted.sort_unstable();
                assert_eq!(sorted, values);
                // The order's rank among the 120 (Lehmer code).
                let mut rank = 0;
                for i in 0..5 {
                    let smaller = got[i + 1..].iter().filter(|&&v| v < got[i]).count();
                    rank = rank * (5 - i) + smaller;
                }
                count[rank] += 1;
            }
        }
        for count in &counts {
            // Expected 1,000 each; a standard deviation is about 31.
            for &c in count {
                assert!((850..=1150).contains(&c), "{count:?}");
            }
        }
    }
}

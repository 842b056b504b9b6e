//! Hex's bulk random playouts: 64 games at once by fill, one bit of a word
//! each, every connection test a Y reduction of all 64 boards.

use super::{Hex, MAX_SIZE};
use crate::cpu::Avx2;
use crate::game::{Outcome, Player};
use crate::games::fill::{shuffle_into, Draws, Lanes, PLACES};
use crate::search::playout::PlayoutStats;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
/// The largest board [`EmbeddedFill`] plays: its fill positions fit a byte.
pub(super) const EMBEDDED_MAX: usize = 15;

/// Games [`EmbeddedFill`] plays at once: a bit of a word each.
pub(super) const GAMES: usize = 64;

/// Games whose shuffles are interleaved ([`shuffle_into`]).
pub(super) const SHUFFLED: usize = 4;

/// The stride of [`EmbeddedFill`]'s Y triangle: cell `(x, y)` at
/// `x · YSTRIDE + y`, sides up to `2 · 15 − 1`.
pub(super) const YSTRIDE: usize = 32;

/// Random Hex games in bulk by fill (see [`fill`](super::fill)), 64 at a
/// time, one bit of a word for each game, with every connection test a Y
/// reduction of all 64 boards at once.
///
/// Hex is a special case of Y: the `n × n` rhombus is the corner `x, y < n`
/// of the Y triangle of side `2n − 1` (the same hexagonal adjacency, Hex's
/// top row on Y's top side, its left column on Y's left side). Below the
/// rhombus (`y ≥ n`) lies a triangle that touches Y's left side and diagonal
/// and every cell of the rhombus's bottom row; right of it (`x ≥ n`) one that
/// touches Y's top and diagonal and the whole right column. Given to the
/// player tested, the lower triangle makes a Y exactly when that player's
/// cells join the rhombus's top and bottom rows (the first player's goal),
/// the right one exactly when they join its left and right columns (the
/// second's), the other triangle going to the opponent. Both triangles are
/// constant, so the reduction ([`embedded_reduce`]) only computes the cells
/// in the rhombus's corner: about 1,200 majorities for 11×11, each for 64
/// games.
///
/// Each game's fill writes its cells' positions (bytes) side by side with the
/// other games'. The first reduction, of the full boards, names each game's
/// winner; then a binary search over the winner's moves, one step for all 64
/// games at once, each testing its own prefix, finds the move that first
/// joined the winner's sides.
pub(super) struct EmbeddedFill {
    pub(super) n: usize,
    /// The side to move at the start, 0 or 1.
    pub(super) mover: usize,
    /// The empty cells: their places in the fill (`r · n + c`).
    pub(super) at: Vec<u16>,
    /// Their positions in the fill's order, `0 … at.len()`.
    pub(super) order: Vec<u8>,
    /// Every cell of the rhombus: its place in the Y triangle, and its stone
    /// already down (0 or 1) or, when empty, `2 + ` its index in `at`.
    pub(super) cells: Vec<(usize, usize)>,
    /// Binary search steps that find any of the winner's moves.
    pub(super) steps: u32,
}

impl EmbeddedFill {
    pub(super) fn new<const N: usize>(hex: &Hex<N>) -> Self {
        let n = hex.size();
        let mut at = Vec::new();
        let mut cells = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let i = hex.board.grid.cell(c, r).expect("on the board");
                let what = if hex.board.stones[0].contains(i) {
                    0
                } else if hex.board.stones[1].contains(i) {
                    1
                } else {
                    at.push((r * n + c) as u16);
                    1 + at.len()
                };
                cells.push((c * YSTRIDE + r, what));
            }
        }
        assert!(n <= EMBEDDED_MAX && at.len() <= 255, "fill positions fit a byte");
        let order = (0..at.len()).map(|k| k as u8).collect();
        // The winner has at most ceil(e / 2) moves.
        let most = at.len().div_ceil(2) as u64;
        let steps = 64 - (most.max(1) - 1).leading_zeros();
        EmbeddedFill { n, mover: hex.board.mover(), at, order, cells, steps }
    }

    /// `count` games in batches of [`GAMES`], each game's order drawn from
    /// its own xoshiro256++ generator seeded from `rng` (the same totals for
    /// the same `rng` on every platform).
    pub(super) fn playouts<R: Rng + ?Sized>(
        &self, count: u64, rng: &mut R, stats: &mut PlayoutStats,
    ) {
        let e = self.at.len() as u64;
        let mut draws: [Draws<Xoshiro256PlusPlus, SHUFFLED>; GAMES / SHUFFLED] =
            std::array::from_fn(|_| {
                Draws::new(Xoshiro256PlusPlus::seed_from_u64(rng.next_u64()), e)
            });
        let mut pos = Box::new([Lanes([0u8; GAMES]); PLACES]);
        let mut y = Box::new([0u64; YSTRIDE * YSTRIDE]);
        let mut left = count;
        while left > 0 {
            for (k, d) in draws.iter_mut().enumerate() {
                shuffle_into(&mut pos, &self.at, &self.order, d, k * SHUFFLED);
            }
            let games = self.results(&pos, &mut y);
            for &(winner, plies) in games.iter().take(left.min(GAMES as u64) as usize) {
                stats.record(plies as u64, Outcome::WonBy(winner));
            }
            left = left.saturating_sub(GAMES as u64);
        }
    }

    /// Each game's winner and the plies it lasted, from the fill positions
    /// `pos` (`pos[r · n + c]` holds each game's position of cell `(c, r)`);
    /// `y` is room for the reductions.
    pub(super) fn results(
        &self, pos: &[Lanes<u8, GAMES>; PLACES], y: &mut [u64; YSTRIDE * YSTRIDE],
    ) -> [(Player, u32); GAMES] {
        let n = self.n;
        let avx2 = Avx2::detect();
        let flip = if self.mover == 0 { 0 } else { u64::MAX };
        // The full boards: the first player's cells (its stones down, and
        // the fill's even positions when it moves first, odd ones otherwise),
        // tested for top to bottom.
        let mut first = [0u64; MAX_SIZE * MAX_SIZE];
        for (k, &(place, what)) in self.cells.iter().enumerate() {
            first[k] = match what {
                0 => u64::MAX,
                1 => 0,
                i => !(odd_bits(&pos[self.at[i - 2] as usize].0, avx2) ^ flip),
            };
            y[place] = first[k];
        }
        let first_won = embedded_reduce(y, n, u64::MAX);
        // Each game's winner's moves are at positions d, d + 2, …: its j-th
        // at 2j + d, d = 0 when the winner moved first. Its first t moves
        // are the winner's cells at positions below 2t. Search the least t
        // in 1..=most whose moves join the winner's sides.
        let d = |g: usize| ((first_won >> g) & 1 == 0) as usize ^ self.mover;
        let e = self.at.len();
        let mut lo = [1u8; GAMES];
        let mut hi: [u8; GAMES] = std::array::from_fn(|g| ((e + 1 - d(g)) / 2) as u8);
        for _ in 0..self.steps {
            let below: [u8; GAMES] = std::array::from_fn(|g| lo[g] + hi[g]);
            let mid: [u8; GAMES] = std::array::from_fn(|g| below[g] / 2);
            // 2·mid, the positions below the prefix's end.
            let limit: [u8; GAMES] = std::array::from_fn(|g| below[g] & !1);
            for (k, &(place, what)) in self.cells.iter().enumerate() {
                // The winner's cells: the first player's where it won.
                let mine = !(first[k] ^ first_won);
                y[place] = match what {
                    0 | 1 => mine,
                    i => below_bits(&pos[self.at[i - 2] as usize].0, &limit, avx2) & mine,
                };
            }
            let joined = embedded_reduce(y, n, first_won);
            for g in 0..GAMES {
                if (joined >> g) & 1 == 1 {
                    hi[g] = mid[g];
                } else {
                    lo[g] = mid[g] + 1;
                }
            }
        }
        std::array::from_fn(|g| {
            let winner = if (first_won >> g) & 1 == 1 { Player::First } else { Player::Second };
            (winner, 2 * lo[g] as u32 - 1 + d(g) as u32)
        })
    }
}

/// Bit `g` set where `bytes[g]` is odd: by AVX2 where the CPU has it.
#[inline(always)]
pub(super) fn odd_bits(bytes: &[u8; GAMES], avx2: Option<Avx2>) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if avx2.is_some() {
        // SAFETY: an `Avx2` exists only if the CPU has AVX2.
        return unsafe { odd_bits_avx2(bytes) };
    }
    let _ = avx2;
    odd_bits_portable(bytes)
}

/// [`odd_bits`] by AVX2: bit 0 of each byte moved to bit 7, which movemask takes.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn odd_bits_avx2(bytes: &[u8; GAMES]) -> u64 {
    use std::arch::x86_64::*;
    let p = bytes.as_ptr() as *const __m256i;
    // SAFETY: the loads read the 64 bytes of `bytes`, unaligned.
    let (a, b) = unsafe { (_mm256_loadu_si256(p), _mm256_loadu_si256(p.add(1))) };
    let lo = _mm256_movemask_epi8(_mm256_slli_epi16::<7>(a)) as u32 as u64;
    let hi = _mm256_movemask_epi8(_mm256_slli_epi16::<7>(b)) as u32 as u64;
    lo | hi << 32
}

/// [`odd_bits`] one byte at a time.
#[inline(always)]
pub(super) fn odd_bits_portable(bytes: &[u8; GAMES]) -> u64 {
    let mut w = 0;
    for (g, &b) in bytes.iter().enumerate() {
        w |= ((b & 1) as u64) << g;
    }
    w
}

/// Bit `g` set where `bytes[g] < limit[g]`: by AVX2 where the CPU has it.
#[inline(always)]
pub(super) fn below_bits(bytes: &[u8; GAMES], limit: &[u8; GAMES], avx2: Option<Avx2>) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if avx2.is_some() {
        // SAFETY: an `Avx2` exists only if the CPU has AVX2.
        return unsafe { below_bits_avx2(bytes, limit) };
    }
    let _ = avx2;
    below_bits_portable(bytes, limit)
}

/// [`below_bits`] by AVX2: `v ≥ m` exactly where `max(v, m) = v`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn below_bits_avx2(bytes: &[u8; GAMES], limit: &[u8; GAMES]) -> u64 {
    use std::arch::x86_64::*;
    let (p, l) = (bytes.as_ptr() as *const __m256i, limit.as_ptr() as *const __m256i);
    let half = |k: usize| {
        // SAFETY: `k` is 0 or 1: the loads read 32 of the 64 bytes of
        // `bytes` and of `limit`, unaligned.
        let (v, m) = unsafe { (_mm256_loadu_si256(p.add(k)), _mm256_loadu_si256(l.add(k))) };
        let at_least = _mm256_cmpeq_epi8(_mm256_max_epu8(v, m), v);
        !(_mm256_movemask_epi8(at_least) as u32) as u64
    };
    half(0) | half(1) << 32
}

/// [`below_bits`] one byte at a time.
#[inline(always)]
pub(super) fn below_bits_portable(bytes: &[u8; GAMES], limit: &[u8; GAMES]) -> u64 {
    let mut w = 0;
    for g in 0..GAMES {
        w |= ((bytes[g] < limit[g]) as u64) << g;
    }
    w
}

/// The Y reduction of the triangle of side `2n − 1` holding a Hex board of
/// side `n` in its corner ([`EmbeddedFill`]), one board per bit, and returns
/// the top cell: bit `g` set when board `g`'s tested player has a Y. `first`
/// has bit `g` set where board `g` tests the first player: the triangle below
/// the rhombus is that player's, the one to its right the other's. Browne
/// §5.2.3, Listing 1's majority of triplets, bit-sliced as
/// [`ops::y_reduce_sliced`].
///
/// Only the rhombus's cells `x, y < n` are computed, four rows of a column at
/// a time: the rows `n … n + 4` of its columns hold the lower triangle's word
/// and column `n` the right one's, which stay as they are (a majority of
/// three equal words, or of two and anything), and a cell computed past the
/// level's triangle is never read again.
#[inline(always)]
pub(super) fn embedded_reduce(y: &mut [u64; YSTRIDE * YSTRIDE], n: usize, first: u64) -> u64 {
    debug_assert!(n <= EMBEDDED_MAX);
    for x in 0..n {
        y[x * YSTRIDE + n..x * YSTRIDE + n + 5].fill(first);
    }
    y[n * YSTRIDE..n * YSTRIDE + n + 5].fill(!first);
    for side in (1..2 * n - 1).rev() {
        for x in 0..side.min(n) {
            let rows = (side - x).min(n);
            let at = x * YSTRIDE;
            for r in (0..rows).step_by(4) {
                let word = |k: usize| -> [u64; 4] { y[k..k + 4].try_into().expect("four") };
                let (p, q, s) = (word(at + r), word(at + r + 1), word(at + YSTRIDE + r));
                let m: [u64; 4] = std::array::from_fn(|i| (p[i] & (q[i] | s[i])) | (q[i] & s[i]));
                y[at + r..at + r + 4].copy_from_slice(&m);
            }
        }
    }
    y[0]
}

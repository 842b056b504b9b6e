//! Move ordering: each move scored by the winning cells it leaves the player
//! (four moves to a vector where the CPU has AVX2), then sorted best first.

use super::dims::Dims;
use super::position::Position;
use crate::cpu::Avx2;

impl<D: Dims> Position<D> {
    /// The ordering scores ([`move_score`](Self::move_score)) of the moves
    /// `mvs[..n]` into `out`: four moves to a vector with `avx2` (asked
    /// once by the solver, not at every node).
    #[inline(always)]
    pub(super) fn move_scores(
        &self, mvs: &[u64; 16], n: usize, out: &mut [u32; 16], avx2: Option<Avx2>,
    ) {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = avx2 {
            let mut i = 0;
            while i < n {
                let chunk: &[u64; 4] = mvs[i..i + 4].try_into().expect("16 = 4 × 4");
                let counts = self.move_scores4(avx2, chunk);
                out[i..i + 4].copy_from_slice(&counts);
                i += 4;
            }
            return;
        }
        let _ = avx2;
        for i in 0..n {
            out[i] = self.move_score(mvs[i]);
        }
    }

    /// [`move_score`](Self::move_score) of four moves at once:
    /// [`winning_cells`](Self::winning_cells) with each lane one move.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn move_scores4(&self, _avx2: Avx2, mvs: &[u64; 4]) -> [u32; 4] {
        // SAFETY: an `Avx2` exists only if the CPU has AVX2 and POPCNT.
        unsafe { self.move_scores4_avx2(mvs) }
    }

    /// [`move_scores4`](Self::move_scores4)'s body, compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    #[inline]
    fn move_scores4_avx2(&self, mvs: &[u64; 4]) -> [u32; 4] {
        use std::arch::x86_64::*;
        let mut lanes = [0u64; 4];
        let cur = _mm256_set1_epi64x(self.current as i64);
        // SAFETY: `mvs` is 32 bytes; loadu needs no alignment.
        let m = unsafe { _mm256_loadu_si256(mvs.as_ptr() as *const __m256i) };
        let v = _mm256_or_si256(cur, m);
        // Variable shifts give 0 from 64 up, as `shl`/`shr` do.
        let sl = |x: __m256i, k: u32| _mm256_sllv_epi64(x, _mm256_set1_epi64x(k as i64));
        let sr = |x: __m256i, k: u32| _mm256_srlv_epi64(x, _mm256_set1_epi64x(k as i64));
        let and = |a, b| _mm256_and_si256(a, b);
        let or = |a, b| _mm256_or_si256(a, b);
        let h = self.dims.height();
        let mut r = and(and(sl(v, 1), sl(v, 2)), sl(v, 3));
        for s in [h + 1, h, h + 2] {
            let (up, down) = (sl(v, s), sr(v, s));
            let p = and(up, sl(v, 2 * s));
            r = or(r, and(p, sl(v, 3 * s)));
            r = or(r, and(p, down));
            let q = and(down, sr(v, 2 * s));
            r = or(r, and(q, up));
            r = or(r, and(q, sr(v, 3 * s)));
        }
        let r = and(r, _mm256_set1_epi64x((self.dims.board() ^ self.mask) as i64));
        // SAFETY: `lanes` is 32 bytes; storeu needs no alignment.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, r) };
        lanes.map(|x| x.count_ones())
    }

    /// Ordering score of a move: the number of winning cells it leaves us.
    /// (The search uses [`move_scores`](Self::move_scores); with AVX2 this
    /// one-move form serves only as the test's reference.)
    #[inline(always)]
    pub(super) fn move_score(&self, mv: u64) -> u32 {
        self.winning_cells(self.current | mv).count_ones()
    }
}

/// Moves sorted by score, best first (insertion sort: at most one per column).
/// Each key packs the score, the order of insertion (the later of equal scores
/// comes out first) and the column: `score << 8 | seq << 4 | column`.
pub(super) struct MoveSorter {
    keys: [u32; 16],
    len: usize,
}

impl MoveSorter {
    #[inline(always)]
    pub(super) fn new() -> Self {
        MoveSorter { keys: [0; 16], len: 0 }
    }

    /// Adds the move in column `col` (below 16).
    #[inline(always)]
    pub(super) fn add(&mut self, score: u32, col: u32) {
        let key = score << 8 | (self.len as u32) << 4 | col;
        let mut pos = self.len;
        self.len += 1;
        while pos > 0 && self.keys[pos - 1] > key {
            self.keys[pos] = self.keys[pos - 1];
            pos -= 1;
        }
        self.keys[pos] = key;
    }

    /// The column of the best remaining move.
    #[inline(always)]
    pub(super) fn next(&mut self) -> Option<u32> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            Some(self.keys[self.len] & 15)
        }
    }

    /// The columns not yet taken, in no particular order.
    #[inline(always)]
    pub(super) fn columns(&self) -> impl Iterator<Item = u32> + '_ {
        self.keys[..self.len].iter().map(|k| k & 15)
    }
}

//! Move ordering: each move scored by the winning cells it leaves the player
//! (four moves to a vector where AVX2 is compiled in), then sorted best first.

use super::dims::Dims;
use super::position::Position;

impl<D: Dims> Position<D> {
    /// The ordering scores ([`move_score`](Self::move_score)) of the moves
    /// `mvs[..n]` into `out`: four moves to a vector where AVX2 is compiled in.
    #[inline(always)]
    pub(super) fn move_scores(&self, mvs: &[u64; 16], n: usize, out: &mut [u32; 16]) {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            let mut i = 0;
            while i < n {
                let chunk: &[u64; 4] = mvs[i..i + 4].try_into().expect("16 = 4 × 4");
                let counts = self.move_scores4(chunk);
                out[i..i + 4].copy_from_slice(&counts);
                i += 4;
            }
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        for i in 0..n {
            out[i] = self.move_score(mvs[i]);
        }
    }

    /// [`move_score`](Self::move_score) of four moves at once:
    /// [`winning_cells`](Self::winning_cells) with each lane one move.
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[inline(always)]
    fn move_scores4(&self, mvs: &[u64; 4]) -> [u32; 4] {
        use std::arch::x86_64::*;
        let mut lanes = [0u64; 4];
        // SAFETY: this is compiled only where AVX2 is enabled for the whole
        // build (`target_feature = "avx2"`), so every intrinsic is available;
        // `mvs` and `lanes` are 32 bytes each, and loadu/storeu need no alignment.
        unsafe {
            let cur = _mm256_set1_epi64x(self.current as i64);
            let m = _mm256_loadu_si256(mvs.as_ptr() as *const __m256i);
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
            _mm256_storeu_si256(lanes.as_mut_ptr() as *mut __m256i, r);
        }
        lanes.map(|x| x.count_ones())
    }

    /// Ordering score of a move: the number of winning cells it leaves us.
    /// (The search uses [`move_scores`](Self::move_scores); with AVX2 this
    /// one-move form serves only as the test's reference.)
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
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

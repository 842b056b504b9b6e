//! Life on a width×height torus: rows of `u64` words, bit-sliced adders over
//! whole rows, one thread or bands of rows over rayon.

use super::kernel::{hsum, row_next, Conway, Generic, Kernel};
use super::{BoundingBox, LifeError, Pattern, Rule};
use rayon::prelude::*;

/// The largest torus side.
pub(super) const MAX_SIDE: usize = 1 << 16;

/// A Life torus: row `y` (0 = top) is `wpr` words, cell `x` is bit `x % 64` of
/// word `x / 64`; bits past the width are kept zero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Torus {
    width: usize,
    height: usize,
    wpr: usize,
    rule: Rule,
    cells: Vec<u64>,
    spare: Vec<u64>,
    generation: u64,
}

#[inline]
fn last_mask(width: usize) -> u64 {
    match width % 64 {
        0 => !0,
        r => (1u64 << r) - 1,
    }
}

/// Horizontal 3-sums of one torus row (wrapping at `width`).
#[inline(always)]
fn hsum_row(row: &[u64], width: usize, lo: &mut [u64], hi: &mut [u64]) {
    let n = row.len();
    let lm = last_mask(width);
    let top = (width - 1) % 64;
    if n == 1 {
        let c = row[0];
        let l = (c << 1 | c >> top & 1) & lm;
        let r = c >> 1 | (c & 1) << top;
        (lo[0], hi[0]) = hsum(l, c, r);
        return;
    }
    let c = row[0];
    (lo[0], hi[0]) = hsum(c << 1 | row[n - 1] >> top & 1, c, c >> 1 | row[1] << 63);
    // The interior: both neighbour words exist.
    let (lo_in, hi_in) = (&mut lo[1..n - 1], &mut hi[1..n - 1]);
    let (prev, cur, next) = (&row[..n - 2], &row[1..n - 1], &row[2..]);
    for i in 0..n - 2 {
        let c = cur[i];
        (lo_in[i], hi_in[i]) = hsum(c << 1 | prev[i] >> 63, c, c >> 1 | next[i] << 63);
    }
    let c = row[n - 1];
    (lo[n - 1], hi[n - 1]) =
        hsum((c << 1 | row[n - 2] >> 63) & lm, c, c >> 1 | (row[0] & 1) << top);
}

impl Torus {
    /// An empty `width×height` torus under `rule`.
    pub fn new(width: usize, height: usize, rule: Rule) -> Result<Torus, LifeError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(LifeError::BadTorusSize {
                text: format!("{width}x{height}"),
                max: MAX_SIDE,
            });
        }
        let wpr = width.div_ceil(64);
        Ok(Torus {
            width,
            height,
            wpr,
            rule,
            cells: vec![0; wpr * height],
            spare: vec![0; wpr * height],
            generation: 0,
        })
    }

    /// Parses `WxH` into a torus size.
    pub fn parse_size(text: &str) -> Result<(usize, usize), LifeError> {
        let bad = || LifeError::BadTorusSize { text: text.to_string(), max: MAX_SIDE };
        let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let w: usize = w.trim().parse().map_err(|_| bad())?;
        let h: usize = h.trim().parse().map_err(|_| bad())?;
        if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
            return Err(bad());
        }
        Ok((w, h))
    }

    /// A `width×height` torus with `pattern` in its middle, under the pattern's rule.
    pub fn with_pattern(
        width: usize, height: usize, pattern: &Pattern,
    ) -> Result<Torus, LifeError> {
        let mut t = Torus::new(width, height, pattern.rule)?;
        if pattern.width > width || pattern.height > height {
            return Err(LifeError::PatternTooBig {
                pw: pattern.width,
                ph: pattern.height,
                w: width,
                h: height,
            });
        }
        let (dx, dy) = ((width - pattern.width) / 2, (height - pattern.height) / 2);
        for &(x, y) in &pattern.cells {
            t.set(x as usize + dx, y as usize + dy, true);
        }
        Ok(t)
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Generations run so far.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Whether cell `(x, y)` is alive.
    pub fn get(&self, x: usize, y: usize) -> bool {
        self.cells[y * self.wpr + x / 64] >> (x % 64) & 1 == 1
    }

    /// Sets cell `(x, y)`.
    pub fn set(&mut self, x: usize, y: usize, alive: bool) {
        assert!(x < self.width && y < self.height, "cell off the torus");
        let w = &mut self.cells[y * self.wpr + x / 64];
        if alive {
            *w |= 1 << (x % 64);
        } else {
            *w &= !(1 << (x % 64));
        }
    }

    /// The number of live cells.
    pub fn population(&self) -> u64 {
        self.cells.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// The live cells, row by row.
    pub fn cells(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for y in 0..self.height {
            for (k, &w) in self.cells[y * self.wpr..(y + 1) * self.wpr].iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    out.push((k * 64 + w.trailing_zeros() as usize, y));
                    w &= w - 1;
                }
            }
        }
        out
    }

    /// The bounding box of the live cells (`None` when all are dead). On a torus
    /// this is the box in the torus's own coordinates.
    pub fn bounding_box(&self) -> Option<BoundingBox> {
        let rows: Vec<usize> = (0..self.height)
            .filter(|&y| self.cells[y * self.wpr..(y + 1) * self.wpr].iter().any(|&w| w != 0))
            .collect();
        let (&y0, &y1) = (rows.first()?, rows.last()?);
        let mut or = vec![0u64; self.wpr];
        for y in y0..=y1 {
            for (o, w) in or.iter_mut().zip(&self.cells[y * self.wpr..(y + 1) * self.wpr]) {
                *o |= w;
            }
        }
        let first = or.iter().position(|&w| w != 0)?;
        let last = or.iter().rposition(|&w| w != 0)?;
        let x0 = first * 64 + or[first].trailing_zeros() as usize;
        let x1 = last * 64 + 63 - or[last].leading_zeros() as usize;
        Some(BoundingBox { x0: x0 as i64, y0: y0 as i64, x1: x1 as i64, y1: y1 as i64 })
    }

    /// Rows `start..` of the next generation into `out` (whole rows), on the
    /// widest vector unit the processor has: AVX2 where the processor reports it
    /// at run time (and `BITGAMES_CPU` allows it), else the portable code ([`Torus::step_portable`] is its
    /// oracle in the tests).
    fn band<K: Kernel>(&self, k: K, start: usize, out: &mut [u64]) {
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::Avx2::detect().is_some() {
            // SAFETY: the processor supports AVX2 (a token exists just above).
            unsafe { self.band_avx2(k, start, out) };
            return;
        }
        self.band_impl(k, start, out);
    }

    /// [`Torus::band_impl`] compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn band_avx2<K: Kernel>(&self, k: K, start: usize, out: &mut [u64]) {
        self.band_impl(k, start, out);
    }

    /// Rows `start..` of the next generation into `out` (whole rows), with a
    /// rolling window of three horizontal row sums.
    #[inline(always)]
    fn band_impl<K: Kernel>(&self, k: K, start: usize, out: &mut [u64]) {
        let (w, h, n) = (self.width, self.height, self.wpr);
        let rows = out.len() / n;
        let row = |y: usize| &self.cells[y * n..(y + 1) * n];
        let mut buf = vec![0u64; 6 * n];
        let (a, rest) = buf.split_at_mut(2 * n);
        let (b, c) = rest.split_at_mut(2 * n);
        let (mut above, mut here, mut below) = (a, b, c);
        {
            let (l, hh) = above.split_at_mut(n);
            hsum_row(row((start + h - 1) % h), w, l, hh);
            let (l, hh) = here.split_at_mut(n);
            hsum_row(row(start), w, l, hh);
        }
        for i in 0..rows {
            let y = start + i;
            {
                let (l, hh) = below.split_at_mut(n);
                hsum_row(row((y + 1) % h), w, l, hh);
            }
            let o = &mut out[i * n..(i + 1) * n];
            row_next(
                k,
                row(y),
                (&above[..n], &above[n..]),
                (&here[..n], &here[n..]),
                (&below[..n], &below[n..]),
                o,
            );
            o[n - 1] &= last_mask(w);
            // Roll the window: above <- here <- below <- (old above, reused).
            std::mem::swap(&mut above, &mut here);
            std::mem::swap(&mut here, &mut below);
        }
    }

    fn step_with<K: Kernel>(&mut self, k: K, threads: usize) {
        let mut out = std::mem::take(&mut self.spare);
        let n = self.wpr;
        if threads == 0 {
            self.band_impl(k, 0, &mut out);
        } else if threads == 1 {
            self.band(k, 0, &mut out);
        } else {
            // Bands of rows, a few per thread so that uneven cores still balance.
            let band_rows = self.height.div_ceil(4 * threads).max(8);
            let this = &*self;
            out.par_chunks_mut(band_rows * n)
                .enumerate()
                .for_each(|(b, chunk)| this.band(k, b * band_rows, chunk));
        }
        self.spare = std::mem::replace(&mut self.cells, out);
        self.generation += 1;
    }

    /// One generation by the rule's kernel: `threads` 0 runs the portable code on
    /// this thread, 1 the dispatched code on this thread, more splits bands of rows.
    fn step_on(&mut self, threads: usize) {
        if self.rule.is_conway() {
            self.step_with(Conway, threads);
        } else {
            self.step_with(Generic::new(self.rule), threads);
        }
    }

    /// One generation on this thread.
    pub fn step(&mut self) {
        self.step_on(1);
    }

    /// One generation on this thread with the portable code only (no SIMD
    /// dispatch): the oracle for the vectorised path.
    pub fn step_portable(&mut self) {
        self.step_on(0);
    }

    /// One generation split into bands of rows over the current rayon pool.
    pub fn step_parallel(&mut self) {
        self.step_on(rayon::current_num_threads());
    }

    /// `n` generations on `threads` threads (1: this thread; 0: one per core),
    /// split into bands of rows.
    pub fn run(&mut self, n: u64, threads: usize) {
        super::repeat_generations(n, threads, |parallel| {
            if parallel {
                self.step_parallel();
            } else {
                self.step();
            }
        });
    }

    /// The torus as rows of `o` (alive) and `.` (dead), top row first.
    pub fn picture(&self) -> String {
        let mut s = String::new();
        for y in 0..self.height {
            s.extend((0..self.width).map(|x| if self.get(x, y) { 'o' } else { '.' }));
            s.push('\n');
        }
        s
    }
}

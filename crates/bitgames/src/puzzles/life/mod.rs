//! Conway's Game of Life and its B/S relatives on bitboards (Browne §5.3.3).
//!
//! - [`long_life`]: the paper's 8×8 torus in one `u64` (Appendix A).
//! - [`Torus`]: any width×height torus, rows of `u64` words, bit-sliced adders
//!   over whole rows (one thread or rayon bands).
//! - [`Plane`]: the unbounded plane as a sparse map of 64×64 tiles that grows and
//!   shrinks with the pattern.
//! - [`rle`]: the LifeWiki RLE format, read and written, with typed errors.
//!
//! Coordinates: `x` grows to the right and `y` downwards, as in RLE files; cell
//! `x` of a row is bit `x % 64` of word `x / 64`.

mod error;
mod kernel;
pub mod long_life;
mod plane;
pub mod rle;
mod rule;
mod torus;
#[cfg(feature = "internal-tests")]
pub use kernel::tests as kernel_tests;

pub use error::RleError;
pub use plane::Plane;
pub use rle::Pattern;
pub use rule::Rule;
pub use torus::Torus;

use thiserror::Error;

/// Bad Life input other than RLE text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LifeError {
    /// A torus side of 0 or past the limit, or `WxH` text that does not parse.
    #[error("bad torus size '{text}': expected WxH with sides 1–{max}")]
    BadTorusSize {
        /// The text given.
        text: String,
        /// The largest side.
        max: usize,
    },
    /// The pattern does not fit on the torus.
    #[error("the pattern ({pw}x{ph}) does not fit on the {w}x{h} torus")]
    PatternTooBig {
        /// Pattern width.
        pw: usize,
        /// Pattern height.
        ph: usize,
        /// Torus width.
        w: usize,
        /// Torus height.
        h: usize,
    },
    /// A rule with birth on 0 neighbours fills the infinite plane at once.
    #[error("rule {rule} has B0 (birth with no neighbours): it cannot run on the unbounded plane; use a torus")]
    BirthOnZero {
        /// The rule.
        rule: String,
    },
}

/// The bounding box of the live cells: `x0..=x1`, `y0..=y1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoundingBox {
    /// Leftmost column.
    pub x0: i64,
    /// Top row.
    pub y0: i64,
    /// Rightmost column.
    pub x1: i64,
    /// Bottom row.
    pub y1: i64,
}

impl BoundingBox {
    /// Width in cells.
    pub fn width(&self) -> u64 {
        (self.x1 - self.x0 + 1) as u64
    }

    /// Height in cells.
    pub fn height(&self) -> u64 {
        (self.y1 - self.y0 + 1) as u64
    }

    /// The smallest box holding both.
    pub fn union(self, o: BoundingBox) -> BoundingBox {
        BoundingBox {
            x0: self.x0.min(o.x0),
            y0: self.y0.min(o.y0),
            x1: self.x1.max(o.x1),
            y1: self.y1.max(o.y1),
        }
    }
}

impl std::fmt::Display for BoundingBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "x {}..{}, y {}..{} ({}x{})",
            self.x0,
            self.x1,
            self.y0,
            self.y1,
            self.width(),
            self.height()
        )
    }
}

/// Runs `n` generations by `step` on `threads` threads (1: this thread; 0: one per
/// core): `step(false)` on this thread, or `step(true)` inside a rayon pool of them.
fn repeat_generations(n: u64, threads: usize, mut step: impl FnMut(bool) + Send) {
    match crate::parallel::pool(threads) {
        None => (0..n).for_each(|_| step(false)),
        Some(pool) => pool.install(|| (0..n).for_each(|_| step(true))),
    }
}

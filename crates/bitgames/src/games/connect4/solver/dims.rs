//! Board sizes as types: [`Fixed`] sizes let the compiler fold every shift and
//! mask to a constant, [`Dynamic`] serves any other size.

/// The geometry a solver position needs: width, height and two masks.
pub trait Dims: Copy + Send + Sync + 'static {
    /// Columns.
    fn width(&self) -> u32;
    /// Rows.
    fn height(&self) -> u32;
    /// One bit at the bottom of each column.
    fn bottom(&self) -> u64;
    /// Every on-board cell.
    fn board(&self) -> u64;
}

const fn bottom_mask(w: u32, h: u32) -> u64 {
    let mut b = 0u64;
    let mut c = 0;
    while c < w {
        b |= 1 << (c * (h + 1));
        c += 1;
    }
    b
}

/// A board size known at compile time (7×6 and the other common sizes).
#[derive(Clone, Copy, Debug, Default)]
pub struct Fixed<const W: u32, const H: u32>;

impl<const W: u32, const H: u32> Fixed<W, H> {
    const BOTTOM: u64 = bottom_mask(W, H);
    const BOARD: u64 = Self::BOTTOM.wrapping_mul((1u64 << H) - 1);
}

impl<const W: u32, const H: u32> Dims for Fixed<W, H> {
    #[inline(always)]
    fn width(&self) -> u32 {
        W
    }
    #[inline(always)]
    fn height(&self) -> u32 {
        H
    }
    #[inline(always)]
    fn bottom(&self) -> u64 {
        Self::BOTTOM
    }
    #[inline(always)]
    fn board(&self) -> u64 {
        Self::BOARD
    }
}

/// A board size known at run time.
#[derive(Clone, Copy, Debug)]
pub struct Dynamic {
    w: u32,
    h: u32,
    bottom: u64,
    board: u64,
}

impl Dynamic {
    /// The geometry of a `w × h` board (`w·(h+1) ≤ 64`, checked by the caller).
    pub fn new(w: u32, h: u32) -> Self {
        let bottom = bottom_mask(w, h);
        Dynamic { w, h, bottom, board: bottom.wrapping_mul((1u64 << h) - 1) }
    }
}

impl Dims for Dynamic {
    #[inline(always)]
    fn width(&self) -> u32 {
        self.w
    }
    #[inline(always)]
    fn height(&self) -> u32 {
        self.h
    }
    #[inline(always)]
    fn bottom(&self) -> u64 {
        self.bottom
    }
    #[inline(always)]
    fn board(&self) -> u64 {
        self.board
    }
}

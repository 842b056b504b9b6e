//! The packing search for boxes of at most 64 cells, in one `u64` (Browne,
//! Alg. 13 with the isolated-region pruning), with the placements at the lowest
//! empty cell looked up by the cells just past it (as Fletcher's 1965 pentomino
//! program looked up the pieces that fit the corner being filled).
//!
//! At a node with lowest empty cell `c`, every cell below `c` is filled, and the
//! next [`KEY_BITS`] cells after `c` are read as a key. The placements for
//! `(c, key)` are built the first time that pair is met (in a [`Memo`] that
//! every root of the puzzle shares), from the placements with lowest cell `c`:
//! those clear of the known filled cells (below `c`, off the board, the key's
//! filled cells), and among them
//! those that close no region of known empty cells (cells of the key window)
//! whose size the pieces left cannot add up to. Such a region is a region of
//! the real position whatever the unknown cells hold: every cell of it is empty
//! and every neighbour is filled, so the test loses no packing. Regions that
//! reach an unknown cell are let through: measuring them at every node (as
//! [`super::search`] does) cost more than the nodes it saved (on 6×10: 790 k
//! nodes for 350 M instructions with it, 900 k for 220 M without).
//!
//! Flat boards only: in a solid box the key window lies in one layer, so a
//! region walled in from the layer above is seen late; the Bedlam cube took
//! 71 CPU seconds here (with the region test of [`super::search`] added)
//! against 42 in the generic search.

use std::sync::atomic::{AtomicBool, Ordering};

/// Cells after the lowest empty cell read as the key of its placement list.
pub(crate) const KEY_BITS: u32 = 13;

/// Nodes between two looks at the stop flag.
const POLL: u64 = 4096;

/// A placement in a keyed list: its cells and its piece type.
#[derive(Clone, Copy)]
struct Entry {
    cells: u64,
    ty: u32,
}

/// The board as the one-word search sees it.
pub(crate) struct Board64 {
    /// Per axis of length > 1, fastest first: bit stride, cells with a
    /// neighbour above, cells with one below. `A` of them are used (1 or 2).
    pub axes: [(u32, u64, u64); 3],
    /// Bits that are not board cells (bits past the box included).
    pub outside: u64,
    /// Cells of each piece type.
    pub size: Vec<u32>,
}

impl Board64 {
    #[inline(always)]
    fn dilate<const A: usize>(&self, g: u64) -> u64 {
        let mut d = g;
        for &(s, up, down) in &self.axes[..A] {
            d |= ((g & up) << s) | ((g & down) >> s);
        }
        d
    }

    /// The sizes some of the pieces `left` add up to (bit `n`: size `n`).
    fn sums(&self, left: &[u8; 32]) -> u128 {
        let mut s = 1u128;
        for (&n, &size) in left.iter().zip(&self.size) {
            for _ in 0..n {
                s |= s.checked_shl(size).unwrap_or(0);
            }
        }
        s
    }
}

/// The keyed placement lists built so far: they hold for every position of
/// one puzzle (the root is not in them: its cells are filled cells the search
/// tests each placement against), so one memo serves every root.
pub(crate) struct Memo {
    /// `span[c << KEY_BITS | key]`: the keyed list's range in `entries`,
    /// `end << 32 | (start + 1)`, 0 until built (so the table starts as
    /// zeroed pages the system hands out as they are touched).
    span: Vec<u64>,
    entries: Vec<Entry>,
}

impl Memo {
    /// An empty memo for a box of `volume` cells.
    pub fn new(volume: usize) -> Memo {
        Memo { span: vec![0; volume << KEY_BITS], entries: Vec::new() }
    }
}

/// One search: the placements by lowest cell, the keyed lists, and the
/// position being searched.
pub(crate) struct Search64<'a, F: FnMut(&[(u8, u64)])> {
    b: &'a Board64,
    /// `(type, cells, around)` of each placement, by lowest cell.
    base: &'a [Vec<(u32, u64, u64)>],
    /// For each type, the sizes the pieces other than the root and one copy
    /// of that type add up to: what a region closed by that piece may hold.
    static_sums: Vec<u128>,
    memo: &'a mut Memo,
    left: [u8; 32],
    avail: u32,
    stack: Vec<(u8, u64)>,
    /// Nodes searched.
    pub nodes: u64,
    stop: &'a AtomicBool,
    /// Whether the stop flag was seen.
    pub stopped: bool,
    solution: F,
}

impl<'a, F: FnMut(&[(u8, u64)])> Search64<'a, F> {
    /// A search: `base` every placement `(type, cells, cells beside it)` by
    /// lowest cell, `memo` the keyed lists of this puzzle so far, `all` the
    /// copies of each type in the puzzle, `fixed` the root's type (one copy
    /// of it is placed before the search), `left` the copies left of each type,
    /// `stack` the placements made (root first); [`Search64::run`] takes the
    /// filled cells.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        b: &'a Board64,
        base: &'a [Vec<(u32, u64, u64)>],
        memo: &'a mut Memo,
        fixed: Option<usize>,
        all: &[u8],
        left: [u8; 32],
        stack: Vec<(u8, u64)>,
        stop: &'a AtomicBool,
        solution: F,
    ) -> Self {
        let mut pool = [0u8; 32];
        pool[..all.len()].copy_from_slice(all);
        if let Some(f) = fixed {
            pool[f] -= 1;
        }
        let static_sums = (0..all.len())
            .map(|t| {
                let mut p = pool;
                p[t] = p[t].saturating_sub(1);
                b.sums(&p)
            })
            .collect();
        let avail = (0..32).filter(|&t| left[t] > 0).fold(0, |m, t| m | 1 << t);
        Search64 {
            b,
            base,
            static_sums,
            memo,
            left,
            avail,
            stack,
            nodes: 0,
            stop,
            stopped: stop.load(Ordering::Relaxed),
            solution,
        }
    }

    /// The keyed list of `(c, key)`, built if new.
    #[inline(always)]
    fn list<const A: usize>(&mut self, c: u32, key: u64) -> (u32, u32) {
        let i = ((c as usize) << KEY_BITS) | key as usize;
        let sp = self.memo.span[i];
        if sp != 0 {
            return ((sp as u32) - 1, (sp >> 32) as u32);
        }
        self.build::<A>(c, key, i)
    }

    #[cold]
    #[inline(never)]
    fn build<const A: usize>(&mut self, c: u32, key: u64, i: usize) -> (u32, u32) {
        let b = self.b;
        let window = (((1u64 << KEY_BITS) - 1) << 1).checked_shl(c).unwrap_or(0);
        let key_filled = (key << 1).checked_shl(c).unwrap_or(0);
        let below = (1u64 << c) - 1;
        let filled = below | b.outside | key_filled;
        let known = filled | window | (1 << c);
        let start = self.memo.entries.len() as u32;
        for &(ty, cells, around) in &self.base[c as usize] {
            if cells & filled != 0 {
                continue;
            }
            let empty = !(filled | cells);
            let mut todo = around & empty;
            let mut ok = true;
            while todo != 0 {
                // The region of the lowest cell left, until it reaches an
                // unknown cell (then it may be open).
                let mut r = todo & todo.wrapping_neg();
                let closed = loop {
                    let n = b.dilate::<A>(r) & empty;
                    if n & !known != 0 {
                        break false;
                    }
                    if n == r {
                        break true;
                    }
                    r = n;
                };
                if closed && (self.static_sums[ty as usize] >> r.count_ones()) & 1 == 0 {
                    ok = false;
                    break;
                }
                todo &= !r;
            }
            if ok {
                self.memo.entries.push(Entry { cells, ty });
            }
        }
        let end = self.memo.entries.len() as u32;
        self.memo.span[i] = (end as u64) << 32 | (start as u64 + 1);
        (start, end)
    }

    /// Counts the packings below `filled`, until the stop flag is seen.
    pub fn run<const A: usize>(&mut self, filled: u64) {
        self.nodes += 1;
        if self.nodes % POLL == 0 && self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        if self.stopped {
            return;
        }
        if filled == !0 {
            (self.solution)(&self.stack);
            return;
        }
        let c = (!filled).trailing_zeros();
        let key = match (!filled).checked_shr(c + 1) {
            Some(e) => !e & ((1 << KEY_BITS) - 1),
            None => (1 << KEY_BITS) - 1,
        };
        let (start, end) = self.list::<A>(c, key);
        for i in start..end {
            let e = self.memo.entries[i as usize];
            if self.avail & (1 << e.ty) == 0 || e.cells & filled != 0 {
                continue;
            }
            let ty = e.ty as usize;
            let next = filled | e.cells;
            self.left[ty] -= 1;
            if self.left[ty] == 0 {
                self.avail &= !(1 << ty);
            }
            self.stack.push((ty as u8, e.cells));
            self.run::<A>(next);
            self.stack.pop();
            self.left[ty] += 1;
            self.avail |= 1 << ty;
            if self.stopped {
                return;
            }
        }
    }
}

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

/// Keyed lists up to this long are filtered into a buffer on the stack first.
const GATHER: usize = 64;

/// Placements on the stack at most: each fills a cell of the 64.
const MAX_DEPTH: usize = 65;

/// Nodes between two looks at the stop flag.
const POLL: u64 = 4096;

/// The key of a node whose lowest empty cell is `c`: the filled cells among
/// the [`KEY_BITS`] cells after it (cells past the word count as filled).
#[inline(always)]
fn key_of(filled: u64, c: u32) -> u64 {
    match (!filled).checked_shr(c + 1) {
        Some(e) => !e & ((1 << KEY_BITS) - 1),
        None => (1 << KEY_BITS) - 1,
    }
}

/// The index in [`Memo::span`] of the keyed list a node with these filled
/// cells reads, or `None` for a full board.
#[inline(always)]
fn span_index(filled: u64) -> Option<usize> {
    if filled == !0 {
        return None;
    }
    let c = (!filled).trailing_zeros();
    Some(((c as usize) << KEY_BITS) | key_of(filled, c) as usize)
}

/// Starts loading the cache line of `s[i]` (a hint; out of range is ignored).
#[inline(always)]
fn prefetch<T>(s: &[T], i: usize) {
    #[cfg(target_arch = "x86_64")]
    if i < s.len() {
        // SAFETY: `i` is in range, so the pointer is into the slice; a
        // prefetch reads nothing the program can observe and never faults.
        unsafe {
            let ptr = s.as_ptr().add(i) as *const i8;
            std::arch::x86_64::_mm_prefetch(ptr, std::arch::x86_64::_MM_HINT_T0);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (s, i);
}

/// A placement in a keyed list: its cells and its piece type, packed in 9
/// bytes (the lists are read from memory at every node: 16-byte entries
/// spread them over more cache lines).
#[derive(Clone, Copy)]
#[repr(C, packed)]
struct Entry {
    cells: u64,
    ty: u8,
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
    /// `span[c << KEY_BITS | key]`: where the keyed list starts in `entries`
    /// (after a header entry whose `cells` is its length), 0 until built (so
    /// the table starts as zeroed pages the system hands out as they are
    /// touched).
    span: Vec<u32>,
    entries: Vec<Entry>,
}

impl Memo {
    /// An empty memo for a box of `volume` cells.
    pub(super) fn new(volume: usize) -> Memo {
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
    /// The placements made, `depth` of them (root first).
    stack: [(u8, u64); MAX_DEPTH],
    depth: usize,
    /// Per depth, the fitting placements of the node's list.
    fit: Vec<[Entry; GATHER]>,
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
    pub(super) fn new(
        b: &'a Board64, base: &'a [Vec<(u32, u64, u64)>], memo: &'a mut Memo, fixed: Option<usize>,
        all: &[u8], left: [u8; 32], stack: Vec<(u8, u64)>, stop: &'a AtomicBool, solution: F,
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
        let mut placed = [(0u8, 0u64); MAX_DEPTH];
        placed[..stack.len()].copy_from_slice(&stack);
        Search64 {
            b,
            base,
            static_sums,
            memo,
            left,
            avail,
            stack: placed,
            depth: stack.len(),
            fit: vec![[Entry { cells: 0, ty: 0 }; GATHER]; MAX_DEPTH],
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
        let sp = self.memo.span[i] as usize;
        if sp != 0 {
            let len = self.memo.entries[sp - 1].cells as u32;
            return (sp as u32, sp as u32 + len);
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
        // A header entry holds the list's length: the span table stays one
        // word in two smaller, and the header shares the list's cache line.
        let header = self.memo.entries.len();
        self.memo.entries.push(Entry { cells: 0, ty: 0 });
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
                self.memo.entries.push(Entry { cells, ty: ty as u8 });
            }
        }
        let end = self.memo.entries.len() as u32;
        self.memo.entries[header].cells = (end - start) as u64;
        self.memo.span[i] = start;
        (start, end)
    }

    /// Counts the packings below `filled`, until the stop flag is seen.
    pub(super) fn run<const A: usize>(&mut self, filled: u64) {
        if self.left.iter().all(|&n| n <= 1) {
            self.search::<A, true>(filled)
        } else {
            self.search::<A, false>(filled)
        }
    }

    /// [`Search64::run`]; `ONE`: one copy of each piece type is left, so
    /// `avail` alone says which are free.
    fn search<const A: usize, const ONE: bool>(&mut self, filled: u64) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL) && self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        if self.stopped {
            return;
        }
        if filled == !0 {
            (self.solution)(&self.stack[..self.depth]);
            return;
        }
        let c = (!filled).trailing_zeros();
        let key = key_of(filled, c);
        let (start, end) = self.list::<A>(c, key);
        // The placements that fit, gathered without a branch per entry (which
        // piece is still free and which cells are filled change at every node,
        // so a branch per entry was mispredicted often), then tried in turn.
        let len = (end - start) as usize;
        let gathered = len <= GATHER;
        let depth = self.depth;
        let mut count = len;
        if gathered {
            let fit = &mut self.fit[depth];
            let mut n = 0;
            for &e in &self.memo.entries[start as usize..end as usize] {
                fit[n & (GATHER - 1)] = e;
                n += ((self.avail >> e.ty) & 1 & (e.cells & filled == 0) as u32) as usize;
            }
            count = n;
            // The children's keyed lists are far apart in a table of
            // megabytes: start loading their spans now.
            for e in &self.fit[depth][..n] {
                if let Some(i) = span_index(filled | e.cells) {
                    prefetch(&self.memo.span, i);
                }
            }
        }
        for i in 0..count {
            let e =
                if gathered { self.fit[depth][i] } else { self.memo.entries[start as usize + i] };
            if gathered && i + 1 < count {
                // The next child's list: its span is in the cache by now.
                if let Some(j) = span_index(filled | self.fit[depth][i + 1].cells) {
                    let sp = self.memo.span[j] as usize;
                    if sp != 0 {
                        prefetch(&self.memo.entries, sp - 1);
                    }
                }
            }
            if !gathered && (self.avail & (1 << e.ty) == 0 || e.cells & filled != 0) {
                continue;
            }
            let ty = e.ty as usize;
            let next = filled | e.cells;
            if ONE {
                self.avail &= !(1 << ty);
            } else {
                self.left[ty] -= 1;
                if self.left[ty] == 0 {
                    self.avail &= !(1 << ty);
                }
            }
            self.stack[depth] = (ty as u8, e.cells);
            self.depth = depth + 1;
            self.search::<A, ONE>(next);
            self.depth = depth;
            if !ONE {
                self.left[ty] += 1;
            }
            self.avail |= 1 << ty;
            if self.stopped {
                return;
            }
        }
    }
}

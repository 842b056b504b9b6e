//! The packing search on bitboards (Browne, Alg. 13), generic over the number
//! of 64-bit words.

use super::symmetry::{Root, Symmetry};
use super::Pruning;
use crate::bits::Bits;
use std::sync::atomic::{AtomicBool, Ordering};

/// Nodes between two looks at the stop flag.
const POLL: u64 = 4096;

/// Dilations the local region test spends on one region before letting it
/// through (see [`Tables::around_ok`]).
const STEPS: u32 = 6;

/// Every placement of every piece as a bitboard, with what the search needs.
pub(crate) struct Tables<const N: usize> {
    /// Piece types.
    pub types: usize,
    /// Cells of the box (bits `0..volume`).
    pub volume: usize,
    /// The placements left for each root (see [`Lists`]).
    pub lists: Vec<Lists<N>>,
    /// Cells of each type.
    pub size: Vec<u32>,
    /// Copies of each type.
    pub count: Vec<u8>,
    /// The board's complement inside the storage: the start of `filled`.
    pub outside: Bits<N>,
    /// Per axis of length > 1: bit stride, cells with a neighbour above, cells
    /// with one below (the slowest axis: every cell); unused entries have
    /// empty masks.
    pub axes: [(usize, Bits<N>, Bits<N>); 3],
    /// The types whose size is not the commonest piece size: once none of
    /// those is left, every region must be a multiple of that size.
    pub odd_types: u32,
    /// The multiples of the commonest size up to the volume (a lookup, no
    /// division).
    pub multiples: Bits<5>,
}

/// One placement: its cells and the board cells next to it (precomputed, so
/// the region test after placing it starts from `around & empty`).
#[derive(Clone, Copy)]
pub(crate) struct Place<const N: usize> {
    pub cells: Bits<N>,
    pub around: Bits<N>,
}

/// The placements of each piece type by lowest cell: type `t` at cell `c` is
/// `pls[start[t * (volume + 1) + c]..start[t * (volume + 1) + c + 1]]`.
#[derive(Default)]
pub(crate) struct Lists<const N: usize> {
    pub start: Vec<u32>,
    pub pls: Vec<Place<N>>,
}

impl<const N: usize> Lists<N> {
    #[inline(always)]
    pub(super) fn at(&self, volume: usize, t: usize, c: usize) -> &[Place<N>] {
        let i = t * (volume + 1) + c;
        &self.pls[self.start[i] as usize..self.start[i + 1] as usize]
    }

    #[inline(always)]
    fn from(&self, volume: usize, t: usize, c: usize) -> &[Place<N>] {
        let i = t * (volume + 1);
        &self.pls[self.start[i + c] as usize..self.start[i + volume] as usize]
    }
}

impl<const N: usize> Tables<N> {
    /// Whether every connected region of `empty` has a size in `sums`.
    pub(super) fn regions_fit(&self, mut empty: Bits<N>, sums: &Bits<5>) -> bool {
        while !empty.is_empty() {
            let region = self.flood(empty.lowest(), empty);
            if !sums.contains(region.count() as usize) {
                return false;
            }
            empty -= region;
        }
        true
    }

    /// `g` and its neighbours (and, on the slowest axis, cells past the box,
    /// which callers remove with `& empty`).
    #[inline(always)]
    pub(super) fn dilate(&self, g: Bits<N>) -> Bits<N> {
        let mut d = g;
        for &(s, up, down) in &self.axes {
            d |= (g & up).shl(s) | (g & down).shr(s);
        }
        d
    }

    /// The connected region of `empty` holding `seed`.
    #[inline]
    fn flood(&self, seed: Bits<N>, empty: Bits<N>) -> Bits<N> {
        let mut g = seed;
        loop {
            let n = self.dilate(self.dilate(g) & empty) & empty;
            if n == g {
                return g;
            }
            g = n;
        }
    }

    /// Whether a closed region of `n` cells can be filled by whole remaining
    /// pieces (`avail`: the types left).
    #[inline(always)]
    fn fits(&self, n: u32, left: &[u8; 32], avail: u32) -> bool {
        if avail & self.odd_types == 0 {
            self.multiples.contains(n as usize)
        } else {
            self.sums(left).contains(n as usize)
        }
    }

    /// The isolated-region test made local: every region of empty cells next to
    /// the piece just placed (`around`: the board cells beside it) that closes
    /// within [`STEPS`] dilations must have a size the remaining pieces can add
    /// up to. Other regions were tested when their last wall was placed; a
    /// region still growing after `STEPS` is let through, and when the pieces
    /// left all have one size, so is the region that meets every cell beside the
    /// piece (it is what is left of the region the piece went into, less a
    /// multiple of that size). The test only ever rejects a region it has
    /// measured, so it loses no packing.
    #[inline(always)]
    fn around_ok(&self, filled: Bits<N>, around: Bits<N>, left: &[u8; 32], avail: u32) -> bool {
        let empty = !filled;
        let one_size = avail & self.odd_types == 0;
        let mut todo = around & empty;
        while !todo.is_empty() {
            let mut g = todo.lowest();
            let mut steps = 0;
            loop {
                let n = self.dilate(g) & empty;
                if n == g {
                    if !self.fits(n.count(), left, avail) {
                        return false;
                    }
                    todo -= n;
                    break;
                }
                steps += 1;
                if (one_size && todo.is_subset(&n)) || steps == STEPS {
                    todo -= n;
                    break;
                }
                g = n;
            }
        }
        true
    }

    /// The sizes that some of the remaining pieces add up to.
    pub(super) fn sums(&self, left: &[u8; 32]) -> Bits<5> {
        let mut s = Bits::<5>::cell(0);
        for (&n, &size) in left.iter().zip(&self.size) {
            for _ in 0..n {
                s |= s.shl(size as usize);
            }
        }
        s
    }
}

/// A partial packing: the cells filled, the copies left of each type, and the
/// placements made (type, cells).
#[derive(Clone)]
pub(crate) struct State<const N: usize> {
    pub filled: Bits<N>,
    pub left: [u8; 32],
    pub avail: u32,
    pub stack: Vec<(u8, Bits<N>)>,
    /// Index of the root (fixed-piece placement) this state grew from.
    pub root: usize,
}

/// What one part of the search found.
#[derive(Clone, Default)]
pub(crate) struct Found<const N: usize> {
    pub solutions: u64,
    /// Σ |Stab(s)| · orbit(r): the distinct count times the group's order.
    pub distinct_times_g: u64,
    pub nodes: u64,
    pub example: Option<Vec<(u8, Bits<N>)>>,
    /// Whether the search was stopped (the counts are then partial).
    pub stopped: bool,
}

impl<const N: usize> Found<N> {
    pub(super) fn merge(mut self, o: Found<N>) -> Found<N> {
        self.solutions += o.solutions;
        self.distinct_times_g += o.distinct_times_g;
        self.nodes += o.nodes;
        self.stopped |= o.stopped;
        if self.example.is_none() {
            self.example = o.example;
        }
        self
    }
}

/// The search over one subtree, with the root it grew from.
pub(crate) struct Searcher<'a, const N: usize, const P: u8> {
    pub t: &'a Tables<N>,
    pub l: &'a Lists<N>,
    pub syms: &'a [Symmetry],
    pub root: &'a Root,
    pub found: Found<N>,
    /// Set from outside to end the search early.
    pub stop: &'a AtomicBool,
    /// Whether the stop flag was seen (the counts are then partial).
    pub stopped: bool,
}

impl<const N: usize, const P: u8> Searcher<'_, N, P> {
    const PAPER: bool = P == Pruning::Paper as u8;
    const REGIONS: bool = P == Pruning::Regions as u8;

    /// Children of a state: a placement of some remaining piece on the lowest
    /// empty cell (Alg. 13, lines 6–12), with the prunings of lines 9–14 or the
    /// region test. `f` gets each child; it returns nothing.
    #[inline(always)]
    pub(super) fn expand(&mut self, s: &mut State<N>, mut f: impl FnMut(&mut Self, &mut State<N>)) {
        let t = self.t;
        let l = self.l;
        let empty = !s.filled;
        let c = empty.first().expect("a state with an empty cell");
        let mut critical = [Bits::<N>::EMPTY; 32];
        if Self::PAPER {
            // covered(bits, pieces) per remaining piece (Alg. 13, lines 9, 13, 14):
            // every remaining piece must have a placement, every empty cell must
            // be covered, and cells only one piece covers are critical for it.
            // A type with copies left is several pieces: a cell only it covers
            // must be covered by one of them, not necessarily the one placed
            // now, so only a type's last copy has critical cells.
            let mut cover = [Bits::<N>::EMPTY; 32];
            let mut once = Bits::<N>::EMPTY;
            let mut twice = Bits::<N>::EMPTY;
            let mut a = s.avail;
            while a != 0 {
                let ty = a.trailing_zeros() as usize;
                a &= a - 1;
                let mut cv = Bits::<N>::EMPTY;
                for pl in l.from(t.volume, ty, c) {
                    if pl.cells.is_disjoint(&s.filled) {
                        cv |= pl.cells;
                    }
                }
                if cv.is_empty() {
                    return;
                }
                cover[ty] = cv;
                twice |= once & cv;
                once |= cv;
            }
            if !empty.is_subset(&once) {
                return;
            }
            let only_once = once - twice;
            let mut a = s.avail;
            while a != 0 {
                let ty = a.trailing_zeros() as usize;
                a &= a - 1;
                if s.left[ty] == 1 {
                    critical[ty] = cover[ty] & only_once;
                }
            }
        }
        let mut a = s.avail;
        while a != 0 {
            let ty = a.trailing_zeros() as usize;
            a &= a - 1;
            for &Place { cells: pl, around } in l.at(t.volume, ty, c) {
                if !pl.is_disjoint(&s.filled) || (Self::PAPER && !critical[ty].is_subset(&pl)) {
                    continue;
                }
                let before = s.filled;
                s.filled |= pl;
                s.left[ty] -= 1;
                if s.left[ty] == 0 {
                    s.avail &= !(1 << ty);
                }
                if !Self::REGIONS || t.around_ok(s.filled, around, &s.left, s.avail) {
                    s.stack.push((ty as u8, pl));
                    f(self, s);
                    s.stack.pop();
                }
                s.left[ty] += 1;
                s.avail |= 1 << ty;
                s.filled = before;
                if self.stopped {
                    return;
                }
            }
        }
    }

    /// Counts every packing below `s`, until the stop flag is seen.
    pub(super) fn run(&mut self, s: &mut State<N>) {
        self.found.nodes += 1;
        if self.found.nodes.is_multiple_of(POLL) && self.stop.load(Ordering::Relaxed) {
            self.stopped = true;
        }
        if self.stopped {
            return;
        }
        if s.filled == Bits::ALL {
            self.solution(s);
            return;
        }
        self.expand(s, |me, s| me.run(s));
    }

    /// A packing found: counted with its weight (see `symmetry`).
    fn solution(&mut self, s: &State<N>) {
        self.found.add(self.root, self.syms, &s.stack);
    }
}

impl<const N: usize> Found<N> {
    /// Counts a packing found from `root` (`stack`: the placements, type and
    /// cells) with its weight: it stands for `orbit(r)` packings and for
    /// `|Stab(s)| · orbit(r) / |G|` distinct ones (see `symmetry`).
    pub(super) fn add(&mut self, root: &Root, syms: &[Symmetry], stack: &[(u8, Bits<N>)]) {
        let mut stab = 1u64;
        for &g in &root.stabiliser {
            let sym = &syms[g];
            let fixed = stack.iter().all(|&(ty, pl)| {
                let img = map(&sym.perm, pl);
                stack.iter().any(|&(u, q)| u == sym.sigma[ty as usize] && q == img)
            });
            stab += fixed as u64;
        }
        self.solutions += root.orbit;
        self.distinct_times_g += stab * root.orbit;
        if self.example.is_none() {
            self.example = Some(stack.to_vec());
        }
    }
}

/// The image of a set of cells under a permutation of the bits.
fn map<const N: usize>(perm: &[u16], b: Bits<N>) -> Bits<N> {
    b.iter().map(|i| perm[i] as usize).collect()
}

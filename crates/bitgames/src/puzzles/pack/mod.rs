//! Packing puzzles on bitboards (Browne §5.3.4, Alg. 13): polyominoes and
//! polycubes packed into a board, every placement of every piece precomputed
//! as a bitboard, the lowest empty cell filled first.
//!
//! - [`Puzzle`] reads the text format of `docs/pack.md` ([`Puzzle::parse`]);
//!   [`builtin`] gives the Soma cube, the pentomino rectangles and the Bedlam cube.
//! - [`solve`] counts every packing (`solutions`) and the packings up to the
//!   board's symmetries (`distinct`), on one thread or many (rayon).
//!
//! Pieces are solids: they turn freely in space (the 24 rotations of the cube),
//! so a flat piece on a flat board may be turned over; a solid piece's mirror
//! image is a different piece. Two copies of one piece are interchangeable.
//!
//! **Distinct solutions.** The symmetries are the isometries of the board's box
//! that keep the board and map the piece set onto itself (a reflection is one
//! when every chiral piece has its mirror twin, as in the Soma cube). One piece
//! with a single copy that every symmetry keeps is placed first, in one
//! placement per symmetry class; a solution found from a placement `r` stands
//! for `|G| / |Stab(r)|` packings and `|Stab(s)| / |Stab(r)|` distinct ones,
//! which is exact even for symmetric placements and solutions.
//!
//! **Flat boards of at most 64 cells** (the pentominoes) with the default
//! pruning take a one-word search (`word.rs`) whose placement lists are keyed
//! by the lowest empty cell and the cells just after it, and checked once per
//! key for regions they close; solids (Soma, Bedlam), larger boards and the
//! other prunings take the generic N-word search (`search.rs`).
//!
//! ```
//! use bitgames::puzzles::pack::{builtin, solve, Options};
//! let r = solve(&builtin("soma").unwrap(), &Options::default()).unwrap();
//! assert_eq!((r.solutions, r.distinct), (11_520, 240));
//! ```

mod builtin;
mod format;
mod search;
mod shape;
mod symmetry;
mod word;
#[cfg(feature = "internal-tests")]
pub use format::tests as format_tests;
#[cfg(feature = "internal-tests")]
pub use shape::tests as shape_tests;

pub use builtin::{builtin, builtin_text, BUILTIN};
pub use format::{PackError, Piece, Puzzle, MAX_CELLS, MAX_PIECES};
pub use shape::Pt;

use crate::bits::Bits;
use rayon::prelude::*;
use search::{Found, Lists, Place, Searcher, State, Tables};
use std::sync::atomic::{AtomicBool, Ordering};
use symmetry::{Layout, Root, Symmetry};
use word::{Board64, Memo, Search64};

/// Which pruning the search uses besides the piece-by-piece fit test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Pruning {
    /// None: only placements on the lowest empty cell that fit.
    None,
    /// Isolated regions (default): after each placement, every connected region
    /// of empty cells must have a size the remaining pieces can add up to.
    #[default]
    Regions,
    /// Browne's Alg. 13 as written: at each node every remaining piece must have
    /// a placement (line 14), the remaining pieces must cover every empty cell
    /// (line 13), and a piece must cover the cells only it can cover (lines 9, 11).
    Paper,
}

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Threads (0: one per core; 1: the calling thread only).
    pub threads: usize,
    /// The pruning.
    pub pruning: Pruning,
}

impl Default for Options {
    fn default() -> Self {
        Options { threads: 1, pruning: Pruning::default() }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Every packing (each rotation and reflection counted).
    pub solutions: u64,
    /// Packings up to the board's symmetries.
    pub distinct: u64,
    /// Order of the symmetry group used.
    pub symmetries: usize,
    /// Placements of all pieces on the board.
    pub placements: usize,
    /// Nodes searched.
    pub nodes: u64,
    /// The label of the piece fixed for symmetry, if one was.
    pub fixed: Option<char>,
    /// One packing, if there is any.
    pub example: Option<Solution>,
}

/// A packing: the label covering each board cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The box, `[width, height, depth]`.
    pub dims: [usize; 3],
    /// `labels[z][y][x]`: the piece's label, or ' ' off the board.
    pub labels: Vec<Vec<Vec<char>>>,
}

impl Solution {
    /// The packing drawn: top row first; layers of a solid side by side, the
    /// bottom layer on the left.
    pub fn draw(&self) -> String {
        let [w, h, d] = self.dims;
        let mut s = String::new();
        for y in (0..h).rev() {
            let rows: Vec<String> =
                (0..d).map(|z| (0..w).map(|x| self.labels[z][y][x]).collect()).collect();
            s.push_str(rows.join("   ").trim_end());
            s.push('\n');
        }
        s
    }
}

/// Counts the packings of a puzzle (Browne, Alg. 13). Errors: a piece that
/// fits nowhere.
pub fn solve(p: &Puzzle, opts: &Options) -> Result<Report, PackError> {
    solve_until(p, opts, &AtomicBool::new(false))
}

/// [`solve`] that gives up when `stop` is set (looked at every few thousand
/// nodes, on every thread), with [`PackError::Stopped`]: a web server sets it
/// when the page that asked has gone.
///
/// ```
/// use bitgames::puzzles::pack::{builtin, solve_until, Options, PackError};
/// use std::sync::atomic::AtomicBool;
/// let stop = AtomicBool::new(true);
/// let r = solve_until(&builtin("pentomino-6x10").unwrap(), &Options::default(), &stop);
/// assert_eq!(r, Err(PackError::Stopped));
/// ```
pub fn solve_until(p: &Puzzle, opts: &Options, stop: &AtomicBool) -> Result<Report, PackError> {
    let layout = Layout::new(p.dims);
    let placements = placements(p, &layout)?;
    let syms = symmetry::symmetries(p, &layout);
    let (fixed, roots) = symmetry::roots(p, &syms, &placements);
    let prep = Prep { p, layout, placements, syms, fixed, roots };
    let report = match prep.layout.volume() {
        0..=64 => prep.run::<1>(opts, stop),
        65..=128 => prep.run::<2>(opts, stop),
        _ => prep.run::<4>(opts, stop),
    };
    report.ok_or(PackError::Stopped)
}

/// Every placement of every piece, as lists of bits.
fn placements(p: &Puzzle, layout: &Layout) -> Result<Vec<Vec<Vec<usize>>>, PackError> {
    let on_board: std::collections::HashSet<Pt> = p.board.iter().copied().collect();
    let mut all = Vec::new();
    for piece in &p.pieces {
        let mut v: Vec<Vec<usize>> = Vec::new();
        for o in shape::orientations(&piece.cells) {
            let ext = |a: usize| o.iter().map(|q| q[a]).max().unwrap_or(0) as usize + 1;
            let (ex, ey, ez) = (ext(0), ext(1), ext(2));
            if ex > p.dims[0] || ey > p.dims[1] || ez > p.dims[2] {
                continue;
            }
            for dz in 0..=p.dims[2] - ez {
                for dy in 0..=p.dims[1] - ey {
                    for dx in 0..=p.dims[0] - ex {
                        let cells: Vec<Pt> = o
                            .iter()
                            .map(|q| [q[0] + dx as i32, q[1] + dy as i32, q[2] + dz as i32])
                            .collect();
                        if cells.iter().all(|q| on_board.contains(q)) {
                            let mut bits: Vec<usize> =
                                cells.iter().map(|&q| layout.bit(q)).collect();
                            bits.sort_unstable();
                            v.push(bits);
                        }
                    }
                }
            }
        }
        v.sort();
        v.dedup();
        if v.is_empty() {
            return Err(PackError::NoFit(piece.label));
        }
        all.push(v);
    }
    Ok(all)
}

/// Where a one-word search starts: the root's index, the filled cells, the
/// copies left of each type, the placements made (root first).
type Start = (usize, u64, [u8; 32], Vec<(u8, u64)>);

struct Prep<'a> {
    p: &'a Puzzle,
    layout: Layout,
    placements: Vec<Vec<Vec<usize>>>,
    syms: Vec<Symmetry>,
    fixed: Option<usize>,
    roots: Vec<Root>,
}

impl Prep<'_> {
    fn tables<const N: usize>(&self) -> Tables<N> {
        let types = self.p.pieces.len();
        let volume = self.layout.volume();
        let board: Bits<N> = self.p.board.iter().map(|&q| self.layout.bit(q)).collect();
        // Up to three axes, unused ones with empty masks; the slowest needs no
        // masks (its shifts leave the box, into cells `& empty` removes).
        let mut axes = [(0, Bits::EMPTY, Bits::EMPTY); 3];
        let mut k = 0;
        for a in self.layout.order {
            if self.layout.dims[a] > 1 {
                let (mut up, mut down) = (Bits::EMPTY, Bits::EMPTY);
                for b in 0..volume {
                    let q = self.layout.point(b)[a] as usize;
                    if q + 1 < self.layout.dims[a] {
                        up.insert(b);
                    }
                    if q > 0 {
                        down.insert(b);
                    }
                }
                axes[k] = (self.layout.stride[a], up, down);
                k += 1;
            }
        }
        if k > 0 {
            axes[k - 1] = (axes[k - 1].0, Bits::ALL, Bits::ALL);
        }
        let size: Vec<u32> = self.p.pieces.iter().map(|pc| pc.cells.len() as u32).collect();
        let copies = |s: u32| -> usize {
            self.p.pieces.iter().filter(|pc| pc.cells.len() as u32 == s).map(|pc| pc.count).sum()
        };
        let main_size = size.iter().copied().max_by_key(|&s| (copies(s), s)).unwrap_or(1);
        let odd_types = (0..types).filter(|&t| size[t] != main_size).fold(0, |m, t| m | 1 << t);
        Tables {
            odd_types,
            types,
            volume,
            lists: Vec::new(),
            multiples: (0..=volume).step_by(main_size.max(1) as usize).collect(),
            size,
            count: self.p.pieces.iter().map(|pc| pc.count as u8).collect(),
            outside: !board,
            axes,
        }
    }

    /// The count, or `None` if `stop` ended it.
    fn run<const N: usize>(&self, opts: &Options, stop: &AtomicBool) -> Option<Report> {
        let flat = self.layout.dims.iter().filter(|&&d| d > 1).count() <= 2;
        if N == 1 && flat && opts.pruning == Pruning::Regions {
            return self.run_word(opts, stop);
        }
        match opts.pruning {
            Pruning::None => self.run_with::<N, { Pruning::None as u8 }>(opts, stop),
            Pruning::Regions => self.run_with::<N, { Pruning::Regions as u8 }>(opts, stop),
            Pruning::Paper => self.run_with::<N, { Pruning::Paper as u8 }>(opts, stop),
        }
    }

    /// The placements left once a root is placed: those clear of it that cut
    /// off no region the other pieces cannot fill (so a placement that walls in
    /// a single cell by the edge or the root never enters the search).
    fn lists<const N: usize>(&self, t: &Tables<N>, root: &Root) -> Lists<N> {
        let volume = t.volume;
        let root_bits: Bits<N> = root.cells.iter().copied().collect();
        let mut left = [0u8; 32];
        for (ty, &c) in t.count.iter().enumerate() {
            left[ty] = c;
        }
        if let Some(f) = self.fixed {
            left[f] -= 1;
        }
        let empty = !(t.outside | root_bits);
        let mut l = Lists::default();
        if !t.regions_fit(empty, &t.sums(&left)) {
            l.start = vec![0; t.types * (volume + 1) + 1];
            return l;
        }
        for ty in 0..t.types {
            let mut by_cell: Vec<Vec<Place<N>>> = vec![Vec::new(); volume];
            if left[ty] > 0 {
                left[ty] -= 1;
                let sums = t.sums(&left);
                left[ty] += 1;
                for cells in &self.placements[ty] {
                    let pl: Bits<N> = cells.iter().copied().collect();
                    if pl.is_subset(&empty) && t.regions_fit(empty - pl, &sums) {
                        let around = t.dilate(pl) - pl - t.outside;
                        by_cell[cells[0]].push(Place { cells: pl, around });
                    }
                }
            }
            for list in by_cell {
                l.start.push(l.pls.len() as u32);
                l.pls.extend(list);
            }
            l.start.push(l.pls.len() as u32);
        }
        l.start.push(l.pls.len() as u32);
        l
    }

    fn run_with<const N: usize, const P: u8>(
        &self, opts: &Options, stop: &AtomicBool,
    ) -> Option<Report> {
        let mut t = self.tables::<N>();
        t.lists = self.roots.iter().map(|r| self.lists(&t, r)).collect();
        // The start states: each root placement of the fixed piece, then split
        // one or two levels more so the threads share the work.
        let mut states: Vec<State<N>> = Vec::new();
        for (i, r) in self.roots.iter().enumerate() {
            let mut left = [0u8; 32];
            let mut avail = 0u32;
            for (ty, &c) in t.count.iter().enumerate() {
                left[ty] = c;
                avail |= 1 << ty;
            }
            let mut s = State { filled: t.outside, left, avail, stack: Vec::new(), root: i };
            if let Some(f) = self.fixed {
                let pl: Bits<N> = r.cells.iter().copied().collect();
                s.filled |= pl;
                s.left[f] -= 1;
                s.avail &= !(1 << f);
                s.stack.push((f as u8, pl));
            }
            states.push(s);
        }
        let threads = match opts.threads {
            0 => rayon::current_num_threads(),
            n => n,
        };
        // A searcher below root placement `i`, with nothing found yet.
        let searcher = |i: usize| Searcher::<N, P> {
            t: &t,
            l: &t.lists[i],
            syms: &self.syms,
            root: &self.roots[i],
            found: Found::default(),
            stop,
            stopped: false,
        };
        let mut seed = Found::<N>::default();
        let mut depth = 0;
        while threads > 1 && states.len() < 64 * threads && depth < 3 {
            let mut next = Vec::new();
            for mut s in states {
                let mut me = searcher(s.root);
                if s.filled == Bits::ALL {
                    me.run(&mut s);
                } else {
                    me.found.nodes += 1;
                    me.expand(&mut s, |_, c| next.push(c.clone()));
                }
                me.found.stopped |= me.stopped;
                seed = seed.merge(me.found);
            }
            states = next;
            depth += 1;
        }
        let work = |s: &State<N>| {
            let mut s = s.clone();
            let mut me = searcher(s.root);
            me.stopped = stop.load(Ordering::Relaxed);
            me.run(&mut s);
            me.found.stopped |= me.stopped;
            me.found
        };
        let found = if threads == 1 {
            states.iter().map(work).fold(seed, Found::merge)
        } else {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
            let go = || states.par_iter().map(work).collect::<Vec<_>>();
            let parts = match pool {
                Ok(pool) => pool.install(go),
                Err(_) => go(),
            };
            parts.into_iter().fold(seed, Found::merge)
        };
        self.report(found)
    }

    /// The report of a finished count, or `None` if it was stopped.
    fn report<const N: usize>(&self, found: Found<N>) -> Option<Report> {
        if found.stopped {
            return None;
        }
        let g = self.syms.len() as u64;
        debug_assert_eq!(found.distinct_times_g % g, 0);
        Some(Report {
            solutions: found.solutions,
            distinct: found.distinct_times_g / g,
            symmetries: self.syms.len(),
            placements: self.placements.iter().map(Vec::len).sum(),
            nodes: found.nodes,
            fixed: self.fixed.map(|f| self.p.pieces[f].label),
            example: found.example.map(|stack| self.draw(&stack)),
        })
    }

    /// The count on a flat board of at most 64 cells with the region pruning:
    /// the one-word search of [`word`], from each root (split one level further
    /// when there are threads to share it).
    fn run_word(&self, opts: &Options, stop: &AtomicBool) -> Option<Report> {
        let t = self.tables::<1>();
        let mut axes = [(0u32, 0u64, 0u64); 3];
        for (slot, &(s, up, down)) in axes.iter_mut().zip(&t.axes) {
            *slot = (s as u32, up.0[0], down.0[0]);
        }
        let board = Board64 { axes, outside: t.outside.0[0], size: t.size.clone() };
        // Every placement by lowest cell, the same for every root: the keyed
        // lists built from them hold for all roots, and the search tests
        // each placement against the root's cells as against any filled cell.
        let mut base: Vec<Vec<(u32, u64, u64)>> = vec![Vec::new(); t.volume];
        for (ty, pls) in self.placements.iter().enumerate() {
            for cells in pls {
                let pl: Bits<1> = cells.iter().copied().collect();
                let around = t.dilate(pl) - pl - t.outside;
                base[cells[0]].push((ty as u32, pl.0[0], around.0[0]));
            }
        }
        for list in &mut base {
            list.sort_by_key(|&(ty, cells, _)| (ty, cells));
        }
        let root_cells: Vec<u64> =
            self.roots.iter().map(|r| r.cells.iter().fold(0, |m, &b| m | 1 << b)).collect();
        let mut starts: Vec<Start> = Vec::new();
        for (i, &rc) in root_cells.iter().enumerate() {
            let mut left = [0u8; 32];
            left[..t.count.len()].copy_from_slice(&t.count);
            let mut stack = Vec::new();
            if let Some(f) = self.fixed {
                left[f] -= 1;
                stack.push((f as u8, rc));
            }
            starts.push((i, t.outside.0[0] | rc, left, stack));
        }
        let threads = match opts.threads {
            0 => rayon::current_num_threads(),
            n => n,
        };
        let mut seed = Found::<1>::default();
        if threads > 1 {
            let mut next = Vec::new();
            for (i, filled, left, stack) in starts {
                if filled == !0 {
                    next.push((i, filled, left, stack));
                    continue;
                }
                seed.nodes += 1;
                let c = (!filled).trailing_zeros() as usize;
                for &(ty, cells, _) in &base[c] {
                    if cells & filled == 0 && left[ty as usize] > 0 {
                        let mut l = left;
                        l[ty as usize] -= 1;
                        let mut s = stack.clone();
                        s.push((ty as u8, cells));
                        next.push((i, filled | cells, l, s));
                    }
                }
            }
            starts = next;
        }
        let axes_used = self.layout.dims.iter().filter(|&&d| d > 1).count();
        let work = |memo: &mut Memo, (i, filled, left, stack): &Start| {
            let root = &self.roots[*i];
            let mut found = Found::<1>::default();
            let on_solution = |stack: &[(u8, u64)]| {
                let v: Vec<(u8, Bits<1>)> = stack.iter().map(|&(ty, c)| (ty, Bits([c]))).collect();
                found.add(root, &self.syms, &v);
            };
            let mut sr = Search64::new(
                &board,
                &base,
                memo,
                self.fixed,
                &t.count,
                *left,
                stack.clone(),
                stop,
                on_solution,
            );
            match axes_used {
                0 => sr.run::<0>(*filled),
                1 => sr.run::<1>(*filled),
                _ => sr.run::<2>(*filled),
            }
            let (nodes, stopped) = (sr.nodes, sr.stopped);
            drop(sr);
            found.nodes += nodes;
            found.stopped |= stopped;
            found
        };
        let found = if threads == 1 {
            let mut memo = Memo::new(t.volume);
            starts.iter().map(|s| work(&mut memo, s)).fold(seed, Found::merge)
        } else {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
            let go = || {
                starts
                    .par_iter()
                    .map_init(|| Memo::new(t.volume), |memo, s| work(memo, s))
                    .collect::<Vec<_>>()
            };
            let parts = match pool {
                Ok(pool) => pool.install(go),
                Err(_) => go(),
            };
            parts.into_iter().fold(seed, Found::merge)
        };
        self.report(found)
    }

    fn draw<const N: usize>(&self, stack: &[(u8, Bits<N>)]) -> Solution {
        let [w, h, d] = self.p.dims;
        let mut labels = vec![vec![vec![' '; w]; h]; d];
        for &(ty, pl) in stack {
            for b in pl.iter() {
                let q = self.layout.point(b);
                labels[q[2] as usize][q[1] as usize][q[0] as usize] =
                    self.p.pieces[ty as usize].label;
            }
        }
        Solution { dims: self.p.dims, labels }
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;
    use std::time::Duration;

    /// A stop flag set while the Bedlam cube is being counted (a minute or
    /// more) ends the count with `Stopped`, on one thread and on two; an unset
    /// flag changes nothing.
    pub fn a_stop_flag_ends_the_count() {
        let bedlam = builtin("bedlam").unwrap();
        for threads in [1, 2] {
            let stop = AtomicBool::new(false);
            let opts = Options { threads, pruning: Pruning::Regions };
            let r = std::thread::scope(|sc| {
                sc.spawn(|| {
                    std::thread::sleep(Duration::from_millis(20));
                    stop.store(true, Ordering::Relaxed);
                });
                solve_until(&bedlam, &opts, &stop)
            });
            assert_eq!(r, Err(PackError::Stopped), "threads {threads}");
        }
        let soma = builtin("soma").unwrap();
        let r = solve_until(&soma, &Options::default(), &AtomicBool::new(false)).unwrap();
        assert_eq!((r.solutions, r.distinct), (11_520, 240));
    }
}

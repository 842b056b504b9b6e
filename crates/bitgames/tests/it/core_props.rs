//! Property tests for the bitboard core: every operation of `Bits`, `Grid` and `ops`
//! on every grid kind (linear, square4, square8, hex) and storage size (`Bits<1>`,
//! `Bits<2>`, `Bits<4>`, `Bits<6>`), checked against a naive per-cell reference.
//!
//! The reference board is a `Vec<bool>` indexed by `row * width + col`; neighbours
//! come from `GridKind::delta(d)` with bounds checks. Bitboards are encoded and
//! decoded by hand from the raw words (`bit = row * stride + col`), so the reference
//! never goes through the code under test.
//!
//! Each random case is tried at every storage size: `Grid::new` must fail exactly
//! when `(h - 1) * (w + sep) + w > 64 * N`, and every property is checked where it
//! succeeds.

use bitgames::bits::Bits;
use bitgames::grid::{column_name, Cell, Dir, Grid, GridError, GridKind};
use bitgames::ops;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::VecDeque;
use std::fmt;

/// Largest number of cells a case draws (20×20, or a linear board of 400 cells).
const MAX_CELLS: usize = 400;

type Res = Result<(), TestCaseError>;

// ---------------------------------------------------------------------------
// The naive reference
// ---------------------------------------------------------------------------

/// The shape of a case and how its grid is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shape {
    kind: GridKind,
    w: usize,
    h: usize,
    /// Separating bits per row.
    sep: usize,
    /// Built with `Grid::new` (else `Grid::with_separators(kind, w, h, sep)`).
    via_new: bool,
}

impl Shape {
    fn new(kind: GridKind, w: usize, h: usize) -> Self {
        let sep = if kind == GridKind::Linear { 0 } else { 1 };
        Shape { kind, w, h, sep, via_new: true }
    }

    fn with_separators(kind: GridKind, w: usize, h: usize, sep: usize) -> Self {
        Shape { kind, w, h, sep, via_new: false }
    }

    /// Bits the board needs: `(h - 1) * (w + sep) + w`.
    fn needed(&self) -> usize {
        (self.h - 1) * (self.w + self.sep) + self.w
    }

    fn build<const N: usize>(&self) -> Result<Grid<N>, GridError> {
        if self.via_new {
            Grid::new(self.kind, self.w, self.h)
        } else {
            Grid::with_separators(self.kind, self.w, self.h, self.sep)
        }
    }
}

/// A naive board model: cells `0..w*h`, cell `i` at column `i % w`, row `i / w`.
#[derive(Clone, Copy, Debug)]
struct Model {
    s: Shape,
}

impl Model {
    fn cells(&self) -> usize {
        self.s.w * self.s.h
    }
    fn stride(&self) -> usize {
        self.s.w + self.s.sep
    }
    fn cr(&self, i: usize) -> (usize, usize) {
        (i % self.s.w, i / self.s.w)
    }
    fn idx(&self, c: usize, r: usize) -> usize {
        r * self.s.w + c
    }
    /// The bitboard index of reference cell `i`.
    fn bit(&self, i: usize) -> usize {
        let (c, r) = self.cr(i);
        r * self.stride() + c
    }
    /// Directions of the kind, as the reference sees them: those `delta` knows.
    fn dirs(&self) -> Vec<Dir> {
        Dir::ALL.into_iter().filter(|&d| self.s.kind.delta(d).is_some()).collect()
    }
    /// The cell `k` steps from `i` in `d`, if it is on the board.
    fn nb_k(&self, i: usize, d: Dir, k: usize) -> Option<usize> {
        let (dx, dy) = self.s.kind.delta(d).expect("direction of the kind");
        let (c, r) = self.cr(i);
        let c2 = c as isize + dx * k as isize;
        let r2 = r as isize + dy * k as isize;
        if c2 < 0 || r2 < 0 || c2 >= self.s.w as isize || r2 >= self.s.h as isize {
            None
        } else {
            Some(self.idx(c2 as usize, r2 as usize))
        }
    }
    fn nb(&self, i: usize, d: Dir) -> Option<usize> {
        self.nb_k(i, d, 1)
    }
    /// The cell one step back from `i` along `d` (the cell that steps onto `i`).
    fn pred(&self, i: usize, d: Dir) -> Option<usize> {
        let (dx, dy) = self.s.kind.delta(d).expect("direction of the kind");
        let (c, r) = self.cr(i);
        let c2 = c as isize - dx;
        let r2 = r as isize - dy;
        if c2 < 0 || r2 < 0 || c2 >= self.s.w as isize || r2 >= self.s.h as isize {
            None
        } else {
            Some(self.idx(c2 as usize, r2 as usize))
        }
    }

    fn encode<const N: usize>(&self, v: &[bool]) -> Bits<N> {
        let mut w = [0u64; N];
        for (i, _) in v.iter().enumerate().filter(|(_, &x)| x) {
            let b = self.bit(i);
            w[b / 64] |= 1 << (b % 64);
        }
        Bits(w)
    }
    fn decode<const N: usize>(&self, b: Bits<N>) -> Vec<bool> {
        (0..self.cells()).map(|i| raw_bit(&b, self.bit(i))).collect()
    }
    /// Storage bits of `b` that are not on the board.
    fn off_board<const N: usize>(&self, b: Bits<N>) -> Vec<usize> {
        let on: Vec<usize> = (0..self.cells()).map(|i| self.bit(i)).collect();
        (0..64 * N).filter(|&i| raw_bit(&b, i) && !on.contains(&i)).collect()
    }
    fn single(&self, i: usize) -> Vec<bool> {
        let mut v = vec![false; self.cells()];
        v[i] = true;
        v
    }
    /// Text drawing of a reference board, top row first.
    fn show(&self, v: &[bool]) -> String {
        let mut s = String::new();
        for r in (0..self.s.h).rev() {
            for c in 0..self.s.w {
                s.push(if v[self.idx(c, r)] { 'X' } else { '.' });
            }
            s.push('\n');
        }
        s
    }
    fn show_bits<const N: usize>(&self, b: Bits<N>) -> String {
        let off = self.off_board(b);
        let mut s = self.show(&self.decode(b));
        if !off.is_empty() {
            s.push_str(&format!("off-board bits set: {off:?}\n"));
        }
        s
    }

    // -- naive operations ---------------------------------------------------

    fn step(&self, v: &[bool], d: Dir) -> Vec<bool> {
        self.step_k(v, d, 1)
    }
    fn step_k(&self, v: &[bool], d: Dir, k: usize) -> Vec<bool> {
        let mut out = vec![false; self.cells()];
        for i in set(v) {
            if let Some(j) = self.nb_k(i, d, k) {
                out[j] = true;
            }
        }
        out
    }
    fn dilate(&self, v: &[bool]) -> Vec<bool> {
        let mut out = v.to_vec();
        for i in set(v) {
            for d in self.dirs() {
                if let Some(j) = self.nb(i, d) {
                    out[j] = true;
                }
            }
        }
        out
    }
    /// Cells whose every neighbour (one step back in each direction) is on the
    /// board and set.
    fn erode(&self, v: &[bool]) -> Vec<bool> {
        (0..self.cells())
            .map(|i| v[i] && self.dirs().into_iter().all(|d| self.pred(i, d).is_some_and(|p| v[p])))
            .collect()
    }
    /// Cells with at least one neighbour in `v` (in any direction).
    fn touching(&self, v: &[bool]) -> Vec<bool> {
        (0..self.cells())
            .map(|i| self.dirs().into_iter().any(|d| self.nb(i, d).is_some_and(|j| v[j])))
            .collect()
    }
    /// Longest run of `v` along any of the given axes.
    fn longest(&self, v: &[bool], axes: &[Dir]) -> usize {
        self.runs(v, axes).into_iter().max().unwrap_or(0)
    }
    /// The length of every maximal run of `v` along every axis, cell by cell.
    fn runs(&self, v: &[bool], axes: &[Dir]) -> Vec<usize> {
        let mut runs = Vec::new();
        for &a in axes {
            for i in set(v) {
                if self.pred(i, a).is_some_and(|p| v[p]) {
                    continue; // not the start of a run
                }
                let (mut len, mut j) = (1, i);
                while let Some(n) = self.nb(j, a).filter(|&n| v[n]) {
                    len += 1;
                    j = n;
                }
                runs.push(len);
            }
        }
        runs
    }
    /// Cells of `within` reachable from `start` (a subset of `within`) by steps in
    /// the grid's directions, breadth first.
    fn bfs(&self, start: &[bool], within: &[bool]) -> Vec<bool> {
        let mut seen = vec![false; self.cells()];
        let mut q = VecDeque::new();
        for i in set(start) {
            if within[i] && !seen[i] {
                seen[i] = true;
                q.push_back(i);
            }
        }
        while let Some(i) = q.pop_front() {
            for d in self.dirs() {
                if let Some(j) = self.nb(i, d) {
                    if within[j] && !seen[j] {
                        seen[j] = true;
                        q.push_back(j);
                    }
                }
            }
        }
        seen
    }
}

fn raw_bit<const N: usize>(b: &Bits<N>, i: usize) -> bool {
    (b.0[i / 64] >> (i % 64)) & 1 == 1
}

fn set(v: &[bool]) -> Vec<usize> {
    (0..v.len()).filter(|&i| v[i]).collect()
}

fn zip(a: &[bool], b: &[bool], f: impl Fn(bool, bool) -> bool) -> Vec<bool> {
    a.iter().zip(b).map(|(&x, &y)| f(x, y)).collect()
}

/// Column name written independently of the crate: `a`..`z`, `aa`, `ab`, ….
fn col_name(c: usize) -> String {
    let mut n = c + 1;
    let mut s = Vec::new();
    while n > 0 {
        n -= 1;
        s.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    s.reverse();
    String::from_utf8(s).unwrap()
}

/// Compares a bitboard with a reference board, drawing both on failure.
fn same<const N: usize>(m: &Model, what: &str, got: Bits<N>, want: &[bool]) -> Res {
    if got == m.encode::<N>(want) {
        Ok(())
    } else {
        Err(TestCaseError::fail(format!(
            "{what} on {:?} in Bits<{N}>\ngot:\n{}want:\n{}",
            m.s,
            m.show_bits(got),
            m.show(want)
        )))
    }
}

// ---------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------

/// A random case: a shape, two independent random sets `a` and `b`, a two-player
/// board (`0` empty, `1` player, `2` opponent), random cell picks and direction masks.
#[derive(Clone)]
struct Case {
    shape: Shape,
    a: Vec<bool>,
    b: Vec<bool>,
    board: Vec<u8>,
    picks: [usize; 3],
    dirmask: [u8; 2],
}

impl Case {
    fn model(&self) -> Model {
        Model { s: self.shape }
    }
    fn cells(&self) -> usize {
        self.shape.w * self.shape.h
    }
    fn a(&self) -> &[bool] {
        &self.a[..self.cells()]
    }
    fn b(&self) -> &[bool] {
        &self.b[..self.cells()]
    }
    fn of(&self, p: u8) -> Vec<bool> {
        self.board[..self.cells()].iter().map(|&x| x == p).collect()
    }
    fn pick(&self, k: usize) -> usize {
        self.picks[k] % self.cells()
    }
}

impl fmt::Debug for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.model();
        let mut board = String::new();
        for r in (0..self.shape.h).rev() {
            for c in 0..self.shape.w {
                board.push(['.', 'X', 'O'][self.board[m.idx(c, r)] as usize]);
            }
            board.push('\n');
        }
        write!(
            f,
            "Case {:?} picks {:?} dirmask {:?}\na:\n{}b:\n{}board (X player, O opponent):\n{}",
            self.shape,
            self.picks,
            self.dirmask,
            m.show(self.a()),
            m.show(self.b()),
            board
        )
    }
}

fn kinds2d() -> impl Strategy<Value = GridKind> {
    prop_oneof![Just(GridKind::Square4), Just(GridKind::Square8), Just(GridKind::Hex)]
}

/// Board sides 1..=20, small ones more often so that one-word storage is exercised.
fn side() -> impl Strategy<Value = usize> {
    prop_oneof![3 => 1usize..=8, 2 => 1usize..=20]
}

/// Linear widths 1..=400, with the word boundaries of every storage size favoured.
fn linear_width() -> impl Strategy<Value = usize> {
    prop_oneof![
        1usize..=400,
        prop::sample::select(vec![
            1usize, 2, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257, 319, 320, 321, 383,
            384, 385
        ]),
    ]
}

/// Shapes built with `Grid::new`.
fn shape_new() -> impl Strategy<Value = Shape> {
    prop_oneof![
        1 => linear_width().prop_map(|w| Shape::new(GridKind::Linear, w, 1)),
        3 => (kinds2d(), side(), side()).prop_map(|(k, w, h)| Shape::new(k, w, h)),
    ]
}

/// Shapes built with `Grid::with_separators(kind, w, h, 2)` (and sometimes 3).
fn shape_sep() -> impl Strategy<Value = Shape> {
    let sep = prop_oneof![3 => Just(2usize), 1 => Just(3usize)];
    prop_oneof![
        1 => (linear_width(), sep.clone())
            .prop_map(|(w, s)| Shape::with_separators(GridKind::Linear, w, 1, s)),
        3 => (kinds2d(), side(), side(), sep)
            .prop_map(|(k, w, h, s)| Shape::with_separators(k, w, h, s)),
    ]
}

/// Fill density in percent; empty and full boards are drawn on purpose.
fn density() -> impl Strategy<Value = u32> {
    prop_oneof![1 => Just(0u32), 1 => Just(100u32), 6 => 0u32..=100]
}

/// Random on-board cells: one bool per cell, set with probability `density`%.
fn cells() -> impl Strategy<Value = Vec<bool>> {
    (density(), prop::collection::vec(0u32..100, MAX_CELLS))
        .prop_map(|(d, raw)| raw.into_iter().map(|x| x < d).collect())
}

/// A two-player board: `fill`% of the cells occupied, `share`% of those by the player.
fn board() -> impl Strategy<Value = Vec<u8>> {
    (density(), 0u32..=100, prop::collection::vec((0u32..100, 0u32..100), MAX_CELLS)).prop_map(
        |(fill, share, raw)| {
            raw.into_iter()
                .map(|(x, y)| match (x < fill, y < share) {
                    (false, _) => 0,
                    (true, true) => 1,
                    (true, false) => 2,
                })
                .collect()
        },
    )
}

fn case_with(shape: impl Strategy<Value = Shape>) -> impl Strategy<Value = Case> {
    (shape, cells(), cells(), board(), any::<[usize; 3]>(), any::<[u8; 2]>()).prop_map(
        |(shape, a, b, board, picks, dirmask)| Case { shape, a, b, board, picks, dirmask },
    )
}

fn case() -> impl Strategy<Value = Case> {
    case_with(shape_new())
}

fn sep_case() -> impl Strategy<Value = Case> {
    case_with(shape_sep())
}

type Check<const N: usize> = fn(&Case, &Grid<N>, &Model) -> Res;

/// Builds the case's grid in `Bits<N>`: it must fail exactly when the board does not
/// fit, with `GridError::TooLarge` giving the bits needed. Runs `check` when it fits.
fn run_one<const N: usize>(case: &Case, check: Check<N>) -> Res {
    let s = case.shape;
    let needed = s.needed();
    match s.build::<N>() {
        Ok(g) => {
            prop_assert!(needed <= 64 * N, "{s:?} needs {needed} bits but Grid<{N}> was built");
            check(case, &g, &case.model())
        }
        Err(e) => {
            prop_assert!(needed > 64 * N, "{s:?} needs {needed} bits but Grid<{N}> failed: {e}");
            match e {
                GridError::TooLarge { needed: n, capacity, .. } => {
                    prop_assert_eq!(n, needed);
                    prop_assert_eq!(capacity, 64 * N);
                }
                other => prop_assert!(false, "{s:?}: expected TooLarge, got {other:?}"),
            }
            Ok(())
        }
    }
}

/// Runs a check at every storage size: `Bits<1>`, `Bits<2>`, `Bits<4>`, `Bits<6>`.
macro_rules! at_every_size {
    ($case:expr, $check:ident) => {{
        let case = &$case;
        run_one::<1>(case, $check::<1>)?;
        run_one::<2>(case, $check::<2>)?;
        run_one::<4>(case, $check::<4>)?;
        run_one::<6>(case, $check::<6>)?;
    }};
}

// ---------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------

/// Size, stride, mask, directions, axes, offsets, `cell` and `coords`.
fn check_geometry<const N: usize>(_c: &Case, g: &Grid<N>, m: &Model) -> Res {
    let s = m.s;
    prop_assert_eq!(g.kind(), s.kind);
    prop_assert_eq!(g.width(), s.w);
    prop_assert_eq!(g.height(), s.h);
    prop_assert_eq!(g.stride(), m.stride());
    prop_assert_eq!(g.cells(), s.w * s.h);
    same(m, "mask", g.mask(), &vec![true; m.cells()])?;
    prop_assert_eq!(g.mask().count() as usize, s.w * s.h);

    // Directions: exactly those `delta` knows, closed under `opposite`, with
    // opposite deltas; axes take one of each opposite pair.
    let mut dirs = g.directions().to_vec();
    dirs.sort();
    prop_assert_eq!(&dirs, &m.dirs());
    let want_n = match s.kind {
        GridKind::Linear => 2,
        GridKind::Square4 => 4,
        GridKind::Square8 => 8,
        GridKind::Hex => 6,
    };
    prop_assert_eq!(dirs.len(), want_n);
    for &d in &dirs {
        let (dx, dy) = s.kind.delta(d).unwrap();
        let (ox, oy) = s.kind.delta(d.opposite()).unwrap();
        prop_assert_eq!((dx, dy), (-ox, -oy));
        prop_assert!((dx, dy) != (0, 0));
        prop_assert_eq!(g.offset(d), dx + dy * m.stride() as isize);
    }
    for d in Dir::ALL.into_iter().filter(|d| !dirs.contains(d)) {
        prop_assert_eq!(g.offset(d), 0, "offset of {:?}, not a direction", d);
    }
    let mut from_axes: Vec<Dir> = g.axes().iter().flat_map(|&a| [a, a.opposite()]).collect();
    from_axes.sort();
    prop_assert_eq!(&from_axes, &dirs);
    // `axis_shifts`: the offset of each forward axis direction, all positive.
    let shifts: Vec<isize> = g.axis_shifts().iter().map(|&x| x as isize).collect();
    let want: Vec<isize> = g.axes().iter().map(|&a| g.offset(a)).collect();
    prop_assert_eq!(&shifts, &want);
    prop_assert!(shifts.iter().all(|&x| x > 0), "axis shifts {:?}", shifts);

    // cell / coords / index_of / cell_at for every cell and every storage bit.
    for i in 0..m.cells() {
        let (c, r) = m.cr(i);
        prop_assert_eq!(g.cell(c, r), Some(m.bit(i)));
        let cell = Cell { col: c as u16, row: r as u16 };
        prop_assert_eq!(g.index_of(cell), Some(m.bit(i)));
    }
    for r in 0..=s.h {
        prop_assert_eq!(g.cell(s.w, r), None);
    }
    for c in 0..=s.w {
        prop_assert_eq!(g.cell(c, s.h), None);
    }
    prop_assert_eq!(g.coords(usize::MAX), None);
    prop_assert_eq!(g.coords(1 << 16), None);
    for b in 0..64 * N + 70 {
        let want = (0..m.cells()).find(|&i| m.bit(i) == b).map(|i| m.cr(i));
        prop_assert_eq!(g.coords(b), want, "coords({})", b);
        let want_cell = want.map(|(c, r)| Cell { col: c as u16, row: r as u16 });
        prop_assert_eq!(g.cell_at(b), want_cell);
    }
    Ok(())
}

/// Union, intersection, xor, difference, complements and the set queries.
fn check_logical<const N: usize>(c: &Case, g: &Grid<N>, m: &Model) -> Res {
    let (av, bv) = (c.a(), c.b());
    let (a, b) = (m.encode::<N>(av), m.encode::<N>(bv));
    let or = zip(av, bv, |x, y| x | y);
    let and = zip(av, bv, |x, y| x & y);
    let xor = zip(av, bv, |x, y| x ^ y);
    let sub = zip(av, bv, |x, y| x & !y);
    same(m, "a | b", a | b, &or)?;
    same(m, "a.or(b)", a.or(b), &or)?;
    same(m, "a & b", a & b, &and)?;
    same(m, "a.and(b)", a.and(b), &and)?;
    same(m, "a ^ b", a ^ b, &xor)?;
    same(m, "a.xor(b)", a.xor(b), &xor)?;
    same(m, "a - b", a - b, &sub)?;
    same(m, "a.and_not(b)", a.and_not(b), &sub)?;
    let mut x = a;
    x |= b;
    same(m, "|=", x, &or)?;
    let mut x = a;
    x &= b;
    same(m, "&=", x, &and)?;
    let mut x = a;
    x ^= b;
    same(m, "^=", x, &xor)?;
    let mut x = a;
    x -= b;
    same(m, "-=", x, &sub)?;

    // Complement relative to the board: never off-board bits, even from junk.
    let not_a: Vec<bool> = av.iter().map(|&x| !x).collect();
    same(m, "complement(a)", g.complement(a), &not_a)?;
    let junk = !g.mask();
    same(m, "complement(a | junk)", g.complement(a | junk), &not_a)?;
    same(m, "complement twice", g.complement(g.complement(a)), av)?;
    // `!` flips every storage bit, separators included.
    let flipped = a.0.map(|w| !w);
    prop_assert_eq!((!a).0, flipped);
    prop_assert_eq!(a.not().0, flipped);
    prop_assert_eq!(g.mask() | junk, Bits::<N>::ALL);

    // Subset / disjoint.
    let subset = av.iter().zip(bv).all(|(&x, &y)| !x || y);
    let disjoint = av.iter().zip(bv).all(|(&x, &y)| !(x && y));
    prop_assert_eq!(a.is_subset(&b), subset);
    prop_assert_eq!(a.is_disjoint(&b), disjoint);
    prop_assert!((a & b).is_subset(&a));
    prop_assert!((a & b).is_subset(&b));
    prop_assert!((a - b).is_disjoint(&b));
    prop_assert!(a.is_subset(&g.mask()));

    // Counting, first/last, iteration (bits ascending: rows bottom up, columns left
    // to right), pop_first, lowest, more_than_one.
    let bits_of_a: Vec<usize> = set(av).into_iter().map(|i| m.bit(i)).collect();
    prop_assert_eq!(a.count() as usize, bits_of_a.len());
    prop_assert_eq!(a.is_empty(), bits_of_a.is_empty());
    prop_assert_eq!(a.any(), !bits_of_a.is_empty());
    prop_assert_eq!(a.more_than_one(), bits_of_a.len() > 1);
    prop_assert_eq!(a.first(), bits_of_a.first().copied());
    prop_assert_eq!(a.last(), bits_of_a.last().copied());
    prop_assert_eq!(a.iter().collect::<Vec<_>>(), bits_of_a.clone());
    prop_assert_eq!(a.into_iter().collect::<Vec<_>>(), bits_of_a.clone());
    prop_assert_eq!(a.iter().len(), bits_of_a.len());
    let coords: Vec<(usize, usize)> = a.iter().map(|i| g.coords(i).unwrap()).collect();
    let mut sorted = coords.clone();
    sorted.sort_by_key(|&(c, r)| (r, c));
    prop_assert_eq!(coords, sorted);
    let mut popped = Vec::new();
    let mut x = a;
    while let Some(i) = x.pop_first() {
        popped.push(i);
    }
    prop_assert_eq!(&popped, &bits_of_a);
    for k in 0..bits_of_a.len() + 2 {
        prop_assert_eq!(a.nth(k), bits_of_a.get(k).copied(), "nth({})", k);
    }
    prop_assert!(x.is_empty());
    let lowest = match set(av).first() {
        Some(&i) => m.single(i),
        None => vec![false; m.cells()],
    };
    same(m, "lowest", a.lowest(), &lowest)?;
    prop_assert_eq!(bits_of_a.iter().copied().collect::<Bits<N>>(), a, "from_iter");
    prop_assert_eq!(Bits::<N>::from_words(a.words()), a);

    // contains / insert / remove / toggle / with / without / cell.
    for bit in 0..64 * N + 3 {
        prop_assert_eq!(a.contains(bit), bit < 64 * N && raw_bit(&a, bit));
    }
    let i = c.pick(0);
    let cell = m.bit(i);
    let mut with = av.to_vec();
    with[i] = true;
    let mut without = av.to_vec();
    without[i] = false;
    let mut toggled = av.to_vec();
    toggled[i] = !toggled[i];
    same(m, "with", a.with(cell), &with)?;
    same(m, "without", a.without(cell), &without)?;
    let mut x = a;
    x.insert(cell);
    same(m, "insert", x, &with)?;
    x.remove(cell);
    same(m, "remove", x, &without)?;
    let mut x = a;
    x.toggle(cell);
    same(m, "toggle", x, &toggled)?;
    same(m, "Bits::cell", Bits::<N>::cell(cell), &m.single(i))?;
    prop_assert_eq!(Bits::<N>::cell(64 * N), Bits::<N>::EMPTY);
    prop_assert_eq!(Bits::<N>::default(), Bits::<N>::EMPTY);
    prop_assert_eq!(Bits::<N>::ALL.count() as usize, 64 * N);
    prop_assert_eq!(Bits::<N>::CAPACITY, 64 * N);
    Ok(())
}

/// `step` in every direction, directional and full dilation/erosion, neighbours.
fn check_morphology<const N: usize>(c: &Case, g: &Grid<N>, m: &Model) -> Res {
    for v in [c.a(), c.b()] {
        let bits = m.encode::<N>(v);
        for &d in g.directions() {
            let st = m.step(v, d);
            same(m, &format!("step {d:?}"), g.step(bits, d), &st)?;
            same(
                m,
                &format!("dilate_dir {d:?}"),
                g.dilate_dir(bits, d),
                &zip(v, &st, |x, y| x | y),
            )?;
            // A cell survives when its neighbour one step back along `d` is set.
            let er: Vec<bool> =
                (0..m.cells()).map(|i| v[i] && m.pred(i, d).is_some_and(|p| v[p])).collect();
            same(m, &format!("erode_dir {d:?}"), g.erode_dir(bits, d), &er)?;
        }
        let dil = m.dilate(v);
        same(m, "dilate", g.dilate(bits), &dil)?;
        same(m, "erode", g.erode(bits), &m.erode(v))?;
        same(m, "neighbours", g.neighbours(bits), &zip(&dil, v, |x, y| x & !y))?;
    }
    Ok(())
}

/// `step_n` for k = 1..=4 against k naive steps (the path of a straight move stays
/// on the board exactly when its end does), and against k folded `step`s.
fn check_step_n<const N: usize>(c: &Case, g: &Grid<N>, m: &Model) -> Res {
    let v = c.a();
    let bits = m.encode::<N>(v);
    for &d in g.directions() {
        for k in 1..=4 {
            let got = g.step_n(bits, d, k);
            same(m, &format!("step_n {d:?} k={k}"), got, &m.step_k(v, d, k))?;
            let folded = (0..k).fold(bits, |b, _| g.step(b, d));
            prop_assert_eq!(got, folded, "step_n {:?} {} vs folded steps", d, k);
        }
    }
    Ok(())
}

/// Checkerboard masks, rows and columns.
fn check_masks<const N: usize>(_c: &Case, g: &Grid<N>, m: &Model) -> Res {
    for parity in 0..4 {
        let want: Vec<bool> = (0..m.cells())
            .map(|i| {
                let (c, r) = m.cr(i);
                (c + r) % 2 == parity % 2
            })
            .collect();
        same(m, &format!("checkerboard({parity})"), g.checkerboard(parity), &want)?;
    }
    prop_assert_eq!(g.checkerboard(0) | g.checkerboard(1), g.mask());
    prop_assert!(g.checkerboard(0).is_disjoint(&g.checkerboard(1)));
    for r in 0..=m.s.h {
        let want: Vec<bool> = (0..m.cells()).map(|i| m.cr(i).1 == r).collect();
        same(m, &format!("row({r})"), g.row(r), &want)?;
    }
    for col in 0..=m.s.w {
        let want: Vec<bool> = (0..m.cells()).map(|i| m.cr(i).0 == col).collect();
        same(m, &format!("column({col})"), g.column(col), &want)?;
    }
    Ok(())
}

/// `cell_name` / `parse_cell` / `Cell` round trips; off-board names are refused.
fn check_names<const N: usize>(_c: &Case, g: &Grid<N>, m: &Model) -> Res {
    for i in 0..m.cells() {
        let (c, r) = m.cr(i);
        let name = format!("{}{}", col_name(c), r + 1);
        prop_assert_eq!(column_name(c), col_name(c));
        prop_assert_eq!(g.cell_name(m.bit(i)), Some(name.clone()));
        prop_assert_eq!(g.parse_cell(&name), Ok(m.bit(i)));
        prop_assert_eq!(g.parse_cell(&name.to_uppercase()), Ok(m.bit(i)));
        let cell: Cell = name.parse().unwrap();
        prop_assert_eq!(cell.to_string(), name.clone());
        prop_assert_eq!(g.cell_at(m.bit(i)), Some(cell));
    }
    // Off-board bits have no name; names just off the board do not parse.
    for b in 0..64 * N {
        if g.coords(b).is_none() {
            prop_assert_eq!(g.cell_name(b), None);
        }
    }
    // One column east of the board, one row north of it.
    for off in [format!("{}1", col_name(m.s.w)), format!("a{}", m.s.h + 1)] {
        let got = g.parse_cell(&off);
        prop_assert!(
            matches!(got, Err(GridError::BadCell { .. })),
            "parse_cell({}) gave {:?}",
            off,
            got
        );
    }
    for bad in ["", "a", "1", "a0", "1a", "a-1", "?3"] {
        prop_assert!(g.parse_cell(bad).is_err(), "parse_cell({:?})", bad);
    }
    Ok(())
}

/// `picture` / `parse_picture` and `picture2` / `parse_picture2` round trips, and
/// the layout of a picture (top row first, hex rows indented one space per row).
fn check_pictures<const N: usize>(c: &Case, g: &Grid<N>, m: &Model) -> Res {
    let (av, bv) = (c.a(), c.b());
    let a = m.encode::<N>(av);
    let o = m.encode::<N>(&zip(bv, av, |y, x| y & !x));
    let pic = g.picture(a);
    prop_assert_eq!(g.parse_picture(&pic), Ok(a), "picture:\n{}", pic);
    let pic2 = g.picture2(a, o);
    prop_assert_eq!(g.parse_picture2(&pic2), Ok((a, o)), "picture2:\n{}", pic2);
    let [x3, o3, e3] = g.parse_picture_n(&pic2, ['X', 'O', 'E']).unwrap();
    prop_assert_eq!((x3, o3, e3), (a, o, Bits::EMPTY));

    let lines: Vec<&str> = pic2.lines().collect();
    prop_assert_eq!(lines.len(), m.s.h);
    for (k, line) in lines.iter().enumerate() {
        let r = m.s.h - 1 - k;
        let indent = line.len() - line.trim_start().len();
        let want_indent = if m.s.kind == GridKind::Hex { r } else { 0 };
        prop_assert_eq!(indent, want_indent, "indent of row {}", r + 1);
        let cells: Vec<char> = line.split_whitespace().flat_map(|t| t.chars()).collect();
        prop_assert_eq!(cells.len(), m.s.w);
        for (col, ch) in cells.into_iter().enumerate() {
            let i = m.idx(col, r);
            let want = if av[i] {
                'X'
            } else if bv[i] {
                'O'
            } else {
                '.'
            };
            prop_assert_eq!(ch, want, "cell {}{}", col_name(col), r + 1);
        }
    }
    // A picture with one row too many, or an unknown symbol, is refused.
    let extra = format!("{pic}{pic}");
    prop_assert!(matches!(g.parse_picture(&extra), Err(GridError::BadPicture(_))));
    prop_assert!(matches!(
        g.parse_picture(&pic.replacen(['X', '.'], "?", 1)),
        Err(GridError::BadPicture(_))
    ));
    Ok(())
}

/// Algorithms 1–5: neighbour filters, line-cap moves and pawn-like moves.
fn check_filters<const N: usize>(c: &Case, g: &Grid<N>, m: &Model) -> Res {
    let (pv, ov) = (c.of(1), c.of(2));
    let ev = c.of(0);
    let fullv = zip(&pv, &ov, |x, y| x | y);
    let (p, o, e, full) =
        (m.encode::<N>(&pv), m.encode::<N>(&ov), m.encode::<N>(&ev), m.encode::<N>(&fullv));
    prop_assert_eq!(g.complement(full), e);

    // Alg 1: empty cells next to any piece.
    let touching_full = m.touching(&fullv);
    same(
        m,
        "empty_neighbours",
        ops::empty_neighbours(g, full),
        &zip(&ev, &touching_full, |x, y| x & y),
    )?;

    // Alg 2 and 3, in the order of the grid's directions.
    let by_dir: Vec<(Dir, Bits<N>)> = ops::empty_neighbours_by_dir(g, p, e).collect();
    prop_assert_eq!(by_dir.iter().map(|x| x.0).collect::<Vec<_>>(), g.directions().to_vec());
    for (d, got) in by_dir {
        let want = zip(&m.step(&pv, d), &ev, |x, y| x & y);
        same(m, &format!("empty_neighbours_by_dir {d:?}"), got, &want)?;
    }
    let by_dir: Vec<(Dir, Bits<N>)> = ops::enemy_neighbours_by_dir(g, p, o).collect();
    prop_assert_eq!(by_dir.iter().map(|x| x.0).collect::<Vec<_>>(), g.directions().to_vec());
    for (d, got) in by_dir {
        let want = zip(&m.step(&pv, d), &ov, |x, y| x & y);
        same(m, &format!("enemy_neighbours_by_dir {d:?}"), got, &want)?;
        // Clobber: the mover stands one step back, on a player piece.
        for dest in got.iter() {
            let from = (dest as isize - g.offset(d)) as usize;
            prop_assert!(p.contains(from));
        }
    }

    // Alg 4: an empty cell from which some direction runs over one or more
    // opponent pieces and ends on a player piece.
    let caps: Vec<bool> = (0..m.cells())
        .map(|i| {
            ev[i]
                && m.dirs().into_iter().any(|d| {
                    let mut j = i;
                    let mut over = 0;
                    while let Some(n) = m.nb(j, d) {
                        if ov[n] {
                            over += 1;
                            j = n;
                        } else {
                            return pv[n] && over > 0;
                        }
                    }
                    false
                })
        })
        .collect();
    same(m, "line_cap_moves", ops::line_cap_moves(g, p, o), &caps)?;

    // Alg 5: random forward and capture direction sets.
    let pick = |mask: u8| -> Vec<Dir> {
        g.directions()
            .iter()
            .enumerate()
            .filter(|(k, _)| mask >> k & 1 == 1)
            .map(|(_, &d)| d)
            .collect()
    };
    let (fwd, cap) = (pick(c.dirmask[0]), pick(c.dirmask[1]));
    let mut want = vec![false; m.cells()];
    for i in set(&pv) {
        for &d in &fwd {
            if let Some(j) = m.nb(i, d).filter(|&j| ev[j]) {
                want[j] = true;
            }
        }
        for &d in &cap {
            if let Some(j) = m.nb(i, d).filter(|&j| ov[j]) {
                want[j] = true;
            }
        }
    }
    same(
        m,
        &format!("pawnlike_moves fwd {fwd:?} cap {cap:?}"),
        ops::pawnlike_moves(g, p, o, &fwd, &cap),
        &want,
    )?;
    Ok(())
}

/// Algorithms 6–8: longest line, n-in-a-row, line of four, piece counts, patterns.
fn check_queries<const N: usize>(c: &Case, g: &Grid<N>, m: &Model) -> Res {
    for v in [c.a().to_vec(), c.of(1)] {
        let bits = m.encode::<N>(&v);
        let longest = m.longest(&v, g.axes());
        prop_assert_eq!(ops::longest_line(g, bits), longest, "longest_line");
        prop_assert!(ops::has_line(g, bits, 0));
        for n in 1..=6 {
            prop_assert_eq!(
                ops::has_line(g, bits, n),
                longest >= n,
                "has_line n={} (longest {})",
                n,
                longest
            );
        }
        prop_assert_eq!(ops::has_line4(g, bits), longest >= 4, "has_line4");
        let runs = m.runs(&v, g.axes());
        for n in 0..=6 {
            prop_assert_eq!(
                ops::has_exact_line(g, bits, n),
                runs.contains(&n),
                "has_exact_line n={} (runs {:?})",
                n,
                runs
            );
        }
        let on_b = zip(&v, c.b(), |x, y| x & y);
        prop_assert_eq!(ops::count_on(bits, m.encode::<N>(c.b())), set(&on_b).len() as u32);
    }

    // Pattern matching: a random set, one cell, a connected group of `a` (an exact
    // match) and `a & b`, rotated so each takes every place in turn.
    let av = c.a();
    let bits = m.encode::<N>(av);
    let group = m.bfs(&m.single(c.pick(1)), av);
    let mut pats: Vec<Vec<bool>> =
        vec![c.b().to_vec(), m.single(c.pick(2)), group, zip(av, c.b(), |x, y| x & y)];
    pats.rotate_left(c.picks[0] % 4);
    let encoded: Vec<Bits<N>> = pats.iter().map(|p| m.encode::<N>(p)).collect();
    let contained = |p: &[bool]| p.iter().zip(av).all(|(&x, &y)| !x || y);
    let want = pats.iter().position(|p| contained(p)).map_or(0, |i| i + 1);
    prop_assert_eq!(ops::match_pattern(&encoded, bits), want, "match_pattern");
    // Exact: contained, and no other piece of `a` is next to the pattern.
    let exact = |p: &[bool]| {
        let touching = m.touching(p);
        contained(p) && (0..m.cells()).all(|i| !(av[i] && !p[i] && touching[i]))
    };
    let want = pats.iter().position(|p| exact(p)).map_or(0, |i| i + 1);
    prop_assert_eq!(ops::match_pattern_exact(g, &encoded, bits), want, "match_pattern_exact");
    prop_assert_eq!(ops::match_pattern::<N>(&[], bits), 0);
    Ok(())
}

/// Algorithms 9–12: flips, neighbourhood toggles, surround capture, flood fill.
fn check_updates<const N: usize>(c: &Case, g: &Grid<N>, m: &Model) -> Res {
    let (pv, ov, ev) = (c.of(1), c.of(2), c.of(0));
    let (p, o, e) = (m.encode::<N>(&pv), m.encode::<N>(&ov), m.encode::<N>(&ev));

    // Alg 9: every opponent piece next to a player piece turns.
    let flip = zip(&ov, &m.touching(&pv), |x, y| x & y);
    let (mut p2, mut o2) = (p, o);
    let got = ops::flip_enemy_neighbours(g, &mut p2, &mut o2);
    same(m, "flip_enemy_neighbours", got, &flip)?;
    same(m, "player after flip", p2, &zip(&pv, &flip, |x, y| x | y))?;
    same(m, "opponent after flip", o2, &zip(&ov, &flip, |x, y| x & !y))?;

    // Alg 10: only the neighbours of the last move turn, `(bits_m ⊕ 1) & bits_o`
    // (the move's own cell included, should it hold an opponent piece).
    let mv = m.single(c.pick(0));
    let flip = zip(&ov, &m.dilate(&mv), |x, y| x & y);
    let (mut p2, mut o2) = (p, o);
    let got = ops::flip_around_move(g, m.encode::<N>(&mv), &mut p2, &mut o2);
    same(m, "flip_around_move", got, &flip)?;
    same(m, "player after flip_around", p2, &zip(&pv, &flip, |x, y| x | y))?;
    same(m, "opponent after flip_around", o2, &zip(&ov, &flip, |x, y| x & !y))?;

    // Alg 11: the move and its neighbours are inverted (Lights Out); for a set of
    // moves, the union of their neighbourhoods.
    for moves in [mv.clone(), c.b().to_vec()] {
        let hood = m.dilate(&moves);
        let mut bits = m.encode::<N>(c.a());
        ops::toggle_neighbourhood(g, &mut bits, m.encode::<N>(&moves));
        same(m, "toggle_neighbourhood", bits, &zip(c.a(), &hood, |x, y| x ^ y))?;
    }

    // Alg 12: pieces with a path of their own pieces to an empty cell live.
    let liberties = zip(&pv, &m.touching(&ev), |x, y| x & y);
    let alive = m.bfs(&liberties, &pv);
    same(m, "alive", ops::alive(g, p, e), &alive)?;
    let mut p2 = p;
    let captured = ops::surround_capture(g, &mut p2, e);
    same(m, "surround_capture result", p2, &alive)?;
    same(m, "surround_capture captured", captured, &zip(&pv, &alive, |x, y| x & !y))?;

    // Flood fill from one cell, and from a random seed set.
    for seed in [m.single(c.pick(1)), c.b().to_vec()] {
        same(
            m,
            "flood_fill",
            ops::flood_fill(g, m.encode::<N>(&seed), m.encode::<N>(c.a())),
            &m.bfs(&seed, c.a()),
        )?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

/// 64 cases per property (`PROPTEST_CASES` raises it for a soak run); failures are
/// not persisted to a regressions file.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
    ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(cases) }
}

/// One property test a row, `name(strategy): checks;`: each check at every
/// storage size on the cases the strategy draws.
macro_rules! size_props {
    ($($name:ident($strategy:expr): $($check:ident),+;)*) => {
        proptest! {
            #![proptest_config(config())]
            $(
                #[test]
                fn $name(c in $strategy) {
                    $(at_every_size!(c, $check);)+
                }
            )*
        }
    };
}

size_props! {
    geometry(case()): check_geometry;
    logical_ops_and_set_queries(case()): check_logical;
    step_dilate_erode_neighbours(case()): check_morphology;
    step_n_is_k_steps(case()): check_step_n;
    checkerboard_rows_columns(case()): check_masks;
    cell_names_round_trip(case()): check_names;
    pictures_round_trip(case()): check_pictures;
    filters_alg_1_to_5(case()): check_filters;
    queries_alg_6_to_8(case()): check_queries;
    updates_alg_9_to_12(case()): check_updates;
    // Grids with two (or three) separating bits per row: `step_n` shifts once for
    // k up to the separators, so k = 2 (and 3) take the single-shift path here.
    separators_geometry_and_masks(sep_case()): check_geometry, check_masks, check_pictures;
    separators_morphology_and_step_n(sep_case()): check_morphology, check_step_n;
    separators_ops(sep_case()): check_filters, check_queries, check_updates;
}

proptest! {
    #![proptest_config(config())]

    // Bits::shl / shr / shift / low against a naive bit vector, for shift amounts
    // across words, past the capacity and at multiples of 64.
    #[test]
    fn bits_shifts_and_low(
        words in prop::collection::vec(any::<u64>(), 6),
        s in prop_oneof![
            0usize..=64 * 7,
            (0usize..=7).prop_map(|k| 64 * k),
            (1usize..=7).prop_map(|k| 64 * k - 1),
            (0usize..=7).prop_map(|k| 64 * k + 1),
            Just(usize::MAX / 2),
        ],
        n in 0usize..=64 * 7,
    ) {
        check_shifts::<1>(&words, s, n)?;
        check_shifts::<2>(&words, s, n)?;
        check_shifts::<3>(&words, s, n)?;
        check_shifts::<4>(&words, s, n)?;
        check_shifts::<6>(&words, s, n)?;
    }
}

fn check_shifts<const N: usize>(words: &[u64], s: usize, n: usize) -> Res {
    let mut w = [0u64; N];
    w.copy_from_slice(&words[..N]);
    let b = Bits(w);
    let cap = 64 * N;
    let v: Vec<bool> = (0..cap).map(|i| raw_bit(&b, i)).collect();
    let from_vec = |v: &[bool]| {
        let mut w = [0u64; N];
        for i in set(v) {
            w[i / 64] |= 1 << (i % 64);
        }
        Bits(w)
    };
    let shl: Vec<bool> = (0..cap).map(|i| i >= s && v[i - s]).collect();
    let shr: Vec<bool> =
        (0..cap).map(|i| i.checked_add(s).is_some_and(|j| j < cap && v[j])).collect();
    prop_assert_eq!(b.shl(s), from_vec(&shl), "Bits<{}>::shl({})", N, s);
    prop_assert_eq!(b.shr(s), from_vec(&shr), "Bits<{}>::shr({})", N, s);
    if let Ok(si) = isize::try_from(s) {
        prop_assert_eq!(b.shift(si), from_vec(&shl), "shift(+{})", s);
        prop_assert_eq!(b.shift(-si), from_vec(&shr), "shift(-{})", s);
    }
    // nth on dense random words (every word populated).
    let ones = set(&v);
    for k in (0..ones.len() + 2).step_by(7).chain([0, ones.len().saturating_sub(1), ones.len()]) {
        prop_assert_eq!(b.nth(k), ones.get(k).copied(), "Bits<{}>::nth({})", N, k);
    }
    let low: Vec<bool> = (0..cap).map(|i| i < n).collect();
    prop_assert_eq!(Bits::<N>::low(n), from_vec(&low), "Bits<{}>::low({})", N, n);
    prop_assert_eq!(Bits::<N>::low(n).count() as usize, n.min(cap));
    Ok(())
}

// ---------------------------------------------------------------------------
// Plain tests
// ---------------------------------------------------------------------------

#[test]
fn grid_new_refuses_bad_shapes() {
    for kind in GridKind::ALL {
        assert!(matches!(Grid::<1>::new(kind, 0, 1), Err(GridError::Empty { .. })));
        assert!(matches!(Grid::<1>::new(kind, 1, 0), Err(GridError::Empty { .. })));
        assert_eq!(kind.name().parse::<GridKind>(), Ok(kind));
    }
    assert_eq!(Grid::<1>::new(GridKind::Linear, 3, 2), Err(GridError::LinearHeight(2)));
    assert_eq!(
        Grid::<1>::with_separators(GridKind::Square4, 3, 2, 0),
        Err(GridError::NoSeparator(GridKind::Square4))
    );
    assert!(matches!("hexagon".parse::<GridKind>(), Err(GridError::UnknownKind(_))));
}

/// The exact fit boundary of each storage size, one cell either side.
#[test]
fn grid_new_fits_exactly_at_capacity() {
    for kind in GridKind::ALL {
        for h in 1..=20usize {
            if kind == GridKind::Linear && h > 1 {
                continue;
            }
            for w in 1..=400usize {
                let needed = if kind == GridKind::Linear { w } else { (h - 1) * (w + 1) + w };
                assert_eq!(Grid::<1>::new(kind, w, h).is_ok(), needed <= 64, "{kind} {w}x{h}");
                assert_eq!(Grid::<2>::new(kind, w, h).is_ok(), needed <= 128, "{kind} {w}x{h}");
                assert_eq!(Grid::<4>::new(kind, w, h).is_ok(), needed <= 256, "{kind} {w}x{h}");
                assert_eq!(Grid::<6>::new(kind, w, h).is_ok(), needed <= 384, "{kind} {w}x{h}");
            }
        }
    }
}

/// A one-row square8 or hex grid cannot do without separating bits (a diagonal
/// step would wrap along the row), so it is refused; with one, diagonal steps off
/// the board vanish.
#[test]
fn one_row_without_separators_does_not_wrap() {
    for kind in [GridKind::Square4, GridKind::Square8, GridKind::Hex] {
        assert!(Grid::<1>::with_separators(kind, 5, 1, 0).is_err(), "{kind}");
    }
    for kind in [GridKind::Square8, GridKind::Hex] {
        let g = Grid::<1>::with_separators(kind, 5, 1, 1).unwrap();
        let a1 = g.parse_cell("a1").unwrap();
        let e1 = g.parse_cell("e1").unwrap();
        // NW from a1 and SE from e1 leave the one-row board.
        assert_eq!(g.step(Bits::cell(a1), Dir::NW), Bits::EMPTY, "{kind} a1 NW");
        assert_eq!(g.step(Bits::cell(e1), Dir::SE), Bits::EMPTY, "{kind} e1 SE");
        // a1 and e1 are not neighbours, so they make no line of two.
        let ends = Bits::cell(a1) | Bits::cell(e1);
        assert_eq!(ops::longest_line(&g, ends), 1, "{kind} longest_line a1+e1");
    }
}

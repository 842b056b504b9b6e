//! Retrograde analysis: every position of a game, or of one phase of it,
//! labelled won, lost or drawn for the side to move with its distance to the
//! end in plies, once, into a table ([`Table`]) that the solver and the engines
//! read instead of searching.
//!
//! The algorithm is the classic one for cyclic game graphs (Ströhlein, 1970;
//! Thompson, "Retrograde analysis of certain endgames", 1986). The game numbers
//! its positions with a perfect index and runs its moves backwards
//! ([`Retrograde`]). The positions the side to move has already lost are
//! labelled first, lost in 0. Then, one distance `d` at a time, every
//! predecessor of a position lost in `d` plies is won in `d + 1`, and every
//! predecessor of a position won in `d` has one successor fewer left that does
//! not lose for it; when none is left, it is lost in `d + 1`. Taking the
//! distances in order gives every won position its shortest forced win and
//! every lost one its longest defence. What is never labelled is a draw: the
//! side to move cannot force a win, and the other side cannot either. Each
//! distance's positions are handled on every thread at once (atomic labels and
//! counters; a position is labelled by the one thread that wins it, or that
//! takes its last counter).
//!
//! A phase whose moves only lead out of it (Teeko's drops) is labelled from the
//! phases it leads to: [`Value::best`] of its successors ([`label_forward`]).
//! So is every position of a game whose moves only add stones, ply by ply
//! from the full board back ([`placement`]: the m,n,k-games; Connect Four's
//! small boards in `games::connect4::tablebase`).

pub mod analysis;
pub(crate) mod arrangements;
pub mod engine;
pub mod file;
pub mod placement;
pub mod steps;

pub use file::{Section, Table, TableError};

use rayon::prelude::*;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// A position's value for the side to move, with the distance to the end in
/// plies (half-moves) under best play: the winner wins as fast as it can, the
/// loser holds out as long as it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Value {
    /// The side to move wins within this many plies against any defence (odd:
    /// its own move ends the game).
    Win(u16),
    /// The side to move loses in this many plies against the best play, and
    /// can hold out that long (even; 0: the game is lost already).
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

/// The byte of a position the table has not labelled (a draw, once it is done).
const DRAW: u8 = 0;
/// The byte of an index that is no position of play.
pub const NOT_A_POSITION: u8 = 255;
/// The longest distance a table stores: 253 plies (bytes 1 to 254).
pub const MAX_DISTANCE: u16 = 253;

impl Value {
    /// The table's byte for this value: 0 for a draw, the distance plus one
    /// otherwise (its parity tells a win from a loss).
    pub fn byte(self) -> u8 {
        match self {
            Value::Draw => DRAW,
            Value::Win(d) | Value::Loss(d) => (d.min(MAX_DISTANCE) + 1) as u8,
        }
    }

    /// The value a table's byte stands for; `None` for [`NOT_A_POSITION`].
    pub fn from_byte(b: u8) -> Option<Value> {
        match b {
            DRAW => Some(Value::Draw),
            NOT_A_POSITION => None,
            _ => {
                let d = b as u16 - 1;
                Some(if d % 2 == 1 { Value::Win(d) } else { Value::Loss(d) })
            }
        }
    }

    /// The value one ply earlier, for the player who moved into this one:
    /// a loss in `d` is a win in `d + 1`, a win in `d` a loss in `d + 1`.
    pub fn before(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// How good this is for the side to move, to compare moves: wins above
    /// draws above losses, a faster win and a slower loss better.
    pub fn rank(self) -> i32 {
        match self {
            Value::Win(d) => 100_000 - d as i32,
            Value::Draw => 0,
            Value::Loss(d) => -100_000 + d as i32,
        }
    }

    /// The value of a position whose successors (the positions after each of
    /// its moves, for the player to move there) have these values: the best
    /// of [`before`](Self::before) them. `None` without successors.
    pub fn best(successors: impl IntoIterator<Item = Value>) -> Option<Value> {
        successors.into_iter().map(Value::before).max_by_key(|v| v.rank())
    }

    /// The value under a move limit that leaves `plies` plies to play: a win or
    /// a loss further away than that is a draw (the loser can hold out past the
    /// limit; the winner still never loses).
    pub fn within(self, plies: u32) -> Value {
        match self {
            Value::Win(d) | Value::Loss(d) if d as u32 > plies => Value::Draw,
            v => v,
        }
    }

    /// `win in 7`, `loss in 4`, `lost`, `draw`.
    pub fn words(self) -> String {
        match self {
            Value::Win(d) => format!("win in {d}"),
            Value::Loss(0) => "lost".to_string(),
            Value::Loss(d) => format!("loss in {d}"),
            Value::Draw => "draw".to_string(),
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words())
    }
}

/// What the position at an index is, before any labelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The side to move has lost (the other side has won, or the side to move
    /// has no move where that loses).
    Lost,
    /// No position of play has this index (the side to move has already won,
    /// say, which the game would have ended at).
    NotAPosition,
    /// The game goes on with this many legal moves.
    Moves(u32),
}

/// A game (or a phase of one) that a retrograde table can be built for: its
/// positions numbered `0..len()` by a perfect index, each one's status, and its
/// moves run backwards.
pub trait Retrograde: Sync {
    /// How many indices there are (some may be [`Status::NotAPosition`]).
    fn len(&self) -> u64;

    /// Whether there are no indices.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position at `index`, unlabelled.
    fn status(&self, index: u64) -> Status;

    /// Calls `f` with the index of each position that reaches the position at
    /// `index` in one move of the phase: once for each such move (a position
    /// with two moves that lead here is named twice). Indices of positions
    /// that are over, or are no positions of play, may be among them.
    fn for_each_predecessor<F: FnMut(u64)>(&self, index: u64, f: F);
}

/// How a build goes: after each distance, the distance done and how many
/// positions are labelled so far.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The distance whose positions were just handled.
    pub distance: u16,
    /// Positions labelled won or lost so far.
    pub labelled: u64,
    /// Positions labelled at the next distance.
    pub next: u64,
}

/// Labels every position of `game`: the returned bytes, one an index, are
/// [`Value::byte`]s or [`NOT_A_POSITION`]. On `threads` threads (0: every
/// core); `progress` hears of each distance, and a `Break` from it stops the
/// labelling ([`TableError::Stopped`]).
pub fn solve<R: Retrograde>(
    game: &R, threads: usize, progress: &mut (dyn FnMut(Progress) -> ControlFlow<()> + Send),
) -> Result<Vec<u8>, TableError> {
    let len = game.len();
    let n = usize::try_from(len).map_err(|_| TableError::TooLarge { positions: len })?;
    pool(threads)?.install(|| solve_in_pool(game, n, progress))
}

/// A pool of `threads` worker threads (0: every core) for a table's build.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, TableError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| TableError::Threads(e.to_string()))
}

/// A table of `game` whose sections are its plies in order (`ply 0`, `ply 1`,
/// …): the layout of the games whose moves only add stones.
pub fn ply_table(game: impl Into<String>, plies: Vec<Vec<u8>>) -> Table {
    let sections = plies.into_iter().enumerate().map(|(p, b)| (format!("ply {p}"), b)).collect();
    Table::new(game, sections)
}

/// [`solve`] inside its thread pool.
fn solve_in_pool<R: Retrograde>(
    game: &R, n: usize, progress: &mut (dyn FnMut(Progress) -> ControlFlow<()> + Send),
) -> Result<Vec<u8>, TableError> {
    const CHUNK: usize = 1 << 14;
    let values: Vec<AtomicU8> = (0..n).into_par_iter().map(|_| AtomicU8::new(DRAW)).collect();
    let counters: Vec<AtomicU8> = (0..n).into_par_iter().map(|_| AtomicU8::new(0)).collect();
    // Lost in 0, not positions, and each other position's count of moves.
    let starts: Result<Vec<Vec<u64>>, TableError> = values
        .par_chunks(CHUNK)
        .zip(counters.par_chunks(CHUNK))
        .enumerate()
        .map(|(c, (vals, counts))| {
            let mut lost = Vec::new();
            for (k, (v, m)) in vals.iter().zip(counts).enumerate() {
                let i = (c * CHUNK + k) as u64;
                match game.status(i) {
                    Status::Lost => {
                        v.store(Value::Loss(0).byte(), Relaxed);
                        lost.push(i);
                    }
                    Status::NotAPosition => v.store(NOT_A_POSITION, Relaxed),
                    Status::Moves(moves) => {
                        let moves =
                            u8::try_from(moves).map_err(|_| TableError::TooManyMoves { moves })?;
                        m.store(moves, Relaxed);
                    }
                }
            }
            Ok(lost)
        })
        .collect();
    let mut frontier: Vec<u64> = starts?.concat();
    let mut labelled = frontier.len() as u64;
    let mut distance: u16 = 0;
    while !frontier.is_empty() {
        if distance >= MAX_DISTANCE {
            return Err(TableError::TooDeep { most: MAX_DISTANCE });
        }
        // Positions at `distance` are lost there when it is even, won when odd.
        let lost_here = distance.is_multiple_of(2);
        let label = Value::Loss(distance + 1).byte(); // the byte of distance + 1
        let next: Vec<Vec<u64>> = frontier
            .par_chunks(1 << 10)
            .map(|chunk| {
                let mut out = Vec::new();
                for &p in chunk {
                    game.for_each_predecessor(p, |q| {
                        let q = q as usize;
                        let v = &values[q];
                        if v.load(Relaxed) != DRAW {
                            return;
                        }
                        if lost_here {
                            // A move into a lost position wins.
                            if v.compare_exchange(DRAW, label, Relaxed, Relaxed).is_ok() {
                                out.push(q as u64);
                            }
                        } else if counters[q].fetch_sub(1, Relaxed) == 1 {
                            // Its last move that did not lose now loses too.
                            v.store(label, Relaxed);
                            out.push(q as u64);
                        }
                    });
                }
                out
            })
            .collect();
        frontier = next.concat();
        labelled += frontier.len() as u64;
        if progress(Progress { distance, labelled, next: frontier.len() as u64 }).is_break() {
            return Err(TableError::Stopped);
        }
        distance += 1;
    }
    Ok(values.into_par_iter().map(AtomicU8::into_inner).collect())
}

/// Labels a phase whose moves lead only into phases already labelled: each
/// index's byte from `value(index)` (a [`Value`], or `None` for no position of
/// play), on the current thread pool.
pub fn label_forward(len: u64, value: impl Fn(u64) -> Option<Value> + Sync) -> Vec<u8> {
    label_range(0..len, value)
}

/// [`label_forward`] of the indices `range` only: a share of a phase (a
/// task of a build spread over a cluster).
pub fn label_range(
    range: std::ops::Range<u64>, value: impl Fn(u64) -> Option<Value> + Sync,
) -> Vec<u8> {
    range.into_par_iter().map(|i| value(i).map_or(NOT_A_POSITION, Value::byte)).collect()
}

/// Counts of a table's (or a section's) positions for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Counts {
    /// Positions the side to move wins.
    pub won: u64,
    /// Positions it loses (lost ones, the game over, included).
    pub lost: u64,
    /// Positions nobody can force a win from.
    pub drawn: u64,
    /// Indices that are no positions of play.
    pub not_positions: u64,
    /// The longest forced win, in plies (0 without wins).
    pub longest_win: u16,
}

impl Counts {
    /// The counts of a run of table bytes.
    pub fn of(bytes: &[u8]) -> Counts {
        bytes
            .par_chunks(1 << 16)
            .map(|chunk| {
                let mut c = Counts::default();
                for &b in chunk {
                    match Value::from_byte(b) {
                        Some(Value::Win(d)) => {
                            c.won += 1;
                            c.longest_win = c.longest_win.max(d);
                        }
                        Some(Value::Loss(_)) => c.lost += 1,
                        Some(Value::Draw) => c.drawn += 1,
                        None => c.not_positions += 1,
                    }
                }
                c
            })
            .reduce(Counts::default, |a, b| a + b)
    }

    /// Positions of play: won, lost and drawn.
    pub fn positions(&self) -> u64 {
        self.won + self.lost + self.drawn
    }
}

/// Two tables' (or sections') counts together: the sums, and the longer of
/// the two longest wins.
impl std::ops::Add for Counts {
    type Output = Counts;

    fn add(self, b: Counts) -> Counts {
        Counts {
            won: self.won + b.won,
            lost: self.lost + b.lost,
            drawn: self.drawn + b.drawn,
            not_positions: self.not_positions + b.not_positions,
            longest_win: self.longest_win.max(b.longest_win),
        }
    }
}

/// The binomial coefficients `C(n, k)` for `n < 64`, `k ≤ 32` (the largest,
/// `C(63, 32)`, is below 2^60): the ranks of the combinatorial number system,
/// which index the sets of pieces on a board (`rank = Σ C(cell_j, j + 1)` over
/// the set's cells in increasing order).
pub const fn binomials() -> [[u64; 33]; 64] {
    let mut c = [[0u64; 33]; 64];
    let mut n = 0;
    while n < 64 {
        c[n][0] = 1;
        let mut k = 1;
        while k < 33 {
            c[n][k] = if n == 0 { 0 } else { c[n - 1][k - 1] + c[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    c
}

/// `C(n, k)` for `n < 64`, `k ≤ 32`.
pub static BINOMIAL: [[u64; 33]; 64] = binomials();

/// The rank of a set of cells (a bitmask) among the sets of its size: the
/// combinatorial number system, `Σ C(cell_j, j + 1)`.
#[inline]
pub fn rank_set(mut set: u64) -> u64 {
    let mut r = 0;
    let mut j = 1;
    while set != 0 {
        r += BINOMIAL[set.trailing_zeros() as usize][j];
        set &= set - 1;
        j += 1;
    }
    r
}

/// The set of `k` cells below `n` with rank `r` ([`rank_set`]'s inverse).
pub fn unrank_set(mut r: u64, k: usize, n: usize) -> u64 {
    let mut set = 0;
    let mut top = n;
    for j in (1..=k).rev() {
        // The largest cell c < top with C(c, j) ≤ r.
        let mut c = top - 1;
        while BINOMIAL[c][j] > r {
            c -= 1;
        }
        set |= 1 << c;
        r -= BINOMIAL[c][j];
        top = c;
    }
    set
}

/// Every cell of a board of `cells` cells (at most 63).
pub(crate) const fn full(cells: usize) -> u64 {
    (1u64 << cells) - 1
}

/// Pairs of disjoint sets of `a` and `b` cells on a board of `cells` cells.
pub fn pair_len(cells: usize, a: usize, b: usize) -> u64 {
    BINOMIAL[cells][a] * BINOMIAL[cells - a][b]
}

/// The index of two disjoint sets of cells among the pairs of their sizes
/// ([`pair_len`]): `rank(first) × C(cells − |first|, |second|) + rank(second
/// among the cells first leaves)`, the combinatorial number system.
pub fn rank_pair(cells: usize, first: u64, second: u64) -> u64 {
    let (a, b) = (first.count_ones() as usize, second.count_ones() as usize);
    rank_set(first) * BINOMIAL[cells - a][b] + rank_set(compress(second, full(cells) & !first))
}

/// [`rank_pair`]'s inverse: the sets of `a` and `b` cells at `index`.
pub fn unrank_pair(cells: usize, a: usize, b: usize, index: u64) -> (u64, u64) {
    let per = BINOMIAL[cells - a][b];
    let first = unrank_set(index / per, a, cells);
    (first, expand(unrank_set(index % per, b, cells - a), full(cells) & !first))
}

/// The bits of `set` that lie in `within`, packed down to the low bits in the
/// order of `within`'s bits (`pext`: a set ranked among the cells another set
/// leaves free): one instruction where it is fast, a loop over the set's bits
/// elsewhere ([`cpu::pext`](bitgames_core::cpu::pext)).
#[inline]
pub fn compress(set: u64, within: u64) -> u64 {
    bitgames_core::cpu::pext(set, within)
}

/// The inverse of [`compress`]: the low bits of `packed` spread onto the bits
/// of `within`, in order (`pdep`, by the same choice).
#[inline]
pub fn expand(packed: u64, within: u64) -> u64 {
    bitgames_core::cpu::pdep(packed, within)
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    //! The solver on small graphs whose values are known by hand, and the
    //! index helpers against their definitions.
    use super::*;

    /// A game on a list of positions: `edges[i]` are position i's successors;
    /// a position without any is lost.
    struct Graph {
        edges: Vec<Vec<u64>>,
    }

    impl Retrograde for Graph {
        fn len(&self) -> u64 {
            self.edges.len() as u64
        }
        fn status(&self, index: u64) -> Status {
            match self.edges[index as usize].len() {
                0 => Status::Lost,
                n => Status::Moves(n as u32),
            }
        }
        fn for_each_predecessor<F: FnMut(u64)>(&self, index: u64, mut f: F) {
            for (q, succ) in self.edges.iter().enumerate() {
                for &s in succ {
                    if s == index {
                        f(q as u64);
                    }
                }
            }
        }
    }

    /// Values by plain fixed-point iteration over the successors.
    fn by_iteration(g: &Graph) -> Vec<Value> {
        let n = g.edges.len();
        let mut v: Vec<Option<Value>> =
            g.edges.iter().map(|e| e.is_empty().then_some(Value::Loss(0))).collect();
        loop {
            // Jacobi: each sweep reads the last one's values, so sweep d labels
            // exactly the positions at distance d.
            let prev = v.clone();
            let mut changed = false;
            for i in 0..n {
                if prev[i].is_some() {
                    continue;
                }
                let succ: Vec<Option<Value>> =
                    g.edges[i].iter().map(|&s| prev[s as usize]).collect();
                let won = succ.iter().flatten().filter_map(|x| match x {
                    Value::Loss(d) => Some(*d),
                    _ => None,
                });
                if let Some(d) = won.min() {
                    v[i] = Some(Value::Win(d + 1));
                    changed = true;
                } else if succ.iter().all(|x| matches!(x, Some(Value::Win(_)))) {
                    let d = succ.iter().flatten().map(|x| match x {
                        Value::Win(d) => *d,
                        _ => 0,
                    });
                    v[i] = Some(Value::Loss(d.max().unwrap_or(0) + 1));
                    changed = true;
                }
            }
            if !changed {
                return v.into_iter().map(|x| x.unwrap_or(Value::Draw)).collect();
            }
        }
    }

    fn solved(g: &Graph, threads: usize) -> Vec<Value> {
        solve(g, threads, &mut |_| ControlFlow::Continue(()))
            .unwrap()
            .into_iter()
            .map(|b| Value::from_byte(b).unwrap())
            .collect()
    }

    pub fn a_chain_a_cycle_and_a_choice() {
        // 0 lost; 1 → 0 wins in 1; 2 → 1 loses in 2; 3 → {2, 4}, 4 → {3}: 3
        // wins in 3 (to 2), 4 loses in 4; 5 ↔ 6 a cycle: draws; 7 → {5, 1}:
        // to 5 draws, to 1 loses, so a draw.
        let g = Graph {
            edges: vec![
                vec![],
                vec![0],
                vec![1],
                vec![2, 4],
                vec![3],
                vec![6],
                vec![5],
                vec![5, 1],
            ],
        };
        let want = [
            Value::Loss(0),
            Value::Win(1),
            Value::Loss(2),
            Value::Win(3),
            Value::Loss(4),
            Value::Draw,
            Value::Draw,
            Value::Draw,
        ];
        for threads in [1, 3] {
            assert_eq!(solved(&g, threads), want);
        }
    }

    pub fn random_graphs_agree_with_iteration() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        for _ in 0..200 {
            let n = rng.random_range(1..60usize);
            let edges = (0..n)
                .map(|_| {
                    let k = rng.random_range(0..4usize);
                    (0..k).map(|_| rng.random_range(0..n as u64)).collect()
                })
                .collect();
            let g = Graph { edges };
            let want = by_iteration(&g);
            for threads in [1, 2] {
                assert_eq!(solved(&g, threads), want, "{:?}", g.edges);
            }
        }
    }

    pub fn bytes_round_trip() {
        for v in [Value::Draw, Value::Loss(0), Value::Win(1), Value::Loss(252), Value::Win(253)] {
            assert_eq!(Value::from_byte(v.byte()), Some(v));
        }
        assert_eq!(Value::from_byte(NOT_A_POSITION), None);
        assert_eq!(
            Value::best([Value::Win(3), Value::Loss(6), Value::Loss(2)]),
            Some(Value::Win(3))
        );
        assert_eq!(Value::best([Value::Win(3), Value::Win(9)]), Some(Value::Loss(10)));
        assert_eq!(Value::best([Value::Win(3), Value::Draw]), Some(Value::Draw));
        assert_eq!(Value::Win(9).within(8), Value::Draw);
        assert_eq!(Value::Loss(8).within(8), Value::Loss(8));
    }

    pub fn ranks_number_every_set_once() {
        for (n, k) in [(25, 4), (21, 4), (25, 3), (9, 2), (20, 10), (16, 8)] {
            let total = BINOMIAL[n][k];
            let mut seen = vec![false; total as usize];
            for r in 0..total {
                let set = unrank_set(r, k, n);
                assert_eq!(set.count_ones() as usize, k);
                assert!(set < 1 << n);
                assert_eq!(rank_set(set), r);
                assert!(!std::mem::replace(&mut seen[r as usize], true));
            }
        }
        let within = 0b1011_0110;
        for packed in 0..32 {
            assert_eq!(compress(expand(packed, within), within), packed);
            let spread = bitgames_core::cpu::pdep_portable(packed, within);
            assert_eq!(spread, expand(packed, within));
            assert_eq!(bitgames_core::cpu::pext_portable(spread | !within, within), packed);
        }
    }
}

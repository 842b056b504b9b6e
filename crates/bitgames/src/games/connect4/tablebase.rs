//! Strong solutions of Connect Four's small boards: a retrograde table
//! ([`crate::retro`]) of every position reachable from the empty board, its
//! value for the side to move with the distance to the end in plies.
//!
//! Every move adds a stone, so, as for the placement games
//! ([`crate::retro::placement`]), backward induction labels the positions
//! ply by ply from the full board back to the empty one, each the best of
//! its drops' values. Gravity makes most sets of cells no position, so the
//! index is Connect Four's own: a section a ply `p`, in it the *profiles*
//! (the columns' heights, summing to `p`) in order, and for each profile
//! the first player's `⌈p/2⌉` stones among its `p` stones, ranked in the
//! combinatorial number system (stones in the order of the board's bits,
//! column by column from the bottom). So a ply holds `profiles(p) × C(p,
//! ⌈p/2⌉)` indices: 6×5 9.9 G in all, 5×6 5.2 G, 7×4 4.6 G, 6×4 160 M, 4×4
//! 202 k.
//!
//! Not every index is a position of play (the first player may not hold the
//! bottom stone of every column it could; a four may have ended the game
//! before), so a first pass marks, ply by ply from the empty board, the
//! positions reached: those whose last mover's top stone in some column,
//! taken away, leaves a position reached where the game was not over.
//! The table then counts exactly the positions of the game.

use super::Connect4;
use crate::dynamic::DynGame;
use crate::retro::steps::Steps;
use crate::retro::{self, rank_set, unrank_set, Table, TableError, Value, BINOMIAL};
use crate::retro::{compress, expand, NOT_A_POSITION};
use crate::tools::{typed_game, Stage, StagedTable, TableProbe, TablebaseInfo, ToolError};
use rayon::prelude::*;
use std::ops::{ControlFlow, Range};
use std::path::Path;

/// The most indices a Connect Four table takes: 10.5 G (one byte each),
/// which holds 6×5 (9.9 G) on a 24 GB machine and not 7×5 (580 G).
pub const MAX_INDICES: u64 = 10_500_000_000;

/// `C(n, k)`, exactly, for any board's `n ≤ 64`.
fn binomial(n: usize, k: usize) -> u128 {
    (0..k).fold(1u128, |c, i| c * (n - i) as u128 / (i + 1) as u128)
}

/// A board's index: its profiles by ply and the rank of each within its ply.
struct Layout {
    width: usize,
    height: usize,
    /// Bits of a column (its cells and the spare bit above them).
    stride: usize,
    /// The profiles of each ply, in order, as the mask of their stones.
    profiles: Vec<Vec<u64>>,
    /// The rank within its ply of each profile, by its code (the heights
    /// as digits in base `height + 1`, column 0 lowest).
    rank: Vec<u32>,
}

impl Layout {
    /// The index of a `width × height` board, or past [`MAX_INDICES`] the
    /// indices it would take.
    fn new(width: usize, height: usize) -> Result<Layout, u128> {
        let base = height + 1;
        let mut counts = vec![0u128; width * height + 1];
        // Profiles by ply: a count first, to refuse a board too large before
        // listing its profiles.
        let mut by_sum = vec![1u128];
        for _ in 0..width {
            let mut next = vec![0u128; by_sum.len() + height];
            for (s, &n) in by_sum.iter().enumerate() {
                for h in 0..=height {
                    next[s + h] += n;
                }
            }
            by_sum = next;
        }
        for (p, &n) in by_sum.iter().enumerate() {
            counts[p] = n * binomial(p, p.div_ceil(2));
        }
        let total: u128 = counts.iter().sum();
        if total > u128::from(MAX_INDICES) {
            return Err(total);
        }
        let codes = base.pow(width as u32);
        let mut profiles = vec![Vec::new(); width * height + 1];
        let mut rank = vec![0u32; codes];
        for (code, r) in rank.iter_mut().enumerate() {
            let (mut rest, mut mask, mut sum) = (code, 0u64, 0);
            for c in 0..width {
                let h = rest % base;
                rest /= base;
                mask |= ((1u64 << h) - 1) << (c * base);
                sum += h;
            }
            *r = profiles[sum].len() as u32;
            profiles[sum].push(mask);
        }
        Ok(Layout { width, height, stride: base, profiles, rank })
    }

    /// Cells of the board: the plies of a game are `0..=cells`.
    fn cells(&self) -> usize {
        self.width * self.height
    }

    /// Indices of ply `p`.
    fn ply_len(&self, p: usize) -> u64 {
        self.profiles[p].len() as u64 * BINOMIAL[p][p.div_ceil(2)]
    }

    /// Every section's length, ply 0 to the full board.
    fn lens(&self) -> Vec<u64> {
        (0..=self.cells()).map(|p| self.ply_len(p)).collect()
    }

    /// The profile code of a set of stones.
    fn code(&self, mask: u64) -> usize {
        let mut code = 0;
        for c in (0..self.width).rev() {
            let column = (mask >> (c * self.stride)) & ((1 << self.stride) - 1);
            code = code * self.stride + column.count_ones() as usize;
        }
        code
    }

    /// The (ply, index) of the position where the first player holds `x`
    /// and `mask` are all the stones.
    fn index(&self, x: u64, mask: u64) -> (usize, u64) {
        let p = mask.count_ones() as usize;
        let per = BINOMIAL[p][p.div_ceil(2)];
        (p, u64::from(self.rank[self.code(mask)]) * per + rank_set(compress(x, mask)))
    }

    /// The first player's stones and all the stones at `index` of ply `p`.
    fn position(&self, p: usize, index: u64) -> (u64, u64) {
        let nx = p.div_ceil(2);
        let per = BINOMIAL[p][nx];
        let mask = self.profiles[p][(index / per) as usize];
        (expand(unrank_set(index % per, nx, p), mask), mask)
    }

    /// Whether `stones` hold four in a row.
    fn four(&self, stones: u64) -> bool {
        super::bits::has_four(stones, self.height as u32)
    }

    /// The cell a stone dropped in column `c` takes, or 0 if it is full.
    fn drop_cell(&self, mask: u64, c: usize) -> u64 {
        let column = ((1u64 << self.height) - 1) << (c * self.stride);
        let free = (mask & column) + (1 << (c * self.stride));
        free & column & !mask
    }

    /// The top stone of column `c`, or 0 if it is empty.
    fn top_cell(&self, mask: u64, c: usize) -> u64 {
        let column = (mask >> (c * self.stride)) & ((1 << self.stride) - 1);
        if column == 0 {
            0
        } else {
            1 << (c * self.stride + 63 - column.leading_zeros() as usize)
        }
    }

    /// The name a table file gives its board.
    fn name(&self) -> String {
        format!("connect4(width={},height={}) (profiles)", self.width, self.height)
    }
}

/// The index of `game`'s board, or the error for a board too large.
fn layout(game: &dyn DynGame) -> Result<Layout, ToolError> {
    let g: &Connect4 = typed_game(game, "connect4")?;
    let l = Layout::new(g.width(), g.height()).map_err(|indices| {
        ToolError::game(TableError::TooManyIndices {
            game: game.spec(),
            indices,
            most: MAX_INDICES,
        })
    })?;
    Ok(l)
}

impl Layout {
    /// The forward pass's bytes of indices `range` of ply `p`: 1 for a
    /// position reached with the game going on, 2 for one reached and over
    /// (a four of the last mover), 0 for none; `before` is ply `p − 1`'s
    /// (nothing for the empty board, which is reached).
    fn label_reached(&self, p: usize, range: Range<u64>, before: &[u8]) -> Vec<u8> {
        if p == 0 {
            return vec![1; (range.end - range.start) as usize];
        }
        range
            .into_par_iter()
            .map(|i| {
                let (x, mask) = self.position(p, i);
                let last = if p % 2 == 1 { x } else { mask & !x };
                let reached_from = (0..self.width).any(|c| {
                    let top = self.top_cell(mask, c);
                    top & last != 0 && {
                        let (px, pm) = (x & !top, mask & !top);
                        before[self.index(px, pm).1 as usize] == 1
                    }
                });
                match (reached_from, self.four(last)) {
                    (false, _) => 0,
                    (true, false) => 1,
                    (true, true) => 2,
                }
            })
            .collect()
    }

    /// The value bytes of indices `range` of ply `p`: each position reached
    /// (`here`, the forward pass's bytes of the whole ply), the best of its
    /// drops' values in `next` (ply `p + 1`'s; nothing for the full board).
    fn label_values(&self, p: usize, range: Range<u64>, here: &[u8], next: &[u8]) -> Vec<u8> {
        let cells = self.cells();
        range
            .into_par_iter()
            .map(|i| {
                let v = match here[i as usize] {
                    0 => return NOT_A_POSITION,
                    2 => Value::Loss(0),
                    _ if p == cells => Value::Draw,
                    _ => {
                        let (x, mask) = self.position(p, i);
                        let drops = (0..self.width).map(|c| self.drop_cell(mask, c));
                        let after = drops.filter(|&cell| cell != 0).filter_map(|cell| {
                            let x2 = if p.is_multiple_of(2) { x | cell } else { x };
                            Value::from_byte(next[self.index(x2, mask | cell).1 as usize])
                        });
                        // A position reached, not over and not full has a drop.
                        Value::best(after).unwrap_or(Value::Draw)
                    }
                };
                v.byte()
            })
            .collect()
    }

    /// The stages of the build shared out ([`StagedTable`]): the forward
    /// pass's plies from the empty board (`reached p`, each reading the one
    /// before), then the values' from the full board back (`ply p`, reading
    /// `reached p` and the ply after it); [`Layout::pass`] says which is which.
    fn stages(&self) -> Vec<Stage> {
        let cells = self.cells();
        (0..=2 * cells + 1)
            .map(|stage| match self.pass(stage) {
                Pass::Reached(p) => Stage {
                    name: format!("reached {p}"),
                    len: self.ply_len(p),
                    reads: p.checked_sub(1).into_iter().collect(),
                },
                Pass::Values(p) => Stage {
                    name: format!("ply {p}"),
                    len: self.ply_len(p),
                    // `reached p`, then the stage before this one (`ply p + 1`).
                    reads: std::iter::once(p).chain((p < cells).then_some(stage - 1)).collect(),
                },
            })
            .collect()
    }

    /// The bytes of indices `range` of stage `stage` of [`Layout::stages`],
    /// from the bytes of the stages it reads, in its order.
    fn label_stage(&self, stage: usize, range: Range<u64>, reads: &[&[u8]]) -> Vec<u8> {
        let read = |k: usize| reads.get(k).copied().unwrap_or(&[]);
        match self.pass(stage) {
            Pass::Reached(p) => self.label_reached(p, range, read(0)),
            Pass::Values(p) => self.label_values(p, range, read(0), read(1)),
        }
    }

    /// The pass and ply of stage `stage` of [`Layout::stages`]: stages
    /// `0..=cells` are the forward pass's plies in order, the next `cells + 1`
    /// the values' plies from `cells` down to 0.
    fn pass(&self, stage: usize) -> Pass {
        let cells = self.cells();
        if stage <= cells {
            Pass::Reached(stage)
        } else {
            Pass::Values(2 * cells + 1 - stage)
        }
    }
}

/// A stage's pass of the build and the ply it labels ([`Layout::pass`]).
enum Pass {
    /// The forward pass: which indices of the ply are positions reached.
    Reached(usize),
    /// The values of the ply's positions.
    Values(usize),
}

/// Builds the table of a board on `threads` threads (0: every core): the
/// stages of [`Layout::stages`] in order, each kept in `steps` (and read from
/// there where an earlier build kept it), each forward pass's ply freed once
/// its values are labelled; `progress` hears of each ply (a `Break` stops
/// the build).
fn build(
    l: &Layout, threads: usize, steps: &Steps,
    progress: &mut (dyn FnMut(&str) -> ControlFlow<()> + Send),
) -> Result<Table, TableError> {
    let cells = l.cells();
    let pool = retro::pool(threads)?;
    let stages = l.stages();
    let mut done: Vec<Vec<u8>> = Vec::with_capacity(stages.len());
    for (k, stage) in stages.iter().enumerate() {
        let (bytes, kept) = {
            let reads: Vec<&[u8]> = stage.reads.iter().map(|&r| done[r].as_slice()).collect();
            steps.step(&stage.name, stage.len, || {
                pool.install(|| l.label_stage(k, 0..stage.len, &reads))
            })?
        };
        let note = match (l.pass(k), kept) {
            (Pass::Reached(p), kept) => {
                let what = if kept { " (kept from an earlier build)" } else { "" };
                format!("positions reached: ply {p} of {cells}{what}")
            }
            (Pass::Values(p), kept) => {
                // `reached p` is read by no stage after this one.
                done[p] = Vec::new();
                format!(
                    "values: ply {p} {}",
                    if kept { "kept from an earlier build" } else { "done" }
                )
            }
        };
        if progress(&note).is_break() {
            return Err(TableError::Stopped);
        }
        done.push(bytes);
    }
    Ok(assemble(l, done))
}

/// The table from every stage's bytes: the values' plies, ply 0 first.
fn assemble(l: &Layout, mut stages: Vec<Vec<u8>>) -> Table {
    let mut plies = stages.split_off(l.cells() + 1);
    plies.reverse();
    retro::ply_table(l.name(), plies)
}

/// The build in stages (`bitgames.distributed`'s table job).
static STAGED: StagedTable = StagedTable {
    stages: |game| Ok(layout(game)?.stages()),
    label: |game, stage, range, reads| {
        let l = layout(game)?;
        let stages = l.stages();
        Stage::checked(&l.name(), &stages, stage, &range, reads).map_err(ToolError::game)?;
        Ok(l.label_stage(stage, range, reads))
    },
    assemble: |game, stages| {
        let l = layout(game)?;
        Stage::check_all(&l.name(), &l.stages(), &stages).map_err(ToolError::game)?;
        Ok(assemble(&l, stages))
    },
};

/// The table's value of a position of a Connect Four board.
fn value(table: &Table, l: &Layout, game: &dyn DynGame) -> Result<Value, ToolError> {
    let g: &Connect4 = typed_game(game, "connect4")?;
    let (p, i) = l.index(g.first_stones(), g.mask());
    let byte = table.section(p).get(i as usize).copied().unwrap_or(NOT_A_POSITION);
    Value::from_byte(byte).ok_or_else(|| {
        ToolError::Failed(format!("the table has no position at {}", game.position()))
    })
}

/// A position's value and every legal move's, from the table.
fn probe(table: &Table, game: &dyn DynGame) -> Result<TableProbe, ToolError> {
    let l = layout(game)?;
    table.check_game(&l.name()).map_err(ToolError::game)?;
    retro::engine::probe_moves(game, |g| value(table, &l, g), None)
}

/// Reads the table file of a board.
fn load(game: &dyn DynGame, path: &Path) -> Result<Table, ToolError> {
    let l = layout(game)?;
    Table::load(path, &l.name(), &l.lens()).map_err(ToolError::game)
}

/// Connect Four's tables, as the registry lists them.
pub static TABLEBASE: TablebaseInfo = TablebaseInfo {
    about: "every position of a small board, one byte each: 4×4 takes 202 kB, 6×4 160 MB, \
            5×6 5.2 GB, 6×5 9.9 GB (7×6 does not fit)",
    build: |game, mut how| {
        let l = layout(game)?;
        let steps = how.steps(&l.name())?;
        let mut note = how.take_notes();
        build(&l, how.threads, &steps, &mut |s| note(s)).map_err(ToolError::game)
    },
    load,
    probe,
    engine: &super::PERFECT_TABLE,
    staged: Some(&STAGED),
};

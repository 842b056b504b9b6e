//! Teeko's strong solution: a retrograde table ([`crate::retro`]) of every
//! position of the game, the value of each for the side to move with its
//! distance to the end, without the move limit (which the probe applies).
//!
//! - **The move phase** (both sides' four pieces down, section `moves`): the
//!   side to move's pieces `a` and the other side's `b`, ranked as 4-sets by
//!   the combinatorial number system, `b` among the 21 cells `a` leaves:
//!   `rank(a) × C(21, 4) + rank(b within ¬a)`, 12,650 × 5,985 = 75,710,250
//!   indices. Not a position: `a` makes a pattern (the game would have ended
//!   at `a`'s own last move). Lost: `b` makes one (its last slide won). The
//!   predecessors are `b`'s slides run backwards. Labelled by
//!   [`retro::solve`].
//! - **The drop phase** (plies 0 to 7, sections `drop 0` … `drop 7`): Black's
//!   and Red's pieces ranked the same way, Red's within the cells Black leaves;
//!   each position's value is the best of its drops' ([`Value::best`]),
//!   from ply 7 (whose drops lead into the move phase) back to the empty board.
//!
//! Guy Steele showed standard Teeko a draw in 1998 ("Summary of the solving of
//! the game of Teeko", 1999); the table's empty board is one.

use super::{Teeko, GRID, PATTERNS, PIECES, SIZE};
use crate::dynamic::DynGame;
use crate::retro::steps::Steps;
use crate::retro::{self, Progress, Retrograde, Status, Table, TableError, Value};
use crate::retro::{compress, expand, rank_set, unrank_set, BINOMIAL};
use crate::tools::{typed_game, TableProbe, TablebaseInfo, ToolError};
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::LazyLock;

/// Cells of the board.
const CELLS: usize = SIZE * SIZE;
/// All 25 cells, as a dense mask (cell `row × 5 + col`).
const FULL: u64 = (1 << CELLS) - 1;
/// The name a table file gives its game and layout.
const TABLE_GAME: &str = "teeko (44 patterns, king slides)";

/// The board's geometry in dense masks (cell `row × 5 + col`).
struct Dense {
    /// Each cell's neighbours in the 8 directions.
    neighbours: [u64; CELLS],
    /// Whether the 4-set of each rank (of 25 cells) is a winning pattern.
    pattern: Vec<bool>,
    /// The 4-sets of 25 cells by rank.
    sets25: Vec<u64>,
    /// The 4-sets of 21 cells by rank.
    sets21: Vec<u64>,
}

static DENSE: LazyLock<Dense> = LazyLock::new(|| {
    let mut neighbours = [0u64; CELLS];
    for (k, n) in neighbours.iter_mut().enumerate() {
        let (r, c) = ((k / SIZE) as i32, (k % SIZE) as i32);
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (rr, cc) = (r + dr, c + dc);
                if (dr, dc) != (0, 0)
                    && (0..SIZE as i32).contains(&rr)
                    && (0..SIZE as i32).contains(&cc)
                {
                    *n |= 1 << (rr as usize * SIZE + cc as usize);
                }
            }
        }
    }
    let n4 = |n: usize| BINOMIAL[n][PIECES] as usize;
    let sets25: Vec<u64> = (0..n4(CELLS) as u64).map(|r| unrank_set(r, PIECES, CELLS)).collect();
    let sets21: Vec<u64> =
        (0..n4(CELLS - PIECES) as u64).map(|r| unrank_set(r, PIECES, CELLS - PIECES)).collect();
    let mut pattern = vec![false; n4(CELLS)];
    for p in PATTERNS.iter() {
        pattern[rank_set(dense(*p)) as usize] = true;
    }
    Dense { neighbours, pattern, sets25, sets21 }
});

/// A set of Teeko's cells as a dense 25-bit mask: the grid's bits gathered
/// (its bit order is the dense row-major order, with separators between rows).
fn dense(bits: crate::Bits<1>) -> u64 {
    compress(bits.word(), GRID.mask().word())
}

/// Indices of the move phase: 12,650 × 5,985.
const MOVE_LEN: u64 = BINOMIAL[CELLS][PIECES] * BINOMIAL[CELLS - PIECES][PIECES];

/// The move phase's index of (side to move's pieces, the other's).
#[inline]
fn move_index(a: u64, b: u64) -> u64 {
    rank_set(a) * BINOMIAL[CELLS - PIECES][PIECES] + rank_set(compress(b, FULL & !a))
}

/// The move phase, for [`retro::solve`].
struct MovePhase<'a> {
    d: &'a Dense,
}

impl MovePhase<'_> {
    /// The pieces (side to move's, the other's) at `index`.
    #[inline]
    fn position(&self, index: u64) -> (u64, u64) {
        let per = BINOMIAL[CELLS - PIECES][PIECES];
        let a = self.d.sets25[(index / per) as usize];
        (a, expand(self.d.sets21[(index % per) as usize], FULL & !a))
    }

    #[inline]
    fn is_pattern(&self, set: u64) -> bool {
        self.d.pattern[rank_set(set) as usize]
    }
}

impl Retrograde for MovePhase<'_> {
    fn len(&self) -> u64 {
        MOVE_LEN
    }

    fn status(&self, index: u64) -> Status {
        let (a, b) = self.position(index);
        // Both in a pattern: no position either (the first one ended the game).
        if self.is_pattern(a) {
            return Status::NotAPosition;
        }
        if self.is_pattern(b) {
            return Status::Lost;
        }
        let empty = FULL & !(a | b);
        let mut moves = 0;
        let mut rest = a;
        while rest != 0 {
            moves += (self.d.neighbours[rest.trailing_zeros() as usize] & empty).count_ones();
            rest &= rest - 1;
        }
        // Blocked, the side to move loses (never on 5×5: see the game's docs).
        if moves == 0 {
            Status::Lost
        } else {
            Status::Moves(moves)
        }
    }

    /// The other side's last slide, run backwards: a piece of `b` on `s` came
    /// from an empty neighbour `t`; before it, `b` (with `t` for `s`) was to
    /// move and `a` had just moved.
    #[inline]
    fn for_each_predecessor<F: FnMut(u64)>(&self, index: u64, mut f: F) {
        let (a, b) = self.position(index);
        let empty = FULL & !(a | b);
        let mut pieces = b;
        while pieces != 0 {
            let s = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let mut from = self.d.neighbours[s] & empty;
            while from != 0 {
                let t = from & from.wrapping_neg();
                from &= from - 1;
                f(move_index(b ^ (1 << s) ^ t, a));
            }
        }
    }
}

/// The drop phase's ply `p`: Black's and Red's pieces then.
const fn drop_counts(p: usize) -> (usize, usize) {
    (p.div_ceil(2), p / 2)
}

/// Indices of the drop phase's ply `p`.
const fn drop_len(p: usize) -> u64 {
    let (x, o) = drop_counts(p);
    BINOMIAL[CELLS][x] * BINOMIAL[CELLS - x][o]
}

/// The drop phase's index of Black's pieces `x` and Red's `o` (at the ply
/// their counts give).
#[inline]
fn drop_index(x: u64, o: u64) -> u64 {
    let (nx, no) = (x.count_ones() as usize, o.count_ones() as usize);
    rank_set(x) * BINOMIAL[CELLS - nx][no] + rank_set(compress(o, FULL & !x))
}

/// The sections' lengths, in order: `drop 0` … `drop 7`, `moves`.
fn lens() -> Vec<u64> {
    (0..2 * PIECES).map(drop_len).chain([MOVE_LEN]).collect()
}

/// Builds the whole table on `threads` threads (0: every core), the move
/// phase and each ply of the drops kept in `steps` (and read from there where
/// an earlier build kept them); `progress` hears of each distance of the move
/// phase and each ply of the drops (a `Break` stops the build).
pub fn build(
    threads: usize, steps: &Steps, progress: &mut (dyn FnMut(&str) -> ControlFlow<()> + Send),
) -> Result<Table, ToolError> {
    let d = &*DENSE;
    let (moves, kept) = steps
        .try_step("moves", MOVE_LEN, || {
            retro::solve(&MovePhase { d }, threads, &mut |p: Progress| {
                progress(&format!(
                    "move phase: distance {} done, {} positions won or lost",
                    p.distance, p.labelled
                ))
            })
        })
        .map_err(ToolError::game)?;
    if kept && progress("move phase kept from an earlier build").is_break() {
        return Err(ToolError::game(TableError::Stopped));
    }
    let pool = retro::pool(threads).map_err(ToolError::game)?;
    let mut drops: Vec<Vec<u8>> = vec![Vec::new(); 2 * PIECES];
    for ply in (0..2 * PIECES).rev() {
        let (nx, no) = drop_counts(ply);
        let next: &[u8] = if ply + 1 == 2 * PIECES { &moves } else { &drops[ply + 1] };
        let label = || {
            pool.install(|| {
                retro::label_forward(drop_len(ply), |i| {
                    let per = BINOMIAL[CELLS - nx][no];
                    let x = unrank_set(i / per, nx, CELLS);
                    let o = expand(unrank_set(i % per, no, CELLS - nx), FULL & !x);
                    if nx == PIECES && d.pattern[rank_set(x) as usize] {
                        return Some(Value::Loss(0)); // Black's fourth drop won.
                    }
                    let black = ply.is_multiple_of(2);
                    let mut empty = FULL & !(x | o);
                    let mut after = Vec::with_capacity(CELLS);
                    while empty != 0 {
                        let t = empty & empty.wrapping_neg();
                        empty &= empty - 1;
                        let (x2, o2) = if black { (x | t, o) } else { (x, o | t) };
                        let at = if ply + 1 == 2 * PIECES {
                            move_index(x2, o2) // Black to move first.
                        } else {
                            drop_index(x2, o2)
                        };
                        after.push(Value::from_byte(next[at as usize])?);
                    }
                    Value::best(after)
                })
            })
        };
        let (bytes, kept) =
            steps.step(&format!("drop {ply}"), drop_len(ply), label).map_err(ToolError::game)?;
        let what = if kept { "kept from an earlier build" } else { "done" };
        if progress(&format!("drop phase: ply {ply} {what}")).is_break() {
            return Err(ToolError::game(TableError::Stopped));
        }
        drops[ply] = bytes;
    }
    let mut sections: Vec<(String, Vec<u8>)> =
        drops.into_iter().enumerate().map(|(p, b)| (format!("drop {p}"), b)).collect();
    sections.push(("moves".to_string(), moves));
    Ok(Table::new(TABLE_GAME, sections))
}

/// The table's value of a position of play, without the move limit; an error
/// for a table of another layout.
pub fn value(table: &Table, g: &Teeko) -> Result<Value, ToolError> {
    let (x, o) = (dense(g.stones[0]), dense(g.stones[1]));
    let ply = g.ply as usize;
    let (section, index) = if ply < 2 * PIECES {
        (ply, drop_index(x, o))
    } else if ply.is_multiple_of(2) {
        (2 * PIECES, move_index(x, o))
    } else {
        (2 * PIECES, move_index(o, x))
    };
    let byte = table.section(section)[index as usize];
    Value::from_byte(byte).ok_or_else(|| {
        ToolError::Failed(format!("the table has no position at {} (index {index})", g.position()))
    })
}

/// A position's value and every legal move's, from the table; the move
/// limit applied to both.
pub fn probe(table: &Table, game: &dyn DynGame) -> Result<TableProbe, ToolError> {
    let g: &Teeko = typed_game(game, "teeko")?;
    table.check_game(TABLE_GAME).map_err(ToolError::game)?;
    let left = u32::from(g.max_moves.saturating_sub(g.ply));
    retro::engine::probe_moves(game, |p| value(table, typed_game(p, "teeko")?), Some(left))
}

/// Reads a Teeko table file.
pub fn load(game: &dyn DynGame, path: &Path) -> Result<Table, ToolError> {
    typed_game::<Teeko>(game, "teeko")?;
    Table::load(path, TABLE_GAME, &lens()).map_err(ToolError::game)
}

/// Teeko's table, as the registry lists it.
pub static TABLEBASE: TablebaseInfo = TablebaseInfo {
    about: "every position of Teeko (about 97 million indices, one byte each: a 97 MB file); \
            its values hold for any move limit",
    build: |game, mut how| {
        typed_game::<Teeko>(game, "teeko")?;
        let steps = how.steps(TABLE_GAME)?;
        let mut note = how.take_notes();
        build(how.threads, &steps, &mut |s| note(s))
    },
    load,
    probe,
    engine: &super::PERFECT,
    staged: None,
};

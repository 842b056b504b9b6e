//! Tables of the placement games: the players take turns putting a stone on
//! an empty cell, the first to hold a winning set of cells wins, and a full
//! board without one is a draw (tic-tac-toe and the m,n,k-games). Their game
//! graph has no cycles and every move adds a stone, so no retrograde
//! iteration is needed: backward induction labels the positions ply by ply,
//! from the full board back to the empty one, each the best of its
//! placements' values ([`label_forward`], [`Value::best`]).
//!
//! **Index.** At ply `p` the first player has `x = ⌈p/2⌉` stones and the
//! second `o = ⌊p/2⌋`; the position's index is `rank(X) × C(cells − x, o) +
//! rank(O among the cells X leaves)` in the combinatorial number system
//! ([`rank_set`]), one section a ply.
//!
//! **Positions of play.** An index is none when the side to move holds a
//! winning set (the game ended at its own move before), or when the last
//! mover's win was there before its last stone (no one of its stones, taken
//! away, leaves it without a win). Wins must be monotone (a set that holds a
//! winning set wins), which makes this test exact: a table counts the
//! positions reachable from the empty board (5,478 for tic-tac-toe).

use super::steps::Steps;
use super::{full, pair_len, rank_pair, unrank_pair, Table, TableError};
use super::{Value, NOT_A_POSITION};
use crate::tools::Stage;
use std::ops::{ControlFlow, Range};

/// The rules a placement table needs, on sets of cells (bit `i` for cell
/// `i`, below [`cells`](Self::cells)).
pub trait Placement: Sync {
    /// The board's cells.
    fn cells(&self) -> usize;
    /// Whether `stones` win for `player` (0 moves first). Monotone: a set
    /// that holds a winning set wins.
    fn wins(&self, player: usize, stones: u64) -> bool;
}

/// The largest board a placement table holds: 22 cells, 6.4 G positions
/// (one byte each). 20 cells take 741 M, 16 cells (4×4) 10.2 M.
pub const MAX_CELLS: usize = 22;

/// Stones of (the first player, the second) at ply `ply`.
const fn stones_at(ply: usize) -> (usize, usize) {
    (ply.div_ceil(2), ply / 2)
}

/// Indices of ply `ply` on a board of `cells` cells.
pub fn ply_len(cells: usize, ply: usize) -> u64 {
    let (x, o) = stones_at(ply);
    pair_len(cells, x, o)
}

/// The sections' lengths, ply 0 to `cells`.
pub fn lens(cells: usize) -> Vec<u64> {
    (0..=cells).map(|p| ply_len(cells, p)).collect()
}

/// The (ply, index) of the position where the first player holds `x` and
/// the second `o`.
pub fn index(cells: usize, x: u64, o: u64) -> (usize, u64) {
    ((x | o).count_ones() as usize, rank_pair(cells, x, o))
}

/// The stones (first player's, second's) at `index` of ply `ply`.
fn position(cells: usize, ply: usize, index: u64) -> (u64, u64) {
    let (nx, no) = stones_at(ply);
    unrank_pair(cells, nx, no, index)
}

/// A position's value by the rules alone: `Some(None)` when it is no
/// position of play, `Some(Some(v))` when the game is over, `None` while
/// play goes on.
fn settled<P: Placement>(game: &P, ply: usize, x: u64, o: u64) -> Option<Option<Value>> {
    let (to_move, last) = (ply % 2, 1 - ply % 2);
    let stones = [x, o];
    if game.wins(to_move, stones[to_move]) {
        return Some(None);
    }
    let won = stones[last];
    if ply > 0 && game.wins(last, won) {
        let mut rest = won;
        while rest != 0 {
            let b = rest & rest.wrapping_neg();
            rest ^= b;
            if !game.wins(last, won ^ b) {
                return Some(Some(Value::Loss(0)));
            }
        }
        return Some(None);
    }
    (ply == game.cells()).then_some(Some(Value::Draw))
}

/// Builds the table of `game` (named `name` in its file) on `threads`
/// threads (0: every core), each ply kept in `steps` (and read from there
/// where an earlier build kept it); `progress` hears of each ply done (a
/// `Break` stops the build: [`TableError::Stopped`]).
pub fn build<P: Placement>(
    game: &P, name: &str, threads: usize, steps: &Steps,
    progress: &mut (dyn FnMut(&str) -> ControlFlow<()> + Send),
) -> Result<Table, TableError> {
    let cells = game.cells();
    if cells > MAX_CELLS {
        return Err(TableError::BoardTooLarge { game: name.to_string(), cells, most: MAX_CELLS });
    }
    let pool = super::pool(threads)?;
    let mut plies: Vec<Vec<u8>> = vec![Vec::new(); cells + 1];
    for ply in (0..=cells).rev() {
        let next: &[u8] = plies.get(ply + 1).map_or(&[], Vec::as_slice);
        let (bytes, kept) = steps.step(&format!("ply {ply}"), ply_len(cells, ply), || {
            pool.install(|| label(game, cells, ply, next))
        })?;
        let what = if kept { "kept from an earlier build" } else { "done" };
        if progress(&format!("ply {ply} {what}: {} indices", bytes.len())).is_break() {
            return Err(TableError::Stopped);
        }
        plies[ply] = bytes;
    }
    Ok(super::ply_table(name, plies))
}

/// The bytes of ply `ply` of `game`'s table, from the next ply's.
fn label<P: Placement>(game: &P, cells: usize, ply: usize, next: &[u8]) -> Vec<u8> {
    label_range(game, cells, ply, 0..ply_len(cells, ply), next)
}

/// The bytes of indices `range` of ply `ply`, from the next ply's.
fn label_range<P: Placement>(
    game: &P, cells: usize, ply: usize, range: Range<u64>, next: &[u8],
) -> Vec<u8> {
    super::label_range(range, |i| {
        let (x, o) = position(cells, ply, i);
        if let Some(v) = settled(game, ply, x, o) {
            return v;
        }
        let empty = full(cells) & !(x | o);
        let cells_left = (0..cells).map(|c| 1u64 << c).filter(|t| empty & t != 0);
        Value::best(cells_left.filter_map(|t| {
            let (x2, o2) = if ply.is_multiple_of(2) { (x | t, o) } else { (x, o | t) };
            Value::from_byte(next[index(cells, x2, o2).1 as usize])
        }))
    })
}

/// The stages of a board of `cells` cells, for a build shared out
/// ([`crate::tools::StagedTable`]): the plies from the full board back to the
/// empty one, each reading the one before it in this order (the next ply).
pub fn stages(cells: usize) -> Vec<Stage> {
    let plies = (0..=cells).rev().enumerate();
    plies
        .map(|(k, ply)| Stage {
            name: format!("ply {ply}"),
            len: ply_len(cells, ply),
            reads: k.checked_sub(1).into_iter().collect(),
        })
        .collect()
}

/// The bytes of indices `range` of stage `stage` ([`stages`]) of `game`'s
/// table (named `name`), from the bytes of the stage it reads; an error for a
/// stage or range past the end, or other bytes than the next ply's
/// ([`Stage::checked`]).
pub fn label_stage<P: Placement>(
    game: &P, name: &str, stage: usize, range: Range<u64>, reads: &[&[u8]],
) -> Result<Vec<u8>, TableError> {
    let cells = game.cells();
    Stage::checked(name, &stages(cells), stage, &range, reads)?;
    let next = reads.first().copied().unwrap_or(&[]);
    Ok(label_range(game, cells, cells - stage, range, next))
}

/// The table from every stage's bytes ([`stages`]' order, the full board
/// first), named `name`; an error if a stage's bytes are not of its length.
pub fn assemble(name: &str, cells: usize, stages: Vec<Vec<u8>>) -> Result<Table, TableError> {
    Stage::check_all(name, &self::stages(cells), &stages)?;
    let mut plies = stages;
    plies.reverse();
    Ok(super::ply_table(name, plies))
}

/// The value of the position where the first player holds `x` and the
/// second `o`, from a table of this layout (`None`: no position of play).
pub fn value(table: &Table, cells: usize, x: u64, o: u64) -> Option<Value> {
    let (ply, i) = index(cells, x, o);
    let byte = table.section(ply).get(i as usize).copied().unwrap_or(NOT_A_POSITION);
    Value::from_byte(byte)
}

//! AlphaZero's history planes (Silver et al., "Mastering the game of Go
//! without human knowledge", Nature 2017, and "A general reinforcement learning
//! algorithm that masters chess, shogi and Go through self-play", Science
//! 2018): after a game's own planes, the viewer's pieces and the other
//! player's one ply ago, two plies ago, …, zeros before the first position.
//!
//! Every game's planes 0 and 1 are the side to move's pieces and the other
//! player's, so a past board is read from them and kept by colour (first
//! player's pieces, second player's), then turned to the viewer's side when
//! the planes are written: a viewer sees its own pieces first at every ply.

use crate::value_error;
use pyo3::prelude::*;

/// The most boards an observation may hold (`history=64`).
pub(crate) const MAX_HISTORY: usize = 64;

/// A `history` argument from Python, checked: 1 (the game's own planes, no
/// earlier boards) to [`MAX_HISTORY`].
pub(crate) fn check_history(history: i64) -> PyResult<usize> {
    match usize::try_from(history) {
        Ok(h @ 1..=MAX_HISTORY) => Ok(h),
        _ => Err(value_error(format!(
            "history {history}: expected 1 (the game's own planes) to {MAX_HISTORY} boards"
        ))),
    }
}

/// The planes `history` adds to a game's own: two a board before the current.
pub(crate) fn extra_planes(history: usize) -> usize {
    2 * (history - 1)
}

/// A value of an observation plane: `f32` or `u8`, 0 or 1.
pub(crate) trait PlaneValue: Copy {
    /// 0 or 1 from a byte that is 0 or 1.
    fn from_bit(bit: u8) -> Self;
    /// Whether the value is a 1.
    fn is_set(self) -> bool;
}

impl PlaneValue for f32 {
    #[inline]
    fn from_bit(bit: u8) -> f32 {
        f32::from(bit)
    }
    #[inline]
    fn is_set(self) -> bool {
        self != 0.0
    }
}

impl PlaneValue for u8 {
    #[inline]
    fn from_bit(bit: u8) -> u8 {
        bit
    }
    #[inline]
    fn is_set(self) -> bool {
        self != 0
    }
}

/// One game's last boards, newest last, in a ring of bytes: each board is two
/// planes of `area` bytes (0 or 1), the first player's pieces then the
/// second's.
pub(crate) struct BoardRing {
    /// Cells a plane (rows × columns).
    area: usize,
    /// Boards it holds at most (`history − 1`).
    cap: usize,
    /// `cap` boards of `2 · area` bytes.
    bytes: Vec<u8>,
    /// Where the next board goes.
    head: usize,
    /// Boards held, at most `cap`.
    len: usize,
}

impl BoardRing {
    /// Room for the `history − 1` boards before the current one, of planes of
    /// `area` cells; `history` is at least 2.
    pub(crate) fn new(history: usize, area: usize) -> BoardRing {
        let cap = history - 1;
        BoardRing { area, cap, bytes: vec![0; cap * 2 * area], head: 0, len: 0 }
    }

    /// Forgets every board (a game back at its start).
    pub(crate) fn clear(&mut self) {
        self.head = 0;
        self.len = 0;
    }

    /// Keeps the board of a position whose observation starts with `planes`
    /// (plane 0 the pieces of `mover`, the side to move, plane 1 the other
    /// player's), dropping the oldest when full.
    pub(crate) fn push<T: PlaneValue>(&mut self, planes: &[T], mover: usize) {
        let area = self.area;
        let board = &mut self.bytes[self.head * 2 * area..(self.head + 1) * 2 * area];
        let (first, second) = board.split_at_mut(area);
        let (of_mover, of_other) = (&planes[..area], &planes[area..2 * area]);
        let (of_first, of_second) =
            if mover == 0 { (of_mover, of_other) } else { (of_other, of_mover) };
        for (d, &v) in first.iter_mut().zip(of_first) {
            *d = u8::from(v.is_set());
        }
        for (d, &v) in second.iter_mut().zip(of_second) {
            *d = u8::from(v.is_set());
        }
        self.head = (self.head + 1) % self.cap;
        self.len = (self.len + 1).min(self.cap);
    }

    /// Writes the history planes seen by player `viewer` (0 or 1) into `out`
    /// (`2 · (history − 1)` planes): for one ply ago, two, …, the viewer's
    /// pieces then the other player's; zeros for plies before the first board.
    pub(crate) fn write<T: PlaneValue>(&self, viewer: usize, out: &mut [T]) {
        let area = self.area;
        for (k, dst) in out.chunks_exact_mut(2 * area).enumerate() {
            if k >= self.len {
                dst.fill(T::from_bit(0));
                continue;
            }
            // The board k + 1 plies ago.
            let at = (self.head + self.cap - 1 - k) % self.cap;
            let board = &self.bytes[at * 2 * area..(at + 1) * 2 * area];
            let (mine, theirs) = dst.split_at_mut(area);
            let (own, other) = board.split_at(area);
            let (own, other) = if viewer == 0 { (own, other) } else { (other, own) };
            for (d, &b) in mine.iter_mut().zip(own) {
                *d = T::from_bit(b);
            }
            for (d, &b) in theirs.iter_mut().zip(other) {
                *d = T::from_bit(b);
            }
        }
    }
}

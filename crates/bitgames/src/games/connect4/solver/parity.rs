//! Allis' parity strategies (claimeven and the odd threat): bounds on a
//! position's score without a search.

use super::dims::Dims;
use super::position::Position;
use crate::games::connect4::bits::{has_four, shl};

impl<D: Dims> Position<D> {
    /// Whether four cells in a row are all in `free` (the cells a player holds
    /// or could still take): if not, that player can never win.
    #[inline(always)]
    fn open_window(&self, free: u64) -> bool {
        has_four(free, self.dims.height())
    }

    /// Allis' claimeven and its odd-threat counterpart, as one strategy of
    /// the opponent ("follow-up"): answer every move in the same column. The
    /// player to move then gets the odd empty cells of each column (the first,
    /// third, ...) and the opponent the even ones, except that a column with an
    /// odd number of empty cells would let the player to move take its top cell
    /// and break the pattern. Such a column must hold an opponent's threat on
    /// an even cell: the player to move can never play under it without losing
    /// at once, so the column stops there, and once everything else is full
    /// they must. If then the player to move has no four in a row among their
    /// stones and their cells, they can never win: their score is at most 0,
    /// and at most −1 if the opponent has a four among theirs or a column was
    /// stopped (the opponent wins).
    #[inline(always)]
    pub fn claimeven_bound(&self) -> Option<i32> {
        let empty = self.dims.board() & !self.mask;
        let odd = self.odd_cells();
        let mut odd_columns = self.odd_columns(odd);
        let theirs = self.current ^ self.mask;
        let mut mine = odd;
        let mut their_cells = empty & !odd;
        let stopped = odd_columns != 0;
        if stopped {
            let threats = self.winning_cells(theirs) & their_cells;
            while odd_columns != 0 {
                let c = odd_columns.trailing_zeros() / (self.dims.height() + 1);
                odd_columns &= odd_columns - 1;
                let col = self.column_mask(c);
                let t = threats & col;
                if t == 0 {
                    return None;
                }
                // The lowest such threat and everything above it: never ours.
                let stop = col & !((t & t.wrapping_neg()) - 1);
                mine &= !stop;
                their_cells &= !stop;
            }
        }
        if self.open_window(self.current | mine) {
            return None;
        }
        Some(if stopped || self.open_window(theirs | their_cells) { -1 } else { 0 })
    }

    /// The top cells of the columns with an odd number of empty cells, given
    /// [`odd_cells`](Self::odd_cells) (a column's top cell is then odd).
    #[inline(always)]
    pub(super) fn odd_columns(&self, odd: u64) -> u64 {
        odd & (self.dims.bottom() << (self.dims.height() - 1))
    }

    /// The first, third, ... empty cell of each column (counted from its lowest
    /// empty cell).
    #[inline(always)]
    pub(super) fn odd_cells(&self) -> u64 {
        let low = self.possible();
        let mut odd = low;
        let mut row = 2;
        while row < self.dims.height() {
            odd |= shl(low, row);
            row += 2;
        }
        odd & self.dims.board() & !self.mask
    }

    /// A lower bound on the score of the player to move from one move that
    /// hands the opponent the leader's side of
    /// [`claimeven_bound`](Self::claimeven_bound): a move after which every
    /// column with an odd number of empty cells is stopped by one of our
    /// threats. With one such column, the move answers there (the opponent has
    /// just played in it); with several, all but the one we answer in must be
    /// stopped already; with none, we play under a threat of ours that sits
    /// on an odd cell above the lowest, which puts it on an even one.
    #[inline(always)]
    pub fn claimeven_answer(&self) -> Option<i32> {
        let odd = self.odd_cells();
        let h1 = self.dims.height() + 1;
        let odd_tops = self.odd_columns(odd);
        let column = if odd_tops != 0 && odd_tops & (odd_tops - 1) == 0 {
            odd_tops.trailing_zeros() / h1
        } else {
            let threats = self.winning_position();
            if odd_tops == 0 {
                let t = threats & odd & !self.possible();
                if t == 0 {
                    return None;
                }
                t.trailing_zeros() / h1
            } else {
                let even = self.dims.board() & !self.mask & !odd;
                let mut open = None;
                let mut odd_columns = odd_tops;
                while odd_columns != 0 {
                    let c = odd_columns.trailing_zeros() / h1;
                    odd_columns &= odd_columns - 1;
                    if threats & even & self.column_mask(c) == 0 {
                        if open.is_some() {
                            return None;
                        }
                        open = Some(c);
                    }
                }
                open.unwrap_or(odd_tops.trailing_zeros() / h1)
            }
        };
        let mut child = *self;
        child.play_bit(self.possible() & self.column_mask(column));
        child.claimeven_bound().map(|b| -b)
    }
}

//! The solver's position (Pons' `current_position`, `mask` and move count) and
//! the rules it answers: keys and mirror keys, playable and winning cells, the
//! non-losing moves.

use super::dims::Dims;
use crate::games::connect4::bits;

/// Positions with at most this many stones share a table entry with their mirror
/// image (see [`Position::table_key`]): past that, mirror twins rarely meet
/// in one search.
pub const SYMMETRY_MAX_MOVES: u32 = 20;

/// The solver's position: Pons' `current_position`, `mask` and move count.
#[derive(Clone, Copy, Debug)]
pub struct Position<D: Dims> {
    pub(super) current: u64,
    pub(super) mask: u64,
    pub(super) moves: u32,
    pub(super) dims: D,
}

impl<D: Dims> Position<D> {
    /// A position from the stones of the player to move, all stones, and the number
    /// of moves played.
    pub fn from_bits(dims: D, current: u64, mask: u64) -> Self {
        Position { current, mask, moves: mask.count_ones(), dims }
    }

    /// Moves played.
    #[inline(always)]
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Board cells.
    #[inline(always)]
    pub fn cells(&self) -> u32 {
        self.dims.width() * self.dims.height()
    }

    /// The unique key `position + mask`.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// `key` of the mirror image (columns reversed): `bits::mirror_key`.
    #[inline(always)]
    pub fn mirror_key(&self, key: u64) -> u64 {
        bits::mirror_key(key, self.dims.width(), self.dims.height())
    }

    /// The key the table files a position under, and whether it is the mirror
    /// image's: with at most [`SYMMETRY_MAX_MOVES`] stones, the smaller of the
    /// key and its mirror's (a position and its mirror image share one entry);
    /// later, where mirror twins no longer meet in one search, the key itself.
    #[inline(always)]
    pub fn table_key(&self, key: u64, moves: u32) -> (u64, bool) {
        if moves <= SYMMETRY_MAX_MOVES {
            let m = self.mirror_key(key);
            if m < key {
                return (m, true);
            }
        }
        (key, false)
    }

    /// The table key ([`table_key`](Self::table_key)) of the child after
    /// the move `mv` in column `c`, given the mirror images of `current` and
    /// `mask` (used only while the child has at most [`SYMMETRY_MAX_MOVES`]
    /// stones). The mirror of a key is the sum of its parts' mirrors (no carry
    /// crosses a column), so no mirror is computed per child.
    #[inline(always)]
    pub fn child_table_key(&self, mv: u64, c: u32, mirror_current: u64, mirror_mask: u64) -> u64 {
        // The opponent's stones plus the new mask.
        let child = (self.current ^ self.mask) + (self.mask | mv);
        if self.moves < SYMMETRY_MAX_MOVES {
            let (h1, to) = (self.dims.height() + 1, self.dims.width() - 1 - c);
            let mirror_mv = if to >= c { mv << ((to - c) * h1) } else { mv >> ((c - to) * h1) };
            child.min((mirror_current ^ mirror_mask) + (mirror_mask | mirror_mv))
        } else {
            child
        }
    }

    /// The next free cell of each column that is not full.
    #[inline(always)]
    pub fn possible(&self) -> u64 {
        (self.mask + self.dims.bottom()) & self.dims.board()
    }

    /// The cells of column `c`.
    #[inline(always)]
    pub fn column_mask(&self, c: u32) -> u64 {
        ((1u64 << self.dims.height()) - 1) << (c * (self.dims.height() + 1))
    }

    /// Empty cells where `stones` would complete four in a row
    /// (`bits::winning_cells`).
    #[inline(always)]
    pub fn winning_cells(&self, stones: u64) -> u64 {
        bits::winning_cells(stones, self.dims.height()) & (self.dims.board() ^ self.mask)
    }

    /// Cells where the player to move would win at once.
    #[inline(always)]
    pub fn winning_position(&self) -> u64 {
        self.winning_cells(self.current)
    }

    /// Cells where the opponent would win if it were their turn.
    #[inline(always)]
    pub fn opponent_winning_position(&self) -> u64 {
        self.winning_cells(self.current ^ self.mask)
    }

    /// Whether the player to move can win with this move.
    #[inline(always)]
    pub fn can_win_next(&self) -> bool {
        self.winning_position() & self.possible() != 0
    }

    /// The playable cells that do not lose at once: a forced block when the
    /// opponent threatens to win (none if there are two threats), and never a cell
    /// right under an opponent's winning cell.
    #[inline(always)]
    pub fn possible_non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let opponent_win = self.opponent_winning_position();
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    /// Plays the stone at cell `mv` (one bit, the next free cell of its column).
    #[inline(always)]
    pub fn play_bit(&mut self, mv: u64) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// Plays column `c` (which must not be full).
    #[inline(always)]
    pub fn play_column(&mut self, c: u32) {
        let mv = (self.mask + (self.dims.bottom() & self.column_mask(c))) & self.column_mask(c);
        self.play_bit(mv);
    }

    /// Whether column `c` has room.
    #[inline(always)]
    pub fn can_play(&self, c: u32) -> bool {
        c < self.dims.width() && self.possible() & self.column_mask(c) != 0
    }

    /// Whether playing column `c` wins at once.
    #[inline(always)]
    pub fn is_winning_column(&self, c: u32) -> bool {
        self.winning_position() & self.possible() & self.column_mask(c) != 0
    }

    /// The lowest possible score at this point (losing as late as possible).
    #[inline(always)]
    pub(super) fn min_score(&self) -> i32 {
        -((self.cells() - self.moves) as i32) / 2
    }

    /// The highest possible score (winning with the next stone).
    #[inline(always)]
    pub(super) fn max_score(&self) -> i32 {
        (self.cells() as i32 + 1 - self.moves as i32) / 2
    }
}

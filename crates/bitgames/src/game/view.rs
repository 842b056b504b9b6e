//! [`View`]: what a front end draws and a network sees.

use super::Rules;
use crate::board::BoardView;

/// How a game is drawn and observed: the board's cells ([`BoardView`]), the
/// cells a move touches, and the planes a neural network reads.
pub trait View: Rules {
    /// The board as cells to draw: shape, names, owners and positions.
    fn board(&self) -> BoardView;

    /// The cells of [`board`](View::board) a move touches, in order: the cell a
    /// stone lands on; the from and to cells of a step. Empty for a pass.
    fn move_cells(&self, mv: Self::Move) -> Vec<usize>;

    /// The shape of [`observe`](View::observe)'s tensor: planes, rows and
    /// columns. By default [`BoardView::observation_shape`] of
    /// [`board`](View::board): three planes over its cells' rows and columns.
    fn observation_shape(&self) -> [usize; 3] {
        self.board().observation_shape()
    }

    /// Writes the position as planes of 0s and 1s, a neural network's input
    /// (AlphaZero's shape): `out` holds the `planes × rows × columns` values of
    /// [`observation_shape`](View::observation_shape), plane by plane, each
    /// row by row. By default [`BoardView::observe`] of [`board`](View::board):
    /// the side to move's pieces, the opponent's, and a plane of ones when the
    /// first player is to move. Games whose networks want more (history, ko)
    /// add planes; the placement games, Connect Four, Othello and Go write
    /// theirs straight from their bitboards.
    ///
    /// # Panics
    /// If `out` does not hold exactly that many values.
    fn observe(&self, out: &mut [f32]) {
        self.board().observe(self.side_to_move(), out);
    }

    /// A small index of a legal move, the same for the same move in every
    /// position of this game, for tables kept per move (the RAVE/AMAF
    /// statistics of [`search::mcts`](crate::search::mcts)); `None` for a move
    /// that touches no cell (a pass). By default the first of
    /// [`move_cells`](View::move_cells) (a placement's cell, a step's from-cell);
    /// placement games override it without allocating.
    fn move_index(&self, mv: Self::Move) -> Option<usize> {
        self.move_cells(mv).first().copied()
    }

    /// For games scored by area (Go): who owns each cell of
    /// [`board`](View::board) if the game were scored now — a stone's owner,
    /// or the player whose stones alone an empty region reaches. `None` (the
    /// default) for games not scored by area. What
    /// [`area_estimate`](crate::search::playout::area_estimate) averages over
    /// playouts.
    fn area_owners(&self) -> Option<Vec<Option<crate::player::Player>>> {
        None
    }
}

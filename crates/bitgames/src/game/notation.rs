//! [`Notation`]: moves and positions as text and moves as action ids.

use super::{ParseError, Rules};
use std::ops::ControlFlow;

/// How a game's moves and positions are written: as text (the game's standard
/// notation, position format and a picture of the board) and as action ids, the
/// compact numbers that moves cross the dynamic boundary and a learner's
/// policy as (OpenSpiel's distinct actions).
pub trait Notation: Rules {
    /// Reads a move in the game's notation, checking it names a real move of this
    /// board (not that it is legal now).
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError>;

    /// The position as text in the game's standard format.
    fn position(&self) -> String;

    /// A new state of the same game (same parameters) from position text.
    fn parse_position(&self, text: &str) -> Result<Self, ParseError>;

    /// The board as a picture: top row first, `.` empty.
    fn picture(&self) -> String;

    /// How many action ids the game has (OpenSpiel's `NumDistinctActions`):
    /// every move of every position of this game (this board and variant) has
    /// an [`action`](Notation::action) below it. See [`crate::action`].
    fn num_actions(&self) -> usize;

    /// The action id of a move of this game: below
    /// [`num_actions`](Notation::num_actions), the same for the same move in every
    /// position, different for different moves of one position.
    fn action(&self, mv: Self::Move) -> usize;

    /// The legal move with action id `a` here, `None` if no legal move has it.
    /// By default a search of the legal moves.
    fn action_move(&self, a: usize) -> Option<Self::Move> {
        let mut found = None;
        let _ = self.try_for_each_move(|mv| {
            if self.action(mv) == a {
                found = Some(mv);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        found
    }

    /// Writes the legal moves' mask: `mask[a]` true exactly for their action
    /// ids (`mask` is [`num_actions`](Notation::num_actions) long). What a
    /// batched environment writes at every step; the placement kit writes it
    /// eight cells at a time.
    fn write_legal_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        self.for_each_move(|mv| mask[self.action(mv)] = true);
    }

    /// Writes the legal moves' action ids: `mask[a]` true exactly for them
    /// (`mask` is [`num_actions`](Notation::num_actions) long) and `ids` (cleared
    /// first) listing them, in move order by default, in id order where a
    /// game writes them itself (the placement kit, a grid row at a time). One
    /// pass serves an environment's mask and its random actions.
    fn write_legal_actions(&self, mask: &mut [bool], ids: &mut Vec<usize>) {
        mask.fill(false);
        ids.clear();
        self.for_each_move(|mv| {
            let a = self.action(mv);
            mask[a] = true;
            ids.push(a);
        });
    }
}

/// Writes a game's `Debug` from its notation: the spec, the position text and
/// the picture (`connect4(width=7,height=6) 4453` and the board below), so a
/// failed assertion shows the position as a person reads it. `N =>` names the
/// word-count parameter of a game generic over it.
///
/// ```ignore
/// bitgames::debug_by_notation!(N => Hex<N>);
/// bitgames::debug_by_notation!(=> Teeko);
/// ```
#[macro_export]
macro_rules! debug_by_notation {
    ($($n:ident)? => $ty:ty) => {
        impl<$(const $n: usize)?> ::std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                use $crate::game::{Notation as _, Rules as _};
                write!(f, "{} {}\n{}", self.spec(), self.position(), self.picture())
            }
        }
    };
}

//! The two players and how a game ends: the vocabulary every other module
//! shares, so it sits below them all.

/// One of the two players. `First` moves first (X in Connect Four and tic-tac-toe,
/// Black in Othello and Go).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Player {
    /// The player who moves first.
    First,
    /// The player who moves second.
    Second,
}

impl Player {
    /// The other player.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for `First`, 1 for `Second`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player with [`index`](Player::index) `i`: `First` for 0, `Second`
    /// for any other value (a game's side-to-move bit).
    #[inline]
    pub const fn from_index(i: usize) -> Player {
        if i == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The player who moves at ply `ply` (counting from 0) in a game without passes.
    #[inline]
    pub const fn at_ply(ply: usize) -> Player {
        if ply.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Outcome {
    /// The player won.
    WonBy(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The outcome stored as a byte code, as the games keep it in their
    /// states: 0 going on, 1 the first player won, 2 the second, 3 a draw.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Outcome> {
        match code {
            1 => Some(Outcome::WonBy(Player::First)),
            2 => Some(Outcome::WonBy(Player::Second)),
            3 => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// +1 if `p` won, -1 if `p` lost, 0 for a draw.
    #[inline]
    pub const fn value_for(self, p: Player) -> i32 {
        match self {
            Outcome::WonBy(w) if w as usize == p as usize => 1,
            Outcome::WonBy(_) => -1,
            Outcome::Draw => 0,
        }
    }
}

//! The [`Game`] trait shared by every game, search and app; players, outcomes and
//! the errors a user can provoke.

use rand::Rng;
use std::fmt;
use thiserror::Error;

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

    /// The player who moves at ply `ply` (counting from 0) in a game without passes.
    #[inline]
    pub const fn at_ply(ply: usize) -> Player {
        if ply % 2 == 0 {
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

/// A move or position that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Move text that is not a move of this game.
    #[error("cannot read move '{text}' for {game}: expected {expected}")]
    Move {
        /// Game spec.
        game: String,
        /// The text given.
        text: String,
        /// What a move looks like.
        expected: String,
    },
    /// Position text that is not a position of this game.
    #[error("bad {game} position '{text}': {why}")]
    Position {
        /// Game spec.
        game: String,
        /// The text given (shortened if long).
        text: String,
        /// What was wrong.
        why: String,
    },
}

/// A move that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The move text did not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A well-formed move that is not legal here.
    #[error("illegal move {mv} in {game}: {why}")]
    Illegal {
        /// Game spec.
        game: String,
        /// The move.
        mv: String,
        /// Why it is illegal.
        why: String,
    },
    /// The game is over.
    #[error("the {game} game is over ({outcome}); no move {mv} can be played")]
    GameOver {
        /// Game spec.
        game: String,
        /// The move tried.
        mv: String,
        /// How it ended.
        outcome: String,
    },
}

/// A two-player, turn-based game on bitboards.
///
/// States are small `Copy`-like values: search clones and plays (copy-make). Legal
/// moves are written into a caller's reusable buffer, so generating moves allocates
/// nothing once the buffer has grown.
pub trait Game: Clone + Send + Sync + fmt::Debug + 'static {
    /// A move. Its `Display` is the game's standard notation.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// The game's name with its parameters, as the registry reads it:
    /// `connect4(width=7,height=6)`.
    fn spec(&self) -> String;

    /// The player to move.
    fn side_to_move(&self) -> Player;

    /// Plies played since the start position.
    fn ply(&self) -> usize;

    /// Clears `out` and writes the legal moves into it (none once the game is over).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Calls `f` on each legal move (bulk, callback-based generation: no buffer).
    /// The default goes through [`legal_moves`](Game::legal_moves).
    #[inline]
    fn for_each_move(&self, mut f: impl FnMut(Self::Move)) {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.into_iter().for_each(&mut f);
    }

    /// Number of legal moves (bitboard games override this with a popcount).
    fn count_moves(&self) -> usize {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.len()
    }

    /// Whether `mv` is legal here. The default generates the move list.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        v.contains(&mv)
    }

    /// Why `mv` is illegal here, for error messages.
    fn why_illegal(&self, _mv: Self::Move) -> String {
        "not a legal move in this position".to_string()
    }

    /// Plays a move known to be legal. Unspecified (but memory-safe) results otherwise.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal; otherwise returns an error and leaves the state
    /// unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver {
                game: self.spec(),
                mv: mv.to_string(),
                outcome: self.describe_outcome(o),
            });
        }
        if !self.is_legal(mv) {
            return Err(PlayError::Illegal {
                game: self.spec(),
                mv: mv.to_string(),
                why: self.why_illegal(mv),
            });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// A uniformly random legal move, `None` when there is none.
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        let mut v = Vec::new();
        self.legal_moves(&mut v);
        if v.is_empty() {
            None
        } else {
            Some(v[rng.random_range(0..v.len())])
        }
    }

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The final score from the first player's view, for games that have one
    /// (Othello's disc difference); `None` otherwise or while the game goes on.
    fn score(&self) -> Option<i32> {
        None
    }

    /// A 64-bit hash of the position (equal positions hash equal).
    fn hash(&self) -> u64;

    /// Reads a move in the game's notation, checking it names a real move of this
    /// board (not that it is legal now).
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError>;

    /// The position as text in the game's standard format.
    fn position(&self) -> String;

    /// A new state of the same game (same parameters) from position text.
    fn parse_position(&self, text: &str) -> Result<Self, ParseError>;

    /// The board as a picture: top row first, `.` empty.
    fn picture(&self) -> String;

    /// Perft in this game's standard convention. The default is
    /// [`search::perft`](fn@crate::search::perft): a finished game is a leaf that
    /// counts at its own depth only. Othello overrides it with the Bik convention.
    fn perft(&self, depth: usize) -> u64 {
        crate::search::perft(self, depth)
    }

    /// The name of a player in this game (`X`, `O`, `Black`, …).
    fn player_name(&self, p: Player) -> &'static str {
        match p {
            Player::First => "X",
            Player::Second => "O",
        }
    }

    /// An outcome in words: `X wins`, `draw`.
    fn describe_outcome(&self, o: Outcome) -> String {
        match o {
            Outcome::WonBy(p) => format!("{} wins", self.player_name(p)),
            Outcome::Draw => "draw".to_string(),
        }
    }
}

/// Shortens long user text for error messages.
pub(crate) fn clip(text: &str) -> String {
    const MAX: usize = 80;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}…")
    }
}

/// A 64-bit finaliser (SplitMix64's), for turning board keys into hashes.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

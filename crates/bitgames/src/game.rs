//! The [`Game`] trait shared by every game, search and app; players, outcomes and
//! the errors a user can provoke.

use crate::board::BoardView;
pub use crate::player::{Outcome, Player};
use rand::Rng;
use std::fmt;
use std::ops::ControlFlow;
use thiserror::Error;

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

/// Why a well-formed move cannot be played here: a reason callers can match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum IllegalReason {
    /// The move names a cell, column or square this board does not have.
    OffBoard,
    /// The cell is taken.
    Occupied,
    /// The column is full (Connect Four).
    ColumnFull,
    /// The placement changes nothing the rules require it to (an Othello disc
    /// that flips none).
    NoEffect,
    /// The side to move has no move but a pass.
    MustPass,
    /// A pass while the side to move has a move.
    CannotPass,
    /// The piece moved is not the mover's, or is not there.
    NotYourPiece,
    /// The move breaks a rule of movement of this game.
    Rule,
    /// The move breaks the ko rule (Go: simple ko or superko).
    Ko,
    /// The move leaves its own group without a liberty (Go).
    Suicide,
}

/// Why a move is illegal: the reason and a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{why}")]
pub struct Illegal {
    /// What kind of fault.
    pub reason: IllegalReason,
    /// The fault in words, naming the move and the position's facts.
    pub why: String,
}

impl Illegal {
    /// An [`Illegal`] from its reason and words.
    pub fn new(reason: IllegalReason, why: impl Into<String>) -> Self {
        Illegal { reason, why: why.into() }
    }
}

/// A move that cannot be played. `M` is the move: [`Game::play`] hands back the
/// game's own move type, [`DynGame`](crate::DynGame) the move text (the default).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlayError<M: fmt::Display = String> {
    /// The move text did not parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A well-formed move that is not legal here.
    #[error("illegal move {mv} in {game}: {why}")]
    Illegal {
        /// Game spec.
        game: String,
        /// The move, handed back.
        mv: M,
        /// What kind of fault.
        reason: IllegalReason,
        /// Why it is illegal.
        why: String,
    },
    /// The game is over.
    #[error("the {game} game is over ({outcome}); no move {mv} can be played")]
    GameOver {
        /// Game spec.
        game: String,
        /// The move tried, handed back.
        mv: M,
        /// How it ended, in words.
        outcome: String,
    },
}

impl<M: fmt::Display> PlayError<M> {
    /// The move that was refused (`None` for text that did not parse).
    pub fn mv(&self) -> Option<&M> {
        match self {
            PlayError::Parse(_) => None,
            PlayError::Illegal { mv, .. } | PlayError::GameOver { mv, .. } => Some(mv),
        }
    }

    /// The same error with the move as text.
    pub fn into_text(self) -> PlayError<String> {
        match self {
            PlayError::Parse(e) => PlayError::Parse(e),
            PlayError::Illegal { game, mv, reason, why } => {
                PlayError::Illegal { game, mv: mv.to_string(), reason, why }
            }
            PlayError::GameOver { game, mv, outcome } => {
                PlayError::GameOver { game, mv: mv.to_string(), outcome }
            }
        }
    }
}

/// Text that does not name a move, cell, square or option.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{text}' is not {expected}")]
pub struct NotationError {
    /// The text given (shortened if long, control characters escaped).
    pub text: String,
    /// What such text looks like.
    pub expected: &'static str,
}

impl NotationError {
    /// A [`NotationError`] for `text`, which should have been `expected`.
    pub fn new(text: &str, expected: &'static str) -> Self {
        NotationError { text: clip(text), expected }
    }
}

/// A game or position that cannot be set up from the values given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A value outside its range.
    #[error("{param} must be {min}–{max}{note}, got {value}")]
    OutOfRange {
        /// Which value.
        param: &'static str,
        /// The value given.
        value: i64,
        /// Smallest accepted.
        min: i64,
        /// Largest accepted.
        max: i64,
        /// Why the range is what it is (empty, or starting with a space).
        note: &'static str,
    },
    /// A value that is not one the game takes (a komi that is no multiple of
    /// 0.5, a number out of range).
    #[error("{param} must be {expected}, got {value}")]
    Invalid {
        /// Which value.
        param: &'static str,
        /// The value given, as text (long numbers shortened).
        value: String,
        /// What is accepted.
        expected: &'static str,
    },
    /// A board that does not fit the game's storage.
    #[error(
        "a {width}×{height} board needs {needed} bits{how}, more than the {capacity} the game can store"
    )]
    TooLarge {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Bits the board needs.
        needed: usize,
        /// Bits there are.
        capacity: usize,
        /// How the bits are counted (empty, or starting with a space).
        how: &'static str,
    },
    /// A grid that cannot be built.
    #[error(transparent)]
    Grid(#[from] crate::grid::GridError),
    /// Cells claimed by both players.
    #[error("{cells} hold(s) stones of both players")]
    Overlap {
        /// The cells, named.
        cells: String,
    },
}

impl SetupError {
    /// `Ok` when `value` of parameter `param` is in `min..=max`, else
    /// [`SetupError::OutOfRange`] naming it (the check every game's
    /// constructor makes of its sizes).
    pub fn check_range(
        param: &'static str,
        value: usize,
        min: usize,
        max: usize,
    ) -> Result<(), SetupError> {
        if (min..=max).contains(&value) {
            return Ok(());
        }
        Err(SetupError::OutOfRange {
            param,
            value: i64::try_from(value).unwrap_or(i64::MAX),
            min: min as i64,
            max: max as i64,
            note: "",
        })
    }
}

/// The counting convention of a game's perft.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftRule {
    /// A finished game is a leaf at its own depth only: it adds nothing deeper.
    FinishedIsLeaf,
    /// A finished game counts one leaf at every greater depth (Bik's Othello
    /// convention).
    FinishedCountsDeeper,
}

/// A two-player, turn-based game on bitboards.
///
/// States are small values: search clones and plays (copy-make). The one required
/// way to list moves is [`try_for_each_move`](Game::try_for_each_move), a callback
/// that may stop early; every other move query (`for_each_move`, `legal_moves`,
/// `count_moves`, `is_legal`, `random_move`) is derived from it without allocating,
/// and games override them where a bitboard does better (a popcount).
pub trait Game: Clone + Send + Sync + fmt::Debug + 'static {
    /// A move. Its `Display` is the game's standard notation.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// How perft counts finished games in this game.
    const PERFT_RULE: PerftRule = PerftRule::FinishedIsLeaf;

    /// The game's name with its parameters, as the registry reads it:
    /// `connect4(width=7,height=6)`.
    fn spec(&self) -> String;

    /// The player to move.
    fn side_to_move(&self) -> Player;

    /// The game's registry name (`connect4`), the name its
    /// [`spec`](Game::spec) starts with: how the registry finds the game's
    /// entry without reading text.
    fn name(&self) -> &'static str;

    /// Plies played since the start position.
    fn ply(&self) -> usize;

    /// Calls `f` on each legal move, in the game's fixed order, until `f` breaks;
    /// returns `Break` if it did. No move once the game is over.
    fn try_for_each_move<F>(&self, f: F) -> ControlFlow<()>
    where
        F: FnMut(Self::Move) -> ControlFlow<()>;

    /// Calls `f` on each legal move.
    #[inline]
    fn for_each_move(&self, mut f: impl FnMut(Self::Move)) {
        let _ = self.try_for_each_move(|m| {
            f(m);
            ControlFlow::Continue(())
        });
    }

    /// Clears `out` and writes the legal moves into it (none once the game is
    /// over); allocates only while `out` grows.
    #[inline]
    fn legal_moves(&self, out: &mut Vec<Self::Move>) {
        out.clear();
        self.for_each_move(|m| out.push(m));
    }

    /// Number of legal moves.
    #[inline]
    fn count_moves(&self) -> usize {
        let mut n = 0;
        self.for_each_move(|_| n += 1);
        n
    }

    /// Whether `mv` is legal here (stops at the first match).
    #[inline]
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.try_for_each_move(|m| {
            if m == mv {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .is_break()
    }

    /// Why `mv` is illegal here, for error messages and callers that match the
    /// reason.
    fn why_illegal(&self, _mv: Self::Move) -> Illegal {
        Illegal::new(IllegalReason::Rule, "not a legal move in this position")
    }

    /// Plays a move known to be legal. Unspecified (but memory-safe) results otherwise.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal; otherwise hands the move back in the error and
    /// leaves the state unchanged.
    ///
    /// In debug builds (the tests among them) it then checks the state's
    /// consistency ([`check_invariants`](Game::check_invariants)) and panics,
    /// naming the move, if a rule broke it.
    fn play(&mut self, mv: Self::Move) -> Result<(), PlayError<Self::Move>> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        #[cfg(debug_assertions)]
        if let Err(why) = self.check_invariants() {
            panic!("{}: {mv} broke the position: {why}", self.spec());
        }
        Ok(())
    }

    /// Whether the state is consistent (Edax's board check after a move): `Err`
    /// names what is broken (two stones on a cell, a stone off the board, a ply
    /// that does not match the stones). [`play`](Game::play) asserts it in debug
    /// builds; the default has nothing to check.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }

    /// `Ok` if `mv` is legal here, else the error [`play`](Game::play) gives.
    fn check_move(&self, mv: Self::Move) -> Result<(), PlayError<Self::Move>> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver {
                game: self.spec(),
                mv,
                outcome: self.describe_outcome(o),
            });
        }
        if !self.is_legal(mv) {
            let Illegal { reason, why } = self.why_illegal(mv);
            return Err(PlayError::Illegal { game: self.spec(), mv, reason, why });
        }
        Ok(())
    }

    /// A uniformly random legal move, `None` when there is none: the `k`-th move
    /// for `k = rng.random_range(0..count)`.
    #[inline(always)]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        let n = self.count_moves();
        if n == 0 {
            return None;
        }
        let mut k = rng.random_range(0..n);
        let mut pick = None;
        let _ = self.try_for_each_move(|m| {
            if k == 0 {
                pick = Some(m);
                return ControlFlow::Break(());
            }
            k -= 1;
            ControlFlow::Continue(())
        });
        pick
    }

    /// Plays [`random_move`](Game::random_move)s until none is left and returns
    /// the plies played: one random playout. A game may override it with a loop
    /// specialised to its rules (Clobber's one-word boards do), which must play
    /// the same game from the same generator: the same moves, final position
    /// and plies. It may draw more numbers once the game is decided (Y and Hex
    /// fill the board first and then find the ply where the game ended), so
    /// the generator's state afterwards may differ.
    #[inline(always)]
    fn random_playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        let mut plies = 0;
        while let Some(mv) = self.random_move(rng) {
            self.play_unchecked(mv);
            plies += 1;
        }
        plies
    }

    /// Plays `count` random playouts from this position and adds each to
    /// `stats`. By default one [`random_playout`](Game::random_playout) after
    /// another, each from a clone, all drawing from `rng`. A game may play
    /// several at once instead, each lane with its own generator seeded from
    /// `rng`, so the totals differ from the default's for the same `rng` but
    /// are as random and the same on every platform. Breakthrough interleaves
    /// lanes so that the processor overlaps their chains of dependent
    /// instructions, and its lanes play exactly the games `random_playout`
    /// plays with their generators. Hex and Y fill the board in a uniformly
    /// random order and test the prefixes of many fills at once by bit-sliced
    /// Y reductions: uniformly random games, as
    /// `random_playout`'s, drawn another way. Each override is tested against
    /// move-by-move play of the games it reports. (Inlined into the
    /// playouts' hot path, so that it is compiled for x86-64-v3 there.)
    #[inline(always)]
    fn random_playouts<R: Rng + ?Sized>(&self, count: u64, rng: &mut R, stats: &mut PlayoutStats) {
        one_at_a_time(self, count, rng, stats)
    }

    /// The playout of a Monte Carlo tree search
    /// ([`search::mcts`](crate::search::mcts)) from this position: plays to
    /// the end (or gives up after `100_000` plies, leaving the game unfinished)
    /// and, where `log` is given, appends each move with its mover (for the
    /// AMAF statistics). By default the uniform [`random_move`](Game::random_move)
    /// loop; a game may play a smarter policy here (Go's captures, atari
    /// escapes and 3×3 patterns) and keep `random_playout` uniform.
    fn search_playout<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        mut log: Option<&mut Vec<(Self::Move, Player)>>,
    ) -> u64 {
        let mut plies = 0;
        while let Some(mv) = self.random_move(rng) {
            if let Some(l) = log.as_deref_mut() {
                l.push((mv, self.side_to_move()));
            }
            self.play_unchecked(mv);
            plies += 1;
            if plies == 100_000 {
                break;
            }
        }
        plies
    }

    /// Prior knowledge for a Monte Carlo tree search with RAVE: the virtual
    /// AMAF simulations `(visits, wins)` that the child reached by legal move
    /// `mv` starts with, wins counted for the side to move here (Gelly and
    /// Silver 2007's heuristic initialisation, put in the AMAF statistics as
    /// Fuego does; a child with them is not tried first just for being
    /// unvisited, so they also set the first-play urgency). By default none,
    /// `(0, 0.0)`: unvisited children are tried first, in move order.
    fn search_prior(&self, _mv: Self::Move) -> (u32, f32) {
        (0, 0.0)
    }

    /// The outcome if legal move `mv` were played now, `None` when the game
    /// would go on: the MCTS-Solver's one-ply check on every new child. By
    /// default the move is played on a copy; a game whose moves seldom end it
    /// (Go: only a second pass or the move cap) answers without the copy.
    fn outcome_after(&self, mv: Self::Move) -> Option<Outcome> {
        let mut after = self.clone();
        after.play_unchecked(mv);
        after.outcome()
    }

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The final score from the first player's view, for games that have one
    /// (Othello's disc difference; Go's area score with komi, in half points as
    /// `2 × score`, see [`score_halves`](Game::score_halves)); `None` otherwise or
    /// while the game goes on.
    fn score(&self) -> Option<i32> {
        None
    }

    /// The final score in half points (for komi such as 7.5); by default twice
    /// [`score`](Game::score).
    fn score_halves(&self) -> Option<i64> {
        self.score().map(|s| 2 * s as i64)
    }

    /// A 64-bit hash of the position (equal positions hash equal). Not
    /// `std::hash::Hash`: this one is the game's own, stable across runs.
    fn position_hash(&self) -> u64;

    /// Reads a move in the game's notation, checking it names a real move of this
    /// board (not that it is legal now).
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseError>;

    /// The position as text in the game's standard format.
    fn position(&self) -> String;

    /// A new state of the same game (same parameters) from position text.
    fn parse_position(&self, text: &str) -> Result<Self, ParseError>;

    /// The board as a picture: top row first, `.` empty.
    fn picture(&self) -> String;

    /// The board as cells to draw: shape, names, owners and positions.
    fn board(&self) -> BoardView;

    /// The cells of [`board`](Game::board) a move touches, in order: the cell a
    /// stone lands on; the from and to cells of a step. Empty for a pass.
    fn move_cells(&self, mv: Self::Move) -> Vec<usize>;

    /// The shape of [`observe`](Game::observe)'s tensor: planes, rows and
    /// columns. By default [`BoardView::observation_shape`] of
    /// [`board`](Game::board): three planes over its cells' rows and columns.
    fn observation_shape(&self) -> [usize; 3] {
        self.board().observation_shape()
    }

    /// Writes the position as planes of 0s and 1s, a neural network's input
    /// (AlphaZero's shape): `out` holds the `planes × rows × columns` values of
    /// [`observation_shape`](Game::observation_shape), plane by plane, each
    /// row by row. By default [`BoardView::observe`] of [`board`](Game::board):
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

    /// A heuristic value of an unfinished position for the side to move, for
    /// the leaves of the generic alpha-beta engine
    /// ([`search::alphabeta::GameEval`](crate::search::alphabeta::GameEval)):
    /// positive when the side to move stands better, within ±100 000. By
    /// default none (0): searched deep enough, alpha-beta then still plays
    /// exact wins and losses. Games give a cheap one (material, mobility,
    /// open lines, connection distance).
    fn evaluate(&self) -> i32 {
        0
    }

    /// A small index of a legal move, the same for the same move in every
    /// position of this game, for tables kept per move (the RAVE/AMAF
    /// statistics of [`search::mcts`](crate::search::mcts)); `None` for a move
    /// that touches no cell (a pass). By default the first of
    /// [`move_cells`](Game::move_cells) (a placement's cell, a step's from-cell);
    /// placement games override it without allocating.
    fn move_index(&self, mv: Self::Move) -> Option<usize> {
        self.move_cells(mv).first().copied()
    }

    /// How many action ids the game has (OpenSpiel's `NumDistinctActions`):
    /// every move of every position of this game (this board and variant) has
    /// an [`action`](Game::action) below it. See [`crate::action`].
    fn num_actions(&self) -> usize;

    /// The action id of a move of this game: below
    /// [`num_actions`](Game::num_actions), the same for the same move in every
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

    /// Writes the legal moves' action ids: `mask[a]` true exactly for them
    /// (`mask` is [`num_actions`](Game::num_actions) long) and `ids` (cleared
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

    /// Perft in this game's standard convention ([`PERFT_RULE`](Game::PERFT_RULE)):
    /// the number of move sequences of exactly `depth` plies. Games override it
    /// with a faster walk that counts the same.
    fn perft(&self, depth: usize) -> u64 {
        perft_walk(self, depth, Self::PERFT_RULE)
    }

    /// [`perft`](Game::perft) on `threads` threads (all the machine's if 0). By
    /// default [`search::perft_parallel`](crate::search::perft_parallel)'s split
    /// into subtrees, each counted by [`perft`](Game::perft); games whose count
    /// keeps a table override it with one that shares the table.
    fn perft_parallel(&self, depth: usize, threads: usize) -> u64 {
        crate::search::perft_parallel(self, depth, threads)
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

/// Totals over a batch of random playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct PlayoutStats {
    /// Games played.
    pub games: u64,
    /// Plies played in all.
    pub plies: u64,
    /// Games won by the first player.
    pub first_wins: u64,
    /// Games won by the second player.
    pub second_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

impl PlayoutStats {
    /// Adds one finished game.
    pub fn record(&mut self, plies: u64, outcome: Outcome) {
        self.games += 1;
        self.plies += plies;
        match outcome {
            Outcome::WonBy(Player::First) => self.first_wins += 1,
            Outcome::WonBy(Player::Second) => self.second_wins += 1,
            Outcome::Draw => self.draws += 1,
        }
    }

    /// Share of games with this result, 0–1.
    pub fn share(&self, n: u64) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            n as f64 / self.games as f64
        }
    }
}

/// [`Game::random_playouts`]'s default: `count` games, one
/// [`random_playout`](Game::random_playout) after another, each from a clone
/// of `start`, all drawing from `rng`.
#[inline(always)]
pub fn one_at_a_time<G: Game, R: Rng + ?Sized>(
    start: &G,
    count: u64,
    rng: &mut R,
    stats: &mut PlayoutStats,
) {
    for _ in 0..count {
        let mut g = start.clone();
        let plies = g.random_playout(rng);
        // A game with no legal move that the rules do not call over (impossible in
        // the shipped games) is counted as a draw rather than looping forever.
        stats.record(plies, g.outcome().unwrap_or(Outcome::Draw));
    }
}

/// Perft by the plain walk under `rule`: the last ply is counted
/// (`count_moves`), not played. [`Game::perft`]'s default (with the game's own
/// rule), and the reference the games' faster walks are tested against.
pub fn perft_walk<G: Game>(game: &G, depth: usize, rule: PerftRule) -> u64 {
    match rule {
        PerftRule::FinishedIsLeaf => walk::<G, false>(game, depth),
        PerftRule::FinishedCountsDeeper => walk::<G, true>(game, depth),
    }
}

/// One node of the perft walk: `$game` at `$depth` plies from the horizon,
/// children counted by `$recurse` (the two forms of `walk` below). The
/// children come from `for_each_move` in an x86-64-v3 build (fewer
/// instructions there: Breakthrough's perft 5, 71.5 M against 75.1 M under
/// callgrind) and from `try_for_each_move` straight in a portable one, where
/// `for_each_move`'s own closure, compiled without the hot copy's target
/// features, would keep the walk's closure from being inlined into it.
macro_rules! walk_node {
    ($game:ident, $depth:ident, $deeper:ident, $recurse:ident) => {{
        if $depth == 0 {
            return 1;
        }
        if $deeper && $game.outcome().is_some() {
            return 1;
        }
        if $depth == 1 {
            return $game.count_moves() as u64;
        }
        let mut total = 0;
        // The child's count is written into each closure: one closure shared
        // by both, called from the second, cost the portable build's Connect
        // Four perft 25% (measured).
        if cfg!(v3_build) {
            $game.for_each_move(|mv| {
                let mut child = $game.clone();
                child.play_unchecked(mv);
                total += $recurse::<G, $deeper>(&child, $depth - 1);
            });
        } else {
            let _ = $game.try_for_each_move(|mv| {
                let mut child = $game.clone();
                child.play_unchecked(mv);
                total += $recurse::<G, $deeper>(&child, $depth - 1);
                ControlFlow::Continue(())
            });
        }
        total
    }};
}

/// [`perft_walk`] with the rule a constant (`DEEPER`: finished games count at
/// every greater depth), so the walk tests nothing it need not.
#[cfg(v3_build)]
fn walk<G: Game, const DEEPER: bool>(game: &G, depth: usize) -> u64 {
    walk_node!(game, depth, DEEPER, walk)
}

/// The same walk in a build without x86-64-v3's instructions (a portable
/// build): a hot path, so the whole recursion is nested in one copy compiled
/// for x86-64-v3 too and the dispatch happens once a count, not at every
/// node. (Nesting it in the x86-64-v3 build cost Connect Four's perft 25%,
/// measured, so there the walk above stays plain.)
#[cfg(not(v3_build))]
#[multiversion::multiversion(targets("x86_64+avx2+bmi1+bmi2+lzcnt+popcnt"))]
fn walk<G: Game, const DEEPER: bool>(game: &G, depth: usize) -> u64 {
    #[multiversion::inherit_target]
    fn inner<G: Game, const DEEPER: bool>(game: &G, depth: usize) -> u64 {
        walk_node!(game, depth, DEEPER, inner)
    }
    inner::<G, DEEPER>(game, depth)
}

/// Shortens long user text for error messages.
/// Control characters are escaped (`\u{1b}`, `\n`, …), so no input can
/// move a terminal's cursor or colour its text through an error message.
pub fn clip(text: &str) -> String {
    const MAX: usize = 80;
    let mut out = String::new();
    for (i, ch) in text.chars().enumerate() {
        if i == MAX {
            out.push('…');
            break;
        }
        if ch.is_control() {
            out.extend(ch.escape_default());
        } else {
            out.push(ch);
        }
    }
    out
}

/// A uniform index below `n` from one 32-bit draw (multiply and shift, no
/// division): how the games pick a random move.
#[inline(always)]
pub fn random_below<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    (rng.next_u32() as u64 * n) >> 32
}

/// Bit `k` counted across `sets` in order (the moves of several directions
/// laid end to end), with the index of the set it is in; `None` past the end.
/// `counts` are the sets' sizes, which the caller has already taken.
#[inline]
pub fn nth_across<const N: usize, const K: usize>(
    sets: &[crate::bits::Bits<N>; K],
    counts: &[u32; K],
    mut k: usize,
) -> Option<(usize, usize)> {
    for (d, (s, &c)) in sets.iter().zip(counts).enumerate() {
        let c = c as usize;
        if k < c {
            return s.nth(k).map(|bit| (d, bit));
        }
        k -= c;
    }
    None
}

/// A position hash of the two players' cell sets and a `salt` (the side to
/// move, where the sets do not tell it): every word mixed in with its owner,
/// then the salt, mixed on its own. (XORed into the first word, as it once
/// was, a salt of 1 cancelled the stone on cell 0: a position and the same
/// one with that stone and the other side to move hashed alike.) Shared by
/// the grid games' [`Game::position_hash`].
pub fn hash_sets<const N: usize>(sets: &[crate::bits::Bits<N>; 2], salt: u64) -> u64 {
    let mut h = 0x9e37_79b9_7f4a_7c15u64;
    for (p, s) in sets.iter().enumerate() {
        for &w in s.0.iter() {
            h = mix64(h ^ w ^ (p as u64) << 63);
        }
    }
    mix64(h ^ mix64(salt ^ 0x6a09_e667_f3bc_c909))
}

/// A 64-bit finaliser (SplitMix64's), for turning board keys into hashes.
#[inline]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

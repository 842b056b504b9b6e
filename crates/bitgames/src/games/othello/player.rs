//! An Othello player: alpha-beta search on one of the seed's heuristics
//! ([`eval`](super::eval)) in the opening and middle game, the exact
//! [`EndgameSolver`] once few enough squares are empty.
//!
//! [Levels](Level) 1–10 set the search depth and the number of empty squares
//! from which the endgame is solved exactly; a time limit can cap either.
//!
//! ```
//! use bitgames::games::othello::player::{Level, OthelloPlayer};
//! use bitgames::games::othello::Othello;
//!
//! let mut player = OthelloPlayer::new(Level::new(2).unwrap());
//! let choice = player.choose(&Othello::start()).unwrap();
//! assert!(["d3", "c4", "f5", "e6"].contains(&choice.mv.to_string().as_str()));
//! ```

use super::endgame::{EndgameError, EndgameResult, EndgameSolver};
use super::eval::{decided_discs, Heuristic, OthelloEval};
use super::{Othello, OthelloMove};
use crate::engine::{Engine, EngineBuildError, EngineError, EngineInfo, EngineMove};
use crate::game::Rules;
use crate::game::SetupError;
use crate::params::{ParamInfo, Params};
use crate::search::alphabeta::{AlphaBeta, Limits};
use crate::search::SearchError;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A playing strength from 1 (one ply on the positional table) to 10 (an 11-ply
/// mixed search, the last 20 empties solved exactly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(u8);

impl Level {
    /// The strongest level.
    pub const MAX: u8 = 10;

    /// Level `n`, 1 ≤ `n` ≤ [`Level::MAX`].
    pub fn new(n: u8) -> Result<Level, SetupError> {
        if (1..=Self::MAX).contains(&n) {
            Ok(Level(n))
        } else {
            Err(SetupError::OutOfRange {
                param: "level",
                value: n as i64,
                min: 1,
                max: Self::MAX as i64,
                note: "",
            })
        }
    }

    /// The level's number.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The midgame search depth in plies.
    pub const fn depth(self) -> u32 {
        [1, 2, 3, 4, 5, 6, 7, 8, 10, 11][self.0 as usize - 1]
    }

    /// Solve exactly from this many empty squares on (0: never).
    pub const fn exact_empties(self) -> u32 {
        [0, 4, 8, 10, 12, 14, 16, 18, 19, 20][self.0 as usize - 1]
    }

    /// The heuristic: the plain table at level 1, the mixed one above.
    pub const fn heuristic(self) -> Heuristic {
        if self.0 == 1 {
            Heuristic::Positional
        } else {
            Heuristic::Mixed
        }
    }
}

impl Default for Level {
    /// Level 5.
    fn default() -> Self {
        Level(5)
    }
}

/// A move the player chose and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The move.
    pub mv: OthelloMove,
    /// The value behind it.
    pub value: Value,
    /// Search depth reached (plies), or the empties solved for an exact value.
    pub depth: u32,
    /// The expected continuation, starting with `mv` (may be just `mv`).
    pub pv: Vec<OthelloMove>,
    /// Positions visited.
    pub nodes: u64,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

/// The value of a chosen move for the side that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The final disc difference with perfect play from here on.
    Exact(i32),
    /// A forced win (positive) or loss (negative) seen within the search depth:
    /// every line of the proof ends the game. The disc count is the margin along
    /// the lines searched, not necessarily the best margin.
    Decided(i32),
    /// A heuristic value (units of the heuristic in use).
    Heuristic(i32),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Exact(d) => write!(f, "{d:+} discs (exact)"),
            Value::Decided(d) => write!(f, "{d:+} discs (game end seen)"),
            Value::Heuristic(h) => write!(f, "{h:+}"),
        }
    }
}

/// An Othello player with its search tables, kept from move to move.
pub struct OthelloPlayer {
    level: Level,
    depth: u32,
    exact_empties: u32,
    time: Option<Duration>,
    search: AlphaBeta<Othello, OthelloEval>,
    endgame: EndgameSolver,
}

impl OthelloPlayer {
    /// A player at `level`, with 16 MiB for the midgame table and 64 MiB for the
    /// endgame solver's.
    pub fn new(level: Level) -> Self {
        OthelloPlayer {
            level,
            depth: level.depth(),
            exact_empties: level.exact_empties(),
            time: None,
            search: AlphaBeta::new(OthelloEval(level.heuristic()), 16),
            endgame: EndgameSolver::new(64),
        }
    }

    /// Uses `heuristic` instead of the level's.
    pub fn set_heuristic(&mut self, heuristic: Heuristic) {
        self.search.evaluator_mut().0 = heuristic;
        self.search.clear();
    }

    /// The heuristic in use.
    pub fn heuristic(&self) -> Heuristic {
        self.search.evaluator().0
    }

    /// The level it was made with (see [`set_depth`](Self::set_depth) for
    /// settings in between).
    pub fn level(&self) -> Level {
        self.level
    }

    /// Searches `depth` plies deep (at least 1) in the midgame and solves exactly
    /// from `exact_empties` empty squares on, instead of the level's settings.
    pub fn set_depth(&mut self, depth: u32, exact_empties: u32) {
        self.depth = depth.max(1);
        self.exact_empties = exact_empties;
    }

    /// The midgame depth and the exact-solve threshold in use.
    pub fn depth(&self) -> (u32, u32) {
        (self.depth, self.exact_empties)
    }

    /// Caps the midgame search at `time` per move (the search then stops at the
    /// level's depth or the time, whichever comes first). The exact endgame is not
    /// time-limited: lower the level for faster play near the end.
    pub fn set_time(&mut self, time: Option<Duration>) {
        self.time = time;
    }

    /// The time cap of the midgame search, if any.
    pub fn time(&self) -> Option<Duration> {
        self.time
    }

    /// Forgets what the tables hold (a new game).
    pub fn clear(&mut self) {
        self.search.clear();
        self.endgame.clear();
    }

    /// Gives the player a stop flag, shared by its midgame search
    /// ([`AlphaBeta::set_stop`]) and its endgame solver
    /// ([`EndgameSolver::set_stop`]): once it is raised (from any thread), a
    /// running [`choose`](Self::choose) or [`evaluate_move`](Self::evaluate_move)
    /// ends within a thousand nodes or so, with the midgame's best move so far,
    /// or [`SearchError::Stopped`] when it has none (an exact solve cut short
    /// has none); so does any search started while it is raised. The player
    /// never lowers it; its tables stay valid.
    pub fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.search.set_stop(flag.clone());
        self.endgame.set_stop(flag);
    }

    /// The exact solve of `pos`, [`SearchError::Stopped`] when called off.
    fn solve_exact(&mut self, pos: &Othello) -> Result<EndgameResult, SearchError> {
        match self.endgame.solve(pos) {
            Ok(r) => Ok(r),
            Err(EndgameError::Stopped { .. }) => Err(SearchError::Stopped),
            Err(e @ EndgameError::BadWindow { .. }) => {
                unreachable!("a full-window solve has a good window: {e}")
            }
        }
    }

    /// The move to play in `pos`: [`OthelloMove::Pass`] when it must pass; an
    /// error when the game is over.
    pub fn choose(&mut self, pos: &Othello) -> Result<Choice, SearchError> {
        SearchError::unless_over(pos)?;
        let start = Instant::now();
        if pos.must_pass() {
            return Ok(Choice {
                mv: OthelloMove::Pass,
                value: Value::Heuristic(0),
                depth: 0,
                pv: vec![OthelloMove::Pass],
                nodes: 0,
                elapsed: start.elapsed(),
            });
        }
        let empties = pos.empty().count_ones();
        if empties <= self.exact_empties {
            let r = self.solve_exact(pos)?;
            let mv = r.best_moves[0];
            return Ok(Choice {
                mv,
                value: Value::Exact(r.score),
                depth: empties,
                pv: vec![mv],
                nodes: r.nodes,
                elapsed: start.elapsed(),
            });
        }
        let limits = Limits { depth: Some(self.depth), time: self.time, ..Limits::default() };
        let r = self.search.search(pos, &limits)?;
        let value = match decided_discs(r.score) {
            Some(d) if r.exact => Value::Exact(d),
            Some(d) => Value::Decided(d),
            None => Value::Heuristic(r.score),
        };
        Ok(Choice {
            mv: r.best,
            value,
            depth: r.depth,
            pv: r.pv,
            nodes: r.nodes,
            elapsed: start.elapsed(),
        })
    }

    /// Every legal move with its value, best first, at most `n` (at least one):
    /// each child solved exactly in the exact range, else searched one ply less
    /// deep than [`choose`](Self::choose) would (for hints: a value per move,
    /// where `choose` only proves the best one best). A forced pass is the one
    /// move; an error when the game is over. With a time limit the moves share
    /// it (each the time left over the moves left), so a hint takes no longer
    /// than a move would.
    pub fn evaluate_moves(&mut self, pos: &Othello, n: usize) -> Result<Vec<Choice>, SearchError> {
        SearchError::unless_over(pos)?;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut out = Vec::with_capacity(moves.len());
        let (budget, start) = (self.time, Instant::now());
        let count = moves.len();
        for (i, mv) in moves.into_iter().enumerate() {
            let time = budget.map(|t| t.saturating_sub(start.elapsed()) / (count - i) as u32);
            out.push(self.evaluate_move_within(pos, mv, self.depth, time)?);
        }
        out.sort_by_key(|c| std::cmp::Reverse(c.value.rank()));
        out.truncate(n.max(1));
        Ok(out)
    }

    /// The value of the legal move `mv` of `pos` (not over) for its mover,
    /// `depth` plies deep counting `mv` (at least 1; the child searched one
    /// ply less), or exactly when the child is in the exact range; its line
    /// starts with `mv`. What [`evaluate_moves`](Self::evaluate_moves) does for
    /// each move, for a caller that deepens move by move (the web app's
    /// analysis streams each value as it comes).
    pub fn evaluate_move(
        &mut self, pos: &Othello, mv: OthelloMove, depth: u32,
    ) -> Result<Choice, SearchError> {
        self.evaluate_move_within(pos, mv, depth, self.time)
    }

    /// [`evaluate_move`](Self::evaluate_move) with the search's time limit
    /// `time` rather than the player's.
    fn evaluate_move_within(
        &mut self, pos: &Othello, mv: OthelloMove, depth: u32, time: Option<Duration>,
    ) -> Result<Choice, SearchError> {
        let start = Instant::now();
        let mut child = *pos;
        child.play_unchecked(mv);
        let exact = pos.empty().count_ones() <= self.exact_empties;
        let (value, depth, nodes, mut pv) = if child.outcome().is_some() {
            let d = match pos.side_to_move() {
                crate::game::Player::First => child.disc_difference(),
                crate::game::Player::Second => -child.disc_difference(),
            };
            (Value::Exact(d), 1, 1, Vec::new())
        } else if exact {
            let r = self.solve_exact(&child)?;
            (Value::Exact(-r.score), r.empties + 1, r.nodes, r.best_moves[..1].to_vec())
        } else if depth <= 1 {
            let h = -self.search.evaluator().0.value(child.player(), child.opponent());
            (Value::Heuristic(h), 1, 1, Vec::new())
        } else {
            let limits = Limits { depth: Some(depth - 1), time, ..Limits::default() };
            let r = self.search.search(&child, &limits)?;
            let value = match decided_discs(-r.score) {
                Some(d) if r.exact => Value::Exact(d),
                Some(d) => Value::Decided(d),
                None => Value::Heuristic(-r.score),
            };
            (value, r.depth + 1, r.nodes, r.pv)
        };
        pv.insert(0, mv);
        Ok(Choice { mv, value, depth, pv, nodes, elapsed: start.elapsed() })
    }
}

impl Value {
    /// A key that orders values from the mover's view: wins by more discs, then
    /// heuristic values, then losses (exact and decided alike).
    pub fn rank(self) -> i64 {
        const DISC: i64 = 1 << 40;
        match self {
            Value::Exact(d) | Value::Decided(d) => d.signum() as i64 * DISC + d as i64,
            Value::Heuristic(h) => h as i64,
        }
    }

    /// The value in discs, as GUIs show it: exact and decided values as they are;
    /// a heuristic value divided by [`HEURISTIC_PER_DISC`].
    pub fn discs(self) -> f64 {
        match self {
            Value::Exact(d) | Value::Decided(d) => d as f64,
            Value::Heuristic(h) => h as f64 / HEURISTIC_PER_DISC,
        }
    }
}

/// Heuristic units per disc when a heuristic value is shown as discs: the seed's
/// tables are in hundreds (a corner is 500), so a corner shows as 5 discs. A
/// convention for display, not a calibration.
pub const HEURISTIC_PER_DISC: f64 = 100.0;

static PARAMS: &[ParamInfo] = &[
    ParamInfo::int(
        "level",
        5,
        1,
        Level::MAX as i64,
        "strength: 1–11 plies, exact from 4–20 empties",
    ),
    ParamInfo::choice(
        "heuristic",
        "level",
        &["level", "positional", "absolute", "mobility", "mixed"],
        "evaluation (level: the level's own)",
    ),
    ParamInfo::int("time_ms", 0, 0, 3_600_000, "time cap per move of the midgame search (0: none)"),
];

/// `alphabeta`: the Othello player, on the seed's heuristics, exact near the end.
pub static ALPHABETA: EngineInfo = EngineInfo {
    name: "alphabeta",
    aliases: &[],
    summary: "alpha-beta on the seed's heuristics (PVS, table, iterative deepening), exact endgame",
    params: PARAMS,
    build: build_alphabeta,
};

fn build_alphabeta(
    _: &dyn crate::dynamic::DynGame, p: &Params,
) -> Result<Box<dyn Engine>, EngineBuildError> {
    let level = p.int("level");
    let level = Level::new(level as u8).map_err(|e| EngineBuildError::param("level", level, e))?;
    let mut player = OthelloPlayer::new(level);
    let heuristic = p.text("heuristic");
    if heuristic != "level" {
        player.set_heuristic(heuristic.parse().map_err(|e: crate::game::NotationError| {
            EngineBuildError::param("heuristic", heuristic, e)
        })?);
    }
    let ms = p.int("time_ms") as u64;
    player.set_time((ms > 0).then(|| Duration::from_millis(ms)));
    Ok(Box::new(PlayerEngine { spec: p.spec("alphabeta"), player }))
}

struct PlayerEngine {
    spec: String,
    player: OthelloPlayer,
}

impl Engine for PlayerEngine {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn choose(
        &mut self, game: &dyn crate::dynamic::DynGame,
    ) -> Result<Option<EngineMove>, EngineError> {
        let Some(g) = game.as_any().downcast_ref::<Othello>() else {
            return Err(EngineError::WrongGame { engine: self.spec.clone(), game: game.spec() });
        };
        if g.outcome().is_some() {
            return Ok(None);
        }
        let c = self.player.choose(g).map_err(|e| e.for_engine(&self.spec))?;
        let info = crate::search::engine_info(
            format_args!("value {}, depth {}, {} nodes", c.value, c.depth, c.nodes),
            c.elapsed,
            &c.pv,
        );
        Ok(Some(EngineMove { mv: c.mv.to_string(), info: Some(info), nodes: Some(c.nodes) }))
    }

    /// Stops the midgame search and the endgame solver
    /// ([`OthelloPlayer::set_stop`]).
    fn set_stop(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.player.set_stop(flag);
    }
}

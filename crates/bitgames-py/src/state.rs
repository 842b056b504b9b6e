//! `bitgames.Game` and `bitgames.State`: OpenSpiel's interface (`load_game`,
//! `new_initial_state`, `legal_actions`, `apply_action`, `returns`, …) over the
//! library's [`DynGame`], with actions as the library's compact action ids.

use crate::history::{check_history, extra_planes, BoardRing};
use crate::value_error;
use bitgames::{new_game, DynGame, Player};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// OpenSpiel's `current_player()` once the game is over (`pyspiel.PlayerId.TERMINAL`).
pub(crate) const TERMINAL_PLAYER: i64 = -4;

/// A game with its parameters, as `load_game` builds it.
#[pyclass(module = "bitgames", frozen)]
pub(crate) struct Game {
    start: Box<dyn DynGame>,
}

impl Game {
    /// The game a spec names.
    pub(crate) fn load(spec: &str) -> PyResult<Game> {
        Ok(Game { start: new_game(spec).map_err(value_error)? })
    }

    /// The start position.
    pub(crate) fn start(&self) -> &dyn DynGame {
        self.start.as_ref()
    }
}

#[pymethods]
impl Game {
    /// The game's name (`hex`).
    #[getter]
    fn name(&self) -> &'static str {
        self.start.name()
    }

    /// The spec with every parameter (`hex(size=11,swap=true)`).
    #[getter]
    fn spec(&self) -> String {
        self.start.spec()
    }

    /// How many action ids the game has: every legal action is below it.
    fn num_distinct_actions(&self) -> usize {
        self.start.num_actions()
    }

    /// Two: every game here is for two players.
    fn num_players(&self) -> usize {
        2
    }

    /// The shape of `State.observation_tensor(history=history)`: planes,
    /// rows, columns (`2 · (history − 1)` planes more than the game's own).
    #[pyo3(signature = (history = 1))]
    fn observation_tensor_shape(&self, history: i64) -> PyResult<(usize, usize, usize)> {
        let h = check_history(history)?;
        let [p, r, c] = self.start.observation_shape();
        Ok((p + extra_planes(h), r, c))
    }

    /// The start position.
    fn new_initial_state(&self) -> State {
        State::new(self.start.clone_box())
    }

    /// A state from position text in the game's own format (Othello: OBF;
    /// Connect Four: the columns played; see the game's docs).
    fn new_state(&self, position: &str) -> PyResult<State> {
        let mut g = self.start.clone_box();
        g.set_position(position).map_err(value_error)?;
        Ok(State::new(g))
    }

    fn __repr__(&self) -> String {
        format!("bitgames.load_game({:?})", self.start.spec())
    }

    fn __eq__(&self, other: &Game) -> bool {
        self.start.spec() == other.start.spec()
    }

    fn __hash__(&self) -> u64 {
        // The spec's hash: equal games (same spec) hash equal.
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.start.spec().hash(&mut h);
        h.finish()
    }

    /// Pickles as its spec.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let load = py.import("bitgames")?.getattr("load_game")?;
        (load, (self.start.spec(),)).into_pyobject(py)
    }
}

/// A position of a game, with the actions that led to it from where it was made.
#[pyclass(module = "bitgames")]
pub(crate) struct State {
    game: Box<dyn DynGame>,
    /// The position the state was made from, and the actions since.
    start: String,
    history: Vec<usize>,
}

impl State {
    pub(crate) fn new(game: Box<dyn DynGame>) -> State {
        let start = game.position();
        State { game, start, history: Vec::new() }
    }

    /// The position `game`, reached by `history` from the position `start`
    /// (text in the game's format).
    pub(crate) fn with_history(
        game: Box<dyn DynGame>, start: String, history: Vec<usize>,
    ) -> State {
        State { game, start, history }
    }

    /// The position.
    pub(crate) fn game(&self) -> &dyn DynGame {
        self.game.as_ref()
    }

    /// Plays action `a`, checked.
    pub(crate) fn apply(&mut self, a: i64) -> PyResult<()> {
        let id = action_id(a)?;
        self.game.apply_action(id).map_err(value_error)?;
        self.history.push(id);
        Ok(())
    }
}

impl State {
    /// The history planes of the last `history − 1` positions before this one
    /// seen by `viewer`, into `out`: the game replayed from its start
    /// position through `history()`.
    fn write_history(&self, viewer: usize, history: usize, out: &mut [f32]) -> PyResult<()> {
        let [p, r, c] = self.game.observation_shape();
        let mut ring = BoardRing::new(history, r * c);
        let first_kept = self.history.len().saturating_sub(history - 1);
        let mut g = new_game(&self.game.spec()).map_err(value_error)?;
        g.set_position(&self.start).map_err(value_error)?;
        let mut planes = vec![0f32; p * r * c];
        for (k, &a) in self.history.iter().enumerate() {
            if k >= first_kept {
                g.observe(&mut planes);
                ring.push(&planes, g.side_to_move().index());
            }
            g.apply_action(a).map_err(value_error)?;
        }
        ring.write(viewer, out);
        Ok(())
    }
}

/// An action id from Python's int.
pub(crate) fn action_id(a: i64) -> PyResult<usize> {
    usize::try_from(a).map_err(|_| value_error(format!("action {a} is negative")))
}

/// The returns of a finished game, OpenSpiel's: +1 the winner, -1 the loser,
/// 0 each for a draw; 0 for both while it goes on.
pub(crate) fn returns_of(game: &dyn DynGame) -> [f64; 2] {
    match game.outcome() {
        Some(o) => [o.value_for(Player::First) as f64, o.value_for(Player::Second) as f64],
        None => [0.0, 0.0],
    }
}

#[pymethods]
impl State {
    /// The player to move, 0 (first) or 1; -4 (OpenSpiel's terminal id) once
    /// the game is over.
    fn current_player(&self) -> i64 {
        if self.game.outcome().is_some() {
            TERMINAL_PLAYER
        } else {
            self.game.side_to_move().index() as i64
        }
    }

    /// The legal actions, ascending (empty once the game is over).
    fn legal_actions(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.game.legal_actions(&mut out);
        out.sort_unstable();
        out
    }

    /// A bool array over every action id: true where the action is legal.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.game.num_actions()];
        let mut out = Vec::new();
        self.game.legal_actions(&mut out);
        for a in out {
            mask[a] = true;
        }
        PyArray1::from_vec(py, mask)
    }

    /// The legal moves in the game's notation.
    fn legal_moves(&self) -> Vec<String> {
        self.game.legal_moves()
    }

    /// Plays an action; a `ValueError` if it is not legal here.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        self.apply(action)
    }

    /// Plays a move written in the game's notation (`e5`, `4`, `swap`).
    fn play(&mut self, text: &str) -> PyResult<()> {
        let a = self.game.string_to_action(text).map_err(value_error)?;
        self.apply(a as i64)
    }

    /// The state after an action, this one unchanged.
    fn child(&self, action: i64) -> PyResult<State> {
        let mut c = self.__copy__();
        c.apply(action)?;
        Ok(c)
    }

    /// An action in the game's notation (`player` is accepted for OpenSpiel's
    /// signature and not needed: the text does not depend on it).
    #[pyo3(signature = (action, player = None))]
    fn action_to_string(&self, action: i64, player: Option<i64>) -> PyResult<String> {
        let _ = player;
        self.game.action_to_string(action_id(action)?).map_err(value_error)
    }

    /// The action of a move written in the game's notation; a `ValueError` if
    /// it is not legal here.
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        self.game.string_to_action(text).map_err(value_error)
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// Each player's return: +1 a win, -1 a loss, 0 a draw or a game going on.
    fn returns(&self) -> Vec<f64> {
        returns_of(self.game.as_ref()).to_vec()
    }

    /// The winner, 0 or 1; `None` for a draw or a game going on.
    fn winner(&self) -> Option<usize> {
        match self.game.outcome() {
            Some(bitgames::Outcome::WonBy(p)) => Some(p.index()),
            _ => None,
        }
    }

    /// The game's own final score where it has one (Othello's disc difference,
    /// Go's area score), from the first player's view; `None` while it goes on
    /// or where the game has none.
    fn score(&self) -> Option<i32> {
        self.game.score()
    }

    /// Plies played since the start position.
    fn move_number(&self) -> usize {
        self.game.ply()
    }

    /// The actions played on this state (and the states it was cloned from)
    /// since it was made.
    fn history(&self) -> Vec<usize> {
        self.history.clone()
    }

    /// The position as text in the game's format (`Game.new_state` reads it).
    fn position(&self) -> String {
        self.game.position()
    }

    /// The position as float32 planes of 0s and 1s, shaped
    /// `Game.observation_tensor_shape(history)` (planes, rows, columns), seen
    /// by `player` (0 or 1; the player to move when left out, OpenSpiel's
    /// `observation_tensor(player)`): that player's pieces, the opponent's,
    /// and a plane of ones when the first player is to move, unless the game
    /// defines its own; with `history` h (1 to 64), `2 · (h − 1)` planes
    /// after those: that player's pieces and the opponent's one ply ago, two
    /// plies ago, …, zeros before the state's start (AlphaZero's history
    /// planes, replayed from `history()`).
    #[pyo3(signature = (player = None, history = 1))]
    fn observation_tensor<'py>(
        &self, py: Python<'py>, player: Option<i64>, history: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let h = check_history(history)?;
        let mover = self.game.side_to_move().index();
        let viewer = match player {
            None => mover,
            Some(who @ (0 | 1)) => who as usize,
            Some(other) => return Err(value_error(format!("player {other}: expected 0 or 1"))),
        };
        let [p, r, c] = self.game.observation_shape();
        let area = r * c;
        let mut buf = vec![0f32; (p + extra_planes(h)) * area];
        let (own, past) = buf.split_at_mut(p * area);
        self.game.observe(own);
        if viewer != mover {
            // The planes are the mover's: the other player's own pieces are plane 1.
            let (mine, rest) = own.split_at_mut(area);
            mine.swap_with_slice(&mut rest[..area]);
        }
        if h > 1 {
            self.write_history(viewer, h, past)?;
        }
        Ok(PyArray1::from_vec(py, buf).reshape([p + extra_planes(h), r, c])?.into_any())
    }

    /// The game.
    fn get_game(&self) -> PyResult<Game> {
        Game::load(&self.game.spec())
    }

    /// A copy (OpenSpiel's `clone`).
    fn clone(&self) -> State {
        self.__copy__()
    }

    fn __copy__(&self) -> State {
        State {
            game: self.game.clone_box(),
            start: self.start.clone(),
            history: self.history.clone(),
        }
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.__copy__()
    }

    /// Pickles as the spec, the start position and the actions.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.import("bitgames")?.getattr("restore_state")?;
        (restore, (self.game.spec(), self.start.clone(), self.history.clone())).into_pyobject(py)
    }

    fn __str__(&self) -> String {
        self.game.picture()
    }

    fn __repr__(&self) -> String {
        format!(
            "<bitgames.State {} ply {}: {:?}>",
            self.game.spec(),
            self.game.ply(),
            self.game.position()
        )
    }

    fn __eq__(&self, other: &State) -> bool {
        self.game.spec() == other.game.spec() && self.game.position() == other.game.position()
    }

    fn __hash__(&self) -> u64 {
        self.game.position_hash()
    }

    /// The board drawn as SVG, so a state shows itself in Jupyter.
    fn _repr_svg_(&self) -> String {
        crate::svg::board_svg(&self.game.board())
    }
}

/// A state from its spec, start position and actions (what a pickled state
/// holds).
#[pyfunction]
pub(crate) fn restore_state(spec: &str, position: &str, history: Vec<i64>) -> PyResult<State> {
    let mut g = new_game(spec).map_err(value_error)?;
    g.set_position(position).map_err(value_error)?;
    let mut s = State::new(g);
    for a in history {
        s.apply(a)?;
    }
    Ok(s)
}

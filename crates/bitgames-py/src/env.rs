//! `bitgames.VectorEnv`: many games of one spec stepped together, in the shape
//! of Gymnasium's vector environments and pgx's batched `step`. Observations,
//! legal-action masks, rewards and the end flags live in numpy arrays the
//! environment owns and rewrites in place at every step (no copy), written
//! with the GIL released and the games spread over a thread pool.
//!
//! A game that ends is reset at the next `step` (Gymnasium 1.x's "next step"
//! autoreset): the step that ends it returns the final observation, the
//! players' returns and `terminated`; at the next one that environment's action
//! is ignored and it starts again.
//!
//! With `history` h above 1, each game keeps its last h − 1 boards in a ring
//! of bytes ([`BoardRing`]) and a row holds AlphaZero's history planes after
//! the game's own (`crate::history`).

use crate::history::{check_history, extra_planes, BoardRing, PlaneValue};
use crate::state::{action_id, returns_of, State, TERMINAL_PLAYER};
use crate::value_error;
use bitgames::rand::rngs::SmallRng;
use bitgames::rand::{Rng, SeedableRng};
use bitgames::{new_game, DynGame};
use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyReadonlyArray1,
    PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

/// Games a task takes (a Connect Four step is about 0.05 µs a game: smaller
/// tasks would cost more to hand out than to run).
const MIN_GAMES_A_TASK: usize = 64;

/// The least work (µs on one thread) a step must hold for each thread of the
/// pool before it is shared out, by default (measured on a 2-core AMD EPYC: a
/// 1,024-game Othello step, about 75 µs, was slower on two threads).
const MIN_WORK_A_THREAD_US: f64 = 50.0;

/// The most memory a batch's numpy buffers may take.
const MAX_BUFFER_BYTES: usize = 16 << 30;

/// Every this many steps, one runs on the calling thread alone to measure
/// the work of a step.
const PROBE_EVERY: u64 = 32;

/// One game of the batch.
struct Slot {
    game: Box<dyn DynGame>,
    /// It ended at the last step: the next one resets it.
    ended: bool,
    rng: SmallRng,
    /// The actions since its last reset: what `VectorEnv.state` replays, and
    /// their count the plies for `max_steps`.
    actions: Vec<usize>,
    /// Its last boards, with `history` above 1.
    boards: Option<BoardRing>,
}

/// The observation buffer, in the dtype asked for.
enum ObsBuffer {
    F32(Py<PyArrayDyn<f32>>),
    U8(Py<PyArrayDyn<u8>>),
}

impl ObsBuffer {
    /// The array, for Python.
    fn array<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        match self {
            ObsBuffer::F32(o) => o.bind(py).clone().into_any(),
            ObsBuffer::U8(o) => o.bind(py).clone().into_any(),
        }
    }
}

/// Observation rows, of either dtype.
enum ObsRows<'a> {
    F32(&'a mut [f32]),
    U8(&'a mut [u8]),
}

impl<'a> ObsRows<'a> {
    /// Cut into pieces of `len` values.
    fn chunks(self, len: usize) -> Vec<ObsRows<'a>> {
        match self {
            ObsRows::F32(s) => s.chunks_mut(len).map(ObsRows::F32).collect(),
            ObsRows::U8(s) => s.chunks_mut(len).map(ObsRows::U8).collect(),
        }
    }

    /// The values `at..at + len`.
    fn row(&mut self, at: usize, len: usize) -> ObsRows<'_> {
        match self {
            ObsRows::F32(s) => ObsRows::F32(&mut s[at..at + len]),
            ObsRows::U8(s) => ObsRows::U8(&mut s[at..at + len]),
        }
    }
}

/// The numpy buffers, one row per game.
struct Buffers {
    obs: ObsBuffer,
    mask: Py<PyArray2<bool>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
}

/// Many games of one spec, stepped together.
#[pyclass(module = "bitgames")]
pub(crate) struct VectorEnv {
    start: Box<dyn DynGame>,
    /// The start position as text (a `State`'s start).
    start_position: String,
    slots: Vec<Slot>,
    /// The game's own observation shape.
    shape: [usize; 3],
    /// Boards a row holds, the current one included (1: the game's own planes).
    history: usize,
    num_actions: usize,
    max_steps: Option<usize>,
    pool: Option<rayon::ThreadPool>,
    /// A step's work in µs on one thread, as last measured (infinite before
    /// the first step).
    work_us: f64,
    /// Steps (and resets) run.
    steps: u64,
    /// The least work a thread (µs) for which a step is shared out.
    min_work_us: f64,
    buffers: Option<Buffers>,
}

/// One task's rows of the buffers and its games.
type TaskRows<'a> = (
    ((((ObsRows<'a>, &'a mut [bool]), &'a mut [f32]), &'a mut [bool]), &'a mut [bool]),
    &'a mut [Slot],
);

/// Writes `game`'s observation into a `uint8` row through `scratch`.
#[inline]
fn narrow_observe(game: &dyn DynGame, out: &mut [u8], scratch: &mut Vec<f32>) {
    // Every plane holds 0s and 1s: narrowing loses nothing.
    scratch.resize(out.len(), 0.0);
    game.observe(scratch);
    // A comparison, not a saturating cast: it vectorises.
    for (d, &v) in out.iter_mut().zip(scratch.iter()) {
        *d = u8::from(v != 0.0);
    }
}

/// With history: writes the earlier boards' planes into `past`, seen by the
/// side to move, then keeps this position's board (`own`, the game's own
/// planes just written) in `boards` for the next steps.
#[inline]
fn keep_board<T: PlaneValue>(
    game: &dyn DynGame, boards: &mut BoardRing, own: &[T], past: &mut [T],
) {
    let mover = game.side_to_move().index();
    boards.write(mover, past);
    boards.push(own, mover);
}

/// Where one game's row of each buffer is.
struct Row<'a> {
    /// The row: the game's own planes (`own` values), then the history planes.
    obs: ObsRows<'a>,
    own: usize,
    /// Room for a float observation, to be narrowed into a `uint8` row.
    scratch: &'a mut Vec<f32>,
    mask: &'a mut [bool],
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    truncated: &'a mut bool,
}

impl Slot {
    /// Back to the start position.
    fn reset(&mut self, start: &dyn DynGame) {
        self.game = start.clone_box();
        self.ended = false;
        self.actions.clear();
        if let Some(boards) = &mut self.boards {
            boards.clear();
        }
    }

    /// Writes the position's observation and legal-action mask, and its
    /// rewards and end flags; `HISTORY`: the row holds history planes (the
    /// slot has its ring).
    fn write<const HISTORY: bool>(
        &mut self, row: Row<'_>, rewards: [f64; 2], terminated: bool, truncated: bool,
    ) {
        // Without history the row is the game's own planes: no split, no
        // ring, not even a test of one (a step costs what it did before
        // history planes existed).
        let boards = if HISTORY { self.boards.as_mut() } else { None };
        match (row.obs, boards) {
            (ObsRows::F32(o), None) => self.game.observe(o),
            (ObsRows::U8(o), None) => narrow_observe(self.game.as_ref(), o, row.scratch),
            (ObsRows::F32(o), Some(boards)) => {
                let (own, past) = o.split_at_mut(row.own);
                self.game.observe(own);
                keep_board(self.game.as_ref(), boards, own, past);
            }
            (ObsRows::U8(o), Some(boards)) => {
                let (own, past) = o.split_at_mut(row.own);
                narrow_observe(self.game.as_ref(), own, row.scratch);
                keep_board(self.game.as_ref(), boards, own, past);
            }
        }
        self.game.write_legal_mask(row.mask);
        row.rewards[0] = rewards[0] as f32;
        row.rewards[1] = rewards[1] as f32;
        *row.terminated = terminated;
        *row.truncated = truncated;
    }

    /// Plays `action` (checked legal by the caller) or, after an end, resets;
    /// writes the row (`HISTORY` as for [`write`](Slot::write)).
    fn step<const HISTORY: bool>(
        &mut self, action: usize, start: &dyn DynGame, max_steps: Option<usize>, row: Row<'_>,
    ) {
        if self.ended {
            self.reset(start);
            self.write::<HISTORY>(row, [0.0; 2], false, false);
            return;
        }
        // The caller checked the action against this position's mask.
        self.game.apply_action(action).expect("an action the mask allows is legal");
        self.actions.push(action);
        let terminated = self.game.outcome().is_some();
        let truncated = !terminated && max_steps.is_some_and(|m| self.actions.len() >= m);
        self.ended = terminated || truncated;
        self.write::<HISTORY>(row, returns_of(self.game.as_ref()), terminated, truncated);
    }
}

impl VectorEnv {
    fn buffers(&self) -> PyResult<&Buffers> {
        self.buffers.as_ref().ok_or_else(|| PyValueError::new_err("the environment is closed"))
    }

    /// Runs `f` on every game with its buffer rows, on the pool, the GIL released.
    fn for_each_row(
        &mut self, py: Python<'_>,
        f: impl Fn(usize, &mut Slot, &dyn DynGame, Row<'_>) + Send + Sync,
    ) -> PyResult<()> {
        let b = self
            .buffers
            .as_ref()
            .ok_or_else(|| PyValueError::new_err("the environment is closed"))?;
        let (mut obs_f32, mut obs_u8) = match &b.obs {
            ObsBuffer::F32(o) => (Some(o.bind(py).readwrite()), None),
            ObsBuffer::U8(o) => (None, Some(o.bind(py).readwrite())),
        };
        let obs = match (&mut obs_f32, &mut obs_u8) {
            (Some(o), _) => ObsRows::F32(o.as_slice_mut()?),
            (_, Some(o)) => ObsRows::U8(o.as_slice_mut()?),
            _ => unreachable!("one of the two buffers"),
        };
        let (mut mask, mut rewards, mut term, mut trunc) = (
            b.mask.bind(py).readwrite(),
            b.rewards.bind(py).readwrite(),
            b.terminated.bind(py).readwrite(),
            b.truncated.bind(py).readwrite(),
        );
        let (mask, rewards, term, trunc) = (
            mask.as_slice_mut()?,
            rewards.as_slice_mut()?,
            term.as_slice_mut()?,
            trunc.as_slice_mut()?,
        );
        let [p, r, c] = self.shape;
        let own = p * r * c;
        let (obs_len, n_act) = (own + extra_planes(self.history) * r * c, self.num_actions);
        let start = self.start.as_ref();
        let slots = &mut self.slots;
        // The pool only for a step worth sharing: handing out tasks and waking
        // threads costs tens of µs, more than half of a 1,024-game Connect Four
        // step (about 60 µs of work), so a small step runs on this thread.
        // The work is measured on steps run on this thread alone (the first,
        // then every `PROBE_EVERY`-th): on a pool the same work takes longer
        // (threads sharing a core and its caches), which would keep a small
        // step on the pool.
        let probe = !self.work_us.is_finite() || self.steps.is_multiple_of(PROBE_EVERY);
        let pool = self.pool.as_ref().filter(|p| {
            !probe && self.work_us / (p.current_num_threads() + 1) as f64 >= self.min_work_us
        });
        self.steps += 1;
        // Nanoseconds the tasks spent on games: the step's work without the
        // cost of sharing it out.
        let busy = AtomicU64::new(0);
        // One task: `MIN_GAMES_A_TASK` games (fewer in the last), `first` the
        // index of its first game, with their rows of each buffer.
        let task = |first: usize, (((((mut o, m), rw), t), tr), games): TaskRows<'_>| {
            let began = Instant::now();
            let mut scratch = Vec::new();
            for (j, slot) in games.iter_mut().enumerate() {
                let row = Row {
                    obs: o.row(j * obs_len, obs_len),
                    own,
                    scratch: &mut scratch,
                    mask: &mut m[j * n_act..(j + 1) * n_act],
                    rewards: &mut rw[2 * j..2 * j + 2],
                    terminated: &mut t[j],
                    truncated: &mut tr[j],
                };
                f(first + j, slot, start, row);
            }
            busy.fetch_add(began.elapsed().as_nanos() as u64, Ordering::Relaxed);
        };
        let ch = MIN_GAMES_A_TASK;
        // The tasks' rows, cut once; run here or on the pool.
        let tasks: Vec<TaskRows<'_>> = obs
            .chunks(obs_len * ch)
            .into_iter()
            .zip(mask.chunks_mut(n_act * ch))
            .zip(rewards.chunks_mut(2 * ch))
            .zip(term.chunks_mut(ch))
            .zip(trunc.chunks_mut(ch))
            .zip(slots.chunks_mut(ch))
            .collect();
        py.detach(|| match pool {
            None => tasks.into_iter().enumerate().for_each(|(k, rows)| task(k * ch, rows)),
            Some(pool) => {
                // This thread works too, beside the pool's: each claims the next
                // task until none is left, so a worker that wakes late finds the
                // work done instead of holding the step up (a step is tens of
                // µs, about what waking a thread takes).
                let next = AtomicUsize::new(0);
                let tasks: Vec<Mutex<Option<TaskRows<'_>>>> =
                    tasks.into_iter().map(|t| Mutex::new(Some(t))).collect();
                let claim = || loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(cell) = tasks.get(k) else { break };
                    let rows = cell.lock().unwrap_or_else(PoisonError::into_inner).take();
                    if let Some(rows) = rows {
                        task(k * ch, rows);
                    }
                };
                pool.in_place_scope(|s| {
                    for _ in 0..pool.current_num_threads() {
                        s.spawn(|_| claim());
                    }
                    claim();
                });
            }
        });
        let work = busy.into_inner() as f64 / 1e3;
        self.work_us =
            if self.work_us.is_finite() { 0.8 * self.work_us + 0.2 * work } else { work };
        Ok(())
    }

    /// The five arrays `step` answers.
    fn outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let b = self.buffers()?;
        (
            b.obs.array(py),
            b.rewards.bind(py),
            b.terminated.bind(py),
            b.truncated.bind(py),
            read_only(b.mask.bind(py))?,
        )
            .into_pyobject(py)
    }
}

/// A read-only view of `array` (the same memory, rewritten at each step):
/// the mask `step` checks actions against and `random_actions` draws from
/// cannot be written from Python.
fn read_only<'py, T>(array: &Bound<'py, T>) -> PyResult<Bound<'py, PyAny>> {
    let view = array.as_any().call_method0("view")?;
    view.getattr("flags")?.setattr("writeable", false)?;
    Ok(view)
}

/// The index of a uniformly random `true` in `row` (`None` if it has none),
/// drawn from `rng`: the row read as words of 64 bits (one a `bool`), then
/// counted by popcounts and the chosen bit found in its word
/// ([`nth_in_word`](bitgames::bits::nth_in_word): one `pdep` where the CPU
/// has a fast one).
fn random_true(row: &[bool], rng: &mut SmallRng) -> Option<usize> {
    let n = row.chunks(64).map(|c| bool_word(c).count_ones() as usize).sum::<usize>();
    if n == 0 {
        return None;
    }
    let mut k = rng.random_range(0..n);
    for (i, c) in row.chunks(64).enumerate() {
        let w = bool_word(c);
        let m = w.count_ones() as usize;
        if k < m {
            return Some(64 * i + bitgames::bits::nth_in_word(w, k as u32) as usize);
        }
        k -= m;
    }
    None
}

/// Up to 64 `bool`s as the bits of a word, `c[j]` bit `j`: eight at a time,
/// their bytes (0 or 1) read as one little-endian word whose low bits one
/// multiply gathers into its top byte (byte `j`'s bit lands on bit `56 + j`;
/// no two products share a bit, so nothing carries).
#[inline]
fn bool_word(c: &[bool]) -> u64 {
    let mut chunks = c.chunks_exact(8);
    let mut w = 0;
    for (k, e) in (&mut chunks).enumerate() {
        let bytes = u64::from_le_bytes(std::array::from_fn(|j| u8::from(e[j])));
        w |= (bytes.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    let done = c.len() - chunks.remainder().len();
    for (j, &b) in chunks.remainder().iter().enumerate() {
        w |= u64::from(b) << (done + j);
    }
    w
}

/// The actions of a `step`: a 1-D integer array (any integer dtype) or a
/// sequence of ints; a `TypeError` naming what came instead.
fn read_actions(actions: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i64>>() {
        return Ok(a.as_array().iter().copied().collect());
    }
    let wrong = |what: String| {
        PyTypeError::new_err(format!(
            "actions must be a 1-D integer array of {n} actions, not {what}"
        ))
    };
    if let Ok(arr) = actions.cast::<PyUntypedArray>() {
        let kind = arr.dtype().kind();
        if arr.ndim() != 1 || !matches!(kind, b'i' | b'u') {
            return Err(wrong(format!(
                "an array of shape {:?} and dtype {}",
                arr.shape(),
                arr.dtype()
            )));
        }
        let wide = actions.call_method1("astype", ("int64",))?;
        let a = wide.extract::<PyReadonlyArray1<'_, i64>>()?;
        return Ok(a.as_array().iter().copied().collect());
    }
    actions.extract::<Vec<i64>>().map_err(|_| {
        wrong(format!("a {}", actions.get_type().name().map_or("?".into(), |n| n.to_string())))
    })
}

/// A seed for game `i` of a batch seeded `seed`.
fn slot_seed(seed: u64, i: usize) -> u64 {
    seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of `spec`; `threads` steps them on up to that many
    /// threads (0: one per core; 1: on the calling thread), sharing a step out
    /// only when it holds at least `min_work_us` µs of work a thread (a smaller
    /// one runs on the calling thread, where it is faster; 0: always share); a
    /// game still going after `max_steps` plies is truncated (none: games run
    /// to their end); observations are `obs_dtype` "float32" or "uint8" (the
    /// planes hold 0s and 1s: a quarter of the memory, the same values); with
    /// `history` h (1 to 64) a row adds `2 · (h − 1)` planes, the side to
    /// move's pieces and the other player's one ply ago, two plies ago, …
    /// (AlphaZero's history planes; zeros before the game's start).
    #[new]
    #[pyo3(signature = (spec, num_envs, seed = 0, threads = 1, max_steps = None, min_work_us = MIN_WORK_A_THREAD_US, obs_dtype = "float32", history = 1))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>, spec: &str, num_envs: usize, seed: u64, threads: usize,
        max_steps: Option<usize>, min_work_us: f64, obs_dtype: &str, history: i64,
    ) -> PyResult<VectorEnv> {
        let history = check_history(history)?;
        let narrow = match obs_dtype {
            "float32" => false,
            "uint8" => true,
            other => {
                return Err(value_error(format!(
                    "obs_dtype '{}': expected \"float32\" or \"uint8\"",
                    other.escape_debug()
                )))
            }
        };
        if !(min_work_us >= 0.0 && min_work_us.is_finite()) {
            return Err(value_error(format!(
                "min_work_us {min_work_us}: expected a number of µs, 0 or more"
            )));
        }
        if num_envs == 0 {
            return Err(value_error("num_envs must be at least 1"));
        }
        if max_steps == Some(0) {
            return Err(value_error("max_steps must be at least 1 (or None)"));
        }
        crate::check_threads(threads)?;
        let start = new_game(spec).map_err(value_error)?;
        let shape = start.observation_shape();
        if shape.contains(&0) {
            return Err(value_error(format!("{spec}: an empty observation shape {shape:?}")));
        }
        // The buffers' bytes a game (observation, mask, rewards, flags, the
        // ring of earlier boards): too many games is an error here, not an
        // abort when they are allocated.
        let value_bytes = if narrow { 1 } else { 4 };
        let [p, r, c] = shape;
        let planes = p + extra_planes(history);
        let per_game = value_bytes * planes * r * c
            + extra_planes(history) * r * c
            + start.num_actions()
            + 8
            + 2;
        let most = MAX_BUFFER_BYTES / per_game;
        if num_envs > most {
            return Err(value_error(format!(
                "num_envs {num_envs}: the buffers of that many {} games would take {} GiB; at most {most} games ({} GiB)",
                start.name(),
                (num_envs as f64 * per_game as f64 / f64::from(1u32 << 30)).round(),
                MAX_BUFFER_BYTES >> 30
            )));
        }
        let num_actions = start.num_actions();
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
        // The pool's threads and the calling one share a step: `threads - 1` in
        // the pool.
        let pool = if threads > 1 {
            Some(rayon::ThreadPoolBuilder::new().num_threads(threads - 1).build().map_err(|e| {
                value_error(format!("no thread pool of {} threads: {e}", threads - 1))
            })?)
        } else {
            None
        };
        let slots = (0..num_envs)
            .map(|i| Slot {
                game: start.clone_box(),
                ended: false,
                rng: SmallRng::seed_from_u64(slot_seed(seed, i)),
                actions: Vec::new(),
                boards: (history > 1).then(|| BoardRing::new(history, r * c)),
            })
            .collect();
        let buffers = Buffers {
            obs: if narrow {
                ObsBuffer::U8(PyArrayDyn::zeros(py, vec![num_envs, planes, r, c], false).unbind())
            } else {
                ObsBuffer::F32(PyArrayDyn::zeros(py, vec![num_envs, planes, r, c], false).unbind())
            },
            mask: PyArray2::zeros(py, [num_envs, num_actions], false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, 2], false).unbind(),
            terminated: PyArray1::zeros(py, num_envs, false).unbind(),
            truncated: PyArray1::zeros(py, num_envs, false).unbind(),
        };
        let mut env = VectorEnv {
            start_position: start.position(),
            start,
            slots,
            shape,
            history,
            num_actions,
            max_steps,
            pool,
            work_us: f64::INFINITY,
            steps: 0,
            min_work_us,
            buffers: Some(buffers),
        };
        env.reset(py, None)?;
        Ok(env)
    }

    /// Games in the batch.
    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// Action ids of the game (the mask's width).
    #[getter]
    fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// One game's observation shape: planes (the history planes included),
    /// rows, columns.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, r, c] = self.shape;
        (p + extra_planes(self.history), r, c)
    }

    /// Boards an observation holds, the current one included (1: the game's
    /// own planes only).
    #[getter]
    fn history(&self) -> usize {
        self.history
    }

    /// The game's spec.
    #[getter]
    fn spec(&self) -> String {
        self.start.spec()
    }

    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// Every game back to the start (the generators reseeded when `seed` is
    /// given); answers `(observations, mask)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        self.buffers()?;
        if let Some(seed) = seed {
            for (i, s) in self.slots.iter_mut().enumerate() {
                s.rng = SmallRng::seed_from_u64(slot_seed(seed, i));
            }
        }
        // One copy of the loop for each: the one without history tests nothing.
        if self.history > 1 {
            self.for_each_row(py, |_, slot, start, row| {
                slot.reset(start);
                slot.write::<true>(row, [0.0; 2], false, false);
            })?;
        } else {
            self.for_each_row(py, |_, slot, start, row| {
                slot.reset(start);
                slot.write::<false>(row, [0.0; 2], false, false);
            })?;
        }
        let b = self.buffers()?;
        (b.obs.array(py), read_only(b.mask.bind(py))?).into_pyobject(py)
    }

    /// Plays one action in every game (ignored in a game that ended at the
    /// last step: it restarts instead); answers `(observations, rewards,
    /// terminated, truncated, mask)`, the environment's own arrays, rewritten
    /// at the next call. `rewards[i]` holds both players' returns on the step
    /// that ends game `i`, zeros otherwise.
    fn step<'py>(
        &mut self, py: Python<'py>, actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        self.buffers()?;
        let n = self.slots.len();
        let actions = read_actions(actions, n)?;
        if actions.len() != n {
            return Err(value_error(format!("{} actions for {n} environments", actions.len())));
        }
        {
            let b = self.buffers()?;
            let mask = b.mask.bind(py).readonly();
            let mask = mask.as_slice()?;
            for (i, (&a, slot)) in actions.iter().zip(&self.slots).enumerate() {
                if slot.ended {
                    continue;
                }
                let id = action_id(a)?;
                if id >= self.num_actions || !mask[i * self.num_actions + id] {
                    let legal: Vec<String> = (0..self.num_actions)
                        .filter(|&x| mask[i * self.num_actions + x])
                        .take(12)
                        .map(|x| x.to_string())
                        .collect();
                    return Err(value_error(format!(
                        "environment {i}: action {a} is not legal ({} is to move; legal: {}{})",
                        slot.game.player_name(slot.game.side_to_move()),
                        legal.join(", "),
                        if legal.len() == 12 { ", …" } else { "" }
                    )));
                }
            }
        }
        let max_steps = self.max_steps;
        // One copy of the loop for each: the one without history tests nothing.
        if self.history > 1 {
            self.for_each_row(py, |i, slot, start, row| {
                slot.step::<true>(actions[i] as usize, start, max_steps, row)
            })?;
        } else {
            self.for_each_row(py, |i, slot, start, row| {
                slot.step::<false>(actions[i] as usize, start, max_steps, row)
            })?;
        }
        self.outputs(py)
    }

    /// A uniformly random legal action for every game (0 for a game that
    /// ended, whose next action is ignored), drawn from each game's own
    /// generator (seeded by the environment's seed).
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let b = self.buffers()?;
        // Each game's legal actions are its mask row, written at its last step.
        let mask = b.mask.bind(py).readonly();
        let mask = mask.as_slice()?;
        let a = self.num_actions;
        let out = self
            .slots
            .iter_mut()
            .enumerate()
            .map(|(i, s)| match s.ended {
                true => 0,
                false => random_true(&mask[i * a..(i + 1) * a], &mut s.rng).map_or(0, |k| k as i64),
            })
            .collect();
        Ok(PyArray1::from_vec(py, out))
    }

    /// The player to move in each game, 0 or 1, or -4 in a game that is over.
    fn current_player<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        self.buffers()?;
        let players = self
            .slots
            .iter()
            .map(|s| {
                if s.game.outcome().is_some() {
                    TERMINAL_PLAYER
                } else {
                    s.game.side_to_move().index() as i64
                }
            })
            .collect();
        Ok(PyArray1::from_vec(py, players))
    }

    /// Game `i` as a `State` (a copy: playing it does not change the batch),
    /// with the actions since its last reset as its `history()`, so that its
    /// `observation_tensor(history=h)` is the game's row.
    fn state(&self, i: usize) -> PyResult<State> {
        self.buffers()?;
        let slot = self
            .slots
            .get(i)
            .ok_or_else(|| value_error(format!("environment {i} of {}", self.slots.len())))?;
        Ok(State::with_history(
            slot.game.clone_box(),
            self.start_position.clone(),
            slot.actions.clone(),
        ))
    }

    /// Frees the buffers and threads; the environment answers nothing after.
    fn close(&mut self) {
        self.buffers = None;
        self.pool = None;
        self.slots.clear();
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __exit__(
        &mut self, _t: &Bound<'_, PyAny>, _v: &Bound<'_, PyAny>, _tb: &Bound<'_, PyAny>,
    ) -> bool {
        self.close();
        false
    }

    fn __repr__(&self) -> String {
        format!(
            "bitgames.VectorEnv({:?}, num_envs={}{}{})",
            self.start.spec(),
            self.slots.len(),
            if self.history > 1 { format!(", history={}", self.history) } else { String::new() },
            if self.buffers.is_none() { ", closed" } else { "" }
        )
    }
}

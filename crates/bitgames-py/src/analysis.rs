//! `bitgames.analyse(state, seconds)`: the game's analyser (its exact solver
//! where it has one in range, else Monte Carlo tree search) as a Python
//! iterator of typed events, each as soon as it is known. The analysis runs on
//! its own thread; closing the iterator (or dropping it, or Ctrl-C while it
//! waits) raises the analysis's stop flag.

use crate::state::State;
use crate::value_error;
use bitgames::analyser_for;
use bitgames::analysis::{Event, Limits, Sink};
use pyo3::exceptions::PyStopIteration;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// One analysis event: a move's value (new or improved), or a progress note.
#[pyclass(module = "bitgames", frozen, get_all)]
pub(crate) struct AnalysisEvent {
    /// `"move"` or `"progress"`.
    kind: &'static str,
    /// The move's action id (`None` for progress).
    action: Option<usize>,
    /// The move in the game's notation (`None` for progress).
    r#move: Option<String>,
    /// The move's value for the mover, in `unit` (higher is better).
    score: Option<f64>,
    /// The value in words, or the progress note.
    text: String,
    /// Whether the value is exact (solved or proven).
    exact: bool,
    /// Simulations behind an estimate.
    visits: Option<u64>,
    /// The expected line from here, starting with the move, where known.
    line: Option<Vec<String>>,
    /// What scores count: `"pons"`, `"discs"` or `"percent"`.
    unit: &'static str,
}

#[pymethods]
impl AnalysisEvent {
    fn __repr__(&self) -> String {
        match &self.r#move {
            Some(m) => format!("AnalysisEvent(move {m}: {})", self.text),
            None => format!("AnalysisEvent(progress: {})", self.text),
        }
    }
}

/// What the analysis thread sends: an event, or its end (an error in words).
enum Message {
    Event(Event),
    Done(Result<(), String>),
}

/// A running analysis, iterated for its events.
#[pyclass(module = "bitgames")]
pub(crate) struct Analysis {
    /// `None` once the analysis has ended and its thread is joined.
    rx: Mutex<Option<Receiver<Message>>>,
    stop: Arc<AtomicBool>,
    thread: Mutex<Option<JoinHandle<()>>>,
    /// The position, to turn moves into action ids.
    game: Box<dyn bitgames::DynGame>,
    unit: &'static str,
    /// What the analyser is, in words.
    #[pyo3(get)]
    about: &'static str,
}

impl Analysis {
    /// Raises the stop flag and waits for the thread.
    fn finish(&self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.lock().map(|mut t| t.take()).unwrap_or(None) {
            let _ = t.join();
        }
        if let Ok(mut rx) = self.rx.lock() {
            *rx = None;
        }
    }
}

impl Drop for Analysis {
    fn drop(&mut self) {
        self.finish();
    }
}

#[pymethods]
impl Analysis {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<AnalysisEvent> {
        loop {
            let taken = self.rx.lock().map_err(|_| value_error("the analysis failed"))?.take();
            let Some(rx) = taken else {
                return Err(PyStopIteration::new_err(()));
            };
            let (got, rx) = py.detach(move || (rx.recv_timeout(Duration::from_millis(50)), rx));
            match got {
                Ok(Message::Event(e)) => {
                    *self.rx.lock().map_err(|_| value_error("the analysis failed"))? = Some(rx);
                    return Ok(self.event(e));
                }
                Ok(Message::Done(result)) => {
                    drop(rx);
                    py.detach(|| self.finish());
                    return match result {
                        Ok(()) => Err(PyStopIteration::new_err(())),
                        Err(why) => Err(value_error(why)),
                    };
                }
                Err(RecvTimeoutError::Disconnected) => {
                    py.detach(|| self.finish());
                    return Err(PyStopIteration::new_err(()));
                }
                Err(RecvTimeoutError::Timeout) => {
                    *self.rx.lock().map_err(|_| value_error("the analysis failed"))? = Some(rx);
                    if let Err(interrupt) = py.check_signals() {
                        py.detach(|| self.finish());
                        return Err(interrupt);
                    }
                }
            }
        }
    }

    /// Stops the analysis (within a few thousand nodes) and ends the iteration.
    fn close(&self, py: Python<'_>) {
        py.detach(|| self.finish());
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __exit__(
        &self, py: Python<'_>, _t: &Bound<'_, PyAny>, _v: &Bound<'_, PyAny>, _tb: &Bound<'_, PyAny>,
    ) -> bool {
        self.close(py);
        false
    }
}

impl Analysis {
    fn event(&self, e: Event) -> AnalysisEvent {
        match e {
            Event::Progress(text) => AnalysisEvent {
                kind: "progress",
                action: None,
                r#move: None,
                score: None,
                text,
                exact: false,
                visits: None,
                line: None,
                unit: self.unit,
            },
            Event::Move(v) => AnalysisEvent {
                kind: "move",
                action: self.game.string_to_action(&v.mv).ok(),
                r#move: Some(v.mv),
                score: Some(v.score),
                text: v.text,
                exact: v.exact,
                visits: v.visits,
                line: v.line,
                unit: self.unit,
            },
        }
    }
}

/// Analyses every move of `state` for about `seconds` (an exact analysis runs
/// to its end within `deadline` seconds, which defaults to ten times
/// `seconds`): an iterator of `AnalysisEvent`s, each move's value as soon as it
/// is known and again when it improves. Closing the iterator stops the search.
#[pyfunction]
#[pyo3(signature = (state, seconds = 1.0, deadline = None))]
pub(crate) fn analyse(state: &State, seconds: f64, deadline: Option<f64>) -> PyResult<Analysis> {
    let game = state.game();
    if game.outcome().is_some() {
        return Err(value_error(format!("{} is over: there is nothing to analyse", game.spec())));
    }
    let deadline = deadline.unwrap_or(seconds * 10.0);
    for (name, v) in [("seconds", seconds), ("deadline", deadline)] {
        if !(v > 0.0 && v <= 86_400.0) {
            return Err(value_error(format!("{name} {v}: expected more than 0 and at most a day")));
        }
    }
    let mut analyser = analyser_for(game);
    let described = analyser.describe();
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        time: Duration::from_secs_f64(seconds),
        deadline: Instant::now() + Duration::from_secs_f64(deadline.max(seconds)),
        stop: Arc::clone(&stop),
    };
    let (tx, rx) = mpsc::channel();
    let events = tx.clone();
    let sink: Sink = Arc::new(move |e: Event| {
        // The receiver is gone only once the analysis was closed.
        let _ = events.send(Message::Event(e));
    });
    let position = game.clone_box();
    let thread = std::thread::Builder::new()
        .name("bitgames-analyse".into())
        .spawn(move || {
            let result = analyser
                .analyse(position.as_ref(), &limits, &sink)
                .map(|_| ())
                .map_err(|e| e.to_string());
            let _ = tx.send(Message::Done(result));
        })
        .map_err(|e| value_error(format!("no analysis thread: {e}")))?;
    Ok(Analysis {
        rx: Mutex::new(Some(rx)),
        stop,
        thread: Mutex::new(Some(thread)),
        game: game.clone_box(),
        unit: described.unit.name(),
        about: described.about,
    })
}

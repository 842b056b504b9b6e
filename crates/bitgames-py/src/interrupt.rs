//! Long searches that Ctrl-C stops: the work runs on its own thread while the
//! calling thread waits with the GIL released, looking at Python's signals
//! every 50 ms; on `KeyboardInterrupt` it raises the search's stop flag, waits
//! for the search to wind down (a few thousand nodes) and raises the interrupt.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

/// How often the waiting thread looks at Python's signals.
const POLL: Duration = Duration::from_millis(50);

/// Runs `work` (which polls `stop`) to its end, or until Ctrl-C raises `stop`.
pub(crate) fn run_interruptible<T: Send>(
    py: Python<'_>, stop: &Arc<AtomicBool>, work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    stop.store(false, Ordering::Relaxed);
    std::thread::scope(|scope| {
        let (tx, mut rx) = mpsc::channel();
        scope.spawn(move || {
            // The receiver is gone only if this thread's caller panicked.
            let _ = tx.send(work());
        });
        loop {
            let (got, back) = py.detach(move || (rx.recv_timeout(POLL), rx));
            rx = back;
            match got {
                Ok(value) => return Ok(value),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "the search thread failed",
                    ))
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if let Err(interrupt) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                // The search ends soon after the flag; its answer is dropped.
                let _ = py.detach(move || rx.recv());
                return Err(interrupt);
            }
        }
    })
}

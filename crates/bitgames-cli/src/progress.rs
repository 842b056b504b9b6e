//! "Thinking…" notes for anything that may take more than a second (an engine's
//! move, a solve, a book): on a terminal a spinner line on stderr, drawn after a
//! second and erased cleanly when the work ends; off a terminal one plain line on
//! stderr every few seconds, so a piped or logged run is never silent for long.

use std::io::{IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long work may run before the spinner appears on a terminal.
const TERMINAL_DELAY: Duration = Duration::from_secs(1);
/// How often the spinner is redrawn.
const TERMINAL_TICK: Duration = Duration::from_millis(200);
/// Off a terminal: the first line after this long, then one every
/// [`PLAIN_EVERY`].
const PLAIN_DELAY: Duration = Duration::from_secs(3);
/// Off a terminal: the interval between lines.
const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// Spinner frames (braille, as indicatif draws them).
const FRAMES: [&str; 8] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"];

/// Where the notes go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A spinner redrawn in place (`\r`), erased at the end.
    Terminal,
    /// One line every few seconds.
    Plain,
    /// Nothing (`--quiet`).
    Off,
}

impl Style {
    /// The style for stderr as it is: a spinner on a terminal, lines otherwise,
    /// nothing when `quiet` or when the environment sets `BITGAMES_QUIET` (as
    /// the README's snapshot tests do, so a slow machine does not add lines).
    pub fn for_stderr(quiet: bool) -> Style {
        if quiet || std::env::var_os("BITGAMES_QUIET").is_some() {
            Style::Off
        } else if std::io::stderr().is_terminal() {
            Style::Terminal
        } else {
            Style::Plain
        }
    }
}

/// A "thinking…" note shown while some work runs; [`Thinking::finish`] (or
/// dropping it) stops it and erases the spinner.
pub struct Thinking {
    stop: Option<mpsc::Sender<()>>,
    ticker: Option<JoinHandle<()>>,
    note: Arc<Mutex<String>>,
}

impl Thinking {
    /// Starts the note `label` (`thinking…`, `solving 4453…`), shown as `style`
    /// says once the work has taken a while.
    pub fn start(label: impl Into<String>, style: Style) -> Thinking {
        let timing = match style {
            Style::Terminal => (TERMINAL_DELAY, TERMINAL_TICK),
            _ => (PLAIN_DELAY, PLAIN_EVERY),
        };
        Thinking::start_to(label, style, Box::new(std::io::stderr()), timing)
    }

    /// [`Thinking::start`] writing to `sink`, with the first note after
    /// `delay` and then one every `every` (tests shorten them).
    fn start_to(
        label: impl Into<String>, style: Style, mut sink: Box<dyn Write + Send>,
        (delay, every): (Duration, Duration),
    ) -> Thinking {
        let note = Arc::new(Mutex::new(String::new()));
        if style == Style::Off {
            return Thinking { stop: None, ticker: None, note };
        }
        let label = label.into();
        let (stop, stopped) = mpsc::channel::<()>();
        let shared = Arc::clone(&note);
        let ticker = std::thread::spawn(move || {
            let start = Instant::now();
            let mut wait = delay;
            let mut drawn = false;
            let mut frame = 0;
            // Until stopped (or the owner is gone).
            while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(wait) {
                wait = every;
                let secs = start.elapsed().as_secs();
                let note = shared.lock().map(|n| n.clone()).unwrap_or_default();
                let note = if note.is_empty() { String::new() } else { format!(" — {note}") };
                let _ = match style {
                    Style::Terminal => {
                        drawn = true;
                        frame = (frame + 1) % FRAMES.len();
                        // Back to the line's start, the line cleared, no newline.
                        write!(sink, "\r\x1b[K{} {label} {secs} s{note}", FRAMES[frame])
                    }
                    _ => writeln!(sink, "{label} {secs} s{note}"),
                };
                let _ = sink.flush();
            }
            if drawn {
                let _ = write!(sink, "\r\x1b[K");
                let _ = sink.flush();
            }
        });
        Thinking { stop: Some(stop), ticker: Some(ticker), note }
    }

    /// A callback that sets the note shown after the label (a solver's bounds
    /// and node count).
    pub fn note_setter(&self) -> impl Fn(&str) + Send + Sync + 'static {
        let note = Arc::clone(&self.note);
        move |text: &str| {
            if let Ok(mut n) = note.lock() {
                text.clone_into(&mut n);
            }
        }
    }

    /// Stops the note and erases the spinner; returns once it is gone, so
    /// what is written next starts on a clean line.
    pub fn finish(mut self) {
        self.stop_now();
    }

    fn stop_now(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.ticker.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.stop_now();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sink the test can read afterwards.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    /// Short delays for the tests: 50 ms, then every 20 ms.
    const FAST: (Duration, Duration) = (Duration::from_millis(50), Duration::from_millis(20));

    /// What `label`'s progress wrote in `style` with the FAST delays, given `note`
    /// and three times the first delay to draw it.
    fn written_while_slow(label: &str, style: Style, note: &str) -> String {
        let sink = Shared::default();
        let t = Thinking::start_to(label, style, Box::new(sink.clone()), FAST);
        (t.note_setter())(note);
        std::thread::sleep(FAST.0 * 3);
        t.finish();
        sink.text()
    }

    #[test]
    fn off_a_terminal_a_line_every_few_seconds() {
        let text = written_while_slow("solving 4453…", Style::Plain, "score in [-3, 1]");
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.len() >= 2, "{text:?}");
        for l in lines {
            assert!(l.starts_with("solving 4453… "), "{l:?}");
            assert!(l.ends_with(" s — score in [-3, 1]"), "{l:?}");
        }
        assert!(!text.contains('\r'), "{text:?}");
    }

    #[test]
    fn quick_work_prints_nothing() {
        for style in [Style::Terminal, Style::Plain, Style::Off] {
            let sink = Shared::default();
            let slow = (Duration::from_secs(5), Duration::from_secs(5));
            let t = Thinking::start_to("thinking…", style, Box::new(sink.clone()), slow);
            t.finish();
            assert_eq!(sink.text(), "", "{style:?}");
        }
    }

    #[test]
    fn the_spinner_is_erased_at_the_end() {
        let text = written_while_slow("thinking…", Style::Terminal, "12 nodes");
        assert!(text.starts_with("\r\x1b[K"), "{text:?}");
        assert!(text.contains(" thinking… "), "{text:?}");
        assert!(text.contains(" s — 12 nodes"), "{text:?}");
        assert!(!text.contains('\n'), "{text:?}");
        // Whatever was drawn last, the line is cleared after it.
        assert!(text.ends_with("12 nodes\r\x1b[K"), "{text:?}");
    }
}

//! Game-specific tools behind game-agnostic faces: exact solvers, benchmark
//! suites, opening books, record converters and line protocols. A game module
//! declares the ones it has in its [`GameInfo::tools`](crate::info::GameInfo);
//! the CLI and the apps reach them through the registry and never name a game.
//!
//! A solver answers typed values ([`Solution`]: the score, the best moves,
//! every move's score, nodes, time), which a library user reads directly; it
//! also writes them in its game's own standard form (Pons' `position score
//! nodes µs` lines for Connect Four, FFO-style lines for Othello), which is
//! what the CLI prints. Benchmarks, books and converters report as text.

use crate::dynamic::DynGame;
use std::io::{self, Write};
use std::path::PathBuf;
use thiserror::Error;

/// A tool that could not do what it was asked. Every variant but
/// [`Failed`](ToolError::Failed) and [`Io`](ToolError::Io) is the user's
/// fault ([`is_input`](ToolError::is_input)); each names what was wrong.
#[derive(Debug, Error)]
pub enum ToolError {
    /// A position of another game handed to a game's tool.
    #[error("{game} is not a {tool} game")]
    WrongGame {
        /// The spec of the game handed over.
        game: String,
        /// The game the tool is for.
        tool: String,
    },
    /// The game has no exact solver.
    #[error("no solver for {game} (games with one: {})", .with.join(", "))]
    NoSolver {
        /// The game's spec.
        game: String,
        /// The games that have one.
        with: Vec<&'static str>,
    },
    /// The game has no retrograde table.
    #[error("no table for {game} (games with one: {})", .with.join(", "))]
    NoTable {
        /// The game's spec.
        game: String,
        /// The games that have one.
        with: Vec<&'static str>,
    },
    /// An option the game's tool does not take ([`SolveOptions::weak`],
    /// [`SolveOptions::book`]).
    #[error("{} is not for {game}: {why}", option_words(.option))]
    NotTaken {
        /// The option's name: `weak` or `book`.
        option: &'static str,
        /// The game's spec.
        game: String,
        /// Why its tool does not take it.
        why: &'static str,
    },
    /// An option's value is out of range or unknown (`--sets`, `--limit`,
    /// `--depth`, `--from`, `--to`, `--start`).
    #[error("{why}")]
    BadOption {
        /// The option's name, as the CLI spells it without dashes.
        option: &'static str,
        /// What is wrong with it, naming the value and what was expected.
        why: String,
    },
    /// The one record of an input could not be read (an input of several
    /// reports [`Records`](ToolError::Records)).
    #[error("{0}")]
    Record(String),
    /// The input holds no game at all.
    #[error("no game in the input")]
    NoRecord,
    /// A file the user named (an opening book) cannot serve.
    #[error("{}", file_words(.what, .name, .fault))]
    File {
        /// What the file was to be: `book`.
        what: &'static str,
        /// Its path, as given (clipped).
        name: String,
        /// What is wrong with it.
        fault: FileFault,
    },
    /// The game's own tool refused: its typed error, to downcast (Connect
    /// Four's `SolveError`, `SolverError` and `BookError`, Othello's OBF
    /// `FormatError`).
    #[error(transparent)]
    Game(Box<dyn std::error::Error + Send + Sync>),
    /// A position that could not be read.
    #[error(transparent)]
    Position(#[from] crate::game::ParseError),
    /// A transposition table of the size asked for could not be had.
    #[error("a table of {mib} MiB: {error}")]
    Table {
        /// The size asked for, in MiB.
        mib: usize,
        /// Why not.
        #[source]
        error: crate::search::memory::AllocError,
    },
    /// Some records of an input that holds several could not be read; each
    /// message names its record (`line 3: …`, `GGF game 2, line 5, column 1:
    /// …`). The others were handled.
    #[error("{} record(s) could not be read: {}", .0.len(), .0.join("; "))]
    Records(Vec<String>),
    /// The work itself failed (a score that differs from the published one).
    #[error("{0}")]
    Failed(String),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Why a file named by the user cannot serve ([`ToolError::File`]).
#[derive(Debug, Error)]
pub enum FileFault {
    /// It cannot be read (missing, no permission).
    #[error("cannot be read: {0}")]
    Unreadable(#[source] io::Error),
    /// It is a folder.
    #[error("is a directory")]
    Directory,
    /// It is a device, a pipe or a socket.
    #[error("is not a regular file")]
    NotRegular,
    /// It is larger than such a file may be.
    #[error("is too large")]
    TooLarge {
        /// Its size.
        bytes: u64,
        /// The most such a file may have.
        most: u64,
    },
}

/// [`ToolError::NotTaken`]'s words for its option.
fn option_words(option: &str) -> &'static str {
    match option {
        "weak" => "a weak solve",
        "book" => "an opening book",
        _ => "this option",
    }
}

/// [`ToolError::File`]'s message.
fn file_words(what: &str, name: &str, fault: &FileFault) -> String {
    match fault {
        FileFault::Unreadable(e) => format!("cannot read {what} '{name}': {e}"),
        FileFault::Directory => format!("{what} '{name}' is a directory, not a {what} file"),
        FileFault::NotRegular => {
            format!("{what} '{name}' is not a regular file (a device or a pipe), not a {what} file")
        }
        FileFault::TooLarge { bytes, most } => {
            format!("{what} '{name}' is {bytes} bytes, more than the {most} a {what} may have")
        }
    }
}

impl ToolError {
    /// A [`Game`](ToolError::Game) error: a game tool's own typed error.
    pub fn game(e: impl std::error::Error + Send + Sync + 'static) -> Self {
        ToolError::Game(Box::new(e))
    }

    /// A [`BadOption`](ToolError::BadOption) error.
    pub fn bad_option(option: &'static str, why: impl Into<String>) -> Self {
        ToolError::BadOption { option, why: why.into() }
    }

    /// Whether the user's input was at fault (the CLI's exit code 2): all but
    /// a failed check and an I/O error.
    pub fn is_input(&self) -> bool {
        !matches!(self, ToolError::Failed(_) | ToolError::Io(_))
    }
}

/// What a solve reports for each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveMode {
    /// The score (and, where cheap, one best move).
    Score,
    /// Every best move and the score.
    Best,
    /// The score of every move.
    Analyze,
}

/// Options of a solve.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// What to report.
    pub mode: SolveMode,
    /// Only win, draw or loss.
    pub weak: bool,
    /// Transposition table size in MiB.
    pub table_mib: usize,
    /// Search threads (0: all cores).
    pub threads: usize,
    /// An opening book file.
    pub book: Option<PathBuf>,
}

impl Default for SolveOptions {
    /// The score of each position, exact, on one thread with a 64 MiB table and
    /// no book (as `bitgames solve` without options).
    fn default() -> Self {
        SolveOptions { mode: SolveMode::Score, weak: false, table_mib: 64, threads: 1, book: None }
    }
}

/// A progress note from a long solve or book build (bounds, nodes), for a
/// spinner or a periodic line.
pub type ProgressFn = Box<dyn FnMut(&str) + Send>;

/// A table build's progress notes (a phase, a ply or a distance done), for a
/// spinner or a periodic line; the build stops with
/// [`TableError::Stopped`](crate::retro::TableError::Stopped) at the next note
/// after one answers `Break` (a Ctrl-C).
pub type TableNotes = Box<dyn FnMut(&str) -> std::ops::ControlFlow<()> + Send>;

/// Notes that go nowhere and never stop the build (a build without notes).
pub(crate) fn no_table_notes() -> TableNotes {
    Box::new(|_| std::ops::ControlFlow::Continue(()))
}

/// How a table is built ([`TablebaseInfo::build`]).
#[derive(Default)]
pub struct TableBuild {
    /// Threads (0: every core).
    pub threads: usize,
    /// Progress notes, which may stop the build.
    pub notes: Option<TableNotes>,
    /// A folder that keeps each finished step ([`crate::retro::steps`]): the
    /// same build started again with it goes on from the steps kept. The
    /// folder must be new, empty or an earlier build's; it is left as it is,
    /// and the caller clears it ([`crate::retro::steps::clear`]) once the
    /// table is safe.
    pub resume: Option<std::path::PathBuf>,
}

impl TableBuild {
    /// A build on `threads` threads (0: every core), without notes or a folder.
    pub fn threads(threads: usize) -> TableBuild {
        TableBuild { threads, ..TableBuild::default() }
    }

    /// Where the build of the table named `game` keeps its steps.
    pub(crate) fn steps(&self, game: &str) -> Result<crate::retro::steps::Steps, ToolError> {
        match &self.resume {
            Some(dir) => crate::retro::steps::Steps::open(dir, game).map_err(ToolError::game),
            None => Ok(crate::retro::steps::Steps::none()),
        }
    }

    /// Its notes, or notes that go nowhere.
    pub(crate) fn take_notes(&mut self) -> TableNotes {
        self.notes.take().unwrap_or_else(no_table_notes)
    }
}

/// A move with its exact score for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveScore {
    /// The move in the game's notation.
    pub mv: String,
    /// Its exact score (the sign only, in a weak solve).
    pub score: i32,
}

/// One line of a solver's input, read: the position, and the scores the line
/// itself claims (an OBF line's scored moves), which the solution is checked
/// against.
pub struct SolveInput {
    /// The position to solve.
    pub game: Box<dyn DynGame>,
    /// The position as the line gave it (a Pons move string, an OBF board).
    pub text: String,
    /// The scored moves the line lists, in its order (best first in FFO files).
    pub claimed: Vec<MoveScore>,
}

impl SolveInput {
    /// A position with no claims.
    pub fn new(game: Box<dyn DynGame>, text: impl Into<String>) -> Self {
        SolveInput { game, text: text.into(), claimed: Vec::new() }
    }

    /// The highest score the line claims, if it scores any move.
    pub fn claimed_score(&self) -> Option<i32> {
        self.claimed.iter().map(|m| m.score).max()
    }

    /// Where `solution` differs from what the line claims, or `None` when it
    /// agrees (or claims nothing): with every move scored (an analysis) each
    /// claimed move is checked, else the best claimed score.
    pub fn mismatch(&self, solution: &Solution) -> Option<Mismatch> {
        if solution.moves.is_empty() {
            let claimed = self.claimed_score()?;
            return (claimed != solution.score)
                .then_some(Mismatch::Score { solved: solution.score, claimed });
        }
        let wrong: Vec<MoveMismatch> = self
            .claimed
            .iter()
            .filter_map(|c| {
                let solved = solution.moves.iter().find(|m| m.mv == c.mv).map(|m| m.score);
                (solved != Some(c.score)).then(|| MoveMismatch {
                    mv: c.mv.clone(),
                    solved,
                    claimed: c.score,
                })
            })
            .collect();
        (!wrong.is_empty()).then_some(Mismatch::Moves(wrong))
    }
}

/// How a solution differs from what its input line claims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The best score differs.
    Score {
        /// The solver's.
        solved: i32,
        /// The line's.
        claimed: i32,
    },
    /// Some scored moves differ.
    Moves(Vec<MoveMismatch>),
}

/// A scored move of an input line that the solution does not confirm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveMismatch {
    /// The move.
    pub mv: String,
    /// Its solved score; `None` when it is not a legal move.
    pub solved: Option<i32>,
    /// The score the line gives it.
    pub claimed: i32,
}

impl std::fmt::Display for MoveMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.solved {
            Some(s) => write!(f, "{} is {s:+}, the line says {:+}", self.mv, self.claimed),
            None => write!(f, "{} is not legal, the line scores it {:+}", self.mv, self.claimed),
        }
    }
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mismatch::Score { solved, claimed } => {
                write!(f, "score {solved:+} differs from the line's {claimed:+}")
            }
            Mismatch::Moves(moves) => {
                let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
                write!(f, "move scores differ from the line's: {}", list.join("; "))
            }
        }
    }
}

/// The moves of `moves` with the highest score, in their order.
pub(crate) fn best_of(moves: &[MoveScore]) -> Vec<String> {
    let top = moves.iter().map(|m| m.score).max();
    moves.iter().filter(|m| Some(m.score) == top).map(|m| m.mv.clone()).collect()
}

/// What an exact solve found.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The exact score for the side to move in the game's unit (Connect Four:
    /// Pons' score; Othello: the final disc difference), or its sign in a weak
    /// solve. In an analysis, the best move's.
    pub score: i32,
    /// Moves that reach the score, in the game's notation: at least one where
    /// the solver names it ([`SolveMode::Score`]), every one with
    /// [`SolveMode::Best`] and [`SolveMode::Analyze`]; none when the game is over.
    pub best: Vec<String>,
    /// Every legal move with its score, in the game's move order
    /// ([`SolveMode::Analyze`]; empty otherwise).
    pub moves: Vec<MoveScore>,
    /// Positions searched.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// An exact solver: one position at a time.
pub trait Solver: Send {
    /// Reads one line of the game's solve format (a position, with whatever
    /// else that format allows on the line, such as OBF's scored moves).
    fn read(&self, line: &str) -> Result<SolveInput, ToolError>;

    /// Solves a position of the solver's game, as its options ask
    /// ([`SolveOptions::mode`], [`SolveOptions::weak`]).
    fn solve(&mut self, game: &dyn DynGame) -> Result<Solution, ToolError>;

    /// Writes a solved line in the game's standard report form; where the line
    /// claims scores, the report says whether they match.
    fn report(
        &self, input: &SolveInput, solution: &Solution, out: &mut dyn Write,
    ) -> io::Result<()>;

    /// Where to send progress notes during long solves (none by default).
    fn set_progress(&mut self, _f: Option<ProgressFn>) {}

    /// Gives the solver a stop flag: once it is raised (from any thread), a
    /// running [`solve`](Self::solve) ends within a few thousand positions with
    /// an error, and so does any later one until the caller lowers it. The
    /// default does nothing (a solver that answers at once).
    fn set_stop(&mut self, flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        let _ = flag;
    }

    /// Reads, solves and reports one line, as `bitgames solve` does; a
    /// solution that differs from what the line claims is a
    /// [`ToolError::Failed`] after the report.
    fn solve_line(&mut self, line: &str, out: &mut dyn Write) -> Result<Solution, ToolError> {
        let input = self.read(line)?;
        let solution = self.solve(input.game.as_ref())?;
        self.report(&input, &solution, out)?;
        match input.mismatch(&solution) {
            Some(why) => Err(ToolError::Failed(why.to_string())),
            None => Ok(solution),
        }
    }
}

/// The typed game behind `game` for a tool made for game type `G` (a solver
/// handed a position), or an input error saying the position is not of the
/// tool's game (`name`).
pub fn typed_game<'a, G: 'static>(game: &'a dyn DynGame, name: &str) -> Result<&'a G, ToolError> {
    game.as_any()
        .downcast_ref::<G>()
        .ok_or_else(|| ToolError::WrongGame { game: game.spec(), tool: name.to_string() })
}

/// Builds a solver for a game.
pub type SolverBuildFn = fn(&dyn DynGame, &SolveOptions) -> Result<Box<dyn Solver>, ToolError>;

/// A game's solver.
pub struct SolverInfo {
    /// What it solves and how a line of input looks.
    pub about: &'static str,
    /// Which options it takes besides the table size and threads.
    pub takes: SolverTakes,
    /// Builds one for a game (the registry's start position of it).
    pub build: SolverBuildFn,
}

/// The options a solver understands (the others are an error, not ignored).
#[derive(Clone, Copy, Debug, Default)]
pub struct SolverTakes {
    /// `--weak`.
    pub weak: bool,
    /// `--book`.
    pub book: bool,
}

/// A move with the value it leaves the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveValue {
    /// The move in the game's notation.
    pub mv: String,
    /// Its value for the mover (under the game's move limit, if it has one).
    pub value: crate::retro::Value,
}

/// What a retrograde table says of a position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TableProbe {
    /// Its value for the side to move without a move limit (the table's).
    pub value: crate::retro::Value,
    /// Its value under the game's move limit (a win or a loss further away
    /// than the plies left is a draw); [`value`](Self::value) without one.
    pub limited: crate::retro::Value,
    /// Every legal move with its value for the mover, in the game's move order.
    pub moves: Vec<MoveValue>,
}

impl TableProbe {
    /// The moves with the best value, in their order (none when the game is over).
    pub fn best(&self) -> Vec<&MoveValue> {
        let top = self.moves.iter().map(|m| m.value.rank()).max();
        self.moves.iter().filter(|m| Some(m.value.rank()) == top).collect()
    }
}

/// A game's retrograde table ([`crate::retro`]): how to build it, read it and
/// ask it about a position.
pub struct TablebaseInfo {
    /// What the table covers and how large it is.
    pub about: &'static str,
    /// Builds the table for a game (the registry's start position of it) as
    /// [`TableBuild`] says: on its threads, with progress notes that may stop
    /// it, keeping its steps where it names a folder.
    pub build: fn(&dyn DynGame, TableBuild) -> Result<crate::retro::Table, ToolError>,
    /// Reads a table file made for the game.
    pub load: fn(&dyn DynGame, &std::path::Path) -> Result<crate::retro::Table, ToolError>,
    /// A position's value and every move's.
    pub probe: fn(&crate::retro::Table, &dyn DynGame) -> Result<TableProbe, ToolError>,
    /// The engine that plays from the table (`perfect(table=FILE)`), among the
    /// game's engines but never its default (it needs the file).
    pub engine: &'static crate::engine::EngineInfo,
    /// The build in stages that workers can share out, where the table has
    /// one (`bitgames.distributed`'s table job).
    pub staged: Option<&'static StagedTable>,
}

/// A table built in stages whose indices can be labelled a range at a time,
/// each stage from the stages before it that it reads (a ply of the placement
/// tables from the next ply): what a cluster shares out, a range a task.
pub struct StagedTable {
    /// The stages of the game's table, in the order they are labelled.
    pub stages: fn(&dyn DynGame) -> Result<Vec<Stage>, ToolError>,
    /// The bytes of indices `range` of stage `stage`, from the bytes of the
    /// stages it reads (in [`Stage::reads`]' order), on the current thread
    /// pool.
    pub label: StageLabel,
    /// The table from every stage's bytes, in the stages' order.
    pub assemble: StageAssemble,
}

/// [`StagedTable::label`]: the game, the stage, its indices, the bytes it reads.
pub type StageLabel =
    fn(&dyn DynGame, usize, std::ops::Range<u64>, &[&[u8]]) -> Result<Vec<u8>, ToolError>;

/// [`StagedTable::assemble`]: the game and every stage's bytes.
pub type StageAssemble = fn(&dyn DynGame, Vec<Vec<u8>>) -> Result<crate::retro::Table, ToolError>;

/// One stage of a [`StagedTable`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// Its name (`ply 7`).
    pub name: String,
    /// Its indices.
    pub len: u64,
    /// The earlier stages whose bytes its labelling reads.
    pub reads: Vec<usize>,
}

impl Stage {
    /// Stage `stage` of `stages` (a table of `game`), if a share of it is
    /// asked for rightly: the stage exists, `range` lies within it, and
    /// `reads` are as long as the stages it reads; otherwise the error
    /// that says which ([`TableError::BadStage`]). What every
    /// [`StagedTable::label`] checks first.
    pub fn checked<'a>(
        game: &str, stages: &'a [Stage], stage: usize, range: &std::ops::Range<u64>,
        reads: &[&[u8]],
    ) -> Result<&'a Stage, crate::retro::TableError> {
        let bad = |why: String| crate::retro::TableError::BadStage { game: game.to_string(), why };
        let Some(s) = stages.get(stage) else {
            return Err(bad(format!("stage {stage}: the table has {} stages", stages.len())));
        };
        if range.start > range.end || range.end > s.len {
            return Err(bad(format!("indices {range:?} of {}, which has {}", s.name, s.len)));
        }
        let want: Vec<u64> = s.reads.iter().map(|&r| stages[r].len).collect();
        let got: Vec<u64> = reads.iter().map(|r| r.len() as u64).collect();
        if got != want {
            let names: Vec<&str> = s.reads.iter().map(|&r| stages[r].name.as_str()).collect();
            let names = names.join(", ");
            return Err(bad(format!("{} reads {names}: {want:?} bytes, not {got:?}", s.name)));
        }
        Ok(s)
    }

    /// An error unless `bytes` are every stage's of `stages` (a table of
    /// `game`), each of its length: what every [`StagedTable::assemble`]
    /// checks first.
    pub fn check_all(
        game: &str, stages: &[Stage], bytes: &[Vec<u8>],
    ) -> Result<(), crate::retro::TableError> {
        let bad = |why: String| crate::retro::TableError::BadStage { game: game.to_string(), why };
        if bytes.len() != stages.len() {
            return Err(bad(format!(
                "{} stages given, the table has {}",
                bytes.len(),
                stages.len()
            )));
        }
        match stages.iter().zip(bytes).find(|(s, b)| b.len() as u64 != s.len) {
            Some((s, b)) => Err(bad(format!("{} has {} indices, not {}", s.name, s.len, b.len()))),
            None => Ok(()),
        }
    }
}

/// Options of a benchmark suite.
#[derive(Clone, Debug, Default)]
pub struct BenchOptions {
    /// A smaller run.
    pub quick: bool,
    /// Which sets, comma-separated (the suite's own names).
    pub sets: Option<String>,
    /// At most this many positions a set.
    pub limit: Option<usize>,
    /// Weak solves.
    pub weak: bool,
    /// Transposition table size in MiB.
    pub table_mib: usize,
    /// Threads (0: all cores).
    pub threads: usize,
}

/// A named benchmark of one of a game's tools (`bench connect4`).
pub struct BenchSuite {
    /// Name, as `bitgames bench NAME` takes it.
    pub name: &'static str,
    /// What it measures.
    pub about: &'static str,
    /// Runs it, printing its table; every result is checked.
    pub run: fn(&BenchOptions, &mut dyn Write) -> Result<(), ToolError>,
}

/// Options of an opening-book build.
#[derive(Clone, Debug)]
pub struct BookOptions {
    /// Every position with at most this many moves.
    pub depth: u32,
    /// Win/draw/loss only.
    pub weak: bool,
    /// Transposition table size in MiB.
    pub table_mib: usize,
    /// Threads.
    pub threads: usize,
}

/// A book made: its file contents and size in positions.
pub struct BookMade {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Positions in it.
    pub positions: usize,
}

/// Builds a book for a game, calling `progress(done, total)` as it goes.
pub type BookBuildFn = fn(
    &dyn DynGame,
    &BookOptions,
    &mut (dyn FnMut(usize, usize) + Send),
) -> Result<BookMade, ToolError>;

/// A game's opening-book builder.
pub struct BookInfo {
    /// What the book holds and how long a build takes.
    pub about: &'static str,
    /// Builds one, calling `progress(done, total)` as positions are solved.
    pub build: BookBuildFn,
}

/// Options of a record conversion.
#[derive(Clone, Debug)]
pub struct ConvertOptions {
    /// The input's format (`auto` to detect).
    pub from: String,
    /// The output's format.
    pub to: String,
    /// The position records start from, where the format does not say.
    pub start: Option<String>,
}

/// A game's record converter.
pub struct ConverterInfo {
    /// Input formats: name and description (`auto` first).
    pub inputs: &'static [(&'static str, &'static str)],
    /// Output formats: name and description.
    pub outputs: &'static [(&'static str, &'static str)],
    /// Converts `input` (the text of a file, of standard input, or a record
    /// given on the command line); reports each bad record and goes on, so the
    /// error at the end counts them.
    pub convert: fn(&str, &ConvertOptions, &mut dyn Write) -> Result<(), ToolError>,
}

/// What one protocol line produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Lines for the other side (the GUI).
    pub lines: Vec<String>,
    /// Diagnostics for a log (stderr).
    pub log: Vec<String>,
    /// The other side asked to end the session.
    pub done: bool,
}

/// A line protocol session (NBoard for Othello; GTP later).
pub trait Protocol: Send {
    /// Handles one line.
    fn handle(&mut self, line: &str) -> Reply;
}

/// A protocol a game speaks.
pub struct ProtocolInfo {
    /// Name, as the CLI's subcommand takes it (`nboard`).
    pub name: &'static str,
    /// What it is for.
    pub about: &'static str,
    /// A new session; `depth` is the search depth before the other side sets one.
    pub build: fn(depth: u32) -> Result<Box<dyn Protocol>, ToolError>,
}

/// The default workload of `bitgames bench` for a game: perft to a depth and a
/// number of random playouts, full and `--quick`.
#[derive(Clone, Copy, Debug)]
pub struct CoreBench {
    /// Perft depth (full, quick).
    pub perft: (usize, usize),
    /// Random playouts (full, quick).
    pub playouts: (u64, u64),
}

/// A workload of `bitgames bench scale`: the same work on 1, 2, 4, … threads,
/// to see how a parallel path scales (the front end times it and reads the
/// process's CPU time around [`run`](ScaleWork::run)).
#[derive(Clone, Copy)]
pub struct ScaleWork {
    /// What is done, as the table shows it (`perft 13`, `MCTS 9×9, 1 s`).
    pub name: &'static str,
    /// What [`run`](ScaleWork::run) counts (`leaves`, `nodes`, `simulations`).
    pub unit: &'static str,
    /// The work runs for a fixed time, so its count, not its time, is the measure.
    pub fixed_time: bool,
    /// Does the work (a smaller one if `quick`) on `threads` threads and returns
    /// its count.
    pub run: fn(threads: usize, quick: bool) -> Result<u64, ToolError>,
}

/// The tools a game has.
#[derive(Clone, Copy)]
pub struct Tools {
    /// `bitgames bench` (no argument): its perft and playout workload.
    pub core_bench: Option<CoreBench>,
    /// `bitgames solve`.
    pub solver: Option<&'static SolverInfo>,
    /// `bitgames bench NAME`.
    pub benches: &'static [&'static BenchSuite],
    /// `bitgames book`.
    pub book: Option<&'static BookInfo>,
    /// `bitgames convert`.
    pub converter: Option<&'static ConverterInfo>,
    /// Protocol sessions (`bitgames nboard`).
    pub protocols: &'static [&'static ProtocolInfo],
    /// More specs of the game for `bitgames bench`'s core table, after the
    /// default one (`go(size=19)`).
    pub bench_specs: &'static [&'static str],
    /// The game's own analyser for a position (the web app's analysis); none:
    /// Monte Carlo tree search ([`registry::analyser_for`](crate::registry::analyser_for)).
    pub analyser: Option<crate::analysis::AnalyserFn>,
    /// The formats of the game's own records, in the order a pasted record is
    /// tried and copies are offered ([`crate::formats`]).
    pub formats: &'static [&'static crate::formats::RecordFormat],
    /// `bitgames bench scale`: the game's parallel workloads.
    pub scale: &'static [ScaleWork],
    /// `bitgames tablebase build` and `bitgames solve --table`: a retrograde
    /// table of every position ([`crate::retro`]).
    pub tablebase: Option<&'static TablebaseInfo>,
}

impl Tools {
    /// No tools.
    pub const NONE: Tools = Tools {
        core_bench: None,
        solver: None,
        benches: &[],
        book: None,
        converter: None,
        protocols: &[],
        bench_specs: &[],
        analyser: None,
        formats: &[],
        scale: &[],
        tablebase: None,
    };
}

/// A number with an SI prefix: `12.3 M`, `456 k`, `7.00`; `-` if not finite.
pub fn si_number(x: f64) -> String {
    if !x.is_finite() {
        return "-".to_string();
    }
    let (v, unit) = if x >= 1e9 {
        (x / 1e9, " G")
    } else if x >= 1e6 {
        (x / 1e6, " M")
    } else if x >= 1e3 {
        (x / 1e3, " k")
    } else {
        (x, "")
    };
    let digits = if v >= 100.0 {
        0
    } else if v >= 10.0 {
        1
    } else {
        2
    };
    format!("{v:.digits$}{unit}")
}

/// A count with thousands separators: `1,000,000`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut s = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            s.push(',');
        }
        s.push(ch);
    }
    s
}

/// `n / seconds`, infinite for no time (printed as `-` by [`si_number`]).
pub fn rate(n: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        n as f64 / seconds
    } else {
        f64::INFINITY
    }
}

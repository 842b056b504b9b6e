//! Othello's tools for the registry: the exact endgame solver behind `bitgames
//! solve othello` (one OBF line at a time, checked against the scores the line
//! lists, as FFO lines do), and the FFO #40–#59 benchmark behind `bitgames bench
//! othello-ffo`.

use super::endgame::{EndgameResult, EndgameSolver};
use super::formats::ObfRecord;
use super::{Othello, OthelloMove};
use crate::game::{Notation, Rules};

use super::endgame::EndgameError;
use crate::dynamic::DynGame;
use crate::tools::typed_game;
use crate::tools::{
    grouped, rate, si_number, BenchOptions, BenchSuite, Mismatch, MoveScore, ScaleWork, Solution,
    SolveInput, SolveMode, SolveOptions, Solver, SolverInfo, SolverTakes, ToolError,
};
use std::io::Write;

/// `bitgames bench scale`: perft 13 from the start (11 with `--quick`) with the
/// shared table, and the exact solves of FFO #40–#44 (#40–#41) on the threads.
pub(crate) static SCALE: [ScaleWork; 2] = [
    ScaleWork { name: "perft 13 (11)", unit: "leaves", fixed_time: false, run: scale_perft },
    ScaleWork {
        name: "solve FFO #40-44 (40-41)",
        unit: "nodes",
        fixed_time: false,
        run: scale_ffo,
    },
];

fn scale_perft(threads: usize, quick: bool) -> Result<u64, ToolError> {
    let depth = if quick { 11 } else { 13 };
    Ok(super::perft_bik_parallel(&Othello::start(), depth, threads))
}

fn scale_ffo(threads: usize, quick: bool) -> Result<u64, ToolError> {
    let mut solver = EndgameSolver::try_new(64).map_err(|e| ToolError::Failed(e.to_string()))?;
    solver.set_threads(threads);
    let mut nodes = 0;
    for line in FFO_40_59.lines().take(if quick { 2 } else { 5 }) {
        let rec = ObfRecord::parse(line).map_err(|e| ToolError::Failed(e.to_string()))?;
        solver.clear();
        let r = solver.solve(&rec.position).map_err(|e| ToolError::Failed(e.to_string()))?;
        if !agrees(&r, &rec) {
            return Err(ToolError::Failed(format!(
                "{line}: solved {} on {threads} threads",
                r.score
            )));
        }
        nodes += r.nodes;
    }
    Ok(nodes)
}

/// FFO #40–#59 (Edax's `problem/fforum-40-59.obf`), one position a line.
pub const FFO_40_59: &str = include_str!("../../../tests/data/othello/fforum-40-59.obf");

/// Positions with more empty squares than this get a note: an exact solve of
/// them may take hours.
const MANY_EMPTIES: u32 = 30;

/// The solver of `bitgames solve othello`.
pub(crate) static SOLVER: SolverInfo = SolverInfo {
    about: "exact final disc difference for the side to move (empties to the winner), one \
            OBF line at a time (64 squares a1..h8 of X, O or -, a space, the side to move; \
            scored moves after ';' are checked); --best: every best move; --analyze: every \
            move's score",
    takes: SolverTakes { weak: false, book: false },
    build: build_solver,
};

fn build_solver(
    _: &dyn crate::dynamic::DynGame, opts: &SolveOptions,
) -> Result<Box<dyn Solver>, ToolError> {
    let mut solver = EndgameSolver::try_new(opts.table_mib.max(1))
        .map_err(|error| ToolError::Table { mib: opts.table_mib, error })?;
    solver.set_threads(opts.threads);
    Ok(Box::new(LineSolver { solver, mode: opts.mode }))
}

/// The moves, space-separated (`-` for none).
fn move_list<M: ToString>(moves: &[M]) -> String {
    if moves.is_empty() {
        "-".to_string()
    } else {
        moves.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
    }
}

struct LineSolver {
    solver: EndgameSolver,
    mode: SolveMode,
}

impl Solver for LineSolver {
    fn read(&self, line: &str) -> Result<SolveInput, ToolError> {
        let rec = ObfRecord::parse(line.trim()).map_err(ToolError::game)?;
        let claimed = rec
            .scored_moves
            .iter()
            .map(|&(m, score)| MoveScore { mv: m.to_string(), score })
            .collect();
        let text = Notation::position(&rec.position);
        Ok(SolveInput { game: Box::new(rec.position), text, claimed })
    }

    /// The score and one or every best move, or every move's score, the table
    /// cleared first.
    fn solve(&mut self, game: &dyn DynGame) -> Result<Solution, ToolError> {
        let pos = typed_game::<Othello>(game, "othello")?;
        self.solver.clear();
        let failed = |e: EndgameError| ToolError::Failed(e.to_string());
        if self.mode == SolveMode::Analyze {
            let start = std::time::Instant::now();
            let (scores, nodes) = self.solver.analyze_counted(pos).map_err(failed)?;
            let moves: Vec<MoveScore> =
                scores.iter().map(|&(m, score)| MoveScore { mv: m.to_string(), score }).collect();
            // No move: the game is over, and its score is the solve's.
            let score = match moves.first() {
                Some(m) => m.score,
                None => self.solver.solve(pos).map_err(failed)?.score,
            };
            let seconds = start.elapsed().as_secs_f64();
            let best = crate::tools::best_of(&moves);
            return Ok(Solution { score, best, moves, nodes, seconds });
        }
        let r = if self.mode == SolveMode::Best {
            self.solver.solve_all_best(pos)
        } else {
            self.solver.solve(pos)
        }
        .map_err(failed)?;
        Ok(Solution {
            score: r.score,
            best: r.best_moves.iter().map(ToString::to_string).collect(),
            moves: Vec::new(),
            nodes: r.nodes,
            seconds: r.seconds,
        })
    }

    /// The position, then (by mode) the score and one or every best move with
    /// nodes, time and speed, or every move's score; where the line lists
    /// scored moves, whether the solution matches them.
    fn report(&self, input: &SolveInput, s: &Solution, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(out, "position {}", input.text)?;
        let pos =
            typed_game::<Othello>(input.game.as_ref(), "othello").map_err(std::io::Error::other)?;
        let empties = pos.empty().count_ones();
        if empties > MANY_EMPTIES {
            writeln!(
                out,
                "  note: {empties} empty squares; an exact solve this early may take very long"
            )?;
        }
        let side = Rules::player_name(pos, Rules::side_to_move(pos));
        let mismatch = input.mismatch(s);
        if self.mode == SolveMode::Analyze {
            if s.moves.is_empty() {
                writeln!(out, "  the game is over: no move")?;
            } else {
                let list: Vec<String> =
                    s.moves.iter().map(|m| format!("{}:{:+}", m.mv, m.score)).collect();
                writeln!(
                    out,
                    "  {empties} empties, {side} to move: {} ({:.3} s)",
                    list.join(" "),
                    s.seconds
                )?;
            }
            return match mismatch {
                Some(Mismatch::Moves(wrong)) => {
                    let list: Vec<String> = wrong.iter().map(ToString::to_string).collect();
                    writeln!(out, "  MISMATCH: {}", list.join("; "))
                }
                Some(why) => writeln!(out, "  MISMATCH: {why}"),
                None if input.claimed.is_empty() => Ok(()),
                None => {
                    writeln!(out, "  matches the line's {} scored move(s)", input.claimed.len())
                }
            };
        }
        let best = if s.best.is_empty() {
            "none (the game is over)".to_string()
        } else {
            move_list(&s.best)
        };
        writeln!(
            out,
            "  {empties} empties, {side} to move: score {:+}, best {best}, {} nodes, {:.3} s, {} nodes/s",
            s.score,
            grouped(s.nodes),
            s.seconds,
            si_number(rate(s.nodes, s.seconds)),
        )?;
        match (input.claimed_score(), mismatch) {
            (Some(want), None) => writeln!(out, "  matches the line's {want:+}"),
            (Some(want), Some(_)) => writeln!(out, "  MISMATCH: the line says {want:+}"),
            (None, _) => Ok(()),
        }
    }

    fn set_stop(&mut self, flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>) {
        self.solver.set_stop(flag);
    }
}

/// `bitgames bench othello-ffo`: FFO #40–#59 solved exactly.
pub(crate) static BENCH_FFO: BenchSuite = BenchSuite {
    name: "othello-ffo",
    about: "the Othello endgame solver on FFO #40-#59 (--sets 40-44 for a range; --quick: #40-#44)",
    run: run_bench_ffo,
};

/// Whether a solve agrees with an FFO line: same score, and a best move the
/// line scores as best.
fn agrees(r: &EndgameResult, rec: &ObfRecord) -> bool {
    Some(r.score) == rec.best_score()
        && r.best_moves.first().is_some_and(|m| rec.best_moves().contains(m))
}

/// The FFO numbers `--sets` asks for: `40-44`, `47`, or all of #40–#59; at
/// most `--limit` of them, from the first (it was ignored here).
fn ffo_range(opts: &BenchOptions) -> Result<(usize, usize), ToolError> {
    let bad = |t: &str| {
        ToolError::bad_option(
            "sets",
            format!(
                "FFO positions '{}': the built-in set is #40 to #59 (e.g. --sets 40-44)",
                crate::game::clip(t)
            ),
        )
    };
    let (first, last) = match opts.sets.as_deref() {
        None if opts.quick => (40, 44),
        None => (40, 59),
        Some(t) => {
            let (a, b) = t.split_once('-').unwrap_or((t, t));
            let a: usize = a.trim().trim_start_matches('#').parse().map_err(|_| bad(t))?;
            let b: usize = b.trim().trim_start_matches('#').parse().map_err(|_| bad(t))?;
            (a, b)
        }
    };
    if !(40..=59).contains(&first) || !(40..=59).contains(&last) || first > last {
        return Err(bad(&format!("{first}-{last}")));
    }
    match opts.limit {
        Some(0) => Err(ToolError::bad_option("limit", "--limit 0: no FFO position to solve")),
        Some(n) => Ok((first, last.min(first + n - 1))),
        None => Ok((first, last)),
    }
}

/// Solves FFO positions on one thread, the table cleared before each, and prints
/// a table: number, empties, score, expected score, best move, nodes, time,
/// nodes/s, then totals. Every score and best move is checked against the suite;
/// a mismatch is marked and makes the whole run an error (after the table).
fn run_bench_ffo(opts: &BenchOptions, out: &mut dyn Write) -> Result<(), ToolError> {
    let (first, last) = ffo_range(opts)?;
    let records: Vec<ObfRecord> = FFO_40_59
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(ObfRecord::parse)
        .collect::<Result<_, _>>()
        .map_err(|e| ToolError::Failed(format!("the built-in FFO data: {e}")))?;
    let mut solver = EndgameSolver::try_new(opts.table_mib.max(1))
        .map_err(|error| ToolError::Table { mib: opts.table_mib, error })?;
    solver.set_threads(opts.threads.max(1));
    writeln!(
        out,
        "FFO #{first}-#{last}: exact solve, {} thread(s), {} MiB table cleared per position",
        solver.threads(),
        solver.table_bytes() >> 20
    )?;
    writeln!(
        out,
        "{:>4} {:>7} {:>6} {:>8} {:>5} {:>15} {:>10} {:>9}",
        "#", "empties", "score", "expected", "best", "nodes", "time", "nodes/s"
    )?;
    let (mut total_nodes, mut total_secs) = (0u64, 0.0f64);
    let mut bad = Vec::new();
    for (i, rec) in records.iter().enumerate() {
        let number = 40 + i;
        if !(first..=last).contains(&number) {
            continue;
        }
        solver.clear();
        let r = solver.solve(&rec.position).map_err(|e| ToolError::Failed(e.to_string()))?;
        total_nodes += r.nodes;
        total_secs += r.seconds;
        let ok = agrees(&r, rec);
        if !ok {
            bad.push(format!("#{number}"));
        }
        writeln!(
            out,
            "{:>4} {:>7} {:>+6} {:>+8} {:>5} {:>15} {:>10} {:>9}{}",
            number,
            r.empties,
            r.score,
            rec.best_score().unwrap_or(0),
            move_list(&r.best_moves[..r.best_moves.len().min(1)]),
            grouped(r.nodes),
            format!("{:.3} s", r.seconds),
            si_number(rate(r.nodes, r.seconds)),
            if ok { "" } else { "  <-- MISMATCH" }
        )?;
        out.flush()?;
    }
    writeln!(
        out,
        "total: {} positions, {} nodes, {total_secs:.3} s, {} nodes/s{}",
        last - first + 1,
        grouped(total_nodes),
        si_number(rate(total_nodes, total_secs)),
        if bad.is_empty() { ", all exact".to_string() } else { format!(", {} WRONG", bad.len()) }
    )?;
    if !bad.is_empty() {
        return Err(ToolError::Failed(format!(
            "wrong score or best move at FFO {}",
            bad.join(", ")
        )));
    }
    Ok(())
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;
    use crate::registry::new_game;

    fn solver(mode: SolveMode) -> Box<dyn Solver> {
        let opts = SolveOptions { mode, weak: false, table_mib: 16, threads: 1, book: None };
        build_solver(new_game("othello").unwrap().as_ref(), &opts).unwrap()
    }

    fn run(s: &mut dyn Solver, line: &str) -> (Result<Solution, ToolError>, String) {
        let mut out = Vec::new();
        let r = s.solve_line(line, &mut out);
        (r, String::from_utf8(out).unwrap())
    }

    pub fn bad_input_is_an_input_error() {
        let mut s = solver(SolveMode::Score);
        for arg in ["nonsense", "XO X", &"-".repeat(64)] {
            let (r, _) = run(s.as_mut(), arg);
            assert!(r.unwrap_err().is_input(), "{arg}");
        }
        for sets in ["39-40", "40-60", "45-44", "x"] {
            let opts = BenchOptions { sets: Some(sets.into()), table_mib: 1, ..Default::default() };
            assert!(run_bench_ffo(&opts, &mut Vec::new()).unwrap_err().is_input(), "{sets}");
        }
        let opts = BenchOptions { limit: Some(0), table_mib: 1, ..Default::default() };
        assert!(run_bench_ffo(&opts, &mut Vec::new()).unwrap_err().is_input());
    }

    pub fn scores_are_checked_against_the_line() {
        // Ten empty squares; Black to move.
        let pos = format!("{}XXXXXX{} X", "XXXXXXXXOOOOOOOO".repeat(3), "-".repeat(10));
        let mut s = solver(SolveMode::Score);
        let (r, text) = run(s.as_mut(), &pos);
        r.unwrap();
        assert!(text.contains("10 empties, Black to move: score"), "{text}");
        let score = super::super::endgame::solve(&ObfRecord::parse(&pos).unwrap().position, 1)
            .unwrap()
            .score;
        let (r, text) = run(s.as_mut(), &format!("{pos}; a1:{score};"));
        r.unwrap();
        assert!(text.contains("matches the line's"), "{text}");
        let (r, text) = run(s.as_mut(), &format!("{pos}; a1:{};", score + 2));
        assert!(matches!(r, Err(ToolError::Failed(_))));
        assert!(text.contains("MISMATCH"), "{text}");
    }

    /// `--analyze` scores every move of FFO #40 as the FFO line does, and names
    /// a move whose listed score is wrong.
    pub fn analyze_checks_every_scored_move() {
        let line = FFO_40_59.lines().next().unwrap();
        let mut s = solver(SolveMode::Analyze);
        let (r, text) = run(s.as_mut(), line);
        let solution = r.unwrap();
        assert_eq!(solution.moves[0], MoveScore { mv: "a2".into(), score: 38 });
        assert_eq!(solution.score, 38);
        assert!(text.contains("a2:+38"), "{text}");
        let listed = ObfRecord::parse(line).unwrap().scored_moves.len();
        assert!(text.contains(&format!("matches the line's {listed} scored move(s)")), "{text}");
        let (pos, _) = line.split_once(';').unwrap();
        let (r, text) = run(s.as_mut(), &format!("{pos}; A2:+38; H1:+0;"));
        assert!(r.is_err());
        assert!(text.contains("MISMATCH: h1 is"), "{text}");
    }

    /// The default prints one best move, `--best` every one (FFO #44: d2 and b8).
    pub fn one_best_move_or_all() {
        let line = FFO_40_59.lines().nth(4).unwrap();
        let (pos, _) = line.split_once(';').unwrap();
        let (r, text) = run(solver(SolveMode::Best).as_mut(), pos);
        let solution = r.unwrap();
        assert_eq!(
            (solution.score, &solution.best[..]),
            (-14, &["d2".to_string(), "b8".into()][..])
        );
        assert!(text.contains("score -14, best d2 b8,"), "{text}");
        let (r, text) = run(solver(SolveMode::Score).as_mut(), pos);
        r.unwrap();
        assert!(
            text.contains("score -14, best d2,") || text.contains("score -14, best b8,"),
            "{text}"
        );
    }

    pub fn quick_bench_is_a_subset() {
        let range = |quick, sets: Option<&str>| {
            let opts = BenchOptions { quick, sets: sets.map(Into::into), ..Default::default() };
            ffo_range(&opts).unwrap()
        };
        assert_eq!(range(false, None), (40, 59));
        assert_eq!(range(true, None), (40, 44));
        assert_eq!(range(true, Some("47")), (47, 47));
    }

    pub fn bench_checks_ffo_40() {
        let mut out = Vec::new();
        let opts = BenchOptions { sets: Some("40".into()), table_mib: 16, ..Default::default() };
        run_bench_ffo(&opts, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("all exact"), "{text}");
        // `--limit 1` of #40–#59: #40 alone.
        let mut out = Vec::new();
        let opts = BenchOptions { limit: Some(1), table_mib: 16, ..Default::default() };
        run_bench_ffo(&opts, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("total: 1 positions") && text.contains("all exact"), "{text}");
    }
}

/// Othello's transcript as a record format (`f5d6c3`, `F5 d6, C3`; passes
/// implied), read from the game's current start; written from the standard
/// start, where a transcript says all.
pub(crate) static TRANSCRIPT: crate::formats::RecordFormat = crate::formats::RecordFormat {
    name: "transcript",
    label: "transcript",
    keeps_start: false,
    detect: |t| !crate::formats::opens_a_tree(t),
    read: |start, text| {
        let from = start.as_any().downcast_ref::<Othello>().ok_or_else(|| {
            crate::formats::FormatError(format!("{} is not othello", start.spec()))
        })?;
        let r = super::formats::parse_transcript_from(*from, text)
            .map_err(|e| crate::formats::FormatError(e.to_string()))?;
        registry_record(&r)
    },
    write: |record| as_othello(record).map(|r| super::formats::write_transcript(&r)),
};

/// Othello's GGF as a record format (`(;GM[Othello]…;)`, its `BO` start).
pub(crate) static GGF: crate::formats::RecordFormat = crate::formats::RecordFormat {
    name: "ggf",
    label: "GGF",
    keeps_start: true,
    detect: crate::formats::opens_a_tree,
    read: |_, text| {
        let g = super::formats::parse_ggf(text)
            .map_err(|e| crate::formats::FormatError(e.to_string()))?;
        registry_record(g.record())
    },
    write: |record| {
        as_othello(record).map(|r| super::formats::write_ggf(&super::formats::GgfGame::new(r)))
    },
};

/// An Othello record of the formats module as a record of the dynamic game.
fn registry_record(
    r: &super::formats::GameRecord,
) -> Result<crate::record::GameRecord, crate::formats::FormatError> {
    let mut record = crate::record::GameRecord::new(Box::new(*r.start()));
    for (i, mv) in r.moves().iter().enumerate() {
        record
            .play(&mv.to_string())
            .map_err(|e| crate::formats::FormatError(format!("move {} '{mv}': {e}", i + 1)))?;
    }
    Ok(record)
}

/// The record as the Othello formats module keeps it, if it is Othello.
fn as_othello(record: &crate::record::GameRecord) -> Option<super::formats::GameRecord> {
    let start = record.start().as_any().downcast_ref::<Othello>()?;
    let mut r = super::formats::GameRecord::new(*start);
    for mv in record.moves() {
        r.play(mv.parse::<OthelloMove>().ok()?).ok()?;
    }
    Some(r)
}

//! The Othello endgame solver from the command line: `solve_othello` for one
//! position or an OBF file, `bench_ffo` for the FFO test suite (#40–#59, built in).

use crate::common::{grouped, input_error, rate, si_number};
use anyhow::{Context, Result};
use bitgames::games::othello::endgame::{EndgameResult, EndgameSolver};
use bitgames::games::othello::formats::ObfRecord;
use bitgames::games::othello::OthelloMove;
use bitgames::Game;
use std::io::Write;
use std::path::Path;

/// FFO #40–#59 (Edax's `problem/fforum-40-59.obf`), one position a line.
const FFO_40_59: &str = include_str!("../../bitgames/tests/data/othello/fforum-40-59.obf");

/// Positions with more empty squares than this get a warning: an exact solve
/// of them may take hours.
const MANY_EMPTIES: u32 = 30;

/// The moves, space-separated (`-` for none).
fn move_list(moves: &[OthelloMove]) -> String {
    if moves.is_empty() {
        "-".to_string()
    } else {
        moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ")
    }
}

/// A time in seconds, to the millisecond.
fn secs(s: f64) -> String {
    format!("{s:.3} s")
}

/// Reads what `solve_othello` was given: an OBF file (one position a line,
/// blank lines and lines starting with `%` or `#` skipped) or one position.
fn read_input(arg: &str) -> Result<Vec<(String, ObfRecord)>> {
    let path = Path::new(arg);
    if path.is_file() {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let mut records = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('%') || t.starts_with('#') {
                continue;
            }
            let rec = ObfRecord::parse(t)
                .map_err(|e| input_error(format!("{}, line {}: {e}", path.display(), i + 1)))?;
            records.push((format!("line {}", i + 1), rec));
        }
        if records.is_empty() {
            return Err(input_error(format!("{} holds no position", path.display())));
        }
        return Ok(records);
    }
    let looks_like_file = arg.ends_with(".obf") || arg.contains('/') || arg.contains('\\');
    match ObfRecord::parse(arg) {
        Ok(rec) => Ok(vec![(String::new(), rec)]),
        Err(_) if looks_like_file => Err(input_error(format!(
            "'{arg}': no such file (expected an OBF file or a position: 64 squares a1..h8 \
             of X, O or -, a space and the side to move)"
        ))),
        Err(e) => Err(input_error(e.to_string())),
    }
}

/// What `solve othello` prints for each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OthelloSolve {
    /// The score and one best move.
    Score,
    /// The score and every best move (one more null-window search a move).
    AllBest,
    /// The exact score of every move (one exact solve a move).
    Analyze,
}

/// Solves a position (OBF text: 64 squares `a1`…`h8` of `X`, `O`, `-`, a space
/// and the side to move) or every position of an OBF file, and prints for each
/// the exact final disc difference for the side to move (empties to the winner),
/// one best move or all of them, nodes, time and speed, or with
/// [`OthelloSolve::Analyze`] the score of every move. Where the file lists scored
/// moves, the score is checked against them; a mismatch is an error at the end.
pub fn solve_othello(
    position_or_obf_file: &str,
    mode: OthelloSolve,
    table_mib: usize,
    threads: usize,
    out: &mut dyn Write,
) -> Result<()> {
    let records = read_input(position_or_obf_file.trim())?;
    let mut solver = EndgameSolver::new(table_mib.max(1));
    solver.set_threads(threads);
    let mut mismatches = Vec::new();
    let (mut total_nodes, mut total_secs) = (0u64, 0.0f64);
    for (label, rec) in &records {
        let pos = &rec.position;
        let empties = pos.empty().count_ones();
        if label.is_empty() {
            writeln!(out, "position {}", pos.position())?;
        } else {
            writeln!(out, "{label}: {}", pos.position())?;
        }
        if empties > MANY_EMPTIES {
            writeln!(
                out,
                "  note: {empties} empty squares; an exact solve this early may take very long"
            )?;
        }
        out.flush()?;
        solver.clear();
        if mode == OthelloSolve::Analyze {
            let start = std::time::Instant::now();
            let scores = solver.analyze(pos)?;
            let seconds = start.elapsed().as_secs_f64();
            total_secs += seconds;
            let side = pos.player_name(pos.side_to_move());
            let list: Vec<String> = scores.iter().map(|(m, s)| format!("{m}:{s:+}")).collect();
            if list.is_empty() {
                writeln!(out, "  the game is over: no move")?;
            } else {
                writeln!(
                    out,
                    "  {empties} empties, {side} to move: {} ({})",
                    list.join(" "),
                    secs(seconds)
                )?;
            }
            // Every move the file scores must have that score.
            let wrong: Vec<String> = rec
                .scored_moves
                .iter()
                .filter_map(|&(m, want)| {
                    let got = scores.iter().find(|&&(g, _)| g == m).map(|&(_, s)| s);
                    match got {
                        Some(got) if got == want => None,
                        Some(got) => Some(format!("{m} is {got:+}, the file says {want:+}")),
                        None => Some(format!("{m} is not legal, the file scores it {want:+}")),
                    }
                })
                .collect();
            if wrong.is_empty() {
                if !rec.scored_moves.is_empty() {
                    let n = rec.scored_moves.len();
                    writeln!(out, "  matches the file's {n} scored move(s)")?;
                }
            } else {
                writeln!(out, "  MISMATCH: {}", wrong.join("; "))?;
                mismatches.push(label.to_string());
            }
            out.flush()?;
            continue;
        }
        let r = if mode == OthelloSolve::AllBest {
            solver.solve_all_best(pos)?
        } else {
            solver.solve(pos)?
        };
        total_nodes += r.nodes;
        total_secs += r.seconds;
        let side = pos.player_name(pos.side_to_move());
        let best = if r.best_moves.is_empty() {
            "none (the game is over)".to_string()
        } else {
            move_list(&r.best_moves)
        };
        writeln!(
            out,
            "  {empties} empties, {side} to move: score {:+}, best {best}, {} nodes, {}, {} nodes/s",
            r.score,
            grouped(r.nodes),
            secs(r.seconds),
            si_number(rate(r.nodes, r.seconds)),
        )?;
        if let Some(want) = rec.best_score() {
            check(want, r.score, label, &mut mismatches, out)?;
        }
        out.flush()?;
    }
    if records.len() > 1 {
        writeln!(
            out,
            "total: {} positions, {} nodes, {}, {} nodes/s",
            records.len(),
            grouped(total_nodes),
            secs(total_secs),
            si_number(rate(total_nodes, total_secs))
        )?;
    }
    if !mismatches.is_empty() {
        anyhow::bail!("scores differ from the file at {}", mismatches.join(", "));
    }
    Ok(())
}

/// Says whether the score `got` is the file's `want`, and notes a mismatch.
fn check(
    want: i32,
    got: i32,
    label: &str,
    mismatches: &mut Vec<String>,
    out: &mut dyn Write,
) -> Result<()> {
    if want == got {
        writeln!(out, "  matches the file's {want:+}")?;
    } else {
        writeln!(out, "  MISMATCH: the file says {want:+}")?;
        mismatches.push(label.to_string());
    }
    Ok(())
}

/// Whether a solve agrees with an FFO line: same score, and a best move the
/// line scores as best.
fn agrees(r: &EndgameResult, rec: &ObfRecord) -> bool {
    Some(r.score) == rec.best_score()
        && r.best_moves.first().is_some_and(|m| rec.best_moves().contains(m))
}

/// Solves FFO positions `first`..=`last` (within #40–#59) on one thread, the
/// table cleared before each, and prints a table: number, empties, score,
/// expected score, best move, nodes, time, nodes/s, then totals. Every score and
/// best move is checked against the suite; a mismatch is marked and makes the
/// whole run an error (after the table).
pub fn bench_ffo(first: usize, last: usize, table_mib: usize, out: &mut dyn Write) -> Result<()> {
    if !(40..=59).contains(&first) || !(40..=59).contains(&last) || first > last {
        return Err(input_error(format!(
            "FFO positions {first}..{last}: the built-in set is #40 to #59 (first <= last)"
        )));
    }
    let records: Vec<ObfRecord> = FFO_40_59
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(ObfRecord::parse)
        .collect::<Result<_, _>>()
        .context("the built-in FFO data")?;
    let mut solver = EndgameSolver::new(table_mib.max(1));
    writeln!(
        out,
        "FFO #{first}-#{last}: exact solve, one thread, {} MiB table cleared per position",
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
        let r = solver.solve(&rec.position)?;
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
            secs(r.seconds),
            si_number(rate(r.nodes, r.seconds)),
            if ok { "" } else { "  <-- MISMATCH" }
        )?;
        out.flush()?;
    }
    writeln!(
        out,
        "total: {} positions, {} nodes, {}, {} nodes/s{}",
        last - first + 1,
        grouped(total_nodes),
        secs(total_secs),
        si_number(rate(total_nodes, total_secs)),
        if bad.is_empty() { ", all exact".to_string() } else { format!(", {} WRONG", bad.len()) }
    )?;
    if !bad.is_empty() {
        anyhow::bail!("wrong score or best move at FFO {}", bad.join(", "));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_input_is_an_input_error() {
        let mut out = Vec::new();
        for arg in ["nonsense", "no/such/file.obf", "XO X", &"-".repeat(64)] {
            let e = solve_othello(arg, OthelloSolve::Score, 1, 1, &mut out).unwrap_err();
            assert_eq!(crate::common::exit_code(&e), 2, "{arg}: {e:#}");
        }
        for (a, b) in [(39, 40), (40, 60), (45, 44)] {
            let e = bench_ffo(a, b, 1, &mut out).unwrap_err();
            assert_eq!(crate::common::exit_code(&e), 2, "{a}..{b}: {e:#}");
        }
    }

    #[test]
    fn solves_a_position_and_a_file() {
        // Ten empty squares; Black to move.
        let pos = format!("{}XXXXXX{} X", "XXXXXXXXOOOOOOOO".repeat(3), "-".repeat(10));
        let mut out = Vec::new();
        solve_othello(&pos, OthelloSolve::Score, 1, 1, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("10 empties, Black to move: score"), "{text}");

        let dir = std::env::temp_dir().join(format!("bitgames-obf-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("two.obf");
        // The right score, then a wrong one.
        let score =
            bitgames::games::othello::endgame::solve(&ObfRecord::parse(&pos).unwrap().position, 1)
                .unwrap()
                .score;
        let wrong = format!("{pos}; a1:{score};\n\n{pos}; a1:{};\n", score + 2);
        std::fs::write(&file, wrong).unwrap();
        let mut out = Vec::new();
        let e =
            solve_othello(file.to_str().unwrap(), OthelloSolve::Score, 1, 1, &mut out).unwrap_err();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("line 1"), "{text}");
        assert!(text.contains("matches the file"), "{text}");
        assert!(text.contains("line 3"), "{text}");
        assert!(text.contains("MISMATCH"), "{text}");
        assert!(e.to_string().contains("line"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `--analyze` scores every move of FFO #40 as the FFO line does, and names
    /// a move whose listed score is wrong.
    #[test]
    fn analyze_checks_every_scored_move() {
        let line = FFO_40_59.lines().next().unwrap();
        let dir = std::env::temp_dir().join(format!("bitgames-analyze-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("ffo40.obf");
        std::fs::write(&file, format!("{line}\n")).unwrap();
        let mut out = Vec::new();
        solve_othello(file.to_str().unwrap(), OthelloSolve::Analyze, 16, 1, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("a2:+38"), "{text}");
        let listed = ObfRecord::parse(line).unwrap().scored_moves.len();
        assert!(text.contains(&format!("matches the file's {listed} scored move(s)")), "{text}");

        let (pos, _) = line.split_once(';').unwrap();
        std::fs::write(&file, format!("{pos}; A2:+38; H1:+0;\n")).unwrap();
        let mut out = Vec::new();
        let e = solve_othello(file.to_str().unwrap(), OthelloSolve::Analyze, 16, 1, &mut out)
            .unwrap_err();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("MISMATCH: h1 is"), "{text}");
        assert!(e.to_string().contains("line 1"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The default prints one best move, `--best` every one (FFO #44: d2 and b8).
    #[test]
    fn one_best_move_or_all() {
        let line = FFO_40_59.lines().nth(4).unwrap();
        let (pos, _) = line.split_once(';').unwrap();
        let mut out = Vec::new();
        solve_othello(pos, OthelloSolve::AllBest, 16, 1, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("score -14, best d2 b8,"), "{text}");
        let mut out = Vec::new();
        solve_othello(pos, OthelloSolve::Score, 16, 1, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("score -14, best d2,") || text.contains("score -14, best b8,"),
            "{text}"
        );
    }

    #[test]
    fn bench_checks_ffo_40() {
        let mut out = Vec::new();
        bench_ffo(40, 40, 16, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("all exact"), "{text}");
    }

    /// `cargo test -p bitgames-cli --release othello_cmd -- --ignored --nocapture`
    #[test]
    #[ignore = "minutes: FFO #40-#59"]
    fn bench_ffo_40_59() {
        let first = std::env::var("FFO_FIRST").ok().and_then(|v| v.parse().ok()).unwrap_or(40);
        let last = std::env::var("FFO_LAST").ok().and_then(|v| v.parse().ok()).unwrap_or(59);
        let mib = std::env::var("FFO_TABLE_MIB").ok().and_then(|v| v.parse().ok()).unwrap_or(64);
        bench_ffo(first, last, mib, &mut std::io::stdout()).unwrap();
    }
}

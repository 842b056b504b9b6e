//! The Connect Four rows of `bitgames-peers`: the solver against Pascal
//! Pons' `c4solver` on his six test sets (`--pons PATH`) and against John Tromp's
//! Fhourstones 3.2 `SearchGame` on one position, the empty 7×6 board unless
//! `--position` names another (`--fhourstones PATH`).
//!
//! Times are CPU seconds, so other programs loading the machine slow neither side
//! by taking its core away (they still share its caches). A peer's time is its
//! process's user + system time, read from the system's count of reaped children's time when it exits; bitgames' is
//! this thread's CPU time around each solve (the thread's CPU clock, through `cpu-time`), the
//! clearing of its table between positions left out. Each row is the fastest of
//! `--repeat` runs, the two sides' runs interleaved.
//!
//! Pons: `c4solver` as its Makefile builds it, run once per set with the set's
//! positions on its standard input and no opening book (`-b` names a file that
//! does not exist); every answer is checked against the set's score. Its `main`
//! prints no times and keeps its table (2^24 entries, 80 MiB) from one position
//! to the next, so its time per position is the run's user CPU time, less that
//! of a run with no input (which builds and clears the table), over the
//! positions. User time alone: the kernel's time zeroing the table's pages
//! (50–70 ms here, varying with the load) would drown the easy sets' few
//! milliseconds. (Keeping its table changed Pons' time by under 10% on
//! Begin-Easy and Middle-Medium in a run with a driver that resets it.)
//! bitgames clears its table (`--table-mib`, 64 MiB by default) before each
//! position, as `bench connect4` does: where a set's positions share subtrees, Pons
//! gains from what it kept.
//!
//! Fhourstones: `SearchGame` with the position's line on its standard input;
//! it clears its table (8,306,069 entries, 64 MiB) before solving, on one
//! thread, with no book, and solves weakly: win, draw or loss (or draw-or-loss,
//! draw-or-win where a bound is all the search proves). bitgames runs the strong
//! solve (`solve connect4`, the exact score) and the weak one (`--weak`: win, draw
//! or loss, Fhourstones' question), each with a cleared table, one thread, no book.

use crate::Args as BenchArgs;
use crate::{input_error, min};
use anyhow::{bail, Context, Result};
use bitgames::games::connect4::sets::{TestSet, TEST_SETS};
use bitgames::games::connect4::solver::ConnectFourSolver;
use bitgames::games::connect4::Connect4;
use bitgames::{Notation, Rules};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Positions of each set by default: all of the first four (1000), fewer of the
/// slow beginning sets (Pons' `c4solver` takes about 0.2 s a Begin-Medium and 4 s
/// a Begin-Hard position).
fn default_limit(set: &str) -> usize {
    match set {
        "Test_L1_R2" => 50,
        "Test_L1_R3" => 5,
        _ => 1000,
    }
}

/// A peer binary given on the command line, checked to be a file.
pub(crate) fn peer_path(option: &str, path: &Path) -> Result<PathBuf> {
    if !path.is_file() {
        let what = if path.is_dir() { "a folder, not a program" } else { "no file there" };
        return Err(input_error(format!("{option}: '{}' is {what}", path.display())));
    }
    path.canonicalize().with_context(|| format!("{option}: {}", path.display()))
}

/// What a peer's run gave: its output and the CPU seconds it took.
#[derive(Debug)]
pub(crate) struct Ran {
    pub stdout: String,
    pub stderr: String,
    /// User + system CPU seconds of the child, from `wait4`.
    pub cpu: f64,
    /// Its user CPU seconds alone (without the kernel's time, such as zeroing
    /// the pages of a table as it is first written).
    pub user: f64,
    /// How it exited.
    pub status: std::process::ExitStatus,
}

/// Runs `cmd` with `input` on its standard input and reaps it with `wait4`, whose
/// resource usage gives the child's own CPU time (not the wall time, which other
/// programs on the machine stretch).
pub(crate) fn run_timed(cmd: &mut Command, input: &str) -> Result<Ran> {
    let program = cmd.get_program().to_string_lossy().into_owned();
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("cannot run {program}"))?;
    let mut stdin = child.stdin.take().context("the child's stdin")?;
    let mut stdout = child.stdout.take().context("the child's stdout")?;
    let mut stderr = child.stderr.take().context("the child's stderr")?;
    let (out, err) = std::thread::scope(|s| {
        s.spawn(move || {
            // A peer that exits early closes the pipe: its output says why.
            let _ = stdin.write_all(input.as_bytes());
        });
        let err = s.spawn(move || {
            let mut v = Vec::new();
            let _ = stderr.read_to_end(&mut v);
            v
        });
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out);
        (out, err.join().unwrap_or_default())
    });
    // The children's CPU time grows by the child's own when it is reaped.
    let before = children_cpu().with_context(|| format!("the CPU time of {program}"))?;
    let status = child.wait().with_context(|| format!("waiting for {program}"))?;
    let after = children_cpu().with_context(|| format!("the CPU time of {program}"))?;
    Ok(Ran {
        stdout: String::from_utf8_lossy(&out).into_owned(),
        stderr: String::from_utf8_lossy(&err).into_owned(),
        cpu: (after.0 - before.0) + (after.1 - before.1),
        user: after.0 - before.0,
        status,
    })
}

/// User and system CPU seconds of this process's reaped children.
fn children_cpu() -> nix::Result<(f64, f64)> {
    use nix::sys::resource::{getrusage, UsageWho};
    use nix::sys::time::TimeValLike;
    let u = getrusage(UsageWho::RUSAGE_CHILDREN)?;
    let secs = |t: nix::sys::time::TimeVal| t.num_microseconds() as f64 * 1e-6;
    Ok((secs(u.user_time()), secs(u.system_time())))
}

/// The start of a peer's output, for an error message.
fn clip_output(text: &str) -> String {
    let t = text.trim();
    match t.char_indices().nth(200) {
        Some((i, _)) => format!("{}…", &t[..i]),
        None if t.is_empty() => "(nothing)".into(),
        None => t.into(),
    }
}

/// CPU seconds this thread has run.
fn thread_cpu() -> f64 {
    cpu_time::ThreadTime::try_now().map_or(0.0, |t| t.as_duration().as_secs_f64())
}

/// `(moves, score)` of each line of Pons' `c4solver` output (`MOVES SCORE`), in
/// order; `None` if a line is not of that form.
pub(crate) fn parse_pons(text: &str) -> Option<Vec<(String, i32)>> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split_whitespace();
            let (moves, score) = (f.next()?, f.next()?.parse().ok()?);
            moves.bytes().all(|b| b.is_ascii_digit()).then(|| (moves.to_string(), score))
        })
        .collect()
}

/// What Fhourstones prints for one position.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct FhourstonesAnswer {
    /// Its result code: 1 loss, 2 draw or loss, 3 draw, 4 draw or win, 5 win
    /// (for the side to move).
    pub score: u8,
    /// Positions it searched.
    pub nodes: u64,
    /// Its own clock (user time, whole milliseconds, plus one).
    pub msecs: u64,
}

impl FhourstonesAnswer {
    /// Whether an exact score (bitgames' strong or weak) agrees with it.
    pub fn agrees_with(&self, score: i32) -> bool {
        match self.score {
            1 => score < 0,
            2 => score <= 0,
            3 => score == 0,
            4 => score >= 0,
            5 => score > 0,
            _ => false,
        }
    }
}

/// Reads Fhourstones' lines `score = 5 (+)  work = 32` and
/// `4531071099 pos / 101243 msec = 44754.6 Kpos/sec`.
pub(crate) fn parse_fhourstones(text: &str) -> Option<FhourstonesAnswer> {
    let score_line = text.lines().find(|l| l.trim_start().starts_with("score ="))?;
    let score =
        score_line.trim_start()["score =".len()..].split_whitespace().next()?.parse().ok()?;
    let pos_line = text.lines().find(|l| l.contains(" pos / ") && l.contains(" msec"))?;
    let mut f = pos_line.split_whitespace();
    let nodes = f.next()?.parse().ok()?;
    let (pos, slash, msecs) = (f.next()?, f.next()?, f.next()?.parse().ok()?);
    (pos == "pos" && slash == "/" && (1..=5).contains(&score)).then_some(FhourstonesAnswer {
        score,
        nodes,
        msecs,
    })
}

/// Pons' `c4solver`.
pub(crate) struct Pons {
    path: PathBuf,
}

impl Pons {
    pub(crate) fn new(path: &Path) -> Result<Pons> {
        Ok(Pons { path: peer_path("--pons", path)? })
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `c4solver` on `lines` (no book); its answers and user CPU seconds.
    fn run(&self, lines: &str) -> Result<(Vec<(String, i32)>, f64)> {
        // A book path that cannot exist: Pons' solver then says so and runs
        // without one.
        let ran = run_timed(
            Command::new(&self.path).args(["-b", "/nonexistent/bitgames-no-book"]),
            lines,
        )?;
        if !ran.status.success() {
            bail!(
                "--pons: {} failed ({}): {}",
                self.path.display(),
                ran.status,
                clip_output(&ran.stderr)
            );
        }
        let answers = parse_pons(&ran.stdout).ok_or_else(|| {
            input_error(format!(
                "--pons: {} did not answer like Pons' c4solver ('MOVES SCORE' lines): {}",
                self.path.display(),
                clip_output(&ran.stdout)
            ))
        })?;
        Ok((answers, ran.user))
    }
}

/// Fhourstones' `SearchGame`.
pub(crate) struct Fhourstones {
    path: PathBuf,
}

impl Fhourstones {
    pub(crate) fn new(path: &Path) -> Result<Fhourstones> {
        Ok(Fhourstones { path: peer_path("--fhourstones", path)? })
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Solves `moves` (Pons' move string; Fhourstones reads the same digits).
    fn run(&self, moves: &str) -> Result<(FhourstonesAnswer, f64)> {
        let ran = run_timed(&mut Command::new(&self.path), &format!("{moves}\n"))?;
        let answer = parse_fhourstones(&ran.stdout).ok_or_else(|| {
            input_error(format!(
                "--fhourstones: {} did not answer like Fhourstones 3.2 ('score = …' and \
                 '… pos / … msec'; {}): {}",
                self.path.display(),
                ran.status,
                clip_output(&ran.stdout)
            ))
        })?;
        Ok((answer, ran.cpu))
    }
}

/// The sets `--sets` names (all six by default).
fn chosen_sets(args: &BenchArgs) -> Result<Vec<&'static TestSet>> {
    let Some(names) = &args.sets else { return Ok(TEST_SETS.iter().collect()) };
    names
        .split(',')
        .map(|n| {
            let n = n.trim();
            TEST_SETS.iter().find(|s| s.name == n).ok_or_else(|| {
                let all: Vec<&str> = TEST_SETS.iter().map(|s| s.name).collect();
                input_error(format!(
                    "--sets: unknown set '{}' (sets: {})",
                    bitgames::game::clip(n),
                    all.join(", ")
                ))
            })
        })
        .collect()
}

/// A time per position with a unit that suits it.
fn per_position(secs: f64) -> String {
    if secs < 1e-3 {
        format!("{:.2} µs", secs * 1e6)
    } else if secs < 1.0 {
        format!("{:.3} ms", secs * 1e3)
    } else {
        format!("{secs:.3} s")
    }
}

/// `2.51 µs (×1.04)`: the fastest of `xs` and the spread.
fn spread(xs: &[f64]) -> String {
    let lo = min(xs);
    let hi = xs.iter().copied().fold(0.0, f64::max);
    if xs.len() < 2 || lo <= 0.0 {
        return per_position(lo.max(0.0));
    }
    format!("{} (×{:.2})", per_position(lo), hi / lo)
}

fn ratio(ours: f64, theirs: f64) -> String {
    if theirs > 0.0 {
        format!("{:.2}×", ours / theirs)
    } else {
        "-".into()
    }
}

type Row<'a> = &'a dyn Fn(&mut dyn Write, [&str; 4]) -> Result<()>;

/// Pons' six sets: mean CPU time per position on both sides.
pub(crate) fn run_pons(
    args: &BenchArgs, pons: &Pons, out: &mut dyn Write, line: Row<'_>,
) -> Result<()> {
    let sets = chosen_sets(args)?;
    let start = Connect4::standard();
    let mut solver = ConnectFourSolver::try_for_game(&start, args.table_mib.max(1))
        .map_err(|e| input_error(format!("--table-mib {}: {e}", args.table_mib)))?;
    solver.set_threads(1);
    // What a run with no input costs Pons: start-up, building and clearing the table.
    let mut idle = Vec::new();
    for _ in 0..args.repeat.max(3) {
        idle.push(pons.run("")?.1);
    }
    let idle = min(&idle);
    writeln!(
        out,
        "Connect Four, Pons' sets, one thread, CPU time per position: bitgames {} MiB table \
         cleared per position; Pons' c4solver, no book, its table kept between positions \
         (user time, its run less {:.1} ms of start-up)",
        args.table_mib,
        idle * 1e3
    )?;
    line(out, ["work", "bitgames", "Pons", "ratio"])?;
    for set in sets {
        let limit = args.limit.unwrap_or_else(|| default_limit(set.name));
        let positions: Vec<(&str, i32)> = set.positions().take(limit).collect();
        let games = positions
            .iter()
            .map(|(m, _)| start.parse_position(m))
            .collect::<Result<Vec<_>, _>>()
            .with_context(|| format!("{}: a bad line", set.name))?;
        let input: String = positions.iter().map(|(m, _)| format!("{m}\n")).collect();
        let n = positions.len().max(1) as f64;
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..args.repeat {
            let mut secs = 0.0;
            for (g, (moves, want)) in games.iter().zip(&positions) {
                solver.reset();
                let t = thread_cpu();
                let got = solver.solve(g, false)?.score;
                secs += thread_cpu() - t;
                if got != *want {
                    bail!("{}: bitgames solved {moves} as {got}, the set says {want}", set.name);
                }
            }
            ours.push(secs / n);
            let (answers, cpu) = pons.run(&input)?;
            check_pons(set.name, &positions, &answers)?;
            theirs.push((cpu - idle).max(0.0) / n);
        }
        let (a, b) = (min(&ours), min(&theirs));
        line(
            out,
            [
                &format!("{} ({}) ×{}", set.name, set.pons_name, positions.len()),
                &spread(&ours),
                &spread(&theirs),
                &ratio(a, b),
            ],
        )?;
    }
    Ok(())
}

/// Pons' answers are the set's lines with their scores, in order.
fn check_pons(set: &str, want: &[(&str, i32)], got: &[(String, i32)]) -> Result<()> {
    if got.len() != want.len() {
        bail!("Pons' solver answered {} of the {} lines of {set}", got.len(), want.len());
    }
    for ((m, s), (gm, gs)) in want.iter().zip(got) {
        if m != gm || s != gs {
            bail!("Pons' solver answered '{gm} {gs}' for the line '{m} {s}' of {set}");
        }
    }
    Ok(())
}

/// One position (the empty board by default) against Fhourstones: bitgames'
/// strong and weak solves, each against Fhourstones' time.
pub(crate) fn run_fhourstones(
    args: &BenchArgs, fh: &Fhourstones, out: &mut dyn Write, line: Row<'_>,
) -> Result<()> {
    let moves = args.position.as_deref().unwrap_or("").trim();
    let start = Connect4::standard();
    let g = start.parse_position(moves).map_err(|e| input_error(format!("--position: {e}")))?;
    if g.outcome().is_some() {
        return Err(input_error(format!("--position: '{moves}' is already over")));
    }
    let mut solver = ConnectFourSolver::try_for_game(&start, args.table_mib.max(1))
        .map_err(|e| input_error(format!("--table-mib {}: {e}", args.table_mib)))?;
    solver.set_threads(1);
    let what = if moves.is_empty() { "the empty 7×6 board".to_string() } else { moves.into() };
    writeln!(
        out,
        "Connect Four, {what}, one thread, no book, CPU seconds: bitgames {} MiB table, \
         Fhourstones 3.2 its 64 MiB table (a weak solve: win, draw or loss)",
        args.table_mib
    )?;
    line(out, ["work", "bitgames", "Fhourstones", "ratio"])?;
    let (mut strong, mut weak, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
    let (mut scores, mut answer) = ((0, 0), None);
    for _ in 0..args.repeat {
        for (weak_solve, times) in [(false, &mut strong), (true, &mut weak)] {
            solver.reset();
            let t = thread_cpu();
            let s = solver.solve(&g, weak_solve)?.score;
            times.push(thread_cpu() - t);
            if weak_solve {
                scores.1 = s;
            } else {
                scores.0 = s;
            }
        }
        let (a, cpu) = fh.run(moves)?;
        if !a.agrees_with(scores.0) || !a.agrees_with(scores.1) {
            bail!(
                "Fhourstones' result {} ('#-<=>+') disagrees with bitgames' score {} (weak {})",
                a.score,
                scores.0,
                scores.1
            );
        }
        theirs.push(cpu);
        answer = Some(a);
    }
    let b = min(&theirs);
    let fh_cell = spread(&theirs);
    for (name, times) in [("strong (exact score)", &strong), ("weak (win/draw/loss)", &weak)] {
        line(out, [name, &spread(times), &fh_cell, &ratio(min(times), b)])?;
    }
    if let Some(a) = answer {
        writeln!(
            out,
            "scores: bitgames {} (weak {}); Fhourstones {} ('#-<=>+'), {} positions, its own \
             clock {:.3} s",
            scores.0,
            scores.1,
            a.score,
            a.nodes,
            a.msecs as f64 / 1e3
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pons_lines_are_read() {
        let text = "2252576253462244111563365343671351441 -1\n\
                    7422341735647741166133573473242566 0\n";
        let got = parse_pons(text).unwrap();
        assert_eq!(got[0], ("2252576253462244111563365343671351441".to_string(), -1));
        assert_eq!(got[1].1, 0);
        assert_eq!(parse_pons("Fhourstones 3.2 (C)\n"), None);
        assert_eq!(parse_pons("4453\n"), None);
        let want = [
            ("2252576253462244111563365343671351441", -1),
            ("7422341735647741166133573473242566", 0),
        ];
        assert!(check_pons("Test_L3_R1", &want, &got).is_ok());
        assert!(check_pons("Test_L3_R1", &want[..1], &got).is_err());
        let wrong = vec![(want[0].0.to_string(), -2), got[1].clone()];
        let e = check_pons("Test_L3_R1", &want, &wrong).unwrap_err().to_string();
        assert!(e.contains("-2") && e.contains("Test_L3_R1"), "{e}");
    }

    #[test]
    fn fhourstones_lines_are_read() {
        // As Fhourstones 3.2 printed the empty 7×6 board here (2026-11-23).
        let text = "Fhourstones 3.2 (C)\nBoardsize = 7x6\nUsing 8306069 transposition table \
                    entries of size 8.\n\nSolving 0-ply position after  . . .\n44+26\n45+28\n\
                    42+27\n47+26\n4-29\n+29\nscore = 5 (+)  work = 29\n1479113766 pos / \
                    249033 msec = 5939.4 Kpos/sec\n- 0.249  < 0.125  = 0.027  > 0.191  + 0.408\n";
        let a = parse_fhourstones(text).unwrap();
        assert_eq!(a, FhourstonesAnswer { score: 5, nodes: 1_479_113_766, msecs: 249_033 });
        assert!(a.agrees_with(1) && !a.agrees_with(0));
        let draw_or_loss = FhourstonesAnswer { score: 2, nodes: 1, msecs: 1 };
        assert!(draw_or_loss.agrees_with(0) && draw_or_loss.agrees_with(-3));
        assert!(!draw_or_loss.agrees_with(2));
        assert_eq!(parse_fhourstones("Fhourstones 3.2 (C)\n"), None);
        assert_eq!(parse_fhourstones("score = 9 (?)\n1 pos / 1 msec\n"), None);
        assert_eq!(parse_pons(text), None);
    }

    #[test]
    fn wrong_paths_are_named() {
        let e = Pons::new(Path::new("/nonexistent/c4solver")).err().unwrap().to_string();
        assert!(e.contains("--pons") && e.contains("/nonexistent/c4solver"), "{e}");
        let dir = std::env::temp_dir();
        let e = Fhourstones::new(&dir).err().unwrap().to_string();
        assert!(e.contains("--fhourstones") && e.contains("folder"), "{e}");
    }

    #[test]
    #[cfg(unix)]
    fn a_program_that_is_not_the_peer_is_refused() {
        // `cat` echoes the moves with no score: not Pons' answer.
        let cat = Path::new("/bin/cat");
        if !cat.is_file() {
            return;
        }
        // (It also fails on the `-b` argument it takes for a file.)
        let e = Pons::new(cat).unwrap().run("4453\n").unwrap_err().to_string();
        assert!(e.contains("--pons"), "{e}");
        let e = Fhourstones::new(cat).unwrap().run("4453").unwrap_err().to_string();
        assert!(e.contains("did not answer like Fhourstones"), "{e}");
        let ran = run_timed(&mut Command::new(cat), "x\n").unwrap();
        assert_eq!(ran.stdout, "x\n");
        assert!(ran.status.success());
        assert!(ran.cpu >= 0.0 && ran.stderr.is_empty());
    }
}

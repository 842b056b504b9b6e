//! `bitgames-peers`: bitgames against peer programs that the user built
//! and points to, run interleaved on this machine, with one ratio table headed by
//! the CPU. It builds nothing; it runs the binaries it is given.
//!
//! Peers: Edax (`--edax PATH`): Othello perft from the start, `edax -count games N`
//! (Edax's count with its table of positions, up to symmetry) against bitgames'
//! [`perft_bik_opts`] with its table, and with `--without-table` Edax's `perft N`
//! (its plain count, typed at its prompt) against bitgames with no table. Times
//! are CPU seconds: Edax's own clock (`getrusage` user time, whole milliseconds),
//! and user + system time of this process for bitgames (table allocation
//! included). Each row is the minimum of `--repeat` runs, the runs of both sides
//! interleaved; the spread (slowest over fastest) says how noisy the machine was.
//!
//! Connect Four peers (`--pons PATH`, `--fhourstones PATH`): see
//! [`crate::compare_c4`].

use crate::Args as BenchArgs;
use crate::{input_error, min};
use anyhow::{Context, Result};
use bitgames::games::othello::{self as othello, perft_bik_opts, Othello, PerftOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Deepest perft `--depths` accepts (Edax's count of 14 takes minutes).
const MAX_DEPTH: usize = 15;

/// Runs the comparison and prints the tables: Othello perft against Edax, the
/// Connect Four solver against Pons' solver and Fhourstones
/// ([`crate::compare_c4`]), for each peer given.
pub fn run(args: &BenchArgs, out: &mut dyn Write) -> Result<()> {
    if args.edax.is_none() && args.pons.is_none() && args.fhourstones.is_none() {
        return Err(input_error(
            "bitgames-peers needs a peer: --edax PATH (an Edax 4.x binary), --pons PATH \
             (Pons' c4solver), --fhourstones PATH (Fhourstones 3.2's SearchGame), each \
             built with its own Makefile",
        ));
    }
    if args.repeat == 0 {
        return Err(input_error("--repeat must be at least 1"));
    }
    // Every path and option checked before anything runs.
    let depths = parse_depths(args.depths.as_deref().unwrap_or("11,12"))?;
    let edax = args.edax.as_deref().map(Edax::new).transpose()?;
    let pons = args.pons.as_deref().map(crate::compare_c4::Pons::new).transpose()?;
    let fh = args.fhourstones.as_deref().map(crate::compare_c4::Fhourstones::new).transpose()?;
    crate::check_table_mib(args.table_mib)?;

    let cpu = bitgames::cpu::cpu();
    writeln!(out, "bitgames-peers, {}", utc_now())?;
    writeln!(out, "CPU: {}", cpu.describe())?;
    for (name, path) in [
        ("Edax", edax.as_ref().map(|e| e.path.as_path())),
        ("Pons' c4solver", pons.as_ref().map(|p| p.path())),
        ("Fhourstones", fh.as_ref().map(|f| f.path())),
    ] {
        if let Some(path) = path {
            writeln!(out, "{name}: {}", path.display())?;
        }
    }
    writeln!(
        out,
        "CPU seconds, minimum of {} interleaved runs (spread: slowest / fastest)",
        args.repeat
    )?;
    if let Some(edax) = &edax {
        run_edax(&depths, args, edax, out)?;
    }
    let line = |out: &mut dyn Write, cells: [&str; 4]| -> Result<()> {
        let [work, ours, peer, ratio] = cells;
        write_row(out, &format!("  {work:<36} {ours:>20} {peer:>20} {ratio:>7}"))
    };
    if let Some(pons) = &pons {
        crate::compare_c4::run_pons(args, pons, out, &line)?;
    }
    if let Some(fh) = &fh {
        crate::compare_c4::run_fhourstones(args, fh, out, &line)?;
    }
    Ok(())
}

/// Writes one row of a table without its trailing spaces, and flushes it so that
/// it shows while the next row is measured.
fn write_row(out: &mut dyn Write, text: &str) -> Result<()> {
    writeln!(out, "{}", text.trim_end())?;
    out.flush()?;
    Ok(())
}

/// Othello perft against Edax: one row per depth (and per table setting).
fn run_edax(depths: &[usize], args: &BenchArgs, edax: &Edax, out: &mut dyn Write) -> Result<()> {
    writeln!(
        out,
        "bitgames: Othello move generator {} ({} forces one), perft table {} MiB ({} sets it)",
        othello::best_backend(),
        othello::BACKEND_ENV,
        PerftOptions::default().table_mib,
        othello::HASH_MIB_ENV
    )?;
    let (fastest, times) = othello::Backend::measure();
    let times: Vec<String> = times.iter().map(|(b, t)| format!("{b} {:.2} ms", t * 1e3)).collect();
    writeln!(
        out,
        "move generators on a 7-ply walk (wall time, best of 3): {} (fastest: {fastest})",
        times.join(", ")
    )?;
    let line = |out: &mut dyn Write, cells: [&str; 6]| -> Result<()> {
        let [work, ours, peer, ratio, n_ours, n_peer] = cells;
        write_row(
            out,
            &format!("  {work:<30} {ours:>16} {peer:>16} {ratio:>7}  {n_ours:>15} {n_peer:>15}"),
        )
    };
    line(out, ["work", "bitgames", "Edax", "ratio", "bitgames count", "Edax count"])?;

    let start = Othello::start();
    let variants: &[bool] = if args.without_table { &[true, false] } else { &[true] };
    for &depth in depths {
        for &table in variants {
            let opts = PerftOptions {
                table_mib: if table { PerftOptions::default().table_mib.max(1) } else { 0 },
                ..PerftOptions::default()
            };
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            let (mut n_ours, mut n_theirs) = (0, 0);
            for _ in 0..args.repeat {
                let t = cpu_seconds();
                n_ours = perft_bik_opts(&start, depth, opts).leaves;
                ours.push(cpu_seconds() - t);
                let (n, secs) = if table { edax.count_games(depth)? } else { edax.perft(depth)? };
                n_theirs = n;
                theirs.push(secs);
            }
            let (a, b) = (min(&ours), min(&theirs));
            let what = if table { "table" } else { "no table" };
            line(
                out,
                [
                    &format!("othello perft {depth}, {what}"),
                    &timing(&ours),
                    &timing(&theirs),
                    &if b > 0.0 { format!("{:.2}×", a / b) } else { "-".into() },
                    &n_ours.to_string(),
                    &n_theirs.to_string(),
                ],
            )?;
        }
    }
    writeln!(
        out,
        "counts: bitgames counts a finished game as a leaf at every later depth (Bik's \
         table); Edax only at its last ply (they agree to depth 9)"
    )?;
    Ok(())
}

/// `"11,12"` → `[11, 12]`.
fn parse_depths(text: &str) -> Result<Vec<usize>> {
    let mut depths = Vec::new();
    for part in text.split(',') {
        let d: usize = part.trim().parse().map_err(|_| {
            input_error(format!("--depths: '{}' is not a depth", bitgames::game::clip(part)))
        })?;
        if !(1..=MAX_DEPTH).contains(&d) {
            return Err(input_error(format!("--depths: {d} is out of range (1 to {MAX_DEPTH})")));
        }
        depths.push(d);
    }
    Ok(depths)
}

/// `0.123 s (×1.05)`: the fastest run and the spread.
fn timing(xs: &[f64]) -> String {
    let (lo, hi) = (min(xs), xs.iter().copied().fold(0.0, f64::max));
    if xs.len() < 2 || lo <= 0.0 {
        return format!("{lo:.3} s");
    }
    format!("{lo:.3} s (×{:.2})", hi / lo)
}

/// User + system CPU seconds of this process so far.
fn cpu_seconds() -> f64 {
    cpu_time::ProcessTime::try_now().map_or(0.0, |t| t.as_duration().as_secs_f64())
}

/// The date and time now, UTC, as `2026-11-23 15:04 UTC`.
fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02} UTC", rem / 3600, rem % 3600 / 60)
}

/// An Edax binary and the folder it runs in (the one holding `data/eval.dat`).
struct Edax {
    path: PathBuf,
    dir: PathBuf,
}

impl Edax {
    fn new(path: &Path) -> Result<Edax> {
        if !path.is_file() {
            return Err(input_error(format!("--edax: no file at '{}'", path.display())));
        }
        let path = path.canonicalize().with_context(|| format!("{}", path.display()))?;
        let bin = path.parent().unwrap_or(Path::new("/")).to_path_buf();
        // Edax reads `data/eval.dat` from its working folder: `bin/..` in its tree.
        let dir = [bin.parent().map(Path::to_path_buf), Some(bin.clone())]
            .into_iter()
            .flatten()
            .find(|d| d.join("data/eval.dat").is_file())
            .ok_or_else(|| {
                input_error(format!(
                    "--edax: Edax needs data/eval.dat in {} or its parent (any Edax \
                     weights file; perft does not evaluate)",
                    bin.display()
                ))
            })?;
        Ok(Edax { path, dir })
    }

    /// `edax -count games DEPTH`: the count and Edax's time at DEPTH.
    fn count_games(&self, depth: usize) -> Result<(u64, f64)> {
        let output = Command::new(&self.path)
            .args(["-count", "games", &depth.to_string(), "-book-usage", "off"])
            .current_dir(&self.dir)
            .stdin(Stdio::null())
            .output()
            .with_context(|| format!("running {}", self.path.display()))?;
        let text = String::from_utf8_lossy(&output.stdout);
        find_row(&text, depth).ok_or_else(|| {
            anyhow::anyhow!(
                "Edax printed no row for depth {depth} ({}): {}",
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            )
        })
    }

    /// Edax's `perft DEPTH` at its prompt (no table): the count and its time.
    fn perft(&self, depth: usize) -> Result<(u64, f64)> {
        let mut child = Command::new(&self.path)
            .args(["-book-usage", "off"])
            .current_dir(&self.dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("running {}", self.path.display()))?;
        let mut stdin = child.stdin.take().context("Edax's stdin")?;
        writeln!(stdin, "perft {depth}")?;
        let stdout = child.stdout.take().context("Edax's stdout")?;
        let mut found = None;
        let mut seen = String::new();
        for line in BufReader::new(stdout).lines() {
            let line = line?;
            if let Some(row) = find_row(&line, depth) {
                found = Some(row);
            }
            if line.starts_with("Total") {
                break;
            }
            seen.push_str(&line);
            seen.push('\n');
        }
        let _ = writeln!(stdin, "quit");
        drop(stdin);
        let _ = child.wait();
        found.ok_or_else(|| anyhow::anyhow!("Edax's perft printed no row for depth {depth}"))
    }
}

/// The count and time of Edax's row for `depth` in `text`, a line such as
/// `  12,      1939879668,   940, …,   0 - 20,    0:01.204,  1.809 Gmoves/s, …`.
fn find_row(text: &str, depth: usize) -> Option<(u64, f64)> {
    text.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        if fields.len() < 9 || fields[0] != depth.to_string() {
            return None;
        }
        let count = fields[1].parse().ok()?;
        Some((count, parse_clock(fields[7])?))
    })
}

/// Edax's `h:mm:ss.mmm` / `m:ss.mmm` clock in seconds.
fn parse_clock(text: &str) -> Option<f64> {
    text.split(':').try_fold(0.0, |acc, part| Some(acc * 60.0 + part.parse::<f64>().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edax_rows_are_read() {
        let text = "  11,       212258216,          576,            0,            0,          \
                    356,    0 - 18,        0:00.160,  1.492 Gmoves/s,  (h_tries = 89779)\n\
                    \x20 12,      1939879668,          940,            0,            0,         \
                    6384,    0 - 20,        1:01.204,  1.809 Gmoves/s";
        assert_eq!(find_row(text, 11), Some((212_258_216, 0.16)));
        let (n, t) = find_row(text, 12).unwrap();
        assert_eq!(n, 1_939_879_668);
        assert!((t - 61.204).abs() < 1e-9);
        assert_eq!(find_row(text, 13), None);
        assert_eq!(parse_clock("1:00:00.500"), Some(3600.5));
    }

    #[test]
    fn depths_are_checked() {
        assert_eq!(parse_depths("11, 12").unwrap(), vec![11, 12]);
        assert!(parse_depths("0").is_err() && parse_depths("x").is_err());
        assert!(utc_now().ends_with("UTC"));
    }
}

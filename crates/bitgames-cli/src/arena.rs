//! `bitgames arena`: a match between two engines on any game, pairs of games
//! with colours swapped from the same random opening, played in parallel, with
//! a live progress bar and a table of wins, draws, losses, score and Elo with
//! their 95% intervals, time and nodes a move.

use crate::common::{check_threads, clock_seed, grouped, input_error};
use anyhow::{Context, Result};
use bitgames::arena::{
    format_elo, run_match_sprt, MatchConfig, MatchGame, MatchReport, Sprt, SprtDecision,
};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};

/// Options of `bitgames arena`.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Game spec, e.g. connect4 or 'hex(size=9)'.
    pub game: String,
    /// The two engines: specs such as 'mcts(time=1s)' solver random
    /// (`bitgames engines GAME` lists them).
    #[arg(long, num_args = 2, required = true, value_names = ["SPEC_A", "SPEC_B"])]
    pub engines: Vec<String>,
    /// Games in all (rounded up to whole pairs: each opening is played twice,
    /// colours swapped).
    #[arg(long, short, default_value_t = 10)]
    pub games: usize,
    /// Games played at once (0: one per core).
    #[arg(long, short, default_value_t = 0)]
    pub threads: usize,
    /// Openings: `none`, or `random:K` for K random plies before the engines
    /// take over.
    #[arg(long, default_value = "none")]
    pub openings: String,
    /// Seed of the openings and of the engines that take one and are given
    /// none (default: from the clock).
    #[arg(long, short)]
    pub seed: Option<u64>,
    /// Stop early by a sequential probability ratio test on the game pairs:
    /// `elo0,elo1[,alpha,beta]` (alpha and beta 0.05 by default), H0: A is
    /// elo0 Elo stronger than B, H1: elo1; `--games` is then the most played.
    #[arg(long, value_name = "ELO0,ELO1[,ALPHA,BETA]", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// Write each game as SGF (Go and Hex) into this folder, as
    /// game-001.sgf, game-002.sgf, … while the match goes on.
    #[arg(long, value_name = "DIR")]
    pub sgf: Option<std::path::PathBuf>,
    /// Print the report as JSON (config, both engines' lines, every game).
    #[arg(long)]
    pub json: bool,
}

/// Reads `--openings`: `none` or `random:K`.
fn opening_plies(text: &str) -> Result<usize> {
    let t = text.trim().to_ascii_lowercase();
    if t == "none" {
        return Ok(0);
    }
    let k = t
        .strip_prefix("random:")
        .and_then(|k| k.trim().parse::<usize>().ok())
        .filter(|&k| k <= 1000)
        .ok_or_else(|| {
            input_error(format!("--openings '{text}' is not none or random:K with K at most 1000"))
        })?;
    Ok(k)
}

/// Plays the match and prints the table (or JSON).
pub fn run(args: &ArenaArgs, out: &mut dyn Write) -> Result<()> {
    check_threads(args.threads)?;
    if args.games == 0 || args.games > 1_000_000 {
        return Err(input_error(format!("--games {} must be 1–1000000", args.games)));
    }
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose().map_err(input_error)?;
    let config = MatchConfig {
        game: args.game.clone(),
        engines: [args.engines[0].clone(), args.engines[1].clone()],
        games: args.games,
        opening_plies: opening_plies(&args.openings)?,
        seed: args.seed.unwrap_or_else(clock_seed),
        threads: args.threads,
    };
    if let Some(dir) = &args.sgf {
        let spec = bitgames::new_game(&config.game).context("game")?.spec();
        if bitgames::sgf::game_number(&spec).is_none() {
            return Err(input_error(format!("--sgf: SGF is written for go and hex, not {spec}")));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| input_error(format!("--sgf {}: {e}", dir.display())))?;
        crate::interrupt::install(format!(
            "the match was not finished; the SGF files of its finished games are in '{}', each whole",
            dir.display()
        ))?;
    }
    let sgf_errors = std::sync::Mutex::new(Vec::<String>::new());
    let total = config.games.div_ceil(2) * 2;
    let bar = ProgressBar::new(total as u64);
    if std::io::stderr().is_terminal() && !args.json {
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games, {elapsed} (eta {eta})  {msg}",
            )
            .expect("valid template"),
        );
    } else {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let counts = [AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)];
    let progress = |g: &MatchGame| {
        let slot = match g.winner {
            Some(0) => 0,
            None => 1,
            Some(_) => 2,
        };
        counts[slot].fetch_add(1, Ordering::Relaxed);
        let [w, d, l] = [0, 1, 2].map(|i| counts[i].load(Ordering::Relaxed));
        bar.set_message(format!("A: +{w} ={d} -{l}"));
        bar.inc(1);
        if let Some(dir) = &args.sgf {
            if let Err(e) = write_sgf(dir, &config.game, g) {
                sgf_errors.lock().unwrap_or_else(|p| p.into_inner()).push(e);
            }
        }
    };
    let make = |game: &dyn bitgames::DynGame, spec: &str| bitgames::new_engine(game, spec);
    let report = run_match_sprt(&config, &make, sprt, &progress).context("arena")?;
    bar.finish_and_clear();
    for e in sgf_errors.into_inner().unwrap_or_else(|p| p.into_inner()) {
        eprintln!("error: {e}");
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(());
    }
    write_table(&report, out)
}

/// Writes game `g` as `DIR/game-NNN.sgf` (whole, through a partial file); the
/// error in words.
fn write_sgf(dir: &std::path::Path, game: &str, g: &MatchGame) -> Result<(), String> {
    let path = dir.join(format!("game-{:03}.sgf", g.index + 1));
    let text = bitgames::sgf::write_match_game(game, g).map_err(|e| e.to_string())?;
    crate::interrupt::write_whole(&path, text.as_bytes()).map_err(|e| format!("{e:#}"))
}

/// The match table, then the faults.
fn write_table(r: &MatchReport, out: &mut dyn Write) -> Result<()> {
    let c = &r.config;
    let openings = match c.opening_plies {
        0 => "none".to_string(),
        k => format!("random:{k}"),
    };
    writeln!(
        out,
        "arena {}: {} games ({} pairs, colours swapped), openings {openings}, seed {}, {:.1} s",
        r.game,
        r.games.len(),
        r.games.len() / 2,
        c.seed,
        r.elapsed.as_secs_f64()
    )?;
    let width = r.engines.iter().map(|e| e.spec.len()).max().unwrap_or(6).max(6);
    writeln!(
        out,
        "   {:<width$}  {:>4} {:>4} {:>4}  {:>5}  {:<14}  {:>5}  {:<13}  {:>9}  {:>10}",
        "engine",
        "W",
        "D",
        "L",
        "score",
        "95% interval",
        "Elo",
        "95% interval",
        "ms/move",
        "nodes/move"
    )?;
    for (name, e) in ["A", "B"].iter().zip(&r.engines) {
        let (lo, hi) = e.score_interval;
        let (elo_lo, elo_hi) = e.elo_interval;
        let nodes = e.nodes_per_move.map_or("-".to_string(), |n| grouped(n.round() as u64));
        writeln!(
            out,
            "{name}  {:<width$}  {:>4} {:>4} {:>4}  {:>5.3}  {:<14}  {:>5}  {:<13}  {:>9.1}  {:>10}",
            e.spec,
            e.tally.wins,
            e.tally.draws,
            e.tally.losses,
            e.score,
            format!("[{lo:.3}, {hi:.3}]"),
            format_elo(e.elo),
            format!("[{}, {}]", format_elo(elo_lo), format_elo(elo_hi)),
            e.ms_per_move,
            nodes
        )?;
    }
    if let Some(v) = &r.sprt {
        let t = &v.test;
        let verdict = match v.decision {
            SprtDecision::AcceptH1 => format!("H1 accepted (A ≥ {} Elo)", t.elo1),
            SprtDecision::AcceptH0 => format!("H0 accepted (A ≤ {} Elo)", t.elo0),
            SprtDecision::Continue => "no decision by the game limit".to_string(),
        };
        writeln!(
            out,
            "SPRT elo0={} elo1={} alpha={} beta={}: {verdict}; LLR {:.3} in [{:.3}, {:.3}] after {} pairs",
            t.elo0,
            t.elo1,
            t.alpha,
            t.beta,
            v.llr,
            v.bounds.0,
            v.bounds.1,
            v.pairs.pairs()
        )?;
    }
    for g in r.games.iter().filter(|g| g.fault.is_some()) {
        writeln!(out, "game {}: {}", g.index + 1, g.result)?;
    }
    Ok(())
}

//! Matches between two engines on any game: pairs of games with the colours
//! swapped from the same opening, played in parallel on rayon, with the
//! statistics of [`stats`] (score, 95% interval, Elo).
//!
//! An engine that fails (returns an error, no move, or an illegal one, or
//! panics) loses that game; the fault is recorded and the match goes on.
//!
//! A match may stop early by a sequential probability ratio test
//! ([`Sprt`], on the pairs' results) once it accepts either hypothesis.

pub mod stats;

use crate::dynamic::DynGame;
use crate::engine::Engine;
use crate::game::{mix64, Outcome, Player};
use crate::registry::{engines_for, new_engine, new_game, parse_spec, write_spec, SpecError};
use rayon::prelude::*;
pub use stats::{elo, format_elo, PairTally, Sprt, SprtDecision, Tally};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What to play.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MatchConfig {
    /// Game spec.
    pub game: String,
    /// The two engines' specs: engine 0 ("A") and engine 1 ("B").
    pub engines: [String; 2],
    /// Games in all (an odd count is rounded up to whole pairs).
    pub games: usize,
    /// Random plies played before the engines take over (the same for both
    /// games of a pair).
    pub opening_plies: usize,
    /// Seed of the openings and of the engines' seeds where a spec sets none.
    pub seed: u64,
    /// Games played at once (0: one per core).
    pub threads: usize,
}

/// One game of a match.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MatchGame {
    /// Its number, from 0.
    pub index: usize,
    /// Which engine (0 or 1) moved first after the opening.
    pub first: usize,
    /// The engines' specs as they played (seed filled in), first mover first.
    pub players: [String; 2],
    /// The random opening.
    pub opening: Vec<String>,
    /// The engines' moves.
    pub moves: Vec<String>,
    /// The winning engine (0 or 1); `None` for a draw.
    pub winner: Option<usize>,
    /// The result in words (`X wins`, `draw`, `O wins: X's engine failed: …`).
    pub result: String,
    /// The engine that failed and how, if one did.
    pub fault: Option<(usize, String)>,
    /// Time each engine spent choosing.
    pub time: [Duration; 2],
    /// Moves each engine made.
    pub engine_moves: [u64; 2],
    /// Nodes each engine reported, and on how many of its moves.
    pub nodes: [(u64, u64); 2],
}

impl MatchGame {
    /// The game lost by engine `e` (spec `spec`, playing `side`), which
    /// failed: `why`.
    fn forfeit(
        mut self, game: &dyn DynGame, side: Player, (e, spec): (usize, &str), why: String,
    ) -> MatchGame {
        let (winner, loser) = (game.player_name(side.other()), game.player_name(side));
        self.winner = Some(1 - e);
        self.result = format!("{winner} wins: {loser}'s engine {spec} failed: {why}");
        self.fault = Some((e, why));
        self
    }
}

/// One engine's line of the match table.
#[derive(Clone, Debug, serde::Serialize)]
pub struct EngineSummary {
    /// Its spec (as given).
    pub spec: String,
    /// Its wins, draws and losses.
    pub tally: Tally,
    /// Its score, 0–1.
    pub score: f64,
    /// The score's 95% confidence interval.
    pub score_interval: (f64, f64),
    /// Its Elo difference to the other engine.
    pub elo: f64,
    /// The Elo difference's 95% interval.
    pub elo_interval: (f64, f64),
    /// Mean time a move, in milliseconds.
    pub ms_per_move: f64,
    /// Mean nodes a move, where it reports them.
    pub nodes_per_move: Option<f64>,
    /// Games it lost by a fault.
    pub faults: u64,
}

/// A finished match.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MatchReport {
    /// The game's full spec.
    pub game: String,
    /// What was played.
    pub config: MatchConfig,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Both engines' lines.
    pub engines: [EngineSummary; 2],
    /// Every game, in order.
    pub games: Vec<MatchGame>,
    /// The stop rule's verdict, when the match ran under one.
    pub sprt: Option<SprtReport>,
}

/// Where a match's SPRT stands.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SprtReport {
    /// The test.
    pub test: Sprt,
    /// The log-likelihood ratio when the match stopped (for engine A being
    /// the stronger).
    pub llr: f64,
    /// The bounds it is compared with.
    pub bounds: (f64, f64),
    /// What it concluded ([`SprtDecision::Continue`]: the game limit came
    /// first).
    pub decision: SprtDecision,
    /// The pairs it counted.
    pub pairs: PairTally,
}

/// Plays the match, calling `progress` after each game (from the thread that
/// played it). Errors only for specs that do not build; faults during the games
/// are in the report.
pub fn run_match(
    config: &MatchConfig, progress: &(dyn Fn(&MatchGame) + Sync),
) -> Result<MatchReport, SpecError> {
    run_match_with(config, &|game, spec| new_engine(game, spec), progress)
}

/// Builds an engine from its spec for a game.
pub type EngineMaker<'a> =
    dyn Fn(&dyn DynGame, &str) -> Result<Box<dyn Engine>, SpecError> + Sync + 'a;

/// [`run_match`] with engines built by `make` (an engine of the caller's own,
/// an outside program) instead of the registry.
pub fn run_match_with(
    config: &MatchConfig, make: &EngineMaker<'_>, progress: &(dyn Fn(&MatchGame) + Sync),
) -> Result<MatchReport, SpecError> {
    run_match_sprt(config, make, None, progress)
}

/// [`run_match_with`] under a stop rule: with `sprt`, the match stops
/// starting games once the test on the finished pairs accepts H0 or H1
/// (games already under way are finished and counted); `config.games` is
/// then the most it plays.
pub fn run_match_sprt(
    config: &MatchConfig, make: &EngineMaker<'_>, sprt: Option<Sprt>,
    progress: &(dyn Fn(&MatchGame) + Sync),
) -> Result<MatchReport, SpecError> {
    let start_pos = new_game(&config.game)?;
    for e in &config.engines {
        make(start_pos.as_ref(), e)?;
    }
    let pairs = config.games.div_ceil(2);
    let openings: Vec<Vec<String>> =
        (0..pairs).map(|p| opening(start_pos.as_ref(), config, p)).collect();
    let threads = crate::parallel::threads(config.threads);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SpecError::Threads { job: "arena", why: e.to_string() })?;
    let started = Instant::now();
    let stop = AtomicBool::new(false);
    let pending = Mutex::new(SprtState {
        scores: vec![None; 2 * pairs],
        pairs: PairTally::default(),
        verdict: None,
    });
    let games: Vec<MatchGame> = pool.install(|| {
        (0..2 * pairs)
            .into_par_iter()
            .filter_map(|i| {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                let g = play_one(start_pos.as_ref(), config, make, i, &openings[i / 2]);
                if let Some(test) = sprt {
                    let mut st = pending.lock().unwrap_or_else(|e| e.into_inner());
                    if st.record(&test, &g) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                progress(&g);
                Some(g)
            })
            .collect()
    });
    let st = pending.into_inner().unwrap_or_else(|e| e.into_inner());
    let sprt = sprt.map(|test| {
        st.verdict.clone().unwrap_or_else(|| {
            let llr = test.llr_pairs(&st.pairs);
            SprtReport {
                test,
                llr,
                bounds: test.bounds(),
                decision: test.decide(llr),
                pairs: st.pairs,
            }
        })
    });
    let engines = [0, 1].map(|e| summary(config, &games, e));
    Ok(MatchReport {
        config: config.clone(),
        game: start_pos.spec(),
        engines,
        games,
        elapsed: started.elapsed(),
        sprt,
    })
}

/// The SPRT's running count: engine A's score in each finished game, the
/// finished pairs, and the verdict once there is one.
struct SprtState {
    scores: Vec<Option<f64>>,
    pairs: PairTally,
    verdict: Option<SprtReport>,
}

impl SprtState {
    /// Counts a finished game; true when the test has just decided.
    fn record(&mut self, test: &Sprt, g: &MatchGame) -> bool {
        let score = match g.winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        self.scores[g.index] = Some(score);
        let Some(other) = self.scores[g.index ^ 1] else { return false };
        self.pairs.add(score, other);
        if self.verdict.is_some() {
            return false;
        }
        let llr = test.llr_pairs(&self.pairs);
        let decision = test.decide(llr);
        if decision == SprtDecision::Continue {
            return false;
        }
        self.verdict = Some(SprtReport {
            test: *test,
            llr,
            bounds: test.bounds(),
            decision,
            pairs: self.pairs,
        });
        true
    }
}

/// The text of a panic's payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// The random opening of pair `pair`: `opening_plies` random moves, drawn
/// again (up to 100 times) when they end the game.
fn opening(start: &dyn DynGame, config: &MatchConfig, pair: usize) -> Vec<String> {
    let mut last = Vec::new();
    for attempt in 0..100u64 {
        let mut g = start.clone_box();
        let mut moves = Vec::new();
        let base = mix64(config.seed ^ mix64(pair as u64) ^ (attempt << 40));
        for ply in 0..config.opening_plies {
            let Some(m) = g.random_move(mix64(base ^ ply as u64)) else { break };
            if g.play_text(&m).is_err() {
                break;
            }
            moves.push(m);
        }
        if g.outcome().is_none() {
            return moves;
        }
        last = moves;
    }
    last
}

/// An engine spec with a seed of its own for game `index` when the engine
/// takes a seed and the spec sets none.
fn seeded(game: &dyn DynGame, spec: &str, seed: u64) -> String {
    let Ok(parsed) = parse_spec(spec) else { return spec.to_string() };
    let takes_seed = engines_for(game)
        .iter()
        .find(|e| e.name == parsed.name || e.aliases.contains(&parsed.name.as_str()))
        .is_some_and(|e| e.params.iter().any(|p| p.name == "seed"));
    if !takes_seed || parsed.params.iter().any(|(k, _)| k.eq_ignore_ascii_case("seed")) {
        return spec.to_string();
    }
    let mut params = parsed.params;
    params.push(("seed".into(), (seed % (u32::MAX as u64 + 1)).to_string()));
    write_spec(&parsed.name, &params)
}

/// Plays game `index`: engine `index % 2` moves first after the opening.
fn play_one(
    start: &dyn DynGame, config: &MatchConfig, make: &EngineMaker<'_>, index: usize,
    opening: &[String],
) -> MatchGame {
    let first = index % 2;
    let mut game = start.clone_box();
    for m in opening {
        // The opening was played on this same start position.
        let _ = game.play_text(m);
    }
    let specs = [0, 1].map(|e| {
        seeded(start, &config.engines[e], mix64(config.seed ^ (index as u64) << 8 ^ e as u64))
    });
    // Built again for every game (fresh tables and trees); a build that fails
    // or panics now is that engine's fault in this game.
    let built: Vec<Result<Box<dyn Engine>, String>> = specs
        .iter()
        .map(|s| match catch_unwind(AssertUnwindSafe(|| make(start, s))) {
            Ok(Ok(e)) => Ok(e),
            Ok(Err(e)) => Err(format!("cannot be built: {e}")),
            Err(p) => Err(format!("panicked while being built: {}", panic_text(p.as_ref()))),
        })
        .collect();
    // The engine to move: `first` plays the side to move after the opening.
    let first_side = game.side_to_move();
    let mut record = MatchGame {
        index,
        first,
        players: [specs[first].clone(), specs[1 - first].clone()],
        opening: opening.to_vec(),
        moves: Vec::new(),
        winner: None,
        result: String::new(),
        fault: None,
        time: [Duration::ZERO; 2],
        engine_moves: [0; 2],
        nodes: [(0, 0); 2],
    };
    let engine_of = |side| if side == first_side { first } else { 1 - first };
    let mut engines: Vec<Box<dyn Engine>> = Vec::with_capacity(2);
    for (e, b) in built.into_iter().enumerate() {
        match b {
            Ok(engine) => engines.push(engine),
            Err(why) => {
                let side = if e == first { first_side } else { first_side.other() };
                return record.forfeit(game.as_ref(), side, (e, &specs[e]), why);
            }
        }
    }
    while game.outcome().is_none() {
        let side = game.side_to_move();
        let e = engine_of(side);
        let t = Instant::now();
        let engine = &mut engines[e];
        let chosen = catch_unwind(AssertUnwindSafe(|| engine.choose(game.as_ref())))
            .unwrap_or_else(|p| {
                Err(crate::engine::EngineError::Failed {
                    engine: specs[e].clone(),
                    why: format!("panicked: {}", panic_text(p.as_ref())),
                })
            });
        record.time[e] += t.elapsed();
        record.engine_moves[e] += 1;
        let fault = match chosen {
            Err(err) => Some(err.to_string()),
            Ok(None) => Some("no move in a game that is not over".to_string()),
            Ok(Some(m)) => {
                if let Some(n) = m.nodes {
                    record.nodes[e].0 += n;
                    record.nodes[e].1 += 1;
                }
                match game.play_text(&m.mv) {
                    Ok(()) => {
                        record.moves.push(m.mv);
                        None
                    }
                    Err(err) => Some(format!("illegal move '{}': {err}", m.mv)),
                }
            }
        };
        if let Some(why) = fault {
            return record.forfeit(game.as_ref(), side, (e, &specs[e]), why);
        }
    }
    let outcome = game.outcome().expect("the loop ends when the game is over");
    record.winner = match outcome {
        Outcome::WonBy(p) => Some(engine_of(p)),
        Outcome::Draw => None,
    };
    record.result = game.describe_outcome(outcome);
    record
}

/// Engine `e`'s line from the games.
fn summary(config: &MatchConfig, games: &[MatchGame], e: usize) -> EngineSummary {
    let mut tally = Tally::default();
    let (mut time, mut moves, mut nodes, mut counted, mut faults) = (Duration::ZERO, 0, 0, 0, 0);
    for g in games {
        match g.winner {
            Some(w) if w == e => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        time += g.time[e];
        moves += g.engine_moves[e];
        nodes += g.nodes[e].0;
        counted += g.nodes[e].1;
        faults += u64::from(g.fault.as_ref().is_some_and(|f| f.0 == e));
    }
    EngineSummary {
        spec: config.engines[e].clone(),
        tally,
        score: tally.score(),
        score_interval: tally.score_interval(),
        elo: tally.elo(),
        elo_interval: tally.elo_interval(),
        ms_per_move: if moves == 0 { 0.0 } else { time.as_secs_f64() * 1000.0 / moves as f64 },
        nodes_per_move: (counted > 0).then(|| nodes as f64 / counted as f64),
        faults,
    }
}

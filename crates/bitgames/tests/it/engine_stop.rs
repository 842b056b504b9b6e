//! Engines called off mid-move with their stop flag ([`Engine::set_stop`]):
//! searches that would take minutes end soon after the flag is raised, with a
//! legal move when they have searched one, else `EngineError::Stopped`; lowered,
//! the same engine plays on correctly.

use bitgames::engine::{Engine, EngineError};
use bitgames::games::othello::player::{Level, OthelloPlayer};
use bitgames::games::othello::Othello;
use bitgames::registry::{new_engine, new_game};
use bitgames::search::SearchError;
use bitgames::DynGame;
use bitgames::Rules;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// How late a stopped search may answer after its flag is raised. The engines
/// poll it every simulation or 1024 nodes (milliseconds); the margin is for a
/// loaded two-core test machine.
const GRACE: Duration = Duration::from_secs(3);

/// Runs `work` while another thread raises `flag` after `after`; returns what
/// `work` answered and how long after the raise it answered.
fn stopped_after<T>(
    flag: &Arc<AtomicBool>, after: Duration, work: impl FnOnce() -> T,
) -> (T, Duration) {
    let raiser = {
        let flag = Arc::clone(flag);
        thread::spawn(move || {
            thread::sleep(after);
            flag.store(true, Relaxed);
            Instant::now()
        })
    };
    let out = work();
    let done = Instant::now();
    let raised = raiser.join().unwrap();
    (out, done.saturating_duration_since(raised))
}

/// `game` after the moves of `line` (blank-separated).
fn position(spec: &str, line: &str) -> Box<dyn DynGame> {
    let mut g = new_game(spec).unwrap();
    for m in line.split_whitespace() {
        g.play_text(m).unwrap();
    }
    g
}

/// Stops `engine` on `game` mid-search after `after`: it answers a legal move
/// within [`GRACE`]; then, with the flag raised, a new move is refused at once
/// with `Stopped`.
fn stops_mid_search(engine: &mut dyn Engine, game: &dyn DynGame, after: Duration) {
    let flag = Arc::new(AtomicBool::new(false));
    engine.set_stop(Some(Arc::clone(&flag)));
    let (chosen, late) = stopped_after(&flag, after, || engine.choose(game));
    let spec = engine.spec();
    let mv = chosen.unwrap_or_else(|e| panic!("{spec}: {e}")).expect("a move").mv;
    assert!(game.legal_moves().contains(&mv), "{spec}: {mv} is not legal");
    assert!(late < GRACE, "{spec} answered {late:?} after the stop");
    let t = Instant::now();
    assert_eq!(engine.choose(game), Err(EngineError::Stopped { engine: spec.clone() }));
    assert!(t.elapsed() < GRACE, "{spec}: a raised flag did not refuse at once");
    flag.store(false, Relaxed);
}

/// MCTS with a 600 s budget, on one thread and on two (one tree each, and one
/// shared tree): every thread stops; lowered, the same engine proves and plays
/// Connect Four's win in one (X has 3, 4 and 5 on the bottom row: 2 or 6).
#[test]
fn a_stopped_mcts_answers_at_once_and_plays_on() {
    let empty = new_game("connect4").unwrap();
    let win = position("connect4", "3 3 4 4 5 5");
    for spec in
        ["mcts(time=600s)", "mcts(time=600s,threads=2)", "mcts(time=600s,threads=2,parallel=tree)"]
    {
        let mut e = new_engine(empty.as_ref(), spec).unwrap();
        stops_mid_search(e.as_mut(), empty.as_ref(), Duration::from_millis(300));
        let t = Instant::now();
        let mv = e.choose(win.as_ref()).unwrap().unwrap().mv;
        assert!(mv == "2" || mv == "6", "{spec} played {mv} instead of winning");
        assert!(t.elapsed() < GRACE, "{spec}: the proven win took {:?}", t.elapsed());
    }
}

/// Generic alpha-beta 40 plies deep on the empty Connect Four board (far more
/// than minutes): stopped, it answers its deepest iteration's move; lowered and
/// stopped again on a win in one, its move is the win (found at depth 1).
#[test]
fn a_stopped_alphabeta_answers_its_best_move_so_far() {
    let empty = new_game("connect4").unwrap();
    let win = position("connect4", "3 3 4 4 5 5");
    let mut e = new_engine(empty.as_ref(), "alphabeta(depth=40)").unwrap();
    stops_mid_search(e.as_mut(), empty.as_ref(), Duration::from_millis(300));
    let flag = Arc::new(AtomicBool::new(false));
    e.set_stop(Some(Arc::clone(&flag)));
    let (chosen, late) =
        stopped_after(&flag, Duration::from_millis(300), || e.choose(win.as_ref()));
    let mv = chosen.unwrap().unwrap().mv;
    assert!(mv == "2" || mv == "6", "alphabeta played {mv} instead of winning");
    assert!(late < GRACE, "answered {late:?} after the stop");
}

/// A midgame Othello position (Tiger's opening, 50 empties).
const TIGER: &str = "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7";

/// The Othello player 20 plies deep: called off, it answers a shallower
/// iteration's move; lowered, it searches again to the depth asked.
#[test]
fn a_stopped_othello_player_answers_a_shallower_move_and_plays_on() {
    let g = position("othello", TIGER);
    let pos = *g.as_any().downcast_ref::<Othello>().unwrap();
    let mut p = OthelloPlayer::new(Level::new(10).unwrap());
    p.set_depth(20, 0);
    let flag = Arc::new(AtomicBool::new(false));
    p.set_stop(Some(Arc::clone(&flag)));
    let (c, late) = stopped_after(&flag, Duration::from_millis(300), || p.choose(&pos));
    let c = c.unwrap();
    assert!(c.depth >= 1 && c.depth < 20, "depth {}", c.depth);
    assert!(pos.is_legal(c.mv), "{}", c.mv);
    assert!(late < GRACE, "answered {late:?} after the stop");
    assert_eq!(p.choose(&pos), Err(SearchError::Stopped));
    assert_eq!(p.evaluate_move(&pos, c.mv, 3), Err(SearchError::Stopped));
    flag.store(false, Relaxed);
    p.set_depth(4, 0);
    let again = p.choose(&pos).unwrap();
    assert_eq!(again.depth, 4);
    assert!(pos.is_legal(again.mv));
}

/// The registry's Othello engine at level 10 stops mid-move too; an exact
/// solve (20 empties, FFO #40) asked while the flag is raised has no move.
#[test]
fn the_othello_engine_stops_in_the_midgame_and_the_endgame() {
    let g = position("othello", TIGER);
    let mut e = new_engine(g.as_ref(), "alphabeta(level=10)").unwrap();
    stops_mid_search(e.as_mut(), g.as_ref(), Duration::from_millis(300));
    let mut ffo40 = new_game("othello").unwrap();
    let obf = include_str!("../data/othello/fforum-40-59.obf").lines().next().unwrap();
    ffo40.set_position(obf).unwrap();
    let flag = Arc::new(AtomicBool::new(true));
    e.set_stop(Some(Arc::clone(&flag)));
    assert!(matches!(e.choose(ffo40.as_ref()), Err(EngineError::Stopped { .. })));
}

/// The Connect Four solver engine has no move before its solve ends: stopped
/// on the empty board (minutes of search) it answers `Stopped`; lowered, it
/// plays the win in one.
#[test]
fn a_stopped_connect4_solver_engine_answers_stopped_and_plays_on() {
    let empty = new_game("connect4").unwrap();
    let win = position("connect4", "3 3 4 4 5 5");
    // No book: the shipped one answers the empty board at once.
    let mut e = new_engine(empty.as_ref(), "solver(table_mib=16,book=none)").unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    e.set_stop(Some(Arc::clone(&flag)));
    let (r, late) = stopped_after(&flag, Duration::from_millis(300), || e.choose(empty.as_ref()));
    assert_eq!(r, Err(EngineError::Stopped { engine: e.spec() }));
    assert!(late < GRACE, "answered {late:?} after the stop");
    flag.store(false, Relaxed);
    let mv = e.choose(win.as_ref()).unwrap().unwrap().mv;
    assert!(mv == "2" || mv == "6", "the solver played {mv}");
}

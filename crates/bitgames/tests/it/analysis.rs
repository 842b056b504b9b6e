//! The analysis capability: which analyser each game and position gets, and
//! the typed events of a run (the web app's values come from here).

use bitgames::analysis::{Event, Limits, Sink, Unit};
use bitgames::games::othello::formats::ObfRecord;
use bitgames::games::othello::FFO_40_59;
use bitgames::new_game;
use bitgames::registry::analyser_for as for_game;
use bitgames::Notation;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn play(spec: &str, moves: &str) -> Box<dyn bitgames::DynGame> {
    let mut g = new_game(spec).unwrap();
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap();
    }
    g
}

#[test]
fn each_game_and_position_gets_its_analyser() {
    let pick = |g: &dyn bitgames::DynGame| {
        let d = for_game(g).describe();
        (d.unit, d.exact)
    };
    assert_eq!(pick(play("connect4", "").as_ref()), (Unit::Pons, true));
    // 8×7 has 56 cells: exact only once at most 36 are empty.
    assert_eq!(pick(play("connect4(width=8,height=7)", "").as_ref()), (Unit::Percent, false));
    assert_eq!(pick(play("othello", "").as_ref()), (Unit::Discs, false));
    // FFO #40: 20 empties.
    let line = FFO_40_59.lines().next().unwrap();
    let ffo40 = ObfRecord::parse(line).unwrap().position.position();
    let mut o = new_game("othello").unwrap();
    o.set_position(&ffo40).unwrap();
    assert_eq!(pick(o.as_ref()), (Unit::Discs, true));
    for spec in ["hex", "go", "tictactoe", "havannah"] {
        assert_eq!(pick(play(spec, "").as_ref()), (Unit::Percent, false), "{spec}");
    }
}

/// Runs an analysis for at most `time`, collecting its events.
fn run(g: &dyn bitgames::DynGame, time: Duration) -> (Vec<(String, f64)>, Vec<Event>) {
    let events = Arc::new(Mutex::new(Vec::new()));
    let into = Arc::clone(&events);
    let sink: Sink = Arc::new(move |e| into.lock().unwrap().push(e));
    let limits = Limits {
        time,
        deadline: Instant::now() + time + Duration::from_secs(30),
        stop: Arc::new(AtomicBool::new(false)),
    };
    let values = for_game(g).analyse(g, &limits, &sink).unwrap();
    let events = events.lock().unwrap().clone();
    (values, events)
}

#[test]
fn connect4_columns_and_an_mcts_win() {
    // The empty 7×6 board from the shipped book: Pons' published scores.
    let (values, events) = run(play("connect4", "").as_ref(), Duration::from_secs(5));
    let scores: Vec<f64> = values.iter().map(|(_, v)| *v).collect();
    assert_eq!(scores, [-2.0, -1.0, 0.0, 1.0, 0.0, -1.0, -2.0]);
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Move(_))).count(), 7);
    // Tic-tac-toe: X wins at once with c3, every other move loses.
    let mut t = new_game("tictactoe").unwrap();
    t.set_position("XX./OO./...").unwrap();
    let (values, events) = run(t.as_ref(), Duration::from_millis(300));
    let best = values.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    assert_eq!((best.0.as_str(), best.1), ("c3", 100.0));
    assert!(events.iter().any(|e| matches!(e, Event::Progress(p) if p.contains("simulations"))));
}

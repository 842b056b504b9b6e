//! The m,n,k-games' retrograde tables (issue 34), reached through the
//! registry as a user reaches them, checked against published results
//! (tic-tac-toe's 5,478 positions and its draw; Wikipedia, "m,n,k-game": 4×3
//! and 4×4 with k = 3 first-player wins, 4×4 with k = 4 a draw) and, on every
//! position reachable from the empty board of the smaller boards, against a
//! search written here (negamax over the game's own moves, the fastest win and
//! the slowest loss).

use crate::common::{build_table, game, match_config, play_match, tablebase};
use bitgames::retro::{Counts, Table, Value};
use bitgames::tools::TableBuild;
use bitgames::{DynGame, Outcome};
use std::collections::HashMap;

/// The value of `g` for the side to move by search, with every position
/// reached from it (by its position text) and its value.
pub(crate) fn search(g: &dyn DynGame, seen: &mut HashMap<String, Value>) -> Value {
    let key = g.position();
    if let Some(&v) = seen.get(&key) {
        return v;
    }
    let v = match g.outcome() {
        // The last mover made its line: lost for the side to move.
        Some(Outcome::WonBy(_)) => Value::Loss(0),
        Some(Outcome::Draw) => Value::Draw,
        None => {
            let mut best: Option<Value> = None;
            for mv in g.legal_moves() {
                let mut child = g.clone_box();
                child.play_text(&mv).unwrap();
                let v = search(child.as_ref(), seen).before();
                if best.is_none_or(|b| v.rank() > b.rank()) {
                    best = Some(v);
                }
            }
            best.unwrap()
        }
    };
    seen.insert(key, v);
    v
}

/// Every position reachable on the board of `spec` agrees with the search,
/// and the table holds no other position; the table's counts.
pub(crate) fn agrees_with_search(spec: &str) -> Counts {
    let table = build_table(spec);
    let reached = reachable_agree(spec, &table);
    let counts = table.counts();
    assert_eq!(counts.positions(), reached as u64, "{spec}");
    counts
}

/// Every position reachable from the start of `spec` has the value in
/// `table` that the search finds, and every move the value after it; the
/// positions reached.
pub(crate) fn reachable_agree(spec: &str, table: &Table) -> usize {
    let probe = tablebase(spec).probe;
    let mut seen = HashMap::new();
    search(game(spec).as_ref(), &mut seen);
    let mut g = game(spec);
    for (pos, want) in &seen {
        g.set_position(pos).unwrap();
        let got = probe(table, g.as_ref()).unwrap();
        assert_eq!(got.value, *want, "{spec} {pos}");
        // Each move's value is the value after it, for the mover.
        let best = got.moves.iter().map(|m| m.value.rank()).max();
        assert!(best.is_none_or(|b| b == want.rank()), "{spec} {pos}: {:?}", got.moves);
    }
    seen.len()
}

#[test]
fn tic_tac_toe_is_a_draw_in_5478_positions() {
    let c = agrees_with_search("tictactoe");
    // 5,478 positions reachable from the empty board (the published count);
    // won, lost and drawn for the side to move, as the search finds them.
    let want = Counts {
        won: 2836,
        lost: 1574,
        drawn: 1068,
        not_positions: c.not_positions,
        longest_win: 5,
    };
    assert_eq!(c, want);
    assert_eq!(c.positions(), 5478);
    let t = build_table("tictactoe");
    let p = (tablebase("tictactoe").probe)(&t, game("tictactoe").as_ref()).unwrap();
    assert_eq!(p.value, Value::Draw);
    assert_eq!(p.moves.len(), 9);
    assert!(p.moves.iter().all(|m| m.value == Value::Draw), "{:?}", p.moves);
}

#[test]
fn small_boards_agree_with_search_everywhere() {
    // 4×3 and 3×4 with k = 3: first-player wins (Wikipedia, "m,n,k-game").
    for spec in ["tictactoe(width=4,height=3)", "tictactoe(width=3,height=4)"] {
        let c = agrees_with_search(spec);
        assert_eq!((c.won, c.lost, c.drawn), (64738, 44175, 3060), "{spec}");
        let p = (tablebase(spec).probe)(&build_table(spec), game(spec).as_ref()).unwrap();
        assert!(matches!(p.value, Value::Win(_)), "{spec}: {p:?}");
    }
    agrees_with_search("tictactoe(width=4,height=2,k=2)");
}

#[test]
fn four_by_four_results() {
    for (k, win) in [(3, true), (4, false)] {
        let spec = format!("tictactoe(width=4,height=4,k={k})");
        let t = build_table(&spec);
        let p = (tablebase(&spec).probe)(&t, game(&spec).as_ref()).unwrap();
        assert_eq!(matches!(p.value, Value::Win(_)), win, "{spec}: {p:?}");
        assert_eq!(p.value == Value::Draw, !win, "{spec}: {p:?}");
        if k == 4 {
            // 9,722,011 positions reachable, as a separate search (a memoised
            // negamax over sets of cells in Python, written for this check)
            // counts them, with the same won, lost and drawn.
            let c = t.counts();
            assert_eq!((c.won, c.lost, c.drawn), (2_730_266, 960_556, 6_031_189));
            assert_eq!(c.positions(), 9_722_011);
        }
    }
}

#[test]
fn the_file_and_the_errors() {
    let dir = std::env::temp_dir().join(format!("bitgames-mnk-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("4x3.table");
    let spec = "tictactoe(width=4,height=3)";
    let info = tablebase(spec);
    let t = build_table(spec);
    t.save(&path).unwrap();
    let back = (info.load)(game(spec).as_ref(), &path).unwrap();
    assert_eq!(back.sections(), t.sections());
    // The file of another board.
    let e = (info.load)(game("tictactoe").as_ref(), &path).unwrap_err().to_string();
    assert!(e.contains("is a table of tictactoe(width=4,height=3,k=3) (placements)"), "{e}");
    assert!(e.contains("not of tictactoe(width=3,height=3,k=3) (placements)"), "{e}");
    // Boards too large for a table, named with their size.
    for spec in ["tictactoe(width=5,height=5,k=4)", "tictactoe(width=15,height=15,k=5)"] {
        let e = (info.build)(game(spec).as_ref(), TableBuild::threads(1)).unwrap_err().to_string();
        assert!(e.contains(&format!("{spec} has")), "{e}");
        assert!(e.contains("a table holds boards of at most 22"), "{e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_perfect_engine_wins_a_won_game_and_holds_a_draw() {
    let dir = std::env::temp_dir().join(format!("bitgames-mnk-perfect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (spec, first_wins) in [("tictactoe(width=4,height=3)", true), ("tictactoe", false)] {
        let path = dir.join("t.table");
        build_table(spec).save(&path).unwrap();
        let engine = format!("perfect(table={})", path.display());
        let r = play_match(&match_config(spec, [&engine, "mcts(iterations=2000)"], 6, 0, 9, 1));
        for g in &r.games {
            assert!(g.fault.is_none(), "{:?}", g.fault);
            // Perfect (engine 0) wins the won board when it moves first, and
            // never loses the drawn one.
            if first_wins && g.first == 0 {
                assert_eq!(g.winner, Some(0), "{spec} game {}: {:?}", g.index, g.moves);
            }
            if !first_wins {
                assert_ne!(g.winner, Some(1), "{spec} game {}: {:?}", g.index, g.moves);
            }
        }
        assert_eq!(r.games.len(), 6);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

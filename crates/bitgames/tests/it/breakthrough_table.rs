//! Breakthrough's tables (issue 34): every arrangement of pawns on a board of
//! at most 20 cells, reached through the registry as a user reaches them.
//! Nothing is drawn (pawns only move forward); on the smaller boards every
//! position reachable from the start, and on the smallest every position the
//! game's own position text accepts, agrees with the search over the game's
//! own moves (the fastest win, the slowest loss).

use crate::common::{build_table, builds_refused, game, match_config, play_match};
use crate::common::{probe_refused, tablebase};
use crate::tictactoe_table::{reachable_agree, search};
use bitgames::retro::Value;
use std::collections::HashMap;

#[test]
fn small_boards_agree_with_search_everywhere_reachable() {
    for (w, h) in [(1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (2, 4), (3, 4), (2, 5), (2, 6)] {
        let spec = format!("breakthrough(width={w},height={h})");
        let t = build_table(&spec);
        let c = t.counts();
        assert_eq!(c.positions() + c.not_positions, 3u64.pow((w * h) as u32), "{spec}: {c:?}");
        assert_eq!(c.drawn, 0, "{spec}: {c:?}");
        assert!(reachable_agree(&spec, &t) > 1, "{spec}");
    }
}

/// Every position of the 2×3 and 3×3 boards that the game's position text
/// accepts, either side to move, far more than play from the start reaches.
#[test]
fn every_position_of_the_smallest_boards_agrees_with_search() {
    for (w, h) in [(2, 3), (3, 3)] {
        let spec = format!("breakthrough(width={w},height={h})");
        let t = build_table(&spec);
        let probe = tablebase(&spec).probe;
        let mut g = game(&spec);
        let mut seen = HashMap::new();
        let mut checked = 0;
        for code in 0..3u32.pow((w * h) as u32) {
            let cells: Vec<char> = (0..w * h)
                .map(|i| ['.', 'b', 'w'][(code / 3u32.pow(i as u32) % 3) as usize])
                .collect();
            let rows: Vec<String> = cells.chunks(w).map(|r| r.iter().collect()).collect();
            for side in ['b', 'w'] {
                let text = format!("{} {side}", rows.join("/"));
                if g.set_position(&text).is_err() || g.outcome().is_some() {
                    continue;
                }
                let want = search(g.as_ref(), &mut seen);
                assert_eq!(probe(&t, g.as_ref()).unwrap().value, want, "{spec} {text}");
                checked += 1;
            }
        }
        // More than play from the start reaches, and no more than the table
        // holds (it also holds the positions already over, lost in 0).
        let reached = reachable_agree(&spec, &t);
        assert!(checked > reached && checked as u64 <= t.counts().positions(), "{spec}: {checked}");
    }
}

/// The starts, as the tables find them, and the search over the game's own
/// moves agrees (the first player loses 2×4 and wins the others).
#[test]
fn the_starts_of_the_small_boards() {
    for (w, h, want) in [
        (3, 3, Value::Win(5)),
        (4, 3, Value::Win(5)),
        (2, 4, Value::Loss(6)),
        (3, 4, Value::Win(9)),
        (2, 6, Value::Win(15)),
    ] {
        let spec = format!("breakthrough(width={w},height={h})");
        let t = build_table(&spec);
        let start = (tablebase(&spec).probe)(&t, game(&spec).as_ref()).unwrap().value;
        assert_eq!(start, want, "{spec}");
        assert_eq!(search(game(&spec).as_ref(), &mut HashMap::new()), want, "{spec}");
    }
}

#[test]
fn the_breakthrough_tables_name_what_they_cannot_hold() {
    builds_refused(&[
        ("breakthrough(width=7,height=3)", "has 21 cells: a table holds boards of at most 20"),
        ("breakthrough(width=7,height=7)", "has 49 cells"),
        ("breakthrough", "breakthrough(width=8,height=8) has 64 cells"),
    ]);
    let e = probe_refused("breakthrough(width=3,height=4)", "breakthrough(width=4,height=3)");
    assert!(e.contains("cannot answer"), "{e}");
}

/// The perfect engine against MCTS on 2×4, whose second player wins, and on
/// 3×4, whose first player wins: on the side that wins, it wins every game.
#[test]
fn the_perfect_engine_wins_the_won_side() {
    let dir = std::env::temp_dir().join(format!("bitgames-bt-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (w, h, winner) in [(2, 4, 1), (3, 4, 0)] {
        let spec = format!("breakthrough(width={w},height={h})");
        let path = dir.join(format!("{w}x{h}.table"));
        build_table(&spec).save(&path).unwrap();
        let engine = format!("perfect(table={})", path.display());
        let r = play_match(&match_config(&spec, [&engine, "mcts(iterations=2000)"], 4, 0, 7, 1));
        for g in &r.games {
            assert!(g.fault.is_none(), "{:?}", g.fault);
            if g.first == winner {
                assert_eq!(g.winner, Some(0), "{spec} game {}: {:?}", g.index, g.moves);
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

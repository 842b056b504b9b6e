//! Clobber's tables (issue 34): every arrangement of stones on a board of at
//! most 20 cells, reached through the registry as a user reaches them. A table
//! of `c` cells holds `3^c` arrangements, every one a position, and none is
//! drawn (Clobber has no draws); on the smaller boards every position reachable
//! from the start agrees with the search over the game's own moves (the
//! fastest win, the slowest loss).

use crate::common::{build_table, builds_refused, game, match_config, play_match};
use crate::common::{probe_refused, staged_build_is_the_build, tablebase};
use crate::tictactoe_table::reachable_agree;
use bitgames::retro::Value;

#[test]
fn small_boards_agree_with_search_everywhere() {
    for (w, h) in [(1, 1), (2, 1), (2, 2), (3, 2), (2, 3), (3, 3), (4, 3), (5, 2)] {
        let spec = format!("clobber(width={w},height={h})");
        let t = build_table(&spec);
        let c = t.counts();
        assert_eq!(c.positions(), 3u64.pow((w * h) as u32), "{spec}: {c:?}");
        assert_eq!((c.drawn, c.not_positions), (0, 0), "{spec}: {c:?}");
        let reached = reachable_agree(&spec, &t);
        assert!(reached > 1 || w * h == 1, "{spec}");
    }
}

/// Linear Clobber: every even-length alternating row is a first-player win
/// but `xoxoxo` (Albert, Grossman, Nowakowski and Wolfe's conjecture of 2004,
/// proved in arXiv:2509.08985, 2025): the tables of 1×2 to 1×14 agree.
#[test]
fn every_even_alternating_row_but_six_is_a_first_player_win() {
    for n in (2..=14).step_by(2) {
        let spec = format!("clobber(width={n},height=1)");
        let t = build_table(&spec);
        let start = (tablebase(&spec).probe)(&t, game(&spec).as_ref()).unwrap().value;
        match n {
            6 => assert!(matches!(start, Value::Loss(_)), "{spec}: {start}"),
            _ => assert!(matches!(start, Value::Win(_)), "{spec}: {start}"),
        }
    }
}

/// Built in stages (`bitgames.distributed`'s table job), each section from
/// the one its moves lead to, the table is the same file; bad shares are
/// refused.
#[test]
fn a_build_in_stages_is_the_same_table() {
    for spec in
        ["clobber(width=3,height=3)", "clobber(width=4,height=3)", "clobber(width=2,height=5)"]
    {
        let (stages, done) = staged_build_is_the_build(spec, 1000);
        let staged = tablebase(spec).staged.unwrap();
        let g = game(spec);
        // Section (1, 1) reads (0, 1); (0, 0) reads nothing.
        assert_eq!(stages[4].name, "1 against 1");
        assert_eq!(stages[4].reads, [1]);
        assert!(stages[0].reads.is_empty());
        let e = (staged.label)(g.as_ref(), 4, 0..1, &[&[0u8; 1]]).unwrap_err().to_string();
        assert!(e.contains("1 against 1 reads"), "{spec}: {e}");
        let e = (staged.assemble)(g.as_ref(), done[1..].to_vec()).unwrap_err().to_string();
        assert!(e.contains("stages given"), "{spec}: {e}");
    }
}

#[test]
fn the_clobber_tables_name_what_they_cannot_hold() {
    builds_refused(&[
        ("clobber(width=7,height=3)", "has 21 cells: a table holds boards of at most 20"),
        ("clobber", "clobber(width=8,height=8) has 64 cells"),
        ("clobber(width=9,height=8)", "has 72 cells"),
    ]);
    let e = probe_refused("clobber(width=3,height=2)", "clobber(width=2,height=3)");
    assert!(e.contains("cannot answer"), "{e}");
}

/// The perfect engine against MCTS from the start of 3×3, whose first player
/// wins: moving first it wins every game.
#[test]
fn the_perfect_engine_wins_the_won_board() {
    let spec = "clobber(width=3,height=3)";
    let t = build_table(spec);
    let start = (tablebase(spec).probe)(&t, game(spec).as_ref()).unwrap().value;
    assert!(matches!(start, Value::Win(_)), "{start}");
    let dir = std::env::temp_dir().join(format!("bitgames-clobber-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("3x3.table");
    t.save(&path).unwrap();
    let engine = format!("perfect(table={})", path.display());
    let r = play_match(&match_config(spec, [&engine, "mcts(iterations=2000)"], 4, 0, 7, 1));
    for g in &r.games {
        assert!(g.fault.is_none(), "{:?}", g.fault);
        if g.first == 0 {
            assert_eq!(g.winner, Some(0), "game {}: {:?}", g.index, g.moves);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

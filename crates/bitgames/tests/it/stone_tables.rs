//! The placement kit's tables of Hex, Y and Havannah (issue 34), reached
//! through the registry as a user reaches them. Hex and Y have no draws (a
//! full board joins one player's edges, or the three sides) and the first
//! player wins every board (the strategy-stealing argument): a table with a
//! drawn position or a start the first player does not win would be wrong.
//! The smaller boards are checked on every reachable position against a
//! search over the game's own moves ([`agrees_with_search`]).

use crate::common::{build_table, game, tablebase};
use crate::tictactoe_table::agrees_with_search;
use bitgames::retro::{Counts, Value};

/// The counts of the table of `spec` and the value of its start position.
fn counts_and_start(spec: &str) -> (Counts, Value) {
    let t = build_table(spec);
    (t.counts(), (tablebase(spec).probe)(&t, game(spec).as_ref()).unwrap().value)
}

/// Hex and Y on their small boards: every reachable position of the
/// smaller ones against the search, then on the largest here (Hex 4×4, Y of
/// side 5) the theorems alone: no draw, and the first player wins.
#[test]
fn hex_and_y_have_no_draws_and_the_first_player_wins_every_small_board() {
    for (game, searched, largest) in [("hex", 1..=3, 4), ("y", 1..=4, 5)] {
        for size in searched.chain([largest]) {
            let spec = format!("{game}(size={size})");
            if size < largest {
                agrees_with_search(&spec);
            }
            let (c, start) = counts_and_start(&spec);
            assert_eq!(c.drawn, 0, "{spec}: {c:?}");
            assert!(matches!(start, Value::Win(_)), "{spec}: {start}");
        }
    }
    // 1×1: the first stone joins both edges (Hex), all three sides (Y).
    assert_eq!(counts_and_start("hex(size=1)").1, Value::Win(1));
    assert_eq!(counts_and_start("y(size=1)").1, Value::Win(1));
}

#[test]
fn the_kit_tables_name_what_they_cannot_hold() {
    let info = tablebase("hex");
    let cases = [
        ("hex(size=3,swap=true)", "no table for hex(size=3,swap=true): the pie rule's swap"),
        ("hex(size=5)", "hex(size=5,swap=false) has 25 cells: a table holds boards of at most 22"),
        ("hex", "hex(size=11,swap=false) has 121 cells"),
        ("y(size=7)", "y(size=7) has 28 cells"),
        ("havannah(size=4)", "havannah(size=4,swap=false) has 37 cells"),
        ("havannah(size=3,swap=true)", "the pie rule's swap is no placement"),
    ];
    for (spec, says) in cases {
        let tb = tablebase(spec);
        let e = (tb.build)(game(spec).as_ref(), 1, None).unwrap_err().to_string();
        assert!(e.contains(says), "{spec}: {e}");
    }
    // A table of one game asked about another's position.
    let t = build_table("hex(size=2)");
    let e = (info.probe)(&t, game("hex(size=3)").as_ref()).unwrap_err().to_string();
    assert!(e.contains("a table of hex(size=2,swap=false) (placements) cannot answer"), "{e}");
    let e = (info.build)(game("y(size=3)").as_ref(), 1, None).unwrap_err().to_string();
    assert!(e.contains("is not a hex game"), "{e}");
    // Yavalath (three in a row loses) has none: its win is not monotone.
    assert!(bitgames::tablebase_for(game("yavalath").as_ref()).is_err());
}

/// A table file names its game: `registry::load_table` reads it without
/// being told the game, and its analyser answers for that board alone.
#[test]
fn a_table_file_is_read_for_the_game_it_names() {
    let dir = std::env::temp_dir().join(format!("bitgames-kit-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("hex3.table");
    build_table("hex(size=3)").save(&path).unwrap();
    let t = bitgames::registry::load_table(&path).unwrap();
    assert_eq!(t.spec, "hex(size=3,swap=false)");
    assert_eq!(t.table.counts().drawn, 0);
    assert!(t.analyser(game("hex(size=3)").as_ref()).is_some());
    assert!(t.analyser(game("hex(size=4)").as_ref()).is_none());
    assert!(t.analyser(game("y(size=3)").as_ref()).is_none());
    let junk = dir.join("junk.table");
    std::fs::write(&junk, b"BGTABLE1 but not a header").unwrap();
    let e = bitgames::registry::load_table(&junk).err().unwrap().to_string();
    assert!(e.contains("junk.table is not a bitgames table"), "{e}");
    let e = bitgames::registry::load_table(&dir.join("none.table")).err().unwrap().to_string();
    assert!(e.contains("none.table"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Havannah's side 3 (19 cells, 253 M indices: about a minute on two
/// cores): every position below ten random stones, in 100 random games,
/// against the search.
#[test]
#[ignore = "builds a 253 MB table; run with --ignored"]
fn havannah_side_three_agrees_with_search_below_random_openings() {
    use rand::{rngs::SmallRng, Rng, SeedableRng};
    let spec = "havannah(size=3)";
    let t = build_table(spec);
    let probe = tablebase(spec).probe;
    let start = probe(&t, game(spec).as_ref()).unwrap().value;
    println!("{spec}: {:?}; the start: {start}", t.counts());
    let mut rng = SmallRng::seed_from_u64(3);
    let mut seen = std::collections::HashMap::new();
    for _ in 0..100 {
        let mut g = game(spec);
        while g.ply() < 10 && g.outcome().is_none() {
            let moves = g.legal_moves();
            g.play_text(&moves[rng.random_range(0..moves.len())]).unwrap();
        }
        crate::tictactoe_table::search(g.as_ref(), &mut seen);
    }
    let mut g = game(spec);
    for (pos, want) in &seen {
        g.set_position(pos).unwrap();
        assert_eq!(probe(&t, g.as_ref()).unwrap().value, *want, "{pos}");
    }
    println!("{} positions agree", seen.len());
}

//! The placement kit's tables of Hex, Y and Havannah (issue 34), reached
//! through the registry as a user reaches them. Hex and Y have no draws (a
//! full board joins one player's edges, or the three sides) and the first
//! player wins every board (the strategy-stealing argument): a table with a
//! drawn position or a start the first player does not win would be wrong.
//! The smaller boards are checked on every reachable position against a
//! search over the game's own moves ([`agrees_with_search`]).

use crate::common::tablebase;
use crate::common::{build_table, builds_refused, game, probe_refused, staged_build_is_the_build};
use crate::tictactoe_table::agrees_with_search;
use bitgames::retro::{Counts, Value};
use bitgames::tools::TableBuild;

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
    builds_refused(&cases);
    // A table of one game asked about another's position.
    let e = probe_refused("hex(size=2)", "hex(size=3)");
    assert!(e.contains("a table of hex(size=2,swap=false) (placements) cannot answer"), "{e}");
    let e =
        (info.build)(game("y(size=3)").as_ref(), TableBuild::threads(1)).unwrap_err().to_string();
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
    // One copy in memory: the file read again, and the `perfect` engine
    // that names it, share the table read first (the process's cache holds
    // one more reference).
    let again = bitgames::registry::load_table(&path).unwrap();
    assert!(std::sync::Arc::ptr_eq(&t.table, &again.table));
    let before = std::sync::Arc::strong_count(&t.table);
    let spec = format!("perfect(table={})", path.display());
    let engine = bitgames::registry::new_engine(game("hex(size=3)").as_ref(), &spec).unwrap();
    assert_eq!(std::sync::Arc::strong_count(&t.table), before + 1);
    drop(engine);
    let junk = dir.join("junk.table");
    std::fs::write(&junk, b"BGTABLE1 but not a header").unwrap();
    let e = bitgames::registry::load_table(&junk).err().unwrap().to_string();
    assert!(e.contains("junk.table is not a bitgames table"), "{e}");
    let e = bitgames::registry::load_table(&dir.join("none.table")).err().unwrap().to_string();
    assert!(e.contains("none.table"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A build stopped part way keeps the steps it finished in its folder; the
/// same build started again reads them, labels the rest, and gives the same
/// table; a damaged step is labelled again; another table's folder is refused.
#[test]
fn a_stopped_build_goes_on_from_the_steps_it_kept() {
    use bitgames::tools::TableNotes;
    use std::ops::ControlFlow;
    use std::sync::{Arc, Mutex};
    let root = std::env::temp_dir().join(format!("bitgames-steps-{}", std::process::id()));
    for spec in ["tictactoe(width=4,height=3)", "connect4(width=4,height=4)", "hex(size=3)"] {
        let dir = root.join(spec.replace(['(', ')', ',', '='], "-"));
        let build = |stop_after: usize, lines: &Arc<Mutex<Vec<String>>>| {
            let lines = Arc::clone(lines);
            let notes: TableNotes = Box::new(move |line: &str| {
                let mut l = lines.lock().unwrap();
                l.push(line.to_string());
                if l.len() == stop_after {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            let how = TableBuild { threads: 2, notes: Some(notes), resume: Some(dir.clone()) };
            (tablebase(spec).build)(game(spec).as_ref(), how)
        };
        let first = Arc::default();
        let e = build(5, &first).unwrap_err().to_string();
        assert!(e.contains("stopped before it ended"), "{spec}: {e}");
        let steps = || std::fs::read_dir(&dir).unwrap().filter_map(Result::ok).count();
        assert_eq!(steps(), 1 + 5, "{spec}: the folder's name file and five steps");
        let again = Arc::default();
        let t = build(usize::MAX, &again).unwrap();
        let lines = again.lock().unwrap().clone();
        let kept = lines.iter().filter(|l| l.contains("kept from an earlier build")).count();
        assert_eq!(kept, 5, "{spec}: {lines:?}");
        let fresh = build_table(spec);
        assert_eq!(t.sections(), fresh.sections(), "{spec}");
        assert!((0..t.sections().len()).all(|k| t.section(k) == fresh.section(k)), "{spec}");
        // A step cut short (a build killed while writing it) is labelled again.
        let mut files: Vec<_> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        files.sort();
        let step = files.iter().find(|p| p.extension().is_some_and(|x| x == "step")).unwrap();
        let bytes = std::fs::read(step).unwrap();
        std::fs::write(step, &bytes[..bytes.len() - 1]).unwrap();
        let third = Arc::default();
        let t = build(usize::MAX, &third).unwrap();
        let kept = third.lock().unwrap().iter().filter(|l| l.contains("kept")).count();
        assert_eq!(kept, steps() - 2, "{spec}: all but the damaged step");
        assert!((0..t.sections().len()).all(|k| t.section(k) == fresh.section(k)), "{spec}");
    }
    // A folder of the user's files is refused; clearing a build's folder
    // removes only its steps, and the folder once nothing else is in it.
    let mine = root.join("mine");
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(mine.join("notes.txt"), "keep me").unwrap();
    let how = TableBuild { threads: 1, notes: None, resume: Some(mine.clone()) };
    let e = (tablebase("hex").build)(game("hex(size=2)").as_ref(), how).unwrap_err().to_string();
    assert!(e.contains("holds files but no build's steps"), "{e}");
    let kept = root.join("hex-2");
    let how = TableBuild { threads: 1, notes: None, resume: Some(kept.clone()) };
    (tablebase("hex").build)(game("hex(size=2)").as_ref(), how).unwrap();
    std::fs::write(kept.join("notes.txt"), "keep me").unwrap();
    bitgames::retro::steps::clear(&kept).unwrap();
    let left: Vec<_> = std::fs::read_dir(&kept).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["notes.txt"]);
    bitgames::retro::steps::clear(&mine).unwrap();
    assert_eq!(std::fs::read_to_string(mine.join("notes.txt")).unwrap(), "keep me");
    // The folder of one table's build is refused for another's.
    let dir = root.join("tictactoe-width-4-height-3-");
    let how = TableBuild { threads: 1, notes: None, resume: Some(dir.clone()) };
    let e = (tablebase("hex").build)(game("hex(size=2)").as_ref(), how).unwrap_err().to_string();
    assert!(e.contains("keeps the steps of a build of tictactoe(width=4,height=3,k=3)"), "{e}");
    assert!(e.contains("not of hex(size=2,swap=false)"), "{e}");
    std::fs::remove_dir_all(&root).unwrap();
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

/// A build shared out in stages (`bitgames.distributed`'s table job), each
/// stage labelled a range at a time from the bytes of the stage it reads,
/// gives the same table, byte for byte, as the build on one machine; a stage
/// given the wrong bytes, or asked past its end, is refused.
#[test]
fn a_build_in_stages_and_ranges_is_the_same_table() {
    for spec in ["tictactoe", "tictactoe(width=4,height=3,k=3)", "hex(size=3)", "y(size=4)"] {
        let g = game(spec);
        let staged = tablebase(spec).staged.expect("a placement table has stages");
        let (stages, done) = staged_build_is_the_build(spec, 777);
        // The wrong bytes, a range past the end, a stage past the last.
        let last = stages.len() - 1;
        let e = (staged.label)(g.as_ref(), 1, 0..1, &[&[0u8; 3]]).unwrap_err().to_string();
        let reads = format!("{} reads {}", stages[1].name, stages[0].name);
        assert!(e.contains(&reads), "{spec}: {e}");
        let past = stages[0].len + 1;
        let e = (staged.label)(g.as_ref(), 0, 0..past, &[]).unwrap_err().to_string();
        assert!(e.contains(&format!("which has {}", stages[0].len)), "{spec}: {e}");
        let e = (staged.label)(g.as_ref(), last + 1, 0..0, &[]).unwrap_err().to_string();
        assert!(e.contains(&format!("the table has {} stages", last + 1)), "{spec}: {e}");
        let e = (staged.assemble)(g.as_ref(), done[1..].to_vec()).unwrap_err().to_string();
        assert!(e.contains("stages given"), "{spec}: {e}");
    }
}

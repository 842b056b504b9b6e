//! Connect Four's retrograde tables on small boards (issue 34), reached
//! through the registry as a user reaches them: each position's value and
//! distance against the search solver's exact score (Pons' scores: a win
//! with the winner's `s`-th last stone scores `s`), on every position of 4×4
//! and a random sample of 5×4 and 4×5; each ply's count of positions against
//! the distinct positions a walk over the game's own moves finds.

use crate::common::{
    build_table, game, match_config, play_match, staged_build_is_the_build, tablebase,
};
use bitgames::games::connect4::Connect4;
use bitgames::registry;
use bitgames::retro::{Table, Value};
use bitgames::tools::TableBuild;
use bitgames::tools::{SolveOptions, Solver};
use bitgames::{DynGame, Outcome};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::HashSet;

fn solver(spec: &str) -> Box<dyn Solver> {
    let g = game(spec);
    let info = registry::info_of(g.as_ref()).unwrap().tools.solver.unwrap();
    (info.build)(g.as_ref(), &SolveOptions::default()).unwrap()
}

/// A table value as Pons' score: a win in `d` plies from a position with
/// `m` stones on `cells` cells is made by the board's stone number `m + d`,
/// and scores `(cells + 2 - (m + d)) / 2` (1 for a win with the winner's
/// last stone of a full board).
fn pons_score(v: Value, cells: usize, m: usize) -> i32 {
    let short = |d: u16| ((cells + 2 - m - d as usize) / 2) as i32;
    match v {
        Value::Win(d) => short(d),
        Value::Loss(d) => -short(d),
        Value::Draw => 0,
    }
}

/// The distinct positions of each ply (by the game's key), walking the
/// game's own moves from the empty board.
fn walk(spec: &str) -> Vec<Vec<Box<dyn DynGame>>> {
    let mut plies = vec![vec![game(spec)]];
    loop {
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for g in plies.last().unwrap() {
            if g.outcome().is_some() {
                continue;
            }
            let mut actions = Vec::new();
            g.legal_actions(&mut actions);
            for a in actions {
                let mut child = g.clone_box();
                child.apply_action(a).unwrap();
                let key = child.as_any().downcast_ref::<Connect4>().unwrap().key();
                if seen.insert(key) {
                    next.push(child);
                }
            }
        }
        if next.is_empty() {
            return plies;
        }
        plies.push(next);
    }
}

/// The table agrees with the solver on `positions` (over ones excepted).
fn agrees_with_solver(spec: &str, table: &Table, positions: &[&dyn DynGame]) -> usize {
    let mut s = solver(spec);
    let cells = {
        let g = game(spec);
        let c4 = g.as_any().downcast_ref::<Connect4>().unwrap();
        c4.width() * c4.height()
    };
    let probe = tablebase(spec).probe;
    let mut checked = 0;
    for &g in positions {
        let p = probe(table, g).unwrap();
        match g.outcome() {
            Some(Outcome::WonBy(_)) => assert_eq!(p.value, Value::Loss(0), "{}", g.position()),
            Some(Outcome::Draw) => assert_eq!(p.value, Value::Draw, "{}", g.position()),
            None => {}
        }
        if g.outcome().is_some() {
            continue;
        }
        let want = s.solve(g).unwrap().score;
        assert_eq!(pons_score(p.value, cells, g.ply()), want, "{spec} {}: {p:?}", g.position());
        checked += 1;
    }
    checked
}

#[test]
fn four_by_four_agrees_everywhere() {
    let spec = "connect4(width=4,height=4)";
    let table = build_table(spec);
    let plies = walk(spec);
    // Each ply's positions, as the walk finds them.
    assert_eq!(table.sections().len(), 17);
    for (p, (section, found)) in table.sections().iter().zip(&plies).enumerate() {
        assert_eq!(section.counts.positions(), found.len() as u64, "ply {p}");
    }
    let all: Vec<&dyn DynGame> = plies.iter().flatten().map(|g| g.as_ref()).collect();
    let checked = agrees_with_solver(spec, &table, &all);
    assert!(checked > 100_000, "{checked}");
    // 4×4 is a draw (the solver says so too).
    let start = (tablebase(spec).probe)(&table, game(spec).as_ref()).unwrap();
    assert_eq!(start.value, Value::Draw);
}

#[test]
fn five_by_four_and_four_by_five_agree_on_a_sample() {
    for spec in ["connect4(width=5,height=4)", "connect4(width=4,height=5)"] {
        let table = build_table(spec);
        let plies = walk(spec);
        for (p, (section, found)) in table.sections().iter().zip(&plies).enumerate() {
            assert_eq!(section.counts.positions(), found.len() as u64, "{spec} ply {p}");
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(34);
        let sample: Vec<&dyn DynGame> = (0..10_000)
            .map(|_| {
                let ply = &plies[rng.random_range(0..plies.len())];
                ply[rng.random_range(0..ply.len())].as_ref()
            })
            .collect();
        agrees_with_solver(spec, &table, &sample);
    }
}

/// Built in stages (`bitgames.distributed`'s table job: the forward pass's
/// plies from the empty board, then the values' back from the full one), a
/// range at a time, the table is the same file; bad shares are refused.
#[test]
fn a_build_in_stages_is_the_same_table() {
    for (spec, cells) in [("connect4(width=4,height=4)", 16), ("connect4(width=3,height=5)", 15)] {
        let (stages, done) = staged_build_is_the_build(spec, 777);
        assert_eq!(stages.len(), 2 * (cells + 1), "{spec}");
        // `reached 3` reads `reached 2`; `ply 3` reads `reached 3` and `ply 4`.
        assert_eq!((stages[3].name.as_str(), stages[3].reads.as_slice()), ("reached 3", &[2][..]));
        let ply3 = 2 * cells + 1 - 3;
        assert_eq!(stages[ply3].name, "ply 3");
        assert_eq!(stages[ply3].reads, [3, ply3 - 1]);
        assert_eq!(stages[cells + 1].reads, [cells], "{spec}: the full board reads no ply");
        let staged = tablebase(spec).staged.unwrap();
        let g = game(spec);
        let e = (staged.label)(g.as_ref(), ply3, 0..1, &[&done[3]]).unwrap_err().to_string();
        assert!(e.contains("ply 3 reads reached 3, ply 4"), "{spec}: {e}");
        let e = (staged.label)(g.as_ref(), 3, 0..u64::MAX, &[&done[2]]).unwrap_err().to_string();
        assert!(e.contains("of reached 3, which has"), "{spec}: {e}");
        let e = (staged.assemble)(g.as_ref(), done[1..].to_vec()).unwrap_err().to_string();
        assert!(e.contains("stages given"), "{spec}: {e}");
    }
}

#[test]
fn the_file_the_engine_and_the_errors() {
    let dir = std::env::temp_dir().join(format!("bitgames-c4-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = "connect4(width=4,height=4)";
    let path = dir.join("4x4.table");
    let info = tablebase(spec);
    let t = build_table(spec);
    t.save(&path).unwrap();
    let back = (info.load)(game(spec).as_ref(), &path).unwrap();
    assert_eq!(back.sections(), t.sections());
    let e = (info.load)(game("connect4(width=5,height=4)").as_ref(), &path).unwrap_err();
    assert!(e.to_string().contains("is a table of connect4(width=4,height=4) (profiles)"), "{e}");
    // 7×6 is far too large: the error names its size.
    let e =
        (info.build)(game("connect4").as_ref(), TableBuild::threads(1)).unwrap_err().to_string();
    assert!(e.contains("connect4(width=7,height=6) needs"), "{e}");
    assert!(e.contains("a table holds at most 10500000000"), "{e}");
    // The table's engine (`perfect` is the solver) never loses the drawn
    // board to MCTS.
    let engine = format!("tablebase(table={})", path.display());
    let r = play_match(&match_config(spec, [&engine, "mcts(iterations=2000)"], 4, 2, 7, 1));
    for g in &r.games {
        assert!(g.fault.is_none(), "{:?}", g.fault);
        let mut at = game(spec);
        for mv in &g.opening {
            at.play_text(mv).unwrap();
        }
        let v = (info.probe)(&t, at.as_ref()).unwrap().value;
        let lost =
            if g.first == 0 { matches!(v, Value::Loss(_)) } else { matches!(v, Value::Win(_)) };
        if !lost {
            assert_ne!(g.winner, Some(1), "game {}: {:?} then {:?}", g.index, g.opening, g.moves);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

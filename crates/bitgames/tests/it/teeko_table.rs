//! Teeko's retrograde table (issue 34), reached through the registry as a user
//! reaches it: built once for the binary, then checked against the published
//! result (Steele, 1998: standard Teeko is a draw), against the game's own
//! moves (every position's value is the best of its moves' values, and a game
//! that is over is lost for the side to move: on a random sample of every
//! phase here, on all 97 million indices in the ignored test), and through its
//! file (round trip, damage, another game).

use crate::common::{match_config, play_match};
use bitgames::registry;
use bitgames::retro::{Counts, Table, Value};
use bitgames::tools::TableBuild;
use bitgames::tools::{TableProbe, TablebaseInfo};
use bitgames::{DynGame, Outcome};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::OnceLock;

/// Teeko without a move limit that matters (a table stores at most 253 plies).
const SPEC: &str = "teeko(max_moves=65535)";

fn game() -> Box<dyn DynGame> {
    bitgames::new_game(SPEC).unwrap()
}

fn info() -> &'static TablebaseInfo {
    registry::info_of(game().as_ref()).unwrap().tools.tablebase.expect("Teeko has a table")
}

/// The table, built once for every test of this binary, on every core.
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| (info().build)(game().as_ref(), TableBuild::threads(0)).unwrap())
}

fn probe(g: &dyn DynGame) -> TableProbe {
    (info().probe)(table(), g).unwrap()
}

/// `X`, `O` or `.` for each of 25 cells (row 1 first), and the ply: the game's
/// position text (rows from the top).
fn text(cells: &[u8; 25], ply: usize) -> String {
    let rows: Vec<String> = (0..5)
        .rev()
        .map(|r| cells[r * 5..r * 5 + 5].iter().map(|&c| c as char).collect())
        .collect();
    format!("{} {ply}", rows.join("/"))
}

/// A random position of play at a random ply (some are refused by the game:
/// both sides in a pattern, or the wrong one; those are skipped).
fn random_position(rng: &mut Xoshiro256PlusPlus) -> Option<Box<dyn DynGame>> {
    let ply = rng.random_range(0..24usize);
    let (x, o) = if ply < 8 { (ply.div_ceil(2), ply / 2) } else { (4, 4) };
    let mut cells = [b'.'; 25];
    for (piece, n) in [(b'X', x), (b'O', o)] {
        let mut left = n;
        while left > 0 {
            let k = rng.random_range(0..25);
            if cells[k] == b'.' {
                cells[k] = piece;
                left -= 1;
            }
        }
    }
    let mut g = game();
    g.set_position(&text(&cells, ply)).ok()?;
    Some(g)
}

/// The value the table gives a position is the best of the values it gives
/// its moves (each read after playing the move with the game's own rules),
/// and a position whose game is over is lost for the side to move.
fn check_against_the_moves(g: &dyn DynGame) {
    let p = probe(g);
    match g.outcome() {
        Some(Outcome::WonBy(w)) => {
            assert_ne!(w, g.side_to_move(), "{}", g.position());
            assert_eq!(p.value, Value::Loss(0), "{}", g.position());
            assert!(p.moves.is_empty());
        }
        Some(other) => panic!("{}: {other:?} without a move limit", g.position()),
        None => {
            let legal = g.legal_moves();
            let listed: Vec<&str> = p.moves.iter().map(|m| m.mv.as_str()).collect();
            assert_eq!(listed, legal, "{}", g.position());
            let mut best = None::<Value>;
            for m in &p.moves {
                let mut child = g.clone_box();
                child.play_text(&m.mv).unwrap();
                let after = probe(child.as_ref()).value.before();
                assert_eq!(after, m.value, "{} then {}", g.position(), m.mv);
                if best.is_none_or(|b| after.rank() > b.rank()) {
                    best = Some(after);
                }
            }
            assert_eq!(Some(p.value), best, "{}", g.position());
        }
    }
}

#[test]
fn the_empty_board_is_a_draw() {
    // Guy Steele, "Summary of the solving of the game of Teeko" (1999):
    // standard Teeko (44 patterns) is a draw.
    let p = probe(game().as_ref());
    assert_eq!(p.value, Value::Draw);
    assert_eq!(p.moves.len(), 25);
    assert!(p.moves.iter().all(|m| m.value == Value::Draw), "{:?}", p.moves);
}

#[test]
fn values_agree_with_the_moves_of_the_game() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(34);
    let mut checked = 0;
    let mut seen = [0usize; 4]; // won, lost (over or not), drawn, over
    while checked < 3000 {
        let Some(g) = random_position(&mut rng) else { continue };
        check_against_the_moves(g.as_ref());
        let v = probe(g.as_ref()).value;
        seen[match v {
            _ if g.outcome().is_some() => 3,
            Value::Win(_) => 0,
            Value::Loss(_) => 1,
            Value::Draw => 2,
        }] += 1;
        checked += 1;
    }
    // The sample reaches every kind of position.
    assert!(seen[..3].iter().all(|&n| n > 100) && seen[3] > 0, "{seen:?}");
}

#[test]
fn a_win_in_one_and_the_move_that_makes_it() {
    // Black to move at ply 8 with three in the bottom row and its fourth piece
    // beside the gap: c2b1 makes a1 b1 c1 d1.
    let mut g = game();
    g.set_position("OO.O./O..../...../..X../XX.X. 8").unwrap();
    let p = probe(g.as_ref());
    assert_eq!(p.value, Value::Win(1));
    let best: Vec<&str> = p.best().iter().map(|m| m.mv.as_str()).collect();
    assert!(best.contains(&"c2c1"), "{best:?}");
    // Under a move limit that ends the game first, it is a draw.
    let mut limited = bitgames::new_game("teeko(max_moves=8)").unwrap();
    limited.set_position("OO.O./O..../...../..X../XX.X. 8").unwrap();
    let p = (info().probe)(table(), limited.as_ref()).unwrap();
    assert_eq!((p.value, p.limited), (Value::Win(1), Value::Draw));
}

#[test]
fn the_file_round_trips_and_refuses_damage_and_other_games() {
    let dir = tempfile_dir("file");
    let path = dir.join("teeko.table");
    table().save(&path).unwrap();
    let back = (info().load)(game().as_ref(), &path).unwrap();
    assert_eq!(back.sections(), table().sections());
    assert_eq!(back.counts(), table().counts());
    let mut g = game();
    g.set_position("OO.O./O..../...../..X../XX.X. 8").unwrap();
    assert_eq!((info().probe)(&back, g.as_ref()).unwrap(), probe(g.as_ref()));

    // One byte changed: the checksum says so.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let damaged = dir.join("damaged.table");
    std::fs::write(&damaged, &bytes).unwrap();
    let e = (info().load)(game().as_ref(), &damaged).unwrap_err().to_string();
    assert!(e.contains("is damaged: its checksum"), "{e}");
    // Cut short.
    std::fs::write(&damaged, &bytes[..bytes.len() / 2]).unwrap();
    let e = (info().load)(game().as_ref(), &damaged).unwrap_err().to_string();
    assert!(e.contains("is not a bitgames table: it has"), "{e}");
    // Not a table at all, and no file.
    std::fs::write(&damaged, b"hello").unwrap();
    let e = (info().load)(game().as_ref(), &damaged).unwrap_err().to_string();
    assert!(e.contains("shorter than a table's header"), "{e}");
    let e = (info().load)(game().as_ref(), &dir.join("missing")).unwrap_err().to_string();
    assert!(e.contains("missing"), "{e}");
    // A table of another layout.
    let other = Table::new("tictactoe", vec![("all".into(), vec![0, 1, 2])]);
    other.save(&damaged).unwrap();
    let e = (info().load)(game().as_ref(), &damaged).unwrap_err().to_string();
    assert!(e.contains("is a table of tictactoe (3 positions), not of teeko"), "{e}");
    // Another game's position handed to Teeko's table.
    let c4 = bitgames::new_game("connect4").unwrap();
    assert!((info().probe)(table(), c4.as_ref()).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A fresh folder of the test `name` under the system's temporary folder.
fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("bitgames-teeko-table-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Won, lost, drawn, no position, longest win: a section's counts.
fn counts(won: u64, lost: u64, drawn: u64, not_positions: u64, longest_win: u16) -> Counts {
    Counts { won, lost, drawn, not_positions, longest_win }
}

/// Every phase's positions won, lost and drawn for the side to move, and its
/// longest forced win, as an independent pass over all 97 million positions
/// counted them (the ignored test below, which also checks each one against
/// its moves).
const COUNTS: [(&str, [u64; 5]); 9] = [
    ("drop 0", [0, 0, 1, 0, 0]),
    ("drop 1", [0, 0, 25, 0, 0]),
    ("drop 2", [152, 0, 448, 0, 13]),
    ("drop 3", [1_970, 180, 4_750, 0, 25]),
    ("drop 4", [19_822, 2_820, 53_258, 0, 35]),
    ("drop 5", [189_292, 15_578, 326_430, 0, 37]),
    ("drop 6", [1_025_052, 225_328, 2_291_620, 0, 39]),
    ("drop 7", [6_399_076, 927_304, 9_498_120, 0, 37]),
    ("moves", [25_606_338, 7_493_341, 42_347_231, 263_340, 39]),
];

#[test]
fn counts_by_phase() {
    let sections = table().sections();
    assert_eq!(sections.len(), COUNTS.len());
    for (s, (name, [w, l, d, n, longest])) in sections.iter().zip(COUNTS) {
        assert_eq!(s.name, name);
        assert_eq!(s.counts, counts(w, l, d, n, longest as u16), "{name}");
        assert_eq!(s.len, w + l + d + n, "{name}");
    }
    let all = table().counts();
    assert_eq!(all.positions() + all.not_positions, 96_691_476);
    assert_eq!(all.longest_win, 39);
}

/// The positions of play at ply `ply` (the move phase's at 8), by the game's
/// own position text: Black's pieces on each `x`-set of the 25 cells, Red's on
/// each `o`-set of the rest; those the game refuses are no positions. Each
/// position's value is checked against its moves' (made by the game's own
/// rules, typed: this is 97 million positions), and the values are counted as
/// the table counts them.
fn check_ply(ply: usize) -> Counts {
    use bitgames::games::teeko::{table::value, Teeko};
    use bitgames::{Notation, Rules};
    use rayon::prelude::*;
    let (nx, no) = if ply < 8 { (ply.div_ceil(2), ply / 2) } else { (4, 4) };
    let sets = |k: usize| -> Vec<u32> {
        // Every k-set of 25 cells (Gosper's hack).
        if k == 0 {
            return vec![0];
        }
        let mut out = Vec::new();
        let mut x: u32 = (1 << k) - 1;
        while x < 1 << 25 {
            out.push(x);
            let c = x & x.wrapping_neg();
            let r = x + c;
            x = (((r ^ x) >> 2) / c) | r;
        }
        out
    };
    let (xs, os) = (sets(nx), sets(no));
    let start = Teeko::new(65535).unwrap();
    xs.par_iter()
        .map(|&x| {
            let mut c = Counts::default();
            let mut moves = Vec::new();
            for &o in os.iter().filter(|&&o| o & x == 0) {
                let mut cells = [b'.'; 25];
                for (k, cell) in cells.iter_mut().enumerate() {
                    if x >> k & 1 == 1 {
                        *cell = b'X';
                    } else if o >> k & 1 == 1 {
                        *cell = b'O';
                    }
                }
                let Ok(g) = start.parse_position(&text(&cells, ply)) else {
                    c.not_positions += 1;
                    continue;
                };
                let v = value(table(), &g).unwrap();
                if let Some(Outcome::WonBy(w)) = Rules::outcome(&g) {
                    assert!(
                        w != Rules::side_to_move(&g) && v == Value::Loss(0),
                        "{}",
                        Notation::position(&g)
                    );
                } else {
                    Rules::legal_moves(&g, &mut moves);
                    let best = moves
                        .iter()
                        .map(|&m| {
                            let mut child = g;
                            child.play_unchecked(m);
                            value(table(), &child).unwrap().before()
                        })
                        .max_by_key(|v| v.rank());
                    assert_eq!(best, Some(v), "{}", Notation::position(&g));
                }
                match v {
                    Value::Win(d) => {
                        c.won += 1;
                        c.longest_win = c.longest_win.max(d);
                    }
                    Value::Loss(_) => c.lost += 1,
                    Value::Draw => c.drawn += 1,
                }
            }
            c
        })
        .reduce(Counts::default, |a, b| a + b)
}

#[test]
#[ignore = "checks all 97 million indices against the game's moves: minutes on 2 cores"]
fn every_position_agrees_with_the_moves_of_the_game() {
    for (ply, section) in table().sections().iter().enumerate() {
        let counts = check_ply(ply);
        println!("ply {ply} ({}): {counts:?}", section.name);
        assert_eq!(counts, section.counts, "{}", section.name);
    }
}

#[test]
fn the_perfect_engine_never_loses_what_it_can_hold() {
    let dir = tempfile_dir("perfect");
    let path = dir.join("teeko.table");
    table().save(&path).unwrap();
    let game_spec = "teeko(max_moves=120)";
    let engine = format!("perfect(table={},seed=3)", path.display());
    let r = play_match(&match_config(game_spec, [&engine, "mcts(iterations=3000)"], 8, 4, 5, 2));
    assert_eq!(r.games.len(), 8);
    let mut held = 0;
    for g in &r.games {
        assert!(g.fault.is_none(), "{:?}", g.fault);
        // The position the engines took over, for the engine to move then.
        let mut at = bitgames::new_game(game_spec).unwrap();
        for mv in &g.opening {
            at.play_text(mv).unwrap();
        }
        let v = (info().probe)(table(), at.as_ref()).unwrap().limited;
        // What the perfect engine (engine 0) can hold from there: not losing
        // unless the position is lost for it.
        let lost_for_perfect =
            if g.first == 0 { matches!(v, Value::Loss(_)) } else { matches!(v, Value::Win(_)) };
        if !lost_for_perfect {
            held += 1;
            assert_ne!(g.winner, Some(1), "game {}: {:?} then {:?}", g.index, g.opening, g.moves);
        }
        // And a won position it wins.
        let won_for_perfect =
            if g.first == 0 { matches!(v, Value::Win(_)) } else { matches!(v, Value::Loss(_)) };
        if won_for_perfect {
            assert_eq!(g.winner, Some(0), "game {}: {:?} then {:?}", g.index, g.opening, g.moves);
        }
    }
    assert!(held > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

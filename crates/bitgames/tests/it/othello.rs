//! Othello: perft against the published table (`data/othello/perft.tsv`), with
//! and without its table, the four move generators against each other, OBF on the
//! FFO test suite (#1–#79), bad input, and the per-game contract of `harness.rs`.

use crate::common;

use bitgames::games::othello::{
    self as othello, perft_bik, perft_bik_opts, perft_bik_parallel, perft_bik_parallel_opts,
    perft_bik_table_with, perft_bik_with, Backend, MoveGen, Othello, OthelloMove, PerftOptions,
    PerftTable, Portable, Reference, Square,
};
use bitgames::search::perft;
use bitgames::{Hints, Notation, Outcome, ParseError, PlayError, Player, Rules};
use common::{check_game, message};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::Instant;

/// One line of `perft.tsv`: depth, `bik`, `edax` (when known).
struct PerftRow {
    depth: usize,
    bik: u64,
    edax: Option<u64>,
}

fn perft_table() -> Vec<PerftRow> {
    let text = include_str!("../data/othello/perft.tsv");
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    assert_eq!(header[..3], ["depth", "bik", "edax"]);
    lines
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            PerftRow {
                depth: f[0].parse().unwrap(),
                bik: f[1].parse().unwrap(),
                edax: f[2].parse().ok(),
            }
        })
        .collect()
}

fn rows(max_depth: usize) -> impl Iterator<Item = PerftRow> {
    perft_table().into_iter().filter(move |r| r.depth <= max_depth)
}

#[test]
fn perft_bik_to_depth_9() {
    let start = Othello::start();
    let mut checked = 0;
    for r in rows(9) {
        assert_eq!(perft_bik(&start, r.depth), r.bik, "perft_bik {}", r.depth);
        assert_eq!(
            perft_bik_with(Portable, &start, r.depth),
            r.bik,
            "portable perft_bik {}",
            r.depth
        );
        checked += 1;
    }
    assert_eq!(checked, 9);
    assert_eq!(perft_bik(&start, 0), 1);
}

/// The hot loops run in the copy the build and `BITGAMES_CPU` call for: the
/// x86-64-v3 copy in a portable build on a CPU with those instructions, the
/// plain one with `BITGAMES_CPU=portable` (`scripts/test-portable.sh`) and in an
/// x86-64-v3 build (which has one copy, as written); the counts are the same.
#[test]
fn hot_loops_run_in_the_copy_the_build_and_cpu_mode_call_for() {
    use bitgames::cpu::{CpuMode, V3};
    let v3_build = cfg!(all(
        target_feature = "avx2",
        target_feature = "bmi1",
        target_feature = "bmi2",
        target_feature = "lzcnt",
        target_feature = "popcnt"
    ));
    let portable = CpuMode::from_env() == Ok(CpuMode::Portable);
    let want = !portable && !v3_build && cfg!(target_arch = "x86_64") && V3::detect().is_some();
    assert_eq!(bitgames::runs_hot_copies(), want);
    if portable {
        assert!(V3::detect().is_none(), "BITGAMES_CPU=portable still gives a V3 token");
    }
    let start = Othello::start();
    assert_eq!(perft_bik(&start, 5), 1396);
    assert_eq!(perft_bik_with(Portable, &start, 4), 244);
}

#[test]
fn perft_bik_with_each_back_end() {
    let start = Othello::start();
    for r in rows(6) {
        assert_eq!(perft_bik_with(Reference, &start, r.depth), r.bik);
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = othello::Avx2::detect() {
        for r in rows(9) {
            assert_eq!(perft_bik_with(avx2, &start, r.depth), r.bik);
        }
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(x128) = othello::Avx2x128::detect() {
        for r in rows(9) {
            assert_eq!(perft_bik_with(x128, &start, r.depth), r.bik);
        }
    }
}

/// Depth 10 (where the conventions part) with the table, on every back-end this
/// CPU runs but the reference (too slow), and without it on the default one.
#[test]
fn perft_bik_10_with_and_without_the_table() {
    let start = Othello::start();
    let want = rows(10).last().unwrap().bik;
    for backend in Backend::ALL.into_iter().filter(|b| b.available() && *b != Backend::Reference) {
        let c = perft_bik_opts(&start, 10, PerftOptions { backend, table_mib: 16 });
        assert_eq!(c.leaves, want, "{backend}");
        assert!(c.hits > 0 && c.hits < c.probes, "{backend}: {c:?}");
    }
    let plain = perft_bik_opts(&start, 10, PerftOptions { table_mib: 0, ..Default::default() });
    assert_eq!((plain.leaves, plain.probes), (want, 0));
}

/// The table on endgames, where passes and finished games are stored too: the
/// same counts as without it, one table kept across positions and depths.
#[test]
fn the_perft_table_agrees_on_endgames() {
    let mut table = PerftTable::new(1);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for (n, start) in ffo_positions() {
        let g = played_down_to(start, 6 + (n % 5) as u32, &mut rng);
        for d in 0..=g.empty().count_ones() as usize + 2 {
            assert_eq!(
                perft_bik_table_with(Portable, &g, d, &mut table),
                perft_bik_with(Portable, &g, d),
                "FFO #{n}, {g:?} depth {d}"
            );
        }
    }
    let (probes, hits) = table.stats();
    assert!(hits > 0 && hits < probes, "{probes} probes, {hits} hits");
}

/// The table shared by threads: the Bik counts of depths 8–11 from the start on
/// 4 threads (more threads than this machine may have cores, so they interleave
/// at every point), and endgames with passes and finished games, in a 1 MiB
/// table that threads overwrite under one another.
#[test]
fn the_shared_perft_table_counts_the_same_on_threads() {
    let start = Othello::start();
    for r in rows(11).filter(|r| r.depth >= 8) {
        let c = perft_bik_parallel_opts(&start, r.depth, 4, PerftOptions::default());
        assert_eq!(c.leaves, r.bik, "depth {}", r.depth);
        assert!(c.hits > 0 && c.hits < c.probes, "depth {}: {c:?}", r.depth);
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let tiny = PerftOptions { table_mib: 1, ..PerftOptions::default() };
    for (n, start) in ffo_positions().into_iter().take(6) {
        let g = played_down_to(start, 12, &mut rng);
        for d in [8, 10, g.empty().count_ones() as usize + 2] {
            assert_eq!(
                perft_bik_parallel_opts(&g, d, 3, tiny).leaves,
                perft_bik_with(Portable, &g, d),
                "FFO #{n}, {g:?} depth {d}"
            );
        }
    }
}

#[test]
fn backends_are_named_and_chosen() {
    for b in Backend::ALL {
        assert_eq!(Backend::from_name(b.name()), Some(b));
    }
    assert_eq!(Backend::from_name("AVX2"), Some(Backend::Avx2));
    assert_eq!(Backend::from_name("sse"), None);
    assert!(othello::best_backend().available());
    assert!(Backend::for_cpu().available() && Backend::for_cpu() != Backend::Reference);
    let (fastest, times) = Backend::measure();
    assert!(fastest.available() && times.iter().any(|t| t.0 == fastest), "{times:?}");
}

#[test]
fn parallel_perft_bik_to_depth_9() {
    let start = Othello::start();
    for r in rows(9) {
        for threads in [0, 1, 3] {
            assert_eq!(
                perft_bik_parallel(&start, r.depth, threads),
                r.bik,
                "depth {} on {threads} threads",
                r.depth
            );
        }
    }
}

/// The generic perft counts a finished game only at depth 0: the `edax` column.
#[test]
fn generic_perft_matches_the_edax_column() {
    let start = Othello::start();
    for r in rows(8) {
        assert_eq!(perft(&start, r.depth), r.edax.unwrap(), "depth {}", r.depth);
    }
}

/// Both conventions written naively over the `Game` trait, on the FFO endgames
/// where games end within the horizon (so the two differ): the fast Bik perft and
/// the generic perft must agree with them.
#[test]
fn both_conventions_against_naive_counts_on_endgames() {
    /// Move sequences of length `depth`; `bik`: a finished game counts as one
    /// leaf at every greater depth, else it counts nothing past its own depth.
    fn naive(g: &Othello, depth: usize, bik: bool) -> u64 {
        if depth == 0 || (bik && g.outcome().is_some()) {
            return 1;
        }
        common::children(g).iter().map(|(_, c)| naive(c, depth - 1, bik)).sum()
    }
    let naive_bik = |g: &Othello, d: usize| naive(g, d, true);
    let naive_edax = |g: &Othello, d: usize| naive(g, d, false);
    let mut differ = 0;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    for (n, start) in ffo_positions() {
        // Play on at random to a few empties, so that games end within the horizon.
        let g = played_down_to(start, 3 + (n % 4) as u32, &mut rng);
        for d in 0..=g.empty().count_ones() as usize + 3 {
            let bik = naive_bik(&g, d);
            assert_eq!(perft_bik(&g, d), bik, "FFO #{n}, {g:?} depth {d}");
            assert_eq!(perft_bik_parallel(&g, d, 2), bik, "FFO #{n} depth {d}");
            assert_eq!(perft(&g, d), naive_edax(&g, d), "FFO #{n} depth {d}");
            differ += (bik != perft(&g, d)) as usize;
        }
    }
    // Every position ends at least one of its games within the horizon.
    assert!(differ > 0);
    // A finished game: one Bik leaf at every depth, no generic perft leaf past 0.
    let over = Othello::from_picture(&row1_picture("X . . . . . . O"), Player::First).unwrap();
    assert!(over.outcome().is_some());
    for d in 0..5 {
        assert_eq!(perft_bik(&over, d), 1);
        assert_eq!(perft(&over, d), (d == 0) as u64);
    }
}

fn timed_perft(depth: usize) {
    let start = Othello::start();
    let want = perft_table().into_iter().find(|r| r.depth == depth).unwrap();
    let t = Instant::now();
    let n = perft_bik(&start, depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft_bik {depth}: {n} leaves in {s:.3} s, {:.0} M leaves/s on one thread ({:?})",
        n as f64 / s / 1e6,
        othello::best_backend()
    );
    assert_eq!(n, want.bik);
    let t = Instant::now();
    let n = perft_bik_parallel(&start, depth, 0);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft_bik_parallel {depth}: {n} leaves in {s:.3} s, {:.0} M leaves/s on all threads",
        n as f64 / s / 1e6
    );
    assert_eq!(n, want.bik);
}

/// `cargo test -p bitgames --release --test it -- othello:: --ignored --nocapture`
#[test]
#[ignore = "slow: depth 10"]
fn perft_bik_10() {
    timed_perft(10);
    assert_eq!(perft(&Othello::start(), 10), 24_571_056, "edax column");
}

/// `cargo test -p bitgames --release --test it -- othello:: --ignored --nocapture`
#[test]
#[ignore = "slow: depth 11"]
fn perft_bik_11() {
    timed_perft(11);
}

// ---------------------------------------------------------------------------------
// Move generators against each other.

/// Compares mobility for both sides, and flips on every empty square, between the
/// reference, the portable code and (where the CPU has it) AVX2.
fn check_generators(p: u64, o: u64, with_reference: bool) {
    let empty = !(p | o);
    for (p, o) in [(p, o), (o, p)] {
        let mob = Portable.mobility(p, o);
        if with_reference {
            assert_eq!(Reference.mobility(p, o), mob, "mobility of {p:#x} vs {o:#x}");
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = othello::Avx2::detect() {
            assert_eq!(avx2.mobility(p, o), mob, "AVX2 mobility of {p:#x} vs {o:#x}");
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(x128) = othello::Avx2x128::detect() {
            assert_eq!(x128.mobility(p, o), mob, "AVX2x128 mobility of {p:#x} vs {o:#x}");
        }
        for sq in Square::all_in(empty) {
            let f = Portable.flips(p, o, sq.index());
            assert_eq!(f != 0, mob & sq.bit() != 0, "{sq} legal? {p:#x} vs {o:#x}");
            assert_eq!(f & !o, 0, "{sq} flips a non-opponent disc");
            if with_reference {
                assert_eq!(Reference.flips(p, o, sq.index()), f, "{sq}: {p:#x} {o:#x}");
            }
            #[cfg(target_arch = "x86_64")]
            if let Some(avx2) = othello::Avx2::detect() {
                assert_eq!(avx2.flips(p, o, sq.index()), f, "AVX2 {sq}: {p:#x} {o:#x}");
            }
            #[cfg(target_arch = "x86_64")]
            if let Some(x128) = othello::Avx2x128::detect() {
                assert_eq!(x128.flips(p, o, sq.index()), f, "AVX2x128 {sq}: {p:#x} {o:#x}");
            }
        }
    }
}

#[test]
fn generators_agree_on_random_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2024);
    let mut positions = 0;
    while positions < 30_000 {
        let mut g = Othello::start();
        while g.outcome().is_none() {
            check_generators(g.player(), g.opponent(), true);
            positions += 1;
            let m = g.random_move(&mut rng).unwrap();
            g.play(m).unwrap();
        }
    }
}

#[test]
fn generators_agree_on_random_boards() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for i in 0..200_000 {
        // Densities from sparse to nearly full.
        let occupied = rng.random::<u64>() | rng.random::<u64>() & rng.random::<u64>();
        let occupied = if i % 2 == 0 { occupied } else { occupied | rng.random::<u64>() };
        let p = occupied & rng.random::<u64>();
        let o = occupied & !p;
        check_generators(p, o, i < 20_000);
    }
}

#[test]
fn the_dispatching_functions_use_a_correct_back_end() {
    let g = Othello::from_picture(
        "X . . . . . . .
         . O . . . . . .
         . . O . . . . .
         . . . O . . . .
         . . . . O . . .
         . . . . . O . .
         . . . . . . O .
         . . . . . . . .",
        Player::First,
    )
    .unwrap();
    // Only h8 caps the diagonal; it flips all six white discs.
    assert_eq!(g.mobility(), "h8".parse::<Square>().unwrap().bit());
    let sq: Square = "h8".parse().unwrap();
    assert_eq!(g.flips(sq), g.white());
    assert_eq!(Portable.flips(g.player(), g.opponent(), sq.index()), g.white());
}

// ---------------------------------------------------------------------------------
// Rules

/// A one-row picture as row 1 of an otherwise empty board.
fn row1_picture(row: &str) -> String {
    let mut s = format!("{row}\n");
    for _ in 0..7 {
        s.push_str(". . . . . . . .\n");
    }
    s
}

#[test]
fn a_side_without_a_move_passes() {
    // White has no disc to cap Black's lone a1 with; Black can play c1.
    let mut g = Othello::from_picture(&row1_picture("X O . . . . . ."), Player::Second).unwrap();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves, [OthelloMove::Pass]);
    assert_eq!(g.count_moves(), 1);
    assert!(g.outcome().is_none());
    assert!(g.play("c1".parse().unwrap()).is_err());
    g.play(OthelloMove::Pass).unwrap();
    assert_eq!(g.side_to_move(), Player::First);
    g.legal_moves(&mut moves);
    assert_eq!(moves, [OthelloMove::Place("c1".parse().unwrap())]);
    g.play(moves[0]).unwrap();
    // All black now: over, Black wins with the 61 empties: 3 + 61.
    assert_eq!(g.picture(), row1_picture("X X X . . . . ."));
    assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
    assert_eq!(g.score(), Some(64));
    assert_eq!(g.count_moves(), 0);
    assert_eq!(g.ply(), 2);
}

#[test]
fn final_scores_give_the_empties_to_the_winner() {
    let draw = Othello::from_picture(&row1_picture("X . . . . . . O"), Player::First).unwrap();
    assert_eq!(draw.outcome(), Some(Outcome::Draw));
    assert_eq!(draw.score(), Some(0));
    let white = Othello::from_picture(&row1_picture("X . . . . . O O"), Player::First).unwrap();
    assert_eq!(white.outcome(), Some(Outcome::WonBy(Player::Second)));
    assert_eq!(white.score(), Some(-(2 - 1 + 61)));
    assert_eq!(white.describe_outcome(white.outcome().unwrap()), "White wins");
    assert_eq!(Othello::start().score(), None);
}

#[test]
fn the_first_move_flips_one_disc() {
    let mut g = Othello::start();
    g.play("f5".parse().unwrap()).unwrap();
    assert_eq!(
        g.picture(),
        ". . . . . . . .
. . . . . . . .
. . . . . . . .
. . . O X . . .
. . . X X X . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
"
    );
    assert_eq!(g.position(), "---------------------------OX------XXX-------------------------- O");
    assert_eq!(g.side_to_move(), Player::Second);
    assert_eq!(g.player_name(Player::First), "Black");
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["f4", "d6", "f6"]); // a1 side first
}

// ---------------------------------------------------------------------------------
// OBF on the FFO suite

/// FFO #1–#79 with their numbers.
fn ffo_positions() -> Vec<(usize, Othello)> {
    ffo_lines()
        .into_iter()
        .map(|(n, line)| (n, Othello::start().parse_position(line).unwrap()))
        .collect()
}

/// `start` played on at random until at most `empties` squares are empty or
/// the game is over.
fn played_down_to(start: Othello, empties: u32, rng: &mut Xoshiro256PlusPlus) -> Othello {
    let mut g = start;
    while g.empty().count_ones() > empties && g.outcome().is_none() {
        g.play(g.random_move(rng).unwrap()).unwrap();
    }
    g
}

fn ffo_lines() -> Vec<(usize, &'static str)> {
    [
        include_str!("../data/othello/fforum-1-19.obf"),
        include_str!("../data/othello/fforum-20-39.obf"),
        include_str!("../data/othello/fforum-40-59.obf"),
        include_str!("../data/othello/fforum-60-79.obf"),
    ]
    .iter()
    .flat_map(|t| t.lines())
    .map(str::trim)
    .filter(|l| !l.is_empty() && !l.starts_with('%'))
    .enumerate()
    .map(|(i, l)| (i + 1, l))
    .collect()
}

#[test]
fn ffo_positions_round_trip_and_list_legal_moves() {
    let lines = ffo_lines();
    assert_eq!(lines.len(), 79);
    for (n, line) in lines {
        let g = Othello::start().parse_position(line).unwrap();
        let (board, rest) = line.split_at(64);
        let side = rest.trim_start().chars().next().unwrap();
        assert_eq!(g.position(), format!("{board} {side}"), "FFO #{n}");
        let again = g.parse_position(&g.position()).unwrap();
        assert_eq!(again, g, "FFO #{n}");
        assert_eq!(again.position_hash(), g.position_hash());
        // The suite lists every legal move with its score: the same set as ours.
        let mut listed: Vec<Square> = line
            .split(';')
            .skip(1)
            .filter_map(|f| f.split(':').next())
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .map(|m| m.parse().unwrap())
            .collect();
        listed.sort();
        let ours: Vec<Square> = Square::all_in(g.mobility()).collect();
        assert_eq!(listed, ours, "FFO #{n} moves");
    }
}

// ---------------------------------------------------------------------------------
// Bad input

#[test]
fn malformed_positions_are_refused_with_the_reason() {
    let g = Othello::start();
    let board = "---------------------------OX------XO---------------------------";
    assert!(g.parse_position(&format!("{board} X")).is_ok());
    assert!(g.parse_position(&format!("{board} O ; a comment")).is_ok());
    assert!(message(g.parse_position(&format!("{board}- X")))
        .contains("the board has 65 characters, expected 64"));
    assert!(message(g.parse_position(&format!("{} X", &board[1..])))
        .contains("the board has 63 characters, expected 64"));
    let bad = format!("--Q{} X", &board[3..]);
    assert!(
        message(g.parse_position(&bad)).contains("character 3 ('Q', square c1) is not X, O or -")
    );
    assert!(message(g.parse_position(&format!("{board} B")))
        .contains("side to move 'B' is not X (Black) or O (White)"));
    assert!(message(g.parse_position(board)).contains("no side to move"));
    assert!(message(g.parse_position(&format!("{board} X X"))).contains("unexpected 'X'"));
    assert!(message(g.parse_position("")).contains("empty"));
    assert!(message(g.parse_position("   ")).contains("empty"));
    assert!(matches!(g.parse_position("é"), Err(ParseError::Position { .. })));
    assert!(message(Othello::from_picture("X O", Player::First)).contains("expected 8 rows"));
    assert!(message(Othello::from_discs(1, 3, Player::First)).contains("a1"));
}

#[test]
fn illegal_and_unreadable_moves_leave_the_state_unchanged() {
    let mut g = Othello::start();
    let before = g;
    for (text, why) in [
        ("d4", "d4 already holds a disc (White)"),
        ("e4", "e4 already holds a disc (Black)"),
        ("a1", "a1 flips no disc; Black can play d3, c4, f5, e6"),
        ("pass", "Black can move (d3, c4, f5, e6), so may not pass"),
    ] {
        let mv = g.parse_move(text).unwrap();
        let e = g.play(mv).unwrap_err();
        assert!(matches!(e, PlayError::Illegal { .. }));
        assert!(e.to_string().contains(why), "{text}: {e}");
        assert_eq!(g, before);
    }
    for text in ["i1", "a9", "a0", "d", "", "d3d4", "passe", "é3"] {
        let e = g.parse_move(text).unwrap_err();
        assert!(e.to_string().contains("expected a square a1–h8 or pass"), "{text}: {e}");
    }
    // A finished game refuses every move.
    let mut over = Othello::from_picture(&row1_picture("X . . . . . . O"), Player::First).unwrap();
    assert!(matches!(over.play(OthelloMove::Pass), Err(PlayError::GameOver { .. })));
}

#[test]
fn othello_keeps_the_contract() {
    check_game(Othello::start(), 300, 11, true);
    for (n, g) in ffo_positions().into_iter().step_by(10) {
        check_game(g, 20, n as u64, true);
    }
}

#[test]
fn random_moves_are_legal_and_cover_the_moves() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let g = Othello::start();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..200 {
        let m = g.random_move(&mut rng).unwrap();
        assert!(g.is_legal(m));
        seen.insert(m);
    }
    assert_eq!(seen.len(), 4);
}

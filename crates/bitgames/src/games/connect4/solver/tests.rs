//! Unit tests of the solver's parts against plain searches and each other.

use super::window::next_test;
use super::*;
use std::cmp::Ordering;

pub fn next_test_leans_to_zero() {
    // Pons' sequence from the empty 7×6 board: -10, then 10 if above it.
    assert_eq!(next_test(-21, 21, false), -10);
    assert_eq!(next_test(-9, 21, false), 10);
    // A narrow window is halved: 1 in [-3, 5], where Pons tests 2.
    assert_eq!(next_test(-3, 5, false), 1);
    assert_eq!(next_test(-1, 1, false), 0);
    assert_eq!(next_test(3, 4, false), 3);
    // Near the start: wide windows as before, narrow ones from 0 out.
    assert_eq!(next_test(-21, 21, true), -10);
    assert_eq!(next_test(-3, 5, true), 0);
    assert_eq!(next_test(1, 5, true), 1);
    assert_eq!(next_test(2, 5, true), 2);
    assert_eq!(next_test(-3, 0, true), -1);
    assert_eq!(next_test(-3, -1, true), -2);
}

/// The 7×6 position after `moves` (columns written 1–7).
fn played(moves: &str) -> Position<Fixed<7, 6>> {
    let mut p = Position::from_bits(Fixed::<7, 6>, 0, 0);
    for c in moves.bytes() {
        p.play_column((c - b'1') as u32);
    }
    p
}

pub fn mirror_keys() {
    // 4453 and its mirror image 4435 (columns 1..7 reversed) on 7x6.
    let (a, b) = (played("4453"), played("4435"));
    assert_ne!(a.key(), b.key());
    assert_eq!(a.mirror_key(a.key()), b.key());
    assert_eq!(b.mirror_key(b.key()), a.key());
    assert_eq!(a.table_key(a.key(), 4).0, b.table_key(b.key(), 4).0);
    assert_ne!(a.table_key(a.key(), 4).1, b.table_key(b.key(), 4).1);
    // Past SYMMETRY_MAX_MOVES stones the key is its own.
    assert_eq!(a.table_key(a.key(), SYMMETRY_MAX_MOVES + 1), (a.key(), false));
    // Children's keys from the parent's mirrors, on every board size the
    // solver compiles and along whole games.
    fn children<D: Dims>(d: D) {
        let mut p = Position::from_bits(d, 0, 0);
        for ply in 0..d.width() * d.height() {
            let (mc, mm) = (p.mirror_key(p.current), p.mirror_key(p.mask));
            for c in (0..d.width()).filter(|&c| p.can_play(c)) {
                let mv = p.possible() & p.column_mask(c);
                let mut child = p;
                child.play_bit(mv);
                let want = child.table_key(child.key(), child.moves()).0;
                assert_eq!(p.child_table_key(mv, c, mc, mm), want, "ply {ply} column {c}");
            }
            let free: Vec<u32> = (0..d.width()).filter(|&c| p.can_play(c)).collect();
            p.play_column(free[(ply as usize * 5 + 3) % free.len()]);
        }
    }
    children(Fixed::<7, 6>);
    children(Fixed::<9, 6>);
    children(Fixed::<8, 7>);
    children(Dynamic::new(5, 4));
}

/// A 7×6 position with a number of empty cells drawn from `empties`,
/// reached by random moves that do not lose at once, where the player to
/// move cannot win at once (games decided on the way are drawn again).
fn random_position(
    rng: &mut rand::rngs::SmallRng, empties: std::ops::RangeInclusive<u32>,
) -> Position<Fixed<7, 6>> {
    use rand::Rng;
    'draw: loop {
        let empties = rng.random_range(empties.clone());
        let mut p = Position::from_bits(Fixed::<7, 6>, 0, 0);
        while p.cells() - p.moves() > empties {
            let moves = p.possible_non_losing_moves();
            if moves == 0 || p.can_win_next() {
                continue 'draw;
            }
            let cols: Vec<u32> = (0..7).filter(|&c| moves & p.column_mask(c) != 0).collect();
            p.play_column(cols[rng.random_range(0..cols.len())]);
        }
        if !p.can_win_next() {
            return p;
        }
    }
}

/// 6,000 random 7×6 positions with 8–22 empty cells: wherever a parity rule
/// gives a bound, the exact score (searched with the rules off) obeys it,
/// and a search with the rules on finds the same score.
pub fn parity_bounds_hold() {
    use rand::SeedableRng;
    let d = Fixed::<7, 6>;
    let mut plain = Solver::new(d, 4);
    plain.set_parity_rules(false);
    let mut fast = Solver::new(d, 4);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let (mut uppers, mut lowers, mut stopped) = (0, 0, 0);
    for _ in 0..6000 {
        let p = random_position(&mut rng, 8..=22);
        let exact = plain.solve(&p, false).score;
        assert_eq!(fast.solve(&p, false).score, exact);
        if let Some(b) = p.claimeven_bound() {
            assert!(exact <= b, "score {exact} above the claimeven bound {b}");
            uppers += 1;
            if p.odd_cells() & (d.bottom() << 5) != 0 {
                stopped += 1;
            }
        }
        if let Some(b) = p.claimeven_answer() {
            assert!(exact >= b, "score {exact} below the claimeven answer's {b}");
            lowers += 1;
        }
    }
    // The rules fire often enough for the test to mean something.
    assert!(uppers >= 50 && lowers >= 50 && stopped >= 20, "{uppers} {lowers} {stopped}");
}

/// Checks a fail-soft result `r` of a search in the window `(a, b)` of a
/// position scoring `exact`: an upper bound at or below `a` (`Less`), a
/// lower bound at or above `b` (`Greater`), else the exact score (`Equal`).
fn check_window(exact: i32, a: i32, b: i32, r: i32) -> Ordering {
    if r <= a {
        assert!(exact <= r, "window ({a}, {b}): {r} is no upper bound on {exact}");
        Ordering::Less
    } else if r >= b {
        assert!(exact >= r, "window ({a}, {b}): {r} is no lower bound on {exact}");
        Ordering::Greater
    } else {
        assert_eq!(r, exact, "window ({a}, {b})");
        Ordering::Equal
    }
}

/// Fail-soft: whatever window the search gets, its result is the exact
/// score inside the window, an upper bound on it at or below alpha and a
/// lower bound at or above beta, with the table kept between searches so
/// that bounds filed by one window serve the next.
pub fn window_results_are_bounds() {
    use rand::{Rng, SeedableRng};
    let d = Fixed::<7, 6>;
    let mut exact_solver = Solver::new(d, 4);
    let mut windows = Solver::new(d, 4);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let (mut below, mut above, mut inside) = (0, 0, 0);
    for _ in 0..1500 {
        let p = random_position(&mut rng, 10..=24);
        exact_solver.reset();
        let exact = exact_solver.solve(&p, false).score;
        for _ in 0..4 {
            let a = rng.random_range(p.min_score()..p.max_score());
            let b = rng.random_range(a + 1..=p.max_score());
            match check_window(exact, a, b, windows.negamax(&p, a, b)) {
                Ordering::Less => below += 1,
                Ordering::Greater => above += 1,
                Ordering::Equal => inside += 1,
            }
        }
    }
    assert!(below >= 500 && above >= 500 && inside >= 200, "{below} {above} {inside}");
}

/// The lean search of the last plies against a plain minimax over the
/// whole tree: the exact score in the full window, and true bounds (or the
/// exact score) in random windows, with the table kept between searches.
pub fn lean_matches_minimax() {
    use rand::{Rng, SeedableRng};
    fn minimax<D: Dims>(p: &Position<D>) -> i32 {
        if p.can_win_next() {
            return p.max_score();
        }
        let mut best = None;
        for c in (0..p.dims.width()).filter(|&c| p.can_play(c)) {
            let mut child = *p;
            child.play_column(c);
            best = best.max(Some(-minimax(&child)));
        }
        best.unwrap_or(0) // a full board is a draw
    }
    let mut s = Solver::new(Fixed::<7, 6>, 1);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for _ in 0..3000 {
        let p = random_position(&mut rng, 1..=LEAN_MAX_EMPTY);
        let exact = minimax(&p);
        assert_eq!(s.lean(&p, p.min_score(), p.max_score()), exact, "{p:?}");
        match exact.signum() {
            1 => wins += 1,
            -1 => losses += 1,
            _ => draws += 1,
        }
        let a = rng.random_range(p.min_score()..p.max_score());
        let b = rng.random_range(a + 1..=p.max_score());
        check_window(exact, a, b, s.lean(&p, a, b));
    }
    assert!(wins >= 300 && losses >= 300 && draws >= 300, "{wins} {losses} {draws}");
}

/// The batched move scores equal the one-move ones, on every board size
/// the solver compiles (tall boards shift past the word).
pub fn move_scores_match() {
    use rand::{Rng, SeedableRng};
    fn check<D: Dims>(d: D, rng: &mut rand::rngs::SmallRng) {
        for _ in 0..300 {
            let mut p = Position::from_bits(d, 0, 0);
            let stones = rng.random_range(0..d.width() * d.height());
            for _ in 0..stones {
                let free: Vec<u32> = (0..d.width()).filter(|&c| p.can_play(c)).collect();
                p.play_column(free[rng.random_range(0..free.len())]);
            }
            let possible = p.possible();
            let mut mvs = [0u64; 16];
            let mut n = 0;
            for c in 0..d.width() {
                if possible & p.column_mask(c) != 0 {
                    mvs[n] = possible & p.column_mask(c);
                    n += 1;
                }
            }
            // The vector form where the CPU has it, and the scalar one.
            for avx2 in [crate::cpu::Avx2::detect(), None] {
                let mut out = [0u32; 16];
                p.move_scores(&mvs, n, &mut out, avx2);
                for i in 0..n {
                    assert_eq!(out[i], p.move_score(mvs[i]), "{}x{}", d.width(), d.height());
                }
            }
        }
    }
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    check(Fixed::<7, 6>, &mut rng);
    check(Fixed::<9, 6>, &mut rng);
    check(Dynamic::new(4, 15), &mut rng);
    check(Dynamic::new(2, 31), &mut rng);
    check(Dynamic::new(8, 7), &mut rng);
}

/// After `reset` a solve costs exactly what it costs on a new solver,
/// whichever table levels the solves before it used (the big level is
/// cleared only after a solve that could have used it).
pub fn reset_forgets_everything() {
    use super::super::sets::TEST_SETS;
    let d = Fixed::<7, 6>;
    // `big` takes enough nodes to switch the big table on, the others not.
    let early = played(TEST_SETS[3].positions().next().expect("a line").0); // Begin-Easy
    let late = played(TEST_SETS[0].positions().next().expect("a line").0); // End-Easy
    let big = played(TEST_SETS[4].positions().nth(1).expect("a line").0); // Begin-Medium
    assert!(early.cells() - early.moves() > NEAR_EMPTY);
    assert!(late.cells() - late.moves() <= NEAR_EMPTY);
    let mut reused = Solver::new(d, 16);
    for p in [early, big, early, late, big, big, early, late, late] {
        let want = Solver::new(d, 16).solve(&p, false);
        assert_eq!(want.nodes > BIG_AFTER_NODES, p.key() == big.key());
        reused.reset();
        assert_eq!(reused.solve(&p, false), want);
    }
}

pub fn small_boards() {
    // 4×4 is a draw; 5×4 is a draw (Tromp's table of solved sizes).
    let mut s = Solver::new(Dynamic::new(4, 4), 1);
    let p = Position::from_bits(Dynamic::new(4, 4), 0, 0);
    assert_eq!(s.solve(&p, false).score, 0);
}

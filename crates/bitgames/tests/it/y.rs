//! The game of Y and the paper's Y reduction (Browne §5.2.3, Listing 1) against
//! two plain references (tests/it/y_reference): a union-find over the cells and
//! flood fill on the hexagonal grid.

use crate::y_reference;

use crate::common;
use bitgames::games::stones::StoneGame;
use bitgames::games::y::Y;
use bitgames::ops::{self, YColumns, Y_EMPTY};
use bitgames::{new_game, Bits, Hints, Notation, Outcome, Player, Rules, SetupError};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use y_reference::{index, triangle_grid, UnionFind};

/// A random board of side `n`: full (each cell either colour) half the time,
/// otherwise each cell empty with a random probability.
fn random_board(rng: &mut impl Rng, n: usize, board: &mut Vec<u8>) {
    board.clear();
    let full = rng.random_bool(0.5);
    let empty = if full { 0.0 } else { rng.random::<f64>() };
    for _ in 0..y_reference::cells(n) {
        board.push(if rng.random_bool(empty) { 0 } else { rng.random_range(1..=2) });
    }
}

/// `fills` random boards of side `n` on a grid of `N` words: union-find, flood
/// fill, Listing 1 on column words and [`YColumns`] from the grid all name the
/// same winner. Returns the winners' counts (none, first, second).
fn agree<const N: usize>(n: usize, fills: usize, rng: &mut impl Rng) -> [usize; 3] {
    let grid = triangle_grid::<N>(n);
    let sides = y_reference::sides(&grid, n);
    let mut uf = UnionFind::new(n);
    let (mut board, mut cols) = (Vec::new(), [0u64; 32]);
    let mut counts = [0; 3];
    for _ in 0..fills {
        random_board(rng, n, &mut board);
        let by_union_find = uf.winner(n, &board);
        let stones = y_reference::to_bits(&grid, n, &board);
        let by_flood_fill = y_reference::flood_fill_winner(&grid, &sides, &stones);
        y_reference::to_columns(n, &board, &mut cols);
        let by_reduction = ops::y_reduce(&mut cols[..n]) as u8;
        let from_grid = YColumns::<19>::from_grid(&grid, stones[0], stones[1]).unwrap().winner();
        assert_eq!(
            (by_union_find, by_flood_fill, by_reduction, from_grid as u8),
            (by_union_find, by_union_find, by_union_find, by_union_find),
            "side {n}: union-find, flood fill, reduction, from the grid disagree on\n{}",
            grid.picture2(stones[0], stones[1])
        );
        counts[by_union_find as usize] += 1;
    }
    counts
}

#[test]
fn reduction_flood_fill_and_union_find_agree_on_100000_fills() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    let mut total = [0usize; 3];
    let mut fills = 0;
    let mut add = |c: [usize; 3]| {
        for k in 0..3 {
            total[k] += c[k];
        }
    };
    // Sides 1–7 fit one word, 8–10 two, 11–15 four, 16–19 six.
    for n in 1..=7 {
        add(agree::<1>(n, 4_000, &mut rng));
        fills += 4_000;
    }
    for n in 8..=9 {
        add(agree::<2>(n, 5_000, &mut rng));
        fills += 5_000;
    }
    add(agree::<2>(10, 48_000, &mut rng));
    fills += 48_000;
    for n in [11, 13, 15] {
        add(agree::<4>(n, 3_000, &mut rng));
        fills += 3_000;
    }
    for n in [16, 19] {
        add(agree::<6>(n, 2_500, &mut rng));
        fills += 2_500;
    }
    assert_eq!(fills, 100_000);
    assert_eq!(total.iter().sum::<usize>(), 100_000);
    // Both players win often, and partial boards often have no winner.
    assert!(total.iter().all(|&k| k > 10_000), "{total:?}");
}

/// Whether `p`'s cells alone (1 or 2) join all three sides, by union-find.
fn connects(uf: &mut UnionFind, n: usize, board: &[u8], p: u8) -> bool {
    let only: Vec<u8> = board.iter().map(|&c| if c == p { p } else { 0 }).collect();
    uf.winner(n, &only) == p
}

#[test]
fn a_full_board_has_exactly_one_winner() {
    // The fact behind Y's reduction and its "no draws": on a full triangle
    // exactly one player joins all three sides. Checked per player alone by
    // union-find, and by the reduction, on 19,000 random full boards.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
    let mut wins = [0usize; 2];
    for n in 1..=19 {
        let mut uf = UnionFind::new(n);
        let mut cols = [0u64; 32];
        for _ in 0..1_000 {
            // Colours in the proportion a finished game leaves, or any mix.
            let p = if rng.random_bool(0.5) { 0.5 } else { rng.random::<f64>() };
            let board: Vec<u8> = (0..y_reference::cells(n))
                .map(|_| if rng.random_bool(p) { 1 } else { 2 })
                .collect();
            let (a, b) = (connects(&mut uf, n, &board, 1), connects(&mut uf, n, &board, 2));
            assert!(a != b, "side {n}: first {a}, second {b} on {board:?}");
            y_reference::to_columns(n, &board, &mut cols);
            let r = ops::y_reduce(&mut cols[..n]);
            assert_eq!(r, if a { 1 } else { 2 });
            wins[usize::from(b)] += 1;
        }
    }
    assert!(wins[0] > 5_000 && wins[1] > 5_000, "{wins:?}");
}

/// The cell-by-cell board of a game of Y.
fn board_of<const N: usize>(g: &Y<N>) -> Vec<u8> {
    let n = g.size();
    let mut b = vec![0u8; y_reference::cells(n)];
    for (k, p) in [Player::First, Player::Second].into_iter().enumerate() {
        for i in g.stones(p) {
            let (x, y) = g.grid().coords(i).unwrap();
            b[index(n, x, y)] = k as u8 + 1;
        }
    }
    b
}

/// `games` random games of side `n`: after every ply the game's result (its
/// gated, incremental Y reduction) is union-find's verdict on the board.
fn results_agree<const N: usize>(n: usize, games: usize, seed: u64) -> [usize; 2] {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut uf = UnionFind::new(n);
    let start = Y::<N>::new(n).unwrap();
    let mut wins = [0; 2];
    for _ in 0..games {
        let mut g = start;
        while let Some(mv) = g.random_move(&mut rng) {
            g.play_unchecked(mv);
            let want = match uf.winner(n, &board_of(&g)) {
                0 => None,
                p => Some(Outcome::WonBy(if p == 1 { Player::First } else { Player::Second })),
            };
            assert_eq!(g.outcome(), want, "{g:?}");
        }
        match g.outcome() {
            Some(Outcome::WonBy(p)) => wins[p.index()] += 1,
            o => panic!("a game of Y ended with {o:?}: {g:?}"),
        }
    }
    wins
}

#[test]
fn games_end_exactly_when_union_find_sees_a_y() {
    for n in 1..=7 {
        results_agree::<1>(n, 300, n as u64);
    }
    let w = results_agree::<2>(10, 1_000, 10);
    assert!(w[0] > 300 && w[1] > 300, "{w:?}");
    results_agree::<4>(13, 100, 13);
    results_agree::<6>(19, 30, 19);
}

#[test]
fn sizes_are_checked() {
    assert!(matches!(Y::<6>::new(20), Err(SetupError::OutOfRange { value: 20, max: 19, .. })));
    assert!(matches!(Y::<1>::new(0), Err(SetupError::OutOfRange { value: 0, min: 1, .. })));
    for bad in ["y(size=20)", "y(size=0)", "y(size=ten)", "y(side=5)"] {
        let e = new_game(bad).err().unwrap_or_else(|| panic!("{bad} built"));
        assert!(!e.to_string().is_empty());
    }
    for (spec, cells) in [("y", 55), ("y(size=1)", 1), ("y(size=7)", 28), ("y(size=19)", 190)] {
        assert_eq!(new_game(spec).unwrap().legal_moves().len(), cells, "{spec}");
    }
}

#[test]
fn positions_are_read_with_their_faults_named() {
    let g = Y::<1>::new(3).unwrap();
    let ok = g.parse_position("xx./o./. o").unwrap();
    assert_eq!(ok.outcome(), None);
    assert_eq!(ok.ply(), 4 - 1);
    // x's a1 b1 c1: the top row, which touches all three sides.
    let won = g.parse_position("xxx/o./o o").unwrap();
    assert_eq!(won.outcome(), Some(Outcome::WonBy(Player::First)));
    for (bad, why) in [
        ("xxx/oo/o x", "but is to move"),
        ("xx./o./. x", "X must have"),
        ("xx/o./o o", "row 1"),
        ("xx./o. o", "rows"),
        ("xx./o?/o o", "'?' at b2"),
        ("xx./o./o", "expected the rows"),
        ("xx./o./o z", "side to move"),
    ] {
        let e = g.parse_position(bad).unwrap_err().to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
    for bad in ["d1", "c2", "a4", "b3", "z", ""] {
        assert!(g.parse_move(bad).is_err(), "{bad}");
    }
    let mut h = g;
    h.play(g.parse_move("b2").unwrap()).unwrap();
    let e = h.play(g.parse_move("b2").unwrap()).unwrap_err().to_string();
    assert!(e.contains("already taken by X"), "{e}");
    assert_eq!(YColumns::<19>::new(3).unwrap().winner(), Y_EMPTY);
    assert_eq!(Bits::<1>::EMPTY.count(), 0);
}

/// `random_playout` (fill the triangle, then search for the ply where the
/// winner's Y was complete) against `random_move` and `play_unchecked` in
/// turn, from the start and from positions part-way through random games, on
/// one, two and six words.
fn playout_loop_agrees<const N: usize>(n: usize, games: u64) {
    let start = Y::<N>::new(n).unwrap();
    common::playout_matches_move_by_move(start, games, n * (n + 1) / 4, n as u64, false);
}

#[test]
fn the_playout_loop_plays_the_same_games() {
    for n in 1..=7 {
        playout_loop_agrees::<1>(n, 300);
    }
    playout_loop_agrees::<2>(10, 2000);
    playout_loop_agrees::<6>(19, 300);
}

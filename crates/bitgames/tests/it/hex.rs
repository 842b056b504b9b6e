//! Hex: the win test against a naive breadth-first search written here, the
//! known fact that a full board has exactly one winner, the cell names and
//! drawing, the pie rule and bad input.

use crate::common;
use bitgames::games::hex::Hex;
use bitgames::games::stones::{PlaceMove, StoneGame};
use bitgames::{
    new_game, Bits, Hints, IllegalReason, Notation, Outcome, ParseError, PlayError, Player, Rules,
};
use common::{assert_occupied, message};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::VecDeque;

/// A naive board: `cells[r * n + c]` is 0 empty, 1 `x`, 2 `o`, row 0 the top.
/// Whether `who` (1 or 2) connects its edges, by breadth-first search over the
/// six Hex neighbours (c±1,r), (c,r±1), (c+1,r−1), (c−1,r+1).
fn naive_connects(n: usize, cells: &[u8], who: u8) -> bool {
    let mut seen = vec![false; n * n];
    let mut queue = VecDeque::new();
    for k in 0..n {
        // x starts on the top row, o on the left column.
        let (c, r) = if who == 1 { (k, 0) } else { (0, k) };
        if cells[r * n + c] == who {
            seen[r * n + c] = true;
            queue.push_back((c, r));
        }
    }
    while let Some((c, r)) = queue.pop_front() {
        if (who == 1 && r == n - 1) || (who == 2 && c == n - 1) {
            return true;
        }
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
            let (nc, nr) = (c as isize + dc, r as isize + dr);
            if nc < 0 || nr < 0 || nc >= n as isize || nr >= n as isize {
                continue;
            }
            let j = nr as usize * n + nc as usize;
            if cells[j] == who && !seen[j] {
                seen[j] = true;
                queue.push_back((nc as usize, nr as usize));
            }
        }
    }
    false
}

/// The set of `who`'s cells of a naive board on `g`'s grid.
fn bits_of<const N: usize>(g: &Hex<N>, cells: &[u8], who: u8) -> Bits<N> {
    let n = g.size();
    let mut b = Bits::EMPTY;
    for (k, &v) in cells.iter().enumerate() {
        if v == who {
            b.insert(g.grid().cell(k % n, k / n).unwrap());
        }
    }
    b
}

/// `boards` random full boards of side `n`: each has exactly one winner, by
/// the naive search and by the game's flood fill alike. Half are coloured cell
/// by cell at random (any counts), half are balanced as a finished game is.
fn full_boards<const N: usize>(n: usize, boards: usize, rng: &mut Xoshiro256PlusPlus) {
    let g = Hex::<N>::new(n, false).unwrap();
    let mut wins = [0usize; 2];
    for b in 0..boards {
        let mut cells: Vec<u8> = if b % 2 == 0 {
            (0..n * n).map(|_| rng.random_range(1..=2)).collect()
        } else {
            (0..n * n).map(|k| if k < n * n / 2 { 2 } else { 1 }).collect()
        };
        if b % 2 == 1 {
            for k in (1..cells.len()).rev() {
                cells.swap(k, rng.random_range(0..=k));
            }
        }
        let (x, o) = (naive_connects(n, &cells, 1), naive_connects(n, &cells, 2));
        assert!(x != o, "{n}×{n} full board {cells:?}: x connects {x}, o connects {o}");
        assert_eq!(g.connected(Player::First, bits_of(&g, &cells, 1)), x, "{cells:?}");
        assert_eq!(g.connected(Player::Second, bits_of(&g, &cells, 2)), o, "{cells:?}");
        wins[o as usize] += 1;
    }
    assert!(n == 1 || (wins[0] > 0 && wins[1] > 0), "{n}×{n}: wins {wins:?}");
}

#[test]
fn a_full_board_has_exactly_one_winner() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    for n in 1..=7 {
        full_boards::<1>(n, 600, &mut rng);
    }
    for n in 8..=10 {
        full_boards::<2>(n, 400, &mut rng);
    }
    for n in 11..=15 {
        full_boards::<4>(n, 300, &mut rng);
    }
    for n in 16..=19 {
        full_boards::<6>(n, 200, &mut rng);
    }
}

/// Random games played move by move: after every move the game's outcome (its
/// incremental flood fill from the last stone) is the naive search's, and a
/// game never runs past a full board.
fn games_agree_with_naive<const N: usize>(n: usize, swap: bool, games: usize, seed: u64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let start = Hex::<N>::new(n, swap).unwrap();
    for _ in 0..games {
        let mut g = start;
        let mut cells = vec![0u8; n * n];
        while let Some(mv) = g.random_move(&mut rng) {
            let who = if g.side_to_move() == Player::First { 1 } else { 2 };
            match mv {
                PlaceMove::Place(c) => cells[c.row as usize * n + c.col as usize] = who,
                PlaceMove::Swap => {
                    let k = cells.iter().position(|&v| v == 1).unwrap();
                    cells[k] = 0;
                    cells[(k % n) * n + k / n] = 2;
                }
            }
            g.play(mv).unwrap();
            let want = if naive_connects(n, &cells, 1) {
                Some(Outcome::WonBy(Player::First))
            } else if naive_connects(n, &cells, 2) {
                Some(Outcome::WonBy(Player::Second))
            } else {
                None
            };
            assert_eq!(g.outcome(), want, "{g:?}");
            // The position, read back, is the same and gives the same winner.
            assert_eq!(g.parse_position(&g.position()).unwrap(), g);
        }
        assert!(g.outcome().is_some(), "{g:?}");
        assert!(g.ply() <= n * n + swap as usize);
    }
}

#[test]
fn random_games_agree_with_a_naive_search() {
    games_agree_with_naive::<1>(1, false, 5, 1);
    games_agree_with_naive::<1>(2, true, 50, 2);
    games_agree_with_naive::<1>(5, false, 300, 3);
    games_agree_with_naive::<1>(7, true, 300, 4);
    games_agree_with_naive::<4>(11, false, 100, 5);
    games_agree_with_naive::<4>(13, true, 50, 6);
    games_agree_with_naive::<6>(19, false, 30, 7);
}

#[test]
fn cells_are_named_and_drawn_as_in_hexgui() {
    let mut g = new_game("hex(size=4)").unwrap();
    assert_eq!(g.spec(), "hex(size=4,swap=false)");
    for m in ["d1", "a4", "b2"] {
        g.play_text(m).unwrap();
    }
    // Row 1 at the top, each lower row half a cell further right.
    assert_eq!(g.picture(), ". . . X\n . X . .\n  . . . .\n   O . . .\n");
    assert_eq!(g.position(), "...x/.x../..../o... o");
    let v = g.board();
    assert_eq!(v.cells.len(), 16);
    let d1 = v.index_of("d1").unwrap();
    assert_eq!((v.cells[d1].x, v.cells[d1].y), (3.0, 0.0));
    let a4 = v.index_of("a4").unwrap();
    assert_eq!(v.cells[a4].owner, Some(Player::Second));
    assert!((v.cells[a4].x - 1.5).abs() < 1e-12 && (v.cells[a4].y - 3.0 * 0.866_025).abs() < 1e-5);
    assert_eq!(g.move_cells("c3").unwrap(), vec![v.index_of("c3").unwrap()]);
    // x joins top and bottom: d1 c2 b2 b3 b4.
    for m in ["a1", "c2", "a2", "b3", "a3", "b4"] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
    assert_eq!(g.describe_outcome(g.outcome().unwrap()), "X wins");
}

#[test]
fn o_joins_left_and_right() {
    let mut g = new_game("hex(size=3)").unwrap();
    for m in ["a1", "a3", "b1", "b2", "b3", "c1"] {
        g.play_text(m).unwrap();
    }
    // a3 b2 c1 runs from the left column to the right one.
    assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::Second)));
    assert!(g.legal_moves().is_empty());
    // A full top row is not x's win.
    let mut h = new_game("hex(size=3)").unwrap();
    h.set_position("xxx/oo./... o").unwrap();
    assert_eq!(h.outcome(), None);
}

#[test]
fn swap_follows_openspiel() {
    let mut g = new_game("hex(size=5,swap=true)").unwrap();
    assert!(!g.legal_moves().contains(&"swap".to_string()));
    g.play_text("e2").unwrap();
    assert_eq!(g.legal_moves().last().map(String::as_str), Some("swap"));
    assert_eq!(g.legal_moves().len(), 25);
    g.play_text("SWAP").unwrap();
    // x's e2 (column 4, row 1) becomes o's b5 (column 1, row 4); x moves.
    assert_eq!(g.position(), "...../...../...../...../.o... x");
    assert_eq!((g.ply(), g.side_to_move()), (2, Player::First));
    assert_eq!(g.legal_moves().len(), 24);
    let e = g.play_text("swap").unwrap_err();
    assert!(matches!(e, PlayError::Illegal { reason: IllegalReason::Rule, .. }), "{e}");
    assert!(e.to_string().contains("only the second player's first move"), "{e}");
}

#[test]
fn hex_bad_input() {
    assert!(message(new_game("hex(size=0)")).contains("size must be 1–19"));
    assert!(message(new_game("hex(size=20)")).contains("size must be 1–19"));
    assert!(message(new_game("hex(swap=maybe)")).contains("swap"));
    assert!(message(new_game("hex(width=5)")).contains("no parameter 'width'"));
    assert!(matches!(Hex::<1>::new(8, false), Err(bitgames::SetupError::Grid(_))));
    assert!(Hex::<1>::new(0, false).is_err());

    let mut g = new_game("hex(size=5)").unwrap();
    g.play_text("c3").unwrap();
    let before = g.position();
    assert_occupied(&mut *g, "c3", "c3 is already taken by X");
    assert!(message(g.play_text("f1")).contains("expected a cell a1–e5"));
    assert!(message(g.play_text("a6")).contains("cannot read move 'a6'"));
    assert!(message(g.play_text("a0")).contains("cannot read move"));
    assert!(message(g.play_text("pass")).contains("cannot read move 'pass'"));
    assert!(message(g.play_text("")).contains("cannot read move ''"));
    let e = g.play_text("swap").unwrap_err();
    assert!(matches!(e, PlayError::Illegal { reason: IllegalReason::Rule, .. }), "{e}");
    assert!(e.to_string().contains("without it"), "{e}");
    assert_eq!(g.position(), before);

    // Off-board cells through the typed interface.
    let h = Hex::<1>::new(5, false).unwrap();
    let off = PlaceMove::Place(bitgames::Cell { col: 5, row: 0 });
    assert!(!h.is_legal(off));
    assert_eq!(h.why_illegal(off).reason, IllegalReason::OffBoard);
    assert!(matches!(h.parse_move("z9"), Err(ParseError::Move { .. })));

    // Positions.
    let mut p = new_game("hex(size=3)").unwrap();
    assert!(message(p.set_position("x../.../...")).contains("side to move"));
    assert!(message(p.set_position("x../.../... q")).contains("expected x or o"));
    assert!(message(p.set_position("x../... o")).contains("2 rows, expected 3"));
    assert!(message(p.set_position("x../..../... o")).contains("has 4 cells"));
    assert!(message(p.set_position("x../.q./... o")).contains("'q' at b2"));
    assert!(message(p.set_position("xx./.../... o")).contains("X must have as many as O"));
    assert!(message(p.set_position(".../.../..o x")).contains("only a swap gives"));
    assert!(message(p.set_position("x../x../x.. x"))
        .contains("X must have as many as O (X to move) or one more"));
    assert!(message(p.set_position("xoo/xo./x.. x")).contains("but is to move"));
    p.set_position("xoo/x../x.. o").unwrap();
    assert_eq!(p.outcome(), Some(Outcome::WonBy(Player::First)));
    let mut s = new_game("hex(size=3,swap=true)").unwrap();
    s.set_position(".../.../..o x").unwrap();
    assert_eq!(s.ply(), 2);
    assert!(!s.legal_moves().contains(&"swap".to_string()));
    s.set_position("..x/.../... o").unwrap();
    assert_eq!(s.ply(), 1);
    assert!(s.legal_moves().contains(&"swap".to_string()));
}

/// `random_playout` (fill, then search for the ply the game ended) against
/// `random_move` and `play_unchecked` in turn, from the start and from
/// positions part-way through random games (the fill draws on after the end,
/// so the generators part there).
fn playout_loop_agrees<const N: usize>(n: usize, swap: bool, games: u64) {
    let start = Hex::<N>::new(n, swap).unwrap();
    common::playout_matches_move_by_move(start, games, n * n / 2, n as u64, false);
}

#[test]
fn the_playout_loop_plays_the_same_games() {
    playout_loop_agrees::<1>(1, false, 5);
    playout_loop_agrees::<1>(2, true, 50);
    playout_loop_agrees::<1>(5, false, 300);
    playout_loop_agrees::<1>(7, true, 300);
    playout_loop_agrees::<4>(11, false, 200);
    playout_loop_agrees::<4>(11, true, 100);
    playout_loop_agrees::<6>(19, false, 20);
}

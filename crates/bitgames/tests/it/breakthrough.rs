//! Breakthrough: the bitboard move generator (Alg. 5 per direction) against a
//! naive per-cell generator written here from the rules, on positions reached
//! by random play; random-move uniformity; and bad input.

use crate::common::{self, CharBoard};
use bitgames::games::breakthrough::{Breakthrough, PawnMove};
use bitgames::{
    new_game, Hints, IllegalReason, Notation, Outcome, ParseError, PlayError, Player, Rules, View,
};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Breakthrough's rules, cell by cell, on a board read from the position text.
trait Naive {
    fn moves(&self) -> Vec<String>;
    fn winner(&self) -> Option<char>;
}

impl Naive for CharBoard {
    /// Every pawn of the side to move, every forward step, by the rules.
    fn moves(&self) -> Vec<String> {
        let (h, w) = (self.cells.len() as isize, self.cells[0].len() as isize);
        let (me, them, dy) = if self.side == 'b' { ('b', 'w', 1) } else { ('w', 'b', -1) };
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if self.cells[r as usize][c as usize] != me {
                    continue;
                }
                for dx in [-1isize, 0, 1] {
                    let (tr, tc) = (r + dy, c + dx);
                    if tr < 0 || tr >= h || tc < 0 || tc >= w {
                        continue;
                    }
                    let target = self.cells[tr as usize][tc as usize];
                    let ok = target == '.' || (dx != 0 && target == them);
                    if ok {
                        out.push(common::step_name((c, r), (tc, tr)));
                    }
                }
            }
        }
        out.sort();
        out
    }

    /// The winner by the rules, if the game is over.
    fn winner(&self) -> Option<char> {
        let top = self.cells.len() - 1;
        if self.cells[top].contains(&'b') {
            return Some('b');
        }
        if self.cells[0].contains(&'w') {
            return Some('w');
        }
        let other = if self.side == 'b' { 'w' } else { 'b' };
        let mine = self.cells.iter().flatten().filter(|&&c| c == self.side).count();
        if mine == 0 || self.moves().is_empty() {
            return Some(other);
        }
        None
    }
}

fn letter(o: Option<Outcome>) -> Option<char> {
    match o {
        Some(Outcome::WonBy(Player::First)) => Some('b'),
        Some(Outcome::WonBy(Player::Second)) => Some('w'),
        _ => None,
    }
}

fn compare_with_naive<const N: usize>(start: Breakthrough<N>, games: usize, seed: u64) -> usize {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut positions = 0;
    for _ in 0..games {
        let mut g = start;
        loop {
            let naive = CharBoard::read(&g.position());
            g.legal_moves(&mut moves);
            let mut fast: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            fast.sort();
            assert_eq!(letter(g.outcome()), naive.winner(), "{g:?}");
            positions += 1;
            if g.outcome().is_some() {
                assert!(fast.is_empty());
                break;
            }
            assert_eq!(fast, naive.moves(), "{g:?}");
            // Moves the naive rules refuse are refused, with a reason.
            for text in ["a1a2", "a2a1", "b2b3", "b7b6", "c3d4", "a8a7"] {
                if let Ok(m) = g.parse_move(text) {
                    assert_eq!(g.is_legal(m), fast.iter().any(|f| f == text), "{text} in {g:?}");
                }
            }
            // Alternate the generic pick and the game's own random move.
            let m = if rng.random_bool(0.5) {
                moves[rng.random_range(0..moves.len())]
            } else {
                g.random_move(&mut rng).unwrap()
            };
            g.play(m).unwrap();
        }
    }
    positions
}

#[test]
fn bitboard_moves_equal_the_naive_rules() {
    let mut n = compare_with_naive(Breakthrough::standard(), 60, 11);
    n += compare_with_naive(Breakthrough::<1>::new(5, 6).unwrap(), 100, 12);
    n += compare_with_naive(Breakthrough::<1>::new(3, 4).unwrap(), 300, 13);
    n += compare_with_naive(Breakthrough::<1>::new(1, 5).unwrap(), 20, 14);
    n += compare_with_naive(Breakthrough::<1>::new(2, 3).unwrap(), 50, 15);
    n += compare_with_naive(Breakthrough::<4>::new(16, 12).unwrap(), 5, 16);
    n += compare_with_naive(Breakthrough::<2>::new(12, 9).unwrap(), 10, 17);
    assert!(n > 5000, "{n} positions");
}

/// `random_move` is uniform over the legal moves (chi-square on the start).
#[test]
fn random_move_is_uniform() {
    let g = Breakthrough::standard();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let draws = 220_000;
    let mut hits = vec![0u32; moves.len()];
    for _ in 0..draws {
        let m = g.random_move(&mut rng).unwrap();
        hits[moves.iter().position(|&x| x == m).unwrap()] += 1;
    }
    let e = draws as f64 / moves.len() as f64;
    let chi2: f64 = hits.iter().map(|&h| (h as f64 - e).powi(2) / e).sum();
    // 21 degrees of freedom: p = 0.001 at 46.8.
    assert!(chi2 < 46.8, "chi2 {chi2}, hits {hits:?}");
}

fn mv(text: &str) -> PawnMove {
    text.parse().unwrap()
}

#[test]
fn illegal_moves_have_typed_reasons() {
    let g = Breakthrough::standard()
        .parse_position("wwwwwwww/wwwwwwww/......../......../...w..../...b..../bbbb.bbb/bbbbbbbb b")
        .unwrap();
    let reason = |m: &str| {
        let mut c = g;
        match c.play(mv(m)) {
            Err(PlayError::Illegal { reason, why, .. }) => {
                assert!(c == g, "a refused move changed the game");
                (reason, why)
            }
            other => panic!("{m}: {other:?}"),
        }
    };
    assert_eq!(reason("d3d2").0, IllegalReason::Rule); // backwards
    assert!(reason("d3d2").1.contains("only move forward"), "{}", reason("d3d2").1);
    assert!(reason("d3c3").1.contains("only move forward")); // sideways
    let (r, why) = reason("d3d4"); // straight capture
    assert_eq!(r, IllegalReason::Rule);
    assert!(why.contains("cannot capture straight"), "{why}");
    assert_eq!(reason("d3d5").0, IllegalReason::Rule); // two rows
    assert_eq!(reason("d1d2").0, IllegalReason::Occupied);
    let (r, why) = reason("d4d3"); // White's pawn, Black to move
    assert_eq!(r, IllegalReason::NotYourPiece);
    assert!(why.contains("White pawn"), "{why}");
    assert_eq!(reason("e4e5").0, IllegalReason::NotYourPiece); // empty
    assert_eq!(reason("a9a8").0, IllegalReason::OffBoard);
    assert_eq!(reason("h2i3").0, IllegalReason::OffBoard);
    // The diagonal captures are legal.
    assert!(g.is_legal(mv("d3c4")) && g.is_legal(mv("d3e4")));
    assert!(!g.is_legal(mv("d3d4")));
}

#[test]
fn bad_text_and_parameters() {
    let g = Breakthrough::standard();
    for bad in ["", "a2", "a2a", "2a3a", "a2a3a4", "zz", "a0a1", "i2i3", "a2a9"] {
        assert!(matches!(g.parse_move(bad), Err(ParseError::Move { .. })), "{bad:?}");
    }
    assert_eq!(g.parse_move("A2-b3").unwrap(), mv("a2b3"));
    let bad_positions = [
        ("", "side to move"),
        ("wwwwwwww/wwwwwwww/......../......../......../......../bbbbbbbb/bbbbbbbb", "side to move"),
        ("wwwwwwww/wwwwwwww/......../......../......../......../bbbbbbbb/bbbbbbbb x", "b or w"),
        ("wwwwwwww/wwwwwwww/......../......../......../bbbbbbbb/bbbbbbbb b", "expected 8 rows"),
        ("wwwwwwww/wwwwwwww/......../......../......../......../bbbbbbbb/bbbbbbb b", "expected 8"),
        ("wwwwwwww/wwwwwwww/......../...q..../......../......../bbbbbbbb/bbbbbbbb b", "'q'"),
        ("b......./......../......../......../......../......../......../w....... b", "far row"),
        (
            "......../......../......../......../......../......../bbbbbbbb/bbbbbbbb b",
            "White has no pawn",
        ),
        ("w w w", "expected the rows"),
    ];
    for (text, why) in bad_positions {
        match g.parse_position(text) {
            Err(ParseError::Position { why: w, .. }) => assert!(w.contains(why), "{text}: {w}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    for spec in [
        "breakthrough(height=2)",
        "breakthrough(width=0)",
        "breakthrough(width=65)",
        "breakthrough(width=64,height=64)",
        "breakthrough(rows=8)",
        "breakthrough(width=x)",
    ] {
        assert!(new_game(spec).is_err(), "{spec}");
    }
    assert!(new_game("breakthrough(height=2)").err().unwrap().to_string().contains("height"));
    assert!(new_game("breakthrough(width=64,height=64)")
        .err()
        .unwrap()
        .to_string()
        .contains("needs"));
    // Through the text interface: unparsable and illegal moves, then a win.
    let mut d = new_game("breakthrough(width=3,height=4)").unwrap();
    assert_eq!(d.position(), "www/.../.../bbb b");
    assert!(d.play_text("a1a3").unwrap_err().to_string().contains("one cell forward"));
    assert!(d.play_text("a4a3").unwrap_err().to_string().contains("White pawn"));
    assert!(d.play_text("hello").unwrap_err().to_string().contains("cannot read move"));
    for m in ["a1a2", "c4c3", "a2a3", "c3c2", "a3b4"] {
        d.play_text(m).unwrap();
    }
    assert_eq!(d.outcome(), Some(Outcome::WonBy(Player::First)));
    assert!(matches!(d.play_text("b1b2"), Err(PlayError::GameOver { .. })));
}

#[test]
fn board_view_and_move_cells() {
    let g = Breakthrough::<1>::new(5, 6).unwrap();
    let b = g.board();
    assert_eq!(b.cells.len(), 30);
    let m = mv("b2c3");
    let cells = g.move_cells(m);
    assert_eq!(cells.len(), 2);
    assert_eq!(b.cells[cells[0]].name, "b2");
    assert_eq!(b.cells[cells[1]].name, "c3");
    assert_eq!(b.cells[cells[0]].owner, Some(Player::First));
    assert!(g.move_cells(mv("f1f2")).is_empty());
    assert_eq!(g.picture().lines().next(), Some("O O O O O"));
}

/// `random_playout` against `random_move` and `play_unchecked` in turn, from
/// the start and from positions part-way through random games, the generator
/// drawn as often.
fn playout_loop_agrees<const N: usize>(start: Breakthrough<N>, games: u64) {
    common::playout_matches_move_by_move(start, games, 39, games, true);
}

#[test]
fn the_playout_loop_plays_the_same_games() {
    playout_loop_agrees(Breakthrough::standard(), 500);
    playout_loop_agrees(Breakthrough::<1>::new(5, 6).unwrap(), 500);
    playout_loop_agrees(Breakthrough::<1>::new(3, 3).unwrap(), 200);
    playout_loop_agrees(Breakthrough::<1>::new(1, 5).unwrap(), 20);
    playout_loop_agrees(Breakthrough::<6>::new(19, 19).unwrap(), 20);
}

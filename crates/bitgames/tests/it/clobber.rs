//! Clobber against a naive reference written here cell by cell (no bitboards):
//! the same legal moves, the same board after each move and the same winner on
//! thousands of positions reached by random play; `random_move` is uniform. The
//! one-word boards (`Clobber64`) play move for move as the grid's `Clobber`.

use crate::common::{self, CharBoard};
use bitgames::games::clobber::{Clobber, Clobber64};
use bitgames::search::playouts;
use bitgames::{new_game, Hints, Notation, Outcome, Player, Rules};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Clobber's rules, cell by cell, on a board read from the position text (`x`,
/// `o`, `.`; rows from the top).
trait Naive {
    fn moves(&self) -> Vec<String>;
    fn play(&mut self, mv: &str);
    fn position(&self) -> String;
}

impl Naive for CharBoard {
    /// Every move: each cell of the mover, each of the four directions, an
    /// enemy stone there.
    fn moves(&self) -> Vec<String> {
        let enemy = if self.side == 'x' { 'o' } else { 'x' };
        let (h, w) = (self.cells.len() as isize, self.cells[0].len() as isize);
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if self.cells[r as usize][c as usize] != self.side {
                    continue;
                }
                for (dc, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let (tc, tr) = (c + dc, r + dr);
                    if tc >= 0
                        && tc < w
                        && tr >= 0
                        && tr < h
                        && self.cells[tr as usize][tc as usize] == enemy
                    {
                        out.push(common::step_name((c, r), (tc, tr)));
                    }
                }
            }
        }
        out.sort();
        out
    }

    fn play(&mut self, mv: &str) {
        let cell = |s: &str| {
            let col = (s.as_bytes()[0] - b'a') as usize;
            let row: usize = s[1..].parse().unwrap();
            (col, row - 1)
        };
        let split = 1 + mv[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap();
        let ((fc, fr), (tc, tr)) = (cell(&mv[..split]), cell(&mv[split..]));
        self.cells[tr][tc] = self.cells[fr][fc];
        self.cells[fr][fc] = '.';
        self.side = if self.side == 'x' { 'o' } else { 'x' };
    }

    fn position(&self) -> String {
        let rows: Vec<String> = self.cells.iter().rev().map(|r| r.iter().collect()).collect();
        format!("{} {}", rows.join("/"), self.side)
    }
}

#[test]
fn moves_match_a_naive_reference_on_random_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut positions = 0;
    for (spec, games) in [
        ("clobber", 150),
        ("clobber(width=6,height=5)", 300),
        ("clobber(width=5,height=6)", 100),
        ("clobber(width=3,height=7)", 200),
        ("clobber(width=1,height=6)", 20),
        ("clobber(width=19,height=19)", 3),
        ("clobber(width=12,height=10)", 10),
    ] {
        let start = new_game(spec).unwrap();
        for _ in 0..games {
            let mut g = start.clone_box();
            let mut naive = CharBoard::read(&g.position());
            loop {
                assert_eq!(naive.position(), g.position(), "{spec}");
                let mut moves = g.legal_moves();
                moves.sort();
                assert_eq!(moves, naive.moves(), "{spec} at {}", g.position());
                positions += 1;
                if moves.is_empty() {
                    let loser = if naive.side == 'x' { Player::First } else { Player::Second };
                    assert_eq!(g.outcome(), Some(Outcome::WonBy(loser.other())), "{spec}");
                    break;
                }
                assert_eq!(g.outcome(), None);
                let m = &moves[rng.random_range(0..moves.len())];
                g.play_text(m).unwrap();
                naive.play(m);
            }
        }
    }
    assert!(positions > 10_000, "{positions} positions");
}

#[test]
fn random_move_is_uniform_and_legal() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let g = Clobber::<1>::new(6, 5).unwrap();
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves.len(), 49);
    let per_move = 2000;
    let mut seen = vec![0u32; moves.len()];
    for _ in 0..per_move * moves.len() {
        let m = g.random_move(&mut rng).unwrap();
        seen[moves.iter().position(|&x| x == m).expect("a legal move")] += 1;
    }
    // Binomial sd ≈ 44: every count within 7 sd of 2000.
    for (m, n) in moves.iter().zip(&seen) {
        assert!((1700..=2300).contains(n), "{m} drawn {n} times of {per_move} expected");
    }
    // Later in a game too: every pick legal, and each move drawn.
    let mut g = Clobber::standard();
    for _ in 0..20 {
        let m = g.random_move(&mut rng).unwrap();
        g.play(m).unwrap();
    }
    g.legal_moves(&mut moves);
    let mut hit = vec![false; moves.len()];
    for _ in 0..100 * moves.len() {
        let m = g.random_move(&mut rng).unwrap();
        hit[moves.iter().position(|&x| x == m).expect("a legal move")] = true;
    }
    assert!(hit.iter().all(|&h| h));
}

#[test]
fn tiny_boards() {
    // 1×1: x has no move and loses at once; 1×2: x clobbers and wins.
    let one = new_game("clobber(width=1,height=1)").unwrap();
    assert_eq!(one.outcome(), Some(Outcome::WonBy(Player::Second)));
    assert_eq!(one.position(), "x x");
    let mut two = new_game("clobber(width=2,height=1)").unwrap();
    assert_eq!(two.legal_moves(), vec!["a1b1"]);
    two.play_text("a1b1").unwrap();
    assert_eq!(two.position(), ".x o");
    assert_eq!(two.outcome(), Some(Outcome::WonBy(Player::First)));
}

/// One board size on both layouts: the one-word [`Clobber64`] and the grid's
/// [`Clobber<N>`] give the same moves in the same order, outcomes, texts and
/// random games (the specialised playout loop included) at every ply.
fn same_as_grid<const N: usize>(width: usize, height: usize, games: u64) {
    let (fast, grid) =
        (Clobber64::new(width, height).unwrap(), Clobber::<N>::new(width, height).unwrap());
    let spec = grid.spec();
    assert_eq!(fast.spec(), spec);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for seed in 0..games {
        let (mut f, mut g) = (fast, grid);
        let (mut rf, mut rg) =
            (Xoshiro256PlusPlus::seed_from_u64(seed), Xoshiro256PlusPlus::seed_from_u64(seed));
        loop {
            assert_eq!(f.position(), g.position(), "{spec}");
            assert_eq!(f.outcome(), g.outcome(), "{spec} at {}", g.position());
            f.legal_moves(&mut a);
            g.legal_moves(&mut b);
            assert_eq!(a, b, "{spec} at {}", g.position());
            assert_eq!(f.count_moves(), b.len());
            let (mf, mg) = (f.random_move(&mut rf), g.random_move(&mut rg));
            assert_eq!(mf, mg, "{spec} at {}", g.position());
            let Some(m) = mg else { break };
            assert!(f.is_legal(m));
            f.play(m).unwrap();
            g.play(m).unwrap();
        }
        assert_eq!(f.ply(), g.ply());
        // The playout loop on the words plays the same game from the same seed.
        let mut p = fast;
        let plies = p.random_playout(&mut Xoshiro256PlusPlus::seed_from_u64(seed));
        assert_eq!(plies as usize, g.ply(), "{spec}");
        assert_eq!(p.position(), g.position(), "{spec}");
        assert_eq!(p.side_to_move(), g.side_to_move());
        assert_eq!(p.outcome(), g.outcome());
    }
    assert_eq!(playouts(&fast, 300, 7), playouts(&grid, 300, 7), "{spec}");
}

#[test]
fn one_word_boards_play_as_the_grid() {
    same_as_grid::<2>(8, 8, 200);
    same_as_grid::<1>(6, 5, 200);
    same_as_grid::<1>(5, 6, 200);
    same_as_grid::<1>(3, 7, 100);
    same_as_grid::<2>(64, 1, 20);
    same_as_grid::<2>(1, 64, 20);
    same_as_grid::<2>(32, 2, 20);
    same_as_grid::<2>(9, 7, 50);
    same_as_grid::<1>(1, 1, 1);
    same_as_grid::<1>(2, 1, 1);
    // The registry plays boards of up to 64 cells on one word, larger ones on the grid.
    assert_eq!(
        new_game("clobber").unwrap().as_any().type_id(),
        std::any::TypeId::of::<Clobber64>()
    );
    assert_eq!(
        new_game("clobber(width=13,height=5)").unwrap().as_any().type_id(),
        std::any::TypeId::of::<Clobber<2>>()
    );
    assert!(Clobber64::new(13, 5).is_err());
}

//! Hex's unit tests of private items (run through `tests/it/internal.rs`).

use super::bulk::*;
use super::*;
use crate::cpu::Avx2;
use crate::games::fill::{shuffle_into, Draws, Lanes, PLACES};
use crate::grid::Cell;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn play<const N: usize>(g: &mut Hex<N>, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = g.parse_move(m).unwrap();
        g.play(mv).unwrap();
    }
}

pub fn adjacency_is_hexgui_s() {
    // b2's six neighbours: b1 c1 (above), a2 c2, a3 b3 (below).
    let g = Hex::<2>::new(3, false).unwrap();
    let around = crate::games::neighbour_names(&g.board.grid, "b2");
    assert_eq!(around, ["a2", "a3", "b1", "b3", "c1", "c2"]);
}

pub fn x_joins_top_and_bottom() {
    let mut g = Hex::<2>::new(3, false).unwrap();
    // x: c1 b2 a3 is a chain down the short diagonal.
    play(&mut g, "c1 a1 b2 a2 a3");
    assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
    assert_eq!(g.position(), "o.x/ox./x.. o");
    assert_eq!(g.picture(), "O . X\n O X .\n  X . .\n");
    assert_eq!(g.count_moves(), 0);
    // a1 b1 c1 across the top row is not a win for x.
    let mut h = Hex::<2>::new(3, false).unwrap();
    play(&mut h, "a1 a2 b1 b2 c1");
    assert_eq!(h.outcome(), None);
    // o joins left and right: a2 b2 c2.
    play(&mut h, "c2");
    assert_eq!(h.outcome(), Some(Outcome::WonBy(Player::Second)));
    // a1 and b2 are not neighbours (a1 touches a2, b1).
    let mut k = Hex::<2>::new(2, false).unwrap();
    play(&mut k, "a1 b1 b2");
    assert_eq!(k.outcome(), None);
}

/// Every game of the bulk playouts is the game of its fill: each game's
/// positions are a permutation of the empty cells, and playing them in
/// order with the checked `play` until the game ends gives the same
/// winner and plies. Sides 1–15, from the start and from positions with
/// stones down, either side to move, and after a swap.
pub fn embedded_playouts_play_the_games_of_their_fills() {
    // Empty boards, then (size, swap, moves) with stones down.
    let empty = [1, 2, 3, 5, 11, 13, 15].map(|size| (size, false, ""));
    let played = [
        (4, false, "b2"),
        (7, false, "d4 c3 a1"),
        (7, true, "b6 swap"),
        (8, true, "c2 swap e5"),
        (11, false, "f6"),
        (11, false, "a1 k11 f6 e7"),
    ];
    for (size, swap, moves) in empty.into_iter().chain(played) {
        let mut hex = Hex::<4>::new(size, swap).unwrap();
        play(&mut hex, moves);
        check_embedded(hex);
    }
    // Positions reached by random moves, up to a few short of the end.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for k in 0..60 {
        let size = 2 + k % 14;
        let mut hex = Hex::<4>::new(size, k % 5 == 0).unwrap();
        let moves = rng.random_range(0..size * size);
        for _ in 0..moves {
            match hex.random_move(&mut rng) {
                Some(mv) if hex.outcome().is_none() => hex.play(mv).unwrap(),
                _ => break,
            }
        }
        if hex.outcome().is_none() && !(hex.board.swap && hex.board.ply < 2) {
            check_embedded(hex);
        }
    }
}

/// The check of [`embedded_playouts_play_the_games_of_their_fills`] on
/// one position.
fn check_embedded(hex: Hex<4>) {
    let size = hex.size();
    let fill = EmbeddedFill::new(&hex);
    let e = fill.at.len();
    let mut draws: [Draws<Xoshiro256PlusPlus, SHUFFLED>; GAMES / SHUFFLED] =
        std::array::from_fn(|k| {
            Draws::new(Xoshiro256PlusPlus::seed_from_u64(size as u64 * 100 + k as u64), e as u64)
        });
    let mut pos = Box::new([Lanes([0u8; GAMES]); PLACES]);
    let mut y = Box::new([0u64; YSTRIDE * YSTRIDE]);
    let mut wins = [0; 2];
    for _ in 0..4 {
        for (k, d) in draws.iter_mut().enumerate() {
            shuffle_into(&mut pos, &fill.at, &fill.order, d, k * SHUFFLED);
        }
        let games = fill.results(&pos, &mut y);
        for (g, &(winner, plies)) in games.iter().enumerate() {
            let mut order: Vec<(u8, u16)> =
                fill.at.iter().map(|&p| (pos[p as usize].0[g], p)).collect();
            order.sort_unstable();
            assert!(order.iter().map(|o| o.0 as usize).eq(0..e), "{hex:?}: a permutation");
            let mut game = hex;
            let mut played = 0;
            for &(_, place) in &order {
                if game.outcome().is_some() {
                    break;
                }
                let (r, c) = (place as usize / size, place as usize % size);
                game.play(PlaceMove::Place(Cell { col: c as u16, row: r as u16 })).unwrap();
                played += 1;
            }
            assert_eq!(game.outcome(), Some(Outcome::WonBy(winner)), "{hex:?} {order:?}");
            assert_eq!(played, plies, "{hex:?} {order:?}");
            wins[winner.index()] += 1;
        }
    }
    if size > 2 && hex.board.ply == 0 {
        assert!(wins[0] > 0 && wins[1] > 0, "{hex:?}: {wins:?}");
    }
}

/// The vector versions of the byte tests agree with the byte-by-byte ones.
pub fn byte_tests_agree() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let v = Avx2::detect();
    for _ in 0..2000 {
        let bytes: [u8; GAMES] = rng.random();
        let limit: [u8; GAMES] = rng.random();
        assert_eq!(odd_bits(&bytes, v), odd_bits_portable(&bytes));
        assert_eq!(below_bits(&bytes, &limit, v), below_bits_portable(&bytes, &limit));
        assert_eq!(below_bits(&bytes, &bytes, v), 0);
        assert_eq!(
            below_bits(&bytes, &[255; GAMES], v),
            below_bits_portable(&bytes, &[255; GAMES])
        );
    }
    assert_eq!(below_bits(&[0; GAMES], &[1; GAMES], v), u64::MAX);
    assert_eq!(odd_bits(&[3; GAMES], v), u64::MAX);
}

pub fn swap_mirrors_the_first_stone() {
    let mut g = Hex::<2>::new(5, true).unwrap();
    play(&mut g, "b4");
    assert!(g.is_legal(PlaceMove::Swap));
    assert_eq!(g.count_moves(), 25);
    assert_eq!(g.move_cells(PlaceMove::Swap), vec![3 * 5 + 1, 5 + 3]);
    play(&mut g, "swap");
    assert_eq!(g.position(), "...../...o./...../...../..... x");
    assert_eq!((g.ply(), g.side_to_move()), (2, Player::First));
    assert!(!g.is_legal(PlaceMove::Swap));
    let again = g.parse_position(&g.position()).unwrap();
    assert_eq!(again, g);
    play(&mut g, "a1");
    assert_eq!(g.parse_position(&g.position()).unwrap(), g);
    assert!(Hex::<2>::new(5, false).unwrap().parse_position(&g.position()).is_err());
}

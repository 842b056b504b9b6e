//! Breakthrough's unit tests of private items (run through `tests/it/internal.rs`).

use super::packed::LANES;
use super::*;
use rand::RngCore;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

pub fn start_and_first_moves() {
    let g = Breakthrough::standard();
    assert_eq!(
        g.position(),
        "wwwwwwww/wwwwwwww/......../......../......../......../bbbbbbbb/bbbbbbbb b"
    );
    assert_eq!(g.count_moves(), 22);
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves[0].to_string(), "a2a3");
    assert!(moves.iter().all(|m| m.from.row == 1 && m.to.row == 2));
    let small = Breakthrough::<1>::new(3, 4).unwrap();
    assert_eq!(small.position(), "www/.../.../bbb b");
}

pub fn far_row_and_capture_all_win() {
    let g = Breakthrough::<1>::new(3, 4).unwrap();
    let won = g.parse_position("b../.w./..w/... w").unwrap();
    assert_eq!(won.outcome(), Some(Outcome::WonBy(Player::First)));
    let mut g = g.parse_position(".w./b../.../... b").unwrap();
    g.play(g.parse_move("a3b4").unwrap()).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
    // Blocked: White's only pawn faces Black's, with no diagonal free.
    let g = Breakthrough::<1>::new(1, 4).unwrap().parse_position("w/b/./. w").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
}

/// The lanes of `random_playouts` play exactly the games that
/// `random_playout` plays with each lane's generator: lane `l` the
/// `l`-th, `l + LANES`-th, … game, its generator seeded from the caller's
/// `l`-th draw; from the start and with White to move, on the 8×8 board
/// (its own constants), on smaller ones, and where a side can be left
/// without a move (1 column).
pub fn playout_lanes_play_their_generators_games() {
    fn check<const N: usize>(start: Breakthrough<N>) -> bool {
        let mut seen_no_move = false;
        for count in [0u64, 1, 3, 4, 5, 203] {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(count + 11);
            let mut got = PlayoutStats::default();
            start.random_playouts(count, &mut rng, &mut got);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(count + 11);
            let mut gens: Vec<Xoshiro256PlusPlus> =
                (0..LANES).map(|_| Xoshiro256PlusPlus::seed_from_u64(rng.next_u64())).collect();
            let mut want = PlayoutStats::default();
            for i in 0..count as usize {
                let mut g = start;
                let plies = g.random_playout(&mut gens[i % LANES]);
                want.record(plies, g.outcome().unwrap());
                seen_no_move |= !g.has_move() && !g.on_goal(g.side.other());
            }
            assert_eq!(got, want, "{} from {}", count, start.position());
            assert_eq!(got.games, count);
        }
        seen_no_move
    }
    let mut after_a2a3 = Breakthrough::standard();
    after_a2a3.play(after_a2a3.parse_move("a2a3").unwrap()).unwrap();
    let small = Breakthrough::<1>::new(6, 5).unwrap();
    let white_first = small.parse_position("wwwwww/....../....../bbbbbb/...... w").unwrap();
    let mut seen_no_move = check(Breakthrough::standard());
    seen_no_move |= check(after_a2a3);
    seen_no_move |= check(Breakthrough::<1>::new(5, 6).unwrap());
    seen_no_move |= check(white_first);
    seen_no_move |= check(Breakthrough::<1>::new(1, 5).unwrap());
    assert!(seen_no_move, "no game ended with a side left without a move");
}

//! The contract every game must keep, checked on random games of each registered
//! game (in the spirit of board-game-rs's shared harness): legal moves agree with
//! `is_legal` and `count_moves`, finished games refuse moves, a refused move leaves
//! the state unchanged, position text round-trips, equal positions hash equal, and
//! the dynamic (text) interface agrees with the typed one.

use bitgames::games::{connect4::Connect4, tictactoe::TicTacToe};
use bitgames::{new_game, Game, PlayError};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

fn check_game<G: Game + PartialEq>(start: G, games: usize, seed: u64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut g = start.clone();
        loop {
            g.legal_moves(&mut moves);
            assert_eq!(moves.len(), g.count_moves(), "{g:?}");
            let mut via_callback = Vec::new();
            g.for_each_move(|m| via_callback.push(m));
            assert_eq!(moves, via_callback);
            for &m in &moves {
                assert!(g.is_legal(m), "{m} listed but not legal in {g:?}");
                let text = m.to_string();
                assert_eq!(g.parse_move(&text).unwrap(), m, "move text {text} round trip");
            }
            // Position text round trip and hash consistency.
            let again = g.parse_position(&g.position()).unwrap();
            assert!(again == g, "position '{}' does not round-trip", g.position());
            assert_eq!(again.hash(), g.hash());
            assert_eq!(again.outcome(), g.outcome());
            assert_eq!(again.side_to_move(), g.side_to_move());
            if g.outcome().is_some() {
                assert!(moves.is_empty(), "finished game lists moves: {g:?}");
                assert!(g.random_move(&mut rng).is_none());
                break;
            }
            assert!(!moves.is_empty(), "unfinished game with no move: {g:?}");
            let m = moves[rng.random_range(0..moves.len())];
            g.play(m).unwrap();
        }
        // A finished game refuses every move and stays as it is.
        let before = g.clone();
        let any = start.clone();
        any.legal_moves(&mut moves);
        for &m in &moves {
            assert!(matches!(g.play(m), Err(PlayError::GameOver { .. })));
            assert!(g == before);
        }
    }
}

#[test]
fn connect4_keeps_the_contract() {
    check_game(Connect4::standard(), 300, 1);
    check_game(Connect4::new(4, 4).unwrap(), 100, 2);
    check_game(Connect4::new(9, 6).unwrap(), 50, 3);
    check_game(Connect4::new(1, 63).unwrap(), 5, 4);
}

#[test]
fn tictactoe_keeps_the_contract() {
    check_game(TicTacToe::classic(), 300, 5);
    check_game(TicTacToe::<1>::new(4, 4, 3).unwrap(), 50, 6);
    check_game(TicTacToe::<4>::new(15, 15, 5).unwrap(), 10, 7);
    check_game(TicTacToe::<6>::new(19, 19, 5).unwrap(), 5, 8);
}

#[test]
fn registry_games_play_through_text() {
    for spec in [
        "connect4",
        "connect4(width=6,height=7)",
        "othello",
        "tictactoe",
        "tictactoe(width=15,height=15,k=5)",
    ] {
        let mut g = new_game(spec).unwrap();
        let mut seed = 0;
        while g.outcome().is_none() {
            let m = g.random_move(seed).unwrap();
            g.play_text(&m).unwrap();
            seed += 1;
        }
        assert!(g.legal_moves().is_empty());
    }
}

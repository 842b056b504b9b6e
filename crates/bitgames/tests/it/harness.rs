//! The game contract (tests/it/common) on random games of every registered game, and
//! the dynamic (text) interface played through the registry.

use crate::common;

use bitgames::games::{
    breakthrough::Breakthrough,
    clobber::{Clobber, Clobber64},
    connect4::Connect4,
    go::{Go, GoRules, KoRule},
    gomoku::Gomoku,
    havannah::Havannah,
    hex::Hex,
    teeko::Teeko,
    tictactoe::TicTacToe,
    y::Y,
    yavalath::Yavalath,
};
use bitgames::new_game;
use common::check_game;

#[test]
fn connect4_keeps_the_contract() {
    check_game(Connect4::standard(), 300, 1, false);
    check_game(Connect4::new(4, 4).unwrap(), 100, 2, false);
    check_game(Connect4::new(9, 6).unwrap(), 50, 3, false);
    check_game(Connect4::new(1, 63).unwrap(), 5, 4, false);
}

#[test]
fn tictactoe_keeps_the_contract() {
    check_game(TicTacToe::classic(), 300, 5, false);
    check_game(TicTacToe::<1>::new(4, 4, 3).unwrap(), 50, 6, false);
    check_game(TicTacToe::<4>::new(15, 15, 5).unwrap(), 10, 7, false);
    check_game(TicTacToe::<6>::new(19, 19, 5).unwrap(), 5, 8, false);
}

#[test]
fn clobber_keeps_the_contract() {
    check_game(Clobber::standard(), 100, 9, false);
    check_game(Clobber::<1>::new(6, 5).unwrap(), 200, 10, false);
    check_game(Clobber::<1>::new(1, 1).unwrap(), 1, 11, false);
    check_game(Clobber::<6>::new(19, 19).unwrap(), 2, 12, false);
    check_game(Clobber64::standard(), 100, 13, false);
    check_game(Clobber64::new(6, 5).unwrap(), 200, 14, false);
    check_game(Clobber64::new(1, 1).unwrap(), 1, 15, false);
    check_game(Clobber64::new(64, 1).unwrap(), 5, 16, false);
}

#[test]
fn breakthrough_keeps_the_contract() {
    check_game(Breakthrough::standard(), 100, 9, false);
    check_game(Breakthrough::<1>::new(5, 6).unwrap(), 200, 10, false);
    check_game(Breakthrough::<1>::new(3, 3).unwrap(), 200, 11, false);
    check_game(Breakthrough::<4>::new(20, 10).unwrap(), 5, 12, false);
}

#[test]
fn gomoku_keeps_the_contract() {
    check_game(Gomoku::standard(), 20, 13, false);
    check_game(Gomoku::<4>::new(15, true).unwrap(), 10, 14, false);
    check_game(Gomoku::<1>::new(5, false).unwrap(), 300, 15, false);
    check_game(Gomoku::<1>::new(7, true).unwrap(), 100, 16, false);
    check_game(Gomoku::<6>::new(19, false).unwrap(), 3, 17, false);
}

#[test]
fn yavalath_keeps_the_contract() {
    check_game(Yavalath::standard(), 200, 13, false);
    check_game(Yavalath::<2>::new(5, true).unwrap(), 100, 14, false);
    check_game(Yavalath::<1>::new(3, false).unwrap(), 300, 15, false);
    check_game(Yavalath::<1>::new(3, true).unwrap(), 300, 16, false);
    check_game(Yavalath::<1>::new(2, false).unwrap(), 100, 17, false);
    check_game(Yavalath::<6>::new(10, false).unwrap(), 5, 18, false);
}

#[test]
fn havannah_keeps_the_contract() {
    check_game(Havannah::standard(), 200, 21, false);
    check_game(Havannah::<2>::new(5, true).unwrap(), 100, 22, false);
    check_game(Havannah::<1>::new(4, false).unwrap(), 300, 23, false);
    check_game(Havannah::<1>::new(3, true).unwrap(), 300, 24, false);
    check_game(Havannah::<4>::new(8, false).unwrap(), 20, 25, false);
    check_game(Havannah::<6>::new(10, false).unwrap(), 5, 26, false);
}

#[test]
fn hex_keeps_the_contract() {
    check_game(Hex::standard(), 50, 13, false);
    check_game(Hex::<1>::new(7, false).unwrap(), 200, 14, false);
    check_game(Hex::<1>::new(7, true).unwrap(), 200, 15, false);
    check_game(Hex::<1>::new(3, true).unwrap(), 300, 16, false);
    check_game(Hex::<1>::new(3, false).unwrap(), 300, 17, false);
    check_game(Hex::<1>::new(1, true).unwrap(), 2, 18, false);
    check_game(Hex::<6>::new(19, false).unwrap(), 5, 19, false);
    check_game(Hex::<6>::new(19, true).unwrap(), 5, 20, false);
}

#[test]
fn y_keeps_the_contract() {
    check_game(Y::standard(), 50, 21, false);
    check_game(Y::<1>::new(4).unwrap(), 300, 22, false);
    check_game(Y::<1>::new(1).unwrap(), 2, 23, false);
    check_game(Y::<1>::new(7).unwrap(), 100, 24, false);
    check_game(Y::<6>::new(19).unwrap(), 5, 25, false);
}

#[test]
fn go_keeps_the_contract() {
    let rules = |ko, suicide, max_moves| GoRules { ko, suicide, komi: 0.5, max_moves };
    check_game(Go::standard(), 30, 21, true);
    check_game(Go::<1>::new(5, rules(KoRule::Simple, false, 300)).unwrap(), 100, 22, true);
    check_game(Go::<1>::new(3, rules(KoRule::Positional, true, 0)).unwrap(), 100, 23, true);
    check_game(Go::<1>::new(1, GoRules::default()).unwrap(), 3, 24, true);
    check_game(Go::standard_19(), 2, 25, true);
}

#[test]
fn teeko_keeps_the_contract() {
    check_game(Teeko::standard(), 200, 31, false);
    check_game(Teeko::new(9).unwrap(), 100, 32, false);
}

#[test]
fn registry_games_play_through_text() {
    for spec in SPECS {
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

/// The action ids through the dynamic interface: one per legal move, each
/// the move's text both ways, a game played by ids alone, and bad ids refused
/// with the reason (out of range with the range, not legal, game over).
#[test]
fn registry_games_play_through_action_ids() {
    use bitgames::action::ActionError;
    for (k, spec) in SPECS.into_iter().enumerate() {
        let mut g = new_game(spec).unwrap();
        // The game knows its registry entry without its spec being read.
        assert_eq!(bitgames::registry::info_of(g.as_ref()).unwrap().name, g.name(), "{spec}");
        let s = g.spec();
        assert!(s == g.name() || s.starts_with(&format!("{}(", g.name())), "{spec}");
        let n = g.num_actions();
        let e = g.apply_action(n).unwrap_err();
        assert!(matches!(e, ActionError::OutOfRange { .. }), "{spec}: {e}");
        assert!(e.to_string().contains(&format!("actions 0 to {}", n - 1)), "{spec}: {e}");
        let mut ids = Vec::new();
        let mut seed = k as u64 * 1000;
        while g.outcome().is_none() {
            g.legal_actions(&mut ids);
            let texts = g.legal_moves();
            assert_eq!(ids.len(), texts.len(), "{spec}");
            for (&a, text) in ids.iter().zip(&texts) {
                assert_eq!(&g.action_to_string(a).unwrap(), text, "{spec}");
                assert_eq!(g.string_to_action(text).unwrap(), a, "{spec}");
            }
            if let Some(bad) = (0..n).find(|a| !ids.contains(a)) {
                let e = g.apply_action(bad).unwrap_err();
                assert!(matches!(e, ActionError::Illegal { .. }), "{spec}: {e}");
                assert!(g.action_to_string(bad).is_err(), "{spec}");
            }
            // The random move's id (the text test's moves: the games end).
            let before = g.position();
            let pick = g.string_to_action(&g.random_move(seed).unwrap()).unwrap();
            seed += 1;
            g.apply_action(pick).unwrap();
            assert_ne!(g.position(), before, "{spec}");
        }
        g.legal_actions(&mut ids);
        assert!(ids.is_empty(), "{spec}");
        let e = g.apply_action(0).unwrap_err();
        assert!(e.to_string().contains("the game is over"), "{spec}: {e}");
    }
}

/// Specs of every game, several variants each.
const SPECS: [&str; 25] = [
    "breakthrough",
    "breakthrough(width=5,height=6)",
    "clobber",
    "clobber(width=6,height=5)",
    "connect4",
    "connect4(width=6,height=7)",
    "go",
    "go(size=19,ko=simple,suicide=true)",
    "go(size=5,ko=repetition_draw,max_moves=50)",
    "gomoku",
    "gomoku(size=5)",
    "gomoku(size=19,exact=true)",
    "hex",
    "hex(size=19,swap=true)",
    "hex(size=3)",
    "othello",
    "teeko",
    "teeko(max_moves=20)",
    "tictactoe",
    "tictactoe(width=15,height=15,k=5)",
    "y",
    "y(size=19)",
    "yavalath",
    "yavalath(size=3,swap=true)",
    "yavalath(size=8)",
];

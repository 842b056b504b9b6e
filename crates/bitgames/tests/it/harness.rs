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
use bitgames::{new_game, Game, SetupError};
use common::check_game;

/// The contract on each `(parameters, games, seed)` row: `games` random games
/// (unscored) seeded by `seed` from the game `new` makes of the parameters.
fn check_variants<G: Game + PartialEq, P>(
    new: impl Fn(P) -> Result<G, SetupError>, rows: impl IntoIterator<Item = (P, usize, u64)>,
) {
    for (params, games, seed) in rows {
        check_game(new(params).unwrap(), games, seed, false);
    }
}

#[test]
fn connect4_keeps_the_contract() {
    check_game(Connect4::standard(), 300, 1, false);
    let rows = [((4, 4), 100, 2), ((9, 6), 50, 3), ((1, 63), 5, 4)];
    check_variants(|(width, height)| Connect4::new(width, height), rows);
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
    check_variants(|(w, h)| Clobber::<1>::new(w, h), [((6, 5), 200, 10), ((1, 1), 1, 11)]);
    check_game(Clobber::<6>::new(19, 19).unwrap(), 2, 12, false);
    check_game(Clobber64::standard(), 100, 13, false);
    let rows = [((6, 5), 200, 14), ((1, 1), 1, 15), ((64, 1), 5, 16)];
    check_variants(|(w, h)| Clobber64::new(w, h), rows);
}

#[test]
fn breakthrough_keeps_the_contract() {
    check_game(Breakthrough::standard(), 100, 9, false);
    check_variants(|(w, h)| Breakthrough::<1>::new(w, h), [((5, 6), 200, 10), ((3, 3), 200, 11)]);
    check_game(Breakthrough::<4>::new(20, 10).unwrap(), 5, 12, false);
}

#[test]
fn gomoku_keeps_the_contract() {
    check_game(Gomoku::standard(), 20, 13, false);
    check_game(Gomoku::<4>::new(15, true).unwrap(), 10, 14, false);
    let rows = [((5, false), 300, 15), ((7, true), 100, 16)];
    check_variants(|(size, exact)| Gomoku::<1>::new(size, exact), rows);
    check_game(Gomoku::<6>::new(19, false).unwrap(), 3, 17, false);
}

#[test]
fn yavalath_keeps_the_contract() {
    check_game(Yavalath::standard(), 200, 13, false);
    check_game(Yavalath::<2>::new(5, true).unwrap(), 100, 14, false);
    let rows = [((3, false), 300, 15), ((3, true), 300, 16), ((2, false), 100, 17)];
    check_variants(|(size, swap)| Yavalath::<1>::new(size, swap), rows);
    check_game(Yavalath::<6>::new(10, false).unwrap(), 5, 18, false);
}

#[test]
fn havannah_keeps_the_contract() {
    check_game(Havannah::standard(), 200, 21, false);
    check_game(Havannah::<2>::new(5, true).unwrap(), 100, 22, false);
    let rows = [((4, false), 300, 23), ((3, true), 300, 24)];
    check_variants(|(size, swap)| Havannah::<1>::new(size, swap), rows);
    check_game(Havannah::<4>::new(8, false).unwrap(), 20, 25, false);
    check_game(Havannah::<6>::new(10, false).unwrap(), 5, 26, false);
}

#[test]
fn hex_keeps_the_contract() {
    check_game(Hex::standard(), 50, 13, false);
    let rows = [
        ((7, false), 200, 14),
        ((7, true), 200, 15),
        ((3, true), 300, 16),
        ((3, false), 300, 17),
        ((1, true), 2, 18),
    ];
    check_variants(|(size, swap)| Hex::<1>::new(size, swap), rows);
    check_variants(|swap| Hex::<6>::new(19, swap), [(false, 5, 19), (true, 5, 20)]);
}

#[test]
fn y_keeps_the_contract() {
    check_game(Y::standard(), 50, 21, false);
    check_variants(Y::<1>::new, [(4, 300, 22), (1, 2, 23), (7, 100, 24)]);
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

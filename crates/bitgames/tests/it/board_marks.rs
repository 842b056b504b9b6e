//! The winning line or chain a game marks on its board view once it is won
//! (`BoardView::marked`): the exact cells in small games, and in random games
//! to the end only the winner's pieces, making the win the rules saw.

use bitgames::{new_game, DynGame, Outcome, Player};

/// The marked cells' names, sorted.
fn marked(g: &dyn DynGame) -> Vec<String> {
    let view = g.board();
    let mut v: Vec<String> = view.marked.iter().map(|&i| view.cells[i].name.clone()).collect();
    v.sort();
    v
}

fn play(spec: &str, moves: &str) -> Box<dyn DynGame> {
    let mut g = new_game(spec).unwrap();
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{spec}: {m}: {e}"));
    }
    g
}

#[test]
fn lines_and_chains_of_small_games() {
    // Nothing is marked before the end.
    assert!(marked(play("tictactoe", "a1 b1 a2 b2").as_ref()).is_empty());
    assert_eq!(marked(play("tictactoe", "a1 b1 a2 b2 a3").as_ref()), ["a1", "a2", "a3"]);
    // A diagonal of four on 4×4 with k=3: the whole run.
    let t = play("tictactoe(width=4,height=4,k=3)", "a1 a2 b2 a3 c3");
    assert_eq!(marked(t.as_ref()), ["a1", "b2", "c3"]);
    // Connect Four: X's column 1, four high.
    assert_eq!(marked(play("connect4", "1 2 1 2 1 2 1").as_ref()), ["a1", "a2", "a3", "a4"]);
    // Gomoku: five in a row; exact=true marks exactly five.
    let five = "a1 a2 b1 b2 c1 c2 d1 d2 e1";
    assert_eq!(marked(play("gomoku", five).as_ref()), ["a1", "b1", "c1", "d1", "e1"]);
    // Hex: x joins the top and bottom rows with b1 b2 b3 (o plays a1 a2).
    let h = play("hex(size=3)", "b1 a1 b2 a2 b3");
    assert_eq!(h.outcome(), Some(Outcome::WonBy(Player::First)));
    assert_eq!(marked(h.as_ref()), ["b1", "b2", "b3"]);
    // Yavalath: three in a row loses; the loser's three is marked.
    let y = play("yavalath", "e1 a5 f1 a6 g1");
    assert_eq!(y.outcome(), Some(Outcome::WonBy(Player::Second)));
    assert_eq!(marked(y.as_ref()), ["e1", "f1", "g1"]);
}

/// Random games to the end: what is marked is the winner's, and only in a
/// won game.
#[test]
fn random_games_mark_the_winners_pieces() {
    for spec in
        ["hex(size=7)", "y(size=8)", "connect4", "tictactoe", "gomoku(size=9)", "yavalath", "teeko"]
    {
        let mut won = 0;
        for seed in 0..40u64 {
            let mut g = new_game(spec).unwrap();
            let mut s = seed * 1000;
            while g.outcome().is_none() {
                let Some(m) = g.random_move(s) else { break };
                g.play_text(&m).unwrap();
                s += 1;
            }
            let view = g.board();
            match g.outcome() {
                Some(Outcome::WonBy(p)) => {
                    won += 1;
                    // Yavalath may mark the loser's three.
                    let owners: Vec<_> = view.marked.iter().map(|&i| view.cells[i].owner).collect();
                    assert!(
                        !owners.is_empty() || spec == "teeko",
                        "{spec} seed {seed}: nothing marked"
                    );
                    if spec != "yavalath" {
                        assert!(owners.iter().all(|o| *o == Some(p)), "{spec} seed {seed}");
                    }
                }
                _ => assert!(view.marked.is_empty(), "{spec} seed {seed}"),
            }
        }
        assert!(won > 0, "{spec}: no game won");
    }
}

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

/// Plays X's `xs` and O's `os` alternately, X first.
fn alternate(spec: &str, xs: &[&str], os: &[&str]) -> Box<dyn DynGame> {
    let mut moves = Vec::new();
    for k in 0..xs.len() {
        moves.push(xs[k]);
        if let Some(o) = os.get(k).filter(|_| k + 1 < xs.len()) {
            moves.push(o);
        }
    }
    play(spec, &moves.join(" "))
}

/// Havannah marks the stones of its ring (not what the ring encloses, not a
/// tail hanging from it), or the whole group of a bridge or a fork.
#[test]
fn havannah_marks_its_ring_bridge_or_fork() {
    // O's quiet moves: scattered cells that make nothing.
    let quiet = ["a1", "c1", "e1", "a5", "e9", "g9", "i9", "c3"];
    let around_e5 = ["d4", "d5", "e4", "e6", "f5", "f6"];
    let ring = alternate("havannah", &around_e5, &quiet);
    assert_eq!(ring.outcome(), Some(Outcome::WonBy(Player::First)));
    assert_eq!(marked(ring.as_ref()), around_e5);
    // Around X's own stone e5: the six around it, not e5.
    let mut xs = vec!["e5"];
    xs.extend(around_e5);
    assert_eq!(marked(alternate("havannah", &xs, &quiet).as_ref()), around_e5);
    // Around O's stone on e5, with a tail (f4 g4) hanging from the ring.
    let mut xs = vec!["f4", "g4"];
    xs.extend(around_e5);
    let mut os = vec!["e5"];
    os.extend(quiet);
    let g = alternate("havannah", &xs, &os);
    assert!(g.describe_outcome(Outcome::WonBy(Player::First)).ends_with("a ring"));
    assert_eq!(marked(g.as_ref()), around_e5);
    // A wider loop of eight around the two empty cells e5 and f5.
    let wide = ["d4", "d5", "e4", "e6", "f4", "f6", "g5", "g6"];
    assert_eq!(marked(alternate("havannah", &wide, &quiet).as_ref()), wide);
    // A bridge: the top row joins the corners a1 and e1.
    let top = ["a1", "b1", "c1", "d1", "e1"];
    let g = alternate("havannah", &top, &["a5", "e9", "i9", "c5", "g7"]);
    assert!(g.describe_outcome(Outcome::WonBy(Player::First)).ends_with("a bridge"));
    assert_eq!(marked(g.as_ref()), top);
    // A fork: the left edge (a3), the bottom edge (g9) and the top edge (c1),
    // all eleven of X's stones in one chain.
    let xs = ["a3", "b3", "c3", "d4", "e5", "f6", "g7", "g8", "g9", "c2", "c1"];
    let os = ["a1", "e1", "i5", "i9", "e9", "h5", "h6", "b5", "f3", "d7", "c5"];
    let g = alternate("havannah", &xs, &os);
    assert!(g.describe_outcome(Outcome::WonBy(Player::First)).ends_with("a fork"));
    let mut want: Vec<&str> = xs.to_vec();
    want.sort();
    assert_eq!(marked(g.as_ref()), want);
}

/// Teeko marks the winner's four: a line or a 2×2 square.
#[test]
fn teeko_marks_its_line_or_square() {
    let at = |pos: &str| {
        let mut g = new_game("teeko").unwrap();
        g.set_position(pos).unwrap();
        g
    };
    assert_eq!(marked(at("...../...../...../OOO../XXXX. 7").as_ref()), ["a1", "b1", "c1", "d1"]);
    // O's 2×2 square b3 c3 b4 c4 in the move phase.
    assert_eq!(marked(at("X..X./.OO../.OO../X...X/..... 10").as_ref()), ["b3", "b4", "c3", "c4"]);
}

/// Random games to the end: what is marked is the winner's, and only in a
/// won game.
#[test]
fn random_games_mark_the_winners_pieces() {
    for spec in [
        "hex(size=7)",
        "y(size=8)",
        "connect4",
        "tictactoe",
        "gomoku(size=9)",
        "yavalath",
        "teeko",
        "havannah(size=4)",
    ] {
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
                    assert!(!owners.is_empty(), "{spec} seed {seed}: nothing marked");
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

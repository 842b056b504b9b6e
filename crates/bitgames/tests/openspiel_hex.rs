//! Hex against OpenSpiel: random games recorded from OpenSpiel's `hex` by
//! `scripts/openspiel_traces.py` (each ply's sorted legal moves and the move
//! played, then the winner) replayed here: the same legal moves at every ply and
//! the same winner. OpenSpiel's player 0 (black, `x`) moves first and joins the
//! top and bottom rows, as our `x` does, and names cells the same way (`a1`
//! top-left, letter = column, number = row from the top). `hex_7_swap.txt` is
//! played with the pie rule (`swap`, taken half the time it is offered).

use bitgames::{new_game, Outcome, Player};

fn replay(file: &str, text: &str) -> (usize, usize) {
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let spec = lines.next().and_then(|l| l.strip_prefix("spec ")).expect("a spec line");
    let start = new_game(spec).unwrap();
    let mut g = start.clone_box();
    let (mut games, mut plies, mut swaps) = (0, 0, 0);
    for line in lines {
        if line.starts_with("game ") {
            g = start.clone_box();
        } else if let Some(w) = line.strip_prefix("winner ") {
            let want = match w {
                "x" => Outcome::WonBy(Player::First),
                "o" => Outcome::WonBy(Player::Second),
                _ => panic!("{file}: Hex has no draws, the trace says '{w}'"),
            };
            assert!(g.legal_moves().is_empty(), "{file}: game {games} goes on at {}", g.position());
            assert_eq!(g.outcome(), Some(want), "{file}: winner of game {}", games + 1);
            games += 1;
        } else {
            let (listed, played) = line.split_once(" | ").expect("moves | move");
            let mut moves = g.legal_moves();
            moves.sort();
            let want: Vec<&str> = listed.split(' ').collect();
            assert_eq!(
                moves,
                want,
                "{file}: game {}, ply {} at {}",
                games + 1,
                g.ply(),
                g.position()
            );
            assert_eq!(g.outcome(), None);
            g.play_text(played).unwrap();
            swaps += (played == "swap") as usize;
            plies += 1;
        }
    }
    assert_eq!(games, 20, "{file}");
    (plies, swaps)
}

#[test]
fn hex_7_matches_openspiel() {
    let (plies, _) = replay("hex_7.txt", include_str!("data/openspiel/hex_7.txt"));
    assert!(plies > 300, "{plies}");
}

#[test]
fn hex_11_matches_openspiel() {
    let (plies, _) = replay("hex_11.txt", include_str!("data/openspiel/hex_11.txt"));
    assert!(plies > 1000, "{plies}");
}

#[test]
fn hex_7_with_swap_matches_openspiel() {
    let (plies, swaps) = replay("hex_7_swap.txt", include_str!("data/openspiel/hex_7_swap.txt"));
    assert!(plies > 300, "{plies}");
    assert!(swaps >= 5, "{swaps} swaps");
}

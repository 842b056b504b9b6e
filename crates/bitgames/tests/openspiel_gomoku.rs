//! Gomoku against OpenSpiel: random games recorded from OpenSpiel's `gomoku`
//! (free-style: five or more in a row wins; `anti`, `wrap` off) by
//! `scripts/openspiel_traces.py` (each ply's sorted legal moves and the move
//! played, then the winner) replayed here: the same legal moves at every ply and
//! the same result. OpenSpiel's black (player 0) moves first, as our `x` does;
//! its cell `r,c` (row `r` from the top) is written in our names (column letter
//! `c`, row number `size - r`) by the script.

use bitgames::{new_game, Outcome, Player};

fn replay(file: &str, text: &str) -> (usize, [usize; 3]) {
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let spec = lines.next().and_then(|l| l.strip_prefix("spec ")).expect("a spec line");
    let start = new_game(spec).unwrap();
    let mut g = start.clone_box();
    let (mut games, mut plies, mut ends) = (0, 0, [0; 3]);
    for line in lines {
        if line.starts_with("game ") {
            g = start.clone_box();
        } else if let Some(w) = line.strip_prefix("winner ") {
            let (want, k) = match w {
                "x" => (Outcome::WonBy(Player::First), 0),
                "o" => (Outcome::WonBy(Player::Second), 1),
                "draw" => (Outcome::Draw, 2),
                _ => panic!("{file}: unknown result '{w}'"),
            };
            assert!(g.legal_moves().is_empty(), "{file}: game {games} goes on at {}", g.position());
            assert_eq!(g.outcome(), Some(want), "{file}: result of game {}", games + 1);
            ends[k] += 1;
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
            plies += 1;
        }
    }
    assert_eq!(games, 20, "{file}");
    (plies, ends)
}

#[test]
fn gomoku_15x15_matches_openspiel() {
    let (plies, ends) = replay("gomoku.txt", include_str!("data/openspiel/gomoku.txt"));
    assert!(plies > 1000, "{plies}");
    assert!(ends[0] > 0 && ends[1] > 0, "{ends:?}");
}

#[test]
fn gomoku_7x7_matches_openspiel() {
    let (plies, ends) = replay("gomoku_7x7.txt", include_str!("data/openspiel/gomoku_7x7.txt"));
    assert!(plies > 300, "{plies}");
    assert!(ends.iter().all(|&n| n > 0), "draws and both winners: {ends:?}");
}

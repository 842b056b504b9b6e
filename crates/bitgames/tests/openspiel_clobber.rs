//! Clobber against OpenSpiel: random games recorded from OpenSpiel's `clobber`
//! by `scripts/openspiel_traces.py` (each ply's sorted legal moves and the move
//! played, then the winner) replayed here: the same legal moves at every ply and
//! the same winner. OpenSpiel's first player owns a1 and moves first, as our
//! `x` does (OpenSpiel draws it `o`), and names moves the same way.

use bitgames::{new_game, Outcome, Player};

fn replay(file: &str, text: &str) -> usize {
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let spec = lines.next().and_then(|l| l.strip_prefix("spec ")).expect("a spec line");
    let start = new_game(spec).unwrap();
    let mut g = start.clone_box();
    let (mut games, mut plies) = (0, 0);
    for line in lines {
        if line.starts_with("game ") {
            g = start.clone_box();
        } else if let Some(w) = line.strip_prefix("winner ") {
            let want = match w {
                "x" => Outcome::WonBy(Player::First),
                "o" => Outcome::WonBy(Player::Second),
                _ => panic!("{file}: Clobber has no draws, the trace says '{w}'"),
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
            plies += 1;
        }
    }
    assert_eq!(games, 20, "{file}");
    plies
}

#[test]
fn clobber_8x8_matches_openspiel() {
    let plies = replay("clobber_8x8.txt", include_str!("data/openspiel/clobber_8x8.txt"));
    assert!(plies > 500, "{plies}");
}

#[test]
fn clobber_5x6_matches_openspiel() {
    let plies = replay("clobber_5x6.txt", include_str!("data/openspiel/clobber_5x6.txt"));
    assert!(plies > 200, "{plies}");
}

//! 20 random games of 8×8 Breakthrough recorded from OpenSpiel
//! (`scripts/openspiel_breakthrough.py`, its rows mirrored to ours), replayed
//! here: at every ply the same legal moves, and the same winner at the end.

use bitgames::games::breakthrough::Breakthrough;
use bitgames::{Game, Outcome, Player};

#[test]
fn replays_openspiel_games() {
    let data = include_str!("data/openspiel/breakthrough_8x8.txt");
    let mut games = 0;
    let mut plies = 0;
    let mut g = Breakthrough::standard();
    let mut moves = Vec::new();
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        if line.starts_with("game ") {
            g = Breakthrough::standard();
        } else if let Some(w) = line.strip_prefix("winner ") {
            let want = if w == "b" { Player::First } else { Player::Second };
            assert_eq!(g.outcome(), Some(Outcome::WonBy(want)), "{line}: {g:?}");
            games += 1;
        } else {
            let (legal, played) = line.split_once(" | ").expect("moves | move");
            assert!(g.outcome().is_none(), "OpenSpiel plays on in {g:?}");
            g.legal_moves(&mut moves);
            let mut ours: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            ours.sort();
            let theirs: Vec<&str> = legal.split(' ').collect();
            assert_eq!(ours, theirs, "game {}, ply {}: {g:?}", games + 1, g.ply());
            g.play(g.parse_move(played).unwrap()).unwrap();
            plies += 1;
        }
    }
    assert_eq!(games, 20);
    assert!(plies > 500, "{plies} plies");
}

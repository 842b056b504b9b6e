//! Record formats as a capability: which formats each game has, which one
//! reads a paste, and the copies written (the web app's Load and Copy as).

use bitgames::notation::{detect, formats, write_all};
use bitgames::{new_game, GameRecord};

fn names(spec: &str) -> Vec<&'static str> {
    formats(new_game(spec).unwrap().as_ref()).iter().map(|f| f.name).collect()
}

#[test]
fn formats_by_game_and_paste() {
    assert_eq!(names("connect4"), ["pons"]);
    assert_eq!(names("othello"), ["transcript", "ggf"]);
    assert_eq!(names("go(size=9)"), ["sgf"]);
    assert_eq!(names("hex"), ["sgf"]);
    assert!(names("tictactoe").is_empty());
    let which =
        |spec: &str, text: &str| detect(new_game(spec).unwrap().as_ref(), text).map(|f| f.name);
    assert_eq!(which("connect4", "44 53"), Some("pons"));
    assert_eq!(which("connect4", "(;GM[1];B[aa])"), None);
    assert_eq!(which("othello", "f5 d6"), Some("transcript"));
    assert_eq!(which("othello", " (;GM[Othello]BO[8 ...])"), Some("ggf"));
    assert_eq!(which("go", "(;GM[1]SZ[9];B[ee])"), Some("sgf"));
    // Read and written back: a Pons string, an Othello transcript.
    let c4 = new_game("connect4").unwrap();
    let pons = detect(c4.as_ref(), "44 53").unwrap();
    let r = (pons.read)(c4.as_ref(), "44 53").unwrap();
    assert_eq!(r.moves(), ["4", "4", "5", "3"]);
    assert_eq!(write_all(&r)[0].1, "4453");
    let e = (pons.read)(c4.as_ref(), "4444444").unwrap_err().to_string();
    assert!(e.contains("full"), "{e}");
}

#[test]
fn formats_that_keep_their_start_come_first_from_a_set_position() {
    let mut o = GameRecord::new(new_game("othello").unwrap());
    o.play("f5").unwrap();
    let firsts: Vec<_> = write_all(&o).iter().map(|(f, _)| f.name).collect();
    assert_eq!(firsts, ["transcript", "ggf"]);
    let mut set = new_game("othello").unwrap();
    set.set_position(&o.current().position()).unwrap();
    let from_set = GameRecord::new(set);
    let firsts: Vec<_> = write_all(&from_set).iter().map(|(f, _)| f.name).collect();
    assert_eq!(firsts, ["ggf", "transcript"]);
}

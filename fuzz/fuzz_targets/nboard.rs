//! NBoard sessions: each line is a command. `set depth` above 3 is left out (so
//! each search stays short). A `move` changes the board to a legal successor or
//! not at all; `go` and `hint` leave the board alone and `go` names a legal
//! move; `set game` sets the board to the end of the GGF game it reads; `ping N`
//! answers `pong N`.
#![no_main]

use bitgames::games::othello::formats::parse_ggf;
use bitgames::games::othello::nboard::Session;
use bitgames::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut s = Session::new(1);
    for line in text.lines().take(32) {
        let t = line.trim();
        let (cmd, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let rest = rest.trim();
        if cmd == "set" && rest.starts_with("depth") {
            let v = rest["depth".len()..].trim();
            if v.parse::<u64>().map_or(true, |d| d > 3) {
                continue;
            }
        }
        let before = *s.board();
        let out = s.handle(line);
        let after = *s.board();
        match cmd {
            "go" => {
                assert_eq!(after, before);
                if before.outcome().is_none() {
                    let mv = out
                        .iter()
                        .find_map(|l| l.strip_prefix("=== "))
                        .unwrap_or_else(|| panic!("go: no move in {out:?}"));
                    let mv = mv.split('/').next().unwrap().to_ascii_lowercase();
                    let mv = if mv == "pa" { "pass".to_string() } else { mv };
                    let m = before.parse_move(&mv).unwrap_or_else(|e| panic!("go: {mv}: {e}"));
                    assert!(before.is_legal(m), "go: {mv} is not legal");
                }
            }
            "hint" => assert_eq!(after, before),
            "move" => {
                if after != before {
                    let mut found = false;
                    before.for_each_move(|m| {
                        let mut b = before;
                        b.play_unchecked(m);
                        found |= b == after;
                    });
                    assert!(found, "move {rest}: not a legal successor");
                }
            }
            "set" if rest.starts_with("game") => {
                if let Ok(g) = parse_ggf(rest["game".len()..].trim()) {
                    assert_eq!(&after, g.record().end());
                } else {
                    assert_eq!(after, before);
                }
            }
            "ping" => assert_eq!(out, [format!("pong {rest}").trim_end().to_string()]),
            _ => {}
        }
    }
});

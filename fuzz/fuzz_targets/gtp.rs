//! GTP sessions (`GtpSession`) for Go, Hex and Y (the first byte picks the game
//! and its size), fed fuzzed command lines with a random engine: every line
//! with a command gets one well-formed response (`=` or `?`, the command's id
//! repeated, one line or several with no empty line among them, a closing blank
//! line); a line with none gets no response. `play` that succeeds adds the move
//! (and a pass before a move out of turn); one that fails leaves the game as it
//! was; `reg_genmove` never changes the game; `undo` takes back one or two moves;
//! each state reached keeps the game invariants.
#![no_main]

use bitgames::gtp::session::GtpSession;
use libfuzzer_sys::fuzz_target;

const GAMES: &[&str] =
    &["go(size=5)", "go(size=9,komi=7.5)", "hex(size=5)", "hex(size=11)", "y(size=5)", "y(size=9)"];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let spec = GAMES[which as usize % GAMES.len()];
    let mut s = GtpSession::new(spec, "random(seed=1)").expect("a session");
    let text = String::from_utf8_lossy(rest);
    for line in text.split('\n').take(40) {
        // What the session reads as the command: control characters (but
        // tabs) dropped, a '#' comment cut off.
        let cleaned: String = line.chars().filter(|c| !c.is_control() || *c == '\t').collect();
        let words: Vec<&str> =
            cleaned.split('#').next().unwrap_or_default().split_whitespace().collect();
        let before = s.record().moves().to_vec();
        let reply = s.handle(line);
        let Some(first) = words.first() else {
            assert!(reply.is_none(), "{line:?}: a response to no command: {reply:?}");
            continue;
        };
        let reply = reply.unwrap_or_else(|| panic!("{line:?}: no response"));
        let id = if first.bytes().all(|b| b.is_ascii_digit()) { *first } else { "" };
        let command = if id.is_empty() { Some(*first) } else { words.get(1).copied() };
        assert!(reply.ends_with("\n\n"), "{line:?}: {reply:?}");
        let body = &reply[..reply.len() - 2];
        assert!(!body.contains("\n\n"), "{line:?}: an empty line inside {reply:?}");
        let ok = body.starts_with('=');
        assert!(ok || body.starts_with('?'), "{line:?}: {reply:?}");
        assert!(body[1..].starts_with(&format!("{id} ")), "{line:?}: id {id} in {reply:?}");
        let after = s.record().moves();
        match command {
            Some("play") if ok => {
                let grown = after.len() - before.len();
                assert!(
                    after.len() > before.len() && grown <= 2,
                    "{line:?}: {before:?} → {after:?}"
                );
                assert_eq!(&after[..before.len()], &before[..]);
            }
            Some("play" | "reg_genmove") => assert_eq!(after, &before[..], "{line:?}"),
            Some("undo") if ok => {
                let gone = before.len() - after.len();
                assert!((1..=2).contains(&gone), "{line:?}: {before:?} → {after:?}");
            }
            Some("quit") => assert!(s.is_done()),
            _ => {}
        }
        bitgames_fuzz::check_state(s.record().current());
    }
});

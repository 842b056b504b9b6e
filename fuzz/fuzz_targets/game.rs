//! Every game's position text and move text, over the whole registry: bytes pick
//! the game and its parameters, then (NUL-separated) a position text, a move
//! text and a walk of legal moves. Each state reached is checked by
//! `check_state` (position text round trip, legal moves against the checked
//! play, perft 1, random move); the fuzzed move text by `check_move_text`.
#![no_main]

use bitgames_fuzz::{build, check_move_text, check_state, parts, pick_spec, Bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let spec = pick_spec(&mut b);
    let mut g = build(&spec);
    let p = parts(b.rest(), 3);
    let text = |i: usize| p.get(i).map(|t| String::from_utf8_lossy(t).into_owned());
    if let Some(pos) = text(0).filter(|t| !t.is_empty()) {
        let before = g.clone_box();
        match g.set_position(&pos) {
            Ok(()) => {}
            Err(e) => {
                assert!(!e.to_string().is_empty());
                bitgames_fuzz::assert_same(g.as_ref(), before.as_ref(), "a refused position");
            }
        }
    }
    let mut legal = check_state(g.as_ref());
    if let Some(mv) = text(1) {
        check_move_text(&mut g, &mv, &legal);
        legal = check_state(g.as_ref());
    }
    // A walk: each byte picks one of the legal moves.
    for &k in p.get(2).copied().unwrap_or_default().iter().take(48) {
        if legal.is_empty() {
            break;
        }
        let m = &legal[k as usize % legal.len()];
        g.play_text(m).expect("legal move");
        legal = check_state(g.as_ref());
    }
});

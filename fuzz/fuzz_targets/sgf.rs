//! SGF records of Go and Hex (the first byte picks the game): a record that
//! reads writes back to SGF that reads to the same game (start, moves, final
//! position, players, result: its own once over, where the record gives none), and writing is a fixed point; each game of a
//! collection read on its own (`read_all`) does the same, and its first game
//! is the one `read` takes.
#![no_main]

use bitgames::sgf::{read, read_all, result_of, write, SgfGame};
use libfuzzer_sys::fuzz_target;

/// Writes `g` back and reads it again: the same game, and a fixed point.
fn round_trip(g: &SgfGame, base: &str, text: &str) {
    let w = write(&g.record, g.black.as_deref(), g.white.as_deref(), g.result.as_deref())
        .unwrap_or_else(|e| panic!("{text:?}: a record read does not write: {e}"));
    let again = read(&w, base).unwrap_or_else(|e| panic!("{text:?} → {w:?}: {e}"));
    let r = &again.record;
    assert_eq!(r.start().spec(), g.record.start().spec(), "{w}");
    assert_eq!(r.start().position(), g.record.start().position(), "{w}");
    assert_eq!(r.moves(), g.record.moves(), "{w}");
    assert_eq!(r.current().position(), g.record.current().position(), "{w}");
    // A finished game without RE is written with its own result.
    let result = g.result.clone().or_else(|| result_of(g.record.current()));
    assert_eq!((&again.black, &again.white, &again.result), (&g.black, &g.white, &result));
    let w2 = write(r, again.black.as_deref(), again.white.as_deref(), again.result.as_deref())
        .expect("writes again");
    assert_eq!(w2, w, "writing is not a fixed point");
    bitgames_fuzz::check_state(r.current());
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let base = if which & 1 == 0 { "go" } else { "hex" };
    let one = read(text, base);
    match &one {
        Ok(g) => round_trip(g, base, text),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    let all = read_all(text, base);
    if let Some(first) = all.first() {
        if let Ok(g) = &first.game {
            let one =
                one.as_ref().unwrap_or_else(|e| panic!("{text:?}: read_all reads, read: {e}"));
            assert_eq!(one.record.moves(), g.record.moves());
        }
    }
    for c in &all {
        assert!(c.line >= 1 && c.line <= text.lines().count().max(1), "line {}", c.line);
        match &c.game {
            Ok(g) => round_trip(g, base, text),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});

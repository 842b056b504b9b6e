//! Saved game records (JSON, any game): a record that reads saves back to JSON
//! that reads to the same record; each of its states keeps the game invariants.
#![no_main]

use bitgames::GameRecord;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match GameRecord::from_json(text) {
        Ok(r) => {
            let json = r.to_json();
            let again = GameRecord::from_json(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(again.saved(), r.saved());
            bitgames_fuzz::assert_same(again.current(), r.current(), "record round trip");
            bitgames_fuzz::check_state(r.current());
            bitgames_fuzz::check_state(r.start());
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});

//! OBF lines: a line that reads writes back (FFO style) to a line that reads
//! to the same record, and that line is a fixed point of write ∘ read.
#![no_main]

use bitgames::games::othello::formats::{write_obf, ObfRecord};
use bitgames::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match ObfRecord::parse(text) {
        Ok(r) => {
            let w = write_obf(&r);
            let again = ObfRecord::parse(&w).unwrap_or_else(|e| panic!("{text:?} → {w:?}: {e}"));
            assert_eq!(again, r, "{text:?} → {w:?}");
            assert_eq!(write_obf(&again), w);
            let pos = r.position.position();
            assert_eq!(r.position.parse_position(&pos).as_ref(), Ok(&r.position), "{pos}");
            let best = r.best_moves();
            assert_eq!(best.is_empty(), r.scored_moves.is_empty());
            assert!(best.iter().all(|m| r.scored_moves.iter().any(|(s, _)| s == m)));
            bitgames_fuzz::check_state(&r.position);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});

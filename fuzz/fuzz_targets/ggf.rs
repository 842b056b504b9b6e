//! GGF game records: every game read writes back to a record that reads to the
//! same game and tags, and writing is a fixed point; `parse_ggf` accepts exactly
//! the texts with one game.
#![no_main]

use bitgames::games::othello::formats::{parse_ggf, parse_ggf_all, write_ggf};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let all = parse_ggf_all(text);
    let one = parse_ggf(text);
    match &all {
        Ok(games) => {
            assert_eq!(one.is_ok(), games.len() == 1, "{text:?}: {one:?}");
            for g in games {
                let w = write_ggf(g);
                let again = parse_ggf(&w).unwrap_or_else(|e| panic!("{text:?} → {w:?}: {e}"));
                assert_eq!(again.record(), g.record(), "{w}");
                assert_eq!(write_ggf(&again), w);
                assert_eq!(again.notes().len(), again.record().moves().len());
                bitgames_fuzz::check_state(again.record().end());
            }
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            assert!(one.is_err(), "{text:?}: parse_ggf reads what parse_ggf_all refuses");
        }
    }
});

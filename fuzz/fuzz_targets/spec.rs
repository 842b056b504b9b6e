//! Game specs: `parse_spec` and `write_spec` round-trip, and a spec that builds
//! a game names it canonically (its `spec()` builds the same start position).
#![no_main]

use bitgames::registry::{new_game, parse_spec, write_spec};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match parse_spec(text) {
        Ok(s) => {
            let written = write_spec(&s.name, &s.params);
            let again = parse_spec(&written)
                .unwrap_or_else(|e| panic!("{text:?} written as {written:?} does not parse: {e}"));
            assert_eq!(again, s, "{text:?} written as {written:?}");
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    match new_game(text) {
        Ok(g) => {
            let spec = g.spec();
            let again = new_game(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
            assert_eq!(again.spec(), spec);
            bitgames_fuzz::assert_same(g.as_ref(), again.as_ref(), "spec round trip");
            bitgames_fuzz::check_state(g.as_ref());
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});

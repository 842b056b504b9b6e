//! Life RLE and B/S rules: a pattern that reads writes back to RLE that reads to
//! the same pattern (cells sorted, duplicates dropped), inside its header's box;
//! a small one loads into the plane with its population; a rule that reads
//! prints back to itself.
#![no_main]

use bitgames::puzzles::life::{Pattern, Plane, Rule};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(rule) = Rule::parse(text) {
        let printed = rule.to_string();
        assert_eq!(Rule::parse(&printed).as_ref(), Ok(&rule), "{text:?} → {printed:?}");
    }
    match Pattern::from_rle(text) {
        Ok(p) => {
            let mut cells = p.cells.clone();
            cells.sort_unstable_by_key(|&(x, y)| (y, x));
            cells.dedup();
            assert!(cells.iter().all(|&(x, y)| (x as usize) < p.width && (y as usize) < p.height));
            let w = p.to_rle();
            let again = Pattern::from_rle(&w).unwrap_or_else(|e| panic!("{text:?} → {w:?}: {e}"));
            assert_eq!((again.width, again.height, again.rule), (p.width, p.height, p.rule));
            assert_eq!(again.comments, p.comments);
            let mut again_cells = again.cells.clone();
            again_cells.sort_unstable_by_key(|&(x, y)| (y, x));
            assert_eq!(again_cells, cells, "{w}");
            if cells.len() <= 4096 && !p.rule.births_on_zero() {
                if let Ok(mut plane) = Plane::with_pattern(&p) {
                    assert_eq!(plane.population(), cells.len() as u64);
                    plane.step(false);
                    let _ = plane.to_pattern();
                }
            }
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});

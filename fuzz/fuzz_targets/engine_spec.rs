//! Engine specs for every game: a spec builds an engine or is refused with a
//! message, and a built engine's full spec builds the same engine again.
//! Specs that name a file or a program (text parameters) are left out, and so
//! are tables over 64 MiB (each run would allocate them).
#![no_main]

use bitgames::registry::{engines_for, new_engine, parse_spec, ParamKind};
use bitgames_fuzz::{build, pick_spec, Bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let g = build(&pick_spec(&mut b));
    let Ok(text) = std::str::from_utf8(b.rest()) else { return };
    if let Ok(s) = parse_spec(text) {
        let engines = engines_for(g.as_ref());
        let info =
            engines.iter().find(|e| e.name == s.name || e.aliases.contains(&s.name.as_str()));
        for (k, v) in &s.params {
            let param = info.and_then(|i| i.params.iter().find(|p| p.name.eq_ignore_ascii_case(k)));
            if param.is_some_and(|p| matches!(p.kind, ParamKind::Text)) {
                return;
            }
            if k.to_ascii_lowercase().ends_with("_mib")
                && v.trim().parse::<i64>().map_or(false, |n| n > 64)
            {
                return;
            }
        }
        if let Some(i) = info {
            let default_mib =
                i.params.iter().any(|p| p.name.ends_with("_mib") && p.name != "max_tree_mib");
            let given_mib = s.params.iter().any(|(k, _)| k.to_ascii_lowercase().ends_with("_mib"));
            if default_mib && !given_mib {
                return;
            }
        }
    }
    match new_engine(g.as_ref(), text) {
        Ok(e) => {
            let spec = e.spec();
            let again = new_engine(g.as_ref(), &spec)
                .unwrap_or_else(|err| panic!("{text:?} built {spec:?}, which fails: {err}"));
            assert_eq!(again.spec(), spec, "{text:?}: the full spec is not a fixed point");
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});

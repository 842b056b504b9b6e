//! The web API's requests at the library level (no server): the first line is
//! the game spec of the path, the rest a `GameRequest` as JSON. A request that
//! builds gives a state that serialises; replaying its start and moves gives the
//! same position; its legal list is the game's; the moves an undo took back
//! replay after it. An engine spec that passes the web app's check passes it
//! again unchanged and builds.
#![no_main]

use bitgames_web::game::{self, GameRequest};
use bitgames_web::{engine, Limits};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (spec, json) = text.split_once('\n').unwrap_or((text, "{}"));
    let Ok(req) = serde_json::from_str::<GameRequest>(json) else { return };
    let limits = Limits { table_mib: 16, ..Limits::default() };
    let Ok(built) = game::build(spec, &req, &limits) else { return };
    let state = game::state(&built);
    serde_json::to_string(&state).expect("a state serialises");
    let now = built.record.current();
    assert_eq!(state.position, now.position());
    let legal: Vec<String> = state.legal.iter().map(|m| m.mv.clone()).collect();
    assert_eq!(legal, now.legal_moves());
    let replay = GameRequest {
        start: Some(state.start.clone()),
        moves: state.moves.clone(),
        ..GameRequest::default()
    };
    let again = game::build(spec, &replay, &limits).expect("a state's own moves replay");
    bitgames_fuzz::assert_same(again.record.current(), now, "replayed state");
    let redo =
        GameRequest { moves: [state.moves.clone(), built.undone.clone()].concat(), ..replay };
    game::build(spec, &redo, &limits).expect("undone moves redo");
    if let Some(e) = &req.engine {
        if let Ok(checked) = engine::check(now, e, &limits) {
            let twice = engine::check(now, &checked, &limits).unwrap_or_else(|err| {
                panic!("{e:?} checked as {checked:?}, then refused: {err:?}")
            });
            assert_eq!(twice, checked);
            if !checked.contains("_mib") || checked.contains("max_tree_mib") {
                bitgames::registry::new_engine(now, &checked).expect("a checked spec builds");
            }
        }
    }
});

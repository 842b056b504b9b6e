//! The integration tests of the `bitgames` library.
//!
//! One test binary for the whole crate: each file here is a module (the former
//! `tests/<name>.rs`), so the library is linked once rather than once a file,
//! which is most of a fresh clone's test build. Run one file's tests with a
//! filter: `cargo test -p bitgames --test it -- hex::`. A new test file goes here as
//! `tests/it/<name>.rs` with a `mod <name>;` line below (shared helpers:
//! `use crate::common;`); `the_test_files_of_every_crate_are_modules_of_one_binary`
//! fails otherwise (it checks every crate of the workspace).

mod analysis;
mod board_marks;
mod breakthrough;
mod breakthrough_table;
mod clobber;
mod clobber_table;
mod common;
mod connect4_solver;
mod connect4_table;
mod core_props;
mod core_units;
mod engine_props;
mod engine_stop;
mod errors;
mod facade;
mod figures;
mod forced_wins;
mod fuzz_regressions;
mod go;
mod gomoku;
mod gtp;
mod harness;
mod havannah;
mod hex;
mod house;
mod internal;
mod life;
mod lightsout;
mod mcts;
mod notation;
mod openspiel;
mod othello;
mod othello_endgame;
mod othello_formats;
mod othello_player;
mod pack;
mod perft;
mod plugin;
mod sgf;
mod stone_tables;
mod teeko;
mod teeko_table;
mod tictactoe_table;
mod units;
mod y;
mod y_reference;
mod yavalath;

/// In every crate of the workspace, a `tests/*.rs` file would be a binary of
/// its own, linking the whole library again, and a file in `tests/it/` without
/// its `mod` line in that crate's `tests/it/main.rs` is never compiled: both
/// fail here, naming the file.
#[test]
fn the_test_files_of_every_crate_are_modules_of_one_binary() {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut checked = 0;
    for krate in std::fs::read_dir(crates).unwrap() {
        let tests = krate.unwrap().path().join("tests");
        if !tests.is_dir() {
            continue;
        }
        // Python's tests (crates/bitgames-py/tests, pytest) hold no Rust.
        let rust = std::fs::read_dir(&tests).unwrap().any(|e| {
            let p = e.unwrap().path();
            p.extension().is_some_and(|x| x == "rs") || p.join("main.rs").is_file()
        });
        if !rust {
            continue;
        }
        checked += 1;
        let main = std::fs::read_to_string(tests.join("it/main.rs"))
            .unwrap_or_else(|e| panic!("{}: {e}", tests.join("it/main.rs").display()));
        for entry in std::fs::read_dir(&tests).unwrap() {
            let path = entry.unwrap().path();
            let binary =
                path.extension().is_some_and(|e| e == "rs") || path.join("main.rs").is_file();
            assert!(
                !binary || path.ends_with("it"),
                "{} is a test binary of its own: move it to tests/it/ as a module",
                path.display()
            );
        }
        for entry in std::fs::read_dir(tests.join("it")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let module =
                path.extension().is_some_and(|e| e == "rs") || path.join("mod.rs").is_file();
            assert!(
                !module || name == "main" || main.contains(&format!("mod {name};")),
                "{} is not compiled: add `mod {name};` to its tests/it/main.rs",
                path.display()
            );
        }
    }
    // bitgames, bitgames-cli, bitgames-web and bitgames-peers.
    assert_eq!(checked, 4, "crates with tests under {}", crates.display());
}

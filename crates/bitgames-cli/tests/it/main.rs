//! The end-to-end tests of the `bitgames` command-line tool.
//!
//! One test binary for the whole crate: each file here is a module (the former
//! `tests/<name>.rs`), so the library is linked once rather than once a file,
//! which is most of a fresh clone's test build. Run one file's tests with a
//! filter: `cargo test -p bitgames-cli --test it -- hostile::`. A new test file goes here as
//! `tests/it/<name>.rs` with a `mod <name>;` line below (shared helpers:
//! `use crate::common;`); `the_test_files_are_modules_of_this_binary` fails
//! otherwise.

mod cli;
mod common;
mod convert;
mod gtp;
mod hostile;
mod new_user;
mod pack;
mod puzzles;
mod serve;

/// Every `tests/*.rs` file would be a binary of its own, linking the whole
/// library again, and a file in `tests/it/` without its `mod` line above is
/// never compiled: both fail here, naming the file.
#[test]
fn the_test_files_are_modules_of_this_binary() {
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let main = std::fs::read_to_string(tests.join("it/main.rs")).unwrap();
    for entry in std::fs::read_dir(&tests).unwrap() {
        let path = entry.unwrap().path();
        let binary = path.extension().is_some_and(|e| e == "rs") || path.join("main.rs").is_file();
        assert!(
            !binary || path.ends_with("it"),
            "{} is a test binary of its own: move it to tests/it/ as a module",
            path.display()
        );
    }
    for entry in std::fs::read_dir(tests.join("it")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let module = path.extension().is_some_and(|e| e == "rs") || path.join("mod.rs").is_file();
        assert!(
            !module || name == "main" || main.contains(&format!("mod {name};")),
            "{} is not compiled: add `mod {name};` to tests/it/main.rs",
            path.display()
        );
    }
}

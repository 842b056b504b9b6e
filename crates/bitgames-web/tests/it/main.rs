//! The tests of the web app: its JSON API, the browser end to end, a load test.
//!
//! One test binary for the whole crate: each file here is a module (the former
//! `tests/<name>.rs`), so the library is linked once rather than once a file,
//! which is most of a fresh clone's test build. Run one file's tests with a
//! filter: `cargo test -p bitgames-web --test it -- api::`. A new test file goes here as
//! `tests/it/<name>.rs` with a `mod <name>;` line below (shared helpers:
//! `use crate::common;`); the library's
//! `the_test_files_of_every_crate_are_modules_of_one_binary` fails otherwise.

mod api;
mod browser;
mod common;
mod e2e;
mod load;
mod puzzles;
mod server;
mod stop;

//! The end-to-end tests of the `bitgames` command-line tool.
//!
//! One test binary for the whole crate: each file here is a module (the former
//! `tests/<name>.rs`), so the library is linked once rather than once a file,
//! which is most of a fresh clone's test build. Run one file's tests with a
//! filter: `cargo test -p bitgames-cli --test it -- hostile::`. A new test file goes here as
//! `tests/it/<name>.rs` with a `mod <name>;` line below (shared helpers:
//! `use crate::common;`); the library's
//! `the_test_files_of_every_crate_are_modules_of_one_binary` fails otherwise.

mod cli;
mod common;
mod convert;
mod gtp;
mod hostile;
mod new_user;
mod pack;
mod puzzles;
mod serve;
mod tablebase;

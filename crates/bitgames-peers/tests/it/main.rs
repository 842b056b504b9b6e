//! The peers tool's tests, one binary (see the library's `tests/it/main.rs`).

mod peers;

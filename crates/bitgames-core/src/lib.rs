//! The bitboard core of `bitgames`, after Browne's *Bitboard Methods for Games*:
//! cell sets in one or many 64-bit words ([`bits`], §1 and Appendix B), linear,
//! square and hexagonal grids with separating bits ([`grid`], §2 and §4), and the
//! paper's §5 filters, queries and updates ([`ops`]).
//!
//! It knows no game: games, search and apps live in the `bitgames` crate, which
//! re-exports these modules, so Cargo keeps the layering one way.
#![deny(missing_docs)]

pub mod bits;
pub mod cpu;
pub mod grid;
pub mod ops;

pub use bits::{Bits, Bits128, Bits256, Bits384, Bits64};
pub use grid::{Cell, Dir, Grid, GridKind};

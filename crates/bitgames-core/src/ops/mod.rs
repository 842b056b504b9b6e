//! Browne §5: bitwise-parallel game algorithms, generic over every grid and storage
//! size. Filters (§5.1) and queries (§5.2) read the board; updates (§5.3) write it.

pub mod filters;
pub mod queries;
pub mod updates;
pub mod yreduce;

pub use filters::*;
pub use queries::*;
pub use updates::*;
pub use yreduce::*;

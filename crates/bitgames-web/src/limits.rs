//! What one request may ask of the server.

use std::time::Duration;

/// The bounds on every request's work.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body, in bytes.
    pub body_bytes: usize,
    /// Largest board, in cells (a 19×19 Go board is 361).
    pub board_cells: usize,
    /// Most moves in one request's move list.
    pub moves: usize,
    /// Engine moves and analyses running at once (each on its own blocking
    /// thread); more get a 503.
    pub workers: usize,
    /// Analyses one client (one remote IP address) may have running at once;
    /// more get a 429.
    pub analyses_per_client: usize,
    /// Longest an engine may think before the answer is an error (the
    /// engine's stop flag is raised then, freeing its worker, as it is when the
    /// client goes away).
    pub engine_time: Duration,
    /// Default and longest time of an analysis that can stop at any moment
    /// (MCTS, the alpha-beta player).
    pub analysis_time: (Duration, Duration),
    /// Longest an exact analysis runs (the solvers' stop flag is raised then).
    pub exact_time: Duration,
    /// Largest transposition table an engine spec may ask for, in MiB.
    pub table_mib: i64,
    /// Which `Host` names are answered (every request) and so which origins
    /// may call the API ([`crate::guard`]).
    pub hosts: crate::guard::HostRule,
    /// Longest a client may take to send a request's head, and longest a
    /// kept-alive connection may sit idle before its next request ([`crate::serve`]).
    pub header_time: Duration,
    /// Longest a client may take to send a request's whole body (answered 408).
    pub body_time: Duration,
    /// Largest request head (request line and headers), in bytes (answered 431).
    pub header_bytes: usize,
    /// Most connections open at once; more wait in the kernel's backlog. `0`:
    /// half the process's soft limit on open files, at most 512.
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body_bytes: 64 * 1024,
            board_cells: 512,
            moves: 1024,
            workers: std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 8),
            analyses_per_client: 2,
            engine_time: Duration::from_secs(120),
            analysis_time: (Duration::from_secs(5), Duration::from_secs(60)),
            exact_time: Duration::from_secs(300),
            table_mib: 256,
            hosts: crate::guard::HostRule::Loopback,
            header_time: Duration::from_secs(10),
            body_time: Duration::from_secs(30),
            header_bytes: 64 * 1024,
            connections: 0,
        }
    }
}

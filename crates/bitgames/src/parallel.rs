//! Thread counts and pools for the parallel paths (perft, Life, packing,
//! the arena): the one rule that reads a `--threads 0` as every core.
//! Imports nothing of the library.

/// The number of threads `threads` asks for: itself, or all the machine's cores
/// for 0 (every `--threads` option reads 0 this way).
pub fn threads(threads: usize) -> usize {
    if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
}

/// A rayon pool of `threads` threads (all the machine's if 0); `None` for one.
pub(crate) fn pool(threads: usize) -> Option<rayon::ThreadPool> {
    let n = self::threads(threads);
    if n <= 1 {
        return None;
    }
    rayon::ThreadPoolBuilder::new().num_threads(n).build().ok()
}

//! Large zeroed tables for search (transposition tables), backed by huge pages
//! where the system offers them.
//!
//! A transposition table is probed at random, so with 4 KiB pages nearly every
//! probe of a 64 MiB table misses the TLB. Linux maps 2 MiB pages to a region
//! aligned on 2 MiB that was marked with `madvise(MADV_HUGEPAGE)`; this type makes
//! such a region, touches every page once (so no page fault lands inside a search),
//! and frees it on drop. Elsewhere it is a plain zeroed allocation.
//!
//! The words are reachable only as [`AtomicU64`]s: search threads share a table
//! and write it while others read, so a plain `&[u64]` view of the same memory
//! would be a data race. Relaxed loads and stores of whole words compile to plain
//! moves on x86-64, so the atomic view costs nothing.

use std::alloc::{alloc, dealloc, Layout};
use std::ptr::NonNull;
use std::sync::atomic::AtomicU64;

const HUGE_PAGE: usize = 2 << 20;

/// A table that could not be allocated: its size in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate a table of {} MiB{}", .bytes >> 20, match .memory {
    Some(m) => format!(" (more than the {} MiB a table may take of this machine's memory)", m >> 20),
    None => String::new(),
})]
pub struct AllocError {
    /// The size asked for.
    pub bytes: usize,
    /// The most a table may take ([`table_limit`]) when the size is over it;
    /// `None` when the system refused the memory.
    pub memory: Option<usize>,
}

/// The most memory one table may take: three quarters of the machine's
/// memory, where the system says (Linux: `MemTotal` of `/proc/meminfo`). A
/// larger table would not fit beside everything else: the system would start
/// swapping or kill the program while the table is zeroed.
pub fn table_limit() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024) / 4 * 3)
}

/// Why a table size asked for in MiB (a `--table-mib`) cannot be used here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TableSizeError {
    /// Zero.
    #[error("must be at least 1")]
    Zero,
    /// More than [`table_limit`].
    #[error(
        "{mib} is more than this machine can give a table (at most {max} MiB, three quarters \
         of its memory)"
    )]
    TooLarge {
        /// The size asked for.
        mib: usize,
        /// The most a table may take here.
        max: usize,
    },
}

/// Checks a table size in MiB before the table is made: at least 1, at most
/// [`table_limit`] (no limit where the system does not say).
pub fn check_table_mib(mib: usize) -> Result<(), TableSizeError> {
    if mib == 0 {
        return Err(TableSizeError::Zero);
    }
    match table_limit().map(|limit| (limit >> 20).max(1)) {
        Some(max) if mib > max => Err(TableSizeError::TooLarge { mib, max }),
        _ => Ok(()),
    }
}

/// A zeroed, page-aligned array of atomic words that lives as long as the value.
pub(crate) struct ZeroedTable {
    ptr: NonNull<AtomicU64>,
    len: usize,
    layout: Layout,
}

// SAFETY: `ZeroedTable` owns its allocation exclusively, like a `Box<[AtomicU64]>`.
unsafe impl Send for ZeroedTable {}
// SAFETY: shared access goes only through `&[AtomicU64]`, which is `Sync`.
unsafe impl Sync for ZeroedTable {}

impl ZeroedTable {
    /// `len` zeroed words (at least one); an error if the memory cannot be had.
    pub(crate) fn try_new(len: usize) -> Result<Self, AllocError> {
        let len = len.max(1);
        let bytes = len.checked_mul(8).ok_or(AllocError { bytes: usize::MAX, memory: None })?;
        if let Some(limit) = table_limit().filter(|&limit| bytes > limit) {
            return Err(AllocError { bytes, memory: Some(limit) });
        }
        let align = if bytes >= HUGE_PAGE { HUGE_PAGE } else { 64 };
        let layout = Layout::from_size_align(bytes, align)
            .map_err(|_| AllocError { bytes, memory: None })?;
        // Not `alloc_zeroed`: for a large alignment it zeroes (and so maps, in
        // 4 KiB pages) the memory before we can ask for huge pages.
        // SAFETY: `layout` has a non-zero size.
        let raw = unsafe { alloc(layout) } as *mut AtomicU64;
        let ptr = NonNull::new(raw).ok_or(AllocError { bytes, memory: None })?;
        #[cfg(target_os = "linux")]
        if align == HUGE_PAGE {
            // SAFETY: the range is our own live allocation; madvise only advises.
            unsafe {
                libc::madvise(raw as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
            }
        }
        // Zero (and so map) every page now, after the advice, so that no page
        // fault lands inside a search. All-zero bytes are a valid `AtomicU64`.
        // SAFETY: `raw` is valid for `len` writes of 8 bytes and suitably aligned.
        unsafe { std::ptr::write_bytes(raw, 0, len) };
        Ok(ZeroedTable { ptr, len, layout })
    }

    /// `len` zeroed words; aborts like `Vec` if the memory cannot be had.
    pub(crate) fn new(len: usize) -> Self {
        match Self::try_new(len) {
            Ok(t) => t,
            Err(_) => std::alloc::handle_alloc_error(
                Layout::from_size_align(len.max(1).saturating_mul(8), 64)
                    .unwrap_or(Layout::new::<u64>()),
            ),
        }
    }

    /// Number of words.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The words, shared between search threads.
    #[inline(always)]
    pub(crate) fn words(&self) -> &[AtomicU64] {
        // SAFETY: `ptr` points to `len` initialised (zeroed) atomics that we own.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    /// Zeroes every word; `&mut self` makes the access exclusive.
    pub(crate) fn clear(&mut self) {
        // SAFETY: as in `try_new`; no other reference to the words exists.
        unsafe { std::ptr::write_bytes(self.ptr.as_ptr(), 0, self.len) };
    }

    /// Starts loading the cache line of word `i` (a hint; out of range is ignored).
    #[inline(always)]
    pub(crate) fn prefetch(&self, i: usize) {
        #[cfg(target_arch = "x86_64")]
        if i < self.len {
            // SAFETY: `i` is in range, so the pointer is into our allocation; a
            // prefetch reads nothing the program can observe and never faults.
            unsafe {
                let ptr = self.ptr.as_ptr().add(i) as *const i8;
                std::arch::x86_64::_mm_prefetch(ptr, std::arch::x86_64::_MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = i;
    }
}

impl Drop for ZeroedTable {
    fn drop(&mut self) {
        // SAFETY: allocated in `try_new` with exactly this layout.
        unsafe { dealloc(self.ptr.as_ptr() as *mut u8, self.layout) }
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;
    use std::sync::atomic::Ordering::Relaxed;

    pub fn zeroed_and_writable() {
        for len in [1, 1000, (4 << 20) / 8 + 3] {
            let mut t = ZeroedTable::new(len);
            assert_eq!(t.len(), len);
            assert!(t.words().iter().all(|w| w.load(Relaxed) == 0));
            t.words()[len - 1].store(7, Relaxed);
            assert_eq!(t.words()[len - 1].load(Relaxed), 7);
            t.prefetch(len - 1);
            t.prefetch(len + 10);
            t.clear();
            assert_eq!(t.words()[len - 1].load(Relaxed), 0);
        }
    }

    pub fn impossible_sizes_are_errors() {
        assert!(ZeroedTable::try_new(usize::MAX / 4).is_err());
        assert!(ZeroedTable::try_new(1 << 60).is_err());
        // More than the machine's memory: refused before asking the system.
        if let Some(limit) = table_limit() {
            let e = ZeroedTable::try_new(limit / 8 + 1).err().expect("over the limit");
            assert_eq!(e.memory, Some(limit));
            assert!(e.to_string().contains("of this machine's memory"), "{e}");
        }
    }
}

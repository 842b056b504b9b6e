//! Large zeroed tables for search (transposition tables), backed by huge pages
//! where the system offers them.
//!
//! A transposition table is probed at random, so with 4 KiB pages nearly every
//! probe of a 64 MiB table misses the TLB. Linux maps 2 MiB pages to a region
//! aligned on 2 MiB that was marked with `madvise(MADV_HUGEPAGE)`; this type makes
//! such a region, touches every page once (so no page fault lands inside a search),
//! and frees it on drop. Elsewhere it is a plain zeroed allocation.

use std::alloc::{alloc, dealloc, handle_alloc_error, Layout};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

const HUGE_PAGE: usize = 2 << 20;

/// A zeroed, page-aligned slice of `u64` that lives as long as the value.
pub struct ZeroedTable {
    ptr: NonNull<u64>,
    len: usize,
    layout: Layout,
}

// SAFETY: `ZeroedTable` owns its allocation exclusively, like a `Box<[u64]>`.
unsafe impl Send for ZeroedTable {}
// SAFETY: shared access only reads through `&[u64]`.
unsafe impl Sync for ZeroedTable {}

impl ZeroedTable {
    /// `len` zeroed words (at least one).
    pub fn new(len: usize) -> Self {
        let len = len.max(1);
        let bytes = len.checked_mul(8).expect("table size overflows usize");
        let align = if bytes >= HUGE_PAGE { HUGE_PAGE } else { 64 };
        let layout = Layout::from_size_align(bytes, align).expect("valid table layout");
        // Not `alloc_zeroed`: for a large alignment it zeroes (and so maps, in
        // 4 KiB pages) the memory before we can ask for huge pages.
        // SAFETY: `layout` has a non-zero size.
        let raw = unsafe { alloc(layout) } as *mut u64;
        let Some(ptr) = NonNull::new(raw) else { handle_alloc_error(layout) };
        #[cfg(target_os = "linux")]
        if align == HUGE_PAGE {
            // SAFETY: the range is our own live allocation; madvise only advises.
            unsafe {
                libc::madvise(raw as *mut libc::c_void, bytes, libc::MADV_HUGEPAGE);
            }
        }
        // Zero (and so map) every page now, after the advice, so that no page
        // fault lands inside a search.
        // SAFETY: `raw` is valid for `len` writes of u64 and suitably aligned.
        unsafe { std::ptr::write_bytes(raw, 0, len) };
        ZeroedTable { ptr, len, layout }
    }
}

impl ZeroedTable {
    /// The words as atomics, for tables shared between search threads (relaxed
    /// loads and stores of whole words compile to plain moves on x86-64).
    #[inline(always)]
    pub fn as_atomic(&self) -> &[std::sync::atomic::AtomicU64] {
        // SAFETY: `AtomicU64` has the size and bit validity of `u64`, our words
        // are 64-byte aligned (more than its alignment), and while the atomic
        // view is borrowed no `&mut [u64]` can exist (it borrows `self` shared).
        unsafe {
            std::slice::from_raw_parts(
                self.ptr.as_ptr() as *const std::sync::atomic::AtomicU64,
                self.len,
            )
        }
    }
}

impl Deref for ZeroedTable {
    type Target = [u64];
    #[inline(always)]
    fn deref(&self) -> &[u64] {
        // SAFETY: `ptr` points to `len` initialised (zeroed) words that we own.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl DerefMut for ZeroedTable {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [u64] {
        // SAFETY: as in `deref`, and `&mut self` makes the access exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for ZeroedTable {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with exactly this layout.
        unsafe { dealloc(self.ptr.as_ptr() as *mut u8, self.layout) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_and_writable() {
        for len in [1, 1000, (4 << 20) / 8 + 3] {
            let mut t = ZeroedTable::new(len);
            assert_eq!(t.len(), len);
            assert!(t.iter().all(|&w| w == 0));
            t[len - 1] = 7;
            assert_eq!(t[len - 1], 7);
        }
    }
}

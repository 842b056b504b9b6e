//! The solver's transposition table: 64-bit entries in buckets of four, each entry
//! holding the rest of the key and a 16-bit payload (the bound, the best column and
//! the size of the search behind it), so a hit is exact (no false matches).
//!
//! A key of `K` bits (`width·(height+1)`) is first scrambled by multiplying with an
//! odd constant modulo 2^K — a bijection, so nothing is lost. The top bits of the
//! scrambled key pick the bucket; its low `K − bucket bits` are stored. Bucket and
//! stored bits together give back the whole key (the role the Chinese remainder
//! theorem plays in Pons' prime-sized table, without a division).
//!
//! Replacement: a new entry takes the slot of the same key, else the slot whose
//! search was smallest, so the results of big searches survive the flood of
//! small ones near the leaves (Pons' table is direct-mapped and always replaces).

use crate::search::memory::{AllocError, ZeroedTable};
use std::sync::atomic::Ordering::Relaxed;

/// Entries per bucket (32 bytes: half a cache line).
pub(crate) const WAYS: usize = 4;

/// The odd multiplier (2⁶⁴ over the golden ratio) that spreads keys over the
/// buckets.
const SCRAMBLE: u64 = 0x9E37_79B9_7F4A_7C15;

/// Payload bits 12–15: the log2 of the nodes searched (0–15).
const WORK_SHIFT: u32 = 12;

/// A four-way bucketed table of bounds keyed by position keys. Every operation
/// takes `&self` (entries are single atomic words), so search threads can share
/// one table; a torn bucket costs at worst a lost entry, never a wrong
/// one, because each word carries its own key.
pub(crate) struct TranspositionTable {
    slots: ZeroedTable,
    key_bits: u32,
    bucket_bits: u32,
    key_mask: u64,
}

impl TranspositionTable {
    /// A table of about `mib` MiB (rounded down to a power of two entries, at
    /// least 1024) for keys of `key_bits` bits.
    pub(crate) fn new(mib: usize, key_bits: u32) -> Self {
        Self::build(mib, key_bits, |len| Ok(ZeroedTable::new(len))).expect("infallible")
    }

    /// [`new`](Self::new), or an error (not an abort) if the memory cannot be had.
    pub(crate) fn try_new(mib: usize, key_bits: u32) -> Result<Self, AllocError> {
        Self::build(mib, key_bits, ZeroedTable::try_new)
    }

    fn build(
        mib: usize, key_bits: u32, alloc: impl FnOnce(usize) -> Result<ZeroedTable, AllocError>,
    ) -> Result<Self, AllocError> {
        let bytes = mib.max(1).saturating_mul(1 << 20);
        let entries = (bytes / 8).max(1024);
        let entry_bits = usize::BITS - 1 - entries.leading_zeros();
        let mut bucket_bits = entry_bits - WAYS.trailing_zeros();
        // At least 2^(K−48) buckets, so the stored key part fits above the payload.
        bucket_bits = bucket_bits.max(key_bits.saturating_sub(48)).min(key_bits);
        let key_mask = if key_bits >= 64 { u64::MAX } else { (1u64 << key_bits) - 1 };
        // Huge pages where available, every page touched up front: page faults
        // inside a search cost ~30 µs per easy position.
        let slots = alloc(WAYS << bucket_bits)?;
        Ok(TranspositionTable { slots, key_bits, bucket_bits, key_mask })
    }

    /// Ages every entry: its work counts one less (half the nodes), so entries
    /// of big searches long past give way in the end. The solver ages its
    /// small table every [`AGE_EVERY`](super::solver::AGE_EVERY) nodes.
    pub(crate) fn age(&self) {
        for slot in self.slots.words() {
            let e = slot.load(Relaxed);
            let w = (e >> WORK_SHIFT) & 0xf;
            if w > 0 {
                slot.store(e - (1 << WORK_SHIFT), Relaxed);
            }
        }
    }

    /// Empties the table.
    pub(crate) fn clear(&mut self) {
        self.slots.clear();
    }

    #[inline(always)]
    fn bucket(&self, i: usize) -> &[std::sync::atomic::AtomicU64] {
        &self.slots.words()[i..i + WAYS]
    }

    #[inline(always)]
    fn locate(&self, key: u64) -> (usize, u64) {
        let h = key.wrapping_mul(SCRAMBLE) & self.key_mask;
        let rest_bits = self.key_bits - self.bucket_bits;
        let bucket = (h >> rest_bits) as usize;
        let rest = h & ((1u64 << rest_bits) - 1);
        (bucket * WAYS, rest)
    }

    /// Starts loading the bucket of `key` into the cache (a hint; no effect on
    /// results). The solver calls it for every child before searching the first.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        let (i, _) = self.locate(key);
        self.slots.prefetch(i);
    }

    /// The payload stored for `key` (work bits cleared), 0 if none.
    #[inline(always)]
    pub(crate) fn get(&self, key: u64) -> u16 {
        let (i, rest) = self.locate(key);
        // No early exit: four loads and compares without a branch. An empty
        // slot is 0, so matching one (a key whose stored part is 0) reads 0.
        let mut found = 0;
        // Backwards, so the first match wins: an entry is filed in the first
        // empty slot, so the empty slots that could match come after it.
        for slot in self.bucket(i).iter().rev() {
            let e = slot.load(Relaxed);
            if e >> 16 == rest {
                found = e;
            }
        }
        (found & ((1 << WORK_SHIFT) - 1)) as u16
    }

    /// Stores a non-zero payload (below bit 12) for `key`, found by searching
    /// `nodes` nodes: over the same key, else over the entry of least work.
    #[inline(always)]
    pub(crate) fn put(&self, key: u64, payload: u16, nodes: u64) {
        let (i, rest) = self.locate(key);
        let work = (64 - nodes.leading_zeros()).min(15) as u64;
        let entry = rest << 16 | work << WORK_SHIFT | payload as u64;
        let bucket = self.bucket(i);
        let mut victim = 0;
        let mut least = u64::MAX;
        for (j, slot) in bucket.iter().enumerate() {
            let e = slot.load(Relaxed);
            if e >> 16 == rest || e == 0 {
                slot.store(entry, Relaxed);
                return;
            }
            let w = (e >> WORK_SHIFT) & 0xf;
            if w < least {
                least = w;
                victim = j;
            }
        }
        bucket[victim].store(entry, Relaxed);
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn exact_hits() {
        let t = TranspositionTable::new(1, 49);
        for k in (0..100_000u64).map(|i| i.wrapping_mul(0x1234_5678_9abc) & ((1 << 49) - 1)) {
            t.put(k, 7, 100);
            assert_eq!(t.get(k), 7);
            assert_eq!(t.get(k ^ 1), 0);
        }
        let small = TranspositionTable::new(1, 10);
        small.put(1023, 3, 1);
        assert_eq!(small.get(1023), 3);
        assert_eq!(small.get(1022), 0);
    }

    pub fn impossible_tables_are_errors() {
        assert!(TranspositionTable::try_new(usize::MAX >> 20, 49).is_err());
        assert_eq!(TranspositionTable::try_new(1, 49).unwrap().slots.len() * 8, 1 << 20);
    }

    pub fn big_searches_survive() {
        // Fill one bucket's worth of keys that collide, then flood with small ones:
        // the entry of the largest search stays.
        let t = TranspositionTable::new(1, 20);
        let big = 12345;
        t.put(big, 9, 1 << 14);
        for k in 0..(1u64 << 20) {
            if k != big {
                t.put(k, 5, 2);
            }
        }
        assert_eq!(t.get(big), 9);
    }

    pub fn aged_entries_give_way() {
        let t = TranspositionTable::new(1, 20);
        let big = 12345;
        t.put(big, 9, 1 << 14);
        // Thirteen agings leave the big search's entry (work 15) above the
        // flood's (work 1)...
        for _ in 0..13 {
            t.age();
        }
        for k in 0..(1u64 << 20) {
            if k != big {
                t.put(k, 5, 1);
            }
        }
        assert_eq!(t.get(big), 9);
        // ... fifteen put it below.
        t.age();
        t.age();
        for k in 0..(1u64 << 20) {
            if k != big {
                t.put(k, 5, 1);
            }
        }
        assert_eq!(t.get(big), 0);
    }
}

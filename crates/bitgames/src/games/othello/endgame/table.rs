//! The endgame solver's transposition table: for a position, a lower and an upper
//! bound on its exact score and the move that was best (or refuted the window)
//! when it was last searched.
//!
//! Layout: buckets of four entries of two words, one 64-byte cache line per
//! bucket (huge pages through [`ZeroedTable`], so a probe costs one cache miss and
//! rarely a TLB miss). An entry is `(check ^ data, data)`: `check` is a second
//! 64-bit hash of the position, independent of the one that picks the bucket, so a
//! false hit needs both hashes of two positions to agree (about one in 2⁹⁰ per
//! probe with a 2²⁰-bucket table); storing it XORed with the data means a torn
//! entry reads as a miss.
//!
//! Every entry is an exact-depth result (the endgame is searched to the end), so
//! bounds for the same position always combine: a new store keeps the larger
//! lower bound and the smaller upper bound. Replacement, when the bucket holds
//! other positions: an empty slot, else the entry of a previous solve, else the
//! one whose search was smallest (log₂ of its nodes), so the results of big
//! searches survive the flood of small ones near the leaves.
//!
//! Every operation but [`clear`](Table::clear) takes `&self`: the words are
//! atomics (relaxed loads and stores, plain moves on x86-64), so search threads
//! share one table; a torn entry fails its check and reads as a miss.

use crate::game::mix64;
use crate::search::memory::{AllocError, ZeroedTable};
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

/// Entries per bucket.
const WAYS: usize = 4;
/// Words per entry.
const WORDS: usize = 2;
/// "No move" in the move byte.
pub(super) const NO_MOVE: u8 = 64;

/// The two hashes of a position: `index` picks the bucket, `check` confirms the
/// position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Key {
    index: u64,
    check: u64,
}

impl Key {
    /// The hashes of the position `(p, o)` (side to move first).
    #[inline(always)]
    pub(super) fn new(p: u64, o: u64) -> Key {
        let a = mix64(p);
        let b = mix64(o ^ 0x5851_f42d_4c95_7f2d);
        Key { index: a ^ b.rotate_left(23), check: a.wrapping_add(b.rotate_left(41)) }
    }
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    /// The score is at least this.
    pub lower: i32,
    /// The score is at most this.
    pub upper: i32,
    /// The best move found (a square index), or [`NO_MOVE`].
    pub mv: u8,
}

// Data word: bits 0–7 lower + 65, 8–15 upper + 65 (so a used entry is never 0),
// 16–23 move, 24–31 log2 of the nodes searched, 32–39 date.
#[inline(always)]
fn pack(e: Entry, work: u32, date: u8) -> u64 {
    (e.lower + 65) as u64
        | ((e.upper + 65) as u64) << 8
        | (e.mv as u64) << 16
        | (work.min(255) as u64) << 24
        | (date as u64) << 32
}

#[inline(always)]
fn unpack(d: u64) -> Entry {
    Entry {
        lower: (d & 0xff) as i32 - 65,
        upper: (d >> 8 & 0xff) as i32 - 65,
        mv: (d >> 16 & 0xff) as u8,
    }
}

/// The endgame transposition table.
pub(super) struct Table {
    slots: ZeroedTable,
    mask: u64,
    date: u8,
}

impl Table {
    /// A table of about `mib` MiB (a power of two number of 64-byte buckets, at
    /// least 1024).
    pub(super) fn new(mib: usize) -> Table {
        let buckets = Self::buckets(mib);
        Table { slots: ZeroedTable::new(buckets * WAYS * WORDS), mask: buckets as u64 - 1, date: 1 }
    }

    /// [`new`](Self::new), or an error (not an abort) if the memory cannot be had.
    pub(super) fn try_new(mib: usize) -> Result<Table, AllocError> {
        let buckets = Self::buckets(mib);
        let slots = ZeroedTable::try_new(buckets * WAYS * WORDS)?;
        Ok(Table { slots, mask: buckets as u64 - 1, date: 1 })
    }

    /// Buckets of a `mib` MiB table: a power of two, at least 1024.
    fn buckets(mib: usize) -> usize {
        let bytes = mib.max(1).saturating_mul(1 << 20);
        let buckets = (bytes / (WAYS * WORDS * 8)).max(1024);
        1usize << (usize::BITS - 1 - buckets.leading_zeros())
    }

    /// Size in bytes.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// Empties the table.
    pub(super) fn clear(&mut self) {
        self.slots.clear();
        self.date = 1;
    }

    /// Starts a new search generation: older entries are replaced first.
    pub(super) fn new_date(&mut self) {
        self.date = if self.date == 255 { 1 } else { self.date + 1 };
    }

    /// The eight words of the bucket of `key`.
    #[inline(always)]
    fn words(&self, key: Key) -> &[AtomicU64] {
        let i = self.bucket(key);
        &self.slots.words()[i..i + WAYS * WORDS]
    }

    #[inline(always)]
    fn bucket(&self, key: Key) -> usize {
        // The top bits: the low ones of `index` are the ones mix64 mixes least.
        ((key.index >> 20) & self.mask) as usize * WAYS * WORDS
    }

    /// Starts loading the bucket of `key` into the cache (a hint only).
    #[inline(always)]
    pub(super) fn prefetch(&self, key: Key) {
        self.slots.prefetch(self.bucket(key));
    }

    /// The entry for `key`, if there is one.
    #[inline(always)]
    pub(super) fn probe(&self, key: Key) -> Option<Entry> {
        let b = self.words(key);
        for w in 0..WAYS {
            let (c, d) = (b[2 * w].load(Relaxed), b[2 * w + 1].load(Relaxed));
            if d != 0 && c ^ d == key.check {
                return Some(unpack(d));
            }
        }
        None
    }

    /// Records that a search of `key` with window `(alpha, beta)` returned
    /// `score` (fail-soft: an upper bound at or below `alpha`, a lower bound at or
    /// above `beta`, else exact) with best move `mv`, after `nodes` nodes.
    #[inline]
    pub(super) fn store(&self, key: Key, alpha: i32, beta: i32, score: i32, mv: u8, nodes: u64) {
        let (lower, upper) = if score >= beta {
            (score, 64)
        } else if score <= alpha {
            (-64, score)
        } else {
            (score, score)
        };
        let work = 64 - nodes.leading_zeros();
        let date = self.date;
        let b = self.words(key);
        let mut victim = 0;
        let mut least = u32::MAX;
        for w in 0..WAYS {
            let (c, d) = (b[2 * w].load(Relaxed), b[2 * w + 1].load(Relaxed));
            if d != 0 && c ^ d == key.check {
                let old = unpack(d);
                let e = Entry {
                    lower: lower.max(old.lower),
                    upper: upper.min(old.upper),
                    mv: if mv == NO_MOVE { old.mv } else { mv },
                };
                let old_work = (d >> 24 & 0xff) as u32;
                let d = pack(e, work.max(old_work), date);
                b[2 * w].store(key.check ^ d, Relaxed);
                b[2 * w + 1].store(d, Relaxed);
                return;
            }
            let rank = if d == 0 {
                0
            } else {
                let stale = (d >> 32 & 0xff) as u8 != date;
                1 + (d >> 24 & 0xff) as u32 + if stale { 0 } else { 256 }
            };
            if rank < least {
                least = rank;
                victim = w;
            }
        }
        let d = pack(Entry { lower, upper, mv }, work, date);
        b[2 * victim].store(key.check ^ d, Relaxed);
        b[2 * victim + 1].store(d, Relaxed);
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn store_and_combine() {
        let mut t = Table::new(1);
        let k = Key::new(0x1234, 0x5678_0000);
        assert_eq!(t.bytes(), 1 << 20);
        assert_eq!(t.probe(k), None);
        t.store(k, 3, 4, 10, 7, 100); // lower bound 10
        assert_eq!(t.probe(k), Some(Entry { lower: 10, upper: 64, mv: 7 }));
        t.store(k, 20, 21, 18, NO_MOVE, 100); // upper bound 18
        assert_eq!(t.probe(k), Some(Entry { lower: 10, upper: 18, mv: 7 }));
        t.store(k, -64, 64, 12, 3, 1); // exact 12
        assert_eq!(t.probe(k), Some(Entry { lower: 12, upper: 12, mv: 3 }));
        assert_eq!(t.probe(Key::new(0x1234, 0x5678_0001)), None);
        t.clear();
        assert_eq!(t.probe(k), None);
    }

    pub fn impossible_tables_are_errors() {
        assert!(Table::try_new(usize::MAX >> 20).is_err());
        assert_eq!(Table::try_new(1).unwrap().bytes(), 1 << 20);
    }

    pub fn big_searches_survive() {
        let t = Table::new(1);
        let big = Key::new(1, 2);
        t.store(big, 0, 1, 30, 5, 1 << 30);
        for i in 0..200_000u64 {
            t.store(Key::new(i << 8, i), 0, 1, -2, 0, 10);
        }
        assert_eq!(t.probe(big).map(|e| e.lower), Some(30));
    }
}

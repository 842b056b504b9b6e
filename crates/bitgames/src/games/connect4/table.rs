//! The solver's transposition table: one 64-bit word per entry holding the rest of
//! the key and a one-byte bound, so a hit is exact (no false matches).
//!
//! A key of `K` bits (`width·(height+1)`) is first scrambled by multiplying with an
//! odd constant modulo 2^K — a bijection, so nothing is lost. The top index bits of
//! the scrambled key pick the slot; its low `K − index bits` are stored (above a
//! 16-bit payload: the bound and the best move). Slot and
//! stored bits together give back the whole key (the role the Chinese remainder
//! theorem plays in Pons' prime-sized table, without a division).

use crate::search::memory::ZeroedTable;

/// A direct-mapped, always-replace table of bounds keyed by position keys.
pub struct TranspositionTable {
    slots: ZeroedTable,
    key_bits: u32,
    index_bits: u32,
    key_mask: u64,
}

const SCRAMBLE: u64 = 0x9E37_79B9_7F4A_7C15;

impl TranspositionTable {
    /// A table of about `mib` MiB (rounded down to a power of two entries, at
    /// least 1024) for keys of `key_bits` bits.
    pub fn new(mib: usize, key_bits: u32) -> Self {
        let bytes = mib.max(1).saturating_mul(1 << 20);
        let entries = (bytes / 8).max(1024);
        let mut index_bits = usize::BITS - 1 - entries.leading_zeros();
        // At least 2^(K−48) slots, so the stored key part fits above the payload.
        index_bits = index_bits.max(key_bits.saturating_sub(48)).min(key_bits);
        let key_mask = if key_bits >= 64 {
            u64::MAX
        } else {
            (1u64 << key_bits) - 1
        };
        // Huge pages where available, every page touched up front: page faults
        // inside a search cost ~30 µs per easy position.
        let slots = ZeroedTable::new(1 << index_bits);
        TranspositionTable {
            slots,
            key_bits,
            index_bits,
            key_mask,
        }
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.fill(0);
    }

    #[inline(always)]
    fn locate(&self, key: u64) -> (usize, u64) {
        let h = key.wrapping_mul(SCRAMBLE) & self.key_mask;
        let rest_bits = self.key_bits - self.index_bits;
        let index = (h >> rest_bits) as usize;
        let rest = h & ((1u64 << rest_bits) - 1);
        (index, rest)
    }

    /// Starts loading the slot of `key` into the cache (a hint; no effect on
    /// results). The solver calls it for every child before searching the first.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let (i, _) = self.locate(key);
            let ptr = self.slots[i..].as_ptr() as *const i8;
            // SAFETY: `ptr` points into our table; a prefetch never faults.
            unsafe { std::arch::x86_64::_mm_prefetch(ptr, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The payload stored for `key`, 0 if none.
    #[inline(always)]
    pub fn get(&self, key: u64) -> u16 {
        let (i, rest) = self.locate(key);
        let e = self.slots[i];
        if e >> 16 == rest {
            e as u16
        } else {
            0
        }
    }

    /// Stores a non-zero payload for `key`, replacing whatever the slot held.
    #[inline(always)]
    pub fn put(&mut self, key: u64, payload: u16) {
        let (i, rest) = self.locate(key);
        self.slots[i] = rest << 16 | payload as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_hits() {
        let mut t = TranspositionTable::new(1, 49);
        for k in (0..100_000u64).map(|i| i.wrapping_mul(0x1234_5678_9abc) & ((1 << 49) - 1)) {
            t.put(k, 7);
            assert_eq!(t.get(k), 7);
            assert_eq!(t.get(k ^ 1), 0);
        }
        let mut small = TranspositionTable::new(1, 10);
        small.put(1023, 3);
        assert_eq!(small.get(1023), 3);
        assert_eq!(small.get(1022), 0);
    }
}

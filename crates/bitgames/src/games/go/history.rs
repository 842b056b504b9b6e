//! The boards a Go game has seen, for the superko rules: a persistent list of
//! board hashes shared between a position and its clones, with a Bloom filter
//! in front.
//!
//! A search clones the position at every node. With the hashes in a `Vec` and
//! the filter boxed, each clone allocated twice and copied the whole history
//! (and its first move reallocated); here a clone copies the filter (512 bytes,
//! inline) and bumps one reference count, and a move adds one node, shared by
//! every later clone (the persistent list of functional programming: Okasaki,
//! *Purely Functional Data Structures*, 1998, ch. 2).

use std::sync::Arc;

/// Bits of the filter: one a board, by the hash's top bits.
const BITS: usize = 4096;

/// One board seen, and the ones before it.
struct Seen {
    hash: u64,
    before: Option<Arc<Seen>>,
}

/// The board hashes of a game so far.
#[derive(Clone)]
pub(super) struct BoardHistory {
    /// The newest board, linked to the older ones.
    newest: Option<Arc<Seen>>,
    /// A Bloom filter over the hashes (one bit a board): a clear bit proves a
    /// board new without walking the list.
    filter: [u64; BITS / 64],
}

impl BoardHistory {
    /// No board seen.
    pub(super) fn new() -> Self {
        BoardHistory { newest: None, filter: [0; BITS / 64] }
    }

    /// The filter's word and bit of hash `h`.
    #[inline]
    fn slot(h: u64) -> (usize, u64) {
        let b = (h >> 52) as usize & (BITS - 1);
        (b / 64, 1 << (b % 64))
    }

    /// Whether board hash `h` is one of the boards seen.
    #[inline]
    pub(super) fn contains(&self, h: u64) -> bool {
        let (w, bit) = Self::slot(h);
        if self.filter[w] & bit == 0 {
            return false;
        }
        let mut at = self.newest.as_deref();
        while let Some(s) = at {
            if s.hash == h {
                return true;
            }
            at = s.before.as_deref();
        }
        false
    }

    /// Adds board hash `h`.
    pub(super) fn push(&mut self, h: u64) {
        let (w, bit) = Self::slot(h);
        self.filter[w] |= bit;
        self.newest = Some(Arc::new(Seen { hash: h, before: self.newest.take() }));
    }

    /// Forgets every board.
    pub(super) fn clear(&mut self) {
        *self = BoardHistory::new();
    }
}

impl Drop for BoardHistory {
    /// Frees the nodes only this history holds one at a time: the default
    /// drop would recurse once a board, and a long game could overflow the
    /// stack.
    fn drop(&mut self) {
        let mut next = self.newest.take();
        while let Some(node) = next {
            match Arc::try_unwrap(node) {
                Ok(mut seen) => next = seen.before.take(),
                Err(_) => break,
            }
        }
    }
}

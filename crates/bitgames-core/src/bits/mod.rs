//! Bitboard words: a set of cells stored in one or more 64-bit words.
//!
//! `Bits<N>` is Browne's bitboard (§1.1) stored in `N` consecutive 64-bit words
//! (Appendix B: "pack the bits into as few consecutive integers as possible").
//! Bit `i` of the board is bit `i % 64` of word `i / 64`; shifts carry bits across
//! word boundaries, so one API serves a 3×3 board in one word and a 19×19 board with
//! separating bits in six.
//!
//! The set is plain storage: it knows nothing of the board's shape. Complement
//! relative to the on-board mask, and every step in a direction, live on
//! [`Grid`](crate::grid::Grid).

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// A set of cells (bit indices) stored in `N` 64-bit words, lowest index first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bits<const N: usize>(pub [u64; N]);

/// One word: boards up to 64 bits (8×8 without separators, 7×6 Connect Four, …).
pub type Bits64 = Bits<1>;
/// Two words: up to 128 bits (11×11 Hex with separators, …).
pub type Bits128 = Bits<2>;
/// Four words: up to 256 bits.
pub type Bits256 = Bits<4>;
/// Six words: up to 384 bits (19×19 Go with separating bits, Browne Fig. 23).
pub type Bits384 = Bits<6>;

/// Defines a `const fn` that combines two sets word by word, each word of `self`
/// updated by the compound assignment `$op` with the other's word (after `!` when
/// given): `w[k] |= o.0[k]`, the same loop the compiler sees written out.
macro_rules! word_by_word {
    ($(#[$doc:meta])* $name:ident: $op:tt $($not:tt)?) => {
        $(#[$doc])*
        #[inline(always)]
        pub const fn $name(self, o: Self) -> Self {
            let mut w = self.0;
            let mut k = 0;
            while k < N {
                w[k] $op $($not)? o.0[k];
                k += 1;
            }
            Bits(w)
        }
    };
}

impl<const N: usize> Bits<N> {
    /// Number of bits the storage holds.
    pub const CAPACITY: usize = 64 * N;
    /// The empty set.
    pub const EMPTY: Self = Bits([0; N]);
    /// Every bit of the storage set (not a board mask: see `Grid::mask`).
    pub const ALL: Self = Bits([!0; N]);

    /// The set holding the given words, lowest bits first.
    #[inline]
    pub const fn from_words(words: [u64; N]) -> Self {
        Bits(words)
    }

    /// The words, lowest bits first.
    #[inline]
    pub const fn words(&self) -> [u64; N] {
        self.0
    }

    /// The set holding one cell; empty if `i` is past the capacity.
    #[inline(always)]
    pub const fn cell(i: usize) -> Self {
        let mut w = [0; N];
        if i < Self::CAPACITY {
            w[i / 64] = 1 << (i % 64);
        }
        Bits(w)
    }

    /// The set of cells `0..n` (all of them if `n` reaches the capacity).
    #[inline]
    pub const fn low(n: usize) -> Self {
        let mut w = [0; N];
        let mut k = 0;
        while k < N {
            let lo = k * 64;
            w[k] = if n >= lo + 64 {
                !0
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
            k += 1;
        }
        Bits(w)
    }

    /// Whether cell `i` is in the set (one word read).
    #[inline(always)]
    pub const fn contains(&self, i: usize) -> bool {
        i < Self::CAPACITY && (self.0[i / 64] >> (i % 64)) & 1 == 1
    }

    /// Adds cell `i` (ignored past the capacity). One word updated in place:
    /// no whole-set temporary, which on a hot path would be stored narrow and
    /// read back wide (a store-forwarding stall).
    #[inline(always)]
    pub fn insert(&mut self, i: usize) {
        if i < Self::CAPACITY {
            self.0[i / 64] |= 1 << (i % 64);
        }
    }

    /// Removes cell `i` (one word updated in place).
    #[inline(always)]
    pub fn remove(&mut self, i: usize) {
        if i < Self::CAPACITY {
            self.0[i / 64] &= !(1 << (i % 64));
        }
    }

    /// Flips cell `i` (one word updated in place).
    #[inline(always)]
    pub fn toggle(&mut self, i: usize) {
        if i < Self::CAPACITY {
            self.0[i / 64] ^= 1 << (i % 64);
        }
    }

    /// This set with cell `i` added.
    #[inline(always)]
    pub const fn with(self, i: usize) -> Self {
        let mut w = self.0;
        if i < Self::CAPACITY {
            w[i / 64] |= 1 << (i % 64);
        }
        Bits(w)
    }

    /// This set with cell `i` removed.
    #[inline(always)]
    pub const fn without(self, i: usize) -> Self {
        let mut w = self.0;
        if i < Self::CAPACITY {
            w[i / 64] &= !(1 << (i % 64));
        }
        Bits(w)
    }

    word_by_word! {
        /// Union (Browne §4.1, `|`).
        or: |=
    }

    word_by_word! {
        /// Intersection (Browne §4.1, `&`).
        and: &=
    }

    word_by_word! {
        /// Exclusive or (Browne §4.1, `^`).
        xor: ^=
    }

    word_by_word! {
        /// The cells of `self` not in `o` (`self & !o`).
        and_not: &= !
    }

    /// Complement of every storage bit. Off-board bits appear: use
    /// `Grid::complement` for the complement relative to the board mask (§4.1).
    #[inline(always)]
    pub const fn not(self) -> Self {
        let mut w = self.0;
        let mut k = 0;
        while k < N {
            w[k] = !w[k];
            k += 1;
        }
        Bits(w)
    }

    /// Number of cells in the set, `|bits|` (§5.2.2).
    #[inline(always)]
    pub const fn count(&self) -> u32 {
        let mut c = 0;
        let mut k = 0;
        while k < N {
            c += self.0[k].count_ones();
            k += 1;
        }
        c
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(&self) -> bool {
        let mut k = 0;
        while k < N {
            if self.0[k] != 0 {
                return false;
            }
            k += 1;
        }
        true
    }

    /// Whether the set has at least one cell.
    #[inline(always)]
    pub const fn any(&self) -> bool {
        !self.is_empty()
    }

    /// Whether the set has two or more cells.
    #[inline]
    pub const fn more_than_one(&self) -> bool {
        let mut seen = false;
        let mut k = 0;
        while k < N {
            let w = self.0[k];
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
            k += 1;
        }
        false
    }

    /// The lowest cell in the set.
    #[inline]
    pub const fn first(&self) -> Option<usize> {
        let mut k = 0;
        while k < N {
            if self.0[k] != 0 {
                return Some(k * 64 + self.0[k].trailing_zeros() as usize);
            }
            k += 1;
        }
        None
    }

    /// The highest cell in the set.
    #[inline]
    pub const fn last(&self) -> Option<usize> {
        let mut k = N;
        while k > 0 {
            k -= 1;
            if self.0[k] != 0 {
                return Some(k * 64 + 63 - self.0[k].leading_zeros() as usize);
            }
        }
        None
    }

    /// The `n`-th lowest cell (from 0), or `None` if the set has `n` cells or fewer.
    /// One `pdep` per word where BMI2 is compiled in.
    #[inline]
    pub fn nth(&self, mut n: usize) -> Option<usize> {
        if N == 2 {
            // Pick the word by a select rather than a branch: which word holds
            // a random cell is a coin toss the branch predictor cannot learn.
            let c0 = self.0[0].count_ones() as usize;
            let hi = n >= c0;
            let (w, base, m) = if hi { (self.0[1], 64, n - c0) } else { (self.0[0], 0, n) };
            return if m < w.count_ones() as usize {
                Some(base + nth_in_word(w, m as u32) as usize)
            } else {
                None
            };
        }
        for k in 0..N {
            let w = self.0[k];
            let c = w.count_ones() as usize;
            if n < c {
                return Some(k * 64 + nth_in_word(w, n as u32) as usize);
            }
            n -= c;
        }
        None
    }

    /// Removes and returns the lowest cell.
    #[inline]
    pub fn pop_first(&mut self) -> Option<usize> {
        for k in 0..N {
            let w = self.0[k];
            if w != 0 {
                self.0[k] = w & (w - 1);
                return Some(k * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The set holding only the lowest cell of this one.
    #[inline]
    pub const fn lowest(self) -> Self {
        let mut w = [0; N];
        let mut k = 0;
        while k < N {
            if self.0[k] != 0 {
                w[k] = self.0[k] & self.0[k].wrapping_neg();
                return Bits(w);
            }
            k += 1;
        }
        Bits(w)
    }

    /// Whether every cell of `self` is in `o`.
    #[inline]
    pub const fn is_subset(&self, o: &Self) -> bool {
        self.and_not(*o).is_empty()
    }

    /// Whether `self` and `o` share no cell.
    #[inline]
    pub const fn is_disjoint(&self, o: &Self) -> bool {
        self.and(*o).is_empty()
    }

    /// Moves every cell `i` to `i + s` (towards higher indices); bits shifted past
    /// the capacity are lost. Carries across word boundaries (Appendix B).
    #[inline(always)]
    pub const fn shl(self, s: usize) -> Self {
        if N == 1 {
            let mut w = [0; N];
            if s < 64 {
                w[0] = self.0[0] << s;
            }
            return Bits(w);
        }
        if N == 2 {
            // Two words shift as one `u128` (a double-word shift, no branches
            // on the word offset): the common two-word boards (8×8 with
            // separators, Yavalath's hexagon) take this path.
            let v = self.two_words();
            return Self::from_two_words(if s < 128 { v << s } else { 0 });
        }
        let mut w = [0; N];
        if s < 64 {
            // The grids' steps (one row or less): each word takes its own bits
            // and the top `s` of the word below, with no branch on `s` (the
            // carry is shifted in two steps so that `s = 0` carries nothing).
            let mut k = N;
            while k > 0 {
                k -= 1;
                let carry = if k > 0 { (self.0[k - 1] >> 1) >> (63 - s) } else { 0 };
                w[k] = (self.0[k] << s) | carry;
            }
            return Bits(w);
        }
        let ws = s / 64;
        let bs = (s % 64) as u32;
        let mut k = N;
        while k > ws {
            k -= 1;
            let src = k - ws;
            let mut v = self.0[src] << bs;
            if bs != 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bs);
            }
            w[k] = v;
        }
        Bits(w)
    }

    /// The two words of a two-word set as one `u128`, word 0 low (for `N == 2`).
    #[inline(always)]
    const fn two_words(&self) -> u128 {
        self.0[0] as u128 | (self.0[1] as u128) << 64
    }

    /// The two-word set whose words are `v`'s low and high halves (for `N == 2`).
    #[inline(always)]
    const fn from_two_words(v: u128) -> Self {
        let mut w = [0; N];
        w[0] = v as u64;
        w[1] = (v >> 64) as u64;
        Bits(w)
    }

    /// Moves every cell `i` to `i - s` (towards lower indices); cells below 0 are lost.
    #[inline(always)]
    pub const fn shr(self, s: usize) -> Self {
        if N == 1 {
            let mut w = [0; N];
            if s < 64 {
                w[0] = self.0[0] >> s;
            }
            return Bits(w);
        }
        if N == 2 {
            // As in `shl`: two words shift as one `u128`.
            let v = self.two_words();
            return Self::from_two_words(if s < 128 { v >> s } else { 0 });
        }
        let mut w = [0; N];
        if s < 64 {
            // As in `shl`: one row or less, no branch on `s`.
            let mut k = 0;
            while k < N {
                let carry = if k + 1 < N { (self.0[k + 1] << 1) << (63 - s) } else { 0 };
                w[k] = (self.0[k] >> s) | carry;
                k += 1;
            }
            return Bits(w);
        }
        let ws = s / 64;
        let bs = (s % 64) as u32;
        let mut k = 0;
        while k + ws < N {
            let src = k + ws;
            let mut v = self.0[src] >> bs;
            if bs != 0 && src + 1 < N {
                v |= self.0[src + 1] << (64 - bs);
            }
            w[k] = v;
            k += 1;
        }
        Bits(w)
    }

    /// Moves every cell `i` to `i + s` for a signed `s` (negative moves down).
    #[inline(always)]
    pub const fn shift(self, s: isize) -> Self {
        if s >= 0 {
            self.shl(s as usize)
        } else {
            self.shr(s.unsigned_abs())
        }
    }

    /// The `len` cells from `start` on (`len` ≤ 64) as the low bits of a
    /// word: bit `k` is cell `start + k`; cells past the set read as empty.
    /// A row of a grid in one read, for writing it out cell by cell.
    #[inline]
    pub const fn run(&self, start: usize, len: usize) -> u64 {
        let (k, b) = (start / 64, (start % 64) as u32);
        if k >= N || len == 0 {
            return 0;
        }
        let mut v = self.0[k] >> b;
        if b != 0 && k + 1 < N {
            v |= self.0[k + 1] << (64 - b);
        }
        if len >= 64 {
            v
        } else {
            v & ((1u64 << len) - 1)
        }
    }

    /// Iterates over the cells of the set, lowest first.
    #[inline]
    pub fn iter(&self) -> Cells<N> {
        Cells(*self)
    }
}

impl<const N: usize> Default for Bits<N> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl Bits<1> {
    /// The single word of a one-word set.
    #[inline]
    pub const fn word(self) -> u64 {
        self.0[0]
    }
}

/// Index of the `n`-th set bit of `w`, counted from 0 at the lowest
/// (`n < w.count_ones()`; past that the answer is meaningless, never a panic):
/// one `pdep` where the CPU has a fast one ([`crate::cpu::Pdep`]), else the
/// lower bits cleared one by one. Loops that ask once take the token
/// themselves.
#[inline]
pub fn nth_in_word(w: u64, n: u32) -> u32 {
    match crate::cpu::Pdep::detect() {
        Some(pdep) => pdep.nth_in_word(w, n),
        None => nth_in_word_by_clearing(w, n),
    }
}

/// [`nth_in_word`] without `pdep`: the lower `n` set bits cleared one by one.
#[inline(always)]
pub fn nth_in_word_by_clearing(w: u64, n: u32) -> u32 {
    let mut w = w;
    for _ in 0..n {
        w &= w.wrapping_sub(1);
    }
    w.trailing_zeros()
}

/// Iterator over the cells of a [`Bits`] set, lowest first.
#[derive(Clone, Debug)]
pub struct Cells<const N: usize>(Bits<N>);

impl<const N: usize> Iterator for Cells<N> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.pop_first()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<const N: usize> ExactSizeIterator for Cells<N> {}

impl<const N: usize> IntoIterator for Bits<N> {
    type Item = usize;
    type IntoIter = Cells<N>;
    fn into_iter(self) -> Cells<N> {
        Cells(self)
    }
}

impl<const N: usize> FromIterator<usize> for Bits<N> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut b = Self::EMPTY;
        for i in iter {
            b.insert(i);
        }
        b
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $method:ident) => {
        impl<const N: usize> $tr for Bits<N> {
            type Output = Self;
            #[inline]
            fn $f(self, o: Self) -> Self {
                self.$method(o)
            }
        }
        impl<const N: usize> $atr for Bits<N> {
            #[inline]
            fn $af(&mut self, o: Self) {
                *self = self.$method(o);
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, and);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, or);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, xor);
binop!(Sub, sub, SubAssign, sub_assign, and_not);

impl<const N: usize> Not for Bits<N> {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Bits::not(self)
    }
}

impl<const N: usize> fmt::Debug for Bits<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<const N: usize> fmt::Binary for Bits<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for k in (0..N).rev() {
            write!(f, "{:064b}", self.0[k])?;
        }
        Ok(())
    }
}

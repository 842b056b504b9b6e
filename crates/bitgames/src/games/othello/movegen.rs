//! Othello move generation: the mobility bitboard (every legal move of the side to
//! move) and the discs a move flips, in three interchangeable back-ends that
//! compute the same values (after Edax, which keeps several flip back-ends checked
//! against one slow reference):
//!
//! - [`Reference`]: Browne's line-cap moves (Alg. 4, [`ops::line_cap_moves`]) on an
//!   8×8 [`Grid`] with separating bits, and flips found by walking each of the eight
//!   directions square by square. Slow and obviously right: the oracle of the tests.
//! - [`Portable`]: plain `u64` code for any CPU. Mobility by Kogge–Stone
//!   (parallel-prefix) fills in the eight directions; flips by the *outflank* method:
//!   on each ray from the move, isolate the first square that is not the opponent's
//!   and flip the run before it if that square is the mover's.
//! - [`Avx2`]: the same two algorithms four directions to a 256-bit vector, as Edax's
//!   AVX2 back-end does; it exists only where the CPU has AVX2 ([`Avx2::detect`]),
//!   and [`Portable`] is its test oracle.
//! - [`Avx2x128`]: the mobility fills two directions to a 128-bit vector (AVX2's
//!   variable shifts on `xmm` registers) and [`Portable`]'s scalar flips: an
//!   alternative for CPUs that split 256-bit operations in two (AMD Zen 1 / Zen+).
//!
//! The free functions [`mobility`] and [`flips`], and perft, use the back-end
//! [`best_backend`] names: the one set in the environment variable
//! `BITGAMES_OTHELLO_MOVEGEN` (`portable`, `avx2`, `avx2x128`, `reference`, or
//! `measure`: time each on a small count at start-up and take the fastest), else
//! the documented rule of [`Backend::for_cpu`]: [`Avx2`] where 256-bit operations
//! run at full width, [`Portable`] where they are split (on a Zen 3, perft 11 takes
//! 0.37 s of CPU with [`Avx2`], 0.47 s with [`Portable`] and 0.55 s with
//! [`Avx2x128`]: the scalar code has four ALUs), [`Portable`] without AVX2. No
//! back-end uses `pdep` / `pext` (microcoded on AMD before Zen 3).
//!
//! Squares are bit indices `0..64` with `a1` = bit 0, `h1` = bit 7 and `a8` = bit 63
//! (row 1 is the first row of an OBF string, the top row of an Othello diagram). A
//! step of +1 is one column right, +8 one row down the diagram, +9 and +7 the two
//! diagonals; moving a whole board by a step is a shift, with the `a` and `h` files
//! masked where a horizontal or diagonal step would wrap to the next row.

use crate::bits::Bits;
use crate::grid::{Grid, GridKind};
use crate::ops;

/// Every square but the `a` and `h` files: opponent discs that a horizontal or
/// diagonal run can pass through (a run never flips an edge disc sideways, and
/// masking them stops a shift from wrapping around a row).
pub(crate) const NOT_EDGE_FILES: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// A way of generating Othello moves. Every implementation returns the same values;
/// they differ only in speed.
pub trait MoveGen: Copy + Send + Sync {
    /// The empty squares where the player with discs `p` can move against the
    /// opponent's discs `o` (`p` and `o` disjoint).
    fn mobility(self, p: u64, o: u64) -> u64;

    /// The opponent's discs flipped when the player with discs `p` plays on the
    /// empty square `sq` (`0..64`); empty if the move flips nothing (it is then not
    /// legal). Unspecified, but memory-safe, for an occupied square.
    fn flips(self, p: u64, o: u64, sq: u32) -> u64;
}

/// The children of the position `(p, o)` by the moves `moves` (a subset of its
/// mobility), lowest square first: each move's square and the position after it
/// from the new mover's view, `(o ^ f, p ^ f ^ bit)` with `f` the flips.
#[inline(always)]
pub(crate) fn children<G: MoveGen>(gen: G, p: u64, o: u64, moves: u64) -> Children<G> {
    Children { gen, p, o, rest: moves }
}

/// See [`children`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Children<G> {
    gen: G,
    p: u64,
    o: u64,
    rest: u64,
}

impl<G: MoveGen> Iterator for Children<G> {
    type Item = (u32, u64, u64);

    #[inline(always)]
    fn next(&mut self) -> Option<(u32, u64, u64)> {
        if self.rest == 0 {
            return None;
        }
        let sq = self.rest.trailing_zeros();
        self.rest &= self.rest - 1;
        let f = self.gen.flips(self.p, self.o, sq);
        Some((sq, self.o ^ f, self.p ^ f ^ 1 << sq))
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.rest.count_ones() as usize;
        (n, Some(n))
    }
}

impl<G: MoveGen> ExactSizeIterator for Children<G> {}

// ---------------------------------------------------------------------------------
// Reference

/// The readable oracle: Browne's line-cap moves (Alg. 4) on an 8×8 [`Grid`] for
/// mobility, and a square-by-square walk in each direction for flips.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reference;

/// An 8×8 square grid with one separating bit per row (72 bits: two words).
fn grid8() -> Grid<2> {
    Grid::new(GridKind::Square8, 8, 8).expect("an 8×8 grid fits two words")
}

/// A `u64` board (bit `8·row + col`) as a set on the grid (bit `row·stride + col`).
fn to_grid(grid: &Grid<2>, b: u64) -> Bits<2> {
    (0..64).filter(|&i| b >> i & 1 == 1).filter_map(|i| grid.cell(i % 8, i / 8)).collect()
}

/// A set on the grid back to a `u64` board.
fn from_grid(grid: &Grid<2>, bits: Bits<2>) -> u64 {
    bits.into_iter().filter_map(|i| grid.coords(i)).fold(0, |b, (c, r)| b | 1 << (8 * r + c))
}

impl MoveGen for Reference {
    /// Line-cap moves (Browne, Alg. 4), via [`ops::line_cap_moves`].
    fn mobility(self, p: u64, o: u64) -> u64 {
        let grid = grid8();
        let moves = ops::line_cap_moves(&grid, to_grid(&grid, p), to_grid(&grid, o));
        from_grid(&grid, moves)
    }

    /// Walks from `sq` in each of the eight directions over the opponent's discs and
    /// keeps the run if a disc of the mover closes it.
    fn flips(self, p: u64, o: u64, sq: u32) -> u64 {
        let (c0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
        let at = |c: i32, r: i32| 1u64 << (8 * r + c);
        let mut flips = 0;
        for (dc, dr) in [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)] {
            let (mut c, mut r, mut run) = (c0 + dc, r0 + dr, 0u64);
            while (0..8).contains(&c) && (0..8).contains(&r) && o & at(c, r) != 0 {
                run |= at(c, r);
                c += dc;
                r += dr;
            }
            if (0..8).contains(&c) && (0..8).contains(&r) && p & at(c, r) != 0 {
                flips |= run;
            }
        }
        flips
    }
}

// ---------------------------------------------------------------------------------
// Ray tables shared by the fast back-ends

/// Masks of the four rays from each square, in the lane order of the four line steps (bit offsets 1, 8, 7, 9: row, column, the diagonals);
/// 32-byte aligned so a row loads as one AVX2 vector.
#[repr(C, align(32))]
struct Rays([[u64; 4]; 64]);

/// The squares reached from `sq` by repeated steps of `(dc, dr)`, `sq` excluded.
const fn ray(sq: usize, dc: i32, dr: i32) -> u64 {
    let (mut c, mut r) = ((sq % 8) as i32 + dc, (sq / 8) as i32 + dr);
    let mut m = 0u64;
    while c >= 0 && c < 8 && r >= 0 && r < 8 {
        m |= 1 << (8 * r + c);
        c += dc;
        r += dr;
    }
    m
}

/// Rays towards higher bits (`sign` = 1) or lower bits (`sign` = -1): lane `k` holds
/// the squares `sq ± n·step`, `n ≥ 1`, that stay on the board.
const fn rays(sign: i32) -> Rays {
    // (column, row) change of +1, +8, +7, +9.
    const DELTAS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 1), (1, 1)];
    let mut t = [[0u64; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut k = 0;
        while k < 4 {
            t[sq][k] = ray(sq, sign * DELTAS[k].0, sign * DELTAS[k].1);
            k += 1;
        }
        sq += 1;
    }
    Rays(t)
}

/// Rays towards higher bits (`+1, +8, +7, +9`).
static RAYS_UP: Rays = rays(1);
/// Rays towards lower bits (`-1, -8, -7, -9`).
static RAYS_DOWN: Rays = rays(-1);

// ---------------------------------------------------------------------------------
// Portable

/// Plain `u64` move generation for any CPU: Kogge–Stone fills for mobility, the
/// outflank method for flips.
#[derive(Clone, Copy, Debug, Default)]
pub struct Portable;

/// Moves along one axis (both directions of step `s`) by Kogge–Stone
/// parallel-prefix fills: the opponent's runs that start next to one of the
/// mover's discs, grown 1, 2, 4, then 6 squares (the longest run a move can
/// flip), shifted one more step onto the square that would close them. `mo` is the
/// opponent masked against wrap-around for this step.
#[inline(always)]
fn axis_moves(p: u64, mo: u64, s: u32) -> u64 {
    let mut l = mo & (p << s);
    let mut r = mo & (p >> s);
    l |= mo & (l << s);
    r |= mo & (r >> s);
    // Pairs of opponent discs, so each further step covers two squares.
    let pre_l = mo & (mo << s);
    let pre_r = pre_l >> s;
    l |= pre_l & (l << (2 * s));
    r |= pre_r & (r >> (2 * s));
    l |= pre_l & (l << (2 * s));
    r |= pre_r & (r >> (2 * s));
    (l << s) | (r >> s)
}

impl MoveGen for Portable {
    /// Kogge–Stone (parallel-prefix) fills in the eight directions, four shifts
    /// per direction instead of the six of a square-by-square (dumb7) fill.
    #[inline]
    fn mobility(self, p: u64, o: u64) -> u64 {
        let oh = o & NOT_EDGE_FILES;
        let moves = axis_moves(p, oh, 1)
            | axis_moves(p, o, 8)
            | axis_moves(p, oh, 7)
            | axis_moves(p, oh, 9);
        moves & !(p | o)
    }

    /// The outflank method, one ray at a time: on a ray towards higher bits the
    /// first square that is not the opponent's is the lowest set bit of
    /// `ray & !o` (`x & -x`); towards lower bits it is the highest one (a
    /// leading-zero count). If that square holds a disc of the mover, the ray's
    /// squares before it flip.
    #[inline]
    fn flips(self, p: u64, o: u64, sq: u32) -> u64 {
        let (up, down) = (&RAYS_UP.0[sq as usize & 63], &RAYS_DOWN.0[sq as usize & 63]);
        let mut flips = 0;
        for k in 0..4 {
            // Towards higher bits.
            let m = up[k];
            let not_o = m & !o;
            let outflank = not_o & not_o.wrapping_neg() & p;
            // outflank - 1: the squares below it, if there is one; nothing otherwise.
            flips |= outflank.wrapping_sub((outflank != 0) as u64) & m;
            // Towards lower bits. With no such square the shift wraps to bit 63,
            // which is never on a downward ray, so `& m` drops it.
            let m = down[k];
            let not_o = m & !o;
            let outflank = (1u64 << 63).wrapping_shr(not_o.leading_zeros()) & m & p;
            // The squares strictly above the outflank (none if there is none).
            flips |= (outflank << 1).wrapping_neg() & m;
        }
        flips
    }
}

// ---------------------------------------------------------------------------------
// AVX2

#[cfg(target_arch = "x86_64")]
pub use x86::{Avx2, Avx2x128};

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{MoveGen, NOT_EDGE_FILES, RAYS_DOWN, RAYS_UP};
    use std::arch::x86_64::*;

    // The functions below carry `#[target_feature(enable = "avx2")]`: calling one
    // from code without that feature is `unsafe`, its one precondition being that
    // the CPU has AVX2, and they are called only through an `Avx2` value, which
    // proves it.

    /// A back-end type `$name` whose value is proof that the CPU has AVX2, and
    /// its [`MoveGen`] impl: `mobility` and `flips` call the two AVX2 kernels
    /// named.
    macro_rules! avx2_backend {
        (
            $(#[$doc:meta])* $name:ident {
                $(#[$mobility_doc:meta])* mobility: $mobility:ident,
                $(#[$flips_doc:meta])* flips: $flips:ident,
            }
        ) => {
            $(#[$doc])*
            #[derive(Clone, Copy, Debug)]
            pub struct $name {
                _proof: crate::cpu::Avx2,
            }

            impl $name {
                /// `Some` if the CPU has AVX2 and the fast paths are allowed
                /// ([`crate::cpu::Avx2::detect`], cached; `BITGAMES_CPU=portable`
                /// says no).
                #[inline]
                pub fn detect() -> Option<$name> {
                    crate::cpu::Avx2::detect().map(|proof| $name { _proof: proof })
                }
            }

            impl MoveGen for $name {
                $(#[$mobility_doc])*
                #[inline]
                fn mobility(self, p: u64, o: u64) -> u64 {
                    // SAFETY: a value of this type exists only if `detect`
                    // found AVX2 on this CPU.
                    unsafe { $mobility(p, o) }
                }

                $(#[$flips_doc])*
                #[inline]
                fn flips(self, p: u64, o: u64, sq: u32) -> u64 {
                    // SAFETY: as above; the kernels index their tables with
                    // `sq & 63`.
                    unsafe { $flips(p, o, sq) }
                }
            }
        };
    }

    avx2_backend! {
        /// AVX2 move generation, four directions to a 256-bit vector (lanes in the
        /// order of the line steps 1, 8, 7, 9), as in Edax. A value of this type is
        /// proof that the running CPU has AVX2: get one from [`Avx2::detect`].
        Avx2 {
            /// Kogge–Stone fills, both directions of all four axes at once.
            mobility: mobility_avx2,
            /// The outflank method, four rays to a vector in each sense.
            flips: flips_avx2,
        }
    }

    avx2_backend! {
        /// Move generation for CPUs that split 256-bit operations: mobility by
        /// Kogge–Stone fills two directions to a 128-bit vector, flips by
        /// [`Portable`](super::Portable)'s scalar outflank code. Like [`Avx2`], a
        /// value is proof that the CPU has AVX2: get one from [`Avx2x128::detect`].
        Avx2x128 {
            /// Kogge–Stone fills: rows and columns in one vector, the diagonals in another.
            mobility: mobility_avx2x128,
            /// [`Portable`](super::Portable)'s flips.
            flips: flips_avx2x128,
        }
    }

    /// [`Portable`](super::Portable)'s flips, compiled with AVX2 (inlined
    /// where its caller has it, as the AVX2 back-ends' callers do).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn flips_avx2x128(p: u64, o: u64, sq: u32) -> u64 {
        super::Portable.flips(p, o, sq)
    }

    /// Both directions of two axes (one to a lane of `shift`), `mo` the opponent
    /// masked for each: the moves they give, lane by lane.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn axes_moves_x128(pp: __m128i, mo: __m128i, shift: __m128i) -> __m128i {
        let shift2 = _mm_add_epi64(shift, shift);
        let mut l = _mm_and_si128(mo, _mm_sllv_epi64(pp, shift));
        let mut r = _mm_and_si128(mo, _mm_srlv_epi64(pp, shift));
        l = _mm_or_si128(l, _mm_and_si128(mo, _mm_sllv_epi64(l, shift)));
        r = _mm_or_si128(r, _mm_and_si128(mo, _mm_srlv_epi64(r, shift)));
        let pre_l = _mm_and_si128(mo, _mm_sllv_epi64(mo, shift));
        let pre_r = _mm_srlv_epi64(pre_l, shift);
        l = _mm_or_si128(l, _mm_and_si128(pre_l, _mm_sllv_epi64(l, shift2)));
        r = _mm_or_si128(r, _mm_and_si128(pre_r, _mm_srlv_epi64(r, shift2)));
        l = _mm_or_si128(l, _mm_and_si128(pre_l, _mm_sllv_epi64(l, shift2)));
        r = _mm_or_si128(r, _mm_and_si128(pre_r, _mm_srlv_epi64(r, shift2)));
        _mm_or_si128(_mm_sllv_epi64(l, shift), _mm_srlv_epi64(r, shift))
    }

    /// The mobility of [`Portable`](super::Portable), two axes to a 128-bit vector.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn mobility_avx2x128(p: u64, o: u64) -> u64 {
        let pp = _mm_set1_epi64x(p as i64);
        let oo = _mm_set1_epi64x(o as i64);
        let oh = _mm_set1_epi64x((o & NOT_EDGE_FILES) as i64);
        // Lane 0: rows (+1, edge files masked); lane 1: columns (+8, nothing masked).
        let rows_cols = _mm_blend_epi32::<0b1100>(oh, oo);
        let a = axes_moves_x128(pp, rows_cols, _mm_set_epi64x(8, 1));
        let b = axes_moves_x128(pp, oh, _mm_set_epi64x(9, 7));
        let x = _mm_or_si128(a, b);
        let x = _mm_or_si128(x, _mm_unpackhi_epi64(x, x));
        _mm_cvtsi128_si64(x) as u64 & !(p | o)
    }

    /// ORs the four lanes of `v` together.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn or_lanes(v: __m256i) -> u64 {
        let x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        let x = _mm_or_si128(x, _mm_unpackhi_epi64(x, x));
        _mm_cvtsi128_si64(x) as u64
    }

    /// A row of a ray table as a vector.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn load4(row: &[u64; 4]) -> __m256i {
        _mm256_set_epi64x(row[3] as i64, row[2] as i64, row[1] as i64, row[0] as i64)
    }

    /// The mobility of [`Portable`](super::Portable) with each axis in one lane.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn mobility_avx2(p: u64, o: u64) -> u64 {
        let shift = _mm256_set_epi64x(9, 7, 8, 1);
        let shift2 = _mm256_add_epi64(shift, shift);
        let pp = _mm256_set1_epi64x(p as i64);
        let mask = _mm256_set_epi64x(
            NOT_EDGE_FILES as i64,
            NOT_EDGE_FILES as i64,
            -1,
            NOT_EDGE_FILES as i64,
        );
        let mo = _mm256_and_si256(_mm256_set1_epi64x(o as i64), mask);
        let mut l = _mm256_and_si256(mo, _mm256_sllv_epi64(pp, shift));
        let mut r = _mm256_and_si256(mo, _mm256_srlv_epi64(pp, shift));
        l = _mm256_or_si256(l, _mm256_and_si256(mo, _mm256_sllv_epi64(l, shift)));
        r = _mm256_or_si256(r, _mm256_and_si256(mo, _mm256_srlv_epi64(r, shift)));
        let pre_l = _mm256_and_si256(mo, _mm256_sllv_epi64(mo, shift));
        let pre_r = _mm256_srlv_epi64(pre_l, shift);
        l = _mm256_or_si256(l, _mm256_and_si256(pre_l, _mm256_sllv_epi64(l, shift2)));
        r = _mm256_or_si256(r, _mm256_and_si256(pre_r, _mm256_srlv_epi64(r, shift2)));
        l = _mm256_or_si256(l, _mm256_and_si256(pre_l, _mm256_sllv_epi64(l, shift2)));
        r = _mm256_or_si256(r, _mm256_and_si256(pre_r, _mm256_srlv_epi64(r, shift2)));
        let moves = _mm256_or_si256(_mm256_sllv_epi64(l, shift), _mm256_srlv_epi64(r, shift));
        or_lanes(moves) & !(p | o)
    }

    /// The flips of [`Portable`](super::Portable), four rays to a vector. Towards
    /// lower bits there is no vector leading-zero count, so the first non-opponent
    /// square is found by filling the non-opponent squares down their rays
    /// (parallel prefix, 1, 2, 4 steps) and keeping the mover's disc that no such
    /// square lies above.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn flips_avx2(p: u64, o: u64, sq: u32) -> u64 {
        let sq = sq as usize & 63;
        let zero = _mm256_setzero_si256();
        let pp = _mm256_set1_epi64x(p as i64);
        let oo = _mm256_set1_epi64x(o as i64);

        // Towards higher bits: outflank = lowest non-opponent square, if the mover's.
        let m = load4(&RAYS_UP.0[sq]);
        let not_o = _mm256_andnot_si256(oo, m);
        let outflank = _mm256_and_si256(_mm256_and_si256(not_o, _mm256_sub_epi64(zero, not_o)), pp);
        // -outflank (every bit from it up), or all bits where there is none: clear
        // those from the ray.
        let eraser = _mm256_sub_epi64(_mm256_cmpeq_epi64(outflank, zero), outflank);
        let up = _mm256_andnot_si256(eraser, m);

        // Towards lower bits.
        let shift = _mm256_set_epi64x(9, 7, 8, 1);
        let m = load4(&RAYS_DOWN.0[sq]);
        let not_o = _mm256_andnot_si256(oo, m);
        // Every square at or below a non-opponent square of the ray.
        let mut fill = _mm256_or_si256(not_o, _mm256_srlv_epi64(not_o, shift));
        fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, _mm256_slli_epi64::<1>(shift)));
        fill = _mm256_or_si256(fill, _mm256_srlv_epi64(fill, _mm256_slli_epi64::<2>(shift)));
        // The mover's disc on the ray with no non-opponent square above it.
        let outflank = _mm256_andnot_si256(_mm256_srlv_epi64(fill, shift), _mm256_and_si256(pp, m));
        // The ray's squares strictly above it: -(2·outflank), zero if none.
        let down =
            _mm256_and_si256(m, _mm256_sub_epi64(zero, _mm256_add_epi64(outflank, outflank)));

        or_lanes(_mm256_or_si256(up, down))
    }
}

// ---------------------------------------------------------------------------------
// Dispatch

/// The environment variable that forces a back-end (`portable`, `avx2`,
/// `avx2x128`, `reference`), to compare them on one machine.
pub const BACKEND_ENV: &str = "BITGAMES_OTHELLO_MOVEGEN";

/// Which back-end the crate's own mobility and flips (and perft) use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// [`Reference`].
    Reference,
    /// [`Portable`].
    Portable,
    /// [`Avx2`] (x86-64 only).
    Avx2,
    /// [`Avx2x128`] (x86-64 only).
    Avx2x128,
}

impl Backend {
    /// Every back-end, slowest first.
    pub const ALL: [Backend; 4] =
        [Backend::Reference, Backend::Portable, Backend::Avx2x128, Backend::Avx2];

    /// The name [`BACKEND_ENV`] takes.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Reference => "reference",
            Backend::Portable => "portable",
            Backend::Avx2 => "avx2",
            Backend::Avx2x128 => "avx2x128",
        }
    }

    /// The back-end of this name (as [`name`](Self::name) writes it).
    pub fn from_name(name: &str) -> Option<Backend> {
        Backend::ALL.into_iter().find(|b| b.name() == name.trim().to_ascii_lowercase())
    }

    /// Whether this CPU can run it.
    pub fn available(self) -> bool {
        match self {
            Backend::Reference | Backend::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 | Backend::Avx2x128 => Avx2::detect().is_some(),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Avx2 | Backend::Avx2x128 => false,
        }
    }

    /// The rule for this CPU, without the environment: [`Avx2`] where the CPU has
    /// AVX2 and runs 256-bit operations at full width (Intel since Haswell, AMD
    /// since Zen 2), else [`Portable`] (AMD Zen 1 / Zen+, see [`crate::cpu`], and
    /// CPUs without AVX2).
    pub fn for_cpu() -> Backend {
        if Backend::Avx2.available() && crate::cpu::cpu().full_width_avx2() {
            Backend::Avx2
        } else {
            Backend::Portable
        }
    }

    /// Times each back-end this CPU runs but the reference on a small count (a
    /// walk of every move path 7 plies deep from the start, about 60 000 leaves,
    /// best of three) and returns the fastest, with every time in seconds.
    pub fn measure() -> (Backend, Vec<(Backend, f64)>) {
        /// Leaves `depth` plies below `(p, o)` (passes not followed: the start
        /// position has none this shallow).
        fn walk<G: MoveGen>(g: G, p: u64, o: u64, depth: u32) -> u64 {
            let mut moves = g.mobility(p, o);
            if depth == 1 {
                return moves.count_ones() as u64;
            }
            let mut n = 0;
            while moves != 0 {
                let sq = moves.trailing_zeros();
                moves &= moves - 1;
                let f = g.flips(p, o, sq);
                n += walk(g, o ^ f, p ^ f ^ (1 << sq), depth - 1);
            }
            n
        }
        let (p, o) = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
        let mut times = Vec::new();
        for b in [Backend::Portable, Backend::Avx2x128, Backend::Avx2] {
            if !b.available() {
                continue;
            }
            let best = (0..3)
                .map(|_| {
                    let t = std::time::Instant::now();
                    let n = with_movegen!(b, |g| walk(g, p, o, 7));
                    std::hint::black_box(n);
                    t.elapsed().as_secs_f64()
                })
                .fold(f64::INFINITY, f64::min);
            times.push((b, best));
        }
        let fastest =
            times.iter().min_by(|a, b| a.1.total_cmp(&b.1)).map_or(Backend::Portable, |t| t.0);
        (fastest, times)
    }
}

impl std::fmt::Display for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Runs `$body` with `$g` bound to the move generator of the [`Backend`] `$b`
/// (monomorphised once per back-end); one the CPU cannot run falls back to
/// [`Portable`].
macro_rules! with_movegen {
    ($b:expr, |$g:ident| $body:expr) => {{
        use $crate::games::othello::movegen as mg;
        match $b {
            mg::Backend::Reference => {
                let $g = mg::Reference;
                $body
            }
            #[cfg(target_arch = "x86_64")]
            mg::Backend::Avx2 if mg::Avx2::detect().is_some() => {
                let $g = mg::Avx2::detect().expect("checked above");
                $body
            }
            #[cfg(target_arch = "x86_64")]
            mg::Backend::Avx2x128 if mg::Avx2x128::detect().is_some() => {
                let $g = mg::Avx2x128::detect().expect("checked above");
                $body
            }
            _ => {
                let $g = mg::Portable;
                $body
            }
        }
    }};
}
pub(crate) use with_movegen;

/// The back-end the crate's mobility, flips and perft use on this CPU: the one named
/// by [`BACKEND_ENV`] if it is set to a back-end the CPU can run, the fastest by
/// [`Backend::measure`] if it is set to `measure`, else [`Backend::for_cpu`].
/// Chosen once, then cached.
pub fn best_backend() -> Backend {
    static CHOICE: std::sync::OnceLock<Backend> = std::sync::OnceLock::new();
    *CHOICE.get_or_init(|| {
        let var = std::env::var(BACKEND_ENV).unwrap_or_default();
        if var.trim().eq_ignore_ascii_case("measure") {
            return Backend::measure().0;
        }
        Backend::from_name(&var).filter(|b| b.available()).unwrap_or_else(Backend::for_cpu)
    })
}

/// The moves of the player with discs `p` against `o`, with [`best_backend`].
#[inline]
pub(crate) fn mobility(p: u64, o: u64) -> u64 {
    with_movegen!(best_backend(), |g| g.mobility(p, o))
}

/// The discs flipped by the player with discs `p` playing on the empty square `sq`,
/// with [`best_backend`].
#[inline]
pub(crate) fn flips(p: u64, o: u64, sq: u32) -> u64 {
    with_movegen!(best_backend(), |g| g.flips(p, o, sq))
}

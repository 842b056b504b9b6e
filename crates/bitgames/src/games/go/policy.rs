//! Go knowledge for the Monte Carlo search: MoGo's 3×3 patterns and playout
//! rules (Gelly, Wang, Munos and Teytaud 2006, *Modification of UCT with
//! patterns in Monte-Carlo Go*), and priors for new tree nodes (Gelly and
//! Silver 2007's heuristic initialisation).
//!
//! The playout rules run on the libego-style board of the light playout
//! ([`Playout`]), whose strings keep, beside the pseudo-liberty count, the
//! sums of the pseudo-liberties' cells and of their squares: a string is in
//! atari exactly when `libs × sum2 = sum²`, and its liberty is then
//! `sum / libs`.

use super::playout::{Playout, EMPTY_CELL, NO_CELL, OFF_BOARD};
use super::{Go, GoMove, NO_KO};
use crate::bits::Bits;
use crate::ops;
use rand::Rng;
use std::sync::OnceLock;

/// MoGo's 3×3 patterns (hane, cut, and the edge ones) for a stone on the
/// centre, drawn with `X` and `O` the two colours (either way round), `.`
/// empty, `x` X or empty, `o` O or empty, `?` anything (the edge included)
/// and ` ` off the board. They match in all eight orientations.
const PATTERNS: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane: enclosing
    ["XO.", "...", "?.?"], // hane: non-cutting
    ["XO?", "X..", "o.?"], // hane: magari
    [".O.", "X..", "..."], // diagonal attachment (katatsuke)
    ["XO?", "O.x", "?x?"], // cut 1: unprotected
    ["XO?", "O.X", "???"], // cut 1: peeped
    ["?X?", "O.O", "ooo"], // cut 2 (de)
    ["OX?", "o.O", "???"], // cut keima
    ["X.?", "O.?", "   "], // edge: chase
    ["OX?", "X.O", "   "], // edge: block the side cut
    ["?X?", "x.O", "   "], // edge: block the side connection
    ["?XO", "x.x", "   "], // edge: sagari
    ["?OX", "X.O", "   "], // edge: cut
];

/// The eight neighbours of a cell as `(dx, dy)`, in the order of a
/// neighbourhood code's 2-bit fields.
const AROUND: [(i32, i32); 8] =
    [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// The set of neighbourhood codes (two bits a neighbour in [`AROUND`]'s
/// order: 0 Black, 1 White, 2 empty, 3 off the board) that match a pattern.
fn pattern_table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([0u64; 1024]);
        for pat in &PATTERNS {
            for sym in 0..8 {
                for swap in 0..2u8 {
                    let (x, o) = (swap, swap ^ 1);
                    // Allowed colours (a 4-bit set) of each neighbour.
                    let mut allowed = [0u8; 8];
                    for (k, &(dx, dy)) in AROUND.iter().enumerate() {
                        // The pattern cell that this neighbour is under `sym`.
                        let (mut px, mut py) = if sym & 4 != 0 { (dy, dx) } else { (dx, dy) };
                        if sym & 1 != 0 {
                            px = -px;
                        }
                        if sym & 2 != 0 {
                            py = -py;
                        }
                        let ch = pat[(py + 1) as usize].as_bytes()[(px + 1) as usize];
                        allowed[k] = match ch {
                            b'X' => 1 << x,
                            b'O' => 1 << o,
                            b'.' => 1 << EMPTY_CELL,
                            b'x' => 1 << x | 1 << EMPTY_CELL,
                            b'o' => 1 << o | 1 << EMPTY_CELL,
                            b' ' => 1 << OFF_BOARD,
                            _ => 0b1111,
                        };
                    }
                    mark(&mut t, &allowed, 0, 0);
                }
            }
        }
        t
    })
}

/// Sets every code whose neighbours `k..` take allowed colours.
fn mark(t: &mut [u64; 1024], allowed: &[u8; 8], k: usize, code: usize) {
    if k == 8 {
        t[code / 64] |= 1 << (code % 64);
        return;
    }
    for c in 0..4 {
        if allowed[k] >> c & 1 != 0 {
            mark(t, allowed, k + 1, code | c << (2 * k));
        }
    }
}

/// Whether neighbourhood `code` matches one of MoGo's patterns.
#[inline]
fn matches(code: usize) -> bool {
    pattern_table()[code / 64] >> (code % 64) & 1 != 0
}

impl Playout {
    /// Whether the string of representative `r` has exactly one liberty.
    #[inline(always)]
    fn in_atari(&self, r: usize) -> bool {
        let l = self.libs[r] as u64;
        l > 0 && l * self.sum2[r] as u64 == (self.sum[r] as u64).pow(2)
    }

    /// The liberty of a string in atari.
    #[inline(always)]
    fn atari_lib(&self, r: usize) -> u16 {
        (self.sum[r] / self.libs[r] as u32) as u16
    }

    /// The 3×3 neighbourhood code of `p` (see [`pattern_table`]).
    #[inline(always)]
    fn code(&self, p: usize) -> usize {
        let w = self.w;
        let cells = [p - w - 1, p - w, p - w + 1, p - 1, p + 1, p + w - 1, p + w, p + w + 1];
        let mut code = 0;
        for (k, q) in cells.into_iter().enumerate() {
            code |= (self.colour[q] as usize) << (2 * k);
        }
        code
    }

    /// Whether a stone of `me` on empty `p` surely leaves its string with one
    /// liberty: it captures nothing, touches at most one empty cell, and every
    /// own string it joins is in atari (its only liberty being `p`).
    #[inline]
    fn self_atari(&self, p: usize, me: u8) -> bool {
        let ns = self.nbrs(p);
        let empties = ns.iter().filter(|&&q| self.colour[q] == EMPTY_CELL).count();
        if empties >= 2 {
            return false;
        }
        for q in ns {
            let c = self.colour[q];
            if c < 2 && (c == me) != self.in_atari(self.chain[q] as usize) {
                // An enemy string in atari is captured; an own string out of
                // atari brings another liberty (possibly).
                return false;
            }
        }
        true
    }

    /// Whether the policy may play `p`: empty, not the ko cell, no own eye,
    /// not suicide and no plain self-atari.
    #[inline]
    fn acceptable(&mut self, p: usize, me: u8, ko: u16) -> bool {
        self.colour[p] == EMPTY_CELL
            && p as u16 != ko
            && !self.own_eye(p, me)
            && !self.self_atari(p, me)
            && self.breathes(p, me)
    }

    /// The first acceptable of `cand`, looked at from a random start.
    fn pick<R: Rng + ?Sized>(&mut self, cand: &[u16], me: u8, ko: u16, rng: &mut R) -> u16 {
        if cand.is_empty() {
            return NO_CELL;
        }
        let start = crate::game::random_below(rng, cand.len() as u64) as usize;
        for j in 0..cand.len() {
            let p = cand[(start + j) % cand.len()];
            if self.acceptable(p as usize, me, ko) {
                return p;
            }
        }
        NO_CELL
    }

    /// The move of MoGo's rules after a stone on `last` (see
    /// [`Go::policy_playout_moves`]), or [`NO_CELL`] when none applies.
    pub(super) fn policy_move<R: Rng + ?Sized>(
        &mut self, last: usize, me: u8, ko: u16, rng: &mut R,
    ) -> u16 {
        let opp = me ^ 1;
        let mut cand = [0u16; 32];
        let mut k = 0;
        let mut push = |c: &mut [u16; 32], p: u16| {
            if k < c.len() {
                c[k] = p;
                k += 1;
            }
        };
        // Capture the last stone's string; save own strings next to it.
        if self.colour[last] == opp && self.in_atari(self.chain[last] as usize) {
            push(&mut cand, self.atari_lib(self.chain[last] as usize));
        }
        for q in self.nbrs(last) {
            if self.colour[q] != me || !self.in_atari(self.chain[q] as usize) {
                continue;
            }
            let r = self.chain[q] as usize;
            push(&mut cand, self.atari_lib(r));
            if self.len[r] <= 8 {
                let mut s = r;
                loop {
                    for n in self.nbrs(s) {
                        if self.colour[n] == opp && self.in_atari(self.chain[n] as usize) {
                            push(&mut cand, self.atari_lib(self.chain[n] as usize));
                        }
                    }
                    s = self.next[s] as usize;
                    if s == r {
                        break;
                    }
                }
            }
        }
        let p = self.pick(&cand[..k], me, ko, rng);
        if p != NO_CELL {
            return p;
        }
        // A pattern move next to the last stone.
        let w = self.w;
        let mut cand = [0u16; 8];
        let mut k = 0;
        for q in [
            last - w - 1,
            last - w,
            last - w + 1,
            last - 1,
            last + 1,
            last + w - 1,
            last + w,
            last + w + 1,
        ] {
            if self.colour[q] == EMPTY_CELL && matches(self.code(q)) {
                cand[k] = q as u16;
                k += 1;
            }
        }
        self.pick(&cand[..k], me, ko, rng)
    }
}

/// Virtual simulations a prior stands for.
const PRIOR_VISITS: u32 = 20;

impl<const N: usize> Go<N> {
    /// The 3×3 neighbourhood code of cell `(c, r)` (see [`pattern_table`]).
    fn code_at(&self, c: i32, r: i32) -> usize {
        let n = self.grid.width() as i32;
        let mut code = 0;
        for (k, &(dx, dy)) in AROUND.iter().enumerate() {
            let (x, y) = (c + dx, r + dy);
            let v = if x < 0 || y < 0 || x >= n || y >= n {
                OFF_BOARD
            } else {
                let i = self.grid.cell(x as usize, y as usize).expect("on the board");
                if self.stones[0].contains(i) {
                    0
                } else if self.stones[1].contains(i) {
                    1
                } else {
                    EMPTY_CELL
                }
            };
            code |= (v as usize) << (2 * k);
        }
        code
    }

    /// The prior of a legal move as `(visits, wins)` for the side to move
    /// ([`Hints::search_prior`](crate::Hints::search_prior)): 20 virtual
    /// simulations at an even value, moved by the move's shape: filling an
    /// own eye or a pass while the board is open is nearly lost; a capture,
    /// saving a string from atari, a MoGo pattern next to the last stone and
    /// an atari score higher; a self-atari and the first line of an open
    /// board lower.
    pub(super) fn prior(&self, mv: GoMove) -> (u32, f32) {
        let n = self.grid.width();
        let empty = self.empty();
        let open = empty.count() as usize * 3 > n * n;
        let Some(i) = self.index(mv) else {
            let value = if open { 0.0 } else { 0.3 };
            return (PRIOR_VISITS, value * PRIOR_VISITS as f32);
        };
        let adj = self.adjacent(i);
        if self.own_eye(i, adj) {
            return (PRIOR_VISITS, 0.0);
        }
        let me = self.side as usize;
        let cell = self.grid.cell_at_unchecked(i);
        let (c, r) = (cell.col as usize, cell.row as usize);
        let line = c.min(r).min(n - 1 - c).min(n - 1 - r);
        let mut value: f32 = 0.5;
        if open && n >= 7 {
            if line == 0 {
                value = 0.3;
            } else if line == 2 {
                value = 0.55;
            }
        }
        if self.last != NO_KO {
            let l = self.grid.cell_at_unchecked(self.last as usize);
            let near = (l.col as i32 - c as i32).abs() <= 1 && (l.row as i32 - r as i32).abs() <= 1;
            if near && matches(self.code_at(c as i32, r as i32)) {
                value = value.max(0.7);
            }
        }
        let stones = self.stones[0] | self.stones[1];
        if (adj & stones).any() {
            let captured = self.captures_at(i, adj);
            let mine = self.stones[me];
            let group = ops::flood_fill(&self.grid, Bits::cell(i), mine.with(i));
            let libs = (self.dilate(group) & (empty | captured)).without(i).count();
            if captured.any() {
                value = value.max(0.85);
            } else if libs <= 1 {
                value = value.min(0.15);
            }
            // Saving an own string in atari, or putting an enemy one in atari.
            let mut todo = adj & stones;
            while let Some(q) = todo.pop_first() {
                let own = mine.contains(q);
                let side = if own { mine } else { self.stones[me ^ 1] };
                let g = ops::flood_fill(&self.grid, Bits::cell(q), side);
                todo -= g;
                let gl = (self.dilate(g) & empty).count();
                if own && gl == 1 && libs >= 2 {
                    value = value.max(0.8);
                } else if !own && gl == 2 && libs >= 2 {
                    value = value.max(0.6);
                }
            }
        }
        (PRIOR_VISITS, value * PRIOR_VISITS as f32)
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    /// Code of a picture of the 3×3 neighbourhood (top row first as in
    /// [`PATTERNS`]: row 0 is `dy = -1`), `#` off the board.
    fn code(rows: [&str; 3]) -> usize {
        let mut code = 0;
        for (k, &(dx, dy)) in AROUND.iter().enumerate() {
            let ch = rows[(dy + 1) as usize].as_bytes()[(dx + 1) as usize];
            let v = match ch {
                b'x' => 0,
                b'o' => 1,
                b'.' => 2,
                _ => 3,
            };
            code |= v << (2 * k);
        }
        code
    }

    pub fn patterns_match_in_every_orientation_and_colour() {
        // Enclosing hane and its mirror images and colour swap.
        assert!(matches(code(["xox", "...", "..."])));
        assert!(matches(code(["...", "...", "xox"])));
        assert!(matches(code(["x..", "o..", "x.."])));
        assert!(matches(code(["oxo", "...", "..."])));
        // Edge chase against the first line.
        assert!(matches(code(["x..", "o..", "###"])));
        // An empty neighbourhood and a lone stone match nothing (every
        // pattern has a stone of each colour).
        assert!(!matches(code(["...", "...", "..."])));
        assert!(!matches(code(["x..", "...", "..."])));
        assert!(!matches(code(["o..", "...", "###"])));
        // The non-cutting hane, and (the same stones against the edge) the
        // edge chase, transposed.
        assert!(matches(code(["xo.", "...", "..."])));
        assert!(matches(code(["xo#", "..#", "..#"])));
    }
}

//! Go's fast playout board: a libego-style mailbox with strings as circular
//! lists and pseudo-liberty counts, the board [`Go::playout_moves`] plays the
//! light policy on (the bitboard position keeps the rules; this board only
//! plays a game out fast, then hands the result back).

use super::{Go, GoMove, KoRule, MAX_SIZE, NO_KO, ZOBRIST};
use crate::bits::Bits;
use crate::game::random_below;
use crate::game::{Hints, Rules};
use rand::Rng;
/// Cells of the playout board: a 21 × 21 mailbox (19 × 19 and a border).
pub(super) const PB: usize = (MAX_SIZE + 2) * (MAX_SIZE + 2);
/// Colours on the playout board: the players are 0 and 1.
pub(super) const EMPTY_CELL: u8 = 2;
pub(super) const OFF_BOARD: u8 = 3;
/// No cell on the playout board.
pub(super) const NO_CELL: u16 = u16::MAX;

/// The board of the specialised playout ([`Go::playout_moves`]): a mailbox
/// with a border, each string of stones a circular list with a shared
/// pseudo-liberty count (the empty neighbours of its stones, counted once per
/// stone–cell contact; zero exactly when the string has no liberty), and the
/// empty cells in a list for uniform draws — libego's representation.
pub(super) struct Playout {
    /// Row stride (`size + 2`).
    pub(super) w: usize,
    pub(super) colour: [u8; PB],
    /// The string's representative (any of its stones).
    pub(super) chain: [u16; PB],
    /// The next stone of the string (circular).
    pub(super) next: [u16; PB],
    /// Pseudo-liberties, indexed by the representative.
    pub(super) libs: [u16; PB],
    /// Stones in the string, indexed by the representative.
    pub(super) len: [u16; PB],
    /// Sums of the pseudo-liberties' cells and of their squares, indexed by
    /// the representative: the string is in atari exactly when
    /// `libs × sum2 = sum²` (every pseudo-liberty the same cell).
    pub(super) sum: [u32; PB],
    pub(super) sum2: [u32; PB],
    /// The empty cells, and where each one stands in that list.
    pub(super) empties: [u16; MAX_SIZE * MAX_SIZE],
    pub(super) n_empty: usize,
    pub(super) epos: [u16; PB],
    /// Mailbox cell → bit index of the position.
    pub(super) bit: [u16; PB],
}

impl Playout {
    /// An empty board of row stride `w`, every cell off the board.
    pub(super) fn new(w: usize) -> Self {
        Playout {
            w,
            colour: [OFF_BOARD; PB],
            chain: [0; PB],
            next: [0; PB],
            libs: [0; PB],
            len: [0; PB],
            sum: [0; PB],
            sum2: [0; PB],
            empties: [0; MAX_SIZE * MAX_SIZE],
            n_empty: 0,
            epos: [0; PB],
            bit: [NO_CELL; PB],
        }
    }

    #[inline(always)]
    pub(super) fn nbrs(&self, p: usize) -> [usize; 4] {
        [p - self.w, p - 1, p + 1, p + self.w]
    }

    #[inline(always)]
    pub(super) fn diags(&self, p: usize) -> [usize; 4] {
        [p - self.w - 1, p - self.w + 1, p + self.w - 1, p + self.w + 1]
    }

    pub(super) fn remove_empty(&mut self, p: usize) {
        let k = self.epos[p] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty];
        self.empties[k] = last;
        self.epos[last as usize] = k as u16;
    }

    pub(super) fn add_empty(&mut self, p: usize) {
        self.empties[self.n_empty] = p as u16;
        self.epos[p] = self.n_empty as u16;
        self.n_empty += 1;
    }

    /// Whether empty `p` is a single-point eye of `me` as the light policy
    /// sees it (the rule of [`Go::own_eye`]).
    #[inline(always)]
    pub(super) fn own_eye(&self, p: usize, me: u8) -> bool {
        for q in self.nbrs(p) {
            let c = self.colour[q];
            if c != me && c != OFF_BOARD {
                return false;
            }
        }
        let (mut enemy, mut off) = (0, 0);
        for q in self.diags(p) {
            let c = self.colour[q];
            enemy += (c == me ^ 1) as u32;
            off |= (c == OFF_BOARD) as u32;
        }
        enemy + off < 2
    }

    /// Whether a stone of `me` on empty `p` keeps a liberty after its captures
    /// (so is neither suicide nor, where `suicide=true`, a self-kill).
    #[inline(always)]
    pub(super) fn breathes(&mut self, p: usize, me: u8) -> bool {
        let ns = self.nbrs(p);
        for q in ns {
            if self.colour[q] == EMPTY_CELL {
                return true;
            }
        }
        // Take the contacts with `p` off every neighbour string, look, and put
        // them back: an enemy string at zero is captured, an own one above zero
        // has another liberty.
        for q in ns {
            if self.colour[q] < 2 {
                self.libs[self.chain[q] as usize] -= 1;
            }
        }
        let mut ok = false;
        for q in ns {
            let c = self.colour[q];
            if c < 2 {
                let l = self.libs[self.chain[q] as usize];
                ok |= if c == me { l > 0 } else { l == 0 };
            }
        }
        for q in ns {
            if self.colour[q] < 2 {
                self.libs[self.chain[q] as usize] += 1;
            }
        }
        ok
    }

    /// Places a stone of `me` on empty `p` (found legal by [`breathes`]); the
    /// captured stones go to `captured` (mailbox cells). Returns how many.
    #[inline(always)]
    pub(super) fn place<const H: bool>(
        &mut self, p: usize, me: u8, captured: &mut Vec<u16>,
    ) -> usize {
        let ns = self.nbrs(p);
        self.colour[p] = me;
        self.remove_empty(p);
        self.chain[p] = p as u16;
        self.next[p] = p as u16;
        self.len[p] = 1;
        let (mut l, mut sum, mut sum2) = (0, 0, 0);
        let p2 = (p * p) as u32;
        for q in ns {
            let c = self.colour[q];
            if c == EMPTY_CELL {
                l += 1;
                if H {
                    sum += q as u32;
                    sum2 += (q * q) as u32;
                }
            } else if c < 2 {
                let r = self.chain[q] as usize;
                self.libs[r] -= 1;
                if H {
                    self.sum[r] -= p as u32;
                    self.sum2[r] -= p2;
                }
            }
        }
        self.libs[p] = l;
        if H {
            self.sum[p] = sum;
            self.sum2[p] = sum2;
        }
        let before = captured.len();
        for q in ns {
            if self.colour[q] == me ^ 1 && self.libs[self.chain[q] as usize] == 0 {
                self.remove_string::<H>(q, captured);
            }
        }
        for q in ns {
            if self.colour[q] == me {
                self.merge::<H>(p, q);
            }
        }
        captured.len() - before
    }

    /// Removes the string holding `q`, giving its cells back as liberties.
    pub(super) fn remove_string<const H: bool>(&mut self, q: usize, captured: &mut Vec<u16>) {
        let mut s = q;
        loop {
            self.colour[s] = EMPTY_CELL;
            self.add_empty(s);
            captured.push(s as u16);
            let s2 = (s * s) as u32;
            for n in self.nbrs(s) {
                if self.colour[n] < 2 {
                    let r = self.chain[n] as usize;
                    self.libs[r] += 1;
                    if H {
                        self.sum[r] += s as u32;
                        self.sum2[r] += s2;
                    }
                }
            }
            s = self.next[s] as usize;
            if s == q {
                break;
            }
        }
    }

    /// Joins the strings of `a` and `b` (relabelling the shorter one).
    #[inline(always)]
    pub(super) fn merge<const H: bool>(&mut self, a: usize, b: usize) {
        let (mut ra, mut rb) = (self.chain[a] as usize, self.chain[b] as usize);
        if ra == rb {
            return;
        }
        if self.len[ra] < self.len[rb] {
            std::mem::swap(&mut ra, &mut rb);
        }
        // Relabel `rb`'s stones, then splice the two circles.
        let mut s = rb;
        loop {
            self.chain[s] = ra as u16;
            s = self.next[s] as usize;
            if s == rb {
                break;
            }
        }
        self.next.swap(ra, rb);
        self.libs[ra] += self.libs[rb];
        if H {
            self.sum[ra] += self.sum[rb];
            self.sum2[ra] += self.sum2[rb];
        }
        self.len[ra] += self.len[rb];
    }
}

impl<const N: usize> Go<N> {
    /// Plays the rest of the game with the light playout policy of
    /// [`Hints::random_move`] on a libego-style board (see `Playout`) and
    /// returns the moves played; the game is then over, scored as usual.
    ///
    /// Playout shortcut: under `ko=positional` the playout checks only the
    /// simple ko (as libego does), so a playout may recreate an earlier board
    /// where checked play would forbid it; under `ko=simple` every move is
    /// exactly one [`Hints::random_move`] could choose. Under
    /// `ko=repetition_draw` (where a repeated board ends the game) the playout
    /// is the generic move-by-move loop; under `ko=positional`, so is the rest
    /// of a playout still going after `4 × size²` plies (simple ko alone can
    /// cycle for ever).
    pub fn playout_moves<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Vec<GoMove> {
        let mut moves = Vec::new();
        self.fast_playout::<R, false>(rng, Some(&mut moves));
        moves
    }

    /// The playout of the search ([`Hints::search_playout`]) on the board of
    /// [`Go::playout_moves`], with MoGo's policy (Gelly, Wang, Munos and
    /// Teytaud 2006) before the light one: capture the string of the last
    /// stone when it is in atari; save an own string next to it from atari
    /// (extend, or capture a neighbour); else a stone next to the last one that
    /// matches one of MoGo's 3×3 patterns (`policy`); else the light policy.
    /// Each of these moves is legal, fills no own eye and is no plain
    /// self-atari. Returns the moves played; the game is then over.
    pub fn policy_playout_moves<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Vec<GoMove> {
        let mut moves = Vec::new();
        self.fast_playout::<R, true>(rng, Some(&mut moves));
        moves
    }

    /// The playout of [`Go::playout_moves`], logging the moves where asked;
    /// returns the plies played.
    /// `HEAVY`: MoGo's policy first (and the liberty sums it reads kept).
    pub(super) fn fast_playout<R: Rng + ?Sized, const HEAVY: bool>(
        &mut self, rng: &mut R, mut log: Option<&mut Vec<GoMove>>,
    ) -> u64 {
        if self.rules.ko == KoRule::RepetitionDraw {
            let mut plies = 0;
            while let Some(mv) = self.random_move(rng) {
                self.play_unchecked(mv);
                if let Some(l) = log.as_deref_mut() {
                    l.push(mv);
                }
                plies += 1;
            }
            return plies;
        }
        if self.state != 0 {
            return 0;
        }
        let n = self.grid.width();
        let w = n + 2;
        let mut plies = {
            let mut board = Playout::new(w);
            let pb = &mut board;
            let mut captured: Vec<u16> = Vec::with_capacity(64);
            for r in 0..n {
                for c in 0..n {
                    let p = (r + 1) * w + c + 1;
                    let i = self.grid.cell(c, r).expect("on the board");
                    pb.bit[p] = i as u16;
                    pb.colour[p] = if self.stones[0].contains(i) {
                        0
                    } else if self.stones[1].contains(i) {
                        1
                    } else {
                        pb.add_empty(p);
                        EMPTY_CELL
                    };
                    pb.chain[p] = p as u16;
                    pb.next[p] = p as u16;
                    pb.len[p] = 1;
                    pb.libs[p] = 0;
                    pb.sum[p] = 0;
                    pb.sum2[p] = 0;
                }
            }
            for p in w..w * (n + 1) {
                if pb.colour[p] < 2 {
                    for q in pb.nbrs(p) {
                        if pb.colour[q] == EMPTY_CELL {
                            pb.libs[p] += 1;
                            pb.sum[p] += q as u32;
                            pb.sum2[p] += (q * q) as u32;
                        }
                    }
                }
            }
            for p in w..w * (n + 1) {
                if pb.colour[p] < 2 {
                    for q in [p + 1, p + w] {
                        if pb.colour[q] == pb.colour[p] {
                            pb.merge::<true>(p, q);
                        }
                    }
                }
            }
            let mailbox = |i: u16| {
                if i == NO_KO {
                    return NO_CELL;
                }
                let c = self.grid.cell_at_unchecked(i as usize);
                ((c.row as usize + 1) * w + c.col as usize + 1) as u16
            };
            let mut ko = mailbox(self.ko);
            let mut last = mailbox(self.last);
            let to_move =
                |p: usize| GoMove::Place { col: (p % w - 1) as u8, row: (p / w - 1) as u8 };
            let mut plies = 0u64;
            // Under positional superko, a playout still going after 4 × size²
            // plies finishes with the checked moves (simple ko alone could cycle).
            let cap =
                if self.rules.ko == KoRule::Positional { 4 * (n * n) as u64 } else { u64::MAX };
            while self.state == 0 && plies < cap {
                let me = self.side;
                let mut m = pb.n_empty;
                let mut chosen = NO_CELL;
                if HEAVY && last != NO_CELL {
                    chosen = pb.policy_move(last as usize, me, ko, rng);
                    if chosen != NO_CELL {
                        m = 0;
                    }
                }
                while m > 0 {
                    let k = random_below(rng, m as u64) as usize;
                    let p = pb.empties[k] as usize;
                    if p as u16 != ko && !pb.own_eye(p, me) && pb.breathes(p, me) {
                        chosen = p as u16;
                        break;
                    }
                    // Out of this move's draw: swap it behind the range.
                    m -= 1;
                    let last = pb.empties[m];
                    pb.empties[k] = last;
                    pb.empties[m] = p as u16;
                    pb.epos[last as usize] = k as u16;
                    pb.epos[p] = m as u16;
                }
                if chosen == NO_CELL {
                    self.passes += 1;
                    ko = NO_CELL;
                    last = NO_CELL;
                    if let Some(l) = log.as_deref_mut() {
                        l.push(GoMove::Pass);
                    }
                } else {
                    let p = chosen as usize;
                    // The simple ko of `place`: a stone where every neighbour is
                    // the enemy's that captures exactly one stone.
                    let in_enemy_eye = pb
                        .nbrs(p)
                        .iter()
                        .all(|&q| pb.colour[q] == me ^ 1 || pb.colour[q] == OFF_BOARD);
                    let before = captured.len();
                    let took = pb.place::<HEAVY>(p, me, &mut captured);
                    ko = if in_enemy_eye && took == 1 { captured[before] } else { NO_CELL };
                    last = chosen;
                    self.passes = 0;
                    if let Some(l) = log.as_deref_mut() {
                        l.push(to_move(p));
                    }
                }
                plies += 1;
                self.next_turn();
            }
            // Back to bitboards: stones, hash, ko, emptied cells, history.
            self.stones = [Bits::EMPTY; 2];
            self.hash = 0;
            for (&c, &b) in pb.colour.iter().zip(&pb.bit).take(w * (n + 1)).skip(w) {
                if c < 2 {
                    let i = b as usize;
                    self.stones[c as usize].insert(i);
                    self.hash ^= ZOBRIST[c as usize][i];
                }
            }
            for &p in &captured {
                self.emptied.insert(pb.bit[p as usize] as usize);
            }
            self.ko = if ko == NO_CELL { NO_KO } else { pb.bit[ko as usize] };
            self.last = if last == NO_CELL { NO_KO } else { pb.bit[last as usize] };
            plies
        };
        if self.rules.ko == KoRule::Positional {
            self.history.push(self.hash);
        }
        while let Some(mv) = self.random_move(rng) {
            self.play_unchecked(mv);
            if let Some(l) = log.as_deref_mut() {
                l.push(mv);
            }
            plies += 1;
        }
        plies
    }
}

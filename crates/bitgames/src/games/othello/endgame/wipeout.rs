//! Forced wipe-outs: can the side to move take every disc of the opponent
//! within `d` plies, whatever the opponent does?
//!
//! A wipe-out is the best result there is (+64: the winner gets every empty
//! square), so a proved forced wipe-out is the exact score of the position, and
//! the move that starts it a best move. The full solver is slow to prove one:
//! its fastest-first ordering does not chase the opponent's last discs, and a
//! root move that is not a wipe-out (FFO #59's a5, +62) costs a full proof before
//! the right one is tried. Edax finds these through its iterative-deepening
//! midgame search, where a wipe-out is an exact leaf; this is the same problem as a
//! mate search in chess, and it is solved the same way, by *depth-first
//! proof-number search* (df-pn, Nagai 2002) on the AND/OR tree:
//!
//! - At the attacker's nodes (OR) one move that keeps the wipe-out forced is
//!   enough; at the victim's (AND) every reply must lose all its discs.
//! - Each node has a proof number (how many leaves must still be proved, at
//!   least) and a disproof number; the search always expands the most-proving
//!   line, below thresholds that send it back up when a sibling becomes more
//!   promising, and keeps the numbers in a table. A new node starts with its
//!   mobility as the number of the side that must answer every move (df-pn+
//!   style), so lines that leave the victim few replies are tried first.
//! - A victim with a stable disc (a corner, or see
//!   [`stability`](super::stability)) cannot be wiped out: the node is disproved
//!   at once, as is a finished game. A victim with no disc is proved.
//!
//! Only a proof answers: a search that runs out of budget proves nothing.

use super::search::Search;
use super::stability;
use crate::game::mix64;
use crate::games::othello::movegen::{self, MoveGen};

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Proof and disproof numbers are capped here (a proved node has proof number
/// 0 and disproof number `INF`).
const INF: u32 = u32::MAX / 4;

/// The table of proof numbers holds at most `1 << TABLE_BITS` entries of 32
/// bytes (32 MiB), and about a quarter as many as the node budget.
const TABLE_BITS: u32 = 20;

/// A table entry: the position, whose turn it is, and its numbers.
#[derive(Clone, Copy, Default)]
struct Entry {
    p: u64,
    o: u64,
    pn: u32,
    dn: u32,
    attacker: bool,
}

/// The proof-number table (always-replace, one entry per slot).
struct Proofs {
    entries: Vec<Entry>,
    bits: u32,
}

impl Proofs {
    /// A table for a search of about `budget` nodes.
    fn new(budget: u64) -> Self {
        let bits = (63 - budget.max(1).leading_zeros()).saturating_sub(2).clamp(10, TABLE_BITS);
        Proofs { entries: vec![Entry::default(); 1 << bits], bits }
    }

    #[inline]
    fn slot(&self, p: u64, o: u64, attacker: bool) -> usize {
        (mix64(p ^ mix64(o ^ attacker as u64)) >> (64 - self.bits)) as usize
    }

    #[inline]
    fn get(&self, p: u64, o: u64, attacker: bool) -> Option<(u32, u32)> {
        let e = &self.entries[self.slot(p, o, attacker)];
        (e.p == p && e.o == o && e.attacker == attacker).then_some((e.pn, e.dn))
    }

    #[inline]
    fn put(&mut self, p: u64, o: u64, attacker: bool, pn: u32, dn: u32) {
        let i = self.slot(p, o, attacker);
        self.entries[i] = Entry { p, o, pn, dn, attacker };
    }
}

/// A child of a node: its position (side to move first), the move to it
/// ([`NO_SQUARE`] for a pass), and its numbers when they are final or first
/// estimates.
#[derive(Clone, Copy, Default)]
struct Child {
    p: u64,
    o: u64,
    sq: u32,
    pn: u32,
    dn: u32,
    done: bool,
}

const NO_SQUARE: u32 = 64;

/// What a wipe-out search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Wipeout {
    /// The attacker takes every disc of the victim, whatever it plays: the
    /// score is 64 for the attacker. With the attacker to move, the move that
    /// does it (none if the victim has no disc already, or for a pass).
    Forced(Option<u32>),
    /// The victim keeps a disc whatever happens.
    Impossible,
    /// The budget ran out first.
    Unknown,
}

impl<G: MoveGen> Search<'_, G> {
    /// Whether the attacker forces a wipe-out from `(p, o)`, `p` to move (the
    /// attacker if `attacker`), as far as about `budget` nodes of search tell.
    pub(super) fn wipeout(&mut self, p: u64, o: u64, attacker: bool, budget: u64) -> Wipeout {
        match self.first_numbers(p, o, attacker) {
            (0, _) => return Wipeout::Forced(None),
            (_, 0) => return Wipeout::Impossible,
            _ => {}
        }
        let mut proofs = Proofs::new(budget);
        let limit = self.nodes + budget;
        let sq = self.mid(&mut proofs, p, o, attacker, INF, INF, limit);
        match proofs.get(p, o, attacker) {
            Some((0, _)) => Wipeout::Forced(sq),
            Some((_, 0)) => Wipeout::Impossible,
            _ => Wipeout::Unknown,
        }
    }

    /// The numbers of `(p, o)` before it is expanded: final ones for a wiped-out
    /// victim (proved), a victim with a stable disc or a finished game
    /// (disproved), else the mobility estimate. `attacker` tells whether `p`,
    /// to move, is the attacker.
    fn first_numbers(&self, p: u64, o: u64, attacker: bool) -> (u32, u32) {
        let (a, v) = if attacker { (p, o) } else { (o, p) };
        if v == 0 {
            return (0, INF);
        }
        if v & CORNERS != 0 || stability::stable_discs(self.edge, v, a) != 0 {
            return (INF, 0);
        }
        let moves = self.gen.mobility(p, o);
        if moves == 0 && self.gen.mobility(o, p) == 0 {
            return (INF, 0);
        }
        let k = moves.count_ones().max(1);
        if attacker {
            (1, k)
        } else {
            (k, 1)
        }
    }

    /// One df-pn step: searches `(p, o)` until its proof number reaches `thpn`,
    /// its disproof number `thdn`, or the node count `limit`; its numbers are
    /// then in `proofs`. Returns, when the node is the attacker's and proved,
    /// the move that proves it.
    #[allow(clippy::too_many_arguments)]
    fn mid(
        &mut self, proofs: &mut Proofs, p: u64, o: u64, attacker: bool, thpn: u32, thdn: u32,
        limit: u64,
    ) -> Option<u32> {
        self.nodes += 1;
        let mut children = [Child::default(); 33];
        let mut len = 0;
        let moves = self.gen.mobility(p, o);
        if moves == 0 {
            // A pass (the caller knows the game goes on).
            let (pn, dn) = self.first_numbers(o, p, !attacker);
            children[0] = Child { p: o, o: p, sq: NO_SQUARE, pn, dn, done: pn == 0 || dn == 0 };
            len = 1;
        }
        for (sq, cp, co) in movegen::children(self.gen, p, o, moves) {
            let (pn, dn) = self.first_numbers(cp, co, !attacker);
            children[len] = Child { p: cp, o: co, sq, pn, dn, done: pn == 0 || dn == 0 };
            len += 1;
        }
        let children = &mut children[..len];
        loop {
            // This node's numbers from its children's, and the child to expand:
            // the one with the least proof number at the attacker's nodes, the
            // least disproof number at the victim's.
            let (mut pn, mut dn) = if attacker { (INF, 0) } else { (0, INF) };
            let (mut best, mut best_key, mut second) = (0, INF + 1, INF);
            for (i, c) in children.iter_mut().enumerate() {
                if !c.done {
                    if let Some((cpn, cdn)) = proofs.get(c.p, c.o, !attacker) {
                        (c.pn, c.dn) = (cpn, cdn);
                    }
                }
                let key = if attacker {
                    pn = pn.min(c.pn);
                    dn = (dn + c.dn).min(INF);
                    c.pn
                } else {
                    pn = (pn + c.pn).min(INF);
                    dn = dn.min(c.dn);
                    c.dn
                };
                if key < best_key {
                    (second, best_key, best) = (best_key, key, i);
                } else if key < second {
                    second = key;
                }
            }
            let second = second.min(INF);
            proofs.put(p, o, attacker, pn, dn);
            // A stop flag ends it as the budget does: what is proved stays so.
            if pn >= thpn || dn >= thdn || self.nodes >= limit || self.stopped() {
                let sq = children[best].sq;
                return (attacker && pn == 0 && sq != NO_SQUARE).then_some(sq);
            }
            let c = children[best];
            let (cthpn, cthdn) = if attacker {
                (thpn.min(second + 1), thdn - dn + c.dn)
            } else {
                (thpn - pn + c.pn, thdn.min(second + 1))
            };
            self.mid(proofs, c.p, c.o, !attacker, cthpn, cthdn, limit);
        }
    }
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::super::parity::parity_of;
    use super::super::search::SearchOps;
    use super::super::{table::Table, EndgameSolver, SCORE_MAX};
    use super::*;
    use crate::game::Notation;
    use crate::game::Rules;
    use crate::games::othello::movegen::Portable;
    use crate::games::othello::Othello;
    use crate::Player;

    /// Random positions with 14 empty squares where the side to move (or, half
    /// the time, its opponent) holds most of the discs: the wipe-out search,
    /// run to the end, must prove a wipe-out exactly when the plain exact search
    /// (no wipe-out test) scores ±64, and the move it gives must score 64.
    pub fn wipeouts_agree_with_the_exact_score() {
        let table = Table::new(16);
        let mut s = Search::new(Portable, &table);
        let exact = |s: &mut Search<Portable>, p: u64, o: u64| {
            let empty = !(p | o);
            s.pvs(p, o, -SCORE_MAX, SCORE_MAX, empty.count_ones(), parity_of(empty))
        };
        let (mut wins, mut losses, mut neither) = (0, 0, 0);
        const INNER: u64 = 0x007e_7e7e_7e7e_7e00;
        let mut x = 0x5eed_u64;
        for i in 0..400u64 {
            // 14 empty squares, each other square the strong side's, but for
            // one in 12 of the inner 6×6 (edges make stable discs).
            let (mut strong, mut weak) = (0u64, 0u64);
            let mut empties = 0u64;
            while empties.count_ones() < 14 {
                x = mix64(x ^ i);
                empties |= 1 << (x % 64);
            }
            for sq in (0..64).filter(|sq| empties >> sq & 1 == 0) {
                x = mix64(x);
                if x.is_multiple_of(12) && INNER >> sq & 1 != 0 {
                    weak |= 1 << sq;
                } else {
                    strong |= 1 << sq;
                }
            }
            if weak == 0 {
                continue;
            }
            let (p, o) = if i % 2 == 0 { (strong, weak) } else { (weak, strong) };
            let score = exact(&mut s, p, o);
            match s.wipeout(p, o, true, u64::MAX / 4) {
                Wipeout::Forced(sq) => {
                    assert_eq!(score, 64, "{p:#x} {o:#x}");
                    if s.gen.mobility(p, o) != 0 {
                        let sq = sq.expect("the move that wipes out");
                        let f = s.gen.flips(p, o, sq);
                        assert_eq!(-exact(&mut s, o ^ f, p ^ f ^ 1 << sq), 64);
                    }
                    wins += 1;
                }
                Wipeout::Impossible => assert!(score < 64, "{p:#x} {o:#x}"),
                Wipeout::Unknown => panic!("no budget limit, yet no answer"),
            }
            match s.wipeout(p, o, false, u64::MAX / 4) {
                Wipeout::Forced(_) => {
                    assert_eq!(score, -64, "{p:#x} {o:#x}");
                    // Every move is then a best move.
                    let pos = Othello::from_discs(p, o, Player::First).unwrap();
                    let r = EndgameSolver::new(1).solve_all_best(&pos).unwrap();
                    let mut all = Vec::new();
                    pos.legal_moves(&mut all);
                    assert_eq!((r.score, r.best_moves.len()), (-64, all.len()), "{p:#x} {o:#x}");
                    losses += 1;
                }
                Wipeout::Impossible => assert!(score > -64, "{p:#x} {o:#x}"),
                Wipeout::Unknown => panic!("no budget limit, yet no answer"),
            }
            if score.abs() < 64 {
                neither += 1;
            }
        }
        assert!(wins >= 40 && losses >= 8 && neither >= 100, "{wins} {losses} {neither}");
    }

    /// With a budget too small for the proof, the answer is `Unknown`, never a
    /// wrong one.
    pub fn a_small_budget_proves_nothing() {
        // FFO #59: Black wipes White out (e8, g8 or h4); 3,371 nodes in all.
        let pos = crate::games::othello::Othello::start()
            .parse_position("-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X")
            .unwrap();
        let table = Table::new(1);
        let mut s = Search::new(Portable, &table);
        let (p, o) = (pos.player(), pos.opponent());
        assert_eq!(s.wipeout(p, o, true, 100), Wipeout::Unknown);
        let Wipeout::Forced(Some(sq)) = s.wipeout(p, o, true, 1 << 20) else { panic!() };
        assert!([60, 62, 31].contains(&sq), "{sq}");
        assert_eq!(s.wipeout(p, o, false, 1 << 20), Wipeout::Impossible);
    }
}

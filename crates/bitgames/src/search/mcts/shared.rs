//! The tree that the threads of tree parallelism
//! ([`Parallel::Tree`](super::Parallel::Tree)) grow
//! together without a lock: every statistic an atomic, expansion claimed by one
//! thread with a compare-and-swap, children in an arena of fixed chunks that
//! never moves (Enzenberger and Müller 2009, "A lock-free multithreaded
//! Monte-Carlo tree search algorithm"; virtual loss as in Chaslot, Winands
//! and van den Herik 2008).
//!
//! - **Statistics** (visits, rewards, AMAF) are added with `fetch_add` and read
//!   with `Relaxed` loads: a descent may read a child's visits and rewards from
//!   two moments, which only perturbs UCT by one simulation.
//! - **Virtual loss**: a descent counts a visit on every node of its path at
//!   once, with its reward only on the way back up, so the threads behind it
//!   see a lost visit there and spread out.
//! - **Expansion**: a node's `first` is [`NONE`] until expanded. The thread that
//!   moves it to [`BUSY`] with a compare-and-swap reserves the children's slots
//!   with a `fetch_add` on the arena's length, writes them, stores `count`,
//!   then publishes `first` with `Release`; a reader loads `first` with
//!   `Acquire` and so sees whole children. A thread that finds a node busy
//!   plays out from it instead of waiting.
//! - **Arena**: chunks of [`CHUNK`] nodes, each allocated once (a `OnceLock`)
//!   by the first thread that reserves a slot in it, so a node's address never
//!   changes under a reader; a reservation past the node cap fails and the
//!   node stays a leaf (the tree stops growing).
//! - **Proofs** (MCTS-Solver): a proof only ever goes from unknown to the
//!   node's true value, so two threads that prove a node write the same value.
//!   The writes and the reads that recompute a parent's proof are `SeqCst`:
//!   two threads that each prove one of the last two unproven children cannot
//!   both miss the other's proof (the store-buffer case), so one of them proves
//!   the parent.
//!
//! The search converts a [`Tree`] (kept between moves, re-rooted for reuse)
//! into this form at its start and back at its end, in time linear in the
//! nodes kept.

use super::tree::{pick, proof_of, Node, Proof, Seen, Tree, NONE};
use crate::game::{Game, Player};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::OnceLock;

/// A node being expanded by one thread (its `first`).
pub(super) const BUSY: u32 = u32::MAX - 1;

/// Nodes a chunk of the arena.
const CHUNK_BITS: u32 = 14;
const CHUNK: usize = 1 << CHUNK_BITS;

/// Rewards are summed in fixed point: this many units a won simulation (½ a
/// draw), so that a sum is one integer `fetch_add` and the game's fractional
/// AMAF priors keep 16 bits.
const ONE: f64 = 65536.0;

/// A reward (0, ½, 1, or a prior's sum) in fixed point.
#[inline]
fn fixed(x: f64) -> u64 {
    (x * ONE).round() as u64
}

/// One node: as [`Node`], every field atomic.
pub(super) struct SharedNode<M> {
    /// The move into this node (unset at the root), set once before the node
    /// is published.
    mv: OnceLock<M>,
    /// The first child, [`NONE`] unexpanded, [`BUSY`] being expanded.
    first: AtomicU32,
    count: AtomicU32,
    visits: AtomicU32,
    /// Rewards for `mover`, in units of `1 / ONE`.
    wins: AtomicU64,
    rave_visits: AtomicU32,
    rave_wins: AtomicU64,
    key: AtomicU32,
    /// 0: [`Player::First`], 1: [`Player::Second`].
    mover: AtomicU8,
    /// [`Proof`] as [`proof_code`].
    proof: AtomicU8,
}

/// A proof as a byte.
const fn proof_code(p: Proof) -> u8 {
    match p {
        Proof::Unknown => 0,
        Proof::Win => 1,
        Proof::Draw => 2,
        Proof::Loss => 3,
    }
}

/// A byte back as a proof.
const fn proof_from(b: u8) -> Proof {
    match b {
        1 => Proof::Win,
        2 => Proof::Draw,
        3 => Proof::Loss,
        _ => Proof::Unknown,
    }
}

impl<M: Copy + std::fmt::Debug> SharedNode<M> {
    fn empty() -> Self {
        SharedNode {
            mv: OnceLock::new(),
            first: AtomicU32::new(NONE),
            count: AtomicU32::new(0),
            visits: AtomicU32::new(0),
            wins: AtomicU64::new(0),
            rave_visits: AtomicU32::new(0),
            rave_wins: AtomicU64::new(0),
            key: AtomicU32::new(NONE),
            mover: AtomicU8::new(0),
            proof: AtomicU8::new(0),
        }
    }

    /// Fills a fresh slot (before it is published).
    #[allow(clippy::too_many_arguments)]
    fn init(
        &self,
        mv: Option<M>,
        first: u32,
        count: u32,
        stats: (u32, f64, u32, f64),
        key: u32,
        mover: Player,
        proof: Proof,
    ) {
        if let Some(m) = mv {
            self.mv.set(m).expect("a slot is filled once");
        }
        self.first.store(first, Ordering::Relaxed);
        self.count.store(count, Ordering::Relaxed);
        self.visits.store(stats.0, Ordering::Relaxed);
        self.wins.store(fixed(stats.1), Ordering::Relaxed);
        self.rave_visits.store(stats.2, Ordering::Relaxed);
        self.rave_wins.store(fixed(stats.3), Ordering::Relaxed);
        self.key.store(key, Ordering::Relaxed);
        self.mover.store(u8::from(mover == Player::Second), Ordering::Relaxed);
        self.proof.store(proof_code(proof), Ordering::Relaxed);
    }

    /// The move into this node.
    #[inline]
    pub(super) fn mv(&self) -> M {
        *self.mv.get().expect("children have moves")
    }

    /// Who played the move into this node.
    #[inline]
    pub(super) fn mover(&self) -> Player {
        if self.mover.load(Ordering::Relaxed) == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// [`View::move_index`](crate::game::View::move_index) of the move (RAVE).
    #[inline]
    pub(super) fn key(&self) -> u32 {
        self.key.load(Ordering::Relaxed)
    }

    /// Simulations through the node, virtual losses included.
    #[inline]
    pub(super) fn visits(&self) -> u32 {
        self.visits.load(Ordering::Relaxed)
    }

    /// The solver's value for the mover (a relaxed read, for selection).
    #[inline]
    pub(super) fn proof(&self) -> Proof {
        proof_from(self.proof.load(Ordering::Relaxed))
    }

    /// The solver's value for the mover, read in the proofs' total order.
    #[inline]
    fn proof_seq(&self) -> Proof {
        proof_from(self.proof.load(Ordering::SeqCst))
    }

    /// Records what the solver proved of the node.
    #[inline]
    pub(super) fn set_proof(&self, p: Proof) {
        self.proof.store(proof_code(p), Ordering::SeqCst);
    }

    /// Counts a visit on the way down (the virtual loss).
    #[inline]
    pub(super) fn add_visit(&self) {
        self.visits.fetch_add(1, Ordering::Relaxed);
    }

    /// Adds a simulation's reward on the way back up.
    #[inline]
    pub(super) fn add_reward(&self, r: f32) {
        self.wins.fetch_add(fixed(f64::from(r)), Ordering::Relaxed);
    }

    /// Counts an AMAF simulation with reward `r`.
    #[inline]
    pub(super) fn add_amaf(&self, r: f32) {
        self.rave_visits.fetch_add(1, Ordering::Relaxed);
        self.rave_wins.fetch_add(fixed(f64::from(r)), Ordering::Relaxed);
    }

    /// The children's range once the node is expanded; `None` before, or
    /// while another thread expands it.
    #[inline]
    pub(super) fn children(&self) -> Option<Range<usize>> {
        let first = self.first.load(Ordering::Acquire);
        if first >= BUSY {
            return None;
        }
        let count = self.count.load(Ordering::Relaxed);
        Some(first as usize..first as usize + count as usize)
    }

    /// The statistics selection reads.
    #[inline]
    fn seen(&self) -> Seen {
        Seen {
            proof: self.proof(),
            visits: self.visits(),
            wins: self.wins.load(Ordering::Relaxed) as f64 / ONE,
            rave_visits: self.rave_visits.load(Ordering::Relaxed),
            rave_wins: self.rave_wins.load(Ordering::Relaxed) as f64 / ONE,
        }
    }
}

/// What [`SharedTree::expand`] did.
pub(super) enum Expansion {
    /// This thread expanded the node: the children, and whether the
    /// solver's one-ply checks proved any.
    Done(Range<usize>, bool),
    /// Another thread holds the node, or the arena is full: play out from it.
    NotNow,
}

/// A tree rooted at a position of `G`, grown by several threads at once.
pub(super) struct SharedTree<G: Game> {
    /// The root position.
    pub root: G,
    chunks: Box<[OnceLock<Box<[SharedNode<G::Move>]>>]>,
    /// Slots handed out (may pass `cap` by failed reservations).
    len: AtomicUsize,
    /// The most nodes.
    cap: usize,
    /// Whether the game gave priors (see [`Tree::priors`]).
    priors: AtomicBool,
}

impl<G: Game> SharedTree<G> {
    /// `tree`'s nodes, with room for `cap` in all (at least those).
    pub(super) fn from_tree(tree: Tree<G>, cap: usize) -> Self {
        let cap = cap.max(tree.nodes.len()).min(BUSY as usize);
        let chunks = (0..cap.div_ceil(CHUNK)).map(|_| OnceLock::new()).collect();
        let t = SharedTree {
            root: tree.root,
            chunks,
            len: AtomicUsize::new(tree.nodes.len()),
            cap,
            priors: AtomicBool::new(tree.priors),
        };
        for (i, n) in tree.nodes.iter().enumerate() {
            let stats =
                (n.visits, f64::from(n.wins), n.rave_visits, f64::from(n.rave_wins));
            t.slot(i).init(n.mv, n.first, n.count, stats, n.key, n.mover, n.proof);
        }
        t
    }

    /// Back to a [`Tree`] (breadth first, each family side by side; nodes
    /// reserved past the cap and never filled are left out).
    pub(super) fn into_tree(self) -> Tree<G> {
        let mut nodes: Vec<Node<G::Move>> = Vec::with_capacity(self.len().min(self.cap));
        nodes.push(self.plain(0, NONE));
        let mut next = 0;
        while next < nodes.len() {
            // `first` holds the old index until the family is copied.
            let old = nodes[next].first;
            if old != NONE {
                let count = nodes[next].count as usize;
                let first = nodes.len();
                nodes[next].first = first as u32;
                for j in 0..count {
                    nodes.push(self.plain(old as usize + j, next as u32));
                }
            }
            next += 1;
        }
        let priors = self.priors.load(Ordering::Relaxed);
        Tree { root: self.root, nodes, priors }
    }

    /// Node `i` as a plain node, `first` still the old index.
    fn plain(&self, i: usize, parent: u32) -> Node<G::Move> {
        let n = self.node(i);
        let (first, count) = match n.children() {
            Some(r) => (r.start as u32, r.len() as u32),
            None => (NONE, 0),
        };
        Node {
            mv: n.mv.get().copied(),
            parent,
            first,
            count,
            visits: n.visits(),
            wins: (n.wins.load(Ordering::Relaxed) as f64 / ONE) as f32,
            rave_visits: n.rave_visits.load(Ordering::Relaxed),
            rave_wins: (n.rave_wins.load(Ordering::Relaxed) as f64 / ONE) as f32,
            key: n.key(),
            mover: n.mover(),
            proof: n.proof(),
        }
    }

    /// The slot of node `i`, its chunk allocated if it is not yet.
    fn slot(&self, i: usize) -> &SharedNode<G::Move> {
        let chunk = self.chunks[i >> CHUNK_BITS]
            .get_or_init(|| (0..CHUNK).map(|_| SharedNode::empty()).collect());
        &chunk[i & (CHUNK - 1)]
    }

    /// Node `i` (a published one: its chunk exists).
    #[inline]
    pub(super) fn node(&self, i: usize) -> &SharedNode<G::Move> {
        let chunk = self.chunks[i >> CHUNK_BITS].get().expect("a published node's chunk exists");
        &chunk[i & (CHUNK - 1)]
    }

    /// Slots handed out so far (the nodes, once no thread is between a
    /// reservation and its failure).
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    /// Whether the tree may still grow.
    #[inline]
    pub(super) fn has_room(&self) -> bool {
        self.len() < self.cap
    }

    /// Expands node `n` at position `state` as [`Tree::expand`] does, if this
    /// thread wins the claim on it; `moves` is scratch space.
    pub(super) fn expand(
        &self,
        n: usize,
        state: &G,
        keys: bool,
        check: bool,
        moves: &mut Vec<G::Move>,
    ) -> Expansion {
        let node = self.node(n);
        if node.first.compare_exchange(NONE, BUSY, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return Expansion::NotNow;
        }
        moves.clear();
        state.for_each_move(|m| moves.push(m));
        let count = moves.len();
        let first = self.len.fetch_add(count, Ordering::Relaxed);
        if first + count > self.cap {
            node.first.store(NONE, Ordering::Release);
            return Expansion::NotNow;
        }
        let mover = state.side_to_move();
        let mut proven = false;
        for (j, &m) in moves.iter().enumerate() {
            let key = if keys { state.move_index(m).map_or(NONE, |k| k as u32) } else { NONE };
            let (mut rv, mut rw) = (0, 0.0);
            if keys {
                (rv, rw) = state.search_prior(m);
                if rv > 0 {
                    self.priors.store(true, Ordering::Relaxed);
                }
            }
            let mut proof = Proof::Unknown;
            if check {
                if let Some(o) = state.outcome_after(m) {
                    proof = Proof::of_outcome(o, mover);
                    proven = true;
                }
            }
            let stats = (0, 0.0, rv, f64::from(rw));
            self.slot(first + j).init(Some(m), NONE, 0, stats, key, mover, proof);
        }
        node.count.store(count as u32, Ordering::Relaxed);
        node.first.store(first as u32, Ordering::Release);
        Expansion::Done(first..first + count, proven)
    }

    /// The child of `n` (with `children`) to descend into ([`pick`]).
    #[inline]
    pub(super) fn select(
        &self,
        n: usize,
        children: Range<usize>,
        c: f64,
        rave_k: Option<f64>,
    ) -> usize {
        let priors = self.priors.load(Ordering::Relaxed);
        pick(children, self.node(n).visits(), c, rave_k, priors, |i| self.node(i).seen())
    }

    /// Proves `n` from its children if it can ([`proof_of`]); returns whether
    /// it is proven.
    pub(super) fn prove(&self, n: usize) -> bool {
        let node = self.node(n);
        let Some(children) = node.children() else { return false };
        let found = proof_of(node.mover(), children, |i| {
            let ch = self.node(i);
            (ch.proof_seq(), ch.mover())
        });
        match found {
            Some(p) => {
                node.set_proof(p);
                true
            }
            None => false,
        }
    }
}

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
//!   changes under a reader; a family never straddles two chunks (the
//!   reservation, a compare-and-swap on the length, skips a chunk's tail), so
//!   selection reads the children as one slice. A reservation past the node
//!   cap fails and the node stays a leaf (the tree stops growing).
//! - **Moves**: the parent keeps its children's moves, set once (a
//!   `OnceLock`) before the family is published.
//! - **Proofs** (MCTS-Solver): a proof only ever goes from unknown to the
//!   node's true value, so two threads that prove a node write the same value.
//!   The writes and the reads that recompute a parent's proof are `SeqCst`:
//!   two threads that each prove one of the last two unproven children cannot
//!   both miss the other's proof (the store-buffer case), so one of them proves
//!   the parent.
//!
//! The searcher keeps this tree between searches: re-rooted in place when the
//! position is the root's, else by copying the kept subtree (as [`Tree`]
//! does), and read directly for the result, so no search converts it.

#[cfg(doc)]
use super::tree::Tree;
use super::tree::{pick, proof_of, Proof, Seen, NONE};
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

/// The reciprocal of [`ONE`] (exact: a power of two).
const INV_ONE: f64 = 1.0 / ONE;

/// The slots for about `cap` nodes: a thirty-second and a chunk more for the
/// tails of chunks that families skip.
fn slots(cap: usize) -> usize {
    (cap + cap / 32 + CHUNK).min(BUSY as usize)
}

/// One node: as [`Node`], every field atomic, the moves kept by the parent.
pub(super) struct SharedNode<M> {
    /// The children's moves, in order, set once before they are published.
    moves: OnceLock<Box<[M]>>,
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
            moves: OnceLock::new(),
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

    /// Fills a fresh slot (before it is published) but for its children.
    fn init(&self, stats: (u32, f64, u32, f64), key: u32, mover: Player, proof: Proof) {
        self.visits.store(stats.0, Ordering::Relaxed);
        self.wins.store(fixed(stats.1), Ordering::Relaxed);
        self.rave_visits.store(stats.2, Ordering::Relaxed);
        self.rave_wins.store(fixed(stats.3), Ordering::Relaxed);
        self.key.store(key, Ordering::Relaxed);
        self.mover.store(u8::from(mover == Player::Second), Ordering::Relaxed);
        self.proof.store(proof_code(proof), Ordering::Relaxed);
    }

    /// Copies `from`'s statistics, key, mover and proof into a fresh slot.
    fn copy(&self, from: &Self) {
        let r = Ordering::Relaxed;
        self.visits.store(from.visits.load(r), r);
        self.wins.store(from.wins.load(r), r);
        self.rave_visits.store(from.rave_visits.load(r), r);
        self.rave_wins.store(from.rave_wins.load(r), r);
        self.key.store(from.key.load(r), r);
        self.mover.store(from.mover.load(r), r);
        self.proof.store(from.proof.load(r), r);
    }

    /// Rewards summed for the mover.
    #[inline]
    fn wins(&self) -> f64 {
        self.wins.load(Ordering::Relaxed) as f64 * INV_ONE
    }

    /// The move into child `j` (of an expanded node).
    #[inline]
    pub(super) fn child_move(&self, j: usize) -> M {
        self.moves.get().expect("an expanded node has its moves")[j]
    }

    /// Publishes the children: their moves and the slots from `first`.
    fn publish(&self, first: usize, moves: Box<[M]>) {
        self.count.store(moves.len() as u32, Ordering::Relaxed);
        self.moves.set(moves).expect("a node is expanded once");
        self.first.store(first as u32, Ordering::Release);
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

    /// The children's range once the thread expanding the node (if one is)
    /// has published them; `None` when it is not expanded and no thread is
    /// expanding it (the arena was full).
    pub(super) fn children_once_expanded(&self) -> Option<Range<usize>> {
        while self.first.load(Ordering::Acquire) == BUSY {
            std::thread::yield_now();
        }
        self.children()
    }

    /// The statistics selection reads.
    #[inline]
    fn seen(&self) -> Seen {
        Seen {
            proof: self.proof(),
            visits: self.visits(),
            wins: self.wins(),
            rave_visits: self.rave_visits.load(Ordering::Relaxed),
            rave_wins: self.rave_wins.load(Ordering::Relaxed) as f64 * INV_ONE,
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

/// [`CHUNK`] nodes side by side, allocated at once.
type Chunk<M> = Box<[SharedNode<M>]>;

/// A tree rooted at a position of `G`, grown by several threads at once.
pub(super) struct SharedTree<G: Game> {
    /// The root position.
    pub root: G,
    chunks: Box<[OnceLock<Chunk<G::Move>>]>,
    /// Slots handed out (the nodes and the chunk tails skipped).
    len: AtomicUsize,
    /// Slots skipped at the ends of chunks.
    skipped: AtomicUsize,
    /// The most slots.
    cap: usize,
    /// Set when a family found no room: the tree grows no more.
    full: AtomicBool,
    /// Whether the game gave priors (see [`Tree::priors`]).
    priors: AtomicBool,
}

impl<G: Game> SharedTree<G> {
    /// A tree of one node at `root`, with room for about `cap` nodes (see
    /// [`set_cap`](Self::set_cap)).
    pub(super) fn new(root: G, cap: usize) -> Self {
        let mover = root.side_to_move().other();
        let t = Self::with_slots(root, slots(cap), false);
        t.slot(0).init((0, 0.0, 0, 0.0), NONE, mover, Proof::Unknown);
        t
    }

    /// An empty arena of `cap` slots (the root's slot reserved, not filled).
    fn with_slots(root: G, cap: usize, priors: bool) -> Self {
        let chunks = (0..cap.div_ceil(CHUNK)).map(|_| OnceLock::new()).collect();
        SharedTree {
            root,
            chunks,
            len: AtomicUsize::new(1),
            skipped: AtomicUsize::new(0),
            cap,
            full: AtomicBool::new(false),
            priors: AtomicBool::new(priors),
        }
    }

    /// Lets the tree grow to about `cap` nodes in the next search (at least
    /// the slots it holds): the slots skipped at the ends of chunks (less than
    /// a family a chunk) come on top, a thirty-second and a chunk. Chunks are
    /// only ever added, so no node moves.
    pub(super) fn set_cap(&mut self, cap: usize) {
        let cap = slots(cap.max(self.len()));
        let want = cap.div_ceil(CHUNK);
        if want > self.chunks.len() {
            let mut chunks = std::mem::take(&mut self.chunks).into_vec();
            chunks.resize_with(want, OnceLock::new);
            self.chunks = chunks.into_boxed_slice();
        }
        self.cap = cap;
        self.full.store(false, Ordering::Relaxed);
    }

    /// Makes the node whose position is `target` (found among the root's
    /// children and grandchildren) the new root, as [`Tree::reroot`] does:
    /// nothing to copy when `target` is the root's position, else the kept
    /// subtree is copied breadth first into a fresh arena (the rest dropped);
    /// `false` (and the tree unchanged) when none matches.
    pub(super) fn reroot(&mut self, target: &G) -> bool {
        let (hash, ply) = (target.position_hash(), target.ply());
        if self.root.position_hash() == hash && self.root.ply() == ply {
            return self.adopt(target);
        }
        let mut found = None;
        let root = self.node(0);
        'search: for (j, c) in root.children().unwrap_or(0..0).enumerate() {
            let mut s1 = self.root.clone();
            s1.play_unchecked(root.child_move(j));
            if s1.ply() == ply && s1.position_hash() == hash {
                found = Some((c, s1));
                break;
            }
            let child = self.node(c);
            for (k, g) in child.children().unwrap_or(0..0).enumerate() {
                let mut s2 = s1.clone();
                s2.play_unchecked(child.child_move(k));
                if s2.ply() == ply && s2.position_hash() == hash {
                    found = Some((g, s2));
                    break 'search;
                }
            }
        }
        let Some((at, state)) = found else { return false };
        *self = self.subtree(at, state);
        self.adopt(target)
    }

    /// The subtree under node `at` (whose position is `root`) in a fresh
    /// arena of as many slots, breadth first, each family in one chunk.
    fn subtree(&self, at: usize, root: G) -> Self {
        let t = Self::with_slots(root, self.cap, self.priors.load(Ordering::Relaxed));
        t.slot(0).copy(self.node(at));
        let mut queue = std::collections::VecDeque::from([(at, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let n = self.node(old);
            let Some(children) = n.children() else { continue };
            let moves: Box<[G::Move]> =
                n.moves.get().expect("an expanded node has its moves").clone();
            let Some(first) = t.reserve(moves.len()) else { continue };
            for (j, c) in children.enumerate() {
                t.slot(first + j).copy(self.node(c));
                queue.push_back((c, first + j));
            }
            t.node(new).publish(first, moves);
        }
        t
    }

    /// Takes `target`, the root's position, as the root state (its history may
    /// differ, see [`Tree::reroot`]); keeps the tree only when the root's
    /// children are still `target`'s legal moves.
    fn adopt(&mut self, target: &G) -> bool {
        let root = self.node(0);
        if let (Some(children), Some(moves)) = (root.children(), root.moves.get()) {
            let mut mine = moves.iter();
            let mut same = true;
            target.for_each_move(|m| same &= mine.next().is_some_and(|&k| k == m));
            if !same || mine.next().is_some() || children.len() != moves.len() {
                return false;
            }
        }
        self.root = target.clone();
        true
    }

    /// The root's children: move, visits, summed rewards (for the child's
    /// mover) and proof.
    pub(super) fn root_moves(&self) -> impl Iterator<Item = (G::Move, u32, f64, Proof)> + '_ {
        let root = self.node(0);
        root.children().unwrap_or(0..0).enumerate().map(move |(j, c)| {
            let n = self.node(c);
            (root.child_move(j), n.visits(), n.wins(), n.proof())
        })
    }

    /// The principal line from the root's child `first`: the most visited
    /// child at each step, until one never visited.
    pub(super) fn pv(&self, first: G::Move) -> Vec<G::Move> {
        let mut pv = vec![first];
        let root = self.node(0);
        let mut n = root.children().and_then(|mut c| {
            let j = (0..c.len()).find(|&j| root.child_move(j) == first)?;
            c.nth(j)
        });
        while let Some(i) = n {
            let node = self.node(i);
            let best = node.children().and_then(|c| {
                let start = c.start;
                c.max_by_key(|&c| self.node(c).visits()).map(|c| (c, c - start))
            });
            n = None;
            if let Some((c, j)) = best {
                if self.node(c).visits() == 0 {
                    break;
                }
                pv.push(node.child_move(j));
                n = Some(c);
            }
        }
        pv
    }

    /// Nodes in the tree (the slots handed out less those skipped).
    pub(super) fn nodes(&self) -> usize {
        self.len() - self.skipped.load(Ordering::Relaxed)
    }

    /// Reserves `count` slots side by side in one chunk; `None` (and the tree
    /// full) past the cap.
    fn reserve(&self, count: usize) -> Option<usize> {
        let mut len = self.len.load(Ordering::Relaxed);
        loop {
            let start =
                if (len & (CHUNK - 1)) + count > CHUNK { (len | (CHUNK - 1)) + 1 } else { len };
            if count > CHUNK || start + count > self.cap {
                self.full.store(true, Ordering::Relaxed);
                return None;
            }
            match self.len.compare_exchange_weak(
                len,
                start + count,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => {
                    if start > len {
                        self.skipped.fetch_add(start - len, Ordering::Relaxed);
                    }
                    return Some(start);
                }
                Err(now) => len = now,
            }
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

    /// Slots handed out so far (the nodes and the few skipped at the ends of
    /// chunks).
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    /// Whether the tree may still grow.
    #[inline]
    pub(super) fn has_room(&self) -> bool {
        !self.full.load(Ordering::Relaxed)
    }

    /// The nodes of `family` (the children of one node: one chunk).
    #[inline]
    pub(super) fn family(&self, family: Range<usize>) -> &[SharedNode<G::Move>] {
        let chunk =
            self.chunks[family.start >> CHUNK_BITS].get().expect("a published node's chunk exists");
        let at = family.start & (CHUNK - 1);
        &chunk[at..at + family.len()]
    }

    /// Expands node `n` at position `state` as [`Tree::expand`] does, if this
    /// thread wins the claim on it; `moves` is scratch space.
    pub(super) fn expand(
        &self, n: usize, state: &G, keys: bool, check: bool, moves: &mut Vec<G::Move>,
    ) -> Expansion {
        let node = self.node(n);
        if node.first.compare_exchange(NONE, BUSY, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return Expansion::NotNow;
        }
        moves.clear();
        state.for_each_move(|m| moves.push(m));
        let count = moves.len();
        let Some(first) = self.reserve(count) else {
            node.first.store(NONE, Ordering::Release);
            return Expansion::NotNow;
        };
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
            self.slot(first + j).init((0, 0.0, rv, f64::from(rw)), key, mover, proof);
        }
        node.publish(first, moves.as_slice().into());
        Expansion::Done(first..first + count, proven)
    }

    /// The child of `n` (with `children`) to descend into ([`pick`]).
    #[inline]
    pub(super) fn select(
        &self, n: usize, children: Range<usize>, c: f64, rave_k: Option<f64>,
    ) -> usize {
        let priors = self.priors.load(Ordering::Relaxed);
        let (start, kids) = (children.start, self.family(children.clone()));
        pick(children, self.node(n).visits(), c, rave_k, priors, |i| kids[i - start].seen())
    }

    /// Proves `n` from its children if it can ([`proof_of`]); returns whether
    /// it is proven.
    pub(super) fn prove(&self, n: usize) -> bool {
        let node = self.node(n);
        let Some(children) = node.children() else { return false };
        let (start, kids) = (children.start, self.family(children.clone()));
        let found = proof_of(node.mover(), children, |i| {
            let ch = &kids[i - start];
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

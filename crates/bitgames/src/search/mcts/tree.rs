//! The search tree of [`Mcts`](super::Mcts): nodes in one arena (`Vec`), the
//! children of a node side by side, linked by `u32` indices; UCT selection
//! (with RAVE), backup of results and of proofs (MCTS-Solver), and re-rooting
//! for tree reuse.

use crate::game::{Game, Outcome, Player};

/// No node (an unexpanded node's children, the root's parent).
pub(super) const NONE: u32 = u32::MAX;

/// What the MCTS-Solver knows of a node's value with perfect play, from the
/// view of the player who moved into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Proof {
    /// Not proven.
    Unknown,
    /// The player who moved here wins.
    Win,
    /// A draw.
    Draw,
    /// The player who moved here loses.
    Loss,
}

impl Proof {
    /// The same value seen by the other player.
    pub const fn flip(self) -> Proof {
        match self {
            Proof::Win => Proof::Loss,
            Proof::Loss => Proof::Win,
            p => p,
        }
    }

    /// The proof of a finished game for player `p`.
    pub const fn of_outcome(o: Outcome, p: Player) -> Proof {
        match o.value_for(p) {
            1 => Proof::Win,
            0 => Proof::Draw,
            _ => Proof::Loss,
        }
    }

    /// Rank for picking the best of several (higher is better for the mover).
    const fn rank(self) -> u8 {
        match self {
            Proof::Loss => 0,
            Proof::Draw => 1,
            Proof::Unknown => 2,
            Proof::Win => 3,
        }
    }
}

/// The reward of a finished game for player `p`: 1 won, ½ drawn, 0 lost.
#[inline]
pub(super) fn reward(o: Outcome, p: Player) -> f32 {
    match o {
        Outcome::WonBy(w) if w == p => 1.0,
        Outcome::WonBy(_) => 0.0,
        Outcome::Draw => 0.5,
    }
}

/// One node: the move that led here and the statistics of the player who made
/// it.
#[derive(Clone, Debug)]
pub(super) struct Node<M> {
    /// The move into this node (`None` at the root).
    pub mv: Option<M>,
    /// The parent ([`NONE`] at the root).
    pub parent: u32,
    /// The first child ([`NONE`] until expanded); the children are
    /// `first..first + count`.
    pub first: u32,
    /// Number of children.
    pub count: u32,
    /// Simulations through this node.
    pub visits: u32,
    /// Their rewards summed, for `mover`.
    pub wins: f32,
    /// AMAF simulations in which `mv` was played by `mover` (RAVE).
    pub rave_visits: u32,
    /// Their rewards summed, for `mover`.
    pub rave_wins: f32,
    /// [`View::move_index`] of `mv` ([`NONE`] without one or without RAVE).
    pub key: u32,
    /// Who played `mv`.
    pub mover: Player,
    /// The solver's value for `mover`.
    pub proof: Proof,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, parent: u32, key: u32, mover: Player) -> Self {
        Node {
            mv,
            parent,
            first: NONE,
            count: 0,
            visits: 0,
            wins: 0.0,
            rave_visits: 0,
            rave_wins: 0.0,
            key,
            mover,
            proof: Proof::Unknown,
        }
    }

    /// The children's index range.
    #[inline]
    pub(super) fn children(&self) -> std::ops::Range<usize> {
        if self.first == NONE {
            0..0
        } else {
            self.first as usize..(self.first + self.count) as usize
        }
    }
}

/// A tree rooted at a position of `G`.
#[derive(Clone, Debug)]
pub(super) struct Tree<G: Game> {
    /// The root position.
    pub root: G,
    /// The nodes; `nodes[0]` is the root.
    pub nodes: Vec<Node<G::Move>>,
    /// Whether the game gave priors ([`Hints::search_prior`]): with RAVE, a
    /// child with AMAF statistics is then not tried first just for being
    /// unvisited.
    pub priors: bool,
}

impl<G: Game> Tree<G> {
    /// A tree of one node at `root`.
    pub(super) fn new(root: G) -> Self {
        let mover = root.side_to_move().other();
        Tree { root, nodes: vec![Node::new(None, NONE, NONE, mover)], priors: false }
    }

    /// Adds the children of node `n` at position `state`, one per legal move in
    /// the game's order; `keys` (RAVE) asks for [`View::move_index`] and
    /// starts their AMAF statistics from the game's
    /// [`search_prior`](Hints::search_prior). With `check` (the MCTS-Solver)
    /// each move is tried ([`Hints::outcome_after`]) and a child whose move ends
    /// the game is proven at once (one-ply win and loss checks); returns
    /// whether any child was.
    pub(super) fn expand(&mut self, n: usize, state: &G, keys: bool, check: bool) -> bool {
        let first = self.nodes.len() as u32;
        let mover = state.side_to_move();
        let parent = n as u32;
        let (nodes, priors) = (&mut self.nodes, &mut self.priors);
        let mut proven = false;
        state.for_each_move(|m| {
            let key = if keys { state.move_index(m).map_or(NONE, |k| k as u32) } else { NONE };
            let mut child = Node::new(Some(m), parent, key, mover);
            // The game's prior knowledge, as virtual AMAF simulations (none by
            // default).
            if keys {
                (child.rave_visits, child.rave_wins) = state.search_prior(m);
                *priors |= child.rave_visits > 0;
            }
            if check {
                if let Some(o) = state.outcome_after(m) {
                    child.proof = Proof::of_outcome(o, mover);
                    proven = true;
                }
            }
            nodes.push(child);
        });
        let count = self.nodes.len() as u32 - first;
        self.nodes[n].first = first;
        self.nodes[n].count = count;
        proven
    }

    /// The child of `n` to descend into ([`pick`]).
    pub(super) fn select(&self, n: usize, c: f64, rave_k: Option<f64>) -> usize {
        let node = &self.nodes[n];
        pick(node.children(), node.visits, c, rave_k, self.priors, |i| {
            let ch = &self.nodes[i];
            Seen {
                proof: ch.proof,
                visits: ch.visits,
                wins: ch.wins as f64,
                rave_visits: ch.rave_visits,
                rave_wins: ch.rave_wins as f64,
            }
        })
    }

    /// Recomputes the proof of `n` from its children's ([`proof_of`]).
    /// Returns whether `n` is now proven.
    pub(super) fn prove(&mut self, n: usize) -> bool {
        let node = &self.nodes[n];
        if node.first == NONE {
            return false;
        }
        let found = proof_of(node.mover, node.children(), |i| {
            let ch = &self.nodes[i];
            (ch.proof, ch.mover)
        });
        match found {
            Some(p) => {
                self.nodes[n].proof = p;
                true
            }
            None => false,
        }
    }

    /// Makes the node whose position is `target` (found among the root's
    /// children and grandchildren) the new root, dropping the rest; `false`
    /// (and the tree unchanged) when none matches.
    pub(super) fn reroot(&mut self, target: &G) -> bool {
        let (hash, ply) = (target.position_hash(), target.ply());
        if self.root.position_hash() == hash && self.root.ply() == ply {
            return self.adopt(target);
        }
        let mut found = None;
        'search: for c in self.nodes[0].children() {
            let mut s1 = self.root.clone();
            s1.play_unchecked(self.nodes[c].mv.expect("children have moves"));
            if s1.ply() == ply && s1.position_hash() == hash {
                found = Some((c, s1));
                break;
            }
            for g in self.nodes[c].children() {
                let mut s2 = s1.clone();
                s2.play_unchecked(self.nodes[g].mv.expect("children have moves"));
                if s2.ply() == ply && s2.position_hash() == hash {
                    found = Some((g, s2));
                    break 'search;
                }
            }
        }
        let Some((new_root, state)) = found else { return false };
        // Copy the subtree breadth first, keeping each family side by side.
        let mut nodes: Vec<Node<G::Move>> = Vec::new();
        let mut root = self.nodes[new_root].clone();
        root.parent = NONE;
        root.mv = None;
        nodes.push(root);
        let mut queue = std::collections::VecDeque::from([(new_root, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            let range = self.nodes[old].children();
            if range.is_empty() {
                nodes[new].first = NONE;
                continue;
            }
            let first = nodes.len();
            nodes[new].first = first as u32;
            for (j, oc) in range.enumerate() {
                let mut ch = self.nodes[oc].clone();
                ch.parent = new as u32;
                nodes.push(ch);
                queue.push_back((oc, first + j));
            }
        }
        self.nodes = nodes;
        self.root = state;
        self.adopt(target)
    }

    /// Takes `target`, the same position as the root, as the root state: its
    /// history (the earlier boards Go's positional superko compares against)
    /// may differ from the one the tree grew under, after a game set up
    /// afresh. Keeps the tree only when the root's children are still
    /// `target`'s legal moves.
    fn adopt(&mut self, target: &G) -> bool {
        let root = &self.nodes[0];
        if root.first != NONE {
            let mut children = root.children().map(|i| self.nodes[i].mv);
            let mut same = true;
            target.for_each_move(|m| same &= children.next() == Some(Some(m)));
            if !same || children.next().is_some() {
                return false;
            }
        }
        self.root = target.clone();
        true
    }
}

/// A child's statistics as [`pick`] reads them (from a [`Tree`]'s node or,
/// with tree parallelism, a shared node's atomics).
pub(super) struct Seen {
    /// The solver's value for the child's mover.
    pub proof: Proof,
    /// Simulations through the child (virtual losses included).
    pub visits: u32,
    /// Their rewards summed, for the child's mover.
    pub wins: f64,
    /// AMAF simulations (RAVE).
    pub rave_visits: u32,
    /// Their rewards summed.
    pub rave_wins: f64,
}

impl Seen {
    /// Mean reward for the mover (½ before any visit).
    #[inline]
    fn mean(&self) -> f64 {
        match self.proof {
            Proof::Win => 1.0,
            Proof::Loss => 0.0,
            Proof::Draw => 0.5,
            Proof::Unknown if self.visits == 0 => 0.5,
            Proof::Unknown => self.wins / self.visits as f64,
        }
    }
}

/// The child to descend into among `children` of a node visited `visits`
/// times: an unvisited one first (in move order; with RAVE and the game's
/// `priors`, only one without AMAF statistics), else the best by UCT (Kocsis
/// and Szepesvári 2006), `mean + c·√(ln N / n)`, where with RAVE the mean is
/// blended with the AMAF mean by Gelly and Silver's `β = √(k / (3n + k))`.
/// Children the solver has proven lost for the mover are skipped while
/// another is left. `seen` reads a child's statistics.
#[inline]
pub(super) fn pick(
    children: std::ops::Range<usize>, visits: u32, c: f64, rave_k: Option<f64>, priors: bool,
    seen: impl Fn(usize) -> Seen,
) -> usize {
    let ln = (visits.max(1) as f64).ln();
    let mut best = usize::MAX;
    let mut best_score = f64::NEG_INFINITY;
    for i in children.clone() {
        let ch = seen(i);
        if ch.proof == Proof::Loss {
            continue;
        }
        if ch.visits == 0
            && ch.proof == Proof::Unknown
            && !(priors && rave_k.is_some() && ch.rave_visits > 0)
        {
            return i;
        }
        let mut mean = ch.mean();
        if let Some(k) = rave_k {
            if ch.rave_visits > 0 && ch.proof == Proof::Unknown {
                let beta = (k / (3.0 * ch.visits as f64 + k)).sqrt();
                let amaf = ch.rave_wins / ch.rave_visits as f64;
                mean = (1.0 - beta) * mean + beta * amaf;
            }
        }
        let score = mean + c * (ln / ch.visits.max(1) as f64).sqrt();
        if score > best_score {
            best_score = score;
            best = i;
        }
    }
    if best == usize::MAX {
        // Every child is proven lost: any will do (the node is proven too).
        children.start
    } else {
        best
    }
}

/// The proof of a node moved into by `mover` from its `children`'s
/// (MCTS-Solver, Winands, Björnsson and Saito 2008): a child that wins for the
/// player to move wins the node for them; with every child proven, the best of
/// them; `None` while neither holds (or without children). `child` reads a
/// child's proof and mover.
#[inline]
pub(super) fn proof_of(
    mover: Player, children: std::ops::Range<usize>, child: impl Fn(usize) -> (Proof, Player),
) -> Option<Proof> {
    let mut all = true;
    let mut best = Proof::Loss;
    let mut to_move = None;
    for i in children {
        let (proof, who) = child(i);
        to_move = Some(who);
        match proof {
            Proof::Win => {
                best = Proof::Win;
                all = true;
                break;
            }
            Proof::Unknown => all = false,
            p if p.rank() > best.rank() => best = p,
            _ => {}
        }
    }
    let to_move = to_move?;
    all.then_some(if mover == to_move { best } else { best.flip() })
}

//! Havannah: rings, bridges and forks in hand-made positions, and the
//! bitboard rules against a plain per-cell reference written here from the
//! rules' definitions (a ring: a cell the player's other stones cut off from
//! the board's rim).

use bitgames::games::havannah::Havannah;
use bitgames::{Notation, Outcome, Player, Rules};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays X's `xs` and O's `os` alternately (X first) on side 5, each move
/// checked, until the moves or the game run out; a game that ends does so on
/// X's last move.
fn play(xs: &[&str], os: &[&str]) -> Havannah<2> {
    let mut g = Havannah::standard();
    for k in 0..xs.len().max(os.len()) {
        for side in [xs, os] {
            if let Some(m) = side.get(k) {
                let mv = g.parse_move(m).unwrap();
                g.play(mv).unwrap();
                if g.outcome().is_some() {
                    assert!(side == xs && k + 1 == xs.len(), "over at {m}: {g:?}");
                    return g;
                }
            }
        }
    }
    g
}

/// O's quiet moves: scattered cells that make nothing.
const QUIET: [&str; 8] = ["a1", "c1", "e1", "a5", "e9", "g9", "i9", "c3"];
/// The six neighbours of the centre e5.
const AROUND_E5: [&str; 6] = ["d5", "f5", "e4", "e6", "d4", "f6"];

fn moves<const N: usize>(g: &Havannah<N>) -> Vec<bitgames::games::stones::PlaceMove> {
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    v
}

fn won_with(g: &Havannah<2>, p: Player, how: &str) {
    assert_eq!(g.outcome(), Some(Outcome::WonBy(p)), "{g:?}");
    let words = g.describe_outcome(Outcome::WonBy(p));
    assert!(words.ends_with(how), "{words}: {g:?}");
}

#[test]
fn rings_around_an_empty_cell_an_enemy_stone_and_an_own_stone() {
    let g = play(&AROUND_E5, &QUIET);
    won_with(&g, Player::First, "a ring");
    let mut os = vec!["e5"];
    os.extend(QUIET);
    won_with(&play(&AROUND_E5, &os), Player::First, "a ring");
    // Around X's own stone (OpenSpiel counts this too).
    let mut xs = vec!["e5"];
    xs.extend(AROUND_E5);
    won_with(&play(&xs, &QUIET), Player::First, "a ring");
    // Five of the six: no ring yet.
    let g = play(&AROUND_E5[..5], &QUIET[..5]);
    assert_eq!(g.outcome(), None, "{g:?}");
}

#[test]
fn a_solid_blob_is_no_ring_and_a_wider_loop_is() {
    // A triangle and a rhombus of stones enclose nothing.
    let g = play(&["e5", "f5", "f6", "e4"], &QUIET[..4]);
    assert_eq!(g.outcome(), None, "{g:?}");
    // A loop of eight around the two cells e5 and f5 (both empty).
    let ring = ["d4", "e4", "d5", "g5", "e6", "f6", "g6", "f4"];
    let g = play(&ring, &QUIET);
    won_with(&g, Player::First, "a ring");
}

#[test]
fn a_bridge_joins_two_corners() {
    // The top row a1 … e1 joins the corners a1 and e1.
    let g = play(&["a1", "b1", "c1", "d1", "e1"], &["a5", "e9", "i9", "c5", "g7"]);
    won_with(&g, Player::First, "a bridge");
}

#[test]
fn a_fork_joins_three_edges_but_corners_are_no_edge() {
    // From the left edge (a3) across the board to the bottom edge (g9), then
    // up to the top edge (c1 via c2): the fork is made at c1.
    let xs = ["a3", "b3", "c3", "d4", "e5", "f6", "g7", "g8", "g9", "c2", "c1"];
    let os = ["a1", "e1", "i5", "i9", "e9", "h5", "h6", "b5", "f3", "d7", "c5"];
    let g = play(&xs, &os);
    won_with(&g, Player::First, "a fork");
    assert_eq!(g.ply(), 21);
    // Two edges and a corner are not a fork: a chain from the left edge to the
    // corner a1 along the top-left side.
    let g = play(&["a4", "a3", "a2", "a1"], &["e9", "i9", "i5", "g7"]);
    assert_eq!(g.outcome(), None, "{g:?}");
}

#[test]
fn names_and_errors() {
    let g = Havannah::standard();
    assert_eq!(moves(&g).len(), 61);
    for bad in ["f1", "a6", "i4", "j5", "a10", "a0"] {
        let e = g.parse_move(bad).unwrap_err().to_string();
        assert!(e.contains("hexagon"), "{bad}: {e}");
    }
    for good in ["a1", "e1", "a5", "i5", "e9", "i9", "e5"] {
        g.parse_move(good).unwrap();
    }
    let p = play(&["e5"], &["a1"]);
    assert_eq!(
        p.position(),
        "O..../....../......./......../....X..../......../......./....../..... x"
    );
    let back = p.parse_position(&p.position()).unwrap();
    assert_eq!(back, p);
    let e =
        g.parse_position("X..../....../......./......../....X..../......../......./....../..... o");
    assert!(e.unwrap_err().to_string().contains("X has 2 stones and O 0"));
    assert!(bitgames::new_game("havannah(size=11)").is_err());
    assert!(bitgames::new_game("havannah(size=2)").is_err());
}

// ---------------------------------------------------------------------------
// The plain reference: cells by (column, row from the top) as OpenSpiel
// names them, neighbours by coordinates, groups and enclosures by search.

struct Naive {
    k: i32,
    owner: Vec<Option<usize>>,
}

impl Naive {
    fn new(size: usize) -> Self {
        let n = 2 * size - 1;
        Naive { k: size as i32 - 1, owner: vec![None; n * n] }
    }
    fn n(&self) -> i32 {
        2 * self.k + 1
    }
    fn on(&self, c: i32, r: i32) -> bool {
        c >= 0 && r >= 0 && c < self.n() && r < self.n() && (c - r).abs() <= self.k
    }
    fn at(&self, c: i32, r: i32) -> usize {
        (r * self.n() + c) as usize
    }
    fn cells(&self) -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for r in 0..self.n() {
            for c in 0..self.n() {
                if self.on(c, r) {
                    v.push((c, r));
                }
            }
        }
        v
    }
    fn neighbours(&self, (c, r): (i32, i32)) -> Vec<(i32, i32)> {
        [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)]
            .iter()
            .map(|&(dc, dr)| (c + dc, r + dr))
            .filter(|&(x, y)| self.on(x, y))
            .collect()
    }
    fn on_rim(&self, z: (i32, i32)) -> bool {
        self.neighbours(z).len() < 6
    }
    fn is_corner(&self, (c, r): (i32, i32)) -> bool {
        let k = self.k;
        [(0, 0), (k, 0), (2 * k, k), (2 * k, 2 * k), (k, 2 * k), (0, k)].contains(&(c, r))
    }
    /// The edge (0–5) of a rim cell that is not a corner.
    fn edge(&self, (c, r): (i32, i32)) -> Option<usize> {
        if self.is_corner((c, r)) || !self.on_rim((c, r)) {
            return None;
        }
        let k = self.k;
        [r == 0, c - r == k, c == 2 * k, r == 2 * k, r - c == k, c == 0].iter().position(|&b| b)
    }
    /// Cells reachable from `from` through cells where `open` holds.
    fn reach(&self, from: (i32, i32), open: impl Fn((i32, i32)) -> bool) -> Vec<(i32, i32)> {
        let mut seen = vec![false; self.owner.len()];
        let mut todo = vec![from];
        let mut out = Vec::new();
        seen[self.at(from.0, from.1)] = true;
        while let Some(z) = todo.pop() {
            out.push(z);
            for m in self.neighbours(z) {
                if !seen[self.at(m.0, m.1)] && open(m) {
                    seen[self.at(m.0, m.1)] = true;
                    todo.push(m);
                }
            }
        }
        out
    }
    /// Whether player `p` has a ring, a bridge or a fork anywhere.
    fn won(&self, p: usize) -> bool {
        let mine = |z: (i32, i32)| self.owner[self.at(z.0, z.1)] == Some(p);
        for z in self.cells() {
            if mine(z) {
                let group = self.reach(z, mine);
                if group.iter().filter(|&&g| self.is_corner(g)).count() >= 2 {
                    return true;
                }
                let mut edges: Vec<usize> = group.iter().filter_map(|&g| self.edge(g)).collect();
                edges.sort();
                edges.dedup();
                if edges.len() >= 3 {
                    return true;
                }
            }
            // A ring around z: z's region, through cells not p's (z itself
            // whatever it holds), never reaches the rim.
            let region = self.reach(z, |m| !mine(m));
            if !region.iter().any(|&m| self.on_rim(m)) {
                return true;
            }
        }
        false
    }
}

/// Random games of side `size`: after every move the bitboard game and the
/// reference agree on whether it is over and who won; the final counts of
/// each kind of win are returned.
fn against_naive<const N: usize>(size: usize, games: usize, seed: u64) -> [usize; 3] {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut kinds = [0usize; 3];
    for _ in 0..games {
        let mut g = Havannah::<N>::new(size, false).unwrap();
        let mut naive = Naive::new(size);
        let mut ply = 0;
        while g.outcome().is_none() {
            let all = moves(&g);
            let mv = all[rng.random_range(0..all.len())];
            let text = mv.to_string();
            let col = text.as_bytes()[0] - b'a';
            let row: i32 = text[1..].parse().unwrap();
            let i = naive.at(col as i32, row - 1);
            assert_eq!(naive.owner[i], None, "{text} is taken in the reference");
            naive.owner[i] = Some(ply % 2);
            g.play(mv).unwrap();
            let won = naive.won(ply % 2);
            let full = naive.owner.iter().filter(|o| o.is_some()).count() == naive.cells().len();
            let want = if won {
                Some(Outcome::WonBy(if ply % 2 == 0 { Player::First } else { Player::Second }))
            } else if full {
                Some(Outcome::Draw)
            } else {
                None
            };
            assert_eq!(g.outcome(), want, "after {text}: {g:?}");
            ply += 1;
        }
        if let Some(Outcome::WonBy(p)) = g.outcome() {
            let words = g.describe_outcome(Outcome::WonBy(p));
            let k = ["a ring", "a bridge", "a fork"].iter().position(|w| words.ends_with(w));
            kinds[k.unwrap()] += 1;
        }
    }
    kinds
}

#[test]
fn random_games_agree_with_the_reference() {
    let small = against_naive::<1>(3, 300, 1);
    let mid = against_naive::<1>(4, 200, 2);
    let five = against_naive::<2>(5, 60, 3);
    for k in 0..3 {
        assert!(small[k] + mid[k] + five[k] > 0, "kinds won: {small:?} {mid:?} {five:?}");
    }
}

/// Perft by the plain walk of the dynamic interface, against the reference's
/// own count: every move of every position to the depth, none after a win.
fn naive_perft(naive: &mut Naive, depth: usize, ply: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let empty: Vec<usize> = (0..naive.owner.len())
        .filter(|&i| {
            let (c, r) = (i as i32 % naive.n(), i as i32 / naive.n());
            naive.on(c, r) && naive.owner[i].is_none()
        })
        .collect();
    let mut total = 0;
    for i in empty {
        naive.owner[i] = Some(ply % 2);
        // A finished game is a leaf at its own depth only.
        total += if naive.won(ply % 2) {
            (depth == 1) as u64
        } else {
            naive_perft(naive, depth - 1, ply + 1)
        };
        naive.owner[i] = None;
    }
    total
}

#[test]
fn perft_agrees_with_the_reference() {
    let g = Havannah::<1>::new(3, false).unwrap();
    for depth in 1..=3 {
        let mut naive = Naive::new(3);
        assert_eq!(g.perft(depth), naive_perft(&mut naive, depth, 0), "side 3, depth {depth}");
    }
    // From a middle position of side 4, where wins come within reach.
    let mut g = Havannah::<1>::new(4, false).unwrap();
    let mut naive = Naive::new(4);
    for (k, m) in ["a1", "d4", "b1", "d5", "c1", "e5", "d2", "f5"].iter().enumerate() {
        g.play(g.parse_move(m).unwrap()).unwrap();
        let (c, r) = (m.as_bytes()[0] - b'a', m[1..].parse::<i32>().unwrap() - 1);
        let i = naive.at(c as i32, r);
        naive.owner[i] = Some(k % 2);
    }
    for depth in 1..=2 {
        assert_eq!(g.perft(depth), naive_perft(&mut naive, depth, 8), "side 4, depth {depth}");
    }
}

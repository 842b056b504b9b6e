//! Go against a plain per-cell reference written here (a byte per cell,
//! groups and liberties found by breadth-first search, earlier boards kept
//! whole): perft from the empty 9×9 and 19×19 boards, and thousands of random
//! games under every rule set with the same legal moves, boards and results at
//! every ply. Then the errors a user can provoke.

use bitgames::games::go::{Go, GoMove, GoRules, KoRule};
use bitgames::{new_game, Hints, IllegalReason, Notation, Outcome, PlayError, Player, Rules};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The reference: a board of bytes (0 empty, 1 Black, 2 White), row 0 at the
/// bottom.
#[derive(Clone)]
struct Ref {
    n: usize,
    board: Vec<u8>,
    /// 1 Black, 2 White.
    to_move: u8,
    /// The cell simple ko forbids.
    ko: Option<usize>,
    passes: u32,
    ply: u32,
    /// Stones on the board.
    stones: usize,
    /// Every board so far (stone count, cells).
    seen: Vec<(usize, Vec<u8>)>,
    rules: GoRules,
    over: bool,
    drawn: bool,
}

impl Ref {
    fn new(n: usize, rules: GoRules) -> Self {
        let board = vec![0; n * n];
        Ref {
            n,
            seen: vec![(0, board.clone())],
            board,
            to_move: 1,
            ko: None,
            passes: 0,
            ply: 0,
            stones: 0,
            rules,
            over: false,
            drawn: false,
        }
    }

    fn neighbours(&self, p: usize) -> impl Iterator<Item = usize> {
        let (c, r, n) = (p % self.n, p / self.n, self.n);
        [
            (c > 0).then(|| p - 1),
            (c + 1 < n).then(|| p + 1),
            (r > 0).then(|| p - n),
            (r + 1 < n).then(|| p + n),
        ]
        .into_iter()
        .flatten()
    }

    /// The group at `p` on `board` and its number of liberties (depth-first
    /// search, with fixed arrays so perft does not allocate).
    fn group(&self, board: &[u8], p: usize) -> (Vec<usize>, usize) {
        let colour = board[p];
        let mut in_group = [false; 361];
        let mut is_lib = [false; 361];
        let mut stack = [0u16; 361];
        let mut top = 1;
        stack[0] = p as u16;
        let mut stones = Vec::new();
        in_group[p] = true;
        let mut libs = 0;
        while top > 0 {
            top -= 1;
            let q = stack[top] as usize;
            stones.push(q);
            for m in self.neighbours(q) {
                if board[m] == 0 && !is_lib[m] {
                    is_lib[m] = true;
                    libs += 1;
                } else if board[m] == colour && !in_group[m] {
                    in_group[m] = true;
                    stack[top] = m as u16;
                    top += 1;
                }
            }
        }
        (stones, libs)
    }

    /// The board after the side to move plays on empty `p`, with the number
    /// of stones captured; `None` if illegal.
    fn try_play(&self, p: usize) -> Option<(Vec<u8>, usize)> {
        if self.board[p] != 0 || self.ko == Some(p) {
            return None;
        }
        let me = self.to_move;
        let opp = 3 - me;
        let mut b = self.board.clone();
        b[p] = me;
        let mut captured = 0;
        for m in self.neighbours(p) {
            if b[m] == opp {
                let (stones, libs) = self.group(&b, m);
                if libs == 0 {
                    captured += stones.len();
                    for s in stones {
                        b[s] = 0;
                    }
                }
            }
        }
        let (own, libs) = self.group(&b, p);
        if libs == 0 {
            if !self.rules.suicide {
                return None;
            }
            for s in own {
                b[s] = 0;
            }
        }
        if self.rules.ko == KoRule::Positional {
            let count = b.iter().filter(|&&c| c != 0).count();
            if self.seen.iter().any(|(k, old)| *k == count && *old == b) {
                return None;
            }
        }
        Some((b, captured))
    }

    /// Legal moves as text, sorted.
    fn legal(&self) -> Vec<String> {
        if self.over {
            return Vec::new();
        }
        let mut v: Vec<String> = (0..self.n * self.n)
            .filter(|&p| self.try_play(p).is_some())
            .map(|p| self.name(p))
            .collect();
        v.push("pass".into());
        v.sort();
        v
    }

    /// The number of legal moves, pass included, for perft's leaves: the
    /// groups labelled once with their liberties, then each empty cell
    /// judged from its neighbours' groups; a move that captures goes through
    /// [`try_play`](Ref::try_play).
    fn count(&self) -> u64 {
        if self.over {
            return 0;
        }
        let cells = self.n * self.n;
        let mut label = vec![usize::MAX; cells];
        let mut libs = Vec::new();
        for p in 0..cells {
            if self.board[p] != 0 && label[p] == usize::MAX {
                let (stones, l) = self.group(&self.board, p);
                for q in stones {
                    label[q] = libs.len();
                }
                libs.push(l);
            }
        }
        let (me, opp) = (self.to_move, 3 - self.to_move);
        let mut count = 1;
        for p in 0..cells {
            if self.board[p] != 0 || self.ko == Some(p) {
                continue;
            }
            let captures = self.neighbours(p).any(|m| self.board[m] == opp && libs[label[m]] == 1);
            if captures {
                count += self.try_play(p).is_some() as u64;
                continue;
            }
            let breathes = self
                .neighbours(p)
                .any(|m| self.board[m] == 0 || (self.board[m] == me && libs[label[m]] >= 2));
            if !breathes {
                count += self.try_play(p).is_some() as u64;
                continue;
            }
            // A quiet stone: the board after it is this one with `p` taken.
            let repeats = self.rules.ko == KoRule::Positional
                && self.seen.iter().any(|(k, old)| {
                    *k == self.stones + 1
                        && old.iter().zip(&self.board).enumerate().all(|(q, (&o, &b))| {
                            if q == p {
                                o == me
                            } else {
                                o == b
                            }
                        })
                });
            count += !repeats as u64;
        }
        count
    }

    fn name(&self, p: usize) -> String {
        let letters = b"abcdefghjklmnopqrst";
        format!("{}{}", letters[p % self.n] as char, p / self.n + 1)
    }

    fn play(&mut self, mv: &str) {
        let p = (mv != "pass")
            .then(|| (0..self.n * self.n).find(|&p| self.name(p) == mv).expect("a cell"));
        self.play_at(p);
    }

    /// Plays a stone on `p`, or a pass (`None`).
    fn play_at(&mut self, p: Option<usize>) {
        if let Some(p) = p {
            let (b, captured) = self.try_play(p).expect("legal");
            // Simple ko: one stone captured by a lone stone left with one liberty.
            let (own, libs) = self.group(&b, p);
            self.ko = if captured == 1 && own.len() == 1 && libs == 1 {
                self.neighbours(p).into_iter().find(|&m| b[m] == 0 && self.board[m] != 0)
            } else {
                None
            };
            let count = b.iter().filter(|&&c| c != 0).count();
            if self.rules.ko == KoRule::RepetitionDraw
                && self.seen.iter().any(|(k, old)| *k == count && *old == b)
            {
                self.over = true;
                self.drawn = true;
            }
            self.seen.push((count, b.clone()));
            self.stones = count;
            self.board = b;
            self.passes = 0;
        } else {
            self.passes += 1;
            self.ko = None;
        }
        self.to_move = 3 - self.to_move;
        self.ply += 1;
        if self.passes >= 2 || (self.rules.max_moves > 0 && self.ply >= self.rules.max_moves) {
            self.over = true;
        }
    }

    /// Tromp–Taylor: Black's area minus White's minus komi, in half points.
    fn score_halves(&self) -> i64 {
        let mut area = [0i64; 3];
        let mut done = vec![false; self.board.len()];
        for p in 0..self.board.len() {
            if self.board[p] != 0 {
                area[self.board[p] as usize] += 1;
            } else if !done[p] {
                let (mut region, mut reach, mut stack) = (0, [false; 3], vec![p]);
                done[p] = true;
                while let Some(q) = stack.pop() {
                    region += 1;
                    for m in self.neighbours(q) {
                        if self.board[m] == 0 {
                            if !done[m] {
                                done[m] = true;
                                stack.push(m);
                            }
                        } else {
                            reach[self.board[m] as usize] = true;
                        }
                    }
                }
                if reach[1] != reach[2] {
                    area[if reach[1] { 1 } else { 2 }] += region;
                }
            }
        }
        2 * (area[1] - area[2]) - (self.rules.komi * 2.0) as i64
    }

    /// The board as the game's position text writes it (rows from the top).
    fn rows(&self) -> String {
        (0..self.n)
            .rev()
            .map(|r| {
                (0..self.n).map(|c| b".xo"[self.board[r * self.n + c] as usize] as char).collect()
            })
            .collect::<Vec<String>>()
            .join("/")
    }
}

fn ref_perft(r: &Ref, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return r.count();
    }
    if r.over {
        return 0;
    }
    let stones = (0..r.n * r.n).filter(|&p| r.try_play(p).is_some()).map(Some);
    stones
        .chain([None])
        .map(|p| {
            let mut c = r.clone();
            c.play_at(p);
            ref_perft(&c, depth - 1)
        })
        .sum()
}

fn sorted_moves<const N: usize>(g: &Go<N>) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_moves(&mut out);
    let mut v: Vec<String> = out.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

#[test]
fn perft_9x9_matches_the_reference() {
    let g = Go::standard();
    let r = Ref::new(9, GoRules::default());
    // 82 = 81 cells and pass; after a pass there are 81 cells and pass again
    // (pass-pass ends the game, a leaf at depth 2).
    let want = [82, 6643, 531_522, 42_002_809];
    for (d, &w) in want.iter().enumerate() {
        assert_eq!(g.perft(d + 1), w, "bitboard perft {}", d + 1);
        assert_eq!(ref_perft(&r, d + 1), w, "reference perft {}", d + 1);
    }
}

#[test]
fn perft_19x19_matches_the_reference() {
    let g = Go::standard_19();
    let r = Ref::new(19, GoRules::default());
    let want = [362, 130_683, 47_046_242];
    for (d, &w) in want.iter().enumerate() {
        assert_eq!(g.perft(d + 1), w, "bitboard perft {}", d + 1);
        assert_eq!(ref_perft(&r, d + 1), w, "reference perft {}", d + 1);
    }
}

/// 19×19 depth 4, both ways (8 minutes in the test profile on the 2-core
/// AMD EPYC, under load, 2026-11-23; both gave 16,889,859,009):
/// `cargo test --release -p bitgames --test it -- go:: --ignored`.
#[test]
#[ignore]
fn perft_19x19_depth_4() {
    let g = Go::standard_19();
    let n = g.perft(4);
    assert_eq!(n, 16_889_859_009);
    assert_eq!(n, ref_perft(&Ref::new(19, GoRules::default()), 4));
    assert_eq!(ref_perft(&Ref::new(19, GoRules::default()), 3), 47_046_242);
    println!("19×19 perft 4: {n}");
}

/// Plays `games` random games of `size` under `rules`, comparing legal moves,
/// boards and results with the reference at every ply. Moves come from the
/// game's playout policy, or a uniform legal move one time in four (so passes,
/// eye fills and suicides are played too).
fn agree<const N: usize>(size: usize, rules: GoRules, games: usize, seed: u64) -> [usize; 3] {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let start = Go::<N>::new(size, rules).unwrap();
    let mut stats = [0usize; 3]; // plies, captures seen, games ended by repetition
    for _ in 0..games {
        let mut g = start.clone();
        let mut r = Ref::new(size, rules);
        // The prisoners each side has taken, from the stones that left the board.
        let mut prisoners = [0u32; 2];
        loop {
            let moves = sorted_moves(&g);
            assert_eq!(moves, r.legal(), "legal moves at ply {} of {:?}", g.ply(), g);
            if g.outcome().is_some() {
                assert!(r.over);
                break;
            }
            let mv = if rng.random_range(0..4) == 0 {
                moves[rng.random_range(0..moves.len())].clone()
            } else {
                g.random_move(&mut rng).unwrap().to_string()
            };
            assert!(moves.contains(&mv), "random move {mv} is legal");
            let before = g.stones(Player::First).count() + g.stones(Player::Second).count();
            let me = g.side_to_move();
            let counts = |g: &Go<N>| [g.stones(me).count(), g.stones(me.other()).count()];
            let [mine, theirs] = counts(&g);
            g.play(g.parse_move(&mv).unwrap()).unwrap();
            r.play(&mv);
            let [mine_after, theirs_after] = counts(&g);
            let placed = u32::from(mv != "pass");
            prisoners[me.index()] += theirs - theirs_after;
            prisoners[me.other().index()] += mine + placed - mine_after;
            assert_eq!(g.captures(), prisoners, "captures after {mv}");
            let after = g.stones(Player::First).count() + g.stones(Player::Second).count();
            if after < before {
                stats[1] += 1;
            }
            stats[0] += 1;
            let pos = g.position();
            assert_eq!(pos.split(' ').next().unwrap(), r.rows(), "board after {mv}");
            assert_eq!(g.outcome().is_some(), r.over, "end after {mv} at {pos}");
        }
        if r.drawn {
            stats[2] += 1;
            assert_eq!(g.outcome(), Some(Outcome::Draw));
        } else {
            let s = r.score_halves();
            assert_eq!(g.score_halves(), Some(s), "{g:?}");
            let want = match s.signum() {
                1 => Outcome::WonBy(Player::First),
                -1 => Outcome::WonBy(Player::Second),
                _ => Outcome::Draw,
            };
            assert_eq!(g.outcome(), Some(want));
        }
    }
    stats
}

fn rules(ko: KoRule, suicide: bool, komi: f64, max_moves: u32) -> GoRules {
    GoRules { ko, suicide, komi, max_moves }
}

/// [`agree`] on each `(words, size, rules, games, seed)` row, `words` the
/// board's 64-bit words (`Go<words>`); the stats of each row in order.
fn agree_rows(rows: &[(usize, usize, GoRules, usize, u64)]) -> Vec<[usize; 3]> {
    rows.iter()
        .map(|&(words, size, rules, games, seed)| match words {
            1 => agree::<1>(size, rules, games, seed),
            2 => agree::<2>(size, rules, games, seed),
            6 => agree::<6>(size, rules, games, seed),
            _ => unreachable!("no Go<{words}> in these tests"),
        })
        .collect()
}

#[test]
fn random_games_agree_positional_superko() {
    let positional = |komi| rules(KoRule::Positional, false, komi, 0);
    let s = agree_rows(&[
        (1, 5, positional(0.5), 1000, 1),
        (2, 7, positional(7.5), 300, 2),
        (2, 9, GoRules::default(), 100, 3),
        (1, 2, positional(0.0), 300, 4),
        (1, 3, positional(0.0), 300, 5),
    ]);
    assert!(s[0][1] > 1000, "{s:?}");
    assert!(s[1][1] > 500, "{s:?}");
}

#[test]
fn random_games_agree_simple_ko() {
    let simple = |komi, max_moves| rules(KoRule::Simple, false, komi, max_moves);
    let s = agree_rows(&[
        (1, 5, simple(0.0, 200), 1000, 6),
        (2, 9, simple(7.5, 400), 100, 7),
        (1, 3, simple(0.0, 100), 300, 8),
    ]);
    assert!(s[0][1] > 1000, "{s:?}");
}

#[test]
fn random_games_agree_with_suicide() {
    let suicide = |ko, komi, max_moves| rules(ko, true, komi, max_moves);
    let s = agree_rows(&[
        (1, 5, suicide(KoRule::Positional, 0.5, 0), 700, 9),
        (1, 5, suicide(KoRule::Simple, 0.5, 200), 700, 10),
        (1, 3, suicide(KoRule::Positional, 0.0, 0), 300, 11),
        (2, 9, suicide(KoRule::Positional, 7.5, 0), 50, 12),
    ]);
    assert!(s[0][1] > 1000, "{s:?}");
}

#[test]
fn random_games_agree_openspiel_rules() {
    let draw = |komi, max_moves| rules(KoRule::RepetitionDraw, false, komi, max_moves);
    let s = agree_rows(&[
        (1, 5, draw(7.5, 50), 1000, 13),
        (1, 3, draw(0.0, 18), 1000, 14),
        (2, 9, GoRules::openspiel(9), 100, 15),
    ]);
    assert!(s[0][1] > 500, "{s:?}");
    assert!(s[1][2] > 0, "some games end by a repeated board: {s:?}");
}

#[test]
fn random_games_agree_19x19() {
    agree_rows(&[
        (6, 19, GoRules::default(), 4, 16),
        (6, 19, rules(KoRule::Simple, true, 6.5, 0), 2, 17),
    ]);
}

fn play(g: &mut Box<dyn bitgames::DynGame>, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// A new game of `spec` after `moves`.
fn played(spec: &str, moves: &str) -> Box<dyn bitgames::DynGame> {
    let mut g = new_game(spec).unwrap();
    play(&mut g, moves);
    g
}

/// Playing `mv` on `g` is refused as illegal for `reason`; the error.
fn refused(g: &mut Box<dyn bitgames::DynGame>, mv: &str, reason: IllegalReason) -> PlayError {
    let e = g.play_text(mv).unwrap_err();
    assert!(matches!(&e, PlayError::Illegal { reason: why, .. } if *why == reason), "{e}");
    e
}

#[test]
fn captures_ko_and_suicide() {
    // Black b1 and a2 take White's a1 in the corner.
    let g = played("go(size=5)", "b1 a1 a2");
    assert_eq!(g.position(), "...../...../...../x..../.x... o 3 0 -");
    assert_eq!(g.board().captures, Some([1, 0]), "Black took one stone");
    // A ko: Black c2 b3 c4 and d3, White d2 c1? Build the standard shape.
    //   row 3: . x o . .
    //   row 2: x o . o .
    //   row 1: . x o . .
    let ko_shape = "b3 c3 a2 b2 b1 c1 e5 d2 c2";
    let mut g = played("go(size=5,ko=simple)", ko_shape);
    // Black c2 captured White's b2: a ko at b2 for White.
    assert_eq!(g.position(), "....x/...../.xo../x.xo./.xo.. o 9 0 b2");
    let e = refused(&mut g, "b2", IllegalReason::Ko);
    assert!(e.to_string().contains("ko"), "{e}");
    assert_eq!(g.board().captures, Some([1, 0]));
    // After a move elsewhere each, White may take back.
    play(&mut g, "e1 e2 b2");
    assert_eq!(g.board().captures, Some([1, 1]), "White took c2 back");
    // A position read from text has no prisoners.
    let mut read = new_game("go(size=5,ko=simple)").unwrap();
    read.set_position(&g.position()).unwrap();
    assert_eq!(read.board().captures, Some([0, 0]));
    // The immediate retake is refused under positional superko too.
    refused(&mut played("go(size=5)", ko_shape), "b2", IllegalReason::Ko);
    // Suicide: a1 for White inside Black's corner.
    let e = refused(&mut played("go(size=5)", "a2 e5 b1"), "a1", IllegalReason::Suicide);
    assert!(e.to_string().contains("suicide"), "{e}");
    // With suicide allowed (ko=simple: under superko a lone stone's suicide
    // repeats the board) the stone is played and removed.
    let s = played("go(size=5,suicide=true,ko=simple)", "a2 e5 b1 a1");
    assert_eq!(s.position(), "....o/...../...../x..../.x... x 4 0 -");
    assert_eq!(s.board().captures, Some([1, 0]), "White's suicide is Black's prisoner");
    refused(&mut played("go(size=5,suicide=true)", "a2 e5 b1"), "a1", IllegalReason::Ko);
}

#[test]
fn scoring_two_passes_and_max_moves() {
    // Black walls off column c on 5×5: a–b Black's area (10), d–e White's
    // (10), c Black stones; komi 0.5 to White: Black by 4.5.
    let mut g = played("go(size=5,komi=0.5)", "c1 d1 c2 d2 c3 d3 c4 d4 c5 d5 pass");
    assert_eq!(g.outcome(), None);
    play(&mut g, "pass");
    assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
    // Black 5 stones + 10 = 15, White 5 + 5 = 10: 5 − 0.5 = 4.5 → 9 halves.
    assert_eq!(g.score(), Some(9));
    assert!(g.legal_moves().is_empty());
    let m = played("go(size=5,max_moves=3)", "a1 pass c3");
    assert_eq!(m.outcome(), Some(Outcome::WonBy(Player::First)));
    // Empty board, komi 7.5: White wins by komi.
    let e = played("go", "pass pass");
    assert_eq!(e.outcome(), Some(Outcome::WonBy(Player::Second)));
    assert_eq!(e.score(), Some(-15));
    assert_eq!(
        e.describe_outcome(e.outcome().unwrap()),
        "White wins by 7.5 (area 0 to 0, komi 7.5)"
    );
    assert_eq!(
        g.describe_outcome(g.outcome().unwrap()),
        "Black wins by 4.5 (area 15 to 10, komi 0.5)"
    );
    // Each point's owner: columns a–c Black's, d–e White's.
    let owners = g.area_owners().unwrap();
    let view = g.board();
    for (cell, owner) in view.cells.iter().zip(&owners) {
        let black = cell.name.as_str() < "d";
        assert_eq!(
            *owner,
            Some(if black { Player::First } else { Player::Second }),
            "{}",
            cell.name
        );
    }
    // From a finished game every playout is the game: the exact area.
    let e = g.area_estimate(50, 1).unwrap();
    assert_eq!(e.area, [15.0, 10.0]);
    assert!(e.owners.iter().all(|o| *o == [1.0, 0.0] || *o == [0.0, 1.0]));
}

/// Monte Carlo ownership mid-game: each cell's shares sum to at most one, the
/// mean areas are the shares summed, and the estimate is seeded; games not
/// scored by area have none.
#[test]
fn area_estimate_from_playouts() {
    let g = played("go(size=9)", "e5 c3 g7 c7 g3");
    let e = g.area_estimate(200, 7).unwrap();
    assert_eq!(e.owners.len(), 81);
    assert_eq!(e.playouts, 200);
    for o in &e.owners {
        assert!(o[0] >= 0.0 && o[1] >= 0.0 && o[0] + o[1] <= 1.0 + 1e-6, "{o:?}");
    }
    let sum = |p: usize| e.owners.iter().map(|o| f64::from(o[p])).sum::<f64>();
    assert!((sum(0) - e.area[0]).abs() < 1e-3 && (sum(1) - e.area[1]).abs() < 1e-3);
    // A stone is its owner's in most playouts (random play captures some).
    let at = |name: &str| e.owners[g.board().index_of(name).unwrap()];
    assert!(at("e5")[0] > 2.0 * at("e5")[1], "{:?}", at("e5"));
    assert!(at("c3")[1] > 2.0 * at("c3")[0], "{:?}", at("c3"));
    assert_eq!(g.area_estimate(200, 7), Some(e));
    for spec in ["hex", "othello", "connect4"] {
        assert!(new_game(spec).unwrap().area_estimate(10, 1).is_none(), "{spec}");
    }
}

#[test]
fn bad_input_is_a_typed_error() {
    let g = Go::standard();
    for bad in ["i5", "z1", "a0", "j10", "a", "5a", "", "pas", "t20", "a-1"] {
        assert!(g.parse_move(bad).is_err(), "{bad}");
    }
    assert_eq!(g.parse_move("J9").unwrap(), GoMove::Place { col: 8, row: 8 });
    assert_eq!(g.parse_move("PASS").unwrap(), GoMove::Pass);
    let big = Go::standard_19();
    assert_eq!(big.parse_move("t19").unwrap().to_string(), "t19");
    assert!(Go::<6>::new(20, GoRules::default()).is_err());
    assert!(Go::<1>::new(9, GoRules::default()).is_err(), "9×9 needs two words");
    assert!(Go::<2>::new(9, rules(KoRule::Simple, false, 6.3, 0)).is_err());
    assert!(new_game("go(size=20)").is_err());
    assert!(new_game("go(size=0)").is_err());
    assert!(new_game("go(ko=super)").is_err());
    assert!(new_game("go(komi=6.2)").is_err());
    let mut d = played("go", "e5");
    refused(&mut d, "e5", IllegalReason::Occupied);
    assert!(matches!(d.play_text("i5"), Err(PlayError::Parse(_))));
    // Positions: a group without liberties, a bad side, bad ko cell.
    assert!(d.set_position("x./o. x").is_err());
    let mut s = new_game("go(size=2)").unwrap();
    assert!(s.set_position("xo/ox x").is_err());
    assert!(s.set_position("x./.. q").is_err());
    assert!(s.set_position("x./.. o 1 0 b1").is_ok());
    assert!(s.set_position("x./.. o 1 0 a2").is_err());
    assert!(s.set_position("x./.. o 1 3 -").is_err());
}

#[test]
fn registry_builds_every_size_on_the_right_storage() {
    for n in 1..=19 {
        let g = new_game(&format!("go(size={n})")).unwrap();
        // On 1×1 the only cell is suicide: pass alone.
        assert_eq!(g.legal_moves().len(), if n == 1 { 1 } else { n * n + 1 });
        assert_eq!(g.board().cells.len(), n * n);
    }
    let g = new_game("go").unwrap();
    assert_eq!(g.spec(), "go(size=9,komi=7.5,ko=positional,suicide=false,max_moves=0)");
}

/// Whether `mv` fills one of the mover's own single-point eyes as the light
/// policy sees them (every orthogonal neighbour own; enemy diagonals, plus one
/// on the edge, fewer than two), found cell by cell.
fn fills_own_eye<const N: usize>(g: &Go<N>, mv: GoMove) -> bool {
    let GoMove::Place { col, row } = mv else { return false };
    let (n, c, r) = (g.size() as i32, col as i32, row as i32);
    let me = g.side_to_move();
    let at = |c: i32, r: i32| -> Option<Option<Player>> {
        if c < 0 || r < 0 || c >= n || r >= n {
            return None;
        }
        let i = g.grid().cell(c as usize, r as usize).unwrap();
        Some(if g.stones(Player::First).contains(i) {
            Some(Player::First)
        } else if g.stones(Player::Second).contains(i) {
            Some(Player::Second)
        } else {
            None
        })
    };
    for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        if let Some(s) = at(c + dc, r + dr) {
            if s != Some(me) {
                return false;
            }
        }
    }
    let (mut enemy, mut edge) = (0, 0);
    for (dc, dr) in [(1, 1), (-1, 1), (1, -1), (-1, -1)] {
        match at(c + dc, r + dr) {
            None => edge = 1,
            Some(Some(p)) if p != me => enemy += 1,
            _ => {}
        }
    }
    enemy + edge < 2
}

/// Replays the moves of the specialised playout ([`Go::playout_moves`]) from
/// `start` through checked `play` under simple ko: every stone is legal, fills
/// no own eye and survives, every pass comes when the policy has nothing else,
/// and the replayed game ends on the same board, ply and score.
fn check_playouts<const N: usize>(start: Go<N>, games: usize, seed: u64) {
    check_policy_playouts(start, games, seed, false);
}

/// [`check_playouts`] for the light playout (`policy` false) or the search's
/// MoGo-style one ([`Go::policy_playout_moves`]).
fn check_policy_playouts<const N: usize>(start: Go<N>, games: usize, seed: u64, policy: bool) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let simple = GoRules { ko: KoRule::Simple, ..start.rules() };
    let base =
        Go::<N>::new(start.size(), simple).unwrap().parse_position(&start.position()).unwrap();
    for _ in 0..games {
        let mut fast = start.clone();
        let moves =
            if policy { fast.policy_playout_moves(&mut rng) } else { fast.playout_moves(&mut rng) };
        assert!(fast.outcome().is_some(), "the playout ends the game");
        let mut g = base.clone();
        for &mv in &moves {
            if mv == GoMove::Pass {
                if start.rules().ko == KoRule::Simple {
                    assert_eq!(
                        g.random_move(&mut rng),
                        Some(GoMove::Pass),
                        "pass with a move left in {g:?}"
                    );
                }
                g.play(mv).unwrap();
            } else {
                assert!(!fills_own_eye(&g, mv), "{mv} fills an own eye in {g:?}");
                g.play(mv).unwrap_or_else(|e| panic!("{mv} illegal in {g:?}: {e}"));
                let GoMove::Place { col, row } = mv else { unreachable!() };
                let i = g.grid().cell(col as usize, row as usize).unwrap();
                assert!(
                    (g.stones(Player::First) | g.stones(Player::Second)).contains(i),
                    "{mv} killed its own group"
                );
            }
        }
        assert!(g.outcome().is_some());
        assert_eq!(g.position(), fast.position());
        assert_eq!(g.score_halves(), fast.score_halves());
        assert_eq!(g.outcome(), fast.outcome());
    }
}

#[test]
fn specialised_playouts_are_legal_games() {
    check_playouts(Go::<2>::standard(), 300, 1);
    check_playouts(Go::<2>::new(9, rules(KoRule::Simple, false, 7.5, 0)).unwrap(), 300, 2);
    check_playouts(Go::<2>::new(9, rules(KoRule::Simple, true, 0.5, 0)).unwrap(), 200, 3);
    check_playouts(Go::<2>::new(9, rules(KoRule::Positional, false, 7.5, 60)).unwrap(), 200, 4);
    // Small boards, where simple ko alone can cycle: positional superko.
    for n in [1, 2, 3, 5] {
        check_playouts(Go::<1>::new(n, rules(KoRule::Positional, false, 0.0, 0)).unwrap(), 100, 5);
    }
    check_playouts(Go::<6>::standard_19(), 20, 6);
    // From a position with stones, strings and a ko cell set.
    let g = Go::<1>::new(5, rules(KoRule::Simple, false, 0.5, 0)).unwrap();
    let mid = g.parse_position(".x.../xo.x./o.ox./.oxx./..... x 12 0 c4").unwrap();
    check_playouts(mid, 200, 7);
}

/// The star points every printed board shows: five on 9×9 (third line and
/// centre) and 13×13 (fourth line and centre), nine on 19×19.
#[test]
fn board_view_marks_the_star_points() {
    let names = |spec: &str| -> Vec<String> {
        let g = new_game(spec).unwrap();
        let view = g.board();
        let mut v: Vec<String> = view.stars.iter().map(|&i| view.cells[i].name.clone()).collect();
        v.sort();
        v
    };
    assert_eq!(names("go(size=9)"), ["c3", "c7", "e5", "g3", "g7"]);
    assert_eq!(names("go(size=13)"), ["d10", "d4", "g7", "k10", "k4"]);
    assert_eq!(names("go(size=19)"), ["d10", "d16", "d4", "k10", "k16", "k4", "q10", "q16", "q4"]);
    assert!(names("go(size=5)").is_empty());
}

#[test]
fn policy_playouts_are_legal_games() {
    check_policy_playouts(Go::<2>::standard(), 300, 11, true);
    check_policy_playouts(
        Go::<2>::new(9, rules(KoRule::Simple, false, 7.5, 0)).unwrap(),
        200,
        12,
        true,
    );
    check_policy_playouts(
        Go::<2>::new(9, rules(KoRule::Simple, true, 0.5, 0)).unwrap(),
        200,
        13,
        true,
    );
    for n in [1, 2, 3, 5] {
        check_policy_playouts(
            Go::<1>::new(n, rules(KoRule::Positional, false, 0.0, 0)).unwrap(),
            100,
            14,
            true,
        );
    }
    check_policy_playouts(Go::<6>::standard_19(), 10, 15, true);
    let g = Go::<1>::new(5, rules(KoRule::Simple, false, 0.5, 0)).unwrap();
    let mid = g.parse_position(".x.../xo.x./o.ox./.oxx./..... x 12 0 c4").unwrap();
    check_policy_playouts(mid, 200, 16, true);
}

/// Black to move after White's self-atari at e5 (Black on e6, e4, f5; White
/// also on a1 and a2): the last stone can be taken at d5.
fn white_in_atari() -> Go<2> {
    let mut g = Go::<2>::standard();
    for mv in ["e6", "a1", "e4", "a2", "f5", "e5"] {
        g.play(g.parse_move(mv).unwrap()).unwrap();
    }
    g
}

#[test]
fn policy_playout_captures_the_last_stone_in_atari() {
    let d5 = GoMove::Place { col: 3, row: 4 };
    for seed in 0..20 {
        let mut g = white_in_atari();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let moves = g.policy_playout_moves(&mut rng);
        assert_eq!(moves[0], d5, "seed {seed}");
    }
    // The light playout does not always.
    let firsts: std::collections::HashSet<GoMove> = (0..20)
        .map(|seed| {
            let mut g = white_in_atari();
            g.playout_moves(&mut Xoshiro256PlusPlus::seed_from_u64(seed))[0]
        })
        .collect();
    assert!(firsts.len() > 1);
}

#[test]
fn search_playout_logs_its_moves_and_is_seeded() {
    let run = |seed: u64| {
        let mut g = white_in_atari();
        let mut log = Vec::new();
        let plies = g.search_playout(&mut Xoshiro256PlusPlus::seed_from_u64(seed), Some(&mut log));
        assert_eq!(plies as usize, log.len());
        assert!(g.outcome().is_some());
        // Replayed through checked play: the same game, movers alternating.
        let mut r = white_in_atari();
        for &(mv, who) in &log {
            assert_eq!(who, r.side_to_move());
            r.play(mv).unwrap();
        }
        assert_eq!(r.position(), g.position());
        log
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
}

#[test]
fn priors_favour_captures_and_shun_own_eyes_and_early_passes() {
    let g = white_in_atari();
    let value = |mv: &str| {
        let (n, w) = g.search_prior(g.parse_move(mv).unwrap());
        assert!(n > 0);
        w / n as f32
    };
    assert!(value("d5") > 0.8, "capture");
    assert!(value("pass") < 0.1, "pass on an open board");
    assert!(value("a9") < value("c7"), "first line below third on an open board");
    // Black's own eye at a1-like shapes: Black surrounds j1.
    let mut e = Go::<2>::standard();
    for mv in ["h1", "a9", "j2", "b9"] {
        e.play(e.parse_move(mv).unwrap()).unwrap();
    }
    let (n, w) = e.search_prior(e.parse_move("j1").unwrap());
    assert_eq!(w, 0.0, "{n} visits: filling an own eye is lost");
}

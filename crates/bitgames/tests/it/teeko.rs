//! Teeko against a plain per-cell reference written here: a 5×5 array, moves
//! generated cell by cell, wins found by walking rows, columns, diagonals and
//! squares with coordinates (no bitboards, no pattern database). The perft
//! table's Teeko lines are recounted by it; random games compare move lists and
//! outcomes; and the typed errors and drawn positions are checked.

use crate::common::naive_perft;
use bitgames::games::teeko::{self, Teeko, TeekoMove};
use bitgames::{IllegalReason, Notation, Outcome, PlayError, Player, Rules};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The reference position: `cells[row][col]`, 0 empty, 1 Black (X), 2 Red (O).
#[derive(Clone, Debug)]
struct Naive {
    cells: [[u8; 5]; 5],
    ply: usize,
    max_moves: usize,
}

fn name(col: usize, row: usize) -> String {
    format!("{}{}", (b'a' + col as u8) as char, row + 1)
}

impl Naive {
    /// From the game's position text (`rows/… ply`).
    fn from_text(text: &str, max_moves: usize) -> Naive {
        let mut parts = text.split_whitespace();
        let rows: Vec<&str> = parts.next().unwrap().split('/').collect();
        let mut cells = [[0u8; 5]; 5];
        let mut stones = 0;
        for (k, row) in rows.iter().enumerate() {
            for (col, ch) in row.chars().enumerate() {
                cells[4 - k][col] = match ch {
                    'X' => 1,
                    'O' => 2,
                    _ => 0,
                };
                stones += (ch != '.') as usize;
            }
        }
        let ply = parts.next().map_or(stones, |p| p.parse().unwrap());
        Naive { cells, ply, max_moves }
    }

    /// Whether `who` (1 or 2) has four in a row or a 2×2 square.
    fn wins(&self, who: u8) -> bool {
        let at = |c: i32, r: i32| {
            (0..5).contains(&c) && (0..5).contains(&r) && self.cells[r as usize][c as usize] == who
        };
        for r in 0..5 {
            for c in 0..5 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if (0..4).all(|k| at(c + k * dc, r + k * dr)) {
                        return true;
                    }
                }
                if at(c, r) && at(c + 1, r) && at(c, r + 1) && at(c + 1, r + 1) {
                    return true;
                }
            }
        }
        false
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.ply == 0 {
            return None;
        }
        let last = if self.ply % 2 == 1 { 1 } else { 2 };
        if self.wins(last) {
            Some(Outcome::WonBy(if last == 1 { Player::First } else { Player::Second }))
        } else if self.ply >= self.max_moves {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// The legal moves as text, sorted.
    fn moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.outcome().is_some() {
            return out;
        }
        let me = if self.ply.is_multiple_of(2) { 1 } else { 2 };
        for r in 0..5 {
            for c in 0..5 {
                if self.ply < 8 {
                    if self.cells[r][c] == 0 {
                        out.push(name(c, r));
                    }
                    continue;
                }
                if self.cells[r][c] != me {
                    continue;
                }
                for dr in -1i32..=1 {
                    for dc in -1i32..=1 {
                        let (tc, tr) = (c as i32 + dc, r as i32 + dr);
                        if (dc, dr) != (0, 0)
                            && (0..5).contains(&tc)
                            && (0..5).contains(&tr)
                            && self.cells[tr as usize][tc as usize] == 0
                        {
                            out.push(format!("{}{}", name(c, r), name(tc as usize, tr as usize)));
                        }
                    }
                }
            }
        }
        out.sort();
        out
    }

    fn play(&mut self, mv: &str) {
        let b = mv.as_bytes();
        let cell = |i: usize| ((b[i] - b'a') as usize, (b[i + 1] - b'1') as usize);
        let me = if self.ply.is_multiple_of(2) { 1 } else { 2 };
        if b.len() == 2 {
            let (c, r) = cell(0);
            self.cells[r][c] = me;
        } else {
            let ((fc, fr), (tc, tr)) = (cell(0), cell(2));
            self.cells[fr][fc] = 0;
            self.cells[tr][tc] = me;
        }
        self.ply += 1;
    }

    fn perft(&self, depth: usize) -> u64 {
        naive_perft(self, depth, Self::moves, |g, m| g.play(&m))
    }
}

fn sorted_moves(g: &Teeko) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn at(text: &str) -> Teeko {
    Teeko::standard().parse_position(text).unwrap()
}

#[test]
fn pattern_database_is_28_lines_and_16_squares() {
    let pats = teeko::patterns();
    assert_eq!(pats.len(), 44);
    let g = teeko::grid();
    let mut lines = 0;
    let mut squares = 0;
    for &p in pats {
        let cells: Vec<(usize, usize)> = p.iter().map(|i| g.coords(i).unwrap()).collect();
        let mut board = [[0u8; 5]; 5];
        for &(c, r) in &cells {
            board[r][c] = 1;
        }
        let n = Naive { cells: board, ply: 1, max_moves: 200 };
        assert!(n.wins(1), "pattern {cells:?} is no win");
        let (cs, rs): (Vec<usize>, Vec<usize>) = cells.iter().copied().unzip();
        let span = |v: &[usize]| v.iter().max().unwrap() - v.iter().min().unwrap();
        if span(&cs) <= 1 && span(&rs) <= 1 {
            squares += 1;
        } else {
            lines += 1;
        }
    }
    assert_eq!((lines, squares), (28, 16));
    let mut dedup = pats.to_vec();
    dedup.sort_by_key(|p| p.word());
    dedup.dedup();
    assert_eq!(dedup.len(), 44);
}

#[test]
fn drop_phase_perft_is_falling_factorials() {
    let g = Teeko::standard();
    for (d, want) in [(1, 25u64), (2, 600), (3, 13_800), (4, 303_600), (5, 6_375_600)] {
        assert_eq!(g.perft(d), want, "perft {d}");
    }
    // The first win possible is Black's fourth drop, ply 7.
    let n = Naive::from_text(&g.position(), 200);
    assert_eq!(n.perft(3), 13_800);
}

/// Every Teeko line of `data/perft.txt` recounted by the per-cell reference.
#[test]
fn perft_table_agrees_with_the_reference() {
    let table = include_str!("../data/perft.txt");
    let mut checked = 0;
    for line in table.lines().map(str::trim).filter(|l| l.starts_with("teeko")) {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let max_moves = f[0]
            .split("max_moves=")
            .nth(1)
            .map_or(200, |s| s.trim_end_matches(')').parse().unwrap());
        let depth: usize = f[2].parse().unwrap();
        let want: u64 = f[3].parse().unwrap();
        if depth >= 5 {
            continue; // the drop-phase falling factorials, checked above
        }
        let text = if f[1].is_empty() { Teeko::standard().position() } else { f[1].to_string() };
        let n = Naive::from_text(&text, max_moves);
        assert_eq!(n.perft(depth), want, "reference perft {depth} at '{text}'");
        let g = Teeko::new(max_moves).unwrap().parse_position(&text).unwrap();
        assert_eq!(g.perft(depth), want, "perft {depth} at '{text}'");
        checked += 1;
    }
    assert!(checked >= 8, "{checked}");
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let (mut won, mut drawn) = (0, 0);
    for game in 0..400 {
        let max_moves = if game % 4 == 0 { 12 } else { 200 };
        let mut g = Teeko::new(max_moves).unwrap();
        let mut n = Naive::from_text(&g.position(), max_moves);
        loop {
            let want = n.moves();
            assert_eq!(sorted_moves(&g), want, "{g:?}");
            assert_eq!(g.outcome(), n.outcome(), "{g:?}");
            if want.is_empty() {
                break;
            }
            let m = &want[rng.random_range(0..want.len())];
            g.play(g.parse_move(m).unwrap()).unwrap();
            n.play(m);
        }
        match g.outcome() {
            Some(Outcome::Draw) => drawn += 1,
            _ => won += 1,
        }
    }
    assert!(won > 50 && drawn > 50, "won {won}, drawn {drawn}");
}

#[test]
fn wins_by_line_square_and_diagonal() {
    // Black's row of four on row 1, made by the drop at ply 7.
    let g = at("...../...../...../OOO../XXXX. 7");
    assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
    assert!(g.winning_pattern(Player::First) != 0);
    // Red's 2×2 square in the move phase.
    let g = at("X..X./.OO../.OO../X...X/..... 10");
    assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::Second)));
    // Black's diagonal a1–d4, made by the slide at ply 8.
    let g = at("....O/...X./..X../.X.O./X..OO 9");
    assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
}

#[test]
fn positions_without_a_win_go_on() {
    // Three in a row, a bent square, an L: no pattern.
    let g = at("...../XXX.X/O..../O..../O...O 8");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.winning_pattern(Player::First), 0);
    assert_eq!(g.winning_pattern(Player::Second), 0);
    let g = at("XX.../.XX../...../OO.../O...O 8");
    assert_eq!(g.outcome(), None);
    // Four on a line with a gap is not four in a row.
    let g = at("...../...../...../OO.O./XX.XX 7");
    assert_eq!(g.outcome(), None);
}

#[test]
fn drawn_at_the_move_limit() {
    let g = Teeko::new(9).unwrap();
    let g = g.parse_position("...../XXX.X/O..../O..../O...O 9").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert!(sorted_moves(&g).is_empty());
    // A win on the last ply is a win, not a draw.
    let g = Teeko::new(7).unwrap().parse_position("...../...../...../OOO../XXXX. 7").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
    assert!(Teeko::new(9).unwrap().parse_position("...../XXX.X/O..../O..../O...O 10").is_err());
    assert!(bitgames::new_game("teeko(max_moves=0)").is_err());
    assert_eq!(bitgames::new_game("teeko").unwrap().spec(), "teeko(max_moves=200)");
}

#[test]
fn bad_positions_are_refused() {
    let base = Teeko::standard();
    for bad in [
        "",
        "...../...../...../.....",
        "...../...../...../...../...../.....",
        "....../...../...../...../.....",
        "...../...../...../...../..Z..",
        "X..../...../...../...../..... x",
        "X..../...../...../...../..... 2",
        "XXXX./OOOO./...../...../..... 8",
        "...../...../...../OOO../XXXX. 8",
        "X..../...../...../...../..... 1 2",
        "...../...X./..X../.X.OO/X..OO 9",
        "...../...../...../OOO.O/XXXX. 8",
    ] {
        assert!(base.parse_position(bad).is_err(), "{bad:?} accepted");
    }
}

fn illegal(g: &Teeko, mv: &str) -> (IllegalReason, String) {
    let m = g.parse_move(mv).unwrap();
    match g.clone().play(m) {
        Err(PlayError::Illegal { reason, why, .. }) => (reason, why),
        other => panic!("{mv}: {other:?}"),
    }
}

#[test]
fn illegal_moves_say_why() {
    let drop = at("X..../...../...../...../..... 1");
    let (r, why) = illegal(&drop, "a5b4");
    assert_eq!(r, IllegalReason::Rule);
    assert!(why.contains("dropped"), "{why}");
    assert_eq!(illegal(&drop, "a5").0, IllegalReason::Occupied);

    let mv = at("X..X./.O.../...O./X...X/.O.O. 8");
    let (r, why) = illegal(&mv, "c3");
    assert_eq!(r, IllegalReason::Rule);
    assert!(why.contains("slide"), "{why}");
    let (r, why) = illegal(&mv, "b4b3");
    assert_eq!(r, IllegalReason::NotYourPiece);
    assert!(why.contains("Red"), "{why}");
    assert_eq!(illegal(&mv, "c3c4").0, IllegalReason::NotYourPiece);
    let (r, why) = illegal(&mv, "a5a3");
    assert_eq!(r, IllegalReason::Rule);
    assert!(why.contains("one cell"), "{why}");
    assert_eq!(illegal(&mv, "a5b4").0, IllegalReason::Occupied);
    assert!(mv.clone().play(mv.parse_move("a5a4").unwrap()).is_ok());
    assert!(mv.parse_move("a5a6").is_err());
    assert!(matches!(
        bitgames::new_game("teeko").unwrap().play_text("c3c2"),
        Err(PlayError::Illegal { reason: IllegalReason::Rule, .. })
    ));
    assert!(matches!(mv.parse_move("c3"), Ok(TeekoMove::Drop(_))));
    assert!(matches!(mv.parse_move("c3-d4"), Ok(TeekoMove::Slide(_))));
}

/// No side is ever left without a slide: every 4 cells that make no pattern
/// touch at least 5 other cells, more than the opponent's 4 pieces can fill
/// (so the blocked-side rule in `teeko.rs` never fires on 5×5).
#[test]
fn four_pieces_without_a_pattern_cannot_be_blocked() {
    let g = teeko::grid();
    let cells: Vec<usize> = g.mask().iter().collect();
    let mut sets = 0;
    for a in 0..25 {
        for b in a + 1..25 {
            for c in b + 1..25 {
                for d in c + 1..25 {
                    let mut s = bitgames::Bits::<1>::EMPTY;
                    for i in [a, b, c, d] {
                        s.insert(cells[i]);
                    }
                    if bitgames::ops::match_pattern(teeko::patterns(), s) != 0 {
                        continue;
                    }
                    sets += 1;
                    assert!(g.neighbours(s).and_not(s).count() >= 5, "{}", g.picture(s));
                }
            }
        }
    }
    assert_eq!(sets, 12_650 - 44);
}

//! Gomoku against a naive reference written here cell by cell (no bitboards):
//! the same win test, free-style (five or more) and exact (exactly five), on
//! thousands of random stone sets, and the same outcome after every move of
//! random games; then bad input (parameters, occupied and off-board cells,
//! positions), which gets typed errors and leaves the game unchanged.

use crate::common::{assert_bad_positions, assert_occupied, assert_refused};
use bitgames::games::gomoku::Gomoku;
use bitgames::games::stones::StoneGame;
use bitgames::{
    new_game, Bits, Cell, IllegalReason, Outcome, ParseError, PlayError, Player, Rules, SetupError,
    SpecError,
};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Whether `on[row][col]` holds a winning line: every maximal run along the four
/// axes, counted cell by cell; `exact`: a run of exactly five, else five or more.
fn naive_win(on: &[Vec<bool>], exact: bool) -> bool {
    let n = on.len() as isize;
    let at = |c: isize, r: isize| c >= 0 && r >= 0 && c < n && r < n && on[r as usize][c as usize];
    for r in 0..n {
        for c in 0..n {
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                if !at(c, r) || at(c - dc, r - dr) {
                    continue; // empty, or not the start of a run
                }
                let mut len = 0;
                while at(c + len * dc, r + len * dr) {
                    len += 1;
                }
                if (exact && len == 5) || (!exact && len >= 5) {
                    return true;
                }
            }
        }
    }
    false
}

fn cell(col: usize, row: usize) -> Cell {
    Cell { col: col as u16, row: row as u16 }
}

/// Random stone sets of every density, and lines of 4–7 dropped in, on 15×15,
/// 19×19, 7×7 and 5×5, both rules: the bitboard test agrees with the naive one.
#[test]
fn win_test_matches_the_naive_reference() {
    fn check<const N: usize>(size: usize, sets: usize, rng: &mut Xoshiro256PlusPlus) -> [usize; 2] {
        let games = [Gomoku::<N>::new(size, false).unwrap(), Gomoku::<N>::new(size, true).unwrap()];
        let grid = *games[0].grid();
        let mut wins = [0; 2];
        for _ in 0..sets {
            let density = rng.random_range(0.02..0.5);
            let mut on = vec![vec![false; size]; size];
            for row in on.iter_mut() {
                for x in row.iter_mut() {
                    *x = rng.random_bool(density);
                }
            }
            if rng.random_bool(0.5) {
                // A line of 4–7 in a random direction, clipped by the board.
                let (len, d) = (rng.random_range(4..=7), rng.random_range(0..4));
                let (dc, dr) = [(1, 0), (0, 1), (1, 1), (1, -1)][d];
                let (mut c, mut r) =
                    (rng.random_range(0..size) as isize, rng.random_range(0..size) as isize);
                for _ in 0..len {
                    if c < 0 || r < 0 || c >= size as isize || r >= size as isize {
                        break;
                    }
                    on[r as usize][c as usize] = true;
                    c += dc;
                    r += dr;
                }
            }
            let mut bits = Bits::<N>::EMPTY;
            for (r, row) in on.iter().enumerate() {
                for (c, _) in row.iter().enumerate().filter(|(_, &x)| x) {
                    bits.insert(grid.index_of(cell(c, r)).unwrap());
                }
            }
            for (k, g) in games.iter().enumerate() {
                let want = naive_win(&on, k == 1);
                assert_eq!(
                    g.is_win(bits),
                    want,
                    "{} on\n{}",
                    g.spec(),
                    grid.picture2(bits, Bits::EMPTY)
                );
                wins[k] += want as usize;
            }
        }
        wins
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(51);
    let w15 = check::<4>(15, 3000, &mut rng);
    let w19 = check::<6>(19, 1000, &mut rng);
    let w7 = check::<1>(7, 3000, &mut rng);
    let w5 = check::<1>(5, 3000, &mut rng);
    // Both answers are common, and the rules differ on many sets, except on
    // 5×5, where no line is longer than five.
    for w in [w15, w19, w7] {
        assert!(w[0] > 200 && w[1] > 100 && w[0] > w[1] + 50, "{w:?}");
    }
    assert!(w5[0] > 200 && w5[0] == w5[1], "{w5:?}");
}

/// Random games, both rules: after every move the outcome is what the naive
/// test says of the board (the mover wins, a full board is a draw).
#[test]
fn random_games_end_as_the_naive_reference_says() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut ends = [0usize; 3];
    for (size, exact, games) in [(15, false, 200), (15, true, 200), (5, false, 500), (6, true, 500)]
    {
        for _ in 0..games {
            let mut g = new_game(&format!("gomoku(size={size},exact={exact})")).unwrap();
            let mut on = [vec![vec![false; size]; size], vec![vec![false; size]; size]];
            let mut ply = 0;
            while g.outcome().is_none() {
                let moves = g.legal_moves();
                assert_eq!(moves.len(), size * size - ply);
                let m = &moves[rng.random_range(0..moves.len())];
                let c: Cell = m.parse().unwrap();
                on[ply % 2][c.row as usize][c.col as usize] = true;
                g.play_text(m).unwrap();
                ply += 1;
                let want = if naive_win(&on[(ply - 1) % 2], exact) {
                    Some(Outcome::WonBy(if ply % 2 == 1 { Player::First } else { Player::Second }))
                } else if ply == size * size {
                    Some(Outcome::Draw)
                } else {
                    None
                };
                assert_eq!(g.outcome(), want, "{} after {ply} plies:\n{}", g.spec(), g.picture());
                // The other player never has a line the game missed.
                assert!(!naive_win(&on[ply % 2], exact));
            }
            ends[match g.outcome() {
                Some(Outcome::WonBy(Player::First)) => 0,
                Some(Outcome::WonBy(Player::Second)) => 1,
                _ => 2,
            }] += 1;
        }
    }
    assert!(ends.iter().all(|&n| n > 20), "{ends:?}");
}

/// An overline wins free-style only; a separate exact five still wins the exact
/// game with an overline on the board; position text reads both.
#[test]
fn overlines_and_positions() {
    // X: f8 g8 h8 j8 k8 plus i8 (six); O elsewhere.
    let mut free = new_game("gomoku").unwrap();
    let mut exact = new_game("gomoku(exact=true)").unwrap();
    for m in "f8 a1 g8 a3 h8 a5 j8 a7 k8 a9 i8".split(' ') {
        free.play_text(m).unwrap();
        exact.play_text(m).unwrap();
    }
    assert_eq!(free.outcome(), Some(Outcome::WonBy(Player::First)));
    assert_eq!(exact.outcome(), None);
    // Now X completes exactly five down column i: i4 i5 i6 i7 with i8.
    for m in "c1 i4 c3 i5 c5 i6 c7 i7".split(' ') {
        exact.play_text(m).unwrap();
    }
    assert_eq!(exact.outcome(), Some(Outcome::WonBy(Player::First)), "{}", exact.picture());
    // The position text round trip keeps the outcome.
    let mut again = new_game("gomoku(exact=true)").unwrap();
    again.set_position(&exact.position()).unwrap();
    assert_eq!(again.outcome(), exact.outcome());
    assert_eq!(again.position(), exact.position());
    // A seven-stone overline alone on 7×7: free-style, X wins; exact, play goes on.
    let pos = "......./......./......./XXXXXXX/OOO..../OOO..../.......";
    let mut f7 = new_game("gomoku(size=7)").unwrap();
    f7.set_position(pos).unwrap();
    assert_eq!(f7.outcome(), Some(Outcome::WonBy(Player::First)));
    let mut e7 = new_game("gomoku(size=7,exact=true)").unwrap();
    e7.set_position(pos).unwrap();
    assert_eq!(e7.outcome(), None);
    assert_eq!(e7.side_to_move(), Player::Second);
    assert_eq!(e7.legal_moves().len(), 49 - 13);
}

/// A full board with no line is a draw (5×5, lines broken everywhere).
#[test]
fn full_board_draws() {
    let pos = "XXOOX/OOXXO/XXOOX/OOXXO/XXOOX";
    let mut g = new_game("gomoku(size=5)").unwrap();
    g.set_position(pos).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn bad_input_gets_typed_errors() {
    for spec in ["gomoku(size=4)", "gomoku(size=20)", "gomoku(size=0)"] {
        let e = new_game(spec).err().expect(spec);
        assert!(matches!(e, SpecError::BadValue { .. }), "{spec}: {e:?}");
        assert!(e.to_string().contains("size"), "{e}");
    }
    assert!(matches!(new_game("gomoku(size=big)"), Err(SpecError::BadValue { .. })));
    assert!(matches!(new_game("gomoku(exact=maybe)"), Err(SpecError::BadValue { .. })));
    assert!(matches!(new_game("gomoku(k=4)"), Err(SpecError::UnknownParam { .. })));
    assert!(matches!(
        Gomoku::<1>::new(4, false),
        Err(SetupError::OutOfRange { param: "size", .. })
    ));

    let mut g = new_game("gomoku").unwrap();
    g.play_text("h8").unwrap();
    let before = g.position();
    assert_occupied(&mut *g, "h8", "h8 is already taken");
    for text in ["p1", "a16", "a0", "zz", "", "h", "8h", "a99999999999"] {
        let e = g.play_text(text).unwrap_err();
        assert!(matches!(e, PlayError::Parse(ParseError::Move { .. })), "{text}: {e:?}");
    }
    assert!(g.play_text("p1").unwrap_err().to_string().contains("expected a cell a1–o15"));
    assert_eq!(g.position(), before);
    assert_eq!(g.ply(), 1);

    // Off-board cells through the typed interface.
    let t = Gomoku::<1>::new(7, false).unwrap();
    assert!(!t.is_legal(cell(7, 0)));
    assert_refused(&t, cell(0, 7), IllegalReason::OffBoard);

    // Positions: wrong sizes, characters, counts, and impossible wins.
    let mut s = new_game("gomoku(size=5)").unwrap();
    let bad = [
        ("...../...../.....", ""),
        ("XX.../...../...../...../.....", "X must have as many as O or one more"),
        ("Q..../...../...../...../.....", "unexpected 'Q'"),
        ("XXXXX/OOOOO/...../...../.....", "both players have five in a row"),
        ("XXXXX/OOOO./...../...../O....", "but is to move"),
        ("", ""),
    ];
    assert_bad_positions(&mut *s, &bad);
    assert!(s.set_position("XXXXX/OOOO./...../...../.....").is_ok());
    assert_eq!(s.outcome(), Some(Outcome::WonBy(Player::First)));
    let e = s.play_text("e4").unwrap_err();
    assert!(matches!(e, PlayError::GameOver { .. }), "{e:?}");
}

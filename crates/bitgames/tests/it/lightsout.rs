//! Lights Out (Browne, Alg. 11) against published facts: the rank deficiency of
//! the n×n board (OEIS A159257) and the 5×5 board's 2^23 solvable positions, the
//! hardest of which needs 15 presses.

use bitgames::puzzles::lightsout::{parse_size, LightsBoard, LightsOut, LightsOutError};

/// OEIS A159257, "Rank deficiency of the Lights Out problem of size n", n = 1..20
/// (https://oeis.org/A159257).
const A159257: [usize; 20] = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0];

#[test]
fn null_space_dimension_is_a159257() {
    for (i, &want) in A159257.iter().enumerate() {
        let n = i + 1;
        let lo = LightsOut::new(n, n).unwrap();
        assert_eq!(lo.null_dimension(), want, "{n}x{n}");
        // Each basis pattern really presses to nothing.
        for p in lo.null_space() {
            let mut b = LightsBoard::new(n, n);
            b.press_all(&p);
            assert!(b.is_empty(), "{n}x{n}");
        }
    }
}

#[test]
fn five_by_five_facts() {
    let lo = LightsOut::new(5, 5).unwrap();
    assert_eq!(lo.null_dimension(), 2);
    assert_eq!(lo.solvable_count(), Some(1 << 23));
    assert_eq!(lo.solvable_count(), Some(8_388_608));
    assert_eq!(lo.hardest(), Some(15));
}

/// The n×n boards whose press matrix is invertible (6, 7, 8, 10, 12; the
/// kernel's dimension is 4 for 4×4, 2 for 5×5, 8 for 9×9, 6 for 11×11, as
/// Anderson and Feil, *Turning Lights Out with Linear Algebra*, 1998, and OEIS
/// A159257 give): every board solvable, the hardest needing every cell.
#[test]
fn invertible_boards_have_every_cell_as_their_hardest() {
    for (n, kernel) in [(4, 4), (5, 2), (6, 0), (7, 0), (8, 0), (9, 8), (10, 0), (11, 6), (12, 0)] {
        let lo = LightsOut::new(n, n).unwrap();
        assert_eq!(lo.null_dimension(), kernel, "{n}x{n}");
        if kernel == 0 {
            assert_eq!(lo.hardest(), Some(n * n), "{n}x{n}");
            assert_eq!(lo.solvable_log2(), n * n, "{n}x{n}");
        }
    }
}

#[test]
fn small_boards_agree_with_brute_force() {
    // Every press pattern of a small board: the positions reached, and for each
    // the fewest presses, against the solver.
    for (w, h) in [(2, 3), (3, 3), (4, 3), (4, 4), (5, 3)] {
        let lo = LightsOut::new(w, h).unwrap();
        let cells = w * h;
        let mut fewest = vec![usize::MAX; 1 << cells];
        for presses in 0u32..1 << cells {
            let mut b = LightsBoard::new(w, h);
            for c in 0..cells {
                if presses >> c & 1 == 1 {
                    b.press(c % w, c / w);
                }
            }
            let key = b.cells().fold(0usize, |m, (x, y)| m | 1 << (y * w + x));
            fewest[key] = fewest[key].min(presses.count_ones() as usize);
        }
        let reachable = fewest.iter().filter(|&&f| f != usize::MAX).count();
        assert_eq!(Some(reachable as u128), lo.solvable_count(), "{w}x{h}");
        let hardest = fewest.iter().filter(|&&f| f != usize::MAX).max().copied();
        assert_eq!(lo.hardest(), hardest, "{w}x{h}");
        for (key, &f) in fewest.iter().enumerate() {
            let mut b = LightsBoard::new(w, h);
            for c in 0..cells {
                if key >> c & 1 == 1 {
                    b.set(c % w, c / w, true);
                }
            }
            match lo.solve(&b) {
                None => assert_eq!(f, usize::MAX, "{w}x{h} {b:?}"),
                Some(s) => {
                    assert!(s.minimal);
                    assert_eq!(s.presses.count(), f, "{w}x{h} {b:?}");
                    b.press_all(&s.presses);
                    assert!(b.is_empty());
                }
            }
        }
    }
}

#[test]
fn unsolvable_position_is_refused() {
    // On 4x4 the null space has dimension 4, so a single light in a corner
    // (orthogonal to a null pattern) cannot be switched off.
    let lo = LightsOut::new(4, 4).unwrap();
    let mut b = LightsBoard::new(4, 4);
    b.set(0, 0, true);
    assert!(!lo.is_solvable(&b));
    assert!(lo.solve(&b).is_none());
    assert_eq!(lo.solutions_log2(&b), None);
}

#[test]
fn large_boards() {
    // 100x100 (rank deficiency 0 per A159257's table, so one solution) in well
    // under a second: all lights on.
    let lo = LightsOut::new(100, 100).unwrap();
    let mut b = LightsBoard::new(100, 100);
    for y in 0..100 {
        for x in 0..100 {
            b.set(x, y, true);
        }
    }
    let s = lo.solve(&b).expect("solvable");
    b.press_all(&s.presses);
    assert!(b.is_empty());
}

#[test]
fn pictures_and_sizes() {
    let b = LightsBoard::parse_picture(3, 2, "X . X\n. X .\n").unwrap();
    assert!(b.get(0, 1) && b.get(2, 1) && b.get(1, 0) && !b.get(1, 1));
    assert_eq!(b.picture(), "X . X\n. X .\n");
    assert_eq!(b.cell_names(), vec!["b1", "a2", "c2"]);
    assert!(matches!(
        LightsBoard::parse_picture(3, 2, "X . X\n"),
        Err(LightsOutError::BadPicture { .. })
    ));
    assert!(matches!(
        LightsBoard::parse_picture(3, 2, "X . X\n. Q .\n"),
        Err(LightsOutError::BadPicture { .. })
    ));
    assert_eq!(parse_size("5x5").unwrap(), (5, 5));
    assert_eq!(parse_size("7x3").unwrap(), (7, 3));
    assert!(parse_size("0x5").is_err() && parse_size("5").is_ok() && parse_size("ax5").is_err());
}

//! Life against LifeWiki facts: the glider's motion, the R-pentomino's and the
//! acorn's final populations, the Gosper gun's period; the torus against the
//! plane; RLE files in `tests/data/life/`.

use bitgames::puzzles::life::{long_life, Pattern, Plane, RleError, Rule, Torus};

fn pattern(name: &str) -> Pattern {
    let path = format!("{}/tests/data/life/{name}.rle", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Pattern::from_rle(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn shifted(cells: &[(i64, i64)], dx: i64, dy: i64) -> Vec<(i64, i64)> {
    cells.iter().map(|&(x, y)| (x + dx, y + dy)).collect()
}

#[test]
fn glider_moves_one_diagonal_every_four_generations() {
    let p = pattern("glider");
    let mut plane = Plane::with_pattern(&p).unwrap();
    let start = plane.cells();
    for k in 1..=40 {
        plane.run(4, 1);
        assert_eq!(plane.cells(), shifted(&start, k, k), "after {} generations", 4 * k);
    }
    // The same on a 20x20 torus: after 80 generations it is home again.
    let mut torus = Torus::with_pattern(20, 20, &p).unwrap();
    let home = torus.cells();
    torus.run(4, 1);
    let moved: Vec<_> = home.iter().map(|&(x, y)| (x + 1, y + 1)).collect();
    let mut got = torus.cells();
    got.sort_unstable_by_key(|&(x, y)| (y, x));
    assert_eq!(got, moved);
    torus.run(76, 1);
    assert_eq!(torus.cells(), home);
}

#[test]
fn long_life_glider_returns_after_32() {
    let g = long_life::from_picture(
        "........\n........\n...X....\n....X...\n..XXX...\n........\n........\n........",
    )
    .unwrap();
    assert_eq!(long_life::run(g, 32), g);
    // The 8x8 torus of the general stepper agrees with Long Life every generation.
    let mut t = Torus::new(8, 8, Rule::CONWAY).unwrap();
    for (x, y) in [(3, 2), (4, 3), (2, 4), (3, 4), (4, 4)] {
        t.set(x, y, true);
    }
    let mut b = g;
    for _ in 0..32 {
        b = long_life::step(b);
        t.step();
        let as_word = t.cells().iter().fold(0u64, |m, &(x, y)| m | 1 << (8 * y + x));
        assert_eq!(as_word, b);
    }
}

#[test]
fn r_pentomino_has_116_cells_from_generation_1103() {
    let mut plane = Plane::with_pattern(&pattern("r-pentomino")).unwrap();
    plane.run(1102, 2);
    assert_ne!(plane.population(), 116, "not yet stable at 1102");
    plane.step(false);
    assert_eq!(plane.population(), 116);
    // Still 116 (the gliders fly on, the rest is still lifes and blinkers).
    for _ in 0..10 {
        plane.step(false);
        assert_eq!(plane.population(), 116);
    }
}

#[test]
fn acorn_has_633_cells_at_generation_5206() {
    let mut plane = Plane::with_pattern(&pattern("acorn")).unwrap();
    plane.run(5206, 2);
    assert_eq!(plane.population(), 633);
}

#[test]
fn gosper_gun_period_30_one_glider_a_period() {
    let p = pattern("gosper-gun");
    assert_eq!(p.cells.len(), 36);
    let mut plane = Plane::with_pattern(&p).unwrap();
    let gun_box = |cells: Vec<(i64, i64)>| -> Vec<(i64, i64)> {
        cells.into_iter().filter(|&(x, y)| (0..36).contains(&x) && (0..9).contains(&y)).collect()
    };
    plane.run(60, 1);
    let gun = gun_box(plane.cells());
    let mut pop = plane.population();
    for period in 3..10 {
        plane.run(30, 1);
        assert_eq!(gun_box(plane.cells()), gun, "gun at generation {}", 30 * period);
        let now = plane.population();
        assert_eq!(now, pop + 5, "one more glider (5 cells) at generation {}", 30 * period);
        pop = now;
    }
}

#[test]
fn torus_agrees_with_plane_while_the_pattern_fits() {
    let p = pattern("r-pentomino");
    let mut torus = Torus::with_pattern(256, 256, &p).unwrap();
    let mut plane = Plane::with_pattern(&p).unwrap();
    let (dx, dy) = ((256 - 3) / 2, (256 - 3) / 2);
    for g in 0..150 {
        let t: Vec<(i64, i64)> =
            torus.cells().iter().map(|&(x, y)| (x as i64 - dx, y as i64 - dy)).collect();
        assert_eq!(t, plane.cells(), "generation {g}");
        if g % 2 == 0 {
            torus.step();
        } else {
            torus.step_parallel();
        }
        plane.step(false);
    }
}

#[test]
fn rle_round_trip_of_the_gun() {
    let p = pattern("gosper-gun");
    let again = Pattern::from_rle(&p.to_rle()).unwrap();
    assert_eq!(again, p);
    assert!(p.to_rle().lines().all(|l| l.len() <= 70 || l.starts_with('#')));
}

#[test]
fn bad_rle_is_a_typed_error() {
    assert!(matches!(
        Pattern::from_rle("x = 3, y = 3, rule = B3/S23\n0o!"),
        Err(RleError::BadRunCount { .. })
    ));
    assert!(matches!(
        Pattern::from_rle("x = 1, y = 1\n2o!"),
        Err(RleError::PatternBiggerThanHeader { .. })
    ));
    assert!(matches!(
        Pattern::from_rle("x = 1, y = 1, rule = Wireworld\no!"),
        Err(RleError::UnknownRule { .. })
    ));
}

/// A reader with a size limit checks the header before any cell: a body that
/// would not even read is refused as too large, and a run of 2^30 cells in
/// 44 bytes costs nothing.
#[test]
fn rle_size_limit_is_checked_on_the_header() {
    use bitgames::puzzles::life::RleError;
    let e = Pattern::from_rle_within("x = 2000, y = 3\nzz!", 1024).unwrap_err();
    assert_eq!(e, RleError::TooLarge { width: 2000, height: 3, max: 1024 });
    let e = Pattern::from_rle_within("x = 1073741824, y = 1\n1073741824o!", 1024).unwrap_err();
    assert!(matches!(e, RleError::TooLarge { width: 1073741824, .. }), "{e}");
    assert!(e.to_string().contains("pattern too large: 1073741824x1"), "{e}");
    // Within the limit: read as ever.
    assert_eq!(Pattern::from_rle_within("x = 3, y = 1\n3o!", 1024).unwrap().cells.len(), 3);
}

//! Packing puzzles (Browne §5.3.4, Alg. 13): the published solution counts.

use bitgames::puzzles::pack::{builtin, solve, Options, Pruning, Report};

fn count(name: &str, threads: usize, pruning: Pruning) -> Report {
    let p = builtin(name).unwrap();
    let t = std::time::Instant::now();
    let r = solve(&p, &Options { threads, pruning }).unwrap();
    eprintln!(
        "{name} {pruning:?} threads {threads}: {} / {} in {:?}, {} nodes",
        r.solutions,
        r.distinct,
        t.elapsed(),
        r.nodes
    );
    r
}

#[test]
fn soma_cube_has_240_distinct_and_11520_packings() {
    for pruning in [Pruning::None, Pruning::Regions, Pruning::Paper] {
        let r = count("soma", 1, pruning);
        assert_eq!((r.solutions, r.distinct, r.symmetries), (11_520, 240, 48));
    }
}

#[test]
fn pentomino_rectangles() {
    for (name, distinct) in [
        ("pentomino-6x10", 2339),
        ("pentomino-5x12", 1010),
        ("pentomino-4x15", 368),
        ("pentomino-3x20", 2),
    ] {
        let r = count(name, 1, Pruning::Regions);
        assert_eq!((r.solutions, r.distinct, r.symmetries), (4 * distinct, distinct, 4), "{name}");
    }
}

#[test]
fn pentominoes_on_8x8_less_the_centre() {
    let r = count("pentomino-8x8", 1, Pruning::Regions);
    assert_eq!((r.solutions, r.distinct, r.symmetries), (520, 65, 8));
}

#[test]
#[ignore]
fn timing_6x10() {
    for pruning in [Pruning::None, Pruning::Regions, Pruning::Paper] {
        let r = count("pentomino-6x10", 1, pruning);
        assert_eq!(r.distinct, 2339);
    }
}

//! Packing puzzles (Browne §5.3.4, Alg. 13): the published solution counts.

use bitgames::puzzles::pack::{builtin, solve, Options, PackError, Pruning, Puzzle, Report};

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

/// Counts `name` and checks its packings, distinct packings and symmetries.
fn assert_counts(name: &str, threads: usize, pruning: Pruning, want: (u64, u64, usize)) {
    let r = count(name, threads, pruning);
    assert_eq!((r.solutions, r.distinct, r.symmetries), want, "{name} {pruning:?}");
}

#[test]
fn soma_cube_has_240_distinct_and_11520_packings() {
    for pruning in [Pruning::None, Pruning::Regions, Pruning::Paper] {
        assert_counts("soma", 1, pruning, (11_520, 240, 48));
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
        assert_counts(name, 1, Pruning::Regions, (4 * distinct, distinct, 4));
    }
}

#[test]
fn pentominoes_on_8x8_less_the_centre() {
    assert_counts("pentomino-8x8", 1, Pruning::Regions, (520, 65, 8));
}

/// No piece can be fixed when every piece is a copy: the symmetric count then
/// checks each packing's stabiliser. Four L trominoes tile a 4×3 box in 4 ways
/// (each 2×3 half in 2), 2 up to the box's 4 symmetries, as an exhaustive count
/// of the tilings and their images says.
#[test]
fn copies_only_l_trominoes() {
    let p = Puzzle::parse("board 4x3\npiece L x4\no.\noo\n").unwrap();
    for threads in [1, 2] {
        let r = solve(&p, &Options { threads, pruning: Pruning::Regions }).unwrap();
        assert_eq!((r.solutions, r.distinct, r.fixed), (4, 2, None));
    }
}

/// The largest box the packer takes, 16×16 = 256 cells (four words), tiled by
/// 64 copies of the 2×2 square in its one way, which all 8 symmetries keep.
#[test]
fn a_full_256_cell_board() {
    let p = Puzzle::parse("board 16x16\npiece O x64\noo\noo\n").unwrap();
    let r = solve(&p, &Options::default()).unwrap();
    assert_eq!((r.solutions, r.distinct, r.symmetries), (1, 1, 8));
}

#[test]
fn threads_agree() {
    for pruning in [Pruning::Regions, Pruning::Paper] {
        let r = count("pentomino-5x12", 2, pruning);
        assert_eq!((r.solutions, r.distinct), (4040, 1010));
    }
    let r = count("soma", 0, Pruning::None);
    assert_eq!((r.solutions, r.distinct), (11_520, 240));
}

#[test]
fn pieces_that_cannot_fit() {
    let p = Puzzle::parse("board 3x3\npiece I\nooooooooo\n").unwrap();
    assert_eq!(solve(&p, &Options::default()), Err(PackError::NoFit('I')));
    // Every piece fits somewhere, but there is no packing: an S-shaped
    // board of 8 cells and two straight bars of 4.
    let p = Puzzle::parse("board\noo..\noooo\n..oo\npiece I x2\noooo\n").unwrap();
    let r = solve(&p, &Options::default()).unwrap();
    assert_eq!((r.solutions, r.distinct, r.example), (0, 0, None));
}

/// The Bedlam cube: 19,186 packings up to rotation (Bedlam Puzzles; Tatham's
/// exhaustive count), 24 times that in all. Minutes on one thread:
/// `cargo test --release -p bitgames --test it -- pack::bedlam --ignored`.
#[test]
#[ignore]
fn bedlam_cube_has_19186() {
    assert_counts("bedlam", 0, Pruning::Regions, (460_464, 19_186, 24));
}

#[test]
fn prunings_agree_on_6x10() {
    for pruning in [Pruning::None, Pruning::Regions, Pruning::Paper] {
        let r = count("pentomino-6x10", 1, pruning);
        assert_eq!(r.distinct, 2339);
    }
}

/// The one-word search (boxes of at most 64 cells with the region pruning,
/// placements looked up by the cells after the lowest empty one) against the
/// generic search, which `Pruning::None` and `Pruning::Paper` run, on one and
/// two threads: the L tetromino's tilings of 4×4 (copies only, symmetric
/// tilings among them), the X pentomino fixed at the centre of 5×5 (a placement
/// every symmetry keeps) with four P pentominoes (the two pinwheels, one
/// distinct), and a 6×5 box of copies of
/// three sizes (the keyed lists' region test must use the sizes left). The
/// paper's pruning once found none of the first two: it asked the piece placed
/// now to cover the cells only its type can cover, also when copies of the
/// type were left to cover them.
#[test]
fn one_word_search_agrees_with_the_generic_one() {
    for text in [
        "board 4x4\npiece L x4\no.\no.\noo\n",
        "board 5x5\npiece X\n.o.\nooo\n.o.\npiece P x4\noo\noo\no.\n",
        "board 6x5\npiece V x2\no.\noo\npiece T x3\nooo\n.o.\npiece I x4\nooo\n",
    ] {
        let p = Puzzle::parse(text).unwrap();
        let reference = solve(&p, &Options { threads: 1, pruning: Pruning::None }).unwrap();
        assert!(reference.solutions > 0, "{text}");
        for threads in [1, 2] {
            for pruning in [Pruning::Regions, Pruning::Paper] {
                let r = solve(&p, &Options { threads, pruning }).unwrap();
                assert_eq!(
                    (r.solutions, r.distinct, r.symmetries, r.fixed),
                    (
                        reference.solutions,
                        reference.distinct,
                        reference.symmetries,
                        reference.fixed
                    ),
                    "{text} {pruning:?} threads {threads}"
                );
            }
        }
    }
}

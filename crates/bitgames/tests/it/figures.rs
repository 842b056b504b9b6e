//! Figures of Browne, "Bitboard Methods for Games", redrawn as board pictures and
//! checked against the operations that produce them.
//!
//! The text of the paper we work from lost the figure images, so every position
//! below is built from what the text says about its figure; each test says which
//! sentence it follows. Pictures: top row first, `.` empty, `X` a set cell or a
//! white piece, `O` a black piece; hexagonal rows are indented one space per row.
//! Rows count from the bottom (`a1` is the bottom-left cell).

use bitgames::bits::Bits;
use bitgames::grid::{Dir, Grid, GridError, GridKind};
use bitgames::ops;

/// Parses a one-set picture, panicking with the picture on error.
#[track_caller]
fn pic<const N: usize>(g: &Grid<N>, text: &str) -> Bits<N> {
    g.parse_picture(text).unwrap_or_else(|e| panic!("bad picture: {e}\n{text}"))
}

/// Parses a two-set picture: (`X` white, `O` black).
#[track_caller]
fn pic2<const N: usize>(g: &Grid<N>, text: &str) -> (Bits<N>, Bits<N>) {
    g.parse_picture2(text).unwrap_or_else(|e| panic!("bad picture: {e}\n{text}"))
}

/// Asserts that `got` draws as the picture `want`.
#[track_caller]
fn assert_pic<const N: usize>(g: &Grid<N>, got: Bits<N>, want: &str) {
    let want = pic(g, want);
    assert!(got == want, "got:\n{}want:\n{}", g.picture(got), g.picture(want));
}

#[track_caller]
fn at<const N: usize>(g: &Grid<N>, name: &str) -> Bits<N> {
    Bits::cell(g.parse_cell(name).unwrap())
}

#[track_caller]
fn cells<const N: usize>(g: &Grid<N>, names: &[&str]) -> Bits<N> {
    names.iter().map(|n| g.parse_cell(n).unwrap()).collect()
}

/// Figure 2: "a 5×5 square (orthogonal) board with a separating bit appended to
/// each row (top) and its corresponding bitboard mask (bottom), with bits
/// corresponding to on-board cells shaded". The shaded bits are 0–4, 6–10, 12–16,
/// 18–22 and 24–28; bits 5, 11, 17 and 23 separate the rows. "shift_N = cols+1,
/// shift_E = 1, shift_S = -(cols+1) and shift_W = -1".
#[test]
fn figure_2_separating_bits_and_mask() {
    let g = Grid::<1>::new(GridKind::Square4, 5, 5).unwrap();
    assert_eq!(g.stride(), 6, "five columns plus one separating bit");
    assert_eq!(
        g.mask().word(),
        0b011111_011111_011111_011111_011111,
        "mask: bits 0-4, 6-10, 12-16, 18-22, 24-28"
    );
    let shaded: Vec<usize> = g.mask().iter().collect();
    let want: Vec<usize> = [0..5, 6..11, 12..17, 18..23, 24..29].into_iter().flatten().collect();
    assert_eq!(shaded, want);
    for separator in [5, 11, 17, 23] {
        assert!(!g.mask().contains(separator));
        assert_eq!(g.coords(separator), None, "bit {separator} is off the board");
    }
    assert_pic(
        &g,
        g.mask(),
        "
        X X X X X
        X X X X X
        X X X X X
        X X X X X
        X X X X X
        ",
    );

    let cols = 5;
    assert_eq!(g.offset(Dir::N), cols + 1);
    assert_eq!(g.offset(Dir::E), 1);
    assert_eq!(g.offset(Dir::S), -(cols + 1));
    assert_eq!(g.offset(Dir::W), -1);

    // The east column shifted east lands exactly on the separating bits, which the
    // mask removes: rows are not shifted into each other.
    let east = g.column(4);
    assert_eq!(east.shift(g.offset(Dir::E)).iter().collect::<Vec<_>>(), [5, 11, 17, 23, 29]);
    assert_eq!(g.step(east, Dir::E), Bits::EMPTY);
    // ... and the west column shifted west lands on the previous row's separator.
    assert_eq!(g.step(g.column(0), Dir::W), Bits::EMPTY);
}

/// Figure 3: "Hexagonal boards can be staggered to pack into a square array ...
/// shift_NE = cols + 1, shift_E = 1, shift_SE = -cols, shift_SW = -(cols + 1),
/// shift_W = -1 and shift_NW = cols", with cols the width of the array (here the
/// stride, board width plus one separating bit, less one: NE = stride,
/// NW = stride - 1).
#[test]
fn figure_3_staggered_hex_offsets() {
    let g = Grid::<1>::new(GridKind::Hex, 5, 5).unwrap();
    let cols = 5isize;
    let stride = g.stride() as isize;
    assert_eq!(stride, cols + 1);
    assert_eq!(g.offset(Dir::NE), cols + 1);
    assert_eq!(g.offset(Dir::NE), stride);
    assert_eq!(g.offset(Dir::E), 1);
    assert_eq!(g.offset(Dir::SE), -cols);
    assert_eq!(g.offset(Dir::SE), -(stride - 1));
    assert_eq!(g.offset(Dir::SW), -(cols + 1));
    assert_eq!(g.offset(Dir::SW), -stride);
    assert_eq!(g.offset(Dir::W), -1);
    assert_eq!(g.offset(Dir::NW), cols);
    assert_eq!(g.offset(Dir::NW), stride - 1);
    assert_eq!(g.kind().delta(Dir::NE), Some((0, 1)));
    assert_eq!(g.kind().delta(Dir::NW), Some((-1, 1)));
    assert_eq!(g.kind().delta(Dir::N), None, "no N on a hex grid");

    // The six neighbours of c3 on the staggered board: each row is drawn half a
    // cell right of the row below, so they ring the centre.
    let c3 = at(&g, "c3");
    let hood = g.dilate(c3);
    assert_eq!(
        g.picture(hood),
        concat!(
            "    . . . . .\n",
            "   . X X . .\n",
            "  . X X X .\n",
            " . . X X .\n",
            ". . . . .\n",
        )
    );
    assert_eq!(g.neighbours(c3), cells(&g, &["c4", "d3", "d2", "c2", "b3", "b4"]));
    assert_eq!(g.step(c3, Dir::NE), at(&g, "c4"));
    assert_eq!(g.step(c3, Dir::NW), at(&g, "b4"));
    assert_eq!(g.step(c3, Dir::SE), at(&g, "d2"));
    assert_eq!(g.step(c3, Dir::SW), at(&g, "c2"));

    // Staggering keeps rows apart: the corners have only 2 or 3 neighbours.
    assert_eq!(g.neighbours(at(&g, "a1")).count(), 2);
    assert_eq!(g.neighbours(at(&g, "e1")).count(), 3);
    assert_eq!(g.neighbours(at(&g, "a5")).count(), 3);
    assert_eq!(g.neighbours(at(&g, "e5")).count(), 2);
}

/// Figure 4: "Checkerboard masks mask_w and mask_b". With a1 dark, as on a chess
/// board, mask_b holds the cells of a1's colour and mask_w the others.
#[test]
fn figure_4_checkerboard_masks() {
    let g = Grid::<1>::new(GridKind::Square4, 5, 5).unwrap();
    let (mask_b, mask_w) = (g.checkerboard(0), g.checkerboard(1));
    assert_pic(
        &g,
        mask_b,
        "
        X . X . X
        . X . X .
        X . X . X
        . X . X .
        X . X . X
        ",
    );
    assert_pic(
        &g,
        mask_w,
        "
        . X . X .
        X . X . X
        . X . X .
        X . X . X
        . X . X .
        ",
    );
    assert_eq!((mask_b.count(), mask_w.count()), (13, 12));
    assert_eq!(g.complement(mask_b), mask_w);

    // "an 8×8 chess board would no longer pack into a single 64-bit long integer"
    // once separating bits are added: 7 × 9 + 8 = 71 bits.
    assert!(matches!(
        Grid::<1>::new(GridKind::Square8, 8, 8),
        Err(GridError::TooLarge { needed: 71, .. })
    ));
    let g = Grid::<2>::new(GridKind::Square8, 8, 8).unwrap();
    let (mask_b, mask_w) = (g.checkerboard(0), g.checkerboard(1));
    assert_pic(
        &g,
        mask_w,
        "
        X . X . X . X .
        . X . X . X . X
        X . X . X . X .
        . X . X . X . X
        X . X . X . X .
        . X . X . X . X
        X . X . X . X .
        . X . X . X . X
        ",
    );
    assert_eq!(mask_b, g.complement(mask_w));
    assert_eq!((mask_b.count(), mask_w.count()), (32, 32));
    assert!(mask_b.contains(g.parse_cell("a1").unwrap()));
    assert!(mask_w.contains(g.parse_cell("h1").unwrap()));
}

/// The 5×5 position used for Figures 5, 6, 7, 18 and 19 (our own: the paper's
/// images are lost). It is chosen so that, as Figure 6 requires, exactly two empty
/// cells (b2 and d4) survive the erosion of the empty set.
const POSITION: &str = "
    . O . . X
    X . . . .
    O . X . X
    . . . O .
    X . . X .
";

fn position() -> (Grid<1>, Bits<1>, Bits<1>) {
    let g = Grid::<1>::new(GridKind::Square4, 5, 5).unwrap();
    let (white, black) = pic2(&g, POSITION);
    (g, white, black)
}

/// Figure 5: union of bits_w and bits_b; its complement, "the set of empty cells"
/// with "no off-board bits"; the xor of bits_w with the empty set; and the
/// intersection of the union with that xor.
#[test]
fn figure_5_logical_operations() {
    let (g, white, black) = position();

    let full = white | black;
    assert_pic(
        &g,
        full,
        "
        . X . . X
        X . . . .
        X . X . X
        . . . X .
        X . . X .
        ",
    );

    let empty = g.complement(full);
    assert_pic(
        &g,
        empty,
        "
        X . X X .
        . X X X X
        . X . X .
        X X X . X
        . X X . X
        ",
    );
    assert!(empty.is_subset(&g.mask()), "no off-board bits");
    assert_ne!(!full, empty, "plain ! would set the separating bits");
    assert_eq!(!full & g.mask(), empty);

    let xor = white ^ empty;
    assert_pic(
        &g,
        xor,
        "
        X . X X X
        X X X X X
        . X X X X
        X X X . X
        X X X X X
        ",
    );
    // The same result as (a | b) & ~(a & b).
    assert_eq!(xor, (white | empty) & g.complement(white & empty));

    assert_pic(
        &g,
        full & xor,
        "
        . . . . X
        X . . . .
        . . X . X
        . . . . .
        X . . X .
        ",
    );
    assert_eq!(full & xor, white);
}

/// Figure 6: "the dilation of (bits_w | bits_b) to adjacent neighbours", and "the
/// set of empty cells eroded by one step in each adjacent direction ... the two
/// surviving on-bits were the only ones without adjacent off-bit neighbours
/// (off-board cells are considered as off-bits)".
#[test]
fn figure_6_dilation_and_erosion() {
    let (g, white, black) = position();
    let full = white | black;
    let empty = g.complement(full);

    assert_pic(
        &g,
        g.dilate(full),
        "
        X X X X X
        X X X . X
        X X X X X
        X . X X X
        X X X X X
        ",
    );
    // bits ⊕ 1 = bits | (bits >> shift_N) | ... over the four directions.
    let by_hand = full
        | g.step(full, Dir::N)
        | g.step(full, Dir::E)
        | g.step(full, Dir::S)
        | g.step(full, Dir::W);
    assert_eq!(g.dilate(full), by_hand);

    let eroded = g.erode(empty);
    assert_pic(
        &g,
        eroded,
        "
        . . . . .
        . . . X .
        . . . . .
        . X . . .
        . . . . .
        ",
    );
    assert_eq!(eroded, cells(&g, &["b2", "d4"]));
    let by_hand = empty
        & g.step(empty, Dir::N)
        & g.step(empty, Dir::E)
        & g.step(empty, Dir::S)
        & g.step(empty, Dir::W);
    assert_eq!(eroded, by_hand);
    // The empty edge cells a4, c5, e1 ... never survive: off-board counts as off.
    assert!(eroded.is_disjoint(&(g.row(0) | g.row(4) | g.column(0) | g.column(4))));
}

/// Figure 7 (Algorithm 1): "the empty neighbours of both players".
#[test]
fn figure_7_empty_neighbours() {
    let (g, white, black) = position();
    assert_pic(
        &g,
        ops::empty_neighbours(&g, white | black),
        "
        X . X X .
        . X X . X
        . X . X .
        X . X . X
        . X X . X
        ",
    );
}

/// Figure 10: "Line cap moves in the E direction: line propagation (top) and legal
/// moves (bottom)" for White: "the initial candidate set (left) propagated one step
/// (middle) then empty on the next step (right)", and "the legal move set growing
/// with each step". Our position: White b7 caps c7 d7 (move e7 on the second
/// step), a5 caps b5 (move c5 on the first step); e4 f4 are already capped by g4,
/// and g1 h1 run into the board edge.
#[test]
fn figure_10_line_cap_moves_east() {
    let g = Grid::<2>::new(GridKind::Square8, 8, 8).unwrap();
    let (white, black) = pic2(
        &g,
        "
        . . . . . . . .
        . X O O . . . .
        . . . . . . . .
        X O . . . . . .
        . . . X O O X .
        . . . . . . . .
        . . . . . . . .
        . . . . . X O O
        ",
    );
    let empty = g.complement(white | black);
    let e = Dir::E;

    // Line 3: candidates = bits_o & (bits_p >> shift_E).
    let mut candidates = black & g.step(white, e);
    assert_pic(
        &g,
        candidates,
        "
        . . . . . . . .
        . . X . . . . .
        . . . . . . . .
        . X . . . . . .
        . . . . X . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . X .
        ",
    );
    let mut moves = Bits::EMPTY;
    let mut frames = Vec::new();
    while candidates.any() {
        moves |= empty & g.step(candidates, e); // line 5
        candidates = black & g.step(candidates, e); // line 6
        frames.push((candidates, moves));
    }
    assert_eq!(frames.len(), 2, "two steps, then the candidates are empty");
    assert_pic(
        &g,
        frames[0].0,
        "
        . . . . . . . .
        . . . X . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . X . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . X
        ",
    );
    assert_eq!(frames[1].0, Bits::EMPTY);
    assert_pic(
        &g,
        frames[0].1,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . X . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        ",
    );
    assert_pic(
        &g,
        frames[1].1,
        "
        . . . . . . . .
        . . . . X . . .
        . . . . . . . .
        . . X . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        ",
    );
    // The E moves are among White's line-cap moves in all eight directions.
    assert!(moves.is_subset(&ops::line_cap_moves(&g, white, black)));
}

/// Algorithm 4 on the standard Othello start: d4 and e5 white, d5 and e4 black.
/// Black (X here) to move has d3, c4, f5 and e6; White has c5, d6, e3 and f4.
#[test]
fn figure_10_othello_start_position() {
    let g = Grid::<2>::new(GridKind::Square8, 8, 8).unwrap();
    let (black, white) = pic2(
        &g,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . X O . . .
        . . . O X . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        ",
    );
    assert_eq!(white, cells(&g, &["d4", "e5"]));
    assert_eq!(black, cells(&g, &["d5", "e4"]));
    let moves = ops::line_cap_moves(&g, black, white);
    assert_pic(
        &g,
        moves,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . X . . .
        . . . . . X . .
        . . X . . . . .
        . . . X . . . .
        . . . . . . . .
        . . . . . . . .
        ",
    );
    assert_eq!(moves, cells(&g, &["d3", "c4", "f5", "e6"]));
    assert_eq!(ops::line_cap_moves(&g, white, black), cells(&g, &["c5", "d6", "e3", "f4"]));
}

/// Figure 11 (Algorithm 5): Breakthrough destinations for White moving north:
/// straight or diagonally forward to an empty cell, diagonally forward to capture.
#[test]
fn figure_11_breakthrough_moves() {
    let g = Grid::<2>::new(GridKind::Square8, 8, 8).unwrap();
    let (white, black) = pic2(
        &g,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . O . . . . .
        . X . . O O . .
        . . . . X . . .
        . . . . . . . .
        . . . . . . . .
        ",
    );
    let forward = [Dir::N, Dir::NE, Dir::NW];
    let diagonal = [Dir::NE, Dir::NW];
    assert_eq!(
        ops::pawnlike_moves(&g, white, black, &forward, &[]),
        cells(&g, &["a5", "b5", "d4"])
    );
    assert_eq!(ops::pawnlike_moves(&g, white, black, &[], &diagonal), cells(&g, &["c5", "f4"]));
    assert_eq!(
        ops::pawnlike_moves(&g, white, black, &forward, &diagonal),
        cells(&g, &["a5", "b5", "c5", "d4", "f4"])
    );
}

/// White pieces with two vertical lines of three (a3–a5, d3–d5) and one horizontal
/// line of three (b1–d1), for Figures 12 and 13.
const LINES: &str = "
    X . . X .
    X . . X .
    X . . X .
    . . . . X
    . X X X .
";

/// Figure 12: "Erosion in the N direction detects two vertical white lines of
/// length 3": two erosions leave something, the third leaves nothing.
#[test]
fn figure_12_erosion_north_finds_vertical_lines() {
    let g = Grid::<1>::new(GridKind::Square4, 5, 5).unwrap();
    let white = pic(&g, LINES);
    let once = g.erode_dir(white, Dir::N);
    assert_pic(
        &g,
        once,
        "
        X . . X .
        X . . X .
        . . . . .
        . . . . .
        . . . . .
        ",
    );
    let twice = g.erode_dir(once, Dir::N);
    assert_pic(
        &g,
        twice,
        "
        X . . X .
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        ",
    );
    assert_eq!(g.erode_dir(twice, Dir::N), Bits::EMPTY);
}

/// Figure 13: "Erosion in the E direction detects a single horizontal white line of
/// length 3; White's maximum line count is length three."
#[test]
fn figure_13_erosion_east_and_longest_line() {
    let g = Grid::<1>::new(GridKind::Square4, 5, 5).unwrap();
    let white = pic(&g, LINES);
    let once = g.erode_dir(white, Dir::E);
    assert_eq!(once, cells(&g, &["c1", "d1"]));
    let twice = g.erode_dir(once, Dir::E);
    assert_pic(
        &g,
        twice,
        "
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        . . . X .
        ",
    );
    assert_eq!(g.erode_dir(twice, Dir::E), Bits::EMPTY);

    assert_eq!(ops::longest_line(&g, white), 3);
    assert!(ops::has_line(&g, white, 3));
    assert!(!ops::has_line(&g, white, 4));
    assert!(!ops::has_line4(&g, white));
    // A piece on d2 joins d1 to the d3–d5 line: five in a column.
    let white = white | at(&g, "d2");
    assert_eq!(ops::longest_line(&g, white), 5);
    assert!(ops::has_line4(&g, white));
}

/// Figure 14: "There are twelve white pieces on black cells": |bits_w & mask_b|.
/// Our position: draughts' twelve men on the dark cells of ranks 1–3, and three
/// more white pieces on light cells (b5, f5, e4).
#[test]
fn figure_14_twelve_white_pieces_on_black_cells() {
    let g = Grid::<2>::new(GridKind::Square8, 8, 8).unwrap();
    let white = pic(
        &g,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . X . . . X . .
        . . . . X . . .
        X . X . X . X .
        . X . X . X . X
        X . X . X . X .
        ",
    );
    let (mask_b, mask_w) = (g.checkerboard(0), g.checkerboard(1));
    assert_eq!(white.count(), 15);
    assert_eq!(ops::count_on(white, mask_b), 12);
    assert_eq!((white & mask_b).count(), 12);
    assert_eq!(ops::count_on(white, mask_w), 3);
}

/// Figure 17 (Algorithm 8): the '+' pattern among "the 36 possible patterns" of an
/// 8×8 board; White's pieces match the one centred on d5, but not exactly, since
/// a white piece on f5 touches it.
#[test]
fn figure_17_plus_pattern() {
    let g = Grid::<2>::new(GridKind::Square4, 8, 8).unwrap();
    let patterns: Vec<Bits<2>> = (1..7)
        .flat_map(|r| (1..7).map(move |c| (c, r)))
        .map(|(c, r)| g.dilate(Bits::cell(g.cell(c, r).unwrap())))
        .collect();
    assert_eq!(patterns.len(), 36);
    let white = pic(
        &g,
        "
        . . . . . . . .
        . . . . . . . .
        . . . X . . . .
        . . X X X X . .
        . . . X . . . .
        . . . . . . . .
        . X . . . . . X
        . . . . . . . .
        ",
    );
    let n = ops::match_pattern(&patterns, white);
    assert_ne!(n, 0);
    assert_pic(
        &g,
        patterns[n - 1],
        "
        . . . . . . . .
        . . . . . . . .
        . . . X . . . .
        . . X X X . . .
        . . . X . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        ",
    );
    assert_eq!(ops::match_pattern_exact(&g, &patterns, white), 0);
    let white = white - at(&g, "f5");
    assert_eq!(ops::match_pattern_exact(&g, &patterns, white), n);
}

/// Figure 18 (Algorithm 9): "Enemy neighbours of White flipped ... most black
/// pieces were flipped": a3 and d2 turn; b5 has no white neighbour.
/// Figure 19 (Algorithm 10): only the neighbours of White's last move, a4, turn.
#[test]
fn figures_18_and_19_flips() {
    let (g, white, black) = position();
    let (mut w, mut b) = (white, black);
    let flip = ops::flip_enemy_neighbours(&g, &mut w, &mut b);
    assert_eq!(flip, cells(&g, &["a3", "d2"]));
    assert_eq!(
        (w, b),
        pic2(
            &g,
            "
            . O . . X
            X . . . .
            X . X . X
            . . . X .
            X . . X .
            ",
        )
    );

    let (mut w, mut b) = (white, black);
    let flip = ops::flip_around_move(&g, at(&g, "a4"), &mut w, &mut b);
    assert_eq!(flip, at(&g, "a3"));
    assert_eq!(b, cells(&g, &["b5", "d2"]));
    assert_eq!(w, white | at(&g, "a3"));
}

/// Figure 20 (Algorithm 11): Lights Out, "a sequence of moves that toggles all the
/// black pieces off", each move xoring a cell and its neighbours. Our black cells
/// are the neighbourhoods of b2, d4 and the corner a5, played in that order.
#[test]
fn figure_20_lights_out() {
    let g = Grid::<1>::new(GridKind::Square4, 5, 5).unwrap();
    let mut black = pic(
        &g,
        "
        X X . X .
        X . X X X
        . X . X .
        X X X . .
        . X . . .
        ",
    );
    ops::toggle_neighbourhood(&g, &mut black, at(&g, "b2"));
    assert_pic(
        &g,
        black,
        "
        X X . X .
        X . X X X
        . . . X .
        . . . . .
        . . . . .
        ",
    );
    ops::toggle_neighbourhood(&g, &mut black, at(&g, "d4"));
    assert_eq!(black, cells(&g, &["a5", "b5", "a4"]));
    ops::toggle_neighbourhood(&g, &mut black, at(&g, "a5"));
    assert_eq!(black, Bits::EMPTY, "all lights off");
}

/// Figure 21 (Algorithm 12): "Firstly, the set of empty cells is dilated and
/// intersected with bits_w to give the initial set of white pieces with freedom
/// ... propagate freedom to two more pieces ... and propagated again to two more
/// pieces ... until no further propagation occurs", then "eliminating any pieces
/// without freedom". Our position: a 2×3 white group free only at its top (b5 and
/// c5 are empty), and a lone white piece on e1 walled in by black.
#[test]
fn figure_21_surround_capture() {
    let g = Grid::<1>::new(GridKind::Square4, 5, 5).unwrap();
    let (white, black) = pic2(
        &g,
        "
        O . . O .
        O X X O .
        O X X O .
        O X X O O
        . O O O X
        ",
    );
    let empty = g.complement(white | black);

    let mut free = g.dilate(empty) & white; // line 1
    assert_eq!(free, cells(&g, &["b4", "c4"]));
    let mut frames = vec![free];
    let mut result = Bits::EMPTY; // line 2
    while result != free {
        result = free; // line 4
        free = g.dilate(free) & white; // line 5
        frames.push(free);
    }
    assert_eq!(frames[1], cells(&g, &["b4", "c4", "b3", "c3"]), "two more");
    assert_eq!(frames[2], cells(&g, &["b4", "c4", "b3", "c3", "b2", "c2"]), "two more again");
    assert_eq!(frames[3], frames[2], "no further propagation");
    assert_eq!(ops::alive(&g, white, empty), result);

    let mut w = white;
    let captured = ops::surround_capture(&g, &mut w, empty); // line 6
    assert_eq!(captured, at(&g, "e1"));
    assert_pic(
        &g,
        w,
        "
        . . . . .
        . X X . .
        . X X . .
        . X X . .
        . . . . .
        ",
    );
    // The black wall is connected to the empty a1 and c5 cells and lives.
    assert_eq!(ops::alive(&g, black, empty), black);
    assert_eq!(ops::flood_fill(&g, at(&g, "c3"), white), w);
}

/// Figure 23 / Appendix B: "a 19 × 19 square board (including separating bits)
/// spread over six 64-bit long integers": 18 × 20 + 19 = 379 bits, more than five
/// words (320) hold. Shifts must carry bits across the words' common boundaries.
#[test]
fn figure_23_nineteen_by_nineteen_in_six_words() {
    assert_eq!(
        Grid::<5>::new(GridKind::Square4, 19, 19),
        Err(GridError::TooLarge {
            kind: GridKind::Square4,
            width: 19,
            height: 19,
            separators: 1,
            needed: 379,
            capacity: 320,
        })
    );
    let go = Grid::<6>::new(GridKind::Square4, 19, 19).unwrap();
    assert_eq!(go.mask().count(), 361);
    assert!(go.mask().words().iter().all(|&w| w != 0), "all six words used");
    assert_eq!(go.mask().last(), Some(378));
    assert_eq!(go.cell_name(378).as_deref(), Some("s19"));

    // The cells on either side of each word boundary.
    let g = Grid::<6>::new(GridKind::Square8, 19, 19).unwrap();
    for (bit, name) in [
        (63, "d4"),
        (64, "e4"),
        (127, "h7"),
        (128, "i7"),
        (191, "l10"),
        (192, "m10"),
        (255, "p13"),
        (256, "q13"),
        (320, "a17"),
    ] {
        assert_eq!(g.parse_cell(name), Ok(bit), "{name}");
    }
    assert_eq!(g.coords(319), None, "bit 319 separates rows 16 and 17");

    // Across a boundary within a row, and between rows in different words.
    assert_eq!(g.step(at(&g, "d4"), Dir::E), at(&g, "e4"));
    assert_eq!(g.step(at(&g, "e4"), Dir::W), at(&g, "d4"));
    assert_eq!(g.step(at(&g, "e3"), Dir::N), at(&g, "e4"));
    assert_eq!(g.step(at(&g, "e4"), Dir::S), at(&g, "e3"));
    assert_eq!(g.step(at(&g, "h7"), Dir::NE), at(&g, "i8"));
    assert_eq!(g.step(at(&g, "i7"), Dir::SW), at(&g, "h6"));
    assert_eq!(g.step(at(&g, "s16"), Dir::E), Bits::EMPTY, "onto bit 319");
    assert_eq!(g.step(at(&g, "s16"), Dir::N), at(&g, "s17"));
    assert_eq!(g.step(at(&g, "a17"), Dir::W), Bits::EMPTY);
    assert_eq!(g.step(at(&g, "a17"), Dir::SE), at(&g, "b16"));
    assert_eq!(g.step(at(&g, "s19"), Dir::NE), Bits::EMPTY);

    // Every on-board cell within two rows of a word boundary, stepped in all
    // eight directions, lands where its coordinates say.
    for i in go.mask() {
        let near =
            [64, 128, 192, 256, 320].iter().any(|&b: &usize| i.abs_diff(b) <= 2 * g.stride());
        if !near {
            continue;
        }
        let (c, r) = g.coords(i).unwrap();
        for &d in g.directions() {
            let (dx, dy) = g.kind().delta(d).unwrap();
            let want = g
                .cell(
                    (c as isize + dx).try_into().unwrap_or(usize::MAX),
                    (r as isize + dy).try_into().unwrap_or(usize::MAX),
                )
                .map_or(Bits::EMPTY, Bits::cell);
            assert_eq!(g.step(Bits::cell(i), d), want, "{} {d:?}", g.cell_name(i).unwrap());
        }
    }
    // The whole board dilated and eroded across all six words.
    assert_eq!(go.dilate(at(&go, "a1")).count(), 3);
    assert_eq!(go.erode(go.mask()).count(), 17 * 17);
}

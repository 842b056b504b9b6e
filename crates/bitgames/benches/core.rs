//! Criterion benches for the bitboard core, perft and random playouts.
//! `cargo bench -p bitgames`; the user-facing table is `bitgames bench`.

use bitgames::games::{connect4::Connect4, tictactoe::TicTacToe};
use bitgames::search::{perft, playouts};
use bitgames::{ops, Bits, Grid, GridKind};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn random_bits<const N: usize>(grid: &Grid<N>, seed: u64) -> Bits<N> {
    let mut x = seed;
    grid.mask()
        .into_iter()
        .filter(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & 1 == 1
        })
        .collect()
}

fn core_ops(c: &mut Criterion) {
    let g8 = Grid::<1>::new(GridKind::Square8, 7, 7).unwrap();
    let g19 = Grid::<6>::new(GridKind::Square4, 19, 19).unwrap();
    let hex = Grid::<2>::new(GridKind::Hex, 11, 11).unwrap();
    let (b8, b19, bh) = (random_bits(&g8, 7), random_bits(&g19, 7), random_bits(&hex, 7));
    c.bench_function("dilate 7x7 square8 (1 word)", |b| b.iter(|| g8.dilate(black_box(b8))));
    c.bench_function("erode 7x7 square8 (1 word)", |b| b.iter(|| g8.erode(black_box(b8))));
    c.bench_function("dilate 19x19 square4 (6 words)", |b| b.iter(|| g19.dilate(black_box(b19))));
    c.bench_function("dilate 11x11 hex (2 words)", |b| b.iter(|| hex.dilate(black_box(bh))));
    c.bench_function("surround capture 19x19 (Alg. 12)", |b| {
        b.iter(|| {
            let mut p = black_box(b19);
            let empty = g19.complement(p | random_bits(&g19, 3));
            ops::surround_capture(&g19, &mut p, empty)
        })
    });
    c.bench_function("longest line 7x7 (Alg. 6)", |b| {
        b.iter(|| ops::longest_line(&g8, black_box(b8)))
    });
    c.bench_function("has line of 4, 7x7 (Alg. 7)", |b| {
        b.iter(|| ops::has_line4(&g8, black_box(b8)))
    });
    c.bench_function("line cap moves 8x8 (Alg. 4)", |b| {
        let g = Grid::<2>::new(GridKind::Square8, 8, 8).unwrap();
        let (p, o) = g
            .parse_picture2(
                ". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . O X . . .\n\
                 . . . X O . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .",
            )
            .unwrap();
        b.iter(|| ops::line_cap_moves(&g, black_box(p), black_box(o)))
    });
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("connect4 perft 8", |b| {
        b.iter(|| perft(&Connect4::standard(), black_box(8)))
    });
    group.bench_function("tictactoe perft 9", |b| {
        b.iter(|| perft(&TicTacToe::classic(), black_box(9)))
    });
    group.bench_function("connect4 100k playouts", |b| {
        b.iter(|| playouts(&Connect4::standard(), 100_000, black_box(1)))
    });
    group.bench_function("tictactoe 100k playouts", |b| {
        b.iter(|| playouts(&TicTacToe::classic(), 100_000, black_box(1)))
    });
    group.finish();
}

criterion_group!(benches, core_ops, search);
criterion_main!(benches);

//! The paper's connection query for Y (Browne §5.2.3, Listing 1): bitwise-parallel
//! Y reduction against the two references of `tests/it/y_reference` — a plain
//! union-find over the cells (the paper's baseline, which it reports Y
//! reduction beats by about 50×) and group-by-group flood fill — on the same
//! 1,024 random full boards of side 10 (28 first-player and 27 second-player
//! stones, as a board filled by a random playout). One iteration tests every
//! board; the bit-sliced reduction (`ops::y_reduce_sliced`) tests 64 boards a
//! word, packed beforehand. `cargo bench -p bitgames --bench y`.

#[path = "../tests/it/y_reference/mod.rs"]
mod y_reference;

use bitgames::ops;
use criterion::measurement::WallTime;
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput,
};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use y_reference::UnionFind;

const SIDE: usize = 10;
const BOARDS: usize = 1024;

fn boards() -> Vec<Vec<u8>> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(10);
    let cells = y_reference::cells(SIDE);
    (0..BOARDS)
        .map(|_| {
            let mut b: Vec<u8> =
                (0..cells).map(|i| if i < cells.div_ceil(2) { 1 } else { 2 }).collect();
            b.shuffle(&mut rng);
            b
        })
        .collect()
}

fn y_connection(c: &mut Criterion) {
    let boards = boards();
    let grid = y_reference::triangle_grid::<2>(SIDE);
    let sides = y_reference::sides(&grid, SIDE);
    let bits: Vec<_> = boards.iter().map(|b| y_reference::to_bits(&grid, SIDE, b)).collect();
    let columns: Vec<[u64; SIDE]> = boards
        .iter()
        .map(|b| {
            let mut cols = [0u64; SIDE];
            y_reference::to_columns(SIDE, b, &mut cols);
            cols
        })
        .collect();
    // Bit-sliced: 64 boards a word, cell (x, y) at x * SIDE + y, bit g set
    // where board g has a first-player stone.
    let sliced: Vec<[u64; SIDE * SIDE]> = boards
        .chunks(64)
        .map(|group| {
            let mut cells = [0u64; SIDE * SIDE];
            for (g, board) in group.iter().enumerate() {
                let mut i = 0;
                for y in 0..SIDE {
                    for x in 0..SIDE - y {
                        cells[x * SIDE + y] |= ((board[i] == 1) as u64) << g;
                        i += 1;
                    }
                }
            }
            cells
        })
        .collect();
    let mut uf = UnionFind::new(SIDE);
    // All four agree (the tests check it on 100,000 boards; here the same sum).
    let total = |f: &mut dyn FnMut(usize) -> u8| (0..BOARDS).map(|i| f(i) as usize).sum::<usize>();
    let want = total(&mut |i| uf.winner(SIDE, &boards[i]));
    assert_eq!(want, total(&mut |i| ops::y_reduce(&mut columns[i].clone()) as u8));
    assert_eq!(want, total(&mut |i| ops::y_reduce_fixed::<SIDE>(columns[i]) as u8));
    assert_eq!(want, total(&mut |i| y_reference::flood_fill_winner(&grid, &sides, &bits[i])));
    // The sliced reduction's first-player wins: each other board is a
    // second-player win (code 2), each first-player one code 1.
    let firsts: usize = sliced
        .iter()
        .map(|c| ops::y_reduce_sliced::<u64, SIDE>(&mut c.clone(), SIDE).count_ones() as usize)
        .sum();
    assert_eq!(want, firsts + 2 * (BOARDS - firsts));

    let mut g = c.benchmark_group("y side 10, 1024 full boards");
    g.throughput(Throughput::Elements(BOARDS as u64));
    bench_wins(&mut g, "Y reduction (Listing 1, column words)", &columns, |&cols| {
        let mut cols = cols;
        ops::y_reduce(&mut cols)
    });
    bench_wins(&mut g, "Y reduction (Listing 1, side fixed at compile time)", &columns, |cols| {
        ops::y_reduce_fixed::<SIDE>(*cols)
    });
    bench_wins(&mut g, "Y reduction bit-sliced (64 boards a word)", &sliced, |&cells| {
        let mut cells = cells;
        ops::y_reduce_sliced::<u64, SIDE>(&mut cells, SIDE).count_ones().into()
    });
    let mut cols = [0u64; SIDE];
    bench_wins(&mut g, "Y reduction from the cells (packing included)", &boards, |board| {
        y_reference::to_columns(SIDE, board, &mut cols);
        ops::y_reduce(&mut cols)
    });
    bench_wins(&mut g, "union-find (plain, from the cells)", &boards, |board| {
        uf.winner(SIDE, board).into()
    });
    bench_wins(&mut g, "flood fill (ops::flood_fill, per group)", &bits, |s| {
        y_reference::flood_fill_winner(&grid, &sides, s).into()
    });
    g.finish();
}

/// Benchmarks one pass of `wins` over every item (each through `black_box`),
/// the wins summed so that the pass is not optimised away.
fn bench_wins<T>(
    g: &mut BenchmarkGroup<'_, WallTime>, name: &str, items: &[T], mut wins: impl FnMut(&T) -> u64,
) {
    g.bench_function(name, |b| b.iter(|| items.iter().map(|x| wins(black_box(x))).sum::<u64>()));
}

criterion_group!(benches, y_connection);
criterion_main!(benches);

//! Packing puzzles (Browne, Alg. 13) on one thread: the Soma cube and the
//! pentominoes on 6×10 and 5×12, each a whole count (`cargo bench -p bitgames
//! --bench pack`). The Bedlam cube takes about a minute: `bitgames pack bedlam`.

use bitgames::puzzles::pack::{builtin, solve, Options};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn pack(c: &mut Criterion) {
    let mut g = c.benchmark_group("pack");
    g.sample_size(10);
    for (name, distinct) in [("soma", 240), ("pentomino-6x10", 2339), ("pentomino-5x12", 1010)] {
        let p = builtin(name).expect("a built-in puzzle");
        g.bench_function(name, |b| {
            b.iter(|| {
                let r = solve(black_box(&p), &Options::default()).expect("a count");
                assert_eq!(r.distinct, distinct);
                r.solutions
            })
        });
    }
    g.finish();
}

criterion_group!(benches, pack);
criterion_main!(benches);

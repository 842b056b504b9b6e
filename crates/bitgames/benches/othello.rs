//! Criterion benches for Othello: Bik perft from the start, and the move generators
//! (reference, portable, AVX2) on the same positions, measured in the same run.
//! `cargo bench -p bitgames --bench othello`

use bitgames::games::othello::{
    self as othello, perft_bik, perft_bik_parallel, perft_bik_with, MoveGen, Othello, Portable,
    Reference,
};
use bitgames::search::perft;
use bitgames::{Hints, Rules};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;

/// Every position of 100 random games from the start, as (player, opponent).
fn positions() -> Vec<(u64, u64)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut out = Vec::new();
    for _ in 0..100 {
        let mut g = Othello::start();
        while let Some(m) = g.random_move(&mut rng) {
            out.push((g.player(), g.opponent()));
            g.play_unchecked(m);
        }
    }
    out
}

/// Every legal move of those positions, as (player, opponent, square).
fn moves(positions: &[(u64, u64)]) -> Vec<(u64, u64, u32)> {
    positions
        .iter()
        .flat_map(|&(p, o)| {
            let mut m = Portable.mobility(p, o);
            std::iter::from_fn(move || {
                (m != 0).then(|| {
                    let sq = m.trailing_zeros();
                    m &= m - 1;
                    (p, o, sq)
                })
            })
        })
        .collect()
}

fn bench_mobility<G: MoveGen>(c: &mut Criterion, name: &str, gen: G, pos: &[(u64, u64)]) {
    let mut group = c.benchmark_group("othello mobility");
    group.throughput(Throughput::Elements(pos.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| pos.iter().fold(0u64, |acc, &(p, o)| acc ^ gen.mobility(black_box(p), o)))
    });
    group.finish();
}

fn bench_flips<G: MoveGen>(c: &mut Criterion, name: &str, gen: G, mv: &[(u64, u64, u32)]) {
    let mut group = c.benchmark_group("othello flips");
    group.throughput(Throughput::Elements(mv.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| mv.iter().fold(0u64, |acc, &(p, o, sq)| acc ^ gen.flips(black_box(p), o, sq)))
    });
    group.finish();
}

fn generators(c: &mut Criterion) {
    let pos = positions();
    let mv = moves(&pos);
    bench_mobility(c, "reference (Browne Alg. 4 on a grid)", Reference, &pos[..500]);
    bench_mobility(c, "portable (Kogge-Stone)", Portable, &pos);
    bench_flips(c, "reference (walk)", Reference, &mv[..2000]);
    bench_flips(c, "portable (outflank)", Portable, &mv);
    #[cfg(target_arch = "x86_64")]
    if let Some(avx2) = othello::Avx2::detect() {
        bench_mobility(c, "avx2 (Kogge-Stone)", avx2, &pos);
        bench_flips(c, "avx2 (outflank)", avx2, &mv);
    }
}

fn perfts(c: &mut Criterion) {
    let start = Othello::start();
    let mut group = c.benchmark_group("othello perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(3_005_288));
    group.bench_function("perft_bik 9", |b| b.iter(|| perft_bik(&start, black_box(9))));
    group.bench_function("perft_bik 9, portable", |b| {
        b.iter(|| perft_bik_with(Portable, &start, black_box(9)))
    });
    group.bench_function("perft_bik_parallel 9, all threads", |b| {
        b.iter(|| perft_bik_parallel(&start, black_box(9), 0))
    });
    group.throughput(Throughput::Elements(390_216));
    group
        .bench_function("generic perft 8 (Game trait)", |b| b.iter(|| perft(&start, black_box(8))));
    group.finish();
}

criterion_group!(benches, generators, perfts);
criterion_main!(benches);

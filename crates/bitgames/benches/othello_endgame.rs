//! Criterion benches for the exact Othello endgame solver: FFO #40 (20 empties)
//! and a batch of 14-empty positions from random games, each with a cleared
//! table, on the fastest back-end and on the portable one in the same run.
//! `cargo bench -p bitgames --bench othello_endgame`
//!
//! The user-facing table of FFO #40–#59 is `bitgames bench othello-ffo`.

use bitgames::games::othello::endgame::EndgameSolver;
use bitgames::games::othello::formats::ObfRecord;
use bitgames::games::othello::Othello;
use bitgames::games::othello::{best_backend, Backend};
use bitgames::{Hints, Rules};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;

/// FFO #40 (20 empties, Black to move, +38 by a2).
fn ffo40() -> Othello {
    let line = include_str!("../tests/data/othello/fforum-40-59.obf").lines().next().unwrap();
    ObfRecord::parse(line).unwrap().position
}

/// 20 positions with 14 empty squares from random games.
fn endgames() -> Vec<Othello> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(14);
    (0..20)
        .map(|_| loop {
            let mut g = Othello::start();
            while g.empty().count_ones() > 14 {
                match g.random_move(&mut rng) {
                    Some(m) => g.play_unchecked(m),
                    None => break,
                }
            }
            if !g.is_over() {
                break g;
            }
        })
        .collect()
}

fn solver_benches(c: &mut Criterion) {
    let pos = ffo40();
    let batch = endgames();
    let mut group = c.benchmark_group("othello_endgame");
    group.sample_size(10);
    let mut backends = vec![Backend::Portable];
    if best_backend() != Backend::Portable {
        backends.insert(0, best_backend());
    }
    for backend in backends {
        let mut solver = EndgameSolver::with_backend(16, backend);
        group.bench_function(format!("ffo40/{backend:?}"), |b| {
            b.iter(|| {
                solver.clear();
                black_box(solver.solve(black_box(&pos)).unwrap().score)
            })
        });
        group.bench_function(format!("20x14empties/{backend:?}"), |b| {
            b.iter(|| {
                batch
                    .iter()
                    .map(|g| {
                        solver.clear();
                        solver.solve(black_box(g)).unwrap().score
                    })
                    .sum::<i32>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solver_benches);
criterion_main!(benches);

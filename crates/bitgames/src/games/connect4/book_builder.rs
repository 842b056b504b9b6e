//! Building an opening book: every position up to a depth, solved. This sits
//! above both the [`Book`] (the data and its file format) and the
//! [`solver`](super::solver) (which reads books), so neither imports the other.

use super::bits::mirror_key;
use super::book::{Book, BookError};
use super::solver::ConnectFourSolver;
use super::{check_size, Connect4};
use crate::game::Rules;
use std::sync::{Arc, Mutex};

/// Builds a book of every position with at most `depth` moves on a `width × height`
/// board (reflections merged), solving the deepest positions first so that each
/// shallower one is answered from the book almost at once. `threads` solvers share
/// each ply, each with a `table_mib / threads` MiB table. `progress(done, total)`
/// is called after each position.
pub fn generate(
    width: u32, height: u32, depth: u32, weak: bool, table_mib: usize, threads: usize,
    mut progress: impl FnMut(usize, usize) + Send,
) -> Result<Book, BookError> {
    check_size(width as usize, height as usize)?;
    if depth > width * height {
        return Err(BookError::TooDeep { depth, cells: width * height });
    }
    let start = Connect4::new(width as usize, height as usize).expect("size checked");
    let canon = |g: &Connect4| {
        let k = g.key();
        k.min(mirror_key(k, width, height))
    };
    // Every unfinished position by ply, one per reflection pair.
    let mut layers: Vec<Vec<Connect4>> = vec![vec![start]];
    let mut moves = Vec::new();
    for _ in 0..depth {
        let mut seen = std::collections::HashSet::new();
        let mut next = Vec::new();
        for g in layers.last().expect("one layer") {
            g.legal_moves(&mut moves);
            for &m in &moves {
                let mut c = g.clone();
                c.play_unchecked(m);
                if c.outcome().is_none() && seen.insert(canon(&c)) {
                    next.push(c);
                }
            }
        }
        layers.push(next);
    }
    let total: usize = layers.iter().map(Vec::len).sum();
    let threads = threads.max(1);
    let mib = (table_mib / threads).max(1);
    let mut entries: Vec<(u64, i8)> = Vec::with_capacity(total);
    let done = Mutex::new(0usize);
    let progress = Mutex::new(&mut progress);
    for layer in layers.iter().rev() {
        let book = Arc::new(Book::from_entries(width, height, depth, weak, entries.clone()));
        let chunk = layer.len().div_ceil(threads).max(1);
        let results: Vec<Vec<(u64, i8)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = layer
                .chunks(chunk)
                .map(|part| {
                    let book = Arc::clone(&book);
                    let (done, progress) = (&done, &progress);
                    scope.spawn(move || {
                        // The size was checked, the book is for it and every
                        // position is unfinished: nothing below can fail.
                        let mut solver = ConnectFourSolver::for_game(&part[0], mib);
                        solver.set_book(book).expect("the book is for this size");
                        let mut out = Vec::with_capacity(part.len());
                        for g in part {
                            let s = solver.solve(g, weak).expect("an unfinished position");
                            out.push((canon(g), s.score as i8));
                            let mut d = done.lock().expect("progress lock");
                            *d += 1;
                            (progress.lock().expect("progress lock"))(*d, total);
                        }
                        out
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("book worker panicked")).collect()
        });
        entries.extend(results.into_iter().flatten());
    }
    Ok(Book::from_entries(width, height, depth, weak, entries))
}

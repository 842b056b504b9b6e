//! The exact Othello endgame solver: the final disc difference for the side to
//! move, with the empty squares going to the winner (the FFO and Edax convention),
//! and the move(s) that reach it.
//!
//! ```
//! use bitgames::games::othello::{endgame, Othello};
//! use bitgames::Game;
//!
//! // FFO #40 (20 empties): Black plays a2 and wins by 38.
//! # let obf = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
//! # // Solve it one move further on in the doctest, to keep it quick.
//! let pos = Othello::start().parse_position(obf).unwrap();
//! let mut after = pos;
//! after.play(after.parse_move("a2").unwrap()).unwrap();
//! let r = endgame::solve(&after, 16).unwrap();
//! assert_eq!(r.score, -38); // White to move, losing by 38
//! ```
//!
//! # How it searches
//!
//! Negamax with fail-soft alpha-beta on the side-to-move-relative bitboards
//! `(player, opponent)`, in layers by the number of empty squares `n`:
//!
//! - **1 to 4 empties** (`solve_1` … `solve_4`): no move generation. With one
//!   empty square the score comes from the flip count alone (four table look-ups,
//!   one per line through the square; the opponent's count only if it matters);
//!   with 2–4 each empty square is tried directly (a neighbouring opponent disc
//!   first, then the flips), in *parity* order: a square alone in its quadrant of
//!   the board first.
//! - **5 to [`SHALLOW_MAX`] empties** (shallow null-window search): empty squares
//!   of the quadrants with an odd number of them first (squares next to a corner
//!   last), no table, and a *stability cut-off*: the side to move ends with at
//!   most `64 − stable(opponent)` discs, so when `64 − 2·stable` is at most alpha
//!   the node fails low at once (see [`stability`]).
//! - **More empties** (deep search): the stability cut-off, then a *transposition
//!   table* of lower and upper bounds and best moves (bucketed, huge pages, each
//!   child's bucket prefetched while the moves are sorted), the table's move
//!   first, and *fastest-first* ordering: moves that leave the opponent the
//!   fewest replies (corners counted twice) first, then corner stability,
//!   potential mobility, square type and parity. From 12 empties on, moves are
//!   instead sorted by a shallow search (1 ply at 12–15 empties, one more every 4)
//!   on a heuristic evaluation (mobility, potential mobility, corner stability),
//!   which shrinks the trees of the harder FFO positions 1.5 to 3.5 times. There,
//!   *enhanced transposition cut-offs* look every child up in the table first.
//!
//! Before the search, the root is tested for a *forced wipe-out* either way
//! (module `wipeout`: depth-first proof-number search, stable discs ending every
//! line in which the victim keeps one), within a node budget. A wipe-out is the
//! score ±64 outright; FFO #59, where the plain search spends its first minutes
//! on a move that only wins by 62, is proved this way in 3,371 nodes. The test
//! costs 3 to 420,000 nodes on the other FFO positions.
//!
//! All nodes below the root are searched with null windows (is the score above
//! alpha?) except along the principal variation, which gets full windows
//! (principal variation search). Final scores are always even: the empties go to
//! the winner, so the two sides' counts add up to 64.
//!
//! With [`EndgameSolver::set_threads`], nodes of the principal variation with at
//! least 16 empties search their first move, then the other moves in parallel
//! (each thread takes the next move, with a null window at the alpha of the
//! moment and, if it beats it, a full-window re-search that raises the shared
//! alpha; a cut-off calls the others off). The threads share the table.

pub mod stability;
mod table;
mod wipeout;

use super::movegen::{self, Backend, MoveGen, Portable, Reference};
use super::{Othello, OthelloMove, Square, SPEC};
use crate::game::{clip, Game, ParseError};
use stability::EdgeTable;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize};
use std::time::Instant;
use table::{Key, Table, NO_MOVE};
use thiserror::Error;
use wipeout::Wipeout;

/// The most nodes spent looking for a forced wipe-out (module `wipeout`) before
/// an exact search at the root with `n` empty squares: `2^n`, at most `2^24`, a
/// small part of the exact search's cost (the proofs and disproofs of FFO #40–#59
/// take 3 to 420,000 nodes).
fn wipeout_budget(n: u32) -> u64 {
    1 << n.min(24)
}

/// Positions with at most this many empty squares are searched without the
/// transposition table or move sorting (parity order only).
pub const SHALLOW_MAX: u32 = 6;

/// Enhanced transposition cut-offs (probing each child's table entry before
/// searching any) are tried at nodes with at least this many empty squares.
const ETC_MIN: u32 = 12;

/// Moves are ordered by a shallow search on a heuristic evaluation (instead of
/// fastest-first) at nodes with at least this many empty squares…
const SORT_MIN: u32 = 12;
/// …searched one ply deeper for every this many more empty squares (1 ply at
/// 12–15 empties, 2 at 16–19, 3 at 20–23, …).
const SORT_STEP: u32 = 4;

// The ordering evaluation: weights of the mobility difference (corners
// twice), the potential mobility difference and the corner stability
// difference; a finished game counts its disc difference times EVAL_PER_DISC.
const EVAL_MOBILITY: i32 = 8;
const EVAL_POTENTIAL_MOBILITY: i32 = 2;
const EVAL_CORNER_STABILITY: i32 = 16;
const EVAL_PER_DISC: i32 = 1000;
/// Larger than any evaluation.
const INF_EVAL: i32 = 1 << 20;

/// Nodes on the principal variation with at least this many empty squares
/// search their younger brothers in parallel (when there are threads).
const SPLIT_MIN: u32 = 16;

/// Larger than any score.
const INF: i32 = 127;

/// The largest score: every disc, after a wipe-out or a full board.
pub const SCORE_MAX: i32 = 64;

/// The stability cut-off is tried in a null-window search when alpha is at
/// least this (indexed by empty squares): with many empties few discs are
/// stable, so only a high alpha can be out of reach (Edax's thresholds, but
/// none at 4 empties, where the test costs more than it saves).
const STABILITY_THRESHOLD: [i32; 65] = [
    99, 99, 99, 99, 99, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46,
    48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
    99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
];

/// The result of an exact solve.
#[derive(Clone, Debug, PartialEq)]
pub struct EndgameResult {
    /// The final disc difference for the side to move with perfect play, empty
    /// squares to the winner (always even, between −64 and 64).
    pub score: i32,
    /// Moves that reach `score`, the one the search found first at the head: a
    /// lone [`OthelloMove::Pass`] when the side to move must pass, and none when
    /// the game is over. Every such move if [`all_best`](Self::all_best) is set,
    /// else at least one.
    pub best_moves: Vec<OthelloMove>,
    /// Whether `best_moves` holds every move that reaches `score`.
    pub all_best: bool,
    /// Positions visited: every node, the last-empty ones and those of the
    /// shallow searches that sort moves included.
    pub nodes: u64,
    /// Empty squares in the position solved.
    pub empties: u32,
    /// Wall-clock seconds the solve took.
    pub seconds: f64,
}

/// The result of a search with a window (see [`EndgameSolver::solve_window`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowResult {
    /// Fail-soft: at or below alpha, an upper bound on the score; at or above
    /// beta, a lower bound; strictly between, the exact score.
    pub score: i32,
    /// Positions visited.
    pub nodes: u64,
}

/// Why a solve could not run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EndgameError {
    /// The window asked of [`EndgameSolver::solve_window`] is empty or out of
    /// range.
    #[error("bad search window [{alpha}, {beta}]: need -64 <= alpha < beta <= 64")]
    BadWindow {
        /// The lower end given.
        alpha: i32,
        /// The upper end given.
        beta: i32,
    },
}

/// An exact endgame solver with its transposition table, which it keeps from one
/// solve to the next (so solving positions of the same game in turn reuses work).
pub struct EndgameSolver {
    table: Table,
    backend: Backend,
    threads: usize,
}

impl EndgameSolver {
    /// A solver with a transposition table of about `table_mib` MiB (a power of
    /// two, at least 1 MiB) and the fastest move generator of this CPU.
    pub fn new(table_mib: usize) -> Self {
        Self::with_backend(table_mib, movegen::best_backend())
    }

    /// A solver that generates moves with `backend` (to check the back-ends
    /// against each other; [`Backend::Reference`] is very slow).
    pub fn with_backend(table_mib: usize, backend: Backend) -> Self {
        #[cfg(target_arch = "x86_64")]
        let backend = match backend {
            Backend::Avx2 if movegen::Avx2::detect().is_none() => Backend::Portable,
            b => b,
        };
        EndgameSolver { table: Table::new(table_mib), backend, threads: 1 }
    }

    /// Searches on `threads` threads (all the machine's if 0; 1 by default): the
    /// first move of each node on the principal variation is searched first, then
    /// its siblings in parallel, sharing the table. Scores do not depend on it;
    /// node counts, and the best move among equals, may.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            threads
        };
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The move generator in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets everything the table holds.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The exact score of `pos` and one best move. Any position is accepted (one
    /// with more than about 30 empty squares may take hours); the result type
    /// leaves room for limits, none of which exists yet, so it is always `Ok`.
    pub fn solve(&mut self, pos: &Othello) -> Result<EndgameResult, EndgameError> {
        Ok(self.run(pos, false))
    }

    /// The exact score of `pos` and every move that reaches it (each other move
    /// costs one more null-window search).
    pub fn solve_all_best(&mut self, pos: &Othello) -> Result<EndgameResult, EndgameError> {
        Ok(self.run(pos, true))
    }

    /// The exact score of every legal move of `pos` for the side to move (what
    /// an FFO line lists), best first, moves of equal score in square order;
    /// `[(Pass, score)]` when the side to move must pass, empty when the game is
    /// over. Each move is one exact solve of the position after it, the table
    /// kept from one to the next.
    pub fn analyze(&mut self, pos: &Othello) -> Result<Vec<(OthelloMove, i32)>, EndgameError> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut scores = Vec::new();
        for mv in moves {
            let mut child = *pos;
            child.play_unchecked(mv);
            scores.push((mv, -self.run(&child, false).score));
        }
        scores.sort_by_key(|&(mv, s)| (-s, mv));
        Ok(scores)
    }

    /// A fail-soft alpha-beta search of `pos` with the window `(alpha, beta)`,
    /// `-64 <= alpha < beta <= 64`: `solve_window(pos, s - 1, s)` tells whether
    /// the score is at least `s` (null-window use). Passes and finished games are
    /// handled like [`solve`](Self::solve).
    pub fn solve_window(
        &mut self,
        pos: &Othello,
        alpha: i32,
        beta: i32,
    ) -> Result<WindowResult, EndgameError> {
        if !(-SCORE_MAX..=SCORE_MAX).contains(&alpha)
            || !(-SCORE_MAX..=SCORE_MAX).contains(&beta)
            || alpha >= beta
        {
            return Err(EndgameError::BadWindow { alpha, beta });
        }
        self.table.new_date();
        let (p, o) = (pos.player(), pos.opponent());
        let (score, nodes) = self.with_search(|s| {
            let n = (!(p | o)).count_ones();
            let score = s.pvs(p, o, alpha, beta, n, parity_of(!(p | o)));
            (score, s.nodes())
        });
        Ok(WindowResult { score, nodes })
    }

    /// Runs `f` on a search with this solver's table and move generator.
    fn with_search<R>(&mut self, f: impl FnOnce(&mut dyn SearchOps) -> R) -> R {
        let (table, threads) = (&self.table, self.threads);
        match self.backend {
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => match movegen::Avx2::detect() {
                Some(g) => f(&mut Search::new(g, table, threads, None)),
                None => f(&mut Search::new(Portable, table, threads, None)),
            },
            Backend::Reference => f(&mut Search::new(Reference, table, threads, None)),
            _ => f(&mut Search::new(Portable, table, threads, None)),
        }
    }

    fn run(&mut self, pos: &Othello, all_best: bool) -> EndgameResult {
        let start = Instant::now();
        self.table.new_date();
        let (p, o) = (pos.player(), pos.opponent());
        let empties = (!(p | o)).count_ones();
        let (score, best, nodes) = self.with_search(|s| s.solve_root(p, o, all_best));
        EndgameResult {
            score,
            best_moves: best,
            all_best,
            nodes,
            empties,
            seconds: start.elapsed().as_secs_f64(),
        }
    }
}

/// Solves `pos` exactly with a fresh `table_mib` MiB table: the score for the
/// side to move and one best move (see [`EndgameSolver`] to keep the table, or to
/// get every best move).
pub fn solve(pos: &Othello, table_mib: usize) -> Result<EndgameResult, EndgameError> {
    EndgameSolver::new(table_mib).solve(pos)
}

/// One fail-soft search of `pos` with the window `(alpha, beta)` and a fresh
/// `table_mib` MiB table (see [`EndgameSolver::solve_window`]).
pub fn solve_window(
    pos: &Othello,
    alpha: i32,
    beta: i32,
    table_mib: usize,
) -> Result<WindowResult, EndgameError> {
    EndgameSolver::new(table_mib).solve_window(pos, alpha, beta)
}

/// One line of an OBF file as the FFO test suite writes it: a position and,
/// after it, moves with their exact scores, `;`-separated (`… X; A2:+38; C7:+36;`).
#[derive(Clone, Debug, PartialEq)]
pub struct ObfRecord {
    /// The position.
    pub position: Othello,
    /// The moves listed after the position with their scores, in file order
    /// (best first in FFO files).
    pub scored_moves: Vec<(OthelloMove, i32)>,
}

impl ObfRecord {
    /// Reads one line: the OBF position, then any number of `move:score` fields
    /// (`A2:+38`, `pass:-4`), each after a `;`; empty fields are skipped.
    pub fn parse(line: &str) -> Result<ObfRecord, ParseError> {
        let err =
            |why: String| ParseError::Position { game: SPEC.to_string(), text: clip(line), why };
        let mut fields = line.split(';');
        let position = Othello::start().parse_position(fields.next().unwrap_or(""))?;
        let mut scored_moves = Vec::new();
        for f in fields.map(str::trim).filter(|f| !f.is_empty()) {
            let Some((m, v)) = f.split_once(':') else {
                return Err(err(format!("'{f}' is not a scored move like A2:+38")));
            };
            let mv: OthelloMove =
                m.parse().map_err(|e: crate::game::NotationError| err(format!("in '{f}': {e}")))?;
            let score: i32 = v
                .trim()
                .trim_start_matches('+')
                .parse()
                .map_err(|_| err(format!("in '{f}': '{v}' is not a score")))?;
            scored_moves.push((mv, score));
        }
        Ok(ObfRecord { position, scored_moves })
    }

    /// The best listed score, if any move is listed.
    pub fn best_score(&self) -> Option<i32> {
        self.scored_moves.iter().map(|&(_, s)| s).max()
    }

    /// The listed moves that reach the best listed score.
    pub fn best_moves(&self) -> Vec<OthelloMove> {
        let best = self.best_score();
        self.scored_moves.iter().filter(|&&(_, s)| Some(s) == best).map(|&(m, _)| m).collect()
    }
}

/// A score and a move in one integer that orders by score, then puts a score
/// known to beat alpha (`beat`, so exact or a lower bound) before an upper
/// bound of the same value.
#[inline]
fn pack_best(score: i32, beat: bool, mv: u8) -> i64 {
    (score as i64) << 9 | (beat as i64) << 8 | mv as i64
}

/// The score of a finished game for the side to move with discs `p` and `n`
/// empty squares: the disc difference, the empties to the winner.
#[inline(always)]
fn final_score(p: u64, n: u32) -> i32 {
    let mine = p.count_ones() as i32;
    let diff = 2 * mine + n as i32 - 64;
    match diff {
        d if d > 0 => d + n as i32,
        d if d < 0 => d - n as i32,
        _ => 0,
    }
}

// ---------------------------------------------------------------------------------
// Square tables

/// Bit `q` for the quadrant of each square (0 top-left, 1 top-right, 2
/// bottom-left, 3 bottom-right).
const QUADRANT_BIT: [u32; 64] = {
    let mut t = [0u32; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = 1 << ((sq / 32) * 2 + (sq % 8) / 4);
        sq += 1;
    }
    t
};

/// The squares of the quadrants whose bits are set, for each 4-bit set.
const PARITY_MASK: [u64; 16] = {
    const Q: [u64; 4] = [0x0f0f_0f0f, 0xf0f0_f0f0, 0x0f0f_0f0f << 32, 0xf0f0_f0f0 << 32];
    let mut t = [0u64; 16];
    let mut s = 0;
    while s < 16 {
        let mut q = 0;
        while q < 4 {
            if s >> q & 1 == 1 {
                t[s] |= Q[q];
            }
            q += 1;
        }
        s += 1;
    }
    t
};

/// The quadrants holding an odd number of the squares `empty`.
#[inline]
fn parity_of(empty: u64) -> u32 {
    (0..4).fold(0, |acc, q| acc | ((empty & PARITY_MASK[1 << q]).count_ones() & 1) << q)
}

/// The (up to eight) squares next to each square.
const NEIGHBOUR: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut dc = -1;
        while dc <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nc, nr) = (c + dc, r + dr);
                if (dc != 0 || dr != 0) && nc >= 0 && nc < 8 && nr >= 0 && nr < 8 {
                    t[sq] |= 1 << (8 * nr + nc);
                }
                dr += 1;
            }
            dc += 1;
        }
        sq += 1;
    }
    t
};

/// A static value of each square for move ordering (corners best, the squares
/// next to corners worst).
const SQUARE_VALUE: [i32; 64] = [
    18, 4, 16, 12, 12, 16, 4, 18, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    12, 8, 10, 0, 0, 10, 8, 12, //
    16, 6, 14, 10, 10, 14, 6, 16, //
    4, 2, 6, 8, 8, 6, 2, 4, //
    18, 4, 16, 12, 12, 16, 4, 18,
];

const CORNERS: u64 = 0x8100_0000_0000_0081;

/// `FLIPS_ON_LINE[i][line]`: on a line of eight squares where `line` marks the
/// mover's discs and every other square but `i` holds an opponent's disc, how
/// many discs a move on `i` flips (squares past the end of a shorter line read as
/// opponent's discs that nothing closes, so they never count).
static FLIPS_ON_LINE: [[u8; 256]; 8] = {
    let mut t = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Towards lower squares, then higher ones.
            let mut y = i as i32 - 1;
            while y >= 0 && line >> y & 1 == 0 {
                y -= 1;
            }
            if y >= 0 {
                n += i as i32 - 1 - y;
            }
            let mut y = i + 1;
            while y < 8 && line >> y & 1 == 0 {
                y += 1;
            }
            if y < 8 {
                n += (y - i - 1) as i32;
            }
            t[i][line] = n as u8;
            line += 1;
        }
        i += 1;
    }
    t
};

/// The two diagonals through each square: `[+7 direction, +9 direction]`.
const DIAGONALS: [[u64; 2]; 64] = {
    let mut t = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut k = -7;
        while k <= 7 {
            // +7: column down by one per row; +9: column up by one per row.
            let (c7, c9, rr) = (c - k, c + k, r + k);
            if rr >= 0 && rr < 8 {
                if c7 >= 0 && c7 < 8 {
                    t[sq][0] |= 1 << (8 * rr + c7);
                }
                if c9 >= 0 && c9 < 8 {
                    t[sq][1] |= 1 << (8 * rr + c9);
                }
            }
            k += 1;
        }
        sq += 1;
    }
    t
};

/// Discs flipped by `p` playing `x` when `x` is the last empty square: four
/// table look-ups, one per line through `x`, each line gathered into a byte
/// (rows by a shift, columns and diagonals by a multiplication that carries
/// nothing: the "kindergarten" trick), indexed by the position of `x` on it.
#[inline(always)]
fn last_flips(p: u64, x: u32) -> i32 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    let (c, r) = ((x & 7) as usize, (x >> 3) as usize);
    let [d7, d9] = DIAGONALS[x as usize];
    let row = (p >> (8 * r)) as usize & 0xff;
    let col = stability::pack_file_a(p >> c) as usize;
    let d7 = ((p & d7).wrapping_mul(FILE_A) >> 56) as usize;
    let d9 = ((p & d9).wrapping_mul(FILE_A) >> 56) as usize;
    (FLIPS_ON_LINE[c][row] as u32
        + FLIPS_ON_LINE[r][col] as u32
        + FLIPS_ON_LINE[c][d7] as u32
        + FLIPS_ON_LINE[c][d9] as u32) as i32
}

// Move-ordering weights (fastest first dominates).
const W_WIPEOUT: i32 = 1 << 30;
const W_TABLE_MOVE: i32 = 1 << 29;
const W_MOBILITY: i32 = 1 << 15;
const W_CORNER_STABILITY: i32 = 1 << 11;
const W_POTENTIAL_MOBILITY: i32 = 1 << 5;
const W_PARITY: i32 = 1 << 3;

/// Mobility with corners counted twice.
#[inline(always)]
fn weighted_count(m: u64) -> i32 {
    (m.count_ones() + (m & CORNERS).count_ones()) as i32
}

/// Empty squares next to a disc of `o` in a direction in which a line could run:
/// where `p` might one day move.
#[inline(always)]
fn potential_moves(p: u64, o: u64) -> u64 {
    let h = o & 0x7e7e_7e7e_7e7e_7e7e;
    let v = o & 0x00ff_ffff_ffff_ff00;
    let d = o & 0x007e_7e7e_7e7e_7e00;
    (h << 1 | h >> 1 | v << 8 | v >> 8 | d << 7 | d >> 7 | d << 9 | d >> 9) & !(p | o)
}

/// Discs of `p` on or next to a corner it holds (cheap stability for ordering).
#[inline(always)]
fn corner_stability(p: u64) -> i32 {
    let s = ((0x0100_0000_0000_0001 & p) << 1
        | (0x8000_0000_0000_0080 & p) >> 1
        | (0x0000_0000_0000_0081 & p) << 8
        | (0x8100_0000_0000_0000 & p) >> 8
        | CORNERS)
        & p;
    s.count_ones() as i32
}

// ---------------------------------------------------------------------------------
// The search

/// The move-generator-independent face of a search, so that the solver can hold
/// any back-end behind one type.
trait SearchOps {
    /// Score, best moves and nodes of the root `(p, o)`.
    fn solve_root(&mut self, p: u64, o: u64, all_best: bool) -> (i32, Vec<OthelloMove>, u64);
    /// A fail-soft search with a window.
    fn pvs(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, parity: u32) -> i32;
    /// Nodes visited so far.
    fn nodes(&self) -> u64;
}

/// One search thread: the move generator, the shared table, a node counter, the
/// threads it may split its principal variation over, and (for a helper working
/// on the siblings of a split node) the flag that calls it off.
struct Search<'a, G: MoveGen> {
    gen: G,
    table: &'a Table,
    edge: &'static EdgeTable,
    nodes: u64,
    threads: usize,
    stop: Option<&'a AtomicBool>,
}

/// A move in a deep node's list: square, flips, ordering score, and the table
/// key of the position after it (when that is searched with the table).
#[derive(Clone, Copy)]
struct Move {
    sq: u32,
    flips: u64,
    score: i32,
    key: Key,
}

impl Default for Move {
    fn default() -> Self {
        Move { sq: 0, flips: 0, score: 0, key: Key::new(0, 0) }
    }
}

/// The moves of a position, at most 33 in Othello (34 for safety).
struct MoveList {
    moves: [Move; 34],
    len: usize,
}

impl MoveList {
    /// The best move from `i` on, swapped to `i` (selection sort, one step).
    #[inline(always)]
    fn select(&mut self, i: usize) -> Move {
        let mut best = i;
        for j in i + 1..self.len {
            if self.moves[j].score > self.moves[best].score {
                best = j;
            }
        }
        self.moves.swap(i, best);
        self.moves[i]
    }
}

impl<'a, G: MoveGen> Search<'a, G> {
    fn new(gen: G, table: &'a Table, threads: usize, stop: Option<&'a AtomicBool>) -> Self {
        Search { gen, table, edge: EdgeTable::get(), nodes: 0, threads, stop }
    }

    /// Whether this (helper) search has been called off: its results are then
    /// meaningless and must not be stored.
    #[inline(always)]
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Relaxed))
    }

    /// Discs of the opponent flipped by `p` playing the last empty square `x`
    /// (every other square holds a disc).
    #[inline(always)]
    fn last_flips(&self, p: u64, x: u32) -> i32 {
        last_flips(p, x)
    }

    /// The score with one empty square `x`, exact unless it is at most `alpha`
    /// (then an upper bound: when the side to move cannot play there, the
    /// opponent's flips are counted only if they matter).
    #[inline(always)]
    fn solve_1(&mut self, p: u64, alpha: i32, x: u32) -> i32 {
        self.nodes += 1;
        let mine = p.count_ones() as i32;
        let f = self.last_flips(p, x);
        if f != 0 {
            return 2 * (mine + f + 1) - 64;
        }
        // We cannot play: nobody plays (63 discs, the empty square to the
        // winner), or the opponent does and flips at least one of ours.
        let none = if 2 * mine > 63 { 2 * mine - 62 } else { 2 * mine - 64 };
        if none <= alpha {
            return none;
        }
        let g = self.last_flips(!(p | 1 << x), x);
        if g != 0 {
            2 * (mine - g) - 64
        } else {
            none
        }
    }

    /// Null-window search with two empty squares: is the score above `alpha`?
    #[inline(always)]
    fn solve_2(&mut self, p: u64, o: u64, alpha: i32, x1: u32, x2: u32) -> i32 {
        self.nodes += 1;
        let mut best = -INF;
        if o & NEIGHBOUR[x1 as usize] != 0 {
            let f = self.gen.flips(p, o, x1);
            if f != 0 {
                best = -self.solve_1(o ^ f, -(alpha + 1), x2);
                if best > alpha {
                    return best;
                }
            }
        }
        if o & NEIGHBOUR[x2 as usize] != 0 {
            let f = self.gen.flips(p, o, x2);
            if f != 0 {
                return best.max(-self.solve_1(o ^ f, -(alpha + 1), x1));
            }
        }
        if best != -INF {
            return best;
        }
        // Pass: the opponent moves, we take the smaller outcome.
        let mut worst = INF;
        if p & NEIGHBOUR[x1 as usize] != 0 {
            let f = self.gen.flips(o, p, x1);
            if f != 0 {
                worst = self.solve_1(p ^ f, alpha, x2);
                if worst <= alpha {
                    return worst;
                }
            }
        }
        if p & NEIGHBOUR[x2 as usize] != 0 {
            let f = self.gen.flips(o, p, x2);
            if f != 0 {
                return worst.min(self.solve_1(p ^ f, alpha, x1));
            }
        }
        if worst != INF {
            worst
        } else {
            final_score(p, 2)
        }
    }

    /// Null-window search with three empty squares, the one alone in its
    /// quadrant (if any) first.
    #[inline(always)]
    fn solve_3(&mut self, p: u64, o: u64, alpha: i32, parity: u32, sq: [u32; 3]) -> i32 {
        self.nodes += 1;
        let [mut x1, mut x2, mut x3] = sq;
        // Parity: with a 2 + 1 split, the lone square first.
        if parity & QUADRANT_BIT[x1 as usize] == 0 {
            if parity & QUADRANT_BIT[x2 as usize] != 0 {
                std::mem::swap(&mut x1, &mut x2);
            } else {
                std::mem::swap(&mut x1, &mut x3);
                std::mem::swap(&mut x2, &mut x3);
            }
        }
        let mut best = -INF;
        for (x, a, b) in [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)] {
            if o & NEIGHBOUR[x as usize] != 0 {
                let f = self.gen.flips(p, o, x);
                if f != 0 {
                    let s = -self.solve_2(o ^ f, p ^ f ^ 1 << x, -(alpha + 1), a, b);
                    if s > alpha {
                        return s;
                    }
                    best = best.max(s);
                }
            }
        }
        if best != -INF {
            return best;
        }
        let mut worst = INF;
        for (x, a, b) in [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)] {
            if p & NEIGHBOUR[x as usize] != 0 {
                let f = self.gen.flips(o, p, x);
                if f != 0 {
                    let s = self.solve_2(p ^ f, o ^ f ^ 1 << x, alpha, a, b);
                    if s <= alpha {
                        return s;
                    }
                    worst = worst.min(s);
                }
            }
        }
        if worst != INF {
            worst
        } else {
            final_score(p, 3)
        }
    }

    /// The stability cut-off: `Some(bound)` if the opponent's stable discs keep
    /// the score at or below `alpha`.
    #[inline(always)]
    fn stability_cut(&self, p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
        // Stable discs are the opponent's, so the bound is at least 64 − 2·|o|.
        if alpha >= STABILITY_THRESHOLD[n as usize]
            && SCORE_MAX - 2 * o.count_ones() as i32 <= alpha
        {
            let bound = SCORE_MAX - 2 * stability::stability(self.edge, o, p) as i32;
            if bound <= alpha {
                return Some(bound);
            }
        }
        None
    }

    /// Null-window search with four empty squares, in parity order.
    fn solve_4(&mut self, p: u64, o: u64, alpha: i32, parity: u32) -> i32 {
        self.nodes += 1;
        if let Some(s) = self.stability_cut(p, o, alpha, 4) {
            return s;
        }
        let mut e = !(p | o);
        let mut x = [0u32; 4];
        for slot in &mut x {
            *slot = e.trailing_zeros();
            e &= e - 1;
        }
        // Parity: with a 1 + 1 + 2 split, the two lone squares first.
        let odd = |s: u32| parity & QUADRANT_BIT[s as usize] != 0;
        let [x1, x2, x3, x4] = x;
        let x = if !odd(x1) {
            if odd(x2) {
                if odd(x3) {
                    [x2, x3, x1, x4]
                } else {
                    [x2, x4, x1, x3]
                }
            } else if odd(x3) {
                [x3, x4, x1, x2]
            } else {
                x
            }
        } else if !odd(x2) {
            if odd(x3) {
                [x1, x3, x2, x4]
            } else {
                [x1, x4, x2, x3]
            }
        } else {
            x
        };
        let mut best = -INF;
        for i in 0..4 {
            let sq = x[i];
            if o & NEIGHBOUR[sq as usize] != 0 {
                let f = self.gen.flips(p, o, sq);
                if f != 0 {
                    let rest = match i {
                        0 => [x[1], x[2], x[3]],
                        1 => [x[0], x[2], x[3]],
                        2 => [x[0], x[1], x[3]],
                        _ => [x[0], x[1], x[2]],
                    };
                    let s = -self.solve_3(
                        o ^ f,
                        p ^ f ^ 1 << sq,
                        -(alpha + 1),
                        parity ^ QUADRANT_BIT[sq as usize],
                        rest,
                    );
                    if s > alpha {
                        return s;
                    }
                    best = best.max(s);
                }
            }
        }
        if best != -INF {
            best
        } else if self.gen.mobility(o, p) != 0 {
            -self.solve_4(o, p, -(alpha + 1), parity)
        } else {
            final_score(p, 4)
        }
    }

    /// Null-window search with `n` empty squares, 5 to [`SHALLOW_MAX`]: parity
    /// order, stability cut-off, no table.
    fn nws_shallow(&mut self, p: u64, o: u64, alpha: i32, n: u32, parity: u32) -> i32 {
        self.nodes += 1;
        if let Some(s) = self.stability_cut(p, o, alpha, n) {
            return s;
        }
        let empty = !(p | o);
        let odd = PARITY_MASK[parity as usize];
        let mut best = -INF;
        const XC: u64 = 0x42c3_0000_0000_c342;
        for group in [empty & odd & !XC, empty & odd & XC, empty & !odd & !XC, empty & !odd & XC] {
            let mut g = group;
            while g != 0 {
                let x = g.trailing_zeros();
                g &= g - 1;
                if o & NEIGHBOUR[x as usize] == 0 {
                    continue;
                }
                let f = self.gen.flips(p, o, x);
                if f == 0 {
                    continue;
                }
                let (np, no, cp) = (o ^ f, p ^ f ^ 1 << x, parity ^ QUADRANT_BIT[x as usize]);
                let s = if n == 5 {
                    -self.solve_4(np, no, -(alpha + 1), cp)
                } else {
                    -self.nws_shallow(np, no, -(alpha + 1), n - 1, cp)
                };
                if s > alpha {
                    return s;
                }
                best = best.max(s);
            }
        }
        if best != -INF {
            best
        } else if self.gen.mobility(o, p) != 0 {
            -self.nws_shallow(o, p, -(alpha + 1), n, parity)
        } else {
            final_score(p, n)
        }
    }

    /// Null-window search of any position: is its score above `alpha`?
    #[inline]
    fn nws(&mut self, p: u64, o: u64, alpha: i32, n: u32, parity: u32) -> i32 {
        match n {
            0 => {
                self.nodes += 1;
                final_score(p, 0)
            }
            1 => self.solve_1(p, alpha, (!(p | o)).trailing_zeros()),
            2 => {
                let e = !(p | o);
                let x1 = e.trailing_zeros();
                let x2 = (e & (e - 1)).trailing_zeros();
                self.solve_2(p, o, alpha, x1, x2)
            }
            3 => {
                let mut e = !(p | o);
                let x1 = e.trailing_zeros();
                e &= e - 1;
                let x2 = e.trailing_zeros();
                e &= e - 1;
                self.solve_3(p, o, alpha, parity, [x1, x2, e.trailing_zeros()])
            }
            4 => self.solve_4(p, o, alpha, parity),
            n if n <= SHALLOW_MAX => self.nws_shallow(p, o, alpha, n, parity),
            _ => self.nws_deep(p, o, alpha, n, parity, Key::new(p, o)),
        }
    }

    /// The moves of `(p, o)` (mobility `moves`, non-empty, `n` empty squares),
    /// scored for ordering. The table buckets of the children that will use the
    /// table are prefetched on the way.
    #[inline]
    fn move_list(&mut self, p: u64, o: u64, moves: u64, hint: u8, n: u32, parity: u32) -> MoveList {
        let mut list = MoveList { moves: [Move::default(); 34], len: 0 };
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let flips = self.gen.flips(p, o, sq);
            let (np, no) = (o ^ flips, p ^ flips ^ 1 << sq);
            let key = if n > SHALLOW_MAX + 1 {
                let k = Key::new(np, no);
                self.table.prefetch(k);
                k
            } else {
                Key::new(0, 0)
            };
            let score = if np == 0 {
                W_WIPEOUT
            } else if sq == hint as u32 {
                W_TABLE_MOVE
            } else if n >= SORT_MIN {
                // Far from the end: a shallow search on a heuristic evaluation.
                let depth = (n - SORT_MIN) / SORT_STEP;
                -self.shallow_eval(np, no, depth, -INF_EVAL, INF_EVAL) * 64
                    + SQUARE_VALUE[sq as usize]
            } else {
                let theirs = self.gen.mobility(np, no);
                let mut s = SQUARE_VALUE[sq as usize];
                if parity & QUADRANT_BIT[sq as usize] != 0 {
                    s += W_PARITY;
                }
                s += (36 - weighted_count(potential_moves(np, no))) * W_POTENTIAL_MOBILITY;
                s += corner_stability(no) * W_CORNER_STABILITY;
                s += (36 - weighted_count(theirs)) * W_MOBILITY;
                s
            };
            list.moves[list.len] = Move { sq, flips, score, key };
            list.len += 1;
        }
        list
    }

    /// A heuristic score for move ordering (side to move's view): mobility
    /// difference (corners twice), potential mobility, corner stability.
    #[inline]
    fn eval(&self, p: u64, o: u64) -> i32 {
        let mob = weighted_count(self.gen.mobility(p, o)) - weighted_count(self.gen.mobility(o, p));
        let pot = weighted_count(potential_moves(p, o)) - weighted_count(potential_moves(o, p));
        let cs = corner_stability(p) - corner_stability(o);
        EVAL_MOBILITY * mob + EVAL_POTENTIAL_MOBILITY * pot + EVAL_CORNER_STABILITY * cs
    }

    /// Negamax alpha-beta to `depth` plies on [`eval`](Self::eval).
    fn shallow_eval(&mut self, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if depth == 0 {
            return self.eval(p, o);
        }
        let moves = self.gen.mobility(p, o);
        if moves == 0 {
            return if self.gen.mobility(o, p) == 0 {
                final_score(p, (!(p | o)).count_ones()) * EVAL_PER_DISC
            } else {
                -self.shallow_eval(o, p, depth - 1, -beta, -alpha)
            };
        }
        let mut best = -INF_EVAL;
        let mut m = moves;
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let f = self.gen.flips(p, o, sq);
            let s = -self.shallow_eval(o ^ f, p ^ f ^ 1 << sq, depth - 1, -beta, -alpha);
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Null-window search with more than [`SHALLOW_MAX`] empty squares: table,
    /// stability cut-off, fastest-first ordering, enhanced transposition cut-offs.
    /// `key` is the table key of `(p, o)`, computed (and its bucket prefetched)
    /// by the caller.
    fn nws_deep(&mut self, p: u64, o: u64, alpha: i32, n: u32, parity: u32, key: Key) -> i32 {
        self.nodes += 1;
        if let Some(s) = self.stability_cut(p, o, alpha, n) {
            return s;
        }
        let moves = self.gen.mobility(p, o);
        if moves == 0 {
            return if self.gen.mobility(o, p) != 0 {
                -self.nws_deep(o, p, -(alpha + 1), n, parity, Key::new(o, p))
            } else {
                final_score(p, n)
            };
        }
        if moves & (moves - 1) == 0 {
            // One move: no table, no sorting.
            let sq = moves.trailing_zeros();
            let f = self.gen.flips(p, o, sq);
            return -self.nws(
                o ^ f,
                p ^ f ^ 1 << sq,
                -(alpha + 1),
                n - 1,
                parity ^ QUADRANT_BIT[sq as usize],
            );
        }
        let mut hint = NO_MOVE;
        if let Some(e) = self.table.probe(key) {
            if e.lower > alpha {
                return e.lower;
            }
            if e.upper <= alpha {
                return e.upper;
            }
            hint = e.mv;
        }
        let start = self.nodes;
        let mut list = self.move_list(p, o, moves, hint, n, parity);
        if n >= ETC_MIN {
            for mv in &list.moves[..list.len] {
                if let Some(e) = self.table.probe(mv.key) {
                    if -e.upper > alpha {
                        self.table.store(key, alpha, alpha + 1, -e.upper, mv.sq as u8, 1);
                        return -e.upper;
                    }
                }
            }
        }
        let mut best = -INF;
        let mut best_sq = NO_MOVE;
        for i in 0..list.len {
            let mv = list.select(i);
            let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ 1 << mv.sq);
            let cp = parity ^ QUADRANT_BIT[mv.sq as usize];
            let s = if n - 1 > SHALLOW_MAX {
                -self.nws_deep(np, no, -(alpha + 1), n - 1, cp, mv.key)
            } else {
                -self.nws(np, no, -(alpha + 1), n - 1, cp)
            };
            if self.stopped() {
                return 0;
            }
            if s > best {
                best = s;
                best_sq = mv.sq as u8;
                if s > alpha {
                    break;
                }
            }
        }
        self.table.store(key, alpha, alpha + 1, best, best_sq, self.nodes - start);
        best
    }

    /// Alpha-beta with a window on a position with few empty squares (no table).
    fn pvs_shallow(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, parity: u32) -> i32 {
        if beta == alpha + 1 || n <= 1 {
            return self.nws(p, o, alpha, n, parity);
        }
        self.nodes += 1;
        let mut alpha = alpha;
        let empty = !(p | o);
        let odd = PARITY_MASK[parity as usize];
        let mut best = -INF;
        for group in [empty & odd, empty & !odd] {
            let mut g = group;
            while g != 0 {
                let x = g.trailing_zeros();
                g &= g - 1;
                let f = self.gen.flips(p, o, x);
                if f == 0 {
                    continue;
                }
                let (np, no, cp) = (o ^ f, p ^ f ^ 1 << x, parity ^ QUADRANT_BIT[x as usize]);
                let s = if best == -INF {
                    -self.pvs_shallow(np, no, -beta, -alpha, n - 1, cp)
                } else {
                    let s = -self.nws(np, no, -(alpha + 1), n - 1, cp);
                    if s > alpha && s < beta {
                        -self.pvs_shallow(np, no, -beta, -alpha, n - 1, cp)
                    } else {
                        s
                    }
                };
                if s > best {
                    best = s;
                    if s > alpha {
                        alpha = s;
                        if s >= beta {
                            return s;
                        }
                    }
                }
            }
        }
        if best != -INF {
            best
        } else if self.gen.mobility(o, p) != 0 {
            -self.pvs_shallow(o, p, -beta, -alpha, n, parity)
        } else {
            final_score(p, n)
        }
    }

    /// Principal variation search with a window: the first move with the full
    /// window, the others with a null window and a re-search if they beat alpha.
    /// Returns the score and the best move ([`NO_MOVE`] for a pass or the end).
    #[allow(clippy::too_many_arguments)]
    fn pvs_deep(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        parity: u32,
        at_root: bool,
    ) -> (i32, u8) {
        self.nodes += 1;
        let moves = self.gen.mobility(p, o);
        if moves == 0 {
            return if self.gen.mobility(o, p) != 0 {
                (-self.pvs(o, p, -beta, -alpha, n, parity), NO_MOVE)
            } else {
                (final_score(p, n), NO_MOVE)
            };
        }
        let key = Key::new(p, o);
        let (mut alpha, mut beta) = (alpha, beta);
        let mut hint = NO_MOVE;
        if let Some(e) = self.table.probe(key) {
            hint = e.mv;
            if !at_root {
                if e.lower >= beta || e.lower == e.upper {
                    return (e.lower, e.mv);
                }
                if e.upper <= alpha {
                    return (e.upper, e.mv);
                }
                alpha = alpha.max(e.lower);
                beta = beta.min(e.upper);
            }
        }
        let start = self.nodes;
        let alpha0 = alpha;
        let mut list = self.move_list(p, o, moves, hint, n, parity);
        let mut best = -INF;
        let mut best_sq = NO_MOVE;
        let split = self.threads > 1 && n >= SPLIT_MIN && list.len > 1;
        let mut i = 0;
        while i < list.len {
            let mv = list.select(i);
            let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ 1 << mv.sq);
            let cp = parity ^ QUADRANT_BIT[mv.sq as usize];
            if i == 1 && split {
                // The younger brothers, in parallel (see `split`).
                let rest: Vec<Move> = (1..list.len).map(|j| list.select(j)).collect();
                let (s, sq) = self.split(p, o, alpha, beta, n, parity, &rest);
                if s > best {
                    (best, best_sq) = (s, sq);
                }
                break;
            }
            let s = if i == 0 {
                -self.pvs(np, no, -beta, -alpha, n - 1, cp)
            } else {
                let s = -self.nws(np, no, -(alpha + 1), n - 1, cp);
                if s > alpha && s < beta {
                    -self.pvs(np, no, -beta, -alpha, n - 1, cp)
                } else {
                    s
                }
            };
            if self.stopped() {
                return (0, NO_MOVE);
            }
            if s > best {
                best = s;
                best_sq = mv.sq as u8;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
            i += 1;
        }
        self.table.store(key, alpha0, beta, best, best_sq, self.nodes - start);
        (best, best_sq)
    }

    /// The younger brothers `moves` of a node on the principal variation
    /// (window `(alpha, beta)`, alpha already raised by the eldest), searched by
    /// [`threads`](Self::threads) threads that take them in order: each gets a
    /// null window at the alpha of the moment and, if it beats it, a full-window
    /// re-search by the same thread, which raises the shared alpha; a move that
    /// reaches `beta` calls the others off. Returns the best score found (exact if
    /// above `alpha`, else an upper bound) and its move ([`NO_MOVE`] if none
    /// beat `alpha`). The nodes are added to ours.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        parity: u32,
        moves: &[Move],
    ) -> (i32, u8) {
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let shared_alpha = AtomicI32::new(alpha);
        // (score, move) of the best so far, packed so that one atomic max keeps it.
        let best = std::sync::atomic::AtomicI64::new(pack_best(-INF, false, NO_MOVE));
        let (gen, table) = (self.gen, self.table);
        let work = || {
            let mut s = Search::new(gen, table, 1, Some(&stop));
            while let Some(mv) = moves.get(next.fetch_add(1, Relaxed)) {
                let a = shared_alpha.load(Relaxed);
                if a >= beta {
                    break;
                }
                let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ 1 << mv.sq);
                let cp = parity ^ QUADRANT_BIT[mv.sq as usize];
                let mut v = -s.nws(np, no, -(a + 1), n - 1, cp);
                if v > a && v < beta && !s.stopped() {
                    v = -s.pvs(np, no, -beta, -a, n - 1, cp);
                }
                if s.stopped() {
                    break;
                }
                best.fetch_max(pack_best(v, v > a, mv.sq as u8), Relaxed);
                shared_alpha.fetch_max(v, Relaxed);
                if v >= beta {
                    stop.store(true, Relaxed);
                    break;
                }
            }
            s.nodes
        };
        let nodes: u64 = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..self.threads).map(|_| scope.spawn(work)).collect();
            let mine = work();
            mine + helpers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .sum::<u64>()
        });
        self.nodes += nodes;
        let b = best.load(Relaxed);
        ((b >> 9) as i32, (b & 0xff) as u8)
    }

    /// Null-window searches of the positions after each of `moves` from
    /// `(p, o)`, shared out over [`threads`](Self::threads) threads: is our score
    /// after the move above `alpha`? Each result is our fail-soft score, `None`
    /// where the move was not searched because another reached `beta` first (the
    /// others are then called off). The nodes are added to ours.
    #[allow(clippy::too_many_arguments)]
    fn parallel_nws(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        n: u32,
        parity: u32,
        moves: &[Move],
    ) -> Vec<Option<i32>> {
        const NONE: i32 = i32::MIN;
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let results: Vec<AtomicI32> = moves.iter().map(|_| AtomicI32::new(NONE)).collect();
        let (gen, table) = (self.gen, self.table);
        let work = |stop: &AtomicBool| {
            let mut s = Search::new(gen, table, 1, Some(stop));
            loop {
                let i = next.fetch_add(1, Relaxed);
                let Some(mv) = moves.get(i) else { break };
                let (np, no) = (o ^ mv.flips, p ^ mv.flips ^ 1 << mv.sq);
                let cp = parity ^ QUADRANT_BIT[mv.sq as usize];
                let v = -s.nws(np, no, -(alpha + 1), n - 1, cp);
                if s.stopped() {
                    break;
                }
                results[i].store(v, Relaxed);
                if v >= beta {
                    stop.store(true, Relaxed);
                    break;
                }
            }
            s.nodes
        };
        let nodes: u64 = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..self.threads).map(|_| scope.spawn(|| work(&stop))).collect();
            let mine = work(&stop);
            mine + helpers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .sum::<u64>()
        });
        self.nodes += nodes;
        results.iter().map(|r| Some(r.load(Relaxed)).filter(|&v| v != NONE)).collect()
    }

    /// Every move of the root `(p, o)` other than `first` that also scores
    /// `score`: a null-window test each (is ours above `score − 1`?), in
    /// parallel when there are threads.
    fn other_best(&mut self, p: u64, o: u64, score: i32, first: u32, n: u32) -> Vec<u32> {
        let parity = parity_of(!(p | o));
        let mut others = Vec::new();
        let mut m = self.gen.mobility(p, o) & !(1 << first);
        while m != 0 {
            let sq = m.trailing_zeros();
            m &= m - 1;
            let flips = self.gen.flips(p, o, sq);
            others.push(Move { sq, flips, ..Move::default() });
        }
        let mut best = Vec::new();
        if score == -SCORE_MAX {
            // Nothing scores less: every move is best.
            return others.iter().map(|m| m.sq).collect();
        }
        if score == SCORE_MAX {
            // A best move is one that forces a wipe-out: most are settled by
            // the wipe-out search alone.
            others.retain(|m| {
                let (np, no) = (o ^ m.flips, p ^ m.flips ^ 1 << m.sq);
                match self.wipeout(np, no, false, wipeout_budget(n)) {
                    Wipeout::Forced(_) => best.push(m.sq),
                    Wipeout::Impossible => {}
                    Wipeout::Unknown => return true,
                }
                false
            });
        }
        let results = self.parallel_nws(p, o, score - 1, INF, n, parity, &others);
        best.extend(
            others
                .iter()
                .zip(results)
                .filter(|(_, r)| r.is_some_and(|s| s >= score))
                .map(|(m, _)| m.sq),
        );
        best.sort_unstable();
        best
    }
}

impl<G: MoveGen> SearchOps for Search<'_, G> {
    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn pvs(&mut self, p: u64, o: u64, alpha: i32, beta: i32, n: u32, parity: u32) -> i32 {
        if n <= SHALLOW_MAX {
            self.pvs_shallow(p, o, alpha, beta, n, parity)
        } else {
            self.pvs_deep(p, o, alpha, beta, n, parity, false).0
        }
    }

    fn solve_root(&mut self, p: u64, o: u64, all_best: bool) -> (i32, Vec<OthelloMove>, u64) {
        let moves = self.gen.mobility(p, o);
        if moves == 0 {
            if self.gen.mobility(o, p) == 0 {
                return (final_score(p, (!(p | o)).count_ones()), Vec::new(), 0);
            }
            let (s, _, nodes) = self.solve_root(o, p, false);
            return (-s, vec![OthelloMove::Pass], nodes);
        }
        let n = (!(p | o)).count_ones();
        let parity = parity_of(!(p | o));
        let (score, best_sq) = if n <= SHALLOW_MAX {
            // Few empties: each move with the window above the best so far.
            let (mut alpha, mut best_sq) = (-SCORE_MAX - 1, moves.trailing_zeros());
            let mut m = moves;
            while m != 0 {
                let sq = m.trailing_zeros();
                m &= m - 1;
                let f = self.gen.flips(p, o, sq);
                let cp = parity ^ QUADRANT_BIT[sq as usize];
                let s = -self.pvs(o ^ f, p ^ f ^ 1 << sq, -SCORE_MAX - 1, -alpha, n - 1, cp);
                if s > alpha {
                    (alpha, best_sq) = (s, sq);
                }
            }
            (alpha, best_sq)
        } else if let Wipeout::Forced(Some(sq)) = self.wipeout(p, o, true, wipeout_budget(n)) {
            (SCORE_MAX, sq)
        } else if let Wipeout::Forced(_) = self.wipeout(p, o, false, wipeout_budget(n)) {
            // Every move loses every disc.
            (-SCORE_MAX, moves.trailing_zeros())
        } else {
            let (s, sq) = self.pvs_deep(p, o, -SCORE_MAX, SCORE_MAX, n, parity, true);
            (s, sq as u32)
        };
        let mut best = vec![best_sq];
        if all_best {
            best.extend(self.other_best(p, o, score, best_sq, n));
        }
        let best = best.into_iter().filter_map(Square::new).map(OthelloMove::Place).collect();
        (score, best, self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables() {
        assert_eq!(QUADRANT_BIT[0], 1);
        assert_eq!(QUADRANT_BIT[7], 2);
        assert_eq!(QUADRANT_BIT[56], 4);
        assert_eq!(QUADRANT_BIT[63], 8);
        assert_eq!(PARITY_MASK[15], u64::MAX);
        assert_eq!(NEIGHBOUR[0], 0x302);
        assert_eq!(parity_of(1 | 1 << 63 | 1 << 62), 1);
    }

    #[test]
    fn last_flips_match_the_move_generator() {
        let mut x = 7u64;
        for i in 0..200_000u64 {
            x = crate::game::mix64(x ^ i);
            let sq = (i % 64) as u32;
            let p = x & !(1 << sq);
            let want = Portable.flips(p, !(p | 1 << sq), sq).count_ones() as i32;
            assert_eq!(last_flips(p, sq), want, "p {p:#x} sq {sq}");
        }
    }

    #[test]
    fn final_scores() {
        // Full board, 40 discs to 24.
        assert_eq!(final_score((1 << 40) - 1, 0), 16);
        // 30 to 20 with 14 empties: 10 + 14.
        assert_eq!(final_score((1 << 30) - 1, 14), 24);
        assert_eq!(final_score((1 << 20) - 1, 14), -24);
        assert_eq!(final_score((1 << 25) - 1, 14), 0);
    }
}

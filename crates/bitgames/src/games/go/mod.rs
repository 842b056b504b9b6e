//! Go on a `size × size` board (9×9 by default, 1–19; 19×19 is the paper's
//! six-word example), under area (Tromp–Taylor) scoring.
//!
//! Cells are named in GTP coordinates: the letter is the column from the left
//! with no `i` (`a`–`h`, `j`–`t`), the number the row from the bottom, `a1` the
//! bottom-left corner. A move is a cell (`d4`) or `pass`. Black ([`Player::First`],
//! `x`) moves first.
//!
//! Rules:
//! - a stone is placed on an empty cell; enemy groups left without a liberty are
//!   removed (surround capture, Browne Alg. 12, run only on the groups touching
//!   the stone just placed: freedom is propagated from the stone's enemy
//!   neighbours until a liberty is reached or the group is closed);
//! - suicide (a move whose own group has no liberty after captures) is illegal
//!   unless `suicide=true`, where, as in Tromp–Taylor, the group is removed;
//! - `ko=positional` (default): positional superko, a stone may not recreate
//!   any earlier board (Zobrist hashes of every board so far);
//!   `ko=simple`: only the immediate recapture of a single stone in a ko is
//!   forbidden; `ko=repetition_draw`: simple ko, and a stone that recreates an
//!   earlier board ends the game drawn (OpenSpiel's `go`);
//! - two passes in a row end the game; so does move `max_moves` when it is not 0
//!   (passes count; OpenSpiel's `go` stops 9×9 games at 162);
//! - the score is Tromp–Taylor area: stones plus the empty regions that reach
//!   only one colour, with `komi` (default 7.5) given to White. The score is
//!   kept in half points ([`Rules::score_halves`]; [`Rules::score`] gives the same
//!   number).
//!
//! Random moves ([`Hints::random_move`], so the playouts) follow the light
//! playout policy of libego and most Monte-Carlo programs: uniform over the
//! legal moves that do not fill one of the mover's own single-point eyes (a
//! cell whose orthogonal neighbours are all the mover's and whose diagonal
//! neighbours hold at most one enemy stone, none on the edge) and are not
//! suicide (where `suicide=true` allows it); a pass only when no such move is
//! left.
//!
//! Position text: the rows from the top separated by `/` (`x` Black, `o` White,
//! `.` empty), then the side to move, the ply, the number of passes just played
//! (0–2) and the cell a simple ko forbids or `-`; `repeated` at the end marks a
//! game drawn by repetition under `ko=repetition_draw`. Example:
//! `.../.x./... o 1 0 -`. The text does not carry the earlier boards a
//! positional superko compares against (as FEN does not carry repetitions): a
//! read position starts its history afresh.

use crate::board::BoardShape;
use crate::game::PositionFault::{OffBoard, Rules as RulesFault, SideToMove, Syntax};
use crate::game::{clip, mix64, random_below};
use crate::games::prelude::*;
use crate::search::mcts::Parallel;
use crate::tools::{ScaleWork, Tools};
use rand::Rng;

mod history;
mod notation;
mod playout;
mod policy;
mod rules;
use history::BoardHistory;
pub use notation::{column_letter, star_points, GoMove};
#[cfg(feature = "internal-tests")]
pub use policy::tests as policy_tests;
pub use rules::{GoRules, KoRule};

/// The largest board.
pub const MAX_SIZE: usize = 19;

/// The parameters of `go(size=…,komi=…,ko=…,suicide=…,max_moves=…)`.
static PARAMS: &[ParamInfo] = &[
    ParamInfo::int("size", 9, 1, MAX_SIZE as i64, "cells on a side"),
    ParamInfo::float("komi", 7.5, -400.0, 400.0, "points given to White, a multiple of 0.5"),
    ParamInfo::choice(
        "ko",
        "positional",
        &["positional", "simple", "repetition_draw"],
        "positional superko; simple ko; or simple ko with a repeated board drawn (OpenSpiel)",
    ),
    ParamInfo::flag("suicide", false, "allow suicide, which removes the mover's group"),
    ParamInfo::int(
        "max_moves",
        0,
        0,
        100_000,
        "moves (passes included) after which the game is scored; 0: no limit",
    ),
];

/// The registry's entry: `go`, stored in the fewest words that hold the board
/// (9×9 two words, 13×13 three… four, 19×19 six).
pub static INFO: GameInfo = GameInfo::new(
    "go",
    "Go: area scoring, komi, positional superko (GTP cell names, a1 bottom-left)",
    PARAMS,
    |p| {
        let n = p.size();
        let ko = match p.text("ko") {
            "simple" => KoRule::Simple,
            "repetition_draw" => KoRule::RepetitionDraw,
            _ => KoRule::Positional,
        };
        let rules = GoRules {
            ko,
            suicide: p.flag("suicide"),
            komi: p.float("komi"),
            max_moves: p.int("max_moves") as u32,
        };
        crate::in_words!(grid GridKind::Square4, n, n, |N| Go::<N>::new(n, rules))
    },
)
.tools(Tools { bench_specs: &["go(size=19)"], scale: &SCALE, ..Tools::NONE })
.core_bench((4, 3), (20_000, 2_000));

/// `bitgames bench scale`: Monte Carlo tree search from the empty 9×9 board
/// for 2 s (0.5 s with `--quick`), the simulations the threads ran: root
/// parallelism (a tree a thread) and tree parallelism (one lock-free tree).
static SCALE: [ScaleWork; 2] = [
    ScaleWork {
        name: "MCTS 9x9 root-parallel, 2 s (0.5 s)",
        unit: "simulations",
        fixed_time: true,
        run: |threads, quick| scale_mcts(threads, quick, Parallel::Root),
    },
    ScaleWork {
        name: "MCTS 9x9 tree-parallel, 2 s (0.5 s)",
        unit: "simulations",
        fixed_time: true,
        run: |threads, quick| scale_mcts(threads, quick, Parallel::Tree),
    },
];

fn scale_mcts(
    threads: usize, quick: bool, parallel: Parallel,
) -> Result<u64, crate::tools::ToolError> {
    use crate::search::mcts::{Mcts, MctsConfig, MctsLimits};
    let mut mcts = Mcts::new(MctsConfig { threads, parallel, ..MctsConfig::default() });
    let time = std::time::Duration::from_millis(if quick { 500 } else { 2000 });
    let r = mcts
        .search(&Go::<2>::standard(), &MctsLimits::time(time))
        .map_err(|e| crate::tools::ToolError::Failed(e.to_string()))?;
    Ok(r.iterations)
}

/// Zobrist keys: one per colour and bit index (up to six words).
static ZOBRIST: [[u64; 384]; 2] = {
    let mut t = [[0u64; 384]; 2];
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < 384 {
            t[c][i] = mix64(0x6a09_e667_f3bc_c908 ^ ((c * 384 + i + 1) as u64));
            i += 1;
        }
        c += 1;
    }
    t
};

/// No ko cell.
const NO_KO: u16 = u16::MAX;

/// A Go position stored in `N` 64-bit words per colour.
#[derive(Clone)]
pub struct Go<const N: usize> {
    grid: Grid<N>,
    stones: [Bits<N>; 2],
    /// Cells from which a stone has ever been removed: only a stone on one of
    /// them can recreate an earlier board.
    emptied: Bits<N>,
    /// Zobrist hash of the board.
    hash: u64,
    /// The cell a simple ko forbids now, or [`NO_KO`].
    ko: u16,
    /// The cell of the last stone played, [`NO_KO`] after a pass or at the
    /// start (for the search's playout policy and priors).
    last: u16,
    ply: u32,
    passes: u8,
    /// 0: Black to move, 1: White.
    side: u8,
    /// 0: going on; 1: over and scored; 2: drawn by a repeated board.
    state: u8,
    komi2: i32,
    rules: GoRules,
    /// Hashes of every board so far (not under simple ko), shared with the
    /// clones.
    history: BoardHistory,
    /// The stones Black and White have captured since the start (a position
    /// read from text starts with none), shown beside the board; not part of
    /// the position (equality and the hash ignore it).
    captured: [u32; 2],
}

impl<const N: usize> PartialEq for Go<N> {
    /// Same board, side, ply, passes, ko cell, result and rules (the history
    /// of earlier boards is not compared).
    fn eq(&self, o: &Self) -> bool {
        self.grid == o.grid
            && self.stones == o.stones
            && self.ko == o.ko
            && self.ply == o.ply
            && self.passes == o.passes
            && self.side == o.side
            && self.state == o.state
            && self.rules == o.rules
    }
}

impl Go<2> {
    /// The standard 9×9 game (positional superko, komi 7.5).
    pub fn standard() -> Self {
        Self::new(9, GoRules::default()).expect("9×9 fits two words")
    }
}

impl Go<6> {
    /// The standard 19×19 game.
    pub fn standard_19() -> Self {
        Self::new(19, GoRules::default()).expect("19×19 fits six words")
    }
}

impl<const N: usize> Go<N> {
    /// The empty `size × size` board, Black to move.
    pub fn new(size: usize, rules: GoRules) -> Result<Self, SetupError> {
        SetupError::check_range("size", size, 1, MAX_SIZE)?;
        let k2 = rules.komi * 2.0;
        if !k2.is_finite() || k2.fract() != 0.0 || k2.abs() > 800.0 {
            let k = rules.komi;
            return Err(SetupError::Invalid {
                param: "komi",
                value: if k.is_finite() && k.abs() < 1e6 {
                    k.to_string()
                } else {
                    format!("{k:e}")
                },
                expected: "a multiple of 0.5 from -400 to 400",
            });
        }
        let grid = Grid::new(GridKind::Square4, size, size)?;
        let mut g = Go {
            grid,
            stones: [Bits::EMPTY; 2],
            emptied: Bits::EMPTY,
            hash: 0,
            ko: NO_KO,
            last: NO_KO,
            ply: 0,
            passes: 0,
            side: 0,
            state: 0,
            komi2: k2 as i32,
            rules,
            history: BoardHistory::new(),
            captured: [0; 2],
        };
        g.reset_history();
        Ok(g)
    }

    /// The board geometry (row 0 at the bottom).
    pub fn grid(&self) -> &Grid<N> {
        &self.grid
    }

    /// The board's side.
    pub fn size(&self) -> usize {
        self.grid.width()
    }

    /// The rules.
    pub fn rules(&self) -> GoRules {
        self.rules
    }

    /// Stones of player `p`.
    pub fn stones(&self, p: Player) -> Bits<N> {
        self.stones[p.index()]
    }

    /// Empty cells.
    #[inline]
    pub fn empty(&self) -> Bits<N> {
        self.grid.complement(self.stones[0] | self.stones[1])
    }

    /// The bit index of a move's cell, `None` for a pass or a cell off the
    /// board.
    #[inline]
    fn index(&self, mv: GoMove) -> Option<usize> {
        match mv {
            GoMove::Place { col, row } => self.grid.cell(col as usize, row as usize),
            GoMove::Pass => None,
        }
    }

    #[inline(always)]
    fn move_at(&self, i: usize) -> GoMove {
        let c = self.grid.cell_at_unchecked(i);
        GoMove::Place { col: c.col as u8, row: c.row as u8 }
    }

    /// The orthogonal neighbours of cell `i`.
    #[inline(always)]
    fn adjacent(&self, i: usize) -> Bits<N> {
        let s = self.grid.stride();
        let mut a = Bits::EMPTY;
        a.insert(i + 1);
        if i >= 1 {
            a.insert(i - 1);
        }
        if i + s < Bits::<N>::CAPACITY {
            a.insert(i + s);
        }
        if i >= s {
            a.insert(i - s);
        }
        a & self.grid.mask()
    }

    /// The diagonal neighbours of cell `i`, and whether `i` is on the edge.
    #[inline(always)]
    fn diagonal(&self, i: usize) -> Bits<N> {
        let s = self.grid.stride();
        let mut a = Bits::EMPTY;
        if i + s + 1 < Bits::<N>::CAPACITY {
            a.insert(i + s + 1);
        }
        if i + s - 1 < Bits::<N>::CAPACITY {
            a.insert(i + s - 1);
        }
        if i > s {
            a.insert(i - s - 1);
        }
        if i + 1 >= s {
            a.insert(i + 1 - s);
        }
        a & self.grid.mask()
    }

    /// `bits ⊕ 1` on the square grid: the four shifts by 1 and by the row
    /// stride at once, masked once (the separator bit after each row takes
    /// what the horizontal shifts push off a row).
    #[inline(always)]
    fn dilate(&self, b: Bits<N>) -> Bits<N> {
        let s = self.grid.stride();
        (b | b.shl(1) | b.shr(1) | b.shl(s) | b.shr(s)) & self.grid.mask()
    }

    /// Whether the group of `stones` holding `seed` reaches a cell of `libs`
    /// (Alg. 12's freedom, propagated from the seed until it finds a liberty);
    /// `Err(group)` with the whole closed group when it does not.
    #[inline(always)]
    fn free_or_group(&self, seed: Bits<N>, stones: Bits<N>, libs: Bits<N>) -> Result<(), Bits<N>> {
        let mut g = seed;
        loop {
            let d = self.dilate(g);
            if (d & libs).any() {
                return Ok(());
            }
            let next = d & stones;
            if next == g {
                return Err(g);
            }
            g = next;
        }
    }

    /// The enemy stones a stone of the side to move on empty cell `i` would
    /// capture (groups whose only liberty is `i`).
    #[inline]
    fn captures_at(&self, i: usize, adj: Bits<N>) -> Bits<N> {
        let opp = self.stones[self.side as usize ^ 1];
        let mut todo = adj & opp;
        if todo.is_empty() {
            return Bits::EMPTY;
        }
        let libs = self.empty().without(i);
        let mut captured = Bits::EMPTY;
        while let Some(n) = todo.pop_first() {
            // Most neighbours breathe next to themselves: no fill for them.
            if (self.adjacent(n) & libs).any() {
                continue;
            }
            if let Err(group) = self.free_or_group(Bits::cell(n), opp, libs) {
                captured |= group;
                todo -= group;
            }
        }
        captured
    }

    /// What a stone of the side to move on empty cell `i` does: the enemy
    /// stones it captures, and the own group it kills by suicide (empty if
    /// none). `None` when the cell is empty but the move is illegal (the ko
    /// cell, a forbidden suicide, or a superko repetition).
    #[inline]
    fn try_place(&self, i: usize) -> Option<(Bits<N>, Bits<N>)> {
        if i as u16 == self.ko {
            return None;
        }
        let me = self.side as usize;
        let adj = self.adjacent(i);
        let empty = self.empty();
        // The common case: a liberty of its own, no enemy neighbour, a cell
        // never emptied (so no repetition).
        if (adj & empty).any()
            && (adj & self.stones[me ^ 1]).is_empty()
            && (self.rules.ko != KoRule::Positional || !self.emptied.contains(i))
        {
            return Some((Bits::EMPTY, Bits::EMPTY));
        }
        let captured = self.captures_at(i, adj);
        let mut suicide = Bits::EMPTY;
        if captured.is_empty() && (adj & empty).is_empty() {
            // No liberty of its own: legal only if an own neighbour group has
            // another liberty.
            let mine = self.stones[me];
            let libs = empty.without(i);
            if self.free_or_group(adj & mine, mine, libs).is_err() {
                if !self.rules.suicide {
                    return None;
                }
                suicide = ops::flood_fill(&self.grid, Bits::cell(i), mine.with(i));
            }
        }
        if self.rules.ko == KoRule::Positional
            && (self.emptied.contains(i) || suicide.any())
            && self.history.contains(self.hash_after(i, captured, suicide))
        {
            return None;
        }
        Some((captured, suicide))
    }

    /// The cells the side to move may place a stone on now (empty once the
    /// game is over). A cell with an empty neighbour is never suicide. For the
    /// crowded rest the groups around them are filled once each, not once a
    /// cell: a crowded cell is legal where it is the last liberty of an enemy
    /// group (a capture) or a liberty of an own group that has another one
    /// (the rules of [`try_place`](Self::try_place), which is still asked where
    /// suicide is allowed). Under positional superko the other legal cells once
    /// emptied are then looked up in the history. The ko cell is never legal.
    #[inline]
    fn legal_cells(&self) -> Bits<N> {
        if self.state != 0 {
            return Bits::EMPTY;
        }
        let empty = self.empty();
        let mut open = Bits::EMPTY;
        for &d in self.grid.directions() {
            open |= self.grid.step(empty, d);
        }
        open &= empty;
        let crowded = empty.and_not(open);
        let mut legal = open;
        if crowded.any() {
            if self.rules.suicide {
                for i in crowded {
                    if self.try_place(i).is_some() {
                        legal.insert(i);
                    }
                }
            } else {
                legal |= crowded & self.breathing_cells(crowded);
            }
        }
        if self.ko != NO_KO {
            legal = legal.without(self.ko as usize);
        }
        if self.rules.ko == KoRule::Positional {
            // Where suicide is allowed the crowded cells had try_place's whole
            // test, repetition included. Every other legal cell's stone lives
            // (it has an empty neighbour, or suicide is not allowed), so the
            // position after it is the board with it and without its captures.
            let unchecked = if self.rules.suicide { legal & open } else { legal };
            for i in unchecked & self.emptied {
                let captured = self.captures_at(i, self.adjacent(i));
                if self.history.contains(self.hash_after(i, captured, Bits::EMPTY)) {
                    legal = legal.without(i);
                }
            }
        }
        legal
    }

    /// Of the empty cells next to `cells`' neighbour groups, those where a
    /// stone of the side to move would not be without liberties (the ko and
    /// repetition aside): the single liberty of each enemy group in atari
    /// next to `cells`, and every liberty of each own group next to `cells`
    /// that has two or more.
    #[inline]
    fn breathing_cells(&self, cells: Bits<N>) -> Bits<N> {
        let me = self.side as usize;
        let (mine, theirs) = (self.stones[me], self.stones[me ^ 1]);
        let empty = self.empty();
        let near = self.dilate(cells);
        let mut ok = Bits::EMPTY;
        for (stones, want_atari) in [(theirs, true), (mine, false)] {
            let mut todo = near & stones;
            while let Some(n) = todo.pop_first() {
                // With no liberty to find, the fill runs to the whole group.
                let Err(group) = self.free_or_group(Bits::cell(n), stones, Bits::EMPTY) else {
                    continue;
                };
                todo -= group;
                let libs = self.dilate(group) & empty;
                if (libs.count() == 1) == want_atari {
                    ok |= libs;
                }
            }
        }
        ok
    }

    /// The board hash after a stone of the side to move on `i` that captures
    /// `captured` (and kills its own `suicide` group).
    #[inline]
    fn hash_after(&self, i: usize, captured: Bits<N>, suicide: Bits<N>) -> u64 {
        let me = self.side as usize;
        let mut h = self.hash ^ ZOBRIST[me][i];
        for c in captured {
            h ^= ZOBRIST[me ^ 1][c];
        }
        for c in suicide {
            h ^= ZOBRIST[me][c];
        }
        h
    }

    fn reset_history(&mut self) {
        self.history.clear();
        self.emptied = Bits::EMPTY;
        if self.rules.ko != KoRule::Simple {
            self.history.push(self.hash);
        }
    }

    /// Whether `i` is one of the side to move's own single-point eyes as the
    /// light playout policy sees them: every orthogonal neighbour is own, and
    /// the enemy holds fewer than two diagonal neighbours (counting one more
    /// when the cell is on the edge).
    #[inline(always)]
    fn own_eye(&self, i: usize, adj: Bits<N>) -> bool {
        let me = self.side as usize;
        if !adj.is_subset(&self.stones[me]) {
            return false;
        }
        let diag = self.diagonal(i);
        let enemy = (diag & self.stones[me ^ 1]).count() + (diag.count() < 4) as u32;
        enemy < 2
    }

    /// Plays a stone already found legal, with its captures and suicide.
    #[inline(always)]
    fn place(&mut self, i: usize, captured: Bits<N>, suicide: Bits<N>, adj: Bits<N>) {
        let me = self.side as usize;
        let fresh = !self.emptied.contains(i);
        // The ko of OpenSpiel and the simple ko rule: a stone played where all
        // neighbours are enemy that captures exactly one stone.
        let in_enemy_eye = adj.is_subset(&self.stones[me ^ 1]);
        self.hash ^= ZOBRIST[me][i];
        self.stones[me].insert(i);
        if captured.any() {
            self.captured[me] += captured.count();
            self.stones[me ^ 1] -= captured;
            for c in captured {
                self.hash ^= ZOBRIST[me ^ 1][c];
            }
            self.emptied |= captured;
        }
        if suicide.any() {
            // Stones lost by suicide are the opponent's prisoners.
            self.captured[me ^ 1] += suicide.count();
            self.stones[me] -= suicide;
            for c in suicide {
                self.hash ^= ZOBRIST[me][c];
            }
            self.emptied |= suicide;
        }
        self.ko = if in_enemy_eye && captured.count() == 1 && suicide.is_empty() {
            captured.first().map_or(NO_KO, |c| c as u16)
        } else {
            NO_KO
        };
        match self.rules.ko {
            KoRule::Simple => {}
            KoRule::Positional => self.history.push(self.hash),
            KoRule::RepetitionDraw => {
                if (!fresh || suicide.any()) && self.history.contains(self.hash) {
                    self.state = 2;
                }
                self.history.push(self.hash);
            }
        }
    }

    /// Ends the move: next side, ply, and the end by move count.
    #[inline(always)]
    fn next_turn(&mut self) {
        self.side ^= 1;
        self.ply += 1;
        if self.state == 0
            && (self.passes >= 2 || (self.rules.max_moves > 0 && self.ply >= self.rules.max_moves))
        {
            self.state = 1;
        }
    }

    /// The Tromp–Taylor area of each colour: its stones and the empty regions
    /// that reach only its stones. Two flood fills by dilation (Alg. 12's
    /// propagation, seeded everywhere at once) find every empty cell whose
    /// region touches Black and every one whose region touches White; a
    /// region counts for a colour when it is in that colour's fill alone. No
    /// loop over regions: at the end of a playout, with dozens of one- and
    /// two-cell eyes, each fill stops after a dilation or two.
    pub fn area(&self) -> [u32; 2] {
        let (b, w) = self.area_fills();
        [self.stones[0].count() + (b - w).count(), self.stones[1].count() + (w - b).count()]
    }

    /// The empty points whose regions reach Black's stones, and those whose
    /// regions reach White's ([`area`](Go::area)'s two fills).
    fn area_fills(&self) -> (Bits<N>, Bits<N>) {
        let empty = self.empty();
        let reach = |stones: Bits<N>| {
            let mut r = self.dilate(stones) & empty;
            loop {
                let next = self.dilate(r) & empty;
                if next == r {
                    return r;
                }
                r = next;
            }
        };
        (reach(self.stones[0]), reach(self.stones[1]))
    }

    /// The stones Black (`[0]`) and White (`[1]`) have captured since the
    /// start (a position read from text starts with none); stones lost by
    /// suicide, where the rules allow it, count for the opponent.
    pub fn captures(&self) -> [u32; 2] {
        self.captured
    }

    /// Black's area minus White's minus komi, in half points.
    pub fn area_score_halves(&self) -> i64 {
        let [b, w] = self.area();
        2 * (b as i64 - w as i64) - self.komi2 as i64
    }

    fn last_cell(&self) -> String {
        let n = self.grid.width();
        format!("{}{n}", column_letter(n - 1))
    }

    fn cell_name(&self, i: usize) -> String {
        self.move_at(i).to_string()
    }

    fn komi_text(&self) -> String {
        format!("{}", self.komi2 as f64 / 2.0)
    }
}

crate::debug_by_notation!(N => Go<N>);

impl<const N: usize> Rules for Go<N> {
    type Move = GoMove;
    const NAME: &'static str = INFO.name;
    const PLAYERS: [&'static str; 2] = ["Black", "White"];

    fn spec(&self) -> String {
        format!(
            "go(size={},komi={},ko={},suicide={},max_moves={})",
            self.grid.width(),
            self.komi_text(),
            self.rules.ko.name(),
            self.rules.suicide,
            self.rules.max_moves
        )
    }

    crate::turn_fields!(ply: ply, side_index: side);

    /// The legal stones in bit order (`a1`, `b1`, … row by row from the
    /// bottom), then `pass`.
    fn try_for_each_move<F>(&self, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(GoMove) -> ControlFlow<()>,
    {
        if self.state != 0 {
            return ControlFlow::Continue(());
        }
        for i in self.legal_cells() {
            f(self.move_at(i))?;
        }
        f(GoMove::Pass)
    }

    /// The legal cells' popcount and the pass: no walk over the moves (perft's
    /// leaves). Inlined, so that the walk's x86-64-v3 copy compiles it too.
    #[inline(always)]
    fn count_moves(&self) -> usize {
        if self.state != 0 {
            return 0;
        }
        self.legal_cells().count() as usize + 1
    }

    #[inline]
    fn is_legal(&self, mv: GoMove) -> bool {
        if self.state != 0 {
            return false;
        }
        match mv {
            GoMove::Pass => true,
            GoMove::Place { .. } => match self.index(mv) {
                Some(i) => self.empty().contains(i) && self.try_place(i).is_some(),
                None => false,
            },
        }
    }

    fn why_illegal(&self, mv: GoMove) -> Illegal {
        let n = self.grid.width();
        let Some(i) = self.index(mv) else {
            return Illegal::new(
                IllegalReason::OffBoard,
                format!("{mv} is off the {n}×{n} board (a1–{})", self.last_cell()),
            );
        };
        if !self.empty().contains(i) {
            let who = if self.stones[0].contains(i) { Player::First } else { Player::Second };
            return Illegal::new(
                IllegalReason::Occupied,
                format!("{mv} is already taken by {}", self.player_name(who)),
            );
        }
        if i as u16 == self.ko {
            return Illegal::new(
                IllegalReason::Ko,
                format!("{mv} retakes the ko at once (simple ko); play elsewhere first"),
            );
        }
        let adj = self.adjacent(i);
        let captured = self.captures_at(i, adj);
        let me = self.stones[self.side as usize];
        if captured.is_empty()
            && (adj & self.empty()).is_empty()
            && self.free_or_group(adj & me, me, self.empty().without(i)).is_err()
            && !self.rules.suicide
        {
            return Illegal::new(
                IllegalReason::Suicide,
                format!("{mv} is suicide: it leaves its own group without a liberty"),
            );
        }
        Illegal::new(
            IllegalReason::Ko,
            format!("{mv} recreates an earlier board (positional superko)"),
        )
    }

    #[inline]
    fn play_unchecked(&mut self, mv: GoMove) {
        match mv {
            GoMove::Pass => {
                self.passes += 1;
                self.ko = NO_KO;
                self.last = NO_KO;
            }
            GoMove::Place { .. } => {
                let Some(i) = self.index(mv) else { return };
                if !self.empty().contains(i) {
                    return;
                }
                let adj = self.adjacent(i);
                let captured = self.captures_at(i, adj);
                let mut suicide = Bits::EMPTY;
                if captured.is_empty() && (adj & self.empty()).is_empty() {
                    let mine = self.stones[self.side as usize].with(i);
                    let libs = self.empty().without(i);
                    if let Err(g) = self.free_or_group(Bits::cell(i), mine, libs) {
                        suicide = g;
                    }
                }
                self.place(i, captured, suicide, adj);
                self.passes = 0;
                self.last = i as u16;
            }
        }
        self.next_turn();
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.state {
            0 => None,
            2 => Some(Outcome::Draw),
            _ => {
                let s = self.area_score_halves();
                Some(match s.signum() {
                    1 => Outcome::WonBy(Player::First),
                    -1 => Outcome::WonBy(Player::Second),
                    _ => Outcome::Draw,
                })
            }
        }
    }

    /// The area score with komi in half points, from Black's view, once the
    /// game is over (`None` for a game drawn by repetition).
    fn score(&self) -> Option<i32> {
        self.score_halves().map(|s| s as i32)
    }

    fn score_halves(&self) -> Option<i64> {
        (self.state == 1).then(|| self.area_score_halves())
    }

    fn position_hash(&self) -> u64 {
        mix64(
            self.hash
                ^ (self.side as u64) << 63
                ^ (self.ko as u64) << 40
                ^ (self.passes as u64) << 32
                ^ (self.state as u64) << 36
                ^ self.ply as u64,
        )
    }

    /// The stones apart and on the board, every group with a liberty, the ko
    /// cell empty, the side to move 0 or 1, and the incremental Zobrist hash
    /// equal to the board's hash computed afresh.
    fn check_invariants(&self) -> Result<(), String> {
        super::check_apart_on_board(&self.stones, self.grid.mask())?;
        let empty = self.grid.mask() - (self.stones[0] | self.stones[1]);
        for (p, &s) in self.stones.iter().enumerate() {
            let dead = s - ops::alive(&self.grid, s, empty);
            if dead.any() {
                return Err(format!("{} stone(s) of player {p} without a liberty", dead.count()));
            }
        }
        if self.ko != NO_KO && !empty.contains(self.ko as usize) {
            return Err(format!("the ko cell {} is not empty", self.ko));
        }
        if self.side > 1 {
            return Err(format!("side to move {}", self.side));
        }
        let fresh = (0..2).fold(0, |h, p| self.stones[p].iter().fold(h, |h, c| h ^ ZOBRIST[p][c]));
        if fresh != self.hash {
            return Err("the incremental hash differs from the board's".into());
        }
        Ok(())
    }

    /// The winner, the margin and how it was counted: `Black wins by 4.5
    /// (area 15 to 10, komi 0.5)`.
    fn describe_outcome(&self, o: Outcome) -> String {
        let [b, w] = self.area();
        let komi = self.komi2 as f64 / 2.0;
        let area = format!("area {b} to {w}, komi {komi}");
        match o {
            Outcome::WonBy(p) => {
                let margin = self.area_score_halves().unsigned_abs() as f64 / 2.0;
                format!("{} wins by {margin} ({area})", self.player_name(p))
            }
            Outcome::Draw => format!("draw ({area})"),
        }
    }
}

impl<const N: usize> Notation for Go<N> {
    /// A point's id, `row · size + col`, then the pass (OpenSpiel's numbering).
    fn num_actions(&self) -> usize {
        self.grid.width() * self.grid.height() + 1
    }

    fn action(&self, mv: GoMove) -> usize {
        match mv {
            GoMove::Place { col, row } => row as usize * self.grid.width() + col as usize,
            GoMove::Pass => self.grid.width() * self.grid.height(),
        }
    }

    /// The legal points' rows end to end, eight a store (the board module's
    /// `write_grid_set`), then the pass.
    fn write_legal_mask(&self, mask: &mut [bool]) {
        let (points, pass) = mask.split_at_mut(self.grid.width() * self.grid.height());
        let pext = crate::board::whole_rectangle_pext(&self.grid);
        let bools = &crate::board::BYTE_BOOLS;
        crate::board::write_grid_set(points, &self.grid, self.legal_cells(), bools, pext);
        pass[0] = self.state == 0;
    }

    /// The mask as [`write_legal_mask`](Notation::write_legal_mask) writes
    /// it, and the ids in id order (the points, then the pass).
    fn write_legal_actions(&self, mask: &mut [bool], ids: &mut Vec<usize>) {
        self.write_legal_mask(mask);
        ids.clear();
        ids.extend(mask.iter().enumerate().filter_map(|(a, &ok)| ok.then_some(a)));
    }

    /// The point (or the pass, the last id) of the id, if it is legal now.
    fn action_move(&self, a: usize) -> Option<GoMove> {
        let (w, h) = (self.grid.width(), self.grid.height());
        let mv = match a {
            _ if a < w * h => GoMove::Place { col: (a % w) as u8, row: (a / w) as u8 },
            _ if a == w * h => GoMove::Pass,
            _ => return None,
        };
        self.is_legal(mv).then_some(mv)
    }

    fn parse_move(&self, text: &str) -> Result<GoMove, ParseError> {
        let bad = || ParseError::Move {
            game: self.spec(),
            text: clip(text),
            expected: format!(
                "a cell a1–{} in GTP letters (no i; a1 bottom-left) or pass",
                self.last_cell()
            ),
        };
        let mv: GoMove = text.parse().map_err(|_| bad())?;
        if mv != GoMove::Pass && self.index(mv).is_none() {
            return Err(bad());
        }
        Ok(mv)
    }

    /// Rows from the top separated by `/` (`x`, `o`, `.`), the side to move,
    /// the ply, the passes just played, the ko cell or `-`, and `repeated` for
    /// a game drawn by repetition.
    fn position(&self) -> String {
        let n = self.grid.width();
        let mut s = String::with_capacity(n * (n + 1) + 16);
        for r in (0..n).rev() {
            for c in 0..n {
                let i = self.grid.cell(c, r).expect("on the board");
                s.push(if self.stones[0].contains(i) {
                    'x'
                } else if self.stones[1].contains(i) {
                    'o'
                } else {
                    '.'
                });
            }
            if r > 0 {
                s.push('/');
            }
        }
        let ko = if self.ko == NO_KO { "-".to_string() } else { self.cell_name(self.ko as usize) };
        s.push_str(&format!(
            " {} {} {} {ko}",
            if self.side == 0 { 'x' } else { 'o' },
            self.ply,
            self.passes
        ));
        if self.state == 2 {
            s.push_str(" repeated");
        }
        s
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let err = |fault, why: String| ParseError::position(self.spec(), text, fault, why);
        let n = self.grid.width();
        let parts: Vec<&str> = text.split_whitespace().collect();
        if !(2..=6).contains(&parts.len()) || parts.len() == 3 || parts.len() == 4 {
            return Err(err(
                Syntax,
                format!(
                "expected the rows from the top separated by '/', the side to move (x or o), and optionally the ply, the passes just played and the ko cell (or -), such as {}",
                Go::<N>::new(n, self.rules).map(|g| g.position()).unwrap_or_default()
            ),
            ));
        }
        let side = super::read_side(parts[1]).map_err(|why| err(SideToMove, why))?;
        let stones = super::read_grid_rows(&self.grid, parts[0], column_letter)
            .map_err(|why| err(Syntax, why))?;
        let (mut ply, mut passes, mut ko, mut state) = (0u32, 0u8, NO_KO, 0u8);
        if parts.len() >= 5 {
            ply = parts[2].parse().map_err(|_| {
                err(Syntax, format!("the ply '{}' is not a number", clip(parts[2])))
            })?;
            passes = match parts[3] {
                "0" => 0,
                "1" => 1,
                "2" => 2,
                p => return Err(err(Syntax, format!("passes '{}': expected 0, 1 or 2", clip(p)))),
            };
            if parts[4] != "-" {
                let mv = self.parse_move(parts[4]).map_err(|_| {
                    err(
                        OffBoard,
                        format!("the ko cell '{}' is not a cell of this board", clip(parts[4])),
                    )
                })?;
                let i = self
                    .index(mv)
                    .ok_or_else(|| err(Syntax, "the ko cell cannot be pass".into()))?;
                if (stones[0] | stones[1]).contains(i) {
                    return Err(err(RulesFault, format!("the ko cell {} is not empty", parts[4])));
                }
                ko = i as u16;
            }
            if let Some(&last) = parts.get(5) {
                if last != "repeated" || self.rules.ko != KoRule::RepetitionDraw {
                    return Err(err(
                        Syntax,
                        format!(
                            "'{}' after the ko cell: only 'repeated' under ko=repetition_draw",
                            clip(last)
                        ),
                    ));
                }
                state = 2;
            }
        }
        let mut g = Go {
            stones,
            hash: 0,
            ko,
            last: NO_KO,
            ply,
            passes,
            side,
            state,
            history: BoardHistory::new(),
            captured: [0; 2],
            ..self.clone()
        };
        for (p, s) in stones.iter().enumerate() {
            for c in *s {
                g.hash ^= ZOBRIST[p][c];
            }
        }
        // Every group has a liberty on a board that play can reach.
        let empty = g.empty();
        for (p, s) in stones.iter().enumerate() {
            let dead = *s - ops::alive(&g.grid, *s, empty);
            if let Some(c) = dead.first() {
                return Err(err(
                    RulesFault,
                    format!(
                        "the {} group at {} has no liberty",
                        if p == 0 { "x" } else { "o" },
                        g.cell_name(c)
                    ),
                ));
            }
        }
        g.reset_history();
        if g.state == 0 && (passes >= 2 || (g.rules.max_moves > 0 && g.ply >= g.rules.max_moves)) {
            g.state = 1;
        }
        Ok(g)
    }

    /// Top row first: `X` Black, `O` White, `.` empty.
    fn picture(&self) -> String {
        self.grid.picture2(self.stones[0], self.stones[1])
    }
}

impl<const N: usize> View for Go<N> {
    /// `row × size + column` (the cell of [`move_cells`](View::move_cells)).
    #[inline]
    fn move_index(&self, mv: GoMove) -> Option<usize> {
        match mv {
            GoMove::Place { col, row } => Some(row as usize * self.grid.width() + col as usize),
            GoMove::Pass => None,
        }
    }

    /// Four planes: the default three, then the ko point.
    fn observation_shape(&self) -> [usize; 3] {
        [4, self.grid.height(), self.grid.width()]
    }

    /// Rows from the bottom, as [`board`](View::board) numbers them: the side
    /// to move's stones, the opponent's, ones when Black is to move, and the
    /// point a simple ko forbids now (AlphaZero's planes without the earlier
    /// boards, which the game does not keep).
    fn observe(&self, out: &mut [f32]) {
        let grid = self.grid;
        let (w, h) = (grid.width(), grid.height());
        let me = self.side as usize;
        let (planes, ko) = out.split_at_mut(3 * w * h);
        crate::board::write_grid_planes(
            planes,
            &grid,
            [self.stones[me], self.stones[1 - me]],
            me == 0,
        );
        ko.fill(0.0);
        if let Some((c, r)) = (self.ko != NO_KO).then(|| grid.coords(self.ko as usize)).flatten() {
            ko[r * w + c] = 1.0;
        }
    }

    /// Row by row from the bottom (`a1`, `b1`, …), top row drawn first, with
    /// the star points marked.
    fn board(&self) -> BoardView {
        let n = self.grid.width();
        let mut view = BoardView::rectangle(
            BoardShape::Rectangle { width: n, height: n },
            n,
            n,
            false,
            |c, r| format!("{}{}", column_letter(c), r + 1),
            |c, r| crate::board::owner_of(&self.stones, self.grid.cell(c, r)?),
        );
        view.stars = star_points(n).into_iter().map(|(c, r)| r * n + c).collect();
        view.intersections = true;
        view.captures = Some(self.captured);
        view
    }

    /// Tromp–Taylor area ([`Go::area`]): each stone's colour, and each empty
    /// point whose region reaches stones of one colour only.
    fn area_owners(&self) -> Option<Vec<Option<Player>>> {
        let n = self.grid.width();
        let (b, w) = self.area_fills();
        let owner = |i: usize| {
            if self.stones[0].contains(i) || b.contains(i) && !w.contains(i) {
                Some(Player::First)
            } else if self.stones[1].contains(i) || w.contains(i) && !b.contains(i) {
                Some(Player::Second)
            } else {
                None
            }
        };
        let cells = (0..n).flat_map(|r| (0..n).map(move |c| (c, r)));
        Some(cells.map(|(c, r)| self.grid.cell(c, r).and_then(owner)).collect())
    }

    fn move_cells(&self, mv: GoMove) -> Vec<usize> {
        match mv {
            GoMove::Place { col, row } if self.index(mv).is_some() => {
                vec![row as usize * self.grid.width() + col as usize]
            }
            _ => Vec::new(),
        }
    }
}

impl<const N: usize> Hints for Go<N> {
    /// The light playout policy (see the module's notes): uniform over the
    /// legal stones that neither fill an own single-point eye nor kill their
    /// own group, else `pass`.
    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<GoMove> {
        if self.state != 0 {
            return None;
        }
        let mut cand = self.empty();
        if self.ko != NO_KO {
            cand.remove(self.ko as usize);
        }
        let mut n = cand.count() as u64;
        while n > 0 {
            let k = random_below(rng, n);
            let i = cand.nth(k as usize).unwrap_or(0);
            let adj = self.adjacent(i);
            if !self.own_eye(i, adj) && self.try_place(i).is_some_and(|(_, dies)| dies.is_empty()) {
                return Some(self.move_at(i));
            }
            cand.remove(i);
            n -= 1;
        }
        Some(GoMove::Pass)
    }

    /// The light playout policy on a libego-style board: see
    /// [`Go::playout_moves`] (simple ko inside the playout under
    /// `ko=positional`).
    fn random_playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u64 {
        self.fast_playout::<R, false>(rng, None)
    }

    /// The search's playout: the libego-style board of [`Go::playout_moves`]
    /// with MoGo's policy on top (see [`Go::policy_playout_moves`]).
    fn search_playout<R: Rng + ?Sized>(
        &mut self, rng: &mut R, log: Option<&mut Vec<(GoMove, Player)>>,
    ) -> u64 {
        let mut moves = Vec::new();
        let side = self.side_to_move();
        let plies = self.fast_playout::<R, true>(rng, log.is_some().then_some(&mut moves));
        if let Some(l) = log {
            let mut who = side;
            for m in moves {
                l.push((m, who));
                who = who.other();
            }
        }
        plies
    }

    /// Go's prior knowledge for the search: a move's virtual simulations from
    /// its shape (captures, atari, MoGo's patterns, eyes, the first line).
    fn search_prior(&self, mv: GoMove) -> (u32, f32) {
        self.prior(mv)
    }

    /// The area score with komi ([`area_score_halves`](Go::area_score_halves):
    /// stones and the empty regions that reach only one colour), for the side
    /// to move, 50 a half point.
    fn evaluate(&self) -> i32 {
        let s = self.area_score_halves().clamp(-1000, 1000) as i32;
        50 * if self.side == 0 { s } else { -s }
    }

    /// Without the copy unless the move can end the game: a pass after a
    /// pass, the move cap, or a repetition under `ko=repetition_draw`.
    fn outcome_after(&self, mv: GoMove) -> Option<Outcome> {
        let capped = self.rules.max_moves > 0 && self.ply + 1 >= self.rules.max_moves;
        let may_end = capped
            || match mv {
                GoMove::Pass => self.passes >= 1,
                GoMove::Place { .. } => matches!(self.rules.ko, KoRule::RepetitionDraw),
            };
        if !may_end {
            return None;
        }
        let mut after = self.clone();
        after.play_unchecked(mv);
        after.outcome()
    }
}

//! Havannah (Christian Freeling, 1979) on a hexhex board of side `size` (5 by
//! default: 61 cells; 8 and 10 are the tournament sizes).
//!
//! **Rules.** The players, `X` ([`Player::First`]) and `O`, take turns placing
//! a stone of their own on an empty cell. A player wins by making, with one
//! connected group of stones, any of
//! - a **ring**: a loop around one or more cells, whatever those cells hold
//!   (empty, the opponent's stones or the player's own);
//! - a **bridge**: a chain joining two of the six corner cells;
//! - a **fork**: a chain joining three of the six edges (the side cells
//!   between the corners; a corner belongs to no edge).
//!
//! A full board with none of them is a draw. With `swap=true` the pie rule is
//! on, as in [Yavalath](super::yavalath): the second player's first move may
//! be `swap`, which hands the first stone to the second player.
//!
//! **Notation** is OpenSpiel's (`havannah`): the number is the row from the
//! top (`1` to `2·size−1`), the letter the column of the rhombus the hexagon is
//! cut from, running down and to the right. On side 5 the top row is `a1`–`e1`,
//! the middle row `a5`–`i5`, the bottom row `e9`–`i9`, the centre `e5`; the
//! corners are `a1`, `e1`, `i5`, `i9`, `e9` and `a5`. A position is the rows
//! from the top, cells `X`, `O` and `.`, separated by `/`, then a space and the
//! side to move (`x` or `o`).
//!
//! **Bitboards.** The board is a [`Grid::masked`] hexagon of the
//! [`GridKind::Hex`] grid, as Yavalath's (grid row 0 at the bottom, so the
//! named row `r` is grid row `2·size−1−r`). After each move the mover's group
//! through the new stone is flood-filled by dilation ([`ops::flood_fill`]);
//! bridges and forks are masks tested against it. Rings are found without
//! tracing loops. A loop that encloses a cell not the player's encloses a cell
//! that the player's stones cut off from the board's rim; one that encloses
//! only the player's own stones encloses a stone whose six neighbours are all
//! the player's (an erosion, Browne §4.4). And a new loop must pass through
//! the new stone: by Euler's formula on the stones' adjacency graph, placing a
//! stone adds `arcs − groups` faces that are not triangles, where `arcs` are
//! the runs of the mover's stones around the new one and `groups` the distinct
//! groups they belong to. So a ring is made exactly when two of those runs
//! were already one group (one flood fill, only when there are two runs or
//! three), or when a neighbour of the new stone now has six of the mover's
//! stones around it.

use super::hexagon;
use super::stones::{PlaceMove, StoneGame, StoneSetupError, Stones};
use crate::games::prelude::*;
use crate::stone_moves;

/// Largest side: side 10 (271 cells) is a 19×19 rhombus, 379 bits, six words.
pub const MAX_SIZE: usize = 10;

/// The parameters of `havannah(size=…,swap=…)`.
static PARAMS: &[ParamInfo] = &[
    ParamInfo::int("size", 5, 3, MAX_SIZE as i64, "cells on a side of the hexagon"),
    hexagon::SWAP,
];

/// The registry's entry: `havannah`, stored in the fewest words that hold the
/// rhombus around the hexagon (side 5 takes two, side 8 four, side 10 six).
pub static INFO: GameInfo = GameInfo::new(
    "havannah",
    "Havannah: make a ring, a bridge between two corners or a fork joining three edges",
    PARAMS,
    |p| hexagon::hexagon_game!(build Havannah, p, MAX_SIZE),
)
.tablebase(&TABLEBASE)
.core_bench((3, 2), (100_000, 10_000));

// Strong solutions of the smallest board: the placement kit's table
// ([`crate::games::stone_tables`]) of every position of side 3 (19 cells),
// without the pie rule. A ring, a bridge and a fork all stay made as stones
// are added, so the win is monotone.
crate::stone_table! {
    Havannah<1>,
    board: board,
    wins: |game, _player, stones| game.has_chain_win(stones).is_some() || game.has_ring(stones),
    about: "every position of side 3 (19 cells), without the pie rule, one byte each: 253 MB",
}

/// How a game was won (for the outcome in words).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Win {
    Ring,
    Bridge,
    Fork,
}

/// A Havannah position stored in `N` 64-bit words per player.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Havannah<const N: usize> {
    board: Stones<PlaceMove, N, true>,
    /// The six corner cells.
    corners: Bits<N>,
    /// The six edges, corners excluded.
    edges: [Bits<N>; 6],
    /// The cells with an off-board neighbour (the rim).
    rim: Bits<N>,
    win: Option<Win>,
    /// Cells on the board.
    cells: u16,
}

impl Havannah<2> {
    /// Side 5, no swap.
    pub fn standard() -> Self {
        Self::new(5, false).expect("side 5 fits two words")
    }
}

impl<const N: usize> Havannah<N> {
    /// The empty hexhex board of side `size` (3 to 10); `swap` turns the pie
    /// rule on.
    pub fn new(size: usize, swap: bool) -> Result<Self, SetupError> {
        let grid: Grid<N> = hexagon::grid(size, 3, MAX_SIZE)?;
        let k = size - 1;
        let at = |c: usize, r: usize| grid.cell(c, r).expect("on the hexagon");
        let corners: Bits<N> = [(k, 0), (2 * k, 0), (2 * k, k), (k, 2 * k), (0, 2 * k), (0, k)]
            .iter()
            .map(|&(c, r)| at(c, r))
            .collect();
        let inner = 1..k;
        let edges: [Bits<N>; 6] = [
            inner.clone().map(|j| at(k + j, 0)).collect(),
            inner.clone().map(|j| at(2 * k, j)).collect(),
            inner.clone().map(|j| at(2 * k - j, k + j)).collect(),
            inner.clone().map(|j| at(j, 2 * k)).collect(),
            inner.clone().map(|j| at(0, k + j)).collect(),
            inner.map(|j| at(k - j, j)).collect(),
        ];
        let rim = grid.mask() - grid.erode(grid.mask());
        let cells = grid.cells() as u16;
        Ok(Havannah { board: Stones::new(grid, swap), corners, edges, rim, win: None, cells })
    }

    /// Cells on a side of the hexagon.
    pub fn size(&self) -> usize {
        hexagon::side(&self.board.grid)
    }

    /// The six corner cells.
    pub fn corners(&self) -> Bits<N> {
        self.corners
    }

    /// The six edges (corners excluded), clockwise from the bottom one.
    pub fn edges(&self) -> [Bits<N>; 6] {
        self.edges
    }

    /// How `mine` (the mover's stones, with the new stone on `i`) wins, if it
    /// does.
    #[inline(always)]
    fn win_at(&self, mine: Bits<N>, i: usize) -> Option<Win> {
        let stone = Bits::cell(i);
        // A stone with none of its own around it is a group of one: no corner
        // pair, no three edges, no loop.
        if (self.board.grid.neighbours(stone) & mine).is_empty() {
            return None;
        }
        let group = ops::flood_fill(&self.board.grid, stone, mine);
        // A `match`, not `Option::or_else`: a closure is compiled on its own,
        // without the instructions of the hot loop's copy it is called from
        // (`hot_copies!`), and the ring search is then a plain call.
        match self.chain_win(group) {
            Some(win) => Some(win),
            None if self.makes_ring(mine, i) => Some(Win::Ring),
            None => None,
        }
    }

    /// The corners and the edges a group touches.
    #[inline]
    fn reach(&self, group: Bits<N>) -> (u32, usize) {
        let edges = self.edges.iter().filter(|&&e| (group & e).any()).count();
        ((group & self.corners).count(), edges)
    }

    /// A bridge (two corners) or a fork (three edges) made by `group`.
    #[inline]
    fn chain_win(&self, group: Bits<N>) -> Option<Win> {
        match self.reach(group) {
            (corners, _) if corners >= 2 => Some(Win::Bridge),
            (_, edges) if edges >= 3 => Some(Win::Fork),
            _ => None,
        }
    }

    /// The groups of `mine`, one flood fill each.
    fn groups(&self, mine: Bits<N>) -> impl Iterator<Item = Bits<N>> + '_ {
        let mut todo = mine;
        std::iter::from_fn(move || {
            let c = todo.first()?;
            let group = ops::flood_fill(&self.board.grid, Bits::cell(c), mine);
            todo -= group;
            Some(group)
        })
    }

    /// Whether the stone on `i` closes a ring of `mine` (no ring before it).
    /// Inlined into [`win_at`](Self::win_at), so into the hot loop's copy.
    #[inline(always)]
    fn makes_ring(&self, mine: Bits<N>, i: usize) -> bool {
        // The runs of the mover's stones around `i`, clockwise, and one stone
        // of each (at most three runs: two runs need a gap between them).
        let dirs = self.board.grid.directions();
        let mut own = [false; 6];
        for (k, &d) in dirs.iter().enumerate() {
            let j = i as isize + self.board.grid.offset(d);
            own[k] =
                j >= 0 && mine.contains(j as usize) && self.board.grid.mask().contains(j as usize);
        }
        let mut reps = [0usize; 3];
        let mut runs = 0;
        for k in 0..6 {
            if own[k] && !own[(k + 5) % 6] && runs < 3 {
                reps[runs] = (i as isize + self.board.grid.offset(dirs[k])) as usize;
                runs += 1;
            }
        }
        if runs >= 2 {
            let before = mine - Bits::cell(i);
            for a in 0..runs - 1 {
                let group = ops::flood_fill(&self.board.grid, Bits::cell(reps[a]), before);
                if reps[a + 1..runs].iter().any(|&r| group.contains(r)) {
                    return true;
                }
            }
        }
        // A neighbour of the new stone with six of the mover's stones around it.
        let ringed = mine & self.board.grid.erode(mine);
        (ringed & self.board.grid.dilate(Bits::cell(i))).any()
    }

    /// Whether `mine` holds a ring anywhere (for a parsed position): an
    /// enclosed cell not its own, or one of its stones with six of its own
    /// around it.
    fn has_ring(&self, mine: Bits<N>) -> bool {
        let open = self.board.grid.complement(mine);
        let outside = ops::flood_fill(&self.board.grid, self.rim & open, open);
        (open - outside).any() || (mine & self.board.grid.erode(mine)).any()
    }

    /// The stones that make the winner's win, once the game is won: the
    /// group of a bridge or a fork, or the stones of a ring (those next to
    /// the cells it encloses, or, around one of the player's own stones, the
    /// six around it). Empty while the game goes on or after a draw.
    pub fn winning_stones(&self) -> Bits<N> {
        let (Some(win), 1..=2) = (self.win, self.board.result) else {
            return Bits::EMPTY;
        };
        let mine = self.board.stones[usize::from(self.board.result - 1)];
        let grid = &self.board.grid;
        match win {
            Win::Bridge | Win::Fork => {
                self.groups(mine).find(|&g| self.chain_win(g).is_some()).unwrap_or(Bits::EMPTY)
            }
            Win::Ring => self
                .groups(mine)
                .find_map(|g| {
                    // What the group cuts off from the rim (the cells not
                    // reachable from it through cells not the group's) ...
                    let open = grid.complement(g);
                    let outside = ops::flood_fill(grid, self.rim & open, open);
                    let enclosed = open - outside;
                    if enclosed.any() {
                        return Some(g & grid.dilate(enclosed));
                    }
                    // ... or its stones with six of its own around them.
                    let centres = g & grid.erode(g);
                    centres.any().then(|| (g & grid.dilate(centres)) - centres)
                })
                .unwrap_or(Bits::EMPTY),
        }
    }

    /// Whether `mine` holds a bridge or a fork anywhere (for a parsed
    /// position).
    fn has_chain_win(&self, mine: Bits<N>) -> Option<Win> {
        self.groups(mine).find_map(|g| self.chain_win(g))
    }
}

hexagon::hexagon_game!(stone_game Havannah, true);

impl<const N: usize> Rules for Havannah<N> {
    hexagon::hexagon_game!(rules);

    #[inline(always)]
    fn play_unchecked(&mut self, mv: PlaceMove) {
        match mv {
            PlaceMove::Place(c) => {
                // A cell off the board (only an unchecked caller's mistake) is
                // ignored.
                if let Some(i) = self.board.index_of(c) {
                    let p = self.board.place(i);
                    self.win = self.win_at(self.board.stones[p], i);
                    self.board.result = if self.win.is_some() {
                        1 + p as u8
                    } else if self.board.ply >= self.cells && self.board.empty().is_empty() {
                        3
                    } else {
                        0
                    };
                }
            }
            PlaceMove::Swap => self.board.take_over_first_stone(),
        }
    }

    fn describe_outcome(&self, o: Outcome) -> String {
        match (o, self.win) {
            (Outcome::WonBy(p), Some(w)) => {
                let how = match w {
                    Win::Ring => "a ring",
                    Win::Bridge => "a bridge",
                    Win::Fork => "a fork",
                };
                format!("{} wins with {how}", self.player_name(p))
            }
            (Outcome::WonBy(p), None) => format!("{} wins", self.player_name(p)),
            (Outcome::Draw, _) => "draw".to_string(),
        }
    }
}

impl<const N: usize> Notation for Havannah<N> {
    stone_moves!(notation: board, PlaceMove; picture);

    /// Rows from the top, separated by `/`, then a space and the side to move:
    /// `.../..../...../..../... x`.
    fn position(&self) -> String {
        self.board.rows_and_side()
    }

    fn parse_position(&self, text: &str) -> Result<Self, ParseError> {
        let read = || {
            let (board, _) = self.board.read_picture_with_side(text)?;
            let stones = board.stones;
            // In the order the move-by-move test reports them.
            let won = |s: Bits<N>| self.has_chain_win(s).or(self.has_ring(s).then_some(Win::Ring));
            let wins = stones.map(|s| won(s).is_some());
            let winner = board.winner(wins, "a ring, bridge or fork")?;
            let win = winner.and_then(|w| won(stones[w.index()]));
            let result = match winner {
                Some(w) => 1 + w.index() as u8,
                None if board.is_full() => 3,
                None => 0,
            };
            Ok(Havannah { board: Stones { result, ..board }, win, ..*self })
        };
        read().map_err(|e: StoneSetupError| e.at(&self.spec(), text))
    }
}

impl<const N: usize> View for Havannah<N> {
    stone_moves!(view: board, PlaceMove);

    /// The hexagon as Yavalath's, the cells named as the moves name them (row
    /// 1 is OpenSpiel's top row) and drawn upside down (a mirror image of the
    /// same board), so that row 1 is at the bottom as on Yavalath's board of
    /// the same shape.
    fn board(&self) -> BoardView {
        let mut view = hexagon::view(&self.board);
        let top = self.board.grid.height();
        let bottom = view.cells.iter().map(|c| c.y).fold(0.0, f64::max);
        for cell in &mut view.cells {
            cell.name = format!("{}{}", crate::grid::column_name(cell.col), top - cell.row);
            cell.y = bottom - cell.y;
        }
        view.mark_grid_set(&self.board.grid, self.winning_stones());
        view
    }

    /// The grid bit of a placement (the same cell, the same index).
    #[inline]
    fn move_index(&self, mv: PlaceMove) -> Option<usize> {
        match mv {
            PlaceMove::Place(c) => self.board.index_of(c),
            PlaceMove::Swap => None,
        }
    }

    fn move_cells(&self, mv: PlaceMove) -> Vec<usize> {
        self.board.from_grid_move_cells(mv)
    }
}

impl<const N: usize> Hints for Havannah<N> {
    stone_moves!(hints: board, PlaceMove);

    /// Progress towards a bridge or a fork: each group is worth 2 an edge and
    /// 3 a corner it touches (both wins score 6); the side to move's best group
    /// against the opponent's, 100 a point. Rings are left to the search.
    fn evaluate(&self) -> i32 {
        let best = |mine: Bits<N>| {
            let value = |g| {
                let (corners, edges) = self.reach(g);
                2 * edges as i32 + 3 * corners as i32
            };
            self.groups(mine).map(value).max().unwrap_or(0)
        };
        let me = self.board.ply as usize & 1;
        100 * (best(self.board.stones[me]) - best(self.board.stones[1 - me]))
    }
}

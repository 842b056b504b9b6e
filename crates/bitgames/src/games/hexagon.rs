//! The hexhex board that Havannah and Yavalath share: a hexagon of side `size`
//! cut from the `(2·size−1)²` rhombus of a hex [`Grid`],
//! and how messages name its cells.

use super::stones::{StoneMove, Stones};
use crate::board::{BoardShape, BoardView};
use crate::game::{Illegal, IllegalReason, SetupError};
use crate::grid::{column_name, Cell, Grid, GridKind};
use crate::params::ParamInfo;

/// The pie rule's parameter, `swap`.
pub(crate) const SWAP: ParamInfo = ParamInfo::flag(
    "swap",
    false,
    "pie rule: the second player's first move may be `swap`, taking over the first stone",
);

/// The side of the `(2·size−1)²` rhombus that holds a hexagon of side
/// `size`, taken into `1..=max` (the registry's storage choice).
pub(crate) fn rhombus(size: usize, max: usize) -> usize {
    2 * size.clamp(1, max) - 1
}

/// The hexagon of side `size` (checked to lie in `min..=max`) on the hex
/// grid.
pub(crate) fn grid<const N: usize>(
    size: usize, min: usize, max: usize,
) -> Result<Grid<N>, SetupError> {
    SetupError::check_range("size", size, min, max)?;
    let n = 2 * size - 1;
    Ok(Grid::masked(GridKind::Hex, n, n, |c, r| on_hexagon(size, c, r))?)
}

/// The side of the hexagon on `grid`.
pub(crate) fn side<const N: usize>(grid: &Grid<N>) -> usize {
    grid.width().div_ceil(2)
}

/// The hexagon's board to draw: its cells in grid bit order
/// ([`BoardView::from_grid`]).
pub(crate) fn view<M: StoneMove, const N: usize, const FLIP: bool>(
    board: &Stones<M, N, FLIP>,
) -> BoardView {
    let shape = BoardShape::HexHex { side: side(&board.grid) };
    BoardView::from_grid(&board.grid, shape, board.stones)
}

/// What the hexhex placement games (Havannah, Yavalath) share beyond the
/// board: each keeps its [`Stones`] in `board`, has `size()` and an `INFO`,
/// and names rows from the top where `FLIP` is `true`.
///
/// - `hexagon_game!(build Game, params, MAX_SIZE)`: the registry's build, a
///   `Game::<N>::new(size, swap)` in the fewest words that hold the rhombus;
/// - `hexagon_game!(stone_game Game, FLIP)`: the [`StoneGame`] hooks (off-board
///   and parse messages naming the hexagon's cells) and `Debug`;
/// - `hexagon_game!(rules)`, in its `Rules` impl: the kit's moves, `NAME` and
///   `spec`.
///
/// [`StoneGame`]: super::stones::StoneGame
macro_rules! hexagon_game {
    (build $game:ident, $params:expr, $max:expr) => {{
        let (size, swap) = ($params.size(), $params.flag("swap"));
        let n = $crate::games::hexagon::rhombus(size, $max);
        $crate::in_words!(grid GridKind::Hex, n, n, |N| $game::<N>::new(size, swap))
    }};
    (stone_game $game:ident, $flip:literal) => {
        impl<const N: usize> StoneGame<PlaceMove, N, $flip> for $game<N> {
            fn stone_board(&self) -> &Stones<PlaceMove, N, $flip> {
                &self.board
            }

            fn off_board(&self, c: Cell) -> Illegal {
                $crate::games::hexagon::off_board(c, self.size(), $flip)
            }

            fn expected_move(&self) -> String {
                $crate::games::hexagon::expected_move(self.size(), $flip)
            }
        }

        $crate::debug_by_notation!(N => $game<N>);
    };
    (rules) => {
        $crate::stone_moves!(rules: board, PlaceMove);

        const NAME: &'static str = INFO.name;

        fn spec(&self) -> String {
            format!("{}(size={},swap={})", INFO.name, self.size(), self.board.swap)
        }
    };
}
pub(crate) use hexagon_game;

/// Whether `(col, row)` of the `(2·size−1)²` rhombus lies on the hexagon.
#[inline]
pub fn on_hexagon(size: usize, col: usize, row: usize) -> bool {
    let s = col + row;
    s + 1 >= size && s <= 3 * (size - 1)
}

/// The hexagon's cells in words, for messages: `a–i by 1–9 on the hexagon,
/// bottom row e1–i1, centre e5, top row a9–e9` (Yavalath's names), or, with
/// `row_one_at_top`, `a–i by 1–9, row 1 at the top: top row a1–e1, …`
/// (Havannah's, OpenSpiel's rows).
pub(crate) fn cell_range(size: usize, row_one_at_top: bool) -> String {
    let (n, k) = (2 * size - 1, size);
    let name = column_name;
    let (first, last) = (name(0), name(n - 1));
    let (centre, row1, row_n) = (name(k - 1), (name(0), name(k - 1)), (name(k - 1), name(n - 1)));
    if row_one_at_top {
        let ((a, b), (c, d)) = (row1, row_n);
        format!("{first}–{last} by 1–{n}, row 1 at the top: top row {a}1–{b}1, centre {centre}{k}, bottom row {c}{n}–{d}{n}")
    } else {
        let ((a, b), (c, d)) = (row_n, row1);
        format!("{first}–{last} by 1–{n} on the hexagon: bottom row {a}1–{b}1, centre {centre}{k}, top row {c}{n}–{d}{n}")
    }
}

/// What a move is, for a parse error: a cell of the hexagon (named as in
/// [`cell_range`]) or `swap`.
pub(crate) fn expected_move(size: usize, row_one_at_top: bool) -> String {
    format!("a cell of the hexagon ({}), or swap", cell_range(size, row_one_at_top))
}

/// The refusal of a cell off the hexagon, naming the board's cells.
pub(crate) fn off_board(c: Cell, size: usize, row_one_at_top: bool) -> Illegal {
    let cells = cell_range(size, row_one_at_top);
    Illegal::new(
        IllegalReason::OffBoard,
        format!("{c} is off the side-{size} hexagon (cells {cells})"),
    )
}

//! The hexhex board that Havannah and Yavalath share: a hexagon of side `size`
//! cut from the `(2·size−1)²` rhombus of a hex [`Grid`](crate::grid::Grid),
//! and how messages name its cells.

use crate::game::{Illegal, IllegalReason};
use crate::grid::{column_name, Cell};

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

/// The refusal of a cell off the hexagon, naming the board's cells.
pub(crate) fn off_board(c: Cell, size: usize, row_one_at_top: bool) -> Illegal {
    let cells = cell_range(size, row_one_at_top);
    Illegal::new(
        IllegalReason::OffBoard,
        format!("{c} is off the side-{size} hexagon (cells {cells})"),
    )
}

//! The games, one per file (or folder when it has a solver).

pub mod breakthrough;
pub mod clobber;
pub mod connect4;
pub(crate) mod fill;
pub mod go;
pub mod gomoku;
pub mod havannah;
pub mod heuristics;
pub mod hex;
pub mod hexagon;
pub mod othello;
pub(crate) mod prelude;
pub mod step_move;
pub(crate) mod stone_tables;
pub mod stones;
pub mod teeko;
pub mod tictactoe;
pub mod y;
pub mod yavalath;

/// The consistency check that every game on two sets of cells shares (part of
/// [`Rules::check_invariants`](crate::game::Rules::check_invariants)): the
/// players' sets apart, and inside `board`, the cells of the board.
pub(crate) fn check_apart_on_board<const N: usize>(
    sets: &[crate::bits::Bits<N>; 2], board: crate::bits::Bits<N>,
) -> Result<(), String> {
    let [a, b] = *sets;
    if (a & b).any() {
        return Err(format!("both players have pieces on {} cell(s)", (a & b).count()));
    }
    let off = (a | b) - board;
    if off.any() {
        return Err(format!("{} piece(s) off the board", off.count()));
    }
    Ok(())
}

/// The names of the neighbours of the cell named `name` on `grid`, sorted
/// (for the adjacency tests of the hex-grid games).
#[cfg(feature = "internal-tests")]
pub(crate) fn neighbour_names<const N: usize>(
    grid: &crate::grid::Grid<N>, name: &str,
) -> Vec<String> {
    let cell = grid.parse_cell(name).expect("a cell of the grid");
    let neighbours = grid.neighbours(crate::bits::Bits::cell(cell));
    let mut names: Vec<String> = neighbours.into_iter().filter_map(|i| grid.cell_name(i)).collect();
    names.sort();
    names
}

/// A board picture (rows from the top, cells separated by spaces) as the
/// rows of a position text: each row's cells run together, rows joined by
/// `/` (`X.O/.X./..O`).
pub(crate) fn picture_rows(picture: &str) -> String {
    picture.lines().map(|l| l.replace(' ', "")).collect::<Vec<_>>().join("/")
}

/// Reads `rows` (separated by `/`, the first the top) with
/// [`read_stone_row`]: `count` rows, row `r` (0 at the top) `len(r)` cells
/// long; `put(col, row, player)` for each stone.
pub(crate) fn read_stone_rows<S: std::fmt::Display>(
    rows: &str, count: usize, len: impl Fn(usize) -> usize, column: impl Fn(usize) -> S,
    mut put: impl FnMut(usize, usize, usize),
) -> Result<(), String> {
    let found = rows.split('/').count();
    if found != count {
        return Err(format!("{found} rows, expected {count}"));
    }
    for (r, row) in rows.split('/').enumerate() {
        read_stone_row(row, r + 1, len(r), &column, |c, p| put(c, r, p))?;
    }
    Ok(())
}

/// The side to move of a position text, `x` or `o` in either case, as a player
/// index (0 the first player); else the refusal's words.
pub(crate) fn read_side(text: &str) -> Result<u8, String> {
    match text {
        "x" | "X" => Ok(0),
        "o" | "O" => Ok(1),
        s => Err(format!("the side to move is '{}', expected x or o", crate::game::clip(s))),
    }
}

/// The two players' stones on a rectangular `grid` from a position's rows
/// (the top row first, separated by `/`, each read by [`read_stone_row`] and
/// named by its number from the bottom, the columns by `column`).
pub(crate) fn read_grid_rows<const N: usize, S: std::fmt::Display>(
    grid: &crate::grid::Grid<N>, rows: &str, column: impl Fn(usize) -> S,
) -> Result<[crate::bits::Bits<N>; 2], String> {
    let (w, h) = (grid.width(), grid.height());
    let found = rows.split('/').count();
    if found != h {
        return Err(format!("{found} rows, expected {h}"));
    }
    let mut stones = [crate::bits::Bits::EMPTY; 2];
    for (k, row) in rows.split('/').enumerate() {
        let r = h - 1 - k;
        read_stone_row(row, r + 1, w, &column, |c, p| {
            stones[p].insert(grid.cell(c, r).expect("on the board"))
        })?;
    }
    Ok(stones)
}

/// Reads one row of a position picture, as the stone games write it (`x` or
/// `X` the first player, `o` or `O` the second, `.` empty): `len` cells, `row`
/// the row's number as the game names it. `put(column, player)` gets each stone
/// (player 0 first, 1 second). An error names the row, or the cell by
/// `column(c)` and the row's number.
pub(crate) fn read_stone_row<S: std::fmt::Display>(
    text: &str, row: usize, len: usize, column: impl Fn(usize) -> S,
    mut put: impl FnMut(usize, usize),
) -> Result<(), String> {
    let cells = text.chars().count();
    if cells != len {
        return Err(format!(
            "row {row} ('{}') has {cells} cells, expected {len}",
            crate::game::clip(text)
        ));
    }
    for (c, ch) in text.chars().enumerate() {
        match ch {
            'x' | 'X' => put(c, 0),
            'o' | 'O' => put(c, 1),
            '.' => {}
            _ => {
                return Err(format!(
                    "'{}' at {}{row}: expected x, o or .",
                    ch.escape_default(),
                    column(c)
                ))
            }
        }
    }
    Ok(())
}

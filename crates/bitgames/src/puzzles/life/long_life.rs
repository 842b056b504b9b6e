//! Long Life: Conway's Game of Life on an 8×8 torus held in one `u64`
//! (Browne §5.3.3 and Appendix A, after Browne and Tavener 2012).
//!
//! Bit `8·row + col` is the cell at `(col, row)`; rows and columns wrap. The eight
//! neighbour sets are the board shifted with wrap-around, and three bit-plane
//! adders `bit1`, `bit2`, `bit3` count the neighbours of all 64 cells at once
//! (`bit3` saturates: it means "four or more"). The next generation is
//! `(c11 | bit1) & bit2 & !bit3`: two neighbours and alive, or three.
//!
//! Operation count per generation: 8 for the two vertical shifts, 5 for each
//! of the six horizontal shifts (30), 5 for each of the eight adds (40) and 4 for
//! the final expression: 82 logical operations, under the paper's 100.

/// Left column (bit 7 of every byte): wraps to bit 0 when shifted left.
pub const L: u64 = 0x8080_8080_8080_8080;
/// Right column (bit 0 of every byte): wraps to bit 7 when shifted right.
pub const R: u64 = 0x0101_0101_0101_0101;
/// Top row (the low byte).
pub const T: u64 = 0x0000_0000_0000_00FF;
/// Bottom row (the high byte).
pub const B: u64 = 0xFF00_0000_0000_0000;
/// Everything but the left column.
pub const NL: u64 = !L;
/// Everything but the right column.
pub const NR: u64 = !R;

/// The three bit-plane adders of Appendix A.
#[derive(Default)]
struct Adders {
    bit1: u64,
    bit2: u64,
    bit3: u64,
}

impl Adders {
    /// Adds one neighbour set to the per-cell counts (Appendix A, `add`).
    #[inline(always)]
    fn add(&mut self, cxx: u64) {
        let carry1 = self.bit1 & cxx;
        let carry2 = self.bit2 & carry1;
        self.bit1 ^= cxx;
        self.bit2 ^= carry1;
        self.bit3 |= carry2;
    }
}

/// One generation of B3/S23 Life on the 8×8 torus `c11` (Browne, Appendix A,
/// Listing 2).
#[inline]
pub fn step(c11: u64) -> u64 {
    // Shift neighbours into position, with wrap.
    let c10 = c11 >> 8 | (c11 & T) << 56;
    let c12 = c11 << 8 | (c11 & B) >> 56;
    let c00 = (c10 & NL) << 1 | (c10 & L) >> 7;
    let c01 = (c11 & NL) << 1 | (c11 & L) >> 7;
    let c02 = (c12 & NL) << 1 | (c12 & L) >> 7;
    let c20 = (c10 & NR) >> 1 | (c10 & R) << 7;
    let c21 = (c11 & NR) >> 1 | (c11 & R) << 7;
    let c22 = (c12 & NR) >> 1 | (c12 & R) << 7;
    // Accumulate live neighbour counts.
    let mut a = Adders::default();
    for c in [c00, c01, c02, c10, c12, c20, c21, c22] {
        a.add(c);
    }
    // Return live cases.
    (c11 | a.bit1) & a.bit2 & !a.bit3
}

/// `n` generations of [`step`].
pub fn run(mut board: u64, n: usize) -> u64 {
    for _ in 0..n {
        board = step(board);
    }
    board
}

/// Reads an 8-row picture (top row = row 0 = the low byte; `X`/`O`/`*` alive,
/// `.` dead, blanks ignored). `None` unless it is exactly 8×8.
pub fn from_picture(text: &str) -> Option<u64> {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    if rows.len() != 8 || rows.iter().any(|r| r.len() != 8) {
        return None;
    }
    let mut b = 0u64;
    for (row, cells) in rows.iter().enumerate() {
        for (col, &ch) in cells.iter().enumerate() {
            match ch {
                'X' | 'O' | '*' | 'o' => b |= 1 << (8 * row + col),
                '.' => {}
                _ => return None,
            }
        }
    }
    Some(b)
}

/// The board as 8 rows of `X` and `.`, row 0 (the low byte) first.
pub fn picture(b: u64) -> String {
    (0..8)
        .map(|row| {
            let mut s: String =
                (0..8).map(|col| if b >> (8 * row + col) & 1 == 1 { 'X' } else { '.' }).collect();
            s.push('\n');
            s
        })
        .collect()
}

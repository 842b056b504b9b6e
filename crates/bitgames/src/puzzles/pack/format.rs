//! The packing puzzle text format (documented in `docs/pack.md`): a board and
//! the pieces, each drawn as a picture.
//!
//! ```text
//! # Soma cube                        comment lines start with '#'
//! name Soma cube                     optional
//! board 3x3x3                        a full box W×H or W×H×D, or `board` then a picture
//! piece V                            a one-character label, optionally `x2` for copies
//! o.                                 top row first; o or x = cell, . = gap
//! oo
//! piece A
//! o.
//! oo
//! -                                  a line of dashes starts the next layer up
//! ..
//! .o
//! ```

use super::shape::{connected, Pt};
use thiserror::Error;

/// Most cells of a board's bounding box (four 64-bit words).
pub const MAX_CELLS: usize = 256;
/// Most distinct piece shapes in one puzzle.
pub const MAX_PIECES: usize = 32;

/// A piece: its label, its cells and how many copies the puzzle has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// One character that draws the piece in solutions.
    pub label: char,
    /// Its cells, `[x, y, z]`.
    pub cells: Vec<Pt>,
    /// Copies of it in the puzzle (interchangeable: swapping two copies is
    /// not a new solution).
    pub count: usize,
}

/// A packing puzzle: a board (a set of cells inside a `width × height × depth`
/// box) and the pieces that must cover it exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A name for messages.
    pub name: String,
    /// The bounding box, `[width, height, depth]`.
    pub dims: [usize; 3],
    /// The board's cells.
    pub board: Vec<Pt>,
    /// The pieces.
    pub pieces: Vec<Piece>,
}

/// Why a puzzle file or puzzle is not usable.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PackError {
    /// A line of the file that does not parse.
    #[error("line {line}: {fault}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// What is wrong there.
        fault: String,
    },
    /// The file has no board.
    #[error("no board: the file needs a `board WxH[xD]` line or `board` and a picture")]
    NoBoard,
    /// The file has no pieces.
    #[error("no pieces: the file needs at least one `piece L` section")]
    NoPieces,
    /// The board is too large for the packer.
    #[error("the board's {width}×{height}×{depth} box has {cells} cells; at most {MAX_CELLS} are supported")]
    TooLarge {
        /// Box width.
        width: usize,
        /// Box height.
        height: usize,
        /// Box depth.
        depth: usize,
        /// Cells of the box.
        cells: usize,
    },
    /// More distinct shapes than the packer handles.
    #[error("{0} different pieces; at most {MAX_PIECES} are supported")]
    TooManyPieces(usize),
    /// The pieces' cells do not add up to the board's.
    #[error("the pieces cover {pieces} cells but the board has {board}")]
    WrongArea {
        /// Cells of all pieces.
        pieces: usize,
        /// Cells of the board.
        board: usize,
    },
    /// A piece has no place on the board.
    #[error("piece {0} fits nowhere on the board")]
    NoFit(char),
    /// The count was stopped from outside before it finished.
    #[error("the count was stopped before it finished")]
    Stopped,
}

fn syntax(line: usize, fault: impl Into<String>) -> PackError {
    PackError::Syntax { line, fault: fault.into() }
}

/// A picture being read: layers of rows, each row a string of cells.
#[derive(Default)]
struct Picture {
    /// First line of the picture (for messages).
    line: usize,
    layers: Vec<Vec<String>>,
}

impl Picture {
    fn push_row(&mut self, line: usize, row: &str) -> Result<(), PackError> {
        if let Some(c) = row.chars().find(|c| !matches!(c, 'o' | 'O' | 'x' | 'X' | '.')) {
            return Err(syntax(
                line,
                format!("unexpected '{c}' in a picture (o or x for a cell, . for a gap)"),
            ));
        }
        if self.layers.is_empty() {
            self.line = line;
            self.layers.push(Vec::new());
        }
        self.layers.last_mut().expect("a layer").push(row.to_string());
        Ok(())
    }

    fn new_layer(&mut self, line: usize) -> Result<(), PackError> {
        match self.layers.last() {
            Some(l) if !l.is_empty() => {
                self.layers.push(Vec::new());
                Ok(())
            }
            _ => Err(syntax(line, "a layer separator '-' with no layer before it")),
        }
    }

    /// The cells drawn: x from the left, y from the bottom row, z from the
    /// first layer. Rows are padded with gaps; layers of unequal heights are
    /// aligned at their bottom rows.
    fn cells(&self, what: &str, end_line: usize) -> Result<Vec<Pt>, PackError> {
        if self.layers.last().is_some_and(|l| l.is_empty()) {
            return Err(syntax(end_line, format!("{what} ends with an empty layer after '-'")));
        }
        let mut v = Vec::new();
        for (z, layer) in self.layers.iter().enumerate() {
            let h = layer.len();
            for (r, row) in layer.iter().enumerate() {
                for (x, c) in row.chars().enumerate() {
                    if c != '.' {
                        v.push([x as i32, (h - 1 - r) as i32, z as i32]);
                    }
                }
            }
        }
        Ok(v)
    }
}

enum Section {
    None,
    Board(Picture),
    Piece(usize, Picture),
}

impl Puzzle {
    /// Reads a puzzle from the text format above (`docs/pack.md`). Errors name
    /// the line and the fault.
    pub fn parse(text: &str) -> Result<Puzzle, PackError> {
        let mut name = String::from("puzzle");
        let mut dims: Option<(usize, [usize; 3])> = None;
        let mut board: Option<Vec<Pt>> = None;
        let mut pieces: Vec<(usize, Piece)> = Vec::new();
        let mut section = Section::None;
        let mut last = 0;
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            last = line;
            let t = raw.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let mut words = t.split_whitespace();
            let head = words.next().unwrap_or_default();
            let rest: Vec<&str> = words.collect();
            let starts_section = matches!(head, "name" | "board" | "piece");
            if starts_section {
                finish(&mut section, &mut board, &mut pieces, line)?;
            }
            match head {
                "name" => name = rest.join(" "),
                "board" => {
                    if dims.is_some() || board.is_some() {
                        return Err(syntax(line, "a second board"));
                    }
                    match rest.as_slice() {
                        [] => section = Section::Board(Picture::default()),
                        [size] => {
                            let d = parse_size(size).ok_or_else(|| {
                                syntax(line, format!("bad board size '{size}' (expected WxH or WxHxD, e.g. 6x10)"))
                            })?;
                            dims = Some((line, d));
                        }
                        _ => return Err(syntax(line, "expected `board WxH[xD]` or `board` alone")),
                    }
                }
                "piece" => {
                    let (label, count) = match rest.as_slice() {
                        [l] => (*l, 1),
                        [l, c] => {
                            let n = c
                                .strip_prefix('x')
                                .and_then(|n| n.parse::<usize>().ok())
                                .filter(|&n| (1..=256).contains(&n))
                                .ok_or_else(|| {
                                    syntax(
                                        line,
                                        format!(
                                            "bad copy count '{c}' (expected x2, x3, … up to x256)"
                                        ),
                                    )
                                })?;
                            (*l, n)
                        }
                        _ => return Err(syntax(line, "expected `piece L` or `piece L xN`")),
                    };
                    let mut chars = label.chars();
                    let (Some(c), None) = (chars.next(), chars.next()) else {
                        return Err(syntax(
                            line,
                            format!("piece label '{label}' must be one character"),
                        ));
                    };
                    if matches!(c, '.' | '-' | '#') {
                        return Err(syntax(line, format!("piece label '{c}' is reserved")));
                    }
                    if pieces.iter().any(|(_, p)| p.label == c) {
                        return Err(syntax(line, format!("a second piece labelled '{c}'")));
                    }
                    pieces.push((line, Piece { label: c, cells: Vec::new(), count }));
                    section = Section::Piece(pieces.len() - 1, Picture::default());
                }
                _ => {
                    let pic = match &mut section {
                        Section::Board(p) | Section::Piece(_, p) => p,
                        Section::None => {
                            return Err(syntax(
                                line,
                                format!("unexpected '{t}' (expected name, board or piece)"),
                            ))
                        }
                    };
                    if !rest.is_empty() {
                        return Err(syntax(line, format!("unexpected space in picture row '{t}'")));
                    }
                    if t.chars().all(|c| c == '-') {
                        pic.new_layer(line)?;
                    } else {
                        pic.push_row(line, t)?;
                    }
                }
            }
        }
        finish(&mut section, &mut board, &mut pieces, last + 1)?;
        let board = match (dims, board) {
            (Some((line, d)), _) => {
                let cells = d[0] * d[1] * d[2];
                if cells > MAX_CELLS {
                    let _ = line;
                    return Err(PackError::TooLarge {
                        width: d[0],
                        height: d[1],
                        depth: d[2],
                        cells,
                    });
                }
                let mut v = Vec::with_capacity(cells);
                for z in 0..d[2] {
                    for y in 0..d[1] {
                        for x in 0..d[0] {
                            v.push([x as i32, y as i32, z as i32]);
                        }
                    }
                }
                v
            }
            (None, Some(b)) => b,
            (None, None) => return Err(PackError::NoBoard),
        };
        if pieces.is_empty() {
            return Err(PackError::NoPieces);
        }
        Puzzle::new(name, board, pieces.into_iter().map(|(_, p)| p).collect())
    }

    /// A puzzle from its board cells and pieces, checked: the board fits the
    /// packer, the pieces' area equals the board's. Coordinates are moved so
    /// that the board's box starts at 0.
    pub fn new(name: String, board: Vec<Pt>, pieces: Vec<Piece>) -> Result<Puzzle, PackError> {
        if board.is_empty() {
            return Err(PackError::NoBoard);
        }
        if pieces.is_empty() {
            return Err(PackError::NoPieces);
        }
        let board = super::shape::normalize(&board);
        let mut dims = [0usize; 3];
        for p in &board {
            for i in 0..3 {
                dims[i] = dims[i].max(p[i] as usize + 1);
            }
        }
        let cells = dims[0] * dims[1] * dims[2];
        if cells > MAX_CELLS {
            return Err(PackError::TooLarge {
                width: dims[0],
                height: dims[1],
                depth: dims[2],
                cells,
            });
        }
        if pieces.len() > MAX_PIECES {
            return Err(PackError::TooManyPieces(pieces.len()));
        }
        let area: usize = pieces.iter().map(|p| p.cells.len() * p.count).sum();
        if area != board.len() {
            return Err(PackError::WrongArea { pieces: area, board: board.len() });
        }
        Ok(Puzzle { name, dims, board, pieces })
    }
}

/// Ends the open section: checks and stores its picture.
fn finish(
    section: &mut Section, board: &mut Option<Vec<Pt>>, pieces: &mut [(usize, Piece)], line: usize,
) -> Result<(), PackError> {
    match std::mem::replace(section, Section::None) {
        Section::None => {}
        Section::Board(pic) => {
            let cells = pic.cells("the board", line)?;
            if cells.is_empty() {
                return Err(syntax(line, "the board picture has no cells"));
            }
            *board = Some(cells);
        }
        Section::Piece(i, pic) => {
            let (at, piece) = &mut pieces[i];
            let cells = pic.cells(&format!("piece {}", piece.label), line)?;
            if cells.is_empty() {
                return Err(syntax(*at, format!("piece {} has no cells", piece.label)));
            }
            if !connected(&cells) {
                return Err(syntax(
                    pic.line,
                    format!("piece {} is not connected (cells must share faces)", piece.label),
                ));
            }
            piece.cells = super::shape::normalize(&cells);
        }
    }
    Ok(())
}

/// `6x10` or `3x3x3`.
fn parse_size(s: &str) -> Option<[usize; 3]> {
    let parts: Vec<usize> = s.split(['x', '×']).map(|p| p.parse().ok()).collect::<Option<_>>()?;
    let d = match parts.as_slice() {
        [w, h] => [*w, *h, 1],
        [w, h, d] => [*w, *h, *d],
        _ => return None,
    };
    d.iter().all(|&n| (1..=256).contains(&n)).then_some(d)
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    fn err(text: &str) -> String {
        Puzzle::parse(text).unwrap_err().to_string()
    }

    pub fn reads_a_small_puzzle() {
        let p =
            Puzzle::parse("# dominoes\nname two dominoes\nboard 2x2\npiece a x2\noo\n").unwrap();
        assert_eq!(p.name, "two dominoes");
        assert_eq!(p.dims, [2, 2, 1]);
        assert_eq!(p.pieces[0].cells, [[0, 0, 0], [1, 0, 0]]);
        assert_eq!(p.pieces[0].count, 2);
        let q = Puzzle::parse("board\no.\noo\n-\n..\n.o\npiece L\noo\no.\npiece i\no").unwrap();
        assert_eq!(q.dims, [2, 2, 2]);
        assert_eq!(q.board, [[0, 0, 0], [0, 1, 0], [1, 0, 0], [1, 0, 1]]);
    }

    pub fn names_the_line_and_fault() {
        assert_eq!(
            err("board 2x2\npiece a\no?\n"),
            "line 3: unexpected '?' in a picture (o or x for a cell, . for a gap)"
        );
        assert_eq!(
            err("board 2y2\n"),
            "line 1: bad board size '2y2' (expected WxH or WxHxD, e.g. 6x10)"
        );
        assert_eq!(err("oo\n"), "line 1: unexpected 'oo' (expected name, board or piece)");
        assert_eq!(
            err("board 2x2\npiece ab\noo"),
            "line 2: piece label 'ab' must be one character"
        );
        assert_eq!(
            err("board 2x2\npiece a\noo\npiece a\noo"),
            "line 4: a second piece labelled 'a'"
        );
        assert_eq!(
            err("board 2x2\npiece a\no.\n.o"),
            "line 3: piece a is not connected (cells must share faces)"
        );
        assert_eq!(err("board 2x2\npiece a\n"), "line 2: piece a has no cells");
        assert_eq!(
            err("board 2x2\npiece a\noo\n-\n"),
            "line 5: piece a ends with an empty layer after '-'"
        );
        assert_eq!(
            err("board 2x2\npiece a x0\noo"),
            "line 2: bad copy count 'x0' (expected x2, x3, … up to x256)"
        );
        assert_eq!(err("board 2x2\nboard 2x2"), "line 2: a second board");
        assert_eq!(
            err("piece a\noo"),
            "no board: the file needs a `board WxH[xD]` line or `board` and a picture"
        );
        assert_eq!(err("board 2x2\n"), "no pieces: the file needs at least one `piece L` section");
        assert_eq!(err("board 2x2\npiece a\nooo"), "the pieces cover 3 cells but the board has 4");
        assert_eq!(
            err("board 20x20\npiece a\no"),
            "the board's 20×20×1 box has 400 cells; at most 256 are supported"
        );
    }
}

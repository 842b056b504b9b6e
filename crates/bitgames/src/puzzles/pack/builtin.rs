//! The built-in puzzles, written in the text format of `docs/pack.md`.

use super::format::Puzzle;

/// The twelve pentominoes, named by Golomb's letters.
const PENTOMINOES: &str = "
piece F
.oo
oo.
.o.
piece I
ooooo
piece L
oooo
o...
piece N
oo..
.ooo
piece P
oo
oo
o.
piece T
ooo
.o.
.o.
piece U
o.o
ooo
piece V
o..
o..
ooo
piece W
o..
oo.
.oo
piece X
.o.
ooo
.o.
piece Y
.o..
oooo
piece Z
oo.
.o.
.oo
";

/// Piet Hein's Soma cube: the trominoe V, four flat tetracubes and three solid
/// ones (the branch P and the two mirror-image screws A and B), 27 cells.
const SOMA: &str = "
name Soma cube
board 3x3x3
piece V
o.
oo
piece L
o..
ooo
piece T
.o.
ooo
piece Z
.oo
oo.
piece P
o.
oo
-
..
o.
piece A
o.
oo
-
..
.o
piece B
o.
oo
-
o.
..
";

/// The Bedlam cube: twelve pentacubes and one tetracube into a 4×4×4 cube.
/// Named after the pentomino (F, X, W) or the flat tetromino with a cube on top
/// and where it stands (T with M middle, B base, H bar end; L with L long-leg
/// end, S short-leg end, C corner; skew with E end, I inside), T the twisted
/// one and Z the tetracube.
const BEDLAM: &str = "
name Bedlam cube
board 4x4x4
piece F
..o
ooo
.o.
piece X
.o.
ooo
.o.
piece W
..o
.oo
oo.
piece M
ooo
.o.
-
.o.
...
piece B
ooo
.o.
-
...
.o.
piece H
ooo
.o.
-
o..
...
piece L
ooo
..o
-
o..
...
piece S
ooo
o..
-
...
o..
piece C
ooo
o..
-
o..
...
piece E
oo.
.oo
-
o..
...
piece I
oo.
.oo
-
.o.
...
piece T
.o.
.oo
-
oo.
...
piece Z
o.
oo
-
o.
..
";

/// The names of the built-in puzzles, with a line on each.
pub const BUILTIN: &[(&str, &str)] = &[
    ("soma", "Soma cube: 7 pieces into 3×3×3 (240 distinct, 11,520 in all)"),
    ("pentomino-6x10", "the 12 pentominoes into 6×10 (2,339 distinct)"),
    ("pentomino-5x12", "the 12 pentominoes into 5×12 (1,010 distinct)"),
    ("pentomino-4x15", "the 12 pentominoes into 4×15 (368 distinct)"),
    ("pentomino-3x20", "the 12 pentominoes into 3×20 (2 distinct)"),
    ("pentomino-8x8", "the 12 pentominoes into 8×8 less the centre 2×2 (65 distinct)"),
    ("bedlam", "Bedlam cube: 13 pieces into 4×4×4 (19,186 distinct)"),
];

/// The text of a built-in puzzle by name (see [`BUILTIN`]).
pub fn builtin_text(name: &str) -> Option<String> {
    let rect =
        |w: usize, h: usize| format!("name pentominoes {h}x{w}\nboard {w}x{h}\n{PENTOMINOES}");
    Some(match name {
        "soma" => SOMA.to_string(),
        "bedlam" => BEDLAM.to_string(),
        "pentomino-6x10" => rect(10, 6),
        "pentomino-5x12" => rect(12, 5),
        "pentomino-4x15" => rect(15, 4),
        "pentomino-3x20" => rect(20, 3),
        "pentomino-8x8" => format!(
            "name pentominoes 8x8 less the centre\nboard\n{}{PENTOMINOES}",
            "oooooooo\noooooooo\noooooooo\nooo..ooo\nooo..ooo\noooooooo\noooooooo\noooooooo\n"
        ),
        _ => return None,
    })
}

/// A built-in puzzle by name (see [`BUILTIN`]).
pub fn builtin(name: &str) -> Option<Puzzle> {
    builtin_text(name).map(|t| Puzzle::parse(&t).expect("the built-in puzzles parse"))
}

//! A board as SVG, for Jupyter (`State._repr_svg_`): every cell of the game's
//! [`BoardView`] at its place, square or hexagonal, with its piece.

use bitgames::board::PieceLook;
use bitgames::BoardView;
use std::fmt::Write;

/// Pixels in one cell width.
const CELL: f64 = 32.0;

/// The fill and outline of a piece.
fn colours(look: PieceLook) -> (&'static str, &'static str) {
    match look {
        PieceLook::Black => ("#222", "#000"),
        PieceLook::White => ("#f4f4f4", "#555"),
        PieceLook::Red => ("#d33", "#822"),
        PieceLook::Yellow => ("#f2c521", "#a8870f"),
        PieceLook::Blue => ("#2a6fd6", "#17437f"),
        PieceLook::Cross => ("#c33", "#c33"),
        PieceLook::Nought => ("#36c", "#36c"),
    }
}

/// The board drawn as an SVG document.
pub(crate) fn board_svg(board: &BoardView) -> String {
    let hex = board.shape.hexagonal();
    let (max_x, max_y) =
        board.cells.iter().fold((0f64, 0f64), |(x, y), c| (x.max(c.x), y.max(c.y)));
    let pad = CELL;
    let (w, h) = ((max_x + 1.0) * CELL + pad, (max_y + 1.0) * CELL + pad);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}"><rect width="100%" height="100%" fill="#e8c98f"/>"##
    );
    let centre =
        |x: f64, y: f64| (x * CELL + CELL / 2.0 + pad / 2.0, y * CELL + CELL / 2.0 + pad / 2.0);
    for (i, c) in board.cells.iter().enumerate() {
        let (cx, cy) = centre(c.x, c.y);
        let marked = board.marked.contains(&i);
        let stroke = if marked { "#e00" } else { "#6b4f1d" };
        if hex {
            // A pointy-top hexagon whose width is one cell.
            let r = CELL / 3f64.sqrt();
            let points: Vec<String> = (0..6)
                .map(|k| {
                    let a = std::f64::consts::PI / 3.0 * k as f64 + std::f64::consts::PI / 6.0;
                    format!("{:.1},{:.1}", cx + r * a.cos(), cy + r * a.sin())
                })
                .collect();
            let _ = write!(
                s,
                r##"<polygon points="{}" fill="#e8c98f" stroke="{stroke}" stroke-width="1"/>"##,
                points.join(" ")
            );
        } else {
            let _ = write!(
                s,
                r##"<rect x="{:.1}" y="{:.1}" width="{CELL}" height="{CELL}" fill="none" stroke="{stroke}" stroke-width="1"/>"##,
                cx - CELL / 2.0,
                cy - CELL / 2.0
            );
        }
        if let Some(owner) = c.owner {
            let (fill, line) = colours(board.pieces[owner.index()]);
            let _ = write!(
                s,
                r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{fill}" stroke="{line}" stroke-width="{}"><title>{}</title></circle>"##,
                CELL * 0.4,
                if marked { 3 } else { 1 },
                c.name
            );
        }
    }
    s.push_str("</svg>");
    s
}

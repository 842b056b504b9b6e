//! The board's symmetries that map the piece set onto itself, and the piece
//! fixed to one placement per symmetry class so the search finds each distinct
//! solution once (or a known number of times).

use super::format::Puzzle;
use super::shape::{canonical, Iso, Pt};
use std::collections::HashMap;

/// One symmetry of the puzzle: a permutation of the box's cell indices (in the
/// search's bit layout) and what it does to the piece types (a reflection maps a
/// chiral piece to its mirror twin).
#[derive(Clone, Debug)]
pub(crate) struct Symmetry {
    /// `perm[bit]` = the bit the cell moves to.
    pub perm: Vec<u16>,
    /// `sigma[t]` = the type piece `t` becomes.
    pub sigma: Vec<u8>,
}

/// The bit layout of the box: the smallest dimension varies fastest, so the
/// lowest empty cell walks along the short side first (a 6×10 board is filled
/// column by column of 6).
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub dims: [usize; 3],
    /// Axes from fastest to slowest.
    pub order: [usize; 3],
    /// Bit stride of each axis.
    pub stride: [usize; 3],
}

impl Layout {
    pub(super) fn new(dims: [usize; 3]) -> Layout {
        let mut order = [0, 1, 2];
        order.sort_by_key(|&a| dims[a]);
        let mut stride = [0; 3];
        let mut s = 1;
        for &a in &order {
            stride[a] = s;
            s *= dims[a];
        }
        Layout { dims, order, stride }
    }

    /// Cells of the box.
    pub(super) fn volume(&self) -> usize {
        self.dims.iter().product()
    }

    /// The bit of a point inside the box.
    pub(super) fn bit(&self, p: Pt) -> usize {
        (0..3).map(|a| p[a] as usize * self.stride[a]).sum()
    }

    /// The point of a bit.
    pub(super) fn point(&self, bit: usize) -> Pt {
        std::array::from_fn(|a| ((bit / self.stride[a]) % self.dims[a]) as i32)
    }
}

/// The symmetries of the puzzle (identity first): the isometries of the box
/// that keep the board, deduplicated as cell permutations, whose action on the
/// pieces maps the piece set onto itself.
pub(crate) fn symmetries(p: &Puzzle, layout: &Layout) -> Vec<Symmetry> {
    let on_board: std::collections::HashSet<Pt> = p.board.iter().copied().collect();
    let canon: Vec<Vec<Pt>> = p.pieces.iter().map(|pc| canonical(&pc.cells)).collect();
    let mirror_of: Vec<Option<u8>> = p
        .pieces
        .iter()
        .map(|pc| {
            let m: Vec<Pt> = pc.cells.iter().map(|q| [-q[0], q[1], q[2]]).collect();
            let c = canonical(&m);
            canon.iter().position(|k| *k == c).map(|i| i as u8)
        })
        .collect();
    let mut out: Vec<(Vec<u16>, bool)> = Vec::new();
    for iso in Iso::all() {
        let mut perm = vec![0u16; layout.volume()];
        let mut ok = true;
        for (bit, slot) in perm.iter_mut().enumerate() {
            let q = layout.point(bit);
            match iso.apply_in_box(q, layout.dims) {
                Some(r) if on_board.contains(&q) == on_board.contains(&r) => {
                    *slot = layout.bit(r) as u16
                }
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            continue;
        }
        match out.iter_mut().find(|(q, _)| *q == perm) {
            Some(e) => e.1 |= iso.is_proper(),
            None => out.push((perm, iso.is_proper())),
        }
    }
    let ident: Vec<u8> = (0..p.pieces.len() as u8).collect();
    out.into_iter()
        .filter_map(|(perm, proper)| {
            let sigma = if proper {
                ident.clone()
            } else {
                let s: Option<Vec<u8>> = mirror_of.clone().into_iter().collect();
                let s = s?;
                let keeps_counts = s
                    .iter()
                    .enumerate()
                    .all(|(t, &u)| p.pieces[t].count == p.pieces[u as usize].count);
                if !keeps_counts {
                    return None;
                }
                s
            };
            Some(Symmetry { perm, sigma })
        })
        .collect()
}

/// A placement of the fixed piece that the search starts from, with the
/// number of placements in its class (its orbit) and the symmetries that fix
/// it (identity excluded).
#[derive(Clone, Debug)]
pub(crate) struct Root {
    /// Cells of the placement (bits), empty if no piece is fixed.
    pub cells: Vec<usize>,
    pub orbit: u64,
    pub stabiliser: Vec<usize>,
}

/// Picks the piece to fix: one copy only, mapped to itself by every symmetry;
/// among those, the one with the fewest classes of placements. Returns it and
/// one representative placement per class. With none eligible, one root with
/// nothing fixed and every symmetry as its stabiliser.
pub(crate) fn roots(
    p: &Puzzle, syms: &[Symmetry], placements: &[Vec<Vec<usize>>],
) -> (Option<usize>, Vec<Root>) {
    let mut best: Option<(usize, Vec<Root>)> = None;
    for (t, pls) in placements.iter().enumerate() {
        if p.pieces[t].count != 1 || syms.iter().any(|s| s.sigma[t] as usize != t) {
            continue;
        }
        let key = |cells: &[usize]| {
            let mut v = cells.to_vec();
            v.sort_unstable();
            v
        };
        let index: HashMap<Vec<usize>, usize> =
            pls.iter().enumerate().map(|(i, c)| (key(c), i)).collect();
        let mut seen = vec![false; pls.len()];
        let mut reps = Vec::new();
        for (i, cells) in pls.iter().enumerate() {
            if seen[i] {
                continue;
            }
            let mut orbit = 0;
            let mut stabiliser = Vec::new();
            for (g, s) in syms.iter().enumerate() {
                let img: Vec<usize> = cells.iter().map(|&b| s.perm[b] as usize).collect();
                let j = index[&key(&img)];
                if j == i && g > 0 {
                    stabiliser.push(g);
                }
                if !seen[j] {
                    seen[j] = true;
                    orbit += 1;
                }
            }
            reps.push(Root { cells: cells.clone(), orbit, stabiliser });
        }
        if best.as_ref().is_none_or(|(_, b)| reps.len() < b.len()) {
            best = Some((t, reps));
        }
    }
    match best {
        Some((t, reps)) => (Some(t), reps),
        None => (
            None,
            vec![Root { cells: Vec::new(), orbit: 1, stabiliser: (1..syms.len()).collect() }],
        ),
    }
}

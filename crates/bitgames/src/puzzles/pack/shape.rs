//! Polycube geometry: cells as integer points, the 48 isometries of the cube
//! (24 rotations, 24 reflections), orientations and canonical forms.

/// A cell of a piece or board: `[x, y, z]` (column, row from the bottom, layer from
/// the bottom).
pub type Pt = [i32; 3];

/// An isometry of the cube that keeps the origin: coordinate `i` of the image is
/// `sign[i] * p[axis[i]]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Iso {
    pub axis: [usize; 3],
    pub sign: [i32; 3],
}

impl Iso {
    /// All 48 isometries: the 24 rotations first, then the 24 reflections.
    pub(super) fn all() -> Vec<Iso> {
        const PERMS: [[usize; 3]; 6] =
            [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 2, 1], [2, 1, 0], [1, 0, 2]];
        let mut v = Vec::with_capacity(48);
        for (k, &axis) in PERMS.iter().enumerate() {
            let parity = if k < 3 { 1 } else { -1 };
            for s in 0..8 {
                let sign = [1 - 2 * (s & 1), 1 - 2 * ((s >> 1) & 1), 1 - 2 * ((s >> 2) & 1)];
                v.push((Iso { axis, sign }, parity * sign[0] * sign[1] * sign[2]));
            }
        }
        v.sort_by_key(|&(_, det)| -det);
        v.into_iter().map(|(iso, _)| iso).collect()
    }

    /// The 24 rotations (determinant +1).
    pub(super) fn rotations() -> Vec<Iso> {
        Self::all().into_iter().filter(|i| i.is_proper()).collect()
    }

    /// Whether this is a rotation (no reflection).
    pub(super) fn is_proper(&self) -> bool {
        let parity = match self.axis {
            [0, 1, 2] | [1, 2, 0] | [2, 0, 1] => 1,
            _ => -1,
        };
        parity * self.sign[0] * self.sign[1] * self.sign[2] == 1
    }

    /// The image of a point.
    pub(super) fn apply(&self, p: Pt) -> Pt {
        [
            self.sign[0] * p[self.axis[0]],
            self.sign[1] * p[self.axis[1]],
            self.sign[2] * p[self.axis[2]],
        ]
    }

    /// The image of a point of the box `dims`, kept inside the box (`None` if
    /// the isometry does not map the box onto itself).
    pub(super) fn apply_in_box(&self, p: Pt, dims: [usize; 3]) -> Option<Pt> {
        let mut q = self.apply(p);
        for i in 0..3 {
            if dims[self.axis[i]] != dims[i] {
                return None;
            }
            if self.sign[i] < 0 {
                q[i] += dims[i] as i32 - 1;
            }
        }
        Some(q)
    }
}

/// The cells moved so that the smallest coordinate on each axis is 0, sorted.
pub(crate) fn normalize(cells: &[Pt]) -> Vec<Pt> {
    let mut lo = [i32::MAX; 3];
    for p in cells {
        for i in 0..3 {
            lo[i] = lo[i].min(p[i]);
        }
    }
    let mut v: Vec<Pt> = cells.iter().map(|p| [p[0] - lo[0], p[1] - lo[1], p[2] - lo[2]]).collect();
    v.sort_unstable();
    v
}

/// The distinct orientations of a piece under the 24 rotations, normalised.
pub(crate) fn orientations(cells: &[Pt]) -> Vec<Vec<Pt>> {
    let mut v: Vec<Vec<Pt>> = Iso::rotations()
        .iter()
        .map(|r| normalize(&cells.iter().map(|&p| r.apply(p)).collect::<Vec<_>>()))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// One name for all rotations of a piece: its smallest normalised orientation.
pub(crate) fn canonical(cells: &[Pt]) -> Vec<Pt> {
    orientations(cells).swap_remove(0)
}

/// Whether the cells are face-connected.
pub(crate) fn connected(cells: &[Pt]) -> bool {
    if cells.is_empty() {
        return false;
    }
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(i) = stack.pop() {
        for (j, q) in cells.iter().enumerate() {
            let p = cells[i];
            let d: i32 = (0..3).map(|k| (p[k] - q[k]).abs()).sum();
            if d == 1 && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen.iter().all(|&s| s)
}

#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod tests {
    use super::*;

    pub fn the_cube_has_24_rotations_and_24_reflections() {
        let all = Iso::all();
        assert_eq!(all.len(), 48);
        assert_eq!(all.iter().filter(|i| i.is_proper()).count(), 24);
        // Soma's screw has a half-turn symmetry, so 12 orientations; a flat F
        // pentomino 24 in space (8 in its plane × 3 planes); the I pentomino 3.
        let screw = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 0, 1]];
        assert_eq!(orientations(&screw).len(), 12);
        let f = [[1, 0, 0], [0, 1, 0], [1, 1, 0], [1, 2, 0], [2, 2, 0]];
        assert_eq!(orientations(&f).len(), 24);
        let i: Vec<Pt> = (0..5).map(|x| [x, 0, 0]).collect();
        assert_eq!(orientations(&i).len(), 3);
        // The screw's mirror image is not a rotation of it.
        let mirror: Vec<Pt> = screw.iter().map(|p| [-p[0], p[1], p[2]]).collect();
        assert_ne!(canonical(&screw), canonical(&mirror));
        assert!(connected(&screw) && !connected(&[[0, 0, 0], [1, 1, 0]]));
    }
}

//! Life on the unbounded plane: a sparse map of 64×64 tiles (one `u64` per tile
//! row) that grows where the pattern reaches a tile's edge and drops tiles that
//! die out.

use super::kernel::{hsum, row_next, Conway, Generic, Kernel};
use super::{BoundingBox, LifeError, Pattern, Rule};
use rayon::prelude::*;
use std::collections::HashMap;

/// One 64×64 tile: row `r` (0 = top) is a word, cell `x` is bit `x`.
type Tile = [u64; 64];

/// Tile coordinates: tile `(tx, ty)` holds cells `64·tx ..`, `64·ty ..`.
type Key = (i64, i64);

/// Life on the unbounded plane.
#[derive(Clone, Debug)]
pub struct Plane {
    rule: Rule,
    tiles: HashMap<Key, Box<Tile>>,
    generation: u64,
    updates: u64,
}

const EMPTY: Tile = [0; 64];

impl Plane {
    /// An empty plane under `rule` (not a B0 rule: that fills the plane at once).
    pub fn new(rule: Rule) -> Result<Plane, LifeError> {
        if rule.births_on_zero() {
            return Err(LifeError::BirthOnZero { rule: rule.to_string() });
        }
        Ok(Plane { rule, tiles: HashMap::new(), generation: 0, updates: 0 })
    }

    /// The plane holding `pattern` with its top-left corner at `(0, 0)`.
    pub fn with_pattern(pattern: &Pattern) -> Result<Plane, LifeError> {
        let mut p = Plane::new(pattern.rule)?;
        for &(x, y) in &pattern.cells {
            p.set(i64::from(x), i64::from(y), true);
        }
        Ok(p)
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Generations run so far.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Cell updates computed so far: 4096 for each tile computed in each
    /// generation.
    pub fn cell_updates(&self) -> u64 {
        self.updates
    }

    /// How many tiles are allocated.
    pub fn tile_count(&self) -> usize {
        self.tiles.len()
    }

    /// Whether cell `(x, y)` is alive.
    pub fn get(&self, x: i64, y: i64) -> bool {
        let key = (x.div_euclid(64), y.div_euclid(64));
        self.tiles
            .get(&key)
            .is_some_and(|t| t[y.rem_euclid(64) as usize] >> x.rem_euclid(64) & 1 == 1)
    }

    /// Sets cell `(x, y)`.
    pub fn set(&mut self, x: i64, y: i64, alive: bool) {
        let key = (x.div_euclid(64), y.div_euclid(64));
        let t = self.tiles.entry(key).or_insert_with(|| Box::new(EMPTY));
        let w = &mut t[y.rem_euclid(64) as usize];
        if alive {
            *w |= 1 << x.rem_euclid(64);
        } else {
            *w &= !(1 << x.rem_euclid(64));
        }
    }

    /// The number of live cells.
    pub fn population(&self) -> u64 {
        self.tiles.values().flat_map(|t| t.iter()).map(|w| u64::from(w.count_ones())).sum()
    }

    /// The live cells, sorted by row then column.
    pub fn cells(&self) -> Vec<(i64, i64)> {
        let mut out = Vec::new();
        for (&(tx, ty), t) in &self.tiles {
            for (r, &w) in t.iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    out.push((tx * 64 + w.trailing_zeros() as i64, ty * 64 + r as i64));
                    w &= w - 1;
                }
            }
        }
        out.sort_unstable_by_key(|&(x, y)| (y, x));
        out
    }

    /// The bounding box of the live cells (`None` when all are dead).
    pub fn bounding_box(&self) -> Option<BoundingBox> {
        self.tiles
            .iter()
            .filter_map(|(&(tx, ty), t)| {
                let r0 = t.iter().position(|&w| w != 0)?;
                let r1 = t.iter().rposition(|&w| w != 0)?;
                let or = t.iter().fold(0, |a, &w| a | w);
                Some(BoundingBox {
                    x0: tx * 64 + i64::from(or.trailing_zeros()),
                    x1: tx * 64 + 63 - i64::from(or.leading_zeros()),
                    y0: ty * 64 + r0 as i64,
                    y1: ty * 64 + r1 as i64,
                })
            })
            .reduce(BoundingBox::union)
    }

    /// The tiles to compute next: every live tile and each neighbour its edge
    /// cells reach.
    fn candidates(&self) -> Vec<Key> {
        let mut keys: Vec<Key> = Vec::with_capacity(self.tiles.len() * 2);
        for (&(tx, ty), t) in &self.tiles {
            keys.push((tx, ty));
            let or = t.iter().fold(0, |a, &w| a | w);
            let (top, bottom) = (t[0], t[63]);
            let (west, east) = (or & 1 != 0, or >> 63 != 0);
            let mut add = |dx: i64, dy: i64, cond: bool| {
                if cond {
                    keys.push((tx + dx, ty + dy));
                }
            };
            add(0, -1, top != 0);
            add(0, 1, bottom != 0);
            add(-1, 0, west);
            add(1, 0, east);
            add(-1, -1, top & 1 != 0);
            add(1, -1, top >> 63 != 0);
            add(-1, 1, bottom & 1 != 0);
            add(1, 1, bottom >> 63 != 0);
        }
        keys.sort_unstable();
        keys.dedup();
        keys
    }

    /// The next generation of tile `(tx, ty)`: its 66 rows with their west and
    /// east neighbour words, summed across, then three row sums at a time.
    fn next_tile<K: Kernel>(&self, k: K, (tx, ty): Key) -> Option<Box<Tile>> {
        let get = |dx: i64, dy: i64| -> &Tile {
            self.tiles.get(&(tx + dx, ty + dy)).map_or(&EMPTY, |b| &**b)
        };
        let cols = [-1i64, 0, 1].map(|dx| [get(dx, -1), get(dx, 0), get(dx, 1)]);
        let (mut lo, mut hi) = ([0u64; 66], [0u64; 66]);
        let mut alive = [0u64; 64];
        for e in 0..66 {
            // Extended row e is tile row e − 1.
            let (band, r) = match e {
                0 => (0, 63),
                65 => (2, 0),
                _ => (1, e - 1),
            };
            let (w, c, east) = (cols[0][band][r], cols[1][band][r], cols[2][band][r]);
            (lo[e], hi[e]) = hsum(c << 1 | w >> 63, c, c >> 1 | east << 63);
            if band == 1 {
                alive[r] = c;
            }
        }
        let mut out = Box::new(EMPTY);
        row_next(
            k,
            &alive,
            (&lo[..64], &hi[..64]),
            (&lo[1..65], &hi[1..65]),
            (&lo[2..], &hi[2..]),
            &mut out[..],
        );
        out.iter().any(|&w| w != 0).then_some(out)
    }

    fn step_with<K: Kernel>(&mut self, k: K, parallel: bool) {
        let keys = self.candidates();
        let tiles: HashMap<Key, Box<Tile>> = if parallel {
            keys.par_iter().filter_map(|&key| Some((key, self.next_tile(k, key)?))).collect()
        } else {
            keys.iter().filter_map(|&key| Some((key, self.next_tile(k, key)?))).collect()
        };
        self.tiles = tiles;
        self.generation += 1;
        self.updates += keys.len() as u64 * 4096;
    }

    /// One generation (tiles over the rayon pool when `parallel`).
    pub fn step(&mut self, parallel: bool) {
        if self.rule.is_conway() {
            self.step_with(Conway, parallel);
        } else {
            self.step_with(Generic::new(self.rule), parallel);
        }
    }

    /// `n` generations on `threads` threads (1: this thread; 0: one per core),
    /// tiles shared out by rayon.
    pub fn run(&mut self, n: u64, threads: usize) {
        super::repeat_generations(n, threads, |parallel| self.step(parallel));
    }

    /// The cells of `bbox` as rows of `o` and `.`.
    pub fn picture(&self, bbox: BoundingBox) -> String {
        let mut s = String::new();
        for y in bbox.y0..=bbox.y1 {
            s.extend((bbox.x0..=bbox.x1).map(|x| if self.get(x, y) { 'o' } else { '.' }));
            s.push('\n');
        }
        s
    }

    /// The live cells as a [`Pattern`] (for RLE output).
    pub fn to_pattern(&self) -> Pattern {
        Pattern::from_cells(&self.cells(), self.rule)
    }
}

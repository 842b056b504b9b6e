//! Pons' standard Connect Four benchmark sets (his tutorial's test data), built
//! into the library for `bitgames bench connect4` and the tests. Each line: a
//! move string (1-based columns) and the exact score for the side to move.

/// One benchmark set.
#[derive(Clone, Copy, Debug)]
pub struct TestSet {
    /// File name: `Test_L2_R1`.
    pub name: &'static str,
    /// Pons' name: `Middle-Easy`.
    pub pons_name: &'static str,
    /// The lines.
    pub text: &'static str,
}

impl TestSet {
    /// `(moves, score)` of each line.
    pub fn positions(&self) -> impl Iterator<Item = (&'static str, i32)> {
        self.text.lines().filter_map(|l| {
            let mut f = l.split_whitespace();
            let moves = f.next()?;
            let score = f.next()?.parse().ok()?;
            Some((moves, score))
        })
    }
}

/// The set in the file `tests/data/connect4/$name`, Pons' `$pons_name`.
macro_rules! test_set {
    ($name:literal, $pons_name:literal) => {
        TestSet {
            name: $name,
            pons_name: $pons_name,
            text: include_str!(concat!("../../../tests/data/connect4/", $name)),
        }
    };
}

/// The six sets, easiest first: end (L3), middle (L2), beginning (L1) of the game;
/// easy (R1), medium (R2), hard (R3).
pub const TEST_SETS: [TestSet; 6] = [
    test_set!("Test_L3_R1", "End-Easy"),
    test_set!("Test_L2_R1", "Middle-Easy"),
    test_set!("Test_L2_R2", "Middle-Medium"),
    test_set!("Test_L1_R1", "Begin-Easy"),
    test_set!("Test_L1_R2", "Begin-Medium"),
    test_set!("Test_L1_R3", "Begin-Hard"),
];

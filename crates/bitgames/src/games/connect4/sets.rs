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

/// The six sets, easiest first: end (L3), middle (L2), beginning (L1) of the game;
/// easy (R1), medium (R2), hard (R3).
pub const TEST_SETS: [TestSet; 6] = [
    TestSet {
        name: "Test_L3_R1",
        pons_name: "End-Easy",
        text: include_str!("../../../tests/data/connect4/Test_L3_R1"),
    },
    TestSet {
        name: "Test_L2_R1",
        pons_name: "Middle-Easy",
        text: include_str!("../../../tests/data/connect4/Test_L2_R1"),
    },
    TestSet {
        name: "Test_L2_R2",
        pons_name: "Middle-Medium",
        text: include_str!("../../../tests/data/connect4/Test_L2_R2"),
    },
    TestSet {
        name: "Test_L1_R1",
        pons_name: "Begin-Easy",
        text: include_str!("../../../tests/data/connect4/Test_L1_R1"),
    },
    TestSet {
        name: "Test_L1_R2",
        pons_name: "Begin-Medium",
        text: include_str!("../../../tests/data/connect4/Test_L1_R2"),
    },
    TestSet {
        name: "Test_L1_R3",
        pons_name: "Begin-Hard",
        text: include_str!("../../../tests/data/connect4/Test_L1_R3"),
    },
];

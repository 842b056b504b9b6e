//! Outer-totalistic Life-like rules in B/S notation.

use super::error::RleError;

/// A Life-like rule: a dead cell with `n` live neighbours is born if bit `n` of
/// `birth` is set; a live one survives if bit `n` of `survive` is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Neighbour counts (bits 0..=8) that give birth.
    pub birth: u16,
    /// Neighbour counts (bits 0..=8) on which a live cell survives.
    pub survive: u16,
}

impl Rule {
    /// Conway's Life, B3/S23.
    pub const CONWAY: Rule = Rule { birth: 1 << 3, survive: 1 << 2 | 1 << 3 };

    /// Reads `B3/S23`, `b36/s23`, `B3S23` or the older survival-first `23/3`.
    pub fn parse(text: &str) -> Result<Rule, RleError> {
        let bad = || RleError::UnknownRule { rule: text.to_string() };
        let t = text.trim();
        let digits = |s: &str| -> Result<u16, RleError> {
            let mut m = 0u16;
            for ch in s.chars() {
                match ch.to_digit(10) {
                    Some(d) if d <= 8 && m >> d & 1 == 0 => m |= 1 << d,
                    _ => return Err(bad()),
                }
            }
            Ok(m)
        };
        let lower = t.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix('b') {
            let (b, s) = rest.split_once("/s").or_else(|| rest.split_once('s')).ok_or_else(bad)?;
            return Ok(Rule { birth: digits(b)?, survive: digits(s)? });
        }
        if let Some(rest) = lower.strip_prefix('s') {
            let (s, b) = rest.split_once("/b").or_else(|| rest.split_once('b')).ok_or_else(bad)?;
            return Ok(Rule { birth: digits(b)?, survive: digits(s)? });
        }
        match lower.split_once('/') {
            Some((s, b)) => Ok(Rule { birth: digits(b)?, survive: digits(s)? }),
            None => Err(bad()),
        }
    }

    /// Whether this is B3/S23 (the fast path).
    pub fn is_conway(&self) -> bool {
        *self == Rule::CONWAY
    }

    /// Whether the rule gives birth on 0 neighbours.
    pub fn births_on_zero(&self) -> bool {
        self.birth & 1 == 1
    }

    /// The next state from the neighbour count `n` (0..=8).
    pub fn next(&self, alive: bool, n: u32) -> bool {
        let set = if alive { self.survive } else { self.birth };
        set >> n & 1 == 1
    }
}

impl Default for Rule {
    fn default() -> Self {
        Rule::CONWAY
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list =
            |m: u16| (0..=8).filter(|n| m >> n & 1 == 1).map(|n| n.to_string()).collect::<String>();
        write!(f, "B{}/S{}", list(self.birth), list(self.survive))
    }
}

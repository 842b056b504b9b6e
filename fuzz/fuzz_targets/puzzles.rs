//! The puzzles' parsers, the first byte picking one: Lights Out sizes and
//! pictures (a picture that reads draws back to itself; a solution found
//! switches every light off), and packing-puzzle files (a small one that reads
//! solves without panicking).
#![no_main]

use bitgames::puzzles::lightsout::{parse_size, LightsBoard, LightsOut};
use bitgames::puzzles::pack::{self, Puzzle};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    if which & 1 == 0 {
        let (size, picture) = text.split_once('\n').unwrap_or((text, ""));
        let Ok((w, h)) = parse_size(size) else { return };
        if w * h > 400 {
            return;
        }
        let Ok(board) = LightsBoard::parse_picture(w, h, picture) else { return };
        let drawn = board.picture();
        assert_eq!(LightsBoard::parse_picture(w, h, &drawn).as_ref(), Ok(&board), "{drawn}");
        let game = LightsOut::new(w, h).expect("a checked size");
        let solution = game.solve(&board);
        assert_eq!(solution.is_some(), game.is_solvable(&board));
        if let Some(s) = solution {
            let mut b = board.clone();
            b.press_all(&s.presses);
            assert!(b.is_empty(), "presses {:?} leave {:?}", s.presses, b);
        }
    } else {
        match Puzzle::parse(text) {
            Ok(p) => {
                if text.len() < 200 {
                    let opts = pack::Options { threads: 1, ..pack::Options::default() };
                    let _ = pack::solve(&p, &opts);
                }
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
});

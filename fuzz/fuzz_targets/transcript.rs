//! Othello transcripts, from the start position or from an OBF position (the
//! first line when the first byte is odd): a transcript that reads replays move
//! by move, writes back to a transcript that reads to the same game (less a
//! trailing pass), and converts to GGF and back unchanged.
#![no_main]

use bitgames::games::othello::formats::{
    parse_ggf, parse_transcript_from, write_ggf, write_transcript, GgfGame,
};
use bitgames::games::othello::{Othello, OthelloMove};
use bitgames::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&flag, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let (start, moves) = if flag & 1 == 1 {
        let (first, moves) = text.split_once('\n').unwrap_or((text, ""));
        match Othello::start().parse_position(first) {
            Ok(p) => (p, moves),
            Err(_) => return,
        }
    } else {
        (Othello::start(), text)
    };
    match parse_transcript_from(start, moves) {
        Ok(rec) => {
            let mut replay = start;
            for &m in rec.moves() {
                replay.play(m).unwrap_or_else(|e| panic!("{moves:?}: {m} does not replay: {e}"));
            }
            assert_eq!(&replay, rec.end());
            let w = write_transcript(&rec);
            let again = parse_transcript_from(start, &w)
                .unwrap_or_else(|e| panic!("{moves:?} → {w:?}: {e}"));
            let mut expect: Vec<OthelloMove> = rec.moves().to_vec();
            while expect.last() == Some(&OthelloMove::Pass) && again.moves().len() < expect.len() {
                expect.pop();
            }
            assert_eq!(again.moves(), &expect[..], "{moves:?} → {w:?}");
            let ggf = write_ggf(&GgfGame::new(rec.clone()));
            let back = parse_ggf(&ggf).unwrap_or_else(|e| panic!("{ggf}: {e}"));
            assert_eq!(back.record(), &rec, "{ggf}");
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});

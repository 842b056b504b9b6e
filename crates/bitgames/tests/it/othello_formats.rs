//! Othello game records: transcripts, GGF and OBF lines — known games replayed to
//! their published end, round trips, forced passes, every kind of bad input, and
//! no panic on any prefix of a valid record.

use bitgames::games::othello::formats::{
    parse_ggf, parse_ggf_all, parse_transcript, parse_transcript_from, write_ggf, write_obf,
    write_transcript, FormatError, GameRecord, GgfGame, MoveNote, ObfRecord, TranscriptFault,
};
use bitgames::games::othello::{Othello, OthelloMove, Square};
use bitgames::Player;
use bitgames::{Hints, Notation, Rules};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The standard start as GGF writes it.
const START_BO: &str =
    "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";

/// A shortest possible game: nine plies and White has no disc left (Black 13–0).
const WIPEOUT: &str = "E6 F4 E3 F6 G5 D6 E7 F5 C5";

/// The message of an error, for `contains` checks.
fn msg<T: std::fmt::Debug>(r: Result<T, FormatError>) -> String {
    r.expect_err("expected an error").to_string()
}

/// A random game to the end from a seeded generator.
fn random_game(seed: u64) -> GameRecord {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut r = GameRecord::default();
    while let Some(mv) = r.end().random_move(&mut rng) {
        r.play(mv).unwrap();
    }
    r
}

/// The first seeded random game with a pass in it.
fn game_with_pass() -> GameRecord {
    (0..1000)
        .map(random_game)
        .find(|g| g.moves().contains(&OthelloMove::Pass))
        .expect("a random game with a pass")
}

/// `sq` under one of the four symmetries that keep the start position.
fn symmetric(sq: Square, k: u32) -> Square {
    let (c, r) = (sq.col(), sq.row());
    let (c, r) = match k {
        0 => (c, r),
        1 => (r, c),         // a1–h8 diagonal
        2 => (7 - r, 7 - c), // h1–a8 diagonal
        _ => (7 - c, 7 - r), // half turn
    };
    Square::at(c, r).unwrap()
}

#[test]
fn nine_ply_wipeouts() {
    let g = parse_transcript(WIPEOUT).unwrap();
    for k in 0..4 {
        let t: Vec<String> = g
            .moves()
            .iter()
            .map(|m| match m {
                OthelloMove::Place(sq) => symmetric(*sq, k).to_string(),
                OthelloMove::Pass => unreachable!(),
            })
            .collect();
        let t = t.join(" ");
        let h = parse_transcript(&t).unwrap();
        assert_eq!(h.moves().len(), 9, "{t}");
        assert!(h.is_over(), "{t}");
        assert_eq!(h.end().discs(Player::First), 13, "{t}");
        assert_eq!(h.end().discs(Player::Second), 0, "{t}");
        // 13 discs to none, the 51 empties to the winner.
        assert_eq!(h.score(), Some(64), "{t}");
    }
    assert_eq!(write_transcript(&g), "e6f4e3f6g5d6e7f5c5");
    assert!(write_ggf(&g.clone().into()).contains("RE[+64.000]"));
    // A garbled copy of the diagonal mirror: its 7th move is not legal.
    let m = msg(parse_transcript("f5 d6 c5 f4 e3 f6 d3 f3 d2"));
    assert!(m.contains("token 7 ('d3', at character 19)"), "{m}");
    assert!(m.contains("d3 flips no disc; Black can play f3, g4, g5, e6, d7, e7, g7"), "{m}");
}

#[test]
fn transcript_spellings_agree() {
    let a = parse_transcript("f5d6c3d3c4").unwrap();
    for t in ["F5D6C3D3C4", "f5 d6 c3 d3 c4", "F5, d6,C3 ,d3\tc4\n", "  f5d6 c3d3c4  "] {
        assert_eq!(parse_transcript(t).unwrap(), a, "{t}");
    }
    assert_eq!(write_transcript(&a), "f5d6c3d3c4");
    assert_eq!(a.end().ply(), 5);
    assert_eq!(a.end().side_to_move(), Player::Second);
    let empty = parse_transcript("  ").unwrap();
    assert_eq!(empty, GameRecord::default());
    assert_eq!(write_transcript(&empty), "");
    // positions() replays the moves.
    let last = a.positions().last().unwrap();
    assert_eq!(last.0.to_string(), "c4");
    assert_eq!(&last.1, a.end());
}

#[test]
fn transcript_errors_name_the_token() {
    let e = parse_transcript("f5 d6 x9 c3").unwrap_err();
    match &e {
        FormatError::Transcript { index, token, column, why } => {
            assert_eq!((*index, token.as_str(), *column), (3, "x9", 7));
            assert_eq!(why, &TranscriptFault::NotAMove);
            assert!(why.to_string().contains("not a square"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    // (transcript, what the message says)
    let cases: &[(&str, &[&str])] = &[
        ("f5d6i1", &["token 3", "'i1'"]),
        ("f5a9", &["token 2", "'a9'"]),
        // A square that flips nothing: the legal moves are listed.
        ("f5 d6 a1", &["token 3", "'a1'", "flips no disc", "Black"]),
        ("f5 f5", &["token 2", "already holds"]),
        // Playing on after the end.
        (&format!("{WIPEOUT} d3"), &["token 10", "over"]),
        // An explicit pass where a move exists.
        ("f5 pass", &["token 2", "may not pass"]),
        ("--", &["token 1", "may not pass"]),
        // A token that is not a move at all, with non-ASCII text.
        ("f5 é6", &["token 2", "é6"]),
    ];
    for &(text, says) in cases {
        let m = msg(parse_transcript(text));
        for want in says {
            assert!(m.contains(want), "{text}: {m}");
        }
    }
}

#[test]
fn transcripts_imply_passes() {
    let g = game_with_pass();
    let t = write_transcript(&g);
    assert!(!t.contains("pass"));
    let back = parse_transcript(&t).unwrap();
    assert_eq!(back, g, "{t}");
    assert!(back.moves().contains(&OthelloMove::Pass));
    // Written with the passes explicit, in every accepted spelling.
    for pass in ["pass", "PA", "ps", "--"] {
        let explicit: Vec<String> = g
            .moves()
            .iter()
            .map(|m| if *m == OthelloMove::Pass { pass.to_string() } else { m.to_string() })
            .collect();
        assert_eq!(parse_transcript(&explicit.join(" ")).unwrap(), g, "{pass}");
    }
}

#[test]
fn transcript_from_another_start() {
    let after = parse_transcript("f5d6").unwrap();
    let g = parse_transcript_from(*after.end(), "c3 d3").unwrap();
    assert_eq!(g.end(), parse_transcript("f5d6c3d3").unwrap().end());
    assert_eq!(g.start(), after.end());
}

#[test]
fn ggf_reads_a_ggs_record() {
    let text = format!(
        "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio]PW[Logistello]\
         RB[2197.72]RW[2036.06]TI[05:00//02:00]TY[8]RE[-3.000:r]KM[0]{START_BO}\
         B[f5//1.23]W[d6/-2.5/0.8]B[c3/1]W[PA]\n;)"
    );
    // W[PA] is illegal: Black's c3 leaves White with moves.
    let m = msg(parse_ggf(&text));
    assert!(m.contains("move 4 (W[PA])") && m.contains("may not pass"), "{m}");

    let text = text.replace("W[PA]", "W[d3//0.01]");
    let g = parse_ggf(&text).unwrap();
    let tags = [
        (&g.place, "GGS/os"),
        (&g.date, "2003.12.15_13:24:03.MST"),
        (&g.black, "Saio"),
        (&g.white, "Logistello"),
        (&g.black_rating, "2197.72"),
        (&g.white_rating, "2036.06"),
        (&g.time_control, "05:00//02:00"),
        (&g.game_type, "8"),
        (&g.result, "-3.000:r"),
    ];
    for (got, want) in tags {
        assert_eq!(got.as_deref(), Some(want));
    }
    assert_eq!(g.other_tags, vec![("KM".to_string(), "0".to_string())]);
    assert_eq!(g.record(), &parse_transcript("f5d6c3d3").unwrap());
    let notes = g.notes();
    assert_eq!(notes[0], MoveNote { eval: None, time: Some("1.23".into()) });
    assert_eq!(notes[1], MoveNote { eval: Some("-2.5".into()), time: Some("0.8".into()) });
    assert_eq!(notes[1].eval_value(), Some(-2.5));
    assert_eq!(notes[2], MoveNote { eval: Some("1".into()), time: None });

    // Written back: every tag kept, the unfinished game's RE as read.
    let out = write_ggf(&g);
    assert_eq!(
        out,
        format!(
            "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[Saio]PW[Logistello]\
             RB[2197.72]RW[2036.06]TI[05:00//02:00]TY[8]RE[-3.000:r]KM[0]{START_BO}\
             B[F5//1.23]W[D6/-2.5/0.8]B[C3/1]W[D3//0.01];)"
        )
    );
    assert_eq!(parse_ggf(&out).unwrap(), g);
    assert_eq!(out.parse::<GgfGame>().unwrap().to_string(), out);
}

#[test]
fn ggf_board_spellings() {
    // The 64 squares in one run (as in the GGS description) or in rows.
    let one_run = "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[f5];)";
    let g = parse_ggf(one_run).unwrap();
    assert_eq!(g.record(), &parse_transcript("f5").unwrap());
    // Lower-case game name and tags as Edax writes them; moves in upper case.
    let edax = format!("(;GM[othello]PC[Edax]PB[a]PW[b]RE[+0.000]{START_BO}B[F5]W[D6];)");
    assert_eq!(parse_ggf(&edax).unwrap().record(), &parse_transcript("f5d6").unwrap());
    // Another start, White to move.
    let mid = parse_transcript("f5").unwrap();
    let g = GgfGame::new(
        GameRecord::from_moves(*mid.end(), [mid.end().parse_move("d6").unwrap()]).unwrap(),
    );
    let text = write_ggf(&g);
    assert!(
        text.contains(
            "BO[8 -------- -------- -------- ---O*--- ---***-- -------- -------- -------- O]"
        ),
        "{text}"
    );
    assert!(text.contains("W[D6]"), "{text}");
    assert_eq!(parse_ggf(&text).unwrap(), g);
}

#[test]
fn ggf_passes_explicit_or_omitted() {
    let g = game_with_pass();
    let out = write_ggf(&g.clone().into());
    assert!(out.contains("[PA]"), "{out}");
    let score = g.score().unwrap();
    assert!(out.contains(&format!("RE[{score:+}.000]")), "{out}");
    let back = parse_ggf(&out).unwrap();
    assert_eq!(back.record(), &g);
    // `pass` spelled out reads the same.
    let spelled = out.replace("[PA]", "[pass]");
    assert_eq!(parse_ggf(&spelled).unwrap().record(), &g);
    // A record that leaves the forced passes out: they are inserted.
    let omitted = out.replace("B[PA]", "").replace("W[PA]", "");
    assert_ne!(omitted, out);
    let back = parse_ggf(&omitted).unwrap();
    assert_eq!(back.record(), &g);
    assert_eq!(back.notes().len(), g.moves().len());
    assert_eq!(write_ggf(&back), out);
}

#[test]
fn ggf_several_games() {
    let a = write_ggf(&parse_transcript(WIPEOUT).unwrap().into());
    let b = write_ggf(&parse_transcript("f5d6c3").unwrap().into());
    let all = parse_ggf_all(&format!("{a}\n{b}\n\n")).unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].record().score(), Some(64));
    assert_eq!(write_transcript(all[1].record()), "f5d6c3");
    assert_eq!(parse_ggf_all(&format!("{a}{b}")).unwrap().len(), 2);
    assert!(parse_ggf_all(" \n").unwrap().is_empty());
    let m = msg(parse_ggf(&format!("{a}\n{b}")));
    assert!(m.contains("2 games"), "{m}");
    let m = msg(parse_ggf(""));
    assert!(m.contains("no game"), "{m}");
    // An error in the second game names it and its line.
    let bad = b.replace("C3", "A1");
    let m = msg(parse_ggf_all(&format!("{a}\n{bad}")));
    assert!(m.starts_with("GGF game 2, line 2,"), "{m}");
}

#[test]
fn ggf_errors_say_what_is_wrong() {
    let ok = format!("(;GM[Othello]PB[x]{START_BO}B[f5]W[d6];)");
    assert!(parse_ggf(&ok).is_ok());
    let cases: Vec<(String, &str)> = vec![
        // Brackets.
        (ok.replace("PB[x]", "PB[x"), "'[' inside the value of PB"),
        (ok.replace("W[d6]", "W[d6"), "value of W is not closed"),
        (ok.replace(";)", ""), "not closed: no ';)'"),
        (ok.replace("PB[x]", "PB[x]]"), "']' without its '['"),
        (ok.replace("PB[x]", "PB x"), "tag PB has no '[value]'"),
        (ok.replace("PB[x]", "[x]"), "without a tag name"),
        (format!("junk{ok}"), "expected '(;'"),
        (ok.replace(";)", "(;"), "a '(' inside a game"),
        ("(;PB[x\\".to_string(), "ends in '\\'"),
        // The board.
        (ok.replace(START_BO, ""), "no BO tag"),
        (ok.replace("BO[8 ", "BO[10 "), "only 8×8"),
        (ok.replace("BO[8 --------", "BO[8 -------"), "63 squares"),
        (ok.replace("BO[8 --------", "BO[8 -------X"), "square h1 in BO is 'X'"),
        (ok.replace(" *]", " X]"), "side to move 'X'"),
        (ok.replace(" *]", "]"), "does not end with the side to move"),
        (ok.replace("BO[8 ", "BO["), "board size '--------'"),
        (ok.replace(START_BO, "BO[]"), "BO is empty"),
        (format!("(;{START_BO}{START_BO};)"), "a second BO"),
        // Tags.
        (ok.replace("GM[Othello]", "GM[Chess]"), "GM[Chess]: not an Othello game"),
        (ok.replace("PB[x]", "PB[x]PB[y]"), "tag PB appears twice"),
        // Moves.
        (ok.replace("W[d6]", "B[d6]"), "move 2 (B[d6]): a Black move, but White is to move"),
        (ok.replace("B[f5]", "W[f5]"), "move 1 (W[f5]): a White move, but Black is to move"),
        (ok.replace("W[d6]", "W[a1]"), "move 2 (W[a1]): illegal for White: a1 flips no disc"),
        (ok.replace("W[d6]", "W[z9]"), "move 2 (W[z9]): not a square"),
        (ok.replace("W[d6]", "W[d6/good]"), "evaluation 'good' is not a number"),
        (ok.replace("W[d6]", "W[d6/1/2/3]"), "more than three"),
        (ok.replace("B[f5]W[d6]", "B[PA]"), "move 1 (B[PA]): illegal for Black"),
    ];
    for (text, want) in cases {
        let m = msg(parse_ggf(&text));
        assert!(m.contains(want), "{text}\n  gave: {m}\n  want: {want}");
        assert!(m.starts_with("GGF game 1, line 1, column "), "{m}");
    }
    // Moves after the end.
    let over = write_ggf(&parse_transcript(WIPEOUT).unwrap().into()).replace(";)", "W[d3];)");
    let m = msg(parse_ggf(&over));
    assert!(m.contains("move 10 (W[d3]): the game is already over (Black 13, White 0)"), "{m}");
    // The column points at the faulty tag.
    match parse_ggf(&ok.replace("W[d6]", "W[a1]")).unwrap_err() {
        FormatError::Ggf { game, line, column, .. } => {
            assert_eq!((game, line), (1, 1));
            assert_eq!(column, ok.find("W[d6]").unwrap() + 1);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_prefix_gives_ok_or_err() {
    let mut rich = parse_ggf(&format!(
        "(;GM[Othello]PC[GGS/os]PB[Sé]PW[b\\]c]RE[+2.000:t]XX[y]{START_BO}B[f5//1.23]W[d6/-2.5/0.8];)"
    ))
    .unwrap();
    rich.notes_mut()[0].eval = Some("0.5".into());
    let texts = [
        write_ggf(&rich),
        write_ggf(&game_with_pass().into()),
        format!("{}\n{}", write_ggf(&rich), write_ggf(&parse_transcript(WIPEOUT).unwrap().into())),
    ];
    for text in &texts {
        let mut oks = 0;
        for (i, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let prefix = &text[..i];
            oks += parse_ggf_all(prefix).is_ok() as usize;
            let _ = parse_ggf(prefix);
            let _ = parse_transcript(prefix);
            // And with one character dropped.
            if let Some(c) = text[i..].chars().next() {
                let dropped = format!("{prefix}{}", &text[i + c.len_utf8()..]);
                let _ = parse_ggf_all(&dropped);
            }
        }
        // Only the empty prefix, the complete games and their trailing blanks parse.
        assert!(oks >= 2, "{text}");
    }
    let t = write_transcript(&game_with_pass());
    for i in 0..=t.len() {
        let r = parse_transcript(&t[..i]);
        if i % 2 == 0 {
            assert!(r.unwrap().moves().len() >= i / 2);
        } else {
            assert!(msg(r).contains("not a square"));
        }
    }
}

#[test]
fn obf_lines_round_trip() {
    let files = [
        include_str!("../data/othello/fforum-1-19.obf"),
        include_str!("../data/othello/fforum-20-39.obf"),
        include_str!("../data/othello/fforum-40-59.obf"),
        include_str!("../data/othello/fforum-60-79.obf"),
    ];
    let mut n = 0;
    for line in files.iter().flat_map(|f| f.lines()).filter(|l| !l.trim().is_empty()) {
        let rec = ObfRecord::parse(line).unwrap();
        assert_eq!(write_obf(&rec), line);
        n += 1;
    }
    assert_eq!(n, 79);
    let rec = ObfRecord {
        position: Othello::start(),
        scored_moves: vec![
            (OthelloMove::Pass, 0),
            (Othello::start().parse_move("d3").unwrap(), -2),
        ],
    };
    let line = write_obf(&rec);
    assert_eq!(
        line,
        "---------------------------OX------XO--------------------------- X; PA:+0; D3:-2;"
    );
    let back = ObfRecord::parse(&line).unwrap();
    assert_eq!((back.position, back.scored_moves), (rec.position, rec.scored_moves));
    assert_eq!(
        write_obf(&ObfRecord { position: Othello::start(), scored_moves: vec![] }),
        "---------------------------OX------XO--------------------------- X;"
    );
}

/// A game of random legal moves chosen by `picks`, not necessarily to the end.
fn game_from_picks(picks: &[u8]) -> GameRecord {
    let mut r = GameRecord::default();
    let mut moves = Vec::new();
    for &p in picks {
        r.end().legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        r.play(moves[p as usize % moves.len()]).unwrap();
    }
    r
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_games_round_trip(picks in proptest::collection::vec(any::<u8>(), 0..70)) {
        let g = game_from_picks(&picks);
        // Transcripts drop a trailing pass (nothing follows to imply it).
        let mut without_last_pass = g.moves().to_vec();
        if without_last_pass.last() == Some(&OthelloMove::Pass) {
            without_last_pass.pop();
        }
        let t = parse_transcript(&write_transcript(&g)).unwrap();
        prop_assert_eq!(t.moves(), &without_last_pass[..]);
        if without_last_pass.len() == g.moves().len() {
            prop_assert_eq!(t.end(), g.end());
        }
        let ggf = parse_ggf(&write_ggf(&g.clone().into())).unwrap();
        prop_assert_eq!(ggf.record().moves(), g.moves());
        prop_assert_eq!(ggf.record().end(), g.end());
        prop_assert_eq!(ggf.record().score(), g.score());
    }
}

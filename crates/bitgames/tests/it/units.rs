//! The library's former unit tests (`#[cfg(test)] mod tests` in `src/`), one
//! module each, named after its source file and run through the public API,
//! so that they need no second opt-level-3 build of the library
//! (docs/testing.md).

/// `bitgames::registry`.
mod registry {
    use bitgames::registry::{engines_for, games, new_engine, new_game, SpecError};
    use bitgames::spec::{parse_spec, write_spec};
    use bitgames::{EngineBuildError, SetupError};

    #[test]
    fn specs() {
        assert_eq!(new_game("connect4").unwrap().spec(), "connect4(width=7,height=6)");
        assert_eq!(
            new_game(" connect4( width = 8 , height=7 ) ").unwrap().spec(),
            "connect4(width=8,height=7)"
        );
        assert_eq!(new_game("tictactoe(width=15,height=15,k=5)").unwrap().legal_moves().len(), 225);
        assert!(matches!(new_game("chess"), Err(SpecError::UnknownGame { .. })));
        assert!(matches!(new_game("connect4(depth=3)"), Err(SpecError::UnknownParam { .. })));
        assert!(matches!(new_game("connect4(width=0)"), Err(SpecError::BadValue { .. })));
        assert!(matches!(new_game("connect4(width=x)"), Err(SpecError::BadValue { .. })));
        assert!(matches!(
            new_game("connect4(width=8,height=8)"),
            Err(SpecError::Setup { error: SetupError::TooLarge { needed: 72, .. }, .. })
        ));
        assert!(matches!(new_game("connect4(width=8"), Err(SpecError::Syntax { .. })));
        assert!(matches!(new_game("connect4(width=8))"), Err(SpecError::Syntax { .. })));
        assert!(matches!(new_game("connect4(width=(8))"), Err(SpecError::Syntax { .. })));
        assert!(matches!(new_game("connect4(width)"), Err(SpecError::Syntax { .. })));
        assert!(matches!(new_game("connect4)"), Err(SpecError::Syntax { .. })));
        assert_eq!(new_game("connect4()").unwrap().spec(), "connect4(width=7,height=6)");
        let quoted = parse_spec(r#"gtp(cmd="gnugo --mode gtp", level = 3)"#).unwrap();
        assert_eq!(
            quoted.params,
            [("cmd".into(), "gnugo --mode gtp".into()), ("level".into(), "3".into())]
        );
        assert_eq!(write_spec("gtp", &quoted.params), r#"gtp(cmd="gnugo --mode gtp",level=3)"#);
        assert!(matches!(parse_spec(r#"gtp(cmd="gnugo)"#), Err(SpecError::Syntax { .. })));
        assert!(matches!(
            new_game("tictactoe(width=64,height=64)"),
            Err(SpecError::Setup { error: SetupError::TooLarge { .. }, .. })
        ));
        // An engine's parameters that parse but cannot be used: a typed error
        // naming the parameter and its value.
        let c4 = new_game("connect4").unwrap();
        match new_engine(c4.as_ref(), "solver(book=/no/such/book.bin)").map(|_| ()) {
            Err(SpecError::Engine {
                engine,
                error: EngineBuildError::Param { param, value, .. },
            }) => {
                assert_eq!(
                    (engine.as_str(), param, value.as_str()),
                    ("solver", "book", "/no/such/book.bin")
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_game_builds_its_default_spec() {
        for info in games() {
            let g = new_game(&info.default_spec()).unwrap();
            assert_eq!(g.spec(), info.default_spec());
            assert_eq!(new_game(info.name).unwrap().spec(), info.default_spec());
        }
    }

    #[test]
    fn engines_by_spec() {
        let c4 = new_game("connect4").unwrap();
        let names: Vec<&str> = engines_for(c4.as_ref()).iter().map(|e| e.name).collect();
        assert!(names.contains(&"random") && names.contains(&"solver"), "{names:?}");
        assert!(new_engine(c4.as_ref(), "random(seed=3)").is_ok());
        assert!(new_engine(c4.as_ref(), "alphabeta(depth=4)").is_ok());
        let othello = new_game("othello").unwrap();
        let ab: Vec<_> =
            engines_for(othello.as_ref()).into_iter().filter(|e| e.name == "alphabeta").collect();
        assert_eq!(ab.len(), 1);
        assert!(std::ptr::eq(ab[0], &bitgames::games::othello::player::ALPHABETA));
        assert!(matches!(
            new_engine(c4.as_ref(), "stockfish"),
            Err(SpecError::UnknownEngine { .. })
        ));
        assert!(matches!(
            new_engine(c4.as_ref(), "random(depth=2)"),
            Err(SpecError::UnknownParam { .. })
        ));
        let ttt = new_game("tictactoe").unwrap();
        assert!(matches!(
            new_engine(ttt.as_ref(), "solver"),
            Err(SpecError::EngineNotForGame { .. })
        ));
    }
}

/// `bitgames::params`.
mod params {
    use bitgames::params::{parse_duration, ParamInfo, Params};
    use bitgames::SpecError;

    static INFO: &[ParamInfo] = &[
        ParamInfo::int("size", 9, 2, 19, "board side"),
        ParamInfo::float("komi", 7.5, -100.0, 100.0, "komi"),
        ParamInfo::flag("swap", false, "pie rule"),
        ParamInfo::choice("ko", "positional", &["positional", "simple"], "ko rule"),
    ];

    fn given(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn typed_values_and_defaults() {
        let p = Params::parse(
            "go",
            INFO,
            &given(&[("komi", "6.5"), ("KO", "Simple"), ("swap", "true")]),
        )
        .unwrap();
        assert_eq!(p.int("size"), 9);
        assert_eq!(p.float("komi"), 6.5);
        assert!(p.flag("swap"));
        assert_eq!(p.text("ko"), "simple");
        assert_eq!(p.spec("go"), "go(size=9,komi=6.5,swap=true,ko=simple)");
        assert_eq!(
            Params::defaults(INFO).spec("go"),
            "go(size=9,komi=7.5,swap=false,ko=positional)"
        );
    }

    #[test]
    fn bad_values_name_the_fault() {
        let e = Params::parse("go", INFO, &given(&[("size", "20")])).unwrap_err();
        assert_eq!(e.to_string(), "go: bad value '20' for size: size must be 2–19");
        let e = Params::parse("go", INFO, &given(&[("komi", "nan")])).unwrap_err();
        assert!(e.to_string().contains("komi must be"), "{e}");
        let e = Params::parse("go", INFO, &given(&[("ko", "super")])).unwrap_err();
        assert!(e.to_string().contains("expected one of positional, simple"), "{e}");
        let e = Params::parse("go", INFO, &given(&[("swap", "maybe")])).unwrap_err();
        assert!(e.to_string().contains("true or false"), "{e}");
        assert!(matches!(
            Params::parse("go", INFO, &given(&[("depth", "3")])),
            Err(SpecError::UnknownParam { .. })
        ));
    }

    static LIMITS: &[ParamInfo] = &[
        ParamInfo::duration("time", None, 1, 3_600_000, "time a move"),
        ParamInfo::optional_int("iterations", 1, 1_000_000, "iterations a move"),
        ParamInfo::duration("pause", Some(1500), 0, 10_000, "pause"),
    ];

    #[test]
    fn durations_and_unset_values() {
        let p = Params::parse("mcts", LIMITS, &given(&[("time", "500ms")])).unwrap();
        assert_eq!(p.duration("time"), Some(std::time::Duration::from_millis(500)));
        assert_eq!(p.opt_int("iterations"), None);
        assert_eq!(p.spec("mcts"), "mcts(time=500ms,pause=1.5s)");
        let p =
            Params::parse("mcts", LIMITS, &given(&[("time", "2s"), ("iterations", "7")])).unwrap();
        assert_eq!(p.duration("time"), Some(std::time::Duration::from_secs(2)));
        assert_eq!(p.opt_int("iterations"), Some(7));
        assert_eq!(p.spec("mcts"), "mcts(time=2s,iterations=7,pause=1.5s)");
        assert_eq!(parse_duration("1m"), Some(std::time::Duration::from_secs(60)));
        assert_eq!(parse_duration("0.25s"), Some(std::time::Duration::from_millis(250)));
        for bad in ["0", "0s", "0ms", "2h", "1", "fast", "-1s", "nans"] {
            let e = Params::parse("mcts", LIMITS, &given(&[("time", bad)])).unwrap_err();
            assert!(matches!(e, SpecError::BadValue { .. }), "{bad}: {e}");
        }
        let e = Params::parse("mcts", LIMITS, &given(&[("time", "0")])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "mcts: bad value '0' for time: expected a duration such as 1s or 500ms, 1ms–3600s"
        );
        let e = Params::parse("mcts", LIMITS, &given(&[("time", "0s")])).unwrap_err();
        assert_eq!(e.to_string(), "mcts: bad value '0s' for time: time must be 1ms–3600s");
    }
}

/// `bitgames::arena::stats`.
mod arena_stats {
    use bitgames::arena::stats::{
        elo, expected_score, format_elo, PairTally, Sprt, SprtDecision, Tally,
    };

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn elo_table() {
        // The logistic Elo table (e.g. the FIDE/chessprogramming tables):
        // 64% ≈ +100, 75% ≈ +191, 76% ≈ +200, 90% ≈ +382, 50% = 0.
        assert_eq!(elo(0.5), 0.0);
        assert!(close(elo(0.64), 99.95, 0.01), "{}", elo(0.64));
        assert!(close(elo(0.75), 190.85, 0.01), "{}", elo(0.75));
        assert!(close(elo(0.76), 200.24, 0.01), "{}", elo(0.76));
        assert!(close(elo(0.90), 381.70, 0.01), "{}", elo(0.90));
        assert!(close(elo(0.25), -190.85, 0.01));
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(elo(0.0), f64::NEG_INFINITY);
        assert_eq!(format_elo(elo(1.0)), "+inf");
        assert_eq!(format_elo(190.85), "+191");
    }

    #[test]
    fn score_intervals() {
        // 6 wins, 2 draws, 2 losses: s = 0.7, n = 10; Wilson with z² = 3.841459:
        // centre (0.7 + 0.192073)/1.384146 = 0.644495, half-width
        // 1.415987·√(0.021 + 0.009604) = 0.247717.
        let t = Tally { wins: 6, draws: 2, losses: 2 };
        assert_eq!(t.score(), 0.7);
        let (lo, hi) = t.score_interval();
        assert!(close(lo, 0.396778, 1e-5) && close(hi, 0.892209, 1e-5), "{lo} {hi}");
        let (elo_lo, elo_hi) = t.elo_interval();
        assert!(close(elo_lo, -72.77, 0.01) && close(elo_hi, 367.15, 0.01), "{elo_lo} {elo_hi}");
        assert!(close(t.mirror().score(), 0.3, 1e-12));
        // Wins only: the interval does not collapse (Wilson's 10 of 10: 0.7225 to 1).
        let all = Tally { wins: 10, draws: 0, losses: 0 };
        let (lo, hi) = all.score_interval();
        assert!(close(lo, 0.722467, 1e-5) && close(hi, 1.0, 1e-9), "{lo} {hi}");
        // 50 wins, 50 losses: 0.5 ± 0.096168.
        let even = Tally { wins: 50, draws: 0, losses: 50 };
        let (lo, hi) = even.score_interval();
        assert!(close(lo, 0.403832, 1e-5) && close(hi, 0.596168, 1e-5), "{lo} {hi}");
        assert_eq!(Tally::default().score_interval(), (0.0, 1.0));
    }

    #[test]
    fn sprt_bounds_and_llr() {
        // Wald's bounds for alpha = beta = 0.05: ±ln(19) = ±2.944439.
        let t = Sprt::parse("0,50").unwrap();
        let (lo, hi) = t.bounds();
        assert!(close(lo, -2.944439, 1e-6) && close(hi, 2.944439, 1e-6));
        // alpha 0.05, beta 0.1: ln(0.1/0.95) = -2.251292, ln(0.9/0.05) = 2.890372.
        let (lo, hi) = Sprt::parse("0, 5, 0.05, 0.1").unwrap().bounds();
        assert!(close(lo, -2.251292, 1e-6) && close(hi, 2.890372, 1e-6));
        // expected_score inverts elo: 50 Elo = 0.571463.
        assert!(close(expected_score(50.0), 0.571463, 1e-6));
        assert!(close(elo(expected_score(123.0)), 123.0, 1e-9));
        // 60 wins, 20 draws, 20 losses, elo0 = 0, elo1 = 50: s = 0.7,
        // σ² = (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16, s0 = 0.5,
        // s1 = 0.5714631; LLR = 100·0.0714631·(1.4 − 1.0714631)/0.32
        // = 7.336…: H1 accepted.
        let tally = Tally { wins: 60, draws: 20, losses: 20 };
        let llr = t.llr_games(&tally);
        let want = 100.0 * (0.571463 - 0.5) * (1.4 - 1.071463) / 0.32;
        assert!(close(llr, want, 1e-4), "{llr} {want}");
        assert_eq!(t.decide(llr), SprtDecision::AcceptH1);
        // The mirror tally: s = 0.3, LLR = 100·0.0714631·(0.6 − 1.0714631)/0.32
        // = −10.53…: H0 accepted.
        let llr = t.llr_games(&tally.mirror());
        assert!(close(llr, 100.0 * (0.571463 - 0.5) * (0.6 - 1.071463) / 0.32, 1e-4), "{llr}");
        assert_eq!(t.decide(llr), SprtDecision::AcceptH0);
        // Even: 10 wins, 10 losses, s = 0.5, σ² = 0.25:
        // LLR = 20·0.0714631·(1 − 1.0714631)/0.5 = −0.2043 (the unseen
        // draws' 0.001 shift the fifth digit): go on.
        let even = Tally { wins: 10, draws: 0, losses: 10 };
        let llr = t.llr_games(&even);
        assert!(close(llr, 20.0 * 0.0714631 * (1.0 - 1.0714631) / 0.5, 1e-3), "{llr}");
        assert_eq!(t.decide(llr), SprtDecision::Continue);
        // Wins only: the unseen draws and losses count 0.001 each, so
        // N = 10.002, s = (10 + ½·0.001)/10.002, σ² = (10·(1−s)² + 0.001·(½−s)²
        // + 0.001·s²)/10.002; a clear H1.
        let all = Tally { wins: 10, draws: 0, losses: 0 };
        let n: f64 = 10.002;
        let s = (10.0 + 0.5 * 0.001) / n;
        let var = (10.0 * (1.0 - s).powi(2) + 0.001 * (0.5 - s).powi(2) + 0.001 * s * s) / n;
        let want = n * 0.0714631 * (2.0 * s - 1.0714631) / (2.0 * var);
        assert!(close(t.llr_games(&all) / want, 1.0, 1e-5), "{}", t.llr_games(&all));
        assert_eq!(t.decide(t.llr_games(&all)), SprtDecision::AcceptH1);
        assert_eq!(t.llr_games(&Tally::default()), 0.0);
        // Under ten results, no verdict however one-sided.
        assert_eq!(t.llr_games(&Tally { wins: 9, draws: 0, losses: 0 }), 0.0);
        // Pairs: 10 pairs won 2–0, 10 split 1–1 (score ½): s = 0.75,
        // σ² = 0.0625 (+ the unseen categories' 0.001 counts), so about
        // LLR = 20·0.0714631·(1.5 − 1.0714631)/0.125 = 4.90.
        let mut pairs = PairTally::default();
        for _ in 0..10 {
            pairs.add(1.0, 1.0);
            pairs.add(1.0, 0.0);
        }
        assert_eq!(pairs.counts, [0, 0, 10, 0, 10]);
        assert_eq!(pairs.pairs(), 20);
        assert!(close(t.llr_pairs(&pairs), 4.90, 0.01), "{}", t.llr_pairs(&pairs));
    }

    #[test]
    fn sprt_bad_settings_are_errors() {
        for (text, want) in [
            ("50,0", "elo0 < elo1"),
            ("0", "is not elo0,elo1"),
            ("0,50,0.05", "is not elo0,elo1"),
            ("a,b", "is not elo0,elo1"),
            ("0,50,0,0.05", "alpha must be"),
            ("0,50,0.05,0.7", "beta must be"),
            ("0,5000", "within ±2000"),
        ] {
            let e = Sprt::parse(text).unwrap_err();
            assert!(e.contains(want), "{text}: {e}");
        }
    }
}

/// `bitgames::record`.
mod record {
    use bitgames::new_game;
    use bitgames::record::{GameRecord, RecordError};
    use bitgames::registry::read_record;

    #[test]
    fn play_undo_save_and_replay() {
        let mut r = GameRecord::new(new_game("connect4").unwrap());
        for mv in ["4", "4", "5", "3"] {
            r.play(mv).unwrap();
        }
        assert_eq!(r.current().position(), "4453");
        assert!(r.play("8").is_err());
        assert_eq!(r.moves().len(), 4);
        assert_eq!(r.undo().as_deref(), Some("3"));
        assert_eq!(r.current().position(), "445");
        let json = r.to_json();
        assert_eq!(
            json,
            r#"{"game":"connect4(width=7,height=6)","start":"","moves":["4","4","5"],"result":"in progress"}"#
        );
        let back = read_record(&json).unwrap();
        assert_eq!(back.moves(), r.moves());
        assert_eq!(back.current().position_hash(), r.current().position_hash());

        // Moves are kept in the game's notation, whatever the case typed.
        let mut o = GameRecord::new(new_game("othello").unwrap());
        o.play("F5").unwrap();
        assert_eq!(o.moves(), ["f5"]);
    }

    #[test]
    fn bad_records_name_the_fault() {
        assert!(matches!(read_record("{"), Err(RecordError::Syntax(_))));
        let bad_move = r#"{"game":"tictactoe","start":"","moves":["a1","a1"]}"#;
        // "" is not a tic-tac-toe position.
        assert!(matches!(read_record(bad_move), Err(RecordError::Start(_))));
        let bad_move = r#"{"game":"tictactoe","start":".../.../...","moves":["a1","a1"]}"#;
        let e = read_record(bad_move).unwrap_err();
        assert!(matches!(e, RecordError::Move { number: 2, .. }), "{e}");
        assert!(e.to_string().contains("already taken"), "{e}");
        let e = read_record(r#"{"game":"chess","start":"","moves":[]}"#).unwrap_err();
        assert!(matches!(e, RecordError::Spec(_)));
    }
}

/// `bitgames::engine`.
mod engine {
    use bitgames::registry::{new_engine, new_game};

    #[test]
    fn greedy_wins_and_blocks() {
        // X to move with X X . on the top row: takes c3.
        let mut g = new_game("tictactoe").unwrap();
        g.set_position("XX./OO./...").unwrap();
        for seed in 0..20 {
            let mut e = new_engine(g.as_ref(), &format!("greedy(seed={seed})")).unwrap();
            assert_eq!(e.choose(g.as_ref()).unwrap().unwrap().mv, "c3");
        }
        // O to move must block X's row a1 b1 c1 at c1.
        g.set_position(".../O../XX.").unwrap();
        for seed in 0..20 {
            let mut e = new_engine(g.as_ref(), &format!("greedy(seed={seed})")).unwrap();
            assert_eq!(e.choose(g.as_ref()).unwrap().unwrap().mv, "c1");
        }
    }

    #[test]
    fn random_is_legal_and_seeded() {
        let g = new_game("connect4").unwrap();
        let pick = |seed| {
            let mut e = new_engine(g.as_ref(), &format!("random(seed={seed})")).unwrap();
            (0..10).map(|_| e.choose(g.as_ref()).unwrap().unwrap().mv).collect::<Vec<_>>()
        };
        assert_eq!(pick(5), pick(5));
        assert!(pick(5).iter().all(|m| g.legal_moves().contains(m)));
        let mut over = new_game("connect4").unwrap();
        over.set_position("1212121").unwrap();
        let mut e = new_engine(over.as_ref(), "random").unwrap();
        assert_eq!(e.choose(over.as_ref()).unwrap(), None);
    }
}

/// `bitgames::board`.
mod board {
    use bitgames::board::{BoardShape, BoardView, HEX_ROW};
    use bitgames::{Bits, Grid, GridKind, Player};

    #[test]
    fn grid_views_name_and_place_cells() {
        let g = Grid::<1>::new(GridKind::Square8, 3, 2).unwrap();
        let x = g.parse_picture("X . .\n. . X").unwrap();
        let v = BoardView::from_grid(
            &g,
            BoardShape::Rectangle { width: 3, height: 2 },
            [x, Bits::EMPTY],
        );
        let names: Vec<&str> = v.cells.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["a1", "b1", "c1", "a2", "b2", "c2"]);
        assert_eq!(v.cells[2].owner, Some(Player::First));
        assert_eq!(v.cells[3].owner, Some(Player::First));
        assert_eq!((v.cells[3].x, v.cells[3].y), (0.0, 0.0));
        assert_eq!((v.cells[2].x, v.cells[2].y), (2.0, 1.0));
        assert_eq!(v.index_of("C1"), Some(2));

        let h = Grid::<1>::new(GridKind::Hex, 2, 2).unwrap();
        let v = BoardView::from_grid(
            &h,
            BoardShape::HexRhombus { width: 2, height: 2 },
            [Bits::EMPTY; 2],
        );
        // a2 (col 0, row 1) sits half a cell right of a1, one hex row up.
        assert_eq!(v.cells[2].name, "a2");
        assert_eq!((v.cells[2].x, v.cells[2].y), (0.5, 0.0));
        assert_eq!((v.cells[0].x, v.cells[0].y), (0.0, HEX_ROW));
    }
}

/// `bitgames::games::step_move`.
mod step_move {
    use bitgames::games::step_move::StepMove;

    #[test]
    fn reads_what_it_writes() {
        for text in ["a2a3", "e1d1", "aa10ab11", "s19s18"] {
            let m: StepMove = text.parse().unwrap();
            assert_eq!(m.to_string(), text);
        }
        assert_eq!("A2-A3".parse::<StepMove>().unwrap().to_string(), "a2a3");
        for bad in ["", "a2", "a2a", "2a3a", "a2a3x", "a0a1", "a2--a3"] {
            assert!(bad.parse::<StepMove>().is_err(), "{bad}");
        }
    }
}

/// `bitgames::games::tictactoe`.
mod tictactoe {
    use bitgames::games::tictactoe::TicTacToe;
    use bitgames::Notation;
    use bitgames::Rules;
    use bitgames::{Outcome, Player};

    #[test]
    fn diagonal_win() {
        let g = TicTacToe::classic().parse_position("X.O/.XO/..X").unwrap();
        assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
        assert!(TicTacToe::classic().parse_position("XXX/OO./...").is_ok());
        assert!(TicTacToe::classic().parse_position("XXX/OO./O..").is_err());
        assert!(TicTacToe::classic().parse_position("XXX/OOO/...").is_err());
    }
}

/// `bitgames::games::teeko`.
mod teeko {
    use bitgames::games::teeko::{patterns, Teeko};
    use bitgames::Notation;

    #[test]
    fn forty_four_patterns() {
        assert_eq!(patterns().len(), 44);
        assert!(patterns().iter().all(|p| p.count() == 4));
    }

    #[test]
    fn moves_read_and_write() {
        let g = Teeko::standard();
        assert_eq!(g.parse_move("c3").unwrap().to_string(), "c3");
        assert_eq!(g.parse_move("c3-d4").unwrap().to_string(), "c3d4");
        assert!(g.parse_move("f1").is_err());
        assert!(g.parse_move("a1a6").is_err());
        assert!(g.parse_move("x").is_err());
    }
}

/// `bitgames::puzzles::life::Rule`.
mod life_rule {
    use bitgames::puzzles::life::{RleError, Rule};

    #[test]
    fn notations() {
        for t in ["B3/S23", "b3/s23", "B3S23", "23/3", "S23/B3"] {
            assert_eq!(Rule::parse(t).unwrap(), Rule::CONWAY, "{t}");
        }
        assert_eq!(Rule::parse("B36/S23").unwrap().to_string(), "B36/S23");
        for t in ["B9/S23", "Life", "B3/S2x", "", "B33/S23"] {
            assert!(matches!(Rule::parse(t), Err(RleError::UnknownRule { .. })), "{t}");
        }
    }
}

/// `bitgames::puzzles::lightsout`.
mod lightsout {
    use bitgames::grid::{Grid, GridKind};
    use bitgames::ops::toggle_neighbourhood;
    use bitgames::puzzles::lightsout::{LightsBoard, LightsOut};
    use bitgames::Bits;

    #[test]
    fn press_is_alg11_on_the_core_grid() {
        let grid = Grid::<1>::new(GridKind::Square4, 7, 5).unwrap();
        let mut core = Bits::<1>::EMPTY;
        let mut ours = LightsBoard::new(7, 5);
        for (x, y) in [(0, 0), (3, 2), (6, 4), (6, 0), (2, 4), (3, 2)] {
            let i = grid.cell(x, y).unwrap();
            toggle_neighbourhood(&grid, &mut core, Bits::cell(i));
            ours.press(x, y);
            for yy in 0..5 {
                for xx in 0..7 {
                    assert_eq!(ours.get(xx, yy), core.contains(grid.cell(xx, yy).unwrap()));
                }
            }
        }
    }

    #[test]
    fn solutions_switch_everything_off() {
        for (w, h) in [(5, 5), (4, 4), (7, 3), (70, 3), (65, 66)] {
            let lo = LightsOut::new(w, h).unwrap();
            let mut board = LightsBoard::new(w, h);
            let mut seed = 0x9E37_79B9_7F4A_7C15u64;
            for y in 0..h {
                for x in 0..w {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed & 3 == 0 {
                        board.press(x, y);
                    }
                }
            }
            let sol = lo.solve(&board).expect("a pressed board is solvable");
            let mut b = board.clone();
            b.press_all(&sol.presses);
            assert!(b.is_empty(), "{w}x{h}");
            for n in lo.null_space() {
                let mut z = LightsBoard::new(w, h);
                z.press_all(&n);
                assert!(z.is_empty() && !n.is_empty());
            }
        }
    }
}

/// `bitgames::games::gomoku`.
mod gomoku {
    use bitgames::games::gomoku::Gomoku;
    use bitgames::Notation;
    use bitgames::Rules;
    use bitgames::{Outcome, Player};

    fn play(g: &mut Gomoku<4>, moves: &str) {
        for m in moves.split_whitespace() {
            let c = g.parse_move(m).unwrap();
            g.play(c).unwrap();
        }
    }

    #[test]
    fn five_wins_and_six_wins_only_free_style() {
        // X: a1 b1 c1 d1 f1 then e1 makes six; O plays on row 10.
        let moves = "a1 a10 b1 b10 c1 c10 d1 e10 f1 g10 e1";
        let mut free = Gomoku::standard();
        play(&mut free, moves);
        assert_eq!(free.outcome(), Some(Outcome::WonBy(Player::First)));
        let mut exact = Gomoku::<4>::new(15, true).unwrap();
        play(&mut exact, moves);
        assert_eq!(exact.outcome(), None, "an overline does not win the exact game");
        // Exactly five on a diagonal wins both.
        let mut g = Gomoku::<4>::new(15, true).unwrap();
        play(&mut g, "c3 a15 d4 b15 e5 c15 f6 d15 g7");
        assert_eq!(g.outcome(), Some(Outcome::WonBy(Player::First)));
        // Four does not.
        let mut g = Gomoku::standard();
        play(&mut g, "h8 a1 h9 a2 h10 a3 h11");
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Gomoku::<1>::new(4, false).is_err());
        assert!(Gomoku::<6>::new(20, false).is_err());
        assert!(Gomoku::<1>::new(5, false).is_ok());
        assert_eq!(Gomoku::standard().spec(), "gomoku(size=15,exact=false)");
    }
}

/// `bitgames::games::clobber`.
mod clobber {
    use bitgames::games::clobber::Clobber;
    use bitgames::Notation;
    use bitgames::Rules;
    use bitgames::View;
    use bitgames::{Outcome, Player};

    #[test]
    fn start_and_first_moves() {
        let g = Clobber::standard();
        assert_eq!(
            g.position(),
            "oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo x"
        );
        // 4 × 7 × 8 adjacent pairs of cells, each a move for both players.
        assert_eq!(g.count_moves(), 112);
        let m = g.parse_move("e1d1").unwrap();
        assert_eq!(m.to_string(), "e1d1");
        assert!(g.is_legal(m));
        let mut h = g;
        h.play(m).unwrap();
        assert_eq!(
            h.position(),
            "oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxx.oxo o"
        );
        assert_eq!(h.move_cells(m), vec![4, 3]);
        assert_eq!(h.side_to_move(), Player::Second);
    }

    #[test]
    fn no_move_loses() {
        let g = Clobber::standard();
        let lone = g
            .parse_position(
                "x......./......../......../......../......../......../......../.......o o",
            )
            .unwrap();
        assert_eq!(lone.outcome(), Some(Outcome::WonBy(Player::First)));
        assert_eq!(lone.count_moves(), 0);
        let pair = g
            .parse_position(
                "......../......../......../......../......../......../......../xo...... x",
            )
            .unwrap();
        assert_eq!(pair.outcome(), None);
        assert_eq!(pair.ply(), 62);
        let mut moves = Vec::new();
        pair.legal_moves(&mut moves);
        assert_eq!(moves, vec![pair.parse_move("a1b1").unwrap()]);
    }
}

/// `bitgames::games::yavalath`.
mod yavalath {
    use bitgames::games::stones::{PlaceMove, StoneGame};
    use bitgames::games::yavalath::Yavalath;
    use bitgames::Cell;
    use bitgames::Notation;
    use bitgames::Rules;
    use bitgames::View;

    #[test]
    fn board_and_names() {
        let g = Yavalath::standard();
        assert_eq!(g.grid().cells(), 61);
        assert_eq!(g.count_moves(), 61);
        assert_eq!(g.size(), 5);
        let e5 = g.parse_move("e5").unwrap();
        assert_eq!(e5, PlaceMove::Place(Cell { col: 4, row: 4 }));
        for corner in ["e1", "i1", "i5", "e9", "a9", "a5"] {
            assert!(g.parse_move(corner).is_ok(), "{corner}");
        }
        for off in ["a1", "d1", "i9", "f9", "j5", "e10"] {
            assert!(g.parse_move(off).is_err(), "{off}");
        }
        assert_eq!(g.parse_move("SWAP").unwrap(), PlaceMove::Swap);
        assert_eq!(g.board().cells.len(), 61);
        assert_eq!(g.board().cells[g.move_cells(e5)[0]].name, "e5");
    }
}

/// `bitgames::games::heuristics`.
mod heuristics {
    use bitgames::games::heuristics::{connection_distance, open_lines, PAIR, THREAT};
    use bitgames::grid::{Grid, GridKind};

    #[test]
    fn open_lines_by_hand() {
        // 3×3, k = 3: one X in the centre lies in 4 open lines (row, column,
        // two diagonals): 4 stones' worth, no pair, no threat.
        let g: Grid<1> = Grid::new(GridKind::Square8, 3, 3).unwrap();
        let (x, o) = g.parse_picture2("...\n.X.\n...").unwrap();
        assert_eq!(open_lines(&g, x, o, 3), 4);
        // A corner X lies in 3 lines; an O in the centre closes two of them.
        let (x, o) = g.parse_picture2("X..\n...\n...").unwrap();
        assert_eq!(open_lines(&g, x, o, 3), 3);
        let (x, o) = g.parse_picture2("X..\n.O.\n...").unwrap();
        assert_eq!(open_lines(&g, x, o, 3), 2);
        // X X . on the top row: the row holds 2 stones, a pair and a threat;
        // the two columns and the one diagonal through them 1 each.
        let (x, o) = g.parse_picture2("XX.\n...\n...").unwrap();
        assert_eq!(open_lines(&g, x, o, 3), 2 + PAIR + THREAT + 3);
    }

    #[test]
    fn connection_distance_by_hand() {
        // 3×3 hex board, top row to bottom row.
        let g: Grid<1> = Grid::new(GridKind::Hex, 3, 3).unwrap();
        let (top, bottom) = (g.row(0), g.row(2));
        let (x, o) = g.parse_picture2("...\n...\n...").unwrap();
        assert_eq!(connection_distance(&g, x, o, top, bottom), Some(3));
        let (x, o) = g.parse_picture2("...\n.X.\n...").unwrap();
        assert_eq!(connection_distance(&g, x, o, top, bottom), Some(2));
        let (x, o) = g.parse_picture2("X..\nX..\nX..").unwrap();
        assert_eq!(connection_distance(&g, x, o, top, bottom), Some(0));
        let (x, o) = g.parse_picture2("...\nOOO\n...").unwrap();
        assert_eq!(connection_distance(&g, x, o, top, bottom), None);
    }
}

/// `bitgames::gtp::client`.
mod gtp_client {
    use bitgames::gtp::client::split_command;

    #[test]
    fn commands_split_at_spaces_and_quotes() {
        assert_eq!(split_command("gnugo --mode gtp").unwrap(), ["gnugo", "--mode", "gtp"]);
        assert_eq!(split_command("  prog 'a b' \"c d\"e  ").unwrap(), ["prog", "a b", "c de"]);
        assert_eq!(split_command("").unwrap(), Vec::<String>::new());
        assert!(split_command("prog 'a").is_err());
    }
}

/// `bitgames::puzzles::life::rle`.
mod life_rle {
    use bitgames::puzzles::life::{Pattern, RleError};

    #[test]
    fn glider_round_trip() {
        let p = Pattern::from_rle("#N Glider\nx = 3, y = 3, rule = B3/S23\nbob$2bo$3o!\n").unwrap();
        assert_eq!(p.cells, vec![(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)]);
        assert_eq!(p.comments, vec!["#N Glider"]);
        let text = p.to_rle();
        assert_eq!(text, "#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n");
        assert_eq!(Pattern::from_rle(&text).unwrap(), p);
    }

    #[test]
    fn faults_are_named() {
        let e = |t: &str| Pattern::from_rle(t).unwrap_err();
        assert!(matches!(e("x = 3, y = 3\n0bo$2bo$3o!"), RleError::BadRunCount { .. }));
        assert!(matches!(e("x = 3, y = 3\nbo$2bo$3o2!"), RleError::BadRunCount { .. }));
        assert!(matches!(e("x = 2, y = 3\nbo$2bo$3o!"), RleError::PatternBiggerThanHeader { .. }));
        assert!(matches!(e("x = 3, y = 2\nbo$2bo$3o!"), RleError::PatternBiggerThanHeader { .. }));
        assert!(matches!(e("x = 3, y = 3, rule = B9/S23\no!"), RleError::UnknownRule { .. }));
        assert!(matches!(e("x = 3, y = 3\nbo$2bo$3o"), RleError::Truncated));
        assert!(matches!(e("x = 3, y = 3\nbo$2bq$3o!"), RleError::UnexpectedChar { ch: 'q', .. }));
        assert!(matches!(e("bo$2bo$3o!"), RleError::MissingHeader));
        assert!(matches!(e("x = 3\nbo!"), RleError::BadHeader { .. }));
        assert!(matches!(e("x = 3, y = 3, z = 4\nbo!"), RleError::BadHeader { .. }));
    }
}

/// `bitgames::puzzles::life::long_life`.
mod life_long_life {
    use bitgames::puzzles::life::long_life::{from_picture, picture, run, step};

    /// Naive reference: count the eight wrapped neighbours of each cell.
    fn naive(b: u64) -> u64 {
        let at = |c: i32, r: i32| b >> (8 * r.rem_euclid(8) + c.rem_euclid(8)) & 1;
        let mut out = 0;
        for r in 0..8 {
            for c in 0..8 {
                let mut n = 0;
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        if (dr, dc) != (0, 0) {
                            n += at(c + dc, r + dr);
                        }
                    }
                }
                if n == 3 || (n == 2 && at(c, r) == 1) {
                    out |= 1 << (8 * r + c);
                }
            }
        }
        out
    }

    #[test]
    fn agrees_with_naive_reference() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let b = x & x.rotate_left(17);
            assert_eq!(step(b), naive(b), "\n{}", picture(b));
        }
    }

    #[test]
    fn glider_returns_home_after_32_generations() {
        // Browne, Figure 22: a glider in the middle of the 8×8 torus.
        let glider = from_picture(
            "........
             ........
             ....X...
             .....X..
             ...XXX..
             ........
             ........
             ........",
        )
        .unwrap();
        for g in 1..32 {
            assert_ne!(run(glider, g), glider, "generation {g}");
            assert_eq!(run(glider, g).count_ones(), 5);
        }
        assert_eq!(run(glider, 32), glider);
        // After 4 generations it has moved one cell right (bit + 1) and one row
        // down (bit + 8), far from the edges.
        assert_eq!(run(glider, 4), glider << 9);
    }
}

/// `bitgames::puzzles::life::Torus`.
mod life_torus {
    use bitgames::puzzles::life::{Rule, Torus};

    /// Naive reference: every cell counts its eight wrapped neighbours.
    fn naive_step(t: &Torus) -> Vec<(usize, usize)> {
        let (w, h) = (t.width() as i64, t.height() as i64);
        let mut out = Vec::new();
        for y in 0..h {
            for x in 0..w {
                let mut n = 0;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        if (dx, dy) != (0, 0)
                            && t.get(
                                (x + dx).rem_euclid(w) as usize,
                                (y + dy).rem_euclid(h) as usize,
                            )
                        {
                            n += 1;
                        }
                    }
                }
                if t.rule().next(t.get(x as usize, y as usize), n) {
                    out.push((x as usize, y as usize));
                }
            }
        }
        out
    }

    #[test]
    fn agrees_with_naive_reference_on_many_sizes() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let rules = [Rule::CONWAY, Rule::parse("B36/S23").unwrap(), Rule::parse("B0/S8").unwrap()];
        for (w, h) in [(1, 1), (3, 2), (8, 8), (63, 5), (64, 4), (65, 7), (130, 9), (200, 3)] {
            for rule in rules {
                let mut t = Torus::new(w, h, rule).unwrap();
                for y in 0..h {
                    for x in 0..w {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        t.set(x, y, seed.is_multiple_of(3));
                    }
                }
                for g in 0..4 {
                    let want = naive_step(&t);
                    let mut par = t.clone();
                    let mut portable = t.clone();
                    t.step();
                    par.step_parallel();
                    portable.step_portable();
                    assert_eq!(t.cells(), want, "{w}x{h} {rule} gen {g}");
                    assert_eq!(portable.cells(), want, "{w}x{h} {rule} gen {g} (portable)");
                    assert_eq!(par.cells(), want, "{w}x{h} {rule} gen {g} (parallel)");
                }
            }
        }
    }
}

/// `bitgames::puzzles::life::Plane`.
mod life_plane {
    use bitgames::puzzles::life::{Plane, Rule};
    use std::collections::{HashMap, HashSet};

    /// Naive reference: a hash set of cells, each counting its neighbours.
    fn naive_step(cells: &HashSet<(i64, i64)>, rule: Rule) -> HashSet<(i64, i64)> {
        let mut counts: HashMap<(i64, i64), u32> = HashMap::new();
        for &(x, y) in cells {
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if (dx, dy) != (0, 0) {
                        *counts.entry((x + dx, y + dy)).or_default() += 1;
                    }
                }
            }
        }
        counts
            .into_iter()
            .filter(|(c, n)| rule.next(cells.contains(c), *n))
            .map(|(c, _)| c)
            .collect()
    }

    #[test]
    fn agrees_with_naive_reference_across_tile_edges() {
        let mut seed = 0xDEAD_BEEF_1234_5678u64;
        for rule in [Rule::CONWAY, Rule::parse("B36/S23").unwrap()] {
            let mut plane = Plane::new(rule).unwrap();
            let mut set = HashSet::new();
            // A soup straddling the tile corners around the origin.
            for y in -70..70 {
                for x in -70..70 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed.is_multiple_of(3) {
                        plane.set(x, y, true);
                        set.insert((x, y));
                    }
                }
            }
            for g in 0..30 {
                set = naive_step(&set, rule);
                plane.step(g % 2 == 1);
                let mut want: Vec<_> = set.iter().copied().collect();
                want.sort_unstable_by_key(|&(x, y)| (y, x));
                assert_eq!(plane.cells(), want, "{rule} generation {}", g + 1);
            }
        }
    }
}

/// `bitgames::arena`.
mod arena {
    use crate::common::match_config;
    use bitgames::arena::{
        run_match, run_match_sprt, run_match_with, MatchConfig, Sprt, SprtDecision, Tally,
    };
    use bitgames::engine::{Engine, EngineError, EngineMove};
    use bitgames::{new_engine, DynGame, SpecError};
    use std::sync::atomic::Ordering;

    /// The first legal move of `game` (none when it is over), reporting `nodes`.
    fn first_legal(game: &dyn DynGame, nodes: Option<u64>) -> Option<EngineMove> {
        game.legal_moves().first().map(|m| EngineMove { mv: m.clone(), info: None, nodes })
    }

    /// How a [`Faulty`] engine fails.
    #[derive(Clone, Copy)]
    enum Fault {
        /// An engine error, "crashed".
        Error,
        /// An illegal move, z9.
        Garbage,
        /// A panic.
        Panic,
    }

    /// Plays the first legal move, but fails on its `fail_at`-th move as
    /// `fault` says ("faulty", or "panicky" when it panics).
    struct Faulty {
        moves: usize,
        fail_at: usize,
        fault: Fault,
    }

    impl Engine for Faulty {
        fn spec(&self) -> String {
            if matches!(self.fault, Fault::Panic) { "panicky" } else { "faulty" }.into()
        }
        fn choose(&mut self, game: &dyn DynGame) -> Result<Option<EngineMove>, EngineError> {
            self.moves += 1;
            if self.moves == self.fail_at {
                match self.fault {
                    Fault::Error => {
                        let why = "crashed".into();
                        return Err(EngineError::Failed { engine: "faulty".into(), why });
                    }
                    Fault::Garbage => {
                        return Ok(Some(EngineMove { mv: "z9".into(), info: None, nodes: None }))
                    }
                    Fault::Panic => panic!("index out of range in the test engine"),
                }
            }
            Ok(first_legal(game, Some(1)))
        }
    }

    /// The engines of a match: a [`Faulty`] one, failing on its second move as
    /// `fault` says, for its spec; the registry's for the others.
    fn with_faulty(
        fault: Fault,
    ) -> impl Fn(&dyn DynGame, &str) -> Result<Box<dyn Engine>, SpecError> + Sync {
        move |game, spec| {
            let faulty = Faulty { moves: 0, fail_at: 2, fault };
            if spec.starts_with(&faulty.spec()) {
                Ok(Box::new(faulty))
            } else {
                new_engine(game, spec)
            }
        }
    }

    #[test]
    fn a_failing_engine_loses_and_the_match_goes_on() {
        let config = match_config("tictactoe", ["faulty", "random"], 6, 1, 9, 1);
        for fault in [Fault::Error, Fault::Garbage] {
            let r = run_match_with(&config, &with_faulty(fault), &|_| {}).unwrap();
            assert_eq!(r.games.len(), 6);
            // The faulty engine fails on its second move in every game.
            assert_eq!(r.engines[0].faults, 6);
            assert_eq!(r.engines[0].tally, Tally { wins: 0, draws: 0, losses: 6 });
            assert_eq!(r.engines[1].tally.wins, 6);
            let g = &r.games[0];
            assert_eq!(g.fault.as_ref().unwrap().0, 0);
            let want = match fault {
                Fault::Garbage => "illegal move 'z9'",
                _ => "faulty: crashed",
            };
            assert!(g.result.contains(want), "{}", g.result);
            // Both games of a pair start from the same opening, colours swapped.
            assert_eq!(r.games[0].opening, r.games[1].opening);
            assert_eq!((r.games[0].first, r.games[1].first), (0, 1));
            assert_eq!(r.engines[0].nodes_per_move, Some(1.0));
        }
    }

    #[test]
    fn a_panicking_engine_loses_with_the_fault_named() {
        let config = match_config("connect4", ["random", "panicky"], 4, 0, 3, 2);
        let r = run_match_with(&config, &with_faulty(Fault::Panic), &|_| {}).unwrap();
        assert_eq!(r.games.len(), 4);
        assert_eq!(r.engines[1].faults, 4);
        assert_eq!(r.engines[0].tally, Tally { wins: 4, draws: 0, losses: 0 });
        for g in &r.games {
            let (who, why) = g.fault.as_ref().unwrap();
            assert_eq!(*who, 1);
            assert!(why.contains("panicked: index out of range in the test engine"), "{why}");
            assert!(g.result.contains("panicky"), "{}", g.result);
        }
        // An engine whose build panics during the match loses too.
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let make = |game: &dyn DynGame, spec: &str| -> Result<Box<dyn Engine>, SpecError> {
            // The first call checks the spec before the match; later ones panic.
            if spec.starts_with("random") && calls.fetch_add(1, Ordering::Relaxed) > 0 {
                panic!("out of memory in the test");
            }
            new_engine(game, spec)
        };
        let config = MatchConfig { engines: ["random".into(), "greedy".into()], ..config };
        let r = run_match_with(&config, &make, &|_| {}).unwrap();
        assert_eq!(r.engines[0].faults, 4);
        let why = &r.games[0].fault.as_ref().unwrap().1;
        assert!(why.contains("panicked while being built: out of memory in the test"), "{why}");
    }

    #[test]
    fn sprt_stops_a_one_sided_match_early() {
        // Greedy against random on tic-tac-toe wins nearly every pair; with
        // SPRT(0, 100) the match stops long before its 400 games.
        let config = match_config("tictactoe", ["greedy", "random"], 400, 0, 5, 1);
        let test = Sprt::parse("0,100").unwrap();
        let make = |game: &dyn DynGame, spec: &str| new_engine(game, spec);
        let r = run_match_sprt(&config, &make, Some(test), &|_| {}).unwrap();
        let v = r.sprt.as_ref().unwrap();
        assert_eq!(v.decision, SprtDecision::AcceptH1, "{v:?}");
        assert!(v.llr >= v.bounds.1);
        assert!(r.games.len() < 100, "{} games", r.games.len());
        assert_eq!(v.pairs.pairs() as usize * 2, r.games.len(), "one thread stops at a pair");
        // The other way round, H0 (B is not 100 Elo better) is accepted.
        let config = MatchConfig { engines: ["random".into(), "greedy".into()], ..config };
        let r = run_match_sprt(&config, &make, Some(test), &|_| {}).unwrap();
        assert_eq!(r.sprt.unwrap().decision, SprtDecision::AcceptH0);
        // Without a decision by the game limit: Continue, every game played.
        let config = MatchConfig { games: 4, ..config };
        let r = run_match_sprt(&config, &make, Some(test), &|_| {}).unwrap();
        assert_eq!(r.games.len(), 4);
        assert_eq!(r.sprt.unwrap().decision, SprtDecision::Continue);
    }

    #[test]
    fn bad_specs_are_errors_before_any_game() {
        let refused = |game: &str, engines: [&str; 2]| {
            run_match(&match_config(game, engines, 2, 0, 1, 1), &|_| {}).unwrap_err()
        };
        let e = refused("tictactoe", ["mcts(time=0s)", "random"]);
        assert!(matches!(e, SpecError::BadValue { .. }), "{e}");
        for (engine, says) in [
            ("alphabeta(time=0ms)", "time must be 1ms–3600s"),
            ("alphabeta(time=0)", "expected a duration"),
            ("alphabeta(depth=0)", "depth must be 1–64"),
        ] {
            let e = refused("tictactoe", [engine, "random"]);
            assert!(e.to_string().contains(says), "{e}");
        }
        let e = refused("tictactoe", ["random", "stockfish"]);
        assert!(matches!(e, SpecError::UnknownEngine { .. }), "{e}");
        assert!(e.to_string().contains("stockfish"), "{e}");
        let e = refused("tictactoe", ["mcts(depth=3)", "random"]);
        assert!(matches!(e, SpecError::UnknownParam { .. }), "{e}");
        let e = refused("tictactoe", ["solver", "random"]);
        assert!(matches!(e, SpecError::EngineNotForGame { .. }), "{e}");
        let e = refused("chess", ["solver", "random"]);
        assert!(matches!(e, SpecError::UnknownGame { .. }), "{e}");
    }
}

/// `bitgames::game::hash_sets`.
mod hash_sets {
    use bitgames::game::hash_sets;
    use bitgames::Bits64;

    /// A salt (the side to move) never cancels a stone: the same stones with a
    /// stone more on cell 0 and the other side to move hash apart (they once
    /// collided, and alpha-beta's table took one position for the other in
    /// tic-tac-toe and Hex).
    #[test]
    fn the_side_to_move_does_not_cancel_a_stone() {
        for x in 0u64..512 {
            let o = Bits64::from_words([!x & 0x1f0 & (x << 1)]);
            let without = Bits64::from_words([x & !1]);
            let with = Bits64::from_words([x | 1]);
            assert_ne!(hash_sets(&[without, o], 0), hash_sets(&[with, o], 1), "{x:#b}");
            assert_ne!(hash_sets(&[without, o], 1), hash_sets(&[with, o], 0), "{x:#b}");
            assert_ne!(hash_sets(&[with, o], 0), hash_sets(&[with, o], 1), "{x:#b}");
        }
    }
}

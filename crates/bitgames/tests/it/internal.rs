//! The library's unit tests of private items (`#[cfg(feature = "internal-tests")]`
//! modules in `src/`, reached through `bitgames::internal_tests`), one `#[test]` each:
//! they run in this binary, so the library needs no second build as a test harness
//! (docs/testing.md). A new one: a `pub fn` in its source file's `tests` module and a
//! line here, its name in its module's list; `house::every_internal_test_is_registered`
//! fails, naming it, until the line is written.

/// Writes, for each `module: [name, …]`, a `mod module` with one `#[test] fn name`
/// calling `bitgames::internal_tests::module::name()`, and lists every pair in
/// [`REGISTERED`] for the checks that each internal test is run from here.
macro_rules! register {
    ($($module:ident: [$($name:ident,)*])*) => {
        $(
            mod $module {
                $(
                    #[test]
                    fn $name() {
                        bitgames::internal_tests::$module::$name();
                    }
                )*
            }
        )*

        /// Each registered test as (module, function) under `bitgames::internal_tests`.
        pub(crate) const REGISTERED: &[(&str, &str)] =
            &[$($((stringify!($module), stringify!($name)),)*)*];
    };
}

register! {
    breakthrough: [
        start_and_first_moves,
        far_row_and_capture_all_win,
        playout_lanes_play_their_generators_games,
    ]
    connect4: [
        seed_example_key,
        move_sequence_reaches_the_same_position,
        vertical_win,
        broken_positions_fail_the_invariant_check,
    ]
    connect4_bits: [
        mirror_is_an_involution,
        winning_cells_complete_fours,
    ]
    connect4_book: [
        round_trip_and_bad_files,
    ]
    connect4_solver: [
        next_test_leans_to_zero,
        mirror_keys,
        parity_bounds_hold,
        window_results_are_bounds,
        lean_matches_minimax,
        move_scores_match,
        reset_forgets_everything,
        small_boards,
    ]
    connect4_table: [
        exact_hits,
        impossible_tables_are_errors,
        big_searches_survive,
        aged_entries_give_way,
    ]
    go_policy: [
        patterns_match_in_every_orientation_and_colour,
    ]
    gtp_session: [
        budget_follows_the_clock,
        engine_time_is_capped,
        scores_read_as_gtp_writes_them,
    ]
    hex: [
        adjacency_is_hexgui_s,
        x_joins_top_and_bottom,
        swap_mirrors_the_first_stone,
        embedded_playouts_play_the_games_of_their_fills,
        byte_tests_agree,
    ]
    life_kernel: [
        sum9_counts,
        generic_kernel_matches_conway,
    ]
    othello: [
        start_moves_are_the_four_standard_openings,
        square_names,
    ]
    othello_endgame: [
        tables,
        last_flips_match_the_move_generator,
        final_scores,
    ]
    othello_endgame_stability: [
        full_lines_match_naive,
        packing,
        edge_lines,
        full_board_is_all_stable,
    ]
    othello_endgame_table: [
        store_and_combine,
        impossible_tables_are_errors,
        big_searches_survive,
    ]
    othello_endgame_wipeout: [
        wipeouts_agree_with_the_exact_score,
        a_small_budget_proves_nothing,
    ]
    othello_formats: [
        line_col_counts_characters,
    ]
    othello_formats_convert: [
        detects_formats,
        good_records_are_written_past_a_bad_one,
        good_ggf_games_are_written_past_a_bad_one,
    ]
    othello_formats_ggf: [
        escapes_round_trip,
    ]
    othello_nboard: [
        documented_session,
        hints_rank_moves,
        exact_in_the_endgame,
        bad_commands_leave_the_board,
        a_deep_go_stops_at_the_time_cap,
    ]
    othello_perft: [
        the_table_gives_the_same_counts_and_is_used,
    ]
    othello_symmetry: [
        each_symmetry_moves_each_square_where_the_naive_map_says,
        canonical_forms_agree_across_the_images_and_differ_otherwise,
    ]
    othello_tools: [
        bad_input_is_an_input_error,
        scores_are_checked_against_the_line,
        analyze_checks_every_scored_move,
        one_best_move_or_all,
        quick_bench_is_a_subset,
        bench_checks_ffo_40,
    ]
    retro: [
        a_chain_a_cycle_and_a_choice,
        random_graphs_agree_with_iteration,
        bytes_round_trip,
        ranks_number_every_set_once,
    ]
    pack: [
        a_stop_flag_ends_the_count,
    ]
    pack_format: [
        reads_a_small_puzzle,
        names_the_line_and_fault,
    ]
    pack_shape: [
        the_cube_has_24_rotations_and_24_reflections,
    ]
    search_memory: [
        zeroed_and_writable,
        impossible_sizes_are_errors,
    ]
    sgf: [
        go_points,
    ]
    y: [
        names_and_neighbours_are_openspiel_s,
        three_sides_win_two_do_not,
        specialised_playouts_are_legal_games,
        sliced_playouts_play_the_games_of_their_fills,
    ]
    fill: [
        shuffles_are_uniform,
    ]
}

/// Every test function of an `internal-tests` module (a `pub fn name()` with no
/// arguments after its `pub mod tests`) has its `#[test]` line above, so none is
/// written and never run.
#[test]
fn every_internal_test_function_is_run_from_here() {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root.join("src"), &mut files);
    let mut missing = Vec::new();
    let mut seen = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let Some(at) = text.find("feature = \"internal-tests\"") else { continue };
        let Some(m) = text[at..].find("pub mod tests") else { continue };
        let body = &text[at + m..];
        // `pub mod tests;` is the file `tests.rs` beside this one.
        let body = if body.starts_with("pub mod tests;") {
            std::fs::read_to_string(f.with_file_name("tests.rs")).unwrap()
        } else {
            body.to_string()
        };
        for line in body.lines() {
            let l = line.trim_start();
            if let Some(rest) = l.strip_prefix("pub fn ") {
                if let Some(name) = rest.strip_suffix("() {") {
                    seen += 1;
                    if !REGISTERED.iter().any(|&(_, run)| run == name) {
                        missing.push(format!("{}: {name}", f.display()));
                    }
                }
            }
        }
    }
    assert!(seen >= 70, "found only {seen} internal test functions: has the layout changed?");
    assert!(
        missing.is_empty(),
        "internal tests with no #[test] line in tests/it/internal.rs: {missing:?}"
    );
}

//! The library's unit tests of private items (`#[cfg(feature = "internal-tests")]`
//! modules in `src/`, reached through `bitgames::internal_tests`), one `#[test]` each:
//! they run in this binary, so the library needs no second build as a test harness
//! (docs/testing.md). A new one: a `pub fn` in its source file's `tests` module and a
//! line here; `house::every_internal_test_is_registered` fails, naming it, until the
//! line is written.

use bitgames::internal_tests as t;

mod breakthrough {
    use super::t;
    #[test]
    fn start_and_first_moves() {
        t::breakthrough::start_and_first_moves();
    }
    #[test]
    fn far_row_and_capture_all_win() {
        t::breakthrough::far_row_and_capture_all_win();
    }
    #[test]
    fn playout_lanes_play_their_generators_games() {
        t::breakthrough::playout_lanes_play_their_generators_games();
    }
}

mod connect4 {
    use super::t;
    #[test]
    fn seed_example_key() {
        t::connect4::seed_example_key();
    }
    #[test]
    fn move_sequence_reaches_the_same_position() {
        t::connect4::move_sequence_reaches_the_same_position();
    }
    #[test]
    fn vertical_win() {
        t::connect4::vertical_win();
    }
}

mod connect4_bits {
    use super::t;
    #[test]
    fn mirror_is_an_involution() {
        t::connect4_bits::mirror_is_an_involution();
    }
    #[test]
    fn winning_cells_complete_fours() {
        t::connect4_bits::winning_cells_complete_fours();
    }
}

mod connect4_book {
    use super::t;
    #[test]
    fn round_trip_and_bad_files() {
        t::connect4_book::round_trip_and_bad_files();
    }
}

mod connect4_solver {
    use super::t;
    #[test]
    fn next_test_leans_to_zero() {
        t::connect4_solver::next_test_leans_to_zero();
    }
    #[test]
    fn mirror_keys() {
        t::connect4_solver::mirror_keys();
    }
    #[test]
    fn parity_bounds_hold() {
        t::connect4_solver::parity_bounds_hold();
    }
    #[test]
    fn window_results_are_bounds() {
        t::connect4_solver::window_results_are_bounds();
    }
    #[test]
    fn lean_matches_minimax() {
        t::connect4_solver::lean_matches_minimax();
    }
    #[test]
    fn move_scores_match() {
        t::connect4_solver::move_scores_match();
    }
    #[test]
    fn reset_forgets_everything() {
        t::connect4_solver::reset_forgets_everything();
    }
    #[test]
    fn small_boards() {
        t::connect4_solver::small_boards();
    }
}

mod connect4_table {
    use super::t;
    #[test]
    fn exact_hits() {
        t::connect4_table::exact_hits();
    }
    #[test]
    fn impossible_tables_are_errors() {
        t::connect4_table::impossible_tables_are_errors();
    }
    #[test]
    fn big_searches_survive() {
        t::connect4_table::big_searches_survive();
    }
    #[test]
    fn aged_entries_give_way() {
        t::connect4_table::aged_entries_give_way();
    }
}

mod go_policy {
    use super::t;
    #[test]
    fn patterns_match_in_every_orientation_and_colour() {
        t::go_policy::patterns_match_in_every_orientation_and_colour();
    }
}

mod gtp_session {
    use super::t;
    #[test]
    fn budget_follows_the_clock() {
        t::gtp_session::budget_follows_the_clock();
    }
    #[test]
    fn engine_time_is_capped() {
        t::gtp_session::engine_time_is_capped();
    }
    #[test]
    fn scores_read_as_gtp_writes_them() {
        t::gtp_session::scores_read_as_gtp_writes_them();
    }
}

mod hex {
    use super::t;
    #[test]
    fn adjacency_is_hexgui_s() {
        t::hex::adjacency_is_hexgui_s();
    }
    #[test]
    fn x_joins_top_and_bottom() {
        t::hex::x_joins_top_and_bottom();
    }
    #[test]
    fn swap_mirrors_the_first_stone() {
        t::hex::swap_mirrors_the_first_stone();
    }
    #[test]
    fn embedded_playouts_play_the_games_of_their_fills() {
        t::hex::embedded_playouts_play_the_games_of_their_fills();
    }
    #[test]
    fn byte_tests_agree() {
        t::hex::byte_tests_agree();
    }
}

mod life_kernel {
    use super::t;
    #[test]
    fn sum9_counts() {
        t::life_kernel::sum9_counts();
    }
    #[test]
    fn generic_kernel_matches_conway() {
        t::life_kernel::generic_kernel_matches_conway();
    }
}

mod othello {
    use super::t;
    #[test]
    fn start_moves_are_the_four_standard_openings() {
        t::othello::start_moves_are_the_four_standard_openings();
    }
    #[test]
    fn square_names() {
        t::othello::square_names();
    }
}

mod othello_endgame {
    use super::t;
    #[test]
    fn tables() {
        t::othello_endgame::tables();
    }
    #[test]
    fn last_flips_match_the_move_generator() {
        t::othello_endgame::last_flips_match_the_move_generator();
    }
    #[test]
    fn final_scores() {
        t::othello_endgame::final_scores();
    }
}

mod othello_endgame_stability {
    use super::t;
    #[test]
    fn full_lines_match_naive() {
        t::othello_endgame_stability::full_lines_match_naive();
    }
    #[test]
    fn packing() {
        t::othello_endgame_stability::packing();
    }
    #[test]
    fn edge_lines() {
        t::othello_endgame_stability::edge_lines();
    }
    #[test]
    fn full_board_is_all_stable() {
        t::othello_endgame_stability::full_board_is_all_stable();
    }
}

mod othello_endgame_table {
    use super::t;
    #[test]
    fn store_and_combine() {
        t::othello_endgame_table::store_and_combine();
    }
    #[test]
    fn impossible_tables_are_errors() {
        t::othello_endgame_table::impossible_tables_are_errors();
    }
    #[test]
    fn big_searches_survive() {
        t::othello_endgame_table::big_searches_survive();
    }
}

mod othello_endgame_wipeout {
    use super::t;
    #[test]
    fn wipeouts_agree_with_the_exact_score() {
        t::othello_endgame_wipeout::wipeouts_agree_with_the_exact_score();
    }
    #[test]
    fn a_small_budget_proves_nothing() {
        t::othello_endgame_wipeout::a_small_budget_proves_nothing();
    }
}

mod othello_formats {
    use super::t;
    #[test]
    fn line_col_counts_characters() {
        t::othello_formats::line_col_counts_characters();
    }
}

mod othello_formats_convert {
    use super::t;
    #[test]
    fn detects_formats() {
        t::othello_formats_convert::detects_formats();
    }
    #[test]
    fn good_records_are_written_past_a_bad_one() {
        t::othello_formats_convert::good_records_are_written_past_a_bad_one();
    }
    #[test]
    fn good_ggf_games_are_written_past_a_bad_one() {
        t::othello_formats_convert::good_ggf_games_are_written_past_a_bad_one();
    }
}

mod othello_formats_ggf {
    use super::t;
    #[test]
    fn escapes_round_trip() {
        t::othello_formats_ggf::escapes_round_trip();
    }
}

mod othello_nboard {
    use super::t;
    #[test]
    fn documented_session() {
        t::othello_nboard::documented_session();
    }
    #[test]
    fn hints_rank_moves() {
        t::othello_nboard::hints_rank_moves();
    }
    #[test]
    fn exact_in_the_endgame() {
        t::othello_nboard::exact_in_the_endgame();
    }
    #[test]
    fn bad_commands_leave_the_board() {
        t::othello_nboard::bad_commands_leave_the_board();
    }
    #[test]
    fn a_deep_go_stops_at_the_time_cap() {
        t::othello_nboard::a_deep_go_stops_at_the_time_cap();
    }
}

mod othello_perft {
    use super::t;
    #[test]
    fn the_table_gives_the_same_counts_and_is_used() {
        t::othello_perft::the_table_gives_the_same_counts_and_is_used();
    }
}

mod othello_symmetry {
    use super::t;
    #[test]
    fn each_symmetry_moves_each_square_where_the_naive_map_says() {
        t::othello_symmetry::each_symmetry_moves_each_square_where_the_naive_map_says();
    }
    #[test]
    fn canonical_forms_agree_across_the_images_and_differ_otherwise() {
        t::othello_symmetry::canonical_forms_agree_across_the_images_and_differ_otherwise();
    }
}

mod othello_tools {
    use super::t;
    #[test]
    fn bad_input_is_an_input_error() {
        t::othello_tools::bad_input_is_an_input_error();
    }
    #[test]
    fn scores_are_checked_against_the_line() {
        t::othello_tools::scores_are_checked_against_the_line();
    }
    #[test]
    fn analyze_checks_every_scored_move() {
        t::othello_tools::analyze_checks_every_scored_move();
    }
    #[test]
    fn one_best_move_or_all() {
        t::othello_tools::one_best_move_or_all();
    }
    #[test]
    fn quick_bench_is_a_subset() {
        t::othello_tools::quick_bench_is_a_subset();
    }
    #[test]
    fn bench_checks_ffo_40() {
        t::othello_tools::bench_checks_ffo_40();
    }
}

mod pack {
    use super::t;
    #[test]
    fn a_stop_flag_ends_the_count() {
        t::pack::a_stop_flag_ends_the_count();
    }
}

mod pack_format {
    use super::t;
    #[test]
    fn reads_a_small_puzzle() {
        t::pack_format::reads_a_small_puzzle();
    }
    #[test]
    fn names_the_line_and_fault() {
        t::pack_format::names_the_line_and_fault();
    }
}

mod pack_shape {
    use super::t;
    #[test]
    fn the_cube_has_24_rotations_and_24_reflections() {
        t::pack_shape::the_cube_has_24_rotations_and_24_reflections();
    }
}

mod search_memory {
    use super::t;
    #[test]
    fn zeroed_and_writable() {
        t::search_memory::zeroed_and_writable();
    }
    #[test]
    fn impossible_sizes_are_errors() {
        t::search_memory::impossible_sizes_are_errors();
    }
}

mod sgf {
    use super::t;
    #[test]
    fn go_points() {
        t::sgf::go_points();
    }
}

mod y {
    use super::t;
    #[test]
    fn names_and_neighbours_are_openspiel_s() {
        t::y::names_and_neighbours_are_openspiel_s();
    }
    #[test]
    fn three_sides_win_two_do_not() {
        t::y::three_sides_win_two_do_not();
    }
    #[test]
    fn specialised_playouts_are_legal_games() {
        t::y::specialised_playouts_are_legal_games();
    }
    #[test]
    fn sliced_playouts_play_the_games_of_their_fills() {
        t::y::sliced_playouts_play_the_games_of_their_fills();
    }
}

mod fill {
    use super::t;
    #[test]
    fn shuffles_are_uniform() {
        t::fill::shuffles_are_uniform();
    }
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
    let here = std::fs::read_to_string(root.join("tests/it/internal.rs")).unwrap();
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
                    if !here.contains(&format!("::{name}();")) {
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

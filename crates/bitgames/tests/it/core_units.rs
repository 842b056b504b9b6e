//! The unit tests of `bitgames-core` (bit sets, CPU rules, grids, Y's
//! reduction), through its public API as `bitgames` re-exports it: the core
//! has no test binary of its own (`[lib] test = false`), so it is compiled at
//! opt-level 3 once, not twice (docs/testing.md).

/// `bitgames_core::bits`.
mod bits {
    use bitgames::bits::Bits;

    /// The two-word fast paths (`u128` shifts, branch-free `nth`) against a
    /// cell-by-cell reference, for every shift and rank of a spread of sets.
    #[test]
    fn two_word_fast_paths_match_cell_by_cell() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let y = x.rotate_left(29) ^ x.wrapping_mul(3);
            let b = Bits::<2>::from_words([x & y, y >> (x % 64)]);
            let cells: Vec<usize> = (0..128).filter(|&i| b.contains(i)).collect();
            for s in 0..=130 {
                let up: Bits<2> = cells.iter().filter(|&&i| i + s < 128).map(|&i| i + s).collect();
                let down: Bits<2> = cells.iter().filter(|&&i| i >= s).map(|&i| i - s).collect();
                assert_eq!(b.shl(s), up, "{b:?} << {s}");
                assert_eq!(b.shr(s), down, "{b:?} >> {s}");
            }
            for n in 0..=cells.len() + 1 {
                assert_eq!(b.nth(n), cells.get(n).copied(), "{b:?} nth {n}");
            }
        }
    }

    /// Shifts (the one-row fast path and the general one) and the one-cell
    /// updates of `N`-word sets against a cell-by-cell reference.
    fn shifts_and_cell_updates_match_cell_by_cell<const N: usize>() {
        let cap = 64 * N;
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..60 {
            let mut words = [0u64; N];
            for w in &mut words {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                *w = x & x.rotate_left(17);
            }
            let b = Bits::<N>::from_words(words);
            let cells: Vec<usize> = (0..cap).filter(|&i| b.contains(i)).collect();
            for s in (0..=cap + 2).filter(|s| s % 7 < 3 || *s < 70) {
                let up: Bits<N> = cells.iter().filter(|&&i| i + s < cap).map(|&i| i + s).collect();
                let down: Bits<N> = cells.iter().filter(|&&i| i >= s).map(|&i| i - s).collect();
                assert_eq!(b.shl(s), up, "{b:?} << {s}");
                assert_eq!(b.shr(s), down, "{b:?} >> {s}");
            }
            for i in (0..cap + 3).step_by(5) {
                let has = cells.contains(&i);
                let (mut ins, mut rem, mut tog) = (b, b, b);
                ins.insert(i);
                rem.remove(i);
                tog.toggle(i);
                let count = cells.len() as u32;
                let on_board = i < cap;
                assert_eq!(ins.contains(i), on_board);
                assert!(!rem.contains(i));
                assert_eq!(tog.contains(i), on_board && !has);
                assert_eq!(ins.count(), count + (on_board && !has) as u32);
                assert_eq!(rem.count(), count - has as u32);
                assert_eq!(ins, b.with(i));
                assert_eq!(rem, b.without(i));
                assert_eq!(tog, b ^ Bits::cell(i));
            }
        }
    }

    #[test]
    fn shifts_and_cell_updates_of_every_width() {
        shifts_and_cell_updates_match_cell_by_cell::<1>();
        shifts_and_cell_updates_match_cell_by_cell::<2>();
        shifts_and_cell_updates_match_cell_by_cell::<3>();
        shifts_and_cell_updates_match_cell_by_cell::<4>();
        shifts_and_cell_updates_match_cell_by_cell::<6>();
    }

    #[test]
    fn shifts_carry_across_words() {
        let b = Bits::<3>::cell(63);
        assert_eq!(b.shl(1), Bits::cell(64));
        assert_eq!(b.shl(65), Bits::cell(128));
        assert_eq!(Bits::<3>::cell(128).shr(65), Bits::cell(63));
        assert_eq!(Bits::<3>::cell(191).shl(1), Bits::EMPTY);
        assert_eq!(Bits::<3>::cell(0).shr(1), Bits::EMPTY);
        assert_eq!(Bits::<3>::cell(5).shift(-5), Bits::cell(0));
    }

    #[test]
    fn set_queries() {
        let b: Bits<2> = [3usize, 70, 127].into_iter().collect();
        assert_eq!(b.count(), 3);
        assert_eq!(b.first(), Some(3));
        assert_eq!(b.last(), Some(127));
        assert!(b.more_than_one());
        assert!(!Bits::<2>::cell(70).more_than_one());
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![3, 70, 127]);
        assert_eq!(Bits::<2>::low(66).count(), 66);
        assert!(Bits::<2>::cell(70).is_subset(&b));
        assert_eq!(b.lowest(), Bits::cell(3));
        assert_eq!((b.nth(0), b.nth(1), b.nth(2), b.nth(3)), (Some(3), Some(70), Some(127), None));
    }
}

/// `bitgames_core::cpu`.
mod cpu {
    use bitgames::cpu::{cpu, fast_pdep, Avx2, CpuInfo, CpuMode, Pdep, CPU_ENV};

    fn amd(family: u32, model: u32) -> CpuInfo {
        CpuInfo { vendor: "AuthenticAMD".into(), brand: String::new(), family, model }
    }

    #[test]
    fn the_rules_name_zen1_and_zen2() {
        // Zen 1 (EPYC 7001), Zen 2 (EPYC 7002), Zen 3 (EPYC 7003), Zen 4.
        assert!(!amd(0x17, 0x01).fast_pdep() && !amd(0x17, 0x01).full_width_avx2());
        assert!(!amd(0x17, 0x31).fast_pdep() && amd(0x17, 0x31).full_width_avx2());
        assert!(amd(0x19, 0x01).fast_pdep() && amd(0x19, 0x01).full_width_avx2());
        assert!(amd(0x19, 0x11).fast_pdep());
        let intel =
            CpuInfo { vendor: "GenuineIntel".into(), brand: String::new(), family: 6, model: 0x3c };
        assert!(intel.fast_pdep() && intel.full_width_avx2());
    }

    #[test]
    fn this_cpu_is_read() {
        let c = cpu();
        #[cfg(target_arch = "x86_64")]
        assert!(!c.vendor.is_empty() && c.family > 0, "{c:?}");
        assert!(!c.describe().is_empty());
        // The tokens: what the CPU has, unless BITGAMES_CPU asks for the
        // portable paths (CI runs the tests both ways).
        let portable = CpuMode::from_env() == Ok(CpuMode::Portable);
        #[cfg(target_arch = "x86_64")]
        {
            let avx2 = std::arch::is_x86_feature_detected!("avx2");
            let bmi2 = std::arch::is_x86_feature_detected!("bmi2");
            assert_eq!(Avx2::detect().is_some(), avx2 && !portable);
            assert_eq!(fast_pdep(), bmi2 && c.fast_pdep() && !portable);
        }
        assert_eq!(Pdep::detect().is_some(), fast_pdep());
        if portable {
            assert!(Avx2::detect().is_none() && Pdep::detect().is_none());
        }
    }

    #[test]
    fn the_cpu_mode_is_named_or_refused() {
        assert_eq!(CpuMode::parse(""), Ok(CpuMode::Native));
        assert_eq!(CpuMode::parse(" Portable\n"), Ok(CpuMode::Portable));
        assert_eq!(CpuMode::parse("native"), Ok(CpuMode::Native));
        let e = CpuMode::parse("avx512\u{1b}").unwrap_err().to_string();
        assert_eq!(e, format!("{CPU_ENV}='avx512\\u{{1b}}': expected 'native' or 'portable'"));
    }

    #[test]
    fn pdep_selects_the_nth_set_bit() {
        use bitgames::bits::{nth_in_word, nth_in_word_by_clearing};
        let w = (0b10_1101_u64 << 58) | 0b1001;
        let by_hand = [0, 3, 58, 60, 61, 63];
        for (n, &at) in by_hand.iter().enumerate() {
            assert_eq!(nth_in_word_by_clearing(w, n as u32), at);
            assert_eq!(nth_in_word(w, n as u32), at);
            if let Some(p) = Pdep::detect() {
                assert_eq!(p.nth_in_word(w, n as u32), at);
            }
        }
        // Past the last set bit: no panic.
        let _ = (nth_in_word(w, 40), nth_in_word_by_clearing(0, 5));
    }

    #[test]
    fn pext_gathers_the_bits_under_the_mask() {
        // An 11-cell row every 12 bits (a Hex grid's word): the separating
        // bits dropped, the rows end to end.
        let mask = (0..5).fold(0u64, |m, r| m | (0x7ff << (12 * r)));
        let w = (0b101 << 24) | (1 << 11) | (0b11 << 9) | 1;
        // Bit 11 is a separator; row 0 holds bits 0, 9, 10; row 2 bits 24, 26.
        let by_hand = 1 | (0b11 << 9) | (0b101 << 22);
        if let Some(p) = Pdep::detect() {
            assert_eq!(p.pext(w, mask), by_hand);
            assert_eq!(p.pext(u64::MAX, mask), (1 << 55) - 1);
            assert_eq!(p.pext(w, 0), 0);
        }
    }
}

/// `bitgames_core::grid`.
mod grid {
    use bitgames::bits::Bits;
    use bitgames::grid::{column_name, Grid, GridKind};

    #[test]
    fn names_round_trip() {
        let g = Grid::<6>::new(GridKind::Square4, 19, 19).unwrap();
        for i in g.mask() {
            let n = g.cell_name(i).unwrap();
            assert_eq!(g.parse_cell(&n).unwrap(), i);
        }
        assert_eq!(column_name(26), "aa");
        assert!(g.parse_cell("t1").is_err());
        assert!(g.parse_cell("a0").is_err());
        assert!(g.parse_cell("3c").is_err());
    }

    #[test]
    fn masked_hexhex_and_triangle() {
        // Yavalath's board: a hexagon of side 5 in a 9×9 rhombus of the hex grid,
        // the cells with |dc + dr| ≤ 4 around the centre (4, 4).
        let side = 5usize;
        let n = 2 * side - 1;
        let g = Grid::<2>::masked(GridKind::Hex, n, n, |c, r| {
            let s = c + r;
            s >= side - 1 && s <= 3 * (side - 1)
        })
        .unwrap();
        assert_eq!(g.cells(), 61);
        assert_eq!(g.mask().count(), 61);
        assert_eq!(g.cell(0, 0), None);
        assert!(g.cell(4, 0).is_some());
        // The centre has six neighbours; a corner three.
        let centre = Bits::cell(g.cell(4, 4).unwrap());
        assert_eq!(g.neighbours(centre).count(), 6);
        let corner = Bits::cell(g.cell(4, 0).unwrap());
        assert_eq!(g.neighbours(corner).count(), 3);
        // The picture shows only board cells and reads back.
        let pic = g.picture(centre);
        assert_eq!(pic.lines().count(), 9);
        assert_eq!(pic.lines().map(|l| l.split_whitespace().count()).sum::<usize>(), 61);
        assert_eq!(g.parse_picture(&pic).unwrap(), centre);
        assert!(g.mask().into_iter().all(|i| g.coords(i).is_some()));
        assert_eq!(g.coords(0), None);
        // Y's triangle of side 4: row r keeps columns 0..4−r.
        let t = Grid::<1>::masked(GridKind::Hex, 4, 4, |c, r| c + r < 4).unwrap();
        assert_eq!(t.cells(), 10);
        assert_eq!(t.row(3).count(), 1);
        assert!(Grid::<1>::masked(GridKind::Hex, 4, 4, |_, _| false).is_err());
    }

    #[test]
    fn nineteen_by_nineteen_needs_six_words() {
        assert!(Grid::<5>::new(GridKind::Square4, 19, 19).is_err());
        let g = Grid::<6>::new(GridKind::Square4, 19, 19).unwrap();
        assert_eq!(g.mask().count(), 361);
    }
}

/// `bitgames_core::yreduce`.
mod yreduce {
    use bitgames::ops::yreduce::{
        y_reduce, y_reduce_fixed, y_reduce_sliced, YColumns, YPyramid, Y_EMPTY, Y_FIRST, Y_SECOND,
    };

    /// A triangle from a picture: rows from the top, `X` first player, `O`
    /// second, `.` empty (whitespace ignored).
    fn triangle(pic: &str) -> YColumns<32> {
        let rows: Vec<Vec<char>> = pic
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let n = rows.len();
        let mut t = YColumns::new(n).unwrap();
        for (y, row) in rows.iter().enumerate() {
            assert_eq!(row.len(), n - y, "row {} of the picture", y + 1);
            for (x, &ch) in row.iter().enumerate() {
                t.set(
                    x,
                    y,
                    match ch {
                        'X' => Y_FIRST,
                        'O' => Y_SECOND,
                        _ => Y_EMPTY,
                    },
                );
            }
        }
        t
    }

    #[test]
    fn one_pass_is_the_majority_of_each_triplet() {
        // Fig. 15's rule on a side-3 board: each reduced cell (x, y) takes the
        // majority of (x, y), (x, y + 1) and (x + 1, y).
        let t = triangle(
            "X X O
              X O
               O",
        );
        let mut cols = t.columns().to_vec();
        // One pass only (side 3 → 2) by reducing a side-3 slice's first pass by hand.
        let (a0, a1, a2) = (cols[0], cols[1], cols[2]);
        let maj = |a: u64, b: u64, c: u64| (a & b) | (a & c) | (b & c);
        let r0 = maj(a0, a0 >> 2, a1);
        let r1 = maj(a1, a1 >> 2, a2);
        // (0,0): X X X → X; (1,0): X O O → O; (0,1): X O O → O.
        assert_eq!(r0 & 3, Y_FIRST);
        assert_eq!((r0 >> 2) & 3, Y_SECOND);
        assert_eq!(r1 & 3, Y_SECOND);
        // Cells past the column's end reduce to zero by themselves.
        assert_eq!(r0 >> 4, 0);
        assert_eq!(r1 >> 2, 0);
        // The whole reduction: O X / O → O joins all three sides (c1 b2 a3).
        assert_eq!(y_reduce(&mut cols[..3]), Y_SECOND);
    }

    #[test]
    fn a_chain_touching_three_sides_wins() {
        // Fig. 16-like: X's chain runs from the left side along row 3 to the
        // diagonal (d3), with a branch up to the top row (c1 c2).
        let t = triangle(
            ". . X . . .
              O . X O .
               X X X X
                O X .
                 . O
                  O",
        );
        assert_eq!(t.winner(), Y_FIRST);
        // The same chain without the top branch joins only two sides, and O's
        // groups one (c1 c2 d2) and two (b5 a6).
        let t = triangle(
            ". . O . . .
              O . O O .
               X X X X
                O X .
                 . O
                  O",
        );
        assert_eq!(t.winner(), Y_EMPTY);
    }

    #[test]
    fn two_sides_only_do_not_win() {
        // A full top row touches the top, the left (a1) and the diagonal (its
        // last cell): a corner counts for both its sides.
        let t = triangle(
            "X X X X
              . . .
               . .
                .",
        );
        assert_eq!(t.winner(), Y_FIRST);
        // The left column alone touches the left, the top (a1) and the
        // diagonal (its last cell): also a Y.
        let t = triangle(
            "O . . .
              O . .
               O .
                O",
        );
        assert_eq!(t.winner(), Y_SECOND);
        // Row 2 from the left side to the diagonal misses the top.
        let t = triangle(
            ". . . .
              X X X
               . .
                .",
        );
        assert_eq!(t.winner(), Y_EMPTY);
        // A corner cell alone touches two sides, not three.
        let t = triangle(
            ". . . X
              . . .
               . .
                .",
        );
        assert_eq!(t.winner(), Y_EMPTY);
        // Top and left, not the diagonal.
        let t = triangle(
            "X X . .
              X . .
               . .
                .",
        );
        assert_eq!(t.winner(), Y_EMPTY);
    }

    #[test]
    fn the_pyramid_keeps_every_level_of_the_reduction() {
        // Random cells set and cleared one at a time: every level is the
        // reduction of the one below, and the top is y_reduce's answer.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for n in [1usize, 2, 3, 5, 8, 10, 19] {
            let mut p = YPyramid::<190>::new(n).unwrap();
            for _ in 0..400 {
                let (x, y) = (next(n as u64) as usize, next(n as u64) as usize);
                if x + y >= n {
                    continue;
                }
                p.set(x, y, next(3));
                // Loading the whole board at once gives the same pyramid.
                let mut q = YPyramid::<190>::new(n).unwrap();
                q.set_board(p.level(0));
                assert_eq!(q, p, "side {n}: set_board");
                let t = YColumns::<19>::from_columns(p.level(0)).unwrap();
                assert_eq!(t.winner(), p.winner(), "side {n}: from_columns");
                let mut cols = p.level(0).to_vec();
                assert_eq!(p.winner(), y_reduce(&mut cols.clone()), "side {n}");
                for k in 1..n {
                    // One pass of Listing 1 on level k − 1.
                    let len = n - k;
                    for x in 0..len {
                        let (a, c) = (cols[x], cols[x + 1]);
                        let b = a >> 2;
                        cols[x] = (a & (b | c)) | (b & c);
                    }
                    cols.truncate(len);
                    assert_eq!(p.level(k), &cols[..], "side {n}, level {k}");
                }
            }
        }
        assert!(YPyramid::<190>::new(20).is_none());
        assert!(YPyramid::<10>::new(4).is_some() && YPyramid::<9>::new(4).is_none());
    }

    #[test]
    fn the_sliced_reduction_reduces_every_board_of_its_bits() {
        // 64 (u64) or 128 (u128) random sets of cells at once: bit j of the
        // answer is whether set j, with every other cell the opponent's,
        // reduces to the first player by Listing 1's two-bit reduction.
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let mut next = || rng.random::<u64>();
        for n in [1usize, 2, 3, 4, 7, 10, 13, 16] {
            for round in 0..20 {
                // Denser or sparser sets by round, so that both answers occur.
                let mut cells = [0u128; 16 * 16];
                for x in 0..n {
                    for y in 0..n - x {
                        let mut w = (next() as u128) << 64 | next() as u128;
                        if round % 3 == 1 {
                            w |= (next() as u128) << 64 | next() as u128;
                        } else if round % 3 == 2 {
                            w &= (next() as u128) << 64 | next() as u128;
                        }
                        cells[x * 16 + y] = w;
                    }
                }
                let mut narrow: Vec<u64> = cells.iter().map(|&w| w as u64).collect();
                let wide = y_reduce_sliced::<u128, 16>(&mut cells.clone(), n);
                let low = y_reduce_sliced::<u64, 16>(&mut narrow, n);
                assert_eq!(low, wide as u64, "side {n}");
                for j in 0..128 {
                    let mut t = YColumns::<16>::new(n).unwrap();
                    for x in 0..n {
                        for y in 0..n - x {
                            let mine = (cells[x * 16 + y] >> j) & 1 == 1;
                            t.set(x, y, if mine { Y_FIRST } else { Y_SECOND });
                        }
                    }
                    let want = t.winner() == Y_FIRST;
                    assert_eq!((wide >> j) & 1 == 1, want, "side {n}, round {round}, board {j}");
                }
            }
        }
    }

    #[test]
    fn small_sides_and_bounds() {
        let mut one = YColumns::<1>::new(1).unwrap();
        assert_eq!(one.winner(), Y_EMPTY);
        one.set(0, 0, Y_SECOND);
        assert_eq!(one.winner(), Y_SECOND);
        assert!(YColumns::<4>::new(5).is_none());
        assert!(YColumns::<4>::new(0).is_none());
        assert!(YColumns::<40>::new(33).is_none());
        assert_eq!(y_reduce(&mut []), Y_EMPTY);
        assert_eq!(y_reduce_fixed([]), Y_EMPTY);
        assert_eq!(y_reduce_fixed([Y_SECOND]), Y_SECOND);
        // Side 32 uses every bit of a column word: the left column alone wins.
        let mut big = YColumns::<32>::new(32).unwrap();
        for y in 0..32 {
            big.set(0, y, Y_FIRST);
        }
        assert_eq!(big.get(0, 31), Y_FIRST);
        assert_eq!(big.winner(), Y_FIRST);
        big.set(0, 31, Y_SECOND);
        assert_eq!(big.winner(), Y_EMPTY);
    }
}

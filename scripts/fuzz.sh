#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ (cargo fuzz, libFuzzer) for a bounded time.
#
#   scripts/fuzz.sh               each target 60 s
#   scripts/fuzz.sh 300           each target 300 s
#   scripts/fuzz.sh 60 game web   only these targets
#   scripts/fuzz.sh --smoke       each target a few seconds (what .ci/run does)
#
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`). The
# corpus grows in fuzz/corpus/<target> (seeded from the test data, not
# committed); a crash stops the run with its input in fuzz/artifacts/<target>,
# to be minimised (`cargo +nightly fuzz tmin <target> <file>`) and added as a
# regression test in crates/bitgames/tests/it/fuzz_regressions.rs. The targets
# check panics and invariants, so they build without a sanitizer; set
# FUZZ_SANITIZER=address to add AddressSanitizer (slower builds and runs).
set -euo pipefail
cd "$(dirname "$0")/.."

secs=60
smoke=0
targets=()
for a in "$@"; do
    case "$a" in
        --smoke) smoke=1; secs=4 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *[!0-9]*) targets+=("$a") ;;
        *) secs="$a" ;;
    esac
done

if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz: needs a nightly toolchain and cargo-fuzz (rustup toolchain install nightly; cargo install cargo-fuzz)" >&2
    exit 2
fi

cd fuzz
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
sanitizer="${FUZZ_SANITIZER:-none}"
build=(-a -s "$sanitizer")

# Seeds from the repository's test data and a few hand-written inputs, so the
# fuzzer starts from real records rather than from nothing.
seed() { # target name contents...
    local dir="corpus/$1" name="$2"
    shift 2
    mkdir -p "$dir"
    [ -e "$dir/$name" ] || printf '%s' "$*" > "$dir/$name"
}
data=../crates/bitgames/tests/data
seed spec s1 'connect4(width=5,height=4)'
seed spec s2 'go(size=9,komi=7.5)'
seed spec s3 'tictactoe(width=4,height=4,k=3)'
seed engine_spec s1 $'\x02\x00mcts(iterations=50,seed=3)'
seed engine_spec s2 $'\x06\x00alphabeta(level=2)'
seed engine_spec s3 $'\x02\x00solver(table_mib=1)'
seed transcript s1 '0f5d6c3d3c4f4f6f3e6e7'
seed transcript s2 $'1--------------------------XO------OX--------------------------- X\nf5 pass d6'
seed nboard s1 $'nboard 2\nset depth 1\nset game (;GM[Othello]PC[x]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)\nmove D3\nhint 2\ngo\nping 3\n'
seed ggf s1 '(;GM[Othello]PC[GGS/os]PB[a]PW[b]RE[+2.000]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.2]W[F6]B[E6]W[F4];)'
seed record s1 '{"game":"connect4","start":"","moves":["4","4","5"]}'
seed record s2 '{"game":"othello","start":"---------------------------OX------XO--------------------------- X","moves":["f5","d6"]}'
seed web s1 $'connect4\n{"moves":["4","4"],"text":"5 3","undo":1,"engine":"random(seed=2)"}'
seed web s2 $'othello\n{"text":"f5d6c3","engine":"alphabeta(level=1)"}'
seed puzzles s1 $'\x003x3\nX.X\n.X.\nX.X'
seed puzzles s2 $'\x01'"$(head -c 150 ../docs/pack.md 2>/dev/null || true)"
seed sgf s1 $'\x02(;FF[4]GM[1]SZ[9]KM[7.5]PB[a]PW[b]RE[W+R]\n;B[ee];W[cc];B[]\n;W[gc](;B[dd])(;B[tt]))'
seed sgf s2 $'\x01(;FF[4]GM[11]SZ[5]AB[a1]AW[c3]PL[W];W[b2];B[swap-pieces])\n(;GM[11]SZ[5];B[c3])'
seed gtp s1 $'\x01boardsize 7\nclear_board\n1 play b d4\n2 genmove w\nplay b d4\nundo\nshowboard\nfinal_score\nkomi 6.5\n# c\n\n3 list_commands\nquit'
seed gtp s2 $'\x02play b c3\nplay b a1\nreg_genmove w\ngenmove w\ntime_settings 10 5 1\ntime_left w 3 0\nundo\nundo\nknown_command play'
seed game s1 $'\x02\x00\x00\x004\x00\x01\x02\x03'
seed game s2 $'\x06\x00\x00\x00f5\x00\x01\x02\x03\x04\x05'
i=0
for f in "$data"/othello/*.obf; do
    while IFS= read -r line && [ $i -lt 40 ]; do
        i=$((i + 1))
        seed obf "l$i" "$line"
    done < "$f"
done
for f in "$data"/life/*.rle; do
    mkdir -p corpus/rle
    cp -n "$f" corpus/rle/ 2>/dev/null || true
done

echo "fuzz: building ${#targets[@]} targets (sanitizer $sanitizer)"
cargo +nightly fuzz build "${build[@]}"

mkdir -p logs
failed=()
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t"
    log="logs/$t.log"
    if cargo +nightly fuzz run "${build[@]}" "$t" "corpus/$t" -- \
        -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
        >"$log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
        printf 'fuzz: %-12s ok   %10s runs in %ss (%s)\n' "$t" "$runs" "$secs" "$cov"
    else
        printf 'fuzz: %-12s FAILED, see fuzz/%s and fuzz/artifacts/%s\n' "$t" "$log" "$t"
        grep -m3 -E 'panicked|ERROR|SUMMARY' "$log" | sed 's/^/      /' || true
        failed+=("$t")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: ${#failed[@]} target(s) failed: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: all ${#targets[@]} targets ran ${secs}s each without a failure"

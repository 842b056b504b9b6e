"""bitgames.Tablebase: retrograde tables built, saved, read and asked from
Python, checked against published counts and the exact search solver."""

import _thread
import random
import signal
import threading

import pytest

import bitgames


@pytest.fixture(scope="module")
def c4_4x4():
    game = bitgames.load_game("connect4(width=4,height=4)")
    return game, bitgames.Tablebase.build(game, threads=2)


def test_tic_tac_toe_has_its_published_5478_positions_and_is_a_draw():
    game = bitgames.load_game("tictactoe")
    notes = []
    table = bitgames.Tablebase.build(game, threads=1, progress=notes.append)
    c = table.counts
    assert (c.positions, c.won, c.lost, c.drawn) == (5478, 2836, 1574, 1068)
    assert notes and notes[-1].startswith("ply 0 done")
    start = table.probe(game.new_initial_state())
    assert (start.value.outcome, start.value.plies, str(start.value)) == ("draw", None, "draw")
    # Every first move draws: all nine are best.
    assert sorted(start.best) == list(range(9))
    assert all(v.outcome == "draw" for v in start.moves.values())
    # X to move with two in a row and the third cell free: a win in 1.
    s = game.new_state("XX./OO./...")
    p = table.probe(s)
    assert (p.value.outcome, p.value.plies) == ("win", 1)
    assert p.best == [s.string_to_action("c3")]
    assert table.value(s) == p.value


def test_four_by_three_with_three_in_a_row_is_a_first_player_win_in_seven():
    # Wikipedia, "m,n,k-game": (4,3,3) is a first-player win.
    game = bitgames.load_game("tictactoe(width=4,height=3)")
    table = bitgames.Tablebase.build(game, threads=2)
    assert str(table.value(game.new_initial_state())) == "win in 7"
    assert table.counts.positions == 111973


def test_connect_four_4x4_agrees_with_the_search_solver(c4_4x4):
    game, table = c4_4x4
    c = table.counts
    assert (c.positions, c.won, c.lost, c.drawn) == (161029, 38675, 32234, 90120)
    assert str(table.value(game.new_initial_state())) == "draw"
    rng = random.Random(4)
    checked = 0
    for _ in range(60):
        s = game.new_initial_state()
        for _ in range(rng.randrange(0, 12)):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        probe = table.probe(s)
        solved = bitgames.solve(s, mode="best")
        # Pons' score is positive for a win, 0 for a draw, negative for a loss;
        # a win in d plies with m stones on the board scores (W·H + 2 − m − d) / 2.
        sign = {"win": 1, "draw": 0, "loss": -1}[probe.value.outcome]
        assert sign == (solved.score > 0) - (solved.score < 0), s.history()
        if probe.value.outcome == "win":
            stones = len(s.history())
            assert solved.score == (16 + 2 - stones - probe.value.plies) // 2, s.history()
        # The fastest win, the draws, the slowest loss: the solver's best moves.
        assert sorted(probe.best) == sorted(solved.best), s.history()
        assert set(probe.moves) == set(s.legal_actions())
        checked += 1
    assert checked > 40


def test_a_saved_table_reads_back_the_same(c4_4x4, tmp_path):
    game, table = c4_4x4
    path = tmp_path / "4x4.table"
    table.save(path)
    back = bitgames.Tablebase.load(game, str(path))
    assert back.size == table.size
    assert path.stat().st_size > table.size  # the header, then a byte an index
    assert back.sections[-1][0] == table.sections[-1][0]
    assert [(n, c.won, c.lost, c.drawn) for n, c in back.sections] == [
        (n, c.won, c.lost, c.drawn) for n, c in table.sections
    ]
    s = game.new_state("1234")
    assert back.probe(s).value == table.probe(s).value
    assert "161029 positions" in repr(back)


def test_bad_tables_and_games_are_named(c4_4x4, tmp_path):
    game, table = c4_4x4
    with pytest.raises(ValueError, match=r"no table for othello \(games with one: .*connect4"):
        bitgames.Tablebase.build(bitgames.load_game("othello"))
    with pytest.raises(ValueError, match="needs 70728639995483 indices"):
        bitgames.Tablebase.build(bitgames.load_game("connect4"))
    with pytest.raises(OSError, match="missing.table"):
        bitgames.Tablebase.load(game, tmp_path / "missing.table")
    junk = tmp_path / "junk.table"
    junk.write_bytes(b"not a table at all")
    with pytest.raises(ValueError, match="is not a bitgames table"):
        bitgames.Tablebase.load(game, junk)
    other = tmp_path / "5x4.table"
    small = bitgames.load_game("connect4(width=4,height=2)")
    bitgames.Tablebase.build(small).save(other)
    with pytest.raises(ValueError, match="not of"):
        bitgames.Tablebase.load(game, other)
    with pytest.raises(ValueError, match="cannot answer"):
        table.probe(small.new_initial_state())
    with pytest.raises(ValueError, match="threads"):
        bitgames.Tablebase.build(game, threads=10**6)
    with pytest.raises(OSError):
        table.save(tmp_path / "no-such-folder" / "t.table")


def test_an_exception_in_the_progress_callback_stops_the_build():
    def stop(line):
        raise RuntimeError(f"stopped at {line}")

    with pytest.raises(RuntimeError, match="stopped at ply 9 done"):
        bitgames.Tablebase.build(bitgames.load_game("tictactoe"), progress=stop)


def test_ctrl_c_stops_a_build():
    # Python's own SIGINT handler, as in test_engines.py's fixture: a runner
    # started in the background may inherit SIGINT ignored.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    notes = []
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            # Tens of seconds on two cores uninterrupted (95 M positions).
            bitgames.Tablebase.build(
                bitgames.load_game("connect4(width=6,height=4)"), progress=notes.append
            )
    finally:
        timer.join()
        signal.signal(signal.SIGINT, before)
    assert notes and "values: ply 0 done" not in notes


def test_a_stopped_build_goes_on_from_the_steps_it_kept(tmp_path):
    game = bitgames.load_game("tictactoe(width=4,height=3)")
    steps = tmp_path / "steps"
    seen = []

    def stop_at_the_fifth(line):
        seen.append(line)
        if len(seen) == 5:
            raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        bitgames.Tablebase.build(game, progress=stop_at_the_fifth, resume=steps)
    assert len(list(steps.glob("*.step"))) == 5
    notes = []
    table = bitgames.Tablebase.build(game, progress=notes.append, resume=str(steps))
    assert sum("kept from an earlier build" in n for n in notes) == 5
    assert table.counts.positions == 111973
    assert str(table.value(game.new_initial_state())) == "win in 7"
    assert not steps.exists()



def _built_in_stages(game: bitgames.Game, chunk: int) -> list:
    """What bitgames.distributed's table job does on a cluster, done here:
    each stage labelled a range at a time from the bytes of the stages it
    reads."""
    done = []
    for k, (_, length, reads) in enumerate(bitgames.Tablebase.stages(game)):
        parts = [
            bitgames.Tablebase.label_stage(
                game, k, start, min(start + chunk, length), [done[r] for r in reads]
            )
            for start in range(0, length, chunk)
        ]
        done.append(b"".join(parts))
        assert len(done[-1]) == length
    return done


@pytest.mark.parametrize(
    "spec, first, start",
    [
        # The plies from the full board back, each reading the next.
        ("tictactoe(width=4,height=3,k=3)", [("ply 12", []), ("ply 11", [0])], "win in 7"),
        # The forward pass's plies from the empty board, then the values'.
        ("connect4(width=4,height=4)", [("reached 0", []), ("reached 1", [0])], "draw"),
    ],
)
def test_a_table_built_in_stages_and_ranges_is_the_table_built_at_once(
    tmp_path, spec, first, start
):
    game = bitgames.load_game(spec)
    stages = bitgames.Tablebase.stages(game)
    assert [(s[0], s[2]) for s in stages[:2]] == first
    done = _built_in_stages(game, 5000)
    staged = bitgames.Tablebase.assemble(game, done)
    here = bitgames.Tablebase.build(game, threads=1)
    staged.save(tmp_path / "staged.bgtable")
    here.save(tmp_path / "here.bgtable")
    assert (tmp_path / "staged.bgtable").read_bytes() == (tmp_path / "here.bgtable").read_bytes()
    assert str(staged.value(game.new_initial_state())) == start


def test_bad_shares_of_a_staged_build_are_refused():
    game = bitgames.load_game("tictactoe(width=4,height=3,k=3)")
    stages = bitgames.Tablebase.stages(game)
    done = _built_in_stages(game, 5000)
    # Bad shares are refused, naming what was wrong.
    with pytest.raises(ValueError, match="ply 11 reads ply 12"):
        bitgames.Tablebase.label_stage(game, 1, 0, 10, [b"\0" * 3])
    with pytest.raises(ValueError, match="which has"):
        bitgames.Tablebase.label_stage(game, 0, 0, stages[0][1] + 1, [])
    with pytest.raises(ValueError, match="stages given"):
        bitgames.Tablebase.assemble(game, done[1:])
    with pytest.raises(ValueError, match="built in one piece"):
        bitgames.Tablebase.stages(bitgames.load_game("teeko"))

"""Engines, exact solvers and playouts from Python, checked against known
values: Pons' test sets, the FFO endgames, forced wins."""

import _thread
import signal
import threading

import pytest

import bitgames
from conftest import DATA


def test_connect_four_solutions_match_pons_test_set():
    game = bitgames.load_game("connect4")
    lines = (DATA / "connect4" / "Test_L3_R1").read_text().splitlines()[:20]
    for line in lines:
        moves, score = line.split()
        s = game.new_state(moves)
        assert bitgames.solve(s).score == int(score), moves


def test_an_othello_analysis_of_ffo_40():
    line = (DATA / "othello" / "fforum-40-59.obf").read_text().splitlines()[0]
    s = bitgames.load_game("othello").new_state(line.split(";")[0])
    sol = bitgames.solve(s, mode="analyze")
    assert sol.score == 38 and sol.best_moves == ["a2"]
    assert sol.best == [s.string_to_action("a2")]
    assert sol.scores[s.string_to_action("c7")] == 36
    assert len(sol.scores) == len(s.legal_actions())


def test_solve_refuses_what_it_cannot_do():
    with pytest.raises(ValueError, match="no solver for tictactoe"):
        bitgames.solve(bitgames.load_game("tictactoe").new_initial_state())
    with pytest.raises(ValueError, match="weak solve is not for othello"):
        bitgames.solve(bitgames.load_game("othello").new_initial_state(), weak=True)
    with pytest.raises(ValueError, match='mode "fast"'):
        bitgames.solve(bitgames.load_game("connect4").new_initial_state(), mode="fast")


@pytest.mark.parametrize("spec", ["mcts(iterations=3000,seed=1)", "alphabeta(depth=4)"])
def test_engines_take_a_win_in_one(spec):
    game = bitgames.load_game("tictactoe")
    s = game.new_initial_state()
    for a in [0, 3, 1, 4]:  # X on a and b of the top row: X wins at 2
        s.apply_action(a)
    engine = bitgames.Engine(spec, game)
    assert engine.choose(s) == 2
    assert engine.last_nodes is None or engine.last_nodes > 0


def test_an_engine_refuses_another_game_and_a_finished_one_has_no_move():
    engine = bitgames.Engine("random(seed=1)", bitgames.load_game("connect4"))
    with pytest.raises(ValueError, match="plays connect4"):
        engine.choose(bitgames.load_game("othello").new_initial_state())
    s = bitgames.load_game("tictactoe").new_initial_state()
    for a in [0, 3, 1, 4, 2]:
        s.apply_action(a)
    assert bitgames.Engine("random", s.get_game()).choose(s) is None
    with pytest.raises(ValueError, match="unknown engine"):
        bitgames.Engine("stockfish", s.get_game())


def test_random_playouts_count_every_game():
    s = bitgames.load_game("connect4").new_initial_state()
    p = bitgames.random_playouts(s, 1000, seed=1)
    assert p.games == 1000 and p.first_wins + p.second_wins + p.draws == 1000
    assert 7 * 1000 <= p.plies <= 42 * 1000
    assert p.first_wins > p.second_wins  # the first player's edge in random play


@pytest.fixture
def ctrl_c_soon():
    """Raises KeyboardInterrupt in the main thread half a second from now, as
    Ctrl-C would. Python's own SIGINT handler is put in place for the test: a
    runner started in the background by a shell without job control inherits
    SIGINT ignored, and then `interrupt_main` does nothing (the search would
    run to its end)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    yield
    timer.join()
    signal.signal(signal.SIGINT, before)


def test_ctrl_c_stops_a_long_solve_and_the_solver_is_usable_after(ctrl_c_soon):
    s = bitgames.load_game("connect4").new_initial_state()
    with pytest.raises(KeyboardInterrupt):
        bitgames.solve(s, mode="analyze")  # about half a minute uninterrupted
    s.play("4")
    s.play("4")
    for column in "4444":
        s.play(column)
    assert bitgames.solve(s).score == bitgames.solve(s.clone()).score


def test_ctrl_c_stops_a_long_engine_move(ctrl_c_soon):
    game = bitgames.load_game("go(size=9)")
    engine = bitgames.Engine("mcts(time=600s)", game)
    with pytest.raises(KeyboardInterrupt):
        engine.choose(game.new_initial_state())


def test_an_exact_analysis_streams_every_columns_pons_score():
    # Pons' Test_L3_R1, first line: two columns left, scored -1 (6) and -2 (7).
    s = bitgames.load_game("connect4").new_state("2252576253462244111563365343671351441")
    events = [e for e in bitgames.analyse(s, seconds=5.0) if e.kind == "move"]
    final = {e.move: e.score for e in events}
    assert final == {"6": -1.0, "7": -2.0}
    assert all(e.exact and e.unit == "pons" for e in events)
    assert {e.action for e in events} == {s.string_to_action("6"), s.string_to_action("7")}


def test_closing_an_analysis_stops_its_search():
    s = bitgames.load_game("hex(size=9)").new_initial_state()
    analysis = bitgames.analyse(s, seconds=600.0)
    assert "Monte Carlo" in analysis.about
    first = next(e for e in analysis if e.kind == "move")
    assert first.unit == "percent" and first.visits and 0.0 <= first.score <= 100.0
    analysis.close()  # returns once the search has stopped: not after 600 s
    assert list(analysis) == []
    with pytest.raises(ValueError, match="nothing to analyse"):
        done = bitgames.load_game("tictactoe").new_initial_state()
        for a in [0, 3, 1, 4, 2]:
            done.apply_action(a)
        bitgames.analyse(done)

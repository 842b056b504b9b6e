"""States: OpenSpiel's interface with published counts, positions, copies,
pickling and observations checked plane by plane."""

import copy
import pickle

import numpy as np
import pytest

import bitgames

SPECS = [g.default_spec for g in bitgames.games()]


def python_perft(state, depth):
    """Move paths of ``depth`` plies through ``legal_actions``/``child``."""
    if depth == 0:
        return 1
    return sum(python_perft(state.child(a), depth - 1) for a in state.legal_actions())


def test_games_lists_every_game_with_typed_parameters():
    names = [g.name for g in bitgames.games()]
    assert names == sorted(names) and len(names) == 12
    hex_info = next(g for g in bitgames.games() if g.name == "hex")
    size = next(p for p in hex_info.params if p.name == "size")
    assert size.kind == "int" and size.default == "11"
    assert "mcts" in hex_info.engines
    assert [g.name for g in bitgames.games() if g.has_solver] == ["connect4", "othello"]


@pytest.mark.parametrize(
    "spec,depth,count",
    [
        ("connect4", 7, 823_536),  # OEIS A212693
        ("othello", 8, 390_216),  # Edax / Aart Bik's perft
        ("tictactoe", 9, 127_872),  # paths of 9 plies: the last level of its 549,946-node tree
    ],
)
def test_perft_gives_the_published_counts(spec, depth, count):
    state = bitgames.load_game(spec).new_initial_state()
    assert bitgames.perft(state, depth) == count
    assert bitgames.perft(state, depth, threads=2) == count


@pytest.mark.parametrize("spec", SPECS)
def test_action_ids_walk_the_same_tree_as_the_library(spec):
    state = bitgames.load_game(spec).new_initial_state()
    assert python_perft(state, 2) == bitgames.perft(state, 2)


def test_tictactoe_from_python_counts_every_game():
    # 255,168 games, 549,946 nodes: the whole tree walked through the Python API.
    def games(state):
        if state.is_terminal():
            return 1
        return sum(games(state.child(a)) for a in state.legal_actions())

    assert games(bitgames.load_game("tictactoe").new_initial_state()) == 255_168


def test_a_state_is_copied_pickled_and_compared_by_position():
    game = bitgames.load_game("hex(size=7)")
    s = game.new_initial_state()
    for mv in ["d4", "c5", "e3"]:
        s.play(mv)
    assert s.history() == [s.string_to_action(m) for m in []] + s.history()
    t = pickle.loads(pickle.dumps(s))
    assert t == s and t.history() == s.history() and t.position() == s.position()
    c = copy.deepcopy(s)
    c.apply_action(c.legal_actions()[0])
    assert c != s and len(c.history()) == 4 and len(s.history()) == 3
    again = game.new_state(s.position())
    assert again == s and again.history() == []
    assert pickle.loads(pickle.dumps(game)) == game
    assert s.get_game() == game


def test_connect_four_observation_planes():
    game = bitgames.load_game("connect4")
    s = game.new_initial_state()
    for column in ["4", "4", "5"]:
        s.play(column)
    obs = s.observation_tensor()
    assert obs.dtype == np.float32 and obs.shape == game.observation_tensor_shape() == (3, 6, 7)
    # O (second player) to move: its one disc on d2 is plane 0, X's d1, e1 plane 1.
    mine, theirs, first = obs
    assert mine.sum() == 1 and theirs.sum() == 2
    rows = {r for r in range(6) if theirs[r].sum() == 2}
    assert len(rows) == 1
    bottom = rows.pop()
    assert theirs[bottom, 3] == 1 and theirs[bottom, 4] == 1
    above = bottom + 1 if bottom == 0 else bottom - 1
    assert mine[above, 3] == 1
    assert not first.any()
    s.play("1")
    assert s.observation_tensor()[2].all(), "first player to move: plane 2 all ones"


def test_an_observation_seen_by_either_player():
    s = bitgames.load_game("tictactoe").new_initial_state()
    s.apply_action(4)  # X in the centre; O to move
    np.testing.assert_array_equal(s.observation_tensor(), s.observation_tensor(1))
    x_view = s.observation_tensor(0)
    assert x_view[0, 1, 1] == 1 and x_view[1].sum() == 0 and not x_view[2].any()
    with pytest.raises(ValueError, match="player 2: expected 0 or 1"):
        s.observation_tensor(2)


def test_othello_observation_of_the_start_position():
    s = bitgames.load_game("othello").new_initial_state()
    mine, theirs, first = s.observation_tensor()
    # Black (first) to move: Black on d5 and e4, White on d4 and e5 (rows from the top).
    assert mine.sum() == 2 and theirs.sum() == 2 and first.all()
    assert theirs[3, 3] == 1 and theirs[4, 4] == 1 and mine[3, 4] == 1 and mine[4, 3] == 1


def test_returns_and_score_of_a_finished_game():
    s = bitgames.load_game("tictactoe").new_initial_state()
    for a in [4, 0, 2, 6, 3, 5, 1, 7, 8]:
        assert not s.is_terminal()
        s.apply_action(a)
    assert s.is_terminal() and s.returns() == [0.0, 0.0] and s.winner() is None
    s = bitgames.load_game("tictactoe").new_initial_state()
    for a in [0, 3, 1, 4, 2]:
        s.apply_action(a)
    assert s.returns() == [1.0, -1.0] and s.winner() == 0
    assert s.current_player() == bitgames.TERMINAL_PLAYER


def test_a_state_draws_itself_as_svg():
    s = bitgames.load_game("go(size=9)").new_initial_state()
    s.play("e5")
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and svg.count("<circle") == 1
    hex_svg = bitgames.load_game("hex(size=5)").new_initial_state()._repr_svg_()
    assert hex_svg.count("<polygon") == 25


def test_go_observes_the_ko_point():
    game = bitgames.load_game("go(size=5)")
    s = game.new_initial_state()
    # White's b2 takes the black stone on c2: Black may not retake at once.
    for mv in ["b3", "c3", "a2", "d2", "c2", "c1", "b1", "b2"]:
        s.play(mv)
    assert game.observation_tensor_shape() == (4, 5, 5)
    obs = s.observation_tensor()
    assert "c2" not in s.legal_moves()
    assert obs[3].sum() == 1 and obs[3, 1, 2] == 1  # row 2 (from the bottom), column c
    assert obs[0].sum() == 3 and obs[1].sum() == 4  # Black to move: 3 black left, 4 white
    s.play("e5")
    assert s.observation_tensor()[3].sum() == 0

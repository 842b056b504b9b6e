"""AlphaZero's history planes (Silver et al. 2017, 2018): after a game's own
planes, the viewer's pieces and the other player's one ply ago, two plies ago,
…, zeros before the first position; from states (replayed from their
history) and from VectorEnv rows (kept in a ring as the games step)."""

import pickle

import numpy as np
import pytest

import bitgames

SPECS = [g.default_spec for g in bitgames.games()]


def test_connect_four_by_hand_from_both_sides():
    game = bitgames.load_game("connect4")
    s = game.new_initial_state()
    s.play("4")  # X on d1
    s.play("5")  # O on e1; X to move
    assert game.observation_tensor_shape(history=3) == (7, 6, 7)
    d1, e1 = (0, 3), (0, 4)  # rows from the bottom, columns from the left

    def planes(*cells_by_plane):
        out = np.zeros((7, 6, 7), dtype=np.float32)
        for p, cells in enumerate(cells_by_plane):
            if cells == "all":
                out[p] = 1
            for c in cells if cells != "all" else []:
                out[p][c] = 1
        return out

    # X's view (X to move): now X d1, O e1, ones (X moves); one ply ago X d1
    # and no O; two plies ago the empty start board.
    x_view = planes([d1], [e1], "all", [d1], [], [], [])
    np.testing.assert_array_equal(s.observation_tensor(history=3), x_view)
    np.testing.assert_array_equal(s.observation_tensor(0, history=3), x_view)
    # O's view: its own pieces first at every ply; plane 2 still says X moves.
    o_view = planes([e1], [d1], "all", [], [d1], [], [])
    np.testing.assert_array_equal(s.observation_tensor(1, history=3), o_view)
    # One ply on, O to move after X's d2: O sees d1 and e1 one ply ago, and
    # two plies ago X's d1 alone.
    s.play("4")
    o_now = s.observation_tensor(history=3)
    assert o_now.shape == (7, 6, 7)
    np.testing.assert_array_equal(o_now[0], planes([e1])[0])
    np.testing.assert_array_equal(o_now[1], planes([d1, (1, 3)])[0])
    assert not o_now[2].any()
    np.testing.assert_array_equal(o_now[3:], planes([], [], [], [e1], [d1], [], [d1])[3:])


def test_othello_zeros_before_the_first_position_only():
    game = bitgames.load_game("othello")
    s = game.new_initial_state()
    start = s.observation_tensor(history=3)
    assert start.shape == (7, 8, 8) and not start[3:].any()
    s.play("d3")  # Black takes d4; White to move
    obs = s.observation_tensor(history=3)
    # One ply ago, seen by White: White on d4, e5; Black on d5, e4 (rows from
    # the top). Two plies ago is before the start: zeros.
    assert obs[3].sum() == 2 and obs[3, 3, 3] == 1 and obs[3, 4, 4] == 1
    assert obs[4].sum() == 2 and obs[4, 4, 3] == 1 and obs[4, 3, 4] == 1
    assert not obs[5:].any()
    # A state read from text starts there: nothing before it is known.
    again = game.new_state(s.position())
    np.testing.assert_array_equal(again.observation_tensor(history=3)[:3], obs[:3])
    assert not again.observation_tensor(history=3)[3:].any()


def test_history_one_is_the_games_own_planes_bit_for_bit():
    for spec in SPECS:
        game = bitgames.load_game(spec)
        s = game.new_initial_state()
        for _ in range(3):
            if s.is_terminal():
                break
            s.apply_action(s.legal_actions()[len(s.legal_actions()) // 2])
        assert game.observation_tensor_shape(history=1) == game.observation_tensor_shape()
        np.testing.assert_array_equal(s.observation_tensor(history=1), s.observation_tensor())
        plain = bitgames.VectorEnv(spec, 4, seed=2)
        one = bitgames.VectorEnv(spec, 4, seed=2, history=1)
        assert one.observation_shape == plain.observation_shape == game.observation_tensor_shape()
        assert one.history == 1
        for _ in range(5):
            a = plain.step(plain.random_actions())[0]
            b = one.step(one.random_actions())[0]
            assert a.tobytes() == b.tobytes()


def test_go_has_alphazeros_seventeen_planes_and_the_ko_point():
    # Go's own planes: the mover's stones, the other's, the colour to move and
    # the ko point; history=8 adds 14: AlphaZero's 17 (8 boards of 2, colour)
    # and the ko plane.
    game = bitgames.load_game("go(size=9)")
    assert game.observation_tensor_shape() == (4, 9, 9)
    assert game.observation_tensor_shape(history=8) == (18, 9, 9)
    env = bitgames.VectorEnv("go(size=9)", 2, history=8)
    assert env.observation_shape == (18, 9, 9) and env.reset()[0].shape == (2, 18, 9, 9)


def naive_rows(past, s, viewer, history):
    """The observation with history built from the states of the earlier
    positions themselves: each one's planes 0 and 1 seen by `viewer`."""
    parts = [s.observation_tensor()]
    for k in range(1, history):
        if k <= len(past):
            parts.append(past[-k].observation_tensor(viewer)[:2])
        else:
            parts.append(np.zeros_like(parts[0][:2]))
    return np.concatenate(parts)


@pytest.mark.parametrize("dtype", ["float32", "uint8"])
@pytest.mark.parametrize("spec", SPECS)
def test_batch_rows_are_the_states_replays(spec, dtype):
    """Thirty steps of random play, games truncated after 9 plies (and some
    ending sooner) so that they restart: every row equals the state's replay
    and the planes assembled from the earlier states."""
    history, n = 4, 5
    env = bitgames.VectorEnv(spec, n, seed=11, max_steps=9, obs_dtype=dtype, history=history)
    game = bitgames.load_game(spec)
    planes, rows, cols = game.observation_tensor_shape()
    assert env.observation_shape == (planes + 2 * (history - 1), rows, cols) == (
        game.observation_tensor_shape(history=history)
    )
    obs, _ = env.reset()
    assert obs.dtype == np.dtype(dtype)
    states = [game.new_initial_state() for _ in range(n)]
    past = [[] for _ in range(n)]
    viewers = [0] * n
    restart = [False] * n
    restarts = 0
    for _ in range(30):
        actions = env.random_actions()
        obs, _, terminated, truncated, _ = env.step(actions)
        for i in range(n):
            if restart[i]:
                states[i], past[i], viewers[i], restart[i] = game.new_initial_state(), [], 0, False
                restarts += 1
            else:
                past[i].append(states[i].clone())
                states[i].apply_action(int(actions[i]))
                # Every game here alternates its players ply by ply (passes
                # and swaps are plies): the viewer of a finished game is the
                # player after the last mover.
                player = states[i].current_player()
                viewers[i] = player if player >= 0 else 1 - viewers[i]
                restart[i] = bool(terminated[i] or truncated[i])
            s = env.state(i)
            assert s.history() == states[i].history()
            expected = s.observation_tensor(history=history)
            np.testing.assert_array_equal(obs[i], expected.astype(obs.dtype))
            naive = naive_rows(past[i], states[i], viewers[i], history)
            np.testing.assert_array_equal(expected, naive)
    assert restarts >= n


def test_pickled_and_restored_states_keep_their_history_planes():
    game = bitgames.load_game("hex(size=5)")
    s = game.new_initial_state()
    for mv in ["c3", "b4", "d2", "a5"]:
        s.play(mv)
    planes = s.observation_tensor(history=5)
    assert planes.shape == (11, 5, 5)
    # X to move: X's stones and O's one, two, three and four plies ago.
    counts = planes[3:].reshape(4, 2, 25).sum(axis=2)
    assert counts.tolist() == [[2, 1], [1, 1], [1, 0], [0, 0]]
    t = pickle.loads(pickle.dumps(s))
    np.testing.assert_array_equal(t.observation_tensor(history=5), planes)
    r = bitgames.restore_state(game.spec, game.new_initial_state().position(), s.history())
    np.testing.assert_array_equal(r.observation_tensor(history=5), planes)
    np.testing.assert_array_equal(s.clone().observation_tensor(history=5), planes)


def test_an_environments_state_carries_its_actions_since_the_reset():
    env = bitgames.VectorEnv("tictactoe", 2, history=3)
    env.step([4, 0])
    env.step([0, 4])
    assert env.state(0).history() == [4, 0] and env.state(1).history() == [0, 4]
    s = env.state(0)
    s.apply_action(8)
    assert env.state(0).history() == [4, 0]


@pytest.mark.parametrize("bad", [0, 65, -1])
def test_bad_history_values_are_a_value_error_naming_it(bad):
    s = bitgames.load_game("connect4").new_initial_state()
    with pytest.raises(ValueError, match=f"history {bad}: expected 1"):
        s.observation_tensor(history=bad)
    with pytest.raises(ValueError, match=f"history {bad}: expected 1"):
        bitgames.load_game("connect4").observation_tensor_shape(history=bad)
    with pytest.raises(ValueError, match=f"history {bad}: expected 1"):
        bitgames.VectorEnv("connect4", 2, history=bad)

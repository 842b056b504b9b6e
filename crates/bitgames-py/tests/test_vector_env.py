"""The batched environment: random games agree with the same actions played
through states, finished games restart at the next step, bad input is a clear
error."""

import numpy as np
import pytest

import bitgames

SPECS = [g.default_spec for g in bitgames.games()]


def run_and_check(spec, num_envs, games_wanted, threads, max_steps=None, min_work_us=50.0):
    """Plays random games with a VectorEnv and the same actions through
    states, comparing every observation, mask, reward and end flag."""
    env = bitgames.VectorEnv(
        spec, num_envs, seed=7, threads=threads, max_steps=max_steps, min_work_us=min_work_us
    )
    game = bitgames.load_game(spec)
    obs, mask = env.reset()
    mask_before = mask.copy()
    assert obs.shape == (num_envs, *game.observation_tensor_shape())
    assert mask.shape == (num_envs, game.num_distinct_actions())
    states = [game.new_initial_state() for _ in range(num_envs)]
    restart = [False] * num_envs
    finished = 0
    steps = 0
    while finished < games_wanted:
        actions = env.random_actions()
        obs, rewards, terminated, truncated, mask = env.step(actions)
        steps += 1
        for i, s in enumerate(states):
            if restart[i]:
                states[i] = s = game.new_initial_state()
                restart[i] = False
                assert not terminated[i] and not truncated[i] and not rewards[i].any()
            else:
                assert mask_before[i][actions[i]], f"env {i}: random action {actions[i]} not legal"
                s.apply_action(int(actions[i]))
                assert terminated[i] == s.is_terminal()
                assert list(rewards[i]) == (s.returns() if s.is_terminal() else [0.0, 0.0])
                if terminated[i] or truncated[i]:
                    restart[i] = True
                    finished += 1
            np.testing.assert_array_equal(obs[i], s.observation_tensor())
            np.testing.assert_array_equal(mask[i], s.legal_actions_mask())
        mask_before = mask.copy()
        assert steps < 100_000
    return env


@pytest.mark.parametrize("spec", SPECS)
def test_two_hundred_random_games_agree_with_states(spec):
    run_and_check(spec, 8, 200, threads=1)


def test_a_thread_pool_steps_the_same_games():
    # min_work_us=0: every step shared out, however small.
    run_and_check("hex(size=7)", 200, 300, threads=2, min_work_us=0)
    run_and_check("othello", 150, 200, threads=3, min_work_us=0)


def test_threads_give_the_same_games_as_one_thread():
    results = []
    for threads in (1, 2, 0):
        env = bitgames.VectorEnv("othello", 200, seed=3, threads=threads, min_work_us=0)
        total = np.zeros(2)
        for _ in range(200):
            obs, rewards, terminated, truncated, mask = env.step(env.random_actions())
            total += rewards.sum(axis=0)
        results.append((total.tolist(), obs.copy()))
    assert results[0][0] == results[1][0] == results[2][0]
    np.testing.assert_array_equal(results[0][1], results[1][1])


@pytest.mark.parametrize("spec", ["go(size=9)", "othello", "hex(size=7)"])
def test_uint8_observations_are_the_float_ones(spec):
    """The same games in both dtypes: the uint8 planes equal the float32 ones."""
    wide = bitgames.VectorEnv(spec, 64, seed=5, threads=2, min_work_us=0)
    narrow = bitgames.VectorEnv(spec, 64, seed=5, threads=2, min_work_us=0, obs_dtype="uint8")
    a, _ = wide.reset()
    b, _ = narrow.reset()
    assert a.dtype == np.float32 and b.dtype == np.uint8 and a.shape == b.shape
    for _ in range(60):
        actions = wide.random_actions()
        np.testing.assert_array_equal(actions, narrow.random_actions())
        a, ra, ta, _, ma = wide.step(actions)
        b, rb, tb, _, mb = narrow.step(actions)
        np.testing.assert_array_equal(a, b.astype(np.float32))
        np.testing.assert_array_equal(ma, mb)
        np.testing.assert_array_equal(ra, rb)
        np.testing.assert_array_equal(ta, tb)
    assert b.any() and b.max() == 1
    with pytest.raises(ValueError, match="obs_dtype 'float64': expected"):
        bitgames.VectorEnv(spec, 2, obs_dtype="float64")


def test_max_steps_truncates_and_restarts():
    env = bitgames.VectorEnv("go(size=9)", 4, seed=1, max_steps=10)
    for step in range(1, 12):
        obs, rewards, terminated, truncated, mask = env.step(env.random_actions())
        if step < 10:
            assert not truncated.any()
        elif step == 10:
            assert truncated.all() and not terminated.any() and not rewards.any()
        else:
            assert not truncated.any()
            assert (env.current_player() == 0).all()


def test_the_step_arrays_are_the_environments_own():
    env = bitgames.VectorEnv("connect4", 4)
    obs, mask = env.reset()
    obs2, _, _, _, mask2 = env.step(np.zeros(4, dtype=np.int64))
    assert np.shares_memory(obs, obs2) and np.shares_memory(mask, mask2)
    assert obs[:, 0].sum() == 0 and obs[:, 1].sum() == 4


def test_the_mask_cannot_be_written_so_actions_stay_checked():
    # `step` checks actions against the mask and `random_actions` draws from it:
    # a mask written from Python would let an illegal action through.
    env = bitgames.VectorEnv("tictactoe", 2)
    _, mask = env.reset()
    with pytest.raises(ValueError, match="read-only"):
        mask[0, 4] = False
    env.step([4, 4])
    *_, mask = env.step([0, 1])
    with pytest.raises(ValueError, match="read-only"):
        mask[1, 4] = True
    with pytest.raises(ValueError, match="environment 1: action 4 is not legal"):
        env.step([2, 4])


def test_random_actions_are_uniform_over_the_legal_ones():
    # Hex 3x3 after a stone in the centre: 8,000 draws over its legal actions
    # (the other cells, and the swap where the pie rule allows it), each drawn
    # within 6 standard deviations of its share.
    env = bitgames.VectorEnv("hex(size=3)", 1000, seed=3)
    env.reset()
    *_, mask = env.step(np.full(1000, 4))
    legal = np.flatnonzero(mask[0])
    assert 4 not in legal and (mask == mask[0]).all()
    counts = np.zeros(mask.shape[1], dtype=np.int64)
    for _ in range(8):
        a = env.random_actions()
        assert mask[np.arange(1000), a].all()
        counts += np.bincount(a, minlength=mask.shape[1])
    share = 8000 / len(legal)
    sd = (8000 * (1 / len(legal)) * (1 - 1 / len(legal))) ** 0.5
    assert all(abs(counts[x] - share) < 6 * sd for x in legal), counts


def test_states_and_current_player():
    env = bitgames.VectorEnv("tictactoe", 3)
    env.step([4, 0, 8])
    assert list(env.current_player()) == [1, 1, 1]
    s = env.state(1)
    assert s.history() == [0] and s.position() == env.state(1).position()
    s.apply_action(1)
    assert env.state(1) != s
    with pytest.raises(ValueError, match="environment 3 of 3"):
        env.state(3)


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        bitgames.VectorEnv("chess", 4)
    with pytest.raises(ValueError, match="min_work_us -1"):
        bitgames.VectorEnv("connect4", 4, min_work_us=-1)
    with pytest.raises(ValueError, match="num_envs must be at least 1"):
        bitgames.VectorEnv("connect4", 0)
    env = bitgames.VectorEnv("connect4", 4)
    with pytest.raises(TypeError, match="dtype float32"):
        env.step(np.zeros(4, dtype=np.float32))
    with pytest.raises(TypeError, match=r"shape \[2, 2\]"):
        env.step(np.zeros((2, 2), dtype=np.int64))
    with pytest.raises(TypeError, match="not a str"):
        env.step("0000")
    with pytest.raises(ValueError, match="3 actions for 4 environments"):
        env.step([0, 0, 0])
    with pytest.raises(ValueError, match="environment 2: action 9 is not legal"):
        env.step([0, 0, 9, 0])
    with pytest.raises(ValueError, match="negative"):
        env.step([0, 0, -1, 0])
    # Nothing was played by the refused steps.
    assert env.state(0).move_number() == 0
    env.step(np.array([1, 2, 3, 4], dtype=np.int32))
    assert env.state(3).move_number() == 1
    env.close()
    with pytest.raises(ValueError, match="closed"):
        env.step([0, 0, 0, 0])
    with bitgames.VectorEnv("hex(size=5)", 2) as env:
        env.step(env.random_actions())
    with pytest.raises(ValueError, match="closed"):
        env.random_actions()


def test_sizes_past_the_machine_are_refused_before_anything_is_allocated():
    with pytest.raises(ValueError, match=r"num_envs 1000000000000: the buffers .* GiB"):
        bitgames.VectorEnv("connect4", 10**12)
    with pytest.raises(ValueError, match="threads: 1000000 is too many threads"):
        bitgames.VectorEnv("connect4", 2, threads=10**6)
    state = bitgames.load_game("connect4").new_initial_state()
    with pytest.raises(ValueError, match="table_mib 1048576: .* more than this machine"):
        bitgames.solve(state, table_mib=1 << 20)
    with pytest.raises(ValueError, match="threads: 1000000 is too many threads"):
        bitgames.perft(state, 3, threads=10**6)
    with pytest.raises(ValueError, match="threads: 1000000 is too many threads"):
        bitgames.pack("soma", threads=10**6)
    with pytest.raises(ValueError, match="bad Lights Out size"):
        bitgames.lightsout(np.ones((0, 5), dtype=bool))

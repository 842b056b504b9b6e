"""PettingZoo's and Gymnasium's own checkers on the wrappers."""

import numpy as np
import pytest

import bitgames

pettingzoo_test = pytest.importorskip("pettingzoo.test")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from bitgames import gymnasium as bg_gym  # noqa: E402
from bitgames import pettingzoo as bg_pz  # noqa: E402


@pytest.mark.parametrize("spec", ["connect4", "tictactoe", "othello", "hex(size=5)", "go(size=5)"])
def test_the_aec_environment_passes_pettingzoos_api_test(spec):
    pettingzoo_test.api_test(bg_pz.env(spec), num_cycles=200)


def test_aec_observations_are_each_agents_own():
    env = bg_pz.env("tictactoe")
    env.reset(seed=1)
    env.step(4)  # player_0 in the centre
    me = env.observe("player_0")["observation"]
    them = env.observe("player_1")["observation"]
    assert me[0, 1, 1] == 1 and me[1].sum() == 0
    assert them[1, 1, 1] == 1 and them[0].sum() == 0
    assert env.observe("player_1")["action_mask"].sum() == 8
    assert env.observe("player_0")["action_mask"].sum() == 0


def test_a_game_played_through_aec_ends_with_the_libraries_returns():
    env = bg_pz.env("connect4")
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.state.is_terminal()
    assert [total[a] for a in bg_pz.AGENTS] == env.state.returns()


@pytest.mark.parametrize("seat", [0, 1])
def test_the_gymnasium_environment_passes_gymnasiums_checker(seat):
    env = bg_gym.GameEnv("connect4", opponent="random", seat=seat)
    check_env(env, skip_render_check=True)


def test_an_illegal_action_loses_and_a_win_pays_one():
    env = bg_gym.GameEnv("tictactoe", opponent="random", seat=0)
    obs, info = env.reset(seed=3)
    taken = int(np.flatnonzero(info["action_mask"])[0])
    env.step(taken)
    obs, reward, terminated, truncated, info = env.step(taken)  # occupied now
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)
    # MCTS in the agent's seat beats the random opponent in most games.
    wins = 0
    agent = bitgames.Engine("mcts(iterations=2000,seed=1)", env.game)
    for episode in range(10):
        obs, info = env.reset(seed=episode)
        done = False
        while not done:
            obs, reward, done, _, info = env.step(agent.choose(env.state))
        wins += reward == 1.0
    assert wins >= 7

"""PettingZoo's AEC interface over any bitgames game (needs ``pip install
pettingzoo``):

    >>> from bitgames import pettingzoo
    >>> env = pettingzoo.env("connect4")
    >>> env.reset(seed=0)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
    ...     env.step(action)

Agents are ``player_0`` (who moves first) and ``player_1``. An observation is a
dict, as in PettingZoo's classic games: ``observation``, the game's planes seen
by that agent (its own pieces first, then the opponent's, then a plane of ones
when the first player is to move), and ``action_mask``, int8 over every action
id, ones where the agent may move now. Rewards come at the end: +1 the winner,
-1 the loser, 0 each for a draw.
"""

from typing import Any, Dict, Optional

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
except ImportError as e:  # pragma: no cover - exercised only without the extras
    raise ImportError("bitgames.pettingzoo needs pettingzoo: pip install pettingzoo") from e

from . import State, load_game

AGENTS = ["player_0", "player_1"]


def env(spec: str, render_mode: Optional[str] = None) -> "BitgamesAEC":
    """The AEC environment of a game by spec (``"connect4"``, ``"hex(size=7)"``)."""
    return BitgamesAEC(spec, render_mode=render_mode)


class BitgamesAEC(AECEnv):  # type: ignore[misc]
    """A two-player bitgames game as a PettingZoo AEC environment."""

    metadata: Dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "bitgames",
        "is_parallelizable": False,
    }

    def __init__(self, spec: str, render_mode: Optional[str] = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}")
        self.game = load_game(spec)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"bitgames_{self.game.name}")
        self.possible_agents = list(AGENTS)
        n = self.game.num_distinct_actions()
        shape = self.game.observation_tensor_shape()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in AGENTS}
        self.state: State = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self.state = self.game.new_initial_state()
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.state.current_player()]
        if seed is not None:
            for a in AGENTS:
                self.action_spaces[a].seed(seed + AGENTS.index(a))

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        me = AGENTS.index(agent)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if me == self.state.current_player():
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(me), "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move in {self.game.spec}: an action id is needed, not None")
        self._cumulative_rewards[agent] = 0
        self.state.apply_action(int(action))
        if self.state.is_terminal():
            returns = self.state.returns()
            for i, a in enumerate(AGENTS):
                self.rewards[a] = returns[i]
                self.terminations[a] = True
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
        else:
            self.agent_selection = AGENTS[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

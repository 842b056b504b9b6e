"""A Gymnasium single-agent environment: one side of a bitgames game against
a fixed bitgames engine (needs ``pip install gymnasium``):

    >>> from bitgames.gymnasium import GameEnv
    >>> env = GameEnv("connect4", opponent="mcts(iterations=200)", seat=0)
    >>> obs, info = env.reset(seed=0)
    >>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))

The observation is the game's planes seen by the agent (its pieces, the
opponent's, a plane of ones when the first player is to move), ``info
["action_mask"]`` the legal actions (int8). The reward is the agent's return
when the game ends (+1, 0, -1), 0 before. An illegal action ends the episode
as a loss (reward -1, ``info["illegal"]`` true), as Gymnasium's checker and
random agents may send one.
"""

from typing import Any, Dict, Optional, Tuple, Union

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - exercised only without the extra
    raise ImportError("bitgames.gymnasium needs gymnasium: pip install gymnasium") from e

from . import Engine, State, load_game


class GameEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a two-player game, the other played by a bitgames engine."""

    metadata: Dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        spec: str,
        opponent: str = "random",
        seat: int = 0,
        render_mode: Optional[str] = None,
    ) -> None:
        if seat not in (0, 1):
            raise ValueError(f"seat {seat!r}: 0 (move first) or 1")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}")
        self.game = load_game(spec)
        self.opponent_spec = opponent
        self.opponent = Engine(opponent, self.game)
        self.seat = seat
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, self.game.observation_tensor_shape(), dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state: State = self.game.new_initial_state()

    def _info(self, illegal: bool = False) -> Dict[str, Any]:
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if self.state.current_player() == self.seat:
            mask[self.state.legal_actions()] = 1
        return {"action_mask": mask, "illegal": illegal}

    def _reply(self) -> None:
        """The engine's moves until it is the agent's turn or the game ends."""
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            action = self.opponent.choose(self.state)
            assert action is not None, "an engine has a move in a game going on"
            self.state.apply_action(action)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            # A fresh engine whose own seed follows the episode's, so episodes repeat.
            spec = self.opponent_spec
            seeded = f"{spec[:-1]},seed={seed}{spec[-1]}" if spec.endswith(")") else f"{spec}(seed={seed})"
            try:
                self.opponent = Engine(seeded, self.game)
            except ValueError:  # an engine without a seed parameter
                self.opponent = Engine(spec, self.game)
        self.state = self.game.new_initial_state()
        self._reply()
        return self.state.observation_tensor(self.seat), self._info()

    def step(
        self, action: Union[int, np.integer[Any]]
    ) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        if self.state.is_terminal():
            raise ValueError("the episode is over: call reset()")
        a = int(action)
        if a not in self.state.legal_actions():
            return self.state.observation_tensor(self.seat), -1.0, True, False, self._info(illegal=True)
        self.state.apply_action(a)
        self._reply()
        reward = self.state.returns()[self.seat] if self.state.is_terminal() else 0.0
        return self.state.observation_tensor(self.seat), reward, self.state.is_terminal(), False, self._info()

    def render(self) -> Optional[str]:
        return str(self.state) if self.render_mode == "ansi" else None

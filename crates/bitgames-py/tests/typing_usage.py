"""A researcher's use of the package, type-checked with ``mypy --strict``
against the stubs (scripts/test-python.sh) and run as a test."""

from typing import Optional, Tuple

import numpy as np
import numpy.typing as npt

import bitgames


def play_random_batch(steps: int) -> float:
    env = bitgames.VectorEnv("connect4", num_envs=16, seed=0)
    obs, mask = env.reset()
    total = 0.0
    for _ in range(steps):
        obs, rewards, terminated, truncated, mask = env.step(env.random_actions())
        total += float(rewards[:, 0].sum())
    env.close()
    return total


def narrow_planes() -> int:
    env = bitgames.VectorEnv("go(size=9)", num_envs=4, obs_dtype="uint8")
    obs, mask = env.reset()
    planes: npt.NDArray[np.uint8] = obs
    return int(planes.sum()) + int(mask.sum())


def alphazero_go_planes() -> Tuple[int, int, int]:
    # Go 9×9 with the last 8 boards: its 4 planes and 2 × 7 earlier ones.
    env = bitgames.VectorEnv("go(size=9)", num_envs=2, history=8, obs_dtype="uint8")
    obs, _ = env.reset()
    obs, _, _, _, _ = env.step(env.random_actions())
    planes: npt.NDArray[np.uint8] = obs
    state = env.state(0)
    replayed: npt.NDArray[np.float32] = state.observation_tensor(history=env.history)
    assert (replayed == planes[0]).all()
    seen_by_white = state.observation_tensor(1, history=8)
    assert seen_by_white.shape == state.get_game().observation_tensor_shape(history=8)
    return env.observation_shape


def first_move_score() -> int:
    game = bitgames.load_game("connect4")
    state = game.new_initial_state()
    for column in ["4", "4", "4", "4", "3", "3"]:
        state.play(column)
    solution: bitgames.Solution = bitgames.solve(state, mode="best")
    best: list[int] = solution.best
    assert all(a in state.legal_actions() for a in best)
    return solution.score


def engine_move() -> Optional[int]:
    game = bitgames.load_game("hex(size=5)")
    engine = bitgames.Engine("mcts(iterations=200,seed=1)", game)
    state: bitgames.State = game.new_initial_state()
    planes: np.ndarray = state.observation_tensor()
    assert planes.shape == game.observation_tensor_shape()
    return engine.choose(state)


def best_by_analysis() -> Optional[str]:
    state = bitgames.load_game("tictactoe").new_initial_state()
    best: Optional[str] = None
    top = -1.0
    with bitgames.analyse(state, seconds=0.2) as analysis:
        for event in analysis:
            if event.kind == "move" and event.score is not None and event.score > top:
                best, top = event.move, event.score
    return best


def perfect_first_moves() -> list[int]:
    game = bitgames.load_game("tictactoe(width=4,height=3)")
    notes: list[str] = []
    table = bitgames.Tablebase.build(game, threads=1, progress=notes.append)
    probe: bitgames.TableProbe = table.probe(game.new_initial_state())
    value: bitgames.TableValue = probe.value
    plies: Optional[int] = value.plies
    assert value.outcome == "win" and plies is not None and plies % 2 == 1
    counts: bitgames.TableCounts = table.counts
    assert counts.positions == sum(c.positions for _, c in table.sections)
    return sorted(probe.moves, key=lambda a: -probe.moves[a].rank)[:2]


def test_the_typed_usage_runs() -> None:
    play_random_batch(50)
    assert narrow_planes() > 0
    assert alphazero_go_planes() == (18, 9, 9)
    assert first_move_score() > 0
    assert engine_move() is not None
    assert best_by_analysis() is not None
    assert len(perfect_first_moves()) == 2

"""OpenSpiel's own random games (open_spiel 2.0.2, recorded by
``scripts/openspiel_traces.py``) replayed through the Python API: at every ply
the same legal moves, each move's action id round-trips through its text, the
mask agrees with ``legal_actions``, and each game ends as OpenSpiel's did."""

import pytest

import bitgames
from conftest import DATA

TRACES = sorted((DATA / "openspiel").glob("*.txt"))
#: Traces without a ``spec`` line.
SPECS = {"breakthrough_8x8.txt": "breakthrough"}


def replay(path):
    lines = [l for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]
    spec = SPECS.get(path.name)
    if lines[0].startswith("spec "):
        spec = lines.pop(0)[5:].strip()
    game = bitgames.load_game(spec)
    games = plies = 0
    state = None
    for line in lines:
        if line.startswith("game "):
            state = game.new_initial_state()
        elif line.startswith("winner "):
            who = line.split()[1]
            assert state.is_terminal(), f"{path.name}: game {games + 1} goes on"
            assert state.current_player() == bitgames.TERMINAL_PLAYER
            want = {"x": [1.0, -1.0], "b": [1.0, -1.0], "o": [-1.0, 1.0], "w": [-1.0, 1.0], "draw": [0.0, 0.0]}
            assert state.returns() == want[who], f"{path.name}: game {games + 1}"
            assert state.legal_actions() == []
            games += 1
        else:
            listed, played = line.split(" | ")
            actions = state.legal_actions()
            assert sorted(state.action_to_string(a) for a in actions) == sorted(listed.split())
            mask = state.legal_actions_mask()
            assert mask.shape == (game.num_distinct_actions(),)
            assert [int(a) for a in mask.nonzero()[0]] == actions
            assert not state.is_terminal()
            a = state.string_to_action(played.strip())
            assert a in actions and state.action_to_string(a) == played.strip()
            state.apply_action(a)
            assert state.history()[-1] == a
            plies += 1
    return games, plies


@pytest.mark.parametrize("path", TRACES, ids=lambda p: p.stem)
def test_openspiel_games_replay_through_the_python_api(path):
    games, plies = replay(path)
    assert games == 20 and plies > 20 * 4

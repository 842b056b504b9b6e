"""Browne's puzzles from Python, against published values."""

import numpy as np
import pytest

import bitgames


def press(board, presses):
    """Plays presses on a Lights Out board in numpy: each toggles a cell and
    its four neighbours."""
    out = board.copy()
    h, w = board.shape
    for r, c in zip(*np.nonzero(presses)):
        for dr, dc in [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]:
            if 0 <= r + dr < h and 0 <= c + dc < w:
                out[r + dr, c + dc] ^= True
    return out


def test_the_all_lit_5x5_board_takes_15_presses():
    board = np.ones((5, 5), dtype=bool)
    s = bitgames.lightsout(board)
    assert s.count == 15 and s.minimal  # the classic puzzle's minimum
    assert s.presses.shape == (5, 5) and s.presses.sum() == 15
    assert not press(board, s.presses).any()


def test_an_unsolvable_board_has_no_solution():
    board = np.zeros((5, 5), dtype=bool)
    board[0, 0] = True  # a lone corner light: 5×5 has a 2-dimensional null space
    assert bitgames.lightsout(board) is None
    with pytest.raises(TypeError):
        bitgames.lightsout(np.ones((5, 5), dtype=np.int32))


def test_the_r_pentomino_settles_at_116_cells():
    r = bitgames.life("x = 3, y = 3\nb2o$2ob$bo!", 1103)
    assert r.generation == 1103 and r.population == 116  # Conway's Life wiki
    assert r.cells.shape == (116, 2)


def test_a_glider_moves_one_cell_diagonally_in_four_generations():
    start = bitgames.life("x = 3, y = 3\nbo$2bo$3o!", 0)
    later = bitgames.life("x = 3, y = 3\nbo$2bo$3o!", 4)
    assert sorted(map(tuple, later.cells - 1)) == sorted(map(tuple, start.cells))
    with pytest.raises(ValueError):
        bitgames.life("not a pattern", 1)


def test_the_pentominoes_fill_6x10_in_2339_ways():
    r = bitgames.pack("pentomino-6x10", threads=2)
    assert (r.distinct, r.solutions) == (2339, 2339 * 4)
    assert len(r.example.splitlines()) == 6
    with pytest.raises(ValueError, match='no built-in puzzle "hexomino"'):
        bitgames.pack("hexomino")
    with pytest.raises(ValueError, match="pruning"):
        bitgames.pack("soma", pruning="fast")
